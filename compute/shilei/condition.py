"""The condition language of editorial/judgments.toml: its values (three-valued results, the
items a selector picks), its tokens and its parser
(:func:`parse`, :func:`tree`: a condition's syntax tree, compiled ahead in
:data:`compute.shilei.judgments_data.CONDITIONS`). :mod:`compute.shilei.evaluator` evaluates
the trees on a chart.
"""

from __future__ import annotations

import re

import compute.shilei.daxian  # noqa: F401 (registers 大限/小限 before the judgments)
from compute.book.changsheng import BRANCH_PHASE_INT as _BRANCH_PHASE
from compute.errors import InputError
from compute.shilei.judgments_data import CONDITIONS
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


Tri = bool | None
"""A truth value of the language: True, False or None (unknown)."""


# ------------------------------------------------------------------ items a selector picks


class Item(Frozen):
    """A line or a branch a selector picks: ``kind`` is ``line`` (a primary line), ``hidden``
    (the 伏神 under a line), ``changed`` (the changed line of a moving line) or ``branch`` (日 月
    歲 時 or a literal); ``pos`` the primary position (0 for a branch)."""

    __slots__ = ("kind", "pos", "branch", "stem")
    kind: str
    pos: int
    branch: int
    stem: int | None

    def __init__(self, kind: str, pos: int, branch: int, stem: int | None = None) -> None:
        init(self, kind, pos, branch, stem)

    @property
    def phase(self) -> int:
        return _BRANCH_PHASE[self.branch]


class Result(Frozen):
    """A value of the three-valued language and the lines that made it true."""

    __slots__ = ("value", "lines")
    value: Tri
    lines: frozenset[int]

    def __init__(self, value: Tri, lines: frozenset[int] = frozenset()) -> None:
        init(self, value, lines)


TRUE, FALSE, UNKNOWN = Result(True), Result(False), Result(None)


class Unknown(Exception):
    """A selector the chart cannot fill (命 without ``birth``, 限 without the year asked)."""


# ------------------------------------------------------------------ the parser

_TOKEN = re.compile(r"\s*(∈|∩|[(),|=\[\]{}]|[^\s(),|=∈∩\[\]{}]+)")


def tokens(text: str) -> list[str]:
    """The tokens of a condition.

    >>> tokens("克世(伏∩官) or 動爻[六神=青龍]")
    ['克世', '(', '伏', '∩', '官', ')', 'or', '動爻', '[', '六神', '=', '青龍', ']']
    """
    out, i = [], 0
    text = text.strip()
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            raise InputError("condition.read", value=text, value2=text[i:])
        out.append(m.group(1))
        i = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokens(text)
        self.i = 0

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise InputError("condition.expected", value=self.text, want=want or "more",
                             value2=tok)
        self.i += 1
        return tok

    def parse(self) -> Any:
        node = self.expr()
        if self.peek() is not None:
            raise InputError("condition.unexpected", value=self.text, value2=self.peek())
        return node

    def chain(self, op: str, part: Callable[[], Any], tag: str | None = None) -> Any:
        """``part op part op …`` read left to right: ``(tag, (tag, a, b), c)`` (*tag* is *op*
        unless given).

        >>> _Parser("a and b and c").conj()
        ('and', ('and', ('name', 'a'), ('name', 'b')), ('name', 'c'))
        >>> _Parser("a ∩ b").sel_inter()
        ('both', ('sel', 'a'), ('sel', 'b'))
        """
        node = part()
        while self.peek() == op:
            self.take(op)
            node = (tag or op, node, part())
        return node

    def expr(self) -> Any:
        return self.chain("or", self.conj)

    def conj(self) -> Any:
        return self.chain("and", self.neg)

    def neg(self) -> Any:
        if self.peek() == "not":
            self.take()
            return ("not", self.neg())
        if self.peek() == "(":
            self.take("(")
            node = self.expr()
            self.take(")")
            return node
        return self.atom()

    def atom(self) -> Any:
        name = self.take()
        nxt = self.peek()
        if name in ("all", "none") and nxt == "(":
            self.take("(")
            pred = self.pred_spec()
            self.take(",")
            sel = self.sel()
            self.take(")")
            return (name, pred, sel)
        if nxt == "[":
            self.take("[")
            kind = self.take()
            self.take("]")
            return ("rule", name, kind)
        if nxt == "(":
            self.take("(")
            args = [self.sel()]
            while self.peek() == ",":
                self.take(",")
                args.append(self.sel())
            self.take(")")
            if self.peek() == "∈":
                self.take("∈")
                return ("in", name, tuple(args), self.valueset())
            return ("call", name, tuple(args))
        if nxt == "=":
            self.take("=")
            return ("eq", name, self.take())
        if nxt == "∈":
            self.take("∈")
            return ("in", name, (), self.valueset())
        return ("name", name)

    def valueset(self) -> tuple[str, ...]:
        self.take("{")
        vals = []
        while self.peek() != "}":
            vals.append(self.take())
            if self.peek() == ",":
                self.take(",")
        self.take("}")
        return tuple(dict.fromkeys(vals))  # as written, once each

    def pred_spec(self) -> Any:
        name = self.take()
        if self.peek() == "=":
            self.take("=")
            return ("eqpred", name, self.take())
        return ("pred", name)

    def sel(self) -> Any:
        node = self.sel_inter()
        alts = [node]
        while self.peek() == "|":
            self.take("|")
            alts.append(self.sel_inter())
        return alts[0] if len(alts) == 1 else ("any", tuple(alts))

    def sel_inter(self) -> Any:
        return self.chain("∩", self.sel_term, "both")

    def sel_term(self) -> Any:
        if self.peek() == "(":
            self.take("(")
            node = self.sel()
            self.take(")")
        else:
            name = self.take()
            if self.peek() == "(" and name in ("伏", "變"):
                self.take("(")
                inner = self.sel()
                self.take(")")
                node = (name, inner)
            else:
                node = ("sel", name)
        while self.peek() == "[":
            self.take("[")
            pred = self.pred_spec()
            self.take("]")
            node = ("filter", node, pred)
        return node


def parse(text: str) -> Any:
    """The syntax tree of a condition (nested tuples).

    >>> parse("無(子) or all(四病, 子)")
    ('or', ('call', '無', (('sel', '子'),)), ('all', ('pred', '四病'), ('sel', '子')))
    """
    return _Parser(text).parse()


def tree(text: str) -> Any:
    """The syntax tree of a condition: the book's own conditions (the judgments, their outcomes
    and the 應期 rules) parsed once, when compute/shilei/judgments_data.py was generated
    (:data:`~compute.shilei.judgments_data.CONDITIONS`); any other text parsed now.

    >>> tree("無(子) or all(四病, 子)") == parse("無(子) or all(四病, 子)")
    True
    >>> "無(子) or all(四病, 子)" in CONDITIONS
    True
    """
    found = CONDITIONS.get(text)
    return found if found is not None else _Parser(text).parse()
