"""The editors' data the TEI is compiled from: editorial/chapters.tsv, editorial/corrections.tsv
and the rule registry of compute (compute/registry.py).

Formats are documented in tei/README.md (each file's header line names its columns); these
readers check them and fail with ``file:line: what is wrong``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from yimao.tei.source import ROOT

EDITORIAL = ROOT / "editorial"
CHAPTERS_TSV = EDITORIAL / "chapters.tsv"
CORRECTIONS_TSV = EDITORIAL / "corrections.tsv"

CHAPTER_FIELDS = ["id", "part", "n", "first", "title_zh", "title_ko", "title_status", "note"]
CORRECTION_FIELDS = ["para", "offset", "sic", "corr", "kind", "class", "reason"]
PARTS = ("front", "lifa", "shilei", "back")
TITLE_STATUSES = ("source", "edition", "conjecture")
KINDS = ("reg", "corr", "conj", "query")
"""``reg`` normalisation, ``corr`` correction (a graphic, phonetic or mechanical error),
``conj`` an editors' query: a reading inferred from doctrine, calculation or context
without graphic support (editorial/claims-audit.md §8), ``query`` a transcriber's query."""


class InputError(ValueError):
    """A malformed row in one of the editorial tables."""


@dataclass(frozen=True, slots=True)
class ChapterRow:
    id: str
    part: str
    n: str
    first: str
    title_zh: str
    title_ko: str
    title_status: str
    note: str


@dataclass(frozen=True, slots=True)
class Correction:
    """One row of corrections.tsv; ``end`` = offset + len(sic)."""

    para: str
    offset: int
    sic: str
    corr: str
    kind: str
    cls: str
    reason: str
    line: int = 0

    @property
    def end(self) -> int:
        return self.offset + len(self.sic)


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the registry: catalogue id, names, the sentence ids that state it."""

    id: str
    name_zh: str
    name_ko: str
    sentences: tuple[str, ...]
    title_ko: str = ""  # editorial/rules-ko.tsv: the reader's Korean name …
    statement_ko: str = ""  # … what the book says …
    compute_ko: str = ""  # … and what compute does with it (or why it does not)
    implementations: tuple[tuple[str, str], ...] = ()  # (kind, dotted name or "") per impl


def present(path: Path) -> Path:
    """*path*, or an :class:`InputError` naming it when the file is missing (every input of
    the TEI is required: a missing one would silently drop its layer).

    >>> present(Path("editorial/none.tsv"))
    Traceback (most recent call last):
    yimao.tei.inputs.InputError: editorial/none.tsv: missing (the TEI is compiled from it)
    """
    if not path.is_file():
        raise InputError(f"{path}: missing (the TEI is compiled from it)")
    return path


def tsv_rows(path: Path, fields: list[str]) -> Iterable[tuple[int, dict[str, str]]]:
    """The rows of an editorial TSV file with the header *fields* exactly, each with its line
    number; a missing file, another header or a row of another length is an InputError."""
    with present(path).open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        if reader.fieldnames != fields:
            raise InputError(f"{path}:1: header must be {' '.join(fields)}")
        for row in reader:
            if None in row or any(v is None for v in row.values()):
                raise InputError(f"{path}:{reader.line_num}: expected {len(fields)} columns")
            yield reader.line_num, row


def read_chapters(path: Path = CHAPTERS_TSV) -> list[ChapterRow]:
    out = []
    for line, row in tsv_rows(path, CHAPTER_FIELDS):
        if row["part"] not in PARTS:
            raise InputError(f"{path}:{line}: part {row['part']!r} not in {PARTS}")
        if row["title_status"] not in TITLE_STATUSES:
            raise InputError(f"{path}:{line}: title_status {row['title_status']!r}")
        out.append(ChapterRow(**row))
    return out


def read_corrections(path: Path = CORRECTIONS_TSV) -> list[Correction]:
    """Rows of corrections.tsv."""
    out = []
    for line, row in tsv_rows(path, CORRECTION_FIELDS):
        if row["kind"] not in KINDS:
            raise InputError(f"{path}:{line}: kind {row['kind']!r} not in {KINDS}")
        try:
            offset = int(row["offset"])
        except ValueError:
            raise InputError(f"{path}:{line}: offset {row['offset']!r} is not a number") from None
        out.append(
            Correction(
                row["para"], offset, row["sic"], row["corr"], row["kind"], row["class"],
                row["reason"], line,
            )
        )
    return out


def read_rules() -> list[Rule]:
    """The rule registry of compute (compute/registry.py), in registration order.

    Importing :mod:`compute` registers every rule (its ``RULE_MODULES``).
    """
    from compute.registry import all_rules

    ko = read_rules_ko()
    return [Rule(r.id, r.zh, r.ko, tuple(r.passages), *ko.get(r.id, ("", "", "")),
                 tuple((i.kind, i.name or "") for i in r.impls))
            for r in all_rules()]


RULES_KO_TSV = EDITORIAL / "rules-ko.tsv"
RULES_KO_FIELDS = ["id", "title_ko", "statement_ko", "compute_ko"]


def read_rules_ko(path: Path = RULES_KO_TSV) -> dict[str, tuple[str, str, str]]:
    """editorial/rules-ko.tsv: ``{rule id: (title_ko, statement_ko, compute_ko)}``."""
    return {row["id"]: (row["title_ko"], row["statement_ko"], row["compute_ko"])
            for _, row in tsv_rows(path, RULES_KO_FIELDS)}
