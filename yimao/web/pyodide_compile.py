"""Compile the Run panels' Python ahead of time, inside the pinned Pyodide itself.

Run by ``yimao/web/pyodide_compile.mjs`` under Node when the site is built (see
:mod:`yimao.web.pyodide_zips`), never imported by the edition: the code objects must be those of
Pyodide's CPython (3.14), so the compiling is done by that interpreter. Standard library only.

``main(work)`` reads ``work/package.zip`` (compute as source) and the standard
library Pyodide started from (``/lib/python314.zip``: the pinned, verified file less the modules
:data:`yimao.web.pyodide_zips.OPTIONAL` names, so that what is imported here is what a reader's
browser imports), then:

1. imports ``compute.runner`` and runs a chart from hexagrams, one from a date (with a named
   time zone too), one asked a question and one bad input: every module imported by then
   (Pyodide's start included) is *hot*; those Python took from its frozen copies, not from the
   zip, are listed as *frozen* (the zip need not hold them);
2. writes ``work/python_stdlib.zip``: the hot standard-library modules as bytecode (``.pyc``,
   PEP 552 unchecked hash), every other one as it was (source, compiled only if ever imported);
3. writes ``work/package.pyc.zip``: every module of the package as bytecode;
4. writes ``work/report.json``: the hot and frozen modules and the counts.

Without this a first run spends most of its time compiling the standard library's source
(measured: Pyodide's start 2–4× slower). The bytecode is made smaller to download (issue 26):
docstrings are left out (:func:`without_docstrings`: ``__doc__`` is None, as under
``python -OO``, asserts kept), the interpreter runs with ``PYTHONNODEBUGRANGES`` (set by the
.mjs: no column tables), and the line tables, the standard library's and compute's, give each
function's first line only (:func:`first_lines`: a traceback names the function's ``def``
line). The modules this file imports itself (zipfile, pathlib…) are not counted as hot unless
a run imports them (:func:`hot_modules`).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import marshal
import sys
import zipfile
from pathlib import Path
from types import CodeType

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
SAMPLES = (
    {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"},
    {"lines": "987876", "at": "1663-04-12T09:00"},
    {"lines": "987876", "at": "1663-04-12T09:00", "tz": "Asia/Seoul"},  # a named zone
    {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌",
     "question": "shilei-26-q23"},  # a 筮類 question: its rule modules
    {"primary": "乾", "day": "甲子"},  # bad input: no month
)
def without_docstrings(tree: ast.Module) -> ast.Module:
    """*tree* without the docstrings of its module, classes and functions (``__doc__`` is
    None, as under ``python -OO``; asserts are kept); a body left empty gets ``pass``.

    >>> code = compile(without_docstrings(ast.parse('"m"\\ndef f():\\n    "d"\\n')), "x", "exec")
    >>> ns = {}; exec(code, ns); ns.get("__doc__"), ns["f"].__doc__, ns["f"]()
    (None, None, None)
    """
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if not isinstance(node, kinds) or not node.body:
            continue
        first = node.body[0]
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def first_lines(code: CodeType) -> CodeType:
    """*code* (and the code objects it holds) with a line table that gives every instruction
    its function's first line: a few repeated bytes instead of each instruction's line (the
    table's format since Python 3.11: entries of up to 8 code units, "no columns", line
    delta 0). A traceback then names the function's ``def`` line, never no line at all.

    >>> code = first_lines(compile("def f():\\n    x = 1\\n    return x\\n", "m", "exec"))
    >>> f = code.co_consts[0]
    >>> {line for *_, line in f.co_lines()} == {f.co_firstlineno} == {1}
    True
    >>> ns = {}; exec(code, ns); ns["f"]()
    1
    """
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        n = min(8, units)
        table += bytes((0x80 | 13 << 3 | n - 1, 0))
        units -= n
    consts = tuple(first_lines(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def pyc(source: bytes, filename: str, docstrings: bool = False, lines: bool = True) -> bytes:
    """The bytecode file of *source* for this interpreter (PEP 552: hash-based, unchecked,
    so it is used as it is; a sourceless module has nothing to check it against), without
    its docstrings unless *docstrings*, and with its functions' first lines only
    (:func:`first_lines`) unless *lines*."""
    tree = ast.parse(source, filename)
    code = compile(tree if docstrings else without_docstrings(tree), filename, "exec",
                   dont_inherit=True)
    if not lines:
        code = first_lines(code)
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


def hot_modules(package: Path, start: frozenset[str] | None = None) -> set[str]:
    """Every module imported after Pyodide's start and a few runs of the Run panel's call.
    *start*: the modules imported by Pyodide's start (the .mjs notes them before this file
    runs); the others, imported by this compiler (zipfile, pathlib…), are forgotten first, so
    that they count as hot only if a run imports them again."""
    if start is not None:
        for name in set(sys.modules) - start:
            del sys.modules[name]
    sys.path.insert(0, str(package))
    runner = importlib.import_module("compute.runner")
    for fields in SAMPLES:
        runner.run(fields)
    return set(sys.modules)


def frozen(names: set[str]) -> set[str]:
    """The modules of *names* that Python took from its frozen copies (never from the zip)."""
    return {n for n in names
            if getattr(getattr(sys.modules.get(n), "__spec__", None), "origin", None) == "frozen"}


def debug_ranges() -> bool:
    """Whether compiled code keeps each instruction's columns (False under
    ``PYTHONNODEBUGRANGES``)."""
    code = compile("x = (1 +\n 2)", "probe", "exec")
    return any(col is not None for *_, col in code.co_positions())


def compile_zip(src: Path, dest: Path, hot: set[str] | None, prefix: str,
                lines: bool = True) -> tuple[int, int]:
    """Copy *src* to *dest* with its modules (only the *hot* ones if given) as bytecode (each
    instruction's line, or with *lines* false only each function's first); return
    (compiled, kept as source)."""
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
                    _write(zout, name + "c", pyc(data, f"{prefix}/{name}", lines=lines))
                    compiled += 1
                    continue
                except SyntaxError:
                    pass
            _write(zout, name, data)
            kept += name.endswith(".py")
    return compiled, kept


def main(work: str, stdlib: str = "/lib/python314.zip") -> None:
    folder = Path(work)
    hot = hot_modules(folder / "package.zip", globals().get("START_MODULES"))
    # each function's first line only, the standard library's and compute's: a traceback names
    # the function (its def line), the rest is smaller to download
    std = compile_zip(Path(stdlib), folder / "python_stdlib.zip", hot, stdlib, lines=False)
    pkg = compile_zip(folder / "package.zip", folder / "package.pyc.zip", None, "yimao-py",
                      lines=False)
    report = {"python": sys.version.split()[0], "hot": sorted(hot),
              "frozen": sorted(frozen(hot)), "docstrings": False,
              "debug_ranges": debug_ranges(), "lines": "first",
              "stdlib": {"compiled": std[0], "source": std[1]},
              "package": {"compiled": pkg[0], "source": pkg[1]}}
    (folder / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
