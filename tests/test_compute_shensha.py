"""The 神煞 line state: each line's stars are stars_on of its branch then its stem's, under every
convention, with and without a year and an hour (shensha_state builds them without stars_on)."""

from __future__ import annotations

import itertools

from compute import chart
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
from compute.lifa.shensha import STAR_PARTS, stars_on, stem_stars

NAMES = "shensha-base", "tianxi", "wenchang", "yangren", "yingui", "diyu"
OTHER = {"shensha-base": "day", "tianxi": "season", "wenchang": "common", "yangren": "common",
         "yingui": "verse", "diyu": "jue"}


def _names(part: int) -> set[str]:
    return {n for rows in STAR_PARTS[part] for row in rows for n in row}


def test_the_parts_share_no_name_but_the_year_month_ones() -> None:
    """What shensha_state relies on: the day stem's, the year's and the hour's stars share no
    name with any other part, but the year's with the month tables (part 0); no row of the
    day stem's, the year's or the hour's names a star twice."""
    first = _names(0) | _names(1) | _names(2)
    stem, year, hour = _names(3), _names(4), _names(5)
    assert not stem & (first | year | hour)
    assert not hour & (first | year)
    assert year & first == year & _names(0) == {"喪門", "弔客", "天狗"}
    for part in (3, 4, 5):
        for rows in STAR_PARTS[part]:
            assert all(len(set(row)) == len(row) for row in rows), part


def _expected(c, ln, opts):
    gz = c.day
    return [*stars_on(int(ln.branch), int(c.month), gz.index % 12, gz.index % 10,
                      c.year.index % 12 if c.year else None,
                      c.hour.index % 12 if c.hour else None, opts),
            *stem_stars(int(c.month), int(ln.stem))]


def test_each_line_has_stars_on_its_branch_then_its_stems() -> None:
    combos = [{}] + [{n: OTHER[n]} for n in NAMES] + [OTHER]
    years = [None, *(GANZHI_ZH[k] for k in range(0, 60, 5))]
    hours = [None, *BRANCH_ZH]
    for k, (month, conv) in enumerate(itertools.product(BRANCH_ZH, combos)):
        for j, day in enumerate(GANZHI_ZH[k % 7::7]):
            year, hour = years[(k + j) % len(years)], hours[(k * 5 + j) % len(hours)]
            c = chart(lines="987687"[j % 6:] + "987687"[:j % 6], month=month, day=day,
                      year=year, hour=hour, conventions=conv, rules=["shensha-general"])
            o = dict(c.options)
            opts = tuple(f"{n}={o[n]}" for n in NAMES)
            shown = c.primary.lines + tuple(ln for ln in c.changed.lines if ln.moving)
            for ln in shown:
                assert ln.state["shensha"] == _expected(c, ln, opts), (month, day, conv, ln)
            for ln in c.changed.lines:
                assert ln.moving or "shensha" not in ln.state
