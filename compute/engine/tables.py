"""The chart's tables, made at import from the book's functions: the 納甲 of each trigram half
(with 二老時遷), the 六親 of each palace phase, the 世應 roles, the fixed facts of each of the
sixty-four hexagrams (伏卦, 互卦, 卦身), the day's and the hour's 六神 and the 貴人 generals.
Each is held equal to the function it stands for by a doctest; the chart reads them instead
of calling the functions for every line (:mod:`compute.engine.lines`).
"""

from __future__ import annotations

from operator import attrgetter

from compute.book.fushen import hidden_hexagram
from compute.book.ganzhi import (
    BRANCH_ZH,
    HOUR_PILLARS,
    STEM_ZH,
    Branch,
    Stem,
)
from compute.book.gua import HEXAGRAMS, YAO, Hexagram, Trigram
from compute.book.liuqin import relative
from compute.book.liushen import (
    SPIRIT_ZH,
    day_spirits,
    guiren_generals,
)
from compute.book.najia import trigram_branches, trigram_stem
from compute.book.shen import guashen, line_roles, shishen
from compute.book.wuxing import PHASE_ZH, Phase, branch_phase
from compute.book.xing import huangjince_xiu, jingfang_xiu, wuxing_star

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final


STEM_NAMES: Final = tuple(STEM_ZH)
BRANCH_NAMES: Final = tuple(BRANCH_ZH)
PHASE_NAMES: Final = tuple(PHASE_ZH)
TRIGRAM_NAMES: Final = tuple(str(t) for t in Trigram)
SPIRIT_AT: Final = SPIRIT_ZH.__getitem__
NUMBER_OF: Final = attrgetter("number")
YAO_FACTS: Final = {n: (y.yang, y.moving, y.mark) for n, y in YAO.items()}.__getitem__
"""A cast line's (yang, moving, mark) by its number."""
MOVES: Final = {n: y.moving for n, y in YAO.items()}.__getitem__
"""The names as tuples of strings (indexing a str makes a new one-character string)."""
LINE_KEYS: Final = dict.fromkeys((
    "position", "yang", "moving", "mark", "stem", "branch", "element", "relative", "spirit",
    "hidden", "month_spirits", "hour_spirit", "guiren", "xiu", "roles"))
"""The keys of ``ChartLine.to_dict`` in order (copied, then filled: cheaper than a literal)."""


# ------------------------------------------------------------------ tables (built at import)

RELATIVE_OF: Final = tuple(tuple(relative(p, q) for q in Phase) for p in Phase)
"""``RELATIVE_OF[palace phase][line phase]``: the 六親 (:func:`~compute.book.liuqin.relative`)."""
def _half(trigram: Trigram, outer: bool, swap: bool) -> tuple[tuple[Stem, Branch, Phase], ...]:
    stem = trigram_stem(trigram, outer, swap)
    return tuple((stem, b, branch_phase(b)) for b in trigram_branches(trigram, outer))


_HALVES: Final = tuple(tuple(tuple(_half(t, outer, swap) for swap in (False, True))
                             for outer in (False, True)) for t in Trigram)
"""``_HALVES[trigram][outer][swap]``: (stem, branch, element) of its three lines by 納甲
(:func:`~compute.book.najia.trigram_stem`, :func:`~compute.book.najia.trigram_branches`), as
:func:`~compute.book.najia.najia` puts them together."""
_ROLES: Final = {h.shi: tuple(line_roles(h, k) for k in range(1, 7))
                 for h in (HEXAGRAMS[b] for b in (63, 62, 60, 56, 48, 32))}
"""``_ROLES[shi]``: each line's roles (:func:`~compute.book.shen.line_roles`: they follow from the
世 alone), from the 八純 乾 and its palace's 一世 … 五世."""


_TRIGRAM_YANG: Final = tuple((bool(t & 1), bool(t & 2), bool(t & 4)) for t in range(8))
"""Whether each line of a trigram (its three bits, the lowest first) is yang."""


def _fixed(h: Hexagram) -> tuple[Any, ...]:
    """What a hexagram alone fixes of its chart: per line its yang and its 宿 (黃金策); the JSON
    head of ``ChartHexagram.to_dict`` (every key in order; the chart's own values are set in a
    copy); its hidden hexagram in the modes book and common.

    >>> all(_ROLES[h.shi][k - 1] == line_roles(h, k) for h in HEXAGRAMS for k in range(1, 7))
    True
    >>> _fixed(HEXAGRAMS[1])[3]["name"], FIXED[1][5] == hidden_hexagram(HEXAGRAMS[1])
    ('復', True)
    >>> all(FIXED[h.bits][0] == tuple(h.is_yang(k) for k in range(1, 7)) for h in HEXAGRAMS)
    True
    """
    gs = guashen(h)
    head = {
        "name": h.name, "full_name": h.full_name, "palace": TRIGRAM_NAMES[h.palace],
        "palace_element": PHASE_NAMES[h.palace.phase], "generation": h.generation_zh,
        "shi": h.shi, "ying": h.ying, "guashen": BRANCH_NAMES[gs],
        "guashen_lines": None, "shishen": None, "star": wuxing_star(h),
        "jing_xiu": jingfang_xiu(h), "hidden_hexagram": None, "hugua": None, "lines": None,
    }
    return (_TRIGRAM_YANG[h.bits & 7] + _TRIGRAM_YANG[h.bits >> 3], huangjince_xiu(h),
            _ROLES[h.shi], head,
            gs, hidden_hexagram(h, "book"), hidden_hexagram(h, "common"))


FIXED: Final = tuple(_fixed(h) for h in HEXAGRAMS)
"""``FIXED[bits]``: :func:`_fixed` of each of the 64 hexagrams."""
SIX_POSITIONS: Final = (1, 2, 3, 4, 5, 6)
SHISHEN_OF: Final = tuple(shishen(HEXAGRAMS[0], b) for b in Branch)
"""``SHISHEN_OF[branch on the 世]``: the 世身 line (:func:`~compute.book.shen.shishen` reads the
branch
alone).

>>> all(SHISHEN_OF[b] == shishen(h, b) for h in HEXAGRAMS for b in Branch)
True
"""
HIDDEN_MODE: Final = {"book": 5, "common": 6}  # the index of the hidden hexagram in FIXED rows

def hu_of(bits: int, changed: int | None, mode: str) -> Hexagram:
    """:func:`~compute.book.gua.hugua` of the hexagram *bits* and its changed one, by their bits:
    the
    outer 互 lines 3–5 of the primary, the inner lines 2–4 of the changed hexagram (``"book"``,
    when a line moves) or of the primary.

    >>> from compute.book.gua import hugua
    >>> all(hu_of(b, c, m) == hugua(HEXAGRAMS[b], None if c is None else HEXAGRAMS[c], mode=m)
    ...     for b in range(64) for c in (None, *range(64)) for m in ("book", "common"))
    True
    """
    inner = changed if changed is not None and mode == "book" else bits
    return HEXAGRAMS[(bits >> 2 & 7) << 3 | (inner >> 1 & 7)]


def najia_rows(bits: int, way: int) -> tuple[tuple[Stem, Branch, Phase], ...]:
    """Per line (stem, branch, element) of the hexagram *bits* by :func:`~compute.book.najia.najia`:
    *way* 0 fixed stems, 1 二老時遷 of the 八純 乾 and 坤, 2 of every 乾 and 坤 trigram.

    >>> from compute.book.najia import najia
    >>> all([row[:2] for row in najia_rows(h.bits, way)] == [(gz.stem, gz.branch) for gz in
    ...     najia(h, swap, scope)] for way, (swap, scope) in enumerate(
    ...     ((False, "pure"), (True, "pure"), (True, "trigram"))) for h in HEXAGRAMS)
    True
    """
    swap = way == 2 or (way == 1 and (bits == 0 or bits == 63))
    return _HALVES[bits & 7][0][swap] + _HALVES[bits >> 3][1][swap]


DAY_SPIRITS_OF: Final = tuple(day_spirits(s) for s in Stem)
"""``DAY_SPIRITS_OF[day stem]``: :func:`~compute.book.liushen.day_spirits`."""
HOUR_SPIRITS_OF: Final = tuple(tuple(DAY_SPIRITS_OF[gz.index % 10] for gz in row)
                                for row in HOUR_PILLARS)
"""``HOUR_SPIRITS_OF[day stem][hour branch]``: :func:`~compute.book.liushen.hour_spirits` (the day
spirits of the hour's stem, :data:`~compute.book.ganzhi.HOUR_PILLARS`).

>>> from compute.book.liushen import hour_spirits
>>> all(HOUR_SPIRITS_OF[s][b] == hour_spirits(s, b) for s in Stem for b in Branch)
True
"""
GENERALS_OF: Final = tuple((guiren_generals(s, Branch.ZI), guiren_generals(s, Branch.WU))
                            for s in Stem)
"""``GENERALS_OF[day stem][hour branch >= 午]``: :func:`~compute.book.liushen.guiren_generals` (the
mapping it hands out, shared: 陽貴 for 子 … 巳, 陰貴 for 午 … 亥).

>>> all(GENERALS_OF[s][b >= 6] is guiren_generals(s, b) for s in Stem for b in Branch)
True
"""
