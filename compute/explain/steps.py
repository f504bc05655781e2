"""The derivation of a chart, step by step, as the book teaches it: 起卦 (the cast) → 本卦/之卦 →
八宮 and 世應 → 納甲 → 六親 → 六神 → 日月 (旺衰, 旬空, 月破, 日沖) → 動變 → 伏神 → 用神 and its
roles → the findings that decide → judgments → 應期. Each step is a
:class:`~compute.engine.layout.Note` in Korean with the sentences of its rule.

>>> from compute import chart
>>> steps = derivation(chart("困", "坎", month="午", day="壬戌", question="囤積"))
>>> [s.title for s in steps][:9]
['起卦', '本卦와 之卦', '八宮과 世應', '納甲', '六親', '六神', '日月', '動變', '伏神']
>>> [s.title for s in steps][9:]
['用神', '판단의 근거', '판단', '應期']
>>> steps[3].text
'下卦 坎 → 戊·寅辰午, 上卦 兌 → 丁·亥酉未: 初爻부터 戊寅 戊辰 戊午 丁亥 丁酉 丁未'
"""

from __future__ import annotations

from collections.abc import Iterator

from compute.book.gua import POS_ZH
from compute.book.najia import trigram_branches, trigram_stem
from compute.engine.chart import Chart
from compute.engine.layout import Note
from compute.explain.cells import (
    HIDDEN_WHY,
    SPIRIT_ORDER,
    passages_of,
    relation,
    spirit_note,
    who_note,
)
from compute.explain.verdict import grouped, judgment_note, yingqi_note, yong_note
from compute.registry import Finding
from compute.shilei.quyong import asked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

CAST_KO: Final = {6: "老陰(交)", 7: "少陽(單)", 8: "少陰(拆)", 9: "老陽(重)"}


def _moving(c: Chart) -> str:
    return "、".join(POS_ZH[ln.position] for ln in c.primary.lines if ln.moving) or "없음"


def qigua(c: Chart) -> Note:
    cast = " ".join(str(y.number) for y in c.cast)
    kinds = ", ".join(f"{n} {k}" for n, k in CAST_KO.items())
    text = f"六爻 (初爻부터): {cast} — {kinds}; 動爻: {_moving(c)}"
    return Note("qigua", "coin-line", "起卦", text, passages_of("coin-line", "dongyao"))


def gua(c: Chart) -> Note:
    h = c.primary.hexagram
    text = f"下卦 {h.lower}, 上卦 {h.upper} → 本卦 {c.primary.full_name}"
    if c.changed is not None:
        text += f"; 動爻 {_moving(c)}가 변하여 之卦 {c.changed.full_name}"
    else:
        text += "; 動爻가 없어 之卦가 없다(靜卦)"
    return Note("gua", "dongyao", "本卦와 之卦", text, passages_of("dongyao", "chonggua-order"))


def gong(c: Chart) -> Note:
    note = who_note(c, c.primary.line(c.primary.shi))
    return Note("gong", note.rule, "八宮과 世應", note.text, note.passages)


def najia_step(c: Chart) -> Note:
    h = c.primary.hexagram
    sides = []
    for outer, t, side in ((False, h.lower, "下卦"), (True, h.upper, "上卦")):
        branches = "".join(str(b) for b in trigram_branches(t, outer))
        sides.append(f"{side} {t} → {trigram_stem(t, outer)}·{branches}")
    pillars = " ".join(f"{ln.stem}{ln.branch}" for ln in c.primary.lines)
    text = f"{', '.join(sides)}: 初爻부터 {pillars}"
    if any(str(ln.stem) != str(trigram_stem(*_side(c, ln.position))) for ln in c.primary.lines):
        text += f" ({c.option('najia_season')}: 乾坤의 天干을 맞바꾼다, 二老時遷)"
        return Note("najia", "najia-gan-seasonal", "納甲", text,
                    passages_of("najia-gan", "najia-zhi", "najia-gan-seasonal"))
    return Note("najia", "najia-gan", "納甲", text, passages_of("najia-gan", "najia-zhi"))


def _side(c: Chart, position: int) -> tuple[object, bool]:
    h = c.primary.hexagram
    return (h.upper, True) if position > 3 else (h.lower, False)


def liuqin_step(c: Chart) -> Note:
    me = c.primary.palace_element
    lines = ", ".join(f"{POS_ZH[ln.position]} {ln.branch}{ln.element} {ln.relative}"
                      f"({relation(me, ln.element)})" for ln in c.primary.lines)
    text = (f"{c.primary.palace}宮의 五行 {me}이 我 — 生我 父母, 克我 官鬼, 比和 兄弟, 我生 子孫, "
            f"我克 妻財: {lines}")
    return Note("liuqin", "liuqin", "六親", text, passages_of("liuqin"))


def liushen_step(c: Chart) -> Note:
    first = spirit_note(c, c.primary.line(1)).text.split(" → ")[0]
    spirits = " ".join(str(ln.spirit) for ln in c.primary.lines)
    text = f"{first} → 初爻부터 {spirits} ({SPIRIT_ORDER} 차례)"
    return Note("liushen", "liushen-day", "六神", text, passages_of("liushen-day"))


def _lines_with(c: Chart, key: str) -> str:
    return "、".join(f"{POS_ZH[ln.position]} {ln.branch}" for ln in c.primary.lines
                    if ln.state.get(key)) or "없음"


def riyue_step(c: Chart) -> Note:
    wx = " ".join(f"{ln.branch}{ln.state.get('wangxiang', '')}" for ln in c.primary.lines)
    void = "".join(map(str, c.void))
    text = (f"{c.month}月 {c.day.zh}日 — 旺衰 (初爻부터): {wx}; {c.xun}旬 空 {void} → 旬空: "
            f"{_lines_with(c, 'void')}; 月破 ({c.month} 沖): {_lines_with(c, 'month_broken')}; "
            f"日沖 ({c.day.branch} 沖): {_lines_with(c, 'day_clash')}")
    return Note("riyue", "wangshuai-method", "日月", text,
                passages_of("wangshuai-method", "xunkong", "yuepo", "richong-types"))


def _of(c: Chart, rule: str) -> list[Finding]:
    return [f for f in c.findings if f.rule == rule]


def dongbian_step(c: Chart) -> Note:
    if c.changed is None:
        return Note("dongbian", "dongyao", "動變",
                    "動爻가 없다: 변하는 효가 없으니 日月이 효를 정한다",
                    passages_of("dongyao", "bianyao-power"))
    kinds = {f.lines[0]: "、".join(dict(f.data).get("kinds", ()))
             for f in _of(c, "bianyao-power") if f.lines}
    parts = []
    for ln in c.primary.lines:
        if ln.moving:
            to = c.changed.line(ln.position)
            how = f" ({kinds[ln.position]})" if kinds.get(ln.position) else ""
            parts.append(f"{POS_ZH[ln.position]} {ln.stem}{ln.branch}{ln.element}{ln.relative} → "
                         f"{to.stem}{to.branch}{to.element}{to.relative}{how}")
    return Note("dongbian", "bianyao-power", "動變", "; ".join(parts),
                passages_of("dongyao", "bianyao-power"))


def fushen_step(c: Chart) -> Note:
    p = c.primary
    if p.hidden_hexagram is None:
        return Note("fushen", "fu-shen", "伏神", "伏卦가 없다", passages_of("fu-shen"))
    present = {ln.relative for ln in p.lines}
    missing = [ln for ln in p.lines if ln.hidden is not None and ln.hidden.relative not in present]
    why = HIDDEN_WHY.get(p.generation, f"{p.generation}卦 아래에는 {p.palace}宮의 八純卦가 伏한다")
    where = "、".join(f"{ln.hidden.relative} {ln.hidden.stem}{ln.hidden.branch}{ln.hidden.element}"
                     f" ({POS_ZH[ln.position]} 아래)" for ln in missing if ln.hidden)
    text = (f"伏卦 {p.hidden_hexagram.full_name} ({why}); 本卦에 없는 六親: "
            f"{where or '없음 (다섯 六親이 다 나타났다)'}")
    return Note("fushen", "fu-shen", "伏神", text, passages_of("fu-shen"))


def _acting(ps: list[int]) -> str:
    return f"動 {'、'.join(POS_ZH[p] for p in ps)}" if ps else "靜"


def decide_step(c: Chart) -> Note | None:
    """What the 用神's helpers and enemies do (元神 忌神 仇神, p281) and what the moving lines
    do to the 用神 (動變之當察, p282), from those findings' data."""
    parts, passages = [], []
    for f in _of(c, "yuan-ji-chou"):
        d = dict(f.data)
        parts.append(f"元神 {_acting(d.get('yuan_moving', []))}, 忌神 "
                     f"{_acting(d.get('ji_moving', []))}, 仇神 {_acting(d.get('chou_moving', []))}"
                     f" → {d.get('reading', '—')}")
        passages += f.passages
    for f in _of(c, "dongbian-rules"):
        d = dict(f.data)
        sheng = "、".join(POS_ZH[p] for p in d.get("sheng", [])) or "없음"
        ke = "、".join(POS_ZH[p] for p in d.get("ke", [])) or "없음"
        parts.append(f"用神 {'動' if d.get('moving') else '靜'}: 生하는 動爻 {sheng}, "
                     f"克하는 動爻 {ke}")
        passages += f.passages
    if not parts:
        return None
    return Note("decide", "yuan-ji-chou", "판단의 근거", "; ".join(parts),
                tuple(dict.fromkeys(passages)))


def _asked_steps(c: Chart) -> Iterator[Note]:
    r = asked(c)
    if r is None:
        return
    yong = yong_note(c)
    roles = "; ".join(f"{t} {getattr(r, a).relative} "
                      f"{'、'.join(POS_ZH[p] for p in getattr(r, a).lines) or '不現'}"
                      for t, a in (("元神", "yuan"), ("忌神", "ji"), ("仇神", "chou")))
    if yong is not None:
        yield Note("yongshen", yong.rule, "用神", f"{yong.text}; {roles}",
                   tuple(dict.fromkeys((*r.passages, *r.choice_passages,
                                        *passages_of("yongshen-source", "yuan-ji-chou")))))
    decide = decide_step(c)
    if decide is not None:
        yield decide
    judged = judgment_note(c)
    if judged.rule != "yongshen-source":
        yield Note("judgments", judged.rule, "판단", judged.text.removeprefix("판단: "),
                   judged.passages)
    timing = yingqi_note(c)
    if timing is not None:
        yield Note("yingqi", "yingqi", "應期", timing.text.removeprefix("應期: "),
                   timing.passages)


def _findings_step(c: Chart) -> Note | None:
    if not c.findings:
        return None
    topics = ", ".join(f"{t.title} {len(t.findings)}" for t in grouped(c))
    first = c.findings[0]
    return Note("findings", first.rule, "성립한 규칙",
                f"이 괘에 성립한 규칙 {len(c.findings)}개 — {topics} (아래 주제별 목록)",
                first.passages)


def derivation(c: Chart) -> tuple[Note, ...]:
    """The steps of the chart *c*'s derivation, 起卦 to 應期 (those of an asked chart only when
    a question or 用神 was given; otherwise the findings' count closes it)."""
    steps = [qigua(c), gua(c), gong(c), najia_step(c), liuqin_step(c), liushen_step(c),
             riyue_step(c), dongbian_step(c), fushen_step(c)]
    asked_steps = list(_asked_steps(c))
    if asked_steps:
        return (*steps, *asked_steps)
    found = _findings_step(c)
    return (*steps, found) if found else tuple(steps)
