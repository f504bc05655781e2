"""The 用神 of a chart asked a question of the 筮類, and its 元神, 忌神 and 仇神 (issue 10).

The 用神 on a chart (p275-s3 「大抵舍靜求動，舍衰求旺，舍病而求不病」): a 六親 on one 飛 line is
that line; on two or more (兩現) the one without 傷 (空 破 沖散 克), then a moving one before a
static one, then a strong one before a weak one (「舍其有傷，取其無傷」 p173-s2, 「舍靜取動」
p174-s1, 「舍衰求旺」 p275-s3; 升, 觀 and 八純's two 土 lines the same way, p178-s2); when every
飛 line chosen is hurt, a 伏神 of it that the 日, 月 or a moving line lifts (舍飛從伏: p174-s2
and its 注 「飛用被傷，當索伏用」, p178-s1 「兩現於飛伏者，則取較之」); with none among the 飛
lines its 伏神 (hidden); with no 伏神 either it is absent (竟無, grade 17). ``choice`` says which
and by which sentence (their ids in parentheses), ``choice_ko`` says it to a reader.

Which of the book's 用神 a question takes is chosen first, by the facts of the asking
(:func:`compute.book.questions.choose`: 「女占男姻，官鬼為先」, 「問子而忌子虛」, 「親人之逃，
專之於用，他人之逃，專之於應」 …), and 親屬 by the 親屬 table (:func:`compute.book.questions.kin`);
else by the state of the chart (:func:`chart_case`: 「倘卦無財爻」, 「一爻動而求獨發」, 「非包非動」
…); the Roles say which case of the book chose it (``when``) and its sentences (``passages``).

>>> from compute.engine.chart import chart
>>> r = roles(chart("大過", month="亥", day="戊午"), yongshen="妻財")
>>> [(a.position, a.hidden) for a in r.yong], r.choice
([(6, False)], '兩現: 初爻 丑土妻財 (空), 上爻 未土妻財 → 取 上爻: 舍其有傷，取其無傷 (p173-s2)')
>>> r.yuan.relative, r.ji.relative, r.chou.relative
(Relative.ZISUN, Relative.XIONGDI, Relative.FUMU)
"""

from __future__ import annotations

import re

from compute.book.gua import POS_ZH, POSITIONS
from compute.book.liuqin import Relative
from compute.book.liushen import SPIRIT_ZH as SPIRITS
from compute.book.questions import (
    BAO_GUA,
    KIN,
    RELATIVES,
    Alternative,
    Question,
    choose,
    fact_holds,
    kin,
    read_yongshen,
)
from compute.book.questions import question as find_question
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart
    from compute.engine.context import Context

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

    @property
    def choice_passages(self) -> tuple[str, ...]:
        """The sentences that chose the 用神's line (兩現, 舍飛從伏), from :attr:`choice`.

        >>> from compute.engine.chart import chart
        >>> roles(chart("大過", month="亥", day="戊午"), yongshen="妻財").choice_passages
        ('p173-s2',)
        """
        return tuple(PASSAGE_ID.findall(self.choice))

    @property
    def choice_ko(self) -> str:
        """How the 用神's line was chosen, in a reader's words (:func:`say_choice`)."""
        return say_choice(self.choice)

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
        if self.choice_passages:
            out["line_chosen_by"] = {"lines": list(self.positions), "how": self.choice_ko,
                                     "passages": list(self.choice_passages)}
        return out


PASSAGE_ID: Final = re.compile(r"\((p\d{3}-s\d+)\)")
"""A sentence's id in :attr:`Roles.choice`: ``(p173-s2)``."""


def say_choice(choice: str) -> str:
    """:attr:`Roles.choice` in a reader's words (Korean; the book's words in 「」).

    >>> print(say_choice("兩現: 三爻 辰 (破), 上爻 戌 → 取 上爻: 舍其有傷，取其無傷 (p173-s2)"))
    用神이 두 번 나타난다(兩現): 三爻 辰(破)、上爻 戌. 「舍其有傷，取其無傷」에 따라 上爻를 취한다.
    >>> say_choice("伏藏: 舍飛從伏"), say_choice("")
    ('飛爻에 없어 그 아래 伏神을 쓴다(舍飛從伏).', '')
    """
    if not choice:
        return ""
    if choice.startswith("伏藏"):
        return "飛爻에 없어 그 아래 伏神을 쓴다(舍飛從伏)."
    if choice == "竟無":
        return "飛爻에도 伏神에도 없다(竟無)."
    head, _, rest = PASSAGE_ID.sub("", choice).replace(" ·", "·").partition(" → ")
    kind, _, desc = head.partition(": ")
    said = [w.strip() for w in rest.split("·")]
    pick, _, first = said[0].partition(": ")
    words = [first, *said[1:]]
    extra = ""
    if words[-1].endswith("亦以兩現之法"):
        who = "升·觀" if words.pop().startswith("升觀") else "八純의 두 土爻"
        extra = f" {who}도 「亦以兩現之法為用」이다."
    book = ", ".join(f"「{w}」" for w in words if w)

    def items(text: str) -> str:
        return text.replace(" (", "(").replace(", ", "、")

    if kind == "兩現" and pick == "並取":
        return (f"用神이 두 번 나타난다(兩現): {items(desc)}. 상함·동정·왕쇠가 같아 둘 다 "
                f"본다.{extra}")
    if kind == "兩現":
        return (f"用神이 두 번 나타난다(兩現): {items(desc)}. {book}에 따라 "
                f"{pick.removeprefix('取 ')}를 취한다.{extra}")
    if kind == "飛伏":
        return (f"飛爻의 用神이 상했다: {items(desc.removesuffix(' 被傷'))}. {book}에 따라 "
                f"日月·動爻가 받치는 伏神을 취한다(舍飛從伏): "
                f"{items(pick.removeprefix('舍飛從伏 '))}.")
    return choice


def _s(r: Relative | None) -> str | None:
    return str(r) if r is not None else None


def _visible(chart: Chart, rel: Relative) -> tuple[int, ...]:
    return tuple(ln.position for ln in chart.primary.lines if ln.relative == rel)


def _hidden(chart: Chart, rel: Relative) -> tuple[int, ...]:
    return tuple(ln.position for ln in chart.primary.lines
                 if ln.hidden is not None and ln.hidden.relative == rel)


LIANGXIAN_STEPS: Final = (("傷", "舍其有傷，取其無傷", "p173-s2"),
                          ("動", "舍靜取動", "p174-s1"),
                          ("旺", "舍衰求旺", "p275-s3"))
"""The 兩現 choice, step by step (each taken only when the one before leaves a tie): the line
without 傷 (「舍其有傷，取其無傷」 p173-s2; 傷 = 「旬空月破沖散克傷之類」 p173 注; of two hurt
lines the one with fewer), then the moving one (「一動一靜之用，猶有別焉，舍靜取動」 p174-s1),
then the strong one (「大抵舍靜求動，舍衰求旺，舍病而求不病」 p275-s3). 升, 觀 and 八純's two
土 lines are chosen the same way: 「皆有成格，故無煩別論，亦以兩現之法為用云爾」 (p178-s2)."""

CHENGGE_PASSAGE: Final = "p178-s2"
FU_PASSAGES: Final = ("p174-s2", "p178-s1")
"""舍飛從伏 for a hurt 飛 用: 「不能得用神于飛爻，而求用神於伏象者，舍飛從伏，必以日月動爻之扶挈
用之」 (p174-s2; 注 「飛用被傷，當索伏用，日月動與配，相生而從，相剋而舍」) and 「兩現於飛伏者，
則取較之」 (p178-s1)."""


def hurts(c: Context, p: int) -> list[str]:
    """The 傷 of the line at *p* for choosing the 用神 (p173 注 「旬空月破沖散克傷之類」,
    :func:`compute.lifa.yongshen.injuries`), none on the line that is the day: 「戌乃日辰，物無可
    傷」 (p122 case, 寅建丙戌日 乾之夬 用父), 「日建不受三旬之破……化克破而無傷」 (p284-s4).

    >>> from compute.engine.chart import chart
    >>> from compute.engine.context import context
    >>> c = context(chart("乾", month="寅", day="丙戌"))   # 寅 克 土; 戌 is the day
    >>> hurts(c, 3), hurts(c, 6)
    (['沖散', '克'], [])
    """
    from compute.lifa.yongshen import injuries

    return [] if c.on_day[p - 1] else injuries(c, p)


def _chengge(chart: Chart, ps: tuple[int, ...]) -> bool:
    """升, 觀 (二分之卦) and 八純's two 土 lines: 兩現 by the hexagram's own pattern (p178-s2)."""
    h = chart.primary
    return h.name in ("升", "觀") or (h.hexagram.generation == 0
                                     and all(str(h.line(p).element) == "土" for p in ps))


def _two(chart: Chart, ps: tuple[int, ...],
         hurt: dict[int, list[str]]) -> tuple[tuple[int, ...], str]:
    """The 兩現 choice among the visible lines *ps* of one 六親 (:data:`LIANGXIAN_STEPS`):
    (chosen lines, compute's note with the sentences' ids; :func:`say_choice` reads it).

    >>> from compute.engine.chart import chart
    >>> from compute.engine.context import context
    >>> c = chart("乾", month="戌", day="甲子")     # 父母 辰 (月破) and 戌 (月建)
    >>> top, why = _two(c, (3, 6), {p: hurts(context(c), p) for p in (3, 6)})
    >>> top, why.split(" → ")[1]
    ((6,), '取 上爻: 舍其有傷，取其無傷 (p173-s2) · 八純二土 成格, 亦以兩現之法 (p178-s2)')
    """
    from compute.engine.context import context as ctx

    c = ctx(chart)
    h = chart.primary

    def strong(p: int) -> bool:
        return c.strong[p - 1] or c.on_day[p - 1] or c.on_month[p - 1]

    keys = {"傷": lambda p: len(hurt[p]), "動": lambda p: not h.line(p).moving,
            "旺": lambda p: not strong(p)}
    kept, by = list(ps), []
    for step, words, pid in LIANGXIAN_STEPS:
        if len(kept) == 1:
            break
        best = min(keys[step](p) for p in kept)
        now = [p for p in kept if keys[step](p) == best]
        if len(now) < len(kept):
            by.append((words, pid))
            kept = now
    desc = ", ".join(Appearance(p).label(chart) + (f" ({'、'.join(hurt[p])})" if hurt[p] else "")
                     for p in ps)
    where = "、".join(POS_ZH[p] for p in kept)
    if by:
        why = f"兩現: {desc} → 取 {where}: " + " · ".join(f"{w} ({pid})" for w, pid in by)
    else:
        why = f"兩現: {desc} → 並取: 傷、動靜、旺衰 無別 ({LIANGXIAN_STEPS[0][2]})"
    if _chengge(chart, ps):
        name = "升觀二分" if h.name in ("升", "觀") else "八純二土"
        why += f" · {name} 成格, 亦以兩現之法 ({CHENGGE_PASSAGE})"
    return tuple(kept), why


def _fu_support(chart: Chart, position: int) -> str:
    """What lifts the 伏神 under *position* (p174-s2 「必以日月動爻之扶挈用之」, 注 「日月動與配，
    相生而從，相剋而舍」): the 日, 月 or moving lines that 生 it or are of its element, as words
    (日生、月扶、二爻動生 …); empty when none does (only 克: 舍), when it is 空 (「空在伏爻則
    不現」 p161-s1) or 月破, or when it does not come out by the rules of 飛伏 (``fu_chu`` 不出,
    p100–p102). A 克 beside a 生 does not undo it: the book's cases follow the 伏
    that the day 生 in a month that 克 it (p096 「子建戊寅日……世下巳官，伏神長生」, p599 「巳官
    伏寅下長生於日」) and the 伏 a moving line 生 while another moving line 克 it (p446 「酉伏戌下，
    火生土而土生金」).

    >>> from compute.engine.chart import chart
    >>> _fu_support(chart("乾", month="戌", day="甲子"), 1)    # 伏 未土: 戌月 扶, 子日 無
    '月扶'
    """
    from compute.book.changsheng import BRANCH_PHASE_INT as phase
    from compute.book.changsheng import acts
    from compute.engine.context import context as ctx

    c = ctx(chart)
    hid = chart.primary.line(position).hidden
    if hid is None:
        return ""
    b = int(hid.branch)
    if c.kong(b) or c.po(b) or chart.primary.line(position).state.get("fu_chu") == "不出":
        return ""
    me = phase[b]
    lifts = []
    for who, ph in (("日", phase[c.day]), ("月", phase[c.month]),
                    *((f"{POS_ZH[i + 1]}動", q) for i, q in c.good)):
        how = acts(ph, me)
        if how in ("生", "比"):
            lifts.append(who + ("生" if how == "生" else "扶"))
    return "、".join(lifts)


def _fu_hurts(chart: Chart, position: int) -> list[str]:
    """The 傷 the 伏神 under *position* keeps beside its 扶挈 (:func:`_fu_support`: a 空 or 破
    伏 is not lifted at all): 克 by the day or the month, as :func:`hurts` counts it for a 飛
    line — so that a 伏 of the 飛's own element, 克 alike, is not 「較」 better (p178-s1).

    >>> from compute.engine.chart import chart
    >>> _fu_hurts(chart("困", "兌", month="子", day="戊寅"), 1)   # 伏 巳火: 子月 克
    ['克']
    """
    from compute.engine.context import context as ctx

    c = ctx(chart)
    hid = chart.primary.line(position).hidden
    if hid is None:
        return []
    from compute.book.changsheng import BRANCH_PHASE_INT as phase

    me = phase[int(hid.branch)]
    return ["克"] if "克" in (c.dact[me], c.mact[me]) else []


def _relative(chart: Chart, value: str, rel: Relative,
              note: str) -> tuple[str, tuple[Appearance, ...], tuple[Appearance, ...],
                                  Relative | None, bool, str, str]:
    """:func:`_resolve` for a 六親: its one 飛 line; of two or more the 兩現 choice (:func:`_two`);
    when every chosen 飛 line is hurt, a 伏神 of it that the 日, 月 or a moving line lifts and
    that is less hurt than they (舍飛從伏 … 取較之, :data:`FU_PASSAGES`); with none among the
    飛 lines its 伏神; else 竟無."""
    from compute.engine.context import context as ctx

    vis = _visible(chart, rel)
    hid = _hidden(chart, rel)
    if not vis:
        if hid:
            apps = tuple(Appearance(p, True) for p in hid)
            return value, apps, apps, rel, False, "伏藏: 舍飛從伏", note
        return value, (), (), rel, True, "竟無", note
    apps = tuple(Appearance(p) for p in vis)
    c = ctx(chart)
    hurt = {p: hurts(c, p) for p in vis}
    top, why = _two(chart, vis, hurt) if len(vis) > 1 else (vis, "")
    least = min(len(hurt[p]) for p in top)
    lifted = [(p, w) for p in hid
              if (w := _fu_support(chart, p)) and len(_fu_hurts(chart, p)) < least]
    if lifted:
        fei = ", ".join(f"{Appearance(p).label(chart)} ({'、'.join(hurt[p])})" for p in top)
        fu = ", ".join(f"{Appearance(p, True).label(chart)} ({w})" for p, w in lifted)
        why = (f"飛伏: {fei} 被傷 → 舍飛從伏 {fu}: 飛用被傷，當索伏用，相生而從 "
               f"({FU_PASSAGES[0]}) · 兩現於飛伏者，則取較之 ({FU_PASSAGES[1]})")
        chosen = tuple(Appearance(p, True) for p, _ in lifted)
        return value, chosen, apps, rel, False, why, note
    return value, tuple(Appearance(p) for p in top), apps, rel, False, why, note


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
        return _relative(chart, value, RELATIVES[value], note)
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
    >>> chart_case(c, "非包非動"), chart_case(chart("坎", month="寅", day="甲子"), "非包非動")
    (True, False)
    >>> chart_case(chart("乾", "坤", month="寅", day="甲子"), "亂動")
    True

    ``伏無`` is never true here: it is read on the 用神 once resolved (:func:`roles`).
    """
    h = chart.primary
    moving = [ln for ln in h.lines if ln.moving]
    if case == "無妻財":
        return not _visible(chart, Relative.QICAI)
    if case == "妻財病":
        from compute.engine.context import context as ctx
        ps = _visible(chart, Relative.QICAI)
        return bool(ps) and all(hurts(ctx(chart), p) for p in ps)
    if case == "官鬼靜他爻動":
        return bool(moving) and not any(ln.relative == Relative.GUANGUI for ln in moving)
    if case == "靜卦":
        return not moving
    if case == "獨發":
        return len(moving) == 1
    if case == "亂動":
        return len(moving) > 1
    if case == "非包非動":
        return not moving and h.name not in BAO_GUA
    if case == "伏無":
        return False
    raise ValueError(f"chart case {case!r}: expected one of CHART_CASES")


def _by_chart(chart: Chart, q: Question, facts: tuple[str, ...]) -> Alternative | None:
    """The first alternative of *q* the state of *chart* chooses (its ``chart`` case holds and,
    if it names facts, one of them holds: 亂動 asks who fled), or None.

    >>> from compute.engine.chart import chart
    >>> from compute.book.questions import question
    >>> q = question("shilei-40-q20")                # 所逃之方
    >>> c = chart("乾", "坤", month="寅", day="甲子")   # 亂動
    >>> _by_chart(c, q, ("疏",)).when, _by_chart(c, q, ()) is None
    ('괘가 어지러이 움직일 때(亂動而求用爻之在何宮)', True)
    """
    return next((x for x in q.alternatives if x.chart and x.yongshen
                 and chart_case(chart, x.chart)
                 and (not x.facts or any(fact_holds(f, facts) for f in x.facts))), None)


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
            alt = _by_chart(chart, q, a.facts if a is not None else ())
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
    fu_wu = next((x for x in q.alternatives if x.chart == "伏無" and x.yongshen), None) \
        if q is not None and yongshen is None and when else None
    if absent and fu_wu is not None:    # 「伏無而求應」 (p623-s1): the 用 chosen is not there
        given, when, passages = (fu_wu.yongshen, f"{when} · {fu_wu.when}",
                                 passages + tuple(p for p in fu_wu.passages if p not in passages))
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


__all__ = ["Appearance", "Role", "Roles", "chart_case", "hurts", "roles", "say_choice"]
