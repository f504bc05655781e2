"""The rows and cells a rule example's focus is about (yimao.web.examples.focus_marks) and the
check the build runs with it: a focus naming a line or a value the chart does not show fails.
Expected rows come from the focus itself and from compute's chart (its moving lines)."""

from __future__ import annotations

import re

import pytest

from compute import chart
from compute.engine.layout import Focus, render_html
from yimao.web.examples import constructed_view, focus_marks, render_chart

KUN = chart("困", "坎", month="午", day="壬戌")  # 4 moves; 甲寅旬, 空 子丑


def test_the_lines_a_focus_names_are_its_rows() -> None:
    assert KUN.moving == (4,)
    assert focus_marks(KUN, {"state": "changsheng", "lines": [4]}) == ((4,), ((4, "line"),))
    rows, cells = focus_marks(KUN, {"field": "primary.lines.3.spirit", "value": "朱雀"})
    assert rows == (3,) and cells == ((3, "spirit"),)
    rows, cells = focus_marks(KUN, {"field": "primary.lines.*.stem", "value": []})
    assert rows == (1, 2, 3, 4, 5, 6) and len(cells) == 6
    rows, _ = focus_marks(KUN, {"finding": "x", "lines": [4], "role": "changed"})
    assert rows == (4,)


def test_a_finding_focus_without_lines_marks_the_lines_of_the_finding_that_fires() -> None:
    rules = [f.rule for f in KUN.findings if f.lines and f.role == "primary"]
    assert rules
    for rule in rules:
        first = next(f for f in KUN.findings if f.rule == rule and f.role == "primary")
        assert focus_marks(KUN, {"finding": rule})[0] == tuple(first.lines), rule


def test_a_focus_the_chart_does_not_show_fails() -> None:
    with pytest.raises(ValueError, match="line 7"):
        focus_marks(KUN, {"state": "changsheng", "lines": [7]})
    with pytest.raises(ValueError, match="line 2 of the changed hexagram"):
        focus_marks(KUN, {"finding": "x", "lines": [2], "role": "changed"})
    html = constructed_view(KUN).html
    assert focus_marks(KUN, {"field": "xun", "value": "甲寅"}, html) == ((), ())
    with pytest.raises(ValueError, match="xun = 甲寅"):
        focus_marks(KUN, {"field": "xun", "value": "甲寅"}, html.replace("甲寅", "??"))


def test_the_marks_reach_the_rendered_rows_and_cells() -> None:
    rows, cells = focus_marks(KUN, {"field": "primary.lines.4.branch", "value": "亥"})
    html = render_chart(constructed_view(KUN, focus=Focus(rows, cells, "focus")))
    assert html.count('class="moving marked"') == 1 and 'data-marks="4"' in html
    assert '<td class="pos">4 <span class="mark-label" lang="ko">볼 곳</span>' in html
    focused = re.findall(r'<td class="line" data-focus[^>]*>(.*?)</td>', html)
    assert [re.sub(r"<[^>]+>", "", f) for f in focused] == ["子孫丁亥水"]


def test_compute_puts_the_marks_on_every_cell_it_names() -> None:
    """compute's layout marks the cells itself (no pattern over its HTML afterwards): a 六神
    cell shown as a placeholder (a case without its day stem) is marked as any other."""
    focus = Focus((2,), ((2, "spirit"), (2, "bar"), (2, "who")), "yong")
    html = render_html(KUN, findings=False, placeholder_spirits=True, focus=focus)
    row = next(r for r in html.split("<tr ") if '<td class="pos">2 ' in r)
    assert row.startswith('class="marked">')
    assert '<span class="mark-label" lang="ko">용신</span>' in row
    assert [c for c in re.findall(r'<td class="(\w+)[^"]*"[^>]*>', row)
            if re.search(rf'<td class="{c}[^>]*data-focus', row)] == ["spirit", "bar", "who"]
    assert html.count("data-focus") == 3 and html.count("mark-label") == 1
