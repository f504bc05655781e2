"""The one error a user of compute can cause, and how its message is written.

Every message names the value that was wrong and what is accepted, on one line. An
:class:`InputError` carries the id of its message in the catalogue (:mod:`compute.messages`)
and the values it names; ``str(exc)`` is the English line, :func:`message` the line in a
language (``en`` or ``ko``), as the CLI and the in-browser runner print it.
"""

from __future__ import annotations

from compute.messages import CATALOGUE, quote, render

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

LONGEST: Final = 300
"""The longest message :func:`message` gives (a longer one is cut, with …)."""


class InputError(ValueError):
    """Bad input to :func:`compute.chart`: the message names the value and what is accepted.

    ``InputError(key, **params)``: *key* is a message id of :data:`compute.messages.CATALOGUE`
    and *params* the values it names; ``str(exc)`` is the English message.

    >>> exc = InputError("hexagram.unknown", value="XX")
    >>> str(exc)[:27], exc.key, exc.params
    ("unknown hexagram 'XX'; expe", 'hexagram.unknown', {'value': 'XX'})
    """

    def __init__(self, key: str, /, **params: object) -> None:
        if key not in CATALOGUE:
            raise KeyError(f"no message {key!r} in compute.messages.CATALOGUE")
        self.key = key
        self.params = params
        super().__init__(render(key, params, "en"))

    def __reduce__(self) -> tuple[object, ...]:
        return _rebuild, (self.key, self.params)


def _rebuild(key: str, params: dict[str, object]) -> InputError:
    return InputError(key, **params)


def message(exc: BaseException, lang: str = "en") -> str:
    """The one line shown for *exc* in *lang*: its message with every run of white space made
    one space, cut after :data:`LONGEST` characters.

    >>> exc = InputError("field.bad", field="month", value="X\\n", accepted="month")
    >>> message(exc)
    "month 'X\\\\n': expected a branch (辰), 辰建, 辰月, a month number (三月) or a pillar (丙辰)"
    >>> message(exc, "ko")[:30]
    '月建 「X 」: 읽을 수 없습니다. 地支 하나(辰), '
    """
    if isinstance(exc, InputError) and lang != "en":
        text = render(exc.key, exc.params, lang)
    else:
        text = str(exc)
    text = " ".join(text.split()) or type(exc).__name__
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"


__all__ = ["LONGEST", "InputError", "message", "quote"]
