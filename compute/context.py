"""The per-chart context of the rules of chapters 13–41: the facts every rule reads (a line's
branch and phase as ints, 旺衰 in the month, 旬空, 月破, whether a moving line is 散 …), built
once per chart and owned by the chart (``chart.context``), with the results detectors share.

>>> from compute.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌")
>>> k = context(c)
>>> k is context(c) is c.context, k.br, k.moving, k.wx[0]
(True, (2, 4, 6, 11, 9, 7), (4,), '休')
>>> k.line_name(4), k.changed_branch(4)
('四爻 亥水子孫', 8)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from compute.changsheng import (
    ACTS_TABLE,
    BRANCH_PHASE_INT,
    TU_CHANGSHENG_CHOICES,
    WANGXIANG_TABLE,
    day_action,
)
from compute.chart import Chart, ChartLine
from compute.liuqin import RELATIVE_ZH
from compute.rules import Finding
from compute.values import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final, TypeVar

CLASH: Final = tuple((b + 6) % 12 for b in range(12))
POS_ZH: Final = ("", "初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
BRANCH_ZH: Final = "子丑寅卯辰巳午未申酉戌亥"
PHASE_ZH: Final = "木火土金水"


class Context(Record):
    """Per-chart facts, indexed by position − 1 (0 = 初爻). Branches and phases are ints.

    The context does not refer back to its chart (the chart holds it): without that cycle a
    chart and everything it holds are freed as soon as the last reference goes, and the cyclic
    garbage collector has no charts to look through (it did most of a sweep's collecting)."""

    __slots__ = ("day", "day_stem", "month", "year", "hour", "void", "palace", "tu", "opts",
                 "lines", "changed", "moving", "br", "ph", "wx", "strong", "is_void", "broken",
                 "on_day", "on_month", "san", "memo", "cbr", "dact", "mact", "lmov", "cok",
                 "good", "mvs", "cbr6", "names")
    __hash__ = None  # type: ignore[assignment]  # mutable (memo), as the dataclass was
    day: int
    day_stem: int
    month: int
    year: int | None
    hour: int | None
    void: tuple[int, int]
    palace: int
    tu: str
    opts: dict[str, str]
    lines: tuple[ChartLine, ...]
    changed: tuple[ChartLine | None, ...]  # the changed line at each moving position, else None
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
    dact: tuple[str, ...]             # day_acts of each phase (木火土金水), computed once
    mact: tuple[str, ...]             # month_acts of each phase
    lmov: tuple[bool, ...]            # ln.moving of each primary line
    cok: tuple[bool, ...]             # a changed line that acts: there, and neither 空 nor 破
    good: tuple[tuple[int, int], ...]  # (index, phase) of the moving lines neither 破 nor 散
    mvs: tuple[tuple[int, int], ...]  # (index, phase) of every moving line
    cbr6: tuple[int, ...] | None      # the changed hexagram's six branches (None: no changed)
    names: list[str] | None           # line_name of each position, made on first use

    def __init__(
        self, day: int, day_stem: int, month: int, year: int | None, hour: int | None,
        void: tuple[int, int], palace: int, tu: str, opts: dict[str, str],
        lines: tuple[ChartLine, ...], changed: tuple[ChartLine | None, ...],
        moving: tuple[int, ...], br: tuple[int, ...], ph: tuple[int, ...], wx: tuple[str, ...],
        strong: tuple[bool, ...], is_void: tuple[bool, ...], broken: tuple[bool, ...],
        on_day: tuple[bool, ...], on_month: tuple[bool, ...], san: tuple[bool, ...],
        memo: dict[str, Any], cbr: tuple[int | None, ...], dact: tuple[str, ...] = (),
        mact: tuple[str, ...] = (), lmov: tuple[bool, ...] = (), cok: tuple[bool, ...] = (),
        good: tuple[tuple[int, int], ...] = (), mvs: tuple[tuple[int, int], ...] = (),
        cbr6: tuple[int, ...] | None = None,
    ) -> None:
        self.day, self.day_stem, self.month, self.year, self.hour = day, day_stem, month, year, hour
        self.void, self.palace, self.tu, self.opts = void, palace, tu, opts
        self.lines, self.changed, self.moving = lines, changed, moving
        self.br, self.ph, self.wx, self.strong = br, ph, wx, strong
        self.is_void, self.broken, self.on_day, self.on_month = is_void, broken, on_day, on_month
        self.san, self.memo, self.cbr, self.dact, self.mact = san, memo, cbr, dact, mact
        self.lmov, self.cok, self.good, self.mvs, self.cbr6 = lmov, cok, good, mvs, cbr6
        self.names = None

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
        names = self.names
        if names is None:   # the six names at once, kept for the rules that ask again
            br, ph, lines = self.br, self.ph, self.lines
            names = self.names = [
                f"{POS_ZH[i + 1]} {BRANCH_ZH[br[i]]}{PHASE_ZH[ph[i]]}"
                f"{RELATIVE_ZH[lines[i].relative]}" for i in range(6)]
        return names[pos - 1]

    def changed_branch(self, pos: int) -> int | None:
        return self.cbr[pos - 1]


def context(chart: Chart) -> Context:
    """The facts of *chart*, built on first use and kept on the chart (``chart.context``).

    The chart is frozen; its context is the one attribute set after it is built (by the first
    rule that asks), so every rule of one chart shares one context and nothing is kept
    elsewhere."""
    found = chart.context
    if found is None:
        found = _build(chart)
        object.__setattr__(chart, "context", found)
    return found


class Run(Record):
    """The detectors' run on a chart (``context(chart).memo["run"]``, set by
    :func:`compute.chart`): its plan, the findings so far, the step now running, the rules
    selected (None: all)."""

    __slots__ = ("plan", "found", "selected", "step")
    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was
    plan: Any
    found: list[Finding]
    selected: frozenset[str] | None
    step: int

    def __init__(self, plan: Any, found: list[Finding], selected: frozenset[str] | None,
                 step: int = 0) -> None:
        self.plan, self.found, self.selected, self.step = plan, found, selected, step


def findings_of(chart: Chart, rid: str) -> tuple[Finding, ...]:
    """The findings of rule *rid* on *chart*, in its detectors' order — read from the chart's
    own run when its detectors have already run on it (all of them before the rule asking, or
    the chart is built), else (left out by ``rules=``, or later in the order) its detectors run
    now. 卦用 and the judgments of the 筮類 read the hexagram's signs this way.

    >>> from compute.chart import chart
    >>> c = chart("乾", "坤", month="寅", day="甲子")
    >>> [f.kind for f in findings_of(c, "liuchong-gua")]
    ['六沖卦', '化六沖']
    """
    run = context(chart).memo.get("run")
    if run is not None and (run.selected is None or rid in run.selected):
        last = run.plan.last_step.get(rid)
        if last is not None and last < run.step:
            return tuple(f for f in run.found if f.rule == rid)
    from compute.rules import finding_detectors

    return tuple(f for r, detect in finding_detectors() if r == rid for f in detect(chart) or ())


if TYPE_CHECKING:
    D = TypeVar("D", bound=Callable[[Chart], Iterable[Finding]])


def memoized(fn: D) -> Callable[[Chart], tuple[Finding, ...]]:
    """Run a finding detector once per chart and share its findings with the rules that ask
    for them again (卦驗 and 世應十忌 read other detectors): kept in the chart's context."""
    key = f"{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def run(chart: Chart) -> tuple[Finding, ...]:
        memo = context(chart).memo
        if key not in memo:
            memo[key] = tuple(fn(chart))
        return memo[key]

    return run


_DACT: Final = {tu: tuple(tuple(day_action(p, d, tu) for p in range(5)) for d in range(12))
                for tu in TU_CHANGSHENG_CHOICES}
"""``_DACT[tu][day]``: how the day acts on each phase (:func:`day_action`), 2 × 12 rows."""
_STRONG: Final = ("旺", "相")
_WX_ROW: Final = tuple(
    tuple(WANGXIANG_TABLE[BRANCH_PHASE_INT[b]][BRANCH_PHASE_INT[m]] for b in range(12))
    for m in range(12))
"""``_WX_ROW[month][branch]``: 旺相休囚死 of a branch in a month (12 × 12)."""
_STRONG_ROW: Final = tuple(tuple(w in _STRONG for w in row) for row in _WX_ROW)
_NONE6: Final = (None,) * 6
_FALSE6: Final = (False,) * 6


def _build(chart: Chart) -> Context:
    """The context of *chart* in one pass over its six lines (ints from the enums once)."""
    lines = chart.primary.lines
    opts = dict(chart.options)
    tu = opts.get("tu-changsheng", "申")
    gz = chart.day
    day, month = gz.index % 12, int(chart.month)
    v0, v1 = chart.void
    v0, v1 = int(v0), int(v1)
    br = tuple([int(ln.branch) for ln in lines])
    lmov = tuple([ln.moving for ln in lines])
    ph = tuple([BRANCH_PHASE_INT[b] for b in br])
    wrow, srow = _WX_ROW[month], _STRONG_ROW[month]
    wx = tuple([wrow[b] for b in br])
    strong = tuple([srow[b] for b in br])
    on_day = tuple([b == day for b in br])
    on_month = tuple([b == month for b in br])
    is_void = tuple([b == v0 or b == v1 for b in br])
    pb = (month + 6) % 12
    broken = tuple([b == pb and b != day for b in br])   # 月破 not repaired by the day
    cbr6 = None
    if chart.changed is not None:
        other = chart.changed.lines
        cbr6 = tuple([int(ln.branch) for ln in other])
    if cbr6 is None or True not in lmov:
        moving: tuple[int, ...] = ()
        changed: tuple[ChartLine | None, ...] = _NONE6
        cbr: tuple[int | None, ...] = _NONE6
        cok, san, good, mvs = _FALSE6, _FALSE6, (), ()
    else:
        moving = tuple([i + 1 for i in range(6) if lmov[i]])
        changed = tuple([other[i] if lmov[i] else None for i in range(6)])
        cbr = tuple([cbr6[i] if lmov[i] else None for i in range(6)])
        cok = tuple([m and (cb := cbr6[i]) != v0 and cb != v1 and not (cb == pb and cb != day)
                     for i, m in enumerate(lmov)])
        san = _scattered(br, moving, cbr, strong, on_day, on_month, is_void, day)
        mvs = tuple([(p - 1, ph[p - 1]) for p in moving])
        good = tuple([m for m in mvs if not (broken[m[0]] or san[m[0]])])
    return Context(day, gz.index % 10, month,
                   chart.year.index % 12 if chart.year else None,
                   chart.hour.index % 12 if chart.hour else None,
                   (v0, v1), int(chart.primary.palace_element), tu, opts, lines, changed,
                   moving, br, ph, wx, strong, is_void, broken,
                   on_day, on_month, san, {}, cbr, _DACT[tu][day],
                   ACTS_TABLE[BRANCH_PHASE_INT[month]], lmov, cok, good, mvs, cbr6)


def _scattered(br, moving, cbr, strong, on_day, on_month, is_void, day) -> tuple[bool, ...]:
    """散 of each moving line (p163-s1 注, p286-s3): clashed by the day (not when on the 月建,
    and a 空 moving line is then 全動, p156-s1), changing into its clash, or clashed by another
    moving line at least as strong; a line on the 日 or 月 is never 散 (p145, p148)."""
    out = [False] * 6
    force = [2 if on_day[i] or on_month[i] else int(strong[i]) for i in range(6)]
    for p in moving:
        i = p - 1
        if force[i] == 2:
            continue
        cl = CLASH[br[i]]
        if cl == day and not is_void[i]:
            out[i] = True
        elif cbr[i] is not None and cl == cbr[i]:
            out[i] = True
        elif any(cl == br[q - 1] and force[q - 1] >= force[i] for q in moving if q != p):
            out[i] = True
    return tuple(out)
