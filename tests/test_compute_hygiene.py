"""compute's model hygiene: no private-name imports across modules, no module-level state
written at run time, rule functions typed with the chart type, one enum base."""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import pytest

import compute
from compute.ganzhi import Branch, Stem
from compute.gua import Trigram
from compute.liuqin import Relative
from compute.liushen import Spirit
from compute.names import Named
from compute.wuxing import Phase

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "compute").glob("*.py")) + sorted((ROOT / "yimao").rglob("*.py"))


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
             if path.parent.name == "compute"
             for node in ast.walk(tree) if isinstance(node, ast.Global | ast.Nonlocal)]
    assert found == []


def test_no_chart_typed_any_in_compute() -> None:
    found = []
    for path, tree in _trees():
        if path.parent.name != "compute":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg in ("chart", "c", "ln", "line") \
                    and isinstance(node.annotation, ast.Name) and node.annotation.id == "Any":
                found.append(f"{path.name}:{node.lineno} {node.arg}")
    assert found == []


def test_the_context_belongs_to_the_chart() -> None:
    from compute.context import context

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
    """The chart builds its lines with a constructor that skips __post_init__; each of them,
    rebuilt through ChartLine(...), passes the checks and is equal; and it is still frozen."""
    import dataclasses
    import itertools

    from compute.chart import ChartLine

    names = [f.name for f in dataclasses.fields(ChartLine)]
    for k, cast in enumerate(itertools.islice(itertools.product("6789", repeat=6), 0, None, 41)):
        c = compute.chart(lines="".join(cast), month="子丑寅卯辰巳午未申酉戌亥"[k % 12],
                          day="甲子", hour="午" if k % 2 else None)
        for ln in c.lines("primary") + c.lines("changed"):
            assert ChartLine(*[getattr(ln, n) for n in names]) == ln
            with pytest.raises(dataclasses.FrozenInstanceError):
                ln.position = 1  # type: ignore[misc]
