"""The edition side's house (issue 21), held as compute's is (tests/test_compute_house.py, whose
cycle finder, limits and line count are used here): no import cycle, not even through an import
inside a function; no hand-written module of yimao/ over 800 lines, no function over 80 (its
docstring not counted); generated tables (``*_data.py``) aside."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_compute_house import (
    FUNCTION_LINES_AT_MOST,
    MODULE_LINES_AT_MOST,
    body_lines,
    cycles,
    imports,
    module_name,
)

ROOT = Path(__file__).resolve().parent.parent
YIMAO = ROOT / "yimao"

def _generated(path: Path) -> bool:
    return path.name.endswith("_data.py")


HAND_WRITTEN = [p for p in sorted(YIMAO.rglob("*.py")) if not _generated(p)]


def too_long(path: Path) -> list[str]:
    """What in *path* a reader cannot hold: the module (its lines) and each function over
    :data:`FUNCTION_LINES_AT_MOST` lines after its docstring."""
    text = path.read_text(encoding="utf-8")
    n = len(text.splitlines())
    out = [f"{n} lines"] if n > MODULE_LINES_AT_MOST else []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                and body_lines(node) > FUNCTION_LINES_AT_MOST:
            out.append(f"{node.name}: {body_lines(node)} lines")
    return out


def test_the_check_sees_a_long_module_and_a_long_function(tmp_path: Path) -> None:
    body = "".join(f"    x{k} = {k}\n" for k in range(81))
    fine = tmp_path / "fine.py"
    fine.write_text(f'def f():\n    """A docstring\n\n    of three lines."""\n{body[:-12]}\n')
    long = tmp_path / "long.py"
    long.write_text(f"def f():\n{body}" + "y = 1\n" * 800)
    assert too_long(fine) == []
    assert too_long(long) == ["882 lines", "f: 81 lines"]


def test_the_check_sees_the_tree() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in HAND_WRITTEN}
    assert len(names) > 50 and "yimao/model/edition.py" in names


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_module_a_reader_can_hold(path: Path) -> None:
    assert too_long(path) == [], path.relative_to(ROOT).as_posix()


def test_no_import_cycle_in_the_edition_side() -> None:
    """yimao/ (tei, model, web, cli) too: no two modules import each other, not even through an
    import inside a function (the site's pages once took their note links and question words
    from modules that import the pages)."""
    known = {module_name(p): p for p in sorted(YIMAO.rglob("*.py"))}
    graph = {m: imports(p, known) for m, p in known.items()}
    assert sum(len(v) for v in graph.values()) > 100, "the import graph came out nearly empty"
    assert cycles(graph) == []
