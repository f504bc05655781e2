"""The one chart layout: a chart as plain rows, and the two ways it is shown (text and HTML).

:func:`chart_layout` turns a :class:`~compute.engine.chart.Chart` into a :class:`Layout` of plain
values
(strings, numbers, booleans; ``to_dict()`` is JSON): the heading (the two hexagrams with
palace, element and 世 generation; the moment, the pillars, the 旬 and its 空, the 納甲 season),
the six rows top line first (六神, 六親 干支 五行, the bar, the moving mark ○ 重 / × 交, 世 or
應, the changed line of a moving line, the 伏神), the line of 卦身 世身 互卦 伏卦 五星 經星,
and the findings with their passages. :func:`render_text` is what ``yimao chart`` prints;
:func:`render_html` is what the case pages and the Run panel show (Korean column labels, the
terms in Chinese; stable classes: ``chart-layout``, ``chart-head``, ``chart`` with cells
``pos spirit line bar who chg fu``, ``chart-extra``, ``chart-findings``). Every one of them
reads the same :class:`Layout`, so the CLI, the build and the browser show the same rows.

>>> from compute import chart
>>> lay = chart_layout(chart("困", "坎", month="午", day="壬戌"))
>>> lay.head
'澤水困 (兌宮 金 一世) 之 坎為水 (坎宮 八純)'
>>> r = lay.rows[2]
>>> r.position, r.spirit, r.line.text, r.mark, r.who, r.change.text
(4, '勾陳', '子孫丁亥水', '○', '應', '兄弟戊申金')
>>> print(render_text(lay).splitlines()[5])
勾陳  子孫丁亥水  ▅▅▅▅▅ ○ 應  → 兄弟戊申金  伏 子孫丁亥水
"""

from __future__ import annotations

from collections.abc import Callable

from compute.engine.chart import Chart, ChartHexagram, ChartLine, Hidden
from compute.values import Frozen, Record, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

YANG_BAR: Final = "▅▅▅▅▅"
YIN_BAR: Final = "▅▅ ▅▅"
MOVE_MARK: Final = {"重": "○", "交": "×"}
"""The moving marks: ○ for 重 (老陽), × for 交 (老陰)."""


class Cell(Frozen):
    """A line as the table writes it: 六親, 干支, 五行 (``子孫丁亥水``)."""

    __slots__ = ("relative", "ganzhi", "element")
    relative: str
    ganzhi: str
    element: str

    def __init__(self, relative: str, ganzhi: str, element: str) -> None:
        init(self, relative, ganzhi, element)

    @property
    def text(self) -> str:
        return f"{self.relative}{self.ganzhi}{self.element}"


def _cell(ln: ChartLine | Hidden) -> Cell:
    return Cell(str(ln.relative), ln.ganzhi.zh, str(ln.element))


class Row(Frozen):
    """One line of the six-line table (the top line comes first in :attr:`Layout.rows`);
    ``riyue`` holds what the month and day make of it: its 旺衰 (旺 相 休 囚 死), then 空 (旬空),
    破 (月破) and 沖 (日沖) where they apply."""

    __slots__ = ("position", "spirit", "line", "yang", "mark", "who", "change", "hidden", "riyue")
    position: int
    spirit: str  # 六神 of the day
    line: Cell
    yang: bool
    mark: str  # ○ (重) or × (交) on a moving line, else ""
    who: str  # 世, 應 or ""
    change: Cell | None  # the changed line of a moving line
    hidden: Cell | None  # 伏神
    riyue: tuple[str, ...]

    def __init__(self, position: int, spirit: str, line: Cell, yang: bool, mark: str, who: str,
                 change: Cell | None, hidden: Cell | None, riyue: tuple[str, ...] = ()) -> None:
        init(self, position, spirit, line, yang, mark, who, change, hidden, riyue)


class HexagramHead(Frozen):
    """One hexagram of the heading: 澤水困 (兌宮 金 一世)."""

    __slots__ = ("name", "full_name", "palace", "element", "generation")
    name: str
    full_name: str
    palace: str
    element: str
    generation: str

    def __init__(self, name: str, full_name: str, palace: str, element: str,
                 generation: str) -> None:
        init(self, name, full_name, palace, element, generation)


def _head(h: ChartHexagram) -> HexagramHead:
    return HexagramHead(h.name, h.full_name, str(h.palace), str(h.palace_element), h.generation)


class FindingRow(Frozen):
    """A finding as the layout lists it."""

    __slots__ = ("rule", "summary", "passages", "lines", "role")
    rule: str
    summary: str
    passages: tuple[str, ...]
    lines: tuple[int, ...]
    role: str

    def __init__(self, rule: str, summary: str, passages: tuple[str, ...],
                 lines: tuple[int, ...], role: str) -> None:
        init(self, rule, summary, passages, lines, role)


class Note(Frozen):
    """Why a value of the chart is what it is, for a reader (Korean): the cell or step it is
    about (*key*: ``"3.gan"``, ``"3.rel"``, ``"najia"`` …), the rule that decides it, the
    derivation on this chart and the sentences that state the rule (:mod:`compute.explain`)."""

    __slots__ = ("key", "rule", "title", "text", "passages")
    key: str
    rule: str
    title: str  # the step's or mark's Korean name (納甲, 六親 …)
    text: str
    passages: tuple[str, ...]

    def __init__(self, key: str, rule: str, title: str, text: str,
                 passages: tuple[str, ...]) -> None:
        init(self, key, rule, title, text, passages)


class Topic(Frozen):
    """The findings of one topic (用神, 판단, 應期, 動變 …): their places in
    :attr:`Layout.findings`."""

    __slots__ = ("title", "findings")
    title: str
    findings: tuple[int, ...]

    def __init__(self, title: str, findings: tuple[int, ...]) -> None:
        init(self, title, findings)


class Layout(Frozen):
    """The chart as plain values; see the module docstring. ``to_dict()`` is JSON-ready.

    ``notes``, ``steps``, ``verdict`` and ``topics`` are empty unless the layout was
    :meth:`explained` (:func:`compute.explain.explained`)."""

    __slots__ = ("primary", "changed", "moment", "pillars", "xun", "void", "najia_season", "rows",
                 "guashen", "guashen_lines", "shishen", "hugua", "hidden_hexagram", "star",
                 "jing_xiu", "findings", "notes", "steps", "verdict", "topics")
    primary: HexagramHead
    changed: HexagramHead | None
    moment: str  # "1663-04-12 09:00 UTC+08:00", or "" when the chart was given by pillars
    pillars: tuple[str, ...]  # 癸卯年 丙辰月 癸酉日 巳時 本命 午: those the chart has
    xun: str
    void: str  # the two 空 branches: 戌亥
    najia_season: str  # 冬至後 / 夏至後 / common
    rows: tuple[Row, ...]
    guashen: str
    guashen_lines: tuple[int, ...]
    shishen: int
    hugua: str
    hidden_hexagram: str  # "" when none
    star: str
    jing_xiu: str
    findings: tuple[FindingRow, ...]
    notes: tuple[Note, ...]  # a note for each cell a rule decides ("3.gan" …)
    steps: tuple[Note, ...]  # the derivation, 起卦 to 應期
    verdict: tuple[Note, ...]  # the question, the 用神 and its state, the judgment, the 應期
    topics: tuple[Topic, ...]  # the findings grouped by topic

    def __init__(
        self, primary: HexagramHead, changed: HexagramHead | None, moment: str,
        pillars: tuple[str, ...], xun: str, void: str, najia_season: str, rows: tuple[Row, ...],
        guashen: str, guashen_lines: tuple[int, ...], shishen: int, hugua: str,
        hidden_hexagram: str, star: str, jing_xiu: str, findings: tuple[FindingRow, ...],
        notes: tuple[Note, ...] = (), steps: tuple[Note, ...] = (),
        verdict: tuple[Note, ...] = (), topics: tuple[Topic, ...] = (),
    ) -> None:
        init(self, primary, changed, moment, pillars, xun, void, najia_season, rows, guashen,
             guashen_lines, shishen, hugua, hidden_hexagram, star, jing_xiu, findings, notes,
             steps, verdict, topics)

    def explained(self, notes: tuple[Note, ...], steps: tuple[Note, ...],
                  verdict: tuple[Note, ...], topics: tuple[Topic, ...]) -> Layout:
        """This layout with its notes, derivation, verdict and topics."""
        fields = [getattr(self, n) for n in self.__slots__[:-4]]
        return Layout(*fields, notes, steps, verdict, topics)

    def note(self, key: str) -> Note | None:
        """The note of the cell or step *key*, if any."""
        return next((n for n in self.notes if n.key == key), None)

    @property
    def head(self) -> str:
        """The first line: the hexagrams, palace, element, generation."""
        p = self.primary
        out = f"{p.full_name} ({p.palace}宮 {p.element} {p.generation})"
        if self.changed is not None:
            q = self.changed
            out += f" 之 {q.full_name} ({q.palace}宮 {q.generation})"
        return out

    @property
    def date(self) -> str:
        """The second line: the moment, the pillars, the 旬 and its 空, the 納甲 season."""
        parts = ([self.moment] if self.moment else []) + list(self.pillars)
        return (f"{' '.join(parts)}  ({self.xun}旬 空 {self.void}; "
                f"納甲 {self.najia_season})")

    @property
    def extra(self) -> str:
        """The line under the table: 卦身, 世身, 互卦, 伏卦, 五星, 經星."""
        shen = "".join(map(str, self.guashen_lines)) or "不現"
        return (f"卦身 {self.guashen} ({shen})  世身 {self.shishen}爻  互 {self.hugua}  "
                f"伏卦 {self.hidden_hexagram or '—'}  五星 {self.star}  經星 {self.jing_xiu}")

    @property
    def has_changed(self) -> bool:
        return self.changed is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON (the rows, heading and findings as dicts and lists).

        >>> from compute import chart
        >>> d = chart_layout(chart("乾", month="寅", day="甲子")).to_dict()
        >>> d["rows"][0]["line"], d["rows"][0]["who"], d["changed"]
        ({'relative': '父母', 'ganzhi': '壬戌', 'element': '土'}, '世', None)
        """
        return _plain(self)


def _plain(value: Any) -> Any:
    """*value* as JSON: a value class as a dict of its fields (in order), tuples as lists."""
    if isinstance(value, Record):
        return {n: _plain(getattr(value, n)) for n in value._fields}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _row(c: Chart, ln: ChartLine) -> Row:
    p = c.primary
    who = "世" if ln.position == p.shi else "應" if ln.position == p.ying else ""
    change = None
    if c.changed is not None and ln.moving:
        change = _cell(c.changed.line(ln.position))
    return Row(ln.position, str(ln.spirit), _cell(ln), bool(ln.yang), MOVE_MARK.get(ln.mark, ""),
               who, change, _cell(ln.hidden) if ln.hidden else None, _riyue(ln))


RIYUE_MARKS: Final = (("void", "空"), ("month_broken", "破"), ("day_clash", "沖"))
"""The marks of :attr:`Row.riyue` after the 旺衰: the line state that sets each (旬空, 月破,
日沖)."""


def _riyue(ln: ChartLine) -> tuple[str, ...]:
    st = ln.state
    wx = (st["wangxiang"],) if st.get("wangxiang") else ()
    return wx + tuple(mark for key, mark in RIYUE_MARKS if st.get(key))


def chart_layout(c: Chart) -> Layout:
    """The chart *c* as a :class:`Layout` (see the module docstring).

    >>> from compute import chart
    >>> lay = chart_layout(chart(lines="987876", at="1663-04-12T09:00"))
    >>> lay.moment, lay.pillars, lay.void
    ('1663-04-12 09:00 UTC+08:00', ('癸卯年', '丙辰月', '癸酉日', '丁巳時'), '戌亥')
    >>> [r.position for r in lay.rows]
    [6, 5, 4, 3, 2, 1]
    """
    p = c.primary
    pillars = []
    if c.year:
        pillars.append(f"{c.year.zh}年")
    pillars.append(f"{c.month_pillar.zh if c.month_pillar else c.month}月")
    pillars.append(f"{c.day.zh}日")
    if c.hour:
        pillars.append(f"{c.hour.zh}時")
    if c.birth is not None:
        pillars.append(f"本命 {c.birth}")
    return Layout(
        primary=_head(p),
        changed=_head(c.changed) if c.changed is not None else None,
        moment=f"{c.at:%Y-%m-%d %H:%M} UTC+08:00" if c.at else "",
        pillars=tuple(pillars),
        xun=c.xun,
        void="".join(map(str, c.void)),
        najia_season=c.option("najia_season"),
        rows=tuple(_row(c, ln) for ln in reversed(p.lines)),
        guashen=str(p.guashen),
        guashen_lines=p.guashen_lines,
        shishen=p.shishen,
        hugua=str(p.hugua),
        hidden_hexagram=p.hidden_hexagram.name if p.hidden_hexagram else "",
        star=p.star,
        jing_xiu=p.jing_xiu,
        findings=tuple(FindingRow(f.rule, f.summary, f.passages, f.lines, f.role)
                       for f in c.findings),
    )


def _layout(chart_or_layout: Chart | Layout) -> Layout:
    if isinstance(chart_or_layout, Layout):
        return chart_or_layout
    return chart_layout(chart_or_layout)


def row_text(lay: Layout, r: Row) -> str:
    """One row as ``yimao chart`` prints it (the bar, the mark, 世/應, → the changed line, 伏).

    >>> from compute import chart
    >>> lay = chart_layout(chart("乾", month="寅", day="甲子"))
    >>> row_text(lay, lay.rows[0])
    '元武  父母壬戌土  ▅▅▅▅▅   世    伏 兄弟癸酉金'
    """
    bar = YANG_BAR if r.yang else YIN_BAR
    mark = r.mark or " "
    who = r.who + " " if r.who else "  "
    left = f"{r.spirit}  {r.line.text}  {bar} {mark} {who}"
    change = ""
    if lay.has_changed:
        change = f"→ {r.change.text}" if r.change is not None else " " * 10
    hidden = f"  伏 {r.hidden.text}" if r.hidden is not None else ""
    return f"{left} {change}{hidden}".rstrip()


def table_lines(chart_or_layout: Chart | Layout) -> list[str]:
    """The heading, the date line, a blank line and the six rows: the table as text.

    >>> from compute import chart
    >>> len(table_lines(chart("乾", month="寅", day="甲子")))
    9
    """
    lay = _layout(chart_or_layout)
    return [lay.head, lay.date, "", *(row_text(lay, r) for r in lay.rows)]


def render_text(chart_or_layout: Chart | Layout) -> str:
    """The chart as ``yimao chart`` prints it: :func:`table_lines`, then 卦身 … 經星, then each
    finding with its passages.

    >>> from compute import chart
    >>> print(render_text(chart("乾", month="寅", day="甲子")).splitlines()[3])
    元武  父母壬戌土  ▅▅▅▅▅   世    伏 兄弟癸酉金
    """
    lay = _layout(chart_or_layout)
    out = [*table_lines(lay), "", lay.extra, ""]
    out += [f"- {f.rule}: {f.summary}  [{' '.join(f.passages)}]" for f in lay.findings]
    return "\n".join(out)


COLUMNS_KO: Final = ("효", "六神", "六親 干支", "괘획", "世應", "변효", "伏神", "日月")
"""The table's column labels (Korean, the terms in Chinese)."""

def _th(label: str, hidden: str = "") -> str:
    """A column label; the 伏神 column names the chart's 伏卦 (the palace's 首卦 only for a
    一世 … 五世 hexagram: a 純卦, 游魂 or 歸魂 hides another,
    :func:`compute.book.fushen.hidden_hexagram`).

    >>> _th("伏神", "艮")[-54:]
    '<small>(伏卦 <span lang="zh-Hant">艮</span>)</small></th>'
    """
    if label == "伏神":
        under = f' <small>(伏卦 <span lang="zh-Hant">{hidden}</span>)</small>' if hidden else ""
        return f'<th scope="col"><span lang="zh-Hant">伏神</span>{under}</th>'
    if any("\u4e00" <= ch <= "\u9fff" for ch in label):
        return f'<th scope="col"><span lang="zh-Hant">{label}</span></th>'
    return f'<th scope="col">{label}</th>'


MARK_LABELS: Final = {"yong": "용신", "focus": "볼 곳"}
"""The label a marked row shows in its position cell, by the kind of mark (:class:`Focus`):
the 用神's lines (a question's example) or the lines an example is about."""
FOCUS_COLUMNS: Final = ("spirit", "line", "bar", "who", "chg", "fu")
"""The cells of a row a :class:`Focus` may name (六神, 六親 干支, 괘획, 世應, 변효, 伏神)."""


class Focus(Frozen):
    """The marks a page asks :func:`render_html` to put on a chart: the rows of *lines*
    (positions 1–6) get the class ``marked`` and, in their position cell, the label of *kind*
    (:data:`MARK_LABELS`); each cell ``(position, column)`` of *cells* (a column of
    :data:`FOCUS_COLUMNS`) gets the attribute ``data-focus``.

    >>> Focus((1, 4), ((4, "chg"),), "focus").label
    '볼 곳'
    >>> Focus((7,), (), "yong")
    Traceback (most recent call last):
    ValueError: a focus marks lines 1-6, not 7
    >>> Focus((), ((1, "pos"),), "focus")
    Traceback (most recent call last):
    ValueError: a focus names no cell 'pos' (spirit, line, bar, who, chg, fu)
    """

    __slots__ = ("lines", "cells", "kind")
    lines: tuple[int, ...]
    cells: tuple[tuple[int, str], ...]
    kind: str

    def __init__(self, lines: tuple[int, ...] = (), cells: tuple[tuple[int, str], ...] = (),
                 kind: str = "focus") -> None:
        if kind not in MARK_LABELS:
            raise ValueError(f"no mark of kind {kind!r} ({', '.join(MARK_LABELS)})")
        for p in (*lines, *(p for p, _ in cells)):
            if not 1 <= p <= 6:
                raise ValueError(f"a focus marks lines 1-6, not {p}")
        for _, col in cells:
            if col not in FOCUS_COLUMNS:
                raise ValueError(f"a focus names no cell {col!r} ({', '.join(FOCUS_COLUMNS)})")
        init(self, tuple(lines), tuple(cells), kind)

    @property
    def label(self) -> str:
        return MARK_LABELS[self.kind]


CELL_NOTES: Final = {"line": ("rel", "gan", "zhi"), "who": ("who", "role"),
                     "riyue": ("wang", "void", "broken", "clash")}
"""The notes a cell of the table shows (its class → the notes' names); a cell not listed shows
the note of its own name (``spirit``, ``chg``, ``fu``). The 六親 干支 cell explains its 六親, its
納甲 stem and its branch; the 世應 cell the 世/應 and the role for the question; the 日月 cell
the line's 旺衰, 旬空, 月破 and 日沖."""
CELL_OF: Final = {note: cell for cell, notes in CELL_NOTES.items() for note in notes}
"""The cell that shows a note (``"gan"`` → ``"line"``)."""


ESCAPES: Final = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                "'": "&#x27;"})
"""What :func:`escape` replaces (as :func:`html.escape` does; the module itself is not imported:
its ``html.entities`` table would weigh on the Run panel's first download)."""


def escape(text: str) -> str:
    """*text* safe in HTML text and in a quoted attribute.

    >>> escape('<b class="x">&</b>')
    '&lt;b class=&quot;x&quot;&gt;&amp;&lt;/b&gt;'
    """
    return text.translate(ESCAPES)


class _Html:
    """What :func:`render_html` needs besides the layout: links, citations, the rules' Korean
    titles and statements, and which of the layout's notes exist (cells carry ``data-why``
    only where a note says why)."""

    def __init__(self, lay: Layout, href: Callable[[str], str] | None,
                 cite: Callable[[str], str] | None,
                 rule_info: Callable[[str], tuple[str, str]] | None,
                 focus: Focus | None = None) -> None:
        self.esc = escape
        self.href, self.cite, self.rule_info = href, cite, rule_info
        self.rules = {n.key: n.rule for n in lay.notes}
        self.focus = focus
        self.focused = frozenset(focus.cells) if focus is not None else frozenset()

    def why(self, pos: int, cls: str, inner: str, tag: str = "td", more: str = "") -> str:
        """*inner* in a cell of class *cls*; where the layout has notes for it
        (:data:`CELL_NOTES`), it carries ``data-why`` (their rules) and opens them when
        clicked, tapped or activated from the keyboard (the page's script makes it
        focusable)."""
        found = [self.rules[k] for n in CELL_NOTES.get(cls, (cls,))
                 if (k := f"{pos}.{n}") in self.rules]
        attr = f' data-why="{" ".join(dict.fromkeys(found))}"' if found else ""
        return f'<{tag} class="{cls}{more}"{self.mark(pos, cls)}{attr}>{inner}</{tag}>'

    def mark(self, pos: int, cls: str) -> str:
        """`` data-focus`` on a cell the focus names."""
        return " data-focus" if (pos, cls) in self.focused else ""

    def pos_cell(self, pos: int) -> str:
        """The position cell, with the focus's label on a marked row."""
        f = self.focus
        label = f' <span class="mark-label" lang="ko">{self.esc(f.label)}</span>' \
            if f is not None and pos in f.lines else ""
        return f'<td class="pos">{pos}{label}</td>'

    def label(self, pid: str) -> str:
        return self.cite(pid) if self.cite else pid

    def link(self, pid: str) -> str:
        label = self.esc(self.label(pid))
        if self.href is None:
            return label
        return f'<a href="{self.esc(self.href(pid))}" data-p="{pid}">{label}</a>'

    def links(self, pids: tuple[str, ...]) -> str:
        return " ".join(self.link(p) for p in pids)

    def title(self, rule: str) -> str:
        return self.rule_info(rule)[0] if self.rule_info else ""


def _who_cell(h: _Html, lay: Layout, r: Row) -> str:
    note = lay.note(f"{r.position}.role")
    role = f' <span class="role">{h.esc(note.title[0])}</span>' if note is not None else ""
    return h.why(r.position, "who", f"{r.who}{role}")


def _riyue_cell(h: _Html, r: Row) -> str:
    marks = "".join(f'<span class="mk">{m}</span>' for m in r.riyue)
    return h.why(r.position, "riyue", marks)


def _row_html(h: _Html, lay: Layout, r: Row, placeholder: bool) -> str:
    esc = h.esc
    yin_yang = ("yang", "양효") if r.yang else ("yin", "음효")
    more = ' placeholder" title="본문에 일간이 없어 임시로 둔 六神' if placeholder else ""
    cells = [
        h.pos_cell(r.position),
        h.why(r.position, "spirit", esc(r.spirit), more=more),
        h.why(r.position, "line", esc(r.line.text)),
        f'<td class="bar"{h.mark(r.position, "bar")}><span class="yao {yin_yang[0]}" '
        f'role="img" aria-label="{yin_yang[1]}"></span><span class="mv">{r.mark}</span></td>',
        _who_cell(h, lay, r),
    ]
    if lay.has_changed:
        change = f"→ {esc(r.change.text)}" if r.change is not None else ""
        cells.append(h.why(r.position, "chg", change))
    cells.append(h.why(r.position, "fu", esc(r.hidden.text) if r.hidden else ""))
    cells.append(_riyue_cell(h, r))
    marked = h.focus is not None and r.position in h.focus.lines
    cls = " ".join(c for c in ("moving" if r.mark else "", "marked" if marked else "") if c)
    return f'<tr class="{cls}">{"".join(cells)}</tr>'


def why_data(lay: Layout, passage_href: Callable[[str], str] | None = None,
             cite: Callable[[str], str] | None = None,
             rule_info: Callable[[str], tuple[str, str]] | None = None) -> str:
    """The layout's notes and derivation as JSON, read by the page's script when a cell or the
    derivation is opened: ``n`` cell (``"3.line"``: the line, the cell's class) → its notes as
    [key, rule, title, text, passages], ``s`` the steps as [key, title, text, passages],
    ``p`` passage → [href, citation], ``r`` rule → [Korean title, statement] when *rule_info*
    knows them. ``<``, ``>`` and ``&`` are escaped, so the text may stand inside a
    ``<script>``.

    >>> from compute import chart
    >>> from compute.explain import explained
    >>> import json
    >>> d = json.loads(why_data(explained(chart("困", "坎", month="午", day="壬戌"))))
    >>> [n[0] for n in d["n"]["1.line"]], d["n"]["1.line"][0][1:3]
    (['1.rel', '1.gan', '1.zhi'], ['liuqin', '六親'])
    >>> len(d["s"]) >= 8, d["p"]["p054-s1"]
    (True, ['', 'p054-s1'])
    """
    import json

    h = _Html(lay, passage_href, cite, rule_info)
    notes = (*lay.notes, *lay.steps)
    pids = dict.fromkeys(p for n in notes for p in n.passages)
    rules = dict.fromkeys(n.rule for n in notes if n.rule)
    cells: dict[str, list[list[Any]]] = {}
    order = {name: k for names in CELL_NOTES.values() for k, name in enumerate(names)}
    for n in sorted(lay.notes, key=lambda n: order.get(n.key.partition(".")[2], 0)):
        pos, _, name = n.key.partition(".")
        cells.setdefault(f"{pos}.{CELL_OF.get(name, name)}", []).append(
            [n.key, n.rule, n.title, n.text, list(n.passages)])
    data = {
        "n": cells,
        "s": [[n.key, n.title, n.text, list(n.passages)] for n in lay.steps],
        "p": {p: [h.href(p) if h.href else "", h.label(p)] for p in pids},
        "r": {r: list(rule_info(r)) for r in rules} if rule_info else {},
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


VERDICT_CITES: Final = 3
"""How many of its sentences a line of the verdict cites."""


def _verdict_html(h: _Html, lay: Layout) -> list[str]:
    if not lay.verdict:
        return []
    out = ['<div class="verdict" lang="ko">']
    for n in lay.verdict:  # the first sentences only: the derivation cites them all
        out.append(f'<p class="verdict-{n.key}">{h.esc(n.text)} '
                   f'<span class="passages">{h.links(n.passages[:VERDICT_CITES])}</span></p>')
    out.append("</div>")
    return out


def _derivation_html(h: _Html, lay: Layout, open_: bool, external: bool) -> list[str]:
    """The derivation in a ``details``: its steps written out, or (*external*) built by the
    page's script from the notes' JSON when the box is opened."""
    if not lay.steps:
        return []
    out = [f'<details class="derivation-box"{" open" if open_ else ""}>',
           f"<summary>풀이 순서 ({len(lay.steps)}단계)</summary>"]
    if not external:
        out.append('<ol class="derivation">')
        for n in lay.steps:
            out.append(f'<li data-step="{n.key}"><span class="step-title" lang="zh-Hant">'
                       f'{h.esc(n.title)}</span> {h.esc(n.text)} '
                       f'<span class="passages">{h.links(n.passages)}</span></li>')
        out.append("</ol>")
    out.append("</details>")
    return out


def _finding_li(h: _Html, f: FindingRow) -> str:
    title = h.title(f.rule)
    head = f'<span class="rule-title">{h.esc(title)}</span> ' if title else ""
    return (f'<li data-rule="{h.esc(f.rule)}">{head}'
            f'<span class="summary" lang="zh-Hant">{h.esc(f.summary)}</span> '
            f'<span class="passages">{h.links(f.passages)}</span></li>')


def _findings_html(h: _Html, lay: Layout) -> list[str]:
    if not lay.findings:
        return []
    if not lay.topics:
        return ['<ol class="chart-findings">', *(_finding_li(h, f) for f in lay.findings),
                "</ol>"]
    out = ['<div class="chart-topics">']
    for t in lay.topics:
        out += [f'<h4 class="topic" lang="zh-Hant">{h.esc(t.title)}</h4>',
                f'<ol class="chart-findings" data-topic="{h.esc(t.title)}">',
                *(_finding_li(h, lay.findings[k]) for k in t.findings), "</ol>"]
    out.append("</div>")
    return out


def render_html(
    chart_or_layout: Chart | Layout,
    passage_href: Callable[[str], str] | None = None,
    *,
    findings: bool = True,
    placeholder_spirits: bool = False,
    cite: Callable[[str], str] | None = None,
    rule_info: Callable[[str], tuple[str, str]] | None = None,
    derivation_open: bool = False,
    why_src: str = "",
    focus: Focus | None = None,
) -> str:
    """The chart as an HTML fragment (escaped here): the verdict (an explained layout), the
    heading, the six-line table (Korean column labels), 卦身 … 經星, the derivation (a
    ``details``, open with *derivation_open*) and, with *findings*, each finding with its
    passages (links when *passage_href* turns a passage id into a URL, labelled by *cite*, the
    rule named by the Korean title *rule_info* gives), by topic when the layout has them.
    *placeholder_spirits* marks the 六神 as placeholders (a case whose text gives no day stem).

    Cells an explained layout has a note for carry ``data-why`` (the rule); the notes and the
    derivation travel as :func:`why_data`, in a ``script.why-data`` or, with *why_src* (a page
    of many charts), in a file at that URL the page's script fetches when a note is opened;
    then a verdict is shown only for an asked chart. A page's own marks (the lines an
    example is about, the 用神's lines) come as *focus* (:class:`Focus`).

    >>> from compute import chart
    >>> html = render_html(chart("困", "坎", month="午", day="壬戌"), lambda p: f"/p/{p}")
    >>> html.count('<tr class="'), '<td class="chg">→ 兄弟戊申金</td>' in html
    (6, True)
    >>> '<a href="/p/p056-s1" data-p="p056-s1">p056-s1</a>' in html
    True
    >>> html = render_html(chart("困", "坎", month="午", day="壬戌"),
    ...                    focus=Focus((4,), ((4, "chg"),), "focus"))
    >>> row = '<tr class="moving marked"><td class="pos">4 <span class="mark-label" lang="ko">'
    >>> row in html, html.count("data-focus"), '<td class="chg" data-focus>→ 兄弟戊申金' in html
    (True, 1, True)
    """
    lay = _layout(chart_or_layout)
    h = _Html(lay, passage_href, cite, rule_info, focus)
    cols = [c for c in COLUMNS_KO if lay.has_changed or c != "변효"]
    src = f' data-why-src="{h.esc(why_src)}"' if why_src and lay.notes else ""
    asked = any(n.key == "yong" for n in lay.verdict)
    out = [
        f'<div class="chart-layout"{src}>', *(_verdict_html(h, lay) if asked or not src else ()),
        f'<p class="chart-head" lang="zh-Hant">{h.esc(lay.head)}<br>{h.esc(lay.date)}</p>',
        '<div class="table-wrap">',
        '<table class="chart" lang="zh-Hant">',
        f'<thead lang="ko"><tr>{"".join(_th(c, lay.hidden_hexagram) for c in cols)}</tr></thead>',
        "<tbody>", *(_row_html(h, lay, r, placeholder_spirits) for r in lay.rows),
        "</tbody>", "</table>", "</div>",
        f'<p class="chart-extra" lang="zh-Hant">{h.esc(lay.extra)}</p>',
    ]
    if lay.notes and not src:
        data = why_data(lay, passage_href, cite, rule_info)
        out.append(f'<script type="application/json" class="why-data">{data}</script>')
    out += _derivation_html(h, lay, derivation_open, bool(src))
    if findings:
        out += _findings_html(h, lay)
    out.append("</div>")
    return "\n".join(out)
