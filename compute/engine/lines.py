"""The static chart's lines, built from the book's tables: 納甲 (stems and branches by trigram,
with 二老時遷), 五行, 六親 by the palace, 六神 by day, month and hour, 貴人, 伏神, 世應 and the
兩身. The tables are made at import from the book's functions (:mod:`compute.book.najia`,
:mod:`compute.book.liushen` …), each held equal to its function by a doctest, so that a chart
is a few look-ups per line.
"""

from __future__ import annotations

from compute.book.ganzhi import (
    Branch,
    GanZhi,
)
from compute.book.gua import Hexagram
from compute.book.liushen import (
    MONTH_SPIRITS_ON,
)
from compute.book.wuxing import Phase
from compute.engine.model import Chart, ChartHexagram, ChartLine, Hidden, new_blank
from compute.engine.tables import (
    DAY_SPIRITS_OF,
    FIXED,
    GENERALS_OF,
    HOUR_SPIRITS_OF,
    RELATIVE_OF,
    najia_rows,
)
from compute.values import draft

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final


# ------------------------------------------------------------------ building

def make_hexagram(role: str, hexagram: Hexagram, lines: tuple[ChartLine, ...],
                   hidden_hexagram: Hexagram | None, hugua: Hexagram | None) -> ChartHexagram:
    """A :class:`ChartHexagram` the chart built itself, without the checks."""
    o = new_blank(DRAFTS[2])
    o.role = role
    o.hexagram = hexagram
    o.lines = lines
    o.hidden_hexagram = hidden_hexagram
    o.hugua = hugua
    o.__class__ = ChartHexagram
    return o


DRAFTS: Final = (draft(Hidden), draft(ChartLine), draft(ChartHexagram), draft(Chart))
"""The drafts of the chart's classes (:func:`compute.values.draft`: built, then frozen; never
handed out, so kept in a tuple and not among the module's classes)."""


def build_lines(
    role: str, bits: int, cast: tuple[tuple[bool, bool, str], ...], primary: bool,
    palace_phase: Phase, way: int,
    day: GanZhi, month: Branch, hour: GanZhi | None, hidden: Hexagram | None,
) -> tuple[ChartLine, ...]:
    """The six lines of the primary (*primary*: its marks the cast's) or of the changed hexagram
    (單 or 拆): the hexagram's tables, then the spirits of the day, month and hour (*cast*: each
    cast line's yang, moving and mark)."""
    ds = day.index % 10   # the day's stem (an int: the tables below are by int)
    spirits = DAY_SPIRITS_OF[ds]
    on_month = MONTH_SPIRITS_ON[month]
    rel = RELATIVE_OF[palace_phase]
    fu_rows = najia_rows(hidden.bits, way) if hidden is not None else None
    rows = najia_rows(bits, way)
    yang_t, xiu_t, roles_t = FIXED[bits][:3]
    if hour is not None:
        hb = hour.index % 12
        hspirits = HOUR_SPIRITS_OF[ds][hb]
        generals = GENERALS_OF[ds][hb >= 6]
    new, hidden_draft, line_draft = new_blank, DRAFTS[0], DRAFTS[1]
    out = []
    for k in range(6):
        stem, branch, phase = rows[k]
        _, moving, mark = cast[k]
        yang = yang_t[k]
        o = new(line_draft)
        o.role = role
        o.position = k + 1
        o.yang = yang
        o.moving = moving
        o.mark = mark if primary else "單" if yang else "拆"
        o.stem = stem
        o.branch = branch
        o.element = phase
        o.relative = rel[phase]
        o.spirit = spirits[k]
        if fu_rows is not None:  # its 伏神 (_make_hidden written out: a call less per line)
            h = new(hidden_draft)
            h.stem, h.branch, h.element = fu = fu_rows[k]
            h.relative = rel[fu[2]]
            h.__class__ = Hidden
            o.hidden = h
        else:
            o.hidden = None
        o.month_spirits = on_month[branch]
        o.hour_spirit = hspirits[k] if hour is not None else None
        o.guiren = generals[branch] if hour is not None else None
        o.xiu = xiu_t[k]
        o.roles = roles_t[k]
        o.state = {}
        o.__class__ = ChartLine
        out.append(o)
    return tuple(out)
