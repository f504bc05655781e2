"""Markup layers as character ranges over an immutable paragraph string.

Every layer of the edition's inline markup — sentences, the author's commentary notes, the
editors' choices, later worked cases and claims — is a :class:`Span`: a half-open range
``[start, end)`` of the paragraph's text, an element name and its attributes. The text itself
is never changed: :func:`render` only wraps ranges of it in elements, so the string value of the
diplomatic reading is always the source paragraph.

Spans must nest: two spans either are disjoint or one contains the other. Spans over the same
range are nested by ``rank`` (lower rank = outer). A :class:`Span` with ``inner`` set wraps its
range in a child element (``sic``/``orig``) and appends ``extra`` siblings after it — this is how
a ``<choice>`` keeps the source text in ``<sic>`` and adds the editors' ``<corr>``.

>>> from lxml import etree
>>> p = etree.Element("p")
>>> render(p, "甲乙。丙（注）。", [
...     Span(0, 3, "seg", (("n", "1"),), rank=RANK_SENTENCE),
...     Span(3, 8, "seg", (("n", "2"),), rank=RANK_SENTENCE),
...     Span(4, 7, "note", (), rank=RANK_NOTE),
...     Span(1, 2, "choice", (), rank=RANK_CHOICE, inner="sic", extra=(("corr", (), "己"),)),
... ])
>>> print(etree.tostring(p, encoding="unicode").replace("</seg>", "</seg>\\n"))
<p><seg n="1">甲<choice><sic>乙</sic><corr>己</corr></choice>。</seg>
<seg n="2">丙<note>（注）</note>。</seg>
</p>
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

# Nesting order for spans over the same range: lower rank is outer.
RANK_CASE = 10  # worked case (seg type="case"), may hold several sentences
RANK_SENTENCE = 20  # seg type="sentence"
RANK_CLAIM = 30  # seg type="claim" inside a sentence
RANK_NOTE = 40  # note (commentary, transcriber's query)
RANK_CHOICE = 50  # choice sic/corr, orig/reg

Attrs = tuple[tuple[str, str], ...]


class NestingError(ValueError):
    """Two spans overlap without one containing the other."""


@dataclass(frozen=True, slots=True)
class Span:
    """One element over ``text[start:end]``.

    ``attrib`` is an ordered tuple of (name, value) pairs (Clark names for namespaced
    attributes, e.g. ``{http://www.w3.org/XML/1998/namespace}id``). ``inner``: if set, the
    covered text goes into a child element of that name and ``extra`` elements
    ``(tag, attrib, text)`` follow it inside the span's element.
    """

    start: int
    end: int
    tag: str
    attrib: Attrs = ()
    rank: int = RANK_SENTENCE
    inner: str | None = None
    extra: tuple[tuple[str, Attrs, str], ...] = ()

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end


def _order(spans: list[Span]) -> list[Span]:
    return sorted(spans, key=lambda s: (s.start, -s.end, s.rank))


def check_nesting(spans: list[Span], label: str = "") -> None:
    """Raise :class:`NestingError` if two spans cross.

    >>> check_nesting([Span(0, 3, "seg"), Span(2, 5, "note")], "p001")
    Traceback (most recent call last):
    ...
    yimao.tei.layers.NestingError: p001: note [2, 5) crosses seg [0, 3)
    """
    stack: list[Span] = []
    for s in _order(spans):
        if s.start > s.end:
            raise NestingError(f"{label}: {s.tag} has start {s.start} > end {s.end}")
        while stack and stack[-1].end <= s.start and not (
            stack[-1].start == stack[-1].end == s.start
        ):
            stack.pop()
        if stack and not stack[-1].contains(s):
            outer = stack[-1]
            raise NestingError(
                f"{label}: {s.tag} [{s.start}, {s.end}) crosses {outer.tag} "
                f"[{outer.start}, {outer.end})"
            )
        stack.append(s)


def _append_text(parent: etree._Element, text: str) -> None:
    if not text:
        return
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _make(parent: etree._Element, tag: str, attrib: Attrs) -> etree._Element:
    el = etree.SubElement(parent, tag)
    for name, value in attrib:
        el.set(name, value)
    return el


def render(parent: etree._Element, text: str, spans: list[Span], tag_ns: str = "") -> None:
    """Append ``text`` to ``parent`` with every span turned into an element.

    ``tag_ns`` is prefixed to element names (``"{http://www.tei-c.org/ns/1.0}"``).
    Raises :class:`NestingError` when spans cross.
    """
    check_nesting(spans)
    ordered = _order(spans)

    def fill(container: etree._Element, start: int, end: int, items: list[Span]) -> None:
        pos = start
        i = 0
        while i < len(items):
            s = items[i]
            # children of s: the following items it contains
            j = i + 1
            while j < len(items) and s.contains(items[j]) and items[j].start < s.end:
                j += 1
            _append_text(container, text[pos : s.start])
            el = _make(container, tag_ns + s.tag, s.attrib)
            target = etree.SubElement(el, tag_ns + s.inner) if s.inner else el
            fill(target, s.start, s.end, items[i + 1 : j])
            for xtag, xattrib, xtext in s.extra:
                x = _make(el, tag_ns + xtag, xattrib)
                x.text = xtext or None
            pos = s.end
            i = j
        _append_text(container, text[pos:end])

    fill(parent, 0, len(text), ordered)
