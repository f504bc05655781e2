"""有無章, 天干章, 當時章, 獨發章, 兩現章, 絕生章: finding and weighing the 用神.

Source: 易冒 p124–p126 (¶245–249), p136–p139 (¶269–275), p166–p178 (¶329–353),
p197–p200 (¶391–397).

The 用神 depends on the question, which a chart does not know; so these rules look at every
六親 (有無, 兩現, 天干化用) or every line (絕處逢生) as a possible 用神.

>>> from compute.engine.chart import chart
>>> c = chart("觀", "萃", month="申", day="丙子", year="辛卯")   # p137-s2 注
>>> for f in c.findings:
...     if f.rule == "ganhua-yong":
...         print(f.summary)
天干化用: 四爻 辛 + 日干 丙、月干 丙 → 化水 = 子孫 (飛伏無子孫)
天干化用: 上爻 辛 + 日干 丙、月干 丙 → 化水 = 子孫 (飛伏無子孫)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from compute.book.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, TU_CHANGSHENG_CHOICES, day_action
from compute.book.ganzhi import STEM_ZH, Stem
from compute.book.gua import TRIGRAM_PHASE, Hexagram, Trigram
from compute.book.liuqin import RELATIVE_ZH, Relative, relative
from compute.book.wuxing import KE_BY, PHASE_ZH, SHENG_BY, Phase, gan_he
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import BRANCH_ZH, CLASH, POS_ZH, Context, context
from compute.lifa.feifu import fu_out_by_rule
from compute.lifa.findings import BIT_POSITIONS, relatives
from compute.lifa.hechong import LIUHE
from compute.registry import Finding, primary_states, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

RELATIVES: Final = tuple(Relative)


_AT: Final = BIT_POSITIONS
"""``_AT[bits]``: the positions 1–6 set in *bits* (bit p − 1 for position p), in order (the
bits of :func:`compute.lifa.findings.relatives`)."""


_BY_OFFSET: Final = tuple(int(relative(Phase.MU, Phase(d))) for d in range(5))
_REL_OF: Final = tuple(tuple(_BY_OFFSET[(p - me) % 5] for p in range(5)) for me in range(5))
"""``_REL_OF[palace phase][phase]``: :func:`~compute.book.liuqin.relative` as ints (it goes by the
phases' offset)."""


def _gan_he_table() -> tuple[tuple[int, ...], ...]:
    """:func:`~compute.book.wuxing.gan_he` as ints, −1 for no 合: a stem combines only with the
    stem five away."""
    rows = [[-1] * 10 for _ in range(10)]
    for a in range(10):
        ph = gan_he(Stem(a), Stem((a + 5) % 10))
        assert ph is not None
        rows[a][(a + 5) % 10] = int(ph)
    return tuple(tuple(r) for r in rows)


_GAN_HE: Final = _gan_he_table()
"""``_GAN_HE[stem][stem]``: the phase the two stems combine into (−1: none)."""
_TRIGRAM_PHASE: Final = tuple(int(TRIGRAM_PHASE[t]) for t in Trigram)
"""``_TRIGRAM_PHASE[trigram bits]``: :data:`~compute.book.gua.TRIGRAM_PHASE` as ints."""
_NO_STATE: Final[Mapping[str, Any]] = MappingProxyType({})


def _masks(acts: tuple[str, ...]) -> tuple[int, int, int]:
    """The phases (as bits, bit p for phase p) that *acts* (how the day or the month acts on
    each phase) 克, 生, and 生 or 比."""
    ke = sheng = help_ = 0
    for p in range(5):
        a = acts[p]
        if a == "克":
            ke |= 1 << p
        elif a == "生":
            sheng |= 1 << p
            help_ |= 1 << p
        elif a == "比":
            help_ |= 1 << p
    return ke, sheng, help_


_DAY_ACTS: Final = {acts: _masks(acts) for acts in {
    tuple(day_action(p, day, tu) for p in range(5))
    for tu in TU_CHANGSHENG_CHOICES for day in range(12)}}
"""``_DAY_ACTS[dact]``: :func:`_masks` of the day's actions (a context's ``dact``)."""
_MONTH_ACTS: Final = {acts: _masks(acts) for acts in ACTS_TABLE}
"""``_MONTH_ACTS[mact]``: :func:`_masks` of the month's actions (a context's ``mact``)."""


_CHENGGE: Final = frozenset(Hexagram.from_name(n).bits for n in ("升", "觀"))
_NAMED: Final = tuple(tuple(BRANCH_ZH[b] + PHASE_ZH[BRANCH_PHASE_INT[b]] + RELATIVE_ZH[r]
                            for r in range(5)) for b in range(12))
"""``_NAMED[branch][relative]``: 亥水子孫, the part of a line's name after its position."""
_POS_SP: Final = tuple(p + " " for p in POS_ZH)


def _name(c: Context, p: int) -> str:
    """四爻 亥水子孫: :meth:`Context.line_name` from string tables."""
    return f"{_POS_SP[p]}{_NAMED[c.br[p - 1]][c.lines[p - 1].relative]}"


@rule("ganhua-yong", "天干合化 為用", "천간합화 위용",
      ("p136-s2", "p137-s2", "p138-s1", "p138-s2", "p139-s1", "p289-s5"), kind="finding")
def ganhua_yong(chart: Chart) -> list[Finding]:
    """天干化用 (p137-s2): when a 六親 is absent from the 飛 lines and no 伏 of it comes out
    (p139-s1 注 "必因飛伏無用爻，而後求此法也"), the stem of a moving line 合 with the 日干 (then
    the 月干) may give it: the combined phase read as a 六親 of the palace. 一動 (獨發) first,
    日干 before 月干 (p139-s1)."""
    c = chart.context or context(chart)
    if not c.moving:
        return []
    _, fu, shown = relatives(c)
    if shown == 31:
        return []   # every relative on the 飛 lines
    rel_of = _REL_OF[c.palace]
    partners = [("日干", chart.day.stem)]
    if chart.month_pillar is not None:
        partners.append(("月干", chart.month_pillar.stem))
    wanted = 0   # the relatives a moving line's stem combines into, as bits
    for p in c.moving:
        he = _GAN_HE[c.lines[p - 1].stem]
        for _, t in partners:
            ph = he[t]
            if ph >= 0:
                wanted |= 1 << rel_of[ph]
    wanted &= ~shown
    if not wanted:
        return []   # none absent from the 飛 lines
    missing = set()   # absent from the 飛 lines, and no 伏 of it comes out
    for r in range(5):
        if wanted >> r & 1:
            for p in _AT[fu[r]]:
                if fu_out_by_rule(chart, p):
                    break
            else:
                missing.add(r)
    if not missing:
        return []
    solo = len(c.moving) == 1
    out = []
    for p in c.moving:
        he = _GAN_HE[c.lines[p - 1].stem]
        hits: dict[Phase, list[str]] = {}
        for who, t in partners:
            ph = he[t]
            if ph >= 0 and rel_of[ph] in missing:
                hits.setdefault(Phase(ph), []).append(f"{who} {Stem(t)}")
        for ph, whos in hits.items():
            out.append(Finding.of("ganhua-yong", _say_ganhua, (p,), kind="天干化用", facts={
                "position": p, "stem": Stem(c.lines[p - 1].stem), "partners": tuple(whos),
                "element": ph, "relative": relative(Phase(c.palace), ph), "solo": solo}))
    return out


def _say_ganhua(f: Mapping[str, Any]) -> str:
    """天干化用: 二爻 丁 + 日干 壬 → 化木 = 父母 (飛伏無父母)."""
    solo = " (獨發)" if f["solo"] else ""
    return (f"天干化用: {POS_ZH[f['position']]} {f['stem']} + {'、'.join(f['partners'])} → "
            f"化{f['element']} = {f['relative']} (飛伏無{f['relative']}){solo}")


@rule("benwu-eryou", "本無而有", "본무이유", ("p124-s1", "p124-s2", "p126-s1"), kind="finding")
def benwu_eryou(chart: Chart) -> list[Finding]:
    """A 六親 absent from the 飛 lines that still counts (p124-s2): (1) a 伏 under the 世 or a
    moving line that comes out; (2) the 日 or 月 branch is of it; (3) it appears in a changed
    line or the 互卦 ("飛重於伏，伏重於日月，變重於互"). When none holds it is 竟無 (p293-s1).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("小畜", month="子", day="甲子").findings
    ...  if f.rule == "benwu-eryou"]
    ['官鬼 不上卦: 日月 無; 互 有; 伏 三爻下 酉 (靜下, 出)']
    """
    c = chart.context or context(chart)
    _, fus, shown = relatives(c)
    if shown == 31:
        return []   # every relative is on the lines
    rel_of = _REL_OF[c.palace]
    hu = chart.primary.hugua
    hu_rel = () if hu is None else (rel_of[_TRIGRAM_PHASE[hu.bits & 7]],
                                    rel_of[_TRIGRAM_PHASE[hu.bits >> 3]])
    on_day, on_month = rel_of[BRANCH_PHASE_INT[c.day]], rel_of[BRANCH_PHASE_INT[c.month]]
    shi = chart.primary.hexagram.shi
    changed, cbr = c.changed, c.cbr
    vary = [0, 0, 0, 0, 0]   # per relative: the moving positions changing into it, as bits
    for p in c.moving:
        vary[changed[p - 1].relative] |= 1 << p - 1
    out = []
    for r in range(5):
        if shown >> r & 1:
            continue
        riyue = ("日、月" if on_month == r else "日") if on_day == r else \
            ("月" if on_month == r else "")
        parts = ["日月 " + (riyue or "無")]
        bian = _AT[vary[r]]
        if bian:
            parts.append("變 " + "、".join([POS_ZH[p] + BRANCH_ZH[cbr[p - 1]] for p in bian]))
        parts.append("互 有" if r in hu_rel else "互 無")
        fu = _AT[fus[r]]
        for p in fu:
            ln = c.lines[p - 1]
            where = "世下" if p == shi else ("動下" if ln.moving else "靜下")
            parts.append(f"伏 {POS_ZH[p]}下 {BRANCH_ZH[ln.hidden.branch]} "
                         f"({where}, {ln.state.get('fu_chu')})")
        if not (riyue or bian or fu or r in hu_rel):
            parts.append("竟無 (p293-s1 十七)")
        out.append(Finding("benwu-eryou", f"{RELATIVE_ZH[r]} 不上卦: {'; '.join(parts)}"))
    return out


@rule("benyou-erwu", "本有而無", "본유이무", ("p125-s1", "p125-s2", "p126-s2"), kind="line",
      lines="primary")
def youwu_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``youwu``: why a present line is "本有而無" (p125-s1): 月破; 死絕無救 (死 or 絕 on the day
    with no 生 from 日, 月 or a moving line); 衰遇旬空 (休囚 and 空); 發動交傷 (moving, 克 by
    another moving line, and 日 or 月 克 it too). [] when none."""
    c = chart.context or context(chart)
    cph, dact, mact, lmov = c.ph, c.dact, c.mact, c.lmov
    broken, strong, is_void, on_month = c.broken, c.strong, c.is_void, c.on_month
    gcnt, mcnt = c.gcnt, c.mcnt   # per phase: the moving lines (neither 破 nor 散; all)
    six = c.lines   # the states read (長生) are the chart's lines' own, whatever *states* is
    dk, _, dh = _DAY_ACTS[dact]
    mk, _, mh = _MONTH_ACTS[mact]
    kes, helped = dk | mk, dh | mh   # phases 克 by 日 or 月; 生 or 比 by 日 or 月 (bits)
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        ph = cph[i]
        out = []
        if broken[i]:
            out.append("月破")
        if (not helped >> ph & 1 and not gcnt[SHENG_BY[ph]]   # (never the line itself)
                and (six[i].state.get("changsheng") or _NO_STATE).get("day") in ("死", "絕")):
            out.append("死絕無救")   # no 生 from 日, 月 or a sound moving line
        moving = lmov[i]
        if not strong[i] and is_void[i] and not moving and not on_month[i]:
            out.append("衰遇旬空")
        if moving and kes >> ph & 1 and mcnt[KE_BY[ph]]:
            out.append("發動交傷")
        st["youwu"] = out


@rule("dufa-dujing", "獨發 / 獨靜", "독발 / 독정",
      ("p168-s2", "p168-s3", "p169-s1", "p171-s4", "p172-s2"), kind="finding")
def dufa(chart: Chart) -> list[Finding]:
    """獨發 (one line moves) or 獨靜 (one line rests among five moving): the event shows on the day
    (or year) of that line's own pillar (值), or of its 合 for 獨發, its 沖 for 獨靜 (p171-s4
    "靜而獨發，以值以合，動而獨靜，以值以沖"); 吉凶 still come from the 用神 (p172-s2).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("乾", "小畜", month="未", day="戊午").findings
    ...  if f.rule == "dufa-dujing"]   # p170-s1 注: 至甲午日而回祿
    ['獨發 四爻 午火官鬼 甲午: 應期 值 甲午, 合 未']
    """
    c = chart.context or context(chart)
    n = len(c.moving)
    if n == 1:
        p = c.moving[0]
        kind, other = "獨發", f"合 {BRANCH_ZH[LIUHE[c.br[p - 1]]]}"
    elif n == 5:
        p = next(q for q in range(1, 7) if q not in c.moving)
        kind, other = "獨靜", f"沖 {BRANCH_ZH[CLASH[c.br[p - 1]]]}"
    else:
        return []
    ln = c.lines[p - 1]
    gz = STEM_ZH[ln.stem] + BRANCH_ZH[ln.branch]
    return [Finding("dufa-dujing", f"{kind} {_name(c, p)} {gz}: 應期 值 {gz}, {other}", (p,))]


def injuries(c: Context, p: int) -> list[str]:
    """傷 of a line for 兩現 (p173-s3 注 "旬空月破沖散克傷之類").

    >>> from compute.engine.chart import chart
    >>> injuries(context(chart("大過", month="亥", day="戊午")), 1)
    ['空']
    """
    return list(_HURT_WORDS[_hurt(c, p - 1, _DAY_ACTS[c.dact][0] | _MONTH_ACTS[c.mact][0])])


def _hurt(c: Context, i: int, kes: int) -> int:
    """:func:`injuries` of the line at index *i* as bits: 空 1, 破 2, 沖散 4, 克 8 (*kes*: the
    phases 克 by the day or the month, as bits)."""
    moving = c.lmov[i]
    bits = 1 if c.is_void[i] and not moving and not c.on_month[i] and not c.on_day[i] else 0
    if c.broken[i]:
        bits |= 2
    if c.san[i] or (not moving and CLASH[c.br[i]] == c.day and not c.strong[i]):
        bits |= 4
    if kes >> c.ph[i] & 1:
        bits |= 8
    return bits


_HURT_WORDS: Final = tuple(tuple(w for k, w in enumerate(("空", "破", "沖散", "克")) if m >> k & 1)
                           for m in range(16))
_HURT_SAID: Final = tuple(" (" + "、".join(words) + ")" if words else "" for words in _HURT_WORDS)
"""``_HURT_SAID[bits]``: the 傷 after a line's name: " (空、克)", "" for none."""
_HURT_COUNT: Final = tuple(len(words) for words in _HURT_WORDS)


@rule("liangxian", "用神兩現", "용신양현",
      ("p173-s2", "p173-s3", "p174-s1", "p174-s2", "p175-s1", "p178-s1", "p178-s2"),
      kind="finding")
def liangxian(chart: Chart) -> list[Finding]:
    """A 六親 on two (or more) 飛 lines: take the uninjured one (傷 = 空, 破, 沖散, 克), a moving
    one before a static one (p173-s2, p174-s1). Not for 八純's two 土 lines nor 升 and 觀 ("皆有
    成格", p178-s2).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("大過", month="亥", day="戊午").findings
    ...  if f.rule == "liangxian" and f.lines == (1, 6)][0]   # p175-s1 注: 丑空未實
    '妻財 兩現: 初爻 丑土妻財 (空), 上爻 未土妻財 → 取 上爻 未'
    """
    hx = chart.primary.hexagram
    if hx.bits in _CHENGGE:
        return []
    c = chart.context or context(chart)
    fei = relatives(c)[0]
    pure = hx.generation == 0
    br, cph, lmov, lines = c.br, c.ph, c.lmov, c.lines
    kes = _DAY_ACTS[c.dact][0] | _MONTH_ACTS[c.mact][0]
    out = []
    for r in range(5):
        m = fei[r]
        if not m & m - 1:
            continue   # on one line or none
        ps = _AT[m]
        if pure and all(cph[p - 1] == 2 for p in ps):
            continue
        desc, rank = [], []
        for p in ps:
            hurt = _hurt(c, p - 1, kes)
            desc.append(_POS_SP[p] + _NAMED[br[p - 1]][lines[p - 1].relative] + _HURT_SAID[hurt])
            rank.append(_HURT_COUNT[hurt] * 2 + (not lmov[p - 1]))
        least = min(rank)   # the uninjured (fewest 傷), a moving one first; ties in line order
        pick = "、".join([_POS_SP[p] + BRANCH_ZH[br[p - 1]]
                         for p, k in zip(ps, rank, strict=True) if k == least])
        out.append(Finding("liangxian", f"{RELATIVE_ZH[r]} 兩現: {', '.join(desc)} → 取 {pick}",
                           ps))
    return out


@rule("juechu-fengsheng", "絕處逢生", "절처봉생",
      ("p197-s1", "p197-s2", "p197-s3", "p198-s1", "p198-s2", "p200-s4", "p093-s1"),
      kind="finding")
def juechu_fengsheng(chart: Chart) -> list[Finding]:
    """The five 絕處逢生 (p197-s2), for every line as a possible 用神: (1) 日月 克, a moving line
    生; (2) a moving line 克, its own changed line 生; (3) its changed line 克, a moving line 生;
    (4) a 伏 克 by 日月, 生 by its 飛 or a moving line; (5) a 伏 克 by its 飛 or a moving line,
    生 by 日月. Not when the line is 破 or 散, nor when the helper is 破/散 (a changed helper 破 or
    絕) (p198-s1). The 日月's 克 includes the day's 絕 (p200-s4 "唯日月之絕為真絕"). 動變 chapter
    adds "日月克我，變爻來生，猶絕處逢生也" (p093-s1), kept as its own, sixth, form.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("乾", "姤", month="子", day="甲申").findings
    ...  if f.rule == "juechu-fengsheng"][0]   # p197-s1: 木用 申日絕, 水爻動而生
    '絕處逢生 (一: 日月克, 動爻生): 二爻 寅木妻財'
    >>> [f.summary for f in chart("遁", "乾", month="亥", day="乙亥").findings
    ...  if f.rule == "juechu-fengsheng"]   # p093-s2 注: 亥日月用世爻，遇遁之乾
    ['絕處逢生 (猶絕處逢生: 日月克, 變爻生 (p093-s1)): 二爻 午火官鬼']
    >>> [f.summary for f in chart("遁", "乾", month="申", day="乙亥").findings
    ...  if f.rule == "juechu-fengsheng" and 2 in f.lines]   # 在申月 寅破
    []
    """
    c = chart.context or context(chart)
    dact, mact, cph, broken, san, cbr = c.dact, c.mact, c.ph, c.broken, c.san, c.cbr
    gcnt = c.gcnt   # per phase: the moving lines neither 破 nor 散 (never the line itself:
    # a line is not of the phase that 生 or 克 it)
    day = c.day
    pk = (c.month + 6) % 12   # the branch 月破 (not when it is the day's)
    if pk == day:
        pk = -1
    v0, v1 = c.void
    dk, ds, _ = _DAY_ACTS[dact]
    mk, ms, _ = _MONTH_ACTS[mact]
    kes, shengs = dk | mk, ds | ms   # the phases 克 / 生 by 日 or 月, as bits
    day_acts = ACTS_TABLE[BRANCH_PHASE_INT[day]]
    lines = c.lines
    out = []
    for i in range(6):
        if broken[i] or san[i]:
            continue
        ph = cph[i]
        riyue_ke = kes >> ph & 1
        # the line itself as the 用: forms 一 二 三 and p093-s1's
        form = None
        if riyue_ke and gcnt[SHENG_BY[ph]]:
            form = "一: 日月克, 動爻生"
        else:
            cb = cbr[i]
            if cb is not None and cb != pk:  # not 月破
                bph = BRANCH_PHASE_INT[cb]
                jue = dact[bph] == "克" and dact[bph] != day_acts[bph]
                how = ACTS_TABLE[bph][ph]
                if how == "生" and not jue and gcnt[KE_BY[ph]]:
                    form = "二: 動爻克, 變爻生"
                elif how == "克" and gcnt[SHENG_BY[ph]]:
                    form = "三: 變爻克, 動爻生"
                elif riyue_ke and how == "生" and cb != v0 and cb != v1:
                    form = "猶絕處逢生: 日月克, 變爻生 (p093-s1)"
        if form:
            out.append(Finding("juechu-fengsheng", f"絕處逢生 ({form}): {_name(c, i + 1)}",
                               (i + 1,)))
        fu = lines[i].hidden
        if fu is not None:
            fph = fu.element
            how = ACTS_TABLE[ph][fph]   # the 飛 (sound: checked above) on its 伏
            if kes >> fph & 1 and (how == "生" or gcnt[SHENG_BY[fph]]):
                form = "四: 伏受日月克, 飛動生"
            elif (how == "克" or gcnt[KE_BY[fph]]) and shengs >> fph & 1:
                form = "五: 伏受飛動克, 日月生"
            else:
                continue
            out.append(Finding("juechu-fengsheng",
                               f"絕處逢生 ({form}): {POS_ZH[i + 1]}下 伏 {BRANCH_ZH[fu.branch]}"
                               f"{PHASE_ZH[fph]}{RELATIVE_ZH[fu.relative]}", (i + 1,)))
    return out


@rule("houshi", "當時 / 後時", "당시 / 후시", ("p166-s1", "p166-s2", "p166-s3", "p167-s1",
                                          "p167-s2"))
def houshi(chart: Chart, month: str | None = None, day: str | None = None) -> Any:
    """The same cast judged at the time the matter falls due (後時): "若彼月之得，彼日之得，則用神
    當於彼時之令吉焉" (p166-s2). Which time applies is the question's; for routine or open
    questions the casting time stands (p167-s2).

    The book's case (p166-s3 注): 寅建辛亥日占丁巳搖會，得節之中孚 — on the 辛亥 day the 財 巳
    is 絕; on the 丁巳 day of the drawing it is the day itself, and the 兄 子 is 空 (甲寅旬).

    >>> from compute.engine.chart import chart
    >>> c = chart("節", "中孚", month="寅", day="辛亥")
    >>> later = houshi(c, day="丁巳")
    >>> c.primary.line(1).state["changsheng"]["day"], later.primary.line(1).state["riyue"]
    ('絕', ['日辰'])
    >>> later.primary.line(6).state["void"] is not None
    True
    """
    from compute.engine.chart import chart as draw

    opts = dict(chart.options)
    known = ("najia_stems", "najia_season", "najia_basis", "fushen", "hu", "zi")
    return draw(
        lines="".join(str(y.number) for y in chart.cast),
        month=month or str(chart.month), day=day or chart.day.zh,
        year=chart.year.zh if chart.year else None, birth=chart.birth,
        najia_stems=opts.get("najia_stems", "book"), fushen=opts.get("fushen", "book"),
        hu=opts.get("hu", "book"),
        conventions={k: v for k, v in opts.items() if k not in known},
    )
