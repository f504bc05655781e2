"""A note for each cell of a chart a rule decides, in Korean, with the rule and its sentences.

A note's key is the line's position and the class of the cell it explains in the chart's HTML
(:func:`compute.engine.layout.render_html`): each line has the notes of its 納甲 stem
(``"3.gan"``) and branch (``"3.zhi"``), its 六親 (``"3.rel"``), its 六神 (``"3.spirit"``), its
旺衰 (``"3.wang"``) and, where they apply, 世/應 (``"3.who"``), the 伏神 under it (``"3.fu"``),
旬空 (``"3.void"``), 月破 (``"3.broken"``), 日沖 (``"3.clash"``), its change (``"3.chg"``) and its
role for the question asked (``"3.role"``: 用神, 元神, 忌神, 仇神). The wording keeps the
book's terms in their characters and says each step as the book does it
(「下卦 坎 → 天干 戊 (坎納戊)」).

>>> from compute import chart
>>> notes = {n.key: n for n in cell_notes(chart("困", "坎", month="午", day="壬戌"))}
>>> notes["1.zhi"].text
'內卦 坎 → 地支 寅·辰·午 (初爻부터 차례로): 初爻 寅'
>>> notes["1.rel"].text
'兌宮의 五行 金이 我: 初爻 寅木 — 金克木, 내가 克하는 것(我克) → 妻財'
>>> notes["4.spirit"].text
'日干 壬 → 初爻에 元武 (壬癸日起元武), 위로 青龍·朱雀·勾陳·騰蛇·白虎·元武 차례: 四爻 勾陳'
>>> notes["1.who"].rule, notes["1.who"].text
('shi-ying', '困: 兌宮 一世卦 → 世 初爻, 應 四爻 (應은 世에서 세 자리 떨어진다)')
"""

from __future__ import annotations

from collections.abc import Iterator

from compute.book.ganzhi import Stem
from compute.book.gua import POS_ZH, Trigram
from compute.book.liuqin import LIUQIN_RULE, relative
from compute.book.liushen import LIUSHEN_DAY_START, Spirit
from compute.book.najia import trigram_branches, trigram_stem
from compute.book.wuxing import Phase, branch_phase
from compute.engine.chart import Chart, ChartLine
from compute.engine.layout import Note
from compute.registry import get
from compute.shilei.quyong import asked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

    from compute.shilei.roles import Roles

SPIRIT_ORDER: Final = "·".join(str(s) for s in Spirit)
"""青龍·朱雀·勾陳·騰蛇·白虎·元武: the order the 六神 climb from the 初爻 (p058-s2 注)."""

WORD_OF: Final = {rel: word for word, rel in LIUQIN_RULE}
"""The 六親 table read backwards: 妻財 → 我克 (p054–p055)."""

RELATION_KO: Final = {
    "生我": "{x}生{e}, 나를 生하는 것(生我)",
    "克我": "{x}克{e}, 나를 克하는 것(克我)",
    "比和": "{x}·{e} 같은 五行(比和)",
    "我生": "{e}生{x}, 내가 生하는 것(我生)",
    "我克": "{e}克{x}, 내가 克하는 것(我克)",
}
"""How a line's element stands to the palace's (我), as the 六親 table names it (p054–p055)."""

WANG_KO: Final = {"旺": "月과 같은 五行", "相": "月이 生하는 五行", "休": "月을 生하는 五行",
                  "囚": "月을 克하는 五行", "死": "月이 克하는 五行"}
"""What each of 旺 相 休 囚 死 means (p149-s1, p284-s5)."""


def passages_of(*rules: str) -> tuple[str, ...]:
    out: list[str] = []
    for rid in rules:
        out += [p for p in get(rid).passages if p not in out]
    return tuple(out)


def relation(me: Phase, other: Phase) -> str:
    """The 六親 table's word for *other* seen from *me*: 生我, 克我, 比和, 我生 or 我克.

    >>> relation(Phase.JIN, Phase.MU), relation(Phase.JIN, Phase.TU)
    ('我克', '生我')
    """
    return WORD_OF[relative(me, other)]


def day_verse(stem: Stem) -> str:
    """The stems that share *stem*'s start in the verse 「甲乙起青龍 … 壬癸起元武」.

    >>> day_verse(Stem.REN), day_verse(Stem.WU)
    ('壬癸', '戊')
    """
    start = LIUSHEN_DAY_START[stem]
    return "".join(str(s) for s in Stem if LIUSHEN_DAY_START[s] == start)


def _trigram(c: Chart, position: int) -> tuple[bool, Trigram]:
    h = c.primary.hexagram
    return position > 3, (h.upper if position > 3 else h.lower)


def stem_note(c: Chart, ln: ChartLine) -> Note:
    outer, t = _trigram(c, ln.position)
    pos, stem = POS_ZH[ln.position], str(ln.stem)
    plain = str(trigram_stem(t, outer))
    side = "上卦" if outer else "下卦"
    if t in (Trigram.QIAN, Trigram.KUN):
        verse = f"{t}納{trigram_stem(t, False)}{trigram_stem(t, True)}, 안은 앞 天干 밖은 뒤 天干"
    else:
        verse = f"{t}納{plain}"
    text = f"{side} {t} → 天干 {plain} ({verse}; 세 효가 모두 받는다): {pos} {plain}"
    if stem != plain:
        text = (f"{side} {t} → 天干 {plain} ({verse}); {c.option('najia_season')}에는 乾坤의 "
                f"天干을 맞바꾼다(二老時遷): {pos} {stem}")
        return Note(f"{ln.position}.gan", "najia-gan-seasonal", "納甲 天干", text,
                    passages_of("najia-gan", "najia-gan-seasonal"))
    return Note(f"{ln.position}.gan", "najia-gan", "納甲 天干", text, passages_of("najia-gan"))


def branch_note(c: Chart, ln: ChartLine) -> Note:
    outer, t = _trigram(c, ln.position)
    three = "·".join(str(b) for b in trigram_branches(t, outer))
    start = "四爻" if outer else "初爻"
    text = (f"{'外卦' if outer else '內卦'} {t} → 地支 {three} ({start}부터 차례로): "
            f"{POS_ZH[ln.position]} {ln.branch}")
    return Note(f"{ln.position}.zhi", "najia-zhi", "納甲 地支", text, passages_of("najia-zhi"))


def relative_note(c: Chart, ln: ChartLine) -> Note:
    me, x = c.primary.palace_element, ln.element
    why = RELATION_KO[relation(me, x)].format(x=x, e=me)
    text = (f"{c.primary.palace}宮의 五行 {me}이 我: {POS_ZH[ln.position]} {ln.branch}{x} — "
            f"{why} → {ln.relative}")
    return Note(f"{ln.position}.rel", "liuqin", "六親", text, passages_of("liuqin"))


def spirit_note(c: Chart, ln: ChartLine) -> Note:
    stem = c.day.stem
    start = LIUSHEN_DAY_START[stem]
    text = (f"日干 {stem} → 初爻에 {start} ({day_verse(stem)}日起{start}), 위로 "
            f"{SPIRIT_ORDER} 차례: {POS_ZH[ln.position]} {ln.spirit}")
    return Note(f"{ln.position}.spirit", "liushen-day", "六神", text, passages_of("liushen-day"))


def who_note(c: Chart, ln: ChartLine) -> Note:
    p = c.primary
    text = (f"{p.name}: {p.palace}宮 {p.generation}卦 → 世 {POS_ZH[p.shi]}, 應 {POS_ZH[p.ying]}"
            " (應은 世에서 세 자리 떨어진다)")
    return Note(f"{ln.position}.who", "shi-ying", "世應", text,
                passages_of("bagong-16bian", "shi-ying"))


HIDDEN_WHY: Final = {"八純": "八純卦 아래에는 짝이 되는 八純卦가 伏한다(乾伏坤)",
                     "游魂": "游魂卦는 京房을 따라 伏卦를 정한다",
                     "歸魂": "歸魂卦는 京房을 따라 伏卦를 정한다"}


def hidden_note(c: Chart, ln: ChartLine) -> Note | None:
    h, p = ln.hidden, c.primary
    if h is None or p.hidden_hexagram is None:
        return None
    why = HIDDEN_WHY.get(p.generation, f"{p.generation}卦 아래에는 {p.palace}宮의 八純卦가 伏한다")
    text = (f"伏卦 {p.hidden_hexagram.full_name} ({why}): 같은 자리 {POS_ZH[ln.position]}의 "
            f"{h.stem}{h.branch}{h.element} {h.relative} → 이 효 아래의 伏神")
    return Note(f"{ln.position}.fu", "fu-shen", "伏神", text, passages_of("fu-shen"))


def riyue_notes(c: Chart, ln: ChartLine) -> Iterator[Note]:
    st, pos, br = ln.state, ln.position, f"{ln.branch}{ln.element}"
    month = c.month
    if st.get("wangxiang"):
        w = st["wangxiang"]
        yield Note(f"{pos}.wang", "wangshuai-method", "旺衰",
                   f"{month}月 → 月建 {month}{branch_phase(month)}: {POS_ZH[pos]} {br} "
                   f"{WANG_KO[w]} → {w}", passages_of("wangshuai-method"))
    if st.get("void"):
        void = "".join(map(str, c.void))
        yield Note(f"{pos}.void", "xunkong", "旬空",
                   f"{c.day.zh}日 → {c.xun}旬, 旬에 들지 못한 두 地支 {void}: "
                   f"{POS_ZH[pos]} {ln.branch} → 旬空",
                   passages_of("xunkong"))
    if st.get("month_broken"):
        yield Note(f"{pos}.broken", "yuepo", "月破",
                   f"月建 {month} 沖 {POS_ZH[pos]} {ln.branch} ({month}{ln.branch} 相沖): "
                   "달에 깨진 효 → 月破",
                   passages_of("yuepo"))
    clash = st.get("day_clash")
    if clash:
        yield Note(f"{pos}.clash", "richong-types", "日沖",
                   f"日辰 {c.day.branch} 沖 {ln.branch}: 날이 치는 효 → 日沖 {clash['kind']}, "
                   f"{clash['effect']}", passages_of("richong-types", "richong-4"))


def change_note(c: Chart, ln: ChartLine) -> Note | None:
    if c.changed is None or not ln.moving:
        return None
    to = c.changed.line(ln.position)
    kind = "老陽(重) 陽이 陰으로" if ln.yang else "老陰(交) 陰이 陽으로"
    text = (f"{POS_ZH[ln.position]} {ln.stem}{ln.branch}{ln.element} 動 — {kind} 변한다 → "
            f"{c.changed.name}의 {POS_ZH[ln.position]} {to.stem}{to.branch}{to.element} "
            f"{to.relative}")
    return Note(f"{ln.position}.chg", "dongyao", "動變", text, passages_of("dongyao"))


ROLE_KO: Final = (("元神", "yuan", "用神의 五行을 生하는 六親"),
                  ("忌神", "ji", "用神의 五行을 克하는 六親"),
                  ("仇神", "chou", "元神의 五行을 克하고 忌神을 生하는 六親"))
"""The three roles beside the 用神 and what makes each (p281-s1)."""


def role_notes(c: Chart) -> Iterator[Note]:
    r: Roles | None = asked(c)
    if r is None:
        return
    q = f"「{r.question.text}」" if r.question else "직접 준 用神"
    why = f" — {r.when}" if r.when else ""
    yong = tuple(dict.fromkeys((*r.passages, *r.choice_passages,
                                *passages_of("yongshen-source"))))
    how = f" · {r.choice_ko}" if r.choice_passages else ""
    seen: set[int] = set()
    for a in r.yong:
        seen.add(a.position)
        yield Note(f"{a.position}.role", "yongshen-source", "用神",
                   f"물음 {q}의 用神 {r.value}{why} → {a.label(c)}{how}", yong)
    for title, attr, what in ROLE_KO:
        role = getattr(r, attr)
        for pos in role.lines:
            if pos in seen:
                continue
            seen.add(pos)
            yield Note(f"{pos}.role", "yuan-ji-chou", title,
                       f"{title} {role.relative}: {what} (用神 {r.relative}) → {POS_ZH[pos]}",
                       passages_of("yuan-ji-chou"))


def line_notes(c: Chart, ln: ChartLine) -> Iterator[Note]:
    yield stem_note(c, ln)
    yield branch_note(c, ln)
    yield relative_note(c, ln)
    yield spirit_note(c, ln)
    if ln.position in (c.primary.shi, c.primary.ying):
        yield who_note(c, ln)
    for note in (hidden_note(c, ln), change_note(c, ln)):
        if note is not None:
            yield note
    yield from riyue_notes(c, ln)


def cell_notes(c: Chart) -> tuple[Note, ...]:
    """Every cell note of the chart *c*, the lines from the 初爻 up, then the roles."""
    out = [n for ln in c.primary.lines for n in line_notes(c, ln)]
    return (*out, *role_notes(c))
