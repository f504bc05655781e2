"""局會章: 三合局 (動會, 變會, 伏會), true and false.

Source: 易冒 p214–p216 (¶425–429), p289-s4 (¶575).

>>> from compute.engine.chart import chart
>>> [f.summary for f in chart("乾", "既濟", month="寅", day="戊戌").findings
...  if f.rule == "sanhe-ju"]   # p215-s2 注: 動會
['寅午戌 火局 動會 懸始 成 (力大): 二爻 寅, 月 寅, 四爻 午, 上爻 戌, 日 戌']
"""

from __future__ import annotations

from compute.book.wuxing import Phase
from compute.engine.chart import Chart
from compute.engine.context import AS_INT, BRANCH_ZH, POS_ZH, context
from compute.lifa.findings import BIT_POSITIONS
from compute.registry import Finding, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

SANHE: Final = table(
    "sanhe-ju", "局會 (三合)", "국회 (삼합)",
    ("p214-s3", "p214-s5", "p214-s6", "p214-s7", "p214-s8", "p215-s1", "p215-s2", "p216-s1",
     "p216-s2", "p216-s3", "p216-s4", "p216-s5", "p289-s4"),
    ((8, 0, 4, "水"), (11, 3, 7, "木"), (2, 6, 10, "火"), (5, 9, 1, "金")),
    "compute.lifa.ju.SANHE",
)
"""The four 局 as (長生, 中神, 墓, phase): 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金 (p214-s3 注
"生乃物之始，藏乃物之終 … 如卯木生亥墓未，為木局是也")."""


_SUFFIX: Final = {"動": "", "變": "變", "伏": "伏"}
_ELEMENT: Final = {zh: Phase.from_zh(zh) for *_, zh in SANHE}
_ORDER: Final = tuple(middle % 4 for _, middle, _, _ in SANHE)
"""The 局 in :data:`SANHE`'s order, as their numbers (a branch's remainder by 4)."""
_BY_NUMBER: Final = {row[1] % 4: row for row in SANHE}
"""Each row of :data:`SANHE` by its 局 number."""
_SLOT: Final = tuple(((b - _BY_NUMBER[b % 4][0]) % 12) // 4 for b in range(12))
"""``_SLOT[branch]``: its place in its 局: 0 長生, 1 中神, 2 墓."""

def _verdict(sound: int, kinds: list[int], xuan: str) -> tuple[str, str]:
    """(grade, verdict) of a 局 by its sound places (bits: 1 長生, 2 中神, 4 墓), the kinds of
    its line members (2: only as a changed line) and where the 日月 hang it (p214–p216)."""
    if not sound & 2:
        return "不成 (失中)", "不成"
    if not sound & 1:
        if xuan == "懸終":
            return "不成 (失始, 懸終)", "不成"
        return ("假局 (變失始)", "假局") if 2 in kinds else ("成 (力小: 失始)", "成")
    if not sound & 4:
        return "成 (力存: 失終)", "成"
    return "成 (力大)", "成"



@rule("sanhe-ju", kind="finding")
def sanhe_ju(chart: Chart) -> list[Finding]:
    """A 局 among the moving lines, their changed lines, the 伏 under moving lines and the 日月,
    "必由日月而懸之" (p215-s1): one member must be the day or the month and one a line.

    * kind: 動會 (the line members move), 變會 (a member only as a changed line), 伏會 (a member
      brought out from under a moving 飛 line) (p215-s2);
    * 懸始 (日月 the 長生 member) 吉, 懸終 (日月 only the 墓 member) 凶 (p216-s3);
    * not formed when the 中神 is missing or hurt (p214-s5; 破 空 散 → 徒合, p289-s4), or when it
      is 懸終 and the 長生 is lost (p216-s4 "戌月懸午則非"); 假局 when the 長生 is missing and a
      member is only a changed line (p216-s1 "變失始者其局假"); otherwise 成, 力小 without a sound
      長生, 力存 without a sound 墓, 力大 with all three (p214-s7, s8).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("謙", "泰", month="戌", day="己酉").findings
    ...  if f.rule == "sanhe-ju"]   # p216-s4 注
    ['寅午戌 火局 變會 懸終 不成 (失始, 懸終): 二爻變 寅, 二爻 午, 月 戌', \
'巳酉丑 金局 伏會 懸中 成 (力存: 失終): 初爻伏 巳, 日 酉']
    """
    c = chart.context or context(chart)
    moving = c.moving
    if not moving:
        return []
    br, cbr, lines, broken, san = c.br, c.cbr, c.lines, c.broken, c.san
    (v0, v1), day, month = c.void, c.day, c.month
    day4, month4 = day % 4, month % 4
    pk = (month + 6) % 12   # the branch 月破 (not when it is the day's)
    if pk == day:
        pk = -1
    out = []
    for g in _ORDER:   # a branch's 局 is its remainder by 4: 申子辰 0, 巳酉丑 1, 寅午戌 2, 亥卯未 3
        if g != day4 and g != month4:
            continue   # neither the day nor the month is a member: no 局 (p215-s1)
        # the members of 局 g by place (0 長生, 1 中神, 2 墓): which have a sound member (bits),
        # the kinds of their line members (動 1 變 2 伏 4), their labels in order; the positions
        # of the line members (bit p − 1 for position p)
        sound, kinds, labels, at = 0, [0, 0, 0], ([], [], []), 0
        for p in moving:
            i = p - 1
            b = br[i]
            if b % 4 == g:   # 動
                j = _SLOT[b]
                if not (broken[i] or san[i]):
                    sound |= 1 << j
                kinds[j] |= 1
                at |= 1 << i
                labels[j].append(_LABEL[0][p] + BRANCH_ZH[b])
            b = cbr[i]
            if b % 4 == g:   # 變 (a moving line has its changed branch)
                j = _SLOT[b]
                if b != v0 and b != v1 and b != pk:   # neither 空 nor 破
                    sound |= 1 << j
                kinds[j] |= 2
                at |= 1 << i
                labels[j].append(_LABEL[1][p] + BRANCH_ZH[b])
            fu = lines[i].hidden
            if fu is not None:   # 伏
                b = AS_INT[fu.branch]
                if b % 4 == g:
                    j = _SLOT[b]
                    if b != v0 and b != v1 and b != pk:
                        sound |= 1 << j
                    kinds[j] |= 4
                    at |= 1 << i
                    labels[j].append(_LABEL[2][p] + BRANCH_ZH[b])
        if not at:
            continue   # no line member
        hung = 0   # the places the 日月 take
        if month4 == g:
            j = _SLOT[month]
            hung |= 1 << j
            labels[j].append("月 " + BRANCH_ZH[month])
        if day4 == g:
            j = _SLOT[day]
            hung |= 1 << j
            labels[j].append("日 " + BRANCH_ZH[day])
        sound |= hung
        first, second, third = labels
        if not (first and second or third and (first or second)):
            continue   # one member branch only
        rank = 0   # the weakest line member: 0 動, 1 變 (only as a changed line), 2 伏
        for m in kinds:
            if m and not m & 1:
                rank = max(rank, 1 if m & 2 else 2)
        kind = _HUI[rank]
        xuan = "懸始" if hung & 1 else "懸中" if hung & 2 else "懸終"
        verdict, short = _verdict(sound, kinds, xuan)
        start, _, _, phase = _BY_NUMBER[g]
        name, element = _NAME[start], _ELEMENT[phase]
        members = ", ".join([*first, *second, *third])
        facts = {"kind": kind, "branches": name, "element": element, "xuan": xuan,
                 "verdict": short, "grade": verdict, "members": members}
        out.append(Finding("sanhe-ju", f"{name} {element}局 {kind} {xuan} {verdict}: {members}",
                           BIT_POSITIONS[at], (), "primary", (("kind", kind), ("verdict", short)),
                           kind, facts))   # the summary from the facts' values
    return out


_LABEL: Final = tuple(tuple(f"{POS_ZH[p]}{suffix} " for p in range(7))
                      for suffix in _SUFFIX.values())
"""``_LABEL[kind][position]``: how a line member is named in the summary before its branch, kind
0 動, 1 變, 2 伏: 二爻 寅, 二爻變 寅, 初爻伏 巳 (the day and month: 月 戌, 日 酉)."""
_HUI: Final = ("動會", "變會", "伏會")
_NAME: Final = {s: BRANCH_ZH[s] + BRANCH_ZH[m] + BRANCH_ZH[t] for s, m, t, _ in SANHE}
"""The name of each 局 (申子辰 …), by its 長生."""
