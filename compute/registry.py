"""The rule registry: every rule of 立法 that compute implements, under its catalogue id.

A rule is registered once per implementation, with the catalogue id, its Chinese and Korean
names, the sentence ids that state it (``pNNN-sK``, see :mod:`yimao.tei.source`; written here as
literals, compute never imports yimao) and its *kind*:

``table``
    a module-level constant (register it with :func:`table`, which returns the value).
``function``
    a plain rule function, e.g. ``najia(hexagram)`` (the default kind of :func:`rule`).
``line``
    a *line annotator* ``(chart, lines, states) -> None``, written for all the lines of its
    scope at once.  :func:`compute.chart` calls it once with the lines of its scope — lines of
    the primary and of the changed hexagram (``line.role`` is ``"primary"`` or ``"changed"``) —
    and their state dicts (``states[k]`` is ``lines[k].state``); the annotator sets its keys
    there itself (``states[k]["void"] = None``) and sets nothing on a line it says nothing
    about.  Values must be JSON values of exactly these types: str, int, float, bool, None,
    lists and str-keyed dicts of those — no tuples, no enums: ``to_dict()`` hands them out as
    they are.  Annotators run in registration order — the order of :data:`MODULE_ORDER`, then
    the order in each module — so an annotator sees the states added by the annotators before
    it; it must not read its own keys on any line (from *states* or ``line.state``): called
    with a line alone, or with lines in another order, it writes the same keys.
    ``rule(..., kind="line", lines=...)`` says which lines it can say something about, so the
    chart gives it those only: ``"all"`` (the default), ``"primary"`` (the primary's lines),
    ``"moving"`` (the primary's moving lines) or ``"shown"`` (the primary's lines and the changed
    lines of the moving positions); given any other line, the annotator sets nothing on it.
    One line alone is asked about with ``fn(chart, (line,), [state])``.
``finding``
    a *finding detector* ``(chart) -> Iterable[Finding]``, called once on the fully annotated chart
    (every line state present), in registration order.  A :class:`Finding` whose ``passages`` is
    empty is given the rule's passages.
``doctrine``
    a statement the book makes that compute does not turn into a computation (the reason is
    given); registered with :func:`doctrine` so the edition can still anchor its passages.

A line annotator or finding detector may have a *gate*: ``rule(..., when=gate)`` where *gate* is
a function of the chart; the chart calls the rule only when ``gate(chart)`` is true, and
``when=(gate, value)`` only when ``gate(chart) == value``. A gate is evaluated once per chart
however many rules share it, so a family of rules that can say nothing on most charts (the 185
judgments of the 筮類 without a question) costs one call. The rule must still say nothing where
its gate is closed (it may be called directly): the gate only saves the calls.

The same id may be registered several times (say a table, a function and a finding detector);
the names and passages must then be given once, on the first registration, or be identical.

Example — a module ``compute/yuepo.py`` of the rules helper::

    from compute.registry import Finding, rule

    @rule("yuepo", "月破", "월파", ("p150-s1",), kind="line")
    def yuepo(chart, lines, states):
        for line, state in zip(lines, states):
            if (line.branch - chart.month) % 12 == 6:
                state["yuepo"] = True

then add ``"compute.yuepo"`` to :data:`MODULE_ORDER` where the book gives it.

Where the book and common practice (or two passages of the book) differ, a module registers a
*convention* with :func:`convention` (first choice the default); ``chart(...,
conventions={name: choice})`` picks another, and ``chart.options`` records every choice made.

>>> r = get("ganzhi-60")
>>> r.zh, r.passages[:1], [i.kind for i in r.impls][:1]
('六十甲子', ('p027-s1',), ['table'])
"""

from __future__ import annotations

import re
import sys
from bisect import bisect
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter

from compute.values import Frozen, Record, draft

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing for the annotations and type aliases only (not imported at run time)
    from typing import Any, Final, Literal, TypeVar

    Kind = Literal["table", "function", "line", "finding", "doctrine"]
    LineScope = Literal["all", "primary", "moving", "shown"]
    F = TypeVar("F", bound=Callable[..., Any])

LINE_SCOPES: Final = ("all", "primary", "moving", "shown")
KINDS: Final = ("table", "function", "line", "finding", "doctrine")
PASSAGE_RE: Final = re.compile(r"^p\d{3}-(s|n)\d+$")
ID_RE: Final = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class Finding(Frozen):
    """One rule that fires on a chart: its facts as data, and a summary for readers.

    ``rule`` must be a registered id; ``passages`` defaults to the rule's. ``lines`` are line
    positions 1–6 (初爻 = 1) of the primary hexagram (of the changed one when
    ``role == "changed"``); ``data`` holds JSON-ready details for machines (``to_dict``).
    ``kind`` names which of the rule's cases fired, in the book's word (``六沖卦`` or ``化六沖``,
    ``世墓`` …) and ``facts`` the typed facts it found (the trigram, the 局's element, the 六親 …;
    compute/README.md lists them per rule). Consumers read ``kind``, ``facts``, ``data`` and
    ``lines``, never the summary, which is only for reading. :meth:`of` builds the summary
    from the facts.

    >>> f = Finding("shi-ying", "世 6爻", [6])
    >>> f.lines, f.passages[0], f.to_dict()["summary"], f.kind, f.facts
    ((6,), 'p065-s1', '世 6爻', '', {})
    """

    __slots__ = ("rule", "summary", "lines", "passages", "role", "data", "kind", "facts")
    _compared = ("rule", "summary", "lines", "passages", "role", "data", "kind")  # not facts
    rule: str
    summary: str
    lines: tuple[int, ...]
    passages: tuple[str, ...]
    role: str
    data: tuple[tuple[str, Any], ...]
    kind: str
    facts: Mapping[str, Any]

    @classmethod
    def of(
        cls, rule: str, say: Callable[[Mapping[str, Any]], str], lines: Iterable[int] = (), *,
        kind: str = "", facts: Mapping[str, Any] | None = None, role: str = "primary",
        data: Mapping[str, Any] | tuple[tuple[str, Any], ...] = (),
        passages: Iterable[str] = (),
    ) -> Finding:
        """A finding whose summary is ``say(facts)`` (``kind`` is among the facts as "kind").

        >>> f = Finding.of("shi-ying", lambda x: f"{x['kind']} {x['position']}爻", (6,),
        ...                kind="世", facts={"position": 6})
        >>> f.summary, f.kind, f.facts["position"]
        ('世 6爻', '世', 6)
        """
        known = {"kind": kind, **facts} if facts else {"kind": kind}
        return cls.__new__(cls, rule, say(known), lines, passages, role,
                           data if isinstance(data, tuple) else tuple(data.items()), kind, known)

    def fact(self, name: str, default: Any = None) -> Any:
        """One of :attr:`facts` (*default* when the finding does not carry it).

        >>> Finding("shi-ying", "x", facts={"side": "內"}).fact("side")
        '內'
        """
        return self.facts.get(name, default)

    def __new__(
        cls, rule: str, summary: str, lines: Iterable[int] = (),
        passages: Iterable[str] = (), role: str = "primary",
        data: Mapping[str, Any] | tuple[tuple[str, Any], ...] = (), kind: str = "",
        facts: Mapping[str, Any] | None = None,
    ) -> Finding:
        """The fields, normalised (lines, passages and data as tuples; no passages: the
        rule's) and checked (a registered rule, positions 1–6); built as a draft and then
        frozen (:func:`compute.values.draft`: the class refuses assignment)."""
        entry = _RULES.get(rule)
        if entry is None:
            if _DEFERRED:  # a rule of the 筮類, not loaded yet
                load_all()
                entry = _RULES.get(rule)
            if entry is None:
                raise ValueError(f"finding rule id {rule!r} is not a registered rule")
        if type(lines) is not tuple:
            lines = tuple(lines)
        if lines:
            try:
                ok = lines in _POSITIONS or all(map(_IS_POSITION, lines))
            except TypeError:  # an unhashable item: refused below
                ok = False
            if not ok:
                _refuse(lines)
        if not passages:
            passages = entry.passages
        elif type(passages) is not tuple:
            passages = tuple(passages)
        if type(data) is not tuple and (type(data) is dict or isinstance(data, Mapping)):
            data = tuple(data.items())
        o = _new(_DRAFT[0] if cls is Finding else cls)
        o.rule = rule  # type: ignore[misc]
        o.summary = summary  # type: ignore[misc]
        o.lines = lines  # type: ignore[misc]
        o.passages = passages  # type: ignore[misc]
        o.role = role  # type: ignore[misc]
        o.data = data  # type: ignore[misc]
        o.kind = kind  # type: ignore[misc]
        o.facts = _NO_FACTS if facts is None else facts  # type: ignore[misc]
        o.__class__ = cls
        return o

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied by its fields (built again through the constructor)."""
        return (type(self), (self.rule, self.summary, self.lines, self.passages, self.role,
                             self.data, self.kind, self.facts))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: rule, passages, lines, summary (and role, data when set).

        >>> Finding("shi-ying", "x", data={"k": 1}).to_dict()["data"]
        {'k': 1}
        """
        out: dict[str, Any] = {
            "rule": self.rule,
            "passages": [*self.passages],
            "lines": [*self.lines],
            "summary": self.summary,
        }
        if self.role != "primary":
            out["role"] = self.role
        if self.data:
            out["data"] = dict(self.data)
        return out


def finding_dicts(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """``[f.to_dict() for f in findings]`` in one loop (what a chart's ``to_dict`` writes: a
    call less per finding).

    >>> from compute import chart
    >>> found = chart("震", "兌", month="寅", day="癸酉").findings
    >>> finding_dicts(found) == [f.to_dict() for f in found] and len(found) > 10
    True
    """
    out = []
    for f in findings:
        if type(f) is not Finding:  # a subclass may write its own
            out.append(f.to_dict())
            continue
        d: dict[str, Any] = {"rule": f.rule, "passages": [*f.passages], "lines": [*f.lines],
                             "summary": f.summary}
        if f.role != "primary":
            d["role"] = f.role
        if f.data:
            d["data"] = dict(f.data)
        out.append(d)
    return out


_DRAFT: Final = (draft(Finding),)
"""The draft of :class:`Finding` (in a tuple: never handed out)."""
_IS_POSITION: Final = frozenset(range(1, 7)).__contains__
_POSITIONS: Final = frozenset([(p,) for p in range(1, 7)]
                              + [(p, q) for p in range(1, 7) for q in range(1, 7)])
"""The tuples of one or two positions (most findings' lines): one set look-up checks them."""


def _refuse(lines: tuple[Any, ...]) -> None:
    """Raise for the first item of *lines* outside 1–6 (a position given as another number,
    1.0 or True, passes, as it always did)."""
    for n in lines:
        if not 1 <= n <= 6:
            raise ValueError(f"finding lines {lines!r} must be positions 1-6")


_new = object.__new__


class _NoFacts(dict):  # type: ignore[type-arg]
    """The facts of every finding built without any: one shared empty mapping (a dict, equal
    to ``{}`` and printed so) that refuses to be edited, instead of a new dict per finding."""

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a finding's facts cannot be edited")

    __setitem__ = __delitem__ = __ior__ = _read_only
    update = setdefault = pop = popitem = clear = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, ())


_NO_FACTS: Final = _NoFacts()


class Impl(Frozen):
    """One implementation of a rule: its kind, the object and its dotted name.

    >>> get("najia-gan").impls[0].name
    'compute.book.najia.NAJIA_STEMS'
    """

    __slots__ = ("kind", "obj", "name", "note")
    kind: str
    obj: Any
    name: str
    note: str

    def __init__(self, kind: str, obj: Any, name: str, note: str = "") -> None:
        _set = object.__setattr__
        _set(self, "kind", kind)
        _set(self, "obj", obj)
        _set(self, "name", name)
        _set(self, "note", note)


class Rule(Record):
    """A catalogue rule and its implementations (``impls`` grows as modules register).

    >>> get("fu-chu").kinds
    ('line', 'finding')
    """

    __slots__ = ("id", "zh", "ko", "passages", "impls", "rank")
    _compared = ("id", "zh", "ko", "passages", "impls")
    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was
    id: str
    zh: str
    ko: str
    passages: tuple[str, ...]
    impls: list[Impl]
    rank: tuple[int, int]
    """Where the rule stands in :func:`all_rules`: its earliest registration's :func:`rank`."""

    def __init__(self, id: str, zh: str, ko: str, passages: tuple[str, ...],  # noqa: A002
                 impls: list[Impl] | None = None, rank: tuple[int, int] = (0, 0)) -> None:
        self.id, self.zh, self.ko, self.passages = id, zh, ko, passages
        self.impls = [] if impls is None else impls
        self.rank = rank

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(i.kind for i in self.impls))

    def to_dict(self) -> dict[str, Any]:
        """The row ``yimao rules --json`` prints.

        >>> d = get("liuqin").to_dict(); d["name"], d["function"]
        ('六親', 'compute.book.liuqin.LIUQIN_RULE')
        """
        return {
            "id": self.id,
            "name": self.zh,
            "name_ko": self.ko,
            "passages": list(self.passages),
            "kinds": list(self.kinds),
            "function": self.impls[0].name if self.impls else None,
            "functions": [i.name for i in self.impls],
        }


class Convention(Frozen):
    """A named choice between the book's convention and another (usually common practice).

    ``chart(..., conventions={name: choice})`` picks one; every chart records the choice that
    applied in ``chart.options``. ``choices[0]`` is the default (the book's).
    """

    __slots__ = ("name", "choices", "rule", "note")
    name: str
    choices: tuple[str, ...]
    rule: str
    note: str

    def __init__(self, name: str, choices: tuple[str, ...], rule: str, note: str = "") -> None:
        _set = object.__setattr__
        _set(self, "name", name)
        _set(self, "choices", choices)
        _set(self, "rule", rule)
        _set(self, "note", note)

    @property
    def default(self) -> str:
        return self.choices[0]


_CONVENTIONS: dict[str, Convention] = {}


def convention(name: str, choices: Iterable[str], rule: str, note: str = "") -> Convention:
    """Register a convention (first choice = the book's, the default) and return it.

    >>> all(c.default == c.choices[0] for c in conventions())
    True
    """
    conv = Convention(name, tuple(choices), rule, note)
    old = _CONVENTIONS.get(name)
    if old is not None and old != conv:
        raise ValueError(f"convention {name!r} registered twice with different choices")
    _CONVENTIONS[name] = conv
    return conv


def conventions() -> tuple[Convention, ...]:
    """Every registered convention, in registration order.

    >>> isinstance(conventions(), tuple)
    True
    """
    return tuple(_CONVENTIONS.values())


_DEFAULTS: list[Any] = [0, ()]  # how many conventions, and their defaults as (name, choice)


def default_conventions() -> tuple[tuple[str, str], ...]:
    """``(name, default choice)`` of every registered convention (kept until one registers).

    >>> dict(default_conventions())["fu-riyue"]
    'p283'
    """
    memo = _DEFAULTS
    if memo[0] != len(_CONVENTIONS):
        memo[:] = [len(_CONVENTIONS), tuple((c.name, c.default) for c in _CONVENTIONS.values())]
    return memo[1]


MODULE_ORDER: Final = (
    # the book's tables (chapters 1–12 and the tables of later chapters), as the book gives them
    "compute.book.ganzhi", "compute.book.wuxing", "compute.book.gua", "compute.book.fushen",
    "compute.book.liuqin", "compute.book.liushen", "compute.book.najia", "compute.book.shen",
    "compute.book.xing",
    # 立法: the core's findings (chapters 1–12), then chapters 13–41 in the book's order
    "compute.lifa.findings", "compute.lifa.feifu", "compute.lifa.dongbian",
    "compute.book.changsheng", "compute.lifa.riyue",
    "compute.lifa.kongpo", "compute.lifa.richong", "compute.lifa.fanfu", "compute.lifa.jintui",
    "compute.lifa.hechong", "compute.lifa.ju", "compute.lifa.guisha", "compute.lifa.xinghai",
    "compute.lifa.yongshen", "compute.lifa.guayan", "compute.lifa.leizong",
    "compute.lifa.shensha",
    # 筮類: the 用神 rules that wait for a question, 大限/小限, the judgments, 應期
    "compute.shilei.quyong", "compute.shilei.daxian", "compute.shilei.judge",
    "compute.shilei.yingqi",
)
"""The one order of the rules: every module that registers rules, in the book's order. The
registry sorts by it (:func:`rank`), so the rules' order — of :func:`all_rules`, of the running
of annotators and detectors, and of the TEI's rule taxonomy — never depends on which module
happened to be imported first. A module not listed (a test's demo rule) ranks after all."""

_MODULE_RANK: Final = {m: k for k, m in enumerate(MODULE_ORDER)}
_COUNT: list[int] = [0]


def rank(module: str) -> tuple[int, int]:
    """The sort key of a registration made now by *module*: its place in :data:`MODULE_ORDER`,
    then the order of registration (a module registers top to bottom).

    >>> rank("compute.book.ganzhi") < rank("compute.lifa.findings") < rank("tests.demo")
    True
    >>> rank("compute.lifa.findings")[0] < rank("compute.book.ganzhi")[0]
    False
    """
    _COUNT[0] += 1
    return (_MODULE_RANK.get(module, len(MODULE_ORDER)), _COUNT[0])


def _caller(depth: int = 2) -> str:
    """The module that called the registering function (for :func:`table`, :func:`doctrine`)."""
    return sys._getframe(depth).f_globals.get("__name__", "")


_RULES: dict[str, Rule] = {}
LINE_ROWS: list[tuple[str, Callable[..., None]]] = []
_LINE_RANK: list[tuple[int, int]] = []
FINDING_ROWS: list[tuple[str, Callable[..., Iterable[Finding]]]] = []
_FINDING_RANK: list[tuple[int, int]] = []
SCOPES: dict[Callable[..., None], str] = {}
GATES: dict[Callable[..., Any], tuple[Callable[[Any], Any], Any]] = {}
OPEN: Final = object()
"""The gate value of ``when=gate`` (a plain gate): the rule runs when the gate's result is true."""


def _entry(rid: str, zh: str | None, ko: str | None, passages: Iterable[str] | None,
           at: tuple[int, int]) -> Rule:
    if not ID_RE.match(rid):
        raise ValueError(f"rule id {rid!r} must be lowercase kebab-case (the catalogue's ids)")
    cited = tuple(passages) if passages is not None else None
    for p in cited or ():
        if not PASSAGE_RE.match(p):
            raise ValueError(f"rule {rid}: passage {p!r} is not a sentence id like p027-s1")
    old = _RULES.get(rid)
    if old is None:
        if not (zh and ko and cited):
            raise ValueError(f"rule {rid}: first registration needs zh, ko and passages")
        old = _RULES[rid] = Rule(rid, zh, ko, cited, rank=at)
        return old
    old.rank = min(old.rank, at)
    checks = (("zh", zh, old.zh), ("ko", ko, old.ko), ("passages", cited, old.passages))
    for label, new, have in checks:
        if new is not None and new != have:
            raise ValueError(f"rule {rid}: {label} {new!r} differs from the registered {have!r}")
    return old


def rule(
    rid: str,
    zh: str | None = None,
    ko: str | None = None,
    passages: Iterable[str] | None = None,
    kind: Kind = "function",
    lines: LineScope = "all",
    when: Callable[[Any], Any] | tuple[Callable[[Any], Any], Any] | None = None,
) -> Callable[[F], F]:
    """Decorator: register a function under catalogue id *rid* (see the module docstring;
    *lines* is the scope of a line annotator, *when* the gate of an annotator or detector).

    >>> @rule("ganzhi-60", kind="function")
    ... def _demo(): return 60
    >>> _demo()
    60
    >>> [i.kind for i in get("ganzhi-60").impls][-1]
    'function'
    >>> _ = get("ganzhi-60").impls.pop()  # keep the doctest from leaving a trace
    """
    if kind not in ("function", "line", "finding"):
        raise ValueError(f"rule {rid}: kind {kind!r}; use table()/doctrine() for the others")
    if lines not in LINE_SCOPES or (lines != "all" and kind != "line"):
        raise ValueError(f"rule {rid}: lines={lines!r} is for line annotators: one of "
                         f"{', '.join(LINE_SCOPES)}")
    if when is not None and kind == "function":
        raise ValueError(f"rule {rid}: when= is for line annotators and finding detectors")
    gate = None if when is None else when if isinstance(when, tuple) else (when, OPEN)

    def register(fn: F) -> F:
        at = rank(fn.__module__)
        entry = _entry(rid, zh, ko, passages, at)
        entry.impls.append(Impl(kind, fn, f"{fn.__module__}.{fn.__qualname__}"))
        if kind == "line":
            _insert(LINE_ROWS, _LINE_RANK, (rid, fn), at)
            if lines != "all":
                SCOPES[fn] = lines
        elif kind == "finding":
            _insert(FINDING_ROWS, _FINDING_RANK, (rid, fn), at)
        if gate is not None:
            GATES[fn] = gate
        return fn

    return register


def _insert(rows: list[Any], ranks: list[tuple[int, int]], row: Any, at: tuple[int, int]) -> None:
    """Put *row* where its rank places it (the running order is :data:`MODULE_ORDER`'s)."""
    k = bisect(ranks, at)
    ranks.insert(k, at)
    rows.insert(k, row)


_SIX: Final = (0, 1, 2, 3, 4, 5)


def primary_states(lines: Sequence[Any], states: list[dict[str, Any]],
                   six: Sequence[Any]) -> Iterable[tuple[int, dict[str, Any]]]:
    """``(position − 1, state)`` of each primary line among *lines* (a line annotator's
    lines and *states*); *six* is the chart's primary lines: given those (as the chart gives
    them to an annotator of the primary lines) no line is looked at.

    >>> from compute import chart
    >>> c = chart("困", "坎", month="午", day="壬戌", rules=())
    >>> six, d = c.primary.lines, [{}, {}]
    >>> list(primary_states(six, [{}] * 6, six))[5][0]
    5
    >>> [i for i, _ in primary_states((six[3], c.changed.lines[3]), d, six)]
    [3]
    """
    if lines is six:
        return zip(_SIX, states, strict=True)
    out = []
    for ln, st in zip(lines, states, strict=True):
        if ln.role == "primary":
            out.append((ln.position - 1, st))
    return out


def table(
    rid: str, zh: str | None, ko: str | None, passages: Iterable[str] | None,
    value: Any, name: str,
) -> Any:
    """Register a module-level table (give its dotted *name*) and return it unchanged.

    >>> "compute.book.gua.PALACE_MEMBERS" in [i.name for i in get("bagong-16bian").impls]
    True
    """
    _entry(rid, zh, ko, passages, rank(_caller())).impls.append(Impl("table", value, name))
    return value


def doctrine(rid: str, zh: str, ko: str, passages: Iterable[str], reason: str) -> None:
    """Register a rule the book states but compute does not compute, with the *reason*.

    >>> get("liangshen-weight").impls[0].kind
    'doctrine'
    """
    at = rank(_caller())
    _entry(rid, zh, ko, passages, at).impls.append(Impl("doctrine", None, "", reason))


_DEFERRED: list[str] = []


def defer(modules: Iterable[str]) -> None:
    """Rule modules to import on first need (:func:`load_all`) rather than with ``compute``
    (``compute.ASKED_MODULES``)."""
    _DEFERRED.extend(m for m in modules if m not in _DEFERRED)


def load_all() -> None:
    """Import the deferred rule modules (once), so that every rule is registered: called by the
    listings below, by :func:`get` for an id not yet known, and by :func:`compute.chart` for a
    chart asked a question.

    >>> load_all(); "compute.shilei.judge" in __import__("sys").modules
    True
    """
    import importlib

    while _DEFERRED:
        importlib.import_module(_DEFERRED[0])
        _DEFERRED.pop(0)


def get(rid: str) -> Rule:
    """The registered rule *rid* (KeyError if none).

    >>> get("hugua").zh
    '互卦'
    """
    found = _RULES.get(rid)
    if found is None:
        if not _DEFERRED:
            raise KeyError(rid)
        load_all()
        return _RULES[rid]
    return found


def all_rules() -> tuple[Rule, ...]:
    """Every registered rule, in the order of :data:`MODULE_ORDER` (within a module, as it
    registers them).

    >>> all_rules()[0].id
    'ganzhi-60'
    """
    load_all()
    return tuple(sorted(_RULES.values(), key=_RANK_OF))


_RANK_OF: Final = attrgetter("rank")


def line_annotators() -> tuple[tuple[str, Callable[..., None]], ...]:
    """(rule id, annotator) pairs in the order :func:`compute.chart` runs them; each annotator is
    the registered function itself, ``(chart, lines, states) -> None``.

    >>> from compute import chart
    >>> c = chart("乾", month="午", day="戊辰", rules=())
    >>> states = [{} for _ in c.primary.lines]
    >>> dict(line_annotators())["yuejian"](c, c.primary.lines, states)
    >>> line_annotators()[0][0], states[5]
    ('yaowei', {'riyue': []})
    """
    load_all()
    return tuple(LINE_ROWS)


def line_scope(annotator: Callable[..., None]) -> str:
    """The lines *annotator* is called on (see the module docstring).

    >>> line_scope(dict(line_annotators())["fu-chu"]), line_scope(dict(line_annotators())["yaowei"])
    ('primary', 'moving')
    """
    return SCOPES.get(annotator, "all")


def gate(fn: Callable[..., Any]) -> tuple[Callable[[Any], Any], Any] | None:
    """The gate of an annotator or detector: ``(gate, value)`` (value :data:`OPEN` for a plain
    gate), or None when it runs on every chart.

    >>> gate(dict(finding_detectors())["bianyao-power"]) is None
    True
    """
    return GATES.get(fn)


def finding_detectors() -> tuple[tuple[str, Callable[..., Iterable[Finding]]], ...]:
    """(rule id, detector) pairs in the order :func:`compute.chart` runs them.

    >>> finding_detectors()[0][0]
    'bianyao-power'
    """
    load_all()
    return tuple(FINDING_ROWS)
