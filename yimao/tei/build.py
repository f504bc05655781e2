"""Compile tei/yimao.xml from text/ + editorial/*.tsv + compute's rule registry.

    python -m yimao.tei.build             # write tei/yimao.xml (and print what it counted)
    python -m yimao.tei.build --check     # exit 1 if tei/yimao.xml is not the builder's output
    python -m yimao.tei.build --register  # also add the new xml:ids to tei/published-ids.txt
    python -m yimao.tei.build --force     # replace the TEI even if it was edited by hand

The output is deterministic: the same inputs give the same bytes (no dates, fixed attribute
order, structural elements indented, never any whitespace added inside a paragraph).

Writing is safe: the TEI and the id registry are replaced atomically (:mod:`yimao.atomic`: a
killed build or a full disk leaves the old file whole), the TEI carries the builder's mark (a
comment with the SHA-256 of the rest, :func:`yimao.tei.markup.stamp`), and a TEI whose mark does
not match (edited since it was built) or that has none is not replaced without ``--force``.
The command says what it replaced (its size, how many lines changed).

Inline markup is built from layers of character ranges (:mod:`yimao.tei.layers`): each
paragraph's immutable source text plus a list of :class:`~yimao.tei.layers.Span`. To add a layer
(worked cases, claims …) append a provider to :data:`SPAN_PROVIDERS`; see tei/README.md.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from yimao import atomic, ids
from yimao.tei import examples, glossary, source
from yimao.tei.cases import Case, CaseLayer, CaseNote, read_case_notes, read_cases
from yimao.tei.header import build_header
from yimao.tei.inputs import (
    ChapterRow,
    Correction,
    InputError,
    Rule,
    read_chapters,
    read_corrections,
    read_rules,
)
from yimao.tei.layers import RANK_CHOICE, RANK_NOTE, RANK_SENTENCE, NestingError, Span
from yimao.tei.layers import render as render_spans
from yimao.tei.markup import MARK_RE, T, attrs, el, mark_state, serialize, stamp
from yimao.tei.notes import NoteRange, find_notes
from yimao.tei.questions import question_spans
from yimao.tei.source import ROOT, Source

TEI_PATH = ROOT / "tei" / "yimao.xml"
REGISTRY_PATH = ROOT / "tei" / "published-ids.txt"

PART_LABEL = {"lifa": ("立法", "입법(立法)"), "shilei": ("筮類", "서류(筮類)")}
# Citation labels of the front and back divisions (the body cites by part name + chapter n).
DIV_LABEL = {
    "front-title": "題",
    "front-wang": "王序",
    "front-gu": "顧序",
    "front-lu": "陸序",
    "front-zixu": "自序",
    "back-siku": "提要",
}
DIV_TYPE = {
    "front-title": ("title", None),
    "front-wang": ("preface", "wang"),
    "front-gu": ("preface", "gu"),
    "front-lu": ("preface", "lu"),
    "front-zixu": ("preface", "zixu"),
    "back-siku": ("appendix", "siku"),
}
# Who wrote the front matter (each preface is signed at its end, e.g. 「…王澤弘撰。」).
DIV_AUTHOR = {
    "front-wang": ("王澤弘", "wang-zehong"),
    "front-gu": ("顧豹文", "gu-baowen"),
    "front-lu": ("陸進", "lu-jin"),
    "front-zixu": ("程良玉", "cheng-liangyu"),
}
CERT = {"source": None, "edition": "medium", "conjecture": "low"}
SIKU_NOTE = (
    "이 부분은 정량옥(程良玉)의 글이 아니다. 청대 사고전서(四庫全書) 편찬관이 쓴 "
    "『사고전서총목제요』의 해제로, 전사본 끝에 덧붙어 전한다."
)
DESCRIPTION = "compile tei/yimao.xml from text/ and editorial/"
RANK_QUERY = RANK_NOTE + 5  # a transcriber's query sits inside a commentary note
# A Korean note opens with "(주: " (the author's commentary) or, for the 筮類 chapter-opening
# list of questions （內詳…諸問）, with "(본장은 …" / "(이 장은 …".
KO_OPENERS = ("(주:", "(본장", "(이 장")
CONTENTS_OPENERS = ("（內詳", "（內附", "(본장", "(이 장")


@dataclass
class Report:
    """What the builder counted (printed by the command; quoted in reports)."""

    notes_zh: int = 0
    notes_ko: int = 0
    notes_paired: int = 0
    mismatched: list[tuple[str, int, int]] = field(default_factory=list)
    unclosed: list[str] = field(default_factory=list)
    dangling: list[str] = field(default_factory=list)
    cases: int = 0
    claims: int = 0
    outcomes_inline: int = 0
    outcomes_fs: int = 0
    case_notes: Counter[str] = field(default_factory=Counter)
    unanchored: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    classes: Counter[str] = field(default_factory=Counter)
    examples: Counter[str] = field(default_factory=Counter)
    questions: int = 0
    glossary: int = 0

    def lines(self) -> list[str]:
        mism = ", ".join(f"{k}({z}/{o})" for k, z, o in self.mismatched)
        return [
            f"commentary notes: {self.notes_zh} Chinese, {self.notes_ko} Korean, "
            f"{self.notes_paired} paired by @corresp",
            f"Korean paragraphs whose note count differs (zh/ko): {len(self.mismatched)}"
            + (f": {mism}" if mism else ""),
            f"notes the source never closes: {', '.join(self.unclosed) or 'none'}",
            f"rule passages that are not sentence/note ids (no @ana): "
            f"{', '.join(self.dangling) or 'none'}",
            f"worked cases {self.cases}, claims {self.claims}; claims whose rule is not in the "
            f"registry (no @ana): {len(self.unanchored)}"
            + (f" ({', '.join(self.unanchored[:8])} …)" if self.unanchored else ""),
            f"case outcomes: {self.outcomes_inline} marked in the text (and in the fs), "
            f"{self.outcomes_fs} in the fs only; editorial notes on cases: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.case_notes.items())) or "none"),
            "corrections by kind: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items())) or "none"),
            "corrections by class: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.classes.items())) or "none"),
            f"worked examples {sum(self.examples.values())} ("
            + (", ".join(f"{k} {v}" for k, v in sorted(self.examples.items())) or "none")
            + f"); 筮類 questions with their 用神 {self.questions}",
            f"glossary entries {self.glossary}",
        ]


@dataclass(frozen=True, slots=True)
class Inputs:
    source: Source
    chapters: list[ChapterRow]
    corrections: list[Correction]
    rules: list[Rule]
    cases: tuple[Case, ...] = ()
    case_notes: tuple[CaseNote, ...] = ()
    examples: tuple[dict[str, Any], ...] = ()  # editorial/examples.toml's rows
    vocabulary: dict[str, str] = field(default_factory=dict)  # questions.toml: 用神 → gloss
    questions: tuple[dict[str, Any], ...] = ()  # … and what the site shows of its questions
    glossary: tuple[glossary.Term, ...] = ()  # editorial/glossary.tsv (용어집)


# A span provider gets (paragraph id, its text, the inputs) and returns extra spans.
SpanProvider = Callable[[str, str, Inputs], list[Span]]
SPAN_PROVIDERS: list[SpanProvider] = [question_spans]  # the 筮類 questions (issue 10)


def load_inputs() -> Inputs:
    src = source.load()
    corrections = read_corrections()
    texts = {p.id: p.text for p in src.chinese + src.korean}
    for c in corrections:
        where = f"editorial/corrections.tsv:{c.line}"
        if c.para not in texts:
            raise InputError(f"{where}: unknown paragraph {c.para!r}")
        if texts[c.para][c.offset : c.end] != c.sic:
            raise InputError(f"{where}: {c.para}[{c.offset}:{c.end}] is not {c.sic!r}")
    cases = tuple(read_cases())
    case_ids = {c.id for c in cases}
    chinese = {p.id for p in src.chinese}
    for c in cases:
        if c.para not in chinese:
            raise InputError(f"editorial/cases.toml: {c.id}: para {c.para!r} is not pNNN")
        if c.same_as and c.same_as not in case_ids:
            raise InputError(f"editorial/cases.toml: {c.id}: same_as {c.same_as!r} is no case")
    if len(case_ids) != len(cases):
        raise InputError("editorial/cases.toml: duplicate case ids")
    rules = read_rules()
    rows = examples.read_examples(examples.EXAMPLES_TOML)
    examples.check_examples(rows, {r.id for r in rules}, case_ids, examples.EXAMPLES_TOML)
    vocabulary, questions = examples.read_questions(examples.QUESTIONS_TOML)
    return Inputs(src, read_chapters(), corrections, rules, cases,
                  tuple(read_case_notes()), tuple(rows), vocabulary, tuple(questions),
                  tuple(glossary.read_terms()))


# ---------------------------------------------------------------- the inline layers


class Markup:
    """Spans for every paragraph, computed once for the whole book."""

    def __init__(self, inputs: Inputs, report: Report) -> None:
        self.inputs = inputs
        self.report = report
        self.by_para: dict[str, list[Correction]] = {}
        for c in inputs.corrections:
            self.by_para.setdefault(c.para, []).append(c)
        self.anchors: dict[str, list[str]] = {}
        for r in inputs.rules:
            for sid in r.sentences:
                self.anchors.setdefault(sid, []).append(r.id)
        self.notes: dict[str, list[tuple[NoteRange, str]]] = {}
        self.links: dict[str, dict[str, str]] = {}
        self._find(inputs.source.chinese, "（", "（", "）")
        self._find(inputs.source.korean, KO_OPENERS, "(", ")")
        self.corresp: dict[str, str] = {}
        self._pair()
        self.cases = CaseLayer(list(inputs.cases), {ids.rule(r.id) for r in inputs.rules},
                               list(inputs.case_notes))

    def _find(self, paras: tuple[source.Paragraph, ...], opener: str, o: str, c: str) -> None:
        excluded = {
            i: sorted((q.offset, q.end) for q in self.by_para.get(p.id, []) if q.kind == "query")
            for i, p in enumerate(paras)
        }
        found = find_notes([p.text for p in paras], opener, o, c, excluded)
        prev_last: str | None = None
        for p, notes in zip(paras, found, strict=True):
            named = [(n, ids.note(p.id, n.num)) for n in notes]
            self.notes[p.id] = named
            for n, nid in named:
                self.links[nid] = {}
                if n.prev and prev_last:
                    self.links[nid]["prev"] = f"#{prev_last}"
                    self.links[prev_last]["next"] = f"#{nid}"
                if not n.closed:
                    self.report.unclosed.append(nid)
            prev_last = named[-1][1] if named and named[-1][0].next else None
            if p.lang == "lzh":
                self.report.notes_zh += len(notes)
            else:
                self.report.notes_ko += len(notes)

    def _pair(self) -> None:
        for k in self.inputs.source.korean:
            ko = [nid for _, nid in self.notes[k.id]]
            zh = [nid for pid in k.corresp for _, nid in self.notes[pid]]
            if len(ko) == len(zh):
                self.corresp.update(zip(ko, zh, strict=True))
                self.report.notes_paired += len(ko)
            else:
                self.report.mismatched.append((k.id, len(zh), len(ko)))

    def spans(self, pid: str, text: str, lang: str) -> list[Span]:
        out: list[Span] = []
        if lang == "lzh":
            pos = 0
            for k, s in enumerate(source.sentences(text), 1):
                sid = ids.sentence(pid, k)
                ana = " ".join(f"#{ids.rule(r)}" for r in self.anchors.get(sid, [])) or None
                a = attrs(id=sid, type="sentence", n=str(k), ana=ana)
                out.append(Span(pos, pos + len(s), "seg", a, rank=RANK_SENTENCE))
                pos += len(s)
            out.extend(self.cases(pid, text))
        for n, nid in self.notes[pid]:
            ana = " ".join(f"#r-{r}" for r in self.anchors.get(nid, [])) or None
            sub = "contents" if text.startswith(CONTENTS_OPENERS, n.start) else None
            a = attrs(
                id=nid, type="commentary", subtype=sub, place="inline",
                corresp=_ref(self.corresp.get(nid)), ana=ana, **self.links[nid],
            )
            out.append(Span(n.start, n.end, "note", a, rank=RANK_NOTE))
        out.extend(self.correction_spans(pid))
        for provider in SPAN_PROVIDERS:
            out.extend(provider(pid, text, self.inputs))
        if lang == "lzh":
            out.extend(self.cases.outcome_spans(pid, text, out))
        return out

    def correction_spans(self, para: str) -> list[Span]:
        rows = self.by_para.get(para, [])
        taken = [(c.offset, c.end) for c in rows if c.kind != "query"]
        out = []
        for c in rows:
            self.report.kinds[c.kind] += 1
            self.report.classes[c.cls] += 1
            if c.kind in ("reg", "corr", "conj"):
                inner, outer = ("orig", "reg") if c.kind == "reg" else ("sic", "corr")
                conj = c.kind == "conj"  # an editors' query: the reading is a conjecture
                extra = ((outer, attrs(type="conjecture" if conj else None, resp="#ed",
                                       cert="low" if conj else None), c.corr),)
                a = attrs(id=choice_id(c))
                out.append(Span(c.offset, c.end, "choice", a, RANK_CHOICE, inner, extra))
                continue
            a = attrs(id=ids.query(para, c.offset), type="transcriber", place="inline",
                      resp="#transcriber")
            out.append(Span(c.offset, c.end, "note", a, rank=RANK_QUERY))
            start = c.offset - len(c.corr)
            if c.corr and not any(s < c.offset and start < e for s, e in taken):
                extra = (("corr", attrs(resp="#ed"), c.corr),)
                a = attrs(id=ids.correction(para, start))
                out.append(Span(start, c.offset, "choice", a, RANK_CHOICE, "sic", extra))
        return out


def choice_id(c: Correction) -> str:
    """``p027-c15``: the choice at character offset 15 of p027 (stable when rows are added)."""
    return ids.correction(c.para, c.offset)


def _ref(nid: str | None) -> str | None:
    return f"#{nid}" if nid else None


# ---------------------------------------------------------------- the document


def _divisions(inputs: Inputs) -> list[tuple[ChapterRow, list[str]]]:
    order = [p.id for p in inputs.source.chinese]
    index = {pid: i for i, pid in enumerate(order)}
    rows = inputs.chapters
    out = []
    for k, row in enumerate(rows):
        if row.first not in index:
            raise InputError(f"editorial/chapters.tsv: {row.id}: unknown first {row.first!r}")
        end = index[rows[k + 1].first] if k + 1 < len(rows) else len(order)
        out.append((row, order[index[row.first] : end]))
    return out


def _paragraph(parent: etree._Element, p: source.Paragraph, spans: list[Span], **kw: str | None):
    e = el(parent, "p", id=p.id, lang=p.lang, **kw)
    try:
        render_spans(e, p.text, spans, tag_ns=T(""))
    except NestingError as exc:
        raise InputError(f"{p.id}: {exc}") from None
    return e


def _division(parent: etree._Element, row: ChapterRow) -> etree._Element:
    if row.part in ("lifa", "shilei"):
        div = el(parent, "div", id=row.id, type="chapter", n=row.n)
    else:
        dtype, sub = DIV_TYPE.get(row.id, ("section", None))
        div = el(parent, "div", id=row.id, type=dtype, subtype=sub, n=DIV_LABEL.get(row.id))
    resp = None if row.title_status == "source" else "#ed"
    cert = CERT[row.title_status]
    for text, lang in ((row.title_zh, "lzh"), (row.title_ko, "ko")):
        el(div, "head", text, type="title", subtype=row.title_status, lang=lang, resp=resp,
           cert=cert)
    if row.id in DIV_AUTHOR:
        name, pid = DIV_AUTHOR[row.id]
        el(el(div, "byline"), "docAuthor", name, lang="lzh", ref=f"#{pid}")
    if row.id == "back-siku":
        el(div, "note", SIKU_NOTE, type="editorial", subtype="attribution", lang="ko", resp="#ed")
    if row.note:
        el(div, "note", row.note, type="editorial", lang="ko", resp="#ed")
    return div


def build(inputs: Inputs | None = None) -> tuple[etree._Element, Report]:
    inputs = inputs or load_inputs()
    report = Report()
    markup = Markup(inputs, report)
    src = inputs.source
    korean_of = {zh: k for k in src.korean for zh in k.corresp}
    root = el(None, "TEI", lang="ko")
    build_header(root, inputs.rules)
    text = el(root, "text")
    front, body, back = el(text, "front"), el(text, "body"), el(text, "back")
    parts: dict[str, etree._Element] = {}
    by_id = {p.id: p for p in src.chinese + src.korean}
    for row, pids in _divisions(inputs):
        if row.part in PART_LABEL and row.part not in parts:
            part = parts[row.part] = el(body, "div", id=row.part, type="part",
                                        n=PART_LABEL[row.part][0])
            el(part, "head", PART_LABEL[row.part][0], type="title", subtype="source", lang="lzh")
            el(part, "head", PART_LABEL[row.part][1], type="title", subtype="source", lang="ko")
        parent = front if row.part == "front" else back if row.part == "back" else parts[row.part]
        div = _division(parent, row)
        passage: etree._Element | None = None
        for n, pid in enumerate(pids, 1):
            ko = korean_of[pid]
            zh = by_id[pid]
            if pid == ko.corresp[0] or passage is None:
                passage = el(div, "div", type="passage")
            _paragraph(passage, zh, markup.spans(pid, zh.text, "lzh"), n=str(n))
            if pid == ko.corresp[-1]:
                corresp = " ".join(f"#{c}" for c in ko.corresp)
                _paragraph(passage, ko, markup.spans(ko.id, ko.text, "ko"), corresp=corresp)
                for para in (*ko.corresp, ko.id):
                    for c in markup.by_para.get(para, []):
                        el(passage, "note", c.reason or "(근거 미기재)", type="correction",
                           subtype=c.kind, n=c.cls, lang="ko", target=_targets(c, markup),
                           resp="#ed")
                for zh_id in ko.corresp:
                    for note in markup.cases.notes_of(zh_id):
                        markup.cases.note_element(passage, note)
                        report.case_notes[note.kind] += 1
    if inputs.glossary:
        glossary.glossary_div(back, list(inputs.glossary), inputs.rules,
                              set(root.xpath("//@xml:id")))
        report.glossary = len(inputs.glossary)
    markup.cases.standoff(root)
    if inputs.examples:
        examples.example_records(el(root, "standOff", type="examples"), inputs.examples)
        report.examples.update(row["source"] for row in inputs.examples)
    if inputs.questions:
        marked = set(root.xpath("//@xml:id"))
        unmarked = [q["id"] for q in inputs.questions if q["id"] not in marked]
        if unmarked:
            raise InputError(f"editorial/questions.toml: {unmarked[0]}: not marked in the text "
                             "(give it a marker or stated {para, offset, length})")
        examples.question_records(el(root, "standOff", type="questions"), inputs.vocabulary,
                                  inputs.questions)
        report.questions = len(inputs.questions)
    report.cases = len(inputs.cases)
    report.outcomes_inline = len(markup.cases.inline)
    report.outcomes_fs = sum(1 for c in inputs.cases if c.feature("outcome")) - len(
        markup.cases.inline)
    report.claims = sum(len(c.claims) for c in inputs.cases)
    report.unanchored = markup.cases.unanchored
    ids = set(root.xpath("//@xml:id"))
    report.dangling = sorted(
        f"{r.id}:{sid}" for r in inputs.rules for sid in r.sentences if sid not in ids
    )
    return root, report


def _targets(c: Correction, markup: Markup) -> str:
    if c.kind != "query":
        return f"#{choice_id(c)}"
    ids = [f"#{c.para}-q{c.offset}"]
    start = c.offset - len(c.corr)
    rows = markup.by_para.get(c.para, [])
    clash = any(r.kind != "query" and r.offset < c.offset and start < r.end for r in rows)
    if c.corr and not clash:
        ids.insert(0, f"#{c.para}-c{start}")
    return " ".join(ids)


# ---------------------------------------------------------------- ids and the command


def xml_ids(root: etree._Element) -> list[str]:
    return [i for i in root.xpath("//@xml:id")]  # document order


def render(inputs: Inputs | None = None) -> tuple[bytes, Report]:
    """The TEI as bytes (serialised and stamped with the builder's mark) and the counts."""
    root, report = build(inputs)
    return stamp(serialize(root)), report


def register(ids: list[str], path: Path = REGISTRY_PATH) -> int:
    """Add ids missing from the published registry; return how many were added."""
    old = set(path.read_text(encoding="utf-8").split()) if path.exists() else set()
    new = old | set(ids)
    if new != old:
        atomic.write_text(path, "\n".join(sorted(new)) + "\n")
    return len(new - old)


STATE_WORDS = {
    "intact": "as build_tei wrote it",
    "older": "as build_tei wrote it before it marked its files",
    "conflict": "with git's conflict markers",
    "edited": "EDITED since build_tei wrote it",
    "unmarked": "without build_tei's mark",
}


def replacing(old: bytes | None, new: bytes, path: Path, force: bool) -> str:
    """What replacing *old* (the file at *path*, None if there is none) by *new* means, as one
    line; raises :class:`InputError` if *old* may not be replaced without ``--force``.

    >>> replacing(None, b"<TEI/>", Path("x.xml"), False)
    'wrote x.xml (6 bytes)'
    >>> replacing(b"<?xml?>\\n<TEI>\\n</TEI>\\n", b"<?xml?>\\n<TEI >\\n</TEI>\\n", Path("x.xml"),
    ...           False)
    Traceback (most recent call last):
    yimao.tei.inputs.InputError: x.xml was not written by build_tei (without build_tei's mark; \
1 of 3 lines would change): edit text/ or editorial/ instead and rebuild, or run with --force \
to replace it
    """
    if old is None:
        return f"wrote {path} ({len(new)} bytes)"
    if old == new:
        return f"{path} unchanged ({len(new)} bytes)"
    state = mark_state(old)
    if state == "unmarked" and MARK_RE.sub(b"", new, count=1) == old:
        state = "older"  # this output, from a build_tei older than the mark
    before, after = old.splitlines(), new.splitlines()
    gone = added = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after).get_opcodes():
        if tag != "equal":
            gone, added = gone + i2 - i1, added + j2 - j1
    change = f"{gone} of {len(before)} lines would change"
    if state in ("edited", "unmarked") and not force:
        who = "was edited after build_tei wrote it" if state == "edited" else \
            "was not written by build_tei"
        raise InputError(f"{path} {who} ({STATE_WORDS[state]}; {change}): edit text/ or "
                         "editorial/ instead and rebuild, or run with --force to replace it")
    return (f"replaced {path} ({len(old)} bytes, {STATE_WORDS[state]}; {gone} lines removed, "
            f"{added} added) by {len(new)} bytes")


def _shown(path: Path) -> Path:
    """*path* relative to the working directory when it lies below it."""
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


def check_condition_words() -> None:
    """Stop the build (:class:`InputError`, one line) when a condition of
    editorial/judgments.toml or editorial/yingqi.toml uses a word compute does not read, or the
    [language] tables and compute.shilei.words disagree (the check tools/shilei_data.py makes)."""
    import tomllib

    from compute.shilei.words import condition_sources, table_mismatch, unknown_word
    from compute.shilei.yingqi import TERMS
    from yimao.tei import inputs

    def load(name: str) -> dict[str, Any]:
        return tomllib.loads((inputs.EDITORIAL / name).read_text(encoding="utf-8"))

    judgments = load("judgments.toml")
    where = condition_sources(judgments["judgment"], load("yingqi.toml")["yingqi"], TERMS)
    problem = table_mismatch(judgments["language"]) or unknown_word(where)
    if problem:
        raise InputError(f"editorial/{problem}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m yimao.tei.build", description=DESCRIPTION)
    ap.add_argument("--check", action="store_true", help="compare with the committed file only")
    ap.add_argument("--register", action="store_true", help="add new ids to published-ids.txt")
    ap.add_argument("--force", action="store_true",
                    help="replace the TEI even if it was edited by hand (or has no builder mark)")
    ap.add_argument("-o", "--output", type=Path, default=TEI_PATH)
    args = ap.parse_args(argv)
    try:
        check_condition_words()
        data, report = render()
        old = args.output.read_bytes() if args.output.exists() else None
        if args.check:
            same = old == data
            state = "up to date" if same else "differs: run python -m yimao.tei.build"
            print(f"{args.output}: {state}")
            return 0 if same else 1
        done = replacing(old, data, _shown(args.output), args.force)
        if old != data:
            atomic.write_bytes(args.output, data)
        lines = [*report.lines(), done]
        if args.register:
            added = register(xml_ids(etree.fromstring(data)))
            lines.append(f"{added} new id(s) added to {REGISTRY_PATH.name}")
    except InputError as exc:
        print(f"build_tei: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"build_tei: error: cannot write {exc.filename or args.output}: "
              f"{exc.strerror or exc}; the old file is unchanged", file=sys.stderr)
        return 2
    try:
        print("\n".join(lines))
    except BrokenPipeError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
