"""The one error a user of compute can cause, and how its message is written.

Every message names the value that was wrong and what is accepted, on one line; a value is
quoted by :func:`quote` (at most :data:`SHOWN` characters of it), and :func:`message` is the
line the CLI and the in-browser runner print.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

SHOWN: Final = 24
"""How many characters of a bad value a message quotes."""

LONGEST: Final = 300
"""The longest message :func:`message` gives (a longer one is cut, with …)."""


class InputError(ValueError):
    """Bad input to :func:`compute.chart`: the message names the value and what is accepted."""


def quote(value: object) -> str:
    """A bad value as a message shows it: its repr, cut after :data:`SHOWN` characters.

    >>> quote("乾"), quote(12), quote("x" * 100)
    ("'乾'", '12', "'xxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)")
    >>> q = quote(list(range(100))); q.startswith("list [0, 1, 2"), q.endswith(" …"), len(q) < 60
    (True, True, True)
    """
    if isinstance(value, str):
        if len(value) <= SHOWN:
            return repr(value)
        return f"{value[:SHOWN]!r}… ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (a hostile __repr__ must not hide the real error)
        text = f"<{type(value).__name__}>"
    if isinstance(value, bool | int | float | type(None)) and len(text) <= SHOWN:
        return text
    text = " ".join(text.split())
    name = type(value).__name__
    body = text if len(text) <= 2 * SHOWN else text[: 2 * SHOWN].rstrip() + " …"
    return body if body.startswith(name) else f"{name} {body}"


def message(exc: BaseException) -> str:
    """The one line shown for *exc*: its message with every run of white space made one
    space, cut after :data:`LONGEST` characters.

    >>> message(InputError("month 'X':\\n expected 寅"))
    "month 'X': expected 寅"
    """
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"
