"""Compile the Run panels' Python ahead of time, inside the pinned Pyodide itself.

Run by ``yimao/web/pyodide_compile.mjs`` under Node when the site is built (see
:mod:`yimao.web.runtime`), never imported by the edition: the code objects must be those of
Pyodide's CPython (3.14), so the compiling is done by that interpreter. Standard library only.

``main(work)`` reads ``work/package.zip`` (compute as source) and the standard
library Pyodide started from (``/lib/python314.zip``, the pinned, verified file), then:

1. imports ``compute.runner`` and runs a chart from hexagrams, one from a date and one bad
   input: every module imported by then (Pyodide's start included) is *hot*;
2. writes ``work/python_stdlib.zip``: the hot standard-library modules as bytecode (``.pyc``,
   PEP 552 unchecked hash), every other one as it was (source, compiled only if ever imported);
3. writes ``work/package.pyc.zip``: every module of the package as bytecode (licence kept);
4. writes ``work/report.json``: the hot modules and the counts.

Without this a first run spends most of its time compiling the standard library's source
(measured: Pyodide's start 2–4× slower).
"""

from __future__ import annotations

import importlib.util
import json
import marshal
import sys
import zipfile
from pathlib import Path

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
SAMPLES = (
    {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"},
    {"lines": "987876", "at": "1663-04-12T09:00"},
    {"primary": "乾", "day": "甲子"},  # bad input: no month
)


def pyc(source: bytes, filename: str) -> bytes:
    """The bytecode file of *source* for this interpreter (PEP 552: hash-based, unchecked,
    so it is used as it is; a sourceless module has nothing to check it against)."""
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = 0b01
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def module_name(path: str) -> str:
    """The module a file of a zip holds.

    >>> module_name("json/__init__.py"), module_name("json/decoder.py")
    ('json', 'json.decoder')
    """
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def _write(out: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    out.writestr(info, data)


def hot_modules(package: Path) -> set[str]:
    """Every module imported after Pyodide's start and a few runs of the Run panel's call."""
    sys.path.insert(0, str(package))
    runner = importlib.import_module("compute.runner")
    for fields in SAMPLES:
        runner.run(fields)
    return set(sys.modules)


def compile_zip(src: Path, dest: Path, hot: set[str] | None, prefix: str) -> tuple[int, int]:
    """Copy *src* to *dest* with its modules (only the *hot* ones if given) as bytecode;
    return (compiled, kept as source)."""
    compiled = kept = 0
    with zipfile.ZipFile(src) as zin, \
            zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            if info.is_dir():
                continue
            data = zin.read(info)
            name = info.filename
            if name.endswith(".py") and (hot is None or module_name(name) in hot):
                try:
                    _write(zout, name + "c", pyc(data, f"{prefix}/{name}"))
                    compiled += 1
                    continue
                except SyntaxError:
                    pass
            _write(zout, name, data)
            kept += name.endswith(".py")
    return compiled, kept


def main(work: str, stdlib: str = "/lib/python314.zip") -> None:
    folder = Path(work)
    hot = hot_modules(folder / "package.zip")
    std = compile_zip(Path(stdlib), folder / "python_stdlib.zip", hot, stdlib)
    pkg = compile_zip(folder / "package.zip", folder / "package.pyc.zip", None, "yimao-py")
    report = {"python": sys.version.split()[0], "hot": sorted(hot),
              "stdlib": {"compiled": std[0], "source": std[1]},
              "package": {"compiled": pkg[0], "source": pkg[1]}}
    (folder / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
