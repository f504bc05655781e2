"""官鬼章, 隨墓章, 助傷章: the 官鬼 as the matter's master and the source of harm.

Source: 易冒 p192–p196 (¶381–389), p204–p213 (¶405–423).

>>> from compute.engine.chart import chart
>>> c = chart("大畜", "蒙", month="巳", day="癸未", birth="寅")   # p205-s2 注
>>> for f in c.findings:
...     if f.rule == "suimu":
...         print(f.summary)
命墓: 二爻 寅木官鬼 (本命 寅) 隨鬼入墓 於日 未
世墓: 二爻 寅木官鬼 隨鬼入墓 於日 未
命墓: 上爻 寅木官鬼 (本命 寅) 隨鬼入墓 於日 未
"""

from __future__ import annotations

from collections.abc import Mapping

from compute.book.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, stage_at
from compute.book.liuqin import Relative
from compute.book.wuxing import KE_BY
from compute.engine.chart import Chart
from compute.engine.context import BRANCH_ZH, CLASH, POS_ZH, Context, context, memoized
from compute.lifa.findings import relatives
from compute.registry import Finding, convention, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

GUI = "官鬼"
_GUI = Relative.GUANGUI
_TOMB = {tu: tuple(stage_at(ph, "墓", tu) for ph in range(5)) for tu in ("申", "寅")}
"""The 墓 branch of each phase (an int), per ``tu-changsheng`` choice."""




def _tomb(c: Context, pos: int) -> int:
    return _TOMB[c.tu][c.ph[pos - 1]]


@rule("suimu", "隨鬼入墓 (五墓)", "수귀입묘 (오묘)",
      ("p204-s1", "p205-s1", "p205-s2", "p206-s1", "p206-s2", "p207-s1", "p208-s1", "p209-s2",
       "p209-s3"), kind="finding")
@memoized
def suimu(chart: Chart) -> list[Finding]:
    """The five 隨墓 (p204-s1 注), with the day or a changed line as the 墓 only (p209-s3):

    命墓 — the 本命 (``birth``) stands on a 官鬼 line and the day is its 墓 (only a real line
    counts, p205-s1); 世墓 — the 世 is 官鬼 and the day its 墓; 化爻墓 — 命, 世, 卦身 or 世身 on a
    moving 官鬼 that changes into its 墓 (偽 when the 墓 is clashed by the day, 空 or 破; 真 when it
    is the 月建, p206-s1); 卦身墓 — a present 卦身 on 官鬼, 墓 on the day; 世身墓 — the 世身 on
    官鬼, 墓 on the day, void when the 世 is 空 (p206-s2).
    """
    c = chart.context or context(chart)
    lines = c.lines
    tombs = _TOMB[c.tu]
    gui = relatives(c)[0][_GUI]   # the 官鬼 lines, as bits
    if not gui:
        return []
    tomb = tombs[KE_BY[c.palace]]   # every 官鬼 line has the phase that 克 the palace (官鬼)
    if tomb != c.day:   # is there a moving 官鬼 that 化 into its 墓?
        for p in c.moving:
            if gui >> p - 1 & 1 and c.cbr[p - 1] == tomb:
                break
        else:
            return []
    out = []
    h = chart.primary
    birth = chart.birth
    ming = None if birth is None else int(getattr(birth, "branch", birth))
    shi, shishen, gs = h.shi, h.shishen, set(h.guashen_lines)
    for ln in lines:
        if ln.relative != _GUI:
            continue
        p = ln.position
        if tombs[c.ph[p - 1]] != c.day:
            continue   # every 墓 in this loop is the day's
        name = c.line_name(p)
        day = BRANCH_ZH[c.day]
        if ming is not None and c.br[p - 1] == ming:
            out.append(Finding.of("suimu", _say_suimu, (p,), kind="命墓",
                                  facts={"line": name, "tomb": day, "birth": BRANCH_ZH[ming]}))
        if p == shi:
            out.append(Finding.of("suimu", _say_suimu, (p,), kind="世墓",
                                  facts={"line": name, "tomb": day}))
        if p in gs:
            out.append(Finding.of("suimu", _say_suimu, (p,), kind="卦身墓",
                                  facts={"line": name, "tomb": day}))
        if p == shishen and p != shi:
            if c.is_void[shi - 1] and not c.on_month[shi - 1]:
                continue
            out.append(Finding.of("suimu", _say_suimu, (p,), kind="世身墓",
                                  facts={"line": name, "tomb": day}))
    for p in c.moving:
        ln = lines[p - 1]
        if ln.relative != _GUI:
            continue
        cb = c.cbr[p - 1]
        if cb != _tomb(c, p):
            continue
        who = [w for w, ok in (("命", ming is not None and c.br[p - 1] == ming), ("世", p == shi),
                               ("卦身", p in gs), ("世身", p == shishen)) if ok]
        if not who:
            continue
        if cb == c.month:
            grade = "真: 月建實之"
        elif CLASH[cb] == c.day:
            grade = "偽: 日沖"
        elif (cb in c.void):
            grade = "偽: 空"
        elif c.po(cb):
            grade = "偽: 破"
        else:
            grade = "真"
        out.append(Finding.of(
            "suimu", _say_suimu, (p,), kind="化爻墓", data=(("grade", grade[0]),),
            facts={"line": c.line_name(p), "tomb": BRANCH_ZH[cb], "who": tuple(who),
                   "grade": grade}))
    return out


SUIMU_SAID: Final = {
    "命墓": "命墓: {line} (本命 {birth}) 隨鬼入墓 於日 {tomb}",
    "世墓": "世墓: {line} 隨鬼入墓 於日 {tomb}",
    "化爻墓": "化爻墓: {who} {line} 化入墓 {tomb} ({grade})",
}
"""The summary of a 隨墓 finding by its kind, from its facts; any other kind (卦身墓, 世身墓)
is said as :data:`SUIMU_LIGHT`."""

SUIMU_LIGHT: Final = "{kind}: {line} 墓於日 (視世墓化墓則輕)"


def _say_suimu(f: Mapping[str, Any]) -> str:
    """The summary of a 隨墓 finding from its facts (the kind, the line, the 墓 …)."""
    said = SUIMU_SAID.get(f["kind"], SUIMU_LIGHT)
    return said.format_map({**f, "who": "、".join(f.get("who", ()))})


ZHUSHANG = convention(
    "zhushang", ("book", "common"), "zhushang",
    "book: the 鬼 must have its 長生 on the day and the day's phase must 生 it (only 水鬼 申日, "
    "火鬼 寅日, 木鬼 亥日; p211-s1, s2); common: any day whose phase 生 the 鬼",
)


@rule("zhushang", "助鬼傷身", "조귀상신", ("p210-s1", "p210-s4", "p211-s1", "p211-s2",
                                       "p213-s2"), kind="finding")
@memoized
def zhushang(chart: Chart) -> list[Finding]:
    """助鬼傷身 (p210-s1 "世爻受鬼克，而鬼長生於日"): a 官鬼 line whose phase 克 the 世 and
    which the day truly 生s — its 長生 is the day and the day's phase 生s it (p211-s2 注 "五行
    大生謂之真生"; so not 巳日之巽, 申日之革, 午日之坎, 酉日之離). Void when the 鬼 is 空 or 破 or
    the 世 旺相 (p210-s4). "靜遲動速" (p213-s2).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("離", month="子", day="丙申").findings if f.rule == "zhushang"]
    ['助鬼傷身: 三爻 亥水官鬼 長生於日 申, 克世 上爻 巳火兄弟 (靜遲)']
    >>> [f.summary for f in chart("巽", month="子", day="丁巳").findings if f.rule == "zhushang"]
    []
    """
    c = chart.context or context(chart)
    shi = chart.primary.hexagram.shi
    s_ph = c.ph[shi - 1]
    if c.strong[shi - 1]:
        return []
    out = []
    common = c.opts.get("zhushang") == "common"
    dph = BRANCH_PHASE_INT[c.day]
    for ln in c.lines:
        p = ln.position
        if p == shi or ln.relative != _GUI or ACTS_TABLE[c.ph[p - 1]][s_ph] != "克":
            continue
        g = c.ph[p - 1]
        if (c.is_void[p - 1] and not ln.moving and not c.on_month[p - 1]) or c.broken[p - 1]:
            continue
        born = ACTS_TABLE[dph][g] == "生"
        if not common:
            born = born and stage_at(g, "長生", c.tu) == c.day
        if born:
            speed = "動速" if ln.moving else "靜遲"
            out.append(Finding("zhushang", f"助鬼傷身: {c.line_name(p)} 長生於日 "
                               f"{BRANCH_ZH[c.day]}, 克世 {c.line_name(shi)} ({speed})", (p, shi)))
    return out


@rule("wu-gui", "無鬼", "무귀", ("p194-s2", "p195-s1", "p196-s2"), kind="finding")
def wu_gui(chart: Chart) -> list[Finding]:
    """No 官鬼 among the lines (p194-s2 … p196-s2: "防害及身，喜其無鬼，求事益己，利在有官");
    where it hides (伏) or appears as a changed line on the 日月 it is "無猶不無" (p193-s3).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("小畜", month="子", day="甲子").findings if f.rule == "wu-gui"]
    ['卦無官鬼 (伏: 三爻下 伏 酉)']
    """
    c = chart.context or context(chart)
    if relatives(c)[2] >> _GUI & 1:
        return []   # a 官鬼 on the lines
    notes = []
    for ln in c.lines:
        if ln.hidden is not None and ln.hidden.relative == _GUI:
            notes.append(f"伏: {POS_ZH[ln.position]}下 伏 {ln.hidden.branch}")
    for p in c.moving:
        cl = c.changed[p - 1]
        if cl.relative == _GUI:
            tag = " 臨日月 (無猶不無)" if c.riyue(int(cl.branch)) else ""
            notes.append(f"變 {cl.branch}{tag}")
    tail = f" ({'; '.join(notes)})" if notes else ""
    return [Finding("wu-gui", f"卦無官鬼{tail}")]
