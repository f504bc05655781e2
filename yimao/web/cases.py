"""The worked cases on the reading site: the read model's cases with what compute says of
them, as the templates show them.

Nothing here knows Sphinx, and nothing here is a second record of a case: a page shows the
read model's :class:`~yimao.model.edition.Case` (``v.case``) beside what is computed for it
(its chart, each claim's status, its Gregorian dates) and where it stands in the book.
:class:`CaseBook` reads the cases once from the TEI (:func:`yimao.model.cases.load`) and
computes each case on first use (the slow part: 196 cases), kept for the rest of the build.

>>> from yimao.model.edition import load_edition
>>> book = CaseBook(load_edition())
>>> v = book.view("p089-case1")
>>> v["ref"], v["case"].hexagrams, v["case"].date, [c["status"] for c in v["claims"]]
('立法 11.3.1', '困之坎', '午建 壬戌日', ['confirmed', 'confirmed', 'confirmed'])
>>> [(r.spirit, r.line, r.who) for r in v["chart"].rows][2]
('勾陳', '子孫丁亥水', '應')
>>> v["chart"].rows[2].change, v["chart"].rows[2].mark
('兄弟戊申金', '○')
"""

from __future__ import annotations

import functools
import hashlib
import json
import pickle
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from yimao import atomic, ids
from yimao.model import cases as C
from yimao.model.case_words import (
    STATUS,
    TYPE_KO,
    choice_ko,
    detail_ko,
    month_day,
    not_computable_ko,
    placeholder_ko,
)
from yimao.web.links import Links
from yimao.web.pages import docname, short_ref

if TYPE_CHECKING:
    from compute.engine.layout import Focus
    from yimao.model.edition import Edition


def attr_json(value: Any) -> Markup:
    """*value* as JSON for a single-quoted HTML attribute (``data-check='…'``): no character
    references (``&``, ``<``, ``>`` and ``'`` as ``\\u00XX``), so any HTML parser reads it whole.

    >>> print(attr_json({"kind": "dilu", "equals": "未'申"}))
    {"kind": "dilu", "equals": "未\\u0027申"}
    """
    text = json.dumps(value, ensure_ascii=False)
    for ch in "&<>'":
        text = text.replace(ch, f"\\u{ord(ch):04x}")
    return Markup(text)


def question_words(value: str) -> str:
    """What a Run panel's 筮類 field shows for a question: its wording as the book writes it
    (筮其吉凶) where that wording names this question alone, else its id (a wording several
    chapters share); any other value as it is.

    >>> question_words("shilei-14-q7"), question_words("養病"), question_words("")
    ('筮其吉凶', '養病', '')
    >>> question_words("shilei-14-q2")  # 防疫 is asked in two chapters
    'shilei-14-q2'
    """
    from compute.book.questions import question
    from compute.errors import InputError

    try:
        q = question(value) if value.startswith("shilei-") else None
        return q.text if q is not None and question(q.text).id == q.id else value
    except InputError:
        return value


def case_page(case_id: str) -> str:
    """The page name of a case: ``cases/p089-case1`` (``/cases/p089-case1/``)."""
    return f"cases/{case_id}"


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One line of the traditional layout, top line first."""

    position: int
    spirit: str  # 六神
    line: str  # 六親 干支 五行: 子孫丁亥水
    yang: bool
    mark: str  # ○ (重, 老陽) or × (交, 老陰) for a moving line, else ""
    who: str  # 世 / 應 / ""
    change: str  # the changed line of a moving line
    hidden: str  # 伏神


@dataclass(frozen=True, slots=True)
class ChartView:
    head: str  # 澤水困 (兌宮 金 一世) 之 坎為水 (坎宮 八純)
    date: str  # 午月 壬戌日  (甲寅旬 空 子丑; …)
    rows: tuple[ChartRow, ...]
    extra: str  # 卦身 … 伏卦 …
    notes: tuple[str, ...]  # placeholders compute used for what the case leaves out
    text: str  # compute's own text layout (compute.engine.layout.table_lines), for copying
    spirits_known: bool = True  # 六神 follow the day stem: placeholders if the text lacks it
    has_changed: bool = True
    html: str = ""  # compute.engine.layout.render_html: heading, table, 卦身 … (no findings)
    why: str = ""  # its notes and derivation (compute.engine.layout.why_data), served apart
    focus: Focus | None = None  # the page's marks on it (compute.engine.layout.Focus)


WHY_DIR = "_why"
"""Where the notes of the site's charts are served, one file each, named by their digest."""


def why_name(data: str) -> str:
    """The file of a chart's notes: ``_why/<digest>.json`` (its content decides its name).

    >>> why_name('{"n":{}}')
    '_why/ac8c67a54aeafb02.json'
    """
    return f"{WHY_DIR}/{hashlib.sha256(data.encode()).hexdigest()[:16]}.json"


def chart_view(setting: C.Setting, links: Links | None = None,
               focus: Focus | None = None) -> ChartView:
    """The chart in the traditional layout: :func:`compute.engine.layout.chart_layout`, the one
    layout ``yimao chart`` prints and the Run panel shows, explained
    (:func:`compute.explain.explained`: each cell's note, the verdict, the derivation folded
    until opened), its passages linked and cited by *links*, the page's marks (*focus*: an
    example's lines and cells, a question's 用神) put on by compute's layout."""
    from compute.engine.layout import render_html, table_lines, why_data
    from compute.explain import explained

    c = setting.chart
    lay = explained(c)
    why = why_data(lay, links.href, links.cite, links.rule_info) if links else ""
    rows = tuple(
        ChartRow(r.position, r.spirit, r.line.text, r.yang, r.mark, r.who,
                 r.change.text if r.change else "", r.hidden.text if r.hidden else "")
        for r in lay.rows)
    return ChartView(lay.head, lay.date, rows, lay.extra,
                     tuple(k for n in setting.notes if (k := placeholder_ko(n))),
                     "\n".join(table_lines(lay)),
                     setting.day_stem, c.changed is not None,
                     render_html(lay, links.href if links else None, findings=False,
                                 placeholder_spirits=not setting.day_stem,
                                 cite=links.cite if links else None,
                                 rule_info=links.rule_info if links else None,
                                 why_src=links.root + why_name(why) if links else "",
                                 focus=focus), why, focus)


AGREEMENT_KO = {
    "agrees": "",
    "agrees (both)": "용신이 두 번 나오는데 본문은 둘 다 든다.",
    "differs": "이 점례는 {book} 용신으로 보는데, 계산은 {computed} 고른다.",
}


@dataclass(frozen=True, slots=True)
class Asking:
    """What a case asks and the 用神 that answers it: the 筮類 question (``question``: id,
    the book's words, the Korean), the 用神 (``value``) with ``why`` (a Korean sentence: which
    of the book's sentences chose it) and those sentences (``passages``, ids), each role's
    lines in a reader's words (``roles``: (role, 六親, line labels)), how compute chose among
    appearances (``choice``), and ``agreement`` (Korean, empty when compute and the editors
    agree)."""

    question: tuple[str, str, str] | None
    first: str  # the first sentence of the question in the 筮類 (id), or ""
    value: str
    why: str
    passages: tuple[str, ...]
    roles: tuple[tuple[str, str, tuple[str, ...]], ...]
    choice: str
    agreement: str
    note: str
    choice_passages: tuple[str, ...] = ()


PASSAGE_ID = re.compile(r" ?\(?(p\d{3}-s\d+)\)?")


def _why(case: C.Case, s: C.Setting, value: str) -> tuple[str, tuple[str, ...]]:
    """Which of the book's sentences makes *value* the 用神 of *case*: the question's own
    用神, one of its alternatives (who asks, for whom), a row of the 親屬 table, or (with no
    sentence) the editors' reading of the case."""
    from compute.book.questions import KIN
    from compute.book.questions import question as find_question
    from compute.claims.explain import pp
    from compute.shilei.roles import roles

    if not case.question_id:
        return f"편집자가 점례의 본문에 따라 {pp(value, '을')} 用神으로 읽었다.", ()
    q = find_question(case.question_id)
    r = roles(s.chart, q.id)
    if r.when and r.value == value:
        return f"{r.when}: {pp(value, '을')} 用神으로 삼는다.", tuple(r.passages)
    if value in q.yongshen:
        return (f"筮類의 이 물음은 {pp(value, '을')} 用神으로 삼는다.",
                tuple(q.passages[:1]))
    said = case.question

    def names(a: Any) -> bool:  # an alternative for a person the case's question names
        return any(f.startswith("person=") and f[7:] in said for f in a.facts)

    alts = [a for a in q.alternatives if a.yongshen[:1] == (value,)]
    for a in sorted(alts, key=lambda a: not names(a)):
        if names(a) or "親屬" not in q.yongshen:
            return f"{a.when}: {pp(value, '을')} 用神으로 삼는다.", tuple(a.passages)
    if "親屬" in q.yongshen:
        rows = [k for k in KIN if k.yongshen == value]
        row = next((k for k in rows if any(p in said for p in k.persons)),
                   rows[0] if rows else None)
        if row is not None:
            return (f"친족을 묻는 물음이라 親屬 표를 따른다 — {row.who}: "
                    f"{pp(value, '을')} 用神으로 삼는다.", tuple(row.passages))
    if alts:
        return f"{alts[0].when}: {pp(value, '을')} 用神으로 삼는다.", tuple(alts[0].passages)
    if q.yongshen and q.yongshen[0] not in ("親屬", "物類"):
        return (f"筮類의 이 물음은 {pp(q.yongshen[0], '을')} 用神으로 삼으나, 이 점례는 본문대로 "
                f"{pp(value, '을')} 본다.", tuple(q.passages[:1]))
    return f"편집자가 점례의 본문에 따라 {pp(value, '을')} 用神으로 읽었다.", ()


def asking(case: C.Case, s: C.Setting) -> Asking | None:
    """The question and 用神 of *case* on its chart *s* (None where the editors give no 用神).

    >>> from yimao.model import cases as M
    >>> case = M.by_id(M.load(), "p089-case1")
    >>> a = asking(case, M.setting(case))
    >>> a.question[1:], a.value, a.roles[0]
    (('趨利', '재물을 구하는 일(구재의 대세)'), '妻財', ('用神', '妻財', ('初爻 妻財 寅木(世)',)))
    >>> a.why
    '筮類의 이 물음은 妻財를 用神으로 삼는다.'
    """
    from compute.book.gua import POS_ZH
    from compute.claims.case import FuLine
    from compute.claims.explain import label, pp
    from yimao.model.case_questions import ROLE_NAMES, agreement, computed

    r = computed(case)
    if r is None:
        return None
    q = None
    first = ""
    if case.question_id:
        from compute.book.questions import question as find_question

        qq = find_question(case.question_id)
        q, first = (qq.id, qq.text, qq.ko), (qq.passages[0] if qq.passages else "")
    h = s.chart.primary

    def lab(pos: int, hidden: bool = False) -> str:
        ln = h.line(pos)
        return label(s, FuLine(ln.hidden, ln)) if hidden and ln.hidden else label(s, ln)

    roles = [("用神", str(r.relative or r.value), tuple(lab(a.position, a.hidden) for a in r.yong))]
    for name, attr in ROLE_NAMES[1:]:
        role = getattr(r, attr)
        if role.relative is not None:
            roles.append((name, str(role.relative), tuple(lab(p) for p in role.lines)))
    why, passages = _why(case, s, r.value)
    status, _ = agreement(case)
    book = "、".join(POS_ZH[p] for p in sorted(case.yongshen.get("lines", ()))) or "伏神"
    got = "、".join(POS_ZH[p] for p in r.positions) or "伏神"
    said = AGREEMENT_KO.get(status, "").format(book=pp(book, "을"), computed=pp(got, "을"))
    note = case.yongshen_note if not re.search("[A-Za-z]", case.yongshen_note) else ""
    return Asking(q, first, r.value, why, passages, tuple(roles), choice_ko(r.choice),
                  said, note,
                  tuple(m.group(1) for m in PASSAGE_ID.finditer(r.choice)))


@dataclass(frozen=True, slots=True)
class Cite:
    """A sentence of the book as a reader cites it: 「筮類 26.1.1」, its page and anchor."""

    ref: str
    page: str
    anchor: str


Computed = tuple[ChartView | None, str, tuple[C.Verdict, ...], tuple[tuple[str, ...], str, str],
                 "Asking | None", tuple[tuple[str, ...], ...]]


def compute(case: C.Case, links: Links | None = None) -> Computed:
    """The slow part of a case: its chart, each claim's verdict, its Gregorian dates (with
    their basis), the problem of its date if any, its 用神 and roles (:func:`asking`) and
    each claim's reasons in Korean (:func:`compute.claims.explain.explain`)."""
    from compute.claims.explain import explain

    chart: ChartView | None = None
    error = ""
    ask: Asking | None = None
    try:
        s = C.setting(case)
        chart = chart_view(s, links)
        ask = asking(case, s)
    except Exception as exc:  # noqa: BLE001 (the page says why instead of failing)
        from compute.errors import message

        error = message(exc, "ko")  # an InputError in Korean; another error as it is
    verdicts = tuple(C.evaluate(case, claim) for claim in case.claims)
    reasons = tuple(explain(case.inputs, claim.check) if v.status != "two_readings" else ()
                    for claim, v in zip(case.claims, verdicts, strict=True))
    found, basis = C.dates(case)
    return chart, error, verdicts, (tuple(found), basis, C.date_problem(case)), ask, reasons


def code_digest() -> str:
    """A digest of what the computed part of a case depends on besides the case itself (its
    record in the TEI, checks included, is the cache key): compute's sources, yimao.model.cases,
    the case words and questions beside it, yimao.web.links and this module."""
    root = Path(__file__).resolve().parents[2]
    files = sorted((root / "compute").rglob("*.py"))
    files += [root / "yimao" / "model" / f"{m}.py" for m in ("cases", "case_words",
                                                                "case_questions")]
    files += [root / "yimao" / "web" / "links.py", Path(__file__).resolve()]
    h = hashlib.sha256()
    for f in files:
        if f.is_file():
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


class ComputeCache:
    """Computed cases kept between builds (a pickle in Sphinx's doctree directory), keyed by
    the code digest and the case's own data: a rebuild after a change of the TEI's text
    re-charts nothing; a change of compute re-charts everything."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.digest = code_digest() if path is not None else ""
        self.entries: dict[str, Computed] = {}
        self.used: set[str] = set()
        self.dirty = False
        if path is not None and path.is_file():
            try:
                digest, entries = pickle.loads(path.read_bytes())
                if digest == self.digest:
                    self.entries = entries
            except Exception:  # noqa: BLE001 (a stale or broken cache is recomputed)
                self.entries = {}

    def get(self, case: C.Case, links: Links | None = None) -> Computed:
        key = repr(case)
        if " at 0x" in key:  # no value repr: nothing to key on
            return compute(case, links)
        self.used.add(key)
        if key not in self.entries:
            self.entries[key] = compute(case, links)
            self.dirty = True
        return self.entries[key]

    def save(self) -> None:
        """Write the cases computed in this build (only if some were new)."""
        if self.path is not None and self.dirty:
            kept = {k: v for k, v in self.entries.items() if k in self.used}
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(self.path, pickle.dumps((self.digest, kept)))
            self.dirty = False


class CaseBook:
    """Every worked case of the edition, as the site shows it."""

    def __init__(self, edition: Edition, cache: Path | None = None) -> None:
        self.edition = edition
        self.links = Links(edition)
        self.cache = ComputeCache(cache)
        self.cases = {c.id: c for c in C.load(tei=edition.path)}
        self.claims = {cl.id: cl for case in self.cases.values() for cl in case.claims}
        self.order = [cid for d in edition.divisions for p in d.passages for cid in p.cases]

    def ids(self) -> list[str]:
        """Case ids in book order."""
        return [cid for cid in self.order if cid in self.cases]

    def by_passage(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for cid in self.ids():
            out.setdefault(self.cases[cid].passage, []).append(cid)
        return out

    def by_rule(self) -> dict[str, list[str]]:
        """``{rule id: [case ids]}`` of the cases whose claims invoke the rule."""
        out: dict[str, list[str]] = {}
        for cid in self.ids():
            for cl in self.cases[cid].claims:
                if cid not in out.get(cl.rule, []):
                    out.setdefault(cl.rule, []).append(cid)
        return out

    def claim_note(self, claim_id: str) -> str:
        """The note a chapter page shows on a claim: the editors' Korean note, if any."""
        claim = self.claims.get(claim_id)
        return " ".join(claim.note.split()) if claim is not None else ""

    @functools.cache  # noqa: B019 (one CaseBook per build)
    def view(self, cid: str) -> dict[str, Any]:
        """What the page of case *cid* shows (the templates' ``v``): ``case`` (the read
        model's Case), ``ref`` and ``division`` (where it stands), ``label`` and ``type_ko``,
        ``text`` (the corrected reading), ``text_ko`` and ``outcome_ko`` (the Korean
        paragraphs, id and text), ``chart`` (a :class:`ChartView`, None with ``chart_error``),
        ``gregorian``, ``date_basis`` and ``date_problem``, ``inputs`` (what compute was
        given: the Run panel's), ``claims`` (per claim: ``claim``, ``status``, its ``mark``
        and Korean ``label``, the editors' ``note`` in one line, ``detail`` in Korean) and
        the ``confirmed`` and ``contradicted`` counts."""
        case = self.cases[cid]
        ed = self.edition
        chart, error, verdicts, (found, basis, problem), ask, reasons = \
            self.cache.get(case, self.links)
        claims = tuple(self._claim(cid, claim, v, why) for claim, v, why in zip(
            case.claims, verdicts, reasons, strict=True))
        return {
            "case": case, "ref": short_ref(ed.ref(cid)),
            "division": ed.passage(case.passage).division,
            "label": case.title_ko or f"{case.hexagrams} {month_day(case.date)}".strip(),
            "type_ko": TYPE_KO.get(case.type, case.type), "text": case.corrected or case.text,
            "text_ko": self._korean(case.passage),
            "outcome_ko": tuple(k for p in case.outcome_paragraphs if p != case.passage
                                for k in self._korean(p)),
            "chart": chart, "chart_error": error, "gregorian": tuple(found),
            "date_basis": basis, "date_problem": problem,
            "inputs": case.inputs.items(),
            "claims": claims, "asking": ask,
            "asking_cites": tuple(self.cite(p) for p in ask.passages) if ask else (),
            "question_cite": self.cite(ask.first) if ask and ask.first else None,
            "choice_cites": tuple(self.cite(p) for p in ask.choice_passages) if ask else (),
            "confirmed": sum(c["status"] == "confirmed" for c in claims),
            "contradicted": sum(c["status"] == "contradicted" for c in claims),
        }

    def _claim(self, cid: str, claim: C.Claim, v: C.Verdict, why: tuple[str, ...]
               ) -> dict[str, Any]:
        # readers see the editors' Korean note (claim.note), compute's reasons in Korean
        # (compute.claims.explain) and, for a claim the book and compute disagree on, both
        # values; the working notes (English) stay in `yimao case`; the rule id and the
        # check are for developers (a <details>)
        from compute.claims.case import show_value

        mark, label = STATUS[v.status]
        return {"claim": claim, "status": v.status, "mark": mark, "label": label,
                "note": " ".join(claim.note.split()),
                "detail": detail_ko(v.detail) if v.status != "not_computable" else "",
                "why": why if v.status != "not_computable" else (not_computable_ko(v.detail),),
                "book_value": _shown(v.expected, show_value),
                "value": _shown(v.value, show_value),
                "cite": Cite(short_ref(self.edition.ref(cid)),
                             docname(self.edition.passage(self.cases[cid].passage).division),
                             claim.id),
                "check": attr_json(claim.check),
                "reason": v.detail}

    def cite(self, sid: str) -> Cite:
        """Sentence (or paragraph) *sid* as a reader cites it."""
        ed = self.edition
        return Cite(short_ref(ed.ref(sid)), docname(ed.passage(ids.paragraph_of(sid)).division),
                    sid)

    def _korean(self, pid: str) -> tuple[tuple[str, str], ...]:
        """The Korean translation of paragraph *pid* (id, text), if it has one."""
        p = self.edition.passage(pid)
        if p.ko_id is None:
            return ()
        return ((p.ko_id, " ".join(p.ko_text("corrected").split())),)

    def title(self, cid: str) -> str:
        """The Korean title of case *cid* (cheap: no chart computed)."""
        case = self.cases.get(cid)
        if case is None:  # a case the TEI lacks: its id
            return cid
        return case.title_ko or f"{case.hexagrams} {month_day(case.date)}".strip()

    def views(self) -> list[dict[str, Any]]:
        return [self.view(cid) for cid in self.ids()]


def _shown(value: Any, show: Any) -> str:
    """A verdict's value as the page shows it (是/否 for a truth, one value of a tuple)."""
    if isinstance(value, tuple):
        return " · ".join(show(x) for x in value)
    return str(show(value)) if value is not None else ""


def claim_marks(book: CaseBook) -> Mapping[str, Any]:
    """For chapter pages: ``{claim id: (case page, note)}`` (cheap: no chart is computed)."""
    return {cid: (case_page(ids.case_of(cid)), book.claim_note(cid)) for cid in book.claims}

