"""類總章: the summary chapter — the eighteen grades of the 用神, 元忌仇, the ten taboos of 世應,
and 刻期.

Source: 易冒 p275–p295 (¶547–587).

>>> yuan_ji_chou(Relative.QICAI)
(Relative.ZISUN, Relative.XIONGDI, Relative.FUMU)
>>> from compute.engine.chart import chart
>>> c = chart("大過", month="亥", day="戊午")
>>> c.primary.line(1).state["grade"], c.primary.line(6).state["grade"]
({'n': 11, 'name': '安空'}, {'n': 4, 'name': '相'})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compute.book.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, TU_CHANGSHENG_CHOICES, stage_at
from compute.book.liuqin import Relative
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import BRANCH_ZH, CLASH, context
from compute.lifa.guisha import suimu, zhushang
from compute.lifa.hechong import hechu_fengchong
from compute.registry import Finding, doctrine, primary_states, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

GRADES: Final = table(
    "yongshen-18", "看用神十八法", "간용신십팔법",
    ("p291-s1", "p292-s1", "p293-s1", "p293-s2"),
    ("日神", "月將", "旺", "相", "生", "變生", "動生", "安", "有玷", "旺相空", "安空", "洩氣",
     "死氣", "日破", "月破", "克空", "竟無", "散"),
    "compute.lifa.leizong.GRADES",
)
"""The eighteen grades, best to worst: 1–8 全吉, 9–11 半吉, 12–18 凶陷 (p291-s1 … p293-s1)."""


@rule("yongshen-18", kind="line", lines="primary")
def grade_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``grade``: the line's grade {n, name} among the eighteen, as if it were the 用神.

    Tests, in order: on the 日 (1 日神) or 月 (2 月將); moving and 散 (18); 月破 (15);
    empty (not 建空/動空, not filled by the day's clash): 克 by 日, 月 or a moving line
    without 生 → 克空 (16), 旺相 → 旺相空 (10), else 安空 (11, "有生無克"); a static 休囚
    line clashed by the day (暗破) → 日破 (14); 克 without 生 → 死氣 (13); 克 by one of 日月
    and 生 by the other → 有玷 (9); 日, 月 and the moving lines all drain it → 洩氣 (12); 日
    or 月 of its phase → 旺 (3); 日 or 月 生 it → 相 (4); a moving 元神 and a moving 忌神
    together → 生 ("貪生忘克", 5); its changed line 生 it → 變生 (6); a moving line 生 it →
    動生 (7); otherwise 安 (8). 竟無 (17) belongs to an absent 六親 (``benwu-eryou``).
    """
    c = chart.context or context(chart)
    on_day, on_month, san, broken, phs, dact, mact, cbr, cok, gcnt, gpos, lmov, br, is_void, \
        strong = (c.on_day, c.on_month, c.san, c.broken, c.ph, c.dact, c.mact, c.cbr, c.cok,
                  c.gcnt, c.gpos, c.lmov, c.br, c.is_void, c.strong)
    clashed_b, n_good = CLASH[c.day], len(c.good)   # the branch the day clashes
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        if on_day[i]:
            n = 1
        elif on_month[i]:
            n = 2
        elif san[i]:
            n = 18
        elif broken[i]:
            n = 15
        else:
            ph = phs[i]
            d, m = dact[ph], mact[ph]
            bian = ACTS_TABLE[BRANCH_PHASE_INT[cbr[i]]][ph] if cok[i] else None
            # the other moving lines neither 破 nor 散, by the counts of their phases: phase − 1
            # 生 it, its own phase 比 (less the line itself), phase − 2 克 it, phase + 1 洩 it
            me = gpos[i]
            m_sheng, m_ke = gcnt[(ph + 4) % 5], gcnt[(ph + 3) % 5]
            sheng = d in _HELP or m in _HELP or bian in _HELP or m_sheng > 0 or gcnt[ph] - me > 0
            ke = d == "克" or m == "克" or bian == "克" or m_ke > 0
            moving = lmov[i]
            clashed = br[i] == clashed_b
            if is_void[i] and not moving and not clashed:   # a day clash fills it (p287-s1 七)
                n = 16 if ke and not sheng else 10 if strong[i] else 11
            elif not moving and clashed and not strong[i] and not is_void[i]:
                n = 14
            elif ke and not sheng:
                n = 13
            elif (d == "克" and m in _HELP) or (m == "克" and d in _HELP):
                n = 9
            elif d == "洩" and m == "洩" and gcnt[(ph + 1) % 5] == n_good - me:   # all drain it
                n = 12
            elif d == "比" or m == "比":
                n = 3
            elif d == "生" or m == "生":
                n = 4
            elif m_sheng and m_ke:
                n = 5
            elif bian == "生":
                n = 6
            elif m_sheng:
                n = 7
            else:
                n = 8
        st["grade"] = {"n": n, "name": GRADES[n - 1]}


_HELP: Final = frozenset(("生", "比"))


YUAN_JI_CHOU: Final = table(
    "yuan-ji-chou", "用神 / 元神 / 忌神 / 仇神", "용신 / 원신 / 기신 / 구신",
    ("p281-s1", "p281-s2", "p123-s2"),
    ("元 生用", "忌 克用", "仇 克元 (生忌)"),
    "compute.lifa.leizong.YUAN_JI_CHOU",
)
"""元神 生 the 用, 忌神 克 it (p281-s1 "有用神則必有忌神 … 有用神必有元神"); 仇神 (named at
p123-s2 注 "用神元神欲其進，忌神仇神欲其退", never defined) is read as the one that 克 the 元神,
which is also the one that 生 the 忌神."""


def yuan_ji_chou(yong: Relative) -> tuple[Relative, Relative, Relative]:
    """(元神, 忌神, 仇神) of a 用神, by the 六親 cycle 父 → 兄 → 子 → 財 → 官 → 父 (生).

    >>> yuan_ji_chou(Relative.GUANGUI)
    (Relative.QICAI, Relative.ZISUN, Relative.XIONGDI)
    """
    order = (Relative.FUMU, Relative.XIONGDI, Relative.ZISUN, Relative.QICAI, Relative.GUANGUI)
    k = order.index(yong)
    return order[(k - 1) % 5], order[(k - 2) % 5], order[(k - 3) % 5]


@rule("shi-ying-ji-10", "世應 十忌", "세응 십기", ("p280-s1", "p280-s2", "p280-s3"),
      kind="finding")
def shi_ying_ji(chart: Chart) -> list[Finding]:
    """The ten taboos of 世 and 應 (p280-s1): 空 (無成), 破 (多敗), 絕 (多困), 散 (全失), 墓
    (難舉), 動 (多變), 合沖 (將成而敗), 隨墓, 助傷, 升降進退 (降 or 退).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("乾", "夬", month="寅", day="丙戌").findings
    ...  if f.rule == "shi-ying-ji-10"]
    ['世 上爻 戌土父母 忌: 動']
    """
    out: list[Finding] = []
    c = chart.context or context(chart)
    h = chart.primary
    hc: set[int] = set()   # the lines of each finding read (plain loops: no comprehensions)
    for f in hechu_fengchong(chart):
        hc.update(f.lines)
    sm: set[int] = set()
    for f in suimu(chart):
        sm.update(f.lines)
    zs: set[int] = set()
    for f in zhushang(chart):
        zs.update(f.lines)
    for who, p in (("世", h.shi), ("應", h.ying)):
        st = c.lines[p - 1].state
        i = p - 1
        bad = []
        if st.get("void") not in (None, "建空", "動空", "填實"):
            bad.append("空")
        if c.broken[i]:
            bad.append("破")
        # a line on the 月建 "絕而不絕" (p145-s1); a line on the day is its own 帝旺
        day_stage = None if c.on_month[i] else (st.get("changsheng") or {}).get("day")
        if day_stage == "絕":
            bad.append("絕")
        if c.san[i]:
            bad.append("散")
        if day_stage == "墓":
            bad.append("墓")
        if c.lines[i].moving:
            bad.append("動")
        if p in hc:
            bad.append("合沖")
        if p in sm:
            bad.append("隨墓")
        if p in zs:
            bad.append("助傷")
        sj, jt = st.get("shengjiang"), st.get("jintui")
        if sj in ("降", "真降") or jt in ("退神", "實退"):
            bad.append("升降進退")
        if bad:
            out.append(Finding.of("shi-ying-ji-10", _say_ji, (p,), kind=who,
                                  facts={"line": c.line_name(p), "taboos": tuple(bad)}))
    return out


def _say_ji(f: Mapping[str, Any]) -> str:
    """世 上爻 戌土父母 忌: 動 — the 世 or 應 (kind), its line, the taboos it meets."""
    return f"{f['kind']} {f['line']} 忌: {', '.join(f['taboos'])}"


@rule("keqi", "刻期", "각기", ("p294-s1", "p294-s2"), kind="line", lines="primary")
def keqi_state(chart: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """``keqi``: the days the line points to, by the rules of p294-s2 that need no question: an
    empty line → the day that clashes it ("主象空而沖可獲") or fills it (its own branch, "值");
    a 旺相 line → its 墓 ("用爻旺而墓乃收"); a line 絕 on the day but 生 by a moving line → its
    長生 ("絕逢生而出焉"); a 休囚 line helped (生) by a moving line → the branch of its own phase's
    臨官 ("衰遇扶而成矣")."""
    c = chart.context or context(chart)
    says = _KEQI_SAY[c.tu]
    br, ph, strong, is_void, on_month, mcnt = c.br, c.ph, c.strong, c.is_void, c.on_month, c.mcnt
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        p = ph[i]
        found = [*_KEQI_VOID[br[i]]] if is_void[i] and not on_month[i] else []
        say = says[p]
        if strong[i]:
            found.append(say[0])
        if mcnt[(p + 4) % 5]:   # a moving line of the phase that 生 it (never the line itself)
            if (six[i].state.get("changsheng") or {}).get("day") == "絕":
                found.append(say[1])
            elif not strong[i]:
                found.append(say[2])
        st["keqi"] = found


_KEQI_VOID: Final = tuple((f"沖 {BRANCH_ZH[CLASH[b]]} (空)", f"值 {BRANCH_ZH[b]} (填實)")
                          for b in range(12))
"""The two days of an empty line of each branch (its clash, itself)."""
_KEQI_SAY: Final = {
    tu: tuple((f"墓 {BRANCH_ZH[stage_at(p, '墓', tu)]} (旺)",
               f"生 {BRANCH_ZH[stage_at(p, '長生', tu)]} (絕逢生)",
               f"扶 {BRANCH_ZH[stage_at(p, '臨官', tu)]} (衰遇扶)") for p in range(5))
    for tu in TU_CHANGSHENG_CHOICES}
"""``_KEQI_SAY[tu][phase]``: the 墓, 長生 and 臨官 days of a phase, as keqi says them."""


for _rid, _zh, _ko, _passages, _reason in (
    ("yongshen-source", "用神所取", "용신소취", ("p275-s1", "p275-s2", "p275-s3"),
     "without a question the 用神 is not chosen: compute grades every line and every 六親; "
     "with one (chart(question=…)) compute.shilei.quyong names it"),
    ("gua-yong-8", "卦用八法", "괘용팔법", ("p276-s1", "p276-s2", "p276-s4", "p276-s6",
                                        "p277-s2", "p277-s4", "p277-s6", "p277-s8", "p278-s2",
                                        "p278-s4", "p278-s5"),
     "an index of hexagram-level signs computed elsewhere: 沖合 (liuchong-gua, liuhe-gua), 反伏 "
     "(fanyin-gua, fuyin), 墓絕 (gua-mujue), 歸遊 (youhun-guihun-use), 卦候 (gua-wangxiang-8), "
     "卦義/卦驗 (guayi-table); for a question whose 用 is a trigram compute.shilei.quyong "
     "gathers them"),
    ("yao-yong-6", "爻用六法", "효용육법", ("p279-s1", "p279-s13", "p279-s14"),
     "an index of line-level uses (世應, 兩身, 六親, 六神, 爻位, 變互) computed by the core "
     "and by the line states here; for a question whose 用 is a line compute.shilei.quyong "
     "applies it"),
    ("dongbian-rules", "動變之當察", "동변지당찰", ("p282-s1", "p282-s2", "p282-s3", "p282-s4"),
     "applied throughout: a changed line acts only on its own moving line (grade 變生, 絕處逢生 "
     "forms 2, 3), a changed line 空破 has no force (changsheng.bian, grade), a moving line acts "
     "on all lines; on the 用 of a question compute.shilei.quyong reports them"),
    ("riyue-quan", "日月之當權", "일월지당권", ("p284-s1", "p284-s2", "p284-s3", "p284-s4",
                                          "p284-s5", "p284-s6", "p284-s7"),
     "applied throughout: the month judged by 旺相休囚死 (wangxiang), the day by the twelve "
     "stages (compute.lifa.riyue.day_acts), 日建 never 破, 月建 never 空 (month_broken, void)"),
    ("xian-suo-bushan", "先索其不善", "선색기불선", ("p295-s2", "p295-s3"),
     "a method of reading (look for the bad first), not a computation"),
):
    doctrine(_rid, _zh, _ko, _passages, _reason)
