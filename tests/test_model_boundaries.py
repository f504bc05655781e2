"""The read model hands plain values to the site and the CLI: only the TEI side (which builds
the XML) and the model (which reads it) import lxml."""

from __future__ import annotations

import ast
from pathlib import Path

YIMAO = Path(__file__).resolve().parent.parent / "yimao"
TEI_SIDE = {"build_tei", "tei_cases", "tei_header", "tei_inputs", "tei_layers", "tei_notes",
            "tei_xml"}
MODEL = {"edition", "text_runs"}


def imports(path: Path) -> set[str]:
    """The top-level packages a module imports (anywhere in it, TYPE_CHECKING blocks too)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_only_the_tei_side_and_the_model_import_lxml() -> None:
    modules = {p.stem: p for p in YIMAO.glob("*.py")}
    assert TEI_SIDE | MODEL <= set(modules)
    readers = sorted(name for name, p in modules.items() if "lxml" in imports(p))
    assert set(readers) <= TEI_SIDE | MODEL, readers
    assert "edition" in readers  # the check can see an import


def test_imports_sees_a_type_checking_import(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("import typing\nif typing.TYPE_CHECKING:\n    from lxml import etree\n")
    assert "lxml" in imports(f)
