"""The README's examples run: its Python examples as doctests, its `yimao` commands as shown."""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
COMMAND = re.compile(r"^    (yimao [^#\n]*?)\s*(?:#.*)?$", re.M)


def test_readme_doctests() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def _commands() -> list[str]:
    found = []
    for line in COMMAND.findall(README.read_text(encoding="utf-8")):
        found.append(re.sub(r"\s*\[(--\w+)\]", r" \1", line))  # "[--json]" means optional
    return found


def test_readme_lists_the_commands() -> None:
    assert {c.split()[1] for c in _commands()} >= {"text", "chart", "rules", "cases", "case"}


@pytest.mark.parametrize("command", _commands())
def test_readme_command_runs(command: str) -> None:
    args = shlex.split(command)[1:]
    run = subprocess.run(
        [sys.executable, "-m", "yimao.cli.main", *args], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip()
    assert "Traceback" not in run.stderr
