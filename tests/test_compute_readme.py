"""compute/README.md's example rule runs as written (in a process of its own, so the demo rule
never enters this process's registry)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
