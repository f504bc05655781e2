"""Particles agree with the syllable they follow (issue 24): after a parenthesis, 을/를,
이/가, 은/는, 과/와, 으로/로 agree with the Korean word before it (a word glossed by its
characters, 월파(月破)를), or, after characters glossed in Korean, with the gloss the reader
reads (改制(제도를 고치는 일)을); characters glossed by characters, quotations and the notation
of a particle (없음(으)로) are left alone. Checked across the reader text the glossary holds."""

from __future__ import annotations

import re

from test_tei_glossary import TEXT

HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")
PAIRS = {"을": ("을", "를"), "를": ("을", "를"), "이": ("이", "가"), "가": ("이", "가"),
         "은": ("은", "는"), "는": ("은", "는"), "과": ("과", "와"), "와": ("과", "와")}
AFTER_PAREN = re.compile(
    r"(\S*?)\(([^()]*)\)(을|를|은|는|과|와|이|가|으로|로)(?=[\s,.·」』)\]:;]|$)")
NOTATION = frozenset("으이을를은는과와가")


def expected(before: str, inside: str, particle: str) -> str | None:
    """The particle that agrees, or None when the syllable read is not known here.

    >>> expected("改制", "제도를 고치는 일", "를"), expected("월파", "月破", "을")
    ('을', '를')
    >>> expected("없음", "으", "로"), expected("月破", "月破", "를"), expected("길", "吉", "로")
    (None, None, '로')
    """
    if inside in NOTATION or not before:
        return None
    if before[-1] in "」』":
        before = re.sub(r"\([^()]*\)$", "", before[:-1])
        if not before or not HANGUL.match(before[-1]):
            return None
    if HANGUL.match(before[-1]):
        last = before[-1]
    elif HAN.match(before[-1]):
        inner = [c for c in inside if HANGUL.match(c)]
        if not inner:
            return None
        last = inner[-1]
    else:
        return None
    final = (ord(last) - 0xAC00) % 28
    if particle in ("으로", "로"):
        return "로" if final in (0, 8) else "으로"
    has, none = PAIRS[particle]
    return has if final else none


def problems(line: str) -> list[tuple[str, str]]:
    """(the text, the particle it needs) of every particle that disagrees in *line*.

    >>> problems("구성례: 午月 大有, 改制(제도를 고치는 일)를 물음, 월파(月破)를 본다")
    [('改制(제도를 고치는 일)를', '을')]
    """
    out = []
    for m in AFTER_PAREN.finditer(line):
        want = expected(m.group(1), m.group(2), m.group(3))
        if want and want != m.group(3):
            out.append((m.group(0), want))
    return out


def test_particles_agree_across_reader_text() -> None:
    found = [(where, p) for where, line in TEXT for p in problems(line)]
    assert found == []
