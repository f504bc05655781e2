"""The glossary (용어집) of the TEI edition: ``<back><div type="glossary">``'s entries.

>>> from yimao.model.edition import load_edition
>>> g = glossary_of(load_edition())
>>> t = g.term("gl-旬空")
>>> t.ko, t.hanja, t.defined_by
('순공', '旬空', 'r-xunkong')
>>> [e.ko for e in g.entries] == sorted(e.ko for e in g.entries)
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from lxml import etree

from yimao.errors import EditionError
from yimao.model.edition import Edition
from yimao.model.tei_xml import NS, XML_ID, XML_LANG

INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
"""The 19 initial consonants of hangul, in 가나다 order."""
INDEX_INITIAL = {"ㄲ": "ㄱ", "ㄸ": "ㄷ", "ㅃ": "ㅂ", "ㅆ": "ㅅ", "ㅉ": "ㅈ"}
"""A dictionary's index files the tense consonants under the plain ones."""


@dataclass(frozen=True, slots=True)
class GlossEntry:
    """One term: its id (``gl-旬空``), Korean word, characters, the variants it replaces,
    whether it always carries its characters, its definition and usage note (``""`` when
    none) and the id of the rule category (``r-xunkong``) or sentence that defines it."""

    id: str
    ko: str
    hanja: str
    variants: tuple[str, ...]
    with_hanja: bool
    definition: str
    note: str
    defined_by: str

    @property
    def initial(self) -> str:
        """The index letter of the word: its first consonant (``순공`` → ``ㅅ``).

        >>> GlossEntry("gl-卦", "괘", "卦", (), False, "", "", "").initial
        'ㄱ'
        """
        return initial(self.ko)


def initial(word: str) -> str:
    """The index letter (plain initial consonant) of a Korean word, ``""`` if it starts with
    no hangul syllable.

    >>> initial("까치"), initial("월파"), initial("六親")
    ('ㄱ', 'ㅇ', '')
    """
    c = word[:1]
    if not ("\uac00" <= c <= "\ud7a3"):
        return ""
    letter = INITIALS[(ord(c) - 0xAC00) // 588]
    return INDEX_INITIAL.get(letter, letter)


class Glossary:
    """The entries in the TEI's order (가나다 order of the Korean word)."""

    def __init__(self, entries: tuple[GlossEntry, ...]) -> None:
        self.entries = entries
        self._by_id = {e.id: e for e in entries}

    def term(self, gid: str) -> GlossEntry:
        try:
            return self._by_id[gid]
        except KeyError:
            raise EditionError(f"unknown glossary entry {gid!r}") from None

    def __len__(self) -> int:
        return len(self.entries)


def _t(tag: str) -> str:
    return f"{{{NS['tei']}}}{tag}"


def _entry(e: etree._Element) -> GlossEntry:
    lemma = e.find(f"{_t('form')}[@type='lemma']")
    if lemma is None:
        raise EditionError(f"glossary entry {e.get(XML_ID)!r} has no lemma form")
    orth = {o.get(XML_LANG): "".join(o.itertext()) for o in lemma.findall(_t("orth"))}
    variants = tuple("".join(o.itertext()) for o in e.iterfind(
        f"{_t('form')}[@type='variant']/{_t('orth')}"))

    def text(path: str) -> str:
        found = e.find(path)
        return "".join(found.itertext()) if found is not None else ""

    ref = e.find(f"{_t('sense')}/{_t('xr')}[@type='defined-by']/{_t('ref')}")
    return GlossEntry(e.get(XML_ID) or "", orth.get("ko", ""), orth.get("lzh", ""), variants,
                      lemma.get("subtype") == "with-hanja", text(f"{_t('sense')}/{_t('def')}"),
                      text(f"{_t('sense')}/{_t('usg')}[@type='hint']"),
                      (ref.get("target") or "").removeprefix("#") if ref is not None else "")


@functools.cache
def glossary_of(edition: Edition) -> Glossary:
    """The glossary of *edition* (read once per edition)."""
    div = edition.tree.find(f"{_t('text')}/{_t('back')}/{_t('div')}[@type='glossary']")
    if div is None:
        return Glossary(())
    return Glossary(tuple(_entry(e) for e in div.iterfind(_t("entry"))))
