"""The moment of a cast: a date and time read in a zone (an offset, ``UTC+9``, or an IANA name
where the zone database is installed) and a calendar (Gregorian, proleptic before 1582-10-15, or
Julian), checked against the years the 節 table covers (:data:`DATE_POLICY`).
"""

from __future__ import annotations

import datetime as _dt
import re

from compute.book.calendar import CALENDAR_ZONE, YEARS, julian_to_gregorian
from compute.engine.fields import LONGEST_TEXT, field_text, halfwidth, read_option
from compute.errors import InputError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final


DEFAULT_TZ: Final = "+08:00"
"""The zone a time without an offset is read in: UTC+8, the calendar's own clock."""

DATE_POLICY: Final = (
    "Dates: a time without an offset is read in UTC+8 (+08:00, China's clock, in which "
    "lunar-python reckons the 節) unless --tz names another zone (an offset such as +09:00, or "
    "an IANA name such as Asia/Seoul); a time with an offset is converted from it. Dates are "
    "Gregorian (proleptic before 1582-10-15); --julian reads a Julian date. The calendar covers "
    "the years 1-3000. The chart states the moment in UTC+8."
)
"""The zone and calendar policy in one paragraph (``yimao chart --help`` prints it)."""

_DEFAULT_ZONE: Final = (_dt.timezone(_dt.timedelta(hours=8)), DEFAULT_TZ)
""":func:`read_zone` of :data:`DEFAULT_TZ`."""


# The forms of a moment and of a zone, compiled on first use by re's own cache (a chart given
# by pillars never reads a date: compiling them at import cost the CLI's start-up ~1 ms)
_ISO: Final = (
    r"([0-9]{1,4})-([0-9]{1,2})-([0-9]{1,2})(?:T|t|\s+)([0-9]{1,2}):([0-9]{2})"
    r"(?::([0-9]{2})(?:[.,]([0-9]{1,6}))?)?\s*(Z|z|[+-][0-9]{2}(?::?[0-9]{2})?)?"
)
_DATE_ONLY: Final = r"[0-9]{1,4}-[0-9]{1,2}-[0-9]{1,2}"
_OFFSET: Final = r"(?i:UTC|GMT)?\s*([+-])([0-9]{1,2})(?::?([0-9]{2}))?"
_ZONE_NAME: Final = r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,3}"


# ------------------------------------------------------------------ the moment


def read_zone(tz: object) -> tuple[_dt.tzinfo, str]:
    """The zone a time without offset is read in, and its label.

    >>> read_zone("+08:00")[1], read_zone("UTC-5")[1], read_zone("Z")[1], read_zone("+0930")[1]
    ('+08:00', '-05:00', '+00:00', '+09:30')
    >>> read_zone("Mars/Olympus")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: time zone 'Mars/Olympus': unknown; ...
    """
    if isinstance(tz, _dt.tzinfo):
        return tz, str(tz)
    if tz == DEFAULT_TZ:  # what a time without an offset is read in unless told
        return _DEFAULT_ZONE
    return _zone_of_text(tz)


def _zone_of_text(tz: object) -> tuple[_dt.tzinfo, str]:
    """:func:`read_zone` of a text."""
    text = halfwidth(field_text(tz, "time zone")) if isinstance(tz, str) else tz
    if not isinstance(text, str):
        raise InputError("tz.not_text", value=tz)
    if text.upper() in ("Z", "UTC", "GMT"):
        return _dt.UTC, "+00:00"
    m = re.fullmatch(_OFFSET, text)
    if m:
        sign, hours, minutes = m.group(1), int(m.group(2)), int(m.group(3) or 0)
        if hours > 23 or minutes > 59:
            raise InputError("tz.range", value=tz)
        delta = (-1 if sign == "-" else 1) * _dt.timedelta(hours=hours, minutes=minutes)
        return _dt.timezone(delta), f"{sign}{hours:02d}:{minutes:02d}"
    if not re.fullmatch(_ZONE_NAME, text):
        raise InputError("tz.unknown", value=tz)
    try:
        import zoneinfo

        return zoneinfo.ZoneInfo(text), text
    except Exception:  # noqa: BLE001 (no such zone, or no time zone database here)
        raise InputError("tz.unknown", value=tz) from None


def _offset_label(delta: _dt.timedelta | None) -> str:
    minutes = int((delta or _dt.timedelta()).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _date(year: int, month: int, day: int, calendar: str, shown: str) -> _dt.date:
    if calendar == "julian":
        try:
            return julian_to_gregorian(year, month, day)
        except InputError as exc:
            raise InputError("at.reason", value=shown, reason=exc) from None
    try:
        return _dt.date(year, month, day)
    except ValueError as exc:
        raise InputError("at.no_such_date", value=shown, detail=exc) from None


def _fields_of_text(text: str, calendar: str) -> tuple[_dt.datetime, _dt.tzinfo | None]:
    """A date-time text as a datetime (the date in *calendar*) and its own offset if any."""
    shown = text
    clean = halfwidth(text).strip()
    m = re.fullmatch(_ISO, clean)
    if m is None:
        if re.fullmatch(_DATE_ONLY, clean):
            raise InputError("at.date_only", value=shown)
        raise InputError("at.bad", value=shown)
    y, mo, d, h, mi, s, frac, off = m.groups()
    day = _date(int(y), int(mo), int(d), calendar, shown)
    try:
        clock = _dt.time(int(h), int(mi), int(s or 0), int((frac or "0").ljust(6, "0")))
    except ValueError as exc:
        raise InputError("at.no_such_time", value=shown, detail=exc) from None
    zone = read_zone(off)[0] if off else None
    return _dt.datetime.combine(day, clock), zone


def read_moment(at: object, tz: object = None, calendar: str = "gregorian"
                ) -> tuple[_dt.datetime, str]:
    """The moment *at* in the calendar's zone (UTC+8, aware), and the label of the zone it was
    read in. A naive time is read in *tz* (default :data:`DEFAULT_TZ`); an aware one is
    converted from its own offset.

    >>> m, zone = read_moment("1663-04-12T09:00"); m.isoformat(), zone
    ('1663-04-12T09:00:00+08:00', '+08:00')
    >>> m, zone = read_moment("1663-04-12 10:00", tz="+09:00"); m.isoformat(), zone
    ('1663-04-12T09:00:00+08:00', '+09:00')
    >>> read_moment("1500-01-20T12:00", calendar="julian")[0].date().isoformat()
    '1500-01-29'
    >>> read_moment("9999-12-31T23:00")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: at '9999-12-31T23:00': the calendar covers the years 1-3000 ...
    """
    if calendar != "gregorian" or type(calendar) is not str:
        calendar = read_option("calendar", calendar)
    if type(at) is _dt.datetime and tz is None and calendar == "gregorian" \
            and at.tzinfo is None:  # the common case: a naive time of UTC+8, kept as it is
        moment = at.replace(tzinfo=CALENDAR_ZONE)
        if not YEARS[0] <= moment.year <= YEARS[1]:
            raise InputError("at.range", value=at.isoformat(), first=YEARS[0], last=YEARS[1])
        return moment, DEFAULT_TZ
    if isinstance(at, str):
        if len(at) > LONGEST_TEXT:
            raise InputError("at.too_long", value=at)
        shown = at
        local, own = _fields_of_text(at, calendar)
    elif isinstance(at, _dt.datetime):
        shown = at.isoformat()
        own = at.tzinfo if at.utcoffset() is not None else None
        local = at.replace(tzinfo=None)
        if calendar == "julian":
            local = _dt.datetime.combine(_date(at.year, at.month, at.day, calendar, shown),
                                         local.time())
    elif isinstance(at, _dt.date):
        raise InputError("at.date_only", value=at.isoformat())
    else:
        raise InputError("at.not_moment", value=at)
    if own is not None:
        if tz is not None:
            raise InputError("at.own_offset", value=shown)
        zone, label = own, _offset_label(local.replace(tzinfo=own).utcoffset())
    else:
        zone, label = read_zone(DEFAULT_TZ if tz is None else tz)
    try:  # by the difference of the offsets: through UTC, the year 1 in UTC+8 would overflow
        shift = CALENDAR_ZONE.utcoffset(None) - local.replace(tzinfo=zone).utcoffset()
        moment = (local + shift).replace(tzinfo=CALENDAR_ZONE)
    except (OverflowError, ValueError, TypeError):
        raise InputError("at.range", value=shown, first=YEARS[0], last=YEARS[1]) from None
    if not YEARS[0] <= moment.year <= YEARS[1]:
        raise InputError("at.range", value=shown, first=YEARS[0], last=YEARS[1])
    return moment, label


def when_text(moment: _dt.datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC+08:00"
