"""editorial/corrections.tsv: the editors' corrections of the transcription.

Format (team brief): ``para offset sic corr kind class reason``; ``sic`` stands at ``offset``
of the paragraph text; kind ∈ reg (conversion artefact) | corr (misprint) | query (the
transcriber's parenthesis; its ``corr`` replaces the characters just before it).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from yimao.tei.source import load

TSV = Path(__file__).resolve().parent.parent / "editorial" / "corrections.tsv"
HEADER = ["para", "offset", "sic", "corr", "kind", "class", "reason"]
KINDS = {"reg", "corr", "conj", "query"}
SRC = load()
TEXT = {p.id: p.text for p in SRC.chinese + SRC.korean}
HANGUL = re.compile("[\uac00-\ud7a3]")


def read_rows() -> list[dict[str, str]]:
    with TSV.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        assert reader.fieldnames == HEADER
        rows = list(reader)
    for r in rows:
        assert None not in r and all(v is not None for v in r.values()), r
    return rows


ROWS = read_rows()
AT = {(r["para"], int(r["offset"])): r for r in ROWS}


def span(r: dict[str, str]) -> tuple[int, int]:
    """Characters a row touches: its ``sic``, and for a query also the text its corr replaces."""
    start = int(r["offset"])
    if r["kind"] == "query":
        start -= len(r["corr"])
    return start, int(r["offset"]) + len(r["sic"])


def reading(pid: str) -> str:
    """The paragraph as readers see it by default: corrections applied, queries removed."""
    text = TEXT[pid]
    rows = sorted((r for r in ROWS if r["para"] == pid), key=lambda r: -int(r["offset"]))
    for r in rows:
        off, end = int(r["offset"]), int(r["offset"]) + len(r["sic"])
        if r["kind"] == "query":
            start = off - len(r["corr"])
            text = text[:start] + r["corr"] + text[end:]
        else:
            text = text[:off] + r["corr"] + text[end:]
    return text


def book_order(pid: str) -> tuple[int, int]:
    return int(pid[1:4]), int(pid.endswith("-ko"))


@pytest.mark.parametrize("r", ROWS, ids=[f"{r['para']}@{r['offset']}" for r in ROWS])
def test_row_is_well_formed(r: dict[str, str]) -> None:
    assert r["para"] in TEXT
    off = int(r["offset"])
    assert r["sic"] and TEXT[r["para"]][off : off + len(r["sic"])] == r["sic"]
    assert r["kind"] in KINDS
    assert r["class"].strip()
    assert r["reason"].strip() and HANGUL.search(r["reason"]), "reason is shown to Korean readers"
    if r["kind"] == "query":
        assert r["class"] == "query"
        assert r["sic"].startswith("（") and r["sic"].endswith("）")
        assert not r["para"].endswith("-ko")
    else:
        assert r["class"] != "query" and r["corr"] != r["sic"]
        assert "（" not in r["sic"] and "）" not in r["sic"]
    if "←" in r["class"]:
        # a "X←Y" class names exactly the substitution the row makes
        assert r["class"] == f"{r['corr']}←{r['sic']}"


def test_sorted_by_paragraph_then_offset() -> None:
    keys = [(book_order(r["para"]), int(r["offset"])) for r in ROWS]
    assert keys == sorted(keys)


def test_no_overlapping_rows() -> None:
    by_para: dict[str, list[tuple[int, int]]] = {}
    for r in ROWS:
        by_para.setdefault(r["para"], []).append(span(r))
    for pid, spans in by_para.items():
        spans.sort()
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert end <= start, f"{pid}: rows overlap at {start}"


def test_every_transcriber_question_is_a_query_row() -> None:
    found = {
        (p.id, m.start())
        for p in SRC.chinese
        for m in re.finditer(r"（[^（）]{0,2}？）", p.text)
    }
    queries = {(r["para"], int(r["offset"])) for r in ROWS if r["kind"] == "query"}
    assert found and found <= queries
    # the two bare glosses without a question mark: 變（爻） and 腦（惱）
    assert queries - found == {("p145", 87), ("p459", 149)}


# ---------------------------------------------------------------- decisions that must hold

def corrected(pid: str, off: int, corr: str) -> bool:
    r = AT.get((pid, off))
    return r is not None and r["corr"] == corr


def test_yu_pronoun_corrected_remainder_kept() -> None:
    # 餘 = 'I' in the prefaces → 余; 餘 = 'remaining, more than' stays.
    assert reading("p003").startswith("余在長安時")
    assert corrected("p016", 43, "余")  # 程元如 speaking: 余得師傳
    for pid, off in [("p011", 77), ("p029", 98), ("p030", 180), ("p436", 206), ("p567", 22),
                     ("p692", 149)]:
        assert TEXT[pid][off] == "餘" and (pid, off) not in AT
    # the four 余 of the transcription are already right
    assert not [r for r in ROWS if r["sic"] == "余"]


def test_every_yu_yun_gan_hu_occurrence_is_decided() -> None:
    # Exhaustive: each 餘/雲/幹/鬍 of the Chinese text is corrected or on the keep list.
    keep = {
        "餘": None,  # checked by count below: 65 in all, 19 pronouns
        "雲": {("p025", 73), ("p261", 35), ("p261", 127), ("p290", 64), ("p323", 22),
              ("p323", 92), ("p476", 23), ("p600", 52), ("p614", 118), ("p689", 126)},
        "幹": {("p299", 117), ("p545", 106)},  # 幹蠱 (易 蠱卦), 幹僕 'capable servant'
        "鬍": set(),
    }
    for ch, kept in keep.items():
        occ = {(p.id, m.start()) for p in SRC.chinese for m in re.finditer(ch, p.text)}
        rows = {k for k in occ if k in AT}
        if kept is None:
            assert len(occ) == 65 and len(rows) == 19
        else:
            assert rows | kept == occ and not rows & kept, ch


def test_hu_of_the_byline_context() -> None:
    # 胡介 of the byline (p002) is right; the prefaces' 鬍子旅堂 is 胡子 (Mr 胡 旅堂).
    assert TEXT["p002"].count("胡介") == 1 and not [r for r in ROWS if r["para"] == "p002"]
    assert corrected("p003", 33, "胡") and corrected("p013", 47, "胡")
    assert "胡子旅堂" in reading("p003") and "旅堂胡子" in reading("p013")


def test_consistent_usage_is_not_normalised() -> None:
    # 乾 is the trigram throughout; 克/剋, 游/遊, 象/像 are the book's own (consistent) usage.
    # (A computational corr of a case, e.g. a wrong hexagram, is a different matter.)
    kept = {"乾", "克", "剋", "游", "遊", "像", "象"}
    assert not [r for r in ROWS if r["kind"] == "reg" and r["sic"] in kept]


def test_stems_after_correction() -> None:
    assert "乙猴己鼠頭" in reading("p228") and "乙鼠己猴鄉" in reading("p228")
    assert "己酉艮局，因從己酉下地" in reading("p260")
    assert "巳午兩鬼" in reading("p464")


def test_design_catalogue_scribal_items() -> None:
    # rules-catalogue.md "Scribal errors adopted as corrected" (¶ → paragraph id).
    assert "三十有四" in reading("p030")  # ¶57
    assert "得一奇則曰單" in reading("p034") and "得一偶則曰拆" in reading("p034")  # ¶65
    assert "坤上爻獲陽為艮" in reading("p036")  # ¶69
    assert "震巽納庚辛，上位也" in reading("p043")  # ¶83
    assert "歸魂歸入本宮" in reading("p098")  # ¶193, via the transcriber's （魂？）
    assert "後仲夏而卒" in reading("p111")  # ¶219
    assert "戌為地網" in reading("p227")  # ¶451
    assert "木絕於申" in reading("p236")  # ¶469
    assert "正七虎行村" in reading("p248")  # ¶493
    assert "子為折煞" in reading("p253")  # ¶503
    assert "訣曰：寅午戌" in reading("p254")  # ¶505
    # ¶477 (旌旗 冬子) is a rule question, not an evident copying error: left as printed.
    assert "秋酉冬子" in reading("p240")


def test_queries_keep_or_adopt() -> None:
    assert "惱怒焦煩" in reading("p459")
    assert "動爻變爻日辰克之" in reading("p145")
    assert "官鬼為繫爻" in reading("p192")  # （擊？） not adopted
    assert "肥遁，宋祖" in reading("p274")


def test_korean_rows_normalise_hanja_or_correct_a_translation_slip() -> None:
    """A Korean row normalises one character, or corrects a slip of the translation (a
    misreading or mistranslation, issue 24) with its reason; text/ itself is never edited."""
    ko = [r for r in ROWS if r["para"].endswith("-ko")]
    hanja = [r for r in ko if r["kind"] == "reg"]
    slips = [r for r in ko if r["kind"] != "reg"]
    assert hanja and all(len(r["sic"]) == 1 for r in hanja)
    assert slips and all(r["kind"] == "corr" and r["class"] in ("한역 오독", "한역 오역")
                         and r["reason"] for r in slips)
    assert "《무망(無妄)》" in reading("p038-ko")
    assert "산삭·점교(刪削點校)" in reading("p001-ko") and "삭삭" not in reading("p001-ko")
    assert "기도로 구하여" in reading("p437-ko") and "이미 병이 들었으면" in reading("p437-ko")


def test_one_to_many_conversions_in_both_directions() -> None:
    # the converter also left simplified forms that needed the other traditional character
    assert "元武後神也，司之於尾" in reading("p614")  # 后 → 後 (前神/後神)
    assert "六合則雲迎而雨降" in reading("p322")  # 云 → 雲 (cloud)
    assert "太后臣占太后" in reading("p456")  # the real 后 stays
    assert "密雲禪師" in reading("p025") and "雲從龍" in reading("p614")  # real clouds stay
    assert "事干臺憲" in reading("p637") and "幹蠱防奸" in reading("p299")


@pytest.mark.parametrize("bad", ["傣", "剌", "地祗", "鬍", "佔", "伕"])
def test_misprints_corrected_everywhere(bad: str) -> None:
    # characters (or words) that are wrong wherever they stand in this text
    for p in SRC.chinese:
        for m in re.finditer(bad, p.text):
            off = m.start() + (1 if bad == "地祗" else 0)
            assert (p.id, off) in AT, (p.id, off)
    assert "祗緣助鬼" in reading("p647")  # 祗 'only' (祗緣) is right and stays


def test_the_editors_queries_are_the_seven_of_the_claims_audit() -> None:
    """editorial/claims-audit.md §8: the emendations without graphic support are editors'
    queries (kind conj), not corrections; the TEI marks their reading a conjecture and the
    read model gives them as such."""
    from yimao.model.edition import load_edition
    from yimao.model.text import Choice

    conj = {(r["para"], int(r["offset"])) for r in ROWS if r["kind"] == "conj"}
    assert conj == {("p030", 145), ("p036", 180), ("p043", 49), ("p091", 125), ("p111", 68),
                    ("p227", 195), ("p254", 26)}
    ed = load_edition()

    def choices(nodes):
        for n in nodes:
            if isinstance(n, Choice):
                yield n
            for name in ("children", "source", "edited"):
                yield from choices(getattr(n, name, ()))

    for para, offset in conj:
        found = {c.id: c for c in choices(ed.passage(para).zh.inlines)}
        choice = found[f"{para}-c{offset}"]
        assert choice.type == "conj" and choice.reason, (para, offset)
