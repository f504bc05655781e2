"""Stars of 世應章: 五星降位, the two 二十八宿 systems and the 昏中星.

Source: 易冒 p069–p077.

>>> h = Hexagram.from_name("歸妹"); wuxing_star(h), jingfang_xiu(h)
('歲星', '軫')
"""

from __future__ import annotations

from compute.book.ganzhi import Branch
from compute.book.gua import HEXAGRAMS, Hexagram, Trigram
from compute.registry import rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

XIU_28: Final = "角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"
"""The 28 lunar mansions in the usual order from 角 (p074-s1 counts from 參, p075-s1 from 角)."""

WUXING_STARS: Final = table(
    "wuxing-star", "五星降位", "오성강위",
    ("p069-s1", "p070-s1", "p071-s1", "p071-s2", "p072-s1", "p073-s1"),
    (("鎮星", "土"), ("太白", "金"), ("太陰", "水"), ("歲星", "木"), ("熒惑", "火")),
    "compute.book.xing.WUXING_STARS",
)
"""鎮星 → 太白 → 太陰 → 歲星 → 熒惑, in the book's order (p069-s1; 太陰 for the water star and
熒惑 in place of 太陽, p071-s1)."""


@rule("wuxing-star")
def wuxing_star(hexagram: Hexagram) -> str:
    """The star that descends on the 世: the 易章 walked in order, 乾 六世 鎮星, 姤 太白, 遁 太陰 …
    "及歸妹丁丑而歲星終焉" (p069-s1, p070-s1).

    >>> [wuxing_star(Hexagram.from_name(n)) for n in ("乾", "姤", "剝", "大有", "震")]
    ['鎮星', '太白', '鎮星', '太陰', '歲星']
    """
    return WUXING_STARS[hexagram.yizhang_index % 5][0]


@rule("jingxing-jingfang", "經星聚世 (京房)", "경성취세 (경방)", ("p074-s1",))
def jingfang_xiu(hexagram: Hexagram) -> str:
    """The 宿 on the 世 after 京房: 參 on 乾, then on through the 易章 ("以乾震坎艮坤巽離兌
    為次，順布六十四卦之世爻", p074-s1 注).

    >>> [jingfang_xiu(Hexagram.from_name(n)) for n in ("乾", "姤", "大有", "震")]
    ['參', '井', '軫', '角']
    """
    return XIU_28[(XIU_28.index("參") + hexagram.yizhang_index) % 28]


HUANGJINCE_BASE: Final = table(
    "jingxing-huangjince", "二十八宿 (黃金策)", "이십팔수 (황금책)", ("p075-s1", "p076-s1"),
    (("乾", "角"), ("巽", "角"), ("坎", "斗"), ("離", "斗"),
     ("艮", "奎"), ("坤", "奎"), ("震", "井"), ("兌", "井")),
    "compute.book.xing.HUANGJINCE_BASE",
)
"""乾巽角、坎離斗、艮坤奎、震兌井 (p075-s1): the 宿 on the 世 of each 八純."""

_HJC_PALACES: Final = (
    Trigram.QIAN, Trigram.KAN, Trigram.GEN, Trigram.ZHEN,
    Trigram.XUN, Trigram.LI, Trigram.KUN, Trigram.DUI,
)


@rule("jingxing-huangjince")
def huangjince_xiu(hexagram: Hexagram) -> tuple[str, ...]:
    """The 宿 of each line, 初爻 first, after 黃金策 (劉夫子). The 世 of the k-th hexagram of a
    palace takes the palace's base + k, and the 歸魂 the next palace's base ("八純閏歸魂",
    palaces 乾坎艮震巽離坤兌); the 應 takes the next 宿, then the other four lines, "自外以布至內",
    alternate sides from the 世's side, each side from its outermost line inward.

    The book's three examples (p075-s1, p076-s1):

    >>> "".join(huangjince_xiu(Hexagram.from_name("乾")))
    '房尾亢心氐角'
    >>> "".join(huangjince_xiu(Hexagram.from_name("姤")))
    '亢房尾氐箕心'
    >>> "".join(huangjince_xiu(Hexagram.from_name("歸妹")))
    '氐心角尾房亢'
    """
    base = 7 * _HJC_PALACES.index(hexagram.palace) + hexagram.generation
    return tuple([XIU_28[(base + k) % 28] for k in _HJC_RANKS[hexagram.shi]])


def _hjc_ranks(hexagram: Hexagram) -> tuple[int, ...]:
    """Each line's place (0 = the 世's) in the order :func:`huangjince_xiu` lays the 宿 out:
    世, 應, then the other four alternately from the 世's side, each side from outside in."""
    shi, ying = hexagram.shi, hexagram.ying
    inner = [p for p in (1, 2, 3) if p not in (shi, ying)]
    outer = [p for p in (6, 5, 4) if p not in (shi, ying)]
    first, second = (inner, outer) if shi <= 3 else (outer, inner)
    order = [shi, ying] + [p for pair in zip(first, second, strict=True) for p in pair]
    return tuple(order.index(p) for p in range(1, 7))


_HJC_RANKS: Final = {h.shi: _hjc_ranks(h) for h in (HEXAGRAMS[b] for b in (63, 62, 60, 56, 48, 32))}
""":func:`_hjc_ranks` by the 世 line (the order follows from the 世 and 應 alone), from the
八純 乾 and its palace's 一世 … 五世."""


HUNZHONG_XIU: Final = table(
    "hunzhong-xing", "昏中星", "혼중성", ("p077-s1",),
    (("正", "胃"), ("二", "畢"), ("三", "井"), ("四", "柳"), ("五", "翼"), ("六", "軫"),
     ("七", "氐"), ("八", "尾"), ("九", "斗"), ("十", "女"), ("十一", "室"), ("十二", "奎")),
    "compute.book.xing.HUNZHONG_XIU",
)
"""The 宿 culminating at dusk, month by month (p077-s1 注 "如今正月昏中乃胃星，二月中乃畢星，
三井、四柳、五翌、六軫 …"; 翌 = 翼)."""


def hunzhong_xiu(month: Branch) -> str:
    """The 昏中 宿 of the month (正月 = 寅).

    >>> hunzhong_xiu(Branch.YIN), hunzhong_xiu(Branch.CHOU)
    ('胃', '奎')
    """
    return HUNZHONG_XIU[(month - Branch.YIN) % 12][1]

