"""The text of a field, as every input path reads it: full-width forms made half-width, refused
when it is not text, empty or too long (naming the field and what it accepts, :data:`ACCEPTED`),
and the options with their choices (:data:`OPTIONS`).
"""

from __future__ import annotations

from compute.book.calendar import ZI_CONVENTIONS
from compute.errors import InputError
from compute.messages import ACCEPTS

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


ACCEPTED: Final = {field: forms[0] for field, forms in ACCEPTS.items()}
"""What each field accepts, in English (:data:`compute.messages.ACCEPTS` has the Korean)."""


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
    known = what in ACCEPTS
    if not isinstance(value, str):
        if known:
            raise InputError("field.not_text", field=what, value=value, accepted=what)
        raise InputError("field.not_text_bare", field=what, value=value)
    text = value.strip()
    if not text:
        if known:
            raise InputError("field.empty", field=what, accepted=what)
        raise InputError("field.empty_bare", field=what)
    if len(text) > LONGEST_TEXT:
        if known:
            raise InputError("field.too_long", field=what, value=text, accepted=what)
        raise InputError("field.too_long_bare", field=what, value=text)
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
        raise InputError("option.bad", field=name, value=value, choices=", ".join(allowed))
    return value.strip()
