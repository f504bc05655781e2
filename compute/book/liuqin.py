"""六親章: the six relations, reckoned from the palace element (我).

Source: 易冒 p054–p057.

>>> relative(Phase.JIN, Phase.SHUI), relative(Phase.JIN, Phase.HUO)
(Relative.ZISUN, Relative.GUANGUI)
"""

from __future__ import annotations

from types import MappingProxyType

from compute.book.names import Named
from compute.book.wuxing import Phase
from compute.registry import rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

RELATIVE_ZH: Final = ("父母", "官鬼", "兄弟", "子孫", "妻財")
RELATIVE_SHORT: Final = "父官兄子財"
"""Each 六親 in one character, as charts write it (:attr:`Relative.short`)."""
RELATIVE_OF_SHORT: Final = dict(zip(RELATIVE_SHORT, RELATIVE_ZH, strict=True))
"""``{"父": "父母", …}``: the 六親 a chart's one character names."""


class Relative(Named, names=RELATIVE_ZH, what="relative",
               expected="父母 官鬼 兄弟 子孫 妻財",
               aliases={"鬼": "官鬼", "妻": "妻財", "孫": "子孫", "父": "父母", "官": "官鬼",
                        "兄": "兄弟", "子": "子孫", "財": "妻財"}):
    """The 六親 (five kinds), in the order the book defines them (p054–p055).

    >>> [r.short for r in Relative]
    ['父', '官', '兄', '子', '財']
    """

    FUMU = 0
    GUANGUI = 1
    XIONGDI = 2
    ZISUN = 3
    QICAI = 4

    @property
    def short(self) -> str:
        """One character, as charts write it: 父 官 兄 子 財."""
        return RELATIVE_SHORT[self]


LIUQIN_RULE: Final = table(
    "liuqin", "六親", "육친", ("p054-s1", "p054-s2", "p054-s3", "p055-s1", "p055-s2", "p055-s3"),
    (
        ("生我", Relative.FUMU),     # 生我者為父母 (p054-s2)
        ("克我", Relative.GUANGUI),  # 克我者為官鬼 (p054-s3)
        ("比和", Relative.XIONGDI),  # 比和者為兄弟 (p055-s1)
        ("我生", Relative.ZISUN),    # 我生者為子 (p055-s2)
        ("我克", Relative.QICAI),    # 我克者為財 (p055-s2)
    ),
    "compute.book.liuqin.LIUQIN_RULE",
)
"""六親 as the book defines them, 我 being the hexagram's palace element."""

_BY_OFFSET: Final = MappingProxyType({
    4: Relative.FUMU,      # other + 1 == me: it generates me
    3: Relative.GUANGUI,   # other + 2 == me: it controls me
    0: Relative.XIONGDI,
    1: Relative.ZISUN,     # me + 1 == other
    2: Relative.QICAI,     # me + 2 == other
})


@rule("liuqin")
def relative(me: Phase, other: Phase) -> Relative:
    """The relation of a phase to 我 (the palace element): "卦成則以我為本" (p054-s2).

    >>> [str(relative(Phase.TU, p)) for p in Phase]
    ['官鬼', '父母', '兄弟', '子孫', '妻財']
    """
    return _BY_OFFSET[(other - me) % 5]


LIUQIN_SHENG: Final = table(
    "liuqin-dong-shengke", "六親動 生象 / 克象", "육친동 생상 / 극상",
    ("p056-s1", "p056-s2", "p057-s1", "p057-s2", "p057-s3"),
    (
        (Relative.QICAI, Relative.GUANGUI),   # 財動生鬼
        (Relative.FUMU, Relative.XIONGDI),    # 父動生兄
        (Relative.GUANGUI, Relative.FUMU),    # 官動生父
        (Relative.ZISUN, Relative.QICAI),     # 子動生財
        (Relative.XIONGDI, Relative.ZISUN),   # 兄動生子
    ),
    "compute.book.liuqin.LIUQIN_SHENG",
)
"""六親之生象, in the book's order (p056-s1)."""

LIUQIN_KE: Final = table(
    "liuqin-dong-shengke", None, None, None,
    (
        (Relative.FUMU, Relative.ZISUN),      # 父動克子
        (Relative.ZISUN, Relative.GUANGUI),   # 子動克官
        (Relative.QICAI, Relative.FUMU),      # 財動克父
        (Relative.GUANGUI, Relative.XIONGDI),  # 官動克兄
        (Relative.XIONGDI, Relative.QICAI),   # 兄動克財
    ),
    "compute.book.liuqin.LIUQIN_KE",
)
"""六親之克象, in the book's order (p057-s1)."""

_SHENG: Final = dict(LIUQIN_SHENG)
_KE: Final = dict(LIUQIN_KE)


def generated_by(mover: Relative) -> Relative:
    """The relative a moving line of *mover* generates (六親之生象).

    >>> generated_by(Relative.QICAI), controlled_by(Relative.ZISUN)
    (Relative.GUANGUI, Relative.GUANGUI)
    """
    return _SHENG[mover]


def controlled_by(mover: Relative) -> Relative:
    """The relative a moving line of *mover* controls (六親之克象).

    >>> controlled_by(Relative.XIONGDI)
    Relative.QICAI
    """
    return _KE[mover]
