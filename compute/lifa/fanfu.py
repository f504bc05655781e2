"""反伏章, 歸遊章, 墓絕章, 卦候章: signs of the whole trigram or hexagram.

Source: 易冒 p104–p115 (¶205–227), p127–p135 (¶251–267), p276–p278 (卦用).

The book's 反吟 and 伏吟 exist only through moving lines (p104-s1 "唯動則變，變則反伏兆焉"; p113-s2
"俗傳八純為伏吟，未濟既濟為反吟者，豈通人之論哉"). The folk static reading is kept as the
convention ``fanfu-static`` = ``folk`` and labelled so.

>>> from compute.engine.chart import chart
>>> [f.summary for f in chart("師", "賁", month="酉", day="丁卯").findings
...  if f.rule == "fanyin-gua"]
['內卦 坎(中男)化離 反吟 (真)', '外卦 坤(母)化艮 反吟 (真)']
>>> [f.summary for f in chart("豫", "否", month="子", day="甲子").findings if f.rule == "fuyin"]
['外卦 震(長男)化乾 伏吟 (真): 乾克震']
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from compute.book.changsheng import ACTS_TABLE, STAGE_TABLE, stage_at
from compute.book.gua import TRIGRAM_PHASE, TRIGRAM_ZH
from compute.engine.chart import Chart
from compute.engine.context import BRANCH_ZH, CLASH, Context, context, memoized
from compute.registry import Finding, convention, doctrine, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


DILU: Final = table(
    "gua-dilu", "地祿訣 (卦 ↔ 支)", "지록결 (괘 ↔ 지)", ("p105-s1",),
    ((7, 8), (3,), (0,), (9,), (1, 2), (6,), (4, 5), (10, 11)),
    "compute.lifa.fanfu.DILU",
)
"""地祿訣 (p105-s1 注 "戌亥乾，沖辰巳巽，未申坤，沖丑寅艮，卯震酉兌，子坎午離相沖也"): the
branches of each trigram, by Trigram value (坤 未申, 震 卯, 坎 子, 兌 酉, 艮 丑寅, 離 午, 巽 辰巳,
乾 戌亥)."""

_DILU_BITS: Final = tuple(sum(1 << b for b in branches) for branches in DILU)
"""``_DILU_BITS[trigram]``: its 地祿 branches as bits."""
FANYIN_PAIR: Final = (4, 3, 5, 1, 0, 2, 7, 6)
"""The trigram whose 地祿 branches clash a trigram's: 乾↔巽, 坤↔艮, 震↔兌, 坎↔離."""

ZHUSHU: Final = table(
    "zhushu", "主屬", "주속", ("p111-s1",),
    ("母", "長男", "中男", "少女", "少男", "中女", "長女", "父"),
    "compute.lifa.fanfu.ZHUSHU",
)
"""主屬 by Trigram value (p111-s1 注 "乾父坤母，震長男，巽長女，坎中男，離中女，艮少男，兌女")."""

FANFU_STATIC = convention(
    "fanfu-static", ("book", "folk"), "fanyin-fuyin-scope",
    "book: 反吟/伏吟 only from moving lines (p104-s1, p113-s2); folk: also 八純 = 伏吟, "
    "既濟/未濟 = 反吟 (the 俗傳 the book rejects)",
)
ZHONGQI = convention(
    "zhongqi", ("past", "before"), "gua-wangxiang-8",
    "for a cast in a 子午卯酉 month without a date: past (after that month's 中氣: 冬至 春分 夏至 "
    "秋分) or before; decides the 八節 ruler of 卦候 and the 中氣 basis of 升降",
)


def _tri(t: int) -> str:
    return f"{TRIGRAM_ZH[t]}({ZHUSHU[t]})"


def _say_trigram(f: Mapping[str, Any]) -> str:
    """內卦 兌(少女)化震 反吟 (重): the summary of a trigram finding from its facts."""
    return (f"{f['side']} {f['trigram']}({f['member']})化{f['to']} {f['sign']} ({f['grade']})"
            f"{f.get('tail', '')}")


def _trigram_facts(side: str, a: int, b: int, sign: str, grade: str) -> dict[str, Any]:
    """The facts of a trigram finding: side (內卦 / 外卦), the trigram, its 主屬 (member), the
    trigram it changes into (to), the sign (反吟 伏吟 墓絕) and the grade as the book words it."""
    return {"side": side, "trigram": TRIGRAM_ZH[a], "member": ZHUSHU[a], "to": TRIGRAM_ZH[b],
            "sign": sign, "grade": grade}


def _bits(chart: Chart) -> tuple[int, int]:
    """The bits of the primary and the changed hexagram (lower trigram: bits 0–2); the
    primary's twice for a chart without moving lines."""
    p = chart.primary.hexagram.bits
    changed = chart.changed
    return p, p if changed is None else changed.hexagram.bits


def _changes(chart: Chart) -> tuple[tuple[str, int, int], ...]:
    """(內卦/外卦, original trigram, changed trigram) for each trigram that changes."""
    p, q = _bits(chart)
    if p == q:
        return ()
    if p & 7 == q & 7:
        return (("外卦", p >> 3, q >> 3),)
    if p >> 3 == q >> 3:
        return (("內卦", p & 7, q & 7),)
    return (("內卦", p & 7, q & 7), ("外卦", p >> 3, q >> 3))


def fanyin_grade(c: Context, orig: int, res: int) -> str:
    """真偽輕重 of a trigram 反吟 (p106-s1, p107-s1, p107-s2): 日月 on the whole original (從往)
    or 空破 on the whole result (從來) → 非; on part of a two-branch trigram ("有一半值空破，一半
    值日月") → 輕; 空破 on the original or 日月 on the result → 重; otherwise 真."""
    o, r = DILU[orig], DILU[res]
    f = sum(c.riyue(b) for b in o) / len(o)
    g = sum((b in c.void) or c.po(b) for b in r) / len(r)
    if f == 1 or g == 1:
        return "非"
    if f or g:
        return "輕"
    if any((b in c.void) or c.po(b) for b in o) or any(c.riyue(b) for b in r):
        return "重"
    return "真"


@rule("fanyin-gua", "卦反吟", "괘반음", ("p105-s1", "p106-s1", "p107-s1", "p107-s2"),
      kind="finding")
@memoized
def fanyin_gua(chart: Chart) -> list[Finding]:
    """An inner or outer trigram that changes into the trigram whose 地祿 clash its own
    (p105-s1): 內反吟 / 外反吟, graded by :func:`fanyin_grade`.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("兌", "震", month="卯", day="甲子").findings
    ...  if f.rule == "fanyin-gua"]
    ['內卦 兌(少女)化震 反吟 (重)', '外卦 兌(少女)化震 反吟 (重)']
    >>> [f.summary for f in chart("坤", "艮", month="未", day="甲子").findings
    ...  if f.rule == "fanyin-gua"][0]
    '內卦 坤(母)化艮 反吟 (輕)'
    """
    c = chart.context or context(chart)
    p, q = _bits(chart)
    pairs = () if FANYIN_PAIR[p & 7] != q & 7 and FANYIN_PAIR[p >> 3] != q >> 3 else \
        _changes(chart)   # a trigram changing into its pair (never itself) or none
    out = []
    for label, a, b in pairs:
        if FANYIN_PAIR[a] == b:
            grade = fanyin_grade(c, a, b)
            lines = (1, 2, 3) if label == "內卦" else (4, 5, 6)
            out.append(Finding.of(
                "fanyin-gua", _say_trigram, tuple(p for p in lines if p in c.moving),
                kind=f"{label[0]}反吟", data=(("grade", grade),),
                facts=_trigram_facts(label, a, b, "反吟", grade)))
    if c.opts.get("fanfu-static") == "folk" and chart.primary.name in ("既濟", "未濟"):
        out.append(Finding("fanyin-fuyin-scope", f"俗傳: {chart.primary.name} 為反吟 (本書不取)"))
    return out


@rule("fanyin-yao", "爻反吟", "효반음", ("p108-s1", "p108-s2", "p109-s1"), kind="finding")
def fanyin_yao(chart: Chart) -> list[Finding]:
    """A moving line that changes into its clash (巳化亥, 卯化酉 …), graded (p108-s1, s2,
    p109-s1): clashed by another moving line (自相沖散) → 重 even if the changed line is 空 or
    休; 日月 on the moving line or 空破 on the changed line → 非; 空破 on the moving line or 日月 on
    the changed line → 重; otherwise 真.

    The book's case (p109-s1 注): 寅建甲子日占母病，得坤之巽 — 巳 父 化 亥, 亥 空, yet 巳 and the
    moving 亥 財 clash: 重.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坤", "巽", month="寅", day="甲子").findings
    ...  if f.rule == "fanyin-yao"][0]
    '二爻 巳火父母 化亥 反吟 (重: 動爻自相沖散)'
    """
    c = chart.context or context(chart)
    out = []
    for p in c.moving:
        i = p - 1
        b, cb = c.br[i], c.cbr[p - 1]
        if cb is None or CLASH[b] != cb:
            continue
        if any(CLASH[b] == c.br[q - 1] for q in c.moving if q != p):
            grade = "重: 動爻自相沖散"
        elif c.riyue(b) or (cb in c.void) or c.po(cb):
            grade = "非"
        elif c.is_void[i] or c.broken[i] or c.riyue(cb):
            grade = "重"
        else:
            grade = "真"
        out.append(Finding("fanyin-yao", f"{c.line_name(p)} 化{BRANCH_ZH[cb]} 反吟 ({grade})",
                           (p,), data=(("grade", grade.split(":")[0]),)))
    return out


@rule("fuyin", "伏吟", "복음", ("p112-s1", "p112-s2", "p112-s3", "p113-s1", "p113-s2"),
      kind="finding")
@memoized
def fuyin(chart: Chart) -> list[Finding]:
    """伏吟: only an inner or outer trigram exchanging 乾 and 震, which carry the same branches
    (p112-s1 "止以乾震交互而名也"); not true when the 日月 stand on the original's 地祿 (卯 for
    震往, 戌亥 for 乾往, p112-s3). 乾克震 (金克木); it strikes the 長男.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("乾", "震", month="戌", day="甲子").findings
    ...  if f.rule == "fuyin"][0]
    '內卦 乾(父)化震 伏吟 (非: 日月在戌亥): 乾克震'
    """
    c = chart.context or context(chart)
    p, q = _bits(chart)
    x = p ^ q   # 乾 ^ 震 == 6
    swaps = _changes(chart) if ((x & 7 == 6 and p & 7 in (1, 7))
                                or (x >> 3 == 6 and p >> 3 in (1, 7))) else ()
    out = []
    for label, a, b in swaps:
        if (a, b) != (7, 1) and (a, b) != (1, 7):   # 乾 (7) and 震 (1) only
            continue
        if any(c.riyue(x) for x in DILU[a]):
            grade = f"非: 日月在{''.join(BRANCH_ZH[x] for x in DILU[a])}"
        else:
            grade = "真"
        out.append(Finding.of(
            "fuyin", _say_trigram, kind=f"{label[0]}伏吟",
            facts={**_trigram_facts(label, a, b, "伏吟", grade), "tail": ": 乾克震"},
            data=(("grade", grade.split(":")[0]),)))
    if c.opts.get("fanfu-static") == "folk" and chart.primary.hexagram.generation == 0:
        out.append(Finding("fanyin-fuyin-scope",
                           f"俗傳: 八純 {chart.primary.name} 為伏吟 (本書不取)"))
    return out


doctrine(
    "fanyin-fuyin-scope", "反吟伏吟 由動而成", "반음복음은 동에서 생김", ("p104-s1", "p113-s2"),
    "implemented by fanyin-gua, fanyin-yao and fuyin, which look at moving lines only; the folk "
    "static reading is the convention fanfu-static=folk",
)
doctrine(
    "fanyin-by-question", "反吟 by topic", "주제별 반음", ("p110-s1", "p111-s1"),
    "readings by question (國, 出師, 住宅, 鬥, 緝捕, 疾病 by 主屬); the findings name the 主屬 of "
    "every 反吟/伏吟 trigram so a reader can apply them",
)


@rule("youhun-guihun-use", "歸魂 / 游魂之占", "귀혼 / 유혼의 점",
      ("p114-s1", "p114-s2", "p114-s3", "p115-s1", "p277-s6"), kind="finding")
def guiyou(chart: Chart) -> list[Finding]:
    """游魂 / 歸魂 of the primary (and changed) hexagram; read only when the 世 is the 用
    (p114-s1): 游魂 主變, 不久, 心不定; 歸魂 主復, 不出 (p114-s2, s3).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("晉", month="子", day="甲子").findings
    ...  if f.rule == "youhun-guihun-use"]
    ['本卦 晉 游魂: 主變，不久，心不定 (世為用者參之)']
    """
    out = []
    for role, h in (("本卦", chart.primary), ("之卦", chart.changed)):
        if h is not None and h.hexagram.generation in _HUN:
            out.append(Finding("youhun-guihun-use",
                               f"{role} {h.name} {_HUN[h.hexagram.generation]} (世為用者參之)",
                               role="primary"))
    return out


_HUN: Final = {6: "游魂: 主變，不久，心不定", 7: "歸魂: 主復，不出，難必"}


# ---------------------------------------------------------------- 墓絕章


@rule("gua-mujue", "卦化墓絕", "괘화묘절", ("p127-s1", "p127-s2", "p127-s3", "p128-s1",
                                         "p128-s2", "p277-s4"), kind="finding")
@memoized
def gua_mujue(chart: Chart) -> list[Finding]:
    """A trigram changing into a trigram whose 地祿 hold both its 墓 and its 絕 (離化乾, 震化坤 …,
    p277-s4). 偽 when the original's 地祿 are on the 日月, when the 墓 is clashed (墓沖) or the 絕
    破, or when the target is 空; 真 and 凶 when the 日月 fill the target ("日月填實其乾").

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("離", "乾", month="子", day="甲子").findings
    ...  if f.rule == "gua-mujue"][0]
    '內卦 離(中女)化乾 墓絕 (偽: 空)'
    >>> [f.summary for f in chart("離", "乾", month="戌", day="丙寅").findings
    ...  if f.rule == "gua-mujue"][0]
    '內卦 離(中女)化乾 墓絕 (真: 日月填實)'
    """
    changed = chart.changed
    if changed is None:
        return []
    c = chart.context or context(chart)
    into = _INTO_MU_JUE[c.tu]
    p, q = _bits(chart)
    if not (into[p & 7] >> (q & 7) & 1 or into[p >> 3] >> (q >> 3) & 1):
        return []   # neither trigram changes into one holding its 墓 and 絕
    out = []
    for label, a, b in _changes(chart):
        mu, jue = _MU_JUE[c.tu][a]
        if mu not in DILU[b] or jue not in DILU[b]:
            continue
        if any(c.riyue(x) for x in DILU[a]):
            grade = "偽: 本卦臨日月"
        elif any(c.riyue(x) for x in DILU[b]):
            grade = "真: 日月填實"
        elif CLASH[mu] in (c.day, c.month):
            grade = "偽: 墓沖"
        elif c.po(jue):
            grade = "偽: 絕破"
        elif any((x in c.void) for x in DILU[b]):
            grade = "偽: 空"
        else:
            grade = "真"
        out.append(Finding.of("gua-mujue", _say_trigram, kind=f"{label[0]}化墓絕",
                              facts=_trigram_facts(label, a, b, "墓絕", grade),
                              data=(("grade", grade.split(":")[0]),)))
    return out


_TRI_PHASE: Final = tuple(int(TRIGRAM_PHASE[t]) for t in range(8))
"""The trigrams' phases as ints, by trigram value (坤土 震木 坎水 兌金 艮土 離火 巽木 乾金: the
book's table, :data:`compute.book.gua.TRIGRAM_PHASE`)."""
_MU_JUE: Final = {tu: tuple((stage_at(ph, "墓", tu), stage_at(ph, "絕", tu)) for ph in _TRI_PHASE)
                  for tu in ("申", "寅")}
"""``_MU_JUE[tu][trigram]``: the 墓 and the 絕 branch of the trigram's phase."""
_INTO_MU_JUE: Final = {tu: tuple(sum(1 << b for b in range(8) if b != a and rows[a][0] in DILU[b]
                                      and rows[a][1] in DILU[b]) for a in range(8))
                       for tu, rows in _MU_JUE.items()}
"""``_INTO_MU_JUE[tu][trigram]``: the trigrams (as bits) whose 地祿 hold the trigram's 墓 and
絕 (the changes :func:`gua_mujue` looks at)."""


@rule("gua-kongpo", "內外卦 空破", "내외괘 공파", ("p128-s3", "p134-s1"), kind="finding")
def gua_kongpo(chart: Chart) -> list[Finding]:
    """The inner or outer trigram of the primary whose 地祿 branch(es) are 旬空 or 月破 (p128-s3:
    inside bad for the old home, outside for a new house; lighter than 墓絕). A trigram 旺 or 相 by
    the 卦候 is "旬空而弗空" (p134-s1).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坎", month="午", day="甲寅").findings
    ...  if f.rule == "gua-kongpo"]
    ['內卦 坎(中男) 子空子破', '外卦 坎(中男) 子空子破']
    """
    c = chart.context or context(chart)
    (v0, v1), day, month = c.void, c.day, c.month
    bits = chart.primary.hexagram.bits
    ruler = None
    out = []
    po_b = (month + 6) % 12   # the one branch the month breaks (not when it is the day's)
    if po_b == day:
        po_b = -1
    hit = 1 << v0 | 1 << v1 | (1 << po_b if po_b >= 0 else 0)
    if not (_DILU_BITS[bits & 7] | _DILU_BITS[bits >> 3]) & hit:
        return out   # no 地祿 branch of either trigram 空 or 破
    for label, t in (("內卦", bits & 7), ("外卦", bits >> 3)):
        dilu = DILU[t]
        if not _DILU_BITS[t] & hit:
            continue
        kong = [b for b in dilu if b == v0 or b == v1]
        po = [po_b] if po_b in dilu else []
        marks = "".join([f"{BRANCH_ZH[b]}空" for b in kong] + [f"{BRANCH_ZH[b]}破" for b in po])
        tail = ""
        if kong:
            if ruler is None:
                ruler = bajie_ruler(chart)
            state = _HOUQI[ruler][t]
            if state in ("旺", "相"):
                tail = f" (卦候{state}: 旬空而弗空)"
        out.append(Finding("gua-kongpo", f"{label} {_tri(t)} {marks}{tail}"))
    return out


@rule("gua-hua-shengke", "八卦之化 五行 / 十二位", "팔괘의 화: 오행 / 십이위", ("p129-s1",),
      kind="finding")
def gua_hua(chart: Chart) -> list[Finding]:
    """A changing trigram read both ways (p129-s1): by the five phases (坎化坤 = 克) and by the
    twelve stages of its phase at the new trigram's 地祿 (水 at 未申 = 養/長生).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坎", "坤", month="子", day="甲子").findings
    ...  if f.rule == "gua-hua-shengke"][0]
    '內卦 坎化坤: 五行 克, 十二位 養/長生'
    """
    if chart.changed is None:
        return []
    stages = STAGE_TABLE[(chart.context or context(chart)).tu]
    out = []
    for label, a, b in _changes(chart):
        pa = _TRI_PHASE[a]
        at = stages[pa]
        dilu = DILU[b]   # one or two branches
        twelve = at[dilu[0]] if len(dilu) == 1 else f"{at[dilu[0]]}/{at[dilu[1]]}"
        out.append(Finding("gua-hua-shengke", f"{label} {TRIGRAM_ZH[a]}化{TRIGRAM_ZH[b]}: 五行 "
                           f"{ACTS_TABLE[_TRI_PHASE[b]][pa]}, 十二位 {twelve}"))
    return out


# ---------------------------------------------------------------- 卦候章

HOUQI_STATES: Final = table(
    "gua-wangxiang-8", "八卦 旺相胎沒死囚休廢 (卦候)", "팔괘 왕상태몰사수휴폐 (괘후)",
    ("p130-s1", "p132-s1", "p134-s1", "p135-s1", "p277-s8"),
    ("旺", "相", "胎", "沒", "死", "囚", "休", "廢"),
    "compute.lifa.fanfu.HOUQI_STATES",
)
"""The eight states dealt round the 後天 circle from the ruling trigram (p130-s1, p134-s1 "冬至
始起於坎，而旺相胎沒死囚休廢，終止乎乾")."""

HOUTIAN: Final = (2, 4, 1, 6, 5, 0, 3, 7)   # 坎 艮 震 巽 離 坤 兌 乾
"""The 後天 circle, clockwise from 坎 (訣 "立春歸艮土，春分震木齊，立夏時當巽，夏至本尋離，立秋坤
土主，秋分兌澤奇，立冬乾旺處，冬至坎方宜", p130-s1 注)."""

_RULER_BY_MONTH: Final = {
    # month branch: (ruler before the month's 中氣, ruler after it)
    0: (7, 2), 1: (2, 2), 2: (4, 4), 3: (4, 1), 4: (1, 1), 5: (6, 6),
    6: (6, 5), 7: (5, 5), 8: (0, 0), 9: (0, 3), 10: (3, 3), 11: (7, 7),
}
_ZHONGQI_DATE: Final = {0: (12, 22), 3: (3, 21), 6: (6, 21), 9: (9, 23)}


def after_zhongqi(chart: Chart) -> bool:
    """Whether the cast lies after the 中氣 of its month (only asked for 子午卯酉 months): from
    the date when there is one (冬至 12-22, 春分 3-21, 夏至 6-21, 秋分 9-23, ±1 day), else by the
    ``zhongqi`` convention (default: past)."""
    m = int(chart.month)
    at = chart.at
    if isinstance(at, _dt.datetime) and m in _ZHONGQI_DATE:
        mm, dd = _ZHONGQI_DATE[m]
        if m == 0 and at.month < 6:
            return True
        return (at.month, at.day) >= (mm, dd)
    return context(chart).opts.get("zhongqi", "past") == "past"


def bajie_ruler(chart: Chart) -> int:
    """The trigram that rules the 八節 period of the cast (冬至 坎, 立春 艮, 春分 震 …). The 一候
    of 餘旺 after each period (p132-s1) needs the exact day and is not applied."""
    before, after = _RULER_BY_MONTH[int(chart.month)]
    return after if before == after or after_zhongqi(chart) else before


def houqi_state(trigram: int, ruler: int) -> str:
    """The 卦候 state of *trigram* when *ruler* rules.

    >>> houqi_state(4, 2), houqi_state(1, 2), houqi_state(7, 2)   # 冬至: 艮相 震胎 乾廢
    ('相', '胎', '廢')
    """
    return _HOUQI[ruler][trigram]


_AROUND: Final = tuple(HOUTIAN.index(t) for t in range(8))   # each trigram's place on the circle
_HOUQI: Final = tuple(tuple(HOUQI_STATES[(_AROUND[t] - _AROUND[r]) % 8] for t in range(8))
                      for r in range(8))
"""``_HOUQI[ruler][trigram]``: :func:`houqi_state`."""


@rule("gua-wangxiang-8", kind="finding")
def guahou(chart: Chart) -> list[Finding]:
    """卦候 of the primary's two trigrams, by the 月令 only (p130-s1 "以月令言毋以日時言"): a 旺相
    trigram is not 空 in the 旬 nor 破 by a day clash, a 死囚 trigram is not raised by its own day
    (p135-s1); used chiefly for 邦畿 and 住宅.

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坎", "節", month="丑", day="甲寅").findings
    ...  if f.rule == "gua-wangxiang-8"]
    ['卦候 坎司令: 內卦 坎 旺, 外卦 坎 旺']
    """
    ruler = bajie_ruler(chart)
    bits = chart.primary.hexagram.bits
    lo, up = bits & 7, bits >> 3
    state = _HOUQI[ruler]
    return [Finding(
        "gua-wangxiang-8",
        f"卦候 {TRIGRAM_ZH[ruler]}司令: 內卦 {TRIGRAM_ZH[lo]} {state[lo]}, "
        f"外卦 {TRIGRAM_ZH[up]} {state[up]}",
    )]


