"""The table of the 節 (compute/book/jieqi_data.py, made by tools/jieqi_table.py) against
lunar-python,
which compute no longer imports: the moments of sampled years to the second, the pillars a
second and a minute either side of every 節 of those years, and random moments."""

from __future__ import annotations

import datetime as dt
import random
import subprocess
import sys
from pathlib import Path

import pytest

from compute.book.calendar import TERM_EPOCH, YEARS, pillars, solar_terms, term_seconds

pytest.importorskip("lunar_python")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from jieqi_table import lunar_terms  # noqa: E402

_rng = random.Random(1664)
SAMPLE = sorted({*range(1, 6), *range(1580, 1586), *range(YEARS[1] - 4, YEARS[1] + 1),
                 *range(1, YEARS[1] + 1, 37), *(_rng.randint(*YEARS) for _ in range(40))})


@pytest.mark.parametrize("year", SAMPLE)
def test_the_table_gives_lunar_pythons_moments(year: int) -> None:
    assert tuple(t for t, _ in solar_terms(year)) == lunar_terms(year)


@pytest.mark.slow  # every 節 of the table, asked of lunar-python
def test_pillars_either_side_of_every_jie_are_lunar_pythons(monkeypatch) -> None:
    """Around each 節 (±1 s, ±1 min) the pillars from the table are those from lunar-python's
    moments (the table is swapped for lunar-python inside pillars)."""
    moments = [t + dt.timedelta(seconds=s) for y in SAMPLE[::3] for t, _ in solar_terms(y)[:12]
               for s in (-60, -1, 0, 1, 60)
               if YEARS[0] <= (t + dt.timedelta(seconds=s)).year <= YEARS[1]]
    got = [pillars(m) for m in moments]
    by_lunar = {}

    def lunar_term_seconds(year: int):  # the table's shape from lunar-python's moments
        if year not in by_lunar:
            by_lunar[year] = tuple((t - TERM_EPOCH) // dt.timedelta(seconds=1)
                                   for t in lunar_terms(year))
        return by_lunar[year]

    monkeypatch.setattr("compute.book.calendar.term_seconds", lunar_term_seconds)
    want = [pillars(m) for m in moments]
    assert len(moments) > 1000 and got == want
    assert sum(a.month != b.month for a, b in zip(got, got[1:], strict=False)) > 100


@pytest.mark.slow  # a seeded sweep of moments against lunar-python
def test_random_moments_match_lunar_pythons_own_pillars() -> None:
    """lunar-python's own exact year, month and day pillars (Gregorian dates, 1600-2400; not at
    23:00, where the day convention is compute's choice)."""
    from lunar_python import Solar

    rng = random.Random(7)
    start = dt.datetime(1600, 1, 1)
    for _ in range(600):
        m = start + dt.timedelta(minutes=rng.randrange(800 * 525960))
        if m.hour == 23:
            continue
        lunar = Solar.fromYmdHms(m.year, m.month, m.day, m.hour, m.minute, m.second).getLunar()
        p = pillars(m)
        assert (p.year.zh, p.month.zh, p.day.zh) == (
            lunar.getYearInGanZhiExact(), lunar.getMonthInGanZhiExact(),
            lunar.getDayInGanZhiExact()), m


def test_a_dated_chart_needs_no_lunar_python() -> None:
    code = ("import sys; from compute import chart; c = chart(lines='987876', "
            "at='1663-04-12T09:00'); print(c.month_pillar.zh, 'lunar_python' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd=ROOT).stdout
    assert out.split() == ["丙辰", "False"]


def test_outside_the_table_one_clear_line() -> None:
    from compute import InputError, chart

    with pytest.raises(InputError, match=r"covers the years 1-3000"):
        chart(lines="987876", at="3001-01-01T12:00")


def test_the_twelve_jie_of_every_year_rise() -> None:
    """pillars finds the month by bisecting a year's twelve 節 (term_seconds): in every year of
    the table they must come in order, 小寒 first, 大雪 last."""
    for year in range(YEARS[0], YEARS[1] + 1):
        jie = term_seconds(year)[:12]
        assert all(a < b for a, b in zip(jie, jie[1:], strict=False)), year
