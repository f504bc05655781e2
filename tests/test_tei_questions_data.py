"""editorial/questions.toml: the questions of the 50 筮類 chapters, checked against the TEI.

These are checks on the data itself: every id, passage, marker, quotation and count in the
file must agree with the edition (yimao.model.edition.load_edition()) and with the file's own
documented vocabulary and [count] table.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import pytest

from compute.book.liuqin import Relative
from compute.lifa.leizong import yuan_ji_chou
from yimao.model.edition import XML_ID, load_edition, text_of
from yimao.tei.source import ROOT

FILE = ROOT / "editorial" / "questions.toml"
DATA = tomllib.loads(FILE.read_text(encoding="utf-8"))
ED = load_edition()
CHAPTER_IDS = [f"shilei-{k:02d}" for k in range(1, 51)]
QUESTIONS: list[dict] = DATA["question"]
VOCAB: dict[str, str] = DATA["vocabulary"]
QID = re.compile(r"^(shilei-(\d{2}))-q([1-9]\d*)$")
SID = re.compile(r"^p\d{3}-s[1-9]\d*$")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LIST_MARKER = re.compile(r"（[^（）]*內[詳附]([^（）]*)）")
NUM = r"\d+(?:\.\d+){0,2}"
CITE = re.compile(rf"(筮類|立法|自序|提要) ({NUM}(?:~{NUM})?(?:, {NUM}(?:~{NUM})?)*)")
LATIN = re.compile(r"[A-Za-z]")
QUOTE = re.compile(r"「([^」]*)」(\s*\(([^)]*)\))?")
NUMERAL = {"五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十三": 13, "十八": 18, "四十": 40}
QUESTION_KEYS = {"id", "text", "reading", "marker", "listed", "stated", "ko", "passages",
                 "yongshen", "adverse", "jishen", "yuanshen", "choushen", "see", "reason",
                 "alternative"}
ALTERNATIVE_KEYS = {"when", "yongshen", "adverse", "see", "passages", "facts", "chart"}

# sentence id -> (paragraph id, division id, diplomatic text of the sentence)
SENTENCES: dict[str, tuple[str, str, str]] = {}
DIVISION_OF: dict[str, str] = {}
for _div in ED.divisions:
    for _p in _div.passages:
        DIVISION_OF[_p.id] = _div.id
        for _sid in _p.sentences:
            SENTENCES[_sid] = (_p.id, _div.id, text_of(ED.element(_sid), "diplomatic"))
ORDER = {sid: k for k, sid in enumerate(SENTENCES)}


def diplomatic(pid: str) -> str:
    return ED.passage(pid).text("diplomatic")


def values(v: str | list[str]) -> list[str]:
    """A 用神 field: one vocabulary value, an array of them, or "" (none)."""
    if isinstance(v, str):
        return [v] if v else []
    assert isinstance(v, list) and v and all(isinstance(x, str) and x for x in v), v
    return v


def chapter_of(q: dict) -> str:
    m = QID.match(q["id"])
    assert m, q["id"]
    return m.group(1)


def sentences_of(xml_id: str) -> list[str]:
    """The sentence ids a resolved citation covers (a sentence, or all of a paragraph's)."""
    if xml_id in SENTENCES:
        return [xml_id]
    return list(ED.passage(xml_id).sentences)


def expand(text: str) -> list[str]:
    """The sentence ids cited in a Korean text (筮類 1.6.1, 筮類 5.7.1, 5.7.2, 筮類 26.3.1~26.3.3,
    筮類 8.9 for a whole paragraph); a citation that resolves to nothing fails."""
    keys = list(SENTENCES)
    ids: list[str] = []
    for label, items in CITE.findall(text):
        for item in items.split(", "):
            a, _, b = item.partition("~")
            first = sentences_of(ED.resolve(f"{label} {a}"))
            if not b:
                ids += first
                continue
            last = sentences_of(ED.resolve(f"{label} {b}"))
            assert ORDER[first[0]] < ORDER[last[-1]], item
            ids += keys[ORDER[first[0]]:ORDER[last[-1]] + 1]
    return ids


def list_span(pid: str) -> tuple[int, int]:
    """Character range of the chapter-opening list （內詳…） in a paragraph's diplomatic text."""
    m = LIST_MARKER.search(diplomatic(pid))
    assert m, f"{pid} has no （內詳…） / （內附…） list"
    return m.start(), m.end()


def korean_texts() -> list[tuple[str, str]]:
    """Every Korean text of the file, with where it stands."""
    out = [(f"vocabulary {k}", v) for k, v in VOCAB.items()]
    out += [("count.how", DATA["count"]["how"])]
    out += [(f"count.reading {r['text']}", r["ko"]) for r in DATA["count"]["reading"]]
    out += [(f"kinship {r['yongshen']}", r["who"]) for r in DATA["kinship"]]
    for c in DATA["chapter"]:
        out += [(c["id"], c["note"])] if "note" in c else []
        out += [(c["id"], r["ko"]) for r in c.get("role", [])]
    for q in QUESTIONS:
        out += [(q["id"], q["ko"]), (q["id"], q["reason"])]
        out += [(q["id"], a["when"]) for a in q.get("alternative", [])]
    return out


def test_korean_texts_have_no_latin_letters_and_cite_in_the_citation_form() -> None:
    bad = [(where, t) for where, t in korean_texts()
           if LATIN.search(t) or not HANGUL.search(t) or t != t.strip()]
    assert bad == []
    for _where, t in korean_texts():
        expand(t)  # every citation resolves


def test_top_level_tables() -> None:
    assert set(DATA) == {"count", "vocabulary", "kinship", "chapter", "question"}
    assert all(HANGUL.search(v) for v in VOCAB.values())


def test_chapters_are_the_fifty_shilei_divisions_in_order() -> None:
    assert [c["id"] for c in DATA["chapter"]] == CHAPTER_IDS
    assert [d.id for d in ED.divisions if d.part == "shilei"] == CHAPTER_IDS
    for c in DATA["chapter"]:
        assert set(c) <= {"id", "note", "role"}, c["id"]
        if "note" in c:
            assert HANGUL.search(c["note"]), c["id"]
        for r in c.get("role", []):
            assert r["who"] in VOCAB, (c["id"], r["who"])
            assert HANGUL.search(r["ko"]), (c["id"], r)
            assert r["passages"] and all(p in SENTENCES for p in r["passages"]), (c["id"], r)


def test_ids_unique_well_formed_and_numbered_in_order() -> None:
    ids = [q["id"] for q in QUESTIONS]
    assert len(ids) == len(set(ids))
    keys = []
    for q in QUESTIONS:
        m = QID.match(q["id"])
        assert m, q["id"]
        keys.append((int(m.group(2)), int(m.group(3))))
    assert keys == sorted(keys), "questions must be in chapter order, then by K"
    by_chapter: dict[int, list[int]] = {}
    for ch, k in keys:
        by_chapter.setdefault(ch, []).append(k)
    for ch, ks in by_chapter.items():
        assert ks == list(range(1, len(ks) + 1)), f"shilei-{ch:02d}: K must run 1, 2, 3 …"


def test_every_chapter_has_a_question() -> None:
    have = Counter(chapter_of(q) for q in QUESTIONS)
    assert [c for c in CHAPTER_IDS if not have[c]] == []


def test_listed_questions_come_first_and_have_a_marker() -> None:
    seen_unlisted: set[str] = set()
    for q in QUESTIONS:
        assert set(q) <= QUESTION_KEYS, (q["id"], set(q) - QUESTION_KEYS)
        listed = q.get("listed", True)
        assert isinstance(listed, bool), q["id"]
        if listed:
            assert "marker" in q and "stated" not in q, q["id"]
            assert chapter_of(q) not in seen_unlisted, f"{q['id']}: listed after unlisted"
        else:
            assert "stated" in q and "marker" not in q, q["id"]
            seen_unlisted.add(chapter_of(q))


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["id"] for q in QUESTIONS])
def test_wording_stands_at_its_offset_in_the_diplomatic_text(q: dict) -> None:
    where = q["marker"] if q.get("listed", True) else q["stated"]
    assert set(where) == {"para", "offset", "length"}, q["id"]
    pid, off, n = where["para"], where["offset"], where["length"]
    text = diplomatic(pid)
    assert n == len(q["text"]) > 0, q["id"]
    assert text[off:off + n] == q["text"], (q["id"], text[off:off + n])
    start, end = list_span(pid) if q.get("listed", True) else (0, 0)
    if q.get("listed", True):
        # inside the chapter-opening list, whose paragraph opens this chapter (shilei-22's
        # list stands at the head of shilei-21: see chapters.tsv)
        assert start < off and off + n < end, q["id"]
        assert DIVISION_OF[pid] in (chapter_of(q), "shilei-21"), q["id"]
    else:
        assert DIVISION_OF[pid] == chapter_of(q), q["id"]
    if "reading" in q:
        assert q["reading"] != q["text"] and q["text"] in q["reading"], q["id"]


def test_markers_follow_the_lists_in_order_without_overlap() -> None:
    by_para: dict[str, list[tuple[int, int]]] = {}
    for q in QUESTIONS:
        if q.get("listed", True):
            m = q["marker"]
            by_para.setdefault(m["para"], []).append((m["offset"], m["length"]))
    assert len(by_para) == DATA["count"]["markers"]
    for pid, spans in by_para.items():
        assert spans == sorted(spans), pid
        for (a, n), (b, _) in zip(spans, spans[1:], strict=False):
            assert a + n <= b, pid


def test_lists_that_state_their_number_agree() -> None:
    """（內詳……六問） etc.: the split of each list that states its number gives that number."""
    listed = Counter(q["marker"]["para"] for q in QUESTIONS if q.get("listed", True))
    checked = 0
    for pid in listed:
        body = LIST_MARKER.search(diplomatic(pid)).group(1)
        m = re.search(r"(五|六|七|八|九|十三|十八|四十)問$", body)
        if m:
            assert listed[pid] == NUMERAL[m.group(1)], (pid, listed[pid], m.group(0))
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["id"] for q in QUESTIONS])
def test_passages_exist_and_belong_to_the_chapter(q: dict) -> None:
    lists = [q["passages"]] + [a["passages"] for a in q.get("alternative", [])]
    for ps in lists:
        assert ps, q["id"]
        assert all(SID.match(p) and p in SENTENCES for p in ps), (q["id"], ps)
        assert len(ps) == len(set(ps)), q["id"]
        assert [ORDER[p] for p in ps] == sorted(ORDER[p] for p in ps), q["id"]
        assert {SENTENCES[p][1] for p in ps} == {chapter_of(q)}, q["id"]


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["id"] for q in QUESTIONS])
def test_yongshen_values_are_in_the_vocabulary(q: dict) -> None:
    for key in ("yongshen", "jishen", "yuanshen", "choushen"):
        if key in q:
            vs = values(q[key])
            assert all(v in VOCAB for v in vs), (q["id"], key, vs)
            assert key == "yongshen" or vs, (q["id"], key)
    if not values(q["yongshen"]):
        assert "adverse" not in q, q["id"]
    for a in q.get("alternative", []):
        assert set(a) <= ALTERNATIVE_KEYS and "when" in a, (q["id"], a)
        assert ("yongshen" in a) != ("see" in a), (q["id"], a)
        if "yongshen" in a:
            assert all(v in VOCAB for v in values(a["yongshen"])), (q["id"], a)
        assert HANGUL.search(a["when"]), (q["id"], a["when"])


def test_kinship_table() -> None:
    for row in DATA["kinship"]:
        assert set(row) <= {"who", "person", "yongshen", "passages"}
        assert row["yongshen"] in VOCAB and row["yongshen"] not in ("親屬", "物類")
        assert HANGUL.search(row["who"])
        assert all(p in SENTENCES for p in row["passages"])


def test_named_ji_yuan_chou_differ_from_the_shengke_rule() -> None:
    """元神/忌神/仇神 are recorded only where the book names them otherwise than 生克 gives."""
    relatives = {r.zh: r for r in Relative}
    for q in QUESTIONS:
        ys = values(q["yongshen"])
        if len(ys) != 1 or ys[0] not in relatives:
            continue
        yuan, ji, chou = (r.zh for r in yuan_ji_chou(relatives[ys[0]]))
        for key, rule in (("yuanshen", yuan), ("jishen", ji), ("choushen", chou)):
            if key in q:
                assert values(q[key]) != [rule], (q["id"], key, rule)


def test_see_points_to_another_question_or_chapter() -> None:
    ids = {q["id"] for q in QUESTIONS}
    for q in QUESTIONS:
        targets = [q.get("see")] + [a.get("see") for a in q.get("alternative", [])]
        for t in filter(None, targets):
            assert t != q["id"] and (t in ids or t in CHAPTER_IDS), (q["id"], t)


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["id"] for q in QUESTIONS])
def test_reason_is_korean_and_quotes_the_sentences_it_cites(q: dict) -> None:
    """Each 「…」 in a reason stands (its pieces between ……) in the sentences cited right after
    it, or else in those the question names; every cited sentence exists."""
    reason = q["reason"]
    assert HANGUL.search(reason) and HANGUL.search(q["ko"]), q["id"]
    cited = expand(reason)
    assert cited and all(c in SENTENCES for c in cited), (q["id"], cited)
    own = q["passages"] + [p for a in q.get("alternative", []) for p in a["passages"]]
    pool_all = "".join(SENTENCES[s][2] for s in own + cited)
    for m in QUOTE.finditer(reason):
        ids = expand(m.group(3) or "")
        pool = "".join(SENTENCES[s][2] for s in ids) if ids else pool_all
        for piece in filter(None, re.split(r"……|…", m.group(1))):
            assert piece in pool, (q["id"], piece)


def test_counts_agree_with_the_data() -> None:
    c = DATA["count"]
    listed = [q for q in QUESTIONS if q.get("listed", True)]
    assert c["listed"] == len(listed)
    assert c["unlisted"] == len(QUESTIONS) - len(listed)
    assert c["total"] == len(QUESTIONS) == c["listed"] + c["unlisted"]
    assert c["with_yongshen"] == sum(bool(values(q["yongshen"])) for q in QUESTIONS)
    assert c["without_yongshen"] == c["total"] - c["with_yongshen"]
    assert c["with_alternatives"] == sum(bool(q.get("alternative")) for q in QUESTIONS)
    assert c["adverse"] == sum(q.get("adverse", False) for q in QUESTIONS)
    assert c["markers"] == len({q["marker"]["para"] for q in listed})
    # the author's own figure (自序 p021: 「內詳三百七十有七問」)
    assert "內詳三百七十有七問" in SENTENCES["p021-s1"][2] and c["author"] == 377
    low = high = c["listed"]
    for r in c["reading"]:
        start, end = list_span(r["para"])
        text = diplomatic(r["para"])
        off = text.find(r["text"], start)
        assert start < off and off + len(r["text"]) < end, r
        inside = [q for q in listed if q["marker"]["para"] == r["para"]
                  and off <= q["marker"]["offset"] < off + len(r["text"])]
        assert r["counted"] == len(inside), r
        assert r["other"] != r["counted"] and HANGUL.search(r["ko"]), r
        low += min(0, r["other"] - r["counted"])
        high += max(0, r["other"] - r["counted"])
    assert (c["listed_min"], c["listed_max"]) == (low, high)
    assert low <= c["author"] <= high


def test_sentence_ids_are_those_of_the_tei() -> None:
    """The sentence table this test uses is the TEI's own (seg type="sentence")."""
    segs = [s.get(XML_ID) for s in ED.element("p296").iter() if s.get("type") == "sentence"]
    assert segs == list(ED.passage("p296").sentences) == ["p296-s1", "p296-s2"]
