"""The case pages explain themselves (issue 23): the question and its 用神 with the roles'
lines, each claim with compute's reasons in Korean, and for a claim the book and compute
disagree on, the book's words, compute's finding and the editors' note side by side.

Expected values are the book's: p089 「如午建壬戌日占財，得困之坎，木死於午，亥子元神衰弱 …
亥化長生」 — 困 is the 一世 of the 兌 palace (金), so its 世 is the first line, 戊寅 木 = 妻財,
the 財 asked about; 木 is 死 in 午; 亥 水 生 木 (元神) and is 囚 in a 火 month. p095 「戊申日占子病
… 飛伏變象皆無用神」 — a child's illness: 子孫 by the 親屬 table (筮類 身命章, p350 「筮下」).
The contradicted claims are read from the TEI (``seg type="claim" subtype="contradicted"``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree
from lxml import html as lxml_html
from sitebuild import Build
from test_tei_glossary import TERMS, findings
from test_tei_particles import problems

from compute.claims.explain import explain
from yimao.model import cases as C

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
LATIN = re.compile(r"[A-Za-z]")
RULE_ID = re.compile(r"\b[a-z]+(?:-[a-z0-9]+)+\b")


def _case(cid: str) -> C.Case:
    return C.by_id(C.load(), cid)


# ------------------------------------------------------------------ compute's reasons


def test_the_death_of_wood_in_wu_is_said_with_its_line_and_month() -> None:
    case = _case("p089-case1")
    c1 = next(cl for cl in case.claims if cl.text == "木死於午")
    (why,) = explain(case.inputs, c1.check)
    assert "初爻" in why and "妻財" in why and "寅木" in why   # the 財 on the 世 line
    assert "死" in why and "午月" in why


def test_the_weak_yuanshen_is_said_with_its_month() -> None:
    case = _case("p089-case1")
    c2 = next(cl for cl in case.claims if cl.text == "亥子元神衰弱")
    why = " ".join(explain(case.inputs, c2.check))
    assert "元神" in why and "亥水" in why and "囚" in why and "午月" in why


def test_the_contradicted_absence_names_where_the_zisun_is() -> None:
    # 晉's own 伏卦 (大畜, p095's editors' note) holds 子孫 甲子 and 丙子 under lines 1 and 5
    case = _case("p095-case1")
    c1 = case.claims[0]
    (why,) = explain(case.inputs, c1.check)
    assert "子孫" in why and "伏神" in why and "初爻" in why and "五爻" in why


def test_every_decided_claim_has_korean_reasons_in_the_glossary_s_words() -> None:
    lines = []
    for case in C.load():
        for claim in case.claims:
            v = C.evaluate(case, claim)
            if v.status not in ("confirmed", "contradicted"):
                continue
            why = explain(case.inputs, claim.check)
            assert why, claim.id
            for sentence in why:
                assert not LATIN.search(sentence), (claim.id, sentence)
                lines.append((claim.id, sentence))
    assert len(lines) >= 330
    assert findings(lines, TERMS) == set()
    assert [(w, p) for w, line in lines for p in problems(line)] == []


def test_a_child_s_illness_takes_zisun_by_the_kinship_table() -> None:
    # 「占子病」: a child is 「筮下」 in the 親屬 table (p350-s1), 子孫; 晉 (乾宮 金) has no 水
    # among its lines (未巳卯 酉未巳), so the 子孫 is a 伏神
    from yimao.web.cases import asking

    case = _case("p095-case1")
    a = asking(case, C.setting(case))
    assert a is not None and a.value == "子孫" and "p350-s1" in a.passages
    assert "筮下" in a.why
    name, rel, lines = a.roles[0]
    assert (name, rel) == ("用神", "子孫") and lines and all("伏神 子孫" in x for x in lines)
    assert "舍飛從伏" in a.choice


# ------------------------------------------------------------------ the pages


def _page(site: Build, *parts: str) -> lxml_html.HtmlElement:
    return lxml_html.parse(str(site.out.joinpath(*parts, "index.html"))).getroot()


def _text(el: lxml_html.HtmlElement) -> str:
    return " ".join(el.text_content().split())


def _reader_text(el: lxml_html.HtmlElement) -> str:
    """The text a reader sees without opening the developers' <details>."""
    copy = lxml_html.fromstring(lxml_html.tostring(el))
    for d in copy.xpath(".//details[contains(@class,'claim-dev')] | .//details[contains("
                        "@class,'chart-text')]"):
        d.drop_tree()
    return _text(copy)


def _lands(site: Build, page_dir: Path, href: str) -> bool:
    path, _, anchor = href.partition("#")
    target = (page_dir / path / "index.html").resolve()
    return target.is_file() and f'id="{anchor}"' in target.read_text(encoding="utf-8")


@pytest.mark.site
def test_p089_names_its_question_yongshen_and_roles(site: Build) -> None:
    page = _page(site, "cases", "p089-case1")
    (section,) = page.xpath("//section[contains(@class,'case-asking')]")
    text = _text(section)
    assert "趨利" in text                         # 「占財」: the 筮類's 求財 question
    rows = dict(zip([_text(dt) for dt in section.xpath(".//dt")],
                    [_text(dd) for dd in section.xpath(".//dd")], strict=True))
    assert rows["용신"].startswith("妻財") and "初爻 妻財 寅木(世)" in rows["용신"]
    assert "子孫" in rows["원신 元神"] and "亥水" in rows["원신 元神"]
    assert "兄弟" in rows["기신 忌神"]
    for href in section.xpath(".//a[@class='cite']/@href"):
        assert _lands(site, site.out / "cases" / "p089-case1", href), href
    assert section.xpath(".//a[@class='cite']/text()")[0].startswith("筮類 ")
    li = page.xpath("//li[@id='p089-case1-c1']")[0]
    why = _text(li.xpath(".//p[@class='claim-why']")[0])
    assert "死" in why and "午月" in why and "妻財" in why


@pytest.mark.site
def test_no_rule_id_or_english_outside_the_developers_details(site: Build) -> None:
    for cid in ("p089-case1", "p095-case1", "p151-case1", "p471-case1"):
        article = _page(site, "cases", cid).xpath("//article")[0]
        seen = _reader_text(article.xpath(".//section[contains(@class,'case-claims')]")[0])
        assert not RULE_ID.search(seen), (cid, RULE_ID.search(seen))
        asking = article.xpath(".//section[contains(@class,'case-asking')]")
        if asking:
            assert not LATIN.search(_text(asking[0])), cid


@pytest.mark.site
def test_a_contradicted_claim_shows_book_compute_and_editors(site: Build) -> None:
    tei = etree.parse(str(site.tei)).getroot()
    contradicted = [s for s in tei.iter(f"{TEI}seg") if s.get("type") == "claim"
                    and s.get("subtype") == "contradicted"]
    assert len(contradicted) >= 5
    for seg in contradicted:
        claim_id = seg.get(XML_ID)
        cid = claim_id.rpartition("-c")[0]
        words = "".join(seg.itertext()).strip()
        page_dir = site.out / "cases" / cid
        li = _page(site, "cases", cid).xpath(f"//li[@id='{claim_id}']")[0]
        rows = dict(zip([_text(dt) for dt in li.xpath(".//dl[@class='claim-versus']/dt")],
                        li.xpath(".//dl[@class='claim-versus']/dd"), strict=True))
        assert set(rows) == {"본문", "계산", "편집자 주"}, claim_id
        book = rows["본문"]
        assert words.replace("\n", "") in _text(book), (claim_id, words)
        (href,) = book.xpath(".//a[@class='cite']/@href")
        assert href.endswith(f"#{claim_id}") and _lands(site, page_dir, href), href
        found = _text(rows["계산"])
        assert re.search("[\uac00-\ud7a3]", found) and "계산한 값" in found, claim_id
        assert len(_text(rows["편집자 주"])) > 20, claim_id
    # p095: the book says no 用神 anywhere, compute finds the 子孫 as 伏神
    li = _page(site, "cases", "p095-case1").xpath("//li[@id='p095-case1-c1']")[0]
    text = _text(li)
    assert "飛伏變象皆無用神" in text and "「是」" in text and "「否」" in text
    assert "伏神 子孫 子水" in text and "大畜" in text
