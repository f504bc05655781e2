"""`yimao chart`'s start-up (issue 7: a one-chart process within 2.5× `python -c pass`): the
modules the chart command does not need are not imported, and what replaced them behaves as
they did (argparse's help width)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from yimao.cli.main import columns

CHART = ["chart", "震", "兌", "--month", "寅", "--day", "癸酉"]
NOT_IMPORTED = ("dataclasses", "inspect", "ast", "typing", "shutil", "bz2", "lzma")
"""What a one-chart process must not import: dataclasses (and inspect, ast it pulls in; compute's
value classes are written on compute.values instead), typing (compute's modules import it under
``if TYPE_CHECKING:`` only: with ``from __future__ import annotations`` annotations are never
evaluated), shutil (argparse's help formatter asked it for the terminal's width for every
option added; it imports bz2 and lzma)."""

PROBE = """
import contextlib, io, sys
from yimao.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
print(code, out.getvalue().count("\\n"), " ".join(sorted(sys.modules)))
"""


def _modules_after(args: list[str]) -> tuple[int, int, set[str]]:
    run = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                         timeout=120, check=True)
    code, lines, names = run.stdout.split(" ", 2)
    return int(code), int(lines), set(names.split())


def test_a_chart_process_imports_only_what_the_chart_needs() -> None:
    code, lines, modules = _modules_after(CHART)
    assert code == 0 and lines > 20  # the chart was printed
    assert "compute.engine.chart" in modules and "compute.engine.layout" in modules
    assert [m for m in NOT_IMPORTED if m in modules] == []
    assert not any(m.startswith("yimao.model") or m == "lxml" for m in modules)
    assert "compute.shilei.judge" not in modules  # the 筮類 rules load only for a question


def test_a_question_loads_the_shilei_rules() -> None:
    code, _, modules = _modules_after([*CHART, "--question", "囤積"])
    assert code == 0 and "compute.shilei.judge" in modules
    assert [m for m in NOT_IMPORTED if m in modules] == []


@pytest.mark.parametrize("value", [None, "120", "33", "0", "-5", "wide", ""])
def test_the_help_width_is_shutil_s(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", value)
    assert columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("width", [60, 200])
def test_the_help_is_wrapped_at_the_terminal_s_width(width: int) -> None:
    import os

    env = {**os.environ, "COLUMNS": str(width)}
    run = subprocess.run([sys.executable, "-m", "yimao.cli.main", "chart", "--help"],
                         capture_output=True, text=True, timeout=120, env=env, check=True)
    longest = max(len(line) for line in run.stdout.splitlines())
    assert longest <= width - 2 and (longest > 60) == (width > 60)
