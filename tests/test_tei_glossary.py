"""The glossary (editorial/glossary.tsv, 용어집): one Korean word per concept, held across the
edition's reader text (editorial/'s Korean cells, examples.toml, the site's pages, templates
and scripts, compute's Korean messages): a listed variant is never used instead of the chosen
word; a word that reads as something else without its characters (조상 for 助傷) always
carries them; and a term given with its characters is read as the glossary reads it (no
「수귀입묘(隨官入墓)」)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from compute.messages import CATALOGUE
from compute.registry import all_rules

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "editorial" / "glossary.tsv"
COLUMNS = ["hanja", "ko", "variants", "with_hanja", "translation_uses", "defined_by", "note"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
PAIR = re.compile(r"([\uac00-\ud7a3]+)\(([\u4e00-\u9fff]+)[),:]")
PASSAGE = re.compile(r"p\d{3}(-s\d+)?")


def read_glossary() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        assert next(reader) == COLUMNS
        rows = [dict(zip(COLUMNS, cells, strict=True)) for cells in reader]
    return rows


TERMS = read_glossary()

OWNED_ELSEWHERE = range(217, 402)
"""The 筮類 rows of rules-ko.tsv (lines 217-401), rewritten on branch i22-yong: checked, but
what they hold today is listed in :data:`PENDING` (which must shrink, never grow)."""

PENDING: frozenset[tuple[str, str]] = frozenset()


def reader_text() -> list[tuple[str, str]]:
    """(where, text) of every piece of reader text the glossary holds."""
    out: list[tuple[str, str]] = []
    editorial = ROOT / "editorial"
    for name in ("rules-ko.tsv", "case-titles.tsv", "case-notes.tsv", "chapters.tsv",
                 "glossary-defs.tsv"):
        for n, line in enumerate((editorial / name).read_text(encoding="utf-8").splitlines(), 1):
            if n > 1:
                out.append((f"{name}:{n}", line.partition("\t")[2]))
    for n, line in enumerate((editorial / "examples.toml").read_text(encoding="utf-8")
                             .splitlines(), 1):
        if HANGUL.search(line) and not line.lstrip().startswith("#"):
            out.append((f"examples.toml:{n}", line))
    pages = [*(ROOT / "site").glob("*.md"), *(ROOT / "site" / "_templates").rglob("*.html"),
             *(ROOT / "site" / "_static").glob("*.js")]
    for path in sorted(pages):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HANGUL.search(line):
                out.append((f"{path.relative_to(ROOT)}:{n}", line))
    for key, (_en, ko) in CATALOGUE.items():
        out.append((f"compute.messages:{key}", ko))
    return out


TEXT = reader_text()


def findings(text: list[tuple[str, str]], terms: list[dict[str, str]]) -> set[tuple[str, str]]:
    """(where, what) of every departure from the glossary in *text*.

    >>> t = [{"hanja": "助傷", "ko": "조상", "variants": "", "with_hanja": "yes"},
    ...      {"hanja": "痘", "ko": "두창", "variants": "천연두|두진", "with_hanja": ""},
    ...      {"hanja": "隨官入墓", "ko": "수관입묘", "variants": "", "with_hanja": ""}]
    >>> sorted(findings([("a", "조상이 있다"), ("b", "조상(助傷)"), ("c", "천연두에"),
    ...                  ("d", "수귀입묘(隨官入墓)"), ("e", "무덤(隨官入墓)"),
    ...                  ("f", "조상장(助傷章)")], t))
    [('a', '조상'), ('c', '천연두'), ('d', '수귀입묘(隨官入墓)')]
    """
    by_hanja = {t["hanja"]: t for t in terms}
    out = set()
    for where, line in text:
        for t in terms:
            for variant in filter(None, t["variants"].split("|")):
                if variant in line:
                    out.add((where, variant))
            if t["with_hanja"] == "yes":
                carried = re.escape(t["ko"]) + r"[\uac00-\ud7a3]*\([^)]*" + re.escape(t["hanja"])
                bare = re.sub(carried, "", line)
                if t["ko"] in bare:
                    out.add((where, t["ko"]))
        for m in PAIR.finditer(line):
            word, hanja = m.groups()
            t = by_hanja.get(hanja)
            if t is None or " " in t["ko"] or len(word) < len(hanja):
                continue
            reading = word[-len(hanja):]
            same = sum(a == b for a, b in zip(reading, t["ko"], strict=False))
            close = len(reading) == len(t["ko"]) >= 3 and same >= len(reading) - 1
            if reading != t["ko"] and close:
                out.add((where, f"{word}({hanja})"))
    return out


def test_the_glossary_is_well_formed() -> None:
    rules = {r.id for r in all_rules()}
    assert len(TERMS) >= 300
    hanja = [t["hanja"] for t in TERMS]
    assert len(set(hanja)) == len(hanja), "a term has two rows"
    chosen = {t["ko"] for t in TERMS}
    for t in TERMS:
        assert HANGUL.search(t["ko"]), t
        assert not set(filter(None, t["variants"].split("|"))) & chosen, t
        assert t["with_hanja"] in ("", "yes"), t
        assert t["translation_uses"].isdigit(), t
        by = t["defined_by"]
        assert not by or by in rules or PASSAGE.fullmatch(by), t


def test_reader_text_holds_the_glossary_s_words() -> None:
    found = findings(TEXT, TERMS)
    owned = {(w, what) for w, what in found if w.startswith("rules-ko.tsv:")
             and int(w.rpartition(":")[2]) in OWNED_ELSEWHERE}
    assert found - owned == set(), sorted(found - owned)
    assert owned <= PENDING, sorted(owned - PENDING)  # the 筮類 rows: only what they held


@pytest.mark.parametrize("pending", sorted(PENDING))
def test_a_pending_departure_is_still_there(pending: tuple[str, str]) -> None:
    """A fixed one leaves :data:`PENDING` (the list only shrinks)."""
    assert pending in findings(TEXT, TERMS)
