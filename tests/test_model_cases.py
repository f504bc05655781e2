"""The worked cases: every case charted by compute, every claim's recorded status asserted.

A change in compute that flips a verdict fails ``test_claim_status`` for that claim; the fix is
either in compute or, with a reason, in the claim's ``expect`` and ``note`` (editorial/cases.toml).
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re

import pytest

from compute.book.ganzhi import GANZHI_ZH
from yimao.cli.main import main
from yimao.errors import EditionError
from yimao.model import cases as C
from yimao.tei.inputs import CORRECTIONS_TSV
from yimao.tei.source import load as load_source
from yimao.tei.source import sentences

CASES = C.load()
CLAIMS = [(case, k, claim) for case in CASES for k, claim in enumerate(case.claims, 1)]


def _bounds(text: str) -> list[tuple[int, int]]:
    out, pos = [], 0
    for s in sentences(text):
        out.append((pos, pos + len(s)))
        pos += len(s)
    return out


def test_the_book_has_over_a_hundred_cases() -> None:
    assert len(CASES) > 150
    assert {c.type for c in CASES} == set(C.TYPES)
    assert len(CLAIMS) > 300


def test_ids_are_paragraph_local_and_in_book_order() -> None:
    seen: dict[str, int] = {}
    order = [c.passage for c in CASES]
    assert order == sorted(order)
    for c in CASES:
        seen[c.passage] = seen.get(c.passage, 0) + 1
        assert c.id == f"{c.passage}-case{seen[c.passage]}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_text_stands_in_its_paragraph(case: C.Case) -> None:
    text = load_source().by_id(case.passage).text
    assert text.count(case.text) == 1, "the case text must occur once in its paragraph"
    start = text.index(case.text)
    end = start + len(case.text)
    bounds = _bounds(text)
    inside = any(a <= start and end <= b for a, b in bounds)
    whole = any(a == start for a, _ in bounds) and any(b == end for _, b in bounds)
    assert inside or whole
    for claim in case.claims:
        assert case.text.count(claim.text) == 1, claim.text
        cs = start + case.text.index(claim.text)
        assert any(a <= cs and cs + len(claim.text) <= b for a, b in bounds), claim.text
        assert "（" not in claim.text and "）" not in claim.text


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_inputs_chart(case: C.Case) -> None:
    s = C.setting(case)
    assert s.chart.primary.name == case.inputs.primary.replace("遯", "遁")
    assert (s.chart.changed.name if s.chart.changed else "") == case.inputs.changed
    assert case.inputs.year == "" or s.chart.year.zh == case.inputs.year
    if len(case.inputs.day) == 2:
        assert s.chart.day.zh == case.inputs.day


@pytest.mark.parametrize(("case", "k", "claim"), CLAIMS,
                         ids=[f"{c.id}-c{k}" for c, k, _ in CLAIMS])
def test_claim_status(case: C.Case, k: int, claim: C.Claim) -> None:
    verdict = C.evaluate(case, claim)
    assert verdict.status == claim.expect, verdict.detail
    if verdict.status != "confirmed":
        assert claim.note or claim.working_note, \
            "a contradicted or not computable claim needs its explanation"


def test_contradictions_are_few_and_explained() -> None:
    bad = [(c.id, cl.text) for c, _, cl in CLAIMS if cl.expect == "contradicted"]
    assert bad == [
        ("p095-case1", "飛伏變象皆無用神"),
        ("p151-case1", "身動"),
        ("p171-case3", "己巳之靜"),
        ("p471-case1", "真空"),              # by p158's definition (claims-audit.md §3)
        ("p526-case1", "京房降宿危星"),
    ]


def _corrections() -> list[dict[str, str]]:
    with CORRECTIONS_TSV.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_corrected_claims_have_their_correction_row() -> None:
    rows = _corrections()
    src = load_source()
    corrected = [(c, cl) for c, _, cl in CLAIMS if cl.sic]
    assert len(corrected) >= 4
    for case, claim in corrected:
        text = src.by_id(case.passage).text
        start = text.index(case.text) + case.text.index(claim.text)
        hits = [r for r in rows if r["para"] == case.passage and r["kind"] in ("corr", "conj")
                and r["sic"] == claim.sic and r["corr"] == claim.corr
                and start <= int(r["offset"]) < start + len(claim.text)]
        assert hits, f"{case.id} {claim.text}: no corr row {claim.sic}→{claim.corr}"


def _day_pillar(day: dt.date) -> str:
    """Independent of the calendar library: 1949-10-01 was a 甲子 day."""
    return GANZHI_ZH[(day - dt.date(1949, 10, 1)).days % 60]


@pytest.mark.parametrize("case", [c for c in CASES if c.inputs.year], ids=lambda c: c.id)
def test_gregorian_dates_carry_the_day_pillar(case: C.Case) -> None:
    for iso in C.gregorian(case):
        day = dt.date.fromisoformat(iso)
        assert C.WINDOW[0] <= day.year <= C.WINDOW[1] + 1
        if len(case.inputs.day) == 2:
            assert _day_pillar(day) == case.inputs.day


def test_known_dates() -> None:
    by = {c.id: c for c in CASES}
    assert C.gregorian(by["p326-case1"]) == ("1640-06-22",)   # 庚辰年 瞽初遊武林
    assert C.gregorian(by["p439-case2"]) == ("1663-03-22",)   # 癸卯歲 予妻病
    assert C.gregorian(by["p137-case1"]) == ("1591-08-31", "1651-08-16")
    assert C.gregorian(by["p111-case1"]) == ()                # no year given


def test_impossible_and_odd_dates_are_flagged() -> None:
    flagged = {c.id: C.date_problem(c) for c in CASES if C.date_problem(c)}
    assert set(flagged) == {"p155-case1", "p372-case2"}
    assert "no day 癸亥" in flagged["p155-case1"]
    assert "almanac" in flagged["p372-case2"]
    assert C.dates([c for c in CASES if c.id == "p372-case2"][0]) == (
        ("1593-09-26", "1653-11-10"), "月")


@pytest.mark.parametrize("year", [1593, 1653, 1664])   # each with a leap month
def test_almanac_months_are_lunar_pythons_day_by_day(year: int) -> None:
    """The almanac table (built from one lunar-python year's months) gives, for every day,
    what lunar-python gives when asked for that day's lunar date."""
    from lunar_python import Solar

    for day, (year_gz, month) in zip(C._year_days(year), C._almanac_days(year), strict=True):
        lunar = Solar.fromYmd(day.year, day.month, day.day).getLunar()
        assert (year_gz, month) == (lunar.getYearInGanZhi(),
                                    C.BRANCH_ZH[(abs(lunar.getMonth()) + 1) % 12]), day


def test_partial_dates_are_completed_neutrally() -> None:
    case = C.by_id(CASES, "p091-case1")   # 申建酉日: the 旬 is not given
    full = C.completions(case, {}, frozenset({3}))   # 卯 must not be 空
    # not 己酉: it lies in 甲辰旬, where 寅卯 are 空
    assert {d["day"] for d in full} == {"乙酉", "丁酉", "辛酉", "癸酉"}
    assert all(d["month"] == "申" for d in full)


def test_cli_lists_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cases"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(CASES)
    assert re.match(r"p111-case1 +p111 +寅建 癸酉日 +長子病 +震之兌 +2/2$", lines[[
        c.id for c in CASES].index("p111-case1")])


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cases", "--json", "--type", "historical"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["type"] for d in data} == {"historical"}
    keys = {"id", "passage", "type", "year", "month", "day", "hour", "birth", "question",
            "primary", "changed", "gregorian", "claims", "outcome"}
    assert all(keys <= set(d) for d in data)
    south = next(d for d in data if d["id"] == "p274-case5")
    assert south["claims"][0]["status"] == "confirmed" and south["changed"] == "比"


def test_cli_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["case", "p526-case1"]) == 0
    out = capsys.readouterr().out
    assert "✗ c2 「京房降宿危星」 jingxing-jingfang: contradicted" in out
    assert "觜" in out


def test_cli_case_follows_the_locale(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``yimao case`` speaks Korean under a Korean ``LANG`` (or ``--lang ko``), English
    otherwise, like ``yimao chart`` (issue 24): the passage cited as a reader cites it, the
    date as 寅月 癸酉日, each claim's status and rule in Korean, no English working note."""
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert main(["case", "p111-case1"]) == 0
    ko = capsys.readouterr().out
    assert main(["case", "p111-case1", "--lang", "ko"]) == 0
    assert capsys.readouterr().out == ko
    first = ko.splitlines()[0]
    assert "立法 13.8" in first and "실제 점례" in first and "(p111)" not in first, first
    assert "날짜: 寅月 癸酉日" in ko and "寅建 癸酉日" not in ko.split("」", 1)[1]
    assert "✓ 1. 「子遇長生」" in ko and "계산과 일치" in ko and "changsheng-12" not in ko
    assert "用神 子孫: 책 四爻, 계산 四爻 — 일치" in ko
    assert "but" not in ko and "confirmed" not in ko and "compute" not in ko
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert main(["case", "p111-case1"]) == 0
    en = capsys.readouterr().out
    assert en.splitlines()[0].startswith("p111-case1  (reported case, p111)")
    assert "✓ c1 「子遇長生」 changsheng-12: confirmed" in en
    assert main(["case", "p111-case1", "--lang", "en"]) == 0
    assert capsys.readouterr().out == en


def test_cli_case_in_korean_shows_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    """Every case in Korean: no Latin word but case ids (the command's own argument), which
    an English working note, a status word or a rule id would add."""
    import yimao.cli.case as cli_case

    found = {}
    for case in C.load():
        text = cli_case.show(case.id, "ko")
        words = set(re.findall(r"[A-Za-z][A-Za-z0-9_-]+", text))
        words = {w for w in words if not re.fullmatch(r"p\d{3}-case\d+", w)}
        if words:
            found[case.id] = sorted(words)[:6]
    assert not found, found
    with pytest.raises(EditionError, match="「p999-case9」: 그런 점례는 없습니다"):
        cli_case.show("p999-case9", "ko")


def test_cli_bad_case_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["case", "p999-case9"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "p999-case9" in err and "yimao cases" in err


def test_cli_case_with_two_readings(capsys: pytest.CaptureFixture[str]) -> None:
    """A claim the book's two readings decide differently is shown, not a crash (KeyError
    'two_readings' before)."""
    assert main(["case", "p445-case3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^± c3 「.+」 \S+: two_readings$", out, re.M), out
