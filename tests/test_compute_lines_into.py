"""Line annotators ((chart, lines, states) -> None): given the chart's own lines (the fast path
some of them take) or the same lines in another tuple or order, one at a time or all the lines
of their scope together, each writes the same keys, in the same order, as the chart's states
hold."""

from __future__ import annotations

import itertools

from compute import chart
from compute import registry as rules

CASTS = ["".join(c) for c in itertools.product("6789", repeat=6)][::37]
DATES = [("寅", "甲子", "甲申", "子"), ("午", "壬戌", None, None), ("酉", "丁卯", "癸卯", None),
         ("亥", "癸巳", None, "午")]


def _scope(c, scope):
    primary = c.primary.lines
    changed = c.changed.lines if c.changed else ()
    moving = tuple(ln for ln in changed if ln.moving)
    return {"all": primary + changed, "primary": primary,
            "moving": tuple(ln for ln in primary if ln.moving), "shown": primary + moving}[scope]


def _alone(write, c, ln) -> dict:
    """What line annotator *write* writes for line *ln* given alone."""
    said: dict = {}
    write(c, (ln,), [said])
    return said


def test_annotators_agree_on_any_lines() -> None:
    into = [(rid, write, rules.line_scope(write)) for rid, write in rules.line_annotators()]
    assert len(into) >= 23
    for k, cast in enumerate(CASTS):
        m, d, y, h = DATES[k % len(DATES)]
        c = chart(lines=cast, month=m, day=d, year=y, hour=h)
        for rid, write, scope in into:
            lines = _scope(c, scope)
            own = [{} for _ in lines]
            write(c, lines, own)
            other = [{} for _ in lines]
            write(c, tuple(list(lines)), other)   # not the chart's tuple: no fast path
            assert [list(d.items()) for d in own] == [list(d.items()) for d in other], rid
            back = [{} for _ in lines]
            write(c, lines[::-1], back[::-1])   # the same lines, last first
            assert back == own, rid
            alone = [_alone(write, c, ln) for ln in lines]
            assert [list(d.items()) for d in own] == [list(d.items()) for d in alone], rid
            for ln, said in zip(lines, own, strict=True):
                assert {key: ln.state[key] for key in said} == said, (rid, ln.role, ln.position)
