"""Running the rules on a chart: every line annotator on the lines of its scope, then every
finding detector, each only where its gate is open, in the registry's order
(:func:`compute.engine.plan.plan`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import attrgetter

from compute import registry
from compute.engine.context import Run, context
from compute.engine.model import Chart, ChartLine
from compute.engine.plan import plan
from compute.errors import InputError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


def selected_rules(rules: Iterable[str]) -> frozenset[str]:
    if isinstance(rules, str):
        rules = rules.split()
    out = frozenset(rules)
    for rid in sorted(out):
        try:
            registry.get(rid)
        except KeyError:
            raise InputError("rules.unknown", value=rid) from None
    return out


def run_rules(c: Chart, selected: frozenset[str] | None = None) -> Chart:
    """Run the line annotators (each on the lines of its scope) and the finding detectors,
    each only where its gate (if any) is open (:func:`compute.engine.plan.plan`)."""
    if selected is not None and not selected:
        return c
    # the lines of each scope and their states, in the order of registry.LINE_SCOPES (all,
    # primary, moving, shown); a changed line moves where its primary line does
    primary = c.primary.lines
    ps = list(map(_STATE, primary))
    if c.changed is None:   # no moving line
        scopes: tuple[tuple[ChartLine, ...], ...] = (primary, primary, (), primary)
        states_of: tuple[list[dict[str, Any]], ...] = (ps, ps, [], ps)
    else:
        changed = c.changed.lines
        moves = tuple(map(_MOVING, primary))
        cs = list(map(_STATE, changed))
        scopes = (primary + changed, primary, tuple(compress(primary, moves)),
                  primary + tuple(compress(changed, moves)))
        states_of = (ps + cs, ps, list(compress(ps, moves)), ps + list(compress(cs, moves)))
    steps = plan()
    gates: dict[Any, Any] = {}
    for gate, table in steps.calls:
        for into, k, rid in (table[_OPEN] if gate is None else _open(gate, table, c, gates)):
            if selected is None or rid in selected:  # one call, writing into its lines' states
                into(c, scopes[k], states_of[k])
    found: list[registry.Finding] = []
    add = found.extend
    run = context(c).memo["run"] = Run(steps, found, selected)
    for step, (gate, table) in enumerate(steps.findings):
        run.step = step
        if selected is None:
            for _rid, detect in _open(gate, table, c, gates):
                add(detect(c) or ())
        else:
            for rid, detect in _open(gate, table, c, gates):
                if rid in selected:
                    add(detect(c) or ())
    run.step = len(steps.findings)
    object.__setattr__(c, "findings", tuple(found))  # the chart is published only now
    return c


_NONE: Final = ()
_OPEN: Final = registry.OPEN
_MOVING: Final = attrgetter("moving")
_STATE: Final = attrgetter("state")


def _open(gate: Any, table: dict[Any, tuple[Any, ...]], c: Chart,
          seen: dict[Any, Any]) -> tuple[Any, ...]:
    """The rules of a plan step that run on *c*: all of an ungated step; of a gated one, those
    its gate's value opens (the gate evaluated once per chart, kept in *seen*)."""
    if gate is None:
        return table[registry.OPEN]
    value = seen.get(gate, seen)
    if value is seen:
        value = seen[gate] = gate(c)
    if registry.OPEN in table:
        return table[registry.OPEN] if value else _NONE
    return table.get(value, _NONE)
