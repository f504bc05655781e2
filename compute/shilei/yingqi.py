"""應期: when the thing asked comes — the book's timing rules (editorial/yingqi.toml) computed
on a chart asked a question (issue 10, stage 2).

Each rule has a condition in the judgments' language (``when``) and names branches by timing
terms on lines (值 the line's branch, 沖, 合, 長生 … of its element, 當見 its whole pillar, 三合
the missing members of its 局, 出旬 the next 旬's first day). The general rules (stated in
the 立法 chapters, 刻期 p294 …) apply to every question; a chapter's own rule only to the
questions its sentence is about (yingqi.toml ``questions``: 「如問危時」 answers 危時, not
症候). One finding per rule that applies, naming the branches (days, months or years as the
rule's unit says; ``question``: in the unit the question is asked in).

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
from compute.book.changsheng import acts, stage_at
from compute.book.ganzhi import BRANCH_ZH, STEM_ZH
from compute.engine.context import CLASH
from compute.lifa.hechong import LIUHE as LIUHE6
from compute.registry import Finding, rule
from compute.shilei.condition import Item, Unknown, tree
from compute.shilei.evaluator import Evaluator
from compute.shilei.judgments_data import YINGQI
from compute.shilei.quyong import asked, finding, was_asked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart

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
    "yingqi-po-bu": (("true", "值", "用"),),
    "yingqi-mu-chong": (("true", "沖墓", "用"),),
    "yingqi-jing-chong-dong-he": (("動(用)", "三合", "用"), ("暗動(用)", "合", "用"),
                                  ("靜(用) and not 暗動(用)", "沖", "用")),
    "yingqi-san-he": (("動(用)", "三合", "用"), ("動(忌)", "三合", "忌")),
    "yingqi-shen-he": (("true", "合", "身"), ("空(應)", "值", "應"), ("空(世)", "值", "世")),
    "yingqi-wei-shi": (("none(在, 父∩用)", "值", "官"), ("動(忌) and 動(仇) and (伏藏(用) or "
                                                       "空(用))", "值", "用"),
                       ("絕(用)", "值", "日"), ("true", "沖", "元")),
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
    "yingqi-fa-ji-nian": (("在(父)", "值", "父"), ("伏藏(父)", "值", "伏∩父"),
                          ("空(世)", "值", "世"), ("在(官)", "值", "官"),
                          ("在(官)", "長生", "官"), ("在(官)", "帝旺", "官")),
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
}
"""What each rule names (yingqi.toml's ``names``), in the timing terms; rules whose naming
needs more than the chart (年旬空 of the years ahead, 限絕, the part of a set term) are named
as far as the terms go: ``yingqi-kao-zhong`` and ``yingqi-xian-qi`` are not computed."""

GENERAL: Final = frozenset(
    y["id"] for y in YINGQI
    if any(c.startswith("lifa-") for c in y["chapters"])
    and all(sel in ("用", "動爻", "靜爻") for _, _, sel in TERMS.get(y["id"], (("", "", "?"),))))
"""The rules stated in the 立法 chapters on the 用神 itself: they apply to every question (a
rule on a named 六親, such as 財 for prices, only to the chapters that apply it)."""

_PASSAGES: Final = tuple(dict.fromkeys(p for y in YINGQI for p in y["passages"]))


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


def timings(chart: Chart) -> Iterator[tuple[dict[str, Any], list[tuple[str, str]], set[int]]]:
    """(rule, [(term, branch or pillar)], lines) for every 應期 rule that applies and holds,
    ranked: the rules the question's chapter states for itself first (the more specific
    sentence), then the 立法's general method, each in the book's order."""
    r = asked(chart)
    if r is None:
        return
    q = r.question
    ev = Evaluator(chart, r, q)
    ranked = sorted(YINGQI, key=lambda y: y["id"] in GENERAL)
    for spec in ranked:
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
            for it in items:
                for name in _term(ev, term, it):
                    if (term, name) not in named:
                        named.append((term, name))
                if it.pos:
                    lines.add(it.pos)
        if named:
            yield spec, named, lines


@rule("yingqi", "應期", "응기", _PASSAGES, kind="finding", when=was_asked)
def yingqi(chart: Chart) -> Iterator[Finding]:
    """One finding per 應期 rule that applies to the chart's question and holds, naming the
    branches (or pillars) of the days, months or years it points to."""
    for k, (spec, named, lines) in enumerate(timings(chart), 1):
        text = ", ".join(f"{t} {n}" for t, n in named)
        yield finding("yingqi", f"應期 ({spec['ko']}): {text}", lines, spec["passages"],
                      {"spec": spec["id"], "unit": spec["unit"], "rank": k,
                       "names": [{"term": t, "value": n} for t, n in named]}, own=False)


__all__ = ["GENERAL", "TERMS", "applies", "timings"]
