"""五行章 and the 五行 parts of 甲子章: the five phases, their cycles, 納音 and 干合.

Source: 易冒 p029–p031 (納音, 五化), p048–p053 (五行章).

>>> Phase.MU.generates(), Phase.MU.controls()
(Phase.HUO, Phase.TU)
>>> branch_phase(Branch.SHEN), stem_phase(Stem.GUI)
(Phase.JIN, Phase.SHUI)
"""

from __future__ import annotations

from types import MappingProxyType

from compute.book.ganzhi import BRANCH_ZH, Branch, GanZhi, Stem, month_pillar
from compute.book.names import Named
from compute.registry import rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

PHASE_ZH: Final = "木火土金水"


class Phase(Named, names=PHASE_ZH, what="phase"):
    """The five phases 五行, valued in the order of generation (木 → 火 → 土 → 金 → 水).

    >>> [str(p) for p in Phase]
    ['木', '火', '土', '金', '水']
    """

    MU = 0
    HUO = 1
    TU = 2
    JIN = 3
    SHUI = 4

    def generates(self) -> Phase:
        """The phase this one generates (生): 木生火 …

        >>> Phase.SHUI.generates()
        Phase.MU
        """
        return _GENERATES[self]

    def controls(self) -> Phase:
        """The phase this one controls (克): 木克土 …

        >>> Phase.HUO.controls()
        Phase.JIN
        """
        return _CONTROLS[self]


SHENG: Final = tuple((p + 1) % 5 for p in range(5))
"""``SHENG[phase]``: the phase it generates (生), as an int: 木生火, 火生土 … (the ints of
:meth:`Phase.generates`)."""
KE: Final = tuple((p + 2) % 5 for p in range(5))
"""``KE[phase]``: the phase it controls (克), as an int: 木克土, 土克水 …
(:meth:`Phase.controls`)."""
SHENG_BY: Final = tuple(SHENG.index(p) for p in range(5))
"""``SHENG_BY[phase]``: the phase that generates it (never itself)."""
KE_BY: Final = tuple(KE.index(p) for p in range(5))
"""``KE_BY[phase]``: the phase that controls it (never itself).

>>> [PHASE_ZH[KE_BY[p]] + "克" + PHASE_ZH[p] for p in range(5)]
['金克木', '水克火', '木克土', '火克金', '土克水']
"""
_GENERATES: Final = tuple(map(Phase, SHENG))
_CONTROLS: Final = tuple(map(Phase, KE))


def _from_literal(rows: tuple[tuple[str, str], ...], names: str) -> dict[int, Phase]:
    return {names.index(ch): Phase.from_zh(ph) for chars, ph in rows for ch in chars}


BRANCH_PHASE_ROWS: Final = (
    ("子", "水"), ("卯", "木"), ("午", "火"), ("酉", "金"),  # 一陽之生…水之象; 陰陽相半…木屬 (p049)
    ("亥", "水"), ("寅", "木"), ("巳", "火"), ("申", "金"),  # 亥水寅木巳火申金，類從其屬 (p051-s2)
    ("辰戌丑未", "土"),                                     # 辰戌丑未，則出類分屬 … 土 (p051-s2)
)
BRANCH_PHASE: Final = table(
    "zhi-wuxing", "地支五行", "지지오행",
    ("p049-s1", "p049-s2", "p050-s1", "p050-s2", "p051-s1", "p051-s2"),
    MappingProxyType({
        Branch(k): v for k, v in _from_literal(BRANCH_PHASE_ROWS, BRANCH_ZH).items()
    }),
    "compute.book.wuxing.BRANCH_PHASE",
)
"""地支五行, in the book's order: 子卯午酉 first (the four 正), then 亥寅巳申, then 辰戌丑未."""

STEM_PHASE: Final = table(
    "gan-wuxing", "天干五行", "천간오행", ("p052-s1",),
    MappingProxyType({Stem(s): Phase(s // 2) for s in range(10)}),
    "compute.book.wuxing.STEM_PHASE",
)
"""天干五行: a stem takes the phase of the branch it is hidden in (寅中有甲 …, p052-s1): 甲乙木,
丙丁火, 戊己土, 庚辛金, 壬癸水."""


def branch_phase(branch: Branch) -> Phase:
    """The phase of a branch (地支五行).

    >>> branch_phase(Branch.CHOU)
    Phase.TU
    """
    return BRANCH_PHASE[branch]


def stem_phase(stem: Stem) -> Phase:
    """The phase of a stem (天干五行).

    >>> stem_phase(Stem.GENG)
    Phase.JIN
    """
    return STEM_PHASE[stem]


NAYIN_NUMBERS: Final = table(
    "nayin", "納音", "납음", ("p028-s2", "p029-s1", "p030-s1"),
    (("甲己子午", 9), ("乙庚丑未", 8), ("丙辛寅申", 7),
     ("丁壬卯酉", 6), ("戊癸辰戌", 5), ("巳亥", 4)),
    "compute.book.wuxing.NAYIN_NUMBERS",
)
"""干支定數 (p030-s1 "甲己子午九、乙庚丑未八 … 巳亥四")."""

_NUMBER: Final = {ch: n for chars, n in NAYIN_NUMBERS for ch in chars}
NAYIN_REMAINDER: Final = (None, Phase.SHUI, Phase.HUO, Phase.MU, Phase.JIN, Phase.TU)
"""水一、火二、木三、金四、土五 (p029-s1)."""


@rule("nayin")
def nayin(gz: GanZhi) -> Phase:
    """The 納音 phase of a pillar, by the book's arithmetic (p029-s1, p030-s1): add the numbers
    of the pair's two stems and two branches, take them from 49, divide the rest by five; the
    remainder (0 read as 5) names a phase (水一 火二 木三 金四 土五) and the 納音 is the phase
    it generates.

    The book's example: 甲子乙丑, 9 + 9 + 8 + 8 = 34; 49 − 34 = 15 → 5, 土; 土生金.

    >>> nayin(GanZhi.from_zh("甲子")), nayin(GanZhi.from_zh("丙寅")), nayin(GanZhi.from_zh("癸亥"))
    (Phase.JIN, Phase.HUO, Phase.SHUI)
    """
    first = gz.index - gz.index % 2
    chars = GanZhi(first).zh + GanZhi(first + 1).zh
    r = (49 - sum(_NUMBER[c] for c in chars)) % 5 or 5
    phase = NAYIN_REMAINDER[r]
    assert phase is not None
    return phase.generates()


GAN_HE: Final = table(
    "gan-wuhe", "天干五合化", "천간오합화", ("p031-s2", "p138-s2"),
    (("甲己", "土"), ("乙庚", "金"), ("丙辛", "水"), ("丁壬", "木"), ("戊癸", "火")),
    "compute.book.wuxing.GAN_HE",
)
"""五化 as the book lists them (p138-s2 "甲己化戊而成土也，乙庚化庚而成金也 …")."""


@rule("gan-wuhe")
def gan_he(a: Stem, b: Stem) -> Phase | None:
    """The phase two stems combine into (干合), or None if they do not combine.

    The book derives it (p138-s2 "逢龍則化"): run 五虎遁 from the pair's 寅 month to the 辰
    (dragon) month; the stem found there gives the phase.

    >>> gan_he(Stem.JIA, Stem.JI), gan_he(Stem.WU, Stem.GUI), gan_he(Stem.JIA, Stem.YI)
    (Phase.TU, Phase.HUO, None)
    """
    if (a - b) % 5 != 0 or a == b:
        return None
    return stem_phase(month_pillar(Stem(min(a, b)), Branch.CHEN).stem)


WUZHAO: Final = table(
    "wuzhao-qiyao", "五兆 / 七耀", "오조 / 칠요", ("p053-s1",),
    (("雨", "水"), ("霽", "火"), ("蒙", "木"), ("馹", "金"), ("克", "土")),
    "compute.book.wuxing.WUZHAO",
)
"""五兆 雨霽蒙馹克 = 水火木金土 (p053-s1 注)."""

QIYAO: Final = table(
    "wuzhao-qiyao", None, None, None,
    (("喜", "日"), ("善", "月"), ("威", "金"), ("文", "木"),
     ("弱", "水"), ("燥", "火"), ("怒", "土")),
    "compute.book.wuxing.QIYAO",
)
"""七耀 喜善威文弱燥怒 = 日月金木水火土 (p053-s1 注)."""
