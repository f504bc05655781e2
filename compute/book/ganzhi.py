"""甲子章: the ten stems, the twelve branches and the sixty-term cycle (六十甲子).

Source: 易冒 p027–p032 (甲子章).

>>> GanZhi.from_zh("癸酉")
GanZhi.from_zh('癸酉')
>>> GanZhi.from_zh("癸酉").xun, [str(b) for b in GanZhi.from_zh("癸酉").void]
('甲子', ['戌', '亥'])
"""

from __future__ import annotations

from types import MappingProxyType

from compute.book.names import Named
from compute.errors import InputError
from compute.registry import rule, table
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

STEM_ZH: Final = "甲乙丙丁戊己庚辛壬癸"
BRANCH_ZH: Final = "子丑寅卯辰巳午未申酉戌亥"
CLASH: Final = tuple((b + 6) % 12 for b in range(12))
"""``CLASH[branch]``: the branch it clashes with (沖: six apart), as an int; :meth:`Branch.clash`
for the enum.

>>> BRANCH_ZH[CLASH[0]], BRANCH_ZH[CLASH[9]]
('午', '卯')
"""


def _even(member: int) -> bool:
    """Yang: the even stems and branches (甲丙戊庚壬, 子寅辰午申戌); the odd are yin.

    >>> [str(s) for s in Stem if s.yang], [str(b) for b in Branch if not b.yang]
    (['甲', '丙', '戊', '庚', '壬'], ['丑', '卯', '巳', '未', '酉', '亥'])
    """
    return member % 2 == 0


class Stem(Named, names=STEM_ZH, what="stem"):
    """The ten heavenly stems 天干, valued in traditional order (甲 = 0).

    >>> Stem.GUI, str(Stem.GUI), Stem.GUI.yang
    (Stem.GUI, '癸', False)
    """

    JIA = 0
    YI = 1
    BING = 2
    DING = 3
    WU = 4
    JI = 5
    GENG = 6
    XIN = 7
    REN = 8
    GUI = 9

    yang = property(_even)


class Branch(Named, names=BRANCH_ZH, what="branch"):
    """The twelve earthly branches 地支, valued in traditional order (子 = 0).

    >>> Branch.YOU, str(Branch.YOU), int(Branch.YOU)
    (Branch.YOU, '酉', 9)
    """

    ZI = 0
    CHOU = 1
    YIN = 2
    MAO = 3
    CHEN = 4
    SI = 5
    WU = 6
    WEI = 7
    SHEN = 8
    YOU = 9
    XU = 10
    HAI = 11

    yang = property(_even)

    def clash(self) -> Branch:
        """The branch opposite (六沖), six places on.

        >>> Branch.ZI.clash()
        Branch.WU
        """
        return Branch((self + 6) % 12)


class GanZhi(Frozen):
    """One term of the sexagenary cycle 六十甲子 (甲子 = 0 … 癸亥 = 59).

    Source: p027-s2 "用甲乘子，取乙駕丑 … 天地之數六十而盡矣".

    >>> g = GanZhi.from_parts(Stem.GUI, Branch.YOU); g.index, g.stem, g.branch
    (9, Stem.GUI, Branch.YOU)
    >>> GanZhi.from_parts(Stem.JIA, Branch.CHOU)
    Traceback (most recent call last):
    compute.errors.InputError: 甲丑 is not a stem-branch pair: a yang stem takes a yang branch ...
    """

    __slots__ = ("index",)
    index: int

    def __init__(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < 60:
            raise InputError("ganzhi.index", value=index)
        init(self, index)

    @property
    def stem(self) -> Stem:
        return STEMS[self.index % 10]

    @property
    def branch(self) -> Branch:
        return BRANCHES[self.index % 12]

    @property
    def zh(self) -> str:
        return GANZHI_ZH[self.index]  # made at import (no concatenation per call)

    @property
    def xun(self) -> str:
        """The head of the 旬 (ten-day week) containing this term: 甲子, 甲戌 … 甲寅."""
        return GANZHI_ZH[self.index - self.index % 10]

    @property
    def void(self) -> tuple[Branch, Branch]:
        """The two branches the 旬 leaves out (旬空); see :func:`void_branches`."""
        return void_branches(self)

    def __str__(self) -> str:
        return self.zh

    def __repr__(self) -> str:
        return f"GanZhi.from_zh({self.zh!r})"

    def __add__(self, n: int) -> GanZhi:
        return GANZHI[(self.index + n) % 60]

    @classmethod
    def from_parts(cls, stem: Stem, branch: Branch) -> GanZhi:
        """The term with *stem* and *branch* (they must agree in yin/yang).

        >>> GanZhi.from_parts(Stem.REN, Branch.XU).index
        58
        """
        gz = _BY_PARTS.get((stem, branch))
        if gz is not None:
            return gz
        if stem % 2 != branch % 2 or not (0 <= stem < 10 and 0 <= branch < 12):
            raise InputError("ganzhi.not_pair", pair=f"{Stem(stem)}{Branch(branch)}")
        return cls((6 * stem - 5 * branch) % 60)  # pragma: no cover - _BY_PARTS has them all

    @classmethod
    def from_zh(cls, text: str) -> GanZhi:
        """Parse two characters 干支, e.g. ``"癸酉"``.

        >>> GanZhi.from_zh("甲子").index, GanZhi.from_zh("癸亥").index
        (0, 59)
        """
        if not isinstance(text, str) or len(text) != 2:
            raise InputError("ganzhi.malformed", value=text)
        return cls.from_parts(Stem.from_zh(text[0]), Branch.from_zh(text[1]))


STEMS: Final = tuple(Stem)
BRANCHES: Final = tuple(Branch)
GANZHI: Final = tuple(GanZhi(i) for i in range(60))
"""The sixty terms as objects, 甲子 first (``GANZHI[i]`` is ``GanZhi(i)``)."""
_BY_PARTS: Final = {(i % 10, i % 12): GANZHI[i] for i in range(60)}

GANZHI_ZH: Final = table(
    "ganzhi-60", "六十甲子", "육십갑자", ("p027-s1", "p027-s2"),
    tuple(STEM_ZH[k % 10] + BRANCH_ZH[k % 12] for k in range(60)),
    "compute.book.ganzhi.GANZHI_ZH",
)
"""六十甲子 in order: "以天干順佈於地支之上，始自甲子至癸酉，幹終而始甲戌 …" (p027-s2)."""


@rule("xunkong", "旬空", "순공", ("p155-s1",))
def void_branches(day: GanZhi) -> tuple[Branch, Branch]:
    """The two void branches (旬空) of the 旬 containing *day*: the 旬 pairs ten stems with
    ten branches, and the two branches after its 癸 are left out.

    >>> void_branches(GanZhi.from_zh("甲子"))
    (Branch.XU, Branch.HAI)
    >>> void_branches(GanZhi.from_zh("壬戌"))
    (Branch.ZI, Branch.CHOU)
    """
    return _VOID[day.index]


VOID_START: Final = tuple((i - i % 10 + 10) % 12 for i in range(60))
"""``VOID_START[index of a pillar]``: the first of its two void branches (旬空), as an int; the
second is the next branch. The ints of :func:`void_branches`, for code that works on ints.

>>> VOID_START[GanZhi.from_zh("壬戌").index], VOID_START[GanZhi.from_zh("甲子").index]
(0, 10)
"""
_VOID: Final = tuple((BRANCHES[v], BRANCHES[(v + 1) % 12]) for v in VOID_START)


MONTH_STEM_START: Final = table(
    "wuhu-dun", "年上起月 (五虎遁)", "연상기월 (오호둔)", ("p028-s2",),
    MappingProxyType({s: Stem((2 * s + 2) % 10) for s in Stem}),
    "compute.book.ganzhi.MONTH_STEM_START",
)
"""五虎遁: the stem of the 寅 month by year stem (甲 year → 丙寅, "退三位而取丙寅", p028-s2)."""
MONTH_PILLARS: Final = tuple(tuple(
    GANZHI[(6 * ((MONTH_STEM_START[Stem(s)] + (m - 2) % 12) % 10) - 5 * m) % 60] for m in range(12))
    for s in range(10))
"""``MONTH_PILLARS[year stem][month branch]``: :func:`month_pillar` (五虎遁 from
:data:`MONTH_STEM_START`; the stem counted on from the 寅 month, of the month's yin/yang).

>>> MONTH_PILLARS[Stem.JIA][Branch.YIN].zh, MONTH_PILLARS[Stem.GUI][Branch.CHOU].zh
('丙寅', '乙丑')
"""


@rule("wuhu-dun")
def month_pillar(year_stem: Stem, month: Branch) -> GanZhi:
    """The month's pillar from the year stem (五虎遁; 夏正 months start at 寅).

    >>> month_pillar(Stem.JIA, Branch.YIN), month_pillar(Stem.GUI, Branch.CHOU)
    (GanZhi.from_zh('丙寅'), GanZhi.from_zh('乙丑'))
    """
    return MONTH_PILLARS[year_stem][month]


@rule("wushu-dun", "日上起時 (五子遁)", "일상기시 (오자둔)", ("p028-s2", "p059-s1"))
def hour_pillar(day_stem: Stem, hour: Branch) -> GanZhi:
    """The hour's pillar from the day stem (五子遁: "甲子日起甲子時", p028-s2; p059-s1
    "甲子日寅時 … 時當丙寅").

    >>> hour_pillar(Stem.JIA, Branch.YIN), hour_pillar(Stem.XIN, Branch.CHEN)
    (GanZhi.from_zh('丙寅'), GanZhi.from_zh('壬辰'))
    """
    return HOUR_PILLARS[day_stem][hour]


HOUR_PILLARS: Final = tuple(tuple(GANZHI[(6 * ((2 * s + b) % 10) - 5 * b) % 60] for b in range(12))
                            for s in range(10))
"""``HOUR_PILLARS[day stem][hour branch]``: :func:`hour_pillar` (五子遁: the hour's stem is the
day stem twice plus the hour, of the hour's yin/yang), ints as indices.

>>> HOUR_PILLARS[Stem.JIA][Branch.YIN].zh, HOUR_PILLARS[Stem.XIN][Branch.CHEN].zh
('丙寅', '壬辰')
"""


DIRECTIONS: Final = table(
    "ershisi-fangwei", "干支列於四方", "간지열어사방", ("p032-s1",),
    (
        ("北", "壬子癸"), ("東北", "丑艮寅"), ("東", "甲卯乙"), ("東南", "辰巽巳"),
        ("南", "丙午丁"), ("西南", "未坤申"), ("西", "庚酉辛"), ("西北", "戌乾亥"),
    ),
    "compute.book.ganzhi.DIRECTIONS",
)
"""The 24 directions, in the book's order (p032-s1 注 "壬子癸、丑艮寅 … 戌乾亥"); 戊己 central."""


def direction(char: str) -> str:
    """The quarter of a stem, branch or trigram among the 24 directions (戊己: 中央).

    >>> direction("艮"), direction("酉"), direction("戊")
    ('東北', '西', '中央')
    """
    for quarter, chars in DIRECTIONS:
        if char in chars:
            return quarter
    if char in "戊己":
        return "中央"
    raise InputError("ganzhi.direction", value=char)
