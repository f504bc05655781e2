"""應期: when the thing asked comes — the book's timing rules (editorial/yingqi.toml) computed
on a chart asked a question (issue 10, stage 2).

Each rule has a condition in the judgments' language (``when``) and names branches by timing
terms on lines (值 the line's branch, 沖, 合, 長生 … of its element, 當見 its whole pillar, 三合
the missing members of its 局, 出旬 the next 旬's first day). The general rules (stated in
the 立法 chapters, 刻期 p294 …) apply to every question; a chapter's own rule only to the
questions its sentence is about (yingqi.toml ``questions``: 「如問危時」 answers 危時, not
症候). One finding per rule that applies, naming the branches (days, months or years as the
rule's unit says; ``question``: in the unit the question is asked in); :func:`answer` commits
to one: the first name and at most two alternatives (the first finding carries it), and the
verdict of the explained chart reads it.

>>> from compute.engine.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌", question="囤積")
>>> for f in c.findings:
...     if f.rule == "yingqi":
...         print(dict(f.data)["spec"], [(n["term"], n["value"]) for n in dict(f.data)["names"]])
yingqi-cai-dang-ri-yue [('值', '寅'), ('帝旺', '卯'), ('臨官', '寅')]
yingqi-shuai-fu [('臨官', '寅')]
yingqi-du-fa [('當見', '丁亥'), ('值', '亥'), ('合', '寅')]
yingqi-dang-jian [('當見', '戊寅')]

(囤積: the 財 rule of 理財章 first, the chapter's own sentence; then the 立法's method: 用 妻財
寅, 休 in 午月, helped by the moving 亥 — 衰遇扶: its 臨官 寅; 亥 moves alone — 獨發: 丁亥,
亥, its 合 寅; the 用's pillar 戊寅. The first name, 寅, is the answer; ``rank`` orders them.)
"""

from __future__ import annotations

from collections.abc import Iterator

from compute.book.changsheng import BRANCH_PHASE_INT as _BRANCH_PHASE
from compute.book.changsheng import acts, stage, stage_at
from compute.book.ganzhi import BRANCH_ZH, STEM_ZH, GanZhi
from compute.engine.context import CLASH
from compute.errors import InputError
from compute.lifa.hechong import LIUHE as LIUHE6
from compute.registry import Finding, rule
from compute.shilei.condition import Item, Unknown, tree
from compute.shilei.daxian import daxian
from compute.shilei.evaluator import Evaluator
from compute.shilei.judge import applies as applies_judgment
from compute.shilei.judge import judge
from compute.shilei.judgments_data import JUDGMENTS, YINGQI
from compute.shilei.quyong import asked, finding, was_asked
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart

    Timed = tuple[dict[str, Any], list[tuple[str, str]], set[int]]
    """(rule, [(term, branch or pillar)], lines): one 應期 rule that applies and holds."""

SANHE: Final = {4: (8, 0, 4), 0: (11, 3, 7), 1: (2, 6, 10), 3: (5, 9, 1)}
"""三合局 by element index (木 0 火 1 土 2 金 3 水 4): 申子辰 水, 亥卯未 木, 寅午戌 火, 巳酉丑 金
(土 has none)."""

TERMS: Final[dict[str, tuple[tuple[str, str, str], ...]]] = {
    # spec id: ((condition on the chart, timing term, selector), …) — tried all
    "yingqi-wu-yong-zhi": (("true", "值", "用"),),
    "yingqi-ji-dong-tian-yong": (("true", "值", "用"),),
    "yingqi-kong-chong-tian": (("true", "沖", "用"), ("true", "值", "用"),
                               ("true", "出旬", "用")),
    "yingqi-wang-mu": (("true", "墓", "用"),),
    "yingqi-jue-sheng": (("true", "長生", "用"),),
    "yingqi-shuai-fu": (("true", "臨官", "用"),),
    "yingqi-du-fa": (("獨發(動爻)", "當見", "動爻"), ("獨發(動爻)", "值", "動爻"),
                     ("獨發(動爻)", "合", "動爻"), ("獨靜(靜爻)", "當見", "靜爻"),
                     ("獨靜(靜爻)", "值", "靜爻"), ("獨靜(靜爻)", "沖", "靜爻")),
    "yingqi-dang-jian": (("true", "當見", "用"),),
    "yingqi-yu-qi": (("有(父)", "長生", "父"), ("有(父)", "生", "父"), ("有(父)", "沖", "父"),
                     ("無(父)", "值", "伏∩父")),
    "yingqi-qing-ri": (("true", "當見", "子"),),
    "yingqi-po-bu": (("true", "值", "用"),),
    "yingqi-mu-chong": (("true", "沖墓", "用"),),
    "yingqi-jing-chong-dong-he": (("動(用)", "三合", "用"), ("暗動(用)", "合", "用"),
                                  ("靜(用) and not 暗動(用)", "沖", "用")),
    "yingqi-san-he": (("動(用)", "三合", "用"), ("動(忌)", "三合", "忌")),
    "yingqi-shen-he": (("true", "合", "身"), ("空(應)", "值", "應"), ("空(世)", "值", "世")),
    "yingqi-wei-shi": (("none(在, 父∩用)", "值", "官"), ("動(忌) and 動(仇) and (伏藏(用) or "
                                                       "空(用))", "值", "用"),
                       ("破(用)", "值", "月"), ("暗破(用) or 散(用) or 絕(用)", "值", "日"),
                       ("true", "克", "用"), ("true", "絕", "用"), ("true", "沖", "元")),
    "yingqi-an-ri": (("休囚(用)", "生", "用"), ("空(用)", "值", "用"), ("空(用)", "沖", "用"),
                     ("墓(用)", "沖墓", "用"), ("伏藏(用)", "值", "用"), ("在(官)", "克", "官"),
                     ("在(子)", "值", "子")),
    "yingqi-chan-qi": (("三沖 or 破(子) or 在(動爻[六神=白虎])", "值", "日"),
                       ("true", "胎", "世"), ("true", "養", "世"), ("在(子)", "長生", "子"),
                       ("無(子)", "值", "伏∩子"), ("空(子)", "沖", "子"), ("破(子)", "值", "子"),
                       ("墓(子)", "沖墓", "子")),
    "yingqi-de-zi-nian": (("在(子)", "胎", "子"), ("在(子)", "養", "子"), ("在(子)", "長生", "子"),
                          ("伏藏(子)", "長生", "伏∩子")),
    "yingqi-gui-zhi": (("臨日月(官)", "值", "官"), ("在(官) and not 臨日月(官)", "值", "官"),
                       ("在(官) and not 臨日月(官)", "生", "官"),
                       ("在(官) and not 臨日月(官)", "帝旺", "官"), ("無(官)", "值", "伏∩官")),
    "yingqi-douzhen-cheng-bian": (("true", "生", "用"), ("true", "臨官", "用"),
                                  ("true", "帝旺", "用"), ("true", "沖", "官")),
    "yingqi-fa-ji-nian": (("在(父) and 休囚(父) and not (伏藏(官) or 休囚(官))", "值", "父"),
                          ("伏藏(父) and not 伏藏(官)", "值", "伏∩父"), ("在(官)", "值", "官"),
                          ("在(父)", "值", "父"), ("伏藏(父)", "值", "伏∩父"),
                          ("空(世)", "值", "世"), ("在(官)", "長生", "官"),
                          ("在(官)", "帝旺", "官")),
    "yingqi-sheng-shi": (("在(官)", "值", "官"), ("伏藏(官)", "值", "伏∩官"),
                         ("在(官) or 伏藏(官)", "長生", "官|伏∩官"),
                         ("在(官) or 伏藏(官)", "臨官", "官|伏∩官")),
    "yingqi-gui-mu-jue": (("true", "墓", "官|伏∩官"), ("true", "絕", "官|伏∩官")),
    "yingqi-gui-sheng-wang": (("true", "長生", "官"), ("true", "臨官", "官"),
                              ("true", "帝旺", "官"), ("true", "值", "官")),
    "yingqi-zi-dang-ri": (("在(子)", "值", "子"), ("伏藏(子)", "值", "伏∩子")),
    "yingqi-cai-dang-ri-yue": (("在(財)", "值", "財"), ("伏藏(財)", "值", "伏∩財"),
                               ("true", "帝旺", "財|伏∩財"), ("true", "臨官", "財|伏∩財")),
    "yingqi-yingzang-fu-shi": (("在(父)", "值", "父"), ("伏藏(父)", "值", "伏∩父"),
                               ("true", "合", "世")),
    "yingqi-sui-shi": (("true", "沖", "世"), ("true", "合", "世"), ("空(世)", "值", "世"),
                       ("動(官)", "值", "官")),
    "yingqi-dao-cheng": (("true", "值", "世"),),
    "yingqi-de-guan": (("true", "值", "世"), ("true", "生", "世"), ("true", "合", "世")),
    "yingqi-shu-dao": (("true", "合", "父"), ("true", "生", "父")),
    "yingqi-cheng-gong": (("true", "值", "世"), ("true", "值", "父")),
    "yingqi-bu-huo": (("疏", "生", "世"), ("親", "長生", "用"), ("親", "帝旺", "用"),
                      ("親", "值", "用"), ("親", "合", "世"), ("親", "合", "身")),
    "yingqi-huo-shi": (("true", "長生", "財|伏∩財"), ("true", "臨官", "財|伏∩財"),
                       ("true", "帝旺", "財|伏∩財")),
    "yingqi-bao-chi-su": (("true", "長生", "官"), ("true", "帝旺", "官")),
    "yingqi-gui-dang-yue-bi": (("true", "值", "官"),),
    "yingqi-kao-zhong": (("true", "考終", "用"),),
}
"""What each rule names (yingqi.toml's ``names``), in the timing terms (考終: the years ahead
by 年旬空, 限絕, 天剋, 地沖 — :func:`kao_zhong`). ``yingqi-xian-qi`` names no time: the part of
a set term the asker brings."""

GENERAL: Final = frozenset(
    y["id"] for y in YINGQI
    if any(c.startswith("lifa-") for c in y["chapters"])
    and all(sel in ("用", "動爻", "靜爻") for _, _, sel in TERMS.get(y["id"], (("", "", "?"),))))
"""The rules stated in the 立法 chapters on the 用神 itself: they apply to every question (a
rule on a named 六親, such as 財 for prices, only to the chapters that apply it)."""

_PASSAGES: Final = tuple(dict.fromkeys(p for y in YINGQI for p in y["passages"]))

SIDE: Final = {"yingqi-wei-shi": "凶", "yingqi-an-ri": "吉", "yingqi-zi-dang-ri": "吉",
               "yingqi-san-he": "吉"}
"""The rules that give the time of one outcome where 疾病 asks 筮其吉凶: 「如問危時」 (p449-s1)
the time of danger; 「如問安日…此六者，病安之辰也」 (p453), 「子孫值日，疾患漸安」 (p453-s2)
and the 三合 that turns the 忌 into the 元 (p448 「病勢漸解…是謂避克也」) the time the illness
leaves. The verdict of the chart's judgments on the question says which is asked for
(:func:`side`); on other questions the order is the book's."""
SIDE_OF_VERDICT: Final = {"凶": "凶", "大凶": "凶", "死": "凶", "危": "凶", "不安": "凶",
                          "吉": "吉", "不死": "吉", "生": "吉", "安": "吉"}
"""Verdict words (judgments.toml) on the side of 凶 or 吉."""


def _term(ev: Evaluator, term: str, it: Item) -> list[str]:
    """The branch(es) (or pillar) a timing term names for one item."""
    ph, b = it.phase, it.branch
    if term == "值":
        return [BRANCH_ZH[b]]
    if term == "沖":
        return [BRANCH_ZH[CLASH[b]]]
    if term == "合":
        return [BRANCH_ZH[LIUHE6[b]]]
    if term == "當見":
        return [STEM_ZH[it.stem] + BRANCH_ZH[b]] if it.stem is not None else []
    if term == "沖墓":
        return [BRANCH_ZH[CLASH[stage_at(ph, "墓", ev.tu)]]]
    if term in ("長生", "沐浴", "臨官", "帝旺", "墓", "絕", "胎", "養"):
        return [BRANCH_ZH[stage_at(ph, term, ev.tu)]]
    if term in ("生", "克"):
        return [BRANCH_ZH[x] for x in range(12) if acts(_BRANCH_PHASE[x], ph) == term]
    if term == "三合":     # the 局 the branch is in: 申 in 申子辰 (p448 「申子辰會水局」)
        group = next((g for g in SANHE.values() if b in g), ())
        have = {ev.day, ev.month} | {int(ln.branch) for ln in ev.h.lines}
        return [BRANCH_ZH[x] for x in group if x not in have]
    if term == "出旬":
        if not ev.void(b):
            return []
        head = ev.chart.day.index - ev.chart.day.index % 10
        nxt = (head + 10) % 60
        return [STEM_ZH[nxt % 10] + BRANCH_ZH[nxt % 12]]
    raise ValueError(f"unknown timing term {term!r}")


KAO_ZHONG_YEARS: Final = 90
"""How far ahead 考終 looks: the 限's whole round (「九十復歸貞初」 p346-s1)."""


def _kao_signs(ev: Evaluator, it: Item, year: GanZhi) -> list[str]:
    """The signs of 「旬空限絕，天剋地沖」 (p332-s4) a year ahead meets on the 用 *it*: 年旬空 (the
    year's 旬 empties the 用, 「謂後來年旬空」 p333-s1), 限絕 (its 大限 stands on a line 絕 on the
    divination's day, 「限絕，謂後來行絕限」 — 「世爻絕亥…十年後行午限絕亥」), 天剋 (the year's stem
    克 the 用's), 地沖 (its branch 沖 the 用's)."""
    head = year.index - year.index % 10
    signs = ["年旬空"] if it.branch in ((head + 10) % 12, (head + 11) % 12) else []
    try:
        x = daxian(ev.chart, year)
    except InputError:
        x = None
    if x is not None and stage(_BRANCH_PHASE[int(GanZhi.from_zh(x.ganzhi).branch)],
                               ev.day, ev.tu) == "絕":
        signs.append("限絕")
    if it.stem is not None and acts(int(year.stem) // 2, it.stem // 2) == "克":
        signs.append("天剋")
    if CLASH[it.branch] == int(year.branch):
        signs.append("地沖")
    return signs


def kao_zhong(ev: Evaluator, it: Item) -> list[tuple[str, str]]:
    """考終 (壽夭, p332-s4 – p333-s1): the years ahead (from the divination's, up to
    :data:`KAO_ZHONG_YEARS`) whose 旬 empties the 用 — the sign both of the book's cases start
    from (p333 「甲申旬空午」, p155 「七十戊申，乃甲辰旬空寅卯」) — the year meeting more of the
    sentence's other signs (限絕, 天剋, 地沖) first, then the nearer; at most three, as
    ``("年旬空·地沖·限絕", "戊子")``. Nothing without the divination's year.

    >>> from compute.engine.chart import chart
    >>> c = chart("師", month="寅", day="辛亥", year="丁丑", question="shilei-05-q1")   # p333
    >>> ev = Evaluator(c, asked(c), c.asking.question)
    >>> kao_zhong(ev, ev.select(tree("在(用)")[2][0])[0])[0]       # 「及戊子年…是以終也」
    ('年旬空·限絕·地沖', '戊子')
    """
    if ev.chart.year is None:
        return []
    found = []
    for n in range(1, KAO_ZHONG_YEARS + 1):
        year = GanZhi((ev.chart.year.index + n - 1) % 60)
        signs = _kao_signs(ev, it, year)
        if signs and signs[0] == "年旬空":
            found.append((-len(signs), n, "·".join(signs), year.zh))
    out: list[tuple[str, str]] = []
    for _, _, signs, zh in sorted(found):
        if zh not in (z for _, z in out):     # sixty years on, the same pillar: the nearer
            out.append((signs, zh))
    return out[:3]


def applies(spec: dict[str, Any], qid: str | None) -> bool:
    """A general rule applies to every question; a chapter's rule only to the questions its
    sentence is about (editorial/yingqi.toml ``questions``), never the whole chapter.

    >>> wei = next(y for y in YINGQI if y["id"] == "yingqi-wei-shi")     # 「如問危時」
    >>> applies(wei, "shilei-14-q8"), applies(wei, "shilei-14-q1")      # 危時, 症候
    (True, False)
    >>> applies(next(y for y in YINGQI if y["id"] == "yingqi-wu-yong-zhi"), "shilei-14-q1")
    True
    """
    return spec["id"] in GENERAL or (qid is not None and qid in spec.get("questions", ()))


def side(chart: Chart) -> str | None:
    """凶 or 吉 when the judgments that answer the chart's question all fall on one side
    (compute.shilei.judge), else None.

    >>> from compute.engine.chart import chart
    >>> side(chart("既濟", month="午", day="戊寅", question="shilei-14-q7", yongshen="妻財"))
    '吉'
    """
    q = chart.asking.question if chart.asking is not None else None
    sides = set()
    for j in JUDGMENTS:
        if applies_judgment(j, q):
            f = judge(j, chart)
            if f is not None and dict(f.data)["verdict"] in SIDE_OF_VERDICT:
                sides.add(SIDE_OF_VERDICT[dict(f.data)["verdict"]])
    return sides.pop() if len(sides) == 1 else None


def _rank(chart: Chart) -> list[dict[str, Any]]:
    """The rules in the order they are tried: the chapter's own before the 立法's general
    method (the more specific sentence), and of the rules of one outcome (:data:`SIDE`) those
    of the side the judgments give before the other (「如問危時」 asks a danger's time,
    「如問安日」 a recovery's: the verdict says which the chart is about); else the book's
    order."""
    ranked = sorted(YINGQI, key=lambda y: y["id"] in GENERAL)
    q = chart.asking.question if chart.asking is not None else None
    if q is None or not any(applies(y, q.id) for y in YINGQI if y["id"] in SIDE):
        return ranked
    s = side(chart)
    if s is None:
        return ranked
    return sorted(ranked, key=lambda y: (y["id"] in GENERAL, SIDE.get(y["id"], s) != s))


def timings(chart: Chart) -> Iterator[Timed]:
    """(rule, [(term, branch or pillar)], lines) for every 應期 rule that applies and holds,
    ranked: the rules the question's chapter states for itself first (the more specific
    sentence), then the 立法's general method, each in the book's order."""
    r = asked(chart)
    if r is None:
        return
    q = r.question
    ev = Evaluator(chart, r, q)
    for spec in _rank(chart):
        terms = TERMS.get(spec["id"])
        if terms is None or not applies(spec, q.id if q else None):
            continue
        if ev.ev(tree(spec["when"])).value is not True:
            continue
        named: list[tuple[str, str]] = []
        lines: set[int] = set()
        for cond, term, sel in terms:
            if ev.ev(tree(cond)).value is not True:
                continue
            try:
                items = ev.select(tree(f"在({sel})")[2][0])
            except Unknown:
                continue
            if term == "考終":       # the 用 itself (「自占憑世，六親憑用」 p332-s4)
                items = items[:1]
                named += [x for it in items for x in kao_zhong(ev, it) if x not in named]
                lines |= {it.pos for it in items if it.pos}
                continue
            for it in items:
                for name in _term(ev, term, it):
                    if (term, name) not in named:
                        named.append((term, name))
                if it.pos:
                    lines.add(it.pos)
        if named:
            yield spec, named, lines


class Name(Frozen):
    """One time an 應期 answer names: the timing ``term`` (值, 沖 …, or the 考終 signs), the
    ``value`` (a branch or a pillar), the ``unit`` it is read in (day, month, year, question),
    the rule (``spec``) and its sentences (``passages``), and ``ko``, the rule's Korean
    statement (the reason a reader sees)."""

    __slots__ = ("term", "value", "unit", "spec", "passages", "ko")
    term: str
    value: str
    unit: str
    spec: str
    passages: tuple[str, ...]
    ko: str

    def __init__(self, term: str, value: str, unit: str, spec: str,
                 passages: tuple[str, ...], ko: str) -> None:
        init(self, term, value, unit, spec, tuple(passages), ko)

    @property
    def branch(self) -> str:
        """The value's branch (a pillar's second character)."""
        return self.value[-1]

    def to_dict(self) -> dict[str, Any]:
        """Language-neutral (no ``ko``)."""
        return {"term": self.term, "value": self.value, "branch": self.branch,
                "unit": self.unit, "spec": self.spec, "passages": [*self.passages]}


class Answer(Frozen):
    """The 應期 of an asked chart: the ``first`` time the book's method points to and at most
    two ``alternatives`` (other branches), each with the rule and sentences that give it."""

    __slots__ = ("first", "alternatives")
    first: Name
    alternatives: tuple[Name, ...]

    def __init__(self, first: Name, alternatives: tuple[Name, ...] = ()) -> None:
        init(self, first, tuple(alternatives)[:ALTERNATIVES])

    @property
    def names(self) -> tuple[Name, ...]:
        return (self.first, *self.alternatives)

    def to_dict(self) -> dict[str, Any]:
        return {"first": self.first.to_dict(),
                "alternatives": [n.to_dict() for n in self.alternatives]}


ALTERNATIVES: Final = 2
"""How many alternatives an answer gives besides its first name."""


def choose(timed: list[Timed]) -> Answer | None:
    """The answer from :func:`timings` (ranked): its first name, then the next names of other
    branches in rank order — the same rule's before the next rule's.

    >>> spec = {"id": "x", "unit": "day", "passages": ["p1"], "ko": "k"}
    >>> a = choose([(spec, [("值", "寅"), ("當見", "戊寅"), ("沖", "申")], {1}),
    ...             (spec, [("合", "亥"), ("值", "子")], {2})])
    >>> [(n.term, n.value) for n in a.names]
    [('值', '寅'), ('沖', '申'), ('合', '亥')]
    >>> choose([]) is None
    True
    """
    names: list[Name] = []
    for spec, named, _ in timed:
        for term, value in named:
            if all(n.branch != value[-1] for n in names):
                names.append(Name(term, value, spec["unit"], spec["id"],
                                  tuple(spec["passages"]), spec["ko"]))
    return Answer(names[0], tuple(names[1:])) if names else None


def answer(chart: Chart) -> Answer | None:
    """The 應期 answer of an asked chart (None when asked nothing or nothing applies): the one
    place the first name and its alternatives are chosen (the verdict and the findings read
    it).

    >>> from compute.engine.chart import chart
    >>> a = answer(chart("困", "坎", month="午", day="壬戌", question="囤積"))
    >>> a.first.value, a.first.spec, a.first.passages
    ('寅', 'yingqi-cai-dang-ri-yue', ('p552-s2', 'p566-s2', 'p566-s3', 'p175-s1'))
    >>> [(n.term, n.value, n.spec) for n in a.alternatives]
    [('帝旺', '卯', 'yingqi-cai-dang-ri-yue'), ('當見', '丁亥', 'yingqi-du-fa')]
    >>> a = answer(chart("師", month="寅", day="辛亥", year="丁丑", question="shilei-05-q1"))
    >>> a.first.term, a.first.value, a.first.unit                 # p333 「及戊子年…是以終也」
    ('年旬空·限絕·地沖', '戊子', 'year')
    >>> answer(chart("困", "坎", month="午", day="壬戌")) is None
    True
    """
    return choose(list(timings(chart)))


@rule("yingqi", "應期", "응기", _PASSAGES, kind="finding", when=was_asked)
def yingqi(chart: Chart) -> Iterator[Finding]:
    """One finding per 應期 rule that applies to the chart's question and holds, naming the
    branches (or pillars) of the days, months or years it points to; the first (rank 1)
    carries the chart's :class:`Answer` (``data["answer"]``)."""
    timed = list(timings(chart))
    chosen = choose(timed)
    for k, (spec, named, lines) in enumerate(timed, 1):
        text = ", ".join(f"{t} {n}" for t, n in named)
        data: dict[str, Any] = {"spec": spec["id"], "unit": spec["unit"], "rank": k,
                                "names": [{"term": t, "value": n} for t, n in named]}
        if k == 1 and chosen is not None:
            data["answer"] = chosen.to_dict()
        yield finding("yingqi", f"應期 ({spec['ko']}): {text}", lines, spec["passages"],
                      data, own=False)


__all__ = ["ALTERNATIVES", "GENERAL", "TERMS", "Answer", "Name", "answer", "applies", "choose",
           "kao_zhong", "timings"]
