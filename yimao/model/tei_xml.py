"""The TEI file read safely, and its elements as plain values: the namespaces, the strict
parser (:func:`parse_xml`: UTF-8 only, no DOCTYPE, no entities, nothing fetched), an element's
text in one reading (:func:`text_of`), a feature structure as a dict (:func:`feature_values`) and
the one form of an error, ``file:line: what is wrong`` (:func:`fail`).

The edition (:mod:`yimao.model.edition`), the worked cases' records
(:mod:`yimao.model.case_records`), the glossary and the examples read the TEI through these.

>>> tei_tag("p"), quote("#p001")
('{http://www.tei-c.org/ns/1.0}p', "'#p001'")
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

from lxml import etree

from yimao.errors import EditionError
from yimao.model.text import READINGS

TEI_NS = "http://www.tei-c.org/ns/1.0"
NS = {"tei": TEI_NS}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SHOWN = 40
"""How many characters of a bad value an error message quotes."""
LARGEST = 64 * 2**20
"""The largest XML file read (the edition is about 3.3 MB)."""


def tei_tag(tag: str) -> str:
    """A TEI element's name as lxml spells it (``{namespace}tag``)."""
    return f"{{{TEI_NS}}}{tag}"


def fail(path: str | Path, e: etree._Element | None, what: str) -> NoReturn:
    """Refuse the file with one :class:`~yimao.errors.EditionError`: ``file:line: what``."""
    line = e.sourceline if e is not None and e.sourceline else 0
    raise EditionError(f"{path}:{line}: {' '.join(what.split())}")


def feature_values(fs: etree._Element) -> dict[str, Any]:
    """A TEI feature structure as plain values: ``fs`` → dict, ``vColl`` → list, ``binary`` →
    bool, ``numeric`` → int, ``string`` → its text, ``symbol`` → its value.

    >>> fs = etree.fromstring(
    ...     f'<fs xmlns="{TEI_NS}"><f name="kind"><string>moving</string></f><f name="equals">'
    ...     '<vColl org="list"><numeric value="1"/><numeric value="3"/></vColl></f>'
    ...     '<f name="b"><fs><f name="role"><symbol value="世"/></f></fs></f>'
    ...     '<f name="on"><binary value="true"/></f></fs>')
    >>> feature_values(fs)
    {'kind': 'moving', 'equals': [1, 3], 'b': {'role': '世'}, 'on': True}
    """
    return {f.get("name") or "": _feature_value(f[0]) for f in fs.iterchildren(_F) if len(f)}


_F = f"{{{TEI_NS}}}f"
_VALUE_KINDS = {f"{{{TEI_NS}}}{k}": k
                for k in ("fs", "vColl", "binary", "numeric", "symbol", "string")}


def _feature_value(v: etree._Element) -> Any:
    kind = _VALUE_KINDS.get(v.tag) or etree.QName(v).localname
    if kind == "fs":
        return feature_values(v)
    if kind == "vColl":
        return [_feature_value(x) for x in v if isinstance(x.tag, str)]
    if kind == "binary":
        return v.get("value") == "true"
    if kind == "numeric":
        value = v.get("value") or "0"
        return float(value) if any(c in value for c in ".eE") else int(value)
    if kind == "symbol":
        return v.get("value") or ""
    return plain_text(v)


def plain_text(e: etree._Element) -> str:
    """All the text inside an element, as it stands (no reading chosen, notes included)."""
    return "".join(e.itertext()) if len(e) else e.text or ""


def text_of(e: etree._Element, reading: str = "corrected") -> str:
    """The text of a paragraph (or any inline element) in one reading.

    ``diplomatic``: the transcription exactly (orig/sic, transcriber's queries kept);
    ``corrected``: reg/corr instead of orig/sic, transcriber's queries dropped.
    Editorial notes (type editorial/correction) are never part of the text.
    """
    check_reading(reading)
    skip = {tei_tag("reg"), tei_tag("corr")} if reading == "diplomatic" \
        else {tei_tag("orig"), tei_tag("sic")}
    out: list[str] = []

    def walk(node: etree._Element) -> None:
        if node.text:
            out.append(node.text)
        for child in node:
            if isinstance(child.tag, str) and not _skipped(child, skip, reading):
                walk(child)
            if child.tail:
                out.append(child.tail)

    walk(e)
    return "".join(out)


def check_reading(reading: str) -> None:
    """Refuse a reading other than ``diplomatic`` and ``corrected``."""
    if reading not in READINGS:
        raise EditionError(f"unknown reading {reading!r}; use {' or '.join(READINGS)}")


def _skipped(e: etree._Element, skip: set[str], reading: str) -> bool:
    if e.tag in skip:
        return True
    if e.tag == tei_tag("note"):
        kind = e.get("type")
        if kind in ("editorial", "correction"):
            return True
        if kind == "transcriber" and reading == "corrected":
            return True
    return False


def quote(value: str) -> str:
    """A value as an error message quotes it: at most :data:`SHOWN` characters.

    >>> quote("#p001"), quote("x" * 50)
    ("'#p001'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'…")
    """
    return repr(value) if len(value) <= SHOWN else f"{value[:SHOWN]!r}…"


# Entities, DTDs and the network stay off whatever the file says; the tree may not be huge.
_PARSER = dict(resolve_entities=False, load_dtd=False, no_network=True, dtd_validation=False,
               huge_tree=False)
_DOCTYPE = re.compile(rb"(?>\s|<\?.*?\?>|<!--.*?-->)*+<!DOCTYPE", re.S)
"""A DOCTYPE after the prolog's white space, processing instructions and comments (atomic and
possessive: without them a miss backtracked into every later comment of the file, 40 ms)."""


def parse_xml(path: str | Path) -> etree._ElementTree:
    """Parse an XML file safely (see the module doc): UTF-8 only, no DOCTYPE, no entities;
    anything else is an :class:`EditionError` ``file:line: what is wrong``."""
    try:
        with open(path, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise EditionError(f"{path}:0: not a regular file")
            data = f.read(LARGEST + 1)
    except OSError as exc:
        raise EditionError(f"{path}:0: cannot read the file: {exc.strerror}") from None
    if len(data) > LARGEST:
        raise EditionError(f"{path}:0: larger than {LARGEST // 2**20} MB; the edition is 3.3 MB")
    body = data.removeprefix(b"\xef\xbb\xbf")
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start + len(data) - len(body)
        line = data.count(b"\n", 0, start) + 1
        column = start - (data.rfind(b"\n", 0, start) + 1) + 1
        raise EditionError(f"{path}:{line}: not UTF-8 (byte 0x{data[start]:02X} at column "
                           f"{column}); the TEI must be UTF-8") from None
    m = _DOCTYPE.match(body)
    if m:
        line = data.count(b"\n", 0, m.end() + len(data) - len(body)) + 1
        raise EditionError(f"{path}:{line}: a DOCTYPE is not allowed (no DTD, no entities: "
                           "write the characters themselves)")
    try:
        tree = etree.fromstring(data, etree.XMLParser(**_PARSER)).getroottree()
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or (exc.position[0] if exc.position else 0)
        msg = exc.msg if hasattr(exc, "msg") else str(exc)
        msg = re.sub(r",? line \d+, column \d+$", "", " ".join(str(msg).split()))
        raise EditionError(f"{path}:{line}: malformed XML: {msg}") from None
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:  # pragma: no cover
        raise EditionError(f"{path}:1: a DOCTYPE is not allowed (no DTD, no entities)")
    for node in tree.getroot().iter(etree.Entity):
        raise EditionError(f"{path}:{node.sourceline or 0}: an entity reference "
                           f"{quote(str(node.text))} is not allowed")
    return tree
