"""The chart (卦): the cast, its date, every line computed, every registered rule run.

>>> c = chart("震", "兌", month="寅", day="癸酉")
>>> c
chart('震', '兌', month='寅', day='癸酉')
>>> c.primary.name, c.changed.name, [str(b) for b in c.void]
('震', '兌', ['戌', '亥'])
>>> [(ln.position, ln.ganzhi.zh, str(ln.relative), str(ln.spirit)) for ln in c.primary.lines][:2]
[(1, '庚子', '父母', '元武'), (2, '庚寅', '兄弟', '青龍')]

Building order: the cast and the pillars → the primary and changed hexagrams with their
lines (納甲, 五行, 六親, 六神, 伏神 …) → every ``line`` annotator of :mod:`compute.registry`, in
registration order, merging its keys into ``line.state`` → every ``finding`` detector.
"""

from __future__ import annotations

import datetime as _dt
from collections import deque
from collections.abc import Iterable, Mapping
from itertools import compress
from operator import attrgetter

from compute import registry
from compute.book.fushen import hidden_hexagram
from compute.book.ganzhi import (
    BRANCH_ZH,
    HOUR_PILLARS,
    STEM_ZH,
    Branch,
    GanZhi,
    Stem,
    void_branches,
)
from compute.book.gua import HEXAGRAMS, YAO, Hexagram, Trigram, Yao
from compute.book.liuqin import RELATIVE_ZH, Relative, relative
from compute.book.liushen import (
    MONTH_SPIRITS_ON,
    SPIRIT_ZH,
    Spirit,
    day_spirits,
    guiren_generals,
)
from compute.book.najia import trigram_branches, trigram_stem
from compute.book.shen import guashen, line_roles, shishen
from compute.book.wuxing import PHASE_ZH, Phase, branch_phase
from compute.book.xing import huangjince_xiu, jingfang_xiu, wuxing_star
from compute.engine import inputs
from compute.engine.context import Context, Run, context
from compute.errors import InputError
from compute.values import Frozen, draft, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

ROLES = ("primary", "changed")

_STEM_ZH: Final = tuple(STEM_ZH)
_BRANCH_ZH: Final = tuple(BRANCH_ZH)
_PHASE_ZH: Final = tuple(PHASE_ZH)
_TRIGRAM_ZH: Final = tuple(str(t) for t in Trigram)
_SPIRIT_AT: Final = SPIRIT_ZH.__getitem__
_NUMBER: Final = attrgetter("number")
_YAO_FACTS: Final = {n: (y.yang, y.moving, y.mark) for n, y in YAO.items()}.__getitem__
"""A cast line's (yang, moving, mark) by its number."""
_MOVES: Final = {n: y.moving for n, y in YAO.items()}.__getitem__
"""The names as tuples of strings (indexing a str makes a new one-character string)."""
_LINE_KEYS: Final = dict.fromkeys((
    "position", "yang", "moving", "mark", "stem", "branch", "element", "relative", "spirit",
    "hidden", "month_spirits", "hour_spirit", "guiren", "xiu", "roles"))
"""The keys of ``ChartLine.to_dict`` in order (copied, then filled: cheaper than a literal)."""


class Hidden(Frozen):
    """A 伏神: the line of the 伏卦 under a line of the primary hexagram.

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
            raise InputError(f"伏神 {branch}: element {element} is not the branch's")
        init(self, stem, branch, element, relative)

    @property
    def ganzhi(self) -> GanZhi:
        return GanZhi.from_parts(self.stem, self.branch)

    def to_dict(self) -> dict[str, Any]:
        return {"stem": _STEM_ZH[self.stem], "branch": _BRANCH_ZH[self.branch],
                "element": _PHASE_ZH[self.element], "relative": RELATIVE_ZH[self.relative]}


class ChartLine(Frozen):
    """One line (爻) of the primary or of the changed hexagram.

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
            raise InputError(f"line role {role!r}: expected 'primary' or 'changed'")
        if not 1 <= position <= 6:
            raise InputError(f"line position {position!r} outside 1-6")
        if branch_phase(branch) != element or stem % 2 != branch % 2:
            raise InputError(f"line {position}: {stem}{branch} {element} "
                             "is not a consistent pillar")
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
        out = _LINE_KEYS.copy()
        out["position"] = self.position
        out["yang"] = self.yang
        out["moving"] = self.moving
        out["mark"] = self.mark
        out["stem"] = _STEM_ZH[self.stem]
        out["branch"] = _BRANCH_ZH[self.branch]
        out["element"] = _PHASE_ZH[self.element]
        out["relative"] = RELATIVE_ZH[self.relative]
        out["spirit"] = SPIRIT_ZH[self.spirit]
        hidden = self.hidden
        if hidden is not None:
            out["hidden"] = hidden.to_dict()
        spirits = self.month_spirits
        out["month_spirits"] = list(map(_SPIRIT_AT, spirits)) if spirits else []
        hour = self.hour_spirit
        if hour is not None:
            out["hour_spirit"] = SPIRIT_ZH[hour]
        out["guiren"] = self.guiren
        out["xiu"] = self.xiu
        out["roles"] = [*self.roles]
        if self.state:  # JSON values already (rules.py), shared: read the dict, do not edit it
            out.update(self.state)
        return out


_new = object.__new__


class ChartHexagram(Frozen):
    """The primary (本卦) or changed (之卦) hexagram of a chart, with its lines.

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
            raise InputError("a chart hexagram needs lines 1-6 in order")
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
        fixed = _FIXED[h.bits]
        out = fixed[3].copy()
        b = fixed[4]
        l0, l1, l2, l3, l4, l5 = lines = self.lines  # unrolled: no comprehension (a call each)
        out["guashen_lines"] = list(compress(_POSITIONS, (
            l0.branch == b, l1.branch == b, l2.branch == b, l3.branch == b, l4.branch == b,
            l5.branch == b)))
        out["shishen"] = _SHISHEN[lines[h.shi - 1].branch]
        hidden, hu = self.hidden_hexagram, self.hugua
        out["hidden_hexagram"] = hidden.name if hidden is not None else None
        out["hugua"] = hu.name if hu is not None else None
        out["lines"] = [l0.to_dict(), l1.to_dict(), l2.to_dict(), l3.to_dict(), l4.to_dict(),
                        l5.to_dict()]
        return out


class Chart(Frozen):
    """A computed chart. Build it with :func:`chart`; ``repr`` gives that call back.

    >>> c = chart("乾", "姤", month="寅", day="甲子")
    >>> c.moving, c.option("najia_season"), [ln.position for ln in c.lines("changed")][:2]
    ((1,), '冬至後', [1, 2])
    >>> sorted(c.to_dict())[:4]
    ['at', 'birth', 'cast', 'changed']
    """

    __slots__ = ("cast", "primary", "changed", "month", "day", "month_pillar", "year", "hour",
                 "birth", "at", "options", "findings", "call", "context")
    _compared = __slots__[:-1]  # not the context
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

    def __init__(
        self, cast: tuple[Yao, ...], primary: ChartHexagram, changed: ChartHexagram | None,
        month: Branch, day: GanZhi, month_pillar: GanZhi | None = None,
        year: GanZhi | None = None, hour: GanZhi | None = None,
        birth: GanZhi | Branch | None = None, at: _dt.datetime | None = None,
        options: tuple[tuple[str, str], ...] = (), findings: tuple[registry.Finding, ...] = (),
        call: str = "", context: Context | None = None,
    ) -> None:
        if len(cast) != 6:
            raise InputError("a chart needs six cast lines")
        if (changed is None) != (not any(y.moving for y in cast)):
            raise InputError("a chart has a changed hexagram exactly when a line moves")
        init(self, cast, primary, changed, month, day, month_pillar, year, hour, birth, at,
             options, findings, call, context)

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
        return tuple(compress((1, 2, 3, 4, 5, 6), map(_MOVES, map(_NUMBER, self.cast))))

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
            "cast": list(map(_NUMBER, self.cast)),
            "void": [_BRANCH_ZH[v0], _BRANCH_ZH[v1]],
            "xun": day.xun,
            "month": _BRANCH_ZH[self.month],
            "month_pillar": month_pillar.zh if month_pillar is not None else None,
            "day": day.zh,
            "year": year.zh if year is not None else None,
            "hour": hour.zh if hour is not None else None,
            "birth": str(birth) if birth is not None else None,
            "at": at.isoformat() if at is not None else None,
            "options": options,
            "findings": registry.finding_dicts(self.findings),
        }


# ------------------------------------------------------------------ building

def _make_hexagram(role: str, hexagram: Hexagram, lines: tuple[ChartLine, ...],
                   hidden_hexagram: Hexagram | None, hugua: Hexagram | None) -> ChartHexagram:
    """A :class:`ChartHexagram` the chart built itself, without the checks."""
    o = _new(_DRAFTS[2])
    o.role = role
    o.hexagram = hexagram
    o.lines = lines
    o.hidden_hexagram = hidden_hexagram
    o.hugua = hugua
    o.__class__ = ChartHexagram
    return o


# ------------------------------------------------------------------ tables (built at import)

_RELATIVE_OF: Final = tuple(tuple(relative(p, q) for q in Phase) for p in Phase)
"""``_RELATIVE_OF[palace phase][line phase]``: the 六親 (:func:`~compute.book.liuqin.relative`)."""
def _half(trigram: Trigram, outer: bool, swap: bool) -> tuple[tuple[Stem, Branch, Phase], ...]:
    stem = trigram_stem(trigram, outer, swap)
    return tuple((stem, b, branch_phase(b)) for b in trigram_branches(trigram, outer))


_HALVES: Final = tuple(tuple(tuple(_half(t, outer, swap) for swap in (False, True))
                             for outer in (False, True)) for t in Trigram)
"""``_HALVES[trigram][outer][swap]``: (stem, branch, element) of its three lines by 納甲
(:func:`~compute.book.najia.trigram_stem`, :func:`~compute.book.najia.trigram_branches`), as
:func:`~compute.book.najia.najia` puts them together."""
_ROLES: Final = {h.shi: tuple(line_roles(h, k) for k in range(1, 7))
                 for h in (HEXAGRAMS[b] for b in (63, 62, 60, 56, 48, 32))}
"""``_ROLES[shi]``: each line's roles (:func:`~compute.book.shen.line_roles`: they follow from the
世 alone), from the 八純 乾 and its palace's 一世 … 五世."""


_TRIGRAM_YANG: Final = tuple((bool(t & 1), bool(t & 2), bool(t & 4)) for t in range(8))
"""Whether each line of a trigram (its three bits, the lowest first) is yang."""


def _fixed(h: Hexagram) -> tuple[Any, ...]:
    """What a hexagram alone fixes of its chart: per line its yang and its 宿 (黃金策); the JSON
    head of ``ChartHexagram.to_dict`` (every key in order; the chart's own values are set in a
    copy); its hidden hexagram in the modes book and common.

    >>> all(_ROLES[h.shi][k - 1] == line_roles(h, k) for h in HEXAGRAMS for k in range(1, 7))
    True
    >>> _fixed(HEXAGRAMS[1])[3]["name"], _FIXED[1][5] == hidden_hexagram(HEXAGRAMS[1])
    ('復', True)
    >>> all(_FIXED[h.bits][0] == tuple(h.is_yang(k) for k in range(1, 7)) for h in HEXAGRAMS)
    True
    """
    gs = guashen(h)
    head = {
        "name": h.name, "full_name": h.full_name, "palace": _TRIGRAM_ZH[h.palace],
        "palace_element": _PHASE_ZH[h.palace.phase], "generation": h.generation_zh,
        "shi": h.shi, "ying": h.ying, "guashen": _BRANCH_ZH[gs],
        "guashen_lines": None, "shishen": None, "star": wuxing_star(h),
        "jing_xiu": jingfang_xiu(h), "hidden_hexagram": None, "hugua": None, "lines": None,
    }
    return (_TRIGRAM_YANG[h.bits & 7] + _TRIGRAM_YANG[h.bits >> 3], huangjince_xiu(h),
            _ROLES[h.shi], head,
            gs, hidden_hexagram(h, "book"), hidden_hexagram(h, "common"))


_FIXED: Final = tuple(_fixed(h) for h in HEXAGRAMS)
"""``_FIXED[bits]``: :func:`_fixed` of each of the 64 hexagrams."""
_POSITIONS: Final = (1, 2, 3, 4, 5, 6)
_SHISHEN: Final = tuple(shishen(HEXAGRAMS[0], b) for b in Branch)
"""``_SHISHEN[branch on the 世]``: the 世身 line (:func:`~compute.book.shen.shishen` reads the
branch
alone).

>>> all(_SHISHEN[b] == shishen(h, b) for h in HEXAGRAMS for b in Branch)
True
"""
_HIDDEN_MODE: Final = {"book": 5, "common": 6}  # the index of the hidden hexagram in _FIXED rows

def _hu_of(bits: int, changed: int | None, mode: str) -> Hexagram:
    """:func:`~compute.book.gua.hugua` of the hexagram *bits* and its changed one, by their bits:
    the
    outer 互 lines 3–5 of the primary, the inner lines 2–4 of the changed hexagram (``"book"``,
    when a line moves) or of the primary.

    >>> from compute.book.gua import hugua
    >>> all(_hu_of(b, c, m) == hugua(HEXAGRAMS[b], None if c is None else HEXAGRAMS[c], mode=m)
    ...     for b in range(64) for c in (None, *range(64)) for m in ("book", "common"))
    True
    """
    inner = changed if changed is not None and mode == "book" else bits
    return HEXAGRAMS[(bits >> 2 & 7) << 3 | (inner >> 1 & 7)]


def _najia_rows(bits: int, way: int) -> tuple[tuple[Stem, Branch, Phase], ...]:
    """Per line (stem, branch, element) of the hexagram *bits* by :func:`~compute.book.najia.najia`:
    *way* 0 fixed stems, 1 二老時遷 of the 八純 乾 and 坤, 2 of every 乾 and 坤 trigram.

    >>> from compute.book.najia import najia
    >>> all([row[:2] for row in _najia_rows(h.bits, way)] == [(gz.stem, gz.branch) for gz in
    ...     najia(h, swap, scope)] for way, (swap, scope) in enumerate(
    ...     ((False, "pure"), (True, "pure"), (True, "trigram"))) for h in HEXAGRAMS)
    True
    """
    swap = way == 2 or (way == 1 and (bits == 0 or bits == 63))
    return _HALVES[bits & 7][0][swap] + _HALVES[bits >> 3][1][swap]


_DAY_SPIRITS_OF: Final = tuple(day_spirits(s) for s in Stem)
"""``_DAY_SPIRITS_OF[day stem]``: :func:`~compute.book.liushen.day_spirits`."""
_HOUR_SPIRITS_OF: Final = tuple(tuple(_DAY_SPIRITS_OF[gz.index % 10] for gz in row)
                                for row in HOUR_PILLARS)
"""``_HOUR_SPIRITS_OF[day stem][hour branch]``: :func:`~compute.book.liushen.hour_spirits` (the day
spirits of the hour's stem, :data:`~compute.book.ganzhi.HOUR_PILLARS`).

>>> from compute.book.liushen import hour_spirits
>>> all(_HOUR_SPIRITS_OF[s][b] == hour_spirits(s, b) for s in Stem for b in Branch)
True
"""
_GENERALS_OF: Final = tuple((guiren_generals(s, Branch.ZI), guiren_generals(s, Branch.WU))
                            for s in Stem)
"""``_GENERALS_OF[day stem][hour branch >= 午]``: :func:`~compute.book.liushen.guiren_generals` (the
mapping it hands out, shared: 陽貴 for 子 … 巳, 陰貴 for 午 … 亥).

>>> all(_GENERALS_OF[s][b >= 6] is guiren_generals(s, b) for s in Stem for b in Branch)
True
"""
_DRAFTS: Final = (draft(Hidden), draft(ChartLine), draft(ChartHexagram), draft(Chart))
"""The drafts of the chart's classes (:func:`compute.values.draft`: built, then frozen; never
handed out, so kept in a tuple and not among the module's classes)."""


def _lines(
    role: str, bits: int, cast: tuple[tuple[bool, bool, str], ...], primary: bool,
    palace_phase: Phase, way: int,
    day: GanZhi, month: Branch, hour: GanZhi | None, hidden: Hexagram | None,
) -> tuple[ChartLine, ...]:
    """The six lines of the primary (*primary*: its marks the cast's) or of the changed hexagram
    (單 or 拆): the hexagram's tables, then the spirits of the day, month and hour (*cast*: each
    cast line's yang, moving and mark)."""
    ds = day.index % 10   # the day's stem (an int: the tables below are by int)
    spirits = _DAY_SPIRITS_OF[ds]
    on_month = MONTH_SPIRITS_ON[month]
    rel = _RELATIVE_OF[palace_phase]
    fu_rows = _najia_rows(hidden.bits, way) if hidden is not None else None
    rows = _najia_rows(bits, way)
    yang_t, xiu_t, roles_t = _FIXED[bits][:3]
    if hour is not None:
        hb = hour.index % 12
        hspirits = _HOUR_SPIRITS_OF[ds][hb]
        generals = _GENERALS_OF[ds][hb >= 6]
    new, hidden_draft, line_draft = _new, _DRAFTS[0], _DRAFTS[1]
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


def chart(
    primary: str | Hexagram | None = None,
    changed: str | Hexagram | None = None,
    *,
    month: str | Branch | GanZhi | None = None,
    day: str | GanZhi | None = None,
    year: str | GanZhi | None = None,
    hour: str | Branch | GanZhi | None = None,
    birth: str | GanZhi | Branch | None = None,
    lines: str | int | Iterable[int | str] | None = None,
    at: _dt.datetime | str | None = None,
    tz: str | _dt.tzinfo | None = None,
    calendar: str = "gregorian",
    najia_stems: str = "book",
    solstice: str | None = None,
    fushen: str = "book",
    hu: str = "book",
    zi: str = "23",
    conventions: Mapping[str, str] | str | None = None,
    rules: Iterable[str] | None = None,
    question: str | None = None,
    yongshen: str | None = None,
    facts: str | None = None,
) -> Chart:
    """Compute a chart.

    The book's way: ``chart("困", "坎", month="午", day="壬戌")`` (本卦, 之卦, 月建, 日辰;
    ``chart("困之坎", …)`` too);
    or a cast, bottom line first (6 老陰, 7 少陽, 8 少陰, 9 老陽, or 單拆重交):
    ``chart(lines="987876", at=datetime(1663, 4, 12, 9))``. Every input is read and checked by
    :mod:`compute.engine.inputs` (the accepted forms are listed there); bad input raises
    :class:`~compute.errors.InputError` and nothing else.

    The date: *at* is a datetime or text (``"1663-04-12T09:00"``). A time without an offset is
    read in *tz* (default ``"+08:00"``: UTC+8, China's clock, which the calendar keeps; any
    offset or an IANA name such as ``"Asia/Seoul"``); a time with an offset is converted from
    it. *calendar* ``"julian"`` reads the date in the Julian calendar. The chart keeps the
    moment in UTC+8 (``chart.at``) and the zone and calendar it was read in
    (``chart.options``).

    Options (recorded in ``chart.options``):

    * ``najia_stems``: ``"book"`` (二老時遷: from 夏至 to 冬至 the 八純 乾 takes 壬 inside
      and 甲 outside, the 八純 坤 癸 and 乙, p044-s1, as the book's cases p170-s1 and p171-s5
      read it), ``"trigram"`` (the same for every 乾 or 坤 trigram) or ``"common"`` (fixed
      stems). *solstice* (``"before"``/``"after"``) places a
      cast in a 子 or 午 month relative to the solstice when no date is given (default: past).
    * ``fushen``: ``"book"`` (純卦 hide their pair; 游魂, 歸魂 after 京房) or ``"common"``.
    * ``hu``: ``"book"`` (互卦 inner from the changed hexagram) or ``"common"``.
    * ``zi``: the 子時 convention for *at* (``"23"`` the day starts at 23:00, or ``"0"``).
    * ``conventions``: ``{name: choice}`` for the conventions the rule modules register
      (:func:`compute.registry.conventions`); the book's choice is the default.
    * ``question``: a question of the 筮類 (its id ``shilei-14-q5`` or its wording), and/or
      ``yongshen`` (its 用神 given by hand: 妻財, 世, 應, 五爻 …): the 用神 rules of
      :mod:`compute.shilei.quyong` and each chapter's judgments (:mod:`compute.shilei.judge`) then
      run;
      ``facts`` says what the chart cannot know about the asking (自占, 病久, person=長男 …,
      :func:`compute.shilei.questions.read_facts`); ``chart.options`` records all three.

    *rules*: the registered rule ids whose line annotators and finding detectors run (default:
    every one). ``rules=()`` gives the static chart alone (納甲, 五行, 六親, 六神, 伏神, 世應,
    卦身 … and no states or findings); a subset runs in registration order. A rule reading the
    states another rule adds (most of chapters 13–41 read ``riyue``'s and ``kongpo``'s) needs
    that rule in the subset too. ``chart.options`` then records ``rules``.

    >>> c = chart("困", "坎", month="午", day="壬戌", rules=())
    >>> c.findings, c.primary.line(1).state, c.primary.line(1).ganzhi.zh
    ((), {}, '戊寅')
    >>> c
    chart('困', '坎', month='午', day='壬戌', rules=())
    >>> only = chart("困", "坎", month="午", day="壬戌", rules=["shi-ying-shengke", "liuqin"])
    >>> [f.rule for f in only.findings], only.option("rules")
    (['shi-ying-shengke'], 'liuqin shi-ying-shengke')

    >>> c = chart("困", "坎", month="午", day="壬戌")
    >>> c.primary.shi, c.primary.line(1).ganzhi.zh, str(c.primary.line(1).relative)
    (1, '戊寅', '妻財')
    >>> c.moving, c.changed.line(4).ganzhi.zh
    ((4,), '戊申')
    >>> chart("困之坎", month="午", day="壬戌").to_dict() == c.to_dict()
    True
    >>> chart("乾", "小畜", month="未", day="戊午").primary.line(4).ganzhi.zh  # p170-s1
    '甲午'
    >>> chart("乾", "小畜", month="未", day="戊午", najia_stems="common").primary.line(4).ganzhi.zh
    '壬午'
    >>> chart("乾", "兌", month="寅")
    Traceback (most recent call last):
    compute.errors.InputError: chart needs a day (日辰, e.g. day='癸酉') or a date (at=datetime)
    """
    r = inputs.parse(
        primary, changed, month=month, day=day, year=year, hour=hour, birth=birth, lines=lines,
        at=at, tz=tz, calendar=calendar, najia_stems=najia_stems, solstice=solstice,
        fushen=fushen, hu=hu, zi=zi, conventions=conventions,
    )
    if question is None and yongshen is None and facts is None:
        asked: tuple[tuple[str, str], ...] = ()
        call = r.call
    else:  # the 筮類 (compute.shilei.questions and its rules) only when asked
        from compute.shilei.questions import asked as asked_options

        registry.load_all()

        asked, call = asked_options(question, yongshen, r.call, facts)
    cast = r.cast
    najia_stems, fushen, hu = r.options[0][1], r.options[1][1], r.options[2][1]
    month_b, month_gz, day_gz, year_gz, hour_gz, birth_v = (
        r.month, r.month_pillar, r.day, r.year, r.hour, r.birth)
    after_xiazhi, basis = r.after_xiazhi, r.basis

    swap = after_xiazhi and najia_stems != "common"
    way = (2 if najia_stems == "trigram" else 1) if swap else 0
    facts = tuple(map(_YAO_FACTS, map(_NUMBER, cast)))  # per line (yang, moving, mark)
    y0, y1, y2, y3, y4, y5 = facts
    bits = y0[0] | y1[0] << 1 | y2[0] << 2 | y3[0] << 3 | y4[0] << 4 | y5[0] << 5
    mask = y0[1] | y1[1] << 1 | y2[1] << 2 | y3[1] << 3 | y4[1] << 4 | y5[1] << 5
    c_bits = bits ^ mask if mask else None
    p_hex = HEXAGRAMS[bits]
    palace_phase = p_hex.palace.phase
    mode = _HIDDEN_MODE[fushen]
    fu_hex = _FIXED[bits][mode]
    primary_h = _make_hexagram(
        "primary", p_hex,
        _lines("primary", bits, facts, True, palace_phase, way, day_gz, month_b, hour_gz,
               fu_hex),
        fu_hex, _hu_of(bits, c_bits, hu),
    )
    changed_h = None
    if c_bits is not None:
        changed_h = _make_hexagram(
            "changed", HEXAGRAMS[c_bits],
            _lines("changed", c_bits, facts, False, palace_phase, way, day_gz, month_b,
                   hour_gz, None),
            _FIXED[c_bits][mode], _hu_of(c_bits, None, hu),
        )
    stems_used = ("夏至後" if after_xiazhi else "冬至後") if najia_stems != "common" else "common"
    options = (
        ("najia_stems", najia_stems), ("najia_season", stems_used), ("najia_basis", basis),
        *r.options[1:],
    ) + r.conventions + asked
    selected = None
    if rules is not None:
        selected = _selected(rules)
        call = f"{call[:-1]}, rules={tuple(sorted(selected))!r})"
        options += (("rules", " ".join(sorted(selected))),)
    c = _new(_DRAFTS[3])  # every field of values computed here: a draft, then frozen
    c.cast = cast
    c.primary = primary_h
    c.changed = changed_h
    c.month = month_b
    c.day = day_gz
    c.month_pillar = month_gz
    c.year = year_gz
    c.hour = hour_gz
    c.birth = birth_v
    c.at = r.at
    c.options = options
    c.findings = ()
    c.call = call
    c.context = None
    c.__class__ = Chart
    return _run_rules(c, selected)


def chart_from_fields(fields: Mapping[str, object], **options: object) -> Chart:
    """The chart of form fields given as text (:func:`~compute.engine.inputs.parse_fields`):
    what the CLI and the in-browser runner call. Raises only
    :class:`~compute.errors.InputError`; its :func:`~compute.errors.message` is the line to
    show.

    >>> c = chart_from_fields({"lines": "987876", "at": "1663-04-12T09:00", "tz": ""})
    >>> c.day.zh, c.hour.zh, c.at.isoformat(), c.option("tz")
    ('癸酉', '丁巳', '1663-04-12T09:00:00+08:00', '+08:00')
    """
    return chart(**inputs.parse_fields(fields, **options))

def _selected(rules: Iterable[str]) -> frozenset[str]:
    if isinstance(rules, str):
        rules = rules.split()
    out = frozenset(rules)
    for rid in sorted(out):
        try:
            registry.get(rid)
        except KeyError:
            raise InputError(f"rules: unknown rule {rid!r}; `yimao rules` lists the ids") from None
    return out


def _run_rules(c: Chart, selected: frozenset[str] | None = None) -> Chart:
    """Run the line annotators (each on the lines of its scope) and the finding detectors,
    each only where its gate (if any) is open (:func:`compute.registry.plan`)."""
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
    plan = registry.plan()
    gates: dict[Any, Any] = {}
    for gate, table in plan.calls:
        for into, k, rid, batch, annotate in (table[_OPEN] if gate is None
                                               else _open(gate, table, c, gates)):
            if selected is not None and rid not in selected:
                continue
            if into is not None:  # one call, writing into the states of its scope's lines
                into(c, scopes[k], states_of[k])
                continue
            lines = scopes[k]
            if batch is not None:  # one call for the lines of its scope, a dict per line
                dicts = batch(c, lines)
                if type(dicts) is not list or len(dicts) != len(lines):
                    dicts = list(dicts)
                    if len(dicts) != len(lines):
                        raise ValueError(f"{rid}: {len(dicts)} dicts for {len(lines)} lines")
                _drain(map(_UPDATE, states_of[k], dicts), 0)  # each line's state.update(its dict)
                continue
            for ln in lines:
                extra = annotate(c, ln)
                if extra:
                    ln.state.update(extra)  # type: ignore[attr-defined]
    found: list[registry.Finding] = []
    add = found.extend
    run = context(c).memo["run"] = Run(plan, found, selected)
    for step, (gate, table) in enumerate(plan.findings):
        run.step = step
        if selected is None:
            for _rid, detect in _open(gate, table, c, gates):
                add(detect(c) or ())
        else:
            for rid, detect in _open(gate, table, c, gates):
                if rid in selected:
                    add(detect(c) or ())
    run.step = len(plan.findings)
    object.__setattr__(c, "findings", tuple(found))  # the chart is published only now
    return c


_NONE: Final = ()
_OPEN: Final = registry.OPEN
_MOVING: Final = attrgetter("moving")
_STATE: Final = attrgetter("state")
_UPDATE: Final = dict.update
_drain: Final = deque  # deque(iterator, 0) runs it through, keeping nothing


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


__all__ = ["Chart", "ChartHexagram", "ChartLine", "Hidden", "chart", "chart_from_fields", "Trigram"]
