"""Findings and line annotations of chapters 1–12 (the core), run by :func:`compute.chart`.

The basic date facts used here are the book's simplest: 旬空 (the day's two void branches),
月破 (the line's branch clashed by the 月建), 日沖 (clashed by the 日辰), 旺相 (the month's
element the same as the line's, or generating it). The rules helper's modules add the finer
states (kinds of 空, 暗動, 長生 stages …) to ``line.state``.

>>> from compute import chart
>>> c = chart("困", "兌", month="子", day="戊寅")
>>> [f.summary for f in c.findings if f.rule == "fu-chu"][:1]
['伏 丁巳 官鬼 (世下, 1爻 戊寅 妻財): 出 — 世下: 飛生伏']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from compute.book.ganzhi import BRANCH_ZH, CLASH, STEM_ZH, Branch
from compute.book.gua import HEXAGRAMS, Trigram
from compute.book.liuqin import RELATIVE_ZH, Relative, controlled_by, generated_by, relative
from compute.book.liushen import Spirit
from compute.book.najia import najia
from compute.book.shen import guashen, jianyao
from compute.book.wuxing import KE, SHENG, Phase, branch_phase
from compute.book.xing import WUXING_STARS, hunzhong_xiu
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import context as build_context
from compute.registry import Finding, convention, doctrine, primary_states, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.context import Context

# ------------------------------------------------------------------ basic date facts

JUE: Final = {Phase.JIN: Branch.YIN, Phase.MU: Branch.SHEN, Phase.HUO: Branch.HAI,
              Phase.SHUI: Branch.SI, Phase.TU: Branch.SI}
"""絕 of each phase: 金絕寅, 木絕申, 火絕亥, 水土絕巳 (from "金生巳，木生亥，火生寅，水土生申",
p179-s2 注)."""

def context(c: Chart) -> Context:
    """The chart's context (:func:`compute.engine.context.context`), read without a call when
    the chart already has it."""
    return c.context or build_context(c)


BRANCH_PHASE_INT: Final = tuple(int(branch_phase(Branch(b))) for b in range(12))
"""地支五行 as ints (the same as :data:`compute.book.changsheng.BRANCH_PHASE_INT`)."""

# Integer tables over the phases (木火土金水 = 0–4) and the 六親 (父母 官鬼 兄弟 子孫 妻財 = 0–4),
# derived once from the enums' own methods: the detectors below read these instead of calling
# the enum methods line by line.
_JUE: Final = tuple(int(JUE[Phase(p)]) for p in range(5))
_REL_GEN: Final = tuple(int(generated_by(Relative(r))) for r in range(5))
_REL_CTL: Final = tuple(int(controlled_by(Relative(r))) for r in range(5))


def relatives(k: Context) -> tuple[list[int], list[int], int]:
    """Per relative (an int: 父母 官鬼 兄弟 子孫 妻財 = 0–4), the positions of its 飛 lines and of
    its 伏 as bits (bit p − 1 for position p), and the relatives on the 飛 lines as bits (31: all
    five): one pass a chart, kept in the context's memo for the detectors that ask of every
    relative (here and in compute.lifa.yongshen). Callers must not edit the lists.

    >>> from compute import chart
    >>> fei, fu, shown = relatives(context(chart("乾", month="寅", day="甲子")))
    >>> fei, fu, shown   # 乾: 父母 (0) on lines 3 and 6; it hides 坤, a 伏 under every line
    ([36, 8, 16, 1, 2], [9, 2, 32, 16, 4], 31)
    """
    found = k.memo.get("findings.relatives")
    if found is None:
        fei, fu = [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]
        shown = 0
        bit = 1
        for ln in k.lines:
            r = ln.relative
            fei[r] |= bit
            shown |= 1 << r
            hid = ln.hidden
            if hid is not None:
                fu[hid.relative] |= bit
            bit <<= 1
        found = k.memo["findings.relatives"] = (fei, fu, shown)
    return found


def _bit_positions() -> tuple[tuple[int, ...], ...]:
    """:data:`BIT_POSITIONS`, each set from the set without its lowest position."""
    out: list[tuple[int, ...]] = [()]
    for m in range(1, 64):
        out.append(((m & -m).bit_length(),) + out[m & m - 1])
    return tuple(out)


BIT_POSITIONS: Final = _bit_positions()
"""``BIT_POSITIONS[bits]``: the positions 1–6 set in *bits* (bit p − 1 for position p), in
order: ``BIT_POSITIONS[0b100101] == (1, 3, 6)``."""
_ONE: Final = tuple((p,) for p in range(7))
"""``_ONE[p]``: the positions ``(p,)`` of a finding on one line (one tuple a position)."""


def is_void(c: Chart, b: Branch) -> bool:
    """旬空: *b* is one of the day's two void branches.

    >>> from compute import chart
    >>> is_void(chart("乾", month="寅", day="癸酉"), Branch.HAI)
    True
    """
    return b in c.void


def is_month_broken(c: Chart, b: Branch) -> bool:
    """月破: the month branch clashes *b*.

    >>> from compute import chart
    >>> is_month_broken(chart("乾", month="寅", day="甲子"), Branch.SHEN)
    True
    """
    return (b - c.month) % 12 == 6


def is_day_clashed(c: Chart, b: Branch) -> bool:
    """日沖: the day branch clashes *b*.

    >>> from compute import chart
    >>> is_day_clashed(chart("乾", month="寅", day="甲子"), Branch.WU)
    True
    """
    return (b - c.day.branch) % 12 == 6


def is_prosperous(c: Chart, phase: Phase) -> bool:
    """旺 or 相 in the month: the month's element is the phase or generates it.

    >>> from compute import chart
    >>> c = chart("乾", month="寅", day="甲子")
    >>> is_prosperous(c, Phase.MU), is_prosperous(c, Phase.HUO), is_prosperous(c, Phase.TU)
    (True, True, False)
    """
    m = branch_phase(c.month)
    return m == phase or m.generates() == phase


def _ln(line: ChartLine) -> str:
    """1爻 戊寅 妻財: the line's position, 干支 and 六親 (from string tables)."""
    return f"{_YAO[line.position]}{_GZ[line.stem][line.branch]}{_REL_SP[line.relative]}"


_YAO: Final = tuple(f"{p}爻 " for p in range(7))
_GZ: Final = tuple(tuple(STEM_ZH[s] + BRANCH_ZH[b] if s % 2 == b % 2 else "" for b in range(12))
                   for s in range(10))
"""``_GZ[stem][branch]``: the 干支 written (戊寅)."""
_REL_SP: Final = tuple(" " + r for r in RELATIVE_ZH)


# ------------------------------------------------------------------ 動變 (p087–p093)


@rule("dongyao", "動爻 (六九變，七八不變)", "동효 (육구변, 칠팔불변)", ("p088-s1",))
def moving_positions(c: Chart) -> tuple[int, ...]:
    """Only 老陰 and 老陽 move; "俗傳暗動亦變，上爻雖動不變，皆誤也" (p088-s1 注): a line clashed
    by the day makes no changed line, and the top line changes like any other.

    >>> from compute import chart
    >>> moving_positions(chart(lines="777779", month="寅", day="甲子"))
    (6,)
    """
    return c.moving


@rule("yaowei", kind="line", lines="moving", batch="into")
def xian_yin(c: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """A moving 重 (老陽) is 現 — the matter has begun; a moving 交 (老陰) is 隱 — not yet
    ("交重乃陰陽之象，事已萌者為現，未萌者為隱，陽現而陰隱也", p086-s1 注).

    >>> from compute import chart
    >>> c = chart(lines="967878", month="寅", day="甲子")
    >>> [ln.state.get("xianyin") for ln in c.primary.lines][:3]
    ['現', '隱', None]
    """
    for k, ln in enumerate(lines):
        if ln.moving and ln.role == "primary":
            states[k]["xianyin"] = "現" if ln.yang else "隱"


@rule("bian-hua", "變 / 化", "변 / 화", ("p087-s1", "p087-s2", "p087-s3"),
      kind="line", lines="moving", batch="into")
def bian_hua(c: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """老陰 (交) turning yang is 變 ("六變七"); 老陽 (重) turning yin is 化 ("九化八", p087-s2).

    >>> from compute import chart
    >>> c = chart(lines="967878", month="寅", day="甲子")
    >>> [ln.state.get("bianhua") for ln in c.primary.lines]
    ['化', '變', None, None, None, None]
    """
    for k, ln in enumerate(lines):
        if ln.moving and ln.role == "primary":
            states[k]["bianhua"] = "化" if ln.yang else "變"


@rule("bianyao-power", "日月 > 變爻 > 動爻", "일월 > 변효 > 동효",
      ("p092-s1", "p092-s2", "p092-s3", "p093-s1", "p093-s2"), kind="finding")
def bianyao_power(c: Chart) -> list[Finding]:
    """What each moving line turns into: 化生 / 化克 (its changed line generates / controls it),
    化沖, 化絕 ("動爻不能避於化沖變絕", p093-s1), and a changed line that is 旬空 or 月破 ("變爻
    不能避於旬空月破"). The book's case (p093-s2): 亥日月 遁之乾 — 世 午 化 寅 生我 (絕處逢生);
    in 申月 the 寅 is 破 (and, 申 being after 夏至, the changed 乾 reads 壬寅).

    >>> from compute import chart
    >>> [f.summary for f in chart("遁", "乾", month="申", day="乙亥").findings
    ...  if f.rule == "bianyao-power"]
    ['2爻 丙午 官鬼 化 壬寅: 化生, 日克而變爻生 (猶絕處逢生), 變爻月破']
    >>> [f.summary for f in chart("遁", "乾", month="亥", day="乙亥").findings
    ...  if f.rule == "bianyao-power"]
    ['2爻 丙午 官鬼 化 壬寅: 化生, 日月克而變爻生 (猶絕處逢生)']
    """
    if c.changed is None:
        return []
    k = c.context or context(c)
    day, month, (v0, v1) = k.day, k.month, k.void
    out = []
    day_ctl, month_ctl = KE[BRANCH_PHASE_INT[day]], KE[BRANCH_PHASE_INT[month]]
    br, ph, cbr = k.br, k.ph, k.cbr
    pb = (month + 6) % 12
    for pos in k.moving:
        i = pos - 1
        ae, bb = ph[i], cbr[i]
        be = BRANCH_PHASE_INT[bb]
        gen, ctl = SHENG[be] == ae, KE[be] == ae
        chong, jue = CLASH[br[i]] == bb, _JUE[ae] == bb
        kong = bb == v0 or bb == v1
        if not (gen or ctl or chong or jue or kong or bb == pb):
            continue
        kinds = []
        if gen:
            kinds.append("化生")
            by = ("日" if day_ctl == ae else "") + ("月" if month_ctl == ae else "")
            if by:
                kinds.append(f"{by}克而變爻生 (猶絕處逢生)")
        if ctl:
            kinds.append("化克")
        if chong:
            kinds.append("化沖")
        if jue:
            kinds.append("化絕")
        if kong:
            kinds.append("變爻旬空")
        if bb == pb:
            kinds.append("變爻月破")
        out.append(Finding("bianyao-power",
                           f"{_ln(k.lines[i])} 化 {_GZ[k.changed[i].stem][bb]}: {', '.join(kinds)}",
                           _ONE[pos], data=(("kinds", kinds),)))
    return out


# ------------------------------------------------------------------ 六親 (p056–p057)


@rule("liuqin-dong-shengke", kind="finding")
def liuqin_dong(c: Chart) -> list[Finding]:
    """A moving line acts on the relatives it generates and controls (六親之生象 / 克象):
    財動生鬼, 父動生兄 … 父動克子, 子動克官 … (p056-s1, p057-s1).

    >>> from compute import chart
    >>> [f.summary for f in chart("困", "坎", month="午", day="壬戌").findings
    ...  if f.rule == "liuqin-dong-shengke"]
    ['4爻 丁亥 子孫 動: 生妻財 (1爻), 克官鬼 (3爻)']
    """
    k = c.context or context(c)
    if not k.moving:
        return []
    where = relatives(k)[0]   # per relative: its positions as bits
    lines = k.lines
    out = []
    for pos in k.moving:
        a = lines[pos - 1]
        r = a.relative
        g, x = _REL_GEN[r], _REL_CTL[r]
        out.append(Finding("liuqin-dong-shengke", f"{_ln(a)} 動: 生{RELATIVE_ZH[g]} "
                           f"({_AT[where[g]]}), 克{RELATIVE_ZH[x]} ({_AT[where[x]]})", _ONE[pos]))
    return out


def _written() -> tuple[str, ...]:
    """Each set of positions (as bits) written: 1爻, 4爻 (不現 for none); each from the set
    without its lowest position."""
    out = ["不現"]
    for m in range(1, 64):
        rest = m & m - 1
        out.append(f"{(m & -m).bit_length()}爻, {out[rest]}" if rest else f"{m.bit_length()}爻")
    return tuple(out)


_AT: Final = _written()


# ------------------------------------------------------------------ 六神 (p062)

_RESTRAINT: Final = {
    Spirit.QINGLONG: (Phase.JIN, "龍避金爻: 吉而不吉"),
    Spirit.BAIHU: (Phase.HUO, "虎伏火爻: 凶而不凶"),
    Spirit.ZHUQUE: (Phase.SHUI, "水以制雀"),
    Spirit.XUANWU: (Phase.TU, "土以制武"),
}
_RESTRAINT_PHASE: Final = tuple(int(_RESTRAINT[Spirit(k)][0]) if Spirit(k) in _RESTRAINT else -1
                                for k in range(6))
"""Per spirit (an int): the phase that restrains it, or −1."""
_RESTRAINT_TEXT: Final = tuple(f"{sp} on {_RESTRAINT[sp][0]}: {_RESTRAINT[sp][1]}"
                               if sp in _RESTRAINT else "" for sp in Spirit)
"""Per spirit (an int): the end of the summary ("白虎 on 火: 虎伏火爻: 凶而不凶")."""


@rule("liushen-line-restraint", "龍避金爻 / 虎伏火爻 / 水制雀 / 土制武", "용피금효 / 호복화효",
      ("p062-s2", "p062-s3"), kind="finding")
def liushen_restraint(c: Chart) -> list[Finding]:
    """A spirit (of the day) on a line whose element restrains it (p062-s3). The 注 reads the
    last two as relations between spirits; compute follows the main text's parallel.

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", month="寅", day="甲子").findings
    ...  if f.rule == "liushen-line-restraint"]
    ['6爻 壬戌 父母 元武 on 土: 土以制武']
    >>> [f.summary for f in chart("乾", month="寅", day="丙子").findings
    ...  if f.rule == "liushen-line-restraint"]
    ['1爻 甲子 子孫 朱雀 on 水: 水以制雀', '4爻 壬午 官鬼 白虎 on 火: 虎伏火爻: 凶而不凶']
    """
    out = []
    for ln in c.primary.lines:
        if _RESTRAINT_PHASE[ln.spirit] == ln.element:
            out.append(Finding("liushen-line-restraint",
                               f"{_ln(ln)} {_RESTRAINT_TEXT[ln.spirit]}", _ONE[ln.position]))
    return out


doctrine("liushen-weight", "六神 喜忌", "육신 희기", ("p063-s1", "p064-s2"),
         "a weighting for the reader (日月六神 before 時/貴六神), no value to compute")


# ------------------------------------------------------------------ 世應 (p069–p079)


@rule("wuxing-star", kind="finding")
def star_shows(c: Chart) -> list[Finding]:
    """The 五星 on the 世 shows only when a single line moves ("現於特變 … 必以獨發",
    p071-s2 注).

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", "小畜", month="未", day="戊午").findings
    ...  if f.rule == "wuxing-star"]
    ['獨發: 世 (6爻) 鎮星 (土) 現']
    """
    if len((c.context or context(c)).moving) != 1:
        return []
    star = c.primary.star
    phase = dict(WUXING_STARS)[star]
    shi = c.primary.hexagram.shi
    return [Finding("wuxing-star", f"獨發: 世 ({shi}爻) {star} ({phase}) 現", (shi,),
                    data={"star": star})]


@rule("hunzhong-xing", kind="finding")
def hunzhong(c: Chart) -> list[Finding]:
    """A line whose 宿 (黃金策) is the month's 昏中 宿 is 吉 (p077-s1).

    >>> from compute import chart
    >>> [f.summary for f in chart("艮", month="寅", day="甲子").findings
    ...  if f.rule == "hunzhong-xing"]
    ['5爻 丙子 妻財: 宿 胃 = 寅月 昏中星 (吉)']
    """
    month = c.month
    xiu = hunzhong_xiu(month)
    out = []
    for ln in c.primary.lines:
        if ln.xiu == xiu:
            out.append(Finding("hunzhong-xing",
                               f"{_ln(ln)}: 宿 {xiu} = {BRANCH_ZH[month]}月 昏中星 (吉)",
                               _ONE[ln.position]))
    return out


@rule("shi-xiongzheng", "占世之凶徵", "점세지흉징", ("p078-s1", "p078-s2"), kind="finding")
def shi_signs(c: Chart) -> list[Finding]:
    """The basic conditions of 世 and 應 (p078-s2): 世空 (我求我得不可世空), 應空 (彼有彼來豈宜
    應陷), 破 (敗亡之象), 動 or 沖 (更變之端), 世 化進神/退神 left to 進退 (ch. 16).

    >>> from compute import chart
    >>> [f.summary for f in chart("震", "兌", month="寅", day="癸酉").findings
    ...  if f.rule == "shi-xiongzheng"]
    ['世 6爻 庚戌 妻財 旬空: 我求我得不可世空']
    """
    k = c.context or context(c)
    h = c.primary.hexagram
    s, y = h.shi - 1, h.ying - 1
    shi = k.lines[s]
    out = []
    if k.is_void[s]:
        out.append(Finding("shi-xiongzheng", f"世 {_ln(shi)} 旬空: 我求我得不可世空", (s + 1,)))
    if k.is_void[y]:
        out.append(Finding("shi-xiongzheng", f"應 {_ln(k.lines[y])} 旬空: 彼有彼來豈宜應陷",
                           (y + 1,)))
    if (k.br[s] - k.month) % 12 == 6:
        out.append(Finding("shi-xiongzheng", f"世 {_ln(shi)} 月破: 破散有敗亡之象", (s + 1,)))
    if shi.moving:
        out.append(Finding("shi-xiongzheng", f"世 {_ln(shi)} 動: 動沖為更變之端", (s + 1,)))
    elif (k.br[s] - k.day) % 12 == 6:
        out.append(Finding("shi-xiongzheng", f"世 {_ln(shi)} 日沖: 動沖為更變之端", (s + 1,)))
    return out


@rule("shi-ying-shengke", "世應生克", "세응생극", ("p079-s1", "p079-s2"), kind="finding")
def shi_ying_shengke(c: Chart) -> list[Finding]:
    """世 and 應 (p079-s2 注): 勢 — 世克應 宜, 應克世 不宜; 交 — 應生世 宜, 世生應 不宜.

    >>> from compute import chart
    >>> [f.summary for f in chart("困", "坎", month="午", day="壬戌").findings
    ...  if f.rule == "shi-ying-shengke"]
    ['應 4爻 丁亥 子孫 生 世 1爻 戊寅 妻財: 彼我之交宜應生世']
    """
    h = c.primary.hexagram
    pair = (h.shi, h.ying)
    lines = c.primary.lines
    shi, ying = lines[pair[0] - 1], lines[pair[1] - 1]
    s, y = shi.element, ying.element
    if KE[s] == y:
        text = f"世 {_ln(shi)} 克 應 {_ln(ying)}: 彼我之勢宜世克應"
    elif KE[y] == s:
        text = f"應 {_ln(ying)} 克 世 {_ln(shi)}: 不宜應克世"
    elif SHENG[y] == s:
        text = f"應 {_ln(ying)} 生 世 {_ln(shi)}: 彼我之交宜應生世"
    elif SHENG[s] == y:
        text = f"世 {_ln(shi)} 生 應 {_ln(ying)}: 不宜世生應"
    else:
        text = f"世 {_ln(shi)} 應 {_ln(ying)} 比和"
    return [Finding("shi-ying-shengke", text, pair)]


# ------------------------------------------------------------------ 兩身, 間爻 (p080–p086)


def _conditions(k: Context, ln: ChartLine) -> list[str]:
    """空, 動, 破, and 沖 (a static line clashed by the day) or 散 (a moving one: the book
    scatters a moving line the day clashes, "卯被酉散", p091-s1)."""
    b = ln.branch
    out = []
    if b == k.void[0] or b == k.void[1]:
        out.append("空")
    if ln.moving:
        out.append("動")
    if (b - k.month) % 12 == 6:
        out.append("破")
    if (b - k.day) % 12 == 6:
        out.append("散" if ln.moving else "沖")
    return out


@rule("guashen", kind="finding")
def guashen_finding(c: Chart) -> list[Finding]:
    """卦身: absent ("或闕於卦"), present, twice (兩從之念), and whether it is 空, 破, 動 or 沖
    (p082-s1: 空破主猶豫進退之端，動沖應變更惶惑之義).

    The book's case (p096-s1): 困之兌 in 子月 — 午 官 臨身, 破.

    >>> from compute import chart
    >>> [f.summary for f in chart("困", "兌", month="子", day="戊寅").findings
    ...  if f.rule == "guashen"]
    ['卦身 午 在 3爻 戊午 官鬼 (破)']
    """
    b = guashen(c.primary.hexagram)
    k = c.context or context(c)
    br = k.br
    if b not in br:
        return [Finding("guashen", f"卦身 {BRANCH_ZH[b]} 不現 (卦身之法，或闕於卦)")]
    i = br.index(b)   # on one line, or two (each trigram's branches differ)
    where = (i + 1, br.index(b, i + 1) + 1) if br.count(b) > 1 else _ONE[i + 1]
    notes = []
    for p in where:
        ln = k.lines[p - 1]
        cond = _conditions(k, ln)
        notes.append(f"{_ln(ln)} ({', '.join(cond)})" if cond else _ln(ln))
    twice = " — 重見: 兩從之念" if len(where) > 1 else ""
    return [Finding("guashen", f"卦身 {BRANCH_ZH[b]} 在 {'; '.join(notes)}{twice}", where)]


@rule("shishen", kind="finding")
def shishen_finding(c: Chart) -> list[Finding]:
    """世身 and its five ills (p082-s2): 空主疑，動主亂，破主敗，沖主變，散主失.

    >>> from compute import chart
    >>> [f.summary for f in chart("小畜", month="寅", day="甲午").findings
    ...  if f.rule == "shishen"]
    ['世身 1爻 甲子 父母 (沖)']
    """
    k = c.context or context(c)
    ln = k.lines[k.br[c.primary.hexagram.shi - 1] % 6]   # the 世身 (shen.shishen)
    cond = _conditions(k, ln)
    if cond:
        return [Finding("shishen", f"世身 {_ln(ln)} ({', '.join(cond)})", (ln.position,))]
    return []


@rule("jianyao", kind="finding")
def jianyao_finding(c: Chart) -> list[Finding]:
    """間爻 that move (阻隔: "世應當中兩間爻，發動所求多阻隔", p084-s2 注) or carry 官鬼 ("間值
    鬼爻，則憂生內地 … 值則已形，動則又甚", p085-s2).

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", "小畜", month="未", day="戊午").findings
    ...  if f.rule == "jianyao"]
    ['間爻 4爻 甲午 官鬼 動: 阻隔; 間值鬼爻 動則又甚']
    """
    lines = c.primary.lines
    out = []
    for p in jianyao(c.primary.hexagram):
        ln = lines[p - 1]
        gui = ln.relative == 1   # 官鬼
        if ln.moving:
            note = "阻隔; 間值鬼爻 動則又甚" if gui else "阻隔"
            out.append(Finding("jianyao", f"間爻 {_ln(ln)} 動: {note}", (p,)))
        elif gui:
            out.append(Finding("jianyao", f"間爻 {_ln(ln)}: 間值鬼爻 值則已形", (p,)))
    return out


# ------------------------------------------------------------------ 二老時遷 (p044)


@rule("najia-gan-seasonal", kind="finding")
def seasonal_stems(c: Chart) -> list[Finding]:
    """Lines whose stem the book's 二老時遷 changes (乾坤 after 夏至); a 乾 or 坤 trigram it
    leaves alone (only the 八純 move, as the book's cases read: p170-s1, p171-s5); and a 子/午
    month cast whose side of the solstice is assumed.

    >>> from compute import chart
    >>> f = [f for f in chart("乾", "小畜", month="未", day="戊午").findings
    ...      if f.rule == "najia-gan-seasonal"][0]
    >>> f.lines, "4爻 甲午 (common 壬午)" in f.summary
    ((1, 2, 3, 4, 5, 6), True)
    >>> [f.summary for f in chart("遁", "節", month="未", day="丙午").findings
    ...  if f.rule == "najia-gan-seasonal"]
    ['夏至後: 遁 is no 八純 — its 乾 keeps the fixed stems (p170-s1, p171-s5)']
    """
    opts = (c.context or context(c)).opts
    out = []
    if "assumed" in opts["najia_basis"]:
        out.append(Finding(
            "najia-gan-seasonal", f"{c.month}月: the solstice falls in this month; "
            f"reckoned as {opts['najia_season']} (pass solstice='before' or a date)"))
    if opts["najia_season"] != "夏至後":
        return out
    h = c.primary.hexagram
    if h.bits & 7 not in (0, 7) and h.bits >> 3 not in (0, 7):
        return out   # neither trigram is 乾 or 坤
    parents = [t for t in (h.lower, h.upper) if t in (Trigram.QIAN, Trigram.KUN)]
    changed = []
    if opts["najia_stems"] != "book" or h.bits in (0, 63):   # book: only 乾, 坤 themselves move
        for ln, common in zip(c.primary.lines, najia(h), strict=True):
            if ln.stem != common.stem:
                changed.append((ln.position,
                                f"{ln.position}爻 {ln.ganzhi.zh} (common {common.zh})"))
    if changed:
        out.append(Finding(
            "najia-gan-seasonal",
            "夏至後: 乾坤 stems swapped (二老時遷) — " + ", ".join(t for _, t in changed),
            tuple(p for p, _ in changed)))
    elif opts["najia_stems"] == "book":
        names = "".join(dict.fromkeys(str(t) for t in parents))
        out.append(Finding("najia-gan-seasonal", f"夏至後: {h.name} is no 八純 — its {names} "
                           "keeps the fixed stems (p170-s1, p171-s5)"))
    return out


# ------------------------------------------------------------------ 互卦 (p094–p095)


@rule("hugua", kind="finding")
def hugua_finding(c: Chart) -> list[Finding]:
    """互卦 is read only for a relative found neither on the lines, nor under them (伏), nor on
    the changed lines ("因飛伏變卦之內無用神而後求也", p095-s1); each 互 trigram takes the 六親 of
    its element. 伏 here means the 伏 that count (專主): under the 世 and under moving lines
    (p099-s1) — the book's case needs it, for 晉's full 伏卦 大畜 has 子孫 on lines 1 and 5.

    The book's case (p095-s1): 戊申日 晉之剝 — 外互 坎 水 = 子孫.

    >>> from compute import chart
    >>> [f.summary for f in chart("晉", "剝", month="申", day="戊申").findings if f.rule == "hugua"]
    ['互卦 比: 內 坤 (土 父母), 外 坎 (水 子孫); 不現於飛伏變: 子孫 → 外互 坎']
    """
    hu = c.primary.hugua
    if hu is None:
        return []
    k = c.context or context(c)
    _, fu, seen = relatives(k)   # seen: the relatives seen, as bits
    if seen == 31:
        return []   # every relative on the lines
    counted = 1 << c.primary.hexagram.shi - 1   # the 伏 that count: under the 世 and movers
    changed = k.changed
    for p in k.moving:
        counted |= 1 << p - 1
        seen |= 1 << changed[p - 1].relative
    for r in range(5):
        if fu[r] & counted:
            seen |= 1 << r
    if seen == 31:
        return []   # every relative shows on the lines, under them or on the changed lines
    palace = c.primary.palace_element
    missing = [r for r in Relative if not seen >> r & 1]
    parts = []
    for r in missing:
        where = [f"{side} {t}" for side, t in (("內互", hu.lower), ("外互", hu.upper))
                 if relative(palace, t.phase) == r]
        if where:
            parts.append(f"{r} → {', '.join(where)}")
    inner, outer = hu.lower, hu.upper
    text = (f"互卦 {hu.name}: 內 {inner} ({inner.phase} {relative(palace, inner.phase)}), "
            f"外 {outer} ({outer.phase} {relative(palace, outer.phase)})")
    text += f"; 不現於飛伏變: {'; '.join(parts) if parts else ', '.join(map(str, missing))}"
    return [Finding("hugua", text, data={"missing": [str(r) for r in missing]})]


# ------------------------------------------------------------------ 飛伏 (p096–p103)

FU_RIYUE: Final = convention(
    "fu-riyue", ("p283", "p102"), "fu-chu",
    "p283: a 伏 under a static line that is 滅 (飛克伏) or 沒 (伏生飛) is not lifted by standing "
    "on the day or month (p283-s3, s4; the case of p137-s2); p102: the 日月 lift every blocked "
    "伏 (p102-s2 注)",
)

FU_WEIGHT: Final = {"世下": 1.0, "動下": 0.5, "靜下": 0.25}
"""伏 under the 世 counts most; under a moving line less than half; under a static line less
than half again (p099-s2) — upper bounds."""


def _place(c: Chart, ln: ChartLine) -> str:
    if ln.position == c.primary.shi:
        return "世下"
    return "動下" if ln.moving else "靜下"


def fu_chu(c: Chart, ln: ChartLine) -> tuple[str, str]:
    """Whether the 伏神 under *ln* emerges: ("出" | "半出" | "不出", the reason), p100–p102.

    Static 飛 (p100-s2, p101-s1): 出 if 飛生伏, 飛伏比和, 飛空 (unless the 空 飛 is clashed by
    the day: 沖實), or 伏克飛 (不拘飛破死墓); 不出 if 飛克伏, 飛破, 飛散 (休囚 and clashed), or
    伏絕飛 (even when 飛生伏 or 伏克飛). Under the 世 or a moving line (p102-s1) only 飛克伏 and
    伏絕飛 block; 伏生飛 gives 半出 there and 不出 under a static line (p102-s2). A 伏 on the
    day's or month's branch counts as 出 even when blocked ("日月高懸，勢同出", p102-s2 注) —
    except, by default, a 伏 under a static line that is 滅 (飛克伏) or 沒 (伏生飛): "伏神滅沒者
    雖臨日月而不取也 … 此滅沒破散，言其靜也" (p283-s3, s4), which the book's case at p137-s2
    follows (convention ``fu-riyue``: ``"p283"``, or ``"p102"`` to let the 日月 lift them too).
    A 伏 that is itself 空 or 破 does not really come out (旺相 空: 出 after the 旬) (p102-s2 注).

    >>> from compute import chart
    >>> c = chart("坤", month="寅", day="乙丑")  # line 1: 飛 未 土, 伏 子 水
    >>> fu_chu(c, c.primary.line(1))
    ('不出', '飛克伏')
    >>> c = chart("坤", month="寅", day="甲子")  # the 伏 子 stands on the day
    >>> fu_chu(c, c.primary.line(1))
    ('不出', '飛克伏, 伏雖臨日月而滅沒不取 (p283)')
    >>> c = chart("坤", month="寅", day="甲子", conventions={"fu-riyue": "p102"})
    >>> fu_chu(c, c.primary.line(1))
    ('出', '飛克伏, 然伏臨日月 (日月高懸，勢同出)')
    """
    assert ln.hidden is not None
    found = _fu_verdicts(context(c), (ln,), c.primary.hexagram.shi)[0]
    return (found[0], found[1]) if found is not None else ("", "")


def _fu_verdicts(k: Context, lines: Iterable[ChartLine], shi: int,
                 states: list[dict[str, Any]] | None = None
                 ) -> list[tuple[str, str, str, bool] | None]:
    """(verdict, why, place, lifted) of :func:`fu_chu` for the 伏 under each of *lines* (None for
    a line without one), the 世 on line *shi* (*lifted*: it comes out only by the 日月, p102-s2
    注): one pass, the chart's date facts read once. Given *states* (of *lines*, in order), the
    annotator's keys are written into them in the same pass."""
    day, month, (v0, v1) = k.day, k.month, k.void
    mph = BRANCH_PHASE_INT[month]
    mph_gen = SHENG[mph]
    p283 = k.opts[FU_RIYUE.name] == "p283"
    pb, dc = (month + 6) % 12, (day + 6) % 12   # the branches the month and the day clash
    out: list[tuple[str, str, str, bool] | None] = []
    n = -1
    for ln in lines:
        n += 1
        fu = ln.hidden
        if fu is None:
            out.append(None)
            continue
        place = "世下" if ln.position == shi else "動下" if ln.moving else "靜下"
        b = _INT[ln.branch]
        f, h = BRANCH_PHASE_INT[b], _INT[fu.element]
        got = _FU_BASE[place][h][b]   # the shared tuples: no tuple built unless the 伏 changes it
        if got is None:
            fixed = _FU_FIXED[place]
            if b == pb:
                got = fixed[0]   # 飛破
            elif b == dc and b != v0 and b != v1 and mph != f and mph_gen != f:
                got = fixed[1]   # 飛散: clashed by the day, not 空, not 旺相
            elif b == v0 or b == v1:
                got = fixed[2] if b == dc else fixed[3]   # 飛空遇日沖 (沖實) / 飛空
            elif SHENG[f] == h:
                got = fixed[4]   # 飛生伏
            elif f == h:
                got = fixed[5]   # 飛伏比和
            else:
                got = fixed[6]   # 伏生飛
        fb = _INT[fu.branch]
        if fb == day or fb == month:
            if got[0] != "出":
                why = got[1]
                if p283 and place == "靜下" and why in ("飛克伏", "伏生飛"):   # 滅沒
                    got = (got[0], f"{why}, 伏雖臨日月而滅沒不取 (p283)", place, False)
                else:
                    got = ("出", f"{why}, 然伏臨日月 (日月高懸，勢同出)", place, True)
        elif fb == v0 or fb == v1:
            if got[0] != "不出":
                if mph == h or mph_gen == h:
                    got = ("旬後出", f"{got[1]}, 伏旺相而空 (過旬復出)", place, False)
                else:
                    got = ("不出", f"{got[1]}, 然伏空 (雖能出而實不出)", place, False)
        elif fb == pb and got[0] != "不出":
            got = ("不出", f"{got[1]}, 然伏破 (雖能出而實不出)", place, False)
        out.append(got)
        if states is not None:
            st = states[n]
            st["fu_chu"] = got[0]
            st["fu_chu_why"] = got[1]
            st["fu_weight"] = FU_WEIGHT[place]
    return out


_INT: Final = tuple(range(12))
"""``_INT[b]``: a branch or phase (an IntEnum) as a plain int (a tuple look-up)."""


def _fu_base(place: str, h: int, b: int) -> tuple[str, str] | None:
    """The verdict of :func:`fu_chu` on a 伏 of phase *h* under a 飛 on branch *b* at *place*
    that the two phases (and 伏絕飛) decide alone; None where a static 飛's date facts decide."""
    f = BRANCH_PHASE_INT[b]
    if _JUE[h] == b:
        return "不出", "伏絕飛"
    if KE[f] == h:
        return "不出", "飛克伏"
    if place != "靜下":
        if SHENG[h] == f:
            return "半出", f"{place}: 伏生飛"
        kind = "飛生伏" if SHENG[f] == h else "伏克飛" if KE[h] == f else "飛伏比和"
        return "出", f"{place}: {kind}"
    if KE[h] == f:
        return "出", "伏克飛"
    return None


_FU_BASE: Final = {place: tuple(tuple(None if (v := _fu_base(place, h, b)) is None
                                       else (*v, place, False) for b in range(12))
                                 for h in range(5))
                   for place in ("世下", "動下", "靜下")}
"""``_FU_BASE[place][伏 phase][飛 branch]``: :func:`_fu_base` as the (verdict, why, place,
lifted) of :func:`_fu_verdicts`, built at import."""
_FU_FIXED: Final = {place: tuple((verdict, why, place, False) for verdict, why in (
    ("不出", "飛破"), ("不出", "飛散"), ("不出", "飛空遇日沖 (沖實)"), ("出", "飛空"),
    ("出", "飛生伏"), ("出", "飛伏比和"), ("不出", "伏生飛"))) for place in _FU_BASE}
"""The verdicts of a static 飛's date facts (:func:`_fu_verdicts`), per place, made once."""


def _fu_all(c: Chart, k: Context) -> list[tuple[str, str, str, bool] | None]:
    """Per line (index position − 1): (verdict, why, place, lifted) of its 伏, None without one —
    worked out once per chart and kept in the context's memo (the annotator and the detector
    of fu-chu both read it; callers must not edit it)."""
    found = k.memo.get("findings.fu_chu")
    if found is None:
        found = k.memo["findings.fu_chu"] = _fu_verdicts(k, k.lines, c.primary.hexagram.shi)
    return found


def fu_out_by_rule(c: Chart, position: int) -> bool:
    """Whether the 伏 under line *position* comes out (出, 半出 or 旬後出) by the rules of
    p100–p102 other than the 日月 rescue ("日月高懸，勢同出", p102-s2 注): the reading 天干化用
    takes (p137-s2 注, after p283-s3 "伏神滅沒者雖臨日月而不取"). False without a 伏.

    >>> from compute import chart
    >>> c = chart("坤", month="寅", day="甲子", conventions={"fu-riyue": "p102"})
    >>> fu_chu(c, c.primary.line(1))[0], fu_out_by_rule(c, 1)
    ('出', False)
    >>> c = chart("乾", month="寅", day="甲子")
    >>> fu_chu(c, c.primary.line(6))[0], fu_out_by_rule(c, 6)
    ('出', True)
    """
    got = _fu_all(c, c.context or context(c))[position - 1]
    return got is not None and got[0] in ("出", "半出", "旬後出") and not got[3]


@rule("fu-shen", kind="finding")
def fushen_finding(c: Chart) -> list[Finding]:
    """Which 伏卦 lies under the cast, where the book departs from common practice
    (純卦 hide their pair; 游魂, 歸魂 after 京房: p097-s1, p098-s1; p024-s1).

    >>> from compute import chart
    >>> [f.summary for f in chart("晉", month="寅", day="甲子").findings if f.rule == "fu-shen"]
    ['伏卦 大畜 (游魂: 外從五世之外卦, 內互兩儀; common practice: 乾)']
    """
    h = c.primary
    hidden = h.hidden_hexagram
    hx = h.hexagram
    gen = hx.generation
    if hidden is None or gen not in _FUSHEN_WHY:
        return []
    if (c.context or context(c)).opts["fushen"] != "book":
        return []
    common = "none" if gen == 0 else HEXAGRAMS[hx.palace | hx.palace << 3].name
    return [Finding("fu-shen",
                    f"伏卦 {hidden.name} ({_FUSHEN_WHY[gen]}; common practice: {common})")]


_FUSHEN_WHY: Final = {0: "純卦: 互為飛伏", 6: "游魂: 外從五世之外卦, 內互兩儀",
                      7: "歸魂: 外從本宮, 內互伏"}


@rule("fu-chu", "伏神 出 / 不出", "복신 출 / 불출",
      ("p096-s1", "p100-s1", "p100-s2", "p101-s1", "p102-s1", "p102-s2", "p283-s2", "p283-s3"),
      kind="line", lines="primary", batch="into")
def fu_chu_annotate(c: Chart, lines: Sequence[ChartLine], states: list[dict[str, Any]]) -> None:
    """Line state ``fu_chu`` (出 / 半出 / 旬後出 / 不出), ``fu_chu_why``, ``fu_weight``.

    >>> from compute import chart
    >>> s = chart("困", "兌", month="子", day="戊寅").primary.line(1).state
    >>> s["fu_chu"], s["fu_weight"]
    ('出', 1.0)
    """
    k = c.context or context(c)
    six = k.lines
    memo = k.memo
    if lines is six and "findings.fu_chu" not in memo:   # the chart's call: one pass
        memo["findings.fu_chu"] = _fu_verdicts(k, six, c.primary.hexagram.shi, states)
        return
    found = _fu_all(c, k)
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        got = found[i]
        if got is not None:   # the line has a 伏
            st["fu_chu"] = got[0]
            st["fu_chu_why"] = got[1]
            st["fu_weight"] = FU_WEIGHT[got[2]]


@rule("fu-chu", kind="finding")
def fu_chu_finding(c: Chart) -> list[Finding]:
    """For each relative absent from the lines (飛象無用神), where it lies hidden and whether it
    comes out; and the 伏 under the 世 always ("惟有世下一爻為最要", p099-s2 注).

    The book's case (p096-s1): 子建戊寅日 困之兌 — 世下巳官，伏神長生.

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", month="寅", day="甲子").findings if f.rule == "fu-chu"]
    ['伏 癸酉 兄弟 (世下, 6爻 壬戌 父母): 出 — 世下: 飛生伏']
    """
    k = c.context or context(c)
    lines = k.lines
    _, fus, shown = relatives(k)   # shown: the relatives on the lines, as bits
    want = 1 << c.primary.hexagram.shi - 1   # the 世下, and every 伏 of an absent relative
    if shown != 31:
        for r in range(5):
            if not shown >> r & 1:
                want |= fus[r]
    found = _fu_all(c, k)
    out = []
    for p in BIT_POSITIONS[want]:
        got = found[p - 1]
        if got is None:
            continue
        ln = lines[p - 1]
        fu = ln.hidden
        assert fu is not None
        absent = not shown >> fu.relative & 1
        verdict, why, place, _ = got
        out.append(Finding(
            "fu-chu",
            f"伏 {STEM_ZH[fu.stem]}{BRANCH_ZH[fu.branch]} {RELATIVE_ZH[fu.relative]} "
            f"({place}, {_ln(ln)}): {verdict} — {why}",
            _ONE[p], data=(("verdict", verdict), ("absent", absent)),
        ))
    return out


@rule("fu-shen-priority", "世下 / 動下 / 靜下", "세하 / 동하 / 정하",
      ("p099-s1", "p099-s2", "p103-s1", "p103-s2"))
def fu_weight(c: Chart, position: int) -> float:
    """The weight (upper bound) of the 伏 under line *position*: 世下 1, 動下 ½, 靜下 ¼.

    >>> from compute import chart
    >>> c = chart("乾", "小畜", month="未", day="戊午")
    >>> fu_weight(c, 6), fu_weight(c, 4), fu_weight(c, 2)
    (1.0, 0.5, 0.25)
    """
    return FU_WEIGHT[_place(c, c.primary.line(position))]


STAGES: Final = "長生 沐浴 冠帶 臨官 帝旺 衰 病 死 墓 絕 胎 養".split()
_CHANGSHENG: Final = {Phase.JIN: Branch.SI, Phase.MU: Branch.HAI, Phase.HUO: Branch.YIN,
                      Phase.SHUI: Branch.SHEN, Phase.TU: Branch.SHEN}


def stage(phase: Phase, branch: Branch) -> str:
    """The twelve-stage place of *phase* at *branch* (金生巳 木生亥 火生寅 水土生申, p179-s2).

    >>> stage(Phase.MU, Branch.WU), stage(Phase.SHUI, Branch.SHEN), stage(Phase.HUO, Branch.XU)
    ('死', '長生', '墓')
    """
    return STAGES[(branch - _CHANGSHENG[phase]) % 12]


@rule("dongbian-order", "動變 先後", "동변 선후", ("p089-s1", "p090-s1"))
def dongbian_order(c: Chart, use: Relative) -> list[str]:
    """The book's order of reading (p089-s1, p090-s1) for the 用神 *use*: (1) the 用神 and its
    place in the month and day; (2) the moving lines that 生 (喜) or 克 (忌) it; (3) each of
    those, its place and what it turns into; (4) the other moving lines and (5) theirs.

    >>> from compute import chart
    >>> for step in dongbian_order(chart("困", "坎", month="午", day="壬戌"), Relative.QICAI):
    ...     print(step)
    1 用神 1爻寅 妻財: 月 死, 日 養
    2 4爻亥 子孫 動 生 用神 (喜)
    3 4爻亥: 月 胎, 日 冠帶; 化 申 (長生)
    >>> for step in dongbian_order(chart("剝", "漸", month="戌", day="庚戌"), Relative.GUANGUI):
    ...     print(step)
    1 用神 2爻巳 官鬼: 月 墓, 日 墓
    2 3爻卯 妻財 動 生 用神 (喜)
    2 5爻子 子孫 動 克 用神 (忌)
    3 3爻卯: 月 養, 日 養; 化 申 (絕)
    3 5爻子: 月 冠帶, 日 冠帶; 化 巳 (絕)

    (The book reads the 子 as a 他動爻 that 生 卯, p090-s1 "子動生卯"; it also 克 the 巳
    directly, and compute lists it among the lines acting on the 用神.)
    """
    lines = c.primary.lines
    uses = [ln for ln in lines if ln.relative == use]
    if not uses:
        return [f"1 用神 {use} 不現於飛爻"]
    out: list[str] = []
    moving = [ln for ln in lines if ln.moving]
    direct: list[ChartLine] = []
    for u in uses:
        out.append(f"1 用神 {u.position}爻{u.branch} {use}: 月 {stage(u.element, c.month)}, "
                   f"日 {stage(u.element, c.day.branch)}")
    for m in moving:
        for u in uses:
            if m is u:
                continue
            verb = ("生" if m.element.generates() == u.element
                    else "克" if m.element.controls() == u.element else "")
            if verb:
                direct.append(m)
                out.append(f"2 {m.position}爻{m.branch} {m.relative} 動 {verb} 用神 "
                           f"({'喜' if verb == '生' else '忌'})")
                break

    def becomes(m: ChartLine) -> str:
        assert c.changed is not None
        b = c.changed.line(m.position).branch
        return f"化 {b} ({stage(m.element, b)})"

    for m in direct:
        out.append(f"3 {m.position}爻{m.branch}: 月 {stage(m.element, c.month)}, "
                   f"日 {stage(m.element, c.day.branch)}; {becomes(m)}")
    for m in moving:
        if m in direct or m in uses:
            continue
        for d in direct:
            verb = ("生" if m.element.generates() == d.element
                    else "克" if m.element.controls() == d.element else "")
            if verb:
                out.append(f"4 {m.position}爻{m.branch} {m.relative} 動 {verb} "
                           f"{d.position}爻{d.branch}")
                out.append(f"5 {m.position}爻{m.branch}: {becomes(m)}")
                break
    return out

def _link_state(c: Chart) -> dict[int, str]:
    """Per line of the primary: "動" (a moving line that acts), "暗動" (a static line clashed
    by the day while 旺相 in the month, p091-s1 "戌爻暗動"), or why a moving line cannot pass
    its 生/克 on: "破" (月破), "散" (clashed by the day: "卯被酉散", "丑被未散"), "制" (controlled
    by another moving line that acts: "酉反被巳制"). Static lines without 暗動 are absent."""
    state: dict[int, str] = {}
    for ln in c.primary.lines:
        if ln.moving:
            state[ln.position] = ("破" if is_month_broken(c, ln.branch)
                                  else "散" if is_day_clashed(c, ln.branch) else "動")
        elif is_day_clashed(c, ln.branch) and is_prosperous(c, ln.element):
            state[ln.position] = "暗動"
    acting = [p for p, st in state.items() if st in ("動", "暗動")]
    for p, st in list(state.items()):
        if st == "動" and any(c.primary.line(q).element.controls() == c.primary.line(p).element
                              for q in acting if q != p and state[q] == "動"):
            state[p] = "制"
    return state


@rule("shengke-chain", "生生剋剋", "생생극극", ("p091-s1",))
def shengke_chain(c: Chart, use: Relative) -> list[str]:
    """The chains of moving (and 暗動) lines that 生 or 克 the lines of *use* (the question's
    用神), and where they break (p091-s1: "中有破散而生不相續者，中有制伏而克不相繼者，中有暗動爻
    以綿其生者"). Each chain is written from its source to the 用神, a break marked on its link.

    The book's three cases (p091-s1 注):

    >>> from compute import chart
    >>> shengke_chain(chart("豐", "萃", month="申", day="丁酉"), Relative.QICAI)
    ['生: 5爻申 → 3爻亥 → 1爻卯(散) ⇒ 4爻午', '克: 5爻申 → 3爻亥 ⇒ 4爻午']
    >>> shengke_chain(chart("臨", "蠱", month="寅", day="乙未"), Relative.GUANGUI)
    ['克: 1爻巳 → 3爻丑(散) → 6爻酉(制) ⇒ 2爻卯']
    >>> shengke_chain(chart("乾", "家人", month="戌", day="甲辰"), Relative.XIONGDI)
    ['生: 2爻寅 → 4爻午 → 6爻戌(暗動) ⇒ 5爻申', '克: 2爻寅 → 4爻午 ⇒ 5爻申']
    """
    state = _link_state(c)
    lines = c.primary.lines

    def label(p: int) -> str:
        ln = lines[p - 1]
        st = state.get(p, "")
        return f"{p}爻{ln.branch}" + (f"({st})" if st not in ("", "動") else "")

    def feeders(p: int, seen: tuple[int, ...]) -> list[int]:
        """The longest chain of lines in *state* generating line p, source first."""
        best: list[int] = []
        for q in state:
            if q in seen or lines[q - 1].element.generates() != lines[p - 1].element:
                continue
            chain = feeders(q, seen + (q,)) + [q]
            if len(chain) > len(best):
                best = chain
        return best

    out = []
    for target in (ln for ln in lines if ln.relative == use):
        t = target.position
        sheng = feeders(t, (t,))
        if sheng:
            out.append(f"生: {' → '.join(map(label, sheng))} ⇒ {label(t)}")
        for q in state:
            if q != t and lines[q - 1].element.controls() == target.element:
                chain = feeders(q, (q, t)) + [q]
                out.append(f"克: {' → '.join(map(label, chain))} ⇒ {label(t)}")
    return out
