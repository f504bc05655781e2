"""成爻章, 成卦章 and the hexagram side of 世應章: lines, trigrams, hexagrams, the eight palaces.

Source: 易冒 p033–p038 (成爻, 成卦), p053 (八卦五行), p065–p068 (世應), p094–p095 (互卦).

Trigrams are valued by their line pattern (bit 0 = the bottom line, 1 = yang), hexagrams by six
bits (bits 0–2 the inner trigram 內卦/貞, bits 3–5 the outer 外卦/悔).

>>> h = Hexagram.from_name("晉"); h
Hexagram.from_name('晉')
>>> h.palace, h.generation_zh, h.shi, h.ying, h.full_name
(Trigram.QIAN, '游魂', 4, 1, '火地晉')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from compute.book.names import Named
from compute.book.wuxing import Phase
from compute.errors import InputError
from compute.registry import rule, table
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

POS_ZH: Final = ("", "初爻", "二爻", "三爻", "四爻", "五爻", "上爻")
"""The places of a hexagram's lines by position (1 = 初爻, the bottom, … 6 = 上爻)."""
POSITIONS: Final = {name: p for p, name in enumerate(POS_ZH) if name}
"""A line's place by its name: ``POSITIONS["初爻"] == 1``."""


class Trigram(Named, names="坤震坎兌艮離巽乾", what="trigram", expected="one of 乾兌離震巽坎艮坤",
              aliases={"地": "坤", "雷": "震", "水": "坎", "澤": "兌", "山": "艮", "火": "離",
                       "風": "巽", "天": "乾"}):
    """The eight trigrams 八卦, valued by their line pattern (bit 0 bottom, 1 = yang).

    >>> Trigram.ZHEN, int(Trigram.ZHEN), Trigram.ZHEN.image, Trigram.ZHEN.phase, Trigram.ZHEN.pair
    (Trigram.ZHEN, 1, '雷', Phase.MU, Trigram.XUN)
    """

    KUN = 0b000
    ZHEN = 0b001
    KAN = 0b010
    DUI = 0b011
    GEN = 0b100
    LI = 0b101
    XUN = 0b110
    QIAN = 0b111

    @property
    def image(self) -> str:
        """The 象 used in full hexagram names: 天地雷風水火山澤."""
        return TRIGRAM_IMAGE[self]

    @property
    def phase(self) -> Phase:
        return TRIGRAM_PHASE[self]

    @property
    def pair(self) -> Trigram:
        """The trigram of opposite lines (乾↔坤, 震↔巽, 坎↔離, 艮↔兌)."""
        return Trigram(self ^ 0b111)


TRIGRAM_ZH: Final = MappingProxyType({
    Trigram.QIAN: "乾", Trigram.DUI: "兌", Trigram.LI: "離", Trigram.ZHEN: "震",
    Trigram.XUN: "巽", Trigram.KAN: "坎", Trigram.GEN: "艮", Trigram.KUN: "坤",
})
TRIGRAM_IMAGE: Final = MappingProxyType({
    Trigram.QIAN: "天", Trigram.DUI: "澤", Trigram.LI: "火", Trigram.ZHEN: "雷",
    Trigram.XUN: "風", Trigram.KAN: "水", Trigram.GEN: "山", Trigram.KUN: "地",
})

BAGUA_LINES: Final = table(
    "bagua-sheng", "八卦生成 (乾坤三索)", "팔괘생성 (건곤삼색)", ("p036-s1", "p036-s2"),
    (
        ("乾", "單單單"),  # 三單純陽為乾父
        ("坤", "拆拆拆"),  # 三拆純陰為坤母
        ("震", "單拆拆"),  # 陰獲陽為震 (坤 初爻 yang)
        ("巽", "拆單單"),  # 陽得陰為巽 (乾 初爻 yin)
        ("坎", "拆單拆"),  # 再索之坤中爻獲陽為坎
        ("離", "單拆單"),  # 乾中爻得陰為離
        ("艮", "拆拆單"),  # 三索之坤上爻獲陰(→陽, scribal) 為艮
        ("兌", "單單拆"),  # 乾上爻得陰為兌
    ),
    "compute.book.gua.BAGUA_LINES",
)
"""乾坤三索 (p036-s2 注), lines bottom → top, in the book's order of generation."""

XIANTIAN_ORDER: Final = table(
    "bagua-sheng", None, None, None,
    (Trigram.QIAN, Trigram.DUI, Trigram.LI, Trigram.ZHEN,
     Trigram.XUN, Trigram.KAN, Trigram.GEN, Trigram.KUN),
    "compute.book.gua.XIANTIAN_ORDER",
)
"""先天 circle: 乾兌離震之順，巽坎艮坤之逆 (p036-s2 注)."""

TRIGRAM_PHASE: Final = table(
    "gua-wuxing", "八卦五行", "팔괘오행", ("p053-s1",),
    MappingProxyType({
        Trigram.QIAN: Phase.JIN, Trigram.DUI: Phase.JIN,  # 乾兌位西屬金
        Trigram.ZHEN: Phase.MU, Trigram.XUN: Phase.MU,    # 震巽位東屬木
        Trigram.KAN: Phase.SHUI, Trigram.LI: Phase.HUO,   # 坎水離火
        Trigram.GEN: Phase.TU, Trigram.KUN: Phase.TU,     # 艮山坤地
    }),
    "compute.book.gua.TRIGRAM_PHASE",
)
"""八卦五行 (p053-s1 注)."""


# ---------------------------------------------------------------- lines (成爻章)

LINE_MARKS: Final = table(
    "coin-line", "以錢代蓍：單拆重交", "이전대시: 단탁중교",
    ("p033-s1", "p033-s2", "p034-s1", "p035-s1"),
    MappingProxyType({7: ("單", "少陽"), 8: ("拆", "少陰"), 9: ("重", "老陽"), 6: ("交", "老陰")}),
    "compute.book.gua.LINE_MARKS",
)
"""七為單 (少陽), 八為拆 (少陰), 九名重 (老陽), 六名交 (老陰) (p034-s1 注)."""

_TRIGRAMS: Final = tuple(Trigram)  # by value (坤 = 0 … 乾 = 7), for Hexagram.lower / .upper

_MARK_NUMBER: Final = {mark: n for n, (mark, _) in LINE_MARKS.items()}


class Yao(Frozen):
    """One cast line: its number 6 (交 老陰), 7 (單 少陽), 8 (拆 少陰) or 9 (重 老陽).

    >>> Yao.from_mark("重"), Yao(9).yang, Yao(9).moving, Yao(6).changed_yang
    (Yao(9), True, True, True)
    """

    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        if number not in LINE_MARKS:
            raise InputError("cast.line_number", value=number)
        init(self, number)

    @property
    def yang(self) -> bool:
        return self.number % 2 == 1

    @property
    def moving(self) -> bool:
        """Only 老陰 and 老陽 move (p088-s1: "爻非六九，皆不變也")."""
        return self.number in (6, 9)

    @property
    def changed_yang(self) -> bool:
        return self.yang != self.moving

    @property
    def mark(self) -> str:
        return LINE_MARKS[self.number][0]

    @property
    def name(self) -> str:
        return LINE_MARKS[self.number][1]

    def __repr__(self) -> str:
        return f"Yao({self.number})"

    @classmethod
    def from_mark(cls, mark: str) -> Yao:
        """By the book's mark 單拆重交.

        >>> Yao.from_mark("交").name
        '老陰'
        """
        if mark not in _MARK_NUMBER:
            raise InputError("cast.mark", value=mark)
        return cls(_MARK_NUMBER[mark])


YAO: Final = {n: Yao(n) for n in (6, 7, 8, 9)}
"""The four lines as objects, by number."""


@rule("coin-line")
def coin_line(backs: int) -> Yao:
    """The line thrown with three coins, *backs* of them lying back up (錢覆, 背 = 奇 = 3, the
    others 眉 = 偶 = 2): "兩背由來拆，雙眉本是單，渾眉交定位，總背是重看" (p035-s1).

    >>> [coin_line(b).mark for b in (0, 1, 2, 3)]
    ['交', '單', '拆', '重']
    """
    if backs not in (0, 1, 2, 3):
        raise InputError("cast.backs", value=backs)
    return Yao(3 * backs + 2 * (3 - backs))


CAST_MARKS: Final = MappingProxyType({
    **{str(n): n for n in LINE_MARKS}, **{chr(0xFF10 + n): n for n in LINE_MARKS},
    **_MARK_NUMBER, "○": 9, "×": 6, "x": 6, "X": 6,
})
"""What a cast line may be written as: 6–9 (ASCII or full-width), 單拆重交, ○ for 重, × for 交."""

CAST_SEPARATORS: Final = frozenset(",，、;；")
_YAO_OF_MARK: Final = {mark: YAO[n] for mark, n in CAST_MARKS.items()}.__getitem__
"""The line a cast mark stands for (KeyError for any other character)."""


def parse_cast(lines: str | int | Iterable[int | str | Yao]) -> tuple[Yao, ...]:
    """Six cast lines, bottom first: digits 6–9 (ASCII or full-width) or the marks 單拆重交 (also
    ○ for 重, × for 交), as text, as a six-digit number, or one item per line.

    >>> [y.number for y in parse_cast("987876")], [y.number for y in parse_cast("單拆重交單單")]
    ([9, 8, 7, 8, 7, 6], [7, 8, 9, 6, 7, 7])
    >>> parse_cast("9 8 7, 8 7 6") == parse_cast([9, 8, 7, 8, 7, 6]) == parse_cast("９８７８７６")
    True
    >>> parse_cast("98787²")
    Traceback (most recent call last):
    compute.errors.InputError: cast line '²': expected 6 (交 老陰), 7 (單 少陽), 8 (拆 少陰), \
9 (重 老陽) or the marks 單拆重交
    """
    if type(lines) is str and len(lines) == 6:  # six marks, nothing between: read by a table
        try:
            return tuple(map(_YAO_OF_MARK, lines))
        except KeyError:
            pass  # not six marks: read (and refused) below
    return _parse_cast(lines)


def _parse_cast(lines: str | int | Iterable[int | str | Yao]) -> tuple[Yao, ...]:
    given = lines  # as given, for a refusal
    if isinstance(lines, int) and not isinstance(lines, bool):
        if not 0 <= lines < 10**6:
            raise InputError("cast.bad", value=given)
        lines = str(lines)
    if isinstance(lines, str):
        if len(lines) > 64:
            raise InputError("cast.too_long", value=given)
        items: list[object] = [ch for ch in lines if not ch.isspace()
                               and ch not in CAST_SEPARATORS]
    elif isinstance(lines, Iterable) and not isinstance(lines, bytes | bytearray | Mapping):
        items = list(itertools.islice(iter(lines), 7))
    else:
        raise InputError("cast.bad", value=given)
    if len(items) != 6:
        raise InputError("cast.bad", value=given)
    return tuple(_cast_line(item) for item in items)


def _cast_line(item: object) -> Yao:
    if isinstance(item, Yao):
        return item
    if isinstance(item, int) and not isinstance(item, bool) and item in YAO:
        return YAO[item]
    if isinstance(item, str) and item.strip() in CAST_MARKS:
        return YAO[CAST_MARKS[item.strip()]]
    raise InputError("cast.line", value=item)


# ---------------------------------------------------------------- the eight palaces (八宮)

PALACE_ORDER: Final = (
    Trigram.QIAN, Trigram.ZHEN, Trigram.KAN, Trigram.GEN,
    Trigram.KUN, Trigram.XUN, Trigram.LI, Trigram.DUI,
)
"""The 易章 order of the palaces, "乾為天，至雷澤歸妹" (p065-s1 注; p070-s1 "震宮生坎宮 …")."""

PALACE_MEMBERS: Final = table(
    "bagong-16bian", "八宮 (易章) 十六變", "팔궁 (역장) 십육변", ("p038-s1", "p065-s1"),
    (
        ("乾", "姤", "遁", "否", "觀", "剝", "晉", "大有"),
        ("震", "豫", "解", "恆", "升", "井", "大過", "隨"),
        ("坎", "節", "屯", "既濟", "革", "豐", "明夷", "師"),
        ("艮", "賁", "大畜", "損", "睽", "履", "中孚", "漸"),
        ("坤", "復", "臨", "泰", "大壯", "夬", "需", "比"),
        ("巽", "小畜", "家人", "益", "無妄", "噬嗑", "頤", "蠱"),
        ("離", "旅", "鼎", "未濟", "蒙", "渙", "訟", "同人"),
        ("兌", "困", "萃", "咸", "蹇", "謙", "小過", "歸妹"),
    ),
    "compute.book.gua.PALACE_MEMBERS",
)
"""The 易章: each palace's eight hexagrams (純, 一世 … 五世, 游魂, 歸魂), palaces in 易章 order.
Only the 乾 palace is spelt out in the text (p038-s1); the rest follow the same changes."""

GENERATION_ZH: Final = ("八純", "一世", "二世", "三世", "四世", "五世", "游魂", "歸魂")


def _palace_bits(palace: Trigram) -> tuple[int, ...]:
    """The sixteen-change walk of p038-s1 up to 歸魂: lines 1…5 change in turn, then line 4
    changes back (游魂), then the inner trigram returns to the palace's (歸魂)."""
    bits = palace | palace << 3
    out = [bits]
    for k in range(5):
        bits ^= 1 << k
        out.append(bits)
    bits ^= 1 << 3
    out.append(bits)
    out.append((bits & 0b111000) | palace)
    return tuple(out)


_BITS_OF_NAME: Final = {
    name: bits
    for palace, names in zip(PALACE_ORDER, PALACE_MEMBERS, strict=True)
    for name, bits in zip(names, _palace_bits(palace), strict=True)
}
_NAME_OF_BITS: Final = {bits: name for name, bits in _BITS_OF_NAME.items()}
_PLACE: Final = {
    bits: (palace, k)
    for palace in PALACE_ORDER
    for k, bits in enumerate(_palace_bits(palace))
}

NAME_VARIANTS: Final = MappingProxyType({
    "遯": "遁", "恒": "恆", "无妄": "無妄", "旡妄": "無妄",
    # simplified spellings (lookup aliases only; the book's forms are canonical)
    "兑": "兌", "离": "離", "剥": "剝", "观": "觀", "晋": "晉", "随": "隨", "节": "節",
    "济": "濟", "贲": "賁", "损": "損", "渐": "漸", "复": "復", "临": "臨", "壮": "壯",
    "颐": "頤", "蛊": "蠱", "涣": "渙", "讼": "訟", "谦": "謙", "过": "過", "归": "歸",
    "丰": "豐", "师": "師", "风": "風", "泽": "澤", "为": "為",
})


def _canonical(text: str) -> str:
    for old, new in NAME_VARIANTS.items():
        text = text.replace(old, new)
    return text


def _full_name(bits: int) -> str:
    lower, upper = _TRIGRAMS[bits & 7], _TRIGRAMS[bits >> 3]
    name = _NAME_OF_BITS[bits]
    return f"{name}為{upper.image}" if lower == upper else f"{upper.image}{lower.image}{name}"


_LOOKUP: Final = {
    **{name: bits for name, bits in _BITS_OF_NAME.items()},
    **{_full_name(bits): bits for bits in _NAME_OF_BITS},
}


class Hexagram(Frozen):
    """A hexagram 卦 by its six bits (bit 0 = 初爻, 1 = yang).

    >>> Hexagram.from_name("水地比").bits == Hexagram.from_trigrams(Trigram.KAN, Trigram.KUN).bits
    True
    >>> Hexagram.from_name("天山遯"), Hexagram.from_name("恒"), Hexagram.from_name("无妄")
    (Hexagram.from_name('遁'), Hexagram.from_name('恆'), Hexagram.from_name('無妄'))
    """

    __slots__ = ("bits", "palace", "generation", "shi", "ying")
    _compared = ("bits",)  # the rest follow from the bits
    bits: int
    palace: Trigram
    """The palace 宮 (p038-s1, the 十六變)."""
    generation: int
    """0 八純, 1–5 一世 … 五世, 6 游魂, 7 歸魂."""
    shi: int
    """The 世 line (世應章)."""
    ying: int
    """The 應 line, three from the 世."""

    def __init__(self, bits: int) -> None:
        """The hexagram *bits*; its palace, generation, 世 and 應 follow from them (equal
        hexagrams have equal bits: only ``bits`` is compared and hashed)."""
        if not isinstance(bits, int) or not 0 <= bits < 64:
            raise InputError("hexagram.bits", value=bits)
        palace, generation = _PLACE[bits]
        shi = SHI_LINE[generation]
        init(self, bits, palace, generation, shi, (shi + 2) % 6 + 1)

    # -- constructors
    @classmethod
    def from_name(cls, name: str) -> Hexagram:
        """By the book's name (乾 … 未濟), a full name (水地比) or a common variant.

        >>> Hexagram.from_name("雷澤歸妹").name, Hexagram.from_name("风山渐").name
        ('歸妹', '漸')
        """
        bits = _LOOKUP.get(name) if isinstance(name, str) else None
        if bits is not None:
            return HEXAGRAMS[bits]
        text = _canonical(str(name).strip().removesuffix("卦"))
        if text in _LOOKUP:
            return HEXAGRAMS[_LOOKUP[text]]
        raise InputError("hexagram.unknown", value=name)

    @classmethod
    def from_trigrams(cls, upper: Trigram, lower: Trigram) -> Hexagram:
        """By outer (upper) and inner (lower) trigram.

        >>> Hexagram.from_trigrams(Trigram.LI, Trigram.QIAN)
        Hexagram.from_name('大有')
        """
        return HEXAGRAMS[upper << 3 | lower]

    @classmethod
    def from_yang(cls, yang: Iterable[bool]) -> Hexagram:
        """From six booleans, bottom line first.

        >>> Hexagram.from_yang([True, False, False, False, False, False])
        Hexagram.from_name('復')
        """
        return HEXAGRAMS[sum(1 << i for i, y in enumerate(yang) if y)]

    # -- names
    @property
    def name(self) -> str:
        return _NAME_OF_BITS[self.bits]

    @property
    def full_name(self) -> str:
        return _full_name(self.bits)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Hexagram.from_name({self.name!r})"

    # -- structure
    @property
    def lower(self) -> Trigram:
        """The inner trigram 內卦 (貞)."""
        return _TRIGRAMS[self.bits & 7]

    @property
    def upper(self) -> Trigram:
        """The outer trigram 外卦 (悔)."""
        return _TRIGRAMS[self.bits >> 3]

    def is_yang(self, position: int) -> bool:
        """Whether line *position* (1 = 初爻 … 6 = 上爻) is yang.

        >>> [Hexagram.from_name("復").is_yang(p) for p in (1, 2)]
        [True, False]
        """
        return bool(self.bits >> (position - 1) & 1)

    def changed(self, positions: Iterable[int]) -> Hexagram:
        """The hexagram with the given lines turned over (之卦).

        >>> Hexagram.from_name("乾").changed([1])
        Hexagram.from_name('姤')
        """
        return HEXAGRAMS[self.bits ^ sum(1 << (p - 1) for p in set(positions))]

    # -- palace (八宮)
    @property
    def generation_zh(self) -> str:
        return GENERATION_ZH[self.generation]

    @property
    def yizhang_index(self) -> int:
        """Place 0–63 in the 易章 (乾 = 0, 姤 = 1 … 歸妹 = 63)."""
        return PALACE_ORDER.index(self.palace) * 8 + self.generation


SHI_LINE: Final = table(
    "shi-ying", "世應", "세응", ("p065-s1", "p065-s2", "p066-s1", "p066-s2", "p067-s1"),
    (6, 1, 2, 3, 4, 5, 4, 3),
    "compute.book.gua.SHI_LINE",
)
"""世 by generation: 八純 六世, 一世 … 五世, 晉 (游魂) 四世, 大有 (歸魂) 三世 (p067-s1 注)."""

HEXAGRAMS: Final = tuple(Hexagram(b) for b in range(64))
"""The 64 hexagrams by bits (``HEXAGRAMS[b]`` equals ``Hexagram(b)``)."""


@rule("shi-ying")
def shi_ying(hexagram: Hexagram) -> tuple[int, int]:
    """The 世 and 應 lines: "自乾六世，姤一世，遁二世，否三世，觀四世，剝五世 … 故晉四世，大有
    三世" (p067-s1 注); the 應 is three lines from the 世.

    >>> shi_ying(Hexagram.from_name("乾")), shi_ying(Hexagram.from_name("大有"))
    ((6, 3), (3, 6))
    """
    return hexagram.shi, hexagram.ying


@rule("bagong-16bian")
def palace_of(hexagram: Hexagram) -> tuple[Trigram, str]:
    """The palace and generation of a hexagram.

    >>> palace_of(Hexagram.from_name("大有")), palace_of(Hexagram.from_name("困"))
    ((Trigram.QIAN, '歸魂'), (Trigram.DUI, '一世'))
    """
    return hexagram.palace, hexagram.generation_zh


@rule("youhun-guihun", "游魂 / 歸魂", "유혼 / 귀혼", ("p038-s1", "p068-s1"))
def is_youhun(hexagram: Hexagram) -> bool:
    """Whether the hexagram is the 游魂 of its palace (晉 for 乾, p038-s1 "以火地晉為游魂").

    >>> is_youhun(Hexagram.from_name("晉")), is_guihun(Hexagram.from_name("大有"))
    (True, True)
    """
    return hexagram.generation == 6


def is_guihun(hexagram: Hexagram) -> bool:
    """Whether the hexagram is the 歸魂 of its palace ("以大有為歸魂", p038-s1).

    >>> is_guihun(Hexagram.from_name("比")), is_guihun(Hexagram.from_name("需"))
    (True, False)
    """
    return hexagram.generation == 7


@rule("chonggua-order", "重卦 左旋三十二 / 右轉三十二", "중괘 좌선32 / 우전32", ("p037-s1",))
def chonggua_order() -> tuple[Hexagram, ...]:
    """The 64 in the order of p037-s1: lower 震, 離, 兌, 乾 carrying the uppers
    坤艮坎巽震離兌乾 (左旋), then lower 巽, 坎, 艮, 坤 carrying 乾兌離震巽坎艮坤 (右轉).

    >>> [h.name for h in chonggua_order()[:3]], chonggua_order()[-1].name
    (['復', '頤', '屯'], '坤')
    """
    left = [Trigram.from_zh(c) for c in "坤艮坎巽震離兌乾"]
    right = [Trigram.from_zh(c) for c in "乾兌離震巽坎艮坤"]
    out = [Hexagram.from_trigrams(u, Trigram.from_zh(lo)) for lo in "震離兌乾" for u in left]
    out += [Hexagram.from_trigrams(u, Trigram.from_zh(lo)) for lo in "巽坎艮坤" for u in right]
    return tuple(out)


@rule("hugua", "互卦", "호괘", ("p094-s3", "p094-s4", "p095-s1", "p095-s2"))
def hugua(primary: Hexagram, changed: Hexagram | None = None, *, mode: str = "book") -> Hexagram:
    """The 互卦. The book (p094-s4 注): with moving lines the inner 互 is lines 2–4 of the
    *changed* hexagram and the outer 互 lines 3–5 of the primary ("有變先以之成內，正成外");
    without moving lines both come from the primary. ``mode="common"`` always takes both from
    the primary (common practice).

    The book's case (p095-s1): 晉之剝 — inner 坤 from 剝, outer 坎 from 晉 (坎水為子).

    >>> hugua(Hexagram.from_name("晉"), Hexagram.from_name("剝")).full_name
    '水地比'
    >>> hugua(Hexagram.from_name("晉"), Hexagram.from_name("剝"), mode="common").full_name
    '水山蹇'
    """
    if mode not in ("book", "common"):
        raise InputError("hugua.mode", value=mode)
    inner_src = changed if (changed is not None and mode == "book") else primary
    inner = Trigram(inner_src.bits >> 1 & 7)
    outer = Trigram(primary.bits >> 2 & 7)
    return Hexagram.from_trigrams(outer, inner)
