"""The per-chart context of the rules of chapters 13–41: the facts every rule reads (a line's
branch and phase as ints, 旺衰 in the month, 旬空, 月破, whether a moving line is 散 …), built
once per chart and owned by the chart (``chart.context``), with the results detectors share.

>>> from compute.engine.chart import chart
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
from operator import itemgetter

from compute.book.changsheng import (
    ACTS_TABLE,
    BRANCH_PHASE_INT,
    TU_CHANGSHENG_CHOICES,
    WANGXIANG_TABLE,
    day_action,
)
from compute.book.ganzhi import BRANCH_ZH, CLASH, VOID_START
from compute.book.gua import POS_ZH
from compute.book.liuqin import RELATIVE_ZH
from compute.book.wuxing import PHASE_ZH
from compute.registry import Finding, finding_detectors
from compute.values import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Final, TypeVar

    from compute.engine.model import Chart, ChartLine

AS_INT: Final = tuple(range(12))
"""``AS_INT[b]``: a branch (or any IntEnum below 12) as a plain int — a tuple lookup, several
times cheaper than ``int(b)``."""


_LINE_HEAD: Final = tuple(tuple(f"{POS_ZH[p]} {BRANCH_ZH[b]}{PHASE_ZH[BRANCH_PHASE_INT[b]]}"
                                for b in range(12)) for p in range(1, 7))
"""``_LINE_HEAD[position − 1][branch]``: the start of :meth:`Context.line_name` (四爻 亥水)."""


class Context(Record):
    """Per-chart facts, indexed by position − 1 (0 = 初爻). Branches and phases are ints.

    The context does not refer back to its chart (the chart holds it): without that cycle a
    chart and everything it holds are freed as soon as the last reference goes, and the cyclic
    garbage collector has no charts to look through (it did most of a sweep's collecting)."""

    __slots__ = ("day", "day_stem", "month", "year", "hour", "void", "palace", "tu", "opts",
                 "lines", "changed", "moving", "br", "ph", "wx", "strong", "is_void", "broken",
                 "on_day", "on_month", "san", "memo", "cbr", "dact", "mact", "lmov", "cok",
                 "good", "cbr6", "names", "mcnt", "gcnt", "gpos")
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
    cbr6: tuple[int, ...] | None      # the changed hexagram's six branches (None: no changed)
    names: list[str] | None           # line_name of each position, made on first use
    mcnt: tuple[int, ...]             # how many moving lines of each phase (木火土金水)
    gcnt: tuple[int, ...]             # how many of the moving lines neither 破 nor 散, by phase
    gpos: tuple[bool, ...]            # the line is a moving line neither 破 nor 散

    def __init__(
        self, day: int, day_stem: int, month: int, year: int | None, hour: int | None,
        void: tuple[int, int], palace: int, tu: str, opts: dict[str, str],
        lines: tuple[ChartLine, ...], changed: tuple[ChartLine | None, ...],
        moving: tuple[int, ...], br: tuple[int, ...], ph: tuple[int, ...], wx: tuple[str, ...],
        strong: tuple[bool, ...], is_void: tuple[bool, ...], broken: tuple[bool, ...],
        on_day: tuple[bool, ...], on_month: tuple[bool, ...], san: tuple[bool, ...],
        memo: dict[str, Any], cbr: tuple[int | None, ...], dact: tuple[str, ...] = (),
        mact: tuple[str, ...] = (), lmov: tuple[bool, ...] = (), cok: tuple[bool, ...] = (),
        good: tuple[tuple[int, int], ...] = (), cbr6: tuple[int, ...] | None = None,
        mcnt: tuple[int, ...] = (0,) * 5, gcnt: tuple[int, ...] = (0,) * 5,
        gpos: tuple[bool, ...] = (False,) * 6,
    ) -> None:
        self.day, self.day_stem, self.month, self.year, self.hour = day, day_stem, month, year, hour
        self.void, self.palace, self.tu, self.opts = void, palace, tu, opts
        self.lines, self.changed, self.moving = lines, changed, moving
        self.br, self.ph, self.wx, self.strong = br, ph, wx, strong
        self.is_void, self.broken, self.on_day, self.on_month = is_void, broken, on_day, on_month
        self.san, self.memo, self.cbr, self.dact, self.mact = san, memo, cbr, dact, mact
        self.lmov, self.cok, self.good, self.cbr6 = lmov, cok, good, cbr6
        self.names = None
        self.mcnt, self.gcnt, self.gpos = mcnt, gcnt, gpos

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
            br, lines = self.br, self.lines
            names = self.names = [  # written out: no comprehension (a call of its own)
                _LINE_HEAD[0][br[0]] + RELATIVE_ZH[lines[0].relative],
                _LINE_HEAD[1][br[1]] + RELATIVE_ZH[lines[1].relative],
                _LINE_HEAD[2][br[2]] + RELATIVE_ZH[lines[2].relative],
                _LINE_HEAD[3][br[3]] + RELATIVE_ZH[lines[3].relative],
                _LINE_HEAD[4][br[4]] + RELATIVE_ZH[lines[4].relative],
                _LINE_HEAD[5][br[5]] + RELATIVE_ZH[lines[5].relative]]
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


def shown_branches(c: Context, lines: Sequence[ChartLine]) -> list[int | None]:
    """The branch of each of *lines* as an int, for an annotator of the shown lines: a primary
    line's from the context, a moving changed line's own; None for a static changed line (it
    gets no state).

    >>> from compute.engine.chart import chart
    >>> ch = chart("震", "兌", month="寅", day="癸酉")
    >>> shown_branches(context(ch), ch.primary.lines[:2] + ch.changed.lines[:2])
    [0, 2, None, 3]
    >>> both = ch.primary.lines + ch.changed.lines  # the six primary lines first: read at once
    >>> shown_branches(context(ch), both) == shown_branches(context(ch), list(both))
    True
    """
    br = c.br
    if len(lines) >= 6 and lines[:6] == c.lines:  # the six primary lines first (as the chart's
        out = [*br]                                # "shown" scope has them): their branches
        for ln in lines[6:]:
            out.append(br[ln.position - 1] if ln.role == "primary" else AS_INT[ln.branch]
                       if ln.moving else None)
        return out
    return [br[ln.position - 1] if ln.role == "primary" else AS_INT[ln.branch] if ln.moving
            else None for ln in lines]


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

    >>> from compute.engine.chart import chart
    >>> c = chart("乾", "坤", month="寅", day="甲子")
    >>> [f.kind for f in findings_of(c, "liuchong-gua")]
    ['六沖卦', '化六沖']
    """
    run = context(chart).memo.get("run")
    if run is not None and (run.selected is None or rid in run.selected):
        last = run.plan.last_step.get(rid)
        if last is not None and last < run.step:
            return tuple(f for f in run.found if f.rule == rid)
    return tuple(f for r, detect in finding_detectors() if r == rid for f in detect(chart) or ())


if TYPE_CHECKING:
    D = TypeVar("D", bound=Callable[[Chart], Iterable[Finding]])


def memoized(fn: D) -> Callable[[Chart], tuple[Finding, ...]]:
    """Run a finding detector once per chart and share its findings with the rules that ask
    for them again (卦驗 and 世應十忌 read other detectors): kept in the chart's context."""
    key = f"{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def run(chart: Chart) -> tuple[Finding, ...]:
        memo = (chart.context or context(chart)).memo
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(fn(chart))
        return found

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
_ZERO5: Final = (0,) * 5


def _build(chart: Chart) -> Context:
    """The context of *chart*: ints from the six lines' enums once; each fact of the six lines
    a 6-tuple picked out of a 12-entry row by their branches (one ``itemgetter`` call: no loop
    and no comprehension, which under Python 3.11 is a call of its own)."""
    lines = chart.primary.lines
    opts = dict(chart.options)
    tu = opts.get("tu-changsheng", "申")
    i = chart.day.index
    day, month = i % 12, AS_INT[chart.month]
    v0 = VOID_START[i]   # the 旬空 pair: v0 and the next branch
    v1 = (v0 + 1) % 12
    pb = (month + 6) % 12
    bpi = BRANCH_PHASE_INT
    other = chart.changed.lines if chart.changed is not None else None
    l0, l1, l2, l3, l4, l5 = lines   # unrolled: six lines, no loop, no appends
    b0, b1, b2, b3, b4, b5 = br_t = (
        AS_INT[l0.branch], AS_INT[l1.branch], AS_INT[l2.branch], AS_INT[l3.branch],
        AS_INT[l4.branch], AS_INT[l5.branch])
    pick = itemgetter(b0, b1, b2, b3, b4, b5)
    ph = ph_t = pick(bpi)
    strong_t = pick(_STRONG_ROW[month])
    on_day_t = pick(_IS[day])
    on_month_t = pick(_IS[month])
    is_void_t = pick(_VOID_ROW[v0])
    broken = broken_t = pick(_IS[pb if pb != day else 12])  # 月破 not repaired by the day
    lmov = (l0.moving, l1.moving, l2.moving, l3.moving, l4.moving, l5.moving)
    wx = pick(_WX_ROW[month])
    (moving_t, changed_t, cbr_t, cok_t, san, good_t, mcnt_t, gcnt_t, gpos_t,
     cbr6) = _movers(other, lmov, br_t, ph, broken, strong_t, on_day_t, on_month_t, is_void_t,
                     day, v0, v1, pb)
    year, hour = chart.year, chart.hour
    return Context(
        day=day, day_stem=i % 10, month=month, year=year.index % 12 if year else None,
        hour=hour.index % 12 if hour else None, void=(v0, v1),
        palace=AS_INT[chart.primary.palace_element], tu=tu, opts=opts, lines=lines,
        changed=changed_t, moving=moving_t, br=br_t, ph=ph_t, wx=wx, strong=strong_t,
        is_void=is_void_t, broken=broken_t, on_day=on_day_t, on_month=on_month_t, san=san,
        memo={}, cbr=cbr_t, dact=_DACT[tu][day], mact=ACTS_TABLE[bpi[month]], lmov=lmov,
        cok=cok_t, good=good_t, cbr6=cbr6, mcnt=mcnt_t, gcnt=gcnt_t, gpos=gpos_t)


def _movers(other: tuple[ChartLine, ...] | None, lmov: tuple[bool, ...], br_t: tuple[int, ...],
            ph: tuple[int, ...], broken: tuple[bool, ...], strong_t: tuple[bool, ...],
            on_day_t: tuple[bool, ...], on_month_t: tuple[bool, ...],
            is_void_t: tuple[bool, ...], day: int, v0: int, v1: int, pb: int) -> tuple[Any, ...]:
    """The moving lines' facts for :func:`_build`: their positions, changed lines and branches,
    which change soundly, which are 散, the sound movers and their counts by phase."""
    moving = []
    if other is not None:
        for k in range(6):
            if lmov[k]:
                moving.append(k + 1)
    cbr6 = None
    if other is not None:
        cbr6 = (AS_INT[other[0].branch], AS_INT[other[1].branch], AS_INT[other[2].branch],
                AS_INT[other[3].branch], AS_INT[other[4].branch], AS_INT[other[5].branch])
    if not moving:
        moving_t: tuple[int, ...] = ()
        changed_t: tuple[ChartLine | None, ...] = _NONE6
        cbr_t: tuple[int | None, ...] = _NONE6
        cok_t, san, good_t = _FALSE6, _FALSE6, ()
        mcnt_t, gcnt_t, gpos_t = _ZERO5, _ZERO5, _FALSE6
    else:
        changed, cbr, cok = [None] * 6, [None] * 6, [False] * 6
        for p in moving:
            k = p - 1
            changed[k] = other[k]  # type: ignore[index]
            cb = cbr[k] = cbr6[k]  # type: ignore[index]
            cok[k] = cb != v0 and cb != v1 and not (cb == pb and cb != day)
        moving_t, changed_t, cbr_t, cok_t = tuple(moving), tuple(changed), tuple(cbr), tuple(cok)
        san = _scattered(br_t, moving_t, cbr_t, strong_t, on_day_t, on_month_t, is_void_t, day)
        good = []
        mcnt, gcnt, gpos = [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [False] * 6
        for p in moving:
            k = p - 1
            q = ph[k]
            mcnt[q] += 1
            if not (broken[k] or san[k]):
                good.append((k, q))
                gcnt[q] += 1
                gpos[k] = True
        good_t, mcnt_t, gcnt_t, gpos_t = tuple(good), tuple(mcnt), tuple(gcnt), tuple(gpos)
    return (moving_t, changed_t, cbr_t, cok_t, san, good_t, mcnt_t, gcnt_t, gpos_t, cbr6)



_IS: Final = tuple(tuple(b == x for b in range(12)) for x in range(13))
"""``_IS[x][b]``: ``b == x`` (``_IS[12]``: never)."""
_VOID_ROW: Final = tuple(tuple(b == v or b == (v + 1) % 12 for b in range(12)) for v in range(12))
"""``_VOID_ROW[v0][b]``: *b* is one of the 旬空 pair that begins with *v0*."""


def _scattered(br, moving, cbr, strong, on_day, on_month, is_void, day) -> tuple[bool, ...]:
    """散 of each moving line (p163-s1 注, p286-s3): clashed by the day (not when on the 月建,
    and a 空 moving line is then 全動, p156-s1), changing into its clash, or clashed by another
    moving line at least as strong; a line on the 日 or 月 is never 散 (p145, p148)."""
    out = [False] * 6
    for p in moving:
        i = p - 1
        if on_day[i] or on_month[i]:   # force 2: never 散
            continue
        cl = CLASH[br[i]]
        if cl == day and not is_void[i]:
            out[i] = True
        elif cbr[i] is not None and cl == cbr[i]:
            out[i] = True
        else:   # another moving line clashing it with at least its force (旺相 1, else 0)
            weak = not strong[i]
            for q in moving:
                j = q - 1
                if q != p and cl == br[j] and (weak or on_day[j] or on_month[j] or strong[j]):
                    out[i] = True
                    break
    return tuple(out)
