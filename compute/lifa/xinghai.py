"""刑害章: 三刑 and 六害.

Source: 易冒 p217–p221 (¶431–439), p289 (¶575).

>>> from compute.book.ganzhi import Branch
>>> XING[Branch.YIN], XING[Branch.ZI], XING[Branch.CHEN]
(5, 3, 4)
>>> from compute.engine.chart import chart
>>> [f.summary for f in chart("困", "兌", month="酉", day="庚申").findings
...  if f.rule == "sanxing"]   # p219-s1 注: 酉建庚申日，用財得困之兌 是謂真刑
['寅巳申 三刑全 (真刑): 初爻 寅, 變 巳, 日 申']
"""

from __future__ import annotations

from collections.abc import Sequence

from compute.book.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, STAGE_TABLE
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import BRANCH_ZH, CLASH, POS_ZH, Context, context
from compute.lifa.hechong import LIUHE
from compute.registry import Finding, doctrine, primary_states, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


def _build_xing() -> tuple[int, ...]:
    out = [0] * 12
    # the 三合 group "rides" the three branches of a direction, in order (p217-s3, s4)
    for group, seat in (((5, 9, 1), (8, 9, 10)),    # 巳酉丑 乘 申酉戌
                        ((11, 3, 7), (11, 0, 1)),   # 亥卯未 乘 亥子丑
                        ((8, 0, 4), (2, 3, 4)),     # 申子辰 乘 寅卯辰
                        ((2, 6, 10), (5, 6, 7))):   # 寅午戌 乘 巳午未
        for a, b in zip(group, seat, strict=True):
            out[a] = b
    return tuple(out)


XING: Final = table(
    "sanxing", "三刑", "삼형", ("p217-s1", "p217-s3", "p217-s4", "p217-s5", "p218-s1", "p218-s3",
                              "p218-s4", "p219-s1", "p219-s2", "p219-s3", "p289-s2"),
    _build_xing(),
    "compute.lifa.xinghai.XING",
)
"""The branch each branch 刑s, 子 … 亥, built as the book builds it (p217-s3 … s5 "以金局之神，
而巡西方之位，所謂巳酉丑而乘申酉戌也 … 乘則刑之，上下相對"): 寅巳申, 丑戌未, 子卯, and 辰午酉亥
自刑 (p218-s1)."""

HAI: Final = table(
    "liuhai", "六害 (穿心)", "육해 (천심)", ("p220-s1", "p220-s2", "p220-s3", "p221-s1", "p221-s2",
                                         "p221-s3", "p289-s2"),
    tuple(CLASH[LIUHE[b]] for b in range(12)),
    "compute.lifa.xinghai.HAI",
)
"""六害 "沖吾之合" (p220-s2): the branch that clashes a branch's 六合 partner — 子未 丑午 寅巳 卯辰
申亥 酉戌."""


@rule("sanxing", kind="line", lines="primary")
def xing_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``xing``: who 刑s the line (日, 月, a moving line, its own changed line).

    >>> from compute.engine.chart import chart
    >>> chart("困", "兌", month="酉", day="庚申").primary.line(1).state["xing"]  # 申刑寅
    ['日']
    """
    c = chart.context or context(chart)
    br, cbr, moving = c.br, c.cbr, c.moving
    x_day, x_month = XING[c.day], XING[c.month]
    by: dict[int, list[int]] = {}   # the branch each moving line 刑s: the positions, in order
    for p in moving:
        by.setdefault(XING[br[p - 1]], []).append(p)
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        b = br[i]
        found = ["日"] if x_day == b else []
        if x_month == b:
            found.append("月")
        if moving:
            hit = by.get(b)
            if hit:
                for p in hit:
                    if p != i + 1:
                        found.append(POS_ZH[p])
            cb = cbr[i]
            if cb is not None and XING[cb] == b:
                found.append("變")
        st["xing"] = found


@rule("sanxing", kind="finding")
def sanxing(chart: Chart) -> list[Finding]:
    """A complete 三刑 (寅巳申, 丑戌未) or 子卯 among the moving lines, their changed lines and the
    日月, with at least one line in it ("真刑", p219-s1 注); "三刑之名，不可以三泥也" (p218-s4)."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    moving = c.moving
    if not moving:   # no line in any group
        return out
    br, cbr = c.br, c.cbr
    present = 0   # the branches of the moving lines and their changed lines, as bits
    for p in moving:
        present |= 1 << br[p - 1] | 1 << cbr[p - 1]
    every = present | 1 << c.day | 1 << c.month
    found: dict[int, list[str]] | None = None
    for bits, members, name in _XING_GROUPS:
        if not (present & bits and every & bits == bits):
            continue
        if found is None:   # who stands on each branch, in the order the summary names them
            found = {}
            for p in moving:
                b, cb = br[p - 1], cbr[p - 1]
                found.setdefault(b, []).append(f"{POS_ZH[p]} {BRANCH_ZH[b]}")
                found.setdefault(cb, []).append(f"變 {BRANCH_ZH[cb]}")
            found.setdefault(c.day, []).append(f"日 {BRANCH_ZH[c.day]}")
            found.setdefault(c.month, []).append(f"月 {BRANCH_ZH[c.month]}")
        who = []
        for b in members:
            who += found[b]
        lines = []
        for p in moving:
            if 1 << br[p - 1] & bits or 1 << cbr[p - 1] & bits:
                lines.append(p)
        out.append(Finding("sanxing", f"{name}: {', '.join(dict.fromkeys(who))}", tuple(lines)))
    return out



_XING_ORDER: Final = {"寅巳申 三刑全 (真刑)": (2, 5, 8), "丑戌未 三刑全 (真刑)": (1, 10, 7),
                      "子卯 無禮之刑": (0, 3)}
"""The groups of :func:`sanxing`, their members in the order the summary names them."""
_XING_GROUPS: Final = tuple((sum(1 << b for b in g), g, name) for name, g in _XING_ORDER.items())


@rule("liuhai", kind="line", lines="primary")
def hai_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``hai``: who 害s the line, each "<who>·生害|克害" (p221-s1, s2: 生害 "心惡而面好", 克害
    heavier)."""
    c = chart.context or context(chart)
    br, cbr, moving, day, month = c.br, c.cbr, c.moving, c.day, c.month
    h_day, h_month = HAI[day], HAI[month]
    by: dict[int, list[tuple[int, str]]] = {}   # the branch each moving line 害s: (p, say)
    for p in moving:
        q = br[p - 1]
        by.setdefault(HAI[q], []).append((p, _HAI_SAY[p][q]))
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        b = br[i]
        found = [_HAI_SAY[0][day]] if h_day == b else []
        if h_month == b:
            found.append(_HAI_SAY[7][month])
        if moving:
            hit = by.get(b)
            if hit:
                for p, say in hit:
                    if p != i + 1:
                        found.append(say)
            cb = cbr[i]
            if cb is not None and HAI[cb] == b:
                found.append(_HAI_SAY[8][cb])
        st["hai"] = found


_HAI_TAG: Final = tuple(
    "生害" if ACTS_TABLE[BRANCH_PHASE_INT[s]][BRANCH_PHASE_INT[HAI[s]]] in ("生", "洩")
    else "克害" for s in range(12))
"""生害 or 克害 of the 害 branch *s* does (on HAI[s], the one branch it 害s)."""
_HAI_SAY: Final = tuple(tuple(f"{who}·{tag}" for tag in _HAI_TAG)
                        for who in ("日", *POS_ZH[1:], "月", "變"))
"""``_HAI_SAY[who][s]``: "<who>·生害|克害", who 0 日, 1–6 a line, 7 月, 8 變."""


@rule("liuhai-gua", "六害卦", "육해괘", ("p221-s4",), kind="finding")
def liuhai_gua(chart: Chart) -> list[Finding]:
    """六害卦 (姤 恆 小畜 益: lines 1–4, 2–5, 3–6 all 害; nominal only, p221-s4 注), and an 應 that
    害s the 世 ("應克世" matters, p221-s4 注).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("姤", month="子", day="甲子").findings if f.rule == "liuhai-gua"]
    ['六害卦 姤 (雖存六害之名，當察其用)']
    """
    out: list[Finding] = []
    br = context(chart).br
    h = chart.primary
    gua = HAI[br[0]] == br[3] and HAI[br[1]] == br[4] and HAI[br[2]] == br[5]
    if gua:
        out.append(Finding("liuhai-gua", f"六害卦 {h.name} (雖存六害之名，當察其用)"))
    s, y = br[h.shi - 1], br[h.ying - 1]
    if HAI[y] == s and not gua:
        out.append(Finding("liuhai-gua", f"應 {BRANCH_ZH[y]} 害 世 {BRANCH_ZH[s]}",
                           (h.ying, h.shi)))
    return out


@rule("si-mu-jue", "死 / 墓 / 絕 and rescue", "사 / 묘 / 절과 구원", ("p183-s1", "p183-s2",
                                                                "p183-s3"), kind="line",
                                                                lines="primary")
def simujue_state(chart: Chart, lines: Sequence[ChartLine],
                  states: list[dict[str, Any]]) -> None:
    """``simujue``: a line at its 死 or 絕 on the 日, 月 or its changed line (p183-s3 注 "爻神投死
    日月變爻之上"): 死而未死 / 絕而未絕 with one 生 from 日, 月, its changed line or a moving line;
    過死 / 過絕 ("既死又克") with 克 and no 生; 鄰死 / 鄰絕 ("無生無克，準克之半") otherwise. A line
    whose 墓 is the day or its changed line: 墓開 when the 墓 is 沖 or 刑 by the month or a moving
    line ("墓而有刑，如擊如發"), else 墓藏 ("墓而無沖，為匿為藏"). None when neither.

    >>> from compute.engine.chart import chart
    >>> chart("乾", "姤", month="子", day="甲申").primary.line(2).state["simujue"]
    '絕而未絕'
    """
    c = chart.context or context(chart)
    stages, ph, day, month, riyue, cok, cbr, on_month, on_day = (
        STAGE_TABLE[c.tu], c.ph, c.day, c.month, _RIYUE, c.cok, c.cbr, c.on_month, c.on_day)
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        if on_month[i] or on_day[i]:   # 月建 "爻內絕而不絕" (p145-s1); 日主 "孰之能傷" (p148-s1)
            st["simujue"] = None
            continue
        row = stages[ph[i]]
        sd, sm = row[day], row[month]
        sb = row[cbr[i]] if cok[i] else None   # a changed line 空 or 破 is no place
        st["simujue"] = (_simujue(c, i, row, sd, sm, sb)
                         if sd in riyue or sm in riyue or sb in riyue else None)


_RIYUE: Final = frozenset(("絕", "死", "墓"))
_HELP: Final = frozenset(("生", "比"))


def _simujue(c: Context, i: int, row: tuple[str, ...], sd: str, sm: str,
             sb: str | None) -> str | None:
    """The label of :func:`simujue_state` for line *i* at 死, 絕 or 墓 somewhere."""
    ph = c.ph[i]
    jue = sd == "絕" or sm == "絕" or sb == "絕"
    if jue or sd == "死" or sm == "死" or sb == "死":
        d, m = c.dact[ph], c.mact[ph]
        bian = ACTS_TABLE[BRANCH_PHASE_INT[c.cbr[i]]][ph] if sb is not None else None
        # the other moving lines by the counts of their phases: phase − 1 生, its own 比 (less
        # the line itself), phase − 2 克
        mcnt = c.mcnt
        sheng = d in _HELP or m in _HELP or bian in _HELP or mcnt[(ph + 4) % 5] > 0 \
            or mcnt[ph] - (c.cbr[i] is not None) > 0
        ke = d == "克" or m == "克" or bian == "克" or mcnt[(ph + 3) % 5] > 0
        say = _SIMUJUE_SAY[jue]
        return say[0] if sheng else say[1] if ke else say[2]
    for t in (c.day, c.cbr[i] if sb is not None else None):
        if t is not None and row[t] == "墓":
            if CLASH[c.month] == t or XING[c.month] == t:
                return "墓開"
            br = c.br
            for q in c.moving:
                o = br[q - 1]
                if CLASH[o] == t or XING[o] == t:
                    return "墓開"
            return "墓藏"
    return None


_SIMUJUE_SAY: Final = tuple((f"{name}而未{name}", f"過{name}", f"鄰{name}") for name in "死絕")
"""The labels of a line at 死 (``[False]``) or 絕 (``[True]``): rescued, 過, 鄰."""


doctrine(
    "xinghai-juhua", "刑害局化 參用", "형해국화 참용", ("p289-s1", "p289-s2", "p289-s3", "p289-s4",
                                                   "p289-s5", "p289-s6"),
    "刑, 害, 局 and 化 are supporting signs weighed through 生克 (子卯 刑輕生重, 酉戌 生深害淺); "
    "computed by sanxing, liuhai, sanhe-ju and ganhua-yong, never as verdicts",
)
