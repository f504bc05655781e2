"""The calendar adapter: a datetime → the four pillars, and which side of the solstices it falls.

The book states its cases by 月建 and 日辰; a datetime is converted with ``lunar-python``
(imported lazily here and nowhere else), which reckons the year from 立春 and the month from
the exact moment of each 節 (節氣 to the minute), the day by the sexagenary count.

The 子時 convention is a choice the book does not make: ``zi="23"`` (default) starts the day at
子初, 23:00 (the traditional 換日); ``zi="0"`` keeps 23:00–24:00 on the old day (夜子時). Either
way the hour pillar is found from the day stem by 五子遁 (p028-s2). Dates are proleptic Gregorian.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from compute.errors import InputError
from compute.ganzhi import Branch, GanZhi, hour_pillar

ZI_CONVENTIONS = ("23", "0")


@dataclass(frozen=True, slots=True)
class Pillars:
    """Year, month, day and hour pillars of a moment, and whether it lies after 夏至."""

    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: GanZhi
    after_xiazhi: bool


def hour_branch(moment: _dt.datetime) -> Branch:
    """The double-hour of a clock time: 子 23:00–00:59, 丑 01:00–02:59 …

    >>> hour_branch(_dt.datetime(1663, 4, 12, 9)), hour_branch(_dt.datetime(1663, 4, 12, 23, 5))
    (Branch.SI, Branch.ZI)
    """
    return Branch(((moment.hour + 1) // 2) % 12)


def pillars(moment: _dt.datetime, zi: str = "23") -> Pillars:
    """The pillars of *moment* (local time of the cast).

    >>> p = pillars(_dt.datetime(1663, 4, 12, 9))
    >>> p.year.zh, p.month.zh, p.day.zh, p.hour.zh, p.after_xiazhi
    ('癸卯', '丙辰', '癸酉', '丁巳', False)
    >>> late = _dt.datetime(2024, 1, 1, 23, 30)
    >>> pillars(late).day.zh, pillars(late, zi="0").day.zh
    ('乙丑', '甲子')
    """
    if zi not in ZI_CONVENTIONS:
        raise InputError(f"子時 convention {zi!r}: expected '23' (day starts 23:00) or '0'")
    if not isinstance(moment, _dt.datetime):
        raise InputError(f"date {moment!r}: expected a datetime such as 1663-04-12T09:00")
    try:
        from lunar_python import Solar
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise InputError("turning a date into pillars needs lunar-python") from exc
    try:
        solar = Solar.fromYmdHms(moment.year, moment.month, moment.day,
                                 moment.hour, moment.minute, moment.second)
        lunar = solar.getLunar()
        year = GanZhi.from_zh(lunar.getYearInGanZhiExact())
        month = GanZhi.from_zh(lunar.getMonthInGanZhiExact())
        day_zh = lunar.getDayInGanZhiExact() if zi == "23" else lunar.getDayInGanZhiExact2()
        day = GanZhi.from_zh(day_zh)
        table = lunar.getJieQiTable()
        stamp = solar.toYmdHms()
        after = table["夏至"].toYmdHms() <= stamp < table["DONG_ZHI"].toYmdHms()
    except InputError:
        raise
    except Exception as exc:
        raise InputError(f"date {moment.isoformat()}: the calendar cannot convert it ({exc})") \
            from exc
    return Pillars(year, month, day, hour_pillar(day.stem, hour_branch(moment)), after)
