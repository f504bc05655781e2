"""Dates: the zone a moment is read in, dates before 1582-10-15, Julian input, the years the
calendar covers. The pillars of random moments are checked against an independent reckoning:
the Sun's apparent longitude by the low-accuracy formulae of Meeus (Astronomical Algorithms,
ch. 25: about 0.01°, a quarter of an hour), with ΔT by the Espenak–Meeus polynomials, and the
day count from the Julian day number. Moments within two hours of a 節 are left out (the two
reckonings may differ by minutes there)."""

from __future__ import annotations

import datetime as dt
import math
import random

import pytest

from compute import InputError, chart
from compute.book.calendar import CALENDAR_ZONE, julian_to_gregorian, pillars
from compute.book.ganzhi import BRANCH_ZH, GANZHI
from compute.engine.moment import read_moment

pytest.importorskip("lunar_python")

UTC8 = dt.timedelta(hours=8)


def delta_t(year: float) -> float:
    """ΔT in seconds (Espenak & Meeus, NASA Five Millennium Canon, polynomial expressions)."""
    if year < 500:
        u = year / 100
        return (10583.6 - 1014.41 * u + 33.78311 * u**2 - 5.952053 * u**3 - 0.1798452 * u**4
                + 0.022174192 * u**5 + 0.0090316521 * u**6)
    if year < 1600:
        u = (year - 1000) / 100
        return (1574.2 - 556.01 * u + 71.23472 * u**2 + 0.319781 * u**3 - 0.8503463 * u**4
                - 0.005050998 * u**5 + 0.0083572073 * u**6)
    if year < 1700:
        t = year - 1600
        return 120 - 0.9808 * t - 0.01532 * t**2 + t**3 / 7129
    if year < 1800:
        t = year - 1700
        return 8.83 + 0.1603 * t - 0.0059285 * t**2 + 0.00013336 * t**3 - t**4 / 1174000
    if year < 1860:
        t = year - 1800
        return (13.72 - 0.332447 * t + 0.0068612 * t**2 + 0.0041116 * t**3 - 0.00037436 * t**4
                + 0.0000121272 * t**5 - 0.0000001699 * t**6 + 0.000000000875 * t**7)
    if year < 1900:
        t = year - 1860
        return (7.62 + 0.5737 * t - 0.251754 * t**2 + 0.01680668 * t**3 - 0.0004473624 * t**4
                + t**5 / 233174)
    if year < 1920:
        t = year - 1900
        return -2.79 + 1.494119 * t - 0.0598939 * t**2 + 0.0061966 * t**3 - 0.000197 * t**4
    if year < 1941:
        t = year - 1920
        return 21.20 + 0.84493 * t - 0.076100 * t**2 + 0.0020936 * t**3
    if year < 1961:
        t = year - 1950
        return 29.07 + 0.407 * t - t**2 / 233 + t**3 / 2547
    if year < 1986:
        t = year - 1975
        return 45.45 + 1.067 * t - t**2 / 260 - t**3 / 718
    if year < 2005:
        t = year - 2000
        return (63.86 + 0.3345 * t - 0.060374 * t**2 + 0.0017275 * t**3 + 0.000651814 * t**4
                + 0.00002373599 * t**5)
    t = year - 2000
    return 62.92 + 0.32217 * t + 0.005589 * t**2


def julian_day(utc: dt.datetime) -> float:
    """The Julian day of a UTC moment (proleptic Gregorian; JD 2451545.0 = 2000-01-01 12:00)."""
    seconds = utc.hour * 3600 + utc.minute * 60 + utc.second
    return utc.toordinal() + 1721424.5 + seconds / 86400


def sun_longitude(jde: float) -> float:
    """The Sun's apparent longitude in degrees (Meeus ch. 25, low accuracy)."""
    t = (jde - 2451545.0) / 36525
    l0 = 280.46646 + 36000.76983 * t + 0.0003032 * t * t
    m = math.radians(357.52911 + 35999.05029 * t - 0.0001537 * t * t)
    c = ((1.914602 - 0.004817 * t - 0.000014 * t * t) * math.sin(m)
         + (0.019993 - 0.000101 * t) * math.sin(2 * m) + 0.000289 * math.sin(3 * m))
    omega = math.radians(125.04 - 1934.136 * t)
    return (l0 + c - 0.00569 - 0.00478 * math.sin(omega)) % 360


def independent(local: dt.datetime) -> tuple[str, str, str, str] | None:
    """Year pillar, month branch, day pillar and hour branch of a UTC+8 wall time (naive,
    proleptic Gregorian), reckoned without compute or lunar-python; None near a 節."""
    jd = julian_day(local - UTC8)
    lam = sun_longitude(jd + delta_t(local.year + (local.month - 0.5) / 12) / 86400)
    into = (lam - 285) % 30  # degrees since the last 節 (小寒 at 285°, then every 30°)
    if min(into, 30 - into) < 2 / 24 * 360 / 365.2422:  # within two hours of a 節
        return None
    month = (int(((lam - 285) % 360) // 30) + 1) % 12  # 小寒 opens 丑 (1), 立春 寅 (2) …
    before_lichun = local.month <= 2 and month in (0, 1)
    year = GANZHI[(local.year - 4 - before_lichun) % 60].zh
    day = local.toordinal() + (1 if local.hour == 23 else 0)
    return year, BRANCH_ZH[month], GANZHI[(day + 1721425 + 49) % 60].zh, \
        BRANCH_ZH[((local.hour + 1) // 2) % 12]


@pytest.mark.parametrize(("first", "last", "n"), [(900, 1199, 150), (1200, 1581, 400),
                                                  (1583, 2100, 200)])
def test_pillars_agree_with_an_independent_reckoning(first: int, last: int, n: int) -> None:
    rng = random.Random(first)
    start = dt.datetime(first, 1, 1)
    span = (dt.datetime(last, 12, 31) - start).total_seconds()
    compared = 0
    for _ in range(n):
        local = start + dt.timedelta(seconds=rng.randrange(int(span)))
        expected = independent(local)
        if expected is None:
            continue
        p = pillars(local)
        assert (p.year.zh, str(p.month.branch), p.day.zh, str(p.hour.branch)) == expected, local
        compared += 1
    assert compared > 0.9 * n  # few moments lie within two hours of a 節


def test_the_issue_examples() -> None:
    p = pillars(dt.datetime(1500, 1, 30, 12))  # 立春 1500 fell on 02-04 (Gregorian)
    assert (p.year.zh, p.month.zh) == ("己未", "丁丑")
    utc = chart(lines="987876", at="2024-02-04T08:27:30+00:00")
    local = chart(lines="987876", at="2024-02-04T16:27:30+08:00")
    assert utc.to_dict() | {"options": {}} == local.to_dict() | {"options": {}}
    assert (utc.option("tz"), local.option("tz")) == ("+00:00", "+08:00")
    assert (local.year.zh, local.month_pillar.zh, local.hour.zh) == ("甲辰", "丙寅", "庚申")
    for year in (900, 1000):
        assert chart(lines="987876", at=f"{year}-06-01T12:00").year is not None


def test_a_naive_time_is_read_in_utc8_unless_tz_says_otherwise() -> None:
    naive = chart(lines="987876", at=dt.datetime(1663, 4, 12, 9))
    assert naive.at == dt.datetime(1663, 4, 12, 9, tzinfo=CALENDAR_ZONE)
    assert naive.option("tz") == "+08:00" and naive.to_dict()["at"].endswith("+08:00")
    seoul = chart(lines="987876", at=dt.datetime(2024, 2, 4, 17, 27, 30), tz="+09:00")
    assert seoul.to_dict() == chart(lines="987876", at="2024-02-04T16:27:30").to_dict() | {
        "options": seoul.to_dict()["options"]}
    assert seoul.option("tz") == "+09:00"
    aware = dt.datetime(2024, 2, 4, 3, 27, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert chart(lines="987876", at=aware).at.isoformat() == "2024-02-04T16:27:30+08:00"
    with pytest.raises(InputError, match="own offset"):
        chart(lines="987876", at=aware, tz="+08:00")


def test_iana_zones_when_the_database_is_there() -> None:
    zoneinfo = pytest.importorskip("zoneinfo")
    try:
        zoneinfo.ZoneInfo("Asia/Seoul")
    except zoneinfo.ZoneInfoNotFoundError:
        pytest.skip("no time zone database")
    c = chart(lines="987876", at="2024-07-01T09:00", tz="Asia/Seoul")  # KST, UTC+9
    assert c.at.isoformat() == "2024-07-01T08:00:00+08:00" and c.option("tz") == "Asia/Seoul"


def test_the_chart_text_states_the_zone() -> None:
    from compute.cli import render

    text = render(chart(lines="987876", at="2024-02-04T08:27:30Z"))
    assert "2024-02-04 16:27 UTC+08:00" in text.splitlines()[1]


def test_julian_dates() -> None:
    # well-known correspondences of the two calendars
    assert julian_to_gregorian(1582, 10, 4) == dt.date(1582, 10, 14)  # the day before the reform
    assert julian_to_gregorian(1500, 3, 1) == dt.date(1500, 3, 11)
    assert julian_to_gregorian(1000, 1, 1) == dt.date(1000, 1, 6)
    assert julian_to_gregorian(1, 1, 3) == dt.date(1, 1, 1)
    assert julian_to_gregorian(1752, 9, 2) == dt.date(1752, 9, 13)  # Britain's reform
    moment, _ = read_moment("1500-02-29T12:00", calendar="julian")  # a Julian leap day
    assert moment.date() == dt.date(1500, 3, 10)
    with pytest.raises(InputError, match="no such Gregorian date"):
        read_moment("1500-02-29T12:00")
    julian = chart(lines="987876", at="1500-01-25T12:00", calendar="julian")
    assert julian.to_dict() == chart(lines="987876", at="1500-02-03T12:00").to_dict() | {
        "options": julian.to_dict()["options"]}
    assert julian.option("calendar") == "julian"


@pytest.mark.parametrize("at", [dt.datetime.min, "0001-01-01T00:00", "3000-12-31T23:59",
                                "1582-10-15T00:00", "1582-10-14T23:59", "2000-02-29T23:00",
                                "0001-01-01T08:00Z"])
def test_extremes_answer(at: str) -> None:
    assert chart(lines="987876", at=at).day is not None


@pytest.mark.parametrize("at", [dt.datetime.min.replace(tzinfo=dt.timezone(dt.timedelta(hours=9))),
                                dt.datetime.max, "9999-12-31T23:00",
                                "3001-01-01T00:00", "0001-01-01T00:59+09:00",
                                "0001-01-01T00:00+23:59",
                                dt.datetime.max.replace(tzinfo=dt.timezone(-dt.timedelta(hours=23))),
                                "0001-01-02T00:00"])
def test_beyond_the_calendar_is_refused(at: object) -> None:
    if at == "0001-01-02T00:00":  # Julian 0001-01-02 is Gregorian year 0
        with pytest.raises(InputError, match="outside"):
            chart(lines="987876", at="0001-01-01T12:00", calendar="julian")
        return
    with pytest.raises(InputError, match="1-3000"):
        chart(lines="987876", at=at)
