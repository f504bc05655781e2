"""The calendar adapter: a moment → the four pillars, and which side of the solstices it falls.

The book states its cases by 月建 and 日辰; a moment is converted with the 節 moments of
``lunar-python``, kept in a table (:mod:`compute.book.jieqi_data`, made once by
``tools/jieqi_table.py``; compute imports no calendar library): the year from 立春, the month
from the exact moment of each 節 (to the second), the day by the sexagenary count, the hour by
五子遁.

Zone: the calendar's clock is China's, UTC+8 (:data:`CALENDAR_ZONE`): lunar-python reckons
every 節 as a Julian day in UTC+8 (its ShouXingUtil adds 8/24 of a day, "北京时间"), and the
day and hour pillars follow the same clock. An aware datetime is converted to UTC+8 first; a
naive one is read as UTC+8 (:mod:`compute.engine.inputs` decides which zone a user's naive time is
in,
``--tz``).

Calendar: Python's datetimes are proleptic Gregorian, and so is everything here. lunar-python
writes its dates before 1582-10-15 in the Julian calendar (the 節 of 1500 open 寅 on
"1500-01-26", which is 02-04 Gregorian); the table holds them as Gregorian dates
(:func:`julian_to_gregorian`). Years outside
:data:`YEARS` are refused.

The 子時 convention is a choice the book does not make: ``zi="23"`` (default) starts the day at
子初, 23:00 (the traditional 換日); ``zi="0"`` keeps 23:00–24:00 on the old day (夜子時). Either
way the hour pillar is found from the day stem by 五子遁 (p028-s2).
"""

from __future__ import annotations

import bisect
import datetime as _dt
import functools

from compute.book.ganzhi import BRANCHES, GANZHI, HOUR_PILLARS, MONTH_PILLARS, Branch, GanZhi
from compute.errors import InputError
from compute.values import Frozen, draft, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

ZI_CONVENTIONS = ("23", "0")

CALENDAR_ZONE: Final = _dt.timezone(_dt.timedelta(hours=8), "UTC+08:00")
"""The zone the calendar's clock keeps: UTC+8, as lunar-python reckons the 節."""

YEARS: Final = (1, 3000)
"""The Gregorian years a moment may fall in. Python's datetimes begin with year 1; after 3000
the difference between clock time and the Earth's rotation (ΔT), which lunar-python
extrapolates beyond its table (it ends in 2050), is over an hour and growing, so a moment near
a 節 could get the wrong month: refused rather than guessed."""

GREGORIAN_START: Final = _dt.date(1582, 10, 15)
"""The first Gregorian day: lunar-python's dates before it are Julian."""


class Pillars(Frozen):
    """Year, month, day and hour pillars of a moment, and whether it lies after 夏至.

    >>> pillars(_dt.datetime(2023, 8, 1, 12)).after_xiazhi
    True
    """

    __slots__ = ("year", "month", "day", "hour", "after_xiazhi")
    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: GanZhi
    after_xiazhi: bool

    def __init__(self, year: GanZhi, month: GanZhi, day: GanZhi, hour: GanZhi,
                 after_xiazhi: bool) -> None:
        init(self, year, month, day, hour, after_xiazhi)


def hour_branch(moment: _dt.datetime) -> Branch:
    """The double-hour of a clock time: 子 23:00–00:59, 丑 01:00–02:59 …

    >>> hour_branch(_dt.datetime(1663, 4, 12, 9)), hour_branch(_dt.datetime(1663, 4, 12, 23, 5))
    (Branch.SI, Branch.ZI)
    """
    return BRANCHES[((moment.hour + 1) // 2) % 12]


# The twelve 節 that open the months, in the order lunar-python's table names them within a
# Gregorian year (小寒 opens 丑, 立春 寅 … 大雪 子).
_JIE: tuple[tuple[str, Branch], ...] = (
    ("小寒", Branch.CHOU), ("立春", Branch.YIN), ("惊蛰", Branch.MAO), ("清明", Branch.CHEN),
    ("立夏", Branch.SI), ("芒种", Branch.WU), ("小暑", Branch.WEI), ("立秋", Branch.SHEN),
    ("白露", Branch.YOU), ("寒露", Branch.XU), ("立冬", Branch.HAI), ("大雪", Branch.ZI),
)


def julian_to_gregorian(year: int, month: int, day: int) -> _dt.date:
    """The proleptic Gregorian date of a date of the Julian calendar (by the Julian day number).

    >>> julian_to_gregorian(1582, 10, 4), julian_to_gregorian(1500, 2, 29)
    (datetime.date(1582, 10, 14), datetime.date(1500, 3, 10))
    >>> julian_to_gregorian(1500, 2, 30)
    Traceback (most recent call last):
    compute.errors.InputError: Julian date 1500-02-30: February 1500 has 29 days
    """
    if not 1 <= month <= 12:
        raise InputError("julian.month", date=f"{year:04d}-{month:02d}-{day:02d}")
    length = (31, 29 if year % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    if not 1 <= day <= length:
        raise InputError("julian.day", date=f"{year:04d}-{month:02d}-{day:02d}",
                         month_name=f"{_dt.date(2001, month, 1):%B}", month=month, year=year,
                         length=length)
    a = (14 - month) // 12
    y, m = year + 4800 - a, month + 12 * a - 3
    jdn = day + (153 * m + 2) // 5 + 365 * y + y // 4 - 32083
    ordinal = jdn - 1721425  # JDN 1721426 is 0001-01-01 (proleptic Gregorian), ordinal 1
    if not 1 <= ordinal <= _dt.date.max.toordinal():
        raise InputError("julian.range", date=f"{year:04d}-{month:02d}-{day:02d}")
    return _dt.date.fromordinal(ordinal)


TERM_EPOCH: Final = _dt.datetime(1, 1, 1)
"""The table of the 節 (:mod:`compute.book.jieqi_data`) counts seconds from here (UTC+8 clock)."""

MEAN_YEAR: Final = 31556926
"""365.2422 days in seconds: the table stores each moment less as many of these as its year
lies after the first."""


@functools.cache
def _term_table() -> list[int]:
    """Each term's moments of the years, term by term, each less its year's mean years
    (:data:`MEAN_YEAR` each since the first; :func:`term_seconds` adds them back): decoded
    once, whole, on the first date, from :mod:`compute.book.jieqi_data` (imported here) by a few
    calls in C — base 64, zlib, the int32's byte planes put back together, ``tolist``."""
    import array
    import binascii  # base64's decoder, without the module base64 (and its imports) around it
    import sys
    import zlib

    from compute.book import jieqi_data as data

    planes = zlib.decompress(binascii.a2b_base64(data.MOMENTS))
    n = len(planes) // 4
    raw = bytearray(4 * n)
    for j in range(4):  # plane j holds byte j of every int32 (little-endian)
        raw[j::4] = planes[j * n:(j + 1) * n]
    moments = array.array("i")
    moments.frombytes(raw)
    if sys.byteorder == "big":
        moments.byteswap()
    if (data.FIRST_YEAR, data.LAST_YEAR) != YEARS or len(moments) != 14 * _YEAR_COUNT:
        raise InputError("calendar.table", first=YEARS[0], last=YEARS[1])
    return moments.tolist()


def term_seconds(year: int) -> tuple[int, ...]:
    """The moments of the terms of :func:`solar_terms` (the twelve 節, 夏至, 冬至), in seconds
    since :data:`TERM_EPOCH` on the calendar's clock: what :func:`pillars` compares a moment
    with.

    >>> t = term_seconds(2023); TERM_EPOCH + _dt.timedelta(seconds=t[1])
    datetime.datetime(2023, 2, 4, 10, 42, 33)
    """
    if not YEARS[0] <= year <= YEARS[1]:
        raise InputError("calendar.year", year=year, first=YEARS[0], last=YEARS[1])
    i = year - YEARS[0]
    s, b = _term_table()[i::_YEAR_COUNT], i * MEAN_YEAR   # written out: no loop, no map
    return (s[0] + b, s[1] + b, s[2] + b, s[3] + b, s[4] + b, s[5] + b, s[6] + b, s[7] + b,
            s[8] + b, s[9] + b, s[10] + b, s[11] + b, s[12] + b, s[13] + b)


_YEAR_COUNT: Final = YEARS[1] - YEARS[0] + 1


def solar_terms(year: int) -> tuple[tuple[_dt.datetime, Branch], ...]:
    """The moments of the twelve 節 of a Gregorian year (each with the month it opens), then
    夏至 and 冬至 of that year (marked 午 and 子): naive datetimes of the calendar's clock (UTC+8),
    proleptic Gregorian, to the second — read from the table :mod:`compute.book.jieqi_data`, which
    ``tools/jieqi_table.py`` makes from lunar-python (and the tests compare with it).

    >>> [f"{t:%m-%d %H:%M}" for t, _ in solar_terms(2023)[:2]]
    ['01-05 23:04', '02-04 10:42']
    >>> f"{solar_terms(1500)[1][0]:%Y-%m-%d}"  # lunar-python: 1500-01-26 (Julian)
    '1500-02-04'
    >>> solar_terms(3001)
    Traceback (most recent call last):
    compute.errors.InputError: year 3001: the calendar covers the years 1-3000 (UTC+8, Gregorian)
    """
    return tuple((TERM_EPOCH + _dt.timedelta(seconds=s), branch)
                 for s, branch in zip(term_seconds(year), _TERM_BRANCHES, strict=True))


_TERM_BRANCHES: Final = tuple(b for _, b in _JIE) + (Branch.WU, Branch.ZI)
"""The month each 節 opens, then 午 (夏至) and 子 (冬至)."""
_MONTH_AFTER: Final = (Branch.ZI, *(b for _, b in _JIE))
"""The month a moment falls in by how many of its year's 節 have begun (none: the 子 month
that last year's 大雪 opened)."""
_DAY: Final = 86400
_EPOCH: Final = _dt.date(2000, 1, 1).toordinal() - 54  # 2000-01-01 was 戊午 (54)


def day_pillar(day: _dt.date) -> GanZhi:
    """The day's place in the sixty (proleptic Gregorian count).

    >>> day_pillar(_dt.date(1663, 4, 12)), day_pillar(_dt.date(1949, 10, 1))
    (GanZhi.from_zh('癸酉'), GanZhi.from_zh('甲子'))
    """
    return GANZHI[(day.toordinal() - _EPOCH) % 60]


def pillars(moment: _dt.datetime, zi: str = "23") -> Pillars:
    """The pillars of *moment* (an aware datetime is converted to UTC+8, a naive one is read as
    UTC+8): the year from 立春, the month from the 節 that opened it, the day by the sexagenary
    count (from 23:00 with ``zi="23"``), the hour by 五子遁.

    >>> p = pillars(_dt.datetime(1663, 4, 12, 9))
    >>> p.year.zh, p.month.zh, p.day.zh, p.hour.zh, p.after_xiazhi
    ('癸卯', '丙辰', '癸酉', '丁巳', False)
    >>> late = _dt.datetime(2024, 1, 1, 23, 30)
    >>> pillars(late).day.zh, pillars(late, zi="0").day.zh
    ('乙丑', '甲子')
    >>> pillars(_dt.datetime(1997, 9, 7, 22, 59)).month.zh  # 白露 at 22:28:49
    '己酉'
    >>> utc = _dt.datetime(2024, 2, 4, 8, 27, 30, tzinfo=_dt.timezone.utc)  # 16:27:30 UTC+8
    >>> p = pillars(utc); p.year.zh, p.month.zh, p.hour.zh
    ('甲辰', '丙寅', '庚申')
    >>> p = pillars(_dt.datetime(1500, 1, 30, 12)); p.year.zh, p.month.zh  # 立春 on 02-04
    ('己未', '丁丑')
    """
    if zi not in ZI_CONVENTIONS:
        raise InputError("zi.bad", value=zi)
    if not isinstance(moment, _dt.datetime):
        raise InputError("calendar.not_datetime", value=moment)
    if moment.tzinfo is not None and moment.tzinfo is not CALENDAR_ZONE \
            and moment.utcoffset() is not None:
        try:
            moment = moment.astimezone(CALENDAR_ZONE)
        except (OverflowError, ValueError):
            raise InputError("calendar.utc8_range", date=moment.isoformat(), first=YEARS[0],
                             last=YEARS[1]) from None
    year = moment.year
    if not YEARS[0] <= year <= YEARS[1]:
        raise InputError("calendar.range", date=f"{moment:%Y-%m-%d}", first=YEARS[0],
                         last=YEARS[1])
    terms = term_seconds(year)
    ordinal, hour = moment.toordinal(), moment.hour
    # the moment in whole seconds since TERM_EPOCH: a term begins on a whole second, so the
    # comparisons are those of the datetimes
    at = (ordinal - 1) * _DAY + hour * 3600 + moment.minute * 60 + moment.second
    y = (year - 4 - (at < terms[1])) % 60
    d = (ordinal + (1 if zi == "23" and hour == 23 else 0) - _EPOCH) % 60
    o = _new(_DRAFT[0])
    o.year = GANZHI[y]
    o.month = _MONTH_PILLAR[y % 10][bisect.bisect_right(terms, at, 0, 12)]
    o.day = GANZHI[d]
    o.hour = HOUR_PILLARS[d % 10][((hour + 1) // 2) % 12]
    o.after_xiazhi = terms[12] <= at < terms[13]
    o.__class__ = Pillars
    return o


_DRAFT: Final = (draft(Pillars),)
_new = object.__new__
_MONTH_PILLAR: Final = tuple(tuple(MONTH_PILLARS[s][m] for m in _MONTH_AFTER) for s in range(10))
"""``_MONTH_PILLAR[year stem][how many of the year's 節 have begun]``: the month's pillar
(:data:`~compute.book.ganzhi.MONTH_PILLARS` by the month those 節 begin)."""
