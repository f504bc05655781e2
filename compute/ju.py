"""局會章: 三合局 (動會, 變會, 伏會), true and false.

Source: 易冒 p214–p216 (¶425–429), p289-s4 (¶575).

>>> from compute.chart import chart
>>> [f.summary for f in chart("乾", "既濟", month="寅", day="戊戌").findings
...  if f.rule == "sanhe-ju"]   # p215-s2 注: 動會
['寅午戌 火局 動會 懸始 成 (力大): 二爻 寅, 月 寅, 四爻 午, 上爻 戌, 日 戌']
"""

from __future__ import annotations

from collections.abc import Mapping

from compute.chart import Chart
from compute.context import BRANCH_ZH, POS_ZH, Context, context
from compute.rules import Finding, rule, table
from compute.wuxing import Phase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

SANHE: Final = table(
    "sanhe-ju", "局會 (三合)", "국회 (삼합)",
    ("p214-s3", "p214-s5", "p214-s6", "p214-s7", "p214-s8", "p215-s1", "p215-s2", "p216-s1",
     "p216-s2", "p216-s3", "p216-s4", "p216-s5", "p289-s4"),
    ((8, 0, 4, "水"), (11, 3, 7, "木"), (2, 6, 10, "火"), (5, 9, 1, "金")),
    "compute.ju.SANHE",
)
"""The four 局 as (長生, 中神, 墓, phase): 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金 (p214-s3 注
"生乃物之始，藏乃物之終 … 如卯木生亥墓未，為木局是也")."""


def _members(c: Context, chart: Chart) -> dict[int, list[tuple[str, int, int, bool]]]:
    """branch → [(kind, branch, position or 0, sound)] from moving lines (動), their changed
    lines (變), the 伏神 under moving lines (伏), the day and the month — of the 局 the day or the
    month belongs to (a 局 needs one of them, p215-s1); empty when no line is of those 局."""
    out: dict[int, list[tuple[str, int, int, bool]]] = {}
    (v0, v1), day, month = c.void, c.day, c.month
    ju = (day % 4, month % 4)   # the 局 of a branch: its remainder by 4 (申子辰 0 … 巳酉丑 1)
    for p in c.moving:
        i = p - 1
        b = c.br[i]
        if b % 4 in ju:
            out.setdefault(b, []).append(("動", b, p, not (c.broken[i] or c.san[i])))
        cb = c.cbr[i]
        if cb % 4 in ju:
            hollow = cb == v0 or cb == v1 or ((cb - month) % 12 == 6 and cb != day)  # 空 or 破
            out.setdefault(cb, []).append(("變", cb, p, not hollow))
        fu = c.lines[i].hidden
        if fu is not None:
            fb = fu.branch
            if fb % 4 in ju:
                fb = int(fb)
                hollow = fb == v0 or fb == v1 or ((fb - month) % 12 == 6 and fb != day)
                out.setdefault(fb, []).append(("伏", fb, p, not hollow))
    if out:
        out.setdefault(month, []).append(("月", month, 0, True))
        out.setdefault(day, []).append(("日", day, 0, True))
    return out


_SUFFIX: Final = {"動": "", "變": "變", "伏": "伏"}
_ELEMENT: Final = {zh: Phase.from_zh(zh) for *_, zh in SANHE}


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

    >>> from compute.chart import chart
    >>> [f.summary for f in chart("謙", "泰", month="戌", day="己酉").findings
    ...  if f.rule == "sanhe-ju"]   # p216-s4 注
    ['寅午戌 火局 變會 懸終 不成 (失始, 懸終): 二爻變 寅, 二爻 午, 月 戌', \
'巳酉丑 金局 伏會 懸中 成 (力存: 失終): 初爻伏 巳, 日 酉']
    """
    c = chart.context or context(chart)
    if not c.moving:
        return []
    found = _members(c, chart)
    if not found:
        return []   # no line member in the 局 of the day or of the month
    day4, month4 = c.day % 4, c.month % 4
    out = []
    for start, middle, tomb, phase in SANHE:
        if day4 != middle % 4 and month4 != middle % 4:
            continue   # neither the day nor the month is a member: no 局 (p215-s1)
        group = (start, middle, tomb)
        if (start in found) + (middle in found) + (tomb in found) < 2:
            continue
        # of each member branch: any sound, on the 日 or 月, the line kinds as bits (動 1 變 2 伏 4)
        sound, riyue, kinds = [False, False, False], [False, False, False], [0, 0, 0]
        labels, lines = [], set()
        for j, b in enumerate(group):
            for k, _, p, ok in found.get(b, ()):
                if ok:
                    sound[j] = True
                if p:
                    kinds[j] |= _KIND_BIT[k]
                    lines.add(p)
                else:
                    riyue[j] = True
                labels.append(_LABEL[k][p] + BRANCH_ZH[b])
        if not lines or not (riyue[0] or riyue[1] or riyue[2]):
            continue
        rank = 0   # the weakest line member: 0 動, 1 變 (only as a changed line), 2 伏
        for m in kinds:
            if m and not m & 1:
                rank = max(rank, 1 if m & 2 else 2)
        kind = _HUI[rank]
        xuan = "懸始" if riyue[0] else "懸中" if riyue[1] else "懸終"
        if not sound[1]:
            verdict = "不成 (失中)"
        elif not sound[0]:
            verdict = ("不成 (失始, 懸終)" if xuan == "懸終" else
                       "假局 (變失始)" if 2 in kinds else "成 (力小: 失始)")
        elif not sound[2]:
            verdict = "成 (力存: 失終)"
        else:
            verdict = "成 (力大)"
        short = verdict.split(" ")[0]
        out.append(Finding.of(
            "sanhe-ju", _say, tuple(sorted(lines)), kind=kind,
            data=(("kind", kind), ("verdict", short)),
            facts={"branches": _NAME[start], "element": _ELEMENT[phase], "xuan": xuan,
                   "verdict": short, "grade": verdict, "members": ", ".join(labels)}))
    return out


_KIND_BIT: Final = {"動": 1, "變": 2, "伏": 4}
_LABEL: Final = {**{k: tuple(f"{POS_ZH[p]}{suffix} " for p in range(7))
                    for k, suffix in _SUFFIX.items()}, "日": ("日 ",), "月": ("月 ",)}
"""``_LABEL[kind][position]``: how a member is named in the summary, before its branch: 二爻 寅,
二爻變 寅, 初爻伏 巳; 月 戌, 日 酉 (position 0)."""
_HUI: Final = ("動會", "變會", "伏會")
_NAME: Final = {s: BRANCH_ZH[s] + BRANCH_ZH[m] + BRANCH_ZH[t] for s, m, t, _ in SANHE}
"""The name of each 局 (申子辰 …), by its 長生."""


def _say(f: Mapping[str, Any]) -> str:
    """寅午戌 火局 變會 懸終 不成 (失始, 懸終): 二爻變 寅, 二爻 午, 月 戌."""
    return (f"{f['branches']} {f['element']}局 {f['kind']} {f['xuan']} {f['grade']}: "
            f"{f['members']}")
