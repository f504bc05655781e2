"""The questions of the 筮類 with their 用神, and what is said about the asking (issue 10).

The data are editorial/questions.toml compiled into :mod:`compute.book.questions_data`
(compute never reads editorial/ at run time). :func:`question` finds a question by its id
(``shilei-14-q1``) or its wording; :func:`read_facts` reads what the chart cannot know about the
asking. This module knows no chart: :mod:`compute.shilei.roles` resolves on a chart the lines
that play 用神, 元神, 忌神 and 仇神.

>>> q = question("shilei-14-q5")
>>> q.text, q.yongshen, q.jishen, q.chapter
('養病', ('世',), '官鬼', 'shilei-14')
>>> question("卜雨").id
'shilei-03-q8'
"""

from __future__ import annotations

import re

from compute.book.ganzhi import GANZHI_ZH
from compute.book.liuqin import Relative
from compute.book.questions_data import KINSHIP, QUESTIONS, VOCABULARY
from compute.errors import InputError
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


RELATIVES: Final = {str(r): r for r in Relative}
SEPARATORS: Final = re.compile(r"[,，、+＋\s]+")


class Alternative(Frozen):
    """The book's other 用神 for the same question (who asks, for whom, about what).

    ``facts`` are the facts about the asking that choose it (any one of them: 女占,
    ``person=子``, ``thing=蠶`` …; :func:`fact_holds`); empty when the chart's facts cannot
    say (a reading by the hexagram, a condition of the chart), so it is never chosen by them.
    ``chart`` names the state of the chart that chooses it when no fact does
    (:data:`CHART_CASES`; compute.shilei.roles reads it on the chart).
    """

    __slots__ = ("when", "yongshen", "adverse", "see", "passages", "facts", "chart")
    when: str
    yongshen: tuple[str, ...]
    adverse: bool
    see: str | None
    passages: tuple[str, ...]
    facts: tuple[str, ...]
    chart: str

    def __init__(
        self, when: str, yongshen: tuple[str, ...], adverse: bool, see: str | None,
        passages: tuple[str, ...], facts: tuple[str, ...] = (), chart: str = "",
    ) -> None:
        init(self, when, yongshen, adverse, see, passages, facts, chart)


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
                                    "see": a.see, "adverse": a.adverse,
                                    "facts": list(a.facts)}
                                   for a in self.alternatives]
        return out


def _values(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,) if v else ()
    return tuple(v or ())


def _build(row: dict[str, Any]) -> Question:
    alts = tuple(Alternative(a["when"], _values(a.get("yongshen")), bool(a.get("adverse")),
                             a.get("see"), tuple(a.get("passages", ())), tuple(a.get("facts", ())),
                             a.get("chart", ""))
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
        raise InputError("question.not_text", value=key)
    k = key.strip()
    if k in BY_ID:
        return BY_ID[k]
    found = _BY_TEXT.get(k, [])
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError("question.ambiguous", value=k, count=len(found),
                         ids=", ".join(q.id for q in found))
    raise InputError("question.unknown", value=k, first=ALL[0].id, last=ALL[-1].id)


def read_yongshen(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A 用神 given by hand (``yongshen=``): vocabulary values, several joined by ``,`` or ``、``.

    >>> read_yongshen("妻財、應")
    ('妻財', '應')
    >>> read_yongshen("財")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: yongshen '財': expected one of 父母, 兄弟, ...
    """
    parts = SEPARATORS.split(value.strip()) if isinstance(value, str) else list(value)
    out = tuple(_english_key(p) for p in parts if p)
    for p in out:
        if p not in VOCABULARY:
            raise InputError("yongshen.bad", value=p, choices=", ".join(VOCABULARY))
    if not out:
        raise InputError("yongshen.empty", choices=", ".join(VOCABULARY))
    return out


FACT_PAIRS: Final = (("自占", "代占"), ("君占", "臣占"), ("男占", "女占"), ("病久", "病新"),
                     ("未間月", "已間月"), ("已住", "未住"), ("未收", "已收"), ("我訟", "彼訟"),
                     ("出家", "求道"), ("親", "疏"), ("為利", "為名"))
"""The facts about the asking a chart cannot know (judgments.toml [language.fact]), in pairs
of which at most one holds."""

PERSONS: Final = ("父", "母", "長男", "中男", "少男", "長女", "中女", "少女")
"""The 主屬 a ``person=`` fact may name (p111-s1 注)."""


CHART_CASES: Final = ("無妻財", "妻財病", "官鬼靜他爻動", "靜卦", "獨發", "亂動", "非包非動",
                      "伏無")
"""The states of a chart that choose a question's alternative 用神 (editorial/questions.toml
``chart``): no 妻財 line (倘卦無財爻), every 妻財 line injured (財病), the 官鬼 still while other
lines move (以動為鬼), no line moving (卦爻俱靜), one line moving (一爻動而求獨發), two or more
moving (亂動而求用爻之在何宮, p623-s1), a hexagram neither 陰包陽 nor 陽包陰 with no line moving
(非包非動而安靜者, p416-s1; :data:`BAO_GUA`), and the 用神 chosen before it neither 飛 nor 伏
(伏無而求應, p623-s1: read after the 用神 is resolved)."""

BAO_GUA: Final = frozenset(("坎", "大過", "小過", "咸", "恆", "離", "頤", "中孚", "益", "損"))
"""The hexagrams whose yin and yang enclose each other (卦包): 「如坎大過小過咸恆，謂之陰包陽，
離頤中孚益損，謂之陽包陰」 (p417 注)."""


class Kin(Frozen):
    """A row of the 親屬 table (身命章 p350, editorial/questions.toml [[kinship]]): who the person
    asked about is (``who``, Korean), the ``person=`` words that name them, the 用神."""

    __slots__ = ("who", "persons", "yongshen", "passages")
    who: str
    persons: tuple[str, ...]
    yongshen: str
    passages: tuple[str, ...]

    def __init__(self, who: str, persons: tuple[str, ...], yongshen: str,
                 passages: tuple[str, ...]) -> None:
        init(self, who, persons, yongshen, passages)


KIN: Final = tuple(Kin(k["who"], tuple(k.get("person", ())), k["yongshen"], tuple(k["passages"]))
                   for k in KINSHIP)
"""The 親屬 table: the first row is the asker himself (自占, 世), the others name their persons."""

KIN_OF: Final = {p: k for k in KIN for p in k.persons}
"""``person=`` word → its row of the 親屬 table (父 and 母, also 主屬, are 父母 here)."""

OTHER_PERSONS: Final = ("官",)
"""Persons a question's own table names beyond the 親屬 table (仕雖密而用官 p455, 官差用官)."""


def read_facts(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Facts about the asking (``facts=``): names of :data:`FACT_PAIRS`, ``person=長男`` (the
    主屬 of the person asked about), ``thing=業`` (the thing a question covers), ``年=戊子``
    (the year asked, for 大限/小限).

    >>> read_facts("自占、病久、person=長男")
    ('自占', '病久', 'person=長男')
    >>> read_facts("主屬=長男、事=業")  # the keys in the book's words, read as person= thing=
    ('person=長男', 'thing=業')
    >>> read_facts("自占、代占")
    Traceback (most recent call last):
    compute.errors.InputError: facts 自占 and 代占 exclude each other
    >>> read_facts("晴")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    compute.errors.InputError: fact '晴': expected one of 自占, 代占, ...
    """
    parts = SEPARATORS.split(value.strip()) if isinstance(value, str) else list(value)
    out = tuple(_english_key(p) for p in parts if p)
    names = [n for pair in FACT_PAIRS for n in pair]
    for p in out:
        key, eq, val = p.partition("=")
        if eq and key == "person" and (val in PERSONS or val in KIN_OF or val in OTHER_PERSONS):
            continue
        if eq and key == "thing" and val:
            continue
        if eq and key == "年" and val in GANZHI_ZH:
            continue
        if eq and key == "年":
            raise InputError("fact.year", value=p)
        if not eq and p in names:
            continue
        raise InputError("fact.bad", value=p, choices=", ".join(names),
                         persons="、".join((*PERSONS, *KIN_OF, *OTHER_PERSONS)))
    for a, b in FACT_PAIRS:
        if a in out and b in out:
            raise InputError("facts.exclusive", first=a, second=b)
    return out


FACT_KEYS: Final = {"主屬": "person", "事": "thing"}
"""The facts' keys in the book's words (what the Run panel offers): 主屬=長男, 事=業."""


def _english_key(fact: str) -> str:
    key, eq, val = fact.partition("=")
    return f"{FACT_KEYS[key]}={val}" if eq and key in FACT_KEYS else fact


class Asking(Frozen):
    """What a chart was asked, read once: the :class:`Question` (or None), the 用神 given by
    hand (empty: the question's) and the facts about the asking. The chart carries it
    (``chart.asking``); the 筮類's rules read it there, never the text again.

    >>> a = Asking.read("卜雨", None, "自占")
    >>> a.question.id, a.yongshen, a.facts, a.options
    ('shilei-03-q8', (), ('自占',), (('question', 'shilei-03-q8'), ('facts', '自占')))
    >>> a.call("chart('乾', day='甲子')")
    "chart('乾', day='甲子', question='shilei-03-q8', facts='自占')"
    >>> Asking.read(None, None, None) is None
    True
    """

    __slots__ = ("question", "yongshen", "facts", "given")
    question: Question | None
    yongshen: tuple[str, ...]
    facts: tuple[str, ...]
    given: tuple[bool, bool, bool]
    """Which of question, yongshen and facts were given (the chart's options name those)."""

    def __init__(self, question: Question | None, yongshen: tuple[str, ...] = (),
                 facts: tuple[str, ...] = (),
                 given: tuple[bool, bool, bool] = (True, True, True)) -> None:
        init(self, question, yongshen, facts, given)

    @classmethod
    def read(cls, question_key: str | Question | None,
             yongshen: str | tuple[str, ...] | None,
             facts: str | tuple[str, ...] | None) -> Asking | None:
        """The asking of a chart's arguments, each read and checked; None when none is given."""
        if question_key is None and yongshen is None and facts is None:
            return None
        return cls(question(question_key) if question_key is not None else None,
                   read_yongshen(yongshen) if yongshen is not None else (),
                   read_facts(facts) if facts is not None else (),
                   (question_key is not None, yongshen is not None, facts is not None))

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """The chart options it records: ``question`` (the id), ``yongshen``, ``facts``."""
        q, y, f = self.given
        return tuple(pair for pair, on in (
            (("question", self.question.id if self.question else ""), q),
            (("yongshen", "、".join(self.yongshen)), y),
            (("facts", "、".join(self.facts)), f)) if on)

    def call(self, call: str) -> str:
        """*call* (a chart's repr) with the asking's arguments."""
        if not call.endswith(")"):
            return call
        return call[:-1] + "".join(f", {k}={v!r}" for k, v in self.options) + ")"

    def has(self, fact: str) -> bool:
        """Whether *fact* (自占, 病久, person=長男 …) was said about the asking."""
        return fact in self.facts


def fact_holds(fact: str, facts: tuple[str, ...] | set[str] | frozenset[str]) -> bool:
    """Whether an alternative's *fact* holds among the asking's *facts*: the fact itself;
    ``person=*`` for any person of the 親屬 table; ``person=父母`` (the first word of a row of
    the 親屬 table) for any person of that row (``person=父`` asks for a parent).

    >>> fact_holds("女占", ("女占",)), fact_holds("person=父母", ("person=母",))
    (True, True)
    >>> fact_holds("person=母", ("person=父母",)), fact_holds("person=*", ("person=長男",))
    (False, False)
    """
    if fact in facts:
        return True
    key, _, want = fact.partition("=")
    if key != "person":
        return False
    for f in facts:
        k, eq, v = f.partition("=")
        if not eq or k != "person" or v not in KIN_OF:
            continue
        if want == "*" or (KIN_OF.get(want) is KIN_OF[v] and KIN_OF[v].persons[0] == want):
            return True
    return False


def kin(facts: tuple[str, ...] | set[str] | frozenset[str]) -> Kin | None:
    """The row of the 親屬 table the *facts* name: 疏 → the 應 of a stranger (疏用應象), a
    ``person=`` of the table → its row, 自占 → the asker's 世; None when they do not say.

    >>> kin(("person=妻",)).yongshen, kin(("疏",)).yongshen, kin(("自占",)).yongshen
    ('妻財', '應', '世')
    >>> kin(("代占",)) is None
    True
    """
    if "疏" in facts:
        return KIN_OF["他人"]
    for f in facts:
        k, eq, v = f.partition("=")
        if eq and k == "person" and v in KIN_OF:
            return KIN_OF[v]
    if "自占" in facts:
        return KIN[0]
    return None


class Choice(Frozen):
    """The 用神 values chosen for a question by the facts of the asking: ``values`` (the
    question's own, an alternative's, or those of the question it is judged like), ``when``
    (the Korean words of the book's case that chose them; empty: the question's own),
    ``passages`` (the sentences of that case), ``see`` (a chapter judged like, no values),
    ``adverse``."""

    __slots__ = ("values", "when", "passages", "see", "adverse")
    values: tuple[str, ...]
    when: str
    passages: tuple[str, ...]
    see: str | None
    adverse: bool

    def __init__(self, values: tuple[str, ...], when: str, passages: tuple[str, ...],
                 see: str | None, adverse: bool) -> None:
        init(self, values, when, passages, see, adverse)


def choose(q: Question, facts: tuple[str, ...] | set[str] | frozenset[str],
           depth: int = 0) -> Choice:
    """The 用神 of *q* for the asking's *facts*: the first of the book's alternatives one of whose
    facts holds (:func:`fact_holds`), else the question's own; an alternative that says the
    question is judged like another (``see``) takes that question's choice.

    >>> q = question("shilei-10-q14")
    >>> choose(q, ("女占",)).values, choose(q, ("女占",)).when
    (('官鬼',), '여자 쪽(신랑)을 점칠 때(女占男姻)')
    >>> choose(q, ()).values, choose(q, ()).when
    (('妻財', '官鬼'), '')
    >>> choose(question("shilei-05-q4"), ("person=子",)).values
    ('子孫',)
    """
    for a in q.alternatives:
        if a.chart or not any(fact_holds(f, facts) for f in a.facts):
            continue            # an alternative with a ``chart`` is the chart's to choose
        if a.see is not None and a.see in BY_ID and depth < 3:
            inner = choose(BY_ID[a.see], facts, depth + 1)
            return Choice(inner.values, a.when, a.passages + inner.passages, inner.see,
                          inner.adverse)
        if a.see is not None:
            return Choice((), a.when, a.passages, a.see, a.adverse)
        return Choice(a.yongshen, a.when, a.passages, None, a.adverse)
    return Choice(q.yongshen, "", (), None, q.adverse)


def depends_on_facts(q: Question) -> bool:
    """Whether the facts of the asking can change the 用神 of *q*: an alternative chosen by a
    fact, or 親屬 among its values (resolved by the 親屬 table).

    >>> depends_on_facts(question("shilei-10-q14")), depends_on_facts(question("shilei-03-q2"))
    (True, False)
    """
    return any(a.facts for a in q.alternatives) or "親屬" in q.yongshen


def depends_on_chart(q: Question) -> bool:
    """Whether the state of the chart can change which of the book's 用神 *q* takes: an
    alternative with a ``chart`` (:data:`CHART_CASES`). (Which line of a 六親 plays it is the
    chart's on every question: 兩現, 舍飛從伏 — :mod:`compute.shilei.roles`.)

    >>> depends_on_chart(question("shilei-17-q3")), depends_on_chart(question("shilei-11-q6"))
    (True, True)
    >>> depends_on_chart(question("shilei-14-q5"))      # 養病: 世
    False
    """
    return any(a.chart for a in q.alternatives)


def kinship() -> tuple[tuple[str, str], ...]:
    """The 親屬 table (身命章 p350): (who, 用神).

    >>> kinship()[0]
    ('스스로 물을 때(自占)', '世')
    """
    return tuple((k["who"], k["yongshen"]) for k in KINSHIP)


__all__ = ["ALL", "BAO_GUA", "BY_ID", "CHART_CASES", "FACT_PAIRS", "KIN", "KIN_OF",
           "OTHER_PERSONS", "PERSONS", "Alternative", "Asking", "Choice", "Kin", "Question",
           "choose", "depends_on_chart", "depends_on_facts", "fact_holds", "kin", "kinship",
           "question", "read_facts", "read_yongshen"]
