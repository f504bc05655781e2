"""The 用神 of a chart asked a question of the 筮類, and its 元神, 忌神 and 仇神 (issue 10).

The 用神 on a chart (p275-s1 「大抵舍靜求動，舍衰求旺，舍病而求不病」): a 六親 on one 飛 line is
that line; on two or more (兩現) the one without injury (空 破 沖散 克), a moving one before a
static one (p173-s2, p174-s1 — :func:`compute.lifa.yongshen.liangxian`); with none among the 飛
lines
its 伏神 (hidden); with no 伏神 either it is absent (竟無, grade 17).

Which of the book's 用神 a question takes is chosen first, by the facts of the asking
(:func:`compute.book.questions.choose`: 「女占男姻，官鬼為先」, 「問子而忌子虛」, 「親人之逃，
專之於用，他人之逃，專之於應」 …), and 親屬 by the 親屬 table (:func:`compute.book.questions.kin`);
the Roles say which case of the book chose it (``when``) and its sentences (``passages``).

>>> from compute.engine.chart import chart
>>> r = roles(chart("大過", month="亥", day="戊午"), yongshen="妻財")
>>> [(a.position, a.hidden) for a in r.yong], r.choice
([(6, False)], '兩現: 初爻 丑土妻財 (空), 上爻 未土妻財 → 取 上爻')
>>> r.yuan.relative, r.ji.relative, r.chou.relative
(Relative.ZISUN, Relative.XIONGDI, Relative.FUMU)
"""

from __future__ import annotations

from compute.book.gua import POS_ZH, POSITIONS
from compute.book.liuqin import Relative
from compute.book.liushen import SPIRIT_ZH as SPIRITS
from compute.book.questions import KIN, RELATIVES, Question, choose, kin, read_yongshen
from compute.book.questions import question as find_question
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from compute.engine.chart import Chart

# ------------------------------------------------------------------ roles on a chart

KIN_SELF = KIN[0]
"""The 親屬 table's row for the asker himself (自占 → 世)."""


class Appearance(Frozen):
    """A line playing a role: ``position`` of the primary; ``hidden`` = the 伏神 under it."""

    __slots__ = ("position", "hidden")
    position: int
    hidden: bool

    def __init__(self, position: int, hidden: bool = False) -> None:
        init(self, position, hidden)

    def label(self, chart: Chart) -> str:
        ln = chart.primary.line(self.position)
        if self.hidden and ln.hidden is not None:
            h = ln.hidden
            return f"{POS_ZH[self.position]}下 伏 {h.branch}{h.element}{h.relative}"
        return f"{POS_ZH[self.position]} {ln.branch}{ln.element}{ln.relative}"


class Role(Frozen):
    """One of 元神 / 忌神 / 仇神: its 六親 and the 飛 lines of it."""

    __slots__ = ("relative", "lines")
    relative: Relative | None
    lines: tuple[int, ...]

    def __init__(self, relative: Relative | None, lines: tuple[int, ...]) -> None:
        init(self, relative, lines)


class Roles(Frozen):
    """The 用神 of a chart for a question and its 元神, 忌神, 仇神.

    ``value`` is the vocabulary value resolved (``親屬`` → ``世`` when the asker asks about
    himself …), ``yong`` the lines chosen, ``all_yong`` every appearance before the 兩現 choice,
    ``relative`` the 用's 六親 (that of the line for a role or position), ``absent`` when the 六親
    is neither 飛 nor 伏, ``choice`` how two appearances were decided, ``also`` the other values
    the book looks at together, ``when`` the case of the book that chose the 用神 by the facts of
    the asking (its Korean words; empty: the question's own 用神) and ``passages`` its sentences.
    """

    __slots__ = ("question", "value", "given", "yong", "all_yong", "relative", "absent", "choice",
                 "yuan", "ji", "chou", "also", "adverse", "note", "when", "passages")
    question: Question | None
    value: str
    given: tuple[str, ...]
    yong: tuple[Appearance, ...]
    all_yong: tuple[Appearance, ...]
    relative: Relative | None
    absent: bool
    choice: str
    yuan: Role
    ji: Role
    chou: Role
    also: tuple[str, ...]
    adverse: bool
    note: str
    when: str
    passages: tuple[str, ...]

    def __init__(
        self, question: Question | None, value: str, given: tuple[str, ...],
        yong: tuple[Appearance, ...], all_yong: tuple[Appearance, ...], relative: Relative | None,
        absent: bool, choice: str, yuan: Role, ji: Role, chou: Role, also: tuple[str, ...],
        adverse: bool, note: str, when: str = "", passages: tuple[str, ...] = (),
    ) -> None:
        init(self, question, value, given, yong, all_yong, relative, absent, choice, yuan, ji, chou,
             also, adverse, note, when, passages)

    @property
    def positions(self) -> tuple[int, ...]:
        """The primary positions of the chosen 用 (visible or the 飛 above a 伏)."""
        return tuple(a.position for a in self.yong)

    @property
    def hidden(self) -> bool:
        return bool(self.yong) and all(a.hidden for a in self.yong)

    @property
    def assumed_self(self) -> bool:
        """A 親屬 question read as the asker's own (自占): its 用 taken as the 世 because the
        facts say neither 疏 nor 代占 (:func:`roles`).

        >>> from compute.engine.chart import chart
        >>> roles(chart("乾", month="寅", day="甲子"), yongshen="親屬").assumed_self
        True
        >>> roles(chart("乾", month="寅", day="甲子", facts="疏"), yongshen="親屬").assumed_self
        False
        """
        return self.given[:1] == ("親屬",) and self.value == "世"

    def to_dict(self) -> dict[str, Any]:
        """``{relative or role, lines, hidden}`` and the other roles (``yimao cases --json``);
        ``chosen_by`` (the book's case and sentences) when the facts chose the 用神.

        >>> from compute.engine.chart import chart
        >>> roles(chart("乾", month="寅", day="甲子"), yongshen="世").to_dict()["lines"]
        [6]
        >>> c = chart("乾", month="寅", day="甲子", question="shilei-10-q14", facts="女占")
        >>> roles(c).to_dict()["chosen_by"]
        {'when': '여자 쪽(신랑)을 점칠 때(女占男姻)', 'passages': ['p398-s2']}
        """
        out = {
            "question": self.question.id if self.question else None,
            "value": self.value,
            "relative": str(self.relative) if self.relative else None,
            "lines": list(self.positions),
            "hidden": self.hidden,
            "absent": self.absent,
            "choice": self.choice or None,
            "yuan": {"relative": _s(self.yuan.relative), "lines": list(self.yuan.lines)},
            "ji": {"relative": _s(self.ji.relative), "lines": list(self.ji.lines)},
            "chou": {"relative": _s(self.chou.relative), "lines": list(self.chou.lines)},
            "also": list(self.also),
            "adverse": self.adverse,
        }
        if self.when:
            out["chosen_by"] = {"when": self.when, "passages": list(self.passages)}
        return out


def _s(r: Relative | None) -> str | None:
    return str(r) if r is not None else None


def _visible(chart: Chart, rel: Relative) -> tuple[int, ...]:
    return tuple(ln.position for ln in chart.primary.lines if ln.relative == rel)


def _hidden(chart: Chart, rel: Relative) -> tuple[int, ...]:
    return tuple(ln.position for ln in chart.primary.lines
                 if ln.hidden is not None and ln.hidden.relative == rel)


def _two(chart: Chart, rel: Relative, ps: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
    """The 兩現 choice among visible lines *ps* of *rel* (compute.lifa.yongshen.liangxian's
    order)."""
    from compute.engine.context import context as ctx

    h = chart.primary
    if h.name in ("升", "觀") or (h.hexagram.generation == 0
                                 and all(str(h.line(p).element) == "土" for p in ps)):
        return ps, "兩現: 皆有成格 (p178-s2), 並取"
    c = ctx(chart)
    from compute.lifa.yongshen import (
        injuries,  # 兩現's 傷, one home (compute.lifa.yongshen.liangxian)
    )

    hurt = {p: injuries(c, p) for p in ps}

    def key(p: int) -> tuple[int, bool]:
        return len(hurt[p]), not h.line(p).moving

    best = min(key(p) for p in ps)
    top = tuple(p for p in ps if key(p) == best)
    desc = ", ".join(Appearance(p).label(chart) + (f" ({'、'.join(hurt[p])})" if hurt[p] else "")
                     for p in ps)
    return top, f"兩現: {desc} → 取 {'、'.join(POS_ZH[p] for p in top)}"


def _resolve(chart: Chart, value: str) -> tuple[str, tuple[Appearance, ...],
                                              tuple[Appearance, ...], Relative | None,
                                              bool, str, str]:
    """(value, chosen, all appearances, relative, absent, choice, note) for one value."""
    h = chart.primary
    note = ""
    facts = set(chart.asking.facts) if chart.asking is not None else set()
    if value == "親屬":
        row = kin(facts)
        if row is not None and row is not KIN_SELF:
            value, note = row.yongshen, f"親屬: {row.who} → {row.yongshen}"
        elif row is KIN_SELF:
            value, note = "世", "親屬: 스스로 물으니 世 (自占)"
        elif "代占" in facts or "親" in facts:
            return value, (), (), None, False, "", "代占: 누구를 묻는지에 따라 用神을 따로 준다"
        else:
            value, note = "世", "親屬: 自占으로 보아 世 (남을 물으면 用神을 따로 준다)"
    if value == "物類":
        return value, (), (), None, False, "", "物類: 물건에 따라 用神을 따로 준다"
    if value in RELATIVES:
        rel = RELATIVES[value]
        vis = _visible(chart, rel)
        if vis:
            apps = tuple(Appearance(p) for p in vis)
            if len(vis) == 1:
                return value, apps, apps, rel, False, "", note
            top, why = _two(chart, rel, vis)
            return value, tuple(Appearance(p) for p in top), apps, rel, False, why, note
        hid = _hidden(chart, rel)
        if hid:
            apps = tuple(Appearance(p, True) for p in hid)
            return value, apps, apps, rel, False, "伏藏: 舍飛從伏", note
        return value, (), (), rel, True, "竟無", note
    if value in ("世", "應"):
        p = h.shi if value == "世" else h.ying
        return value, (Appearance(p),), (Appearance(p),), h.line(p).relative, False, "", note
    if value == "世應":
        apps = (Appearance(h.shi), Appearance(h.ying))
        return value, apps, apps, h.line(h.shi).relative, False, "", note
    if value == "間爻":
        lo, hi = sorted((h.shi, h.ying))
        apps = tuple(Appearance(p) for p in range(lo + 1, hi))
        return value, apps, apps, None, False, "", note
    if value in POSITIONS:
        p = POSITIONS[value]
        return value, (Appearance(p),), (Appearance(p),), h.line(p).relative, False, "", note
    if value in ("內卦", "外卦"):
        apps = tuple(Appearance(p) for p in ((1, 2, 3) if value == "內卦" else (4, 5, 6)))
        return value, apps, apps, None, False, "", note
    if value == "動爻":
        apps = tuple(Appearance(p) for p in chart.moving)
        return value, apps, apps, None, not apps, "" if apps else "靜卦", note
    if value == "太歲":
        if chart.year is None:
            return value, (), (), None, False, "", "太歲: 年이 주어지지 않았다"
        apps = tuple(Appearance(ln.position) for ln in h.lines if ln.branch == chart.year.branch)
        rel = h.line(apps[0].position).relative if apps else None
        return value, apps, apps, rel, not apps, "" if apps else "卦無太歲", note
    if value in SPIRITS:
        apps = tuple(Appearance(ln.position) for ln in h.lines if str(ln.spirit) == value)
        return value, apps, apps, h.line(apps[0].position).relative, False, "", note
    return value, (), (), None, False, "", note   # 卦: the whole hexagram


def chart_case(chart: Chart, case: str) -> bool:
    """Whether *chart* is in *case* of :data:`compute.book.questions.CHART_CASES`.

    >>> from compute.engine.chart import chart
    >>> c = chart("姤", month="寅", day="甲子")      # 姤 has no 財; no line moves
    >>> chart_case(c, "無妻財"), chart_case(c, "靜卦"), chart_case(c, "獨發")
    (True, True, False)
    """
    h = chart.primary
    moving = [ln for ln in h.lines if ln.moving]
    if case == "無妻財":
        return not _visible(chart, Relative.QICAI)
    if case == "妻財病":
        from compute.engine.context import context as ctx
        from compute.lifa.yongshen import injuries

        ps = _visible(chart, Relative.QICAI)
        return bool(ps) and all(injuries(ctx(chart), p) for p in ps)
    if case == "官鬼靜他爻動":
        return bool(moving) and not any(ln.relative == Relative.GUANGUI for ln in moving)
    if case == "靜卦":
        return not moving
    if case == "獨發":
        return len(moving) == 1
    raise ValueError(f"chart case {case!r}: expected one of CHART_CASES")


def _role(chart: Chart, rel: Relative | None) -> Role:
    return Role(rel, _visible(chart, rel) if rel is not None else ())


def roles(chart: Chart, question: str | Question | None = None,
          yongshen: str | tuple[str, ...] | None = None) -> Roles:
    """The 用神 (and 元神, 忌神, 仇神) of *chart* for *question* and/or a *yongshen* given by
    hand (which overrides the question's). Without either, the chart's own ``question`` and
    ``yongshen`` options (``chart(..., question=…)``) are used.

    >>> from compute.engine.chart import chart
    >>> r = roles(chart("困", "坎", month="午", day="壬戌"), "shilei-26-q2")  # 囤積
    >>> r.value, r.positions, str(r.ji.relative), r.ji.lines
    ('妻財', (1,), '兄弟', (5,))
    >>> c = chart("姤", month="寅", day="甲子")  # 姤 has no 財
    >>> r = roles(c, yongshen="妻財")
    >>> r.choice, [a.label(c) for a in r.yong]
    ('伏藏: 舍飛從伏', ['二爻下 伏 寅木妻財'])
    """
    a = chart.asking
    if question is None and yongshen is None and a is not None:  # what the chart was asked
        question, yongshen = a.question, (a.yongshen if a.given[1] else None)
    q = find_question(question) if question is not None else None
    when, passages, adverse = "", (), bool(q and q.adverse)
    if yongshen is not None:
        given = read_yongshen(yongshen)
    elif q is not None:
        picked = choose(q, a.facts if a is not None else ())
        given, when, passages, adverse = (picked.values, picked.when, picked.passages,
                                          picked.adverse)
        if not when:            # no fact chose: the state of the chart may (倘卦無財爻 …)
            alt = next((x for x in q.alternatives if x.chart and x.yongshen
                        and chart_case(chart, x.chart)), None)
            if alt is not None:
                given, when, passages, adverse = (alt.yongshen, alt.when, alt.passages,
                                                  alt.adverse)
        if picked.see is not None and not given:
            return Roles(q, "", (), (), (), None, False, "", Role(None, ()), Role(None, ()),
                         Role(None, ()), (), adverse, f"{picked.see}의 점으로 본다", when,
                         passages)
    else:
        given = ()
    if not given:
        return Roles(q, "", (), (), (), None, False, "", Role(None, ()), Role(None, ()),
                     Role(None, ()), (), adverse, "書無用神" if q is not None else "", when,
                     passages)
    value, yong, all_yong, rel, absent, choice, note = _resolve(chart, given[0])
    row = kin(a.facts) if given[0] == "親屬" and a is not None else None
    if row is not None:     # 親屬 read by the 親屬 table (筮類 5.20): its row and sentences
        when = f"{when} · {row.who}" if when else row.who
        passages = passages + tuple(p for p in row.passages if p not in passages)
    if rel is None and yong and value not in ("內卦", "外卦", "間爻", "動爻"):
        rel = chart.primary.line(yong[0].position).relative
    if rel is not None:
        from compute.lifa.leizong import yuan_ji_chou

        y, j, c = yuan_ji_chou(rel)
    else:
        y = j = c = None
    if q is not None and yongshen is None and not when:
        y = RELATIVES.get(q.yuanshen or "", y)
        j = RELATIVES.get(q.jishen or "", j)
        c = RELATIVES.get(q.choushen or "", c)
    return Roles(q, value, given, yong, all_yong, rel, absent, choice, _role(chart, y),
                 _role(chart, j), _role(chart, c), given[1:],
                 adverse and yongshen is None, note, when, passages)



__all__ = ["Appearance", "Role", "Roles", "chart_case", "roles"]
