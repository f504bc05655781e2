"""Citing the edition (yimao/web/cite.py): the 인용 box in Korean and English, the exports
cite/pNNN.bib, .json (CSL-JSON) and .ris, and the Highwire citation_* meta tags.

What a citation must name is read here from the TEI header with XPath (not through the
model the site uses), and the exports are parsed by small readers written for the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import test_site_browser as shared
from lxml import etree, html
from sitebuild import FIXTURES, Build, copy_sources, sphinx

from yimao.model.edition import Edition, load_edition

base_url, page = shared.base_url, shared.page  # the browser tests' fixtures
BASE = "http://127.0.0.1:8000"  # conf.py's default yimao_baseurl
NS = {"t": "http://www.tei-c.org/ns/1.0"}
CSL_TYPES = {"article", "book", "chapter", "dataset", "document", "entry", "manuscript",
             "webpage"}  # the CSL 1.0.2 types a passage could be given (subset)


@pytest.fixture(scope="module")
def edition(site: Build) -> Edition:
    assert site.tei is not None
    return load_edition(site.tei)


@pytest.fixture(scope="module")
def header(site: Build) -> dict[str, str]:
    """The header's names read with XPath from the TEI file."""
    assert site.tei is not None
    tree = etree.parse(str(site.tei))

    def one(path: str) -> str:
        found = tree.xpath(path, namespaces=NS)
        assert found, path
        return str(found[0]).strip()

    ts = "/t:TEI/t:teiHeader/t:fileDesc/t:titleStmt"
    return {
        "author": one(f"{ts}/t:author/t:persName/text()"),
        "editor": one(f"{ts}/t:editor/t:persName/text()"),
        "editors": one(f"{ts}/t:respStmt[contains(t:resp, '편집')]/t:name/text()"),
        "translators": one(f"{ts}/t:respStmt[contains(t:resp, '번역')]/t:name/text()"),
        "subtitle": one(f"{ts}/t:title[@type='sub']/text()"),
        "version": one("//t:editionStmt/t:edition/@n"),
        "date": one("//t:editionStmt/t:edition/t:date/@when"),
    }


def read_bibtex(text: str) -> tuple[str, str, dict[str, str]]:
    """``(type, key, fields)`` of one BibTeX entry, field values without their outer braces;
    fails on unbalanced braces."""
    m = re.fullmatch(r"@(\w+)\{([^,\s]+),\n(.*)\}\n", text, re.S)
    assert m, text
    fields: dict[str, str] = {}
    body = m.group(3)
    i = 0
    while i < len(body):
        f = re.compile(r"\s*(\w+) = \{").match(body, i)
        if not f:
            assert not body[i:].strip(), body[i:]
            break
        depth, j = 1, f.end()
        while depth:
            assert j < len(body), "unbalanced braces"
            depth += {"{": 1, "}": -1}.get(body[j], 0)
            j += 1
        fields[f.group(1)] = body[f.end():j - 1]
        assert body[j] == ",", body[j:]
        i = j + 1
    return m.group(1), m.group(2), fields


def read_ris(text: str) -> list[tuple[str, str]]:
    lines = text.splitlines()
    assert lines[0] == "TY  - CHAP" and lines[-1].rstrip() == "ER  -"
    out = []
    for line in lines:
        m = re.fullmatch(r"([A-Z][A-Z0-9])  - ?(.*)", line)
        assert m, line
        out.append((m.group(1), m.group(2)))
    return out


def test_every_passage_has_its_three_exports(site: Build, edition: Edition,
                                             header: dict[str, str]) -> None:
    pids = [p.id for d in edition.divisions for p in d.passages]
    files = sorted((site.out / "cite").iterdir())
    assert len(files) == 3 * len(pids)
    size = sum(f.stat().st_size for f in files)
    print(f"cite/: {len(files)} files, {size / 1e6:.2f} MB")
    chapter = {p.id: d.title_zh for d in edition.divisions if d.n is not None for p in d.passages}
    for pid in pids:
        ref = titled(edition.ref(pid), chapter.get(pid, ""))
        url = f"{BASE}/p/{pid}/"
        kind, key, fields = read_bibtex((site.out / "cite" / f"{pid}.bib").read_text("utf-8"))
        assert (kind, key) == ("incollection", f"yimao-{pid}")
        assert fields["url"] == url and fields["title"] == "{" + ref + "}"
        assert header["author"] in fields["author"]
        assert header["editor"] in fields["editor"] and header["editors"] in fields["editor"]
        # the source names no translator: no placeholder person, the provenance in the note
        assert header["translators"] == "이름 미상" and "translator" not in fields
        assert "translator not named" in fields["note"]
        assert fields["edition"] == header["version"] and fields["date"] == header["date"]
        csl = json.loads((site.out / "cite" / f"{pid}.json").read_text("utf-8"))
        assert isinstance(csl, list) and len(csl) == 1
        item = csl[0]
        assert item["id"] == f"yimao-{pid}" and item["type"] in CSL_TYPES
        assert item["title"] == ref and item["URL"] == url
        assert item["author"] == [{"literal": header["author"]}]
        assert "translator" not in item and "translator not named" in item["note"]
        assert item["issued"]["date-parts"][0] == [int(x) for x in header["date"].split("-")]
        assert all(isinstance(n, int) for n in item["original-date"]["date-parts"][0])
        tags = dict(read_ris((site.out / "cite" / f"{pid}.ris").read_text("utf-8")))
        assert tags["TI"] == ref and tags["UR"] == url and tags["AU"] == header["author"]



def titled(ref: str, chapter: str) -> str:
    """易冒 立法 4.2 → 易冒 立法 4 納甲章 4.2 (written here again, not imported: the test's
    own reading of the citation form)."""
    if not chapter:
        return ref
    head, _, number = ref.rpartition(" ")
    return f"{head} {number.split('.')[0]} {chapter} {number}"


def _meta(path: Path) -> dict[str, list[str]]:
    doc = html.fromstring(path.read_bytes())
    out: dict[str, list[str]] = {}
    for m in doc.xpath("//head/meta[starts-with(@name, 'citation_')]"):
        out.setdefault(m.get("name"), []).append(m.get("content"))
    return out


REQUIRED = ("citation_title", "citation_author", "citation_publication_date",
            "citation_public_url")


def test_chapter_and_passage_pages_carry_highwire_meta(site: Build, edition: Edition,
                                                       header: dict[str, str]) -> None:
    for div in edition.divisions:
        name = div.id.replace("-", "/", 1)
        meta = _meta(site.out / name / "index.html")
        assert all(k in meta for k in REQUIRED), (name, meta)
        assert meta["citation_public_url"] == [f"{BASE}/{name}/"]
        assert meta["citation_author"] == [header["author"]]
        assert meta["citation_publication_date"] == [header["date"].replace("-", "/")]
        assert edition.ref(div.id) in meta["citation_title"][0]
        for p in div.passages:
            meta = _meta(site.out / "p" / p.id / "index.html")
            assert meta["citation_title"] == [titled(edition.ref(p.id),
                                                     div.title_zh if div.n else "")]
            assert meta["citation_public_url"] == [f"{BASE}/p/{p.id}/"]


def test_chapter_pages_carry_schema_org(site: Build, header: dict[str, str]) -> None:
    doc = html.fromstring((site.out / "lifa" / "04" / "index.html").read_bytes())
    scripts = doc.xpath("//head/script[@type='application/ld+json']/text()")
    assert len(scripts) == 1
    data = json.loads(scripts[0])
    assert data["@context"] == "https://schema.org" and data["@type"] == "Chapter"
    assert data["url"] == f"{BASE}/lifa/04/" and "立法 4" in data["name"]
    assert data["author"]["name"] == header["author"]
    book = data["isPartOf"]
    assert book["@type"] == "Book" and book["bookEdition"] == header["version"]
    assert "translator" not in book  # no placeholder person for the unnamed translator


def test_cite_box_names_everyone_without_javascript(site: Build, header: dict[str, str]) -> None:
    doc = html.fromstring((site.out / "front" / "title" / "index.html").read_bytes())
    entries = doc.xpath("//details[@class='cite']//div[@class='cite-entry']")
    refs = [e.xpath(".//span[@class='cite-ref']")[0].text_content() for e in entries]
    assert refs == ["「易冒 題 1」", "「易冒 題 2」"]  # p002 has its own citation
    doc = html.fromstring((site.out / "lifa" / "04" / "index.html").read_bytes())
    box = doc.xpath("//section[.//p[@id='p043']]//details[@class='cite']")[0]
    ko = box.xpath(".//p[contains(@class, 'cite-ko')]")[0].text_content()
    en = box.xpath(".//p[contains(@class, 'cite-en')]/span[@class='cite-body']")[0].text_content()
    for text in (ko, en):
        for value in (header["author"], header["editor"], header["version"], header["date"],
                      "易冒 立法 4 納甲章 4.2", f"{BASE}/p/p043/"):
            assert value in text, (value, text)
    assert header["editors"] in ko and "역자 이름 미상" in ko and "제공자" not in ko
    # the English citation is English: names romanised beside their characters, no Korean
    assert "Cheng Liangyu 程良玉" in en and "Hu Jie 胡介" in en and "Yimao 易冒" in en
    assert "edited by" in en and "translator not named" in en
    assert "Lifa (the method), chapter 4 納甲章, paragraph 2" in en
    assert not re.search("[\uac00-\ud7a3]", en), en
    bib = box.xpath(".//pre[@class='cite-bib']")[0].text_content()
    assert bib == (site.out / "cite" / "p043.bib").read_text("utf-8")
    links = box.xpath(".//p[@class='cite-files']/a/@href")
    assert links == [f"../../cite/p043.{ext}" for ext in ("bib", "json", "ris")]


@pytest.mark.slow  # a Sphinx build of its own
def test_base_url_is_configured(tmp_path: Path) -> None:
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", FIXTURES / "mini.xml",
                   extra=["-D", "yimao_baseurl=https://example.org/yimao/"])
    assert build.returncode == 0, build.stderr
    bib = (build.out / "cite" / "p043.bib").read_text("utf-8")
    assert read_bibtex(bib)[2]["url"] == "https://example.org/yimao/p/p043/"
    meta = _meta(build.out / "lifa" / "04" / "index.html")
    assert meta["citation_public_url"] == ["https://example.org/yimao/lifa/04/"]


@shared.pytestmark
def test_bibtex_is_copied_from_the_box(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    pg = context.new_page()
    pg.goto(f"{base_url}/lifa/04/")
    box = pg.locator(".passage:has(#p043) details.cite")
    box.locator("summary").click()
    button = box.locator("button.copy[data-copy='.cite-bib']")
    assert button.inner_text() == "BibTeX 복사"
    button.click()
    expect(button).to_have_text("복사됨")
    copied = pg.evaluate("navigator.clipboard.readText()")
    assert read_bibtex(copied.strip() + "\n")[1] == "yimao-p043"
    box.locator("button.copy[data-copy='.cite-ko .cite-body']").click()
    assert "程良玉" in pg.evaluate("navigator.clipboard.readText()")
    context.close()
