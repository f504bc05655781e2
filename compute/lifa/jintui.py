"""升降章 and 進退章: 升爻 / 降爻 by the time of casting, 進神 / 退神 of moving lines.

Source: 易冒 p116–p123 (¶229–243).

>>> from compute.engine.chart import chart
>>> chart("革", "同人", month="午", day="甲戌").primary.line(6).state["jintui"]  # p121-s2 注
'大進'
>>> chart("兌", "隨", month="午", day="辛巳").primary.line(2).state["jintui"]    # p122-s2 注
'實退'
"""

from __future__ import annotations

from collections.abc import Sequence

from compute.book.changsheng import BRANCH_PHASE_INT, WANGXIANG_TABLE
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import BRANCH_ZH, Context, context
from compute.lifa.fanfu import after_zhongqi
from compute.registry import Finding, convention, doctrine, primary_states, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

JINSHEN: Final = table(
    "jinshen-tuishen", "進神 / 退神", "진신 / 퇴신", ("p120-s1", "p120-s2", "p120-s3", "p123-s2"),
    ((11, 0), (2, 3), (5, 6), (8, 9), (1, 4), (4, 7), (7, 10), (10, 1)),
    "compute.lifa.jintui.JINSHEN",
)
"""進神 pairs (moving → changed, same phase, forward): 亥→子 寅→卯 巳→午 申→酉 丑→辰 辰→未 未→戌
戌→丑 (p120-s1 "亥變子而前進，未變辰而退後"); 退神 are the reverses. Different phases give 生克,
never 進退 (p120-s2, s3)."""

_JIN: Final = frozenset(JINSHEN)
_TUI: Final = frozenset((b, a) for a, b in JINSHEN)


def jintui(c: Context, pos: int) -> str | None:
    """進神 / 退神 of the moving line *pos* with its grade (p121-s2, p122-s2).

    大進: moving line 旺相, changed line on 日月. 不進 / 不退: moving line on 日月, changed line
    空 or 破. 不能進 / 不及退: moving line 破 or 散, changed line on 日月. 實退: 休囚 → 休囚.
    Otherwise plain 進神 / 退神."""
    i = pos - 1
    b, cb = c.br[i], c.cbr[pos - 1]
    if cb is None:
        return None
    pair = (b, cb)
    if pair not in _JIN and pair not in _TUI:
        return None
    jin = pair in _JIN
    lost = c.broken[i] or c.san[i]
    if lost and c.riyue(cb):
        return "不能進" if jin else "不及退"
    if (c.on_day[i] or c.on_month[i]) and ((cb in c.void) or c.po(cb)):
        return "不進" if jin else "不退"
    if jin:
        return "大進" if c.strong[i] and c.riyue(cb) else "進神"
    month_phase = BRANCH_PHASE_INT[c.month]
    weak_changed = WANGXIANG_TABLE[BRANCH_PHASE_INT[cb]][month_phase] not in ("旺", "相")
    return "實退" if not c.strong[i] and weak_changed else "退神"


@rule("jinshen-3", "大進 / 不進 / 不能進", "대진 / 부진 / 불능진", ("p121-s1", "p121-s2"),
      kind="line", lines="primary")
def jintui_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``jintui``: for a moving line, 進神 大進 不進 不能進 退神 實退 不退 不及退, else None.

    >>> from compute.engine.chart import chart
    >>> chart("豐", "革", month="卯", day="庚申").primary.line(5).state["jintui"]
    '不進'
    >>> chart("屯", "節", month="申", day="癸卯").primary.line(2).state["jintui"]
    '不能進'
    >>> chart("乾", "夬", month="寅", day="丙戌").primary.line(6).state["jintui"]
    '不退'
    >>> chart("兌", "豐", month="申", day="癸卯").primary.line(5).state["jintui"]
    '不及退'
    """
    c = chart.context or context(chart)
    lmov = c.lmov
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        st["jintui"] = jintui(c, i + 1) if lmov[i] else None


rule("tuishen-3", "實退 / 不退 / 不及退", "실퇴 / 불퇴 / 불급퇴",
     ("p122-s1", "p122-s2", "p123-s1", "p123-s3"))(jintui)
"""實退 / 不退 / 不及退 are computed by :func:`jintui` with the 進神 grades (line state jintui)."""


@rule("jinshen-tuishen", kind="finding")
def jintui_findings(chart: Chart) -> list[Finding]:
    """A finding for every moving line that 化進神 or 化退神 (用/元 want 進, 忌/仇 want 退,
    p123-s2 注)."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    for p in c.moving:
        kind = jintui(c, p)
        if kind:
            cb = c.cbr[p - 1]
            tag = "進" if kind in ("進神", "大進", "不進", "不能進") else "退"
            out.append(Finding("jinshen-tuishen",
                               f"{c.line_name(p)} 化{BRANCH_ZH[cb]} {tag}神 ({kind})", (p,)))
    return out


# ---------------------------------------------------------------- 升降

SHENGJIANG_BASIS = convention(
    "shengjiang-basis", ("month", "zhongqi"), "shengjiang",
    "month: the 消息卦 of the 月建 (p117-s1 「若二月占之，則四爻陽為升」); zhongqi: it changes "
    "at the month's 中氣 (p117-s2 注 「設如春分後占，乃四陽升」)",
)


def shengjiang_lines(c: Context, chart: Chart) -> tuple[int, int, bool]:
    """(升爻, 降爻, yang half) by the time of casting (p117-s2 "升降務以占時言"): the 消息卦 has n
    yang lines from 冬至 (復 1 … 乾 6) or n yin lines from 夏至 (姤 1 … 坤 6); line n is 升, line
    n − 1 降 (n = 1: 上爻)."""
    k = c.month   # months from 子: 子 復, 丑 臨 … 巳 乾, 午 姤 … 亥 坤
    if c.opts.get("shengjiang-basis") == "zhongqi" and c.month in (0, 3, 6, 9) \
            and not after_zhongqi(chart):
        k = (k - 1) % 12
    yang_half = k < 6
    n = k % 6 + 1
    return n, (n - 2) % 6 + 1, yang_half


@rule("shengjiang", "升爻 / 降爻", "승효 / 강효",
      ("p116-s1", "p116-s3", "p117-s1", "p117-s2", "p119-s1", "p119-s2"), kind="line",
      lines="primary")
def shengjiang_state(chart: Chart, lines: Sequence[ChartLine],
                     states: list[dict[str, Any]]) -> None:
    """``shengjiang``: 升 / 真升 on the 升爻, 降 / 真降 on the 降爻, else None. In the yang half
    the 升爻 is 真 when yang and the 降爻 when yin; in the yin half the reverse (p117-s2 注).

    The book's examples: 復 "其初為升爻，其上為降爻"; in the second month 四爻 升, 三爻 降.

    >>> from compute.engine.chart import chart
    >>> c = chart("大壯", month="卯", day="甲子")
    >>> c.primary.line(4).state["shengjiang"], c.primary.line(3).state["shengjiang"]
    ('真升', '降')
    >>> c = chart("復", month="子", day="甲子")
    >>> c.primary.line(1).state["shengjiang"], c.primary.line(6).state["shengjiang"]
    ('真升', '真降')
    """
    c = chart.context or context(chart)
    up, down, yang_half = shengjiang_lines(c, chart)
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        if i == up - 1:
            st["shengjiang"] = "真升" if six[i].yang == yang_half else "升"
        elif i == down - 1:
            st["shengjiang"] = "真降" if six[i].yang != yang_half else "降"
        else:
            st["shengjiang"] = None


doctrine(
    "guaqi-qiri", "期日卦爻 (卦氣)", "기일괘효 (괘기)", ("p118-s1",),
    "the book records the 河洛 day-by-day 卦氣 (冬至 起頤六四) but keeps it outside 升降 as "
    "unnatural (弗能自然); it needs the day count from 冬至, which a chart does not carry",
)
