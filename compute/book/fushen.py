"""飛伏章: the hidden hexagram (伏卦) whose lines lie under the lines of the cast (伏神).

Source: 易冒 p096–p103, with the author's preface p024-s1.

The book departs from common practice (補遺, 增刪卜易: every non-純 hexagram hides its palace's
純卦 and the 純卦 hide nothing): the 純卦 hide their pair (乾伏坤, 坤伏乾), the 游魂 and 歸魂
follow 京房 (晉 伏 大畜, 大有 伏 否).

>>> hidden_hexagram(Hexagram.from_name("晉")), hidden_hexagram(Hexagram.from_name("大有"))
(Hexagram.from_name('大畜'), Hexagram.from_name('否'))
>>> hidden_hexagram(Hexagram.from_name("乾"), mode="common") is None
True
"""

from __future__ import annotations

from compute.book.gua import HEXAGRAMS, Hexagram, Trigram
from compute.errors import InputError
from compute.registry import rule

FUSHEN_MODES = ("book", "common")


def _five_world(palace: Trigram) -> Hexagram:
    bits = palace | palace << 3
    return HEXAGRAMS[bits ^ 0b11111]


@rule("fu-shen", "伏卦 / 伏神", "복괘 / 복신", ("p097-s1", "p098-s1", "p024-s1"))
def hidden_hexagram(hexagram: Hexagram, mode: str = "book") -> Hexagram | None:
    """The 伏卦, whose lines are the 伏神 under the lines of *hexagram*.

    * 純卦 hide the 純卦 of their pair: "天地雷風水火山澤互為飛伏，如乾伏坤，坤伏乾是也"
      (p097-s1 注);
    * 一世 … 五世 hide the palace 純卦: "姤遁否觀剝伏乾" (p097-s1 注);
    * the 游魂 hides, outside, the outer trigram of the palace's 五世 and, inside, the pair of
      its own inner trigram: "火地晉伏山天大畜，外從艮，內互乾" (p098-s1 注); p024-s1 adds
      需 伏 萃 ("外伏兌而內伏坤");
    * the 歸魂 hides the palace trigram outside and its pair inside: "火天大有伏天地否，內互伏
      坤，外從伏乾" (p098-s1 注).

    ``mode="common"``: the palace 純卦 under every non-純 hexagram, nothing under a 純卦.

    >>> [hidden_hexagram(Hexagram.from_name(n)).name for n in ("坤", "姤", "剝", "需")]
    ['乾', '乾', '乾', '萃']
    """
    if mode not in FUSHEN_MODES:
        raise InputError("fushen.mode", value=mode)
    palace, gen = hexagram.palace, hexagram.generation
    pure = HEXAGRAMS[palace | palace << 3]
    if mode == "common":
        return None if gen == 0 else pure
    if gen == 0:
        return HEXAGRAMS[hexagram.bits ^ 0b111111]
    if gen == 6:
        return Hexagram.from_trigrams(_five_world(palace).upper, hexagram.lower.pair)
    if gen == 7:
        return Hexagram.from_trigrams(palace, palace.pair)
    return pure
