"""The text of a field, as every input path reads it: full-width forms made half-width, refused
when it is not text, empty or too long (naming the field and what it accepts, :data:`ACCEPTED`),
and the options with their choices (:data:`OPTIONS`).
"""

from __future__ import annotations

from compute.book.calendar import ZI_CONVENTIONS
from compute.errors import InputError, quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final


LONGEST_TEXT: Final = 64
"""The longest text a field may hold (a hexagram's full name has four characters)."""

OPTIONS: Final = {
    "najia_stems": ("book", "trigram", "common"),
    "fushen": ("book", "common"),
    "hu": ("book", "common"),
    "zi": ZI_CONVENTIONS,
    "solstice": ("before", "after"),
    "calendar": ("gregorian", "julian"),
}
"""Each option with its choices; the first is the default (``solstice`` has none)."""


ACCEPTED: Final = {
    "month": "a branch (辰), 辰建, 辰月, a month number (三月) or a pillar (丙辰)",
    "day": "a pillar, a stem and a branch such as 癸酉 or 癸酉日",
    "year": "a pillar, a stem and a branch such as 癸卯 or 癸卯年",
    "hour": "a branch (巳), 巳時 or a pillar (丁巳)",
    "birth": "a branch (午) or a pillar (戊午), also 戊午年 or 戊午年生",
}


_HALFWIDTH: Final = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def halfwidth(text: str) -> str:
    """Full-width letters, digits and signs (ＡＢ１２：＋) as ASCII, the ideographic space as a
    space.

    >>> halfwidth("１６６３－０４－１２Ｔ０９：００")
    '1663-04-12T09:00'
    """
    return text.translate(_HALFWIDTH)


def field_text(value: object, what: str) -> str:
    """The stripped text of a field, refused if it is not text, empty or too long."""
    if not isinstance(value, str):
        raise InputError(f"{what} {quote(value)}: expected text, {ACCEPTED.get(what, '')}"
                         .rstrip(", "))
    text = value.strip()
    if not text:
        raise InputError(f"{what} is empty: expected {ACCEPTED.get(what, 'a value')}")
    if len(text) > LONGEST_TEXT:
        raise InputError(f"{what} {quote(text)} is too long: expected "
                         f"{ACCEPTED.get(what, 'a short value')}")
    return text


def read_option(name: str, value: object) -> str:
    """One option's choice, refused unless it is one of :data:`OPTIONS`.

    >>> read_option("najia_stems", "trigram")
    'trigram'
    >>> read_option("zi", "midnight")
    Traceback (most recent call last):
    compute.errors.InputError: zi 'midnight': expected one of 23, 0
    """
    allowed = OPTIONS[name]
    if type(value) is str and value in allowed:  # the common case, as written
        return value
    if not isinstance(value, str) or value.strip() not in allowed:
        raise InputError(f"{name} {quote(value)}: expected one of {', '.join(allowed)}")
    return value.strip()
