"""Citing the edition: the 인용 box of each passage (Korean and English), the static exports
``cite/pNNN.bib`` (BibTeX), ``cite/pNNN.json`` (CSL-JSON) and ``cite/pNNN.ris`` (RIS), and the
Highwire ``citation_*`` meta tags that reference managers read on chapter and passage pages.

Everything comes from the edition model: the teiHeader (:attr:`yimao.model.edition.Edition.header`:
author, the book's editor, the digital edition's editors and translators as the TEI names
them, version and date) and the passage's canonical reference. URLs are absolute, from the
configured base URL (``yimao_baseurl`` in conf.py, environment ``YIMAO_BASEURL``); the permanent
URL of a passage is ``{base}/p/pNNN/``.

>>> from yimao.model.edition import Header, Responsibility as R
>>> h = Header("易冒", "역모(易冒): 디지털 판", R("程良玉", "著"), (R("胡介", "點定"),),
...            (R("편집진", "교감·편집주"), R("제공자", "원문 전사와 한국어 번역")), "0.1.0",
...            "2026-12-03", "편집진", "1664")
>>> c = citation(h, "易冒 立法 4.2", "p043", "http://example.org/")
>>> c.url
'http://example.org/p/p043/'
>>> c.ko.split(", ")[:4]
['程良玉 著', '胡介 點定', '「易冒 立法 4.2」', '『역모(易冒): 디지털 판』']
>>> c.ko.split(", ")[4:]
['편집진 편', '제공자 역', '0.1.0판(2026-12-03)', 'http://example.org/p/p043/']
>>> print(bibtex(c))  # doctest: +NORMALIZE_WHITESPACE
@incollection{yimao-p043,
  author = {{程良玉}},
  title = {{易冒 立法 4.2}},
  booktitle = {{易冒} (1664) --- {역모(易冒): 디지털 판}},
  editor = {{胡介} and {편집진}},
  translator = {{제공자}},
  publisher = {{편집진}},
  edition = {0.1.0},
  year = {2026},
  date = {2026-12-03},
  origdate = {1664},
  url = {http://example.org/p/p043/},
  note = {xml:id p043},
}
>>> csl_json(c)[0]["type"], csl_json(c)[0]["issued"]
('chapter', {'date-parts': [[2026, 12, 3]]})
>>> ris(c).splitlines()[:3]
['TY  - CHAP', 'AU  - 程良玉', 'TI  - 易冒 立法 4.2']
>>> dict(highwire(h, "易冒 立法 4", "http://example.org/lifa/04/"))["citation_publication_date"]
'2026/12/03'
>>> json.loads(schema_org(h, "立法 4", "u", c.editors, c.translators))["isPartOf"]["translator"]
[{'@type': 'Organization', 'name': '제공자'}]
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao import atomic
from yimao.model.edition import Edition, Header, Responsibility
from yimao.web.build_state import one_line, site
from yimao.web.pages import docname, permalink

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

CITE_DIR = "cite"
DEFAULT_BASEURL = "http://127.0.0.1:8000"
"""What ``make serve`` serves; conf.py's ``yimao_baseurl`` (or YIMAO_BASEURL) names the real
address of a published copy."""


@dataclass(frozen=True, slots=True)
class Citation:
    """One passage's citation: its id and canonical reference, its permanent URL, the
    header it is cited from, and the Korean and English texts."""

    pid: str
    ref: str
    url: str
    header: Header
    chapter: str = ""
    """The chapter's title (``納甲章``) for a paragraph of a numbered chapter, else empty."""

    @property
    def cited(self) -> str:
        """The reference with the chapter's title: ``易冒 立法 4 納甲章 4.1`` (the canonical
        ``易冒 立法 4.1`` names the chapter by its number only)."""
        return titled_ref(self.ref, self.chapter)

    @property
    def editors(self) -> tuple[Responsibility, ...]:
        """The digital edition's editors: the responsibilities whose words say 편집."""
        return tuple(r for r in self.header.responsibilities if "편집" in r.resp)

    @property
    def translation(self) -> tuple[Responsibility, ...]:
        """The responsibilities for the Korean translation (their words say 번역)."""
        return tuple(r for r in self.header.responsibilities if "번역" in r.resp)

    @property
    def translators(self) -> tuple[Responsibility, ...]:
        """The translators the TEI names: an unnamed one (``이름 미상``) is no person."""
        return tuple(r for r in self.translation if not unnamed(r))

    @property
    def translation_ko(self) -> str:
        """The translation's credit: its translators, or where it comes from when the source
        names nobody."""
        if self.translators:
            return ", ".join(f"{t.name} 역" for t in self.translators)
        if self.translation:
            return "한국어 번역은 원문 전사본에 딸려 전해진 것(역자 이름 미상)"
        return ""

    @property
    def translation_en(self) -> str:
        if self.translators:
            return "translated into Korean by " + " and ".join(t.name for t in self.translators)
        if self.translation:
            return ("Korean translation as transmitted with the transcription of the text "
                    "(translator not named)")
        return ""

    @property
    def ko(self) -> str:
        h = self.header
        parts = [f"{h.author.name} {h.author.resp}"]
        parts += [f"{e.name} {e.resp}" for e in h.editors]
        parts.append(f"「{self.cited}」")
        parts.append(f"『{h.subtitle or h.title}』")
        parts += [f"{e.name} 편" for e in self.editors]
        if self.translation_ko:
            parts.append(self.translation_ko)
        if h.version:
            parts.append(f"{h.version}판" + (f"({h.date})" if h.date else ""))
        parts.append(self.url)
        return ", ".join(parts)

    @property
    def en(self) -> str:
        """The citation in English: names romanised beside their characters, the book's title
        romanised, the edition described in English."""
        h = self.header
        book = f"Yimao {h.title}" + (f" ({h.source_date})" if h.source_date else "")
        out = f"{person_en(h.author)}. “{self.cited}”: {locator_en(self.ref, self.chapter)}."
        out += f" In {book}"
        edited = "; ".join(f"{person_en(e)}" for e in h.editors)
        out += f", punctuated and edited (dianding 點定) by {edited}. " if edited else ". "
        out += ("Yimao: the Classical Chinese text with a Korean translation, "
                "a critical digital edition")
        if self.editors:
            out += ", edited by the editors of the Yimao digital edition"
        if self.translation_en:
            out += f"; {self.translation_en}"
        if h.version:
            out += f". Version {h.version}" + (f", {h.date}" if h.date else "")
        return f"{out}. {self.url}"

    @property
    def note(self) -> str:
        """What the export files say beside the id: the translation's provenance when its
        translator is not named."""
        if self.translation and not self.translators:
            return f"xml:id {self.pid}; {self.translation_en}"
        return f"xml:id {self.pid}"


UNNAMED = "이름 미상"
"""How the TEI header names a responsibility whose person the source does not name."""


def unnamed(r: Responsibility) -> bool:
    return r.name.strip() in {UNNAMED, "미상", ""}


def titled_ref(ref: str, chapter: str) -> str:
    """A paragraph's or sentence's reference with its chapter's title after the chapter.

    >>> titled_ref("易冒 立法 4.1", "納甲章"), titled_ref("易冒 立法 4.1.2", "納甲章")
    ('易冒 立法 4 納甲章 4.1', '易冒 立法 4 納甲章 4.1.2')
    >>> titled_ref("易冒 王序 3", "")
    '易冒 王序 3'
    """
    if not chapter:
        return ref
    head, _, number = ref.rpartition(" ")
    return f"{head} {number.split('.')[0]} {chapter} {number}"


PARTS_EN = {
    "題": "title page", "王序": "preface by Wang Zehong", "顧序": "preface by Gu Baowen",
    "陸序": "preface by Lu Jin", "自序": "author's preface", "立法": "Lifa (the method)",
    "筮類": "Shilei (divination by subject)",
    "提要": "Siku tiyao (the imperial catalogue's summary)",
}


def locator_en(ref: str, chapter: str = "") -> str:
    """Where a reference points, in English.

    >>> locator_en("易冒 立法 4.1.2", "納甲章")
    'Lifa (the method), chapter 4 納甲章, paragraph 1, sentence 2'
    >>> locator_en("易冒 王序 3")
    'preface by Wang Zehong, paragraph 3'
    """
    words = ref.split()
    part, number = (words[1], words[2]) if len(words) > 2 else (words[-1], "")
    out = PARTS_EN.get(part, part)
    numbers = number.split(".") if number else []
    if chapter and numbers:
        out += f", chapter {numbers.pop(0)} {chapter}"
    for what, n in zip(("paragraph", "sentence"), numbers, strict=False):
        out += f", {what} {n}"
    return out


def person_en(r: Responsibility) -> str:
    """A person's name romanised from the TEI's id (``cheng-liangyu``), then in characters.

    >>> person_en(Responsibility("程良玉", "著", "cheng-liangyu"))
    'Cheng Liangyu 程良玉'
    >>> person_en(Responsibility("편집진", "편집"))
    '편집진'
    """
    if not r.id:
        return r.name
    family, _, given = r.id.partition("-")
    return f"{family.title()} {given.replace('-', '').title()} {r.name}".replace("  ", " ")


def permanent_url(base: str, pid: str) -> str:
    """``{base}/p/pNNN/``.

    >>> permanent_url("http://x.org/ed/", "p001"), permanent_url("", "p001")
    ('http://x.org/ed/p/p001/', 'http://127.0.0.1:8000/p/p001/')
    """
    return f"{(base or DEFAULT_BASEURL).rstrip('/')}/{permalink(pid)}/"


def citation(header: Header, ref: str, pid: str, base: str, chapter: str = "") -> Citation:
    return Citation(pid, ref, permanent_url(base, pid), header, chapter)


def _braced(value: str) -> str:
    """A BibTeX value kept as written (braces protect CJK and corporate names); braces inside
    are dropped."""
    return "{" + value.replace("{", "").replace("}", "") + "}"


def bibtex(c: Citation) -> str:
    """The passage as a BibTeX (biblatex) ``@incollection`` entry."""
    h = c.header
    book = f"{_braced(h.title)} ({h.source_date})" if h.source_date else _braced(h.title)
    if h.subtitle:
        book += f" --- {_braced(h.subtitle)}"
    fields = [
        ("author", _braced(h.author.name)),
        ("title", _braced(c.cited)),
        ("booktitle", book),
        ("editor", " and ".join(_braced(e.name) for e in (*h.editors, *c.editors))),
        ("translator", " and ".join(_braced(t.name) for t in c.translators)),
        ("publisher", _braced(h.publisher)),
        ("edition", h.version),
        ("year", h.date[:4]),
        ("date", h.date),
        ("origdate", h.source_date),
        ("url", c.url),
        ("note", c.note),
    ]
    body = "".join(f"  {k} = {{{v}}},\n" for k, v in fields if v and v != "{}")
    return f"@incollection{{yimao-{c.pid},\n{body}}}\n"


def _date_parts(date: str) -> dict[str, list[list[int]]]:
    return {"date-parts": [[int(x) for x in date.split("-")]]}


def csl_json(c: Citation) -> list[dict[str, Any]]:
    """The passage as CSL-JSON (a list of one item, type ``chapter``)."""
    h = c.header
    item: dict[str, Any] = {
        "id": f"yimao-{c.pid}",
        "type": "chapter",
        "title": c.cited,
        "container-title": h.subtitle or h.title,
        "author": [{"literal": h.author.name}],
        "editor": [{"literal": e.name} for e in (*h.editors, *c.editors)],
        "translator": [{"literal": t.name} for t in c.translators],
        "publisher": h.publisher,
        "version": h.version,
        "URL": c.url,
        "language": "lzh",
        "note": c.note,
    }
    if h.date:
        item["issued"] = _date_parts(h.date)
    if h.source_date:
        item["original-date"] = _date_parts(h.source_date)
    return [{k: v for k, v in item.items() if v}]


def ris(c: Citation) -> str:
    """The passage as a RIS record (``TY  - CHAP`` … ``ER  - ``)."""
    h = c.header
    lines = [("TY", "CHAP"), ("AU", h.author.name), ("TI", c.cited),
             ("T2", h.subtitle or h.title)]
    lines += [("A2", e.name) for e in (*h.editors, *c.editors)]
    lines += [("A4", t.name) for t in c.translators]
    lines += [("PB", h.publisher), ("ET", h.version), ("PY", h.date[:4]),
              ("DA", h.date.replace("-", "/")), ("UR", c.url), ("LA", "lzh"),
              ("N1", c.note), ("ER", "")]
    return "".join(f"{tag}  - {value}\n" for tag, value in lines if value or tag == "ER")


def highwire(header: Header, title: str, url: str) -> list[tuple[str, str]]:
    """Highwire Press ``citation_*`` meta tags (what Zotero and Google Scholar read) for a
    page citing *title* at *url*."""
    meta = [("citation_title", title), ("citation_author", header.author.name)]
    meta += [("citation_editor", e.name) for e in header.editors]
    meta += [("citation_inbook_title", header.subtitle or header.title),
             ("citation_publisher", header.publisher)]
    if header.date:
        meta.append(("citation_publication_date", header.date.replace("-", "/")))
    meta += [("citation_public_url", url), ("citation_language", "lzh"),
             ("citation_language", "ko")]
    return [(k, v) for k, v in meta if v]


def schema_org(header: Header, title: str, url: str, editors: tuple[Responsibility, ...],
               translators: tuple[Responsibility, ...]) -> str:
    """schema.org JSON-LD (a ``Chapter`` of the ``Book``) for a page citing *title* at *url*,
    safe inside ``<script>``."""
    h = header
    book: dict[str, Any] = {
        "@type": "Book", "name": h.title, "alternateName": h.subtitle,
        "author": {"@type": "Person", "name": h.author.name},
        "editor": [{"@type": "Person", "name": e.name} for e in h.editors]
        + [{"@type": "Organization", "name": e.name} for e in editors],
        "translator": [{"@type": "Organization", "name": t.name} for t in translators],
        "publisher": {"@type": "Organization", "name": h.publisher},
        "bookEdition": h.version, "datePublished": h.date,
        "inLanguage": ["lzh", "ko"],
    }
    data = {"@context": "https://schema.org", "@type": "Chapter", "name": title, "url": url,
            "author": {"@type": "Person", "name": h.author.name},
            "isPartOf": {k: v for k, v in book.items() if v}}
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


class Cites:
    """The citations of one edition at one base URL."""

    def __init__(self, edition: Edition, base: str) -> None:
        self.edition = edition
        self.base = base
        self.header = edition.header

        # a numbered chapter's title, by paragraph (front and back matter are named by
        # their label already: 易冒 王序 3)
        self.chapter_of = {p.id: d.title_zh for d in edition.divisions if d.n is not None
                           for p in d.passages}

    def passage(self, pid: str) -> Citation:
        return citation(self.header, self.edition.ref(pid), pid, self.base,
                        self.chapter_of.get(pid, ""))

    def passage_meta(self, pid: str) -> list[tuple[str, str]]:
        c = self.passage(pid)
        return highwire(self.header, c.cited, c.url)

    def division_meta(self, division_id: str) -> list[tuple[str, str]]:
        div = self.edition.division(division_id)
        title = f"{self.edition.ref(division_id)} {div.title_zh}"
        url = f"{(self.base or DEFAULT_BASEURL).rstrip('/')}/{docname(division_id)}/"
        return highwire(self.header, title, url)

    def division_jsonld(self, division_id: str) -> str:
        meta = dict(self.division_meta(division_id))
        any_passage = self.passage(self.edition.division(division_id).passages[0].id)
        return schema_org(self.header, meta["citation_title"], meta["citation_public_url"],
                          any_passage.editors, any_passage.translators)

    def files(self) -> Iterator[tuple[str, str]]:
        """``(path under the site, text)`` of every export file."""
        for div in self.edition.divisions:
            for p in div.passages:
                c = self.passage(p.id)
                yield f"{CITE_DIR}/{p.id}.bib", bibtex(c)
                yield f"{CITE_DIR}/{p.id}.json", json.dumps(csl_json(c), ensure_ascii=False,
                                                             indent=1) + "\n"
                yield f"{CITE_DIR}/{p.id}.ris", ris(c)


# ------------------------------------------------------------------ Sphinx


def base_url(config: Config) -> str:
    return config.yimao_baseurl or config.html_baseurl or DEFAULT_BASEURL


def cites(app: Sphinx) -> Cites:
    """The build's citations, made once and kept on its *app* beside its state."""
    kept = getattr(app, "yimao_cites", None)
    if kept is None:
        kept = Cites(site(app).edition, base_url(app.config))
        app.yimao_cites = kept  # type: ignore[attr-defined]
    return kept


def on_builder_inited(app: Sphinx) -> None:
    @one_line
    def run() -> None:
        c = cites(app)
        site(app).pages.env.globals.update(
            citation=c.passage, citation_meta=c.passage_meta, cite_dir=CITE_DIR,
            bibtex=bibtex)

    run()


def on_html_page_context(app: Sphinx, pagename: str, templatename: str,
                         context: dict[str, Any], doctree: Any) -> None:
    division = next((link.id for link in site(app).pages.links
                     if link.docname == pagename), None)
    context["yimao_meta"] = cites(app).division_meta(division) if division else []
    context["yimao_jsonld"] = cites(app).division_jsonld(division) if division else ""


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return

    @one_line
    def write() -> None:
        out = Path(app.outdir)
        (out / CITE_DIR).mkdir(exist_ok=True)
        for name, text in cites(app).files():
            path = out / name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                atomic.write_text(path, text, durable=False)

    write()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("builder-inited", on_builder_inited, priority=600)  # after yimao.web.extension
    app.connect("html-page-context", on_html_page_context)
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
