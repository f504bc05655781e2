"""compute: the 易冒 chart engine (standard library only; dates by a table of the 節).

>>> from compute import chart
>>> c = chart("震", "兌", month="寅", day="癸酉")          # the book's way: 本卦, 之卦, 月建, 日辰
>>> c.primary.name, c.primary.palace_element, c.changed.name
('震', Phase.MU, '兌')
>>> c = chart(lines="987876", month="辰", day="癸酉")     # a cast, bottom line first
>>> c.primary.full_name, c.moving, [str(b) for b in c.void]
('水火既濟', (1, 6), ['戌', '亥'])

A chart holds the cast, the primary and changed hexagrams (palace, 世應, 卦身, 世身, 互卦, 伏卦,
五星, 經星) with their lines (納甲, 五行, 六親, 六神 by day, month, hour and 貴人, 伏神, 宿, and
``state`` from the line annotators), the pillars, and ``findings``. ``chart.to_dict()`` is
JSON-ready; ``repr(chart)`` is the call that rebuilds it. Where the book departs from common
practice its rule is the default and the other a named option (``najia_stems``, ``fushen``,
``hu``); ``chart.options`` records what applied.

Rule modules register into :mod:`compute.registry` when imported; ``RULE_MODULES`` lists them in
the order their annotators and detectors run (``compute.registry.MODULE_ORDER``, the one list).
"""
from __future__ import annotations

import importlib

from compute import registry as _rules
from compute.book.ganzhi import Branch, GanZhi, Stem
from compute.book.gua import Hexagram, Trigram, Yao
from compute.book.liuqin import Relative
from compute.book.liushen import Spirit
from compute.book.wuxing import Phase
from compute.engine.chart import Chart, ChartHexagram, ChartLine, Hidden, chart
from compute.errors import InputError
from compute.registry import Finding

RULE_MODULES: tuple[str, ...] = _rules.MODULE_ORDER
"""Every module that registers rules, in the one order of the rules
(:data:`compute.registry.MODULE_ORDER`)."""

ASKED_MODULES: tuple[str, ...] = tuple(m for m in RULE_MODULES if m.startswith("compute.shilei."))
"""The rule modules of the 筮類, last in :data:`RULE_MODULES`: their rules say nothing on a
chart that was not asked a question (their gates stay closed), so they are imported on first
need — a chart asked a question, a rule id of theirs, or any listing of the registry
(:func:`compute.registry.load_all`) — and ``import compute`` stays light (the CLI's start-up).
The registry sorts them into their place whichever is imported first."""

for _name in RULE_MODULES:
    if _name not in ASKED_MODULES:
        importlib.import_module(_name)
_rules.defer(ASKED_MODULES)

__all__ = [
    "ASKED_MODULES", "Branch", "Chart", "ChartHexagram", "ChartLine", "Finding", "GanZhi",
    "Hexagram", "Hidden", "InputError", "Phase", "Relative", "RULE_MODULES", "Spirit", "Stem",
    "Trigram", "Yao", "chart",
]
