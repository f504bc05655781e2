"""月破章 and 旬空章: 月破, the thirteen 旬空 of chapter 26 and the eight of 類總.

Source: 易冒 p152–p162 (¶301–321), p193-s4 (空而動, 動而破), p287–p288 (¶571–573).

Two vocabularies for one empty line are kept apart, never merged (they disagree on 克空, 半空 and
安空): ``void`` follows the thirteen 法 of chapter 26 (p156–p159), ``void8`` the eight 法 of
類總 (p287-s1).

>>> from compute.engine.chart import chart
>>> c = chart("乾", month="午", day="戊辰")   # p163-s1 注: 午建戊辰日，乾戌世空 → 全實
>>> c.primary.line(6).state["void"], c.primary.line(6).state["void8"]
('填實', '填實空')
>>> c = chart("艮", month="亥", day="戊子")   # 亥建戊子日，艮午父空 → 半實
>>> c.primary.line(2).state["void"]
'半實'
"""

from __future__ import annotations

from collections.abc import Sequence

from compute.book.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, STAGE_TABLE
from compute.book.liuqin import Relative
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import AS_INT, CLASH, Context, context
from compute.registry import Finding, doctrine, primary_states, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_TOMB = (1, 4, 7, 10)   # 辰戌丑未: 墓沖
_PEACH = (0, 3, 6, 9)   # 子午卯酉: 胎沖


def _movers_acting(c: Context, pos: int, phase: int) -> tuple[int, int]:
    """(生, 克) counts from the other moving lines that are neither 破 nor 散 (p198-s1)."""
    # by the counts of the moving lines' phases: phase − 1 生 it, phase − 2 克 it
    sheng, ke = c.gcnt[(phase + 4) % 5], c.gcnt[(phase + 3) % 5]
    i = pos - 1
    if c.gpos[i]:   # the line itself is not counted
        r = ACTS_TABLE[c.ph[i]][phase]
        sheng -= r == "生"
        ke -= r == "克"
    return sheng, ke


def fill_quality(branch: int, strong: bool) -> str:
    """填空 by the day's clash (p157-s1, refined by p164-s1 注): a 墓沖 (辰戌丑未) fills fully
    whatever the 旺衰; a 胎沖 (子午卯酉) or 絕沖 (寅申巳亥) only half ("空為半實", "空不能為全
    實"). *strong* is kept for the p157 reading, which the p164 kinds override.

    >>> fill_quality(10, True), fill_quality(6, False), fill_quality(2, True)
    ('填實', '半實', '半實')
    """
    return "填實" if branch in _TOMB else "半實"


@rule("xunkong-13", "旬空十三法", "순공십삼법", ("p156-s1", "p157-s1", "p158-s1", "p159-s1"),
      kind="line")
def void_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``void``: the kind of 旬空 of the line, or None (p156-s1 … p159-s1):

    建空 (on the 月建: not empty), 動空 (moving: not empty, it acts), 填實 / 半實 (填空: clashed
    by the day), 破空, 旺相空 / 克空 / 半空 (a 旺相 line and the day 生扶 / 克 / 洩 it), 絕空,
    真空 (月建來克), then a 破/絕/真 empty line with more 生 than 克 from the day and the moving
    lines is 克空 (lighter), with more 克 than 生 傷空 (heavier); a 休囚 line 援空 when the day or
    a moving line 生 it, 安空 when nothing 克 it; "空" when none of the thirteen fits.
    Lines of the changed hexagram get "空" or None (p161-s1 "空居變爻則無司").
    """
    c = chart.context or context(chart)
    v0, v1 = c.void
    br = c.br
    for k, ln in enumerate(lines):
        if ln.role == "primary":
            i = ln.position - 1
            b = br[i]
            states[k]["void"] = None if b != v0 and b != v1 else _void13(c, i)
        else:
            b = AS_INT[ln.branch]
            if b != v0 and b != v1:
                states[k]["void"] = None
            elif ln.moving:
                states[k]["void"] = "空"


def _void13(c: Context, i: int) -> str:
    b, ph = c.br[i], c.ph[i]
    if c.on_month[i]:
        return "建空"
    if c.lines[i].moving:
        return "動空"
    if CLASH[b] == c.day:
        return fill_quality(b, c.strong[i])
    d = c.dact[ph]
    if c.broken[i]:
        base = "破空"
    elif c.strong[i]:
        return {"克": "克空", "洩": "半空"}.get(d, "旺相空")
    elif STAGE_TABLE[c.tu][ph][c.month] == "絕":
        base = "絕空"
    elif c.wx[i] == "死":
        base = "真空"
    else:
        ms, mk = _movers_acting(c, i + 1, ph)
        if d in ("生", "比") or ms:
            return "援空"
        if d != "克" and not mk and c.mact[ph] != "克":
            return "安空"
        return "空"
    ms, mk = _movers_acting(c, i + 1, ph)
    sheng = ms + (d in ("生", "比"))
    ke = mk + (d == "克")
    if sheng > ke:
        return "克空"
    if ke > sheng:
        return "傷空"
    return base


@rule("xunkong-8", "旬空八法", "순공팔법", ("p287-s1", "p288-s1"), kind="line", lines="primary")
def void8_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``void8``: the same empty line in the eight 法 of 類總 (p287-s1): 填實空 (the day clashes
    it, it moves, or it is the 月建), 動空遭破 / 沖而不力 (the eighth: a moving empty line that is
    破; an empty line clashed while 絕 on the day), 壞空 (破), 全空 (月克), 克空 (月生日克 or 日生
    月克), 旺相空 (日月 生扶), 半空 (only one of 日月 生), 安空 (neither 生 nor 克); "空" otherwise.

    >>> from compute.engine.chart import chart
    >>> chart("乾", month="巳", day="甲子").primary.line(2).state["void8"] is None
    True
    """
    c = chart.context or context(chart)
    is_void = c.is_void
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        st["void8"] = _void8(c, i) if is_void[i] else None


def _void8(c: Context, i: int) -> str:
    ph = c.ph[i]
    if c.lmov[i]:
        return "動空遭破" if c.broken[i] else "填實空"
    if c.on_month[i]:
        return "填實空"
    if CLASH[c.br[i]] == c.day:
        return "沖而不力" if STAGE_TABLE[c.tu][ph][c.day] == "絕" else "填實空"
    if c.broken[i]:
        return "壞空"
    m, d = c.mact[ph], c.dact[ph]
    if m == "克":
        return "全空"
    ms, ds = m in ("生", "比"), d in ("生", "比")
    if ms and d == "克":
        return "克空"
    if ms and ds:
        return "旺相空"
    if ms or ds:
        return "半空"
    return "安空" if d != "克" else "空"


@rule("yuepo", "月破", "월파", ("p152-s1", "p152-s2", "p153-s1", "p154-s1", "p288-s2"),
      kind="line", lines="shown")
def month_broken_state(chart: Chart, lines: Sequence[ChartLine],
                       states: list[dict[str, Any]]) -> None:
    """``month_broken``: "月破" when the line's branch clashes the 月建 (p152-s2 "以用處反，名為
    月破"), "實破" when it is also the day branch and so not broken (p154-s1 "唯值日則能實其破"),
    else None. (Repair by a later day or month, "後時則能補其過", is a matter of timing.)

    >>> from compute.engine.chart import chart
    >>> c = chart("大畜", "小畜", month="午", day="己巳")   # p170-s1: 午建 … 月破妻爻 (子)
    >>> c.primary.line(5).state["month_broken"], c.primary.line(4).state["month_broken"]
    ('月破', None)
    >>> chart("大畜", "小畜", month="午", day="丙子").primary.line(5).state["month_broken"]
    '實破'
    """
    c = chart.context or context(chart)
    day, broken = c.day, (c.month + 6) % 12
    for k, ln in enumerate(lines):
        if ln.role == "primary" or ln.moving:   # a shown line (shown_branches)
            b = AS_INT[ln.branch]
            states[k]["month_broken"] = None if b != broken else "實破" if b == day else "月破"


@rule("yuepo", kind="finding")
def yuepo_findings(chart: Chart) -> list[Finding]:
    """A finding per 月破 line (the state ``month_broken``), e.g. "初爻 子水妻財 月破".

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坎", month="午", day="丙寅").findings if f.rule == "yuepo"]
    ['上爻 子水兄弟 月破']
    """
    out: list[Finding] = []
    c = chart.context or context(chart)
    for p in range(1, 7):
        if c.broken[p - 1]:
            out.append(Finding("yuepo", f"{c.line_name(p)} 月破", (p,)))
    return out


@rule("xunkong-13", kind="finding")
def xunkong_findings(chart: Chart) -> list[Finding]:
    """A finding per empty line with its kind (the state ``void``), e.g. "上爻 戌土父母 旬空
    (填實)".

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("乾", month="午", day="戊辰").findings if f.rule == "xunkong-13"]
    ['上爻 戌土父母 旬空 (填實)']
    """
    return state_findings(chart, "xunkong-13", "void", "旬空 ({})")


def state_findings(chart: Chart, rid: str, key: str, template: str) -> list[Finding]:
    """A finding of rule *rid* per line of the primary hexagram whose state *key* is set: the
    line's name, then *template* formatted with the state (``{}``, or ``{0[kind]}`` of a mapping).

    >>> from compute.engine.chart import chart
    >>> c = chart("乾", month="午", day="戊辰")
    >>> [f.summary for f in state_findings(c, "xunkong-13", "void", "空: {}")]
    ['上爻 戌土父母 空: 填實']
    """
    c = chart.context or context(chart)
    return [Finding(rid, f"{c.line_name(ln.position)} {template.format(v)}", (ln.position,))
            for ln in c.lines if (v := ln.state.get(key))]


@rule("da-baihu", "大白虎 (動而破)", "대백호 (동이파)", ("p154-s1", "p193-s4", "p193-s5"),
      kind="finding")
def dong_po(chart: Chart) -> list[Finding]:
    """A moving line that is 月破 is "全凶" because the 大白虎 stands on the 破 branch (p193-s4,
    s5); with a moving 官鬼 "吉而不吉，凶而愈凶" (p154-s1)."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    if True not in c.broken:
        return out
    gui = any(c.lines[p - 1].relative == Relative.GUANGUI for p in c.moving)
    for p in c.moving:
        if c.broken[p - 1]:
            tail = "，鬼動 凶而愈凶" if gui else ""
            out.append(Finding("da-baihu", f"{c.line_name(p)} 動而破 全凶 (大白虎所臨){tail}",
                               (p,)))
    return out


@rule("guan-gui", "官鬼 虛實", "관귀 허실", ("p192-s1", "p193-s1", "p193-s2", "p193-s3",
                                      "p193-s4"), kind="line", lines="primary")
def xushi_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``xushi``: what a line amounts to in substance (p193): "猶不動" (moving but clashed by the
    day, 制 by another moving line, or with no 生 from day, month, a moving line or its own changed
    line), "猶不有" (present but 空, 沖散 or 化沖), "半空" (空 and moving), "全凶" (moving and
    破); [] if none."""
    c = chart.context or context(chart)
    lmov, is_void, on_month, br, day = c.lmov, c.is_void, c.on_month, c.br, c.day
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        if lmov[i]:
            st["xushi"] = _xushi_moving(c, i)
        else:   # a static line: only its 空 counts (a static line is never 散 nor 化)
            st["xushi"] = (["猶不有"] if is_void[i] and not on_month[i] and CLASH[br[i]] != day
                           else [])


def _xushi_moving(c: Context, i: int) -> list[str]:
    ph, b = c.ph[i], c.br[i]
    out = []
    ms, mk = _movers_acting(c, i + 1, ph)
    cb = c.cbr[i]
    bian_helps = c.cok[i] and ACTS_TABLE[BRANCH_PHASE_INT[cb]][ph] == "生"
    helped = ms or bian_helps or c.dact[ph] in ("生", "比") or c.mact[ph] in ("生", "比")
    if CLASH[b] == c.day or mk or not helped:
        out.append("猶不動")
    if c.san[i] or (cb is not None and CLASH[b] == cb):
        out.append("猶不有")
    if c.is_void[i]:
        out.append("半空")
    if c.broken[i]:
        out.append("全凶")
    return out


doctrine(
    "xunkong-use", "空 of 用 and 忌", "용신 공과 기신 공", ("p160-s1", "p160-s2", "p161-s1",
                                                     "p161-s2", "p162-s1"),
    "空 on the 用 is bad, on the 忌 good; readings by 六親, 六神 and place are interpretation by "
    "question; without one the computable parts are line states void (changed lines: 空 = 無司); "
    "with a question compute.shilei.quyong judges 空 by role",
)
