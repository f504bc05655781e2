"""TEI inline markup of one paragraph, flattened once into values the site's templates print.

The templates (``site/_templates/yimao/*.html``) never see lxml's ``.text``/``.tail``: a
paragraph becomes a tuple of :class:`Text`, :class:`Seg`, :class:`Note`, :class:`Choice` and
:class:`NoteRef` values, and the editors' notes it carries become :class:`ApparatusEntry` values
shown under the passage.

* ``<seg xml:id>`` (a sentence, a worked case, a claim) → :class:`Seg` with its anchor id;
* ``<note type="commentary">`` (the author's 夾註, also "(주: …)" in the Korean) and
  ``<note type="transcriber">`` (a transcriber's query such as （？）) → :class:`Note`, in place;
* ``<choice>`` of ``orig``/``reg`` (normalised form) or ``sic``/``corr`` (corrected error) →
  :class:`Choice` with both readings (CSS shows one of them) and the editors' reason;
* ``<note type="editorial">`` → a numbered :class:`NoteRef` in place and an apparatus entry;
  ``<note type="correction">`` → the reason of the correction it points to (``@target``) or
  follows.

>>> from lxml import etree
>>> p = etree.fromstring(
...     '<p xmlns="http://www.tei-c.org/ns/1.0" xml:id="p9">'
...     '<seg xml:id="p9-s1">甲<choice><orig>餘</orig><reg>余</reg></choice>'
...     '<note type="commentary" xml:id="p9-n1">（注）</note>。</seg></p>')
>>> flat = flatten(p)
>>> [type(node).__name__ for node in flat.inlines]
['Seg']
>>> seg = flat.inlines[0]
>>> seg.id, seg.label, [type(c).__name__ for c in seg.children]
('p9-s1', '1', ['Text', 'Choice', 'Note', 'Text'])
>>> plain_text(p), plain_text(p, reading="corrected")
('甲餘（注）。', '甲余（注）。')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from lxml import etree

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

# <choice> children: (source form, edited form) for each kind of choice
CHOICE_PAIRS = {"reg": ("orig", "reg"), "corr": ("sic", "corr")}


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


@dataclass(frozen=True, slots=True)
class Note:
    """An inline note kept in the running text: the author's commentary or a transcriber's
    query (``type`` ∈ commentary, transcriber)."""

    kind: ClassVar[str] = "note"
    id: str | None
    type: str
    children: tuple[Inline, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """``type`` is ``reg`` (orig/reg) or ``corr`` (sic/corr); ``source`` is what the
    transcription has, ``edited`` what the editors read."""

    kind: ClassVar[str] = "choice"
    id: str | None
    type: str
    source: tuple[Inline, ...]
    edited: tuple[Inline, ...]
    reason: str = ""
    note_id: str | None = None


@dataclass(frozen=True, slots=True)
class NoteRef:
    """The place of an editors' note in the text: a link to its apparatus entry."""

    kind: ClassVar[str] = "noteref"
    target: str
    label: str


@dataclass(frozen=True, slots=True)
class ApparatusEntry:
    """One editors' note shown under the passage (``type`` editorial or correction)."""

    id: str
    type: str
    label: str
    text: str
    lemma: str = ""
    source: str = ""


Inline = Text | Seg | Note | Choice | NoteRef


@dataclass(frozen=True, slots=True)
class Flat:
    inlines: tuple[Inline, ...]
    apparatus: tuple[ApparatusEntry, ...] = ()


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


def plain_text(el: etree._Element, reading: str = "diplomatic") -> str:
    """The text of ``el`` in one reading: ``diplomatic`` keeps orig/sic, ``corrected`` takes
    reg/corr; editors' notes are left out of both."""
    keep, drop = ("orig", "sic"), ("reg", "corr")
    if reading == "corrected":
        keep, drop = drop, keep
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        name = local(node.tag)
        skip = name in drop or (name == "note" and node.get("type") in EDITORS_NOTES)
        if not skip:
            if node.text and name:
                parts.append(node.text)
            for child in node:
                walk(child)
        if node.tail and node is not el:
            parts.append(node.tail)

    walk(el)
    return "".join(parts)


EDITORS_NOTES = ("editorial", "correction", "emendation")


@dataclass
class _Collector:
    """Apparatus entries of one paragraph while it is flattened."""

    pid: str
    entries: list[ApparatusEntry] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)  # choice id → reason (by @target)

    def add(self, type_: str, text: str, note_id: str | None, **extra: str) -> ApparatusEntry:
        n = len(self.entries) + 1
        entry = ApparatusEntry(note_id or f"{self.pid}-ed{n}", type_, str(n), text, **extra)
        self.entries.append(entry)
        return entry


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def correction_reasons(notes: Iterable[etree._Element]) -> dict[str, str]:
    """``{choice or query id: reason}`` from ``<note type="correction" target="#a #b">``.

    >>> from lxml import etree
    >>> n = etree.fromstring('<note type="correction" target="#p1-c3 #p1-q4">문맥상</note>')
    >>> correction_reasons([n])
    {'p1-c3': '문맥상', 'p1-q4': '문맥상'}
    """
    out: dict[str, str] = {}
    for note in notes:
        if local(note.tag) == "note" and note.get("type") in ("correction", "emendation"):
            text = _normalise("".join(note.itertext()))
            for target in (note.get("target") or "").split():
                out[target.lstrip("#")] = text
    return out


def flatten(p: etree._Element, reasons: Mapping[str, str] | None = None) -> Flat:
    """Flatten a TEI paragraph (``<p>``) into inline values and its apparatus; ``reasons``
    (see :func:`correction_reasons`) gives the editors' reason for a choice or query by id."""
    pid = element_id(p) or "p"
    col = _Collector(pid)
    col.reasons.update(reasons or {})
    for note in p.iter(f"{{{TEI_NS}}}note", "note"):
        target = (note.get("target") or "").lstrip("#")
        if note.get("type") in ("correction", "emendation") and target:
            col.reasons[target] = _normalise("".join(note.itertext()))
    inlines = tuple(_children(p, col))
    return Flat(_attach_reasons(inlines, col), tuple(col.entries))


def _children(el: etree._Element, col: _Collector) -> Iterator[Inline]:
    if el.text:
        yield Text(el.text)
    for child in el:
        yield from _element(child, col)
        if child.tail:
            yield Text(child.tail)


def _element(el: etree._Element, col: _Collector) -> Iterator[Inline]:
    name = local(el.tag)
    if not name:  # comment or processing instruction
        return
    if name == "seg":
        sid = element_id(el)
        label = sid.rpartition("-s")[2] if sid and re.search(r"-s\d+[a-z]?$", sid) else None
        yield Seg(sid, el.get("type", ""), label, tuple(_children(el, col)))
    elif name == "choice":
        yield _choice(el, col)
    elif name == "note":
        yield from _note(el, col)
    else:  # pb, lb, term, num, hi …: their text, in order
        yield from _children(el, col)


def _choice(el: etree._Element, col: _Collector) -> Choice:
    parts = {local(c.tag): c for c in el}
    type_ = "corr" if "sic" in parts or "corr" in parts else "reg"
    src_name, ed_name = CHOICE_PAIRS[type_]
    source = tuple(_children(parts[src_name], col)) if src_name in parts else ()
    edited = tuple(_children(parts[ed_name], col)) if ed_name in parts else ()
    reason = el.get("reason") or ""
    for name in (ed_name, src_name):
        if name in parts and not reason:
            reason = parts[name].get("reason") or ""
    return Choice(element_id(el), type_, source, edited, reason)


def _note(el: etree._Element, col: _Collector) -> Iterator[Inline]:
    type_ = el.get("type", "commentary")
    if type_ in ("editorial",):
        entry = col.add("editorial", _normalise("".join(el.itertext())), element_id(el))
        yield NoteRef(entry.id, entry.label)
    elif type_ in ("correction", "emendation"):
        target = (el.get("target") or "").lstrip("#")
        if not target:  # reason of the choice right before it: attached below
            yield _PendingReason(_normalise("".join(el.itertext())), element_id(el))
    else:
        yield Note(element_id(el), type_, tuple(_children(el, col)))


@dataclass(frozen=True, slots=True)
class _PendingReason:
    kind: ClassVar[str] = "pending"
    text: str
    id: str | None


def _attach_reasons(nodes: tuple[Inline, ...], col: _Collector) -> tuple[Inline, ...]:
    """Give every choice its reason: from a note pointing at it, or a note right after it."""
    out: list[Inline] = []
    for node in nodes:
        if isinstance(node, _PendingReason):
            prev = out[-1] if out else None
            if isinstance(prev, Choice) and not prev.reason:
                out[-1] = _with_reason(prev, node.text)
            continue
        if isinstance(node, Seg):
            node = Seg(node.id, node.type, node.label, _attach_reasons(node.children, col))
        elif isinstance(node, Note):
            reason = node.reason or col.reasons.get(node.id or "", "")
            node = Note(node.id, node.type, _attach_reasons(node.children, col), reason)
        elif isinstance(node, Choice) and node.id in col.reasons and not node.reason:
            node = _with_reason(node, col.reasons[node.id])
        out.append(node)
    return tuple(out)


def _with_reason(choice: Choice, reason: str) -> Choice:
    return Choice(choice.id, choice.type, choice.source, choice.edited, reason, choice.note_id)


def text_of(nodes: tuple[Inline, ...], reading: str = "corrected") -> str:
    """Plain text of flattened nodes (for titles and citation strings).

    >>> text_of((Text("甲"), Choice(None, "reg", (Text("餘"),), (Text("余"),))))
    '甲余'
    """
    out: list[str] = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, Seg | Note):
            out.append(text_of(node.children, reading))
        elif isinstance(node, Choice):
            out.append(text_of(node.edited if reading == "corrected" else node.source, reading))
    return "".join(out)
