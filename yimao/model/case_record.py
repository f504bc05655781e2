"""The worked cases' types — :class:`Case` and :class:`Claim`, the one case type of the read
model — and the cases of ``tei/yimao.xml`` kept between reads.

:func:`yimao.model.edition.load_cases` reads the cases from the TEI (parsing the 2 MB file) and
keeps them in :data:`CASES_KEPT`, stamped with the file (:func:`stamp`); while the stamp holds,
:func:`kept_cases` gives them back without lxml or the rest of the read model, which is what
makes ``yimao cases`` and ``yimao case`` quick (:func:`yimao.model.cases.load`).

>>> kept_cases() in (None, __import__("yimao.model.edition").model.edition.load_cases())
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from compute.claims.case import NO_INPUTS, Inputs

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TEI = ROOT / "tei" / "yimao.xml"
"""The edition's TEI (``yimao.model.edition.DEFAULT_PATH``)."""

TYPES = ("reported", "schematic", "example", "historical")
"""The kinds of worked case (``seg type="case"`` ``@subtype``)."""
STATUSES = ("confirmed", "contradicted", "not_computable", "two_readings")
"""The statuses a claim may be expected to get (``seg type="claim"`` ``@subtype``)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of a worked case (``seg type="claim"``): its words (diplomatic), catalogue rule,
    the status compute is expected to return, the editors' Korean note on it (``""`` if none),
    and from its ``fs type="check"``: the machine check (compute's check language), the
    editors' working note on how compute is asked (English), and ``sic``/``corr`` when a
    correction changes its words."""

    id: str
    text: str
    rule: str
    expect: str
    check: Mapping[str, Any]
    note: str = ""
    working_note: str = ""
    sic: str = ""
    corr: str = ""


@dataclass(frozen=True, slots=True)
class Case:
    """A worked case — the one case type of the read model, used by the site and the CLI.

    The ``seg type="case"`` in the text (``text`` diplomatic, ``corrected`` in the corrected
    reading) with its record ``fs type="case"`` in ``standOff``: the inputs as the text states
    them (``inputs``: :class:`compute.claims.Inputs`, ``""`` where it states nothing), the
    question, the outcome, the Korean question and title (editorial/case-titles.tsv), the
    ``seg type="outcome"`` ids and the paragraphs where the outcome stands, the case it
    records again (``same_as``), its claims, the editors' Korean notes on the case as a whole
    (``notes``: how it is charted, its source) and on its date (``date_notes``), their
    working note (English, ``fs type="check"``), and the question it answers with its 用神
    as the case reads it (``fs type="case-question"``)."""

    id: str
    passage: str
    type: str
    text: str
    corrected: str = ""
    inputs: Inputs = NO_INPUTS  # what the text states: compute's one case-inputs type
    question: str = ""
    outcome: str = ""
    question_ko: str = ""
    title_ko: str = ""
    outcome_ids: tuple[str, ...] = ()
    outcome_paragraphs: tuple[str, ...] = ()
    same_as: str = ""
    claims: tuple[Claim, ...] = ()
    notes: tuple[str, ...] = ()
    date_notes: tuple[str, ...] = ()
    working_note: str = ""
    question_id: str = ""  # the 筮類 question the case answers (shilei-26-q23), if any …
    yongshen: Mapping[str, Any] | None = None  # … and its 用神 as the case reads it:
    # {relative or role, lines, hidden} (None where the editors give none)
    yongshen_note: str = ""  # how the case reads it, where the question's own 用神 differs

    @property
    def date(self) -> str:
        """The date as the book gives it (:attr:`compute.claims.Inputs.date`).

        >>> Case("x", "p1", "example", "", inputs=Inputs("乾", year="己亥", day="癸酉")).date
        '己亥年 癸酉日'
        """
        return self.inputs.date

    @property
    def hexagrams(self) -> str:
        return self.inputs.hexagrams

    @property
    def date_note(self) -> str:
        """The editors' notes on the date, in one line."""
        return " ".join(self.date_notes)

CASES_KEPT = ROOT / "build" / "cache" / "cases.json"
"""The worked cases of ``tei/yimao.xml`` as :func:`~yimao.model.edition.load_cases` last read
them from it (build/, not tracked), with the file's :func:`stamp`: while the stamp holds,
``yimao cases`` and ``yimao case`` take the cases from here instead of parsing the 2 MB TEI
again (as Python keeps bytecode beside a module's source). The TEI stays their only source: any
change of the file (a rebuild, a checkout, an edit) or of its reader (this module,
``edition.py``) changes the stamp, and the next read parses the TEI and keeps its cases anew. A
kept file that cannot be read or does not fit is read past; one that cannot be written is not
kept.

The stamp alone is not trusted (issue 26): the kept file also names the SHA-256 of the TEI's
and the readers' bytes (:func:`source_digest`, checked on every read: a few milliseconds) and
a check digest of its own content (``check``: the source digest and the cases as written), and
its cases must be there (an edition without worked cases is not this one) and build as
:class:`Case` values: a file that fails any of these is read past and written anew."""

READERS = (Path(__file__), Path(__file__).with_name("edition.py"))
"""The modules whose code makes the kept cases: a change to either reads the TEI again."""


def stamp(tei: Path | str | None = None) -> list[int]:
    """What identifies a TEI file (by default ``tei/yimao.xml``) and the reader of its cases:
    the file's size, modification time and inode, and the :data:`READERS`' too."""
    out = []
    for path in (DEFAULT_TEI if tei is None else tei, *READERS):
        st = os.stat(path)
        out += [st.st_size, st.st_mtime_ns, st.st_ino]
    return out


def source_digest(tei: Path | str | None = None) -> str:
    """SHA-256 of the TEI file's bytes and of the :data:`READERS`' (what the cases come from)."""
    h = hashlib.sha256()
    for path in (DEFAULT_TEI if tei is None else tei, *READERS):
        data = Path(path).read_bytes()
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _check(source: str, cases: Any) -> str:
    """The check digest of a kept file: its source digest and its cases, canonically."""
    body = json.dumps(cases, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((source + "\0" + body).encode("utf-8")).hexdigest()


_TUPLES = frozenset(f.name for f in fields(Case) if f.default == ())
"""The fields of a Case that are tuples (JSON has lists)."""

_KEPT: dict[tuple[int, ...], tuple[Case, ...]] = {}
"""The kept cases read in this process, by stamp."""


def kept_cases() -> tuple[Case, ...] | None:
    """The cases kept from ``tei/yimao.xml`` while its :func:`stamp` holds, else None."""
    try:
        now = stamp()
        found = _KEPT.get(tuple(now))
        if found is not None:
            return found
        kept = json.loads(CASES_KEPT.read_bytes())
        if kept.get("stamp") != now or not kept.get("cases"):
            return None
        source = source_digest()
        if kept.get("source") != source or kept.get("check") != _check(source, kept["cases"]):
            return None
        found = tuple(
            Case(**{k: (tuple(Claim(**c) for c in v) if k == "claims"
                        else Inputs(**v) if k == "inputs"
                        else tuple(v) if k in _TUPLES else v) for k, v in case.items()})
            for case in kept["cases"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    _KEPT[tuple(now)] = found
    return found


def keep_cases(cases: tuple[Case, ...]) -> None:
    """Keep *cases*, read from ``tei/yimao.xml`` as it is now, in :data:`CASES_KEPT` (nothing
    is kept where it cannot be written)."""
    from yimao import atomic

    kept = json.loads(json.dumps([asdict(c) for c in cases], ensure_ascii=False))
    try:
        source = source_digest()
    except OSError:
        return
    record = {"stamp": stamp(), "source": source, "check": _check(source, kept),
              "cases": kept}
    try:
        CASES_KEPT.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(CASES_KEPT, json.dumps(record, ensure_ascii=False).encode("utf-8"),
                           durable=False)
    except OSError:
        pass


__all__ = ["CASES_KEPT", "DEFAULT_TEI", "STATUSES", "TYPES", "Case", "Claim", "keep_cases",
           "kept_cases", "source_digest", "stamp"]
