"""The reading site built from the TEI (``make site``): pages, anchors, readings, citations,
navigation, and a clear stop on a broken TEI.

Expected values come from the sources the site must agree with — the transcription (text/),
editorial/chapters.tsv and editorial/corrections.tsv — not from the site's own code.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from lxml import html as lxml_html
from sitebuild import FIXTURES, ROOT, Build, copy_sources, sphinx

from yimao.model.edition import load_edition, text_of
from yimao.tei import source

CHAPTERS_TSV = ROOT / "editorial" / "chapters.tsv"
CORRECTIONS_TSV = ROOT / "editorial" / "corrections.tsv"


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


CHAPTERS = _rows(CHAPTERS_TSV)


def page_path(out: Path, division_id: str) -> Path:
    part, _, rest = division_id.partition("-")
    return out / part / rest / "index.html"


@pytest.fixture(scope="session")
def pages(site: Build) -> dict[str, lxml_html.HtmlElement]:
    return {
        row["id"]: lxml_html.parse(str(page_path(site.out, row["id"]))).getroot()
        for row in CHAPTERS
    }


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def reading_text(el: lxml_html.HtmlElement, reading: str) -> str:
    """What a reader sees of a paragraph in one reading (hidden parts and links removed)."""
    el = lxml_html.fromstring(lxml_html.tostring(el, encoding="unicode"))
    hidden = ["why", "snum", "noteref", "tmark"]
    hidden.append("ed-edited" if reading == "diplomatic" else "ed-source")
    for name in hidden:
        for node in el.xpath(f".//*[{_has_class(name)}]"):
            node.drop_tree()
    return el.text_content()


def test_build_succeeds_with_warnings_as_errors(site: Build) -> None:
    assert site.returncode == 0
    assert site.stderr.strip() == ""


def test_a_page_per_division_at_clean_urls(site: Build) -> None:
    assert len(CHAPTERS) == 97
    for row in CHAPTERS:
        assert page_path(site.out, row["id"]).is_file(), row["id"]
    assert (site.out / "index.html").is_file()
    assert (site.out / "about" / "index.html").is_file()
    assert (site.out / "principles" / "index.html").is_file()


def test_home_lists_every_division_in_book_order(site: Build) -> None:
    home = lxml_html.parse(str(site.out / "index.html")).getroot()
    items = home.xpath("//nav[@class='contents']//li")
    assert [li.get("id") for li in items] == [row["id"] for row in CHAPTERS]
    parts = [h.text_content().split()[0] for h in home.xpath("//nav[@class='contents']//h3")]
    assert parts == ["卷首", "立法", "筮類", "附錄"]
    assert len(home.xpath("//section[contains(@class,'toc-lifa')]//li")) == 41
    assert len(home.xpath("//section[contains(@class,'toc-shilei')]//li")) == 50
    for li, row in zip(items, CHAPTERS, strict=True):
        title = li.xpath(".//span[@class='t-zh']")[0].text_content()
        expected = row["title_zh"]
        if row["title_status"] == "conjecture":
            expected = f"〔{expected}〕"
        assert title == expected, row["id"]
        part, _, rest = row["id"].partition("-")
        assert li.xpath(".//a/@href")[0] == f"{part}/{rest}/"


def test_every_paragraph_and_sentence_id_is_an_html_id(
    pages: dict[str, lxml_html.HtmlElement],
) -> None:
    src = source.load()
    expected = [p.id for p in src.chinese] + [p.id for p in src.korean]
    expected += [sid for p in src.chinese for sid in source.sentence_ids(p.id, p.text)]
    seen: list[str] = [i for page in pages.values() for i in page.xpath("//@id")]
    missing = sorted(set(expected) - set(seen))
    assert not missing, missing[:20]
    duplicated = sorted({i for i in seen if seen.count(i) > 1} & set(expected))
    assert not duplicated


def test_ids_are_unique_on_every_page(site: Build) -> None:
    for path in site.out.rglob("*.html"):
        ids = lxml_html.parse(str(path)).getroot().xpath("//@id")
        assert len(ids) == len(set(ids)), path


def test_paragraphs_carry_their_language(pages: dict[str, lxml_html.HtmlElement]) -> None:
    for page in pages.values():
        for p in page.xpath("//p[re:test(@id, '^p\\d{3}(-ko)?$')]",
                            namespaces={"re": "http://exslt.org/regular-expressions"}):
            lang = p.xpath("ancestor-or-self::*[@lang][1]/@lang")[0]
            assert lang == ("ko" if p.get("id").endswith("-ko") else "zh-Hant"), p.get("id")


def test_diplomatic_reading_is_the_transcription(pages: dict[str, lxml_html.HtmlElement]) -> None:
    src = source.load()
    by_id = {p.id: p.text for p in src.chinese + src.korean}
    found = 0
    for page in pages.values():
        for p in page.xpath("//p[@id]"):
            if p.get("id") in by_id:
                assert reading_text(p, "diplomatic") == by_id[p.get("id")], p.get("id")
                found += 1
    assert found == len(by_id)


def test_corrected_reading_is_the_editions(
    site: Build, pages: dict[str, lxml_html.HtmlElement]
) -> None:
    # the corrected reading as the edition model (yimao.model.edition, not the site) defines it
    ed = load_edition(site.tei)
    found = 0
    for page in pages.values():
        for p in page.xpath("//p[@id]"):
            if re.fullmatch(r"p\d{3}(-ko)?", p.get("id")):
                expected = text_of(ed.element(p.get("id")), "corrected")
                assert reading_text(p, "corrected") == expected, p.get("id")
                found += 1
    assert found == 694 + 693


def test_every_correction_is_marked_with_its_reason(
    pages: dict[str, lxml_html.HtmlElement],
) -> None:
    rows = [r for r in _rows(CORRECTIONS_TSV) if r["kind"] != "query"]
    assert rows
    paragraphs = {p.get("id"): p for page in pages.values() for p in page.xpath("//p[@id]")}
    for row in rows:
        cid = f"{row['para']}-c{row['offset']}"
        choice = paragraphs[row["para"]].xpath(f".//*[@id='{cid}']")
        assert choice, f"{cid} not marked"
        assert "choice" in choice[0].get("class").split()
        source_form = choice[0].xpath(f"./*[{_has_class('ed-source')}]")[0].text_content()
        edited = choice[0].xpath(f"./*[{_has_class('ed-edited')}]")[0].text_content()
        assert (source_form, edited) == (row["sic"], row["corr"]), cid
        why = choice[0].xpath(f"./*[{_has_class('why')}]")[0].text_content()
        assert row["reason"] in why, cid


def test_commentary_is_marked(pages: dict[str, lxml_html.HtmlElement]) -> None:
    src = source.load()
    page = pages["lifa-04"]
    p = page.xpath("//p[@id='p042']")[0]
    notes = p.xpath(f".//*[{_has_class('commentary')}]")
    text = {q.id: q.text for q in src.chinese}["p042"]
    opened = text.count("（")
    assert len(notes) == opened
    assert notes[0].text_content().startswith("（") and notes[0].text_content().endswith("）")


def test_citation_and_permalinks(pages: dict[str, lxml_html.HtmlElement]) -> None:
    page = pages["lifa-04"]
    section = page.xpath("//section[@class='passage'][.//p[@id='p043']]")[0]
    assert section.xpath(".//a[@class='pilcrow']/@href") == ["#p043"]
    assert "¶" in section.xpath(".//a[@class='pilcrow']")[0].text_content()
    cite = section.xpath(".//details[@class='cite']")[0]
    assert cite.xpath("./summary")[0].text_content() == "인용"
    assert "「易冒 立法 4 納甲章 4.2」" in cite.text_content()
    assert cite.xpath(".//*[@data-href='../../p/p043/']")
    snum = page.xpath("//*[@id='p043-s1']/a[@class='snum']/@href")
    assert snum == ["#p043-s1"]


def test_every_paragraph_has_a_permanent_link(site: Build) -> None:
    src = source.load()
    for p in src.chinese:
        page = site.out / "p" / p.id / "index.html"
        target = re.search(r'http-equiv="refresh" content="0; url=([^"#]+)#([^"]+)"',
                           page.read_text(encoding="utf-8"))
        assert target and target.group(2) == p.id, p.id
        landing = (page.parent / target.group(1) / "index.html").resolve()
        assert f'id="{p.id}"' in landing.read_text(encoding="utf-8"), p.id


def test_prose_pages_link_passages_by_role(site: Build) -> None:
    page = lxml_html.parse(str(site.out / "principles" / "index.html")).getroot()
    links = page.xpath("//a[.//span[@class='passage-ref']]")
    assert [(a.get("href"), a.text_content()) for a in links] == [
        ("../lifa/04/#p043", "「立法 4.2」")
    ]


def test_prev_next_follow_the_book(pages: dict[str, lxml_html.HtmlElement]) -> None:
    ids = [row["id"] for row in CHAPTERS]
    for i, did in enumerate(ids):
        page = pages[did]
        prev = page.xpath("//nav[contains(@class,'divnav-top')]/a[@rel='prev']/@href")
        nxt = page.xpath("//nav[contains(@class,'divnav-top')]/a[@rel='next']/@href")
        part, _, rest = did.partition("-")
        here = Path("/", part, rest)
        if i == 0:
            assert prev == []
        else:
            p_part, _, p_rest = ids[i - 1].partition("-")
            assert (here / prev[0]).resolve() == Path("/", p_part, p_rest), did
        if i == len(ids) - 1:
            assert nxt == []
        else:
            n_part, _, n_rest = ids[i + 1].partition("-")
            assert (here / nxt[0]).resolve() == Path("/", n_part, n_rest), did


def test_conjectural_titles_are_marked(pages: dict[str, lxml_html.HtmlElement]) -> None:
    for row in CHAPTERS:
        h1 = pages[row["id"]].xpath("//h1")[0]
        marked = "〔" in h1.text_content() and "편자 추정" in pages[row["id"]].text_content()
        assert marked == (row["title_status"] == "conjecture"), row["id"]


def test_no_external_requests(site: Build) -> None:
    pattern = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""")
    for path in site.out.rglob("*.html"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path
    css = (site.out / "_static" / "yimao.css").read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css


def test_unchanged_rebuild_reads_and_writes_nothing(site: Build) -> None:
    again = sphinx(site.src, site.out, site.tei, quiet=False)
    assert again.returncode == 0, again.stderr
    assert "0 added, 0 changed, 0 removed" in again.stdout
    assert "no targets are out of date" in again.stdout


@pytest.mark.slow  # a Sphinx build of its own
def test_other_extensions_add_passage_links(tmp_path: Path) -> None:
    (tmp_path / "run_links.py").write_text(
        "from yimao.web.pages import Action\n"
        "def actions(app, edition):\n"
        "    return {p.id: [Action('예제 실행', f'../../run/{p.id}/')]\n"
        "            for d in edition.divisions for p in d.passages if d.id == 'lifa-02'}\n"
        "def setup(app):\n"
        "    app.connect('yimao-passage-actions', actions)\n"
        "    return {'parallel_read_safe': True}\n",
        encoding="utf-8",
    )
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", FIXTURES / "mini.xml",
                   extra=["-D", "extensions=myst_parser,yimao.web.extension,run_links"],
                   pythonpath=tmp_path)
    assert build.returncode == 0, build.stderr
    page = lxml_html.parse(str(tmp_path / "html" / "lifa" / "02" / "index.html")).getroot()
    links = page.xpath("//section[.//p[@id='p034']]//ul[@class='actions']//a"
                       "[not(contains(@class,'worked-example'))]")
    assert [(a.text_content(), a.get("href")) for a in links] == [("예제 실행", "../../run/p034/")]
    other = lxml_html.parse(str(tmp_path / "html" / "lifa" / "04" / "index.html")).getroot()
    assert not other.xpath("//ul[@class='actions']//a[not(contains(@class,'worked-example'))]")


def _broken_copy(tmp_path: Path) -> tuple[Path, int]:
    text = (FIXTURES / "mini.xml").read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, s in enumerate(text, 1) if 'xml:id="p034"' in s)
    text[line - 1] = text[line - 1].replace("</seg>", "", 1)
    broken = tmp_path / "broken.xml"
    broken.write_text("".join(text), encoding="utf-8")
    return broken, line


@pytest.mark.slow  # a Sphinx build of its own
def test_fixture_builds(tmp_path: Path) -> None:
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", FIXTURES / "mini.xml")
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "html" / "lifa" / "02" / "index.html").is_file()


@pytest.mark.slow  # a Sphinx run
def test_malformed_tei_stops_with_one_clear_line(tmp_path: Path) -> None:
    broken, line = _broken_copy(tmp_path)
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", broken)
    assert build.returncode == 2
    lines = [s for s in build.stderr.splitlines() if s.strip()]
    assert len(lines) == 1, build.stderr
    assert f"{broken}:{line}: malformed XML" in lines[0]
    assert "Traceback" not in build.stderr + build.stdout


@pytest.mark.slow  # a Sphinx run
def test_missing_tei_stops_with_one_clear_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.xml"
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", missing)
    assert build.returncode == 2
    lines = [s for s in build.stderr.splitlines() if s.strip()]
    assert len(lines) == 1 and str(missing) in lines[0], build.stderr
    assert "Traceback" not in build.stderr
