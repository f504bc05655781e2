"""The claim-check language of the book's worked cases: a chart fact stated as data, checked.

A case states its inputs as the book gives them (:class:`Inputs`: 本卦, 之卦, and as much of the
date as the text says); a claim's *check* is a small mapping (``editorial/cases.toml`` writes
them: ``{kind = "line", relative = "妻財", attr = "kong", equals = true}``). :func:`evaluate`
charts the case (:func:`setting`: placeholders for what the text leaves out, and what the date
really fixes), reads the value the check asks for through :class:`compute.engine.query.Query`, and
gives a :class:`Verdict`: ``confirmed``, ``contradicted`` or ``not_computable`` with the reason.
A check on a date the text leaves partial holds if it holds on every *neutral* completion of
that date (:func:`completions`), fails if it holds on none, and cannot be decided otherwise.

>>> i = Inputs(primary="震", changed="兌", month="寅", day="癸酉")
>>> v = evaluate(i, {"kind": "line", "role": "世", "attr": "kong", "equals": True})
>>> v.status, v.value, v.detail
('confirmed', True, 'line: 是 (text: 是)')
>>> evaluate(Inputs(primary="震", changed="兌"),
...          {"kind": "line", "role": "世", "attr": "kong", "equals": True}).status
'not_computable'

The check kinds are the keys of :data:`CHECKS` (and ``all``, a list of checks that must all
hold); ``kind = "finding"`` reads a rule's findings through :data:`FINDINGS`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from compute.book.changsheng import STAGES, STEM_CHANGSHENG_WUXINGJIA, acts, stage, wangxiang
from compute.book.ganzhi import (
    BRANCH_ZH,
    GANZHI,
    GANZHI_ZH,
    STEM_ZH,
    GanZhi,
    direction,
    void_branches,
)
from compute.book.gua import Hexagram, Trigram
from compute.book.liuqin import RELATIVE_ZH, Relative, relative
from compute.book.wuxing import BRANCH_PHASE, PHASE_ZH, Phase
from compute.engine.chart import Chart, ChartHexagram, ChartLine, Hidden, chart
from compute.engine.query import Query, clashes, combines
from compute.errors import InputError
from compute.lifa.fanfu import DILU, bajie_ruler, houqi_state
from compute.lifa.hechong import is_liuchong, is_liuhe
from compute.lifa.ju import SANHE
from compute.lifa.leizong import yuan_ji_chou
from compute.lifa.xinghai import XING
from compute.registry import Finding
from compute.registry import get as get_rule

INPUTS: Final = ("year", "month", "day", "xun", "hour", "birth", "primary", "changed")
"""The inputs a case may state: pillars or parts of them as the book writes them."""


class CheckError(ValueError):
    """A check that is not well formed (an unknown kind or attribute): the data is wrong."""


class NotComputable(Exception):
    """A check compute cannot decide; the message says why."""


class Missing(NotComputable):
    """A check needs a date the case does not state (it is then tried on every completion)."""


@dataclass(frozen=True, slots=True)
class Inputs:
    """What a case states, as the book writes it; ``""`` where the text is silent. *day* may be
    a pillar (癸酉), a branch (酉) or a stem (癸); *xun* a 旬 (甲子) when only that is given."""

    primary: str
    changed: str = ""
    year: str = ""
    month: str = ""
    day: str = ""
    xun: str = ""
    hour: str = ""
    birth: str = ""

    @classmethod
    def of(cls, obj: Any) -> Inputs:
        """The inputs of any object with these attributes (a case record).

        >>> Inputs.of(Inputs("震", "兌", month="寅")).month
        '寅'
        """
        return cls(*[str(getattr(obj, name, "") or "") for name in _INPUT_FIELDS])


_INPUT_FIELDS: Final = tuple(f.name for f in fields(Inputs))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The status of a check: ``confirmed``, ``contradicted`` or ``not_computable``; the value
    compute found and the value the text states (when computed); *detail* says it in words
    (for ``not_computable``: the reason)."""

    status: str
    detail: str = ""
    value: Any = None
    expected: Any = None

    @property
    def reason(self) -> str:
        return self.detail


@dataclass(frozen=True, slots=True)
class Setting:
    """A case's chart with what its date really fixes (the rest is a placeholder)."""

    chart: Chart
    month: bool
    day_branch: bool
    day_stem: bool
    void: bool
    year: bool
    birth: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)


def _inputs(inputs: Inputs, over: Mapping[str, Any]) -> dict[str, str]:
    out = {k: str(getattr(inputs, k)) for k in INPUTS}
    for k in INPUTS:
        if k in over:
            out[k] = str(over[k])
    return out


def _setting(primary: str, changed: str, year: str, month: str, day: str, xun: str,
             hour: str, birth: str, rules: tuple[str, ...] | None = None) -> Setting:
    notes = []
    m = month or "寅"
    if not month:
        notes.append("no month given: 寅 used as a placeholder")
    if len(day) == 2:
        d, branch_known, stem_known, void_known = day, True, True, True
    elif day and day in BRANCH_ZH:
        d, branch_known, stem_known, void_known = (GANZHI_ZH[BRANCH_ZH.index(day)], True, False,
                                                   False)
        notes.append(f"day given by its branch only: {d} used for the chart")
    elif day and day in STEM_ZH:
        d, branch_known, stem_known, void_known = (GANZHI_ZH[STEM_ZH.index(day)], False, True,
                                                   False)
        notes.append(f"day given by its stem only: {d} used for the chart")
    elif xun:
        d, branch_known, stem_known, void_known = xun, False, False, True
        notes.append(f"only the 旬 is given: its first day {xun} used for the chart")
    else:
        d, branch_known, stem_known, void_known = "甲子", False, False, False
        notes.append("no day given: 甲子 used as a placeholder")
    try:
        c = chart(primary, changed or None, month=m, day=d, year=year or None,
                  hour=hour or None, birth=birth or None, rules=rules)
    except InputError as exc:
        raise CheckError(f"{primary}之{changed} {year}{month}{day}: {exc}") from None
    return Setting(c, bool(month), branch_known, stem_known, void_known, bool(year), birth,
                   tuple(notes))


def setting(inputs: Inputs, over: Mapping[str, Any] | None = None,
            rules: tuple[str, ...] | None = None) -> Setting:
    """The chart of *inputs* (with a check's counterfactual inputs *over*); what the text does
    not give is a placeholder, named in ``notes``.

    >>> s = setting(Inputs("困", "坎", day="戌"))
    >>> s.chart.day.zh, s.day_branch, s.day_stem, s.notes[0]
    ('甲戌', True, False, 'no month given: 寅 used as a placeholder')
    """
    i = _inputs(inputs, over or {})
    return _setting(i["primary"], i["changed"], i["year"], i["month"], i["day"], i["xun"],
                    i["hour"], i["birth"], rules)


# ------------------------------------------------------------------ checking


def evaluate(inputs: Inputs, check: Mapping[str, Any]) -> Verdict:
    """The status of *check* on *inputs*: confirmed, contradicted, or not_computable (with the
    reason); a check that is not well formed raises :class:`CheckError`.

    >>> evaluate(Inputs("困", "坎", month="午", day="壬戌"),
    ...          {"kind": "line", "position": 4, "attr": "changed.branch", "equals": "申"})
    Verdict(status='confirmed', detail='line: 申 (text: 申)', value='申', expected='申')
    """
    try:
        ok, detail, value, want = _check(inputs, check)
    except NotComputable as exc:
        return Verdict("not_computable", str(exc))
    return Verdict("confirmed" if ok else "contradicted", detail, value, want)


def _check(inputs: Inputs, spec: Mapping[str, Any]) -> tuple[bool, str, Any, Any]:
    kind = spec.get("kind")
    if kind == "all":
        details, values, wants = [], [], []
        for sub in spec["checks"]:
            ok, detail, value, want = _check(inputs, sub)
            details.append(detail)
            if not ok:
                return False, detail, value, want
            values.append(value)
            wants.append(want)
        return True, "; ".join(details), tuple(values), tuple(wants)
    fn = CHECKS.get(kind)  # type: ignore[arg-type]
    if fn is None:
        raise CheckError(f"check kind {kind!r}: expected one of all, {', '.join(CHECKS)}")
    over = {k: spec[k] for k in INPUTS if k in spec}
    want = spec.get("equals")
    if isinstance(want, list):
        want = tuple(want)
    try:
        value = fn(setting(inputs, over, _rules_read(spec)), spec)
    except Missing as exc:
        ok, detail, value = _over_completions(inputs, spec, over, fn, want, str(exc))
        return ok, detail, value, want
    return value == want, f"{kind}: {_show(value)} (text: {_show(want)})", value, want


def completions(inputs: Inputs, over: Mapping[str, Any],
                relevant: frozenset[int] = frozenset()) -> list[dict[str, str]]:
    """The full months and days a partial date allows, kept *neutral* towards the *relevant*
    branches: a schematic example 「如戌建，遇乾之巽」 presumes nothing it does not say, so an
    unstated day neither stands on nor clashes those branches and its 旬空 misses them, and an
    unstated month neither stands on nor clashes them. (A bare 日 branch: its five pillars; a
    旬: its ten days; nothing: all sixty days; no month: all twelve.) If nothing neutral is
    left, every completion is returned."""
    i = _inputs(inputs, over)
    near = relevant | {(b + 6) % 12 for b in relevant}
    months = ([i["month"]] if i["month"]
              else [m for m in BRANCH_ZH if BRANCH_ZH.index(m) not in near])
    day, xun = i["day"], i["xun"]
    if len(day) == 2:
        days = [day]
    elif day and day in BRANCH_ZH:
        days = [g for g in GANZHI_ZH if g[1] == day]
    elif day and day in STEM_ZH:
        days = [g for g in GANZHI_ZH if g[0] == day and BRANCH_ZH.index(g[1]) not in near]
    elif xun:
        days = [g for g in GANZHI_ZH[GANZHI_ZH.index(xun):GANZHI_ZH.index(xun) + 10]
                if BRANCH_ZH.index(g[1]) not in near]
    else:
        days = [g for g in GANZHI_ZH if BRANCH_ZH.index(g[1]) not in near]
    if not xun:
        days = [g for g in days if not _void_of(g) & relevant]
    full = [{"month": m, "day": d, "xun": ""} for m in months for d in days]
    return full or [{"month": m, "day": d, "xun": ""}
                    for m in ([i["month"]] if i["month"] else BRANCH_ZH)
                    for d in (GANZHI_ZH if len(day) != 2 else [day])]


def _void_of(day: str) -> frozenset[int]:
    return frozenset(int(b) for b in void_branches(GanZhi.from_zh(day)))


def _relevant(s: Setting, spec: Mapping[str, Any]) -> frozenset[int]:
    """The branches a check speaks about (for the neutral completions of a partial date)."""
    kind = spec["kind"]
    c = s.chart
    out: set[int] = set()
    if kind in ("line", "fu"):
        try:
            lines = _select(s, spec) if kind == "line" else [f for f, _ in _hidden_lines(s, spec)]
        except NotComputable:
            lines = []
        for ln in lines:
            out.add(int(ln.branch))
            if kind == "fu" and ln.hidden is not None:
                out.add(int(ln.hidden.branch))
            if ln.moving and c.changed is not None:
                out.add(int(c.changed.line(ln.position).branch))
    elif kind == "finding" and spec["rule"] in ("fanyin-gua", "fuyin", "gua-mujue"):
        if c.changed is not None:
            p, q = c.primary.hexagram, c.changed.hexagram
            for a, b in ((p.lower, q.lower), (p.upper, q.upper)):
                if a != b:
                    out |= set(DILU[int(a)]) | set(DILU[int(b)])
    else:
        for pos in c.moving:
            out.add(int(c.primary.line(pos).branch))
            if c.changed is not None:
                out.add(int(c.changed.line(pos).branch))
        if kind in ("finding", "star", "liushen"):
            for ln in _select(s, {k: v for k, v in spec.items() if k in _SELECTORS}):
                out.add(int(ln.branch))
    return frozenset(out)


OWN_DIMENSION = {
    "kong": "旬", "changed.kong": "旬", "is_day": "日辰", "changed.is_day": "日辰",
    "stage.day": "日辰", "is_month": "月建", "changed.is_month": "月建", "yuepo": "月建",
    "changed.yuepo": "月建", "wangshuai": "月建", "stage.month": "月建", "liushen": "stem",
}
"""A check about the very date the case leaves out is not completed: it cannot be computed."""


def _over_completions(inputs: Inputs, spec: Mapping[str, Any], over: Mapping[str, Any],
                      fn: Callable[[Setting, Mapping[str, Any]], Any], want: Any,
                      why: str) -> tuple[bool, str, Any]:
    """A check on a partial date holds if it holds on every neutral completion of the date,
    fails if it holds on none; otherwise it cannot be decided."""
    own = OWN_DIMENSION.get(spec.get("attr", ""))
    if own and own in why:
        raise NotComputable(why)
    values = []
    rules = _rules_read(spec)
    for full in completions(inputs, over, _relevant(setting(inputs, over, ()), spec)):
        values.append(fn(setting(inputs, {**over, **full}, rules), spec))
    hits = sum(v == want for v in values)
    kind = spec["kind"]
    if hits == len(values):
        return (True, f"{kind}: {_show(want)} on all {len(values)} neutral dates the text allows",
                want)
    if hits == 0:
        return False, (f"{kind}: {_show(values[0])} (text: {_show(want)}) on all "
                       f"{len(values)} neutral dates the text allows"), values[0]
    raise NotComputable(f"{why}: the claim holds on {hits} of the {len(values)} neutral dates "
                        "the text allows")


STATES_READ: Final = {
    ("line", "day_clash"): "day_clash", ("line", "void"): "void", ("line", "grade"): "grade",
    ("line", "san"): "san", ("star", ""): "shensha", ("shengjiang", ""): "shengjiang",
    ("finding", "jinshen-3"): "jintui", ("finding", "tuishen-3"): "jintui",
}
"""The checks that read a state the line annotators give a line ((kind, attr) — for a finding
(kind, rule) — → the state key); ``fu`` checks read line attributes as ``line`` ones do. Every
other ``line``, ``fu`` and plain check reads the static chart alone (納甲, 六親, 世應, the
day's 旬空 …), and a ``finding`` check its rule's findings."""

STATIC_FINDINGS: Final = frozenset({"guashen", "daxian", "xiaoxian"})
"""The finding readers that compute from the static chart (卦身's lines, the 大限 and 小限)."""

STATELESS_DETECTORS: Final = frozenset({
    "fanyin-gua", "fuyin", "gua-mujue", "sanhe-ju", "suimu", "juechu-fengsheng",
})
"""The finding rules whose detectors (and the detectors they ask through
:func:`compute.engine.context.findings_of`) read no line state: a check on their findings charts
that
rule alone. tests/test_compute_claims_rules.py holds each to the full chart's findings."""


def _rules_read(spec: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The rules whose results *spec* reads, so that its chart runs only those: none for a check
    on the static chart; for one reading a line state (:data:`STATES_READ`), the line
    annotators up to the one that gives it (:func:`_annotators_through`: an annotator sees the
    states of those before it, so the state comes out as the full chart has it); for a finding,
    its own rule (what it reads of other rules' findings it gets through
    :func:`compute.engine.context.findings_of`), with every line annotator before it unless its
    detector reads no line state (:data:`STATELESS_DETECTORS`). ``None`` (every rule) for an
    ``all`` check, a check whose state no annotator is seen to give, and an unknown rule.

    >>> _rules_read({"kind": "line", "attr": "relative"}), _rules_read({"kind": "count"})
    ((), ())
    >>> _rules_read({"kind": "finding", "rule": "fanyin-gua"})
    ('fanyin-gua',)
    >>> rules = _rules_read({"kind": "finding", "rule": "ganhua-yong"})
    >>> "ganhua-yong" in rules, "yuepo" in rules
    (True, True)
    >>> _rules_read({"kind": "line", "attr": "changed.void"})[-1]
    'xunkong-13'
    """
    kind = spec.get("kind")
    if kind == "all" or kind not in CHECKS:
        return None
    if kind == "finding":
        rid = spec.get("rule", "")
        key = STATES_READ.get((kind, rid))
        if key is not None:
            return _annotators_through(key)
        if rid in STATIC_FINDINGS:
            return ()
        if not _registered(rid):
            return None
        if rid in STATELESS_DETECTORS:
            return (rid,)
        return tuple(sorted({r for r, _ in _annotators()} | {rid}))
    attr = str(spec.get("attr", ""))
    while attr.startswith("changed."):
        attr = attr.removeprefix("changed.")
    key = STATES_READ.get(("line" if kind == "fu" else kind, attr if kind in ("line", "fu")
                           else ""))
    return () if key is None else _annotators_through(key)


def _registered(rid: str) -> bool:
    try:
        get_rule(rid)
    except (KeyError, ValueError):
        return False
    return True


def _annotators_through(key: str) -> tuple[str, ...] | None:
    """The line annotators, in running order, up to the last that gives line state *key*;
    ``None`` (every rule) when none of them gives it (:func:`_state_givers`).

    >>> _annotators_through("day_clash")[-1], _annotators_through("no such state")
    ('richong-4', None)
    """
    order = _annotators()
    last = _state_givers().get(key)
    return None if last is None else tuple(rid for rid, _ in order[:last + 1])


def _annotators() -> list[tuple[str, Callable[..., Any]]]:
    """(rule id, annotator) in the order :func:`compute.chart` runs them: its plan's line steps
    (:func:`compute.registry.plan`, which leaves the 筮類's deferred modules unloaded: they add no
    line annotator).

    >>> from compute.registry import line_annotators
    >>> [rid for rid, _ in _annotators()] == [rid for rid, _ in line_annotators()]
    True
    """
    from compute.registry import plan

    p = plan()
    if _ANNOTATORS[0] is not p:
        _ANNOTATORS[:] = [p, [row[:2] for _, table in p.lines for rows in table.values()
                              for row in rows]]
    return _ANNOTATORS[1]  # type: ignore[no-any-return]


_ANNOTATORS: list[Any] = [None, []]  # the plan they were taken from, and they


@functools.cache
def _state_givers() -> dict[str, int]:
    """Line state key → the index (in running order) of the last line annotator that gives it,
    found by running the annotators once, in order, on every line of a probe chart (moving
    lines, a year and an hour, so that every annotator has its say) as :func:`compute.chart`
    runs them; an annotator says nothing on a line outside its scope or gate."""
    probe = chart("震", "兌", month="寅", day="癸酉", year="甲子", hour="子", rules=())
    lines = probe.primary.lines + (probe.changed.lines if probe.changed else ())
    out: dict[str, int] = {}
    for k, (_, annotate) in enumerate(_annotators()):
        for ln in lines:
            extra = annotate(probe, ln)
            if extra:
                out.update(dict.fromkeys(extra, k))
                ln.state.update(extra)  # type: ignore[attr-defined]
    return out


def state_of(s: Setting, ln: ChartLine | _FuLine, key: str) -> Any:
    """Line state *key* of *ln* (None when the line has none), as a check reads it; a chart of
    only some rules must have run the annotator giving it, else the check is wrongly declared
    (:data:`STATES_READ`) and this is a :class:`CheckError`, not a silent empty state.

    >>> i = Inputs("困", "坎", month="午", day="壬戌")
    >>> s = setting(i, rules=_annotators_through("day_clash"))
    >>> state_of(s, s.chart.primary.line(2), "day_clash")
    {'kind': '墓沖', 'effect': '暗動'}
    >>> s = setting(i, rules=())
    >>> state_of(s, s.chart.primary.line(2), "day_clash")
    Traceback (most recent call last):
    compute.claims.CheckError: line state 'day_clash' read without richong-4 (STATES_READ)
    """
    ran = dict(s.chart.options).get("rules")
    if ran is not None:
        givers = _annotators_through(key)
        if givers is None or givers[-1] not in ran.split():
            giver = givers[-1] if givers else "the annotator giving it"
            raise CheckError(f"line state {key!r} read without {giver} (STATES_READ)")
    return ln.state.get(key)


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "是" if v else "否"
    if isinstance(v, tuple):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v) if v not in (None, "") else "—"


def need(s: Setting, *what: str) -> None:
    """Raise :class:`Missing` when the case does not give what a check needs: ``month``,
    ``day`` (the branch), ``stem``, ``void`` (the 旬), ``year``."""
    missing = {
        "month": not s.month, "day": not s.day_branch, "stem": not s.day_stem,
        "void": not s.void, "year": not s.year,
    }
    names = {"month": "the month (月建)", "day": "the day branch (日辰)", "stem": "the day stem",
             "void": "the day's 旬 (for 旬空)", "year": "the year"}
    lacking = [names[w] for w in what if missing[w]]
    if lacking:
        raise Missing(f"the case does not give {' and '.join(lacking)}")


def _hex(s: Setting, which: str) -> ChartHexagram:
    h = Query(s.chart).hexagram(which)
    if h is None:
        raise NotComputable("the hexagram has no moving line, so no changed hexagram")
    return h


_SELECTORS: Final = ("relative", "branch", "position", "role", "moving")
"""The keys of a check that select lines (:meth:`compute.engine.query.Query.lines`)."""


def _select(s: Setting, spec: Mapping[str, Any], which: str = "") -> list[ChartLine]:
    hexagram = which or spec.get("hexagram", "primary")
    _hex(s, hexagram)
    return Query(s.chart).lines(hexagram=hexagram, **{k: spec[k] for k in _SELECTORS if k in spec})


def _changed_line(s: Setting, ln: ChartLine) -> ChartLine:
    if not ln.moving or s.chart.changed is None:
        raise NotComputable(f"line {ln.position} does not move, so it has no changed line")
    return s.chart.changed.line(ln.position)


def _line_attr(s: Setting, ln: ChartLine | _FuLine, attr: str, spec: Mapping[str, Any]) -> Any:
    from compute.claims.shilei import LINE_ATTRS  # void, grade, san, is_year (issue 10)

    if attr in LINE_ATTRS:
        return LINE_ATTRS[attr](s, ln, spec)
    c = s.chart
    if attr.startswith("changed."):
        cl = _changed_line(s, ln)
        sub = attr.split(".", 1)[1]
        if sub == "relation":
            rel = acts(int(cl.element), int(ln.element))
            return {"洩": "洩", "耗": "耗"}.get(acts(int(ln.element), int(cl.element)), rel) \
                if rel not in ("生", "克", "比") else rel
        return _line_attr(s, cl, sub, spec)
    if attr == "branch":
        return str(ln.branch)
    if attr in ("stem", "ganzhi"):
        if not s.month and {int(c.primary.hexagram.lower), int(c.primary.hexagram.upper)} & {0, 7}:
            raise NotComputable("乾/坤 stems depend on the half-year (najia-gan-seasonal); "
                                "no month is given")
        return str(ln.stem) if attr == "stem" else ln.ganzhi.zh
    if attr == "element":
        return str(ln.element)
    if attr == "relative":
        return str(ln.relative)
    if attr == "yinyang":
        return "陽" if ln.yang else "陰"
    if attr == "moving":
        return bool(ln.moving)
    if attr == "wangshuai":
        need(s, "month")
        return wangxiang(int(ln.element), int(c.month))
    if attr == "stage.month":
        need(s, "month")
        return stage(int(ln.element), int(c.month))
    if attr == "stage.day":
        need(s, "day")
        return stage(int(ln.element), int(c.day.branch))
    if attr == "stage.at":
        return stage(int(ln.element), BRANCH_ZH.index(spec["at"]))
    if attr == "stage.changed":
        return stage(int(ln.element), int(_changed_line(s, ln).branch))
    if attr == "kong":
        need(s, "void")
        return ln.branch in c.void
    if attr == "yuepo":
        need(s, "month")
        return clashes(int(ln.branch), int(c.month))
    if attr == "is_day":
        need(s, "day")
        return ln.branch == c.day.branch
    if attr == "is_month":
        need(s, "month")
        return ln.branch == c.month
    if attr == "day_clash":
        need(s, "day", "month", "void")
        if ln.role != "primary":
            raise NotComputable("日沖 is computed on the lines of the primary hexagram")
        dc = state_of(s, ln, "day_clash")
        if not dc:
            return ""
        effect = dc["effect"]
        return "實" if effect in ("填實", "半實", "全實") else effect
    if attr == "liushen":
        need(s, "stem")
        return str(ln.spirit)
    raise CheckError(f"line attr {attr!r}: not a known attribute")


def check_line(s: Setting, spec: Mapping[str, Any]) -> Any:
    lines = _select(s, spec)
    if not lines:
        return "(no such line)"
    values = [_line_attr(s, ln, spec["attr"], spec) for ln in lines]
    want = spec.get("equals")
    if spec.get("quantifier", "any") == "all":
        return want if all(v == want for v in values) else values[0]
    return want if want in values else values[0]


def _hidden_lines(s: Setting, spec: Mapping[str, Any]) -> list[tuple[ChartLine, Hidden]]:
    return Query(s.chart).hidden(relative=spec.get("relative"), position=spec.get("position"),
                                 under_role=spec.get("under_role"))


def check_fu(s: Setting, spec: Mapping[str, Any]) -> Any:
    pairs = _hidden_lines(s, spec)
    if not pairs:
        return "(no such 伏神)"
    attr = spec["attr"]
    values = []
    for fei, fu in pairs:
        if attr == "under.branch":
            values.append(str(fei.branch))
        elif attr == "under.role":
            h = s.chart.primary
            values.append("世" if fei.position == h.shi else "應" if fei.position == h.ying else "")
        elif attr == "under.relative":
            values.append(str(fei.relative))
        elif attr == "stage.fei":
            values.append(stage(int(fu.element), int(fei.branch)))
        elif attr == "yinyang":
            hid = s.chart.primary.hidden_hexagram
            values.append("陽" if hid.is_yang(fei.position) else "陰")
        else:
            proxy = _FuLine(fu, fei)
            values.append(_line_attr(s, proxy, attr, spec))
    want = spec.get("equals")
    return want if want in values else values[0]


@dataclass(frozen=True, slots=True)
class _FuLine:
    """A 伏神 seen as a line, for the attributes that only need its pillar."""

    fu: Hidden
    fei: ChartLine
    moving: bool = False
    role: str = "hidden"

    branch = property(lambda self: self.fu.branch)
    stem = property(lambda self: self.fu.stem)
    element = property(lambda self: self.fu.element)
    relative = property(lambda self: self.fu.relative)
    ganzhi = property(lambda self: self.fu.ganzhi)
    position = property(lambda self: self.fei.position)
    yang = property(lambda self: None)
    state = property(lambda self: {})
    spirit = property(lambda self: self.fei.spirit)


def check_absent(s: Setting, spec: Mapping[str, Any]) -> bool:
    return Query(s.chart).absent(spec["relative"], spec.get("scope", ["fei"]))


def check_count(s: Setting, spec: Mapping[str, Any]) -> int:
    return len(Query(s.chart).lines(relative=spec["relative"]))


def check_moving(s: Setting, spec: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(s.chart.moving)


def _elements(s: Setting, side: Any) -> list[tuple[int, int]]:
    """(branch, element) of a literal branch or of the lines a selector picks."""

    if isinstance(side, str):
        b = BRANCH_ZH.index(side)
        return [(b, int(BRANCH_PHASE[b]))]
    lines = _select(s, side)
    if not lines:
        raise NotComputable(f"no line matches {dict(side)}")
    return [(int(ln.branch), int(ln.element)) for ln in lines]


def check_relation(s: Setting, spec: Mapping[str, Any]) -> str:
    want = spec["equals"]
    seen = []
    for ab, ae in _elements(s, spec["a"]):
        for bb, be in _elements(s, spec["b"]):
            if want == "合":
                got = "合" if combines(ab, bb) else "不合"
            elif want == "沖":
                got = "沖" if clashes(ab, bb) else "不沖"
            else:
                got = acts(ae, be)
            if got == want:
                return got
            seen.append(got)
    return seen[0]


def check_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    return stage(PHASE_ZH.index(spec["element"]), BRANCH_ZH.index(spec["branch"]))


def check_stem_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    """A stem's stage by the 五行家 (yang stems forward, yin backward from their 長生)."""

    k = STEM_ZH.index(spec["stem"])
    start = BRANCH_ZH.index(STEM_CHANGSHENG_WUXINGJIA[k])
    steps = (BRANCH_ZH.index(spec["branch"]) - start) % 12
    return STAGES[steps if k % 2 == 0 else -steps % 12]


def check_wangshuai(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    return wangxiang(PHASE_ZH.index(spec["element"]), int(s.chart.month))


def check_xunkong(s: Setting, spec: Mapping[str, Any]) -> str:
    return "".join(str(b) for b in void_branches(GanZhi.from_zh(spec["day"])))


def check_ganzhi(s: Setting, spec: Mapping[str, Any]) -> str:
    return GANZHI[(GanZhi.from_zh(spec["start"]).index + int(spec["add"])) % 60].zh


def check_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    want = sorted(BRANCH_ZH.index(ch) for ch in spec["branches"])
    for a, b, c, phase in SANHE:
        if sorted((a, b, c)) == want:
            return phase
    return ""


def check_sanxing(s: Setting, spec: Mapping[str, Any]) -> bool:
    bs = [BRANCH_ZH.index(ch) for ch in spec["branches"]]
    return all(XING[x] in bs for x in bs)


def check_hexagram(s: Setting, spec: Mapping[str, Any]) -> Any:
    h = _hex(s, spec.get("hexagram", "primary"))
    attr = spec["attr"]
    branches = [int(ln.branch) for ln in h.lines]
    tri = "坤震坎兌艮離巽乾"
    return {
        "palace": lambda: str(h.palace), "element": lambda: str(h.palace_element),
        "shi": lambda: h.shi, "ying": lambda: h.ying,
        "liuchong": lambda: is_liuchong(branches), "liuhe": lambda: is_liuhe(branches),
        "youhun": lambda: h.hexagram.generation == 6, "guihun": lambda: h.hexagram.generation == 7,
        "inner": lambda: tri[int(h.hexagram.lower)], "outer": lambda: tri[int(h.hexagram.upper)],
        "name": lambda: h.name, "guashen": lambda: str(h.guashen),
    }[attr]()


def check_trigrams(s: Setting, spec: Mapping[str, Any]) -> str:
    return Hexagram.from_trigrams(Trigram.from_zh(spec["upper"]),
                                  Trigram.from_zh(spec["lower"])).name


def check_hugua(s: Setting, spec: Mapping[str, Any]) -> str:
    hu = s.chart.primary.hugua
    if hu is None:
        raise NotComputable("compute gives no 互卦 for this chart")
    tri = "坤震坎兌艮離巽乾"
    return {"whole": hu.name, "inner": tri[int(hu.lower)], "outer": tri[int(hu.upper)]}[
        spec["part"]]


def check_trigram_state(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    return houqi_state(int(Trigram.from_zh(spec["trigram"])), bajie_ruler(s.chart))


def check_dilu(s: Setting, spec: Mapping[str, Any]) -> str:
    return "".join(BRANCH_ZH[b] for b in DILU["坤震坎兌艮離巽乾".index(spec["trigram"])])


def check_direction(s: Setting, spec: Mapping[str, Any]) -> str:
    return direction(spec["branch"])


def check_star(s: Setting, spec: Mapping[str, Any]) -> str:
    names = {"tianzei": "天賊", "yangren": "羊刃", "da-baihu": "白虎(大)", "xianchi": "咸池"}
    name = names.get(spec["rule"])
    if name is None:
        raise NotComputable(f"star rule {spec['rule']!r} is not mapped to a compute star name")
    need(s, "month", "stem")
    want = spec["equals"]
    on = [str(ln.branch) for ln in s.chart.primary.lines
          if name in (state_of(s, ln, "shensha") or ())]
    if not on:
        return "(not on any line)"
    return want if want in on else on[0]


def check_liushen(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "stem")
    return str(s.chart.primary.line(spec["position"]).spirit)


def check_liuqin(s: Setting, spec: Mapping[str, Any]) -> str:
    phase = BRANCH_PHASE[BRANCH_ZH.index(spec["branch"])]
    return str(relative(s.chart.primary.palace_element, phase))


def check_role(s: Setting, spec: Mapping[str, Any]) -> str:
    """元神 / 忌神 / 仇神 of a 六親 (or of a branch's element) towards the 用神 (yuan-ji-chou:
    :func:`compute.lifa.leizong.yuan_ji_chou`); another relation is named by its 生克 (acts)."""
    if spec["yong"] not in RELATIVE_ZH:
        raise CheckError(f"role check: yong {spec['yong']!r}; expected one of {RELATIVE_ZH}")
    me = s.chart.primary.palace_element
    yong = Relative.from_zh(spec["yong"])
    x = (relative(me, BRANCH_PHASE[BRANCH_ZH.index(spec["branch"])]) if "branch" in spec
         else Relative.from_zh(spec["relative"]))
    named = dict(zip(yuan_ji_chou(yong), ("元神", "忌神", "仇神"), strict=True))
    if x in named:
        return named[x]
    element = {relative(me, p): p for p in Phase}
    return acts(element[x], element[yong])


def check_jingxing(s: Setting, spec: Mapping[str, Any]) -> str:
    return s.chart.primary.jing_xiu


def check_shengjiang(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    value = state_of(s, s.chart.primary.line(spec["position"]), "shengjiang") or ""
    return value.removeprefix("真")


FINDING_DATE_FREE = {("fanyin-gua", ""), ("fuyin", ""), ("gua-mujue", ""), ("guashen", "moving")}


def check_finding(s: Setting, spec: Mapping[str, Any]) -> Any:
    rid = spec["rule"]
    try:
        get_rule(rid)
    except (KeyError, ValueError):
        raise NotComputable(f"compute has no rule {rid!r} yet") from None
    attr = spec.get("attr", "")
    if (rid, attr) not in FINDING_DATE_FREE:
        need(s, "month", "day", "void")
    from compute.claims.shilei import FINDINGS as SHILEI_FINDINGS  # daxian, xiaoxian (issue 10)

    fn = FINDINGS.get(rid) or SHILEI_FINDINGS.get(rid)
    if fn is None:
        raise NotComputable(f"rule {rid!r} is registered but its result is not read by "
                            "the claim checks yet (compute.claims.FINDINGS)")
    return fn(s, spec)


def _trigram_findings(s: Setting, rid: str) -> list[Finding]:
    return Query(s.chart).findings(rid, role="primary")


def _parts(fs: list[Finding]) -> str:
    inner = any(f.fact("side") == "內卦" for f in fs)
    outer = any(f.fact("side") == "外卦" for f in fs)
    return ("內" if inner else "") + ("外" if outer else "")


def finding_trigram(s: Setting, spec: Mapping[str, Any]) -> Any:
    """fanyin-gua / fuyin / gua-mujue: which trigrams (內, 外, 內外), or their grade."""
    fs = _trigram_findings(s, spec["rule"])
    attr = spec.get("attr", "")
    if not attr:
        return _parts(fs)
    grades = [dict(f.data).get("grade", "") for f in fs]
    if not grades:
        return "(none)"
    if attr == "true":
        return not all(g in ("非", "偽") for g in grades)
    return grades[0] if len(set(grades)) == 1 else "/".join(grades)


def finding_guashen(s: Setting, spec: Mapping[str, Any]) -> bool:
    h = s.chart.primary
    return any(h.line(p).moving for p in h.guashen_lines) or h.line(h.shishen).moving


def finding_jintui(s: Setting, spec: Mapping[str, Any]) -> str:
    lines = _select(s, {"branch": spec["branch"], "moving": True})
    if not lines:
        return "(no such moving line)"
    return state_of(s, lines[0], "jintui") or ""


def finding_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    """The element of the 局 formed (of *form* and *element* when given), or ""."""
    for f in Query(s.chart).findings("sanhe-ju"):
        data = dict(f.data)
        if data.get("verdict") != "成":
            continue
        if "form" in spec and data.get("kind") != spec["form"]:
            continue
        element = str(f.fact("element"))
        if "element" in spec and element != spec["element"]:
            continue
        return element
    return ""


def finding_suimu(s: Setting, spec: Mapping[str, Any]) -> str:
    """隨鬼入墓: the first kind found (命墓, 世墓, 化爻墓 …), or "" (命墓 needs the birth)."""
    if spec.get("equals") == "命墓" and not s.birth:
        raise NotComputable("命墓 needs the 本命 (birth)")
    kinds = [f.kind for f in Query(s.chart).findings("suimu")]
    want = spec.get("equals")
    return want if want in kinds else (kinds[0] if kinds else "")


def finding_ganhua(s: Setting, spec: Mapping[str, Any]) -> str:
    """天干化用: the 六親 the stems turn into."""
    found = Query(s.chart).findings("ganhua-yong")
    return str(found[0].fact("relative")) if found else ""


def finding_juechu(s: Setting, spec: Mapping[str, Any]) -> bool:
    """絕處逢生 on the lines a selector picks."""
    lines = {ln.position for ln in _select(s, {k: v for k, v in spec.items()
                                               if k in _SELECTORS})}
    return any(set(f.lines) & lines
               for f in Query(s.chart).findings("juechu-fengsheng", role="primary"))


FINDINGS: Final[dict[str, Callable[[Setting, Mapping[str, Any]], Any]]] = {
    "suimu": finding_suimu, "ganhua-yong": finding_ganhua, "juechu-fengsheng": finding_juechu,
    "fanyin-gua": finding_trigram, "fuyin": finding_trigram, "gua-mujue": finding_trigram,
    "guashen": finding_guashen, "jinshen-3": finding_jintui, "tuishen-3": finding_jintui,
    "sanhe-ju": finding_sanhe,
}

CHECKS: Final[dict[str, Callable[[Setting, Mapping[str, Any]], Any]]] = {
    "line": check_line, "fu": check_fu, "absent": check_absent, "count": check_count,
    "moving": check_moving, "relation": check_relation, "stage": check_stage,
    "wangshuai": check_wangshuai, "stem_stage": check_stem_stage, "xunkong": check_xunkong,
    "ganzhi": check_ganzhi,
    "sanhe": check_sanhe, "sanxing": check_sanxing, "hexagram": check_hexagram,
    "trigrams": check_trigrams, "hugua": check_hugua, "trigram_state": check_trigram_state,
    "dilu": check_dilu, "direction": check_direction, "star": check_star,
    "liushen": check_liushen, "liuqin": check_liuqin, "role": check_role,
    "jingxing": check_jingxing, "shengjiang": check_shengjiang, "finding": check_finding,
}


