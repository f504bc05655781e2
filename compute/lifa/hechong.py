"""合沖章: 六合 / 六沖 of hexagrams and lines, 合處逢沖.

Source: 易冒 p201–p203 (¶399–403), p285–p286 (¶567–569).

>>> from compute.engine.chart import chart
>>> [f.summary for f in chart("兌", "節", month="午", day="丙子").findings
...  if f.rule in ("liuchong-gua", "liuhe-gua")]   # p203-s2 注: 兌 六沖 化 節 六合
['六沖卦 兌 (卦沖)', '化六合 節: 前沖後合 (初更張而卒和調)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compute.engine.chart import Chart, ChartLine
from compute.engine.context import BRANCH_ZH, CLASH, POS_ZH, context, memoized
from compute.registry import Finding, doctrine, primary_states, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

LIUHE: Final = table(
    "liuhe", "地支六合 / 爻合四法", "지지육합 / 효합사법",
    ("p202-s3", "p220-s2", "p220-s3", "p285-s2", "p285-s3"),
    tuple((1 - b) % 12 for b in range(12)),
    "compute.lifa.hechong.LIUHE",
)
"""六合 partner of each branch, 子 … 亥: 子丑 寅亥 卯戌 辰酉 巳申 午未 (p220-s3 "子合丑")."""

HE_QUALITY: Final = {0: "克合", 2: "生合", 3: "克合", 4: "生合", 5: "克合·刑合", 6: "生合"}
"""生合 吉, 克合 凶, 刑合 次之 (p285-s3); keyed by the smaller branch of the pair: 子丑 克 (土克水),
寅亥 生, 卯戌 克, 辰酉 生, 巳申 克 and 刑, 午未 生."""


def _he_quality(a: int, b: int) -> str:
    return HE_QUALITY[min(a, b)]


def is_liuchong(branches: Sequence[int]) -> bool:
    """Lines 1–4, 2–5, 3–6 all clash (六沖卦).

    >>> is_liuchong((0, 2, 4, 6, 8, 10)), is_liuchong((7, 5, 3, 1, 11, 9))
    (True, True)
    """
    b = branches
    return CLASH[b[0]] == b[3] and CLASH[b[1]] == b[4] and CLASH[b[2]] == b[5]


def is_liuhe(branches: Sequence[int]) -> bool:
    """Lines 1–4, 2–5, 3–6 all in 六合 (六合卦)."""
    b = branches
    return LIUHE[b[0]] == b[3] and LIUHE[b[1]] == b[4] and LIUHE[b[2]] == b[5]


def _branches(chart: Chart, changed: bool = False) -> tuple[int, ...] | None:
    """The six branches of the primary hexagram (of the changed one: None if there is none)."""
    c = chart.context or context(chart)
    return c.cbr6 if changed else c.br


@rule("liuchong-gua", "六沖卦 / 化六沖", "육충괘 / 화육충", ("p201-s2", "p201-s3", "p201-s4",
                                                      "p285-s1"), kind="finding")
@memoized
def liuchong_gua(chart: Chart) -> list[Finding]:
    """六沖卦 (卦沖, 前沖: "無往而不散") and 化六沖 (變沖, 後沖: "占事主無後", p201-s2, s3).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("無妄", month="子", day="甲子").findings
    ...  if f.rule == "liuchong-gua"]
    ['六沖卦 無妄 (卦沖)']
    """
    out: list[Finding] = []
    if is_liuchong(_branches(chart)):
        out.append(Finding.of("liuchong-gua", _say_chong, kind="六沖卦",
                              facts={"hexagram": chart.primary.name, "name": "卦沖"}))
    cb = _branches(chart, changed=True)
    if cb is not None and is_liuchong(cb):
        out.append(Finding.of("liuchong-gua", _say_chong, kind="化六沖", role="changed",
                              facts={"hexagram": chart.changed.name, "name": "變沖"}))
    return out


def _say_chong(f: Mapping[str, Any]) -> str:
    return f"{f['kind']} {f['hexagram']} ({f['name']})"


SEQUENCE: Final = {
    (True, False): "前合後沖 (始繁華而終憔悴)",
    (False, True): "前沖後合 (初更張而卒和調)",
    (True, True): "前合後合 (始終結而不解)",
    (False, False): "前沖後沖 (謀望難而官非散)",
}
"""p202-s1: the four sequences of 合 and 沖 between the primary and the changed hexagram."""


@rule("liuhe-gua", "六合卦 / 化六合", "육합괘 / 화육합", ("p201-s1", "p202-s1", "p276-s6"),
      kind="finding")
def liuhe_gua(chart: Chart) -> list[Finding]:
    """六合卦 ("合主事之成") and 化六合, with the sequence of p202-s1 when both hexagrams are 合
    or 沖.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("否", "乾", month="子", day="甲子").findings
    ...  if f.rule == "liuhe-gua"]
    ['六合卦 否', '化六沖 乾: 前合後沖 (始繁華而終憔悴)']
    """
    out: list[Finding] = []
    pb = _branches(chart)
    p_he, p_chong = is_liuhe(pb), is_liuchong(pb)
    if p_he:
        out.append(Finding("liuhe-gua", f"六合卦 {chart.primary.name}"))
    cb = _branches(chart, changed=True)
    if cb is None or chart.changed is None:
        return out
    c_he, c_chong = is_liuhe(cb), is_liuchong(cb)
    if (p_he or p_chong) and (c_he or c_chong):
        kind = "化六合" if c_he else "化六沖"
        out.append(Finding("liuhe-gua", f"{kind} {chart.changed.name}: {SEQUENCE[p_he, c_he]}",
                           role="changed"))
    elif c_he:
        out.append(Finding("liuhe-gua", f"化六合 {chart.changed.name}", role="changed"))
    return out


@rule("hechu-fengchong", "合處逢沖", "합처봉충", ("p203-s1", "p203-s2", "p203-s3", "p285-s1"),
      kind="finding")
@memoized
def hechu_fengchong(chart: Chart) -> list[Finding]:
    """合處逢沖 (p203-s1): a 六合卦 whose 世 or 應 the day clashes or harms — "功之幾成而敗";
    also a 六合卦 changing into a 六沖卦 (合處變沖, p285-s1). Lighter, at line level (p203-s3):
    in a 六合卦, the day clashing or harming 財/官 (婚姻), 父/官 (功名), 子/財 (謀生).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("否", month="子", day="甲辰").findings
    ...  if f.rule == "hechu-fengchong"]
    ['合處逢沖: 日辰 害 世 三爻 卯木妻財', '合處逢沖: 日辰 沖 應 上爻 戌土父母']
    """
    out: list[Finding] = []
    c = chart.context or context(chart)
    pb = c.br
    if not is_liuhe(pb):
        return out
    day = c.day
    for who, pos in (("世", chart.primary.shi), ("應", chart.primary.ying)):
        b = pb[pos - 1]
        how = "沖" if CLASH[b] == day else ("害" if CLASH[LIUHE[b]] == day else None)
        if how:
            out.append(Finding.of("hechu-fengchong", _say_hechu, (pos,), kind="合處逢沖", facts={
                "day": BRANCH_ZH[day], "how": how, "role": who, "line": c.line_name(pos)}))
    if c.cbr6 is not None and chart.changed is not None and is_liuchong(c.cbr6):
        out.append(Finding.of("hechu-fengchong", _say_hechu, kind="合處變沖", facts={
            "hexagram": chart.primary.name, "changed": chart.changed.name}))
    seen = set()
    for pos in range(1, 7):
        b = pb[pos - 1]
        if pos in (chart.primary.shi, chart.primary.ying):
            continue
        if CLASH[b] == day or CLASH[LIUHE[b]] == day:
            rel = str(c.lines[pos - 1].relative)
            if rel not in seen:
                seen.add(rel)
                out.append(Finding.of("hechu-fengchong", _say_hechu, (pos,), kind="爻之合處逢沖",
                                      facts={"line": c.line_name(pos), "relative": rel}))
    return out


def _say_hechu(f: Mapping[str, Any]) -> str:
    if f["kind"] == "合處逢沖":
        return f"合處逢沖: 日{f['day']} {f['how']} {f['role']} {f['line']}"
    if f["kind"] == "合處變沖":
        return f"合處變沖: {f['hexagram']} 化 {f['changed']}"
    return f"爻之合處逢沖 (稍輕): {f['line']} 逢日沖害"


@rule("liuhe", kind="line", lines="primary")
def he_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``he``: the line's 合 (p202-s3 "靜合為起，動合為絆，化合為援，自合為好"), each as
    "<kind>·<by>·<quality>": 靜合 (a static line 合 by the day or a moving line), 動合 (a moving
    line 合 by the day), 化合 (a moving line changing into its partner), 自合 (two moving lines);
    quality 生合 / 克合 / 刑合 (p285-s3).

    >>> from compute.engine.chart import chart
    >>> chart("兌", "節", month="午", day="丙子").primary.line(3).state["he"]
    ['靜合·日·克合']
    """
    c = chart.context or context(chart)
    day, br, lmov, cbr, moving = c.day, c.br, c.lmov, c.cbr, c.moving
    at: dict[int, list[int]] = {}   # the moving lines on each branch, in order
    for p in moving:
        at.setdefault(br[p - 1], []).append(p)
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        partner = LIUHE[br[i]]
        found = [_HE_DAY[lmov[i]][partner]] if day == partner else []
        if moving:
            hit = at.get(partner)
            if hit:
                kind = "自合" if lmov[i] else "靜合"
                for p in hit:
                    if p != i + 1:
                        found.append(f"{kind}·{POS_ZH[p]}·{_HE_Q[partner]}")
            if lmov[i] and cbr[i] == partner:
                found.append(_HE_BIAN[partner])
        st["he"] = found


_HE_Q: Final = tuple(_he_quality(LIUHE[b], b) for b in range(12))
"""The quality of the 合 with each branch as the partner (生合 / 克合 / 刑合)."""
_HE_DAY: Final = (tuple(f"靜合·日·{q}" for q in _HE_Q), tuple(f"動合·日·{q}" for q in _HE_Q))
_HE_BIAN: Final = tuple(f"化合·變·{q}" for q in _HE_Q)
_ZICHONG: Final = tuple(f"自沖·{p}" for p in POS_ZH)


@rule("yao-chong-5", "爻沖五法", "효충오법", ("p202-s2", "p202-s3", "p286-s3"), kind="line",
      lines="primary")
def chong_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``chong``: the clashes of p202-s2 other than the day's (which is ``day_clash``): 化沖
    (a moving line changing into its clash: 失) and 自沖 (two moving lines clashing: 敗 — of equal
    force both 散, on 日月 not 散, 旺 against 衰 the 衰 散, p286-s3); ``散`` marks whether this
    moving line is scattered by any clash.

    >>> from compute.engine.chart import chart
    >>> chart("坤", "巽", month="寅", day="甲子").primary.line(2).state["chong"]
    ['化沖', '自沖·五爻']
    """
    c = chart.context or context(chart)
    br, lmov, cbr, moving, san = c.br, c.lmov, c.cbr, c.moving, c.san
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        if not lmov[i]:
            st["chong"] = []
            continue
        cl = CLASH[br[i]]
        found = ["化沖"] if cbr[i] == cl else []
        pos = i + 1
        for p in moving:
            if p != pos and br[p - 1] == cl:
                found.append(_ZICHONG[p])
        st["chong"] = found
        st["san"] = san[i]


doctrine(
    "hechong-summary", "合沖 總論", "합충 총론", ("p285-s1", "p285-s2", "p285-s3", "p286-s1",
                                             "p286-s2", "p286-s4"),
    "the summary restates 卦沖 / 合處逢沖 / 合處變沖 (liuchong-gua, hechu-fengchong), the 合 "
    "qualities (liuhe) and 自沖 (yao-chong-5); its five 沖法 defer to the 日沖 chapter "
    "(p286-s4 注 「沖法尤詳日沖本篇」), which day_clash follows",
)
