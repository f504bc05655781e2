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

from collections.abc import Sequence

from compute.book.changsheng import BRANCH_PHASE_INT, stage_at
from compute.book.ganzhi import BRANCH_ZH, CLASH, STEM_ZH, Branch
from compute.book.gua import Trigram
from compute.book.liuqin import RELATIVE_ZH, Relative, controlled_by, generated_by, relative
from compute.book.liushen import Spirit
from compute.book.najia import najia
from compute.book.shen import guashen, jianyao
from compute.book.wuxing import KE, SHENG, Phase, branch_phase
from compute.book.xing import WUXING_STARS, hunzhong_xiu
from compute.engine.chart import Chart, ChartLine
from compute.engine.context import context as build_context
from compute.registry import Finding, doctrine, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.context import Context

# ------------------------------------------------------------------ basic date facts


def context(c: Chart) -> Context:
    """The chart's context (:func:`compute.engine.context.context`), read without a call when
    the chart already has it."""
    return c.context or build_context(c)



# Integer tables over the phases (木火土金水 = 0–4) and the 六親 (父母 官鬼 兄弟 子孫 妻財 = 0–4),
# derived once from the enums' own methods: the detectors below read these instead of calling
# the enum methods line by line.
JUE_INT: Final = tuple(stage_at(p, "絕") for p in range(5))
"""絕 of each phase (an int): 金絕寅, 木絕申, 火絕亥, 水土絕巳 (the 長生 table, p179-s2 注,
with 土 beside 水: "金生巳，木生亥，火生寅，水土生申")."""
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
ONE: Final = tuple((p,) for p in range(7))
"""``ONE[p]``: the positions ``(p,)`` of a finding on one line (one tuple a position)."""


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


def ln_zh(line: ChartLine) -> str:
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


@rule("yaowei", kind="line", lines="moving")
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
      kind="line", lines="moving")
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
        chong, jue = CLASH[br[i]] == bb, JUE_INT[ae] == bb
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
        said = f"{ln_zh(k.lines[i])} 化 {_GZ[k.changed[i].stem][bb]}: {', '.join(kinds)}"
        out.append(Finding("bianyao-power", said, ONE[pos], data=(("kinds", kinds),)))
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
        out.append(Finding("liuqin-dong-shengke", f"{ln_zh(a)} 動: 生{RELATIVE_ZH[g]} "
                           f"({_AT[where[g]]}), 克{RELATIVE_ZH[x]} ({_AT[where[x]]})", ONE[pos]))
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
_RESTRAINT_TEXT: Final = tuple(f"{sp} 乘 {_RESTRAINT[sp][0]}爻: {_RESTRAINT[sp][1]}"
                               if sp in _RESTRAINT else "" for sp in Spirit)
"""Per spirit (an int): the end of the summary ("白虎 乘 火爻: 虎伏火爻: 凶而不凶")."""


@rule("liushen-line-restraint", "龍避金爻 / 虎伏火爻 / 水制雀 / 土制武", "용피금효 / 호복화효",
      ("p062-s2", "p062-s3"), kind="finding")
def liushen_restraint(c: Chart) -> list[Finding]:
    """A spirit (of the day) on a line whose element restrains it (p062-s3). The 注 reads the
    last two as relations between spirits; compute follows the main text's parallel.

    >>> from compute import chart
    >>> [f.summary for f in chart("乾", month="寅", day="甲子").findings
    ...  if f.rule == "liushen-line-restraint"]
    ['6爻 壬戌 父母 元武 乘 土爻: 土以制武']
    >>> [f.summary for f in chart("乾", month="寅", day="丙子").findings
    ...  if f.rule == "liushen-line-restraint"]
    ['1爻 甲子 子孫 朱雀 乘 水爻: 水以制雀', '4爻 壬午 官鬼 白虎 乘 火爻: 虎伏火爻: 凶而不凶']
    """
    out = []
    for ln in c.primary.lines:
        if _RESTRAINT_PHASE[ln.spirit] == ln.element:
            out.append(Finding("liushen-line-restraint",
                               f"{ln_zh(ln)} {_RESTRAINT_TEXT[ln.spirit]}", ONE[ln.position]))
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
                               f"{ln_zh(ln)}: 宿 {xiu} = {BRANCH_ZH[month]}月 昏中星 (吉)",
                               ONE[ln.position]))
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
        out.append(Finding("shi-xiongzheng", f"世 {ln_zh(shi)} 旬空: 我求我得不可世空", (s + 1,)))
    if k.is_void[y]:
        out.append(Finding("shi-xiongzheng", f"應 {ln_zh(k.lines[y])} 旬空: 彼有彼來豈宜應陷",
                           (y + 1,)))
    if (k.br[s] - k.month) % 12 == 6:
        out.append(Finding("shi-xiongzheng", f"世 {ln_zh(shi)} 月破: 破散有敗亡之象", (s + 1,)))
    if shi.moving:
        out.append(Finding("shi-xiongzheng", f"世 {ln_zh(shi)} 動: 動沖為更變之端", (s + 1,)))
    elif (k.br[s] - k.day) % 12 == 6:
        out.append(Finding("shi-xiongzheng", f"世 {ln_zh(shi)} 日沖: 動沖為更變之端", (s + 1,)))
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
        text = f"世 {ln_zh(shi)} 克 應 {ln_zh(ying)}: 彼我之勢宜世克應"
    elif KE[y] == s:
        text = f"應 {ln_zh(ying)} 克 世 {ln_zh(shi)}: 不宜應克世"
    elif SHENG[y] == s:
        text = f"應 {ln_zh(ying)} 生 世 {ln_zh(shi)}: 彼我之交宜應生世"
    elif SHENG[s] == y:
        text = f"世 {ln_zh(shi)} 生 應 {ln_zh(ying)}: 不宜世生應"
    else:
        text = f"世 {ln_zh(shi)} 應 {ln_zh(ying)} 比和"
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
    where = (i + 1, br.index(b, i + 1) + 1) if br.count(b) > 1 else ONE[i + 1]
    notes = []
    for p in where:
        ln = k.lines[p - 1]
        cond = _conditions(k, ln)
        notes.append(f"{ln_zh(ln)} ({', '.join(cond)})" if cond else ln_zh(ln))
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
        return [Finding("shishen", f"世身 {ln_zh(ln)} ({', '.join(cond)})", (ln.position,))]
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
            out.append(Finding("jianyao", f"間爻 {ln_zh(ln)} 動: {note}", (p,)))
        elif gui:
            out.append(Finding("jianyao", f"間爻 {ln_zh(ln)}: 間值鬼爻 值則已形", (p,)))
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
    >>> f.lines, "4爻 甲午 (보통은 壬午)" in f.summary
    ((1, 2, 3, 4, 5, 6), True)
    >>> [f.summary for f in chart("遁", "節", month="未", day="丙午").findings
    ...  if f.rule == "najia-gan-seasonal"]
    ['夏至後: 八純이 아닌 遁 — 그 乾의 天干은 그대로 (p170-s1, p171-s5)']
    """
    opts = (c.context or context(c)).opts
    out = []
    if "assumed" in opts["najia_basis"]:
        out.append(Finding(
            "najia-gan-seasonal", f"{c.month}月: 이 달 안에 至가 들어 있어 "
            f"{opts['najia_season']}로 본다 (날짜를 주면 그날로 가린다)"))
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
                                f"{ln.position}爻 {ln.ganzhi.zh} (보통은 {common.zh})"))
    if changed:
        out.append(Finding(
            "najia-gan-seasonal",
            "夏至後: 乾坤의 天干을 맞바꾼다(二老時遷) — " + ", ".join(t for _, t in changed),
            tuple(p for p, _ in changed)))
    elif opts["najia_stems"] == "book":
        names = "".join(dict.fromkeys(str(t) for t in parents))
        out.append(Finding("najia-gan-seasonal", f"夏至後: 八純이 아닌 {h.name} — 그 {names}의 "
                           "天干은 그대로 (p170-s1, p171-s5)"))
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
