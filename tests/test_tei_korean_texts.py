"""The Korean reader texts of editorial/ (rules-ko.tsv, case-titles.tsv; editorial/README.md):
one row per registered rule and per worked case of the TEI, in their order, no empty cell, no
Latin-script word in a Korean cell, and titles of the stated form."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from compute.registry import all_rules
from yimao.model.edition import Case, load_edition

EDITORIAL = Path(__file__).resolve().parents[1] / "editorial"
RULES_FILE = EDITORIAL / "rules-ko.tsv"
CASES_FILE = EDITORIAL / "case-titles.tsv"
RULE_COLUMNS = ["id", "title_ko", "statement_ko", "compute_ko"]
CASE_COLUMNS = ["id", "question_ko", "title_ko"]

LATIN = re.compile(r"[A-Za-z]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN_IN_PARENS = re.compile(r"\([^()]*[\u4e00-\u9fff][^()]*\)")
DASH = " — "
NOT_COMPUTED = "계산하지 않는다:"


def read_tsv(path: Path, columns: list[str]) -> list[dict[str, str]]:
    """The rows of a tab-separated file whose first line is exactly *columns*; every row has
    one cell per column (a stray tab or a missing cell fails here)."""
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        assert header == columns, f"{path.name}: header {header}, expected {columns}"
        rows = []
        for n, cells in enumerate(reader, start=2):
            assert len(cells) == len(columns), f"{path.name}:{n}: {len(cells)} cells"
            rows.append(dict(zip(columns, cells, strict=True)))
    return rows


def korean_cell_problems(text: str) -> list[str]:
    """What is wrong with a Korean cell: empty, untrimmed, no Hangul, a Latin-script letter.

    >>> korean_cell_problems("월파(月破)")
    []
    >>> korean_cell_problems("line: 死 (text: 死)")
    ['no Hangul', 'Latin letters: line: 死 (text: 死)']
    """
    problems = []
    if not text.strip():
        return ["empty"]
    if text != text.strip():
        problems.append("leading or trailing space")
    if not HANGUL.search(text):
        problems.append("no Hangul")
    if LATIN.search(text):
        problems.append(f"Latin letters: {text}")
    return problems


def hexagrams(case: Case) -> str:
    """The hexagrams as a title names them: 本卦之之卦, or the 本卦 alone.

    >>> from compute.claims import Inputs
    >>> hexagrams(Case("x", "p089", "reported", "", inputs=Inputs("困", "坎")))
    '困之坎'
    """
    i = case.inputs
    return f"{i.primary}之{i.changed}" if i.changed else str(i.primary)


def date_of(case: Case) -> str:
    """The case record's date as a title writes it: 年 月 日 旬 時, what the record has.

    >>> from compute.claims import Inputs
    >>> date_of(Case("x", "p137", "reported", "",
    ...               inputs=Inputs("乾", year="辛卯", month="丙申", day="丙子")))
    '辛卯年 丙申月 丙子日'
    >>> date_of(Case("x", "p134", "schematic", "", inputs=Inputs("乾", month="丑", xun="甲寅")))
    '丑月 甲寅旬'
    """
    i = case.inputs
    parts = [(i.year, "年"), (i.month, "月"), (i.day, "日"), (i.xun, "旬"), (i.hour, "時")]
    return " ".join(f"{v}{unit}" for v, unit in parts if v)


def expected_title_start(case: Case, question: str) -> str:
    """What a title must be (or, for a historical case, begin with) for this case."""
    if case.type == "historical":
        return f"{hexagrams(case)}{DASH}"
    date = date_of(case)
    return f"{hexagrams(case)}{DASH}{date + ' ' if date else ''}{question}"


def title_problems(case: Case, question: str, title: str) -> list[str]:
    """How *title* departs from the form of editorial/README.md.

    >>> from compute.claims import Inputs
    >>> c = Case("x", "p089", "reported", "",
    ...          inputs=Inputs("困", "坎", month="午", day="壬戌"))
    >>> title_problems(c, "재물점", "困之坎 — 午月 壬戌日 재물점")
    []
    >>> title_problems(c, "재물점", "p089-case1 재물점")
    ['title is not 困之坎 — 午月 壬戌日 재물점']
    >>> h = Case("x", "p272", "historical", "", inputs=Inputs("觀", "否"))
    >>> title_problems(h, "진경중의 앞날", "觀之否 — 左傳 莊公 22년, 진경중의 앞날")
    []
    >>> title_problems(h, "진경중의 앞날", "觀之否 — 진경중의 앞날")
    ['a historical title names its source: 觀之否 — <source>, 진경중의 앞날']
    """
    start = expected_title_start(case, question)
    if case.type != "historical":
        return [] if title == start else [f"title is not {start}"]
    source, sep, rest = title.removeprefix(start).partition(", ")
    if not title.startswith(start) or not sep or not source.strip() or rest != question:
        return [f"a historical title names its source: {start}<source>, {question}"]
    return []


RULE_ROWS = read_tsv(RULES_FILE, RULE_COLUMNS)
CASE_ROWS = read_tsv(CASES_FILE, CASE_COLUMNS)
RULES = all_rules()
CASES = load_edition().cases()


# ------------------------------------------------------------------ rules-ko.tsv


def test_one_row_per_registered_rule_in_registration_order() -> None:
    ids = [row["id"] for row in RULE_ROWS]
    registered = [r.id for r in RULES]
    assert sorted(set(ids)) == sorted(ids), "a rule has more than one row"
    assert set(ids) - set(registered) == set(), "rows name rules compute does not register"
    assert set(registered) - set(ids) == set(), "registered rules without a Korean row"
    assert ids == registered


@pytest.mark.parametrize("row", RULE_ROWS, ids=[row["id"] for row in RULE_ROWS])
def test_rule_row_is_korean(row: dict[str, str]) -> None:
    for column in RULE_COLUMNS[1:]:
        assert korean_cell_problems(row[column]) == [], column
    assert HAN_IN_PARENS.search(row["title_ko"]), \
        f"title {row['title_ko']!r} gives no term in its characters, e.g. 월파(月破)"
    assert len(row["title_ko"]) <= TITLE_LONGEST
    if row["id"] not in CUT_PENDING:
        assert "…" not in row["title_ko"], f"title cut short: {row['title_ko']!r}"


TITLE_LONGEST = 100
"""A rule's title: room for the whole of a 筮類 judgment's name (60 cut three of them)."""

CUT_PENDING: frozenset[str] = frozenset()
"""筮類 titles once cut with … to fit an old limit; all are whole now (branch i22-ko), and
:func:`test_cut_titles_pending` keeps it so."""


def test_cut_titles_pending() -> None:
    cut = {row["id"] for row in RULE_ROWS if "…" in row["title_ko"]}
    assert cut == CUT_PENDING


def test_doctrine_rules_say_why_they_are_not_computed_and_no_other_rule_does() -> None:
    kinds = {r.id: r.kinds for r in RULES}
    for row in RULE_ROWS:
        doctrine_only = kinds[row["id"]] == ("doctrine",)
        assert row["compute_ko"].startswith(NOT_COMPUTED) == doctrine_only, row["id"]


# ------------------------------------------------------------------ case-titles.tsv


def test_one_row_per_case_of_the_tei_in_book_order() -> None:
    ids = [row["id"] for row in CASE_ROWS]
    assert sorted(set(ids)) == sorted(ids), "a case has more than one row"
    assert ids == [c.id for c in CASES]


def test_case_titles_are_unique() -> None:
    titles = [row["title_ko"] for row in CASE_ROWS]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize(("case", "row"), list(zip(CASES, CASE_ROWS, strict=False)),
                         ids=[c.id for c in CASES])
def test_case_row_is_korean_and_titled_by_its_record(case: Case, row: dict[str, str]) -> None:
    assert row["id"] == case.id
    assert korean_cell_problems(row["question_ko"]) == []
    assert korean_cell_problems(row["title_ko"].split(DASH, 1)[-1]) == []
    assert title_problems(case, row["question_ko"], row["title_ko"]) == []


# ------------------------------------------------------------------ the checks themselves


@pytest.mark.parametrize(("text", "problem"), [
    ("", "empty"),
    (" 월파(月破)", "leading or trailing space"),
    ("月破", "no Hangul"),
    ("水 in 午月 is 囚", "Latin letters"),
    ("compute.book.ganzhi.void_branches 을 쓴다", "Latin letters"),
])
def test_korean_cell_check_catches(text: str, problem: str) -> None:
    assert any(p.startswith(problem) for p in korean_cell_problems(text))


def test_read_tsv_rejects_a_wrong_header_and_a_stray_tab(tmp_path: Path) -> None:
    bad_header = tmp_path / "a.tsv"
    bad_header.write_text("id\ttitle\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="header"):
        read_tsv(bad_header, CASE_COLUMNS)
    stray = tmp_path / "b.tsv"
    stray.write_text("id\tquestion_ko\ttitle_ko\nx\t질문\t제목\t남는 칸\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="4 cells"):
        read_tsv(stray, CASE_COLUMNS)


# ------------------------------------------------------------------ the wider scan (issue 24)


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def wider_reader_text() -> list[tuple[str, str]]:
    """(where, text) of the Korean the site shows from the other editorial files: the worked
    examples' captions and explanations, the questions' texts (examples.toml,
    questions.toml: every string holding Hangul), the case notes and the chapters' Korean."""
    import tomllib

    out = []
    for name in ("examples.toml", "questions.toml"):
        data = tomllib.loads((EDITORIAL / name).read_text(encoding="utf-8"))
        out += [(name, s) for s in _strings(data) if HANGUL.search(s)]
    for name, skip in (("case-notes.tsv", 2), ("chapters.tsv", 0)):
        rows = list(csv.reader((EDITORIAL / name).read_text(encoding="utf-8").splitlines(),
                               delimiter="\t", quoting=csv.QUOTE_NONE))[1:]
        out += [(f"{name}:{n}", cell) for n, row in enumerate(rows, 2) for cell in row[skip:]
                if HANGUL.search(cell)]
    return out


def test_no_latin_word_in_the_wider_reader_text() -> None:
    text = wider_reader_text()
    assert len(text) > 2000
    found = [(where, words) for where, s in text
             if (words := re.findall(r"[A-Za-z]{2,}", s))]
    assert found == []
