"""compute: the 易冒 chart engine (standard library only).

>>> from compute import chart
>>> c = chart("震", "兌", month="寅", day="癸酉")
>>> c.primary.name, c.primary.palace_element, c.changed.name
('震', Phase.MU, '兌')

Rule modules register into :mod:`compute.rules` when imported; ``RULE_MODULES`` lists them in
the order their annotators and detectors run. The rules helper appends its modules here.
"""

from __future__ import annotations

import importlib

from compute.chart import Chart, ChartHexagram, ChartLine, Hidden, chart
from compute.errors import InputError
from compute.ganzhi import Branch, GanZhi, Stem
from compute.gua import Hexagram, Trigram, Yao
from compute.liuqin import Relative
from compute.liushen import Spirit
from compute.rules import Finding
from compute.wuxing import Phase

RULE_MODULES: tuple[str, ...] = (
    # the core (chapters 1–12): tables and functions above, findings here
    "compute.findings",
    # chapters 13–41 (rules helper): append "compute.<topic>" below, in the book's order
    "compute.changsheng",
    "compute.riyue",
    "compute.kongpo",
    "compute.richong",
    "compute.fanfu",
    "compute.jintui",
    "compute.hechong",
    "compute.ju",
    "compute.guisha",
    "compute.xinghai",
    "compute.yongshen",
    "compute.guayan",
    "compute.leizong",
    "compute.shensha",
)

for _name in RULE_MODULES:
    importlib.import_module(_name)

__all__ = [
    "Branch", "Chart", "ChartHexagram", "ChartLine", "Finding", "GanZhi", "Hexagram", "Hidden",
    "InputError", "Phase", "Relative", "RULE_MODULES", "Spirit", "Stem", "Trigram", "Yao", "chart",
]
