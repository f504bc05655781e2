"""The 筮類 questions' examples on the reading site (/questions/01/ …): each question of the TEI
(:mod:`yimao.model.examples`, compiled from editorial/questions.toml) with its example, a
worked case of the book in the paragraphs that treat it, else a constructed chart (구성례), its
用神 and 元神, 忌神, 仇神 as compute resolves them. Nothing here knows Sphinx.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from compute.engine.layout import Focus
from yimao.model import cases as C
from yimao.model import examples as X
from yimao.web.cases import CaseBook, ChartView, chart_view
from yimao.web.examples import (
    LATIN,
    FindingLink,
    case_setting,
    constructed_view,
    finding_links,
    passage_links,
    run_inputs,
)
from yimao.web.rules import PassageLink

if TYPE_CHECKING:
    from compute.engine.chart import Chart
    from yimao.model.edition import Edition


@dataclass(frozen=True, slots=True)
class QuestionView:
    id: str  # shilei-01-q1 (the anchor on the chapter's question page)
    chapter: str  # shilei-01
    text: str  # the book's words
    ko: str
    yongshen: tuple[str, ...]  # its 用神, as questions.toml names them
    yongshen_ko: tuple[str, ...]  # their glosses
    reason: str
    passages: tuple[PassageLink, ...]
    case: str = ""  # a worked case of the book on this question, if any
    chart: ChartView | None = None  # its chart: the case's, or a constructed one (구성례)
    inputs: tuple[tuple[str, str], ...] = ()
    marks: tuple[int, ...] = ()  # the lines of the 用神 on that chart
    by_compute: bool = False  # the marks are compute's (chart(question=…)), not this module's
    roles: tuple[tuple[str, str], ...] = ()  # (Korean role, what compute resolves): 元神 …
    judgments: tuple[FindingLink, ...] = ()  # the chapter's judgments that hold on the chart
    moving: tuple[int, ...] = ()  # the chart's moving lines
    stated_in: str = ""  # the paragraph whose words state the question

    @property
    def page(self) -> str:
        return question_page(self.chapter)

    @property
    def title(self) -> str:
        return f"{self.ko} — 용신 {'·'.join(self.yongshen) or '없음'}"

    @property
    def label(self) -> str:
        """The passages' link to it: the rule it shows (the question's 用神) and the question,
        e.g. 「예제: 물음의 용신(用神) — 「危時」 병이 언제 위태로울지: 親屬」."""
        return f"예제: 물음의 용신(用神) — 「{self.text}」 {self.ko}: " \
            f"{'·'.join(self.yongshen) or '책이 정하지 않음'}"

    @property
    def chart_caption(self) -> str:
        """What its chart shows of the 用神, from the chart's data (:func:`chart_caption`)."""
        return chart_caption(self.marks, self.moving)


def chart_caption(marks: Sequence[int], moving: Sequence[int]) -> str:
    """A constructed question example's title: whether its 用神's lines (*marks*) move on the
    chart (*moving*: its moving lines), as the chart has it.

    >>> chart_caption([4], [4]), chart_caption([4], [2])
    ('용신 4효가 움직이는 괘', '용신 4효는 고요하고 2효가 움직이는 괘')
    >>> chart_caption([1, 4], [4])
    '용신 4효가 움직이고 1효는 고요한 괘'
    >>> chart_caption([], [1]), chart_caption([3], [])
    ('용신이 효로 드러나지 않고 1효가 움직이는 괘', '용신 3효를 비롯해 여섯 효가 모두 고요한 괘')
    """
    def lines(ps: Iterable[int]) -> str:
        return "·".join(str(p) for p in sorted(ps))

    moved = [p for p in marks if p in moving]
    still = [p for p in marks if p not in moving]
    others = [p for p in moving if p not in marks]
    if not marks:
        return f"용신이 효로 드러나지 않고 {lines(moving)}효가 움직이는 괘" if moving else \
            "용신이 효로 드러나지 않고 여섯 효가 모두 고요한 괘"
    if moved and still:
        return f"용신 {lines(moved)}효가 움직이고 {lines(still)}효는 고요한 괘"
    if moved:
        return f"용신 {lines(moved)}효가 움직이는 괘"
    if others:
        return f"용신 {lines(still)}효는 고요하고 {lines(others)}효가 움직이는 괘"
    return f"용신 {lines(still)}효를 비롯해 여섯 효가 모두 고요한 괘"


def question_page(chapter: str) -> str:
    """``shilei-01`` → ``questions/01`` (``/questions/01/``).

    >>> question_page("shilei-07")
    'questions/07'
    """
    return f"questions/{chapter.rpartition('-')[2]}"


UNMARKED = ("", "卦", "親屬", "物類")
"""用神 that mark no line by themselves (the whole hexagram; whoever or whatever is asked)."""


@functools.cache
def yongshen_lines(primary: str, stem: str, yong: str) -> tuple[int, ...]:
    """The 飛 lines of *primary*'s static chart on a day of *stem* (:func:`_fixed_date`) where
    compute finds the 用神 *yong* (:func:`compute.shilei.roles.roles`, every appearance
    before the 兩現 choice; none for a 用神 hidden as 伏神).

    >>> yongshen_lines("困", "壬", "妻財"), yongshen_lines("困", "壬", "世")
    ((1,), (1,))
    >>> yongshen_lines("困", "壬", "外卦")
    (4, 5, 6)
    """
    from compute.shilei.roles import roles

    r = roles(_fixed_date(primary, stem), yongshen=yong)
    return tuple(a.position for a in r.all_yong if not a.hidden)


def question_chart(k: int, yong: str, question: str | None = None
                   ) -> tuple[dict[str, str], Chart]:
    """A constructed chart for the *k*-th question (구성례), asked *question*: one moving line,
    on the question's 用神 where one of the 64 hexagrams (tried from the *k*-th on) puts it
    there. Month and day vary with *k* so the examples do not all share one date."""
    from compute import chart as draw
    from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
    from compute.book.gua import HEXAGRAMS

    month, day = BRANCH_ZH[(k * 5) % 12], GANZHI_ZH[(k * 7) % 60]
    found = None
    for i in range(64 if yong not in UNMARKED else 0):
        h = HEXAGRAMS[(k + i) % 64]
        # 六親, 世應 and the places do not depend on the date, the 六神 only on the day's
        # stem: search on the static chart of one fixed date (cached), draw the example on
        # its own date once found
        for pos in (1, 2, 3, 4, 5, 6):
            if yong == "動爻" or pos in yongshen_lines(h.name, day[0], yong):
                found = (h, pos)
                break
        if found:
            break
    h, pos = found or (HEXAGRAMS[k % 64], 1)
    inputs = {"primary": h.name, "changed": h.changed([pos]).name, "month": month, "day": day}
    return inputs, draw(inputs["primary"], inputs["changed"], month=month, day=day,
                        question=question)


@functools.cache
def _fixed_date(primary: str, stem: str) -> Chart:
    """The static chart of *primary* (``rules=()``: 納甲, 六親, 六神, 世應 only, no line
    moving) on a day of *stem* (the 六神 follow the day's stem) in 寅月."""
    from compute import chart as draw
    from compute.book.ganzhi import GANZHI_ZH

    day = next(g for g in GANZHI_ZH if g[0] == stem)
    return draw(primary, month="寅", day=day, rules=())


def questions(edition: Edition, book: CaseBook | None = None,
              rows: Sequence[X.Question] | None = None) -> list[QuestionView]:
    """Every question of the TEI (or *rows*) with its example: a worked case of the book in
    the paragraphs that treat it, else a constructed chart with its 用神 marked. Empty for a
    TEI without question records."""
    rows = X.questions(edition) if rows is None else rows
    by_para = book.by_passage() if book is not None else {}
    out = []
    for q in rows:
        yong = q.yongshen
        sids = list(dict.fromkeys([*q.passages,  # its own, then its alternatives'
                                   *(s for alt in q.alternatives for s in alt)]))
        view = QuestionView(
            q.id, q.chapter, q.text, q.ko, yong, q.yongshen_ko, q.reason,
            passage_links(edition, sids), stated_in=q.stated_in)
        if book is not None:
            paras = dict.fromkeys(s.split("-")[0] for s in sids)
            case = next((cid for p in paras for cid in by_para.get(p, ())), "")
            if case:
                cs = book.cases[case]
                setting = asked_setting(case_setting(book, case), q.id)
                c = setting.chart
                roles = _roles(c, q.id)
                view = _with(view, case=case,
                             chart=chart_view(setting, book.links, _yong(roles["marks"])),
                             inputs=run_inputs({**dict(cs.inputs.items()),
                                                "question": q.id}))  # the Run panel asks it
            else:
                inputs, c = question_chart(q.number, yong[0] if yong else "", q.id)
                roles = _roles(c, q.id)
                view = _with(view, chart=constructed_view(c, book.links, _yong(roles["marks"])),
                             judgments=_judgments(edition, c),
                             inputs=run_inputs({**inputs, "question": q.id}))
            view = _with(view, moving=tuple(c.moving), **roles)
        out.append(view)
    return out


def asked_setting(setting: C.Setting, qid: str) -> C.Setting:
    """The book's case charted again asked the question *qid* (its 用神, judgments and 應期,
    the verdict its example opens with); what the case's date leaves open stays as it was.

    >>> from compute import chart
    >>> s = C.Setting(chart("困", "坎", month="午", day="壬戌"), True, True, True, True, False)
    >>> asked_setting(s, "shilei-26-q2").chart.asking.question.text
    '囤積'
    """
    from dataclasses import replace

    from compute import chart

    c = setting.chart
    again = chart(c.primary.name, c.changed.name if c.changed is not None else None,
                  month=str(c.month), day=c.day.zh, year=c.year.zh if c.year else None,
                  hour=c.hour.zh if c.hour else None,
                  birth=str(c.birth) if c.birth is not None else None, question=qid)
    return replace(setting, chart=again)


ROLE_KO = (("yuan", "원신(元神)"), ("ji", "기신(忌神)"), ("chou", "구신(仇神)"))


def _roles(c: Chart, qid: str) -> dict[str, Any]:
    """What compute resolves for the question on chart *c* (asked it: ``chart.asking``; a
    book case's chart is asked *qid* here): the 用神's lines (the marks) and its 元神, 忌神,
    仇神."""
    from compute.shilei.roles import roles

    r = roles(c) if c.asking is not None else roles(c, qid)
    out: list[tuple[str, str]] = []
    if r.choice and not LATIN.search(r.choice):
        out.append(("용신 고르기", r.choice))
    for attr, ko in ROLE_KO:
        role = getattr(r, attr)
        if role.relative is not None:
            where = "·".join(f"{p}효" for p in role.lines) or "괘에 없음"
            out.append((ko, f"{role.relative} ({where})"))
    return {"marks": tuple(r.positions), "by_compute": True, "roles": tuple(out)}


def _yong(marks: tuple[int, ...]) -> Focus | None:
    """The 用神's lines as the marks of a question's chart (none where it shows no line)."""
    return Focus(marks, (), "yong") if marks else None


def _judgments(edition: Edition, c: Chart) -> tuple[FindingLink, ...]:
    """The judgments (斷) of the question's chapter that hold on *c*: findings with a verdict."""
    return finding_links(edition, (f for f in c.findings if dict(f.data).get("verdict")))


def _with(view: QuestionView, **changes: Any) -> QuestionView:
    from dataclasses import replace

    return replace(view, **changes)
