"""Worked examples of the rules on the reading site (issue 11): each computing rule's examples
executed at build time (/rules/), and the ONE chart layout of the site's examples,
:func:`render_chart`. The examples come from the TEI (:mod:`yimao.model.examples`, compiled from
editorial/examples.toml), the rules that compute from its taxonomy.

Nothing here knows Sphinx. The charts are computed by compute (through :mod:`yimao.model.examples`
and :mod:`yimao.model.cases`) and shown in the case pages' layout. The 筮類 questions' examples
are :mod:`yimao.web.questions`; every passage's link to its worked example is
:mod:`yimao.web.worked_links`; the executed examples kept between builds,
:mod:`yimao.web.example_store`.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from compute.engine.inputs import FIELDS
from compute.engine.layout import Focus, render_html
from yimao.errors import EditionError
from yimao.model import cases as C
from yimao.model import examples as X
from yimao.web.cases import CaseBook, ChartView, chart_view
from yimao.web.links import Links
from yimao.web.pages import docname, short_ref
from yimao.web.rules import PassageLink, chapter_title

if TYPE_CHECKING:
    from compute import Finding
    from compute.engine.chart import Chart
    from yimao.model.edition import Edition

LATIN = re.compile(r"[A-Za-z]")
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


def finding_links(edition: Edition, findings: Iterable[Finding]) -> tuple[FindingLink, ...]:
    """*findings* linked to the passages behind them (a summary carrying English shown as "")."""
    return tuple(FindingLink("" if LATIN.search(f.summary) else f.summary,
                             passage_links(edition, f.passages)) for f in findings)


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


def passage_links(edition: Edition, sids: Iterable[str]) -> tuple[PassageLink, ...]:
    """The passages *sids* as links (to their chapter's page), those the edition lacks left
    out."""
    out = []
    for sid in sids:
        try:
            ref = short_ref(edition.ref(sid))
            div = edition.passage(sid.split("-")[0]).division
        except EditionError:
            continue
        out.append(PassageLink(sid, ref, docname(div), chapter_title(edition, div)))
    return tuple(out)


def run_inputs(values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The Run panel's prefilled inputs: *values*' given fields, in :data:`INPUT_ORDER`."""
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
            inputs = run_inputs(dict(case.inputs.items()))
            title = book.title(case.id)
        else:
            c = X.inputs_chart(ex.inputs or {})
            setting = C.Setting(c, month=True, day_branch=True, day_stem=True, void=True,
                                year=bool(c.to_dict().get("year")))
            inputs = run_inputs(ex.inputs or {})
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
    findings = finding_links(edition, (f for f in c.findings if f.rule == ex.rule))
    return ExampleView(
        ex.id, ex.rule, ex.source, ex.case, title, ex.ko_focus, view, inputs, findings,
        str(near.get("why", "")) if near else "", run_inputs(near["inputs"]) if near else (),
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
