"""The site's own passage search (yimao/site_search.py + site/_static/yimao-search.js).

The expected hits are computed here from the TEI with the edition model (plain substring
tests on each paragraph's text), never from the index the site writes; the browser must list
exactly those passages in ``#search-results``.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
import test_site_browser as shared
from sitebuild import Build

from yimao.edition import Edition, load_edition
from yimao.site_search import opencc_characters

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


def test_index_holds_every_passage_and_both_readings(site: Build, edition: Edition) -> None:
    data = json.loads((site.out / "search" / "passages.json").read_text(encoding="utf-8"))
    ids = [p["id"] for p in data["passages"]]
    assert ids == [p.id for d in edition.divisions for p in d.passages]
    p043 = next(p for p in data["passages"] if p["id"] == "p043")
    assert p043["url"] == "lifa/04/" and p043["ref"] == "立法 4.2"
    corrected, diplomatic = p043["zh"][0][1:]
    assert "震巽納庚辛" in corrected and "丙丁納庚辛" in diplomatic
    assert p043["ko"][0] == "p043-ko" and "장남장녀" in p043["ko"][1]


def test_simplified_folds_only_into_the_editions_characters(site: Build) -> None:
    data = json.loads((site.out / "search" / "passages.json").read_text(encoding="utf-8"))
    table = opencc_characters()
    assert "動" in table["动"] and data["fold"]["动"] == "動"
    assert data["fold"]["应"] == "應"
    text = "".join(s[1] + s[2] for p in data["passages"] for s in p["zh"])
    text += "".join(p["ko"][1] for p in data["passages"] if p["ko"])
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
    pg.wait_for_selector("#search-results .search-status")
    hrefs = pg.eval_on_selector_all("#search-results .search-hit .hit-ref",
                                    "els => els.map(a => a.getAttribute('href'))")
    return hrefs


def _passage_of(href: str) -> str:
    m = re.search(r"#(p\d{3})(?:-ko|-s\d+)?$", href)
    assert m, href
    return m.group(1)


@browser_only
@pytest.mark.parametrize(("query", "needles"), [
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
])
def test_query_lists_every_passage_that_holds_it(page, base_url: str, edition: Edition,  # type: ignore[no-untyped-def]
                                                 query: str, needles: tuple[str, ...]) -> None:
    want = expected(edition, *needles)
    assert want, needles  # the edition holds each query
    page.goto(f"{base_url}/search/?q={quote(query)}")
    hrefs = _listed(page)
    got = [_passage_of(h) for h in hrefs]
    assert len(got) == len(set(got))
    assert set(got) == want, (query, sorted(set(got) ^ want)[:10])
    status = page.locator("#search-results .search-status").inner_text()
    assert f"{len(want)}단락" in status
    marks = page.locator("#search-results mark")
    assert marks.count() >= len(want)


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
def test_results_rank_the_term_as_typed_first(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/search/?q={quote('월파를')}")
    hits = page.locator("#search-results .search-hit")
    assert hits.count() > 1
    assert "월파를" in hits.first.inner_text()


@browser_only
def test_query_time(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """Cold (fetch and parse the index, then search) and warm (search only) in chromium."""
    page.goto(f"{base_url}/search/?q={quote('空')}")
    page.wait_for_selector("#search-results .search-status")
    cold = float(page.locator("#search-results .search-status").get_attribute("data-ms"))
    warm = page.evaluate("""async () => { const d = await yimaoSearch.load();
        const times = [];
        for (const q of ['空', '旬空', '动', '월파를', '用神']) {
          const t = performance.now(); yimaoSearch.search(d, q); times.push(performance.now() - t);
        }
        return Math.max(...times); }""")
    print(f"search: cold {cold:.0f} ms, warm (slowest of 5) {warm:.1f} ms")
    assert cold < 5000 and warm < 250, (cold, warm)


def test_index_size(site: Build) -> None:
    import gzip

    raw = (site.out / "search" / "passages.json").read_bytes()
    print(f"search index: {len(raw) / 1e6:.2f} MB, {len(gzip.compress(raw)) / 1e3:.0f} KB gzip")
    assert len(raw) < 2_000_000


@browser_only
def test_stem_strips_korean_particles_only(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/search/")
    stems = page.evaluate("""() => ['월파를', '월파가', '용신이', '순공에서', '국가', '旬空',
        '월파'].map(yimaoSearch.stem)""")
    assert stems == ["월파", "월파", "용신", "순공", "국가", "旬空", "월파"]
