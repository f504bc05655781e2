"""The worked examples of editorial/examples.toml: load them, chart them, and decide whether a
rule fires on a chart at an example's *focus* — the one place that decides it, shared by the
reading site (/rules/, the passages' worked-example links), tools/find_examples.py (which
proposes the examples) and tests/test_rule_examples.py.

A focus is a small structured value, one of

* ``{finding = R, lines = [..], role = "primary", data = {..}}`` — ``chart.findings`` holds a
  finding of rule R whose lines include *lines* (and whose ``data`` includes *data*);
* ``{state = KEY, lines = [..], role = "primary", value = ..}`` — ``line.state[KEY]`` is filled
  (not None, "", [] or {}) on each of *lines*, and matches *value* when one is given;
* ``{field = PATH, value = ..}`` — the chart's ``to_dict()`` at PATH (dotted; a number selects the
  n-th item of a list, 1-based; ``*`` maps over a list) matches *value*;
* ``{apply = NAME, args = [..], kwargs = {..}, at = n, value = .., then = {focus}}`` — the public
  table or function NAME of compute applied to values of the chart (an arg is ``"chart"``,
  ``{field = PATH}`` or ``{value = literal}``; a table is looked up, see :func:`lookup`).

:func:`fires` reads only ``chart.findings`` (through ``Finding.to_dict()``), ``line.state`` and
``chart.to_dict()``. "Matches" (:func:`matches`): a dict matches when each of its keys matches,
a list contains a wanted scalar, anything else is equal.

>>> rows = load()
>>> ex = next(e for e in rows if e["id"] == "ex-xunkong")
>>> ex["source"], ex["case"], fires(example_chart(ex), ex["focus"])
('case', 'p163-case3', True)
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from compute import chart as draw
from compute import rules
from compute.chart import Chart
from compute.ganzhi import BRANCH_ZH, GANZHI_ZH, STEM_ZH, Branch, GanZhi, Stem
from compute.gua import Hexagram, Trigram
from compute.inputs import FIELDS
from compute.liuqin import Relative
from compute.wuxing import Phase
from yimao.errors import EditionError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_FILE = ROOT / "editorial" / "examples.toml"
INPUT_KEYS = tuple(k for k in FIELDS if k not in ("lines", "at", "tz"))
"""The inputs a constructed example may give: the Run panel's fields (compute.inputs.FIELDS,
the one list of them) but a cast by coins and a date (question, yongshen, facts: a 筮類
question)."""
PHASE_CHARS = "木火土金水"
RELATIVES = ("父母", "兄弟", "子孫", "妻財", "官鬼")


def load(path: Path = EXAMPLES_FILE) -> list[dict[str, Any]]:
    """The ``[[example]]`` rows of examples.toml, in file order."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise EditionError(f"{path}:0: {exc}") from None
    rows = data.get("example", [])
    for k, row in enumerate(rows, 1):
        missing = [f for f in ("id", "rule", "source", "focus") if f not in row]
        if missing:
            raise EditionError(f"{path}:0: example {k} ({row.get('id', '?')}): missing "
                               f"{', '.join(missing)}")
    return rows


# ================================================================ does R fire on C at F


def fires(c: Chart, focus: Mapping[str, Any]) -> bool:
    """Whether the rule of *focus* is at work on chart *c* at *focus* (see the module docstring).

    >>> c = draw("困", "坎", month="午", day="壬戌")
    >>> fires(c, {"state": "changsheng", "lines": [4], "value": {"bian": "長生"}})
    True
    >>> fires(c, {"finding": "yuepo", "lines": [4]}), fires(c, {"field": "void", "value": "子"})
    (False, True)
    >>> fires(c, {"apply": "compute.wuxing.nayin", "args": [{"field": "day"}], "value": "水"})
    True
    """
    if "finding" in focus:
        lines = set(focus.get("lines", ()))
        role = focus.get("role", "primary")
        for f in c.findings:
            d = f.to_dict()
            if (d["rule"] == focus["finding"] and d.get("role", "primary") == role
                    and lines <= set(d["lines"])
                    and ("data" not in focus or matches(d.get("data", {}), focus["data"]))):
                return True
        return False
    if "state" in focus:
        lines = c.lines(focus.get("role", "primary"))
        positions = focus.get("lines", ())
        for p in positions:
            if not 1 <= p <= len(lines):
                return False
            v = plain(lines[p - 1].state.get(focus["state"]))
            if not filled(v) or ("value" in focus and not matches(v, focus["value"])):
                return False
        return bool(positions)
    if "field" in focus:
        return matches(value_at(c.to_dict(), focus["field"]), focus["value"])
    if "apply" in focus:
        result = apply(c, focus)
        if "then" in focus:
            return isinstance(result, Chart) and fires(result, focus["then"])
        if "at" in focus:
            result = result[int(focus["at"]) - 1]
        result = plain(result)
        return matches(result, focus["value"]) if "value" in focus else filled(result)
    raise ValueError(f"focus {dict(focus)!r}: expected finding, state, field or apply")


def filled(v: Any) -> bool:
    """Not None, "", False, [] or {} (0 and 0.0 count as values).

    >>> [filled(x) for x in (None, "", [], {}, False, 0, "空")]
    [False, False, False, False, False, True, True]
    """
    return v is not None and v is not False and v != "" and v != [] and v != {}


def matches(actual: Any, want: Any) -> bool:
    """*want* is found in *actual*: dict keys each match, a list holds a wanted scalar.

    >>> matches({"day": "絕", "bian": "長生"}, {"bian": "長生"}), matches(["天德", "大耗"], "天德")
    (True, True)
    >>> matches(["甲", "壬"], ["甲", "壬"]), matches("相", "旺")
    (True, False)
    """
    if isinstance(want, Mapping):
        return isinstance(actual, Mapping) and all(matches(actual.get(k), v)
                                                   for k, v in want.items())
    if isinstance(actual, list) and not isinstance(want, list):
        return want in actual
    return bool(actual == want)


def value_at(data: Any, path: str) -> Any:
    """The value at a dotted *path* of a ``to_dict()``: numbers pick the n-th item (1-based),
    ``*`` maps over a list.

    >>> d = {"primary": {"lines": [{"stem": "甲"}, {"stem": "乙"}]}}
    >>> value_at(d, "primary.lines.2.stem"), value_at(d, "primary.lines.*.stem")
    ('乙', ['甲', '乙'])
    """
    parts = path.split(".")
    for k, part in enumerate(parts):
        if part == "*":
            rest = ".".join(parts[k + 1:])
            return [value_at(x, rest) if rest else x for x in data]
        if part.isdigit():
            data = data[int(part) - 1]
        else:
            data = data[part]
    return data


def plain(v: Any) -> Any:
    """Domain values as the chart's JSON writes them (enums → their characters).

    >>> plain({Phase.JIN: (Branch.SI, Stem.JIA)}), plain(Hexagram.from_name("乾"))
    ({'金': ['巳', '甲']}, '乾')
    """
    if isinstance(v, Mapping):
        return {str(plain(k)): plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple | set | frozenset):
        return [plain(x) for x in v]
    if isinstance(v, Hexagram):
        return v.name
    if isinstance(v, GanZhi):
        return v.zh
    if isinstance(v, bool | int | float | str) and type(v) in (bool, int, float, str):
        return v
    if v is None:
        return None
    return str(v)


def domain(v: Any) -> Any:
    """A literal of the book as compute's value: 甲子 → GanZhi, 甲 → Stem, 子 → Branch,
    金 → Phase, 父母 → Relative; anything else unchanged.

    >>> domain("甲子"), domain("子"), domain("金"), domain("官鬼"), domain("乾")
    (GanZhi.from_zh('甲子'), Branch.ZI, Phase.JIN, Relative.GUANGUI, '乾')
    """
    if not isinstance(v, str):
        return v
    if v in GANZHI_ZH:
        return GanZhi.from_zh(v)
    if v in BRANCH_ZH and len(v) == 1:
        return Branch.from_zh(v)
    if v in STEM_ZH and len(v) == 1:
        return Stem.from_zh(v)
    if v in PHASE_CHARS and len(v) == 1:
        return Phase.from_zh(v)
    if v in RELATIVES:
        return Relative.from_zh(v)
    return v


def resolve(name: str) -> Any:
    """The public table or function *name* of compute (``compute.wuxing.nayin``).

    >>> resolve("compute.ganzhi.DIRECTIONS")[0]
    ('北', '壬子癸')
    """
    module, _, attr = name.rpartition(".")
    if not module.startswith("compute.") or any(p.startswith("_") for p in name.split(".")):
        raise ValueError(f"apply {name!r}: expected a public name of compute (compute.x.y)")
    return getattr(importlib.import_module(module), attr)


def lookup(table: Any, key: Any) -> Any:
    """Look *key* (the book's characters) up in a compute table: a mapping by key; a table of
    (name, value) rows by either side, or by a character of the value ("未" in "未坤申"); a
    sequence of 12, 10 or 8 by branch, stem or trigram.

    >>> from compute.ganzhi import DIRECTIONS
    >>> from compute.wuxing import STEM_PHASE, WUZHAO
    >>> lookup(DIRECTIONS, "未"), lookup(WUZHAO, "水"), lookup(STEM_PHASE, "庚")
    ('西南', '雨', Phase.JIN)
    """
    if isinstance(table, Mapping):
        for k in (key, domain(key)):
            if k in table:
                return table[k]
        raise KeyError(f"{key!r} is not a key of the table")
    rows = tuple(table)
    if rows and all(isinstance(r, tuple) and len(r) == 2 and all(isinstance(x, str) for x in r)
                    for r in rows):
        for r in rows:
            if key in r:
                return r[1] if key == r[0] else r[0]
        for r in rows:
            if key in r[1]:
                return r[0]
        raise KeyError(f"{key!r} is in no row of the table")
    by_size: dict[int, Callable[[str], Any]] = {12: Branch.from_zh, 10: Stem.from_zh,
                                                8: Trigram.from_zh}
    if len(rows) not in by_size:
        raise KeyError(f"a table of {len(rows)} rows is not indexed by branch, stem or trigram")
    return rows[int(by_size[len(rows)](key))]


def apply(c: Chart, focus: Mapping[str, Any]) -> Any:
    """The result of an ``apply`` focus on chart *c*."""
    target = resolve(focus["apply"])
    args = []
    for a in focus.get("args", ()):
        if a == "chart":
            args.append(c)
        elif isinstance(a, Mapping) and "field" in a:
            args.append(value_at(c.to_dict(), a["field"]))
        elif isinstance(a, Mapping) and "value" in a:
            args.append(a["value"])
        else:
            raise ValueError(f"apply {focus['apply']}: arg {a!r}; expected 'chart', "
                             "{field = PATH} or {value = literal}")
    if callable(target):
        return target(*(x if isinstance(x, Chart) else domain(x) for x in args),
                      **dict(focus.get("kwargs", {})))
    if len(args) != 1:
        raise ValueError(f"apply {focus['apply']}: a table takes one key, got {len(args)}")
    return lookup(target, args[0])


# ================================================================ examples → charts


def inputs_chart(inputs: Mapping[str, Any]) -> Chart:
    """The chart of constructed *inputs* (the book's way, or a cast with ``lines`` / ``at``)."""
    import datetime as dt

    kw = {k: v for k, v in inputs.items() if v not in ("", None)}
    if "lines" in kw or "at" in kw:
        at = kw.pop("at", None)
        return draw(at=dt.datetime.fromisoformat(at) if at else None, **kw)
    return draw(kw.pop("primary"), kw.pop("changed", None), **kw)


def case_chart(case_id: str) -> Chart:
    """A book case's chart, as :mod:`yimao.model.cases` charts it."""
    from yimao.model import cases

    return cases.setting(cases.by_id(cases.load(), case_id)).chart


def example_chart(example: Mapping[str, Any]) -> Chart:
    """The chart of an ``[[example]]`` of examples.toml."""
    if example["source"] == "case":
        return case_chart(example["case"])
    return inputs_chart(example["inputs"])


def computing_rules() -> tuple[rules.Rule, ...]:
    """Every registered rule that computes something (all but the doctrine-only ones)."""
    return tuple(r for r in rules.all_rules() if set(r.kinds) - {"doctrine"})
