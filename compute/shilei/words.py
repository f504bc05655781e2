"""The words of the condition language (:mod:`compute.shilei.condition`), each defined once: what
it means and the passages it rests on come from editorial/judgments.toml's [language] tables
(compiled by tools/shilei_data.py into :data:`compute.shilei.words_data.LANGUAGE`, their one
home); what computes it is here, and :class:`compute.shilei.evaluator.Evaluator` looks every
selector, predicate and relation up in :data:`WORDS` instead of testing names one by one.

>>> WORDS["selector"]["飛伏用"].passages
('p446-s1',)
>>> w = WORDS["predicate"]["四病"]
>>> w.word, w.passages, w.meaning[:16]
('四病', ('p427-s1', 'p331-s2'), '空 or 破 or 散 or 絕')
>>> sorted(WORDS)
['predicate', 'relation', 'selector']
"""

from __future__ import annotations

import re

from compute.book.changsheng import BRANCH_PHASE_INT as _BRANCH_PHASE
from compute.book.changsheng import acts
from compute.book.liuqin import RELATIVE_OF_SHORT as REL_SEL
from compute.engine.context import CLASH
from compute.errors import InputError
from compute.lifa.hechong import LIUHE as LIUHE6
from compute.shilei.condition import UNKNOWN, Item, Result, Tri, Unknown, parse
from compute.shilei.words_data import LANGUAGE
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Final

    from compute.shilei.evaluator import Evaluator

    ItemTest = Callable[[Evaluator, Item], Tri | Result]


class Word(Frozen):
    """A word of the language: its ``table`` (selector, predicate, relation), its ``meaning``
    (judgments.toml), the compute ``rules`` it rests on (:data:`BASIS`), and what computes it:
    ``pick`` for a selector (the items it picks), ``item`` for a predicate on one item (in
    ``P(S)``, ``S[P]``, ``all(P, S)``), ``value`` for a predicate with a value (``六神=青龍``),
    ``args`` for a word applied to selectors as a whole (relations, ``無(R)``, ``在(S)``)."""

    __slots__ = ("word", "table", "meaning", "rules", "pick", "item", "value", "args")
    word: str
    table: str
    meaning: str
    rules: tuple[str, ...]
    pick: Any
    item: Any
    value: Any
    args: Any

    def __init__(self, word: str, table: str, pick: Any = None, item: Any = None,
                 value: Any = None, args: Any = None) -> None:
        init(self, word, table, LANGUAGE.get(table, {}).get(word, ""), BASIS.get(word, ()),
             pick, item, value, args)

    @property
    def passages(self) -> tuple[str, ...]:
        """The passages the word rests on: those its meaning cites, then its rules' (the
        registry's), once each.

        >>> WORDS["predicate"]["暗動"].passages
        ('p165-s1', 'p165-s2', 'p165-s3')
        """
        from compute.registry import get

        found = [*passages_of(self.meaning), *(p for r in self.rules for p in get(r).passages)]
        return tuple(dict.fromkeys(found))


BASIS: Final[dict[str, tuple[str, ...]]] = {
    # selectors
    "用": ("yongshen-source", "liangxian", "fu-shen", "fu-chu"), "元": ("yuan-ji-chou",),
    "忌": ("yuan-ji-chou",), "仇": ("yuan-ji-chou",), "世": ("shi-ying",), "應": ("shi-ying",),
    "間": ("jianyao",), "身": ("guashen",), "世身": ("shishen",), "父": ("liuqin",),
    "兄": ("liuqin",), "子": ("liuqin",), "財": ("liuqin",), "官": ("liuqin",),
    **dict.fromkeys(("爻1", "爻2", "爻3", "爻4", "爻5", "爻6", "內", "外"), ("yaowei",)),
    "動爻": ("dongyao",), "靜爻": ("dongyao",), "伏": ("fu-shen",), "變": ("bian-hua",),
    "日": ("richen",), "月": ("yuejian",), "歲": ("taisui",), "時": ("shichen",),
    "限": ("daxian", "xiaoxian"), "命": ("suimu",),
    # predicates
    "動": ("dongyao",), "靜": ("dongyao",), "暗動": ("andong",), "暗破": ("richong-4",),
    "散": ("richong-4",), "實": ("xunkong-13",), "空": ("xunkong-13",), "旬空": ("xunkong",),
    "void": ("xunkong-13",), "破": ("yuepo",),
    **dict.fromkeys(("絕", "墓", "長生", "帝旺", "臨官", "胎", "養"), ("changsheng-12",)),
    "月絕": ("changsheng-12", "shengjue-source"), "月長生": ("changsheng-12", "shengjue-source"),
    "旺相": ("wangshuai-method",), "休囚": ("wangshuai-method",), "臨日": ("richen",),
    "臨月": ("yuejian",), "臨歲": ("taisui",), "臨日月": ("riyue-quan",),
    "日月生扶": ("riyue-quan",), "有援": ("juechu-fengsheng",), "受傷": ("riyue-quan",),
    "化進": ("jinshen-tuishen",), "化退": ("jinshen-tuishen",),
    **dict.fromkeys(("化生", "化克", "化鬼", "化子", "化財", "化父", "化兄"), ("bian-hua",)),
    **dict.fromkeys(("化墓", "化絕", "化長生"), ("bian-hua", "changsheng-12")),
    "化空": ("bian-hua", "xunkong-13"), "化破": ("bian-hua", "yuepo"),
    "化沖": ("bian-hua", "yao-chong-5"), "化合": ("bian-hua", "liuhe"), "grade": ("yongshen-18",),
    "無": ("fu-shen",), "伏藏": ("fu-shen", "fu-chu"), "兩現": ("liangxian",),
    "升": ("shengjiang",), "降": ("shengjiang",), "陽": ("coin-line",), "陰": ("coin-line",),
    "六神": ("liushen-day",), "星": ("shensha-general",), "隨墓": ("suimu",),
    "獨發": ("dufa-dujing",), "獨靜": ("dufa-dujing",),
    # relations
    "生": ("liuqin-dong-shengke",), "克": ("liuqin-dong-shengke",), "比": ("liuqin",),
    "沖": ("yao-chong-5",), "合": ("liuhe",), "克世": ("shi-ying-shengke",),
    "生世": ("shi-ying-shengke",), "沖世": ("yao-chong-5",), "合世": ("liuhe",),
    "克應": ("shi-ying-shengke",), "生應": ("shi-ying-shengke",), "克用": ("yuan-ji-chou",),
    "生用": ("yuan-ji-chou",),
}
"""The compute rules (registry ids) each word rests on, where its meaning cites no passage of
its own or the rule says more: 暗動 is the 暗動 of ``andong`` (p165)."""


_PASSAGE = re.compile(r"\bp\d{3}(?:-s\d+)?")


def passages_of(meaning: str) -> tuple[str, ...]:
    """The passage ids a meaning cites, once each, in order.

    >>> passages_of("空 or 破 (p427-s1 注; p156–p159; p427-s1)")
    ('p427-s1', 'p156', 'p159')
    """
    return tuple(dict.fromkeys(_PASSAGE.findall(meaning)))


# ------------------------------------------------------------------ selectors


def _lines(ev: Evaluator, positions: Any) -> list[Item]:
    return [ev.line(p) for p in positions]


def _yong(ev: Evaluator) -> list[Item]:
    r = ev.r
    if r is None or (not r.yong and not r.absent):
        raise Unknown("用")
    return [ev.line(a.position) if not a.hidden else
            next(x for x in ev.hidden_items() if x.pos == a.position) for a in r.yong]


def _all_yong(name: str) -> Callable[[Evaluator], list[Item]]:
    """諸用 and 飛伏用: every appearance of the 用神's 六親 (飛伏用 without the changed lines,
    p446-s1)."""

    def pick(ev: Evaluator) -> list[Item]:
        rel = ev.role_rel("用")
        if rel is None:
            raise Unknown(name)
        out = ev.rel_lines(rel) + [x for x in ev.hidden_items() if ev.relative_of(x) == rel]
        if name == "諸用":
            out += [y for p in ev.chart.moving if (y := ev.changed_of(ev.line(p)))
                    and ev.relative_of(y) == rel]
        return out + [x for x in (ev.pillar("日"), ev.pillar("月")) if ev.relative_of(x) == rel]

    return pick


def _role(name: str) -> Callable[[Evaluator], list[Item]]:
    def pick(ev: Evaluator) -> list[Item]:
        rel = ev.role_rel(name)
        return ev.rel_lines(rel) if rel else []

    return pick


def _between(ev: Evaluator) -> list[Item]:
    lo, hi = sorted((ev.h.shi, ev.h.ying))
    return _lines(ev, range(lo + 1, hi))


def _ming(ev: Evaluator) -> list[Item]:
    b = ev.chart.birth
    if b is None:
        raise Unknown("命")
    mb = int(getattr(b, "branch", b))
    return [ev.line(ln.position) for ln in ev.h.lines if int(ln.branch) == mb]


def _changed_lines(ev: Evaluator, items: list[Item]) -> list[Item]:
    return [y for x in items if (y := ev.changed_of(x)) is not None]


def _selectors() -> dict[str, Word]:
    s: dict[str, Any] = {
        "用": _yong, "諸用": _all_yong("諸用"), "飛伏用": _all_yong("飛伏用"),
        "元": _role("元"), "忌": _role("忌"), "仇": _role("仇"),
        "世": lambda ev: [ev.line(ev.h.shi)], "應": lambda ev: [ev.line(ev.h.ying)],
        "間": _between, "身": lambda ev: _lines(ev, ev.h.guashen_lines),
        "世身": lambda ev: [ev.line(ev.h.shishen)],
        "內": lambda ev: _lines(ev, (1, 2, 3)), "外": lambda ev: _lines(ev, (4, 5, 6)),
        "命": _ming, "動爻": lambda ev: _lines(ev, ev.chart.moving),
        "靜爻": lambda ev: [ev.line(p) for p in range(1, 7) if p not in ev.chart.moving],
        "伏": lambda ev: ev.hidden_items(),
        "變": lambda ev: _changed_lines(ev, _lines(ev, ev.chart.moving)),
        "日": lambda ev: [ev.pillar("日")], "月": lambda ev: [ev.pillar("月")],
        "歲": lambda ev: [ev.pillar("歲")], "時": lambda ev: [ev.pillar("時")],
        "限": lambda ev: ev.xian(),
    }
    for short, rel in REL_SEL.items():
        s[short] = lambda ev, rel=rel: ev.rel_lines(rel)
    for k in range(1, 7):
        s[f"爻{k}"] = lambda ev, k=k: [ev.line(k)]
    return {w: Word(w, "selector", pick=f) for w, f in s.items()}


# ------------------------------------------------------------------ predicates on one item


def _day_clash(ev: Evaluator, it: Item) -> Any:
    return (ev.state(it).get("day_clash") or {}).get("effect")


def _filled(ev: Evaluator, it: Item) -> bool:
    return _day_clash(ev, it) in ("填實", "半實") or ev.state(it).get("void") in ("填實", "半實")


def _on_year(ev: Evaluator, it: Item) -> Tri:
    if ev.chart.year is None:
        return None
    return it.branch == int(ev.chart.year.branch)


def _ill(ev: Evaluator, it: Item) -> bool:
    """疾: 休囚 or 受傷 or 化退 (p331-s2 注)."""
    return (not ev.strong(it)) or (ev.hurt(it) and not ev.helped(it)) or \
        ev.state(it).get("jintui") in ("退神", "實退")


def _suimu(ev: Evaluator, it: Item) -> bool:
    if ev.relative_of(it) != "官鬼":
        return False
    if ev.stage(it, ev.day) == "墓":
        return True
    ch = ev.changed_of(it)
    return ch is not None and ev.stage(it, ch.branch) == "墓"


def _yang(want: bool) -> ItemTest:
    return lambda ev, it: it.kind == "line" and ev.h.line(it.pos).yang == want


def _state_in(key: str, values: tuple[str, ...]) -> ItemTest:
    return lambda ev, it: ev.state(it).get(key) in values


def _stage(name: str, month: bool = False) -> ItemTest:
    if month:
        return lambda ev, it: ev.stage(it, ev.month) == name
    return lambda ev, it: ev.stage(it, ev.day) == name


def _hua(test: Callable[[Evaluator, Item, Item], bool]) -> ItemTest:
    """A 化 predicate: *test* on the moving item and the line it changes into (False when the
    item does not move)."""

    def one(ev: Evaluator, it: Item) -> bool:
        ch = ev.changed_of(it)
        return ch is not None and test(ev, it, ch)

    return one


def _hua_words() -> dict[str, ItemTest]:
    out: dict[str, ItemTest] = {
        "化生": _hua(lambda ev, it, ch: acts(ch.phase, it.phase) == "生"),
        "化克": _hua(lambda ev, it, ch: acts(ch.phase, it.phase) == "克"),
        "化空": _hua(lambda ev, it, ch: ev.void(ch.branch)),
        "化破": _hua(lambda ev, it, ch: ev.broken(ch.branch)),
        "化沖": _hua(lambda ev, it, ch: CLASH[ch.branch] == it.branch),
        "化合": _hua(lambda ev, it, ch: LIUHE6[ch.branch] == it.branch),
    }
    for stage in ("墓", "絕", "長生"):
        out["化" + stage] = _hua(lambda ev, it, ch, s=stage: ev.stage(it, ch.branch) == s)
    for short in ("鬼", "子", "財", "父", "兄"):
        rel = REL_SEL["官" if short == "鬼" else short]
        out["化" + short] = _hua(lambda ev, it, ch, r=rel: ev.relative_of(ch) == r)
    return out


def _item_predicates() -> dict[str, ItemTest]:
    p: dict[str, ItemTest] = {
        "在": lambda ev, it: True, "動": lambda ev, it: ev.moving(it),
        "靜": lambda ev, it: it.kind == "line" and not ev.moving(it),
        "暗動": lambda ev, it: _day_clash(ev, it) == "暗動",
        "暗破": lambda ev, it: _day_clash(ev, it) == "暗破",
        "實": _filled, "散": lambda ev, it: ev.scattered(it), "空": lambda ev, it: ev.empty(it),
        "旬空": lambda ev, it: ev.void(it.branch), "破": lambda ev, it: ev.is_broken(it),
        "絕": lambda ev, it: ev.jue(it),
        "月絕": _stage("絕", month=True), "月長生": _stage("長生", month=True),
        "旺相": lambda ev, it: ev.strong(it), "休囚": lambda ev, it: not ev.strong(it),
        "臨日": lambda ev, it: it.branch == ev.day, "臨月": lambda ev, it: it.branch == ev.month,
        "臨歲": _on_year, "臨日月": lambda ev, it: it.branch in (ev.day, ev.month),
        "四病": lambda ev, it: ev.empty(it) or ev.is_broken(it) or ev.scattered(it) or
        ev.jue(it),
        "有援": lambda ev, it: ev.helped(it),
        "受傷": lambda ev, it: ev.hurt(it) and not ev.helped(it), "疾": _ill,
        "日月生扶": lambda ev, it: any(acts(_BRANCH_PHASE[b], it.phase) in ("生", "比")
                                   for b in (ev.day, ev.month)),
        "化進": _state_in("jintui", ("進神", "大進")),
        "化退": _state_in("jintui", ("退神", "實退")),
        "升": _state_in("shengjiang", ("升", "真升")),
        "降": _state_in("shengjiang", ("降", "真降")),
        "陽": _yang(True), "陰": _yang(False), "隨墓": _suimu,
        "獨發": lambda ev, it: ev.chart.moving == (it.pos,),
        "獨靜": lambda ev, it: len(ev.chart.moving) == 5 and it.pos not in ev.chart.moving,
    }
    for stage in ("墓", "長生", "帝旺", "臨官", "胎", "養"):
        p[stage] = _stage(stage)
    p.update(_hua_words())
    return p


def _spirit(ev: Evaluator, it: Item, value: str) -> bool:
    return it.kind == "line" and str(ev.h.line(it.pos).spirit) == value


def _grade(ev: Evaluator, it: Item, value: str) -> bool:
    g = ev.state(it).get("grade") or {}
    return str(g.get("n")) == value or g.get("name") == value


_VALUED: Final = {
    "六神": _spirit, "星": lambda ev, it, v: v in (ev.state(it).get("shensha") or ()),
    "grade": _grade, "void": lambda ev, it, v: ev.state(it).get("void") == v,
}
"""The predicates with a value (``P=V``)."""


# ------------------------------------------------------------------ words on whole selectors


def _relative(ev: Evaluator, name: str, sel: Any) -> str | None:
    """The 六親 of 無(R), 有(R) …: R's own, or by the roles for 用 元 忌 仇 (None: the roles
    are unknown)."""
    key = sel[1] if sel[0] == "sel" else ""
    if key in ("用", "元", "忌", "仇"):
        return ev.role_rel(key)
    rel = REL_SEL.get(key, "")
    if not rel:
        raise InputError("condition.relative_selector", name=name, key=key)
    return rel


def _of_relative(name: str) -> Callable[[Evaluator, tuple[Any, ...]], Result]:
    """無 伏藏 有 兩現: the visible (or hidden) lines of a 六親."""

    def run(ev: Evaluator, args: tuple[Any, ...]) -> Result:
        rel = _relative(ev, name, args[0])
        if rel is None:
            return UNKNOWN
        vis = ev.rel_lines(rel)
        if name == "無":
            return Result(not vis)
        if name == "兩現":
            return Result(len(vis) >= 2, frozenset(x.pos for x in vis))
        if name == "伏藏":
            hid = frozenset(x.pos for x in ev.hidden_items() if ev.relative_of(x) == rel)
            return Result(not vis and bool(hid), hid)
        on = any(ev.relative_of(x) == rel for x in (ev.pillar("日"), ev.pillar("月")))
        return Result(bool(vis) or on, frozenset(x.pos for x in vis))

    return run


def _there(ev: Evaluator, args: tuple[Any, ...]) -> Result:
    items = ev.select(args[0])
    return Result(bool(items), frozenset(x.pos for x in items if x.pos))


def _seen_on(ev: Evaluator, args: tuple[Any, ...]) -> Result:
    xs, ds = ev.select(args[0]), ev.select(args[1])
    return Result(any(x.stem is not None and x.branch == d.branch and x.stem == d.stem
                      for x in xs for d in ds))


_WHOLE: Final = {"無": _of_relative("無"), "伏藏": _of_relative("伏藏"),
                 "有": _of_relative("有"), "兩現": _of_relative("兩現"), "在": _there,
                 "當見": _seen_on}
"""The predicates on selectors as a whole."""


def _predicates() -> dict[str, Word]:
    one = _item_predicates()
    names = dict.fromkeys([*one, *_VALUED, *_WHOLE])
    return {w: Word(w, "predicate", item=one.get(w), value=_VALUED.get(w), args=_WHOLE.get(w))
            for w in names}


_TESTS: Final = {
    "生": lambda x, y: acts(x.phase, y.phase) == "生",
    "克": lambda x, y: acts(x.phase, y.phase) == "克",
    "比": lambda x, y: x.phase == y.phase,
    "沖": lambda x, y: CLASH[x.branch] == y.branch,
    "合": lambda x, y: LIUHE6[x.branch] == y.branch,
}
"""The five relations between two items (by element or by branch)."""


def related(how: str, a: list[Item], b: list[Item]) -> Result:
    """*how* (生 克 比 沖 合) from some item of *a* to some other item of *b*, and the lines.

    >>> x, y = Item("line", 1, 0), Item("line", 2, 6)       # 子 on line 1, 午 on line 2
    >>> related("沖", [x], [y]), related("克", [x], [y]).value, related("合", [x], [y]).value
    (Result(value=True, lines=frozenset({1, 2})), True, False)
    """
    test = _TESTS[how]
    hits: set[int] = set()
    ok = False
    for x in a:
        for y in b:
            if x != y and test(x, y):
                ok = True
                hits |= {p for p in (x.pos, y.pos) if p}
    return Result(ok, frozenset(hits))


def _binary(how: str) -> Callable[[Evaluator, tuple[Any, ...]], Result]:
    def run(ev: Evaluator, args: tuple[Any, ...]) -> Result:
        if len(args) != 2:
            raise InputError("condition.relation", value=f"{how}/{len(args)}")
        return related(how, ev.select(args[0]), ev.select(args[1]))

    return run


def _toward(how: str, target: str) -> Callable[[Evaluator, tuple[Any, ...]], Result]:
    """克世(x) := 克(x, 世) and the like."""
    return lambda ev, args: related(how, ev.select(args[0]), ev.named(target))


def _relations() -> dict[str, Word]:
    r: dict[str, Any] = {how: _binary(how) for how in _TESTS}
    for word in ("克世", "生世", "沖世", "合世", "克用", "生用", "克應", "生應"):
        r[word] = _toward(word[0], word[1])
    return {w: Word(w, "relation", args=f) for w, f in r.items()}


WORDS: Final[dict[str, dict[str, Word]]] = {
    "selector": _selectors(), "predicate": _predicates(), "relation": _relations()}
"""Every selector, predicate and relation of the language: table → word → :class:`Word`."""


# ------------------------------------------------------------------ the other forms, and the check

HEXAGRAM_WORDS: Final = ("貞沖", "六沖", "悔沖", "合沖", "三沖", "六合", "化合", "游魂", "歸魂",
                         "八純", "亂動", "靜卦", "反吟", "伏吟", "卦墓絕", "反伏墓絕")
"""The bare words on the whole hexagram ([language.hexagram]; Evaluator.hexagram_fact)."""

FACT_WORDS: Final = ("自占", "代占", "君占", "臣占", "男占", "女占", "病久", "病新", "未間月",
                     "已間月", "已住", "未住", "未收", "已收", "我訟", "彼訟", "出家", "求道",
                     "親", "疏", "為利", "為名")
"""The facts about the asking ([language.fact]; compute.book.questions.FACT_PAIRS)."""

FORMS: Final[dict[str, frozenset[str]]] = {
    "name": frozenset(("true", *HEXAGRAM_WORDS, *FACT_WORDS, "隨墓", "助傷", "zhushang", "動爻",
                       "dufa-dujing", "guayan-precedence", "houshi", "guayi-table")),
    "call": frozenset(("反伏墓絕", "卦空破", "juechu-fengsheng")),
    "eq": frozenset(("topic", "thing", "宮", "內卦", "外卦", *_VALUED)),
    "in": frozenset(("卦候", "卦", "變卦", "宮", "內卦", "外卦")),
    "rule": frozenset(("suimu", "隨墓", "shi-ying-ji-10", "guayi-table")),
}
"""The words of the forms the three tables do not hold (a bare word ``三沖``, a hexagram or rule
word applied ``卦空破(內)``, ``W=V``, ``W ∈ {…}``, ``rule[kind]``), as the evaluator reads them."""

VALUES: Final = frozenset("子丑寅卯辰巳午未申酉戌亥金木水火土") | {"person"}
"""Selectors by their own names: a branch, an element (its lines), the person of 反伏墓絕."""


def accepted(kind: str) -> frozenset[str]:
    """The words compute reads in a syntax node of *kind* (condition.parse's node kinds).

    >>> sorted(accepted("in"))
    ['內卦', '卦', '卦候', '外卦', '宮', '變卦']
    >>> "旺相" in accepted("call") and "克世" in accepted("call") and "用" in accepted("sel")
    True
    >>> "六神" in accepted("call"), "六神" in accepted("eqpred")   # 六神=青龍, never 六神(用)
    (False, True)
    """
    sel, pred, rel = WORDS["selector"], WORDS["predicate"], WORDS["relation"]
    if kind == "sel":
        return frozenset(sel) | VALUES
    if kind == "pred":
        return frozenset(w for w, x in pred.items() if x.item is not None)
    if kind == "eqpred":
        return frozenset(w for w, x in pred.items() if x.value is not None)
    if kind == "call":
        return frozenset(rel) | FORMS["call"] | frozenset(
            w for w, x in pred.items() if x.item is not None or x.args is not None)
    return FORMS.get(kind, frozenset())


def words_of(node: Any) -> list[tuple[str, str]]:
    """The (node kind, word) pairs of a parsed condition, in order, once each.

    >>> words_of(parse("克世(伏∩官) and not 三沖"))
    [('call', '克世'), ('sel', '伏'), ('sel', '官'), ('name', '三沖')]
    """
    out: dict[tuple[str, str], None] = {}
    if isinstance(node, tuple):
        if len(node) > 1 and isinstance(node[1], str) and (node[0] in FORMS or node[0] in (
                "sel", "pred", "eqpred")):
            out[(node[0], node[1])] = None
        for x in node:
            out.update(dict.fromkeys(words_of(x)))
    return list(out)


def condition_sources(judgments: Any, yingqi: Any, terms: Any) -> dict[str, str]:
    """Every condition text of the book's judgments (with their outcomes), 應期 rules and 應期
    terms (``terms``: compute.shilei.yingqi.TERMS), each with the first id that writes it.

    >>> condition_sources([{"id": "j1", "condition": "動(用)"}], [{"id": "y1", "when": "true"}],
    ...                   {"y1": (("靜(用)", "沖", "用"),)})["在(用)"]
    'yingqi.toml y1'
    >>> condition_sources([{"id": "j1", "condition": "true",
    ...                     "outcome": [{"condition": "動(用)"}]}], [], {})["動(用)"]
    'judgments.toml j1'
    """
    out: dict[str, str] = {}
    for j in judgments:
        for text in (j["condition"], *(o["condition"] for o in j.get("outcomes",
                                                                   j.get("outcome", ())))):
            out.setdefault(text, f"judgments.toml {j['id']}")
    for y in yingqi:
        where = f"yingqi.toml {y['id']}"
        out.setdefault(y["when"], where)
        for cond, _, sel in terms.get(y["id"], ()):
            out.setdefault(cond, where)
            out.setdefault(f"在({sel})", where)
    return out


def unknown_word(sources: dict[str, str]) -> str | None:
    """One line on the first word of a condition compute does not read (the word, the id of the
    judgment or 應期 rule that writes it, the words accepted there); None when there is none.

    >>> print(unknown_word({"旺盛(官)": "shilei-x"}))  # doctest: +ELLIPSIS
    shilei-x: unknown word '旺盛' in condition '旺盛(官)'; accepted here: ... 旺相 ...
    >>> unknown_word({"旺相(官) and 三沖": "shilei-x"}) is None
    True
    """
    for text, where in sources.items():
        try:
            tree = parse(text)
        except InputError as exc:
            return f"{where}: condition {text!r} cannot be read: {exc}"
        for kind, word in words_of(tree):
            ok = accepted(kind)
            if word not in ok:
                return (f"{where}: unknown word {word!r} in condition {text!r}; accepted here: "
                        + " ".join(sorted(ok)))
    return None


def table_mismatch(language: dict[str, dict[str, str]]) -> str | None:
    """One line when judgments.toml's [language] tables (their one home of the words' meanings)
    and what compute reads disagree; None when they agree. The selector, predicate and relation
    tables hold exactly the words of :data:`WORDS`; every word of the other forms (:data:`FORMS`)
    is defined in some table, and every word of the hexagram, rule and fact tables is read.

    >>> table_mismatch(LANGUAGE) is None
    True
    >>> table_mismatch({**LANGUAGE, "relation": {"生": "…"}})  # doctest: +ELLIPSIS
    "judgments.toml [language.relation] does not define '克', which compute.shilei.words ..."
    >>> table_mismatch({**LANGUAGE, "rule": {**LANGUAGE["rule"], "bazi": "…"}})
    "judgments.toml [language.rule]: 'bazi' is read nowhere in compute.shilei.words"
    """
    for table, words in WORDS.items():
        defined = language.get(table, {})
        missing = next((w for w in words if w not in defined), None)
        if missing is not None:
            return (f"judgments.toml [language.{table}] does not define {missing!r}, which "
                    "compute.shilei.words computes")
        extra = next((w for w in defined if w not in words), None)
        if extra is not None:
            return f"judgments.toml [language.{table}]: {extra!r} is computed nowhere"
    anywhere = set().union(*language.values())
    for w in sorted(set().union(*FORMS.values()) - anywhere):
        return f"judgments.toml [language]: no table defines {w!r}, which compute reads"
    read = set().union(*FORMS.values(), VALUES, *WORDS.values())
    for table in ("hexagram", "rule", "fact"):
        for w in language.get(table, {}):
            if w not in read:
                return f"judgments.toml [language.{table}]: {w!r} is read nowhere in " \
                    "compute.shilei.words"
    return None


__all__ = ["FORMS", "WORDS", "Word", "accepted", "condition_sources", "passages_of", "related",
           "table_mismatch", "unknown_word", "words_of"]
