"""The setting of a worked case: its inputs as the book states them, the chart they allow
(:func:`setting`: placeholders for what the text leaves out), the verdicts of a check, and the
line states a check reads (:func:`state_of`, charting only the annotators that give them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from compute.book.ganzhi import (
    BRANCH_ZH,
    GANZHI_ZH,
    STEM_ZH,
)
from compute.engine.chart import Chart, ChartLine, Hidden, chart
from compute.engine.plan import plan
from compute.errors import InputError
from compute.registry import get as get_rule


@dataclass(frozen=True, slots=True)
class FuLine:
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
    a pillar (癸酉), a branch (酉) or a stem (癸); *xun* a 旬 (甲子) when only that is given.

    The one case-inputs type: compute checks a case's claims on it, the TEI's writer
    (``yimao.tei.cases.Case.inputs``, from editorial/cases.toml) and the read model
    (``yimao.model.case_record.Case.inputs``, from the TEI) hold a case's inputs in it.
    """

    primary: str
    changed: str = ""
    year: str = ""
    month: str = ""
    day: str = ""
    xun: str = ""
    hour: str = ""
    birth: str = ""

    @classmethod
    def given(cls, values: Mapping[str, Any]) -> Inputs:
        """The inputs a mapping states (a case's row or record): each of :data:`INPUTS` as
        text, ``""`` where it is absent or blank.

        >>> Inputs.given({"primary": "震", "changed": "兌", "month": "寅", "day": " "})
        Inputs(primary='震', changed='兌', year='', month='寅', day='', xun='', hour='', birth='')
        """
        return cls(*[v if (v := str(values.get(name, "") or "")).strip() else ""
                     for name in _INPUT_FIELDS])

    def items(self) -> tuple[tuple[str, str], ...]:
        """The inputs stated, ``(name, value)`` in the order of :data:`INPUTS`.

        >>> Inputs("困", "坎", month="午", day="壬戌").items()
        (('month', '午'), ('day', '壬戌'), ('primary', '困'), ('changed', '坎'))
        """
        return tuple((name, v) for name in INPUTS if (v := getattr(self, name)))

    @property
    def date(self) -> str:
        """The date as the book gives it: 「己亥年 寅建 癸酉日」.

        >>> Inputs("乾", year="己亥", month="寅", day="癸酉").date
        '己亥年 寅建 癸酉日'
        """
        parts = [f"{self.year}年" if self.year else "", f"{self.month}建" if self.month else "",
                 f"{self.day}日" if self.day else "", f"{self.xun}旬" if self.xun else "",
                 f"{self.hour}時" if self.hour else ""]
        return " ".join(p for p in parts if p)

    @property
    def hexagrams(self) -> str:
        """「困之坎」, or the primary alone."""
        return f"{self.primary}之{self.changed}" if self.changed else self.primary


_INPUT_FIELDS: Final = tuple(f.name for f in fields(Inputs))
NO_INPUTS: Final = Inputs("")
"""A case that states nothing (the default of a case record's inputs)."""


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


def case_inputs(inputs: Inputs, over: Mapping[str, Any]) -> dict[str, str]:
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
    i = case_inputs(inputs, over or {})
    return _setting(i["primary"], i["changed"], i["year"], i["month"], i["day"], i["xun"],
                    i["hour"], i["birth"], rules)


# ------------------------------------------------------------------ checking



def is_registered(rid: str) -> bool:
    try:
        get_rule(rid)
    except (KeyError, ValueError):
        return False
    return True


def annotators_through(key: str) -> tuple[str, ...] | None:
    """The line annotators, in running order, up to the last that gives line state *key*;
    ``None`` (every rule) when none of them gives it (:func:`_state_givers`).

    >>> annotators_through("day_clash")[-1], annotators_through("no such state")
    ('richong-4', None)
    """
    order = plan_annotators()
    last = _state_givers().get(key)
    return None if last is None else tuple(rid for rid, _ in order[:last + 1])


def plan_annotators() -> list[tuple[str, Callable[..., None]]]:
    """(rule id, annotator) in the order :func:`compute.chart` runs them: its plan's line steps
    (:func:`compute.engine.plan.plan`, which leaves the 筮類's deferred modules unloaded: they add
    no line annotator).

    >>> from compute.registry import line_annotators
    >>> [rid for rid, _ in plan_annotators()] == [rid for rid, _ in line_annotators()]
    True
    """
    p = plan()
    if _ANNOTATORS[0] is not p:
        _ANNOTATORS[:] = [p, [row[:2] for _, table in p.lines for rows in table.values()
                              for row in rows]]
    return _ANNOTATORS[1]  # type: ignore[no-any-return]


_ANNOTATORS: list[Any] = [None, []]  # the plan they were taken from, and they


@functools.cache
def _state_givers() -> dict[str, int]:
    """Line state key → the index (in running order) of the last line annotator that gives it,
    found by running the annotators once, in the order :func:`compute.chart` runs them, on every
    line of a probe chart (moving lines, a year and an hour, so that every annotator has its
    say), one line at a time (``annotate(probe, (line,), [state])``); an annotator says nothing
    on a line outside its scope or gate."""
    probe = chart("震", "兌", month="寅", day="癸酉", year="甲子", hour="子", rules=())
    lines = probe.primary.lines + (probe.changed.lines if probe.changed else ())
    out: dict[str, int] = {}
    for k, (_, annotate) in enumerate(plan_annotators()):
        for ln in lines:
            said: dict[str, Any] = {}
            annotate(probe, (ln,), [said])
            if said:
                out.update(dict.fromkeys(said, k))
                ln.state.update(said)  # type: ignore[attr-defined]
    return out


def state_of(s: Setting, ln: ChartLine | FuLine, key: str) -> Any:
    """Line state *key* of *ln* (None when the line has none), as a check reads it; a chart of
    only some rules must have run the annotator giving it, else the check is wrongly declared
    (:data:`STATES_READ`) and this is a :class:`CheckError`, not a silent empty state.

    >>> i = Inputs("困", "坎", month="午", day="壬戌")
    >>> s = setting(i, rules=annotators_through("day_clash"))
    >>> state_of(s, s.chart.primary.line(2), "day_clash")
    {'kind': '墓沖', 'effect': '暗動'}
    >>> s = setting(i, rules=())
    >>> state_of(s, s.chart.primary.line(2), "day_clash")
    Traceback (most recent call last):
    compute.claims.case.CheckError: line state 'day_clash' read without richong-4 (STATES_READ)
    """
    ran = dict(s.chart.options).get("rules")
    if ran is not None:
        givers = annotators_through(key)
        if givers is None or givers[-1] not in ran.split():
            giver = givers[-1] if givers else "the annotator giving it"
            raise CheckError(f"line state {key!r} read without {giver} (STATES_READ)")
    return ln.state.get(key)


def show_value(v: Any) -> str:
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


