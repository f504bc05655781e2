"""The book's worked cases (占例): every divination the text reports, each claim checked by compute.

The cases are read from the TEI edition (``tei/yimao.xml``, via :mod:`yimao.edition`): the
passage, type, inputs as the text states them, question, outcome, the claims with their catalogue
rule, the editors' notes, and what is machine-level: each claim's check (a small check
language, written in ``editorial/cases.toml`` and compiled by the TEI builder into
``<fs type="check">``) and the status it is expected to get. This module charts every case
through :func:`compute.chart`, evaluates every check, and gives the ``yimao cases`` command.

>>> cases = load()
>>> c = by_id(cases, "p111-case1")
>>> c.month, c.day, c.primary, c.changed
('寅', '癸酉', '震', '兌')
>>> [evaluate(c, cl).status for cl in c.claims]
['confirmed', 'confirmed']
>>> gregorian(by_id(cases, "p326-case1"))
('1640-06-22',)
"""

from __future__ import annotations

import argparse
import datetime as _dt
import functools
import json
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yimao.edition import CaseRecord, ClaimRecord, load_edition
from yimao.errors import EditionError

TYPES = ("reported", "schematic", "example", "historical")
STATUSES = ("confirmed", "contradicted", "not_computable", "two_readings")
INPUTS = ("year", "month", "day", "xun", "hour", "birth", "primary", "changed")
WINDOW = (1590, 1664)
"""Gregorian years searched for the dates of cases that name their year (the author's lifetime:
he wrote the 筮類 before 1639, the book was printed 1664)."""

GAN = "甲乙丙丁戊己庚辛壬癸"
ZHI = "子丑寅卯辰巳午未申酉戌亥"
SIXTY = tuple(GAN[k % 10] + ZHI[k % 12] for k in range(60))


# ------------------------------------------------------------------ the data


@dataclass(frozen=True, slots=True)
class Claim:
    """A chart fact a case asserts: its words, rule, check and expected status."""

    text: str
    rule: str
    check: Mapping[str, Any]
    expect: str
    note: str = ""
    sic: str = ""
    corr: str = ""


@dataclass(frozen=True, slots=True)
class Case:
    """One worked case; empty inputs are ``""``."""

    id: str
    para: str
    text: str
    type: str
    question: str
    primary: str
    changed: str = ""
    year: str = ""
    month: str = ""
    day: str = ""
    xun: str = ""
    hour: str = ""
    birth: str = ""
    outcome: str = ""
    note: str = ""
    date_note: str = ""
    same_as: str = ""
    claims: tuple[Claim, ...] = ()

    @property
    def date(self) -> str:
        """The date as the book gives it: 「己亥年 寅建 癸酉日」."""
        parts = [f"{self.year}年" if self.year else "", f"{self.month}建" if self.month else "",
                 f"{self.day}日" if self.day else "", f"{self.xun}旬" if self.xun else "",
                 f"{self.hour}時" if self.hour else ""]
        return " ".join(p for p in parts if p)

    @property
    def hexagrams(self) -> str:
        return f"{self.primary}之{self.changed}" if self.changed else self.primary


def _validated(case: Case, where: str) -> Case:
    if case.type not in TYPES:
        raise EditionError(f"{where} {case.id}: type {case.type!r}; expected {', '.join(TYPES)}")
    for cl in case.claims:
        if cl.expect not in STATUSES:
            raise EditionError(f"{where} {case.id}: claim {cl.text!r} expect {cl.expect!r}; "
                               f"expected {', '.join(STATUSES)}")
    return case


def _claim(record: ClaimRecord, where: str) -> Claim:
    if record.check is None:
        raise EditionError(f"{where}: claim {record.id} has no machine check "
                           "(<fs type='check'>); run python -m yimao.build_tei")
    return Claim(record.text, record.rule, record.check, record.expect,
                 record.note or record.working_note, record.sic, record.corr)


def _from_tei(record: CaseRecord, where: str) -> Case:
    claims = tuple(_claim(r, where) for r in record.claims)
    inputs = {k: getattr(record, k) or "" for k in (*INPUTS, "question", "outcome")}
    case = Case(record.id, record.passage, record.text, record.type, claims=claims,
                note=" ".join(record.notes) or record.working_note,
                date_note=" ".join(record.date_notes),
                same_as=record.same_as or "", **inputs)
    return _validated(case, where)


@functools.cache
def load(tei: Path | None = None) -> tuple[Case, ...]:
    """All cases in book order, from the TEI (:meth:`Edition.cases`; *tei* another edition
    file, e.g. the site's ``yimao_tei``): ids, passage, type, inputs, question, outcome, claim
    texts and rule ids, the editors' Korean notes (a claim's ``note`` is its editorial note
    when it has one, a case's ``note`` the note on the case, its ``date_note`` the note on its
    date), and each claim's machine check, expected status, ``sic``/``corr`` and the editors'
    working note where the TEI has no editorial note (a confirmed claim's computation)."""
    edition = load_edition(tei)
    return tuple(_from_tei(rec, str(edition.path)) for rec in edition.cases())


def by_id(cases: Iterable[Case], cid: str) -> Case:
    """The case *cid* (``p111-case1``); an unknown id is an :class:`EditionError`."""
    cases = tuple(cases)
    for c in cases:
        if c.id == cid:
            return c
    raise EditionError(f"case {cid!r}: no such case; ids look like {cases[0].id} "
                       "(see `yimao cases`)")


# ------------------------------------------------------------------ charting


class NotComputable(Exception):
    """A check compute cannot decide; the message says why."""


class Missing(NotComputable):
    """A check needs a date the case does not state (it is then tried on every completion)."""


@dataclass(frozen=True, slots=True)
class Setting:
    """A case's chart with what its date really fixes (the rest is a placeholder)."""

    chart: Any
    month: bool
    day_branch: bool
    day_stem: bool
    void: bool
    year: bool
    birth: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)


def _inputs(case: Case, over: Mapping[str, Any]) -> dict[str, str]:
    out = {k: str(getattr(case, k)) for k in INPUTS}
    for k in INPUTS:
        if k in over:
            out[k] = str(over[k])
    return out


@functools.lru_cache(maxsize=1024)
def _setting(primary: str, changed: str, year: str, month: str, day: str, xun: str,
             hour: str, birth: str) -> Setting:
    from compute import InputError, chart

    notes = []
    m = month or "寅"
    if not month:
        notes.append("no month given: 寅 used as a placeholder")
    if len(day) == 2:
        d, branch_known, stem_known, void_known = day, True, True, True
    elif day and day in ZHI:
        d, branch_known, stem_known, void_known = SIXTY[ZHI.index(day)], True, False, False
        notes.append(f"day given by its branch only: {d} used for the chart")
    elif day and day in GAN:
        d, branch_known, stem_known, void_known = SIXTY[GAN.index(day)], False, True, False
        notes.append(f"day given by its stem only: {d} used for the chart")
    elif xun:
        d, branch_known, stem_known, void_known = xun, False, False, True
        notes.append(f"only the 旬 is given: its first day {xun} used for the chart")
    else:
        d, branch_known, stem_known, void_known = "甲子", False, False, False
        notes.append("no day given: 甲子 used as a placeholder")
    try:
        c = chart(primary, changed or None, month=m, day=d, year=year or None,
                  hour=hour or None, birth=birth or None)
    except InputError as exc:
        raise EditionError(f"{primary}之{changed} {year}{month}{day}: {exc}") from None
    return Setting(c, bool(month), branch_known, stem_known, void_known, bool(year), birth,
                   tuple(notes))


def setting(case: Case, over: Mapping[str, Any] | None = None) -> Setting:
    """The chart of *case* (with a check's counterfactual inputs *over*)."""
    i = _inputs(case, over or {})
    return _setting(i["primary"], i["changed"], i["year"], i["month"], i["day"], i["xun"],
                    i["hour"], i["birth"])


# ------------------------------------------------------------------ checking


@dataclass(frozen=True, slots=True)
class Verdict:
    status: str
    detail: str = ""


def evaluate(case: Case, claim: Claim) -> Verdict:
    """The status of *claim*: confirmed, contradicted, or not_computable (with the reason);
    two_readings where the book's two readings give different statuses (yimao.case_shilei)."""
    if claim.check.get("kind") == "readings":
        from yimao.case_shilei import two_readings

        return two_readings(case, claim)
    try:
        ok, detail = _check(case, claim.check)
    except NotComputable as exc:
        return Verdict("not_computable", str(exc))
    return Verdict("confirmed" if ok else "contradicted", detail)


def _check(case: Case, spec: Mapping[str, Any]) -> tuple[bool, str]:
    kind = spec.get("kind")
    if kind == "all":
        details = []
        for sub in spec["checks"]:
            ok, detail = _check(case, sub)
            details.append(detail)
            if not ok:
                return False, detail
        return True, "; ".join(details)
    fn = CHECKS.get(kind)  # type: ignore[arg-type]
    if fn is None:
        raise EditionError(f"check kind {kind!r}: expected one of all, {', '.join(CHECKS)}")
    over = {k: spec[k] for k in INPUTS if k in spec}
    want = spec.get("equals")
    if isinstance(want, list):
        want = tuple(want)
    try:
        value = fn(setting(case, over), spec)
    except Missing as exc:
        return _over_completions(case, spec, over, fn, want, str(exc))
    return value == want, f"{kind}: {_show(value)} (text: {_show(want)})"


def completions(case: Case, over: Mapping[str, Any],
                relevant: frozenset[int] = frozenset()) -> list[dict[str, str]]:
    """The full months and days a partial date allows, kept *neutral* towards the *relevant*
    branches: a schematic example 「如戌建，遇乾之巽」 presumes nothing it does not say, so an
    unstated day neither stands on nor clashes those branches and its 旬空 misses them, and an
    unstated month neither stands on nor clashes them. (A bare 日 branch: its five pillars; a
    旬: its ten days; nothing: all sixty days; no month: all twelve.) If nothing neutral is
    left, every completion is returned."""
    i = _inputs(case, over)
    near = relevant | {(b + 6) % 12 for b in relevant}
    months = [i["month"]] if i["month"] else [m for m in ZHI if ZHI.index(m) not in near]
    day, xun = i["day"], i["xun"]
    if len(day) == 2:
        days = [day]
    elif day and day in ZHI:
        days = [g for g in SIXTY if g[1] == day]
    elif day and day in GAN:
        days = [g for g in SIXTY if g[0] == day and ZHI.index(g[1]) not in near]
    elif xun:
        days = [g for g in SIXTY[SIXTY.index(xun):SIXTY.index(xun) + 10]
                if ZHI.index(g[1]) not in near]
    else:
        days = [g for g in SIXTY if ZHI.index(g[1]) not in near]
    if not xun:
        days = [g for g in days if not _void_of(g) & relevant]
    full = [{"month": m, "day": d, "xun": ""} for m in months for d in days]
    return full or [{"month": m, "day": d, "xun": ""}
                    for m in ([i["month"]] if i["month"] else ZHI)
                    for d in (SIXTY if len(day) != 2 else [day])]


def _void_of(day: str) -> frozenset[int]:
    k = SIXTY.index(day)
    head = k - k % 10
    return frozenset({(head + 10) % 12, (head + 11) % 12})


def _relevant(s: Setting, spec: Mapping[str, Any]) -> frozenset[int]:
    """The branches a check speaks about (for the neutral completions of a partial date)."""
    from compute.fanfu import DILU

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


def _over_completions(case: Case, spec: Mapping[str, Any], over: Mapping[str, Any],
                      fn: Callable[[Setting, Mapping[str, Any]], Any], want: Any,
                      why: str) -> tuple[bool, str]:
    """A check on a partial date holds if it holds on every neutral completion of the date,
    fails if it holds on none; otherwise it cannot be decided."""
    own = OWN_DIMENSION.get(spec.get("attr", ""))
    if own and own in why:
        raise NotComputable(why)
    values = []
    for full in completions(case, over, _relevant(setting(case, over), spec)):
        values.append(fn(setting(case, {**over, **full}), spec))
    hits = sum(v == want for v in values)
    kind = spec["kind"]
    if hits == len(values):
        return True, f"{kind}: {_show(want)} on all {len(values)} neutral dates the text allows"
    if hits == 0:
        return False, (f"{kind}: {_show(values[0])} (text: {_show(want)}) on all "
                       f"{len(values)} neutral dates the text allows")
    raise NotComputable(f"{why}: the claim holds on {hits} of the {len(values)} neutral dates "
                        "the text allows")


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "是" if v else "否"
    if isinstance(v, tuple):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v) if v not in (None, "") else "—"


def _need(s: Setting, *what: str) -> None:
    missing = {
        "month": not s.month, "day": not s.day_branch, "stem": not s.day_stem,
        "void": not s.void, "year": not s.year,
    }
    names = {"month": "the month (月建)", "day": "the day branch (日辰)", "stem": "the day stem",
             "void": "the day's 旬 (for 旬空)", "year": "the year"}
    lacking = [names[w] for w in what if missing[w]]
    if lacking:
        raise Missing(f"the case does not give {' and '.join(lacking)}")


def _hex(s: Setting, which: str) -> Any:
    h = s.chart.primary if which == "primary" else s.chart.changed
    if h is None:
        raise NotComputable("the hexagram has no moving line, so no changed hexagram")
    return h


_SELECTORS = ("relative", "branch", "position", "role", "moving")


def _select(s: Setting, spec: Mapping[str, Any], which: str = "") -> list[Any]:
    h = _hex(s, which or spec.get("hexagram", "primary"))
    out = []
    for ln in h.lines:
        if "relative" in spec and str(ln.relative) != spec["relative"]:
            continue
        if "branch" in spec and str(ln.branch) != spec["branch"]:
            continue
        if "position" in spec and ln.position != spec["position"]:
            continue
        if "role" in spec and ln.position != (h.shi if spec["role"] == "世" else h.ying):
            continue
        if "moving" in spec and ln.moving != spec["moving"]:
            continue
        out.append(ln)
    return out


def _clash(a: int, b: int) -> bool:
    return (a - b) % 12 == 6


def _he(a: int, b: int) -> bool:
    from compute.hechong import LIUHE

    return LIUHE[a] == b


def _changed_line(s: Setting, ln: Any) -> Any:
    if not ln.moving or s.chart.changed is None:
        raise NotComputable(f"line {ln.position} does not move, so it has no changed line")
    return s.chart.changed.line(ln.position)


def _line_attr(s: Setting, ln: Any, attr: str, spec: Mapping[str, Any]) -> Any:
    from compute.changsheng import acts, stage, wangxiang
    from yimao.case_shilei import LINE_ATTRS  # void, grade, san, is_year (issue 10)

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
        _need(s, "month")
        return wangxiang(int(ln.element), int(c.month))
    if attr == "stage.month":
        _need(s, "month")
        return stage(int(ln.element), int(c.month))
    if attr == "stage.day":
        _need(s, "day")
        return stage(int(ln.element), int(c.day.branch))
    if attr == "stage.at":
        return stage(int(ln.element), ZHI.index(spec["at"]))
    if attr == "stage.changed":
        return stage(int(ln.element), int(_changed_line(s, ln).branch))
    if attr == "kong":
        _need(s, "void")
        return ln.branch in c.void
    if attr == "yuepo":
        _need(s, "month")
        return _clash(int(ln.branch), int(c.month))
    if attr == "is_day":
        _need(s, "day")
        return ln.branch == c.day.branch
    if attr == "is_month":
        _need(s, "month")
        return ln.branch == c.month
    if attr == "day_clash":
        _need(s, "day", "month", "void")
        if ln.role != "primary":
            raise NotComputable("日沖 is computed on the lines of the primary hexagram")
        dc = ln.state.get("day_clash")
        if not dc:
            return ""
        effect = dc["effect"]
        return "實" if effect in ("填實", "半實", "全實") else effect
    if attr == "liushen":
        _need(s, "stem")
        return str(ln.spirit)
    raise EditionError(f"line attr {attr!r}: not a known attribute")


def check_line(s: Setting, spec: Mapping[str, Any]) -> Any:
    lines = _select(s, spec)
    if not lines:
        return "(no such line)"
    values = [_line_attr(s, ln, spec["attr"], spec) for ln in lines]
    want = spec.get("equals")
    if spec.get("quantifier", "any") == "all":
        return want if all(v == want for v in values) else values[0]
    return want if want in values else values[0]


def _hidden_lines(s: Setting, spec: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    h = s.chart.primary
    out = []
    for ln in h.lines:
        fu = ln.hidden
        if fu is None:
            continue
        if "relative" in spec and str(fu.relative) != spec["relative"]:
            continue
        if "position" in spec and ln.position != spec["position"]:
            continue
        if "under_role" in spec and ln.position != (h.shi if spec["under_role"] == "世"
                                                    else h.ying):
            continue
        out.append((ln, fu))
    return out


def check_fu(s: Setting, spec: Mapping[str, Any]) -> Any:
    from compute.changsheng import stage

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

    fu: Any
    fei: Any
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
    rel = spec["relative"]
    scope = spec.get("scope", ["fei"])
    found = []
    c = s.chart
    if "fei" in scope:
        found += [ln for ln in c.primary.lines if str(ln.relative) == rel]
    if "changed" in scope and c.changed is not None:
        found += [ln for ln in c.changed.lines if ln.moving and str(ln.relative) == rel]
    if "fu" in scope:
        found += [ln for ln in c.primary.lines
                  if ln.hidden is not None and str(ln.hidden.relative) == rel]
    return not found


def check_count(s: Setting, spec: Mapping[str, Any]) -> int:
    return sum(str(ln.relative) == spec["relative"] for ln in s.chart.primary.lines)


def check_moving(s: Setting, spec: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(s.chart.moving)


def _elements(s: Setting, side: Any) -> list[tuple[int, int]]:
    """(branch, element) of a literal branch or of the lines a selector picks."""
    from compute.wuxing import BRANCH_PHASE

    if isinstance(side, str):
        b = ZHI.index(side)
        return [(b, int(BRANCH_PHASE[b]))]
    lines = _select(s, side)
    if not lines:
        raise NotComputable(f"no line matches {dict(side)}")
    return [(int(ln.branch), int(ln.element)) for ln in lines]


def check_relation(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.changsheng import acts

    want = spec["equals"]
    seen = []
    for ab, ae in _elements(s, spec["a"]):
        for bb, be in _elements(s, spec["b"]):
            if want == "合":
                got = "合" if _he(ab, bb) else "不合"
            elif want == "沖":
                got = "沖" if _clash(ab, bb) else "不沖"
            else:
                got = acts(ae, be)
            if got == want:
                return got
            seen.append(got)
    return seen[0]


def check_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.changsheng import stage
    from compute.wuxing import PHASE_ZH

    return stage(PHASE_ZH.index(spec["element"]), ZHI.index(spec["branch"]))


def check_stem_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    """A stem's stage by the 五行家 (yang stems forward, yin backward from their 長生)."""
    from compute.changsheng import STAGES, STEM_CHANGSHENG_WUXINGJIA

    k = GAN.index(spec["stem"])
    start = ZHI.index(STEM_CHANGSHENG_WUXINGJIA[k])
    steps = (ZHI.index(spec["branch"]) - start) % 12
    return STAGES[steps if k % 2 == 0 else -steps % 12]


def check_wangshuai(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.changsheng import wangxiang
    from compute.wuxing import PHASE_ZH

    _need(s, "month")
    return wangxiang(PHASE_ZH.index(spec["element"]), int(s.chart.month))


def check_xunkong(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.ganzhi import GanZhi, void_branches

    return "".join(str(b) for b in void_branches(GanZhi.from_zh(spec["day"])))


def check_ganzhi(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.ganzhi import GANZHI, GanZhi

    return GANZHI[(GanZhi.from_zh(spec["start"]).index + int(spec["add"])) % 60].zh


def check_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.ju import SANHE

    want = sorted(ZHI.index(ch) for ch in spec["branches"])
    for a, b, c, phase in SANHE:
        if sorted((a, b, c)) == want:
            return phase
    return ""


def check_sanxing(s: Setting, spec: Mapping[str, Any]) -> bool:
    from compute.xinghai import XING

    bs = [ZHI.index(ch) for ch in spec["branches"]]
    return all(XING[x] in bs for x in bs)


def check_hexagram(s: Setting, spec: Mapping[str, Any]) -> Any:
    from compute.hechong import is_liuchong, is_liuhe

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
    from compute.gua import Hexagram, Trigram

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
    from compute.fanfu import bajie_ruler, houqi_state
    from compute.gua import Trigram

    _need(s, "month")
    return houqi_state(int(Trigram.from_zh(spec["trigram"])), bajie_ruler(s.chart))


def check_dilu(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.fanfu import DILU

    return "".join(ZHI[b] for b in DILU["坤震坎兌艮離巽乾".index(spec["trigram"])])


def check_direction(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.ganzhi import direction

    return direction(spec["branch"])


def check_star(s: Setting, spec: Mapping[str, Any]) -> str:
    names = {"tianzei": "天賊", "yangren": "羊刃", "da-baihu": "白虎(大)", "xianchi": "咸池"}
    name = names.get(spec["rule"])
    if name is None:
        raise NotComputable(f"star rule {spec['rule']!r} is not mapped to a compute star name")
    _need(s, "month", "stem")
    want = spec["equals"]
    on = [str(ln.branch) for ln in s.chart.primary.lines if name in ln.state.get("shensha", ())]
    if not on:
        return "(not on any line)"
    return want if want in on else on[0]


def check_liushen(s: Setting, spec: Mapping[str, Any]) -> str:
    _need(s, "stem")
    return str(s.chart.primary.line(spec["position"]).spirit)


def check_liuqin(s: Setting, spec: Mapping[str, Any]) -> str:
    from compute.liuqin import relative
    from compute.wuxing import BRANCH_PHASE

    return str(relative(s.chart.primary.palace_element, BRANCH_PHASE[ZHI.index(spec["branch"])]))


def check_role(s: Setting, spec: Mapping[str, Any]) -> str:
    """元神 / 忌神 / 仇神 of a 六親 towards the 用神 (yuan-ji-chou), by compute's 生克 (acts)."""
    from compute.changsheng import acts
    from compute.liuqin import RELATIVE_ZH, relative
    from compute.wuxing import BRANCH_PHASE, Phase

    me = s.chart.primary.palace_element
    element = {str(relative(me, p)): int(p) for p in Phase}
    if spec["yong"] not in RELATIVE_ZH:
        raise EditionError(f"role check: yong {spec['yong']!r}; expected one of {RELATIVE_ZH}")
    yong = element[spec["yong"]]
    x = int(BRANCH_PHASE[ZHI.index(spec["branch"])]) if "branch" in spec \
        else element[spec["relative"]]
    yuan = next(p for p in range(5) if acts(p, yong) == "生")
    if acts(x, yong) == "生":
        return "元神"
    if acts(x, yong) == "克":
        return "忌神"
    if acts(x, yuan) == "克":
        return "仇神"
    return acts(x, yong)


def check_jingxing(s: Setting, spec: Mapping[str, Any]) -> str:
    return s.chart.primary.jing_xiu


def check_shengjiang(s: Setting, spec: Mapping[str, Any]) -> str:
    _need(s, "month")
    value = s.chart.primary.line(spec["position"]).state.get("shengjiang") or ""
    return value.removeprefix("真")


FINDING_DATE_FREE = {("fanyin-gua", ""), ("fuyin", ""), ("gua-mujue", ""), ("guashen", "moving")}


def check_finding(s: Setting, spec: Mapping[str, Any]) -> Any:
    from compute import rules

    rid = spec["rule"]
    try:
        rules.get(rid)
    except (KeyError, ValueError):
        raise NotComputable(f"compute has no rule {rid!r} yet") from None
    attr = spec.get("attr", "")
    if (rid, attr) not in FINDING_DATE_FREE:
        _need(s, "month", "day", "void")
    from yimao.case_shilei import FINDINGS as SHILEI_FINDINGS  # daxian, xiaoxian (issue 10)

    fn = FINDINGS.get(rid) or SHILEI_FINDINGS.get(rid)
    if fn is None:
        raise NotComputable(f"rule {rid!r} is registered but its result is not read by "
                            "yimao.cases yet")
    return fn(s, spec)


def _trigram_findings(s: Setting, rid: str) -> list[Any]:
    return [f for f in s.chart.findings if f.rule == rid and f.role == "primary"]


def _parts(fs: list[Any]) -> str:
    inner = any(f.summary.startswith("內卦") for f in fs)
    outer = any(f.summary.startswith("外卦") for f in fs)
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
    return lines[0].state.get("jintui") or ""


def finding_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    """The element of the 局 formed (of *form* and *element* when given), or ""."""
    for f in s.chart.findings:
        if f.rule != "sanhe-ju":
            continue
        data = dict(f.data)
        if data.get("verdict") != "成":
            continue
        if "form" in spec and data.get("kind") != spec["form"]:
            continue
        element = f.summary.split()[1].removesuffix("局")
        if "element" in spec and element != spec["element"]:
            continue
        return element
    return ""


def finding_suimu(s: Setting, spec: Mapping[str, Any]) -> str:
    """隨鬼入墓: the first kind found (命墓, 世墓, 化爻墓 …), or "" (命墓 needs the birth)."""
    if spec.get("equals") == "命墓" and not s.birth:
        raise NotComputable("命墓 needs the 本命 (birth)")
    kinds = [f.summary.split(":")[0] for f in s.chart.findings if f.rule == "suimu"]
    want = spec.get("equals")
    return want if want in kinds else (kinds[0] if kinds else "")


def finding_ganhua(s: Setting, spec: Mapping[str, Any]) -> str:
    """天干化用: the 六親 the stems turn into."""
    for f in s.chart.findings:
        if f.rule == "ganhua-yong" and "=" in f.summary:
            return f.summary.split("=", 1)[1].split()[0]
    return ""


def finding_juechu(s: Setting, spec: Mapping[str, Any]) -> bool:
    """絕處逢生 on the lines a selector picks."""
    lines = {ln.position for ln in _select(s, {k: v for k, v in spec.items()
                                               if k in _SELECTORS})}
    return any(f.rule == "juechu-fengsheng" and f.role == "primary" and set(f.lines) & lines
               for f in s.chart.findings)


FINDINGS: dict[str, Callable[[Setting, Mapping[str, Any]], Any]] = {
    "suimu": finding_suimu, "ganhua-yong": finding_ganhua, "juechu-fengsheng": finding_juechu,
    "fanyin-gua": finding_trigram, "fuyin": finding_trigram, "gua-mujue": finding_trigram,
    "guashen": finding_guashen, "jinshen-3": finding_jintui, "tuishen-3": finding_jintui,
    "sanhe-ju": finding_sanhe,
}

CHECKS: dict[str, Callable[[Setting, Mapping[str, Any]], Any]] = {
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


# ------------------------------------------------------------------ dates


def _year_days(gyear: int) -> tuple[_dt.date, ...]:
    """The days of a Gregorian year.

    >>> days = _year_days(1664); len(days), days[0]
    (366, datetime.date(1664, 1, 1))
    """
    first, end = _dt.date(gyear, 1, 1).toordinal(), _dt.date(gyear + 1, 1, 1).toordinal()
    return tuple(_dt.date.fromordinal(n) for n in range(first, end))


@functools.cache
def _noon(day: _dt.date) -> tuple[str, str]:
    """The year pillar (立春) and month pillar (節) of a day at noon, from compute's calendar
    adapter (which keeps the 節 of each year).

    >>> _noon(_dt.date(1664, 1, 1)), _noon(_dt.date(1664, 3, 1))
    (('癸卯', '甲子'), ('甲辰', '丙寅'))
    """
    from compute.calendar import pillars

    p = pillars(_dt.datetime(day.year, day.month, day.day, 12))
    return p.year.zh, p.month.zh


@functools.cache
def _almanac_days(gyear: int) -> tuple[tuple[str, str], ...]:
    """Per day of a Gregorian year: the almanac's year pillar (from 正月初一) and month branch
    (lunar month number: 正月 = 寅; a leap month keeps its number), as lunar-python dates a day.

    One lunar-python year table per Gregorian year: its lunar months (first day, length)
    bound the days, as ``Lunar.fromSolar`` finds a day's month (the first month the day falls
    before the end of), instead of a lunar date per day, which rebuilt the table each time.
    Only asked for when no day fits by the 節.

    >>> _almanac_days(1664)[26], _almanac_days(1664)[27]  # 正月初一 of 甲辰 was 1664-01-28
    (('癸卯', '丑'), ('甲辰', '寅'))
    """
    from lunar_python import LunarYear, Solar

    from compute.calendar import GREGORIAN_START, julian_to_gregorian

    months = []
    for m in LunarYear.fromYear(gyear).getMonths():
        s = Solar.fromJulianDay(m.getFirstJulianDay())
        ymd = (s.getYear(), s.getMonth(), s.getDay())
        first = julian_to_gregorian(*ymd) if _dt.date(*ymd) < GREGORIAN_START else _dt.date(*ymd)
        months.append((first, m.getDayCount(), SIXTY[(m.getYear() - 4) % 60],
                       ZHI[(abs(m.getMonth()) + 1) % 12]))
    out = []
    day = _dt.date(gyear, 1, 1)
    while day.year == gyear:
        out.append(next((year, month) for first, count, year, month in months
                        if (day - first).days < count))
        day += _dt.timedelta(days=1)
    return tuple(out)


def _matches(case: Case, window: tuple[int, int], almanac: bool) -> list[str]:
    """The days (ISO) whose pillars are the case's; the day pillar is tested first, so that
    the year and month are reckoned only for the days that have it."""
    from compute.calendar import day_pillar

    first = window[0] + (SIXTY.index(case.year) - (window[0] - 4)) % 60
    out = []
    for gy in range(first, window[1] + 1, 60):
        for y in (gy, gy + 1):
            for i, day in enumerate(_year_days(y)):
                dp = day_pillar(day).zh
                if case.day and case.day not in (dp, dp[0], dp[1]):
                    continue
                year, month = _almanac_days(y)[i] if almanac else _noon(day)
                if year != case.year:
                    continue
                if case.month and case.month not in (month, month[-1]) and not (
                        almanac and len(case.month) == 2 and case.month[1] == month):
                    continue
                out.append(day.isoformat())
    return out


def dates(case: Case, window: tuple[int, int] = WINDOW) -> tuple[tuple[str, ...], str]:
    """The Gregorian dates (ISO) in *window* whose pillars are the case's, and the reckoning
    that found them: ``"節"`` (month from the 節氣, year from 立春, as compute reckons) or, when
    no day fits so, ``"月"`` (the almanac's numbered month and year: 正月 = 寅). Cases that
    name no year give ``((), "")``; a month-only range is given as its first and last day."""
    if not case.year:
        return (), ""
    for almanac in (False, True):
        found = _matches(case, window, almanac)
        if found:
            if not (case.day and len(case.day) == 2):
                found = [found[0], found[-1]]
            return tuple(found), "月" if almanac else "節"
    return (), ""


def gregorian(case: Case, window: tuple[int, int] = WINDOW) -> tuple[str, ...]:
    """The dates of :func:`dates` (empty when the case names no year or no such day occurred)."""
    return dates(case, window)[0]


def date_problem(case: Case) -> str:
    """What is wrong or unusual with a dated case's pillars, or ``""``."""
    if not case.year or not case.day:
        return ""
    found, basis = dates(case)
    if not found:
        return (f"{case.date}: no day {case.day} falls in that month of a {case.year} year "
                f"between {WINDOW[0]} and {WINDOW[1]}, by 節氣 or by the almanac month")
    if basis == "月":
        return (f"{case.date}: fits only if 建 is the almanac's numbered month, not the 節氣 "
                f"month ({', '.join(found)})")
    return ""


# ------------------------------------------------------------------ the command


def tally(case: Case) -> tuple[int, int]:
    """(confirmed, total) claims."""
    verdicts = [evaluate(case, cl) for cl in case.claims]
    return sum(v.status == "confirmed" for v in verdicts), len(verdicts)


def as_json(case: Case) -> dict[str, Any]:
    """One case for ``yimao cases --json``; absent values are ``None`` (null).

    >>> j = as_json(by_id(load(), "p111-case1"))
    >>> j["month"], j["year"], j["outcome"], j["claims"][0]["status"]
    ('寅', None, '後仲夥而卒（仲夥 = 仲夏）', 'confirmed')
    """
    day = case.day or (f"{case.xun}旬" if case.xun else "")
    return {
        "id": case.id, "passage": case.para, "type": case.type, "year": _null(case.year),
        "month": _null(case.month), "day": _null(day), "hour": _null(case.hour),
        "birth": _null(case.birth), "question": _null(case.question),
        "primary": case.primary, "changed": _null(case.changed),
        "gregorian": list(gregorian(case)), "date_problem": _null(date_problem(case)),
        "date_note": _null(case.date_note),
        "claims": [_claim_json(case, cl) for cl in case.claims], "outcome": _null(case.outcome),
        **_question_json(case.id),
    }


def _question_json(case_id: str) -> dict[str, Any]:
    """question_id and yongshen (issue 10: yimao.case_questions)."""
    from yimao.case_questions import as_json as question_json

    return question_json(case_id)


def _null(value: str) -> str | None:
    return value or None


def _claim_json(case: Case, claim: Claim) -> dict[str, Any]:
    v = evaluate(case, claim)
    note = claim.note or (v.detail if v.status == "not_computable" else "")
    return {"text": claim.text, "rule": claim.rule, "status": v.status, "note": _null(note),
            "expected": claim.expect, "detail": _null(v.detail)}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON array of all cases")
    parser.add_argument("--type", choices=TYPES, help="only cases of this type")


def run(args: argparse.Namespace) -> int:
    cases = [c for c in load() if not args.type or c.type == args.type]
    if args.json:
        print(json.dumps([as_json(c) for c in cases], ensure_ascii=False, indent=1))
        return 0
    for c in cases:
        ok, total = tally(c)
        print(f"{c.id:12} {c.para}  {_pad(c.date or '—', 22)} {_pad(c.question or '—', 14)} "
              f"{_pad(c.hexagrams, 10)} {ok}/{total}")
    return 0


def _pad(text: str, width: int) -> str:
    """*text* padded to *width* terminal columns (CJK characters take two).

    >>> _pad("震之兌", 8) + "|"
    '震之兌  |'
    """
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - used, 0)
