"""compute's house by role, held: no import cycle (imports inside functions counted), few
modules flat at the top, modules and functions a reader can hold, one order of the rules."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPUTE = ROOT / "compute"
ROOMS = ("book", "engine", "lifa", "shilei", "claims", "explain")
"""The rooms of compute, by role: the book's tables, the engine, 立法, 筮類, the claim checks and
the explanations a reader sees beside a chart (the derivation, each cell's note)."""
FLAT_AT_MOST = 12
MODULE_LINES_AT_MOST = 800
FUNCTION_LINES_AT_MOST = 80


def _generated(path: Path) -> bool:
    return path.name.endswith("_data.py")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(COMPUTE.rglob("*.py"))}


def _type_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (never run: annotations only)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    return skip


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The compute modules *path* imports anywhere (at the top, in functions, in methods),
    ``from pkg import sub`` counted as the submodule."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_only(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = {f"{node.module}.{a.name}" for a in node.names} & known.keys()
            out |= subs
            if len(subs) < len(node.names) and node.module in known:
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names} & known.keys()
    out -= {m for m, p in known.items() if p == path}
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_sees_a_cycle_through_a_function_import(tmp_path: Path) -> None:
    pkg = tmp_path / "compute"
    pkg.mkdir()
    (pkg / "a.py").write_text("from compute.b import x\n")
    (pkg / "b.py").write_text("def x():\n    from compute import a\n")
    (pkg / "c.py").write_text("if TYPE_CHECKING:\n    from compute.a import x\n")
    known = {"compute.a": pkg / "a.py", "compute.b": pkg / "b.py", "compute.c": pkg / "c.py"}
    graph = {m: imports(p, known) for m, p in known.items()}
    assert graph["compute.c"] == set()  # an annotation-only import runs nothing
    assert cycles(graph) == [["compute.a", "compute.b"]]


def test_no_import_cycle_in_compute() -> None:
    graph = {m: imports(p, MODULES) for m, p in MODULES.items()}
    assert sum(len(v) for v in graph.values()) > 100, "the import graph came out nearly empty"
    assert cycles(graph) == []


def _floor(module: str) -> int:
    """The rooms in the order they may import each other: the ground floor (errors, the
    messages' catalogue, values, the registry) first, then the book's tables, the engine,
    立法, 筮類, the claim checks, and the front ends (the package itself, cli, runner) on top."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in ROOMS:
        return 1 + ROOMS.index(parts[1])
    ground = ("compute.errors", "compute.messages", "compute.values", "compute.registry")
    return 0 if module in ground else 9


def test_no_room_imports_a_room_above_it() -> None:
    """Floors a newcomer can name: book/ never imports engine/, engine/ never 立法 …"""
    up = sorted(f"{m} -> {t}" for m, p in MODULES.items() for t in imports(p, MODULES)
                if _floor(t) > _floor(m) and not (_floor(m) == 9 or m == "compute"))
    assert up == [] or up == sorted(ALLOWED_UP), up


ALLOWED_UP: tuple[str, ...] = ()


def test_few_modules_stay_flat() -> None:
    flat = sorted(p.name for p in COMPUTE.glob("*.py"))
    assert len(flat) <= FLAT_AT_MOST, flat
    assert {p.name for p in COMPUTE.iterdir() if p.is_dir() and (p / "__init__.py").exists()} \
        == set(ROOMS)


def _hand_written() -> Iterator[Path]:
    return (p for p in MODULES.values() if not _generated(p))


@pytest.mark.parametrize("path", list(_hand_written()), ids=lambda p: module_name(p))
def test_a_module_a_reader_can_hold(path: Path) -> None:
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MODULE_LINES_AT_MOST, f"{path.relative_to(ROOT)}: {n} lines"


def body_lines(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's lines after its docstring (the docstring is the reader's, not the code)."""
    body = fn.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        return fn.end_lineno - first.end_lineno if len(body) > 1 else 0
    return fn.end_lineno - fn.lineno


def test_functions_a_reader_can_hold() -> None:
    long = []
    for path in _hand_written():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                    and body_lines(node) > FUNCTION_LINES_AT_MOST:
                long.append(f"{path.relative_to(ROOT)}: {node.name} {body_lines(node)}")
    assert long == []


def test_the_rule_order_is_the_one_list() -> None:
    """Every module that registers a rule is in ``MODULE_ORDER``, and the registry's order
    follows it whichever module was imported first."""
    import subprocess
    import sys

    from compute import registry

    registry.load_all()
    ranks = [r.rank for r in registry.all_rules()]
    assert ranks == sorted(ranks)
    assert max(r[0] for r in ranks) < len(registry.MODULE_ORDER), "a rule outside the list"
    code = ("import compute.shilei.yingqi, compute.lifa.shensha, compute;"
            "from compute import registry; registry.load_all();"
            "print(' '.join(r.id for r in registry.all_rules()))")
    reversed_first = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, check=True, cwd=ROOT).stdout.split()
    assert reversed_first == [r.id for r in registry.all_rules()]
