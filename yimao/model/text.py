"""The read model's paragraphs as plain values: TEI inline markup of one paragraph, flattened
once (when the edition is loaded, :mod:`yimao.model.edition`) into text runs with their marks.

Nothing outside the model sees lxml: a paragraph becomes a tuple of :class:`Text`,
:class:`Seg`, :class:`Note`, :class:`Choice` and :class:`NoteRef` values (the site's templates
print them, :func:`text` reads them in either reading), the editors' notes it carries become
:class:`ApparatusEntry` values, and the editors' notes beside it that point into it
:class:`TargetedNote` values.

* ``<seg xml:id>`` (a sentence, a worked case, a claim) → :class:`Seg` with its anchor id;
* ``<note type="commentary">`` (the author's 夾註, also "(주: …)" in the Korean) and
  ``<note type="transcriber">`` (a transcriber's query such as （？）) → :class:`Note`, in place;
* ``<choice>`` of ``orig``/``reg`` (normalised form) or ``sic``/``corr`` (corrected error) →
  :class:`Choice` with both readings (CSS shows one of them);
* ``<note type="editorial">`` → a numbered :class:`NoteRef` in place and an apparatus entry;
* ``<note type="correction" target="#…">`` (beside the paragraphs, see
  :func:`correction_reasons`) → the reason shown with the choice or query it points to.

>>> from lxml import etree
>>> p = etree.fromstring(
...     '<p xmlns="http://www.tei-c.org/ns/1.0" xml:id="p009">'
...     '<seg xml:id="p009-s1">甲<choice xml:id="p009-c1"><orig>餘</orig><reg>余</reg></choice>'
...     '<note type="commentary" xml:id="p009-n1">（注）</note>。</seg>'
...     '<note type="editorial">편자의 주.</note></p>')
>>> flat = flatten(p, {"p009-c1": "변환 오류"})
>>> [type(node).__name__ for node in flat.inlines]
['Seg', 'NoteRef']
>>> seg = flat.inlines[0]
>>> seg.id, seg.label, [type(c).__name__ for c in seg.children]
('p009-s1', '1', ['Text', 'Choice', 'Note', 'Text'])
>>> choice = seg.children[1]
>>> choice.type, choice.source, choice.edited, choice.reason
('reg', (Text(text='餘'),), (Text(text='余'),), '변환 오류')
>>> flat.apparatus
(ApparatusEntry(id='p009-ed1', type='editorial', label='1', text='편자의 주.'),)
>>> text(flat.inlines, "diplomatic"), text(flat.inlines, "corrected")
('甲餘（注）。', '甲余（注）。')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from lxml import etree

from yimao import ids

XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

# <choice> children: (source form, edited form) for each kind of choice
CHOICE_PAIRS = {"reg": ("orig", "reg"), "corr": ("sic", "corr"), "conj": ("sic", "corr")}


@dataclass(frozen=True, slots=True)
class Text:
    kind: ClassVar[str] = "text"
    text: str


@dataclass(frozen=True, slots=True)
class Seg:
    """A ``<seg>``: ``type`` is the TEI @type (sentence, case, claim …); ``label`` the
    sentence number shown as its permalink (``p027-s3`` → ``"3"``)."""

    kind: ClassVar[str] = "seg"
    id: str | None
    type: str
    label: str | None
    children: tuple[Inline, ...]
    subtype: str = ""
    rules: tuple[str, ...] = ()  # rule ids from @ana (``#r-najia-gan`` → ``najia-gan``)


@dataclass(frozen=True, slots=True)
class Note:
    """An inline note kept in the running text: the author's commentary or a transcriber's
    query (``type`` ∈ commentary, transcriber); ``reason`` the editors' word on a query."""

    kind: ClassVar[str] = "note"
    id: str | None
    type: str
    children: tuple[Inline, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """``type`` is ``reg`` (orig/reg), ``corr`` (sic/corr) or ``conj`` (sic/corr whose corr is
    a conjecture, ``@type="conjecture"``: an editors' query); ``source`` is what the
    transcription has, ``edited`` what the editors read, ``reason`` why."""

    kind: ClassVar[str] = "choice"
    id: str | None
    type: str
    source: tuple[Inline, ...]
    edited: tuple[Inline, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class NoteRef:
    """The place of an editors' note in the text: a link to its apparatus entry."""

    kind: ClassVar[str] = "noteref"
    target: str
    label: str


@dataclass(frozen=True, slots=True)
class ApparatusEntry:
    """One editors' note shown under the passage."""

    id: str
    type: str
    label: str
    text: str


Inline = Text | Seg | Note | Choice | NoteRef


@dataclass(frozen=True, slots=True)
class Flat:
    inlines: tuple[Inline, ...]
    apparatus: tuple[ApparatusEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetedNote:
    """An editors' note beside a paragraph that points into it (``<note type="editorial"
    target="#p095-case1-c1">``): ``about`` the text of what it points to (a worked case, a
    claim), ``subtype`` the TEI @subtype (``date``, ``contradicted``, ``not_computable`` …),
    ``text`` the note, whitespace normalised."""

    about: str
    subtype: str
    text: str


READINGS = ("diplomatic", "corrected")


def text(inlines: Iterable[Inline], reading: str = "corrected") -> str:
    """The plain text of inline values in one reading: ``diplomatic`` the transcription
    exactly (orig/sic, transcriber's queries kept), ``corrected`` the editors' reading
    (reg/corr, queries dropped); the editors' notes are never part of the text."""
    out: list[str] = []

    def walk(runs: Iterable[Inline]) -> None:
        for r in runs:
            if isinstance(r, Text):
                out.append(r.text)
            elif isinstance(r, Seg):
                walk(r.children)
            elif isinstance(r, Choice):
                walk(r.source if reading == "diplomatic" else r.edited)
            elif isinstance(r, Note) and not (r.type == "transcriber" and reading == "corrected"):
                walk(r.children)

    walk(inlines)
    return "".join(out)


def local(tag: object) -> str:
    """The local name of an lxml tag (``""`` for comments and processing instructions).

    >>> local("{http://www.tei-c.org/ns/1.0}seg"), local("seg")
    ('seg', 'seg')
    """
    if not isinstance(tag, str):
        return ""
    return tag.rpartition("}")[2]


def element_id(el: etree._Element) -> str | None:
    return el.get(XML_ID)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def correction_reasons(notes: Iterable[etree._Element]) -> dict[str, str]:
    """``{choice or query id: reason}`` from ``<note type="correction" target="#a #b">``.

    >>> n = etree.fromstring('<note type="correction" target="#p1-c3 #p1-q4">문맥상</note>')
    >>> correction_reasons([n])
    {'p1-c3': '문맥상', 'p1-q4': '문맥상'}
    """
    out: dict[str, str] = {}
    for note in notes:
        if local(note.tag) == "note" and note.get("type") == "correction":
            text = _normalise("".join(note.itertext()))
            for target in (note.get("target") or "").split():
                out[target.lstrip("#")] = text
    return out


@dataclass
class _Flattener:
    pid: str
    reasons: Mapping[str, str]
    apparatus: list[ApparatusEntry] = field(default_factory=list)

    def children(self, el: etree._Element) -> Iterator[Inline]:
        if el.text:
            yield Text(el.text)
        for child in el:
            yield from self.element(child)
            if child.tail:
                yield Text(child.tail)

    def element(self, el: etree._Element) -> Iterator[Inline]:
        name = local(el.tag)
        if not name:  # comment or processing instruction
            return
        if name == "seg":
            sid = element_id(el)
            label = str(ids.parse(sid).n) if sid and ids.kind(sid) == "sentence" else None
            rules = tuple(ids.rule_of(a.lstrip("#")) for a in (el.get("ana") or "").split())
            yield Seg(sid, el.get("type", ""), label, tuple(self.children(el)),
                      el.get("subtype", ""), rules)
        elif name == "choice":
            yield self.choice(el)
        elif name == "note":
            yield from self.note(el)
        else:  # pb, lb, term, num, hi …: their text, in order
            yield from self.children(el)

    def choice(self, el: etree._Element) -> Choice:
        parts = {local(c.tag): c for c in el}
        type_ = "corr" if "sic" in parts or "corr" in parts else "reg"
        if type_ == "corr" and "corr" in parts and parts["corr"].get("type") == "conjecture":
            type_ = "conj"
        src_name, ed_name = CHOICE_PAIRS[type_]
        source = tuple(self.children(parts[src_name])) if src_name in parts else ()
        edited = tuple(self.children(parts[ed_name])) if ed_name in parts else ()
        cid = element_id(el)
        return Choice(cid, type_, source, edited, self.reasons.get(cid or "", ""))

    def note(self, el: etree._Element) -> Iterator[Inline]:
        type_ = el.get("type", "commentary")
        nid = element_id(el)
        if type_ == "editorial":
            n = str(len(self.apparatus) + 1)
            entry = ApparatusEntry(nid or f"{self.pid}-ed{n}", type_, n,
                                   _normalise("".join(el.itertext())))
            self.apparatus.append(entry)
            yield NoteRef(entry.id, entry.label)
        elif type_ != "correction":  # a correction's reason goes with its choice
            reason = self.reasons.get(nid or "", "")
            yield Note(nid, type_, tuple(self.children(el)), reason)


def flatten(p: etree._Element, reasons: Mapping[str, str] | None = None) -> Flat:
    """Flatten a TEI paragraph (``<p>``) into inline values and its apparatus; ``reasons``
    (see :func:`correction_reasons`) gives the editors' reason for a choice or query by id."""
    own = correction_reasons(e for e in p.iter() if local(e.tag) == "note")
    flat = _Flattener(element_id(p) or "p", {**(reasons or {}), **own})
    inlines = tuple(flat.children(p))
    return Flat(inlines, tuple(flat.apparatus))


def targeted_notes(zh: etree._Element, notes: Iterable[etree._Element]) -> Iterator[TargetedNote]:
    """The editors' notes among *notes* (those beside the paragraph) that point into *zh*."""
    inside = {element_id(e): e for e in zh.iter() if isinstance(e.tag, str) and element_id(e)}
    for note in notes:
        if note.get("type") != "editorial":
            continue
        targets = [t.lstrip("#") for t in (note.get("target") or "").split()]
        hits = [inside[t] for t in targets if t in inside]
        if hits:
            yield TargetedNote("".join(hits[0].itertext()), note.get("subtype", ""),
                               " ".join("".join(note.itertext()).split()))


def passage_notes(zh: etree._Element) -> list[etree._Element]:
    """The notes beside a paragraph: the ``<note>`` siblings of the paragraphs in the TEI's
    ``<div type="passage">`` (correction reasons, editorial notes on its cases)."""
    block = zh.getparent()
    return [] if block is None else [e for e in block if local(e.tag) == "note"]
