"""Extensions of the claim-check language (:mod:`compute.claims`) for the whole checks of
editorial/claims-audit.md (issue 10): line attributes that read compute's line states, and
finding readers for the 大限 and 小限.

Line attributes (``{kind="line", …, attr=…}``):

* ``void``: the kind of 旬空 among the thirteen (p156–p159; compute's line state ``void``, ""
  when the line is not empty) — 真空, 填實, 半實 …;
* ``grade``: the name of the line's grade among the eighteen of 類總 (p291–p293) — 克空, 日破,
  死氣, 洩氣 …;
* ``san``: whether the moving line is 散 (p163 注, p286-s3);
* ``is_year``: the line's branch is the year's (with a ``year`` override, the year the text
  names).

Finding readers (``{kind="finding", rule="daxian" | "xiaoxian", asked="丁亥", equals="午"}``):
the branch of the line the 大限 (小限) reaches in the year *asked* (editorial/daxian.md; the key
is ``asked`` because ``year`` overrides the divination's own year).

>>> from compute.claims import Inputs, evaluate
>>> evaluate(Inputs("損", "剝", year="己丑", month="寅", day="庚午"),
...          {"kind": "finding", "rule": "xiaoxian", "asked": "辛卯", "equals": "子"}).status
'confirmed'
>>> evaluate(Inputs("離", "賁", month="卯", day="辛酉"),
...          {"kind": "line", "branch": "丑", "attr": "void", "equals": "真空"}).status
'confirmed'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compute.claims.case import Missing, NotComputable, Setting, state_of
from compute.engine.chart import ChartLine

NEEDS = {"month": ("month", "the month (月建)"), "day": ("day_branch", "the day branch (日辰)"),
         "void": ("void", "the day's 旬 (for 旬空)"), "year": ("year", "the year")}


def need(s: Setting, *what: str) -> None:
    """Raise :class:`~compute.claims.Missing` when the case does not give what a check needs
    (the claim is then tried on every neutral completion of its date, as compute.claims does)."""
    lacking = [NEEDS[w][1] for w in what if not getattr(s, NEEDS[w][0])]
    if lacking:
        raise Missing(f"the case does not give {' and '.join(lacking)}")


def _state(s: Setting, ln: ChartLine, key: str) -> Any:
    if getattr(ln, "role", "") != "primary":
        raise NotComputable(f"{key} is computed for the lines of the primary hexagram")
    return state_of(s, ln, key)


def attr_void(s: Setting, ln: ChartLine, spec: Mapping[str, Any]) -> str:
    need(s, "day", "month", "void")
    return str(_state(s, ln, "void") or "")


def attr_grade(s: Setting, ln: ChartLine, spec: Mapping[str, Any]) -> str:
    need(s, "day", "month", "void")
    g = _state(s, ln, "grade") or {}
    return str(g.get("name", ""))


def attr_san(s: Setting, ln: ChartLine, spec: Mapping[str, Any]) -> bool:
    need(s, "day", "month")
    return bool(_state(s, ln, "san"))


def attr_is_year(s: Setting, ln: ChartLine, spec: Mapping[str, Any]) -> bool:
    need(s, "year")
    return ln.branch == s.chart.year.branch


LINE_ATTRS: dict[str, Callable[[Any, Any, Mapping[str, Any]], Any]] = {
    "void": attr_void, "grade": attr_grade, "san": attr_san, "is_year": attr_is_year,
}


def _xian(kind: str) -> Callable[[Any, Mapping[str, Any]], str]:
    def read(s: Setting, spec: Mapping[str, Any]) -> str:
        from compute.shilei.daxian import daxian, xiaoxian

        need(s, "year")
        asked = spec.get("asked")
        if not asked:
            raise NotComputable(f"{kind}: the check names no year asked (asked=…)")
        return (daxian if kind == "daxian" else xiaoxian)(s.chart, str(asked)).branch

    read.__name__ = f"finding_{kind}"
    return read


FINDINGS: dict[str, Callable[[Any, Mapping[str, Any]], Any]] = {
    "daxian": _xian("daxian"), "xiaoxian": _xian("xiaoxian"),
}

__all__ = ["FINDINGS", "LINE_ATTRS"]
