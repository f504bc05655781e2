"""Every input of compute, read and checked in one place (standard library only).

:func:`compute.chart` hands its arguments to :func:`parse`, which returns a :class:`Reading`:
the cast, the pillars, the moment and the options, each checked once. :func:`parse_fields` and
:func:`compute.engine.chart.chart_from_fields` read the same inputs as form fields (text: the
CLI and the in-browser runner use them), so the API, the CLI and the browser accept the same
forms and refuse the same things with the same one line (:func:`message`).

Accepted forms (text as the book writes it, or compute's own objects):

* ``month`` (月建): a branch ``辰``, ``辰建``, ``辰月``, a month number ``三月`` (夏正: 正月 = 寅
  … 十二月 = 丑, also 一月, 冬月, 臘月) or a pillar ``丙辰``;
* ``day`` (日辰): a pillar ``癸酉`` or ``癸酉日``; ``year`` (太歲): ``癸卯`` or ``癸卯年``;
* ``hour`` (時): a branch ``巳``, ``巳時`` or a pillar ``丁巳``; ``birth`` (本命): a branch or a
  pillar, also ``戊午年``, ``戊午生``, ``戊午年生``;
* ``lines``: six lines, bottom first: 6 7 8 9 (ASCII or full-width), 單 拆 重 交, ○ for 重,
  × for 交 (spaces and commas between them are ignored);
* ``primary``/``changed``: a hexagram name (乾, 既濟), a full name (水火既濟), or ``困之坎``;
* ``at``: a date and time, ``1663-04-12T09:00`` (seconds and an offset such as ``+08:00`` or
  ``Z`` optional), or a datetime;
* ``tz``: the zone a time without an offset is read in. Default ``+08:00`` (UTC+8, China's
  clock, which the calendar keeps: :data:`compute.book.calendar.CALENDAR_ZONE`); any offset
  (``+09:00``, ``UTC-5``) or, where the time zone database is installed, an IANA name
  (``Asia/Seoul``). A time that carries its own offset is converted from it (a ``tz`` beside it
  is refused);
* ``calendar``: ``gregorian`` (default: the date is proleptic Gregorian, as Python's are) or
  ``julian`` (the date is read in the Julian calendar, as European sources give dates before
  1582-10-15, and converted).

A date is converted to UTC+8 and then to pillars (:func:`compute.book.calendar.pillars`); pillars
given beside a date must agree with it, whole pillars compared. The chart records the moment
in UTC+8 (``chart.at``) and, in ``chart.options``, the zone the input was read in (``tz``) and
the ``calendar``.

>>> r = parse("震", "兌", month="辰建", day="癸酉日", hour="巳時")
>>> r.month, r.day.zh, r.hour.zh
(Branch.CHEN, '癸酉', '丁巳')
>>> parse(lines="９８７８７６", month="三月", day="癸酉").cast == parse(
...     lines="重拆單拆單交", month="辰月", day="癸酉").cast
True
>>> r = parse(lines="987876", at="2024-02-04T08:27:30+00:00")
>>> r.at.isoformat(), r.year.zh, r.month_pillar.zh, r.hour.zh, dict(r.options)["tz"]
('2024-02-04T16:27:30+08:00', '甲辰', '丙寅', '庚申', '+00:00')
>>> parse(lines="987876", at="1663-04-12T09:00", hour="乙巳")
Traceback (most recent call last):
compute.errors.InputError: hour 乙巳 contradicts the date 1663-04-12 09:00 UTC+08:00 (丁巳)
"""

from __future__ import annotations

import datetime as _dt
import itertools
import re
from collections.abc import Mapping

from compute import registry as rules
from compute.book.calendar import pillars
from compute.book.ganzhi import (
    BRANCH_ZH,
    BRANCHES,
    GANZHI,
    Branch,
    GanZhi,
    hour_pillar,
    month_pillar,
)
from compute.book.gua import YAO, Hexagram, Yao, parse_cast
from compute.engine.fields import LONGEST_TEXT, OPTIONS, field_text, read_option
from compute.engine.moment import read_moment, read_zone, when_text
from compute.errors import InputError, message
from compute.values import Frozen, draft, setters

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


FIELDS: Final = ("primary", "changed", "month", "day", "year", "hour", "birth", "lines", "at",
                 "tz", "question", "yongshen", "facts")
"""The form fields :func:`parse_fields` reads (beside the option names and ``conventions``)."""

MONTH_NUMERALS: Final = {
    "正": "寅", "一": "寅", "二": "卯", "三": "辰", "四": "巳", "五": "午", "六": "未", "七": "申",
    "八": "酉", "九": "戌", "十": "亥", "十一": "子", "冬": "子", "十二": "丑", "臘": "丑",
}
"""夏正 month numbers (正月 = 寅 … 十二月 = 丑), as the book also writes them ("五月占")."""

SUFFIXES: Final = {
    "month": ("月建", "建", "月"), "day": ("日",), "year": ("年",), "hour": ("時", "时"),
    "birth": ("年生", "生", "年"),
}
"""What the book writes after a value of each kind (午建, 壬戌日, 癸卯年, 子時, 戊午年生)."""


class Reading(Frozen):
    """The inputs of one chart, read and checked: what :func:`compute.chart` builds from.

    ``at`` is the moment in UTC+8 (aware) when a date was given; ``after_xiazhi`` says on which
    side of the solstices the cast falls and ``basis`` how that was decided (``date``,
    ``month`` or ``month, solstice …``); ``options`` holds every option that applied and
    ``conventions`` every registered convention with its choice.
    """

    __slots__ = ("cast", "month", "month_pillar", "day", "year", "hour", "birth", "at",
                 "after_xiazhi", "basis", "options", "conventions", "call")
    cast: tuple[Yao, ...]
    month: Branch
    month_pillar: GanZhi | None
    day: GanZhi
    year: GanZhi | None
    hour: GanZhi | None
    birth: GanZhi | Branch | None
    at: _dt.datetime | None
    after_xiazhi: bool
    basis: str
    options: tuple[tuple[str, str], ...]
    conventions: tuple[tuple[str, str], ...]
    call: str

    def __init__(
        self, cast: tuple[Yao, ...], month: Branch, month_pillar: GanZhi | None, day: GanZhi,
        year: GanZhi | None, hour: GanZhi | None, birth: GanZhi | Branch | None,
        at: _dt.datetime | None, after_xiazhi: bool, basis: str,
        options: tuple[tuple[str, str], ...], conventions: tuple[tuple[str, str], ...],
        call: str,
    ) -> None:
        """Every field, set through the slots' own setters (one reading a chart)."""
        _S_CAST(self, cast)
        _S_MONTH(self, month)
        _S_MONTH_PILLAR(self, month_pillar)
        _S_DAY(self, day)
        _S_YEAR(self, year)
        _S_HOUR(self, hour)
        _S_BIRTH(self, birth)
        _S_AT(self, at)
        _S_AFTER_XIAZHI(self, after_xiazhi)
        _S_BASIS(self, basis)
        _S_OPTIONS(self, options)
        _S_CONVENTIONS(self, conventions)
        _S_CALL(self, call)

    def option(self, name: str) -> str:
        return dict(self.options)[name]


(_S_CAST, _S_MONTH, _S_MONTH_PILLAR, _S_DAY, _S_YEAR, _S_HOUR, _S_BIRTH, _S_AT, _S_AFTER_XIAZHI,
 _S_BASIS, _S_OPTIONS, _S_CONVENTIONS, _S_CALL) = setters(Reading)


# ------------------------------------------------------------------ text


def _bare(text: str, what: str) -> str:
    """*text* without the suffix the book writes after a value of kind *what*.

    >>> _bare("午建", "month"), _bare("壬戌日", "day"), _bare("戊午年生", "birth")
    ('午', '壬戌', '戊午')
    >>> _bare("子時", "month")  # 時 is no month's suffix
    '子時'

    """
    for suffix in SUFFIXES[what]:
        if len(text) > len(suffix) and text.endswith(suffix):
            return text[: -len(suffix)]
    return text


def _refuse(what: str, value: object) -> InputError:
    return InputError("field.bad", field=what, value=value, accepted=what)


def _pillar_text(text: str, what: str, raw: object) -> GanZhi:
    """A two-character pillar, or a refusal naming *what* and its accepted forms."""
    if len(text) != 2:
        raise _refuse(what, raw)
    try:
        return GanZhi.from_zh(text)
    except InputError as exc:
        if exc.key == "ganzhi.not_pair":  # 甲丑: say why, it looks like a pillar
            raise InputError("field.bad_pillar", field=what, value=raw, reason=exc) from None
        raise _refuse(what, raw) from None


def _branch_or_pillar(value: object, what: str) -> Branch | GanZhi:
    if isinstance(value, GanZhi | Branch):
        return value
    if type(value) is str:
        found = _BARE.get(value)
        if found is not None:
            return found
    return _branch_or_pillar_text(value, what)


def _branch_or_pillar_text(value: object, what: str) -> Branch | GanZhi:
    """A month, hour or birth written as text (the bare forms are read by :data:`_BARE`, to the
    same values).

    >>> all(_branch_or_pillar_text(t, "month") == v == _branch_or_pillar_text(t, "hour")
    ...     == _branch_or_pillar_text(t, "birth") for t, v in _BARE.items())
    True
    >>> all(_pillar_text(t, "day", t) == v for t, v in _BARE.items() if len(t) == 2)
    True
    """
    text = field_text(value, what)
    if what == "month" and text.endswith("月") and text[:-1] in MONTH_NUMERALS:
        return Branch.from_zh(MONTH_NUMERALS[text[:-1]])
    bare = _bare(text, what)
    if len(bare) == 1:
        try:
            return Branch.from_zh(bare)
        except InputError:
            raise _refuse(what, value) from None
    return _pillar_text(bare, what, value)


def _pillar(value: object, what: str) -> GanZhi:
    if isinstance(value, GanZhi):
        return value
    if type(value) is str:
        found = _BARE.get(value)
        if type(found) is GanZhi:
            return found
    return _pillar_text(_bare(field_text(value, what), what), what, value)


_BARE: Final = {**{gz.zh: gz for gz in GANZHI}, **dict(zip(BRANCH_ZH, BRANCHES, strict=True))}
"""The value of each bare pillar (癸酉) and branch (辰), the form a chart's pillars are mostly
given in: a table made at import, so that a chart reads them by one look-up; any other text (a
suffix, spaces around it, a refusal) is read by :func:`_branch_or_pillar_text` or
:func:`_pillar`, which give the same values for these texts."""


def read_month(value: object) -> Branch | GanZhi:
    """月建 as a branch or a pillar.

    >>> [str(read_month(m)) for m in ("辰", "辰建", "辰月", "三月", "丙辰", "十一月", "臘月")]
    ['辰', '辰', '辰', '辰', '丙辰', '子', '丑']
    >>> read_month("子時")
    Traceback (most recent call last):
    compute.errors.InputError: month '子時': expected a branch (辰), 辰建, 辰月, a month number \
(三月) or a pillar (丙辰)
    """
    return _branch_or_pillar(value, "month")


def read_day(value: object) -> GanZhi:
    """日辰: a pillar.

    >>> read_day("癸酉日").zh
    '癸酉'
    """
    return _pillar(value, "day")


def read_year(value: object) -> GanZhi:
    """太歲: a pillar.

    >>> read_year("癸卯年").zh
    '癸卯'
    """
    return _pillar(value, "year")


def read_hour(value: object) -> Branch | GanZhi:
    """時: a branch or a pillar.

    >>> str(read_hour("巳時")), str(read_hour("丁巳"))
    ('巳', '丁巳')
    """
    return _branch_or_pillar(value, "hour")


def read_birth(value: object) -> Branch | GanZhi:
    """本命: a branch or a pillar.

    >>> str(read_birth("戊午年生")), str(read_birth("午"))
    ('戊午', '午')
    """
    return _branch_or_pillar(value, "birth")


def read_hexagram(value: object, what: str) -> Hexagram:
    """A hexagram by name (乾, 既濟, 水火既濟) or as a :class:`~compute.book.gua.Hexagram`."""
    if isinstance(value, Hexagram):
        return value
    if not isinstance(value, str):
        raise InputError("hexagram.not_text", field=what, value=value)
    text = value.strip()
    if len(text) > LONGEST_TEXT:
        raise InputError("hexagram.too_long", field=what, value=text)
    try:
        return Hexagram.from_name(text)
    except InputError as exc:
        raise InputError("hexagram.unknown_field", field=what, **exc.params) from None


def cast_of(primary: object, changed: object, lines: object) -> tuple[Yao, ...]:
    """The six cast lines: from *lines*, or from the primary and changed hexagrams.

    >>> [y.number for y in cast_of("困之坎", None, None)] == [y.number for y in cast_of(
    ...     "困", "坎", None)] == [8, 7, 8, 9, 7, 8]
    True
    """
    if lines is not None:
        if primary is not None or changed is not None:
            raise InputError("cast.both")
        return parse_cast(lines)  # type: ignore[arg-type]
    if primary is None:
        if changed is not None:
            raise InputError("cast.changed_alone", value=changed)
        raise InputError("cast.missing")
    if isinstance(primary, str) and "之" in primary.strip()[1:-1]:
        if changed is not None:
            raise InputError("cast.primary_names_changed", value=primary, value2=changed)
        primary, changed = primary.strip().split("之", 1)  # the book's "困之坎"
    p = read_hexagram(primary, "primary")
    c = p if changed is None else read_hexagram(changed, "changed")
    out = []
    for k in range(6):
        yang, moves = bool(p.bits >> k & 1), bool((p.bits ^ c.bits) >> k & 1)
        out.append(YAO[(9 if yang else 6) if moves else (7 if yang else 8)])
    return tuple(out)


# ------------------------------------------------------------------ options


def read_conventions(given: object) -> tuple[tuple[str, str], ...]:
    """Every registered convention with its choice: the book's unless *given* picks another.
    *given* is a mapping ``{name: choice}`` or text ``"name=choice, name=choice"``.

    >>> read_conventions({"nope": "x"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: unknown convention 'nope'; expected one of ...
    """
    if given is None:  # the common case: every default
        return rules.default_conventions()
    known = {c.name: c for c in rules.conventions()}
    if isinstance(given, str):
        pairs: dict[str, object] = {}
        for item in filter(None, re.split(r"[\s,;]+", given.strip())):
            name, sep, choice = item.partition("=")
            if not sep:
                raise InputError("convention.not_pair", value=item)
            pairs[name] = choice
    elif isinstance(given, Mapping):
        pairs = dict(itertools.islice(given.items(), len(known) + 1))
    else:
        raise InputError("conventions.not_mapping", value=given)
    for name, choice in pairs.items():
        if not isinstance(name, str) or name not in known:
            if not known:
                raise InputError("convention.none", value=name)
            raise InputError("convention.unknown", value=name, choices=", ".join(known))
        if not isinstance(choice, str) or choice not in known[name].choices:
            raise InputError("convention.bad_choice", name=name, value=choice,
                             choices=", ".join(known[name].choices))
    return tuple((n, str(pairs.get(n, c.default))) for n, c in known.items())


# ------------------------------------------------------------------ the whole


def _agree(what: str, given: Branch | GanZhi, actual: GanZhi, moment: _dt.datetime) -> None:
    same = given == actual if isinstance(given, GanZhi) else given == actual.branch
    if not same:
        raise InputError("date.contradicts", field=what, given=given, when=when_text(moment),
                         actual=actual.zh)


def parse(
    primary: object = None,
    changed: object = None,
    *,
    month: object = None,
    day: object = None,
    year: object = None,
    hour: object = None,
    birth: object = None,
    lines: object = None,
    at: object = None,
    tz: object = None,
    calendar: object = "gregorian",
    najia_stems: object = "book",
    solstice: object = None,
    fushen: object = "book",
    hu: object = "book",
    zi: object = "23",
    conventions: object = None,
) -> Reading:
    """Read and check the arguments of :func:`compute.chart` (see there and the module doc).

    >>> parse("乾", month="寅", day="甲子", zi="midnight")
    Traceback (most recent call last):
    compute.errors.InputError: zi 'midnight': expected one of 23, 0
    >>> parse("乾", month="丙寅", day="甲子", year="癸卯")
    Traceback (most recent call last):
    compute.errors.InputError: month 丙寅 contradicts year 癸卯: by 五虎遁 the month is 甲寅
    """
    chosen_options, chosen_zi, chosen_calendar, side = _BOOK_READ if najia_stems == "book" \
        and fushen == "book" and hu == "book" and zi == "23" and calendar == "gregorian" \
        and solstice is None and type(najia_stems) is type(fushen) is type(hu) is type(zi) \
        is type(calendar) is str else _options(najia_stems, fushen, hu, zi, calendar, solstice)
    convs = rules.default_conventions() if conventions is None else read_conventions(conventions)
    cast = cast_of(primary, changed, lines)

    # a bare pillar or branch (癸酉, 寅), as most charts are asked, by one look-up (what
    # read_month and read_day find first), anything else by them
    year_gz = read_year(year) if year is not None else None
    month_v = _BARE.get(month) if type(month) is str else None
    if month_v is None and month is not None:
        month_v = read_month(month)
    day_gz = _BARE.get(day) if type(day) is str else None
    if type(day_gz) is not GanZhi:
        day_gz = read_day(day) if day is not None else None
    hour_v = read_hour(hour) if hour is not None else None
    birth_v = read_birth(birth) if birth is not None else None
    if year_gz is not None or hour_v is not None:  # most charts give neither: no call
        _pillars_agree(year_gz, month_v, day_gz, hour_v)

    options: tuple[tuple[str, str], ...] = ()
    moment: _dt.datetime | None = None
    if at is not None:
        moment, zone = read_moment(at, tz, chosen_calendar)
        p = pillars(moment, chosen_zi)
        if year_gz is not None or month_v is not None or day_gz is not None \
                or hour_v is not None:
            for what, given, actual in (("year", year_gz, p.year), ("month", month_v, p.month),
                                        ("day", day_gz, p.day), ("hour", hour_v, p.hour)):
                if given is not None:
                    _agree(what, given, actual, moment)
        if side is not None and p.month.branch in (Branch.ZI, Branch.WU) \
                and _AFTER_XIAZHI[side == "before"][p.month.branch] != p.after_xiazhi:
            raise InputError("date.solstice_contradicts", side=side, when=when_text(moment))
        year_gz, month_b, month_gz, day_gz, hour_gz = p.year, p.month.branch, p.month, p.day, \
            p.hour
        after_xiazhi, basis = p.after_xiazhi, "date"
        options = (("tz", zone), ("calendar", chosen_calendar))
    else:
        if tz is not None:
            read_zone(tz)  # checked even unused: a typo is named now, not when a date comes
        if month_v is None:
            raise InputError("field.missing_month")
        if day_gz is None:
            raise InputError("field.missing_day")
        if isinstance(month_v, GanZhi):
            month_b, month_gz = month_v.branch, month_v
        else:
            month_b = month_v
            month_gz = month_pillar(year_gz.stem, month_v) if year_gz is not None else None
        hour_gz = None if hour_v is None else hour_v if isinstance(hour_v, GanZhi) \
            else hour_pillar(day_gz.stem, hour_v)
        after_xiazhi = _AFTER_XIAZHI[side == "before"][month_b]
        basis = "month" if month_b not in (Branch.ZI, Branch.WU) else (
            f"month, solstice {side}" if side else "month, solstice assumed past")
    options = chosen_options + options if options else chosen_options
    # the call is written once every value is known to be sound (so its repr is short)
    call = _call(primary, changed, month, day, year, hour, birth, lines, at, tz, calendar,
                 najia_stems, solstice, fushen, hu, zi, conventions)
    o = _new(_DRAFT[0])
    o.cast = cast
    o.month = month_b
    o.month_pillar = month_gz
    o.day = day_gz
    o.year = year_gz
    o.hour = hour_gz
    o.birth = birth_v
    o.at = moment
    o.after_xiazhi = after_xiazhi
    o.basis = basis
    o.options = options
    o.conventions = convs
    o.call = call
    o.__class__ = Reading
    return o


def _call(primary: object, changed: object, month: object, day: object, year: object,
          hour: object, birth: object, lines: object, at: object, tz: object, calendar: object,
          najia_stems: object, solstice: object, fushen: object, hu: object, zi: object,
          conventions: object) -> str:
    """The call that rebuilds a chart (its repr): the arguments given, the defaults left out."""
    parts = []  # written out: no comprehension, no tuple of pairs (each a call or a tuple)
    if primary is not None:
        parts.append(repr(primary))
    if changed is not None:
        parts.append(repr(changed))
    if month is not None:
        parts.append(f"month={month!r}")
    if day is not None:
        parts.append(f"day={day!r}")
    if year is not None:
        parts.append(f"year={year!r}")
    if hour is not None:
        parts.append(f"hour={hour!r}")
    if birth is not None:
        parts.append(f"birth={birth!r}")
    if lines is not None:
        parts.append(f"lines={lines!r}")
    if at is not None:
        parts.append(f"at={at!r}")
    if tz is not None:
        parts.append(f"tz={tz!r}")
    if calendar != "gregorian":
        parts.append(f"calendar={calendar!r}")
    if najia_stems != "book":
        parts.append(f"najia_stems={najia_stems!r}")
    if solstice is not None:
        parts.append(f"solstice={solstice!r}")
    if fushen != "book":
        parts.append(f"fushen={fushen!r}")
    if hu != "book":
        parts.append(f"hu={hu!r}")
    if zi != "23":
        parts.append(f"zi={zi!r}")
    if conventions:
        shown = dict(conventions) if isinstance(conventions, Mapping) else conventions
        parts.append(f"conventions={shown!r}")
    return f"chart({', '.join(parts)})"


def _pillars_agree(year_gz: GanZhi | None, month_v: Branch | GanZhi | None,
                   day_gz: GanZhi | None, hour_v: Branch | GanZhi | None) -> None:
    """A month pillar given beside a year must be its 五虎遁 one, an hour pillar beside a day
    its 五子遁 one."""
    if isinstance(month_v, GanZhi) and year_gz is not None \
            and month_pillar(year_gz.stem, month_v.branch) != month_v:
        raise InputError("month.contradicts_year", month=month_v.zh, year=year_gz.zh,
                         expected=month_pillar(year_gz.stem, month_v.branch).zh)
    if isinstance(hour_v, GanZhi) and day_gz is not None \
            and hour_pillar(day_gz.stem, hour_v.branch) != hour_v:
        raise InputError("hour.contradicts_day", hour=hour_v.zh, day=day_gz.zh,
                         expected=hour_pillar(day_gz.stem, hour_v.branch).zh)


def _options(najia_stems: object, fushen: object, hu: object, zi: object, calendar: object,
             solstice: object) -> tuple[tuple[tuple[str, str], ...], str, str, str | None]:
    """The options read: (the chart's options, the 子時 convention, the calendar, the solstice
    side or None); the book's options, as most charts are asked, without a look-up."""
    if najia_stems == "book" and fushen == "book" and hu == "book" and zi == "23" \
            and type(najia_stems) is str and type(fushen) is str and type(hu) is str \
            and type(zi) is str:
        chosen_options, chosen_zi = _BOOK_OPTIONS, "23"
    else:
        chosen_zi = read_option("zi", zi)
        chosen_options = (("najia_stems", read_option("najia_stems", najia_stems)),
                          ("fushen", read_option("fushen", fushen)),
                          ("hu", read_option("hu", hu)), ("zi", chosen_zi))
    chosen_calendar = "gregorian" if calendar == "gregorian" and type(calendar) is str \
        else read_option("calendar", calendar)
    side = read_option("solstice", solstice) if solstice is not None else None
    return chosen_options, chosen_zi, chosen_calendar, side


_DRAFT: Final = (draft(Reading),)
_AFTER_XIAZHI: Final = (tuple(b >= 7 or b == 6 for b in range(12)),
                        tuple(b >= 7 or b == 0 for b in range(12)))
"""``_AFTER_XIAZHI[solstice == "before"][month]``: whether the month lies after 夏至, as
:func:`compute.book.najia.half_year_of_month` says (未申酉戌亥 after 夏至; 子 and 午 by the side of
the solstice, taken as past unless "before"): a table here, since importing compute.book.najia with
this module would register its rules earlier (the registry's order orders the TEI's taxonomy).

>>> from compute.book.najia import half_year_of_month
>>> all(_AFTER_XIAZHI[side == "before"][b] == half_year_of_month(b, side)
...     for b in BRANCHES for side in (None, "before", "after"))
True
"""
_BOOK_OPTIONS: Final = (("najia_stems", "book"), ("fushen", "book"), ("hu", "book"), ("zi", "23"))
_BOOK_READ: Final = (_BOOK_OPTIONS, "23", "gregorian", None)
"""What :func:`_options` reads from the book's options, as most charts are asked (no call)."""
"""The options of :func:`parse` when every one is the book's (the default)."""
_new = object.__new__


# ------------------------------------------------------------------ form fields


def parse_fields(fields: Mapping[str, object], **options: object) -> dict[str, Any]:
    """The keyword arguments of :func:`compute.chart` for form fields given as text.

    *fields* holds any of :data:`FIELDS`, the option names of :data:`OPTIONS` and
    ``conventions`` (``"name=choice, …"``); an empty (or white) text means the field is absent.
    *options* are the same option names as keywords (a conventions mapping allowed). Unknown
    names, values that are not text and a name given twice are refused.

    >>> parse_fields({"primary": "震", "changed": "", "month": "寅", "day": "癸酉"})
    {'primary': '震', 'month': '寅', 'day': '癸酉'}
    >>> parse_fields({"day": "癸酉", "moon": "full"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: unknown field 'moon'; fields are primary, changed, ...
    """
    if not isinstance(fields, Mapping):
        raise InputError("fields.not_mapping", value=fields)
    names = (*FIELDS, *OPTIONS, "conventions")
    out: dict[str, Any] = {}
    for name, value in itertools.chain(
            itertools.islice(fields.items(), len(names) + 1), options.items()):
        if not isinstance(name, str) or name not in names:
            raise InputError("field.unknown", value=name, names=", ".join(names))
        if name in out:
            raise InputError("field.twice", field=name)
        if value is None:
            continue
        if isinstance(value, str):
            if not value.strip():
                continue
        elif not (name == "conventions" and isinstance(value, Mapping)):
            raise InputError("field.not_text_field", field=name, value=value)
        out[name] = value
    return out


__all__ = [
    "FIELDS", "MONTH_NUMERALS", "Reading", "message", "parse", "parse_fields", "read_conventions",
]
