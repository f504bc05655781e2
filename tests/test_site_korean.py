"""Everything a reader sees on the site is Korean (Chinese terms in their characters): no
Latin-script word in the text of any built page, nor in its tooltips and screen-reader labels
(``title``, ``aria-label``, ``alt``), outside code, identifiers and addresses (issue 11).

What is not reader text: ``<code>``/``<pre>``/``<kbd>``/``<samp>`` (code and its ids: rule ids,
function names, commands), ``<script>``/``<style>``/``<head>``, the printed address of a
citation (``.cite-url``), what is marked English on purpose (``lang="en"``: the English
citation offered beside the Korean one in the 인용 box, labelled 영어), and a chapter's or a
筮類 question's id where the text names them (``shilei-14``, ``shilei-14-q5``, the stable ids of
editorial/questions.toml).

A passage is cited as a reader cites it (立法 4.2, 筮類 22.1, 自序 4; issue 24): its id
(``p089``, ``p089-case1``, ``p027-s1``) lives in addresses and data attributes only, never in
the text, not even as code (the BibTeX key of the 인용 box aside: a file format's field). The
same pages name no code module (``compute.book.najia``), date a case as the translation does
(寅月 甲子日 or 인월 갑자일, never 寅建/인건 in the edition's own words), and give the
reader instructions in 하십시오체 (:func:`plain_instructions`).
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import html as lxml_html
from sitebuild import Build

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
URL = re.compile(r"(?:https?:)?//\S+")  # an address printed in a citation
EDITION_ID = re.compile(r"(?:front|lifa|shilei|back)-[a-z0-9]+(?:-q\d+)?")
PASSAGE_ID = re.compile(r"(?<![\w/#.-])p\d{3}(?:-[a-z]+\d*)*(?![\w-])")
"""A paragraph, sentence, note or case id (p089, p027-s1, p089-case1): for addresses only."""
MODULE = re.compile(r"\b(?:compute|yimao)\.(?!xml\b)[a-z_]+")
"""A Python module's name (compute.book.najia, yimao.web): code, not reader text."""
BRANCH_KO, STEM_KO = "자축인묘진사오미신유술해", "갑을병정무기경신임계"
HANGUL_DATE = re.compile(f"[{BRANCH_KO}]건 ?[{STEM_KO}][{BRANCH_KO}]일")
"""A month written 인건 beside a day (인건 갑자일): the translation writes 인월 갑자일."""
NOT_TEXT = ("code", "pre", "kbd", "samp", "script", "style", "head", "template")
READ_ATTRIBUTES = ("title", "aria-label", "alt")
"""Attributes a reader sees (a tooltip) or hears (a screen reader): scanned like the text."""
ALLOWED = {
    "TEI": "the encoding standard of the edition's source file; it has no Korean name",
    "DTS": "the Distributed Text Services API name, used as a proper name",
    "BibTeX": "the citation file format offered beside a citation, a proper name",
    "CSL-JSON": "a citation file format offered for download, a proper name",
    "RIS": "a citation file format offered for download, a proper name",
    "Zotero": "a reference manager named on 범례 as the kind of program that reads the pages' "
              "citation tags (a proper name)",
    "API": "in 「DTS API」, the machine interface's name (linked from the footer)",
    "P5": "the version of TEI, part of the standard's name (TEI P5)",
    "JavaScript": "the browser feature's proper name, in Sphinx's own search page message",
    "Pyodide": "the name of the Python runtime the Run panels download (a proper name)",
    "UTC": "the time standard in the Run panel's time-zone field (+09:00 = UTC+9)",
    "lunar-python": "the calendar library compute uses, named where an editors' note on a "
                    "date says what it computes",
}


def latin_words(page: Path) -> list[str]:
    """The Latin-script words of a page's reader text (see the module docstring)."""
    doc = lxml_html.parse(str(page)).getroot()
    for el in doc.xpath("|".join(f"//{t}" for t in NOT_TEXT)
                        + "|//*[contains(@class,'cite-url')]|//*[@lang='en']"):
        if el.getparent() is not None:
            el.drop_tree()
    words = []
    for el in doc.iter():
        if not isinstance(el.tag, str):  # comments, processing instructions
            continue
        for text in (el.text, el.tail, *(el.get(a) for a in READ_ATTRIBUTES)):
            for w in LATIN_WORD.findall(URL.sub(" ", text or "")):
                w = w.rstrip("-")
                if w not in ALLOWED and not EDITION_ID.fullmatch(w):
                    words.append(w)
    return words


def _page(folder: Path, html: str) -> Path:
    """A page of *html* written to *folder* (for the tests that show a scan can fail)."""
    page = folder / "index.html"
    page.write_text(html, encoding="utf-8")
    return page


def test_latin_words_are_found(tmp_path: Path) -> None:
    """The scan can fail: English text is caught, code and ids are not."""
    page = _page(tmp_path,
                 "<html><head><title>x</title></head><body><p>계산 line: 死 (text: 死) "
                 "<a href='#h' title='Link to this heading'>¶</a><img alt='이미지' src='x.png'>"
                 "<code>najia-gan</code> p089-case1 shilei-14-q5 TEI <span lang='en'>by</span> "
                 "「易冒 立法 4.2」, http://127.0.0.1:8000/p/p043/</p>"
                 "<!-- note --></body></html>")
    assert latin_words(page) == ["line", "text", "Link", "to", "this", "heading", "p089-case1"]


def _reader_pages(site: Build) -> list[Path]:
    return [p for p in site.out.rglob("*.html")
            if not {"_static", "_py", "_sources"} & set(p.relative_to(site.out).parts)]


def test_no_english_on_reader_pages(site: Build) -> None:
    pages = _reader_pages(site)
    assert len(pages) > 800
    found = {}
    for page in pages:
        words = latin_words(page)
        if words:
            found[str(page.relative_to(site.out))] = sorted(set(words))[:8]
    assert not found, f"{len(found)} page(s) with English text, e.g. {list(found.items())[:5]}"


def reader_texts(page: Path) -> list[tuple[str, str]]:
    """(tag, text) of every text a reader sees or hears on *page*, code included (only what
    no reader sees is left out: scripts, styles, the head, a citation's address and its
    BibTeX record, what is marked English)."""
    doc = lxml_html.parse(str(page)).getroot()
    for el in doc.xpath("//script|//style|//head|//template|//*[contains(@class,'cite-url')]"
                        "|//*[contains(@class,'cite-bib')]|//*[@lang='en']"):
        if el.getparent() is not None:
            el.drop_tree()
    out = []
    for el in doc.iter():
        if not isinstance(el.tag, str):
            continue
        for text in (el.text, el.tail, *(el.get(a) for a in (*READ_ATTRIBUTES, "placeholder"))):
            if text and text.strip():
                out.append((el.tag, URL.sub(" ", text)))
    return out


INSTRUCTIONS = ("//*[contains(@class,'-help') or contains(@class,'-noscript')]"
                "|//label//small|//button|//*[@placeholder]")
"""Where the site tells a reader what to do: help paragraphs, a field's hint, a button."""


def plain_instructions(page: Path) -> list[str]:
    """The sentences of *page*'s instructions that end in 해라체 (…한다, …하라) where the
    site's instructions are in 하십시오체 (…합니다, …하십시오)."""
    doc = lxml_html.parse(str(page)).getroot()
    found = []
    for el in doc.xpath(INSTRUCTIONS):
        text = " ".join(" ".join(el.itertext()).split() + [el.get("placeholder") or ""])
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            sentence = sentence.strip().rstrip(").」").rstrip()
            if re.search(r"(?<!니)다[.!]?$|[가-힣]라[.!]?$", sentence):
                found.append(sentence[-50:])
    return found


def test_the_widened_scans_can_fail(tmp_path: Path) -> None:
    page = _page(tmp_path,
                 "<html><head><meta charset='utf-8'><title>p001</title></head><body>"
                 "<p>立法 4.2 <a href='/p/p043/' id='p043' data-p='p043-s1'>「立法 4.2」</a> "
                 "단락 p042–p047 <code>p089-case1</code> <code>compute.book.najia</code> 코드 "
                 "tei/yimao.xml 인건 갑자일 인월 갑자일</p>"
                 "<pre class='cite-bib'>@incollection{yimao-p043,</pre>"
                 "<p class='run-help'>값을 바꾸고 누르면 다시 뽑는다. 실행하십시오. 그렇습니다.</p>"
                 "<label>물은 사정 <small>(、로 잇는다)</small><input placeholder='예: 養病'>"
                 "</label><button>실행</button></body></html>")
    ids = [m for _, t in reader_texts(page) for m in PASSAGE_ID.findall(t)]
    assert ids == ["p042", "p047", "p089-case1"]
    assert [m for _, t in reader_texts(page) for m in MODULE.findall(t)] == ["compute.book"]
    assert [m for _, t in reader_texts(page) for m in HANGUL_DATE.findall(t)] == ["인건 갑자일"]
    assert plain_instructions(page) == ["값을 바꾸고 누르면 다시 뽑는다", "(、로 잇는다"]


def test_passages_are_cited_as_a_reader_cites_them(site: Build) -> None:
    """No bare passage id in what a reader sees, code included: the permanent link's page
    names 立法 4.2, a case page its title, a note 筮類 22.1."""
    found: dict[str, list[str]] = {}
    for page in _reader_pages(site):
        ids = [m for _, t in reader_texts(page) for m in PASSAGE_ID.findall(t)]
        if ids:
            found[str(page.relative_to(site.out))] = ids[:5]
    assert not found, f"{len(found)} page(s) with bare ids, e.g. {list(found.items())[:5]}"


def test_no_code_module_names_and_dates_as_the_translation_writes_them(site: Build) -> None:
    modules: dict[str, list[str]] = {}
    dates: dict[str, list[str]] = {}
    for page in _reader_pages(site):
        texts = [t for _, t in reader_texts(page)]
        if m := [w for t in texts for w in MODULE.findall(t)]:
            modules[str(page.relative_to(site.out))] = m[:5]
        if d := [w for t in texts for w in HANGUL_DATE.findall(t)]:
            dates[str(page.relative_to(site.out))] = d[:5]
    assert not modules, modules
    assert not dates, dates


def test_a_case_is_dated_as_the_translation_dates_it(site: Build) -> None:
    """The edition's own date of a case (its page's 날짜, the case list) writes the month
    寅月, as the translation does, where the record keeps the book's 寅建."""
    index = lxml_html.parse(str(site.out / "cases" / "index.html")).getroot()
    shown = [td.text_content() for td in index.xpath("//table[@class='cases-table']//td[3]")]
    assert len(shown) > 150 and not [d for d in shown if "建" in d]
    assert "午月 壬戌日" in shown
    page = lxml_html.parse(str(site.out / "cases" / "p089-case1" / "index.html")).getroot()
    date = page.xpath("//dl[@class='case-inputs']/dd[1]")[0].text_content()
    assert date.startswith("午月 壬戌日"), date


def test_instructions_are_in_hasipsio_style(site: Build) -> None:
    found: dict[str, list[str]] = {}
    for page in _reader_pages(site):
        if plain := plain_instructions(page):
            found[str(page.relative_to(site.out))] = sorted(set(plain))[:4]
    assert not found, f"{len(found)} page(s), e.g. {list(found.items())[:5]}"


NOTES = ("//*[contains(@class,'editorial') or contains(@class,'case-note')"
         " or contains(@class,'division-note') or contains(@class,'asking-why')]"
         "|//aside[@class='apparatus']//li")
"""The editors' notes on case and chapter pages (a chapter's apparatus too), where the
edition's own Korean cites."""


def unlinked_citations(page: Path) -> list[str]:
    """The references (立法 13.4, 筮類 22.1) an editors' note on *page* writes but does not
    link."""
    from yimao.web.citelinks import REF

    doc = lxml_html.parse(str(page)).getroot()
    found = []
    for note in doc.xpath(NOTES):
        for a in note.xpath(".//a"):
            a.drop_tree()
        found += REF.findall(note.text_content())
    return found


def test_a_note_links_what_it_cites(site: Build) -> None:
    """A reference the editors' notes write (立法 13.4 in a case note, 筮類 22.1 in a chapter's
    note) is a link to the passage (its id in the address only)."""
    pages = [*site.out.joinpath("cases").glob("*/index.html"),
             *site.out.joinpath("lifa").glob("*/index.html"),
             *site.out.joinpath("shilei").glob("*/index.html")]
    found = {str(p.relative_to(site.out)): u for p in pages if (u := unlinked_citations(p))}
    assert not found, found
    case = lxml_html.parse(str(site.out / "cases" / "p106-case1" / "index.html")).getroot()
    hrefs = {a.text_content(): a.get("href") for n in case.xpath(NOTES) for a in n.xpath(".//a")}
    assert hrefs.get("立法 13.4", "").endswith("lifa/13/#p107"), hrefs
    chapter = lxml_html.parse(str(site.out / "shilei" / "21" / "index.html")).getroot()
    hrefs = {a.text_content(): a.get("href")
             for a in chapter.xpath("//p[@class='division-note']//a")}
    assert hrefs.get("筮類 22.1") == "../22/#p519" and hrefs.get("自序 4", "").endswith(
        "front/zixu/#p021"), hrefs


def test_a_run_panel_names_its_question_by_its_words(site: Build) -> None:
    """A Run panel prefilled with a 筮類 question (a case's, a question's example) shows the
    book's words (筮其吉凶), not the id (shilei-14-q7), unless several chapters ask in those
    words (then the id tells them apart)."""
    from compute.book.questions import question
    from compute.errors import InputError

    def shared(qid: str) -> bool:
        try:
            question(question(qid).text)
        except InputError:
            return True
        return False

    shown = []
    for part in ("cases", "questions", "rules"):
        for page in site.out.joinpath(part).glob("*/index.html"):
            doc = lxml_html.parse(str(page)).getroot()
            shown += [v for v in doc.xpath("//input[@name='question']/@value") if v]
    assert len(shown) > 300
    ids = [v for v in shown if re.fullmatch(r"shilei-\d+-q\d+", v)]
    assert [v for v in ids if not shared(v)] == []
    assert "筮其吉凶" in shown and "養病" in shown
