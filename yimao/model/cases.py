"""The book's worked cases (占例): every divination the text reports, each claim checked by compute.

The cases are read from the TEI edition (``tei/yimao.xml``, via :mod:`yimao.model.edition`): the
passage, type, inputs as the text states them, question, outcome, the claims with their catalogue
rule, the editors' notes, and what is machine-level: each claim's check (a small check
language, written in ``editorial/cases.toml`` and compiled by the TEI builder into
``<fs type="check">``) and the status it is expected to get. This module charts every case
through :func:`compute.chart`, evaluates every check in compute's check language
(:mod:`compute.claims`, written on :mod:`compute.claims.query`), finds the cases' Gregorian dates
(the
``yimao cases`` command is :mod:`yimao.cli.cases`).

>>> cases = load()
>>> c = by_id(cases, "p111-case1")
>>> c.inputs
Inputs(primary='震', changed='兌', year='', month='寅', day='癸酉', xun='', hour='', birth='')
>>> [evaluate(c, cl).status for cl in c.claims]
['confirmed', 'confirmed']
>>> gregorian(by_id(cases, "p326-case1"))
('1640-06-22',)
"""

from __future__ import annotations

import datetime as _dt
import functools
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from compute import claims
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
from compute.claims import INPUTS, Setting, Verdict
from yimao.errors import EditionError
from yimao.model.case_record import STATUSES, TYPES, Case, Claim, kept_cases

WINDOW = (1590, 1664)
"""Gregorian years searched for the dates of cases that name their year (the author's lifetime:
he wrote the 筮類 before 1639, the book was printed 1664)."""


def load(tei: Path | None = None) -> tuple[Case, ...]:
    """All cases in book order, from the TEI (:func:`~yimao.model.edition.load_cases`; *tei*
    another edition file, e.g. the site's ``yimao_tei``): the read model's
    :class:`~yimao.model.edition.Case` — ids, passage, type, inputs, question, outcome, claims
    with their rule, machine check and expected status, the editors' Korean notes and their
    working notes. The cases kept from ``tei/yimao.xml``
    (:func:`~yimao.model.case_record.kept_cases`) are taken without loading the read model's
    XML side when no edition is loaded in this process."""
    if tei is None and "yimao.model.edition" not in sys.modules:
        found = kept_cases()
        if found is not None:
            return found
    from yimao.model.edition import load_cases

    return load_cases(tei)


def by_id(cases: Iterable[Case], cid: str) -> Case:
    """The case *cid* (``p111-case1``); an unknown id is an :class:`EditionError`."""
    for c in cases:
        if c.id == cid:
            return c
    raise EditionError(f"case {cid!r}: no such case; ids look like p089-case1 "
                       "(see `yimao cases`)")


# ------------------------------------------------------------------ charting and checking


def setting(case: Case, over: Mapping[str, Any] | None = None) -> Setting:
    """The chart of *case* (with a check's counterfactual inputs *over*):
    :func:`compute.claims.case`; a case compute cannot chart is an :class:`EditionError`."""
    try:
        return claims.setting(case.inputs, over)
    except claims.CheckError as exc:
        raise EditionError(str(exc)) from None


def evaluate(case: Case, claim: Claim) -> Verdict:
    """The status of *claim* (:func:`compute.claims.evaluate` on its check): confirmed,
    contradicted, or not_computable (with the reason); two_readings where the book's two
    readings give different statuses (:func:`two_readings`); a malformed check is an
    :class:`EditionError`."""
    if claim.check.get("kind") == "readings":
        return two_readings(case, claim)
    try:
        return claims.evaluate(case.inputs, claim.check)
    except claims.CheckError as exc:
        raise EditionError(str(exc)) from None


def two_readings(case: Case, claim: Claim) -> Verdict:
    """The verdict of a claim checked under each of the book's readings (issue 10,
    editorial/claims-audit.md §7: ``{kind="readings", readings=[{reading=…, check={…}}, …]}``):
    their common status when they agree, else ``two_readings`` with each reading's status in
    the detail. (The line attributes and finding readers the audit added to the check language
    are in :mod:`compute.claims.shilei`.)

    >>> case = by_id(load(), "p445-case3")
    >>> v = evaluate(case, case.claims[2]); v.status, v.detail.split(": ")[0]
    ('two_readings', 'A (p163-s1, p286-s1)')
    """
    parts, statuses = [], []
    for k, r in enumerate(claim.check["readings"]):
        v = evaluate(case, replace(claim, check=r["check"]))
        statuses.append(v.status)
        parts.append(f"{'AB'[k] if k < 2 else k + 1} ({r['reading']}): {v.status} — {v.detail}")
    status = statuses[0] if len(set(statuses)) == 1 else "two_readings"
    return Verdict(status, "; ".join(parts))


def completions(case: Case, over: Mapping[str, Any],
                relevant: frozenset[int] = frozenset()) -> list[dict[str, str]]:
    """The neutral completions of the case's partial date (:func:`compute.claims.completions`)."""
    return claims.completions(case.inputs, over, relevant)


# ------------------------------------------------------------------ dates


def _year_days(gyear: int) -> tuple[_dt.date, ...]:
    """The days of a Gregorian year.

    >>> days = _year_days(1664); len(days), days[0]
    (366, datetime.date(1664, 1, 1))
    """
    first, end = _dt.date(gyear, 1, 1).toordinal(), _dt.date(gyear + 1, 1, 1).toordinal()
    return tuple(_dt.date.fromordinal(n) for n in range(first, end))


@functools.cache
def _noon(day: _dt.date) -> tuple[str, str]:
    """The year pillar (立春) and month pillar (節) of a day at noon, from compute's calendar
    adapter (which keeps the 節 of each year).

    >>> _noon(_dt.date(1664, 1, 1)), _noon(_dt.date(1664, 3, 1))
    (('癸卯', '甲子'), ('甲辰', '丙寅'))
    """
    from compute.book.calendar import pillars

    p = pillars(_dt.datetime(day.year, day.month, day.day, 12))
    return p.year.zh, p.month.zh


@functools.cache
def _almanac_days(gyear: int) -> tuple[tuple[str, str], ...]:
    """Per day of a Gregorian year: the almanac's year pillar (from 正月初一) and month branch
    (lunar month number: 正月 = 寅; a leap month keeps its number), as lunar-python dates a day
    — read from the table of the lunar years (yimao/model/almanac_data.py, made from
    lunar-python by tools/almanac_table.py). Only asked for when no day fits by the 節.

    >>> _almanac_days(1664)[26], _almanac_days(1664)[27]  # 正月初一 of 甲辰 was 1664-01-28
    (('癸卯', '丑'), ('甲辰', '寅'))
    >>> _almanac_days(1700)
    Traceback (most recent call last):
    yimao.errors.EditionError: 1700: not in the almanac table (lunar years 1589-1666)
    """
    from yimao.model.almanac_data import LUNAR_YEARS

    start = _dt.date(gyear, 1, 1).toordinal()
    end = _dt.date(gyear + 1, 1, 1).toordinal()
    out: list[tuple[str, str]] = []
    for year, first, lengths, leap in LUNAR_YEARS:
        day = _dt.date.fromisoformat(first).toordinal()
        numbers = [n for m in range(1, 13) for n in ((m, m) if m == leap else (m,))]
        for number, length in zip(numbers, lengths, strict=True):
            after = day + (30 if length == "0" else 29)
            if after > start and day < end:
                label = (GANZHI_ZH[(year - 4) % 60], BRANCH_ZH[(number + 1) % 12])
                out.extend([label] * (min(after, end) - max(day, start)))
            day = after
    if len(out) != end - start:
        raise EditionError(f"{gyear}: not in the almanac table (lunar years "
                           f"{LUNAR_YEARS[0][0]}-{LUNAR_YEARS[-1][0]})")
    return tuple(out)


def lunar_date(year: int, month: int, day: int) -> tuple[_dt.date, str, str] | None:
    """A date of the lunar calendar (the lunar year that begins in the Gregorian *year*, the
    month's number, 正月 1, not a leap month, the day of the month): its Gregorian day, with
    the month pillar's branch by the 節 and the day's 干支 from compute's calendar — read from
    the table of the lunar years (yimao/model/almanac_data.py); ``None`` outside the table.

    >>> d, month, day = lunar_date(1664, 7, 16)  # 康熙甲辰 秋七月既望
    >>> d.isoformat(), month, day
    ('1664-09-05', '申', '乙巳')
    >>> lunar_date(1664, 5, 1)[1:]  # 康熙甲辰 仲夏朔旦
    ('巳', '壬戌')
    >>> lunar_date(1700, 1, 1) is None
    True
    """
    from compute.book.calendar import pillars
    from yimao.model.almanac_data import LUNAR_YEARS

    for gyear, first, lengths, leap in LUNAR_YEARS:
        if gyear != year:
            continue
        numbers = [n for m in range(1, 13) for n in ((m, 0) if m == leap else (m,))]
        start = _dt.date.fromisoformat(first).toordinal()
        for number, length in zip(numbers, lengths, strict=True):
            if number == month:
                date = _dt.date.fromordinal(start + day - 1)
                p = pillars(_dt.datetime(date.year, date.month, date.day, 12))
                return date, p.month.branch.zh, p.day.zh
            start += 30 if length == "0" else 29
    return None


def _matches(year: str, month: str, day: str, window: tuple[int, int], almanac: bool
             ) -> list[str]:
    """The days (ISO) whose pillars are these (as a case states them); the day pillar is
    tested first (by the sexagenary count from the year's first day), so that the year and
    month are reckoned only for the days that have it."""
    from compute.book.calendar import day_pillar

    days = {i for i, g in enumerate(GANZHI_ZH) if not day or day in (g, g[0], g[1])}
    first = window[0] + (GANZHI_ZH.index(year) - (window[0] - 4)) % 60
    out = []
    for gy in range(first, window[1] + 1, 60):
        for y in (gy, gy + 1):
            start = _dt.date(y, 1, 1)
            length = (_dt.date(y + 1, 1, 1) - start).days
            p0 = GANZHI_ZH.index(day_pillar(start).zh)
            for i in sorted(i for d in days for i in range((d - p0) % 60, length, 60)):
                date = start + _dt.timedelta(days=i)
                its_year, its_month = _almanac_days(y)[i] if almanac else _noon(date)
                if its_year != year:
                    continue
                if month and month not in (its_month, its_month[-1]) and not (
                        almanac and len(month) == 2 and month[1] == its_month):
                    continue
                out.append(date.isoformat())
    return out


def dates(case: Case, window: tuple[int, int] = WINDOW) -> tuple[tuple[str, ...], str]:
    """The Gregorian dates (ISO) in *window* whose pillars are the case's, and the reckoning
    that found them: ``"節"`` (month from the 節氣, year from 立春, as compute reckons) or, when
    no day fits so, ``"月"`` (the almanac's numbered month and year: 正月 = 寅). Cases that
    name no year give ``((), "")``; a month-only range is given as its first and last day."""
    i = case.inputs
    if not i.year:
        return (), ""
    return _dates(i.year, i.month, i.day, window)


@functools.cache
def _dates(year: str, month: str, day: str, window: tuple[int, int]
           ) -> tuple[tuple[str, ...], str]:
    for almanac in (False, True):
        found = _matches(year, month, day, window, almanac)
        if found:
            if not (day and len(day) == 2):
                found = [found[0], found[-1]]
            return tuple(found), "月" if almanac else "節"
    return (), ""


def gregorian(case: Case, window: tuple[int, int] = WINDOW) -> tuple[str, ...]:
    """The dates of :func:`dates` (empty when the case names no year or no such day occurred)."""
    return dates(case, window)[0]


def date_problem(case: Case) -> str:
    """What is wrong or unusual with a dated case's pillars, or ``""``."""
    i = case.inputs
    if not i.year or not i.day:
        return ""
    found, basis = dates(case)
    if not found:
        return (f"{case.date}: no day {i.day} falls in that month of a {i.year} year "
                f"between {WINDOW[0]} and {WINDOW[1]}, by 節氣 or by the almanac month")
    if basis == "月":
        return (f"{case.date}: fits only if 建 is the almanac's numbered month, not the 節氣 "
                f"month ({', '.join(found)})")
    return ""


__all__ = [
    "INPUTS", "STATUSES", "TYPES", "WINDOW", "Case", "Claim", "Setting", "Verdict", "by_id",
    "completions", "date_problem", "dates", "evaluate", "gregorian", "load", "lunar_date",
    "setting", "two_readings",
]
