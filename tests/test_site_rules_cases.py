"""The rule index (/rules/), the worked cases (/cases/, /cases/<id>/) and their marks on the
chapter pages.

Expected values come from compute's registry, the TEI (read here with lxml, not through the
site's code) and yimao.model.cases — the sources the site must agree with.
"""

from __future__ import annotations

import csv
import json
import pickle
from pathlib import Path

from lxml import etree
from lxml import html as lxml_html
from sitebuild import Build

from compute.registry import all_rules
from yimao.model import cases as C

TEI = "{http://www.tei-c.org/ns/1.0}"
RULES_KO = {row["id"]: (row["title_ko"], row["statement_ko"], row["compute_ko"])
            for row in csv.DictReader(
                (Path(__file__).resolve().parent.parent / "editorial" / "rules-ko.tsv")
                .open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def _page(site: Build, *parts: str) -> lxml_html.HtmlElement:
    return lxml_html.parse(str(site.out.joinpath(*parts, "index.html"))).getroot()


def _rule_pages(site: Build) -> list[tuple[Path, lxml_html.HtmlElement]]:
    """The pages of the rule index's groups (/rules/lifa-04/ …), as linked from /rules/."""
    index = site.out / "rules"
    hrefs = _page(site, "rules").xpath("//nav[@class='rule-toc']//a/@href")
    assert hrefs
    return [(d, lxml_html.parse(str(d / "index.html")).getroot())
            for d in dict.fromkeys((index / h.partition("#")[0]).resolve() for h in hrefs)]


def _rules(site: Build) -> lxml_html.HtmlElement:
    """Every rule group page's article in one element (what the one long page held)."""
    root = lxml_html.fromstring("<div></div>")
    for _, page in _rule_pages(site):
        root.extend(page.xpath("//article[contains(@class,'rules-page')]"))
    return root


def _target(page_dir: Path, href: str) -> tuple[Path, str]:
    """The index.html a relative link leads to, and its anchor."""
    path, _, anchor = href.partition("#")
    return (page_dir / path / "index.html").resolve(), anchor


def _segs(tei: etree._Element, type_: str) -> list[etree._Element]:
    return [s for s in tei.iter(f"{TEI}seg") if s.get("type") == type_]


def _chapter_of(site: Build, xml_id: str) -> lxml_html.HtmlElement:
    for part in ("front", "lifa", "shilei", "back"):
        for path in sorted((site.out / part).glob("*/index.html")):
            text = path.read_text(encoding="utf-8")
            if f'id="{xml_id}"' in text:
                return lxml_html.fromstring(text)
    raise AssertionError(f"{xml_id} is on no chapter page")


def test_every_registered_rule_has_an_anchor_with_its_facts(site: Build) -> None:
    page = _rules(site)
    by_id = {el.get("id"): el for el in page.iter("section") if el.get("id")}
    rules = all_rules()
    assert len(rules) > 100
    for r in rules:
        sec = by_id.get(f"r-{r.id}")
        assert sec is not None, r.id
        title, statement, compute_ko = RULES_KO[r.id]  # the reader's Korean, from editorial/
        text = " ".join(sec.text_content().split())
        assert title in text and statement in text and compute_ko in text, r.id
        # the code's id and functions are data for developers, not the reader's text (issue 24)
        assert sec.get("data-rule") == r.id and r.id not in sec.text_content(), r.id
        names = [i.name for i in r.impls if i.name]
        for name in names:
            assert name in sec.get("data-functions", "").split(), (r.id, name)
            assert name not in sec.text_content(), (r.id, name)
        hrefs = sec.xpath(".//dd[contains(@class,'rule-passages')]/a/@href")
        assert set(h.partition("#")[2] for h in hrefs) == set(r.passages), r.id


def test_rule_passage_links_land_on_their_sentence(site: Build) -> None:
    checked = 0
    cache: dict[Path, str] = {}
    for base, page in _rule_pages(site):
        for href in page.xpath("//dd[contains(@class,'rule-passages')]/a/@href"):
            path, anchor = _target(base, href)
            text = cache.setdefault(path, path.read_text(encoding="utf-8"))
            assert f'id="{anchor}"' in text, href
            checked += 1
    assert checked >= len(all_rules())


def test_rules_are_grouped_by_lifa_chapter_in_book_order(site: Build) -> None:
    page = _rules(site)
    groups = [g.get("id") for g in page.xpath("//section[contains(@class,'rule-group')]")]
    lifa = [g for g in groups if g.startswith("g-lifa-")]
    assert lifa == sorted(lifa, key=lambda g: [int(n) for n in g.split("-")[2:]])
    # a rule one 立法 sentence states is filed under that chapter: 納甲 (p042, 立法 4)
    assert page.xpath("//section[@id='g-lifa-04']//section[@id='r-najia-gan']")
    # the light index lists the same groups in the same order, each rule under its group
    index = _page(site, "rules")
    assert [g.get("id") for g in index.xpath("//section[@class='rule-group-index']")] == groups
    assert index.xpath("//section[@id='g-lifa-04']//li[@id='r-najia-gan']")


def test_the_rule_index_is_split_and_keeps_every_old_anchor(site: Build) -> None:
    """/rules/ was one 4 MB page: now a light index and a page per chapter (or part of one),
    none heavy; every anchor the old page had (#r-…, #ex-…) is an entry of the index (#r-…)
    or is taken on by its script (#ex-…) to the page that now holds it."""
    index_path = site.out / "rules" / "index.html"
    assert index_path.stat().st_size < 300_000
    pages = _rule_pages(site)
    assert len(pages) > 50
    for base, _ in pages:
        assert (base / "index.html").stat().st_size < 400_000, base
    index = _page(site, "rules")
    moved = json.loads(index.xpath("//script[@id='rule-moved']")[0].text)
    held = {}
    for base, page in pages:
        for i in page.xpath("//section[contains(@class,'rule') or "
                            "contains(@class,'example')]/@id"):
            held[i] = base
    rules = [f"r-{r.id}" for r in all_rules()]
    examples = [i for i in held if i.startswith("ex-")]
    assert len(examples) > 300
    for anchor in rules + examples:
        path, frag = _target(site.out / "rules", moved[anchor])
        assert frag == anchor and path == (held[anchor] / "index.html").resolve(), anchor
    assert set(index.xpath("//li/@id")) >= set(rules)


def test_every_ana_in_the_tei_resolves_on_the_rules_page(
    site: Build, tei: etree._Element
) -> None:
    ids = set(_rules(site).xpath("//@id"))
    anas = {a.lstrip("#") for e in tei.iter() if isinstance(e.tag, str)
            for a in (e.get("ana") or "").split()}
    assert len(anas) > 100
    missing = sorted(a for a in anas if a not in ids)
    assert not missing, missing[:10]


def test_every_case_has_a_page_and_a_row(site: Build, tei: etree._Element) -> None:
    tei_cases = [s.get(XML_ID) for s in _segs(tei, "case")]
    known = {c.id for c in C.load()}
    assert len(tei_cases) == 196   # 175 + the 21 cases of issue 10 (p211, p397, p461)
    listed = [tr.get("id") for tr in _page(site, "cases").xpath("//table//tbody/tr")]
    assert listed == [c for c in tei_cases if c in known]
    for cid in listed:
        page = _page(site, "cases", cid)
        # the case's id is the page's data and address, not its text (issue 24)
        assert page.xpath("//article/@data-case") == [cid] and cid not in page.text_content()
        case = C.by_id(C.load(), cid)
        assert case.hexagrams in page.xpath("//h1")[0].text_content(), cid
        assert len(page.xpath("//ol[@class='claims']/li")) == len(case.claims), cid


def _editorial_note(tei: etree._Element, claim_id: str) -> str:
    for note in tei.iter(f"{TEI}note"):
        if note.get("type") != "editorial":
            continue
        targets = (note.get("target") or "").split()
        inside = any(a.get(XML_ID) == claim_id for a in note.iterancestors(f"{TEI}seg"))
        if f"#{claim_id}" in targets or inside:
            return " ".join("".join(note.itertext()).split())
    return ""


def test_every_contradicted_claim_shows_its_note(site: Build, tei: etree._Element) -> None:
    contradicted = [s.get(XML_ID) for s in _segs(tei, "claim")
                    if s.get("subtype") == "contradicted"]
    assert contradicted
    for claim_id in contradicted:
        cid, _, k = claim_id.rpartition("-c")
        note = _editorial_note(tei, claim_id) or C.by_id(C.load(), cid).claims[int(k) - 1].note
        assert note, claim_id
        li = _page(site, "cases", cid).xpath(f"//li[@id='{claim_id}']")[0]
        assert "claim-contradicted" in li.get("class")
        assert "✗" in li.text_content()
        assert note in " ".join(li.text_content().split()), claim_id


def test_case_page_chart_is_the_books(site: Build) -> None:
    # 「如午建壬戌日占財，得困之坎 … 亥化長生」 (p089): 困 is the 一世 of the 兌 palace, 世 on
    # the first line and 應 on the fourth; its fourth line 亥 moves and becomes 申 (長生 of 水).
    page = _page(site, "cases", "p089-case1")
    rows = page.xpath("//table[contains(@class,'chart')]/tbody/tr")
    assert len(rows) == 6
    cells = {int(r.xpath("./td[1]")[0].text_content()): r for r in rows}
    assert cells[1].xpath("./td[@class='who']")[0].text_content() == "世"
    assert cells[4].xpath("./td[@class='who']")[0].text_content() == "應"
    assert "亥" in cells[4].xpath("./td[@class='line']")[0].text_content()
    assert "申" in cells[4].xpath("./td[@class='chg']")[0].text_content()
    assert all(not cells[n].xpath("./td[@class='chg']")[0].text_content() for n in (1, 2, 3, 5, 6))
    assert "「如午建壬戌日占財" in page.text_content()
    # the inputs a runnable example will give compute, as the text states them
    inputs = json.loads(page.xpath("//article/@data-inputs")[0])
    assert inputs == {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"}
    back = page.xpath("//blockquote//a/@href")[0]
    path, anchor = _target(site.out / "cases" / "p089-case1", back)
    assert anchor == "p089-case1" and f'id="{anchor}"' in path.read_text(encoding="utf-8")


def test_chapter_pages_link_to_their_cases(site: Build, tei: etree._Element) -> None:
    by_para: dict[str, list[str]] = {}
    for s in _segs(tei, "case"):
        p = next(s.iterancestors(f"{TEI}p"))
        by_para.setdefault(p.get(XML_ID), []).append(s.get(XML_ID))
    pages: dict[str, lxml_html.HtmlElement] = {}
    for pid, cids in by_para.items():
        div = next(d for d in ("lifa", "shilei", "front", "back")
                   if any(f'id="{pid}"' in p.read_text(encoding="utf-8")
                          for p in (site.out / d).glob("*/index.html")))
        page_path = next(p for p in (site.out / div).glob("*/index.html")
                         if f'id="{pid}"' in p.read_text(encoding="utf-8"))
        page = pages.setdefault(str(page_path), lxml_html.parse(str(page_path)).getroot())
        section = page.xpath(f"//section[contains(@class,'passage')][.//p[@id='{pid}']]")[0]
        links = section.xpath(".//ul[@class='actions']//a")
        got = {a.text_content(): _target(page_path.parent, a.get("href"))[0] for a in links}
        for cid in cids:
            label = f"예제: {_case_title(tei, cid)}"  # its Korean title, never the bare id
            assert got.get(label) == site.out / "cases" / cid / "index.html", (pid, cid)


def _case_title(tei: etree._Element, cid: str) -> str:
    """The case's Korean title in its TEI record (``f name="title_ko"``)."""
    fs = next(f for f in tei.iter(f"{TEI}fs") if f.get("corresp") == f"#{cid}")
    return "".join(fs.xpath("t:f[@name='title_ko']/t:string/text()",
                            namespaces={"t": TEI[1:-1]}))


def test_claims_are_marked_in_the_text(site: Build, tei: etree._Element) -> None:
    claims = _segs(tei, "claim")
    for seg in (s for s in claims if s.get("subtype") != "confirmed"):
        claim_id = seg.get(XML_ID)
        page = _chapter_of(site, claim_id)
        span = page.xpath(f"//*[@id='{claim_id}']")[0]
        assert f"seg-{seg.get('subtype')}" in span.get("class").split()
        mark = span.xpath("(./span[@class='glue']|.)/span[contains(@class,'claim-ref')]"
                          "/a[@class='claim-mark']/@href")
        assert mark and mark[0].endswith(f"cases/{claim_id.rpartition('-c')[0]}/#{claim_id}")


def test_rule_sentences_link_to_their_rules(site: Build, tei: etree._Element) -> None:
    page = _chapter_of(site, "p042-s1")
    for sid in ("p042-s1", "p087-s1", "p089-s1", "p095-s2"):
        seg = next(s for s in _segs(tei, "sentence") if s.get(XML_ID) == sid)
        rules = [a.lstrip("#") for a in seg.get("ana").split()]
        page = _chapter_of(site, sid)
        span = page.xpath(f"//*[@id='{sid}']")[0]
        own = "(./span[@class='glue']|.)"
        hrefs = span.xpath(f"{own}/a[@class='rule-link']/@href | "
                           f"{own}/span[@class='rule-ref']//a/@href")
        assert [h.rpartition("#")[2] for h in hrefs] == rules, sid


def test_notes_on_cases_and_claims_are_under_their_passage(
    site: Build, tei: etree._Element
) -> None:
    notes = [n for n in tei.iter(f"{TEI}note")
             if n.get("type") == "editorial" and n.get("target")]
    checked = 0
    for note in notes:
        target = note.get("target").split()[0].lstrip("#")
        if "-case" not in target:
            continue
        text = " ".join("".join(note.itertext()).split())
        page = _chapter_of(site, target)
        pid = target.split("-")[0]
        aside = page.xpath(f"//section[contains(@class,'passage')][.//p[@id='{pid}']]//aside")
        assert aside and text in " ".join(aside[0].text_content().split()), target
        checked += 1
    assert checked >= 6  # at least the contradicted claims


def test_computed_cases_are_kept_between_builds(tmp_path: Path) -> None:
    from yimao.web.cases import ComputeCache

    case = C.by_id(C.load(), "p089-case1")
    first = ComputeCache(tmp_path / "cases.pickle")
    computed = first.get(case)
    assert first.dirty
    first.save()
    again = ComputeCache(tmp_path / "cases.pickle")
    assert again.entries and not again.dirty
    assert again.get(case) == computed and not again.dirty
    assert [v.status for v in computed[2]] == [cl.expect for cl in case.claims]
    # a cache written by other code (another digest) is not used
    (tmp_path / "cases.pickle").write_bytes(pickle.dumps(("other code", first.entries)))
    assert ComputeCache(tmp_path / "cases.pickle").entries == {}
