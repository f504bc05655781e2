"""太歲章, 月建章, 日辰章, 時辰章: what the year, month, day and hour do to each line.

Source: 易冒 p140–p151 (¶277–299), with p284 (¶565, 日月之當權).

This module also builds, once per chart, the facts every rule of chapters 13–41 reads (a line's
phase, 旺衰 in the month, 旬空, 月破, whether a moving line is 散 …): :func:`ctx`.

>>> from compute.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌")
>>> s = c.primary.line(1).state; s["wangxiang"], s["changsheng"]["month"], s["riyue"]
('休', '死', [])
>>> c.primary.line(4).state["changsheng"]["bian"]  # 亥 化 申: "亥化長生" (p087-s2)
'長生'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

from compute.changsheng import (
    ACTS_TABLE,
    BRANCH_PHASE_INT,
    STAGE_TABLE,
    WANGXIANG_TABLE,
    acts,
    is_strong,
    shengjue_on,
)
from compute.rules import rule

CLASH: Final = tuple((b + 6) % 12 for b in range(12))
POS_ZH: Final = ("", "初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
BRANCH_ZH: Final = "子丑寅卯辰巳午未申酉戌亥"
PHASE_ZH: Final = "木火土金水"


@dataclass(slots=True)
class Ctx:
    """Per-chart facts, indexed by position − 1 (0 = 初爻). Branches and phases are ints."""

    chart: Any
    day: int
    day_stem: int
    month: int
    year: int | None
    hour: int | None
    void: tuple[int, int]
    palace: int
    tu: str
    opts: dict[str, str]
    lines: tuple[Any, ...]
    changed: tuple[Any, ...]          # the changed line at each moving position, else None
    moving: tuple[int, ...]           # moving positions (1–6)
    br: tuple[int, ...]
    ph: tuple[int, ...]
    wx: tuple[str, ...]               # 旺相休囚死 in the month
    strong: tuple[bool, ...]          # 旺 or 相
    is_void: tuple[bool, ...]
    broken: tuple[bool, ...]          # 月破 and not repaired by the day
    on_day: tuple[bool, ...]
    on_month: tuple[bool, ...]
    san: tuple[bool, ...]             # a moving line scattered (散)
    memo: dict[str, Any]              # per-chart results shared between rules
    cbr: tuple[int | None, ...]       # the changed branch at each moving position, else None
    dact: tuple[str, ...] = ()        # day_acts of each phase (木火土金水), computed once
    mact: tuple[str, ...] = ()        # month_acts of each phase

    def kong(self, b: int) -> bool:
        """旬空 (an empty branch of the day's 旬), ignoring 建空 and other repairs."""
        return b == self.void[0] or b == self.void[1]

    def po(self, b: int) -> bool:
        """月破 not repaired by the day (p154-s1 "唯值日則能實其破")."""
        return (b - self.month) % 12 == 6 and b != self.day

    def riyue(self, b: int) -> bool:
        return b == self.day or b == self.month

    def day_acts(self, phase: int) -> str:
        return self.dact[phase]

    def month_acts(self, phase: int) -> str:
        return self.mact[phase]

    def line_name(self, pos: int) -> str:
        ln = self.lines[pos - 1]
        return f"{POS_ZH[pos]} {BRANCH_ZH[self.br[pos - 1]]}{PHASE_ZH[self.ph[pos - 1]]}" \
            f"{str(ln.relative)}"

    def changed_branch(self, pos: int) -> int | None:
        return self.cbr[pos - 1]


_LAST: Any = None
_LAST_CTX: Any = None


def ctx(chart: Any) -> Ctx:
    """The facts of *chart* (computed once and cached for the chart being annotated)."""
    global _LAST, _LAST_CTX
    if chart is _LAST:
        return _LAST_CTX
    c = _build(chart)
    _LAST, _LAST_CTX = chart, c
    return c


def memoized(fn: Any) -> Any:
    """Run a finding detector once per chart and share its findings with the rules that ask
    for them again (卦驗 and 世應十忌 read other detectors)."""
    key = f"{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def run(chart: Any) -> tuple[Any, ...]:
        memo = ctx(chart).memo
        if key not in memo:
            memo[key] = tuple(fn(chart))
        return memo[key]

    return run


def _build(chart: Any) -> Ctx:
    lines = chart.primary.lines
    opts = dict(chart.options)
    tu = opts.get("tu-changsheng", "申")
    day, month = int(chart.day.branch), int(chart.month)
    void = tuple(int(b) for b in chart.void)
    br = tuple(int(ln.branch) for ln in lines)
    ph = tuple(BRANCH_PHASE_INT[b] for b in br)
    mph = BRANCH_PHASE_INT[month]
    wx = tuple(WANGXIANG_TABLE[p][mph] for p in ph)
    strong = tuple(is_strong(w) for w in wx)
    moving = tuple(ln.position for ln in lines if ln.moving)
    changed = tuple(
        chart.changed.lines[i] if chart.changed is not None and lines[i].moving else None
        for i in range(6)
    )
    on_day = tuple(b == day for b in br)
    on_month = tuple(b == month for b in br)
    is_void = tuple(b in void for b in br)
    broken = tuple((b - month) % 12 == 6 and b != day for b in br)
    san = _scattered(br, moving, changed, strong, on_day, on_month, is_void, day)
    return Ctx(chart, day, int(chart.day.stem), month,
               int(chart.year.branch) if chart.year else None,
               int(chart.hour.branch) if chart.hour else None,
               void, int(chart.primary.palace_element), tu, opts, lines, changed, moving,
               br, ph, wx, strong, is_void, broken, on_day, on_month, san, {},
               tuple(None if x is None else int(x.branch) for x in changed),
               tuple(day_acts(p, day, tu) for p in range(5)), ACTS_TABLE[mph])


def _scattered(br, moving, changed, strong, on_day, on_month, is_void, day) -> tuple[bool, ...]:
    """散 of each moving line (p163-s1 注, p286-s3): clashed by the day (not when on the 月建,
    and a 空 moving line is then 全動, p156-s1), changing into its clash, or clashed by another
    moving line at least as strong; a line on the 日 or 月 is never 散 (p145, p148)."""
    out = [False] * 6
    force = [2 if on_day[i] or on_month[i] else int(strong[i]) for i in range(6)]
    for p in moving:
        i = p - 1
        if force[i] == 2:
            continue
        b = br[i]
        if CLASH[b] == day and not is_void[i]:
            out[i] = True
        elif changed[i] is not None and CLASH[b] == int(changed[i].branch):
            out[i] = True
        elif any(CLASH[b] == br[q - 1] and force[q - 1] >= force[i] for q in moving if q != p):
            out[i] = True
    return tuple(out)


@rule("richen", "日辰 (日主)", "일진 (일주)", ("p147-s1", "p148-s1", "p149-s1"))
def day_acts(phase: int, day: int, tu: str = "申") -> str:
    """How the day acts on a phase, by the twelve stages first (p149-s1 "日主則專務長生沐浴
    之法"; p180-s1 "金遇巳而不克，土遇巳而不生"): 長生 臨官 帝旺 count as 生 (扶 when the same
    phase), 絕 as 克; otherwise 五行 生克 decide (p182-s1).

    >>> from compute.wuxing import Phase
    >>> day_acts(Phase.JIN, 5), day_acts(Phase.TU, 5), day_acts(Phase.SHUI, 9)
    ('生', '克', '生')
    """
    s = STAGE_TABLE[tu][phase][day]
    if s in ("長生", "臨官", "帝旺"):
        return "比" if BRANCH_PHASE_INT[day] == phase else "生"
    if s == "絕":
        return "克"
    return acts(BRANCH_PHASE_INT[day], phase)


def _role_ok(ln: Any) -> bool:
    """Annotate every primary line and, of the changed hexagram, the 變爻 only."""
    return ln.role == "primary" or ln.moving


@rule("wangshuai-method", kind="line")
def wangxiang_state(chart: Any, ln: Any) -> dict[str, Any]:
    """``wangxiang``: 旺 相 休 囚 死 of the line in the month (p149-s1, p284-s5)."""
    if not _role_ok(ln):
        return {}
    c = ctx(chart)
    return {"wangxiang": WANGXIANG_TABLE[BRANCH_PHASE_INT[ln.branch]][BRANCH_PHASE_INT[c.month]]}


@rule("changsheng-12", kind="line")
def changsheng_state(chart: Any, ln: Any) -> dict[str, Any]:
    """``changsheng``: the line's stage on the day and in the month (p184-s1), at the hour when
    one is given (p151-s1 "其要唯推長生十二法以應用神"), and for a moving line at its changed line
    (``bian``, p185-s1; none when the changed line is 空 or 破, "如空如破，則非生非絕矣")."""
    if not _role_ok(ln):
        return {}
    c = ctx(chart)
    table = STAGE_TABLE[c.tu][BRANCH_PHASE_INT[ln.branch]]
    out: dict[str, Any] = {"day": table[c.day], "month": table[c.month]}
    if c.hour is not None:
        out["hour"] = table[c.hour]
    if ln.role == "primary" and ln.moving:
        cb = c.changed_branch(ln.position)
        out["bian"] = None if cb is None else shengjue_on(
            BRANCH_PHASE_INT[ln.branch], cb, c.kong(cb) or c.po(cb), c.tu)
    return {"changsheng": out}


@rule("yuejian", "月建 (月將)", "월건 (월장)", ("p144-s1", "p145-s1", "p146-s1", "p146-s2"),
      kind="line")
def riyue_state(chart: Any, ln: Any) -> dict[str, Any]:
    """``riyue``: ["日辰"] and/or ["月建"] when the line stands on the day or the month branch —
    such a line is not 破, 空, 散 or 絕 (p145-s1 "破而不破，傷而不傷 … 動逢沖而不散，旬逢空而
    不陷"; p148-s1 "日主所臨，莫能破之，莫能空之，莫能散之")."""
    if not _role_ok(ln):
        return {}
    c = ctx(chart)
    out = []
    if ln.branch == c.day:
        out.append("日辰")
    if ln.branch == c.month:
        out.append("月建")
    return {"riyue": out}


@rule("taisui", "太歲", "태세", ("p140-s1", "p140-s2", "p141-s1", "p142-s1", "p143-s1",
                               "p155-s1"),
      kind="line")
def taisui_state(chart: Any, ln: Any) -> dict[str, Any]:
    """``taisui`` (only when the year is given): "太歲" on the year branch, "歲破" on its clash —
    a clash in name only (p141-s1 "與爻神沖，謂歲破而不破"); ``year_void``: the line is empty in
    the year's 旬 (年空, used only now and then for lifetime questions, p155-s1 注).

    >>> from compute.chart import chart   # p155-s1 注: 七十戊申，乃甲辰旬空寅卯
    >>> chart("大畜", month="寅", day="癸亥", year="戊申").primary.line(6).state["year_void"]
    True
    """
    c = ctx(chart)
    if c.year is None or not _role_ok(ln):
        return {}
    year_void = int(ln.branch) in (int(b) for b in chart.year.void)
    if ln.branch == c.year:
        return {"taisui": "太歲", "year_void": year_void}
    if CLASH[ln.branch] == c.year:
        return {"taisui": "歲破", "year_void": year_void}
    return {"taisui": None, "year_void": year_void}


@rule("shichen", "時辰", "시진", ("p150-s1", "p151-s1", "p151-s2"), kind="finding")
def hour_note(chart: Any):
    """The hour counts only within the day, by the twelve stages (``changsheng.hour``); its 沖
    and 合 are nominal (p151-s1). A finding when a moving line stands on the hour."""
    c = ctx(chart)
    if c.hour is None:
        return
    for p in c.moving:
        if c.br[p - 1] == c.hour:
            yield _finding("shichen", f"{c.line_name(p)} 值時 (時辰之力近輕小速)", (p,))


@rule("taisui", kind="finding")
def taisui_findings(chart: Any):
    """太歲 in the 旬空 is 空, in the 月破 is 破 (p141-s1 "空則可空，破則可破")."""
    c = ctx(chart)
    if c.year is None:
        return
    y = BRANCH_ZH[c.year]
    if c.kong(c.year):
        yield _finding("taisui", f"太歲 {y} 旬空")
    if c.po(c.year):
        yield _finding("taisui", f"太歲 {y} 月破")


def _finding(rid: str, summary: str, lines: tuple[int, ...] = (), **data: Any):
    from compute.rules import Finding

    return Finding(rid, summary, lines, data=tuple(data.items()))
