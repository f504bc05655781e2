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
from typing import Any, Final, TypeVar

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
                 "on_day", "on_month", "san", "memo", "cbr", "dact", "mact")
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

    def __init__(
        self, day: int, day_stem: int, month: int, year: int | None, hour: int | None,
        void: tuple[int, int], palace: int, tu: str, opts: dict[str, str],
        lines: tuple[ChartLine, ...], changed: tuple[ChartLine | None, ...],
        moving: tuple[int, ...], br: tuple[int, ...], ph: tuple[int, ...], wx: tuple[str, ...],
        strong: tuple[bool, ...], is_void: tuple[bool, ...], broken: tuple[bool, ...],
        on_day: tuple[bool, ...], on_month: tuple[bool, ...], san: tuple[bool, ...],
        memo: dict[str, Any], cbr: tuple[int | None, ...], dact: tuple[str, ...] = (),
        mact: tuple[str, ...] = (),
    ) -> None:
        self.day, self.day_stem, self.month, self.year, self.hour = day, day_stem, month, year, hour
        self.void, self.palace, self.tu, self.opts = void, palace, tu, opts
        self.lines, self.changed, self.moving = lines, changed, moving
        self.br, self.ph, self.wx, self.strong = br, ph, wx, strong
        self.is_void, self.broken, self.on_day, self.on_month = is_void, broken, on_day, on_month
        self.san, self.memo, self.cbr, self.dact, self.mact = san, memo, cbr, dact, mact

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
        i = pos - 1
        return (f"{POS_ZH[pos]} {BRANCH_ZH[self.br[i]]}{PHASE_ZH[self.ph[i]]}"
                f"{RELATIVE_ZH[self.lines[i].relative]}")

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


def _build(chart: Chart) -> Context:
    """The context of *chart* in one pass over its six lines (ints from the enums once)."""
    lines = chart.primary.lines
    opts = dict(chart.options)
    tu = opts.get("tu-changsheng", "申")
    gz = chart.day
    day, month = gz.index % 12, int(chart.month)
    v0, v1 = chart.void
    void = (int(v0), int(v1))
    mph = BRANCH_PHASE_INT[month]
    other = chart.changed.lines if chart.changed is not None else None
    br, ph, wx, strong, moving, changed, cbr = [], [], [], [], [], [], []
    on_day, on_month, is_void, broken = [], [], [], []
    for ln in lines:
        b = int(ln.branch)
        p = BRANCH_PHASE_INT[b]
        w = WANGXIANG_TABLE[p][mph]
        br.append(b)
        ph.append(p)
        wx.append(w)
        strong.append(w in _STRONG)
        on_day.append(b == day)
        on_month.append(b == month)
        is_void.append(b == void[0] or b == void[1])
        broken.append((b - month) % 12 == 6 and b != day)
        if ln.moving and other is not None:
            moving.append(ln.position)
            cl = other[ln.position - 1]
            changed.append(cl)
            cbr.append(int(cl.branch))
        else:
            changed.append(None)
            cbr.append(None)
    moving_t, changed_t = tuple(moving), tuple(changed)
    br_t, strong_t, on_day_t, on_month_t, is_void_t = (
        tuple(br), tuple(strong), tuple(on_day), tuple(on_month), tuple(is_void))
    san = _scattered(br_t, moving_t, changed_t, strong_t, on_day_t, on_month_t, is_void_t, day)
    return Context(day, gz.index % 10, month,
                   chart.year.index % 12 if chart.year else None,
                   chart.hour.index % 12 if chart.hour else None,
                   void, int(chart.primary.palace_element), tu, opts, lines, changed_t,
                   moving_t, br_t, tuple(ph), tuple(wx), strong_t, is_void_t, tuple(broken),
                   on_day_t, on_month_t, san, {}, tuple(cbr), _DACT[tu][day], ACTS_TABLE[mph])


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
