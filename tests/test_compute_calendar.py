"""compute.book.calendar against lunar-python's own pillar functions (an outside authority)."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from compute.book.calendar import pillars, solar_terms

lunar_python = pytest.importorskip("lunar_python")


def _lunar(moment: dt.datetime):
    return lunar_python.Solar.fromYmdHms(
        moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second
    ).getLunar()


def _moments() -> list[dt.datetime]:
    rng = random.Random(20)
    out = [dt.datetime(1901, 1, 1) + dt.timedelta(minutes=rng.randrange(200 * 525600))
           for _ in range(600)]
    for year in (1663, 1664, 1900, 2000, 2023, 2099):  # around every 節 of some years
        for start, _ in solar_terms(year)[:12]:
            out += [start - dt.timedelta(seconds=1), start, start + dt.timedelta(seconds=1)]
    return out


@pytest.mark.slow  # a seeded sweep of moments, each asked of lunar-python too
def test_pillars_agree_with_lunar_python():
    for m in _moments():
        lunar = _lunar(m)
        p = pillars(m)
        assert p.year.zh == lunar.getYearInGanZhiExact(), m
        assert p.month.zh == lunar.getMonthInGanZhiExact(), m
        assert p.day.zh == lunar.getDayInGanZhiExact(), m
        assert pillars(m, zi="0").day.zh == lunar.getDayInGanZhiExact2(), m
        if m.hour != 23:
            assert p.hour.zh == lunar.getTimeInGanZhi(), m


def test_solstice_halves():
    table = _lunar(dt.datetime(2023, 7, 1)).getJieQiTable()
    xiazhi = dt.datetime.strptime(table["夏至"].toYmdHms(), "%Y-%m-%d %H:%M:%S")
    dongzhi = dt.datetime.strptime(table["DONG_ZHI"].toYmdHms(), "%Y-%m-%d %H:%M:%S")
    second = dt.timedelta(seconds=1)
    assert not pillars(xiazhi - second).after_xiazhi and pillars(xiazhi).after_xiazhi
    assert pillars(dongzhi - second).after_xiazhi and not pillars(dongzhi).after_xiazhi
