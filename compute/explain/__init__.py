"""Why each value of a chart is what it is: the derivation of a chart in Korean, for readers.

compute's front ends show a chart as one layout (:mod:`compute.engine.layout`); this room adds
to it what a student needs to learn the method, each piece with the rule and the sentences
behind it:

* :mod:`compute.explain.cells` — a note for each cell a rule decides (each line's 納甲 stem and
  branch, 六親, 六神, 世/應, 伏神, 旺衰, 旬空, 月破, 日沖, and the 用神/元/忌/仇 marks):
  「上卦 兌 → 丁 (兌納丁)」;
* :mod:`compute.explain.steps` — the derivation step by step, 起卦 to 應期;
* :mod:`compute.explain.verdict` — the verdict first: the question, the 用神 and its state, the
  judgment and the 應期, then the findings grouped by topic.

:func:`explained` returns the chart's :class:`~compute.engine.layout.Layout` with all three
filled in, so ``yimao chart --explain``, the site's charts and the Run panel read the same notes.

>>> from compute import chart
>>> lay = explained(chart("困", "坎", month="午", day="壬戌", question="囤積"))
>>> [n.text for n in lay.notes if n.key == "1.gan"]
['下卦 坎 → 天干 戊 (坎納戊; 세 효가 모두 받는다): 初爻 戊']
>>> len(lay.steps) >= 8, lay.verdict[0].text
(True, '물음: 「囤積」(물건을 쌓아 두었다 파는 일)')
"""

from __future__ import annotations

from compute.engine.chart import Chart
from compute.engine.layout import Layout, chart_layout
from compute.explain.cells import cell_notes
from compute.explain.steps import derivation
from compute.explain.verdict import grouped, verdict


def explained(c: Chart) -> Layout:
    """The chart *c* as a :class:`~compute.engine.layout.Layout` with its notes, its
    derivation, its verdict and its findings grouped by topic."""
    return chart_layout(c).explained(cell_notes(c), derivation(c), verdict(c), grouped(c))


__all__ = ["explained"]
