"""The plan of a chart's rules: the line annotators (with their scopes) and the finding detectors
in the registry's order, grouped by gate, rebuilt when a rule registers.
"""

from __future__ import annotations

from collections.abc import Mapping

from compute import registry
from compute.registry import LINE_SCOPES, OPEN
from compute.values import Frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Step = tuple[Any, ...]
    """One step of a :class:`Plan`: ``(gate, table)`` where *table* maps a gate value to the rules
    it opens (a detector ``(rule id, fn)``, an annotator ``(rule id, fn, scope)``); *gate* None
    runs ``table[OPEN]``."""


class Plan(Frozen):
    """What :func:`compute.chart` runs, in order: ``lines`` (annotators, with their scopes) and
    ``findings`` (detectors), as steps. Consecutive rules with the same gate function make one
    step, so a gate is looked at once per step (the 185 judgments, gated by the question's
    chapter, are one step). Built once per state of the registry. ``last_step``: rule id → the
    index of the step (of ``findings``) holding its last detector. ``calls``: the steps of
    ``lines`` as the chart calls them, each annotator as ``(fn, scope index, rule id)`` (the
    index in :data:`LINE_SCOPES`)."""

    __slots__ = ("lines", "findings", "last_step", "calls")
    lines: tuple[Step, ...]
    findings: tuple[Step, ...]
    last_step: Mapping[str, int]
    calls: tuple[Step, ...]

    def __init__(self, lines: tuple[Step, ...], findings: tuple[Step, ...],
                 last_step: Mapping[str, int] | None = None,
                 calls: tuple[Step, ...] | None = None) -> None:
        _set = object.__setattr__
        _set(self, "lines", lines)
        _set(self, "findings", findings)
        _set(self, "last_step", {} if last_step is None else last_step)
        if calls is None:
            calls = tuple((gate, {value: tuple((fn, LINE_SCOPES.index(scope), rid)
                                               for rid, fn, scope in rows)
                                  for value, rows in table.items()})
                          for gate, table in lines)
        _set(self, "calls", calls)


def _steps(rows: list[tuple[Any, ...]]) -> tuple[Step, ...]:
    """Group consecutive rules by gate function; within a step, the rules for one gate value
    keep their order (a plain gate and a valued one never share a step)."""
    steps: list[tuple[Any, dict[Any, list[Any]]]] = []
    for row in rows:
        fn, want = registry.GATES.get(row[1]) or (None, OPEN)
        last = steps[-1] if steps else None
        if last is None or last[0] is not fn or (OPEN in last[1]) != (want is OPEN):
            last = (fn, {})
            steps.append(last)
        last[1].setdefault(want, []).append(row)
    return tuple((fn, {k: tuple(v) for k, v in table.items()}) for fn, table in steps)


_PLAN: list[Any] = [None, 0, None, 0, None]  # line rows, their length, finding rows, theirs, Plan


def plan() -> Plan:
    """The annotators and detectors in running order, with their scopes, grouped by gate
    (rebuilt when a rule registers). It does not load the deferred modules: their rules are
    gated shut on a chart not asked a question, and :func:`compute.chart` loads them for one
    that is.

    >>> p = plan(); p is plan(), sum(len(r) for _, t in p.lines for r in t.values())
    (True, 23)
    """
    memo = _PLAN
    lines, finds = registry.LINE_ROWS, registry.FINDING_ROWS
    if memo[0] is lines and memo[1] == len(lines) and memo[2] is finds and memo[3] == len(finds):
        return memo[4]
    found = _steps([(rid, fn) for rid, fn in finds])
    last = {row[0]: k for k, (_, table) in enumerate(found) for rows in table.values()
            for row in rows}
    scopes = registry.SCOPES
    p = Plan(_steps([(rid, fn, scopes.get(fn, "all")) for rid, fn in lines]), found, last)
    memo[:] = [lines, len(lines), finds, len(finds), p]
    return p
