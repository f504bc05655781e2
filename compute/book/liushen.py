"""六神章: the six spirits by day (司日), month (司月 / 大六神), hour (司時) and 貴人 (司貴).

Source: 易冒 p058–p064; the 天乙貴人 of p227–p228 for 司貴六神. The book writes 元武 for 玄武.

>>> [str(s) for s in day_spirits(Stem.GUI)]
['元武', '青龍', '朱雀', '勾陳', '騰蛇', '白虎']
"""

from __future__ import annotations

from types import MappingProxyType

from compute.book.ganzhi import BRANCHES, Branch, Stem, hour_pillar
from compute.book.names import Named
from compute.registry import doctrine, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

SPIRIT_ZH: Final = ("青龍", "朱雀", "勾陳", "騰蛇", "白虎", "元武")


class Spirit(Named, names=SPIRIT_ZH, what="spirit"):
    """The six spirits 六神, in the order they climb the lines (青龍 → … → 元武).

    >>> str(Spirit.XUANWU), Spirit.XUANWU.short
    ('元武', '武')
    """

    QINGLONG = 0
    ZHUQUE = 1
    GOUCHEN = 2
    TENGSHE = 3
    BAIHU = 4
    XUANWU = 5

    @property
    def short(self) -> str:
        return "龍雀勾蛇虎武"[self]


LIUSHEN_DAY_START: Final = table(
    "liushen-day", "司日六神", "사일육신",
    ("p058-s2", "p059-s1", "p060-s1", "p060-s2", "p061-s1", "p061-s2", "p062-s1"),
    MappingProxyType({
        Stem.JIA: Spirit.QINGLONG, Stem.YI: Spirit.QINGLONG,   # 甲乙起青龍
        Stem.BING: Spirit.ZHUQUE, Stem.DING: Spirit.ZHUQUE,    # 丙丁起朱雀
        Stem.WU: Spirit.GOUCHEN,                               # 戊日起勾陳
        Stem.JI: Spirit.TENGSHE,                               # 己日起騰蛇
        Stem.GENG: Spirit.BAIHU, Stem.XIN: Spirit.BAIHU,       # 庚辛起白虎
        Stem.REN: Spirit.XUANWU, Stem.GUI: Spirit.XUANWU,      # 壬癸起元武
    }),
    "compute.book.liushen.LIUSHEN_DAY_START",
)
"""司日六神: the spirit on the 初爻 by day stem (p058-s2 注); "初爻起朱雀" (p059-s1) fixes the
start on the bottom line."""


@rule("liushen-day")
def day_spirits(day_stem: Stem) -> tuple[Spirit, ...]:
    """The six spirits of the lines, 初爻 first, for a day stem (司日六神).

    >>> [s.short for s in day_spirits(Stem.WU)]
    ['勾', '蛇', '虎', '武', '龍', '雀']
    """
    return _DAY_SPIRITS[day_stem]


LIUSHEN_MONTH_VERSE: Final = table(
    "liushen-month", "司月六神", "사월육신", ("p058-s2", "p064-s1"),
    (
        (Spirit.QINGLONG, Branch.YIN, 1),    # 龍在寅方
        (Spirit.BAIHU, Branch.SHEN, 1),      # 虎在申
        (Spirit.GOUCHEN, Branch.CHOU, 1),    # 正從丑上起勾陳
        (Spirit.ZHUQUE, Branch.SI, 1),       # 朱雀巳宮
        (Spirit.XUANWU, Branch.HAI, 1),      # 元武亥
        (Spirit.TENGSHE, Branch.CHEN, -1),   # 惟有騰蛇辰逆行
    ),
    "compute.book.liushen.LIUSHEN_MONTH_VERSE",
)
"""司月六神: (spirit, branch in 正月 = 寅月, step per month), in the verse's order (p058-s2 注).
That the other five move forward a branch a month is what the 大六神 of p063-s2 states."""

DA_LIUSHEN: Final = table(
    "da-liushen", "大六神", "대육신", ("p063-s2",),
    (
        (Spirit.QINGLONG, Branch.ZI, 1),     # 龍起子 (先天坤位)
        (Spirit.BAIHU, Branch.WU, 1),        # 虎起午 (先天乾位)
        (Spirit.ZHUQUE, Branch.MAO, 1),      # 朱雀以卯，出自離門
        (Spirit.XUANWU, Branch.YOU, 1),      # 元武以酉，出自坎座
        (Spirit.GOUCHEN, Branch.HAI, 1),     # 勾陳 … 從亥順行
        (Spirit.TENGSHE, Branch.WU, -1),     # 騰蛇 … 自白虎午上相分逆行
    ),
    "compute.book.liushen.DA_LIUSHEN",
)
"""大六神 (周正: counted from the 子 month), in the book's order (p063-s2 and 注)."""


@rule("liushen-month")
def month_spirit_branches(month: Branch) -> dict[Spirit, Branch]:
    """Where each 司月 spirit stands in the month *month* (月建).

    >>> {str(s): str(b) for s, b in month_spirit_branches(Branch.YIN).items()}
    {'青龍': '寅', '白虎': '申', '勾陳': '丑', '朱雀': '巳', '元武': '亥', '騰蛇': '辰'}
    >>> month_spirit_branches(Branch.WEI)[Spirit.TENGSHE]
    Branch.HAI
    """
    steps = (month - Branch.YIN) % 12
    return {s: BRANCHES[(b + d * steps) % 12] for s, b, d in LIUSHEN_MONTH_VERSE}


@rule("da-liushen")
def da_liushen_branches(month: Branch) -> dict[Spirit, Branch]:
    """Where each 大六神 stands in the month *month*, counting from 子 (周正).

    >>> da_liushen_branches(Branch.YIN) == month_spirit_branches(Branch.YIN)
    True
    """
    steps = (month - Branch.ZI) % 12
    return {s: BRANCHES[(b + d * steps) % 12] for s, b, d in DA_LIUSHEN}


def month_spirits_on(branch: Branch, month: Branch) -> tuple[Spirit, ...]:
    """The 司月 spirits standing on *branch* in month *month* (none, one or two).

    >>> month_spirits_on(Branch.MAO, Branch.MAO)
    (Spirit.QINGLONG, Spirit.TENGSHE)
    """
    return MONTH_SPIRITS_ON[month][branch]


@rule("liushen-hour", "司時六神", "사시육신", ("p059-s1", "p064-s2"))
def hour_spirits(day_stem: Stem, hour: Branch) -> tuple[Spirit, ...]:
    """司時六神: the hour's stem by 五子遁, then as for the day ("甲子日寅時占 … 時當丙寅，即
    初爻起朱雀是也", p059-s1).

    >>> hour_spirits(Stem.JIA, Branch.YIN)[0]
    Spirit.ZHUQUE
    """
    return _DAY_SPIRITS[hour_pillar(day_stem, hour).stem]


GUIREN_GENERALS: Final = table(
    "liushen-guiren", "司貴六神 (天乙十二將)", "사귀육신 (천을십이장)",
    ("p059-s1", "p064-s2", "p227-s1", "p227-s3", "p228-s1"),
    ("貴人", "騰蛇", "朱雀", "六合", "勾陳", "青龍",
     "空亡", "白虎", "太常", "元武", "太陰", "天后"),
    "compute.book.liushen.GUIREN_GENERALS",
)
"""The twelve generals following the 貴人, in the book's order (p059-s1 注)."""

YANG_GUI: Final = MappingProxyType({
    Stem.JI: Branch.ZI, Stem.GENG: Branch.CHOU, Stem.XIN: Branch.YIN, Stem.REN: Branch.MAO,
    Stem.GUI: Branch.SI, Stem.JIA: Branch.WEI, Stem.YI: Branch.SHEN, Stem.BING: Branch.YOU,
    Stem.DING: Branch.HAI, Stem.WU: Branch.CHOU,
})
"""陽貴, in the order of the prose derivation from 甲子 (p227-s3: 己子 庚丑 辛寅 壬卯, 辰 天羅
skipped, 癸巳, 午 端門 skipped, 甲未 乙申 丙酉, 戌 地網 skipped, 丁亥, 子 帝座 skipped, 戊丑);
the verse of p228-s1 (甲羊戊庚牛 …) agrees."""


def _yin_gui() -> dict[Stem, Branch]:
    # 陰貴始自地王起甲申而逆求之 … 陰貴亦然 (p227-s1, s3): the mirror image of the 陽貴 walk
    # (子 ↔ 申, the skipped 辰午戌子 ↔ 辰寅戌申).
    return {s: BRANCHES[(8 - b) % 12] for s, b in YANG_GUI.items()}


YIN_GUI: Final = MappingProxyType(_yin_gui())
"""陰貴 by the prose rule (甲丑 乙子 丙亥 丁酉 戊未 己申 庚未 辛午 壬巳 癸卯). The verse of p228-s1
repeats 丙雞丁豬 (酉, 亥) from the 陽貴 verse; the prose derivation gives 丙亥 丁酉."""


@rule("liushen-guiren")
def guiren_generals(day_stem: Stem, hour: Branch) -> dict[Branch, str]:
    """司貴六神: the general on each branch. Hours 子–巳 take the 陽貴, 午–亥 the 陰貴 (the
    author's correction of 六壬, p228-s1 注 "當以子至巳用陽，午至亥用陰"); 陽貴 順行, 陰貴 逆行
    (p059-s1 注).

    The book's case (p059-s1): 辛未日辰時 → 寅上起貴人，未乃青龍，酉乃白虎.

    >>> g = guiren_generals(Stem.XIN, Branch.CHEN); g[Branch.YIN], g[Branch.WEI], g[Branch.YOU]
    ('貴人', '青龍', '白虎')
    """
    return _GUIREN[day_stem][hour >= Branch.WU]


def _guiren(day_stem: Stem, yang: bool) -> dict[Branch, str]:
    start = (YANG_GUI if yang else YIN_GUI)[day_stem]
    step = 1 if yang else -1
    return {BRANCHES[(start + step * k) % 12]: GUIREN_GENERALS[k] for k in range(12)}


_SPIRITS: Final = tuple(Spirit)
_DAY_SPIRITS: Final = {
    st: tuple(_SPIRITS[(LIUSHEN_DAY_START[st] + k) % 6] for k in range(6)) for st in Stem
}


def _spirits_on(month: Branch) -> dict[Branch, tuple[Spirit, ...]]:
    on: dict[Branch, list[Spirit]] = {b: [] for b in BRANCHES}
    for s, at in month_spirit_branches(month).items():
        on[at].append(s)
    return {b: tuple(sorted(spirits)) for b, spirits in on.items()}


MONTH_SPIRITS_ON: Final = {m: _spirits_on(m) for m in BRANCHES}
"""month → branch → the 司月 spirits standing on it (:func:`month_spirits_on` as a table)."""
_GUIREN: Final = {st: (_guiren(st, True), _guiren(st, False)) for st in Stem}


doctrine(
    "liushen-weight", "六神 喜忌", "육신 희기", ("p063-s1", "p064-s2"),
    "a weighting for the reader (日月六神 before 時/貴), not a computation",
)
