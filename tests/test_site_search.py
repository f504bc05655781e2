"""The site's own passage search (yimao/web/search.py + site/_static/yimao-search.js).

The expected hits are computed here from the TEI with the edition model (plain substring
tests on each paragraph's text), never from the index the site writes; the browser must list
exactly those passages in ``#search-results``.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
import test_site_browser as shared
from sitebuild import Build

from yimao.model.edition import Edition, load_edition
from yimao.web.search import opencc_characters

base_url, page = shared.base_url, shared.page  # the browser tests' fixtures
browser_only = shared.pytestmark


@pytest.fixture(scope="module")
def edition(site: Build) -> Edition:
    assert site.tei is not None
    return load_edition(site.tei)


def expected(ed: Edition, *needles: str) -> set[str]:
    """Ids of the passages whose Chinese (either reading) or Korean contains every needle
    (the Korean shared by p001 and p002 counted once, for p001)."""
    out: set[str] = set()
    seen: set[str | None] = set()
    for div in ed.divisions:
        for p in div.passages:
            text = p.text("corrected") + "\n" + p.text("diplomatic")
            if p.ko is not None and p.ko_id not in seen:
                seen.add(p.ko_id)
                text += "\n" + " ".join(p.ko_text("corrected").split())
            if all(n in text for n in needles):
                out.add(p.id)
    return out


def _json(site: Build, name: str) -> Any:
    return json.loads((site.out / name).read_text(encoding="utf-8"))


def test_index_holds_every_passage_and_both_readings(site: Build, edition: Edition) -> None:
    m = _json(site, "search/manifest.json")
    ids = [p[0] for p in m["passages"]]
    assert ids == [p.id for d in edition.divisions for p in d.passages]
    records = [r for c in m["chapters"] for t in c["texts"] for r in _json(site, t)]
    assert [r["id"] for r in records] == ids
    lifa04 = next(c for c in m["chapters"] if c["id"] == "lifa-04")
    assert lifa04["url"] == "lifa/04/" and lifa04["part"] == "lifa"
    assert m["passages"][ids.index("p043")] == ["p043", "立法 4.2"]
    p043 = records[ids.index("p043")]
    corrected, diplomatic = p043["zh"][0][1:]
    assert "震巽納庚辛" in corrected and "丙丁納庚辛" in diplomatic
    assert p043["ko"][0] == "p043-ko" and "장남장녀" in p043["ko"][1]


def test_simplified_folds_only_into_the_editions_characters(site: Build) -> None:
    m = _json(site, "search/manifest.json")
    data = _json(site, m["fold"])
    records = [r for c in m["chapters"] for t in c["texts"] for r in _json(site, t)]
    table = opencc_characters()
    assert "動" in table["动"] and data["fold"]["动"] == "動"
    assert data["fold"]["应"] == "應"
    text = "".join(s[1] + s[2] for p in records for s in p["zh"])
    text += "".join(p["ko"][1] for p in records if p["ko"])
    for simplified, forms in data["fold"].items():
        assert simplified not in text and all(f in text for f in forms), simplified
    assert "干" in data["alt"] and "干" not in data["fold"]  # 干 is read as typed first


def test_sphinx_search_is_gone(site: Build) -> None:
    assert not (site.out / "searchindex.js").exists()
    assert not (site.out / "_static" / "searchtools.js").exists()
    html = (site.out / "search" / "index.html").read_text(encoding="utf-8")
    assert 'id="search-results"' in html and "yimao-search.js" in html
    assert "searchtools" not in html


def test_every_page_has_the_search_box(site: Build) -> None:
    pages = [f for f in site.out.rglob("*.html") if "p" != f.relative_to(site.out).parts[0]]
    assert len(pages) > 250  # every page but the permanent-link redirects
    form = re.compile(r'<form class="site-search" role="search" action="([^"]+)" method="get">'
                      r'.*?<input type="search" id="site-q" name="q"', re.S)
    for f in pages:
        m = form.search(f.read_text(encoding="utf-8"))
        assert m, f
        target = (f.parent / m.group(1)).resolve() / "index.html"
        assert target == (site.out / "search" / "index.html").resolve(), (f, m.group(1))


def _listed(pg) -> list[str]:  # type: ignore[no-untyped-def]
    """Every passage the page lists, "더 보기" pressed until none is left."""
    pg.wait_for_selector("#search-results[data-done-ms]")
    more = pg.locator("#search-results .search-more")
    while more.count() and more.is_visible():
        before = pg.locator("#search-results .search-hit").count()
        more.click()
        pg.wait_for_function(f"document.querySelectorAll('#search-results .search-hit').length"
                             f" > {before}")
    hrefs = pg.eval_on_selector_all("#search-results .search-hit .hit-ref",
                                    "els => els.map(a => a.getAttribute('href'))")
    return hrefs


def _passage_of(href: str) -> str:
    m = re.search(r"#(p\d{3})(?:-ko|-s\d+)?$", href)
    assert m, href
    return m.group(1)


QUERIES = [
    ("旬空", ("旬空",)),
    ("空", ("空",)),
    ("动", ("動",)),
    ("動", ("動",)),
    ("月破", ("月破",)),
    ("用神", ("用神",)),
    ("世应", ("世應",)),
    ("월파를", ("월파",)),
    ("월파", ("월파",)),
    ("순공", ("순공",)),
    ("용신이", ("용신",)),
    ("旬空 月破", ("旬空", "月破")),
    ("六爻安靜", ("六爻安靜",)),  # four characters: pairs' postings, checked on the text
]


@browser_only
@pytest.mark.parametrize(("query", "needles"), QUERIES)
def test_query_finds_every_passage_that_holds_it(page, base_url: str, edition: Edition,  # type: ignore[no-untyped-def]
                                                 query: str, needles: tuple[str, ...]) -> None:
    want = expected(edition, *needles)
    assert want, needles  # the edition holds each query
    page.goto(f"{base_url}/search/")
    got = page.evaluate("q => yimaoSearch.search(q)", query)
    assert len(got) == len(set(got))
    assert set(got) == want, (query, sorted(set(got) ^ want)[:10])
    order = [p.id for d in edition.divisions for p in d.passages]
    assert got == sorted(got, key=order.index)  # book order


@browser_only
@pytest.mark.parametrize(("query", "needles"), [QUERIES[0], QUERIES[5], QUERIES[7]])
def test_the_page_lists_them_by_chapter_with_more(page, base_url: str, edition: Edition,  # type: ignore[no-untyped-def]
                                                  query: str, needles: tuple[str, ...]) -> None:
    want = expected(edition, *needles)
    page.goto(f"{base_url}/search/?q={quote(query)}")
    got = [_passage_of(h) for h in _listed(page)]
    order = [p.id for d in edition.divisions for p in d.passages]
    assert got == sorted(want, key=order.index), query  # every one, once, in book order
    status = page.locator("#search-results .search-status").inner_text()
    assert f"{len(want)}단락" in status
    assert page.locator("#search-results mark").count() >= len(want)
    chapter = {p.id: d for d in edition.divisions for p in d.passages}
    groups = page.locator("#search-results .search-chapter")
    heads = [d.label + " " + d.title_zh for d in dict.fromkeys(chapter[p] for p in got)]
    assert groups.count() == len(heads)
    for i, head in enumerate(heads):
        h = groups.nth(i).locator(".chapter-head").inner_text()
        n = sum(1 for p in got if chapter[p].label + " " + chapter[p].title_zh == head)
        assert h.startswith(head) and f"{n}단락" in h, (h, head, n)


@browser_only
def test_filters_by_part_and_language(page, base_url: str, edition: Edition) -> None:  # type: ignore[no-untyped-def]
    want = expected(edition, "用神")
    part = {p.id: d.part for d in edition.divisions for p in d.passages}
    page.goto(f"{base_url}/search/?q={quote('用神')}&part=shilei")
    got = [_passage_of(h) for h in _listed(page)]
    assert set(got) == {p for p in want if part[p] == "shilei"} and got
    assert page.locator(".search-filter[aria-current][data-part=shilei]").count() == 1
    page.goto(f"{base_url}/search/?q={quote('旬空')}&lang=ko")
    ko = {p.id for d in edition.divisions for p in d.passages
          if p.ko is not None and "旬空" in p.ko_text("corrected")}
    got = [_passage_of(h) for h in _listed(page)]
    assert set(got) == ko
    assert all(h.endswith("-ko") for h in page.eval_on_selector_all(
        "#search-results .hit-text", "els => els.map(a => a.getAttribute('href'))"))


@browser_only
def test_chapter_titles_and_questions_are_found(page, base_url: str, edition: Edition) -> None:  # type: ignore[no-untyped-def]
    from yimao.model.examples import questions

    div = next(d for d in edition.divisions if d.title_zh == "旬空章")
    page.goto(f"{base_url}/search/?q={quote('旬空章')}")
    page.wait_for_selector("#search-results .search-status")
    titles = page.locator("#search-results .title-hit")
    assert titles.count() == 1 and titles.first.inner_text() == f"{div.label} 旬空章"
    q = questions(edition)[0]
    page.goto(f"{base_url}/search/?q={quote(q.text)}")
    page.wait_for_selector("#search-results .search-status")
    hrefs = page.eval_on_selector_all("#search-results .question-hit",
                                      "els => els.map(a => a.getAttribute('href'))")
    assert any(h.endswith(f"#{q.id}") for h in hrefs)


@browser_only
def test_an_overlong_query_gets_a_message_never_a_hang(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/search/")
    for query in ["空" * 40_000, " ".join(["空"] * 6000)]:  # refused before any work
        message = page.evaluate("q => yimaoSearch.query(q).then(() => '', e => e.message)", query)
        assert "넣으십시오" in message, query[:20]
    assert page.locator("#site-q").get_attribute("maxlength")
    for query in ["旬空" * 40, " ".join(["空"] * 40)]:  # by the address, as a link may give it
        page.goto(f"{base_url}/search/?q={quote(query)}")
        status = page.locator("#search-results .search-status")
        status.wait_for(timeout=5000)
        assert "넣으십시오" in status.inner_text()


@browser_only
def test_a_query_with_no_hit_says_so(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/search/?q={quote('없는말없는말')}")
    assert "찾은 단락이 없습니다" in page.locator("#search-results .search-status").inner_text()
    assert page.locator("#search-results .search-hit").count() == 0


@browser_only
def test_the_box_on_a_chapter_page_leads_to_the_passage(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/shilei/01/")
    page.fill("#site-q", "旬空")
    page.press("#site-q", "Enter")
    page.wait_for_url(re.compile(r"/search/\?q="))
    assert page.locator("#site-q").input_value() == "旬空"
    first = page.locator("#search-results .search-hit").first
    link = first.locator("a.hit-text").first
    assert link.locator("mark").first.inner_text() == "旬空"
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(href)
    anchor = href.split("#")[1]
    text = page.locator(f"[id='{anchor}']").inner_text()
    assert "旬空" in text


@browser_only
def test_a_cold_query_fetches_little_and_is_quick(browser, site: Build, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """A cold query for 用神 (fresh context: nothing cached) fetches a few of the index's
    files; their gzip -9 bytes are counted here, from the files on disk."""
    import gzip

    context = browser.new_context()
    pg = context.new_page()
    fetched: list[str] = []
    pg.on("request", lambda r: fetched.append(r.url) if "/search/" in r.url
          and r.url.endswith(".json") else None)
    pg.goto(f"{base_url}/search/?q={quote('用神')}")
    pg.wait_for_selector("#search-results .search-hit")
    cold = float(pg.locator("#search-results .search-status").get_attribute("data-ms"))
    names = sorted({u.split(base_url + "/", 1)[1] for u in fetched})
    size = sum(len(gzip.compress((site.out / n).read_bytes(), 9)) for n in names)
    everything = sum(len(gzip.compress(f.read_bytes(), 9))
                     for f in (site.out / "search").glob("*.json"))
    warm = pg.evaluate("""async () => { const times = [];
        for (const q of ['空', '旬空', '动', '월파를', '用神']) {
          const t = performance.now(); await yimaoSearch.query(q, 'all');
          times.push(performance.now() - t);
        }
        return Math.max(...times); }""")
    context.close()
    print(f"search 用神 cold: {len(names)} files, {size / 1e3:.1f} KB gzip (whole index "
          f"{everything / 1e3:.0f} KB), {cold:.0f} ms; warm (slowest of 5) {warm:.1f} ms")
    assert size <= 80_000 and size < everything / 5, names
    assert cold < 5000 and warm < 1000, (cold, warm)


@browser_only
def test_stem_strips_korean_particles_only(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/search/")
    stems = page.evaluate("""() => ['월파를', '월파가', '용신이', '순공에서', '국가', '旬空',
        '월파'].map(yimaoSearch.stem)""")
    assert stems == ["월파", "월파", "용신", "순공", "국가", "旬空", "월파"]


@browser_only
def test_the_browser_buckets_grams_as_the_build_does(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    from yimao.web.search import BUCKETS, gram_bucket

    grams = ["用", "用神", "월파", "旬空", "𠀀", "a"]
    page.goto(f"{base_url}/search/")
    got = page.evaluate(f"g => g.map(x => yimaoSearch.bucket(x, {BUCKETS}))", grams)
    assert got == [gram_bucket(g) for g in grams]
