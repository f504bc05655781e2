"""The questions of the 筮類 and the 用神 of a chart asked one of them (issue 10).

The data are editorial/questions.toml compiled into :mod:`compute.shilei.questions_data` (compute
never
reads editorial/ at run time). :func:`question` finds a question by its id (``shilei-14-q1``)
or its wording; :func:`roles` resolves on a chart the lines that play 用神, 元神, 忌神 and 仇神.

>>> q = question("shilei-14-q5")
>>> q.text, q.yongshen, q.jishen, q.chapter
('養病', ('世',), '官鬼', 'shilei-14')
>>> question("卜雨").id
'shilei-03-q8'

The 用神 on a chart (p275-s1 「大抵舍靜求動，舍衰求旺，舍病而求不病」): a 六親 on one 飛 line is
that line; on two or more (兩現) the one without injury (空 破 沖散 克), a moving one before a
static one (p173-s2, p174-s1 — :func:`compute.lifa.yongshen.liangxian`); with none among the 飛
lines
its 伏神 (hidden); with no 伏神 either it is absent (竟無, grade 17).

>>> from compute.engine.chart import chart
>>> r = roles(chart("大過", month="亥", day="戊午"), yongshen="妻財")
>>> [(a.position, a.hidden) for a in r.yong], r.choice
([(6, False)], '兩現: 初爻 丑土妻財 (空), 上爻 未土妻財 → 取 上爻')
>>> r.yuan.relative, r.ji.relative, r.chou.relative
(Relative.ZISUN, Relative.XIONGDI, Relative.FUMU)
"""

from __future__ import annotations

import re

from compute.book.liuqin import Relative
from compute.errors import InputError
from compute.shilei.questions_data import KINSHIP, QUESTIONS, VOCABULARY
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart

RELATIVES: Final = {str(r): r for r in Relative}
POSITIONS: Final = {"初爻": 1, "二爻": 2, "三爻": 3, "四爻": 4, "五爻": 5, "上爻": 6}
SPIRITS: Final = ("青龍", "朱雀", "勾陳", "騰蛇", "白虎", "元武")
POS_ZH: Final = ("", "初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
SEPARATORS: Final = re.compile(r"[,，、+＋\s]+")


class Alternative(Frozen):
    """The book's other 用神 for the same question (who asks, for whom, about what)."""

    __slots__ = ("when", "yongshen", "adverse", "see", "passages")
    when: str
    yongshen: tuple[str, ...]
    adverse: bool
    see: str | None
    passages: tuple[str, ...]

    def __init__(
        self, when: str, yongshen: tuple[str, ...], adverse: bool, see: str | None,
        passages: tuple[str, ...],
    ) -> None:
        init(self, when, yongshen, adverse, see, passages)


class Question(Frozen):
    """One question of a 筮類 chapter (editorial/questions.toml).

    >>> q = question("shilei-42-q1"); q.chapter, q.adverse, q.listed
    ('shilei-42', False, True)
    """

    __slots__ = ("id", "chapter", "text", "ko", "passages", "yongshen", "adverse", "jishen",
                 "yuanshen", "choushen", "see", "listed", "reading", "alternatives")
    id: str
    chapter: str
    text: str
    ko: str
    passages: tuple[str, ...]
    yongshen: tuple[str, ...]
    adverse: bool
    jishen: str | None
    yuanshen: str | None
    choushen: str | None
    see: str | None
    listed: bool
    reading: str | None
    alternatives: tuple[Alternative, ...]

    def __init__(
        self, id: str, chapter: str, text: str, ko: str, passages: tuple[str, ...],
        yongshen: tuple[str, ...], adverse: bool, jishen: str | None, yuanshen: str | None,
        choushen: str | None, see: str | None, listed: bool, reading: str | None,
        alternatives: tuple[Alternative, ...],
    ) -> None:
        init(self, id, chapter, text, ko, passages, yongshen, adverse, jishen, yuanshen, choushen,
             see, listed, reading, alternatives)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: id, chapter, text, ko, passages, yongshen (and the optional fields).

        >>> question("shilei-01-q1").to_dict()["yongshen"]
        ['外卦']
        """
        out: dict[str, Any] = {"id": self.id, "chapter": self.chapter, "text": self.text,
                               "ko": self.ko, "passages": list(self.passages),
                               "yongshen": list(self.yongshen)}
        for key in ("jishen", "yuanshen", "choushen", "see", "reading"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.adverse:
            out["adverse"] = True
        if self.alternatives:
            out["alternatives"] = [{"when": a.when, "yongshen": list(a.yongshen),
                                    "see": a.see, "adverse": a.adverse}
                                   for a in self.alternatives]
        return out


def _values(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,) if v else ()
    return tuple(v or ())


def _build(row: dict[str, Any]) -> Question:
    alts = tuple(Alternative(a["when"], _values(a.get("yongshen")), bool(a.get("adverse")),
                             a.get("see"), tuple(a.get("passages", ())))
                 for a in row.get("alternatives", ()))
    return Question(row["id"], row["chapter"], row["text"], row["ko"], tuple(row["passages"]),
                    _values(row["yongshen"]), bool(row.get("adverse")), row.get("jishen"),
                    row.get("yuanshen"), row.get("choushen"), row.get("see"),
                    row.get("listed", True), row.get("reading"), alts)


ALL: Final[tuple[Question, ...]] = tuple(_build(row) for row in QUESTIONS)
"""Every question, in book order (448)."""

BY_ID: Final = {q.id: q for q in ALL}
_BY_TEXT: dict[str, list[Question]] = {}
for _q in ALL:
    for _w in {_q.text, _q.reading or _q.text}:
        _BY_TEXT.setdefault(_w, []).append(_q)


def question(key: str | Question) -> Question:
    """The question *key*: its id (``shilei-03-q2``) or its wording as the book writes it.

    A wording several chapters share is refused with the ids to choose from.

    >>> question("shilei-03-q2").text
    '占風'
    >>> question("防疫")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: question '防疫' is asked in 2 chapters: shilei-14-q2, ...
    >>> question("問天")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: question '問天': expected a question id (shilei-01-q1 … ...
    """
    if isinstance(key, Question):
        return key
    if not isinstance(key, str):
        raise InputError(f"question {key!r}: expected text, a question id or its wording")
    k = key.strip()
    if k in BY_ID:
        return BY_ID[k]
    found = _BY_TEXT.get(k, [])
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f"question {k!r} is asked in {len(found)} chapters: "
                         f"{', '.join(q.id for q in found)}; give its id")
    raise InputError(f"question {k!r}: expected a question id ({ALL[0].id} … {ALL[-1].id}) "
                     "or the wording of a question of the 筮類 (yimao topics lists them)")


def read_yongshen(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A 用神 given by hand (``yongshen=``): vocabulary values, several joined by ``,`` or ``、``.

    >>> read_yongshen("妻財、應")
    ('妻財', '應')
    >>> read_yongshen("財")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: yongshen '財': expected one of 父母, 兄弟, ...
    """
    parts = SEPARATORS.split(value.strip()) if isinstance(value, str) else list(value)
    out = tuple(p for p in parts if p)
    for p in out:
        if p not in VOCABULARY:
            raise InputError(f"yongshen {p!r}: expected one of {', '.join(VOCABULARY)}")
    if not out:
        raise InputError("yongshen '': expected one of " + ", ".join(VOCABULARY))
    return out


# ------------------------------------------------------------------ roles on a chart


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
    the book looks at together, ``hexagram`` a 用 that is the whole hexagram or a trigram.
    """

    __slots__ = ("question", "value", "given", "yong", "all_yong", "relative", "absent", "choice",
                 "yuan", "ji", "chou", "also", "adverse", "note")
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

    def __init__(
        self, question: Question | None, value: str, given: tuple[str, ...],
        yong: tuple[Appearance, ...], all_yong: tuple[Appearance, ...], relative: Relative | None,
        absent: bool, choice: str, yuan: Role, ji: Role, chou: Role, also: tuple[str, ...],
        adverse: bool, note: str,
    ) -> None:
        init(self, question, value, given, yong, all_yong, relative, absent, choice, yuan, ji, chou,
             also, adverse, note)

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
        """``{relative or role, lines, hidden}`` and the other roles (``yimao cases --json``).

        >>> from compute.engine.chart import chart
        >>> roles(chart("乾", month="寅", day="甲子"), yongshen="世").to_dict()["lines"]
        [6]
        """
        return {
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
    facts = set(dict(chart.options).get("facts", "").split("、"))
    if value == "親屬" and "疏" in facts:
        value, note = "應", "疏: 친족이 아닌 남은 應 (疏用應象)"
    elif value == "親屬" and "代占" in facts:
        return value, (), (), None, False, "", "代占: 누구를 묻는지에 따라 用神을 따로 준다"
    elif value == "親屬":
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
    if question is None and yongshen is None:
        opts = dict(chart.options)
        question, yongshen = opts.get("question"), opts.get("yongshen")
    q = globals()["question"](question) if question is not None else None
    given = read_yongshen(yongshen) if yongshen is not None else (q.yongshen if q else ())
    if not given:
        return Roles(q, "", (), (), (), None, False, "", Role(None, ()), Role(None, ()),
                     Role(None, ()), (), bool(q and q.adverse),
                     "書無用神" if q is not None else "")
    value, yong, all_yong, rel, absent, choice, note = _resolve(chart, given[0])
    if rel is None and yong and value not in ("內卦", "外卦", "間爻", "動爻"):
        rel = chart.primary.line(yong[0].position).relative
    if rel is not None:
        from compute.lifa.leizong import yuan_ji_chou

        y, j, c = yuan_ji_chou(rel)
    else:
        y = j = c = None
    if q is not None and yongshen is None:
        y = RELATIVES.get(q.yuanshen or "", y)
        j = RELATIVES.get(q.jishen or "", j)
        c = RELATIVES.get(q.choushen or "", c)
    return Roles(q, value, given, yong, all_yong, rel, absent, choice, _role(chart, y),
                 _role(chart, j), _role(chart, c), given[1:],
                 bool(q and q.adverse and yongshen is None), note)


FACT_PAIRS: Final = (("自占", "代占"), ("君占", "臣占"), ("男占", "女占"), ("病久", "病新"),
                     ("未間月", "已間月"), ("已住", "未住"), ("未收", "已收"), ("我訟", "彼訟"),
                     ("出家", "求道"), ("親", "疏"), ("為利", "為名"))
"""The facts about the asking a chart cannot know (judgments.toml [language.fact]), in pairs
of which at most one holds."""

PERSONS: Final = ("父", "母", "長男", "中男", "少男", "長女", "中女", "少女")
"""The 主屬 a ``person=`` fact may name (p111-s1 注)."""


def read_facts(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Facts about the asking (``facts=``): names of :data:`FACT_PAIRS`, ``person=長男`` (the
    主屬 of the person asked about), ``thing=業`` (the thing a question covers), ``年=戊子``
    (the year asked, for 大限/小限).

    >>> read_facts("自占、病久、person=長男")
    ('自占', '病久', 'person=長男')
    >>> read_facts("自占、代占")
    Traceback (most recent call last):
    compute.errors.InputError: facts 自占 and 代占 exclude each other
    >>> read_facts("晴")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: fact '晴': expected one of 自占, 代占, ...
    """
    parts = SEPARATORS.split(value.strip()) if isinstance(value, str) else list(value)
    out = tuple(p for p in parts if p)
    names = [n for pair in FACT_PAIRS for n in pair]
    for p in out:
        key, eq, val = p.partition("=")
        if eq and key == "person" and val in PERSONS:
            continue
        if eq and key == "thing" and val:
            continue
        if eq and key == "年" and len(val) == 2:
            from compute.engine.inputs import read_year

            read_year(val)
            continue
        if not eq and p in names:
            continue
        raise InputError(f"fact {p!r}: expected one of {', '.join(names)}, person=長男 "
                         f"({'、'.join(PERSONS)}), thing=…, 年=戊子")
    for a, b in FACT_PAIRS:
        if a in out and b in out:
            raise InputError(f"facts {a} and {b} exclude each other")
    return out


def asked(question_key: str | None, yongshen: str | tuple[str, ...] | None, call: str,
          facts: str | tuple[str, ...] | None = None
          ) -> tuple[tuple[tuple[str, str], ...], str]:
    """The chart options (``question``, ``yongshen``, ``facts``) of the arguments, and *call*
    with them.

    >>> asked("卜雨", None, "chart('乾', day='甲子')")
    ((('question', 'shilei-03-q8'),), "chart('乾', day='甲子', question='shilei-03-q8')")
    >>> asked(None, None, "chart('乾')")
    ((), "chart('乾')")
    """
    out: list[tuple[str, str]] = []
    if question_key is not None:
        out.append(("question", question(question_key).id))
    if yongshen is not None:
        out.append(("yongshen", "、".join(read_yongshen(yongshen))))
    if facts is not None:
        out.append(("facts", "、".join(read_facts(facts))))
    if out and call.endswith(")"):
        call = call[:-1] + "".join(f", {k}={v!r}" for k, v in out) + ")"
    return tuple(out), call


def kinship() -> tuple[tuple[str, str], ...]:
    """The 親屬 table (身命章 p350): (who, 用神).

    >>> kinship()[0]
    ('스스로 물을 때(自占)', '世')
    """
    return tuple((k["who"], k["yongshen"]) for k in KINSHIP)


__all__ = ["ALL", "Alternative", "Appearance", "BY_ID", "FACT_PAIRS", "PERSONS", "Question",
           "Role", "Roles", "asked", "kinship", "question", "read_facts", "read_yongshen", "roles"]
