"""The glossary (용어집) on the site: the page /glossary/, its terms marked in reader text,
and the small JSON the term pop-ups read (site/_static/yimao-gloss.js).

* ``{yimao-glossary}`` (site/glossary.md): every entry of the TEI's glossary in 가나다 order,
  with an index by initial consonant; each entry is anchored at its id (``#gl-旬空``) and cites
  its defining passages as a reader cites them (立法 2.1.1), linked.
* Marking (``html-page-context``): in the edition's own Korean and the translation (the
  containers of :data:`SCOPES`: a passage's translation, the editors' notes, a rule's
  statement and what compute does, a case's translation and notes), the first occurrence of
  each listed term in each container becomes a link to its entry, ``<a class="gl">``, which
  yimao-gloss.js opens as a pop-up. Never inside links, headings, code, buttons, Chinese text
  or pop-ups of other marks. Which words are terms: :class:`Marker`.
* ``glossary/terms.json``: ``{id: [word, characters, definition, note, where defined]}``,
  loaded by the pop-ups on first use (and by the Run results' marking).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from yimao import atomic, ids
from yimao.errors import EditionError
from yimao.model.glossary import INDEX_INITIAL, INITIALS, Glossary, GlossEntry, glossary_of
from yimao.web.build_state import one_line, site
from yimao.web.links import Links

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

    from yimao.model.edition import Edition

PAGE = "glossary"
JSON_NAME = "glossary/terms.json"
SCOPES = frozenset({
    "ko", "apparatus", "division-note",  # a division: the translation, the editors' notes
    "rule-statement", "rule-compute", "example-focus",  # /rules/…/
    "case-text-ko", "case-outcome-ko", "claim-note", "case-note",  # /cases/…/
})
"""Classes of the elements whose text is marked; each marks a term once."""
SKIP_TAGS = frozenset({"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "button",
                       "script", "style", "template", "summary", "textarea", "select",
                       "label", "kbd", "samp"})
SKIP_CLASSES = frozenset({"why", "choice", "tnote", "snum", "rule-ref", "gl", "ref", "label",
                          "badge", "cite-box"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
HANGUL = "\uac00-\ud7a3"
HAN = "\u3400-\u9fff"


class Marker:
    """Finds the glossary's terms in Korean text: ``word(字)`` (the word with its
    characters), the characters alone (two or more, not inside a longer run of characters)
    and the word alone (two syllables or more, at the start of a word — particles may
    follow — and only when no other term is written the same). The longest form at the
    leftmost place wins.

    >>> m = Marker([("gl-旬空", "순공", "旬空"), ("gl-空亡", "공망", "空亡"), ("gl-卦", "괘", "卦"),
    ...             ("gl-卦忌", "괘기", "卦忌"), ("gl-卦氣", "괘기", "卦氣")])
    >>> [(t, g) for t, g, _ in m.find("순공(旬空)은 공망이다. 괘기(卦氣)와 괘기, 괘")]
    [('순공(旬空)', 'gl-旬空'), ('공망', 'gl-空亡'), ('괘기(卦氣)', 'gl-卦氣')]
    >>> [t for t, g, _ in m.find("비순공 空亡에 曰空亡")]
    ['空亡']
    """

    def __init__(self, terms: Iterable[tuple[str, str, str]], known: Iterable[str] = ()) -> None:
        """*terms*: (id, word, characters) to mark; *known*: other words of the glossary."""
        terms = list(terms)
        words: dict[str, int] = dict.fromkeys(known, 0)
        for _, ko, _ in terms:
            words[ko] = words.get(ko, 0) + 1
        forms: list[tuple[str, str, str]] = []  # (text, kind, id)
        for gid, ko, hanja in terms:
            forms.append((f"{ko}({hanja})", "pair", gid))
            if len(hanja) >= 2:
                forms.append((hanja, "han", gid))
            if len(ko) >= 2 and words[ko] == 1 and not _particled(ko, words):
                forms.append((ko, "ko", gid))
        self.first: dict[str, list[tuple[str, str, str]]] = {}
        for f in sorted(forms, key=lambda f: -len(f[0])):
            self.first.setdefault(f[0][0], []).append(f)

    def _at(self, text: str, i: int) -> tuple[str, str] | None:
        """The longest form starting at *i* (with its boundaries), else None."""
        before = text[i - 1] if i else ""
        for form, kind, gid in self.first.get(text[i], ()):
            if not text.startswith(form, i):
                continue
            after = text[i + len(form):i + len(form) + 1]
            if kind == "han" and (_han(before) or _han(after)):
                continue
            if kind == "ko" and _hangul(before):
                continue
            return form, gid
        return None

    def find(self, text: str) -> Iterator[tuple[str, str, int]]:
        """(the matched text, its entry's id, where it starts) in order."""
        i, n = 0, len(text)
        while i < n:
            found = self._at(text, i) if text[i] in self.first else None
            if found is None:
                i += 1
                continue
            yield found[0], found[1], i
            i += len(found[0])


PARTICLES = frozenset("의에은는이가을를와과도로만")
"""Syllables a particle makes after a noun: 괘의 (卦義) alone reads as 괘 + 의."""


def _particled(ko: str, words: dict[str, int]) -> bool:
    """Whether *ko* reads as another term and a particle (괘의 = 괘 + 의): then it is marked
    only with its characters.

    >>> _particled("괘의", {"괘": 1}), _particled("괘신", {"괘": 1}), _particled("세효", {})
    (True, False, False)
    """
    return ko[:-1] in words and ko[-1] in PARTICLES


def _han(c: str) -> bool:
    return bool(c) and "\u3400" <= c <= "\u9fff"


def _hangul(c: str) -> bool:
    return bool(c) and "\uac00" <= c <= "\ud7a3"


EDITION_WORD = "이 판의 말"
"""How the usage note of the edition's own words (점례, 예제, 원문 …) begins: words of the
interface, not technical terms, and never marked."""


def marker(glossary: Glossary) -> Marker:
    """The marker of *glossary*'s technical terms (the edition's own words left out)."""
    return Marker(((e.id, e.ko, e.hanja) for e in glossary.entries
                   if not e.note.startswith(EDITION_WORD)), (e.ko for e in glossary.entries))


class _Marking(HTMLParser):
    """Copies HTML through, marking terms in the text of :data:`SCOPES` elements."""

    def __init__(self, marker: Marker, href: str) -> None:
        super().__init__(convert_charrefs=False)
        self.marker, self.href = marker, href
        self.out: list[str] = []
        self.stack: list[tuple[str, set[str] | None, bool]] = []  # tag, scope's seen, skip
        self.count = 0

    def _state(self) -> tuple[set[str] | None, bool]:
        seen: set[str] | None = None
        skip = False
        for _, s, k in self.stack:
            seen = s if s is not None else seen
            skip = skip or k
        return seen, skip

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(self.get_starttag_text() or "")
        if tag in VOID:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        scope: set[str] | None = set() if classes & SCOPES else None
        skip = (tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)
                or (a.get("lang") or "").startswith("zh"))
        if scope is not None and (a.get("lang") or "ko") == "ko":
            skip = skip and tag in SKIP_TAGS
        self.stack.append((tag, scope, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        self.out.append(f"</{tag}>")
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        seen, skip = self._state()
        if seen is None or skip:
            self.out.append(data)
            return
        at = 0
        for text, gid, start in self.marker.find(data):
            if gid in seen:
                continue
            seen.add(gid)
            self.count += 1
            self.out.append(data[at:start])
            self.out.append(f'<a class="gl" href="{self.href}#{gid}" data-gl="{gid}">{text}</a>')
            at = start + len(text)
        self.out.append(data[at:])

    def handle_entityref(self, name: str) -> None:
        self.out.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.out.append(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        self.out.append(f"<![{data}]>")


def mark(html: str, marker: Marker, href: str) -> tuple[str, int]:
    """*html* with the terms of its :data:`SCOPES` elements linked to the glossary page
    *href*, once per element; and how many were marked.

    >>> m = Marker([("gl-旬空", "순공", "旬空"), ("gl-月破", "월파", "月破")])
    >>> mark('<div class="ko" lang="ko"><p>순공과 순공, <a href="x">월파</a> 월파</p></div>'
    ...      '<p>순공</p><h3 class="ko">순공</h3>', m, "../glossary/")
    ('<div class="ko" lang="ko"><p><a class="gl" href="../glossary/#gl-旬空" data-gl="gl-旬空">\
순공</a>과 순공, <a href="x">월파</a> <a class="gl" href="../glossary/#gl-月破" \
data-gl="gl-月破">월파</a></p></div><p>순공</p><h3 class="ko">순공</h3>', 2)
    """
    if not html:
        return html, 0
    parser = _Marking(marker, href)
    parser.feed(html)
    parser.close()
    if parser.rawdata:  # an unfinished tag at the end: keep it as it came
        parser.out.append(parser.rawdata)
    return "".join(parser.out), parser.count


# ------------------------------------------------------------------ the page and the JSON


def defining(edition: Edition, entry: GlossEntry) -> tuple[str, tuple[str, ...]]:
    """The rule id (``""`` for a passage) and the sentence or passage ids defining *entry*."""
    if not entry.defined_by:
        return "", ()
    if ids.kind(entry.defined_by) == "rule":
        rule = ids.rule_of(entry.defined_by)
        try:
            return rule, edition.category(rule).passages
        except EditionError:  # not in the taxonomy
            return rule, ()
    return "", (entry.defined_by,)


def terms_json(edition: Edition) -> str:
    """The pop-ups' data: ``{id: [word, characters, definition, note, cited as]}``."""
    links = Links(edition, "")
    glossary = glossary_of(edition)
    out: dict[str, list[str]] = {}
    for e in glossary.entries:
        rule, passages = defining(edition, e)
        where = " · ".join(links.cite(p) for p in passages[:2])
        out[e.id] = [e.ko, e.hanja, e.definition, e.note, where]
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def page_html(state: Any, url: Callable[[str, str], str]) -> str:
    """The body of /glossary/."""
    edition = state.edition
    glossary = glossary_of(edition)
    links = Links(edition, "../")
    groups: dict[str, list[dict[str, Any]]] = {}
    for e in glossary.entries:
        rule, passages = defining(edition, e)
        rule_title = links.rule_info(rule)[0] if rule else ""
        groups.setdefault(e.initial or "#", []).append({
            "e": e,
            "rule": rule,
            "rule_title": rule_title,
            "rule_href": url(state.catalogue.rule_page(rule), ids.rule(rule)) if rule else "",
            "passages": [(links.cite(p), url(_doc(edition, p), p)) for p in passages],
        })
    initials = [i for i in INITIALS if i not in INDEX_INITIAL]
    order = [i for i in initials if i in groups] + [i for i in groups if i not in initials]
    return state.pages.env.get_template("yimao/glossary.html").render(
        groups=[(i, groups[i]) for i in order], initials=initials, present=set(groups),
        count=len(glossary), url=url)


def _doc(edition: Edition, pid: str) -> str:
    from yimao.web.pages import docname
    return docname(edition.passage(ids.paragraph_of(pid)).division)


class yimao_glossary(nodes.General, nodes.Element):  # noqa: N801 (docutils node style)
    """Where the glossary's list goes; filled in when the page is written."""


class GlossaryDirective(SphinxDirective):
    @one_line
    def run(self) -> list[nodes.Node]:
        from yimao.web.extension import tei_path
        self.env.note_dependency(str(tei_path(self.config)))
        return [yimao_glossary()]


@one_line
def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname_: str) -> None:
    def url(target: str, anchor: str = "") -> str:
        uri = app.builder.get_relative_uri(docname_, target)
        return f"{uri}#{anchor}" if anchor else (uri or "./")

    for node in list(doctree.findall(yimao_glossary)):
        node.replace_self(nodes.raw("", page_html(site(app), url), format="html"))


_MARKERS: dict[int, Marker] = {}


@one_line
def on_html_page_context(app: Sphinx, pagename: str, templatename: str,
                         context: dict[str, Any], doctree: Any) -> None:
    body = context.get("body")
    if not body or pagename == PAGE or app.builder.format != "html":
        return
    edition = site(app).edition
    m = _MARKERS.get(id(edition))
    if m is None:
        _MARKERS.clear()
        m = _MARKERS[id(edition)] = marker(glossary_of(edition))
    context["body"], _ = mark(body, m, context["pathto"](PAGE))


@one_line
def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    path = Path(app.outdir) / JSON_NAME
    data = terms_json(site(app).edition)
    if not path.is_file() or path.read_text(encoding="utf-8") != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(path, data, durable=False)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_node(yimao_glossary)
    app.add_directive("yimao-glossary", GlossaryDirective)
    app.connect("doctree-resolved", on_doctree_resolved)
    app.connect("html-page-context", on_html_page_context, priority=600)
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
