"""The worked-case layer: editorial/cases.toml → ``seg type="case"`` and ``seg type="claim"``,
each case's inputs and outcome as a feature structure, its outcome inline, and the editors'
Korean notes on contradicted / not computable claims and on doubtful dates.

Each case (``p450-case1``) is located in its Chinese paragraph by its exact ``text`` (the first
occurrence after the previous case of the same paragraph), each claim (``p450-case1-c1``)
inside its case by its ``text`` (in text order). A claim carries its catalogue rule id in ``n``,
``ana="#r-<rule>"`` when the rule is in the taxonomy (compute's registry), and ``subtype`` = the
status compute is expected to return (confirmed | contradicted | not_computable | two_readings).

The case's structured record goes to ``standOff type="cases"``: one
``<fs type="case" xml:id="p450-case1-fs" corresp="#p450-case1">`` with ``<f name="…">`` for
:data:`FEATURES` that the case states (``<symbol value="午"/>`` for pillars, branches, hexagram
names and the type; ``<string>`` for the question and the outcome); an absent input has no ``f``.
Where the outcome can be found in the case's paragraph it is also marked inline as
``<seg type="outcome" xml:id="p450-case1-o1" corresp="#p450-case1">`` (split into fragments
chained by ``@next``/``@prev`` where it would cross other markup).

>>> c = Case("p001-case1", "p001", "冒", "example", (Claim("冒", "x-rule", "confirmed"),))
>>> [(s.start, s.end, s.tag) for s in locate(c, "易冒", 0)[1]]
[(1, 2, 'seg'), (1, 2, 'seg')]
>>> outcome_ranges("後果得利", "如午建占財，後果得利。", 0)
[[(6, 10)]]
>>> outcome_ranges("守…肥遁；得名（屯之比而得名）", "守而肥遁，得名", 0)
[[(0, 4)], [(5, 7)]]
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from compute.claims import INPUTS, NO_INPUTS, Inputs
from yimao import ids
from yimao.tei.inputs import EDITORIAL, InputError, present
from yimao.tei.layers import RANK_CASE, RANK_CLAIM, Span
from yimao.tei.markup import attrs, el, feature_value

CASES_TOML = EDITORIAL / "cases.toml"
CASES_WHERE = "editorial/cases.toml"
"""How an error names cases.toml (where a check value has no TEI form)."""
CASE_NOTES_TSV = EDITORIAL / "case-notes.tsv"
CASE_NOTE_FIELDS = ["target", "kind", "note"]
NOTE_KINDS = ("date", "case", "contradicted", "not_computable", "two_readings")
RANK_OUTCOME = RANK_CASE + 5  # inside a case, outside the sentences it may cover
FEATURES = ("type", *(k for k in INPUTS if k not in ("primary", "changed")), "question",
            "primary", "changed", "outcome")
"""The features of a case's ``fs``, in this order: its type, the date inputs of
:data:`compute.claims.INPUTS` (the one list of what a case may state), the question, the
hexagrams, the outcome; question and outcome are strings.

>>> " ".join(FEATURES)
'type year month day xun hour birth question primary changed outcome'
"""
STRING_FEATURES = ("question", "outcome")
CASE_QUESTIONS_TOML = EDITORIAL / "cases-proposed.toml"
"""Its ``[[case_question]]`` rows: each case's question id and its 用神 as the case reads it
(documented at the file's top), compiled into ``<fs type="case-question">``."""
CASE_TITLES_TSV = EDITORIAL / "case-titles.tsv"
CASE_TITLE_FIELDS = ["id", "question_ko", "title_ko"]
KO_FEATURES = ("question_ko", "title_ko")
"""Features from editorial/case-titles.tsv, after :data:`FEATURES`: Korean strings
(``<string xml:lang="ko">``), the question and the title readers see."""
_GLOSS = re.compile(r"（[^（）]*）")
_WORD = re.compile(r"\w")


@dataclass(frozen=True, slots=True)
class Claim:
    text: str
    rule: str
    expect: str
    check: Mapping[str, Any] | None = None  # the machine check (cases.toml's mini-language)
    note: str = ""  # the editors' working note (how compute is asked; English)
    sic: str = ""  # the claim's text as received, when corrections.tsv corrects it
    corr: str = ""


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    para: str
    text: str
    type: str
    claims: tuple[Claim, ...]
    same_as: str = ""
    features: tuple[tuple[str, str], ...] = ()  # (name, value), non-empty: all but the inputs
    note: str = ""  # the editors' working note on the case (English)
    reading: Mapping[str, Any] | None = None  # its [[case_question]] row (without ``case``)
    inputs: Inputs = NO_INPUTS  # what the case states (compute's one case-inputs type)

    def feature(self, name: str) -> str:
        if name in INPUTS:
            return str(getattr(self.inputs, name))
        return dict(self.features).get(name, "")

    def record(self) -> tuple[tuple[str, str], ...]:
        """The features of its ``fs``: (name, value) in the order of :data:`FEATURES`, then
        :data:`KO_FEATURES`, those it has.

        >>> Case("x", "p1", "", "reported", (), features=(("outcome", "得"),),
        ...      inputs=Inputs("困", month="午")).record()
        (('month', '午'), ('primary', '困'), ('outcome', '得'))
        """
        return tuple((name, v) for name in (*FEATURES, *KO_FEATURES) if (v := self.feature(name)))


@dataclass(frozen=True, slots=True)
class CaseNote:
    """A Korean editorial note on a claim (kind = its status), on a case's date (``date``) or
    on the case as a whole (``case``: how it is charted, the source it comes from)."""

    target: str
    kind: str
    note: str
    line: int


def read_cases(path: Path = CASES_TOML) -> list[Case]:
    """The cases of cases.toml in file order."""
    try:
        data = tomllib.loads(present(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        raise InputError(f"{path}:{m.group(1) if m else 0}: not valid TOML: {exc}") from None
    titles = read_case_titles()
    readings = read_case_questions()
    out = []
    for k, c in enumerate(data.get("case", []), 1):
        try:
            claims = tuple(
                Claim(str(x["text"]), str(x["rule"]), str(x.get("expect", "")), x.get("check"),
                      str(x.get("note", "")), str(x.get("sic", "")), str(x.get("corr", "")))
                for x in c.get("claim", [])
            )
            features = tuple(
                (f, str(c[f])) for f in FEATURES if f not in INPUTS and str(c.get(f, "")).strip()
            ) + tuple(zip(KO_FEATURES, titles.get(str(c["id"]), ()), strict=False))
            out.append(
                Case(str(c["id"]), str(c["para"]), str(c["text"]), str(c.get("type", "")),
                     claims, str(c.get("same_as", "")), features, str(c.get("note", "")),
                     readings.pop(str(c["id"]), None), Inputs.given(c))
            )
        except KeyError as exc:
            raise InputError(f"{path}: case {k} ({c.get('id', '?')}): missing {exc}") from None
    if readings:
        raise InputError(f"{CASE_QUESTIONS_TOML}: [[case_question]] {min(readings)} names no "
                         "case of editorial/cases.toml or of its own [[case]] rows")
    return out


def read_case_questions(path: Path = CASE_QUESTIONS_TOML) -> dict[str, dict[str, Any]]:
    """The ``[[case_question]]`` rows of *path* of the cases in editorial/cases.toml: ``{case
    id: the row without case}`` (a row of a case the file itself proposes in its ``[[case]]``
    rows waits until that case is moved into cases.toml)."""
    try:
        data = tomllib.loads(present(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}:0: not valid TOML: {exc}") from None
    proposed = {str(c.get("id", "")) for c in data.get("case", ())}
    out: dict[str, dict[str, Any]] = {}
    for k, row in enumerate(data.get("case_question", ()), 1):
        case = row.get("case")
        if not isinstance(case, str) or not isinstance(row.get("yongshen"), Mapping):
            raise InputError(f"{path}: [[case_question]] {k}: needs case = \"pNNN-caseK\" and "
                             "yongshen = {relative or role, lines, hidden}")
        if case in out:
            raise InputError(f"{path}: [[case_question]] {k}: a second row for {case}")
        if case not in proposed:
            out[case] = {name: v for name, v in row.items() if name != "case"}
    return out


def read_case_titles(path: Path = CASE_TITLES_TSV) -> dict[str, tuple[str, str]]:
    """editorial/case-titles.tsv: ``{case id: (question_ko, title_ko)}``."""
    from yimao.tei.inputs import tsv_rows

    return {row["id"]: (row["question_ko"], row["title_ko"])
            for _, row in tsv_rows(path, CASE_TITLE_FIELDS)}


def read_case_notes(path: Path = CASE_NOTES_TSV) -> list[CaseNote]:
    """editorial/case-notes.tsv: ``target  kind  note`` (Korean), one row per note.

    target = a case id (kind ``date`` or ``case``) or a claim id (kind = the claim's expected
    status, ``contradicted`` or ``not_computable``)."""
    with present(path).open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        if reader.fieldnames != CASE_NOTE_FIELDS:
            raise InputError(f"{path}:1: header {reader.fieldnames}; expected {CASE_NOTE_FIELDS}")
        out = []
        for line, row in enumerate(reader, 2):
            note = CaseNote(row["target"] or "", row["kind"] or "", (row["note"] or "").strip(),
                            line)
            if note.kind not in NOTE_KINDS:
                raise InputError(f"{path}:{line}: kind {note.kind!r}; expected one of "
                                 f"{', '.join(NOTE_KINDS)}")
            if not note.note:
                raise InputError(f"{path}:{line}: {note.target}: empty note")
            out.append(note)
    return out


def locate(case: Case, text: str, after: int, categories: set[str] | None = None
           ) -> tuple[int, list[Span]]:
    """Spans of one case and its claims in paragraph ``text``; returns (case end, spans)."""
    start = text.find(case.text, after)
    if start < 0:
        start = text.find(case.text)
    if start < 0 or not case.text:
        raise InputError(f"editorial/cases.toml: {case.id}: text not found in {case.para}")
    end = start + len(case.text)
    same = f"#{case.same_as}" if case.same_as else None
    spans = [Span(start, end, "seg",
                  attrs(id=case.id, type="case", subtype=case.type or None, corresp=same),
                  rank=RANK_CASE)]
    pos = start
    for k, claim in enumerate(case.claims, 1):
        at = text.find(claim.text, pos, end)
        if at < 0:
            at = text.find(claim.text, start, end)
        if at < 0 or not claim.text:
            raise InputError(
                f"editorial/cases.toml: {case.id} claim {k}: {claim.text!r} not in the case text"
            )
        known = categories is None or ids.rule(claim.rule) in categories
        a = attrs(id=ids.claim(case.id, k), type="claim", subtype=claim.expect or None,
                  n=claim.rule, ana=f"#{ids.rule(claim.rule)}" if known else None)
        spans.append(Span(at, at + len(claim.text), "seg", a, rank=RANK_CLAIM))
        pos = at + len(claim.text)
    return end, spans


def outcome_ranges(outcome: str, text: str, after: int) -> list[list[tuple[int, int]]]:
    """Where the pieces of an outcome stand in ``text``: one list of ranges per piece.

    Pieces are separated by 「；」; 「……」 (or 「…」) elides text inside a piece, which then
    runs from its first part to its last; a gloss 「（…）」 the text lacks is dropped. A piece
    that cannot be found makes the whole outcome unlocated (``[]``).
    """
    out = []
    for piece in outcome.split("；"):
        found = _piece(piece, text, after) or _piece(_GLOSS.sub("", piece), text, after)
        if found is None:
            return []
        out.append([found])
    return out


def _piece(piece: str, text: str, after: int) -> tuple[int, int] | None:
    parts = [p for p in re.split(r"…+", piece) if p]
    if not parts:
        return None
    first = text.find(parts[0], after)
    if first < 0:
        first = text.find(parts[0])
    if first < 0:
        return None
    pos = first + len(parts[0])
    for p in parts[1:]:
        at = text.find(p, pos)
        if at < 0:
            return None
        pos = at + len(p)
    return first, pos


def split_to_nest(start: int, end: int, others: list[Span]) -> list[tuple[int, int]]:
    """Cut ``[start, end)`` where it would cross one of ``others`` (until nothing crosses).

    >>> split_to_nest(2, 8, [Span(0, 5, "seg"), Span(5, 9, "seg")])
    [(2, 5), (5, 8)]
    >>> split_to_nest(0, 10, [Span(-2, 4, "seg"), Span(3, 5, "note")])
    [(0, 3), (3, 4), (4, 5), (5, 10)]
    """
    for s in others:
        inside = start <= s.start and s.end <= end
        around = s.start <= start and end <= s.end
        if inside or around or s.end <= start or end <= s.start:
            continue
        cut = s.start if start < s.start else s.end
        return split_to_nest(start, cut, others) + split_to_nest(cut, end, others)
    return [(start, end)]


class CaseLayer:
    """A span provider for :data:`yimao.tei.build.SPAN_PROVIDERS` over a list of cases, plus
    the outcome spans, the ``standOff`` records and the editorial notes of the cases."""

    def __init__(self, cases: list[Case], categories: set[str],
                 notes: list[CaseNote] | None = None) -> None:
        self.cases = cases
        self.by_para: dict[str, list[Case]] = {}
        for c in cases:
            self.by_para.setdefault(c.para, []).append(c)
        self.categories = categories
        self.unanchored: list[str] = []  # claim ids whose rule is not (yet) in the registry
        self.starts: dict[str, int] = {}
        self.inline: list[str] = []  # case ids whose outcome is marked in the text
        self.notes = list(notes or [])
        self._check_notes()

    def _check_notes(self) -> None:
        claims = {ids.claim(c.id, k): cl.expect for c in self.cases
                  for k, cl in enumerate(c.claims, 1)}
        cases = {c.id for c in self.cases}
        for n in self.notes:
            where = f"editorial/case-notes.tsv:{n.line}: {n.target}"
            if n.kind in ("date", "case") and n.target not in cases:
                raise InputError(f"{where}: a {n.kind} note must target a case id")
            if n.kind not in ("date", "case") and claims.get(n.target) != n.kind:
                raise InputError(f"{where}: no claim with expected status {n.kind!r}")

    def __call__(self, pid: str, text: str, _inputs: object = None) -> list[Span]:
        out: list[Span] = []
        after = 0
        for case in self.by_para.get(pid, []):
            end, spans = locate(case, text, after, self.categories)
            self.starts[case.id] = spans[0].start
            after = end
            out.extend(spans)
            for k, claim in enumerate(case.claims, 1):
                if ids.rule(claim.rule) not in self.categories:
                    self.unanchored.append(f"{ids.claim(case.id, k)}:{claim.rule}")
        return out

    def outcome_spans(self, pid: str, text: str, others: list[Span]) -> list[Span]:
        """``seg type="outcome"`` for the outcomes found in paragraph ``pid`` (call after all
        other spans of the paragraph are known: fragments are cut so as to nest)."""
        out: list[Span] = []
        for case in self.by_para.get(pid, []):
            outcome = case.feature("outcome")
            ranges = outcome_ranges(outcome, text, self.starts.get(case.id, 0)) if outcome \
                else []
            if not ranges:
                continue
            self.inline.append(case.id)
            k = 0
            for piece in ranges:
                frags = [f for a, b in piece for f in split_to_nest(a, b, others + out)
                         if _WORD.search(text[f[0]:f[1]])]
                seg_ids = [ids.outcome(case.id, k + j) for j in range(1, len(frags) + 1)]
                for j, (a, b) in enumerate(frags):
                    prev = f"#{seg_ids[j - 1]}" if j else None
                    nxt = f"#{seg_ids[j + 1]}" if j + 1 < len(seg_ids) else None
                    at = attrs(id=seg_ids[j], type="outcome", corresp=f"#{case.id}", prev=prev,
                               next=nxt)
                    out.append(Span(a, b, "seg", at, rank=RANK_OUTCOME))
                k += len(frags)
        return out

    def notes_of(self, pid: str) -> list[CaseNote]:
        """The editorial notes on the cases of paragraph ``pid`` (case order; for each case its
        date, the case, then its claims)."""
        order = {c.id: k for k, c in enumerate(self.by_para.get(pid, []))}
        mine = [n for n in self.notes if ids.case_of(n.target) in order]
        return sorted(mine, key=lambda n: (order[ids.case_of(n.target)],
                                           min(NOTE_KINDS.index(n.kind), 2),
                                           ids.parse(n.target).sub or 0))

    def note_element(self, parent: etree._Element, n: CaseNote) -> etree._Element:
        return el(parent, "note", n.note, type="editorial", subtype=n.kind, lang="ko",
                  target=f"#{n.target}", resp="#ed")

    def standoff(self, root: etree._Element) -> etree._Element | None:
        """``standOff type="cases"`` with one ``fs`` per case (book order)."""
        if not self.cases:
            return None
        stand = el(root, "standOff", type="cases")
        for case in self.cases:
            fs = el(stand, "fs", id=ids.record(case.id), type="case", corresp=f"#{case.id}")
            for name, value in case.record():
                f = el(fs, "f")
                f.set("name", name)
                if name in KO_FEATURES:
                    el(f, "string", value, lang="ko")
                elif name in STRING_FEATURES:
                    el(f, "string", value)
                else:
                    el(f, "symbol").set("value", value)
            check_records(stand, case)
        return stand


def check_records(stand: etree._Element, case: Case) -> None:
    """What cases.toml adds beside a case's record, so that the TEI is all its readers need:
    ``<fs type="check" corresp="#claim">`` per claim (its machine ``check`` as a feature
    structure, the editors' working ``note``, ``sic``/``corr``), when the case has a working
    note ``<fs type="check" corresp="#case">`` with it, and when editorial/cases-proposed.toml
    gives the case's question and 用神, ``<fs type="case-question" corresp="#case">`` with its
    row's ``question``, ``yongshen`` (a feature structure) and ``note``.

    >>> stand = el(None, "standOff")
    >>> c = Case("p001-case1", "p001", "冒", "example",
    ...          (Claim("冒", "x-rule", "confirmed", {"kind": "moving", "equals": [1, 3]}),))
    >>> check_records(stand, c)
    >>> [e.tag.split("}")[1] for e in stand[0].iter()]
    ['fs', 'f', 'fs', 'f', 'string', 'f', 'vColl', 'numeric', 'numeric']
    """
    if case.note:
        _feature(el(stand, "fs", type="check", corresp=f"#{case.id}"), "note", case.note, "en")
    if case.reading is not None:
        fs = el(stand, "fs", type="case-question", corresp=f"#{case.id}")
        for name, v in case.reading.items():
            f = el(fs, "f")
            f.set("name", name)
            feature_value(f, v, CASES_WHERE)
    for k, claim in enumerate(case.claims, 1):
        fs = el(stand, "fs", type="check", corresp=f"#{ids.claim(case.id, k)}")
        if claim.check is not None:
            f = el(fs, "f")
            f.set("name", "check")
            feature_value(f, claim.check, CASES_WHERE)
        for name, lang in (("note", "en"), ("sic", None), ("corr", None)):
            if getattr(claim, name):
                _feature(fs, name, getattr(claim, name), lang)


def _feature(fs: etree._Element, name: str, text: str, lang: str | None) -> None:
    f = el(fs, "f")
    f.set("name", name)
    el(f, "string", text, lang=lang)

