"""Every passage's link to its most specific worked example (issue 11), the 「예제: …」 links of
the reading site. Nothing here knows Sphinx.

Every Chinese paragraph gets at least one link (:class:`WorkedLink`), of one of four kinds:

* ``case`` — the paragraph holds a worked case of the book: its case page;
* ``rule`` — a rule anchored in the paragraph (a sentence's ``@ana``) has an example: the
  example on /rules/ (:mod:`yimao.web.examples`);
* ``question`` — the paragraph treats a 筮類 question (the TEI's question records): the
  question's example on its chapter's question page (:mod:`yimao.web.questions`);
* ``other`` — prefaces, the 四庫提要 and the few 立法 paragraphs that state no computing
  rule: the nearest example of the same chapter, else the cast page (作卦); a passage that
  gives its own date (:func:`passage_date`) also links the cast page on that date.

>>> from yimao.model.edition import load_edition
>>> from yimao.web.cases import CaseBook
>>> from yimao.web.examples import rule_examples
>>> from yimao.web.questions import questions
>>> ed = load_edition()
>>> links = worked_links(ed, CaseBook(ed), rule_examples(ed, CaseBook(ed)), questions(ed))
>>> [(w.kind, w.label) for w in links["p089"]][:1]
[('case', '예제: 困之坎 — 午月 壬戌日 재물점')]
>>> links["p027"][0].kind, links["p027"][0].anchor
('rule', 'ex-ganzhi-60')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH, STEM_ZH
from yimao.errors import EditionError
from yimao.model import cases as C
from yimao.web.cases import CaseBook, case_page
from yimao.web.examples import ExampleView
from yimao.web.questions import QuestionView

if TYPE_CHECKING:
    from yimao.model.edition import Edition

KINDS = ("case", "rule", "question", "other")
KIND_KO = {"case": "책의 점례", "rule": "규칙의 예제", "question": "물음의 예제",
           "other": "가까운 예제"}


@dataclass(frozen=True, slots=True)
class WorkedLink:
    """A passage's link to a worked example."""

    para: str  # the Chinese paragraph it is for
    kind: str  # case | rule | question | other
    page: str  # the page's docname (cases/p089-case1, rules/lifa-04, questions/01, cast)
    anchor: str
    label: str  # 「예제: …」 in Korean
    query: str = ""  # the cast page's prefilled inputs (year=甲辰&month=申…), URL-encoded

    @property
    def title(self) -> str:
        return "본문의 날짜로 괘 짓기" if self.query else KIND_KO[self.kind]


def worked_links(edition: Edition, book: CaseBook, examples: Mapping[str, Sequence[ExampleView]],
                 question_views: Sequence[QuestionView],
                 rule_pages: Mapping[str, str] | None = None) -> dict[str, list[WorkedLink]]:
    """``{paragraph id: [links]}`` for every Chinese paragraph of the edition: its own cases;
    else the question it states (「如問危時」: a paragraph that states one 筮類 question); else
    the example of a rule anchored in it that fits it best (:func:`fit`); else its question's
    example (a paragraph of a question whose rules' examples all ask another chapter's
    question); else the nearest (see the module doc)."""
    rule_pages = rule_pages or {}
    own = book.by_passage()
    rules_of: dict[str, list[str]] = {}
    for cat in edition.categories():
        for sid in cat.sentences:
            rules_of.setdefault(sid.split("-")[0], []).append(cat.rule_id)
    q_of: dict[str, list[QuestionView]] = {}
    for q in question_views:
        for pid in dict.fromkeys(p.id.split("-")[0] for p in q.passages):
            q_of.setdefault(pid, []).append(q)
    stated = stated_questions(question_views)
    division_of = {p.id: div.id for div in edition.divisions for p in div.passages}
    out: dict[str, list[WorkedLink]] = {}
    for div in edition.divisions:
        for p in div.passages:
            pid = p.id
            if pid in own:
                out[pid] = [WorkedLink(pid, "case", case_page(cid), "",
                                       f"예제: {book.title(cid)}") for cid in own[pid]]
                continue
            if len(stated.get(pid, ())) == 1:
                q = stated[pid][0]
                out[pid] = [WorkedLink(pid, "question", q.page, q.id, q.label)]
                continue
            asked = {q.id for q in (*stated.get(pid, ()), *q_of.get(pid, ()))}
            candidates = [(fit(ex, div.id, asked, division_of), -k, rule, ex)
                          for k, (rule, ex) in enumerate(
                              (r, ex) for r in dict.fromkeys(rules_of.get(pid, ()))
                              for ex in examples.get(r, ()))]
            best = max(candidates, key=lambda t: t[:2], default=None)
            mine = [*stated.get(pid, ()), *q_of.get(pid, ())]
            if best is not None and (best[0] > 0 or not mine):
                _, _, rule, ex = best
                out[pid] = [WorkedLink(pid, "rule", rule_pages.get(rule, "rules"), ex.id,
                                       ex.label)]
            elif mine:
                q = mine[0]
                out[pid] = [WorkedLink(pid, "question", q.page, q.id, q.label)]
    for div in edition.divisions:  # the rest: the passage's own date, the nearest link …
        ids = [p.id for p in div.passages]
        for i, pid in enumerate(ids):
            if pid in out:
                continue
            dated = passage_date(div.passages[i].text("corrected"))
            own = [WorkedLink(pid, "other", "cast", "", dated.label, dated.query)] \
                if dated else []
            near = sorted((abs(j - i), j) for j, q in enumerate(ids)
                          if q in out and out[q][0].kind != "other")
            if near:
                w = out[ids[near[0][1]]][0]
                out[pid] = [*own, WorkedLink(pid, "other", w.page, w.anchor, w.label)]
            else:
                out[pid] = own or [WorkedLink(pid, "other", "cast", "",
                                              "예제: 작괘 — 괘를 직접 지어 판단 보기")]
    return out


def fit(ex: ExampleView, division: str, asked: Iterable[str],
        division_of: Mapping[str, str]) -> int:
    """How well a rule's example fits a paragraph of *division* that treats the questions
    *asked*: 3 it asks one of them; 2 it asks a question of the same chapter, or is a case of
    it; 1 it asks nothing (the rule at work, whatever the asking); 0 it asks another chapter's
    question (the 應期 of 囤積 is no example for a paragraph on illness).

    >>> ex = ExampleView("ex-yingqi", "yingqi", "constructed", "", "", "", None, (), (),
    ...                  question="shilei-26-q2")
    >>> fit(ex, "shilei-14", {"shilei-14-q8"}, {}), fit(ex, "shilei-26", (), {})
    (0, 2)
    >>> fit(ExampleView("ex-xunkong", "xunkong", "case", "p163-case3", "", "", None, (), ()),
    ...     "lifa-26", (), {"p163": "lifa-17"})
    1
    """
    if ex.question:
        if ex.question in set(asked):
            return 3
        return 2 if ex.question.rpartition("-q")[0] == division else 0
    if ex.source == "case" and division_of.get(ex.case.split("-")[0]) == division:
        return 2
    return 1


def stated_questions(question_views: Sequence[QuestionView]) -> dict[str, list[QuestionView]]:
    """``{paragraph id: [questions]}``: the paragraph whose words state each question (its
    ``<seg type="question">``: 「如問<u>危時</u>」, or the chapter's list of its questions)."""
    out: dict[str, list[QuestionView]] = {}
    for q in question_views:
        if q.stated_in:
            out.setdefault(q.stated_in, []).append(q)
    return out


# ------------------------------------------------------------------ a passage's own date

_GANZHI = f"[{STEM_ZH}][{BRANCH_ZH}]"
_DATE = re.compile(
    rf"康熙(?P<year>{_GANZHI})歲?(?:(?P<rank>[孟仲季])?(?P<season>[春夏秋冬]))?"
    r"(?:(?P<month>[正一二三四五六七八九十]+)月)?(?P<day>既望|望|朔旦|朔)?")
SEASON_FIRST = {"春": 1, "夏": 4, "秋": 7, "冬": 10}
RANK = {"孟": 0, "仲": 1, "季": 2}
MONTH_NUMBER = {"正": 1, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
                "九": 9, "十": 10, "十一": 11, "十二": 12}
DAY_NUMBER = {"朔": 1, "朔旦": 1, "望": 15, "既望": 16}
KANGXI_FIRST = 1662  # 康熙元年 壬寅


@dataclass(frozen=True, slots=True)
class PassageDate:
    """A date a passage gives (a preface's 康熙甲辰 秋七月既望) as the cast page's inputs."""

    words: str  # as the text gives it
    inputs: tuple[tuple[str, str], ...]  # (year, 甲辰), (month, 申), (day, 乙巳)
    gregorian: str = ""  # 1664-09-05, when the day is given

    @property
    def query(self) -> str:
        from urllib.parse import urlencode

        return urlencode(self.inputs)

    @property
    def label(self) -> str:
        values = dict(self.inputs)
        pillars = " ".join(f"{values[k]}{suffix}" for k, suffix in
                           (("year", "年"), ("month", "月"), ("day", "日")) if k in values)
        greg = f"양력 {self.gregorian}, " if self.gregorian else ""
        return f"예제: 작괘 — 본문의 날짜 {self.words}({greg}{pillars})로 괘 짓기"


def passage_date(text: str) -> PassageDate | None:
    """The 康熙 date a passage gives, if any, as the pillars compute takes: the year's 干支;
    the month's 月建 (the 節 month of the day when a day is given, else the branch of the
    lunar month, 正月 寅); the day's 干支 (the lunar date read by the model's almanac,
    :func:`yimao.model.cases.lunar_date`, and dated by compute's calendar).

    >>> d = passage_date("…康熙甲辰秋七月既望錢塘且巷顧豹文撰。")
    >>> d.words, d.inputs, d.gregorian
    ('康熙甲辰秋七月既望', (('year', '甲辰'), ('month', '申'), ('day', '乙巳')), '1664-09-05')
    >>> passage_date("康熙甲辰仲秋西泠陸進藎思父拜撰").inputs
    (('year', '甲辰'), ('month', '酉'))
    >>> passage_date("康熙甲辰歲仲夏朔旦新安瞽目程良玉敘").inputs[1:]
    (('month', '巳'), ('day', '壬戌'))
    >>> passage_date("甲子六神變互反伏") is None
    True
    """
    m = _DATE.search(text)
    if m is None or not (m["season"] or m["month"]):
        return None
    month = MONTH_NUMBER.get(m["month"] or "") or \
        SEASON_FIRST[m["season"]] + RANK[m["rank"] or "孟"]
    inputs = [("year", m["year"]), ("month", BRANCH_ZH[(month + 1) % 12])]
    gregorian = ""
    year = KANGXI_FIRST + (GANZHI_ZH.index(m["year"]) - GANZHI_ZH.index("壬寅")) % 60
    found = C.lunar_date(year, month, DAY_NUMBER[m["day"]]) if m["day"] else None
    if found is not None:
        date, month_branch, day = found
        inputs[1] = ("month", month_branch)
        inputs.append(("day", day))
        gregorian = date.isoformat()
    return PassageDate(m[0], tuple(inputs), gregorian)


def check_links(edition: Edition, links: Mapping[str, Sequence[WorkedLink]]) -> None:
    """Raise :class:`EditionError` naming the paragraphs without a worked-example link."""
    missing = [p.id for d in edition.divisions for p in d.passages if not links.get(p.id)]
    if missing:
        raise EditionError(f"{edition.path}:0: no worked example for the paragraph(s) "
                           f"{', '.join(missing[:5])}" + (" …" if len(missing) > 5 else ""))


def link_counts(links: Mapping[str, Sequence[WorkedLink]]) -> dict[str, int]:
    """How many paragraphs link to a worked example of each kind (their first link).

    >>> link_counts({"p1": [WorkedLink("p1", "case", "", "", "")],
    ...              "p2": [WorkedLink("p2", "other", "", "", "")]})
    {'case': 1, 'rule': 0, 'question': 0, 'other': 1}
    """
    counts = dict.fromkeys(KINDS, 0)
    for items in links.values():
        counts[items[0].kind] += 1
    return counts
