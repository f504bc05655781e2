"""The worked-case layer: editorial/cases.toml → ``seg type="case"`` and ``seg type="claim"``,
each case's inputs and outcome as a feature structure, its outcome inline, and the editors'
Korean notes on contradicted / not computable claims and on doubtful dates.

Each case (``p450-case1``) is located in its Chinese paragraph by its exact ``text`` (the first
occurrence after the previous case of the same paragraph), each claim (``p450-case1-c1``)
inside its case by its ``text`` (in text order). A claim carries its catalogue rule id in ``n``,
``ana="#r-<rule>"`` when the rule is in the taxonomy (compute's registry), and ``subtype`` = the
status compute is expected to return (confirmed | contradicted | not_computable).

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
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from yimao.tei_inputs import EDITORIAL, InputError
from yimao.tei_layers import RANK_CASE, RANK_CLAIM, Span
from yimao.tei_xml import attrs, el

CASES_TOML = EDITORIAL / "cases.toml"
CASE_NOTES_TSV = EDITORIAL / "case-notes.tsv"
CASE_NOTE_FIELDS = ["target", "kind", "note"]
NOTE_KINDS = ("date", "case", "contradicted", "not_computable")
RANK_OUTCOME = RANK_CASE + 5  # inside a case, outside the sentences it may cover
INPUT_FIELDS = ("year", "month", "day", "xun", "hour", "birth")
FEATURES = ("type", *INPUT_FIELDS, "question", "primary", "changed", "outcome")
"""The features of a case's ``fs``, in this order; question and outcome are strings."""
STRING_FEATURES = ("question", "outcome")
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


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    para: str
    text: str
    type: str
    claims: tuple[Claim, ...]
    same_as: str = ""
    features: tuple[tuple[str, str], ...] = ()  # (name, value) in FEATURES order, non-empty

    def feature(self, name: str) -> str:
        return dict(self.features).get(name, "")


@dataclass(frozen=True, slots=True)
class CaseNote:
    """A Korean editorial note on a claim (kind = its status), on a case's date (``date``) or
    on the case as a whole (``case``: how it is charted, the source it comes from)."""

    target: str
    kind: str
    note: str
    line: int


def read_cases(path: Path = CASES_TOML) -> list[Case]:
    """The cases of cases.toml in file order (empty if the file does not exist)."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: {exc}") from None
    titles = read_case_titles()
    out = []
    for k, c in enumerate(data.get("case", []), 1):
        try:
            claims = tuple(
                Claim(str(x["text"]), str(x["rule"]), str(x.get("expect", "")))
                for x in c.get("claim", [])
            )
            features = tuple(
                (f, str(c[f])) for f in FEATURES if str(c.get(f, "")).strip()
            ) + tuple(zip(KO_FEATURES, titles.get(str(c["id"]), ()), strict=False))
            out.append(
                Case(str(c["id"]), str(c["para"]), str(c["text"]), str(c.get("type", "")),
                     claims, str(c.get("same_as", "")), features)
            )
        except KeyError as exc:
            raise InputError(f"{path}: case {k} ({c.get('id', '?')}): missing {exc}") from None
    return out


def read_case_titles(path: Path = CASE_TITLES_TSV) -> dict[str, tuple[str, str]]:
    """editorial/case-titles.tsv: ``{case id: (question_ko, title_ko)}`` (empty when the file
    does not exist)."""
    if not path.exists():
        return {}
    from yimao.tei_inputs import _rows

    return {row["id"]: (row["question_ko"], row["title_ko"])
            for _, row in _rows(path, CASE_TITLE_FIELDS)}


def read_case_notes(path: Path = CASE_NOTES_TSV) -> list[CaseNote]:
    """editorial/case-notes.tsv: ``target  kind  note`` (Korean), one row per note.

    target = a case id (kind ``date`` or ``case``) or a claim id (kind = the claim's expected
    status, ``contradicted`` or ``not_computable``)."""
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as f:
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
        known = categories is None or f"r-{claim.rule}" in categories
        a = attrs(id=f"{case.id}-c{k}", type="claim", subtype=claim.expect or None,
                  n=claim.rule, ana=f"#r-{claim.rule}" if known else None)
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
    """A span provider for :data:`yimao.build_tei.SPAN_PROVIDERS` over a list of cases, plus
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
        claims = {f"{c.id}-c{k}": cl.expect for c in self.cases
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
                if f"r-{claim.rule}" not in self.categories:
                    self.unanchored.append(f"{case.id}-c{k}:{claim.rule}")
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
                ids = [f"{case.id}-o{k + j}" for j in range(1, len(frags) + 1)]
                for j, (a, b) in enumerate(frags):
                    prev = f"#{ids[j - 1]}" if j else None
                    nxt = f"#{ids[j + 1]}" if j + 1 < len(ids) else None
                    at = attrs(id=ids[j], type="outcome", corresp=f"#{case.id}", prev=prev,
                               next=nxt)
                    out.append(Span(a, b, "seg", at, rank=RANK_OUTCOME))
                k += len(frags)
        return out

    def notes_of(self, pid: str) -> list[CaseNote]:
        """The editorial notes on the cases of paragraph ``pid`` (case order; for each case its
        date, the case, then its claims)."""
        order = {c.id: k for k, c in enumerate(self.by_para.get(pid, []))}
        mine = [n for n in self.notes if _case_of(n.target) in order]
        return sorted(mine, key=lambda n: (order[_case_of(n.target)],
                                           min(NOTE_KINDS.index(n.kind), 2),
                                           _claim_number(n.target)))

    def note_element(self, parent: etree._Element, n: CaseNote) -> etree._Element:
        return el(parent, "note", n.note, type="editorial", subtype=n.kind, lang="ko",
                  target=f"#{n.target}", resp="#ed")

    def standoff(self, root: etree._Element) -> etree._Element | None:
        """``standOff type="cases"`` with one ``fs`` per case (book order)."""
        if not self.cases:
            return None
        stand = el(root, "standOff", type="cases")
        for case in self.cases:
            fs = el(stand, "fs", id=f"{case.id}-fs", type="case", corresp=f"#{case.id}")
            for name, value in case.features:
                f = el(fs, "f")
                f.set("name", name)
                if name in KO_FEATURES:
                    el(f, "string", value, lang="ko")
                elif name in STRING_FEATURES:
                    el(f, "string", value)
                else:
                    el(f, "symbol").set("value", value)
        return stand


def _claim_number(target: str) -> int:
    head, sep, tail = target.rpartition("-c")
    return int(tail) if sep and tail.isdigit() else 0


def _case_of(target: str) -> str:
    """``p095-case1`` for ``p095-case1-c1`` or ``p095-case1``."""
    head, sep, tail = target.rpartition("-c")
    return head if sep and tail.isdigit() else target
