"""Everything a reader sees on the site is Korean (Chinese terms in their characters): no
Latin-script word in the text of any built page, nor in its tooltips and screen-reader labels
(``title``, ``aria-label``, ``alt``), outside code, identifiers and addresses (issue 11).

What is not reader text: ``<code>``/``<pre>``/``<kbd>``/``<samp>`` (code and its ids: rule ids,
function names, commands), ``<script>``/``<style>``/``<head>``, the printed address of a
citation (``.cite-url``), what is marked English on purpose (``lang="en"``: the English
citation offered beside the Korean one in the 인용 box, labelled 영어), and the edition's
own identifiers where the text names them (``p089``,
``p089-case1``, ``p027-s1``; a chapter ``shilei-14`` or a 筮類 question ``shilei-14-q5``), which
are the stable ids of tei/README.md and editorial/questions.toml.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import html as lxml_html
from sitebuild import Build

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
URL = re.compile(r"(?:https?:)?//\S+")  # an address printed in a citation
EDITION_ID = re.compile(r"p\d{3}(?:-[a-z]+\d*)*|(?:front|lifa|shilei|back)-[a-z0-9]+(?:-q\d+)?")
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


def test_latin_words_are_found() -> None:
    """The scan can fail: English text is caught, code and ids are not."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        page = Path(d) / "index.html"
        page.write_text(
            "<html><head><title>x</title></head><body><p>계산 line: 死 (text: 死) "
            "<a href='#h' title='Link to this heading'>¶</a><img alt='이미지' src='x.png'>"
            "<code>najia-gan</code> p089-case1 shilei-14-q5 TEI <span lang='en'>by</span> "
            "「易冒 立法 4.2」, http://127.0.0.1:8000/p/p043/</p>"
            "<!-- note --></body></html>",
            encoding="utf-8")
        assert latin_words(page) == ["line", "text", "Link", "to", "this", "heading"]


def test_no_english_on_reader_pages(site: Build) -> None:
    pages = [p for p in site.out.rglob("*.html")
             if not {"_static", "_py", "_sources"} & set(p.relative_to(site.out).parts)]
    assert len(pages) > 800
    found = {}
    for page in pages:
        words = latin_words(page)
        if words:
            found[str(page.relative_to(site.out))] = sorted(set(words))[:8]
    assert not found, f"{len(found)} page(s) with English text, e.g. {list(found.items())[:5]}"
