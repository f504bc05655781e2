"""Worked examples on the reading site (issue 11): each computing rule's examples executed at
build time, each 筮類 question's example, and every passage's link to its most specific worked
example. The examples and the questions come from the TEI (:mod:`yimao.model.examples`, compiled
from editorial/examples.toml and questions.toml), the rules that compute from its taxonomy.

Nothing here knows Sphinx. The charts are computed by compute (through :mod:`yimao.model.examples`
and :mod:`yimao.model.cases`) and shown in the case pages' layout by ONE function,
:func:`render_chart`.

Every Chinese paragraph gets at least one link (:class:`WorkedLink`), of one of four kinds:

* ``case`` — the paragraph holds a worked case of the book: its case page;
* ``rule`` — a rule anchored in the paragraph (a sentence's ``@ana``) has an example: the
  example on /rules/;
* ``question`` — the paragraph treats a 筮類 question (the TEI's question records): the
  question's example on its chapter's question page;
* ``other`` — prefaces, the 四庫提要 and the few 立法 paragraphs that state no computing
  rule: the nearest example of the same chapter, else the cast page (作卦).

>>> from yimao.model.edition import load_edition
>>> from yimao.web.cases import CaseBook
>>> ed = load_edition()
>>> links = worked_links(ed, CaseBook(ed), rule_examples(ed, CaseBook(ed)), questions(ed))
>>> [(w.kind, w.label) for w in links["p089"]][:1]
[('case', '예제: 困之坎 — 午月 壬戌日 재물점')]
>>> links["p027"][0].kind, links["p027"][0].anchor
('rule', 'ex-ganzhi-60')
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import re
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH, STEM_ZH
from compute.engine.inputs import FIELDS
from compute.engine.layout import Focus, render_html
from yimao import atomic
from yimao.errors import EditionError
from yimao.model import cases as C
from yimao.model import examples as X
from yimao.web.cases import CaseBook, ChartView, case_page, chart_view
from yimao.web.links import Links
from yimao.web.pages import docname, short_ref
from yimao.web.rules import PassageLink, chapter_title

if TYPE_CHECKING:
    from compute.engine.chart import Chart
    from yimao.model.edition import Edition

ROOT = Path(__file__).resolve().parents[2]
LATIN = re.compile(r"[A-Za-z]")
KINDS = ("case", "rule", "question", "other")
KIND_KO = {"case": "책의 점례", "rule": "규칙의 예제", "question": "물음의 예제",
           "other": "가까운 예제"}
INPUT_ORDER = FIELDS
"""The Run panel's fields, in compute.engine.inputs' order (question, 用神 and facts included)."""


# ------------------------------------------------------------------ one chart layout


def render_chart(view: ChartView) -> Markup:
    """A rule or question example's chart: the ONE layout of the site,
    :func:`compute.engine.layout.render_html` (``view.html``, as on the case pages and in the Run
    panel, with the example's marks that compute's layout put on: ``view.focus``), under the
    notes on placeholder dates; the marked lines in ``data-marks``.

    >>> from compute import chart
    >>> from compute.engine.layout import Focus
    >>> c = chart("困", "坎", month="午", day="壬戌")
    >>> html = render_chart(constructed_view(c, focus=Focus((1,), (), "yong")))
    >>> html.count('<tr class="'), html.count('class="marked"'), '<td class="pos">1 <span' in html
    (6, 1, True)
    >>> html = render_chart(constructed_view(c, focus=Focus((4,), ((4, "chg"),), "focus")))
    >>> html.count('data-focus'), '<td class="chg" data-focus data-why="dongyao">→ 兄弟戊申' in html
    (1, True)
    >>> 'data-marks="4"' in html
    True
    """
    notes = "".join(f'<p class="chart-note placeholder"><span class="label">임시 날짜</span> '
                    f"{escape(n)}</p>\n" for n in view.notes)
    lines = sorted(view.focus.lines) if view.focus is not None else []
    data = f' data-marks="{" ".join(map(str, lines))}"' if lines else ""
    return Markup(f'<div class="example-chart"{data}>\n{notes}{view.html}\n</div>')


def constructed_view(c: Chart, links: Links | None = None,
                     focus: Focus | None = None) -> ChartView:
    """The chart of constructed inputs in the case pages' layout (every pillar given)."""
    setting = C.Setting(c, month=True, day_branch=True, day_stem=True, void=True,
                        year=bool(c.to_dict().get("year")))
    return chart_view(setting, links, focus)


# ------------------------------------------------------------------ rule examples


@dataclass(frozen=True, slots=True)
class FindingLink:
    """A finding of the example's rule on its chart, linked to the passages behind it."""

    summary: str  # compute's summary (the book's terms); "" where it carries English
    passages: tuple[PassageLink, ...]


@dataclass(frozen=True, slots=True)
class ExampleView:
    id: str  # ex-xunkong (the anchor on /rules/)
    rule: str
    source: str  # case | constructed
    case: str  # the book's case (source = case)
    title: str  # Korean: the case's title, or 「구성례 …」
    focus_ko: str  # what to look at on the chart
    chart: ChartView
    inputs: tuple[tuple[str, str], ...]  # what the Run panel is prefilled with
    findings: tuple[FindingLink, ...]
    near_why: str = ""
    near_inputs: tuple[tuple[str, str], ...] = ()
    near_chart: ChartView | None = None
    rule_ko: str = ""  # the rule's Korean name (the TEI's taxonomy)
    hexagram: str = ""  # 困之坎: the chart's hexagrams
    marks: tuple[int, ...] = ()  # the rows the focus is about (:func:`focus_marks`)
    cells: tuple[tuple[int, str], ...] = ()  # and their cells
    question: str = ""  # the 筮類 question a constructed example asks (shilei-26-q2)

    @property
    def constructed(self) -> bool:
        return self.source == "constructed"

    @property
    def label(self) -> str:
        """The passages' link to it: the rule it shows, then what it shows of it (the chart,
        what to look at), e.g. 「예제: 응기(應期) — 困之坎: 용신 妻財 初爻 寅木은 …」."""
        return example_label(self.rule_ko or self.rule, self.hexagram, self.focus_ko,
                             self.title)


LABEL_FOCUS = 36
"""At most this many characters of an example's 볼 곳 in a passage's link label."""


def example_label(rule_ko: str, hexagram: str, focus_ko: str, title: str = "") -> str:
    """「예제: {the rule} — {the hexagrams}: {what to look at}」: the rule's name first (its own
    「 — 」 read as a comma), the focus shortened at a word to :data:`LABEL_FOCUS` characters;
    without a focus, the example's title.

    >>> example_label("납갑 천간(納甲 天干)", "節之中孚", "納甲 天干 (초효→상효): 丁、丁")
    '예제: 납갑 천간(納甲 天干) — 節之中孚: 納甲 天干 (초효→상효): 丁、丁'
    >>> example_label("복음(伏吟)", "豫之否", "豫之否: 복음(伏吟)")
    '예제: 복음(伏吟) — 豫之否'
    >>> example_label("호괘(互卦)", "否", "否 (六爻安靜): 호괘(互卦) — 漸")
    '예제: 호괘(互卦) — 否 (六爻安靜): 漸'
    >>> example_label("삼형(三刑)", "困之兌", "초효 寅木 妻財: 삼형(三刑)")
    '예제: 삼형(三刑) — 困之兌: 초효 寅木 妻財'
    >>> example_label("연간으로 월주 정하기 — 오호둔(五虎遁)", "", "", "困 — 午月 壬戌日")
    '예제: 연간으로 월주 정하기, 오호둔(五虎遁) — 困, 午月 壬戌日'
    >>> example_label("응기(應期)", "困之坎", "용신 妻財 初爻 寅木은 午月에 쇠(休)하나 동한 四爻 "
    ...               "亥水의 생을 받으니, 쇠하여 도움을 받는 때")
    '예제: 응기(應期) — 困之坎: 용신 妻財 初爻 寅木은 午月에 쇠(休)하나 동한 四爻 亥水의 생을 …'
    """
    rule = rule_ko.replace(" — ", ", ")
    focus = " ".join(focus_ko.split()).rstrip(".")
    if rule_ko and rule_ko in focus:  # the focus repeats the rule's name: once is enough
        focus = re.sub(rf"(?::\s*|\s*—\s*)?{re.escape(rule_ko)}(?:\s*—\s*|:\s*)?", ": ",
                       focus).strip(": ")
    if len(focus) > LABEL_FOCUS:
        cut = focus[:LABEL_FOCUS + 1].rpartition(" ")[0] or focus[:LABEL_FOCUS]
        focus = cut.rstrip(",，、:") + " …"
    if not focus:
        return f"예제: {rule} — {title.replace(' — ', ', ')}" if title else f"예제: {rule}"
    what = focus if not hexagram or focus.startswith(hexagram) else f"{hexagram}: {focus}"
    return f"예제: {rule} — {what}"


_SETTINGS: weakref.WeakKeyDictionary[CaseBook, dict[str, C.Setting]] = \
    weakref.WeakKeyDictionary()


def case_setting(book: CaseBook, cid: str) -> C.Setting:
    """The chart of the book's case *cid*, computed once per :class:`CaseBook` (one case is
    the example of several rules and questions: 189 rule examples use 66 cases)."""
    memo = _SETTINGS.setdefault(book, {})
    if cid not in memo:
        memo[cid] = C.setting(book.cases[cid])
    return memo[cid]


def _passage_links(edition: Edition, sids: Iterable[str]) -> tuple[PassageLink, ...]:
    out = []
    for sid in sids:
        try:
            ref = short_ref(edition.ref(sid))
            div = edition.passage(sid.split("-")[0]).division
        except EditionError:
            continue
        out.append(PassageLink(sid, ref, docname(div), chapter_title(edition, div)))
    return tuple(out)


def _inputs(values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((k, str(values[k])) for k in INPUT_ORDER if values.get(k) not in (None, ""))


FIELD_COLUMN = {"spirit": "spirit", "stem": "line", "branch": "line", "element": "line",
                "relative": "line", "ganzhi": "line", "moving": "bar", "mark": "bar",
                "hidden": "fu"}
"""The layout's cell that shows a line's field (``primary.lines.N.<field>``)."""
_LINE_PATH = re.compile(r"primary\.lines\.(?P<n>\d+|\*)(?:\.(?P<attr>[a-z_]+)(?:\..+)?)?")


def focus_marks(c: Chart, focus: Mapping[str, Any], shown: str | None = None
                ) -> tuple[tuple[int, ...], tuple[tuple[int, str], ...]]:
    """The rows (line positions) and cells ``(position, column)`` of the layout that an
    example's *focus* is about: a finding's or a state's lines (a finding focus without lines:
    the lines of the finding that fires), the lines a field or an apply focus reads
    (``primary.lines.N.branch`` → row N, its 干支 cell). Raises :class:`ValueError` when the
    focus names a line the layout does not show (a position outside 1–6, a line of the
    changed hexagram that does not move) or a chart-wide value (旬, 空, 月柱 …) that the
    layout *shown* (the chart's HTML, when given) does not print.

    >>> from compute import chart
    >>> c = chart("困", "坎", month="午", day="壬戌")
    >>> focus_marks(c, {"state": "changsheng", "lines": [4], "value": {"bian": "長生"}})
    ((4,), ((4, 'line'),))
    >>> focus_marks(c, {"field": "primary.lines.*.stem", "value": []})[0]
    (1, 2, 3, 4, 5, 6)
    >>> focus_marks(c, {"finding": "x", "lines": [2], "role": "changed"})
    Traceback (most recent call last):
    ValueError: the focus names line 2 of the changed hexagram, which does not move
    """
    role = focus.get("role", "primary")
    col = "chg" if role == "changed" else "line"
    lines: list[int] = []
    cells: list[tuple[int, str]] = []
    if "finding" in focus or "state" in focus:
        lines = list(focus.get("lines", ()))
        if not lines and "finding" in focus:
            lines = list(_fired_lines(c, focus))
        cells = [(p, col) for p in lines]
    else:
        paths = [focus["field"]] if "field" in focus else \
            [a["field"] for a in focus.get("args", ()) if isinstance(a, Mapping) and "field" in a]
        for path in paths:
            m = _LINE_PATH.fullmatch(path)
            if m is None:
                if shown is not None:
                    _shown(c, path, shown)
                continue
            n = range(1, 7) if m["n"] == "*" else [int(m["n"])]
            lines += n
            column = FIELD_COLUMN.get(m["attr"] or "")
            cells += [(p, column) for p in n if column]
    for p in lines:
        if not 1 <= p <= 6:
            raise ValueError(f"the focus names line {p}, which no chart has")
        if role == "changed" and p not in c.moving:
            raise ValueError(f"the focus names line {p} of the changed hexagram, which does not "
                             "move")
    return tuple(dict.fromkeys(lines)), tuple(dict.fromkeys(cells))


def _fired_lines(c: Chart, focus: Mapping[str, Any]) -> tuple[int, ...]:
    """The lines of the first finding that :func:`yimao.model.examples.fires` accepts."""
    for f in c.findings:
        d = f.to_dict()
        if d["rule"] == focus["finding"] and d.get("role", "primary") == \
                focus.get("role", "primary") and \
                ("data" not in focus or X.matches(d.get("data", {}), focus["data"])):
            return tuple(d["lines"])
    return ()


def _shown(c: Chart, path: str, html: str) -> None:
    """Raise :class:`ValueError` unless *html* prints the chart-wide value at *path*."""
    value = X.plain(X.value_at(c.to_dict(), path))
    words = [str(v) for v in (value if isinstance(value, list) else [value])
             if not isinstance(v, bool)]
    missing = [w for w in words if w not in html]
    if missing:
        raise ValueError(f"the focus names {path} = {'、'.join(missing)}, which the chart "
                         "does not show")


def example_view(edition: Edition, book: CaseBook, ex: X.Example) -> ExampleView:
    """One example of the TEI executed: its chart, the rule's findings on it, its near miss.
    Raises :class:`EditionError` (one line) if it cannot be charted or the rule does not fire
    at its focus, or fires at its near miss; or, for a 筮類 judgment, if its question is not one
    the judgment answers, its caption or focus is not the outcome that fires, or its near miss
    changes the question or shows that outcome too (:func:`.judgment_faults`, yimao.model)."""
    where = f"{edition.path}:0: example {ex.id} (editorial/examples.toml)"
    near = ex.near_miss
    try:
        if ex.source == "case":
            if ex.case not in book.cases:
                raise EditionError(f"{where}: no case {ex.case!r} in the edition")
            case = book.cases[ex.case]
            setting = case_setting(book, case.id)
            c = setting.chart
            inputs = _inputs(dict(case.inputs.items()))
            title = book.title(case.id)
        else:
            c = X.inputs_chart(ex.inputs or {})
            setting = C.Setting(c, month=True, day_branch=True, day_stem=True, void=True,
                                year=bool(c.to_dict().get("year")))
            inputs = _inputs(ex.inputs or {})
            title = "구성례 " + ex.ko.removeprefix("구성례:").strip()
        if not X.fires(c, ex.focus):
            raise EditionError(f"{where}: the rule {ex.rule} does not fire at its focus "
                               f"{dict(ex.focus)}")
        marks, cells = focus_marks(c, ex.focus, render_html(c, findings=False))
        view = chart_view(setting, book.links, Focus(marks, cells) if marks or cells else None)
        near_chart = None
        if near:
            nc = X.inputs_chart(near["inputs"])
            if X.fires(nc, ex.focus):
                raise EditionError(f"{where}: the rule {ex.rule} fires at the near miss too")
            near_chart = constructed_view(nc, book.links, Focus(marks) if marks else None)
        if ex.source == "constructed" and X.judgment(ex.rule) is not None:
            faults = X.judgment_faults(ex.rule, ex.inputs, ex.focus, ex.ko_focus,
                                       near["inputs"] if near else None, c,
                                       nc if near else None)
            if faults:
                raise EditionError(f"{where}: {'; '.join(faults)} "
                                   "(tools/judgment_examples.py mends it)")
    except EditionError:
        raise
    except ValueError as exc:
        if "the focus names" not in str(exc):
            raise EditionError(f"{where}: the example raised ValueError: {exc}") from None
        raise EditionError(f"{where}: {exc} (its focus in editorial/examples.toml)") from None
    except Exception as exc:  # noqa: BLE001 (any failure of an example stops the build)
        raise EditionError(f"{where}: the example raised {type(exc).__name__}: {exc}") from None
    findings = tuple(
        FindingLink("" if LATIN.search(f.summary) else f.summary,
                    _passage_links(edition, f.passages))
        for f in c.findings if f.rule == ex.rule
    )
    return ExampleView(
        ex.id, ex.rule, ex.source, ex.case, title, ex.ko_focus, view, inputs, findings,
        str(near.get("why", "")) if near else "", _inputs(near["inputs"]) if near else (),
        near_chart, _rule_ko(edition, ex.rule), _hexagrams(c), marks, cells,
        str((ex.inputs or {}).get("question", "")) if ex.source == "constructed" else "",
    )


def _rule_ko(edition: Edition, rule: str) -> str:
    try:
        cat = edition.category(rule)
    except EditionError:
        return rule
    return cat.name_ko or cat.name_zh or rule


def _hexagrams(c: Chart) -> str:
    """困之坎, or 困 for a chart without moving lines."""
    return c.primary.name + (f"之{c.changed.name}" if c.changed is not None else "")


def rule_examples(edition: Edition, book: CaseBook,
                  rows: Sequence[X.Example] | None = None) -> dict[str, list[ExampleView]]:
    """``{rule id: [its examples]}``, every example of the TEI (or *rows*) executed. Raises
    :class:`EditionError` if one fails or if a computing rule (of the taxonomy: implemented
    by more than doctrine) that the edition states has none."""
    rows = X.examples(edition) if rows is None else rows
    out: dict[str, list[ExampleView]] = {}
    for ex in rows:
        out.setdefault(ex.rule, []).append(example_view(edition, book, ex))
    missing = [c.rule_id for c in edition.categories()
               if set(c.kinds) - {"doctrine"} and c.sentences and c.rule_id not in out]
    if missing:
        raise EditionError(f"{edition.path}:0: no worked example for the computing rule(s) "
                           f"{', '.join(missing[:5])} (editorial/examples.toml; "
                           "tools/find_examples.py proposes one)")
    return out


# ------------------------------------------------------------------ 筮類 questions


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
            _passage_links(edition, sids), stated_in=q.stated_in)
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
                             inputs=_inputs({**dict(cs.inputs.items()),
                                             "question": q.id}))  # the Run panel asks it
            else:
                inputs, c = question_chart(q.number, yong[0] if yong else "", q.id)
                roles = _roles(c, q.id)
                view = _with(view, chart=constructed_view(c, book.links, _yong(roles["marks"])),
                             judgments=_judgments(edition, c),
                             inputs=_inputs({**inputs, "question": q.id}))
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
    return tuple(
        FindingLink("" if LATIN.search(f.summary) else f.summary,
                    _passage_links(edition, f.passages))
        for f in c.findings if dict(f.data).get("verdict"))


def _with(view: QuestionView, **changes: Any) -> QuestionView:
    from dataclasses import replace

    return replace(view, **changes)


# ------------------------------------------------------------------ every passage's link


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


# ------------------------------------------------------------------ kept between builds


def inputs_digest(tei: Path) -> str:
    """A digest of everything the executed examples are made from: the TEI (titles, passages,
    cases, the examples and the questions) and the code (compute and yimao). Any change
    recomputes every example; an unchanged rebuild recomputes none."""
    files = [tei, *sorted((ROOT / "compute").rglob("*.py")),
             *sorted((ROOT / "yimao").rglob("*.py"))]
    h = hashlib.sha256()
    for f in files:
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


Executed = tuple[dict[str, list[ExampleView]], list[QuestionView]]


class ExampleStore:
    """The executed rule and question examples kept between builds (a pickle beside Sphinx's
    doctrees, never in build/html), keyed by :func:`inputs_digest`: an unchanged rebuild loads
    them instead of charting ~3,000 charts again. Without a path nothing is kept."""

    def __init__(self, path: Path | None, tei: Path) -> None:
        self.path = path
        self.digest = inputs_digest(tei) if path is not None else ""
        self.hit = False

    def get(self, execute: Callable[[], Executed]) -> Executed:
        if self.path is not None and self.path.is_file():
            try:
                digest, value = pickle.loads(self.path.read_bytes())
                if digest == self.digest:
                    self.hit = True
                    return value  # type: ignore[no-any-return]
            except Exception:  # noqa: BLE001 (a stale or broken store is recomputed)
                pass
        value = execute()
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(self.path, pickle.dumps((self.digest, value)),
                               durable=False)
        return value
