"""Small lxml helpers for writing TEI: namespaced names, a fixed attribute order, structural
indentation that never touches mixed content, deterministic serialisation.

>>> e = el(None, "note", target="#p001", id="p001-n1", type="commentary")
>>> etree.tostring(e, encoding="unicode")
'<note xmlns="http://www.tei-c.org/ns/1.0" xml:id="p001-n1" type="commentary" target="#p001"/>'
"""

from __future__ import annotations

from lxml import etree

TEI = "http://www.tei-c.org/ns/1.0"
XML = "http://www.w3.org/XML/1998/namespace"
XML_ID = f"{{{XML}}}id"
XML_LANG = f"{{{XML}}}lang"
NSMAP = {None: TEI}
NS = {"tei": TEI}

# Attribute order in the output (keyword names; "id"/"lang" are xml:id/xml:lang).
ORDER = [
    "id", "type", "subtype", "n", "lang", "place", "when", "ident", "unit", "match", "use",
    "delim", "corresp", "target", "prev", "next", "ana", "resp", "cert", "source", "status",
    "role", "scheme", "key", "ref", "version",
]
RENAME = {"id": XML_ID, "lang": XML_LANG}

# Elements whose content is text (possibly mixed): never indented inside.
MIXED = {
    "p", "ab", "head", "note", "seg", "choice", "sic", "corr", "orig", "reg", "title", "catDesc",
    "desc", "resp", "name", "persName", "addName", "date", "language", "item", "label",
    "publisher", "pubPlace", "idno", "licence", "edition", "authority", "bibl", "author",
    "editor", "term", "foreign",
}


def T(tag: str) -> str:
    """Clark name of a TEI element."""
    return f"{{{TEI}}}{tag}"


def attrs(**kw: str | None) -> tuple[tuple[str, str], ...]:
    """Attributes as an ordered tuple (``None`` values dropped), in :data:`ORDER`.

    >>> attrs(type="x", id="a", lang="ko")
    (('{http://www.w3.org/XML/1998/namespace}id', 'a'), ('type', 'x'), \
('{http://www.w3.org/XML/1998/namespace}lang', 'ko'))
    """
    unknown = set(kw) - set(ORDER)
    if unknown:
        raise KeyError(f"attribute(s) {sorted(unknown)} missing from tei_xml.ORDER")
    return tuple((RENAME.get(k, k), v) for k in ORDER if (v := kw.get(k)) is not None)


def el(parent: etree._Element | None, tag: str, text: str | None = None, **kw: str | None):
    """Create a TEI element (child of ``parent`` if given) with ordered attributes."""
    name = T(tag)
    e = etree.Element(name, nsmap=NSMAP) if parent is None else etree.SubElement(parent, name)
    for k, v in attrs(**kw):
        e.set(k, v)
    if text:
        e.text = text
    return e


def _local(e: etree._Element) -> str:
    return etree.QName(e).localname if isinstance(e.tag, str) else ""


def indent(e: etree._Element, level: int = 0, step: str = " ") -> None:
    """Indent element-only content; leave every element with text in it untouched."""
    if _local(e) in MIXED or not len(e):
        return
    if (e.text and e.text.strip()) or any(c.tail and c.tail.strip() for c in e):
        return
    pad = "\n" + step * (level + 1)
    e.text = pad
    for c in e:
        c.tail = pad
        indent(c, level + 1, step)
    e[-1].tail = "\n" + step * level


def serialize(root: etree._Element) -> bytes:
    indent(root)
    body = etree.tostring(root, encoding="UTF-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"
