"""The calendar adapter: a datetime → the four pillars, and which side of the solstices it falls.

The book states its cases by 月建 and 日辰; a datetime is converted with the 節 moments of
``lunar-python`` (imported lazily, in :func:`solar_terms` only, and cached per year): the year
from 立春, the month from the exact moment of each 節 (to the second), the day by the
sexagenary count, the hour by 五子遁.

The 子時 convention is a choice the book does not make: ``zi="23"`` (default) starts the day at
子初, 23:00 (the traditional 換日); ``zi="0"`` keeps 23:00–24:00 on the old day (夜子時). Either
way the hour pillar is found from the day stem by 五子遁 (p028-s2). Dates are proleptic Gregorian.
"""

from __future__ import annotations

import datetime as _dt
import functools
from dataclasses import dataclass
from typing import Final

from compute.errors import InputError
from compute.ganzhi import GANZHI, Branch, GanZhi, hour_pillar, month_pillar

ZI_CONVENTIONS = ("23", "0")


@dataclass(frozen=True, slots=True)
class Pillars:
    """Year, month, day and hour pillars of a moment, and whether it lies after 夏至.

    >>> pillars(_dt.datetime(2023, 8, 1, 12)).after_xiazhi
    True
    """

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


# The twelve 節 that open the months, in the order lunar-python's table names them within a
# Gregorian year (小寒 opens 丑, 立春 寅 … 大雪 子).
_JIE: tuple[tuple[str, Branch], ...] = (
    ("小寒", Branch.CHOU), ("立春", Branch.YIN), ("惊蛰", Branch.MAO), ("清明", Branch.CHEN),
    ("立夏", Branch.SI), ("芒种", Branch.WU), ("小暑", Branch.WEI), ("立秋", Branch.SHEN),
    ("白露", Branch.YOU), ("寒露", Branch.XU), ("立冬", Branch.HAI), ("大雪", Branch.ZI),
)


@functools.lru_cache(maxsize=1024)
def solar_terms(year: int) -> tuple[tuple[_dt.datetime, Branch], ...]:
    """The moments of the twelve 節 of a Gregorian year (each with the month it opens), then
    夏至 and 冬至 of that year (marked 午 and 子), from lunar-python.

    >>> [f"{t:%m-%d %H:%M}" for t, _ in solar_terms(2023)[:2]]
    ['01-05 23:04', '02-04 10:42']
    """
    try:
        from lunar_python import Solar
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise InputError("turning a date into pillars needs lunar-python") from exc
    table = Solar.fromYmd(year, 7, 1).getLunar().getJieQiTable()

    def moment(name: str) -> _dt.datetime:
        return _dt.datetime.strptime(table[name].toYmdHms(), "%Y-%m-%d %H:%M:%S")

    jie = tuple((moment(name), branch) for name, branch in _JIE)
    return jie + ((moment("夏至"), Branch.WU), (moment("DONG_ZHI"), Branch.ZI))


_EPOCH: Final = _dt.date(2000, 1, 1).toordinal() - 54  # 2000-01-01 was 戊午 (54)


def day_pillar(day: _dt.date) -> GanZhi:
    """The day's place in the sixty (proleptic Gregorian count).

    >>> day_pillar(_dt.date(1663, 4, 12)), day_pillar(_dt.date(1949, 10, 1))
    (GanZhi.from_zh('癸酉'), GanZhi.from_zh('甲子'))
    """
    return GANZHI[(day.toordinal() - _EPOCH) % 60]


def pillars(moment: _dt.datetime, zi: str = "23") -> Pillars:
    """The pillars of *moment* (China civil time, as lunar-python reckons the 節): the year
    from 立春, the month from the 節 that opened it, the day by the sexagenary count (from 23:00
    with ``zi="23"``), the hour by 五子遁.

    >>> p = pillars(_dt.datetime(1663, 4, 12, 9))
    >>> p.year.zh, p.month.zh, p.day.zh, p.hour.zh, p.after_xiazhi
    ('癸卯', '丙辰', '癸酉', '丁巳', False)
    >>> late = _dt.datetime(2024, 1, 1, 23, 30)
    >>> pillars(late).day.zh, pillars(late, zi="0").day.zh
    ('乙丑', '甲子')
    >>> pillars(_dt.datetime(1997, 9, 7, 22, 59)).month.zh  # 白露 at 22:28:49
    '己酉'
    """
    if zi not in ZI_CONVENTIONS:
        raise InputError(f"子時 convention {zi!r}: expected '23' (day starts 23:00) or '0'")
    if not isinstance(moment, _dt.datetime):
        raise InputError(f"date {moment!r}: expected a datetime such as 1663-04-12T09:00")
    moment = moment.replace(tzinfo=None)
    try:
        terms = solar_terms(moment.year)
    except InputError:
        raise
    except Exception as exc:
        raise InputError(f"date {moment.isoformat()}: the calendar cannot convert it ({exc})") \
            from exc
    jie, (xiazhi, _), (dongzhi, _) = terms[:12], terms[12], terms[13]
    month = Branch.ZI  # before 小寒: the 子 month opened by last year's 大雪
    for start, branch in jie:
        if moment >= start:
            month = branch
    year = GANZHI[(moment.year - 4 - (moment < jie[1][0])) % 60]
    day = moment.date() + _dt.timedelta(days=1 if zi == "23" and moment.hour == 23 else 0)
    day_gz = day_pillar(day)
    return Pillars(year, month_pillar(year.stem, month), day_gz,
                   hour_pillar(day_gz.stem, hour_branch(moment)), xiazhi <= moment < dongzhi)
