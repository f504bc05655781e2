"""長生章 and the measures of 旺衰: 長生十二位, 旺相休囚死, 生克 between phases.

Source: 易冒 p149 (¶295, how 月 and 日 measure), p179–p191 (¶355–379, 長生章), p284-s5.

The book's 卜筮 rule (p186-s1 "卜筮之道，歸重支神，不分陰陽，同其生死"): the twelve stages are
counted forward from the phase's 長生 whatever the stem; 土 is born at 申 with 水 ("水土生申",
p179-s2; p191-s1 "以地王起甲申，申中有坤，故土生於申"). The 五行家's split (戊 生寅, 己 生酉)
is recorded (:data:`STEM_CHANGSHENG_WUXINGJIA`) but not used.

Convention ``tu-changsheng``: ``申`` (the book, p191-s1; also usual 六爻 practice) or ``寅``
(火土同宮 of the 五行家, the 戊土 of p191-s1 "若分陰陽，則戊生於寅").

>>> stage(Phase.TU, Branch.SI), stage(Phase.JIN, Branch.SI), stage(Phase.TU, Branch.SI, tu="寅")
('絕', '長生', '臨官')
>>> wangxiang(Phase.TU, Branch.SI), wangxiang(Phase.TU, Branch.SHEN)
('相', '休')
"""

from __future__ import annotations

from compute.book.ganzhi import Branch
from compute.book.wuxing import BRANCH_PHASE, Phase
from compute.registry import convention, doctrine, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

STAGES: Final = table(
    "changsheng-12", "長生十二位", "장생십이위",
    ("p179-s1", "p179-s2", "p180-s1", "p181-s1", "p182-s1", "p186-s1"),
    ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養"),
    "compute.book.changsheng.STAGES",
)
"""The twelve stages in order (p182-s1 注, p129-s1 注 "長生沐浴冠帶臨官帝旺衰病死墓絕胎養"):
"三位而生，七位而旺，十位而死，十二位而終始" counted from 胎 (p179-s2)."""

CHANGSHENG_START: Final = table(
    "tu-changsheng", "土長生", "토장생", ("p179-s2", "p191-s1"),
    (Branch.HAI, Branch.YIN, Branch.SHEN, Branch.SI, Branch.SHEN),
    "compute.book.changsheng.CHANGSHENG_START",
)
"""長生 by phase (木 火 土 金 水): "金生巳，木生亥，火生寅，水土生申" (p179-s2 注)."""

TU_CHANGSHENG_CHOICES: Final = {"申": Branch.SHEN, "寅": Branch.YIN}
"""``tu-changsheng`` convention: the book's 申, or 寅 (火土同宮, the 五行家's 戊)."""

TU_CHANGSHENG = convention(
    "tu-changsheng", tuple(TU_CHANGSHENG_CHOICES), "tu-changsheng",
    "申: 土 is born with 水 at 申 (p191-s1, the book; also usual 六爻 practice); 寅: 火土同宮 "
    "(the 五行家's 戊土, which the book mentions and does not use)",
)

STEM_CHANGSHENG_WUXINGJIA: Final = table(
    "yinyang-gan-changsheng", "陰陽干長生 (五行家)", "음양간장생 (오행가)",
    ("p186-s2", "p187-s1", "p189-s2", "p189-s3", "p189-s4", "p189-s5", "p191-s1"),
    ("亥", "午", "寅", "酉", "寅", "酉", "巳", "子", "申", "卯"),
    "compute.book.changsheng.STEM_CHANGSHENG_WUXINGJIA",
)
"""The 五行家's stem 長生, yang forward, yin backward (甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子
壬申 癸卯; p189 "庚金長生於巳，辛金寄生於子 … 壬水長生於申，癸水寄生於卯 … 甲木長生於亥，乙木寄
生於午"). Not used in 卜筮 (p186-s1); the 祿 of :mod:`compute.lifa.shensha` is derived from it."""

DIZHI_CANGGAN: Final = table(
    "dizhi-canggan", "地支藏干 (人元)", "지지장간 (인원)", ("p190-s1",),
    ("癸己辛", "己癸辛", "甲丙戊", "乙癸", "戊乙癸", "丙戊庚", "丁乙己", "己丁", "庚坤壬",
     "辛丁己", "戊辛丁", "壬甲"),
    "compute.book.changsheng.DIZHI_CANGGAN",
)
"""地支藏干 as the verse gives them, 子 … 亥 (p190-s1 "子中癸己更加辛，丑中己癸復陰金 … 申內庚金
坤壬水 …"); 坤 in 申 is the 土 of p191-s1. No procedure of the book uses this table."""

STAGE_TABLE: Final = {
    tu: tuple(
        tuple(STAGES[(b - (start if p != Phase.TU else TU_CHANGSHENG_CHOICES[tu])) % 12]
              for b in range(12))
        for p, start in zip(Phase, CHANGSHENG_START, strict=True)
    )
    for tu in TU_CHANGSHENG_CHOICES
}
"""``STAGE_TABLE[tu][phase][branch]`` is :func:`stage` (*tu*: where 土 has its 長生, 申 or 寅)."""


@rule("changsheng-12")
def stage(phase: Phase | int, branch: Branch | int, tu: str = "申") -> str:
    """The stage (長生 … 養) of *phase* at *branch* (only the branch counts, p186-s1).

    >>> stage(Phase.MU, Branch.SHEN), stage(Phase.HUO, Branch.XU), stage(Phase.SHUI, Branch.YOU)
    ('絕', '墓', '沐浴')
    """
    return STAGE_TABLE[tu][phase][branch]


_STAGE_BRANCH: Final = {
    tu: tuple(
        {name: (TU_CHANGSHENG_CHOICES[tu] if p == Phase.TU else start) + k
         for k, name in enumerate(STAGES)}
        for p, start in zip(Phase, CHANGSHENG_START, strict=True)
    )
    for tu in TU_CHANGSHENG_CHOICES
}


def stage_at(phase: int, name: str, tu: str = "申") -> int:
    """:func:`stage_branch` as a plain int (fast path for the rules).

    >>> stage_at(0, "墓"), stage_at(2, "絕")
    (7, 5)
    """
    return _STAGE_BRANCH[tu][phase][name] % 12


def stage_branch(phase: Phase | int, name: str, tu: str = "申") -> Branch:
    """The branch where *phase* reaches stage *name*.

    >>> stage_branch(Phase.MU, "墓"), stage_branch(Phase.TU, "絕")
    (Branch.WEI, Branch.SI)
    """
    start = TU_CHANGSHENG_CHOICES[tu] if phase == Phase.TU else CHANGSHENG_START[phase]
    return Branch((start + STAGES.index(name)) % 12)


# ---------------------------------------------------------------- 生克 between phases

SAME, SHENG, KE, XIE, HAO = "比", "生", "克", "洩", "耗"
"""How phase *a* acts on phase *b*: 比 (same), 生 (a 生 b), 克 (a 克 b), 洩 (b 生 a: b is drained
by a), 耗 (b 克 a: b spends itself on a)."""

ACTS_TABLE: Final = tuple(
    tuple((SAME, SHENG, KE, HAO, XIE)[(b - a) % 5] for b in range(5)) for a in range(5)
)
"""``ACTS_TABLE[a][b]`` is :func:`acts` (a, b) for phases as ints (the rules' fast path)."""


def acts(a: Phase | int, b: Phase | int) -> str:
    """How phase *a* acts on phase *b* (比 生 克 洩 耗).

    >>> acts(Phase.SHUI, Phase.MU), acts(Phase.JIN, Phase.MU), acts(Phase.MU, Phase.SHUI)
    ('生', '克', '洩')
    """
    return ACTS_TABLE[a][b]


WANGXIANG: Final = table(
    "wangshuai-method", "月日 旺衰之法", "월일 왕쇠지법",
    ("p149-s1", "p284-s5", "p284-s6", "p184-s1"),
    ("旺", "相", "死", "囚", "休"),
    "compute.book.changsheng.WANGXIANG",
)
"""旺相休囚死 of a line in the month (p149-s1 "月將則先從五法而後從十二法"), indexed by how the
month acts on the line: 比 旺, 生 相, 克 死 (p158-s1 注 "月建來克，便為真空"), 耗 (the line 克 the
month) 囚, 洩 (the line 生 the month) 休."""

WANGXIANG_TABLE: Final = tuple(
    tuple(WANGXIANG[("比", "生", "克", "耗", "洩").index(acts(m, p))] for m in range(5))
    for p in range(5)
)
"""``WANGXIANG_TABLE[phase][month phase]``: 旺 相 休 囚 死 as :func:`wangxiang` gives them."""


def wangxiang(phase: Phase | int, month: Branch | int) -> str:
    """旺 相 休 囚 死 of *phase* in the month *month*.

    >>> [wangxiang(Phase.MU, m) for m in (Branch.YIN, Branch.ZI, Branch.WU, Branch.CHEN,
    ...                                   Branch.SHEN)]
    ['旺', '相', '休', '囚', '死']
    """
    return WANGXIANG_TABLE[phase][BRANCH_PHASE_INT[month]]


BRANCH_PHASE_INT: Final = tuple(int(BRANCH_PHASE[b]) for b in range(12))
"""地支五行 as plain ints (子水 丑土 寅木 …), for the rules' fast paths: the book's table,
:data:`compute.book.wuxing.BRANCH_PHASE`, read once.

>>> BRANCH_PHASE_INT
(4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4)
"""


def day_action(phase: int, day: int, tu: str = "申") -> str:
    """How the day acts on a phase (the body of :func:`compute.lifa.riyue.day_acts`, the rule
    日辰): 長生 臨官 帝旺 count as 生 (比 when the same phase), 絕 as 克, else 五行 生克.

    >>> day_action(3, 5), day_action(2, 5), day_action(4, 9)
    ('生', '克', '生')
    """
    s = STAGE_TABLE[tu][phase][day]
    if s in ("長生", "臨官", "帝旺"):
        return "比" if BRANCH_PHASE_INT[day] == phase else "生"
    if s == "絕":
        return "克"
    return ACTS_TABLE[BRANCH_PHASE_INT[day]][phase]


def is_strong(state: str) -> bool:
    """旺 and 相 count as strong (旺相); 休 囚 死 as weak (衰, 休囚)."""
    return state in ("旺", "相")


doctrine(
    "shengjue-over-shengke", "生絕 outrank 生克", "생절이 생극보다 우선",
    ("p180-s1", "p181-s1", "p181-s2", "p182-s1"),
    "a weighting: the day's 長生/臨官/帝旺 count as 生 and its 絕 as 克 in "
    "compute.lifa.riyue.day_acts; the minor stages yield to 生克 there; the weights themselves "
    "(十之九, 十之七) are not numbers compute can use",
)


@rule("shengjue-source", "生絕 measured on 日 / 月 / 飛 / 變", "생절의 기준",
      ("p184-s1", "p185-s1", "p185-s2"))
def shengjue_on(
    phase: Phase | int, source: Branch | int, hollow: bool, tu: str = "申"
) -> str | None:
    """The stage of *phase* at a 飛 (for its 伏) or a changed line (for its moving line): "其法
    猶類日也", but none when that line is 空 or 破 (*hollow*: "如空如破，則非生非絕矣", p185-s2 注).
    Moving lines of one hexagram never measure each other by stages ("同體", p185-s2).

    >>> shengjue_on(Phase.SHUI, Branch.SHEN, False), shengjue_on(Phase.SHUI, Branch.SHEN, True)
    ('長生', None)
    """
    return None if hollow else stage(phase, source, tu)
