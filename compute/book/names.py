"""The base of compute's traditional-order enums (干 支 五行 六親 六神 八卦): members valued in
the book's order and written in Chinese.

A subclass names its characters once, as class keywords: ``names`` (indexed by value: a string
of one character per member, or a sequence of strings), what it is (``what``, for the error
message) and, if it helps, ``aliases`` (other spellings).

>>> class Season(Named, names="春夏秋冬", what="season", aliases={"春天": "春"}):
...     SPRING = 0
...     SUMMER = 1
...     AUTUMN = 2
...     WINTER = 3
>>> str(Season.AUTUMN), repr(Season.AUTUMN), Season.AUTUMN.zh, Season.from_zh("春天")
('秋', 'Season.AUTUMN', '秋', Season.SPRING)
>>> Season.from_zh("夏天")
Traceback (most recent call last):
compute.errors.InputError: unknown season '夏天'; expected one of 春夏秋冬
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from compute.errors import InputError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Self


class Named(enum.IntEnum):
    """An IntEnum written in Chinese: ``str()`` and ``.zh`` give the character(s), ``repr()``
    ``Class.MEMBER``, :meth:`from_zh` reads the characters (or an alias) back."""

    _names: Sequence[str]
    _what: str
    _expected: str
    _aliases: Mapping[str, str]

    def __init_subclass__(
        cls, *, names: Sequence[str] = (), what: str = "", expected: str = "",
        aliases: Mapping[str, str] | None = None, **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        cls._names = names
        cls._what = what or cls.__name__.lower()
        cls._expected = expected or f"one of {''.join(names)}"
        cls._aliases = dict(aliases or {})

    def __str__(self) -> str:
        return self._names[self]

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, spec: str) -> str:
        return format(self._names[self], spec) if spec else self._names[self]

    @property
    def zh(self) -> str:
        return self._names[self]

    @classmethod
    def from_zh(cls, text: str) -> Self:
        """The member written *text* (or an alias of it); :class:`InputError` otherwise."""
        name = cls._aliases.get(text, text)
        names = cls._names
        if name and (len(name) == 1 or not isinstance(names, str)) and name in names:
            return cls(names.index(name))
        raise InputError("names.unknown", what=cls._what, value=text, expected=cls._expected,
                         choices=cls._expected.removeprefix("one of "))
