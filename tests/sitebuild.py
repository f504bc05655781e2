"""Build the reading site for the tests: once per test session, in a temporary directory.

The site's sources (site/*.md) are copied so that the stubs the extension writes for a test's
TEI never touch the working tree's site/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium: the browser tests never let Playwright download one."""
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # no host name resolves: a page can reach nothing but the local test server
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
FIXTURES = ROOT / "tests" / "fixtures" / "site"
GENERATED = ("front", "lifa", "shilei", "back", "cases", "questions", "rules")


@dataclass(frozen=True, slots=True)
class Build:
    src: Path
    out: Path
    tei: Path | None
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def copy_sources(dest: Path) -> Path:
    """A copy of site/ without the generated division stubs."""
    src = dest / "site"
    ignore = shutil.ignore_patterns(*GENERATED, "__pycache__")
    shutil.copytree(ROOT / "site", src, ignore=lambda d, names: ignore(d, names)
                    if Path(d) == ROOT / "site" else set())
    return src


def sphinx(
    src: Path, out: Path, tei: Path | None, quiet: bool = True,
    extra: list[str] | None = None, pythonpath: Path | None = None,
) -> Build:
    """Run Sphinx the way ``make site`` does (warnings are errors, doctrees beside the HTML
    in ``doctrees``, not inside it); ``extra`` options and a ``pythonpath`` entry let a test
    add an extension."""
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "dirhtml",
           "-d", str(out.parent / "doctrees"), "-c", str(ROOT), str(src), str(out)]
    if quiet:
        cmd.insert(3, "-q")
    if tei is not None:
        cmd += ["-D", f"yimao_tei={tei}"]
    cmd += extra or []
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pythonpath), env.get("PYTHONPATH")]))
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    return Build(src, out, tei, proc.returncode, proc.stdout, proc.stderr,
                 time.perf_counter() - start)


_BUILDS: dict[str, Build] = {}


def build_once(tmp_root: Path) -> Build:
    """The site built from a snapshot of tei/yimao.xml, once per session (the snapshot keeps
    the session's builds and checks on one version while the TEI is being rebuilt)."""
    if "edition" not in _BUILDS:
        base = tmp_root / "edition"
        base.mkdir(parents=True)
        tei = base / "yimao.xml"
        shutil.copyfile(ROOT / "tei" / "yimao.xml", tei)
        _BUILDS["edition"] = sphinx(copy_sources(base), base / "html", tei)
    return _BUILDS["edition"]
