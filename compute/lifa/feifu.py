"""飛伏 (p096–p103): the 伏神 under each line and whether it comes out (出 / 不出), with the
weight of its place (世下, 動下, 靜下) and the 伏卦 it comes from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from compute.book.ganzhi import BRANCH_ZH, STEM_ZH
from compute.book.gua import HEXAGRAMS
from compute.book.liuqin import RELATIVE_ZH
from compute.book.wuxing import KE, SHENG
from compute.engine.chart import Chart, ChartLine
from compute.lifa.findings import (
    BIT_POSITIONS,
    BRANCH_PHASE_INT,
    JUE_INT,
    ONE,
    context,
    ln_zh,
    relatives,
)
from compute.registry import Finding, convention, primary_states, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.context import Context


# ------------------------------------------------------------------ 飛伏 (p096–p103)

FU_RIYUE: Final = convention(
    "fu-riyue", ("p283", "p102"), "fu-chu",
    "p283: a 伏 under a static line that is 滅 (飛克伏) or 沒 (伏生飛) is not lifted by standing "
    "on the day or month (p283-s3, s4; the case of p137-s2); p102: the 日月 lift every blocked "
    "伏 (p102-s2 注)",
)

FU_WEIGHT: Final = {"世下": 1.0, "動下": 0.5, "靜下": 0.25}
"""伏 under the 世 counts most; under a moving line less than half; under a static line less
than half again (p099-s2) — upper bounds."""


def _place(c: Chart, ln: ChartLine) -> str:
    if ln.position == c.primary.shi:
        return "世下"
    return "動下" if ln.moving else "靜下"


def fu_chu(c: Chart, ln: ChartLine) -> tuple[str, str]:
    """Whether the 伏神 under *ln* emerges: ("出" | "半出" | "不出", the reason), p100–p102.

    Static 飛 (p100-s2, p101-s1): 出 if 飛生伏, 飛伏比和, 飛空 (unless the 空 飛 is clashed by
    the day: 沖實), or 伏克飛 (不拘飛破死墓); 不出 if 飛克伏, 飛破, 飛散 (休囚 and clashed), or
    伏絕飛 (even when 飛生伏 or 伏克飛). Under the 世 or a moving line (p102-s1) only 飛克伏 and
    伏絕飛 block; 伏生飛 gives 半出 there and 不出 under a static line (p102-s2). A 伏 on the
    day's or month's branch counts as 出 even when blocked ("日月高懸，勢同出", p102-s2 注) —
    except, by default, a 伏 under a static line that is 滅 (飛克伏) or 沒 (伏生飛): "伏神滅沒者
    雖臨日月而不取也 … 此滅沒破散，言其靜也" (p283-s3, s4), which the book's case at p137-s2
    follows (convention ``fu-riyue``: ``"p283"``, or ``"p102"`` to let the 日月 lift them too).
    A 伏 that is itself 空 or 破 does not really come out (旺相 空: 出 after the 旬) (p102-s2 注).

    >>> from compute import chart
    >>> c = chart("坤", month="寅", day="乙丑")  # line 1: 飛 未 土, 伏 子 水
    >>> fu_chu(c, c.primary.line(1))
    ('不出', '飛克伏')
    >>> c = chart("坤", month="寅", day="甲子")  # the 伏 子 stands on the day
    >>> fu_chu(c, c.primary.line(1))
    ('不出', '飛克伏, 伏雖臨日月而滅沒不取 (p283)')
    >>> c = chart("坤", month="寅", day="甲子", conventions={"fu-riyue": "p102"})
    >>> fu_chu(c, c.primary.line(1))
    ('出', '飛克伏, 然伏臨日月 (日月高懸，勢同出)')
    """
    assert ln.hidden is not None
    found = _fu_verdicts(context(c), (ln,), c.primary.hexagram.shi)[0]
    return (found[0], found[1]) if found is not None else ("", "")


def _fu_verdicts(k: Context, lines: Iterable[ChartLine], shi: int,
                 states: list[dict[str, Any]] | None = None
                 ) -> list[tuple[str, str, str, bool] | None]:
    """(verdict, why, place, lifted) of :func:`fu_chu` for the 伏 under each of *lines* (None for
    a line without one), the 世 on line *shi* (*lifted*: it comes out only by the 日月, p102-s2
    注): one pass, the chart's date facts read once. Given *states* (of *lines*, in order), the
    annotator's keys are written into them in the same pass."""
    day, month, (v0, v1) = k.day, k.month, k.void
    mph = BRANCH_PHASE_INT[month]
    mph_gen = SHENG[mph]
    p283 = k.opts[FU_RIYUE.name] == "p283"
    pb, dc = (month + 6) % 12, (day + 6) % 12   # the branches the month and the day clash
    out: list[tuple[str, str, str, bool] | None] = []
    n = -1
    for ln in lines:
        n += 1
        fu = ln.hidden
        if fu is None:
            out.append(None)
            continue
        place = "世下" if ln.position == shi else "動下" if ln.moving else "靜下"
        b = _INT[ln.branch]
        f, h = BRANCH_PHASE_INT[b], _INT[fu.element]
        got = _FU_BASE[place][h][b]   # the shared tuples: no tuple built unless the 伏 changes it
        if got is None:
            fixed = _FU_FIXED[place]
            if b == pb:
                got = fixed[0]   # 飛破
            elif b == dc and b != v0 and b != v1 and mph != f and mph_gen != f:
                got = fixed[1]   # 飛散: clashed by the day, not 空, not 旺相
            elif b == v0 or b == v1:
                got = fixed[2] if b == dc else fixed[3]   # 飛空遇日沖 (沖實) / 飛空
            elif SHENG[f] == h:
                got = fixed[4]   # 飛生伏
            elif f == h:
                got = fixed[5]   # 飛伏比和
            else:
                got = fixed[6]   # 伏生飛
        fb = _INT[fu.branch]
        if fb == day or fb == month:
            if got[0] != "出":
                why = got[1]
                if p283 and place == "靜下" and why in ("飛克伏", "伏生飛"):   # 滅沒
                    got = (got[0], f"{why}, 伏雖臨日月而滅沒不取 (p283)", place, False)
                else:
                    got = ("出", f"{why}, 然伏臨日月 (日月高懸，勢同出)", place, True)
        elif fb == v0 or fb == v1:
            if got[0] != "不出":
                if mph == h or mph_gen == h:
                    got = ("旬後出", f"{got[1]}, 伏旺相而空 (過旬復出)", place, False)
                else:
                    got = ("不出", f"{got[1]}, 然伏空 (雖能出而實不出)", place, False)
        elif fb == pb and got[0] != "不出":
            got = ("不出", f"{got[1]}, 然伏破 (雖能出而實不出)", place, False)
        out.append(got)
        if states is not None:
            st = states[n]
            st["fu_chu"] = got[0]
            st["fu_chu_why"] = got[1]
            st["fu_weight"] = FU_WEIGHT[place]
    return out


_INT: Final = tuple(range(12))
"""``_INT[b]``: a branch or phase (an IntEnum) as a plain int (a tuple look-up)."""


def _fu_base(place: str, h: int, b: int) -> tuple[str, str] | None:
    """The verdict of :func:`fu_chu` on a 伏 of phase *h* under a 飛 on branch *b* at *place*
    that the two phases (and 伏絕飛) decide alone; None where a static 飛's date facts decide."""
    f = BRANCH_PHASE_INT[b]
    if JUE_INT[h] == b:
        return "不出", "伏絕飛"
    if KE[f] == h:
        return "不出", "飛克伏"
    if place != "靜下":
        if SHENG[h] == f:
            return "半出", f"{place}: 伏生飛"
        kind = "飛生伏" if SHENG[f] == h else "伏克飛" if KE[h] == f else "飛伏比和"
        return "出", f"{place}: {kind}"
    if KE[h] == f:
        return "出", "伏克飛"
    return None


_FU_BASE: Final = {place: tuple(tuple(None if (v := _fu_base(place, h, b)) is None
                                       else (*v, place, False) for b in range(12))
                                 for h in range(5))
                   for place in ("世下", "動下", "靜下")}
"""``_FU_BASE[place][伏 phase][飛 branch]``: :func:`_fu_base` as the (verdict, why, place,
lifted) of :func:`_fu_verdicts`, built at import."""
_FU_FIXED: Final = {place: tuple((verdict, why, place, False) for verdict, why in (
    ("不出", "飛破"), ("不出", "飛散"), ("不出", "飛空遇日沖 (沖實)"), ("出", "飛空"),
    ("出", "飛生伏"), ("出", "飛伏比和"), ("不出", "伏生飛"))) for place in _FU_BASE}
"""The verdicts of a static 飛's date facts (:func:`_fu_verdicts`), per place, made once."""


def _fu_all(c: Chart, k: Context) -> list[tuple[str, str, str, bool] | None]:
    """Per line (index position − 1): (verdict, why, place, lifted) of its 伏, None without one —
    worked out once per chart and kept in the context's memo (the annotator and the detector
    of fu-chu both read it; callers must not edit it)."""
    found = k.memo.get("findings.fu_chu")
    if found is None:
        found = k.memo["findings.fu_chu"] = _fu_verdicts(k, k.lines, c.primary.hexagram.shi)
    return found


def fu_out_by_rule(c: Chart, position: int) -> bool:
    """Whether the 伏 under line *position* comes out (出, 半出 or 旬後出) by the rules of
    p100–p102 other than the 日月 rescue ("日月高懸，勢同出", p102-s2 注): the reading 天干化用
    takes (p137-s2 注, after p283-s3 "伏神滅沒者雖臨日月而不取"). False without a 伏.

    >>> from compute import chart
    >>> c = chart("坤", month="寅", day="甲子", conventions={"fu-riyue": "p102"})
    >>> fu_chu(c, c.primary.line(1))[0], fu_out_by_rule(c, 1)
    ('出', False)
    >>> c = chart("乾", month="寅", day="甲子")
    >>> fu_chu(c, c.primary.line(6))[0], fu_out_by_rule(c, 6)
    ('出', True)
    """
    got = _fu_all(c, c.context or context(c))[position - 1]
    return got is not None and got[0] in ("出", "半出", "旬後出") and not got[3]


@rule("fu-shen", kind="finding")
def fushen_finding(c: Chart) -> list[Finding]:
    """Which 伏卦 lies under the cast, where the book departs from common practice
    (純卦 hide their pair; 游魂, 歸魂 after 京房: p097-s1, p098-s1; p024-s1).

    >>> from compute import chart
    >>> [f.summary for f in chart("晉", month="寅", day="甲子").findings if f.rule == "fu-shen"]
    ['伏卦 大畜 (游魂: 外從五世之外卦, 內互兩儀; 세속의 법: 乾)']
    """
    h = c.primary
    hidden = h.hidden_hexagram
    hx = h.hexagram
    gen = hx.generation
    if hidden is None or gen not in _FUSHEN_WHY:
        return []
    if (c.context or context(c)).opts["fushen"] != "book":
        return []
    common = "없음" if gen == 0 else HEXAGRAMS[hx.palace | hx.palace << 3].name
    return [Finding("fu-shen",
                    f"伏卦 {hidden.name} ({_FUSHEN_WHY[gen]}; 세속의 법: {common})")]


_FUSHEN_WHY: Final = {0: "純卦: 互為飛伏", 6: "游魂: 外從五世之外卦, 內互兩儀",
                      7: "歸魂: 外從本宮, 內互伏"}


@rule("fu-chu", "伏神 出 / 不出", "복신 출 / 불출",
      ("p096-s1", "p100-s1", "p100-s2", "p101-s1", "p102-s1", "p102-s2", "p283-s2", "p283-s3"),
      kind="line", lines="primary")
def fu_chu_annotate(c: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """Line state ``fu_chu`` (出 / 半出 / 旬後出 / 不出), ``fu_chu_why``, ``fu_weight``.

    >>> from compute import chart
    >>> s = chart("困", "兌", month="子", day="戊寅").primary.line(1).state
    >>> s["fu_chu"], s["fu_weight"]
    ('出', 1.0)
    """
    k = c.context or context(c)
    six = k.lines
    memo = k.memo
    if lines is six and "findings.fu_chu" not in memo:   # the chart's call: one pass
        memo["findings.fu_chu"] = _fu_verdicts(k, six, c.primary.hexagram.shi, states)
        return
    found = _fu_all(c, k)
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        got = found[i]
        if got is not None:   # the line has a 伏
            st["fu_chu"] = got[0]
            st["fu_chu_why"] = got[1]
            st["fu_weight"] = FU_WEIGHT[got[2]]


@rule("fu-chu", kind="finding")
def fu_chu_finding(c: Chart) -> list[Finding]:
    """For each relative absent from the lines (飛象無用神), where it lies hidden and whether it
    comes out; and the 伏 under the 世 always ("惟有世下一爻為最要", p099-s2 注).

    The book's case (p096-s1): 子建戊寅日 困之兌 — 世下巳官，伏神長生.

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", month="寅", day="甲子").findings if f.rule == "fu-chu"]
    ['伏 癸酉 兄弟 (世下, 6爻 壬戌 父母): 出 — 世下: 飛生伏']
    """
    k = c.context or context(c)
    lines = k.lines
    _, fus, shown = relatives(k)   # shown: the relatives on the lines, as bits
    want = 1 << c.primary.hexagram.shi - 1   # the 世下, and every 伏 of an absent relative
    if shown != 31:
        for r in range(5):
            if not shown >> r & 1:
                want |= fus[r]
    found = _fu_all(c, k)
    out = []
    for p in BIT_POSITIONS[want]:
        got = found[p - 1]
        if got is None:
            continue
        ln = lines[p - 1]
        fu = ln.hidden
        assert fu is not None
        absent = not shown >> fu.relative & 1
        verdict, why, place, _ = got
        out.append(Finding(
            "fu-chu",
            f"伏 {STEM_ZH[fu.stem]}{BRANCH_ZH[fu.branch]} {RELATIVE_ZH[fu.relative]} "
            f"({place}, {ln_zh(ln)}): {verdict} — {why}",
            ONE[p], data=(("verdict", verdict), ("absent", absent)),
        ))
    return out


@rule("fu-shen-priority", "世下 / 動下 / 靜下", "세하 / 동하 / 정하",
      ("p099-s1", "p099-s2", "p103-s1", "p103-s2"))
def fu_weight(c: Chart, position: int) -> float:
    """The weight (upper bound) of the 伏 under line *position*: 世下 1, 動下 ½, 靜下 ¼.

    >>> from compute import chart
    >>> c = chart("乾", "小畜", month="未", day="戊午")
    >>> fu_weight(c, 6), fu_weight(c, 4), fu_weight(c, 2)
    (1.0, 0.5, 0.25)
    """
    return FU_WEIGHT[_place(c, c.primary.line(position))]
