"""The almanac table of the cases' dates (yimao/model/almanac_data.py, made by
tools/almanac_table.py) against lunar-python, which ``yimao cases`` no longer imports: the file
is what the tool makes, and every day of every year the cases' dates are searched in gets the
lunar year and month lunar-python's own year tables give it (tests/test_model_cases.py checks
three years of it against lunar-python's lunar date of each day, too)."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from compute.book.calendar import GREGORIAN_START, julian_to_gregorian
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
from yimao.errors import EditionError
from yimao.model import cases as C

pytest.importorskip("lunar_python")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import almanac_table  # noqa: E402


def lunar_python_days(gyear: int) -> tuple[tuple[str, str], ...]:
    """What ``_almanac_days`` gave before the table: lunar-python's year table of *gyear*, its
    months bounding the days (as ``Lunar.fromSolar`` finds a day's month)."""
    from lunar_python import LunarYear, Solar

    months = []
    for m in LunarYear.fromYear(gyear).getMonths():
        s = Solar.fromJulianDay(m.getFirstJulianDay())
        ymd = (s.getYear(), s.getMonth(), s.getDay())
        first = julian_to_gregorian(*ymd) if dt.date(*ymd) < GREGORIAN_START else dt.date(*ymd)
        months.append((first, m.getDayCount(), GANZHI_ZH[(m.getYear() - 4) % 60],
                       BRANCH_ZH[(abs(m.getMonth()) + 1) % 12]))
    out = []
    day = dt.date(gyear, 1, 1)
    while day.year == gyear:
        out.append(next((year, month) for first, count, year, month in months
                        if (day - first).days < count))
        day += dt.timedelta(days=1)
    return tuple(out)


def test_the_file_is_what_the_tool_makes() -> None:
    assert almanac_table.OUT.read_text(encoding="utf-8") == almanac_table.build()


@pytest.mark.parametrize("year", range(C.WINDOW[0], C.WINDOW[1] + 2))
def test_every_day_of_the_window_as_lunar_python(year: int) -> None:
    assert C._almanac_days(year) == lunar_python_days(year)


def test_a_year_outside_the_table_is_refused() -> None:
    first, last = almanac_table.YEARS
    C._almanac_days(first + 1)
    C._almanac_days(last)
    for year in (first, last + 1):
        with pytest.raises(EditionError, match="not in the almanac table"):
            C._almanac_days(year)


def test_cases_import_no_lunar_python() -> None:
    """``yimao cases`` dates every case without lunar-python (a development dependency)."""
    import subprocess

    code = ("import sys; from yimao.cli.main import main; main(['cases', '--json']); "
            "sys.exit('lunar_python' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
