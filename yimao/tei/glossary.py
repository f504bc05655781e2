"""The glossary (용어집) compiled into the TEI's back matter.

editorial/glossary.tsv holds one Korean word per concept (its characters, the word the
edition uses, the variants it replaces, whether it always carries its characters, how often
the translation uses it, the rule or passage that defines it, a usage note);
editorial/glossary-defs.tsv adds a short Korean definition to some of them. The builder writes
them as TEI P5 dictionary entries in ``<back><div xml:id="glossary" type="glossary">``, one
``<entry>`` per term, in 가나다 order of the Korean word::

    <entry xml:id="gl-旬空">
     <form type="lemma"><orth xml:lang="ko">순공</orth><orth xml:lang="lzh">旬空</orth></form>
     <form type="variant"><orth xml:lang="ko">…</orth></form>
     <sense>
      <def>…</def>
      <usg type="hint">…</usg>
      <xr type="defined-by"><ref target="#r-xunkong">순공(旬空)</ref></xr>
     </sense>
    </entry>

The id is ``gl-`` + the term's characters (:func:`term_id`): the characters name the concept,
so the id stays when the edition chooses another Korean word for it.

>>> term_id("六親")
'gl-六親'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from yimao.tei.inputs import EDITORIAL, InputError, Rule, tsv_rows
from yimao.tei.markup import el

GLOSSARY_TSV = EDITORIAL / "glossary.tsv"
DEFS_TSV = EDITORIAL / "glossary-defs.tsv"
FIELDS = ["hanja", "ko", "variants", "with_hanja", "translation_uses", "defined_by", "note"]
DEF_FIELDS = ["hanja", "definition"]
TITLE = ("用語", "용어집")
PASSAGE = re.compile(r"p\d{3}(?:-s\d+)?")


@dataclass(frozen=True, slots=True)
class Term:
    hanja: str
    ko: str
    variants: tuple[str, ...]
    with_hanja: bool
    defined_by: str
    note: str
    definition: str = ""


def term_id(hanja: str) -> str:
    """The xml:id of the term written *hanja* (never changes once published)."""
    return f"gl-{hanja}"


def read_terms(path: Path = GLOSSARY_TSV, defs: Path = DEFS_TSV) -> list[Term]:
    """The glossary's terms in 가나다 order of their Korean word (then of their characters)."""
    definitions: dict[str, str] = {}
    if defs.is_file():
        for _line, row in tsv_rows(defs, DEF_FIELDS):
            definitions[row["hanja"]] = row["definition"].strip()
    terms: dict[str, Term] = {}
    for line, row in tsv_rows(path, FIELDS):
        hanja = row["hanja"].strip()
        if not hanja or not all("\u3400" <= c <= "\u9fff" or c > "\uffff" for c in hanja):
            raise InputError(f"{path}:{line}: the term's characters {hanja!r} must be hanja")
        if hanja in terms:
            raise InputError(f"{path}:{line}: {hanja} has two rows")
        terms[hanja] = Term(hanja, row["ko"].strip(),
                            tuple(v for v in row["variants"].split("|") if v),
                            row["with_hanja"] == "yes", row["defined_by"].strip(),
                            row["note"].strip(), definitions.pop(hanja, ""))
    if definitions:
        raise InputError(f"{defs}: {sorted(definitions)[0]} is not in {path.name}")
    return sorted(terms.values(), key=lambda t: (t.ko, t.hanja))


def glossary_div(back: etree._Element, terms: list[Term], rules: list[Rule],
                 ids: set[str]) -> etree._Element:
    """Append the glossary to *back*; a term's defining rule or passage must be in *ids*."""
    titles = {r.id: r.title_ko or r.name_ko for r in rules}
    div = el(back, "div", id="glossary", type="glossary", n=TITLE[1], lang="ko", resp="#ed")
    el(div, "head", TITLE[0], type="title", subtype="edition", lang="lzh")
    el(div, "head", TITLE[1], type="title", subtype="edition", lang="ko")
    for t in terms:
        entry = el(div, "entry", id=term_id(t.hanja))
        form = el(entry, "form", type="lemma", subtype="with-hanja" if t.with_hanja else None)
        el(form, "orth", t.ko, lang="ko")
        el(form, "orth", t.hanja, lang="lzh")
        for v in t.variants:
            el(el(entry, "form", type="variant"), "orth", v, lang="ko")
        sense = el(entry, "sense")
        if t.definition:
            el(sense, "def", t.definition)
        if t.note:
            el(sense, "usg", t.note, type="hint")
        if t.defined_by:
            target = t.defined_by if PASSAGE.fullmatch(t.defined_by) else f"r-{t.defined_by}"
            if target not in ids:
                raise InputError(f"{GLOSSARY_TSV}: {t.hanja}: defined_by {t.defined_by!r} "
                                 "is no rule or sentence of the edition")
            el(el(sense, "xr", type="defined-by"), "ref", titles.get(t.defined_by),
               target=f"#{target}")
        if not len(sense):
            entry.remove(sense)
    return div
