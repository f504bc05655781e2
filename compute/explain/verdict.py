"""The verdict first: one Korean summary of an asked chart (the question, the 用神 and its state,
the judgment the book's sentence gives, the 應期 with its reason), and the chart's findings
grouped by topic instead of the registry's order.

>>> from compute import chart
>>> c = chart("困", "坎", month="午", day="壬戌", question="囤積")
>>> [n.key for n in verdict(c)]
['question', 'yong', 'judgment', 'yingqi']
>>> verdict(c)[1].text
'用神 妻財: 初爻 寅木妻財 — 午月에 休, 靜; 看用神十八法 7 動生 (全吉)'
>>> verdict(c)[3].text[:50]
'應期: 值 寅 — 재물은 처재(妻財)가 날·달에 닿을 때 얻고, 재가 왕한 때 값이 비싸다'
>>> [t.title for t in grouped(c)][:3]
['用神', '판단', '應期']
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from compute.book.gua import POS_ZH
from compute.engine.chart import Chart
from compute.engine.layout import Note, Topic
from compute.registry import MODULE_ORDER, Finding, get
from compute.shilei.judgments_data import JUDGMENTS, YINGQI
from compute.shilei.quyong import asked
from compute.shilei.yingqi import answer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

JUDGMENT_BY_ID: Final = MappingProxyType({j["id"]: j for j in JUDGMENTS})
YINGQI_BY_ID: Final = MappingProxyType({y["id"]: y for y in YINGQI})

TOPIC_OF_MODULE: Final = MappingProxyType({
    "compute.shilei.quyong": "用神", "compute.lifa.yongshen": "用神",
    "compute.shilei.judge": "판단", "compute.shilei.daxian": "大限·小限",
    "compute.shilei.yingqi": "應期",
    "compute.lifa.dongbian": "動變", "compute.lifa.jintui": "動變", "compute.lifa.fanfu": "動變",
    "compute.lifa.feifu": "飛伏",
    "compute.lifa.riyue": "日月과 旺衰", "compute.book.changsheng": "日月과 旺衰",
    "compute.lifa.kongpo": "空破", "compute.lifa.richong": "日沖",
    "compute.lifa.hechong": "合沖", "compute.lifa.ju": "三合局",
    "compute.lifa.xinghai": "刑害",
    "compute.lifa.guisha": "神煞", "compute.lifa.shensha": "神煞",
    "compute.lifa.guayan": "卦象", "compute.lifa.leizong": "卦象",
})
"""The topic of a rule by the module that writes it; other modules: 괘의 짜임."""
TOPIC_ORDER: Final = ("用神", "판단", "應期", "大限·小限", "動變", "日月과 旺衰", "空破", "日沖",
                      "飛伏", "合沖", "三合局", "刑害", "卦象", "神煞", "괘의 짜임")
"""The order topics are shown in: what decides the question first, then the book's order."""


def topic(rule: str) -> str:
    """The topic of the rule *rule* (:data:`TOPIC_OF_MODULE`).

    >>> topic("yuepo"), topic("guashen"), topic("yingqi")
    ('空破', '괘의 짜임', '應期')
    """
    rank = get(rule).rank[0]
    module = MODULE_ORDER[rank] if rank < len(MODULE_ORDER) else ""
    return TOPIC_OF_MODULE.get(module, "괘의 짜임")


def grouped(c: Chart) -> tuple[Topic, ...]:
    """The chart's findings by topic (:data:`TOPIC_ORDER`), each keeping its place in
    ``c.findings``."""
    by: dict[str, list[int]] = {}
    for k, f in enumerate(c.findings):
        by.setdefault(topic(f.rule), []).append(k)
    return tuple(Topic(t, tuple(by[t])) for t in TOPIC_ORDER if t in by)


def _state(c: Chart, position: int) -> str:
    st = c.primary.line(position).state
    ln = c.primary.line(position)
    out = [f"{c.month}月에 {st.get('wangxiang', '—')}"]
    out += [w for key, w in (("void", "旬空"), ("month_broken", "月破"), ("day_clash", "日沖"))
            if st.get(key)]
    out.append("動" if ln.moving else "靜")
    return ", ".join(out)


def judgments_of(c: Chart) -> list[tuple[Finding, dict[str, Any]]]:
    return [(f, JUDGMENT_BY_ID[f.rule]) for f in c.findings if f.rule in JUDGMENT_BY_ID]


def yong_note(c: Chart) -> Note | None:
    r = asked(c)
    if r is None:
        return None
    grade = next((f for f in c.findings if f.rule == "yongshen-18"), None)
    tail = ""
    g = dict(grade.data) if grade is not None else {}
    if "grade" in g:
        tail = (f"; {get('yongshen-18').zh} {g['grade']} {g.get('name', '')} "
                f"({g.get('class', '')})")
    if not r.yong:
        return Note("yong", "yongshen-source", "用神",
                    f"用神 {r.value or '—'}: 이 괘에 飛神으로도 伏神으로도 없다{tail}",
                    get("yongshen-source").passages)
    where = "; ".join(f"{a.label(c)} — "
                      + (f"伏 {c.primary.line(a.position).state.get('fu_chu') or '—'}"
                         if a.hidden else _state(c, a.position)) for a in r.yong)
    why = f" ({r.when})" if r.when else ""
    how = f". {r.choice_ko}" if r.choice_passages else ""
    cites = (grade.passages if grade else ()) or get("yongshen-source").passages
    return Note("yong", "yongshen-source", "用神", f"用神 {r.value}{why}: {where}{tail}{how}",
                tuple(dict.fromkeys((*r.passages, *r.choice_passages, *cites))))


def judgment_note(c: Chart) -> Note:
    js = judgments_of(c)
    if not js:
        q = c.asking.question if c.asking else None
        return Note("judgment", "yongshen-source", "판단",
                    "판단: 이 물음을 다루는 책의 판단 문장 가운데 이 괘에 성립하는 것이 없다",
                    q.passages if q else ())
    texts, passages = [], []
    for f, j in js:
        o = (j.get("outcomes") or ({"verdict_ko": j.get("verdict_ko", "")},))
        k = dict(f.data).get("outcome", 1)
        texts.append(f"{j['ko']} → {o[k - 1]['verdict_ko']}")
        passages += [p for p in j["passages"] if p not in passages]
    return Note("judgment", js[0][0].rule, "판단", "판단: " + " / ".join(texts), tuple(passages))


def yingqi_note(c: Chart) -> Note | None:
    """The chart's 應期 answer (:func:`compute.shilei.yingqi.answer`, its one home): the first
    name with the sentence that gives it, then at most two alternatives with theirs.

    >>> from compute import chart
    >>> note = yingqi_note(chart("困", "坎", month="午", day="壬戌", question="囤積"))
    >>> note.text.partition("다른 후보: ")[2][:22]
    '帝旺 卯; 當見 丁亥 — 홀로 동한 효는'
    """
    a = answer(c)
    if a is None:
        return None
    first = a.first
    rest = [f"{n.term} {n.value}" + (f" — {n.ko}" if n.spec != first.spec else "")
            for n in a.alternatives]
    alt = f" (다른 후보: {'; '.join(rest)})" if rest else ""
    passages = tuple(dict.fromkeys(p for n in a.names for p in n.passages))
    return Note("yingqi", "yingqi", "應期", f"應期: {first.term} {first.value} — {first.ko}{alt}",
                passages)


def _unasked(c: Chart) -> Note:
    p = c.primary
    shi, ying = p.line(p.shi), p.line(p.ying)
    text = (f"물음 없이 세운 괘: 世 {POS_ZH[p.shi]} {shi.branch}{shi.element}{shi.relative} "
            f"({_state(c, p.shi)}), 應 {POS_ZH[p.ying]} {ying.branch}{ying.element}"
            f"{ying.relative} ({_state(c, p.ying)}). 물음을 주면 그 用神과 판단을 보인다")
    return Note("chart", "shi-ying", "世應", text, get("shi-ying").passages)


def _asked_notes(c: Chart) -> Iterator[Note]:
    q = c.asking.question if c.asking else None
    if q is not None:
        yield Note("question", "yongshen-source", "물음", f"물음: 「{q.text}」({q.ko})", q.passages)
    yong = yong_note(c)
    if yong is not None:
        yield yong
    if q is not None:
        yield judgment_note(c)
    yq = yingqi_note(c)
    if yq is not None:
        yield yq


def verdict(c: Chart) -> tuple[Note, ...]:
    """The verdict of the chart *c*, first thing a reader sees: for an asked chart the
    question, the 用神 and its state, the judgment and the 應期 (each with its sentences); for
    a chart asked nothing, its 世 and 應."""
    if asked(c) is None:
        return (_unasked(c),)
    return tuple(_asked_notes(c))
