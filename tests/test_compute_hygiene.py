"""compute's model hygiene: no private-name imports across modules, no module-level state
written at run time, rule functions typed with the chart type, one enum base."""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import pytest

import compute
from compute.book.ganzhi import Branch, Stem
from compute.book.gua import Trigram
from compute.book.liuqin import Relative
from compute.book.liushen import Spirit
from compute.book.names import Named
from compute.book.wuxing import Phase
from compute.explain import explained

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "compute").rglob("*.py")) + sorted((ROOT / "yimao").rglob("*.py"))


def _trees() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in SOURCES]


def test_no_import_of_another_module_s_private_name() -> None:
    found = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    ("compute", "yimao")):
                found += [f"{path.name}: {a.name}" for a in node.names
                          if a.name.startswith("_") and a.name != "__future__"]
    assert found == []


def test_no_global_statement_in_compute() -> None:
    """No module-level cache written by a function (the per-chart context lives on the chart)."""
    found = [f"{path.name}:{node.lineno}" for path, tree in _trees()
             if path.relative_to(ROOT).parts[0] == "compute"
             for node in ast.walk(tree) if isinstance(node, ast.Global | ast.Nonlocal)]
    assert found == []


_MEMO = ("cache", "lru_cache")


def _memo_decorated(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for d in fn.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in _MEMO:
            return True
    return False


def test_no_argument_keyed_memo_cache_in_compute() -> None:
    """No module-level cache keyed on a function's arguments (functools.cache / lru_cache on a
    function with parameters): the book's small domains are tables built at import, the rest
    is computed. A cache on a function without parameters is a constant built on first use
    (the 節 table's decoding, the probe of the line annotators' states)."""
    found = [f"{path.name}:{node.lineno} {node.name}" for path, tree in _trees()
             if path.relative_to(ROOT).parts[0] == "compute"
             for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _memo_decorated(node)
             and (node.args.args or node.args.posonlyargs or node.args.kwonlyargs
                  or node.args.vararg or node.args.kwarg)]
    assert found == []


def test_the_memo_check_sees_a_cache() -> None:
    tree = ast.parse("import functools\n@functools.lru_cache(maxsize=8)\ndef f(x): return x\n"
                     "@functools.cache\ndef g(): return 1\n")
    fns = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert [_memo_decorated(f) for f in fns] == [True, True]
    assert [bool(f.args.args) for f in fns] == [True, False]


def test_no_chart_typed_any_in_compute() -> None:
    found = []
    for path, tree in _trees():
        if path.relative_to(ROOT).parts[0] != "compute":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg in ("chart", "c", "ln", "line") \
                    and isinstance(node.annotation, ast.Name) and node.annotation.id == "Any":
                found.append(f"{path.name}:{node.lineno} {node.arg}")
    assert found == []


def test_the_context_belongs_to_the_chart() -> None:
    from compute.engine.context import context

    a = compute.chart("困", "坎", month="午", day="壬戌")
    b = compute.chart("困", "坎", month="午", day="壬戌")
    assert a.context is context(a) and b.context is context(b) and a.context is not b.context
    assert a == b  # the context is not part of the chart's value
    import gc

    assert not any(r is a for r in gc.get_referents(a.context))  # no cycle: freed at once


ENUMS = (Stem, Branch, Phase, Relative, Spirit, Trigram)


@pytest.mark.parametrize("cls", ENUMS, ids=lambda c: c.__name__)
def test_the_traditional_enums_share_one_base(cls: type[enum.IntEnum]) -> None:
    assert issubclass(cls, Named)
    for member in cls:
        assert cls.from_zh(str(member)) is member is cls.from_zh(member.zh)
        assert repr(member) == f"{cls.__name__}.{member.name}"
        assert f"{member}" == str(member) and f"{member:>4}".strip() == str(member)
    with pytest.raises(compute.InputError, match=f"unknown {cls.__name__.lower()} 'X'"):
        cls.from_zh("X")


def test_the_enums_read_their_aliases() -> None:
    assert Relative.from_zh("鬼") is Relative.GUANGUI and Relative.from_zh("財") is Relative.QICAI
    assert Trigram.from_zh("澤") is Trigram.DUI
    assert [str(b) for b in Branch][:3] == ["子", "丑", "寅"]


def test_lines_built_fast_pass_the_public_checks() -> None:
    """The chart builds its lines, hexagrams and itself with constructors that skip the checks;
    each of them, rebuilt through its class, passes the checks and is equal (field by field, in
    order: the fast constructors set every field in its place); and it is still frozen."""
    import itertools

    from compute.engine.chart import Chart, ChartHexagram, ChartLine

    def rebuilt(obj: object) -> object:
        values = [getattr(obj, n) for n in obj._fields]  # type: ignore[attr-defined]
        return type(obj)(*values)

    for k, cast in enumerate(itertools.islice(itertools.product("6789", repeat=6), 0, None, 41)):
        c = compute.chart(lines="".join(cast), month="子丑寅卯辰巳午未申酉戌亥"[k % 12],
                          day="甲子", hour="午" if k % 2 else None)
        assert type(c) is Chart and rebuilt(c) == c and repr(rebuilt(c)) == repr(c)
        for h in (c.primary, c.changed):
            if h is not None:
                assert type(h) is ChartHexagram and rebuilt(h) == h
        for ln in c.lines("primary") + c.lines("changed"):
            again = rebuilt(ln)
            assert again == ln and hash(again) == hash(ln) and repr(again) == repr(ln)
            with pytest.raises(AttributeError, match="cannot assign to field 'position'"):
                ln.position = 1  # type: ignore[misc]
    with pytest.raises(compute.InputError, match="line position 7 outside 1-6"):
        ChartLine(*[7 if n == "position" else getattr(ln, n) for n in ln._fields])


VALUE_MODULES = ("compute.book.ganzhi", "compute.book.gua", "compute.book.calendar",
                 "compute.engine.inputs", "compute.engine.model", "compute.engine.layout")


@pytest.mark.parametrize("module", VALUE_MODULES)
def test_the_chart_s_value_classes_are_frozen_slotted_and_picklable(module: str) -> None:
    """The value classes on the chart's path are written by hand (no dataclasses: the CLI's
    start-up): slotted (no __dict__), frozen, equal after a pickle round trip."""
    import importlib
    import pickle

    from compute.engine.layout import Focus, chart_layout
    from compute.values import Frozen

    mod = importlib.import_module(module)
    classes = [v for v in vars(mod).values()
               if isinstance(v, type) and v.__module__ == module and issubclass(v, Frozen)]
    assert classes and not any(hasattr(v, "__dataclass_fields__") for v in vars(mod).values())
    c = compute.chart("困", "坎", month="午", day="壬戌", hour="子", year="癸卯")
    lay = chart_layout(c)
    static = compute.chart("困", "坎", month="午", day="壬戌", rules=())  # no rules' context
    samples = [static, c.primary, c.primary.line(1), c.primary.line(4).hidden, c.cast[0],
               c.primary.hexagram, c.day, lay, lay.rows[0], lay.rows[0].line, lay.primary,
               lay.findings[0], explained(c).notes[0], explained(c).topics[0],
               Focus((4,), ((4, "chg"),), "focus"),
               compute.engine.inputs.parse("困", "坎", month="午", day="壬戌"),
               compute.book.calendar.pillars(compute.engine.inputs.parse(lines="987876",
                                                             at="1663-04-12T09:00").at)]
    for cls in classes:
        obj = next(s for s in samples if type(s) is cls)
        assert not hasattr(obj, "__dict__")
        again = pickle.loads(pickle.dumps(obj))
        assert again == obj and again is not obj
        if cls is not compute.Chart:  # a chart's findings hold lists (unhashable, as before)
            assert hash(again) == hash(obj)
        name = obj._fields[0]
        with pytest.raises(AttributeError, match=f"cannot assign to field '{name}'"):
            setattr(obj, name, None)


@pytest.mark.parametrize("module", ("compute.book.questions", "compute.shilei.roles",
                                    "compute.shilei.condition", "compute.shilei.daxian"))
def test_the_shilei_value_classes_are_frozen_slotted_and_picklable(module: str) -> None:
    """The same for the classes a chart asked a question builds (``--question``)."""
    import importlib
    import pickle

    from compute.book.questions import ALL, KIN, Asking, choose
    from compute.shilei.condition import TRUE, Item
    from compute.shilei.daxian import daxian
    from compute.shilei.roles import roles
    from compute.values import Frozen

    mod = importlib.import_module(module)
    classes = [v for v in vars(mod).values()
               if isinstance(v, type) and v.__module__ == module and issubclass(v, Frozen)]
    assert classes and not any(hasattr(v, "__dataclass_fields__") for v in vars(mod).values()
                               if getattr(v, "__module__", "") == module)
    r = roles(compute.chart("大過", month="亥", day="戊午"), yongshen="妻財")
    question = next(q for q in ALL if q.alternatives)
    samples = [question, question.alternatives[0], KIN[1], choose(question, ()),
               Asking.read("卜雨", None, "自占"), r, r.yuan,
               r.yong[0], TRUE, Item("line", 1, 2),
               daxian(compute.chart("損", "剝", month="寅", day="庚午", year="己丑"), "辛卯")]
    for cls in classes:
        obj = next(s for s in samples if type(s) is cls)
        assert not hasattr(obj, "__dict__")
        again = pickle.loads(pickle.dumps(obj))
        assert again == obj and again is not obj and hash(again) == hash(obj)
        assert repr(again) == repr(obj) and repr(obj).startswith(f"{cls.__name__}(")
        with pytest.raises(AttributeError, match=f"cannot assign to field '{obj._fields[0]}'"):
            setattr(obj, obj._fields[0], None)
