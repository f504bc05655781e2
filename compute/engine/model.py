"""The chart's values: :class:`Chart` (the cast, its date, the primary and changed hexagrams, the
findings), :class:`ChartHexagram`, :class:`ChartLine` (納甲, 五行, 六親, 六神, 伏神 and the
line states) and :class:`Hidden` (a 伏神). :func:`compute.engine.chart.chart` builds them.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from itertools import compress
from operator import attrgetter

from compute import registry
from compute.book.ganzhi import (
    Branch,
    GanZhi,
    Stem,
    void_branches,
)
from compute.book.gua import Hexagram, Yao
from compute.book.liuqin import RELATIVE_ZH, Relative
from compute.book.liushen import (
    SPIRIT_ZH,
    Spirit,
)
from compute.book.shen import guashen, shishen
from compute.book.wuxing import Phase, branch_phase
from compute.book.xing import jingfang_xiu, wuxing_star
from compute.engine.context import Context
from compute.engine.tables import (
    BRANCH_NAMES,
    FIXED,
    LINE_KEYS,
    MOVES,
    NUMBER_OF,
    PHASE_NAMES,
    SHISHEN_OF,
    SIX_POSITIONS,
    SPIRIT_AT,
    STEM_NAMES,
)
from compute.errors import InputError
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.book.questions import Asking


ROLES: Final = ("primary", "changed")


class Hidden(Frozen):
    """A 伏神: the line of the 伏卦 under a line of the primary hexagram.

    >>> from compute import chart
    >>> h = chart("晉", month="寅", day="甲子").primary.line(4).hidden  # p024-s1: 丙戌為飛伏
    >>> h.ganzhi, h.relative, h.to_dict()["element"]
    (GanZhi.from_zh('丙戌'), Relative.FUMU, '土')
    """

    __slots__ = ("stem", "branch", "element", "relative")
    stem: Stem
    branch: Branch
    element: Phase
    relative: Relative

    def __init__(self, stem: Stem, branch: Branch, element: Phase, relative: Relative) -> None:
        if branch_phase(branch) != element:
            raise InputError("model.fushen", branch=branch, element=element)
        init(self, stem, branch, element, relative)

    @property
    def ganzhi(self) -> GanZhi:
        return GanZhi.from_parts(self.stem, self.branch)

    def to_dict(self) -> dict[str, Any]:
        return {"stem": STEM_NAMES[self.stem], "branch": BRANCH_NAMES[self.branch],
                "element": PHASE_NAMES[self.element], "relative": RELATIVE_ZH[self.relative]}


class ChartLine(Frozen):
    """One line (爻) of the primary or of the changed hexagram.

    >>> from compute import chart
    >>> ln = chart("震", "兌", month="寅", day="癸酉").primary.line(2)
    >>> ln.ganzhi.zh, ln.mark, ln.moving, str(ln.spirit), ln.to_dict()["relative"]
    ('庚寅', '交', True, '青龍', '兄弟')

    ``moving``: the cast line is 老 (重/交); on a line of the changed hexagram it says that this
    position came from a moving line (a 變爻). ``relative`` is always reckoned from the primary's
    palace. ``state`` holds what the registered line annotators add (JSON-ready values).
    """

    __slots__ = ("role", "position", "yang", "moving", "mark", "stem", "branch", "element",
                 "relative", "spirit", "hidden", "month_spirits", "hour_spirit", "guiren", "xiu",
                 "roles", "state")
    _hashed = __slots__[:-1]  # compared with its state, hashed without it
    role: str
    position: int
    yang: bool
    moving: bool
    mark: str
    stem: Stem
    branch: Branch
    element: Phase
    relative: Relative
    spirit: Spirit
    hidden: Hidden | None
    month_spirits: tuple[Spirit, ...]
    hour_spirit: Spirit | None
    guiren: str | None
    xiu: str
    roles: tuple[str, ...]
    state: Mapping[str, Any]

    def __init__(
        self, role: str, position: int, yang: bool, moving: bool, mark: str, stem: Stem,
        branch: Branch, element: Phase, relative: Relative, spirit: Spirit,
        hidden: Hidden | None = None, month_spirits: tuple[Spirit, ...] = (),
        hour_spirit: Spirit | None = None, guiren: str | None = None, xiu: str = "",
        roles: tuple[str, ...] = (), state: Mapping[str, Any] | None = None,
    ) -> None:
        """The line, checked (the chart builds its own lines without the checks)."""
        if role not in ROLES:
            raise InputError("model.role", value=role)
        if not 1 <= position <= 6:
            raise InputError("model.position", value=position)
        if branch_phase(branch) != element or stem % 2 != branch % 2:
            raise InputError("model.pillar", position=position, pillar=f"{stem}{branch}",
                             element=element)
        init(self, role, position, yang, moving, mark, stem, branch, element, relative, spirit,
             hidden, month_spirits, hour_spirit, guiren, xiu, roles,
             {} if state is None else state)

    @property
    def ganzhi(self) -> GanZhi:
        return GanZhi.from_parts(self.stem, self.branch)

    def to_dict(self) -> dict[str, Any]:
        """The line's fields as JSON (names by direct table lookup), then its states.

        The states are JSON values as the annotators made them (``tests/test_compute_rules_api``
        holds every annotator to it), not copied: the nested lists and dicts are the chart's
        own, so a caller that edits the result edits the chart (copy it first)."""
        out = LINE_KEYS.copy()
        out["position"] = self.position
        out["yang"] = self.yang
        out["moving"] = self.moving
        out["mark"] = self.mark
        out["stem"] = STEM_NAMES[self.stem]
        out["branch"] = BRANCH_NAMES[self.branch]
        out["element"] = PHASE_NAMES[self.element]
        out["relative"] = RELATIVE_ZH[self.relative]
        out["spirit"] = SPIRIT_ZH[self.spirit]
        hidden = self.hidden
        if hidden is not None:
            out["hidden"] = hidden.to_dict()
        spirits = self.month_spirits
        out["month_spirits"] = list(map(SPIRIT_AT, spirits)) if spirits else []
        hour = self.hour_spirit
        if hour is not None:
            out["hour_spirit"] = SPIRIT_ZH[hour]
        out["guiren"] = self.guiren
        out["xiu"] = self.xiu
        out["roles"] = [*self.roles]
        if self.state:  # JSON values already (rules.py), shared: read the dict, do not edit it
            out.update(self.state)
        return out


new_blank = object.__new__


class ChartHexagram(Frozen):
    """The primary (本卦) or changed (之卦) hexagram of a chart, with its lines.

    >>> from compute import chart
    >>> p = chart("困", "兌", month="子", day="戊寅").primary
    >>> p.name, p.generation, p.guashen, p.guashen_lines, p.to_dict()["hidden_hexagram"]
    ('困', '一世', Branch.WU, (3,), '兌')
    """

    __slots__ = ("role", "hexagram", "lines", "hidden_hexagram", "hugua")
    role: str
    hexagram: Hexagram
    lines: tuple[ChartLine, ...]
    hidden_hexagram: Hexagram | None
    hugua: Hexagram | None

    def __init__(self, role: str, hexagram: Hexagram, lines: tuple[ChartLine, ...],
                 hidden_hexagram: Hexagram | None, hugua: Hexagram | None) -> None:
        if len(lines) != 6 or [ln.position for ln in lines] != [1, 2, 3, 4, 5, 6]:
            raise InputError("model.lines")
        init(self, role, hexagram, lines, hidden_hexagram, hugua)

    # the hexagram's own facts
    name = property(attrgetter("hexagram.name"), doc="The hexagram's name (困).")
    full_name = property(attrgetter("hexagram.full_name"), doc="Its full name (澤水困).")
    palace = property(attrgetter("hexagram.palace"), doc="Its palace (a trigram).")
    palace_element = property(attrgetter("hexagram.palace.phase"), doc="The palace's element.")
    generation = property(attrgetter("hexagram.generation_zh"), doc="八純, 一世 … 歸魂.")
    shi = property(attrgetter("hexagram.shi"), doc="The 世 line.")
    ying = property(attrgetter("hexagram.ying"), doc="The 應 line.")

    def line(self, position: int) -> ChartLine:
        """Line *position* (1 = 初爻).

        >>> from compute import chart
        >>> chart("乾", month="寅", day="甲子").primary.line(6).ganzhi.zh
        '壬戌'
        """
        return self.lines[position - 1]

    @property
    def guashen(self) -> Branch:
        """The 卦身 branch (兩身章)."""
        return guashen(self.hexagram)

    @property
    def guashen_lines(self) -> tuple[int, ...]:
        """The lines carrying the 卦身 (may be none, may be two)."""
        b = self.guashen
        return tuple(ln.position for ln in self.lines if ln.branch == b)

    @property
    def shishen(self) -> int:
        """The line of the 世身."""
        return shishen(self.hexagram, self.lines[self.shi - 1].branch)

    @property
    def star(self) -> str:
        """五星 on the 世."""
        return wuxing_star(self.hexagram)

    @property
    def jing_xiu(self) -> str:
        """京房 經星 on the 世."""
        return jingfang_xiu(self.hexagram)

    def to_dict(self) -> dict[str, Any]:
        """The hexagram's facts (those of the hexagram alone kept per hexagram), then its
        lines."""
        h = self.hexagram
        fixed = FIXED[h.bits]
        out = fixed[3].copy()
        b = fixed[4]
        l0, l1, l2, l3, l4, l5 = lines = self.lines  # unrolled: no comprehension (a call each)
        out["guashen_lines"] = list(compress(SIX_POSITIONS, (
            l0.branch == b, l1.branch == b, l2.branch == b, l3.branch == b, l4.branch == b,
            l5.branch == b)))
        out["shishen"] = SHISHEN_OF[lines[h.shi - 1].branch]
        hidden, hu = self.hidden_hexagram, self.hugua
        out["hidden_hexagram"] = hidden.name if hidden is not None else None
        out["hugua"] = hu.name if hu is not None else None
        out["lines"] = [l0.to_dict(), l1.to_dict(), l2.to_dict(), l3.to_dict(), l4.to_dict(),
                        l5.to_dict()]
        return out


class Chart(Frozen):
    """A computed chart. Build it with :func:`chart`; ``repr`` gives that call back.

    >>> from compute import chart
    >>> c = chart("乾", "姤", month="寅", day="甲子")
    >>> c.moving, c.option("najia_season"), [ln.position for ln in c.lines("changed")][:2]
    ((1,), '冬至後', [1, 2])
    >>> sorted(c.to_dict())[:4]
    ['at', 'birth', 'cast', 'changed']
    """

    __slots__ = ("cast", "primary", "changed", "month", "day", "month_pillar", "year", "hour",
                 "birth", "at", "options", "findings", "call", "context", "asking")
    _compared = __slots__[:-2]  # not the context, nor the asking (its options are compared)
    cast: tuple[Yao, ...]
    primary: ChartHexagram
    changed: ChartHexagram | None
    month: Branch
    day: GanZhi
    month_pillar: GanZhi | None
    year: GanZhi | None
    hour: GanZhi | None
    birth: GanZhi | Branch | None
    at: _dt.datetime | None
    options: tuple[tuple[str, str], ...]
    findings: tuple[registry.Finding, ...]
    call: str
    context: Context | None
    """The rules' per-chart facts (:mod:`compute.engine.context`), set by the first rule that
    asks."""
    asking: Asking | None
    """What the chart was asked (:class:`compute.book.questions.Asking`: the question, the 用神
    given by hand, the facts), read once when it was built; None when it was asked nothing."""

    def __init__(
        self, cast: tuple[Yao, ...], primary: ChartHexagram, changed: ChartHexagram | None,
        month: Branch, day: GanZhi, month_pillar: GanZhi | None = None,
        year: GanZhi | None = None, hour: GanZhi | None = None,
        birth: GanZhi | Branch | None = None, at: _dt.datetime | None = None,
        options: tuple[tuple[str, str], ...] = (), findings: tuple[registry.Finding, ...] = (),
        call: str = "", context: Context | None = None, asking: Asking | None = None,
    ) -> None:
        if len(cast) != 6:
            raise InputError("model.cast")
        if (changed is None) != (not any(y.moving for y in cast)):
            raise InputError("model.changed")
        init(self, cast, primary, changed, month, day, month_pillar, year, hour, birth, at,
             options, findings, call, context, asking)

    def __repr__(self) -> str:
        return self.call or object.__repr__(self)

    @property
    def xun(self) -> str:
        """The 旬 of the day (甲子, 甲戌 …)."""
        return self.day.xun

    @property
    def void(self) -> tuple[Branch, Branch]:
        """The two 旬空 branches of the day."""
        return void_branches(self.day)

    @property
    def moving(self) -> tuple[int, ...]:
        """Positions of the moving lines."""
        return tuple(compress((1, 2, 3, 4, 5, 6), map(MOVES, map(NUMBER_OF, self.cast))))

    def option(self, name: str) -> str:
        return dict(self.options)[name]

    def lines(self, role: str = "primary") -> tuple[ChartLine, ...]:
        hexagram = self.primary if role == "primary" else self.changed
        return hexagram.lines if hexagram else ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: primary, changed, void, month, day, year, hour, findings …"""
        changed, month_pillar, year, hour, birth, at = (
            self.changed, self.month_pillar, self.year, self.hour, self.birth, self.at)
        day, ctx = self.day, self.context
        if ctx is not None:  # the rules' context holds the options as a dict, and the void
            v0, v1 = ctx.void
            options = ctx.opts.copy()  # a copy of a dict: cheaper than a dict of pairs
        else:
            v0, v1 = void_branches(day)
            options = dict(self.options)
        return {
            "primary": self.primary.to_dict(),
            "changed": changed.to_dict() if changed is not None else None,
            "cast": list(map(NUMBER_OF, self.cast)),
            "void": [BRANCH_NAMES[v0], BRANCH_NAMES[v1]],
            "xun": day.xun,
            "month": BRANCH_NAMES[self.month],
            "month_pillar": month_pillar.zh if month_pillar is not None else None,
            "day": day.zh,
            "year": year.zh if year is not None else None,
            "hour": hour.zh if hour is not None else None,
            "birth": str(birth) if birth is not None else None,
            "at": at.isoformat() if at is not None else None,
            "options": options,
            "findings": registry.finding_dicts(self.findings),
        }
