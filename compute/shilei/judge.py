"""Each 筮類 chapter's judgments (斷) as rules: the condition language of
editorial/judgments.toml evaluated on a chart asked a question (issue 10, stage 2).

Every judgment of :data:`compute.shilei.judgments_data.JUDGMENTS` is registered under its own id,
citing the sentences that state it; on a chart asked a question of its chapter (and one of the
questions it applies to) it fires as a finding naming the book's verdict. A judgment with
outcomes is tried in order; the first that holds gives the verdict.

The language is three-valued: what the chart cannot tell (who asks — 自占 or 代占, 病久, 我訟 …;
the 本命 without ``birth``; the 限 without the year asked) is *unknown*, ``not`` of unknown is
unknown, ``and``/``or`` follow Kleene's tables, and a rule fires only on a condition that is
*true*. An outcome that is unknown stops the trial (a later outcome might not be the book's).

>>> from compute.engine.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌", question="卜雨")
>>> [(f.rule, dict(f.data)["verdict"]) for f in c.findings if f.rule.startswith("tianshi")]
[('tianshi-guaxiang-hechong', '晴'), ('tianshi-fu-dong-yu', '雨將作')]

(困 is a 六合卦 and 坎 a 六沖卦: 先合後沖, 朝晦而午霽; the 父母 辰 is clashed by the 戌 day,
暗動: 雨將作.) The conditions are parsed by :mod:`compute.shilei.condition` and evaluated by
:mod:`compute.shilei.evaluator`.
"""

from __future__ import annotations

from collections.abc import Iterator

import compute.shilei.daxian  # noqa: F401 (registers 大限/小限 before the judgments)
from compute.book.questions import Question
from compute.engine.context import context as ctx
from compute.registry import Finding, rule
from compute.shilei.condition import tree
from compute.shilei.evaluator import Evaluator
from compute.shilei.judgments_data import JUDGMENTS
from compute.shilei.quyong import asked, asked_chapter, finding
from compute.shilei.roles import Roles, roles

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart

# ------------------------------------------------------------------ the judgments as rules


def applies(j: dict[str, Any], q: Question | None) -> bool:
    """Whether judgment *j* answers question *q*: one of the question ids its sentence is about
    (editorial/judgments.toml ``questions``; never the chapter as a whole unless the book says so).

    >>> from compute.book.questions import question
    >>> j = next(j for j in JUDGMENTS if j["id"] == "shiwu-yong")   # 「貨物用財」
    >>> applies(j, question("shilei-43-q2")), applies(j, question("shilei-43-q8"))  # 見獲, 筮盜
    (True, False)
    """
    return q is not None and q.id in j["questions"]


def reads(j: dict[str, Any], chart: Chart) -> str | None:
    """The 用神 value judgment *j* reads as 用 on *chart*: the line its sentence names
    (``reads``: 「貨物用財」 reads 妻財, 「以官為主」 官鬼), by the thing asked where the sentence
    names one per thing (``reads = {貨物 = "妻財", …}``; ``""`` the default); None for the
    question's own 用神.

    >>> from compute.engine.chart import chart
    >>> j = next(j for j in JUDGMENTS if j["id"] == "shiwu-yong")
    >>> reads(j, chart("乾", month="寅", day="甲子", question="shilei-43-q7", facts="thing=禽獸"))
    '子孫'
    """
    r = j.get("reads")
    if r is None or isinstance(r, str):
        return r
    a = chart.asking
    thing = next((f.partition("=")[2] for f in (a.facts if a is not None else ())
                  if f.startswith("thing=")), None)
    table = dict(r)
    return table.get(thing or "", table.get(""))


def _roles(j: dict[str, Any], chart: Chart) -> Roles | None:
    """The roles judgment *j* reads: the question's, or those of the line its sentence names."""
    r = asked(chart)
    value = reads(j, chart)
    if r is None or value is None:
        return r
    memo = ctx(chart).memo
    key = "shilei.roles." + value
    if key not in memo:
        memo[key] = roles(chart, r.question, yongshen=value)
    return memo[key]


OPPOSITE: Final = frozenset(frozenset(p) for p in (
    ("吉", "凶"), ("吉", "大凶"), ("死", "不死"), ("死", "生"), ("危", "安"), ("危", "不死"),
    ("安", "不安"), ("成", "不成"), ("得", "不得"), ("來", "不來"), ("勝", "負"), ("可", "不可"),
    ("有", "無"), ("久", "不久"), ("晴", "雨"), ("速", "遲")))
"""Verdict words (judgments.toml [language.verdict]) that answer one question oppositely."""

BY_ID: Final = {j["id"]: j for j in JUDGMENTS}


def prevails(k: dict[str, Any], j: dict[str, Any]) -> bool:
    """Whether judgment *k* wins over *j* where both read the same question and their verdicts
    are opposite: a ``first`` judgment over the 用神's (the book: 「此三者不論用神衰旺也」,
    「雖財官備而非吉占」, 「雖用旺難治」, 「從卦象斷，則合沖又輕」), and a judgment over those
    its ``over`` names (the more specific sentence, judgments.toml).

    >>> prevails(BY_ID["hunyin-san-chong"], BY_ID["hunyin-cai-guan"])
    True
    >>> prevails(BY_ID["hunyin-cai-guan"], BY_ID["hunyin-san-chong"])
    False
    """
    if j["id"] in k.get("over", ()):
        return True
    return (k["order"] == "first" and j["order"] != "first"
            and k["chapter"] == j["chapter"] and k["id"] not in j.get("over", ()))


def judge(j: dict[str, Any], chart: Chart) -> Finding | None:
    """The finding of judgment *j* on *chart*, or None (not its question, false or unknown, or
    a judgment that prevails over it gives the opposite verdict on the same question)."""
    memo = ctx(chart).memo
    key = "shilei.judge." + j["id"]
    if key not in memo:
        memo[key] = None            # a cycle of `over` reads as "not fired"
        f = judge_alone(j, chart)
        if f is not None:
            v = dict(f.data)["verdict"]
            for k in JUDGMENTS:
                if k is j or not prevails(k, j) or not applies(k, chart.asking.question):
                    continue
                g = judge(k, chart)
                if g is not None and frozenset((v, dict(g.data)["verdict"])) in OPPOSITE:
                    f = None
                    break
        memo[key] = f
    return memo[key]


def judge_alone(j: dict[str, Any], chart: Chart) -> Finding | None:
    """The finding of judgment *j* on *chart* by its own conditions."""
    a = chart.asking
    q = a.question if a is not None else None
    if not applies(j, q):
        return None
    if j.get("reads") is not None and reads(j, chart) is None:
        return None     # the sentence names the line by the thing asked, and none is given
    r = _roles(j, chart)
    ev = Evaluator(chart, r, q)
    gate = ev.ev(tree(j["condition"]))
    if gate.value is not True:
        return None
    outcomes = j.get("outcomes") or ({"condition": "true", "verdict": j.get("verdict", ""),
                                      "verdict_ko": j.get("verdict_ko", "")},)
    for k, o in enumerate(outcomes, 1):
        res = ev.ev(tree(o["condition"]))
        if res.value is None:
            return None
        if res.value:
            lines = (gate.lines | res.lines) & frozenset(range(1, 7))
            data = {"verdict": o["verdict"], "order": j["order"], "question": q.id if q else None,
                    "outcome": k, "condition": o["condition"]}
            return finding(j["id"], f"{j['ko']}: {o['verdict_ko']}", lines,
                           q.passages if q else (), data)
    return None


def _register(j: dict[str, Any]) -> None:
    def detect(chart: Chart) -> Iterator[Finding]:
        f = judge(j, chart)
        if f is not None:
            yield f

    detect.__name__ = detect.__qualname__ = "judge_" + j["id"].replace("-", "_")
    zh = j["zh"] if len(j["zh"]) <= 40 else j["zh"][:39] + "…"
    rule(j["id"], zh, j["ko"], tuple(j["passages"]), kind="finding",
         when=(asked_chapter, j["chapter"]))(detect)


for _j in JUDGMENTS:
    _register(_j)


__all__ = ["BY_ID", "OPPOSITE", "applies", "judge", "judge_alone", "prevails", "reads"]
