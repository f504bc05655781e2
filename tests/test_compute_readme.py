"""compute/README.md's example rule runs as written (in a process of its own, so the demo rule
never enters this process's registry)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_rule_example_runs() -> None:
    text = (ROOT / "compute" / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 1 and "@rule(" in blocks[0] and "assert" in blocks[0]
    proc = subprocess.run([sys.executable, "-c", blocks[0]], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_the_readme_documents_every_finding_field() -> None:
    from compute.registry import Finding

    text = (ROOT / "compute" / "README.md").read_text(encoding="utf-8")
    for name in Finding.__slots__:  # its fields, in order
        assert f"| `{name}`" in text, name


PATH = re.compile(r"\bcompute/[\w/]+\.(?:py|md)\b")
DOTTED = re.compile(r"\bcompute(?:\.[A-Za-z_]\w*)+")
ROOMS = re.compile(r"^\s{4}(book|engine|lifa|shilei|claims)/\s+(.*?)(?=^\s{4}\S)", re.M | re.S)
MODULE = re.compile(r"\b([a-z_]+)\.py\b")


def named_paths(text: str) -> set[str]:
    """The paths into compute/ a text names (``compute/engine/inputs.py``).

    >>> sorted(named_paths("see `compute/engine/inputs.py` and compute/README.md."))
    ['compute/README.md', 'compute/engine/inputs.py']
    """
    return set(PATH.findall(text))


def resolves(dotted: str) -> bool:
    """Whether a dotted name (``compute.claims.query.Query``) is a module of compute or an
    attribute of one."""
    import importlib

    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for name in parts[k:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


@pytest.mark.parametrize("doc", ["README.md", "compute/README.md"])
def test_every_compute_path_and_name_the_readmes_give_exists(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    paths = named_paths(text)
    assert paths, "the check sees no path"
    assert [p for p in sorted(paths) if not (ROOT / p).is_file()] == []
    names = set(DOTTED.findall(text))
    assert [n for n in sorted(names) if not resolves(n)] == []


def test_the_house_drawing_names_every_module_of_each_room() -> None:
    """compute/README.md's drawing of the floors lists each room's modules, every one."""
    text = (ROOT / "compute" / "README.md").read_text(encoding="utf-8")
    drawing = text.split("## The house", 1)[1].split("**Where a rule goes.**", 1)[0] + "    x"
    rooms = dict(ROOMS.findall(drawing))
    assert set(rooms) == {"book", "engine", "lifa", "shilei", "claims"}
    for room, said in rooms.items():
        named = {m for m in MODULE.findall(said)} | set(re.findall(r"\b([a-z_]+) \(", said))
        have = {p.stem for p in (ROOT / "compute" / room).glob("*.py") if p.stem != "__init__"}
        assert have <= named, (room, sorted(have - named))


def test_resolves_sees_a_wrong_name() -> None:
    assert resolves("compute.claims.query.Query") and resolves("compute.registry.MODULE_ORDER")
    assert not resolves("compute.claims.query.Nothing") and not resolves("compute.nowhere")
