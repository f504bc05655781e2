"""太歲章, 月建章, 日辰章, 時辰章: what the year, month, day and hour do to each line.

Source: 易冒 p140–p151 (¶277–299), with p284 (¶565, 日月之當權).

The facts every rule of chapters 13–41 reads (a line's phase, 旺衰 in the month, 旬空, 月破,
whether a moving line is 散 …) are the chart's context: :mod:`compute.engine.context`.

>>> from compute.engine.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌")
>>> s = c.primary.line(1).state; s["wangxiang"], s["changsheng"]["month"], s["riyue"]
('休', '死', [])
>>> c.primary.line(4).state["changsheng"]["bian"]  # 亥 化 申: "亥化長生" (p087-s2)
'長生'
"""

from __future__ import annotations

from collections.abc import Sequence

from compute.book.changsheng import BRANCH_PHASE_INT, STAGE_TABLE, WANGXIANG_TABLE, day_action
from compute.book.ganzhi import VOID_START
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import AS_INT, BRANCH_ZH, CLASH, context
from compute.registry import rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.registry import Finding


@rule("richen", "日辰 (日主)", "일진 (일주)", ("p147-s1", "p148-s1", "p149-s1"))
def day_acts(phase: int, day: int, tu: str = "申") -> str:
    """How the day acts on a phase, by the twelve stages first (p149-s1 "日主則專務長生沐浴
    之法"; p180-s1 "金遇巳而不克，土遇巳而不生"): 長生 臨官 帝旺 count as 生 (扶 when the same
    phase), 絕 as 克; otherwise 五行 生克 decide (p182-s1).

    >>> from compute.book.wuxing import Phase
    >>> day_acts(Phase.JIN, 5), day_acts(Phase.TU, 5), day_acts(Phase.SHUI, 9)
    ('生', '克', '生')
    """
    return day_action(phase, day, tu)


# The annotators below are line annotators (compute/registry.py): one call for
# all the lines of their scope, writing into each line's state: every primary line and, of the
# changed hexagram, the 變爻 only.

@rule("wangshuai-method", kind="line", lines="shown")
def wangxiang_state(chart: Chart, lines: Sequence[ChartLine],
                    states: list[dict[str, Any]]) -> None:
    """``wangxiang``: 旺 相 休 囚 死 of the line in the month (p149-s1, p284-s5)."""
    c = chart.context or context(chart)
    wx, row = c.wx, _WX_BY_BRANCH[c.month]
    for k, ln in enumerate(lines):
        if ln.role == "primary":
            states[k]["wangxiang"] = wx[ln.position - 1]
        elif ln.moving:
            states[k]["wangxiang"] = row[ln.branch]


_WX_BY_BRANCH: Final = tuple(
    tuple(WANGXIANG_TABLE[BRANCH_PHASE_INT[b]][BRANCH_PHASE_INT[m]] for b in range(12))
    for m in range(12))
"""``_WX_BY_BRANCH[month][branch]``: 旺相休囚死 of a line's branch in a month (12 × 12)."""


@rule("changsheng-12", kind="line", lines="shown")
def changsheng_state(chart: Chart, lines: Sequence[ChartLine],
                     states: list[dict[str, Any]]) -> None:
    """``changsheng``: the line's stage on the day and in the month (p184-s1), at the hour when
    one is given (p151-s1 "其要唯推長生十二法以應用神"), and for a moving line at its changed line
    (``bian``, p185-s1; none when the changed line is 空 or 破, "如空如破，則非生非絕矣")."""
    c = chart.context or context(chart)
    stages, day, month, hour = STAGE_TABLE[c.tu], c.day, c.month, c.hour
    ph, cbr, cok = c.ph, c.cbr, c.cok
    for k, ln in enumerate(lines):
        if ln.role == "primary":
            i = ln.position - 1
            table = stages[ph[i]]
            if ln.moving:   # the stage at the changed line (shengjue_on): none if 空 or 破
                bian = table[cbr[i]] if cok[i] else None
                states[k]["changsheng"] = (
                    {"day": table[day], "month": table[month], "bian": bian} if hour is None
                    else {"day": table[day], "month": table[month], "hour": table[hour],
                          "bian": bian})
                continue
        elif ln.moving:
            table = stages[BRANCH_PHASE_INT[ln.branch]]
        else:
            continue
        states[k]["changsheng"] = ({"day": table[day], "month": table[month]} if hour is None
                                   else {"day": table[day], "month": table[month],
                                         "hour": table[hour]})


@rule("yuejian", "月建 (月將)", "월건 (월장)", ("p144-s1", "p145-s1", "p146-s1", "p146-s2"),
      kind="line", lines="shown")
def riyue_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``riyue``: ["日辰"] and/or ["月建"] when the line stands on the day or the month branch —
    such a line is not 破, 空, 散 or 絕 (p145-s1 "破而不破，傷而不傷 … 動逢沖而不散，旬逢空而
    不陷"; p148-s1 "日主所臨，莫能破之，莫能空之，莫能散之")."""
    c = chart.context or context(chart)
    day, month = c.day, c.month
    for k, ln in enumerate(lines):
        if ln.role == "primary" or ln.moving:   # a shown line (shown_branches)
            b = AS_INT[ln.branch]
            states[k]["riyue"] = ((["日辰", "月建"] if b == month else ["日辰"]) if b == day
                                  else (["月建"] if b == month else []))


def year_given(chart: Chart) -> bool:
    """A chart with a year (太歲 says nothing without one)."""
    return chart.year is not None


@rule("taisui", "太歲", "태세", ("p140-s1", "p140-s2", "p141-s1", "p142-s1", "p143-s1",
                               "p155-s1"),
      kind="line", lines="shown")
def taisui_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``taisui`` (only when the year is given): "太歲" on the year branch, "歲破" on its clash —
    a clash in name only (p141-s1 "與爻神沖，謂歲破而不破"); ``year_void``: the line is empty in
    the year's 旬 (年空, used only now and then for lifetime questions, p155-s1 注). Not gated:
    without a year it returns at once, cheaper than a gate's step of its own in the plan.

    >>> from compute.engine.chart import chart   # p155-s1 注: 七十戊申，乃甲辰旬空寅卯
    >>> chart("大畜", month="寅", day="癸亥", year="戊申").primary.line(6).state["year_void"]
    True
    """
    c = chart.context or context(chart)
    year = c.year
    if year is None:
        return
    y0 = VOID_START[chart.year.index]   # the 旬空 of the year: y0 and the next branch
    y1 = (y0 + 1) % 12
    clash = CLASH[year]
    for k, ln in enumerate(lines):
        if ln.role == "primary" or ln.moving:   # a shown line (shown_branches)
            b = AS_INT[ln.branch]
            st = states[k]
            st["taisui"] = "太歲" if b == year else "歲破" if b == clash else None
            st["year_void"] = b == y0 or b == y1


@rule("shichen", "時辰", "시진", ("p150-s1", "p151-s1", "p151-s2"), kind="finding")
def hour_note(chart: Chart) -> list[Finding]:
    """The hour counts only within the day, by the twelve stages (``changsheng.hour``); its 沖
    and 合 are nominal (p151-s1). A finding when a moving line stands on the hour."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    if c.hour is None:
        return out
    for p in c.moving:
        if c.br[p - 1] == c.hour:
            out.append(_finding("shichen", f"{c.line_name(p)} 值時 (時辰之力近輕小速)", (p,)))
    return out


@rule("taisui", kind="finding")
def taisui_findings(chart: Chart) -> list[Finding]:
    """太歲 in the 旬空 is 空, in the 月破 is 破 (p141-s1 "空則可空，破則可破")."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    if c.year is None:
        return out
    y = BRANCH_ZH[c.year]
    if (c.year in c.void):
        out.append(_finding("taisui", f"太歲 {y} 旬空"))
    if c.po(c.year):
        out.append(_finding("taisui", f"太歲 {y} 月破"))
    return out


def _finding(rid: str, summary: str, lines: tuple[int, ...] = (), **data: Any):
    from compute.registry import Finding

    return Finding(rid, summary, lines, data=tuple(data.items()))
