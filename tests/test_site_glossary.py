"""The glossary (용어집, issue 24): editorial/glossary.tsv compiled into the TEI (one entry per
term, ids ``gl-`` + the term's characters, published and never changed), the page /glossary/
listing every entry in 가나다 order with an index by initial consonant, and the term pop-ups:
terms marked at build time in the translation and the edition's own Korean (once per passage
or rule, never in links, headings or code), and in Run results by yimao-gloss.js; a pop-up
opens with Enter or a click and closes with Escape or a click elsewhere, at 1280 and 390 px,
without moving the text."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
import test_site_browser as shared
from lxml import html as lxml_html
from sitebuild import Build
from test_site_runner import run

from yimao.model.edition import load_edition
from yimao.model.glossary import glossary_of, initial
from yimao.web.glossary import Marker, mark

base_url = shared.base_url  # the browser tests' server of the built site
ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "editorial" / "glossary.tsv"
REGISTRY = ROOT / "tei" / "published-ids.txt"
BARE_ID = re.compile(r"\bp\d{3}(?:-(?:s|n|ko)\d*)?\b")


def tsv() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


# ------------------------------------------------------------------ the TEI


def test_every_term_is_an_entry_of_the_tei() -> None:
    g = glossary_of(load_edition())
    rows = tsv()
    assert len(g) == len(rows) >= 300
    by_id = {e.id: e for e in g.entries}
    for r in rows:
        e = by_id[f"gl-{r['hanja']}"]
        assert (e.ko, e.hanja) == (r["ko"], r["hanja"])
        assert e.variants == tuple(v for v in r["variants"].split("|") if v)
        assert e.with_hanja == (r["with_hanja"] == "yes")
        assert e.note == r["note"]
        by = r["defined_by"]
        assert e.defined_by == ("" if not by else by if by.startswith("p") and by[1].isdigit()
                                else f"r-{by}")


def test_entry_ids_are_the_terms_characters_and_published() -> None:
    """The ids written out here by hand are published: they may never change."""
    g = glossary_of(load_edition())
    for gid, ko in [("gl-六親", "육친"), ("gl-旬空", "순공"), ("gl-之卦", "변괘"),
                    ("gl-隨官入墓", "수관입묘"), ("gl-考秩", "근무 평정"), ("gl-卦", "괘")]:
        assert g.term(gid).ko == ko
    published = set(REGISTRY.read_text(encoding="utf-8").split())
    assert {e.id for e in g.entries} | {"glossary"} <= published


def test_entries_are_in_ganada_order() -> None:
    words = [e.ko for e in glossary_of(load_edition()).entries]
    assert words == sorted(words)
    assert initial("까치") == "ㄱ" and initial("순공") == "ㅅ" and initial("월파") == "ㅇ"


# ------------------------------------------------------------------ marking


MARKER = Marker([("gl-旬空", "순공", "旬空"), ("gl-月破", "월파", "月破"),
                 ("gl-世應", "세응", "世應"), ("gl-世爻", "세효", "世爻")])


def test_marking_keeps_out_of_links_headings_code_and_chinese() -> None:
    html = ('<h3 class="ko">순공</h3><div class="ko" lang="ko"><p>순공(旬空)과 '
            '<a href="#x">월파</a>, <code>월파</code> <span lang="zh-Hant">月破</span> '
            '<span class="why">세효</span> 월파를 본다. 월파</p></div><p>세응</p>')
    out, n = mark(html, MARKER, "../glossary/")
    marked = re.findall(r'<a class="gl" href="../glossary/#(gl-[^"]+)" data-gl="\1">([^<]+)</a>',
                        out)
    assert marked == [("gl-旬空", "순공(旬空)"), ("gl-月破", "월파")] and n == 2
    assert re.sub(r'<a class="gl"[^>]*>([^<]+)</a>', r"\1", out) == html


def test_marking_is_once_per_passage_and_longest_first() -> None:
    html = ('<div class="ko"><p>세효와 세응, 세효</p></div><div class="ko"><p>세효</p></div>'
            '<p class="rule-statement">순공 &amp; 순공</p>')
    out, n = mark(html, MARKER, "/glossary/")
    assert n == 4
    assert out.count('data-gl="gl-世爻"') == 2 and out.count('data-gl="gl-旬空"') == 1
    assert "&amp;" in out


# ------------------------------------------------------------------ the built site


def _page(site: Build, path: str) -> Any:
    return lxml_html.parse(str(site.out / path / "index.html")).getroot()


def test_the_page_lists_every_entry(site: Build) -> None:
    g = glossary_of(load_edition())
    page = _page(site, "glossary")
    dts = page.xpath("//dl[@class='gl-list']/dt")
    assert [dt.get("id") for dt in dts] == [e.id for e in g.entries]
    for dt, e in zip(dts, g.entries, strict=True):
        assert dt.text_content().split()[0] == e.ko.split()[0]
        assert e.hanja in dt.text_content()
    index = [a.get("href") for a in page.xpath("//nav[@class='gl-index']/a")]
    groups = [s.get("id") for s in page.xpath("//section[@class='gl-group']")]
    assert index == [f"#{i}" for i in groups] and len(groups) >= 12
    text = page.xpath("string(//div[@class='glossary'])")
    assert not BARE_ID.search(text)  # passages cited as 立法 x.y.z, ids in the links only
    xunkong = page.get_element_by_id("gl-旬空").getnext()
    cites = [(a.text_content(), a.get("href")) for a in xunkong.xpath(".//a[@lang]")]
    assert cites and all(re.fullmatch(r"「(立法|筮類) \d+\.\d+\.\d+」", c) for c, _ in cites)
    assert all(re.fullmatch(r"\.\./(lifa|shilei)/\d\d/#p\d{3}-[sn]\d+", h) for _, h in cites)
    nav = _page(site, "lifa/04").xpath("//nav[@class='site-nav']/a[text()='용어집']")
    assert [a.get("href") for a in nav] == ["../../glossary/"]


def test_terms_are_marked_once_per_passage(site: Build) -> None:
    page = _page(site, "lifa/13")
    marks = page.xpath("//a[@class='gl']")
    assert len(marks) >= 10
    assert [a.get("data-gl") for a in page.xpath("//p[@id='p104-ko']/a[@class='gl']")][:2] == [
        "gl-反吟", "gl-伏吟"]  # 「반음(反吟)」, 「복음(伏吟)」 in the translation
    for a in marks:
        assert not a.xpath("ancestor::a|ancestor::h1|ancestor::h2|ancestor::h3|ancestor::code")
        assert a.get("href") == f"../../glossary/#{a.get('data-gl')}"
    for ko in page.xpath("//div[contains(concat(' ', @class, ' '), ' ko ')]"):
        ids = [a.get("data-gl") for a in ko.xpath(".//a[@class='gl']")]
        assert len(ids) == len(set(ids))
    assert not page.xpath("//a[@data-gl='gl-原文']")  # the edition's own words are no terms
    rules = _page(site, "rules/lifa-39")
    assert rules.xpath("//p[@class='rule-statement']//a[@class='gl']")


def test_the_pop_ups_data_is_small_and_whole(site: Build) -> None:
    path = site.out / "glossary" / "terms.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {e.id for e in glossary_of(load_edition()).entries}
    assert data["gl-旬空"][:2] == ["순공", "旬空"] and data["gl-旬空"][2]
    assert path.stat().st_size < 80_000


# ------------------------------------------------------------------ in chromium


def _geometry(pg: Any, selector: str) -> Any:
    return pg.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        const d = document.documentElement;
        return [Math.round(r.top + scrollY), Math.round(r.left), d.scrollHeight,
                d.scrollWidth - d.clientWidth]; }""", selector)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_term_pops_up_and_closes(browser: Any, base_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844})
    pg = context.new_page()
    pg.goto(f"{base_url}/lifa/13/")
    term = pg.locator("#p104-ko a.gl").first
    gid = term.get_attribute("data-gl")
    sel = f"#p104-ko a.gl[data-gl='{gid}']"
    before = _geometry(pg, sel)
    term.focus()
    pg.keyboard.press("Enter")
    pop = pg.locator("#gl-pop")
    pop.wait_for(state="visible")
    assert pop.locator("b").inner_text()
    assert unquote(pop.locator("a").get_attribute("href")).endswith(f"/glossary/#{gid}")
    assert term.get_attribute("aria-expanded") == "true"
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert _geometry(pg, sel) == before  # the text did not move, no sideways scroll appeared
    assert before[3] <= 0
    pg.keyboard.press("Escape")
    pop.wait_for(state="hidden")
    assert pg.evaluate("document.activeElement.getAttribute('data-gl')") == gid
    term.click()
    pop.wait_for(state="visible")
    pg.mouse.click(5, 400)
    pop.wait_for(state="hidden")
    context.close()


def test_run_results_mark_their_terms(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.goto(f"{base_url}/cast/")
    run(pg, {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"}, timeout=120_000)
    pg.wait_for_selector(".run-result a.gl", timeout=10_000)
    ids = pg.eval_on_selector_all(".run-result a.gl", "as => as.map(a => a.dataset.gl)")
    assert len(ids) == len(set(ids)) >= 1
    pg.locator(".run-result a.gl").first.click()
    pg.locator("#gl-pop").wait_for(state="visible")
    context.close()


def test_the_glossary_s_marker_reads_particles_and_edition_words() -> None:
    """「괘의」 is 괘 and a particle unless written 괘의(卦義); the edition's own words (원문,
    예제 …) are not technical terms; homographs (괘기 卦忌/卦氣) need their characters."""
    from yimao.web.glossary import marker

    m = marker(glossary_of(load_edition()))
    found = [(t, g) for t, g, _ in m.find("괘의 뜻과 괘의(卦義), 원문의 용신, 괘기와 괘기(卦氣)")]
    assert found == [("괘의(卦義)", "gl-卦義"), ("용신", "gl-用神"), ("괘기(卦氣)", "gl-卦氣")]


def test_the_search_page_names_the_glossary_s_entries(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.goto(f"{base_url}/search/?q=월파를 旬空")
    pg.wait_for_selector(".gl-search a.gl", timeout=10_000)
    found = pg.eval_on_selector_all(".gl-search a.gl", "as => as.map(a => a.dataset.gl)")
    assert set(found) == {"gl-月破", "gl-旬空"}
    context.close()
