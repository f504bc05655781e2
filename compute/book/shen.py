"""兩身章 and 間爻章: 卦身, 世身, 間爻 and the positions of the lines.

Source: 易冒 p080–p086.

>>> h = Hexagram.from_name("乾"); guashen(h), shishen(h, Branch.XU)
(Branch.SI, 5)
"""

from __future__ import annotations

from compute.book.ganzhi import BRANCHES, Branch
from compute.book.gua import Hexagram
from compute.registry import doctrine, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final


@rule("guashen", "卦身 (月卦)", "괘신 (월괘)", ("p080-s1", "p081-s1", "p081-s2", "p082-s1"))
def guashen(hexagram: Hexagram) -> Branch:
    """卦身 (月卦): with the 世 on line n, a yang 世 gives the n-th branch from 子, a yin 世 the
    n-th from 午 ("一陽一陰之世，則為子午月卦 … 六陽六陰之世，則為巳亥月卦", p080-s1 注;
    "乾六陽之世，卦身在巳，坤六陰之世，卦身在亥").

    >>> guashen(Hexagram.from_name("坤")), guashen(Hexagram.from_name("困"))
    (Branch.HAI, Branch.WU)
    """
    n = hexagram.shi
    return BRANCHES[n - 1 if hexagram.bits >> (n - 1) & 1 else n + 5]


SHISHEN_LINE: Final = table(
    "shishen", "世身 (身居何爻)", "세신 (신거하효)", ("p080-s1", "p082-s2"),
    (("子午", 1), ("丑未", 2), ("寅申", 3), ("卯酉", 4), ("辰戌", 5), ("巳亥", 6)),
    "compute.book.shen.SHISHEN_LINE",
)
"""世身: the line by the 世's branch ("子午之世 … 世身在初爻，丑未之世 … 在二爻", p080-s1 注)."""


@rule("shishen")
def shishen(hexagram: Hexagram, shi_branch: Branch) -> int:
    """The line of the 世身, from the branch on the 世 (always present, "必備於爻").

    The book's examples (p080-s1 注): 小畜 世 子 → 初; 大畜 世 寅 → 三.

    >>> xiaoxu, daxu = Hexagram.from_name("小畜"), Hexagram.from_name("大畜")
    >>> shishen(xiaoxu, Branch.ZI), shishen(daxu, Branch.YIN)
    (1, 3)
    """
    return shi_branch % 6 + 1


@rule("jianyao", "間爻", "간효", ("p084-s1", "p084-s2", "p085-s1", "p085-s2"))
def jianyao(hexagram: Hexagram) -> tuple[int, int]:
    """The two 間爻 between 世 and 應 ("如乾四五為間，復姤二三為間", p084-s1 注).

    >>> jianyao(Hexagram.from_name("乾")), jianyao(Hexagram.from_name("姤"))
    ((4, 5), (2, 3))
    """
    low = (hexagram.shi - 1) % 3 + 1   # the lower of 世 and 應, three lines apart
    return low + 1, low + 2


@rule("yaowei", "爻位", "효위", ("p086-s1",))
def line_roles(hexagram: Hexagram, position: int) -> tuple[str, ...]:
    """The names a line position carries (p086-s1 注): 世/應, 間, 前 (the line above the 世,
    將來) and 後 (below, 已往), 左鄰 (四), 右鄰 (初), 君 (五), 臣 (二), 地 (初), 天 (上),
    門戶 (三四).

    >>> line_roles(Hexagram.from_name("乾"), 1), line_roles(Hexagram.from_name("乾"), 6)
    (('前', '右鄰', '地'), ('世', '天'))
    """
    out = []
    if position == hexagram.shi:
        out.append("世")
    if position == hexagram.ying:
        out.append("應")
    if position in jianyao(hexagram):
        out.append("間")
    if position == hexagram.shi % 6 + 1:
        out.append("前")
    if position == (hexagram.shi - 2) % 6 + 1:
        out.append("後")
    out.extend(POSITION_NAMES[position])
    return tuple(out)


POSITION_NAMES: Final = {
    1: ("右鄰", "地"), 2: ("臣",), 3: ("門戶",), 4: ("左鄰", "門戶"), 5: ("君",), 6: ("天",),
}

doctrine(
    "liangshen-weight", "世 / 卦身 / 世身 輕重", "세 / 괘신 / 세신 경중", ("p083-s1", "p083-s2"),
    "a ranking of 世 > 卦身 > 世身 and topic preferences for the reader; no value to compute",
)
