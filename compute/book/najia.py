"""納甲章: the stems and branches a trigram takes (納甲), with the book's seasonal 乾坤 swap.

Source: 易冒 p042–p047.

>>> [gz.zh for gz in najia(Hexagram.from_name("乾"), after_xiazhi=True)]
['壬子', '壬寅', '壬辰', '甲午', '甲申', '甲戌']
>>> [gz.zh for gz in najia(Hexagram.from_name("大有"), after_xiazhi=True)]
['甲子', '甲寅', '甲辰', '己酉', '己未', '己巳']
>>> [gz.zh for gz in najia(Hexagram.from_name("大有"), after_xiazhi=True, scope="trigram")]
['壬子', '壬寅', '壬辰', '己酉', '己未', '己巳']
"""

from __future__ import annotations

from types import MappingProxyType

from compute.book.ganzhi import Branch, GanZhi, Stem
from compute.book.gua import Hexagram, Trigram
from compute.errors import InputError
from compute.registry import rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

NAJIA_STEMS: Final = table(
    "najia-gan", "天干所納", "천간소납", ("p042-s1", "p043-s1"),
    MappingProxyType({
        Trigram.QIAN: (Stem.JIA, Stem.REN),   # 乾 … 下甲而上壬
        Trigram.KUN: (Stem.YI, Stem.GUI),     # 坤 … 內乙而外癸
        Trigram.ZHEN: (Stem.GENG, Stem.GENG),  # 震巽以長而納位乎上 (庚辛)
        Trigram.XUN: (Stem.XIN, Stem.XIN),
        Trigram.KAN: (Stem.WU, Stem.WU),      # 坎離以次而納位乎中 (戊己)
        Trigram.LI: (Stem.JI, Stem.JI),
        Trigram.GEN: (Stem.BING, Stem.BING),  # 艮兌以少而納位乎下 (丙丁)
        Trigram.DUI: (Stem.DING, Stem.DING),
    }),
    "compute.book.najia.NAJIA_STEMS",
)
"""天干所納 (inner, outer), in the book's order. The 注 of p043 writes "丙丁納庚辛，上位也" for
震巽納庚辛 (scribal: the main text says 震巽)."""

NAJIA_STEMS_AFTER_XIAZHI: Final = table(
    "najia-gan-seasonal", "二老時遷", "이로시천", ("p044-s1",),
    MappingProxyType({
        Trigram.QIAN: (Stem.REN, Stem.JIA),   # 夏至後下納壬癸，上納甲乙
        Trigram.KUN: (Stem.GUI, Stem.YI),
    }),
    "compute.book.najia.NAJIA_STEMS_AFTER_XIAZHI",
)
"""二老時遷，三少不變 (p044-s1): from 夏至 to 冬至 乾 takes 壬 inside and 甲 outside, 坤 癸 inside
and 乙 outside; the six children never change."""

NAJIA_BRANCHES: Final = table(
    "najia-zhi", "地支所納 (渾天甲子)", "지지소납 (혼천갑자)",
    ("p045-s1", "p045-s2", "p046-s1", "p046-s2", "p047-s1"),
    MappingProxyType({
        Trigram.QIAN: ("子寅辰", "午申戌"),  # 乾納子寅辰午申戌
        Trigram.ZHEN: ("子寅辰", "午申戌"),  # 長子襲之
        Trigram.KAN: ("寅辰午", "申戌子"),   # 中男襲中爻
        Trigram.GEN: ("辰午申", "戌子寅"),   # 三男襲三爻
        Trigram.KUN: ("未巳卯", "丑亥酉"),   # 坤納未巳卯丑亥酉
        Trigram.XUN: ("丑亥酉", "未巳卯"),   # 巽以丑從子
        Trigram.LI: ("卯丑亥", "酉未巳"),    # 離以卯從寅
        Trigram.DUI: ("巳卯丑", "亥酉未"),   # 兌以巳從辰
    }),
    "compute.book.najia.NAJIA_BRANCHES",
)
"""地支所納 (inner 初二三, outer 四五上), in the book's order (p045-s2, p046-s2, p047-s1 注)."""

_BRANCH_CODES: Final = {
    t: tuple(Branch.from_zh(c) for c in inner + outer)
    for t, (inner, outer) in NAJIA_BRANCHES.items()
}


@rule("najia-gan")
def trigram_stem(trigram: Trigram, outer: bool, after_xiazhi: bool = False) -> Stem:
    """The stem a trigram takes inside or outside; *after_xiazhi* applies 二老時遷.

    >>> trigram_stem(Trigram.QIAN, outer=False), trigram_stem(Trigram.QIAN, False, True)
    (Stem.JIA, Stem.REN)
    """
    stems = NAJIA_STEMS_AFTER_XIAZHI if after_xiazhi and trigram in (Trigram.QIAN, Trigram.KUN) \
        else NAJIA_STEMS
    return stems[trigram][1 if outer else 0]


@rule("najia-zhi")
def trigram_branches(trigram: Trigram, outer: bool) -> tuple[Branch, Branch, Branch]:
    """The three branches a trigram takes inside (初二三) or outside (四五上).

    >>> trigram_branches(Trigram.KUN, outer=False)
    (Branch.WEI, Branch.SI, Branch.MAO)
    """
    b = _BRANCH_CODES[trigram]
    return (b[3], b[4], b[5]) if outer else (b[0], b[1], b[2])


SWAP_SCOPES: Final = ("pure", "trigram")


@rule("najia-gan-seasonal")
def najia(
    hexagram: Hexagram, after_xiazhi: bool = False, scope: str = "pure"
) -> tuple[GanZhi, ...]:
    """The six 納甲 pillars of a hexagram, 初爻 first; *after_xiazhi* = the cast falls between
    夏至 and 冬至, when the book swaps the 乾坤 stems (二老時遷, p044-s1); False gives the fixed
    stems of common practice.

    *scope*: which 乾/坤 move. ``"pure"`` (default) — the 八純 乾 and 坤 only, as the book's
    worked cases read: 未月 乾之小畜 has 甲午, "以夏至後先壬而後甲也" (p170-s1 注), while
    in the same months 夬之大過's inner 乾 keeps 甲子 ("酉建 … 當日甲子即歸", p170-s1 注) and
    遁之節's outer 乾 keeps 壬申 ("未建 … 應爻在壬申，是以壬申日遇", p171-s5 注).
    ``"trigram"`` — every 乾 or 坤 trigram, the wider reading of "二老所納隨時遷移" (p044-s1 注).
    Either way the twelve missing pillars are supplied ("干支六十，可得而具焉").

    >>> najia(Hexagram.from_name("乾"), after_xiazhi=True)[3]
    GanZhi.from_zh('甲午')
    >>> dun, guai = Hexagram.from_name("遁"), Hexagram.from_name("夬")
    >>> najia(dun, after_xiazhi=True)[4], najia(guai, after_xiazhi=True)[0]
    (GanZhi.from_zh('壬申'), GanZhi.from_zh('甲子'))
    """
    if scope not in SWAP_SCOPES:
        raise InputError("najia.scope", value=scope)
    if scope == "pure" and hexagram.bits not in (0, 63):
        after_xiazhi = False
    out = []
    for outer, trigram in ((False, hexagram.lower), (True, hexagram.upper)):
        stem = trigram_stem(trigram, outer, after_xiazhi)
        out.extend(GanZhi.from_parts(stem, b) for b in trigram_branches(trigram, outer))
    return tuple(out)


SOLSTICE_HALVES: Final = ("冬至後", "夏至後")


def half_year_of_month(month: Branch, solstice: str | None = None) -> bool:
    """Whether a month (月建) lies after 夏至 (True) or after 冬至 (False), for 二老時遷.

    未申酉戌亥 are after 夏至, 丑寅卯辰巳 after 冬至. 子 and 午 hold the solstice itself: the
    month alone cannot tell; *solstice* = ``"before"`` or ``"after"`` says on which side of it
    the cast falls, and by default the solstice is taken as past (子 → 冬至後, 午 → 夏至後).

    >>> half_year_of_month(Branch.WEI), half_year_of_month(Branch.WU, "before")
    (True, False)
    """
    if solstice not in (None, "before", "after"):
        raise InputError("najia.solstice", value=solstice)
    if month in (Branch.ZI, Branch.WU):
        past = solstice != "before"
        return (month == Branch.WU) == past
    return month in (Branch.WEI, Branch.SHEN, Branch.YOU, Branch.XU, Branch.HAI)
