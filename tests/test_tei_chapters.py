"""editorial/chapters.tsv: the book's divisions (front matter, 立法, 筮類, back matter)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from yimao.tei.source import load

TSV = Path(__file__).resolve().parent.parent / "editorial" / "chapters.tsv"
HEADER = ["id", "part", "n", "first", "title_zh", "title_ko", "title_status", "note"]
FRONT = ["front-title", "front-wang", "front-gu", "front-lu", "front-zixu"]
EXPECTED_IDS = (
    FRONT
    + [f"lifa-{k:02d}" for k in range(1, 42)]
    + [f"shilei-{k:02d}" for k in range(1, 51)]
    + ["back-siku"]
)
STATUSES = {"source", "edition", "conjecture"}


def read_rows() -> list[dict[str, str]]:
    with TSV.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        assert reader.fieldnames == HEADER
        return list(reader)


ROWS = read_rows()
BY_ID = {r["id"]: r for r in ROWS}
CHINESE = {p.id: p.text for p in load().chinese}


def test_rows_in_book_order() -> None:
    # 5 front + 41 立法 (自序 「立法四十一篇」) + 50 筮類 (自序 「筮類五十篇」) + 1 back
    assert [r["id"] for r in ROWS] == EXPECTED_IDS


def test_parts_and_numbers() -> None:
    for r in ROWS:
        part = r["id"].split("-")[0]
        assert r["part"] == part, r["id"]
        if part in ("lifa", "shilei"):
            assert r["n"] == str(int(r["id"].split("-")[1])), r["id"]
        else:
            assert r["n"] == "", r["id"]


def test_first_ids_exist_and_strictly_increase() -> None:
    firsts = [r["first"] for r in ROWS]
    assert all(f in CHINESE for f in firsts), [f for f in firsts if f not in CHINESE]
    numbers = [int(f[1:]) for f in firsts]
    assert numbers == sorted(set(numbers))
    assert firsts[0] == "p001"


def test_zixu_states_the_division_counts() -> None:
    # The counts this file must match are the author's own (自序).
    zixu = "".join(CHINESE[f"p{n:03d}"] for n in range(18, 27))
    assert "筮類五十篇" in zixu and "三百七十有七問" in zixu
    assert "立法四十一篇，計九十一章" in zixu


def test_lifa_starts_with_the_first_rule() -> None:
    # The 自序 ends with its date line 「康熙甲辰歲仲夏朔旦」; the next paragraph opens the
    # 立法 with its first rule, 「天干有十，地支有十二」 (the 甲子 chapter).
    first = BY_ID["lifa-01"]["first"]
    before = f"p{int(first[1:]) - 1:03d}"
    assert CHINESE[first].startswith("天干有十，地支有十二。")
    assert "康熙甲辰歲仲夏朔旦" in CHINESE[before]


def test_shilei_starts_at_the_first_question_marker() -> None:
    # The 筮類 opens with its first 「（內詳…諸問）」 marker (國事: 遷都建廟…); no paragraph of
    # the 立法 carries such a marker, and the 立法's last paragraph closes with the author's
    # farewell 「唯後之學易者，毋以小道忽也」.
    first = BY_ID["shilei-01"]["first"]
    assert CHINESE[first].startswith("（內詳遷都建廟擇後立儲改制享國諸問）")
    lifa_ids = [p for p in CHINESE if BY_ID["lifa-01"]["first"] <= p < first]
    assert not [p for p in lifa_ids if "（內詳" in CHINESE[p]]
    assert "唯後之學易者，毋以小道忽也" in CHINESE[f"p{int(first[1:]) - 1:03d}"]


def test_back_matter_is_the_siku_note() -> None:
    # The 四庫提要 speaks of the author in the third person: 「國朝程良玉撰」.
    first = BY_ID["back-siku"]["first"]
    assert CHINESE[first].startswith("國朝程良玉撰")
    assert first == max(CHINESE)


def test_every_question_marker_opens_a_shilei_chapter() -> None:
    # The 筮類 chapters announce their questions in an opening note 「（內詳…諸問）」 or
    # 「（內附囑託）」; 身命 has a preamble before 「內詳」.  Each of the 42 markers stands at the
    # start of a paragraph that must be the first paragraph of a 筮類 division.
    markers = [
        pid
        for pid, text in CHINESE.items()
        if text.startswith("（") and re.match(r"（[^）]*內[詳附]", text)
    ]
    assert len(markers) == 42
    shilei_firsts = {r["first"] for r in ROWS if r["part"] == "shilei"}
    assert set(markers) <= shilei_firsts
    # The eight 筮類 divisions without a marker (年運 家宅 鬼神 仕途 用人 畜養 合分 出納).
    assert len(shilei_firsts - set(markers)) == 8


def division_text(row_id: str) -> str:
    """The Chinese text of a division: from its `first` to the paragraph before the next row's."""
    ids = [r["id"] for r in ROWS]
    k = ids.index(row_id)
    start = int(ROWS[k]["first"][1:])
    end = int(ROWS[k + 1]["first"][1:]) if k + 1 < len(ROWS) else len(CHINESE) + 1
    return "".join(CHINESE[f"p{n:03d}"] for n in range(start, end))


@pytest.mark.parametrize(
    ("reference", "row_id", "passage"),
    [
        # 升降 note 「詳見成卦篇」: the 先天 order is set out in 成卦.
        ("詳見成卦篇", "lifa-03", "乾兌離震之順，巽坎艮坤之逆"),
        # 類總 note 「沖法尤詳日沖本篇」: the four 日沖 rules.
        ("沖法尤詳日沖本篇", "lifa-27", "日沖安旺之爻為暗動"),
        # 身命 note 「其詳備兩現章中」.
        ("其詳備兩現章中", "lifa-30", "夫用神之兩現"),
        # 鬼神 note 「餘詳諸星章內」.
        ("餘詳諸星章內", "lifa-39", "神宿之法"),
        # 捕逃 note 「詳見詞訟篇內，關犯章斷」: the 遠關人犯 rule stands in 詞訟.
        ("詳見詞訟篇內", "shilei-42", "遠關人犯，事繫於官，而亦兼捕逃也"),
    ],
)
def test_cross_references_land_in_the_named_division(
    reference: str, row_id: str, passage: str
) -> None:
    assert any(reference in text for text in CHINESE.values())
    assert passage in division_text(row_id)
    assert reference not in division_text(row_id)


def test_source_titles_are_named_in_the_text() -> None:
    # title_status=source means the transcription itself names the division, e.g.
    # 「詳見成卦篇」 (p116), 「沖法尤詳日沖本篇」 (p286), 「吾於鬼神章」 (p490).
    whole = "".join(CHINESE.values())
    for row in ROWS:
        if row["title_status"] != "source":
            continue
        title = row["title_zh"]
        if row["id"] == "front-title":
            assert CHINESE["p001"] == title
            continue
        stem = title.removesuffix("章")
        assert any(f"{stem}{w}" in whole for w in ("章", "篇", "之章", "本篇")), title


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_titles_and_status(row: dict[str, str]) -> None:
    assert row["title_status"] in STATUSES
    assert row["title_zh"]
    # Korean titles in the form 「갑자장(甲子章)」: Hangul reading, then the Chinese title.
    assert row["title_ko"].endswith(f"({row['title_zh']})"), row["title_ko"]
    hangul = row["title_ko"][: -len(row["title_zh"]) - 2]
    assert hangul and all("\uac00" <= ch <= "\ud7a3" for ch in hangul), hangul
    if row["title_status"] == "conjecture":
        assert row["note"].strip(), f"{row['id']}: a conjectural title needs a Korean note"
    if row["note"]:
        assert any("\uac00" <= ch <= "\ud7a3" for ch in row["note"]), row["note"]
