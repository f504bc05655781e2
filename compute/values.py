"""compute's small value classes, written by hand instead of with :mod:`dataclasses`.

``dataclasses`` costs a ``yimao chart`` process most of its start-up: the module and what it
imports (``inspect``, ``ast``, ``dis``, ``tokenize`` …), and for each class the methods it
writes as source and compiles at import. Here a class names its fields in ``__slots__`` (in
order, as a dataclass's fields) and writes its own ``__init__``; the base gives the rest of
what the dataclass generated, from the slots, with nothing compiled:

* ``repr`` ``Name(field=value, …)`` (the dataclass's text: the value rebuilt);
* ``==`` between instances of the same class on the fields in ``_compared`` (default: every
  field) and, for :class:`Frozen`, ``hash`` on those in ``_hashed`` (default: the compared),
  the same tuple a dataclass hashed; on a single field, the field itself is compared (no
  tuples built: the values keyed on one field are dict keys everywhere);
* pickling and :mod:`copy` (the state is the fields' values in order);
* :class:`Frozen`: assigning or deleting a field raises ``AttributeError`` with the frozen
  dataclass's message (``cannot assign to field 'x'``). The class's own code sets its fields
  with :func:`init` (or the slots' setters, :func:`setters`, where speed matters).

>>> class Point(Frozen):
...     __slots__ = ("x", "y")
...     def __init__(self, x: int, y: int = 0) -> None:
...         init(self, x, y)
>>> p = Point(1, 2)
>>> p, p == Point(1, 2), p != Point(1), hash(p) == hash((1, 2)), p == (1, 2)
(Point(x=1, y=2), True, True, True, False)
>>> p.x = 3
Traceback (most recent call last):
AttributeError: cannot assign to field 'x'
>>> import copy; copy.deepcopy(p) == p, copy.copy(p) is not p
(True, True)
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar

__all__ = ["Frozen", "Record", "draft", "init", "setters"]

_SET = object.__setattr__


def _key_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the tuple of the fields *names* of an instance (what a dataclass
    compared or hashed), built from :func:`operator.attrgetter` (no generated code)."""
    if not names:
        return lambda obj: ()
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (get(obj),)
    return get  # type: ignore[return-value]


def _eq_on(name: str) -> Callable[[Any, object], Any]:
    """``==`` on the one field *name* between instances of the same class: the field's values
    compared themselves, no tuples built (the values used as keys everywhere, such as
    :class:`compute.book.ganzhi.GanZhi`, are keyed on one field)."""
    get = attrgetter(name)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return get(self) == get(other)
        return NotImplemented

    return __eq__


def _hash_on(name: str) -> Callable[[Any], int]:
    """``hash`` on the one field *name*: the hash of the tuple of it (a dataclass's)."""
    get = attrgetter(name)

    def __hash__(self: Any) -> int:
        return hash((get(self),))

    return __hash__


class Record:
    """A value with fields: ``__slots__`` names them in order; ``repr``, ``==`` and pickling
    as a dataclass's. Mutable (like a dataclass without ``frozen``): not hashable.

    >>> class Box(Record):
    ...     __slots__ = ("items",)
    ...     def __init__(self, items: list[int]) -> None:
    ...         self.items = items
    >>> b = Box([1]); b.items.append(2); b, b == Box([1, 2]), Box.__hash__
    (Box(items=[1, 2]), True, None)
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in order (the class's ``__slots__``)."""
    _compared: ClassVar[tuple[str, ...]] = ()
    """The fields ``==`` compares (empty: all)."""
    _hashed: ClassVar[tuple[str, ...]] = ()
    """The fields ``hash`` reads (empty: the compared ones)."""
    _key: ClassVar[Callable[[Any], tuple[Any, ...]]]
    _hash_key: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = cls.__dict__.get("__slots__")
        if slots is None or isinstance(slots, str):
            raise TypeError(f"{cls.__qualname__}: a value class names its fields in __slots__, "
                            "a tuple")
        cls._fields = tuple(slots)
        compared = cls.__dict__.get("_compared") or cls._fields
        cls._key = staticmethod(_key_of(compared))  # type: ignore[assignment]
        hashed = cls.__dict__.get("_hashed") or compared
        cls._hash_key = staticmethod(_key_of(hashed))  # type: ignore[assignment]
        if len(compared) == 1 and "__eq__" not in cls.__dict__:
            cls.__eq__ = _eq_on(compared[0])  # type: ignore[method-assign]
        if len(hashed) == 1 and "__hash__" not in cls.__dict__ and cls.__hash__ is not None:
            cls.__hash__ = _hash_on(hashed[0])  # type: ignore[method-assign]

    def __repr__(self) -> str:
        inner = ", ".join([f"{n}={getattr(self, n)!r}" for n in self._fields])
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key(self) == self._key(other)
        return NotImplemented

    def __getstate__(self) -> list[Any]:
        return [getattr(self, n) for n in self._fields]

    def __setstate__(self, state: list[Any]) -> None:
        for n, v in zip(self._fields, state, strict=True):
            _SET(self, n, v)


class Frozen(Record):
    """A :class:`Record` whose fields cannot be assigned once built (``AttributeError``, as a
    frozen dataclass), hashable on its ``_hashed`` fields.

    >>> class Pair(Frozen):
    ...     __slots__ = ("a", "b")
    ...     _hashed = ("a",)
    ...     def __init__(self, a: int, b: list[int]) -> None:
    ...         init(self, a, b)
    >>> del Pair(1, []).a
    Traceback (most recent call last):
    AttributeError: cannot delete field 'a'
    >>> hash(Pair(1, [])) == hash((1,)), Pair(1, []) == Pair(1, [2])
    (True, False)
    >>> class Code(Frozen):  # keyed on one field: that field compared and hashed itself
    ...     __slots__ = ("n", "label")
    ...     _compared = ("n",)
    ...     def __init__(self, n: int, label: str) -> None:
    ...         init(self, n, label)
    >>> Code(1, "a") == Code(1, "b"), Code(1, "a") != Code(2, "a"), hash(Code(1, "a")) == hash((1,))
    (True, True, True)
    >>> Code.__eq__ is Record.__eq__, Code(1, "a") == 1
    (False, False)
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._hash_key(self))


def init(obj: Record, *values: Any) -> None:
    """Set every field of *obj*, in order (its ``__init__`` calls this once its values are
    read and checked); a frozen value too.

    >>> class One(Frozen):
    ...     __slots__ = ("v",)
    ...     def __init__(self, v: int) -> None:
    ...         init(self, v)
    >>> One(3).v
    3
    >>> init(One(3), 1, 2)
    Traceback (most recent call last):
    ValueError: zip() argument 2 is longer than argument 1
    """
    for n, v in zip(obj._fields, values, strict=True):
        _SET(obj, n, v)


def setters(cls: type[Record]) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of *cls*'s fields, in order: a frozen class's own fast constructor (objects
    compute builds many of per chart, from values it made itself) calls them directly, about
    three times faster than ``object.__setattr__``.

    >>> class Two(Frozen):
    ...     __slots__ = ("a", "b")
    >>> set_a, set_b = setters(Two)
    >>> t = object.__new__(Two); set_a(t, 1); set_b(t, 2); t
    Two(a=1, b=2)
    """
    return tuple(cls.__dict__[n].__set__ for n in cls._fields)


def draft(cls: type[Frozen]) -> type[Frozen]:
    """The draft class of the frozen class *cls*: the same bases and slots, but assignable. A
    constructor of objects compute builds many of per chart (from values it made itself) makes
    a draft, sets its fields with plain attribute stores — the interpreter's own slot store,
    several times cheaper than the setters of :func:`setters` — and then turns it into *cls*
    (the layouts are the same, so ``__class__`` may be assigned); no draft is ever handed out.

    >>> class Two(Frozen):
    ...     __slots__ = ("a", "b")
    >>> Draft = draft(Two)
    >>> t = object.__new__(Draft); t.a = 1; t.b = 2; t.__class__ = Two
    >>> t, type(t) is Two
    (Two(a=1, b=2), True)
    >>> t.a = 3
    Traceback (most recent call last):
    AttributeError: cannot assign to field 'a'
    """
    return type(cls.__name__, cls.__bases__, {
        "__slots__": cls.__slots__, "__module__": cls.__module__,
        "__qualname__": f"{cls.__qualname__}.draft",
        # both, so that the class keeps the generic attribute store (a Python __setattr__ or
        # __delattr__ anywhere would route every store through a call)
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
    })
