"""What the Run panels' Python imports, as the site serves it: compute's modules that
``compute.runner`` can import, in one zip (:func:`package_files`, :func:`package_zip`), and the
release's standard library made small — the optional modules left out (:data:`OPTIONAL`), the
event loop's set-up and two modules replaced by stand-ins (:data:`NO_EVENT_LOOP`,
:data:`STAND_INS`), compiled to bytecode by the pinned Pyodide itself under Node
(:func:`compiled`, :mod:`yimao.web.pyodide_compile`) and trimmed to what a run imports
(:func:`trim_stdlib`). :func:`yimao.web.runtime.write_runtime` writes both into the site.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from yimao.web.pyodide_pin import CACHE, ROOT, Pin, SiteRuntimeError, cache_dir

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member of the package zip gets this time: the same sources give the same bytes."""


PACKAGE_ROOT = "compute.runner"
"""The one module the page imports (``run_json``): the package is what it can import."""
MODULE_STRING = re.compile(rb"""["'](compute(?:\.\w+)+)["']""")


def package_files(root: Path = ROOT) -> dict[str, bytes]:
    """What the browser imports, by path inside the zip: the modules of compute/ that
    :data:`PACKAGE_ROOT` can import (an import statement anywhere in a module, or a module's
    name in a string, as the registry names the rule modules it imports when first needed),
    with their packages. compute needs nothing else, not even for a date (its 節 come from
    compute/book/jieqi_data.py), so lunar-python is not sent to the browser; nor are the
    command line's modules and the claim-check language (compute/cli*.py, compute/claims/),
    which a Run never imports.

    >>> files = package_files()
    >>> "compute/runner.py" in files, "compute/shilei/judge.py" in files
    (True, True)
    >>> "compute/cli.py" in files, [n for n in files if n.startswith(("lunar", "compute/claims"))]
    (False, [])
    """
    every = {p.relative_to(root).as_posix(): p.read_bytes()
             for p in sorted((root / "compute").rglob("*.py"))}
    paths = {module_name(path): path for path in every}
    keep: set[str] = set()
    todo = [PACKAGE_ROOT]
    while todo:
        name = todo.pop()
        if name in keep or name not in paths:
            continue
        keep.add(name)
        path = paths[name]
        source = every[path]
        todo += imported(source, name, path.endswith("__init__.py"))
        todo += [m.decode() for m in MODULE_STRING.findall(source)]
        todo += [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
    return {path: every[path] for name, path in paths.items() if name in keep}


def package_zip(files: Mapping[str, bytes]) -> bytes:
    """One deflated zip of *files*, the same bytes for the same files (sorted, fixed times).

    >>> z = package_zip({"b.py": b"x = 1\\n", "a.py": b""})
    >>> z == package_zip({"a.py": b"", "b.py": b"x = 1\\n"})
    True
    >>> zipfile.ZipFile(io.BytesIO(z)).namelist()
    ['a.py', 'b.py']
    """
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])
    return buf.getvalue()


COMPILER = (Path(__file__).with_name("pyodide_compile.mjs"),
            Path(__file__).with_name("pyodide_compile.py"))


OPTIONAL = ("ssl", "_ssl", "bz2", "lzma", "compression.zstd", "zoneinfo")
"""Modules imported only where they are there (``try: import … except ImportError``, or
``except Exception``) for what a Run never does: TLS connections (asyncio's, and ``base64``,
which only ``ssl`` imports), zip and tar members compressed with bzip2, LZMA or Zstandard (the
runtime's zips are stored), named time zones (compute's ``--tz Asia/Seoul``: the browser's
Python has no time zone database, Pyodide's tzdata package is not served, so ``zoneinfo`` only
ever failed there; without it compute gives the same 「모르는 시간대」 answer, and offsets such as
+09:00 work as before). The standard library the site serves leaves them (and their
submodules) out, and the compiling starts Pyodide without them, so that the modules it finds
imported are those a reader's browser imports."""


def without_optional(stdlib_zip: bytes) -> bytes:
    """The release's standard library less the :data:`OPTIONAL` modules, stored.

    >>> buf = io.BytesIO()
    >>> with zipfile.ZipFile(buf, "w") as z:
    ...     for n in ("ssl.py", "lzma.py", "compression/zstd/__init__.py", "json/__init__.py"):
    ...         z.writestr(n, "")
    >>> zipfile.ZipFile(io.BytesIO(without_optional(buf.getvalue()))).namelist()
    ['json/__init__.py']
    """
    def optional(path: str) -> bool:
        name = module_name(path) or ""
        return any(name == m or name.startswith(m + ".") for m in OPTIONAL)

    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stdlib_zip)) as src, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            if not optional(info.filename):
                member = zipfile.ZipInfo(info.filename, info.date_time)
                member.external_attr = info.external_attr
                out.writestr(member, src.read(info), zipfile.ZIP_STORED)
    return buf.getvalue()


NO_EVENT_LOOP = ("pyodide/__init__.py",
                 b"from .webloop import _initialize_event_loop\n\n_initialize_event_loop()\n"
                 b"del _initialize_event_loop\n")
"""Pyodide's start sets up its event loop (``pyodide.webloop``) for Python code that awaits;
a Run never awaits (``compute.runner.run_json`` is called synchronously), so the standard
library the site serves leaves these lines out of ``pyodide/__init__.py``. The text must be in
the pinned release's file: another release stops the build with one line until this is
reviewed."""

STAND_INS = {
    "asyncio": ("asyncio/__init__.py", Path(__file__).with_name("stand_ins") / "asyncio.py"),
    "pyodide._package_loader": ("pyodide/_package_loader.py",
                                Path(__file__).with_name("stand_ins") / "package_loader.py"),
}
"""Modules of Pyodide's Python served as stand-ins (:mod:`yimao.web.stand_ins`), by name: the
member of the standard library that takes the module's place (a package's other modules left
out) and its source. Pyodide's start imports both, and what they import is never used by a
Run: asyncio (imported by Pyodide's core, ``JsProxy_init``, for code that awaits: socket,
subprocess, selectors, logging, concurrent.futures…) and the package loader (zipfile, shutil,
tempfile, pathlib: the site loads no packages), about 250 KB of a first Run's download
(compressed). With :data:`NO_EVENT_LOOP` the changes made to Pyodide's Python."""


def as_served(release_zip: bytes) -> bytes:
    """The release's standard library as the site serves it: without the :data:`OPTIONAL`
    modules, stored, ``pyodide/__init__.py`` without the event loop's set-up
    (:data:`NO_EVENT_LOOP`) and the :data:`STAND_INS` in their modules' places; the compiling
    starts Pyodide from it and the trimming reads its imports from it.

    >>> buf = io.BytesIO()
    >>> with zipfile.ZipFile(buf, "w") as z:
    ...     z.writestr("pyodide/__init__.py", b"x = 1\\n" + NO_EVENT_LOOP[1])
    ...     for n in ("lzma.py", "asyncio/__init__.py", "asyncio/tasks.py", "json/__init__.py"):
    ...         z.writestr(n, "")
    >>> z = zipfile.ZipFile(io.BytesIO(as_served(buf.getvalue())))
    >>> z.read("pyodide/__init__.py")
    b'x = 1\\n'
    >>> z.namelist()[1:]
    ['json/__init__.py', 'asyncio/__init__.py', 'pyodide/_package_loader.py']
    >>> b"this runtime has no event loop" in z.read("asyncio/__init__.py")
    True
    """
    path, lines = NO_EVENT_LOOP
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(without_optional(release_zip))) as src, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            name = module_name(info.filename)
            if name is not None and any(name == m or name.startswith(m + ".") for m in STAND_INS):
                continue
            data = src.read(info)
            if info.filename == path:
                if lines not in data:
                    raise SiteRuntimeError(f"{path} of this Pyodide release does not start its "
                                           "event loop as NO_EVENT_LOOP says: review the patch "
                                           "in yimao/web/pyodide_zips.py")
                data = data.replace(lines, b"")
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.external_attr = info.external_attr
            out.writestr(member, data, zipfile.ZIP_STORED)
        for member_name, source in STAND_INS.values():
            member = zipfile.ZipInfo(member_name, ZIP_TIME)
            member.external_attr = 0o644 << 16
            out.writestr(member, source.read_bytes(), zipfile.ZIP_STORED)
    return buf.getvalue()


def compiled(pin: Pin, source_zip: bytes, cache: Path = CACHE,
             node: str | None = None) -> tuple[bytes, bytes, dict[str, Any]]:
    """(standard library zip, package zip, report) compiled by the pinned Pyodide under Node
    (:mod:`yimao.web.pyodide_compile`), kept in ``.cache/pyodide/compiled/<key>/``: the key is a
    digest of the release, the package's sources, the optional modules left out and the
    compiler, so an unchanged compute is not compiled again."""
    h = hashlib.sha256(pin.version.encode() + b"\0" + source_zip)
    h.update("\0".join(OPTIONAL).encode() + b"\0" + NO_EVENT_LOOP[1])
    for _, source in STAND_INS.values():
        h.update(source.read_bytes())
    for f in COMPILER:
        h.update(f.read_bytes())
    folder = cache / "compiled" / h.hexdigest()[:16]
    names = ("python_stdlib.zip", "package.pyc.zip", "report.json")
    if not all((folder / n).is_file() for n in names):
        node = node or shutil.which("node")
        if node is None:  # the compiling is an optimisation: the sources run as they are
            print("yimao site: node is not installed: the Run panels' Python is served as "
                  "source (a first run compiles it; apt-get install nodejs makes it faster)",
                  file=sys.stderr)
            stdlib = as_served((cache_dir(pin, cache) / "python_stdlib.zip").read_bytes())
            return stdlib, source_zip, {"compiled": False}
        (cache / "compiled").mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache / "compiled", prefix=".work-") as tmp:
            work = Path(tmp) / "work"
            work.mkdir()
            (work / "package.zip").write_bytes(source_zip)
            release = (cache_dir(pin, cache) / "python_stdlib.zip").read_bytes()
            (work / "stdlib.zip").write_bytes(as_served(release))
            proc = subprocess.run([node, str(COMPILER[0]), str(cache_dir(pin, cache)), str(work)],
                                  capture_output=True, text=True, timeout=900, check=False)
            if proc.returncode != 0 or not all((work / n).is_file() for n in names):
                last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
                raise SiteRuntimeError(f"compiling the runtime's Python failed: {last}")
            (work / "package.zip").unlink()
            (work / "stdlib.zip").unlink()
            for old in (cache / "compiled").iterdir():  # compilations of older sources
                if old.is_dir() and not old.name.startswith(".") and old != folder:
                    shutil.rmtree(old, ignore_errors=True)
            try:
                work.rename(folder)
            except OSError:  # another build compiled the same sources meanwhile
                if not all((folder / n).is_file() for n in names):
                    raise
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return (folder / names[0]).read_bytes(), (folder / names[1]).read_bytes(), report


IMPORT = re.compile(rb"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w., \t*]+)"
                    rb"|import[ \t]+([\w., \t]+))", re.M)
START_IMPORTS = ("encodings", "encodings.utf_8", "functools", "importlib", "_pyodide",
                 "_pyodide._base", "_pyodide._importhook", "pyodide", "pyodide.code",
                 "pyodide.ffi", "pyodide._package_loader", "pyodide._state", "asyncio",
                 "_pyodide.jsbind", "_pyodide._future_helper", "_pyodide.docstring",
                 "_py_warnings")
"""What Pyodide's start imports (its JavaScript by name, ``finalizeBootstrap``; its core,
asyncio and ``_pyodide``'s helpers; Python's own start, the codecs and warnings), for a build
without node, which cannot list the hot modules: the standard library is then trimmed to
these, compute's imports and what they all import when imported (as source). A build with
node found these hot too (``report.json``)."""
KEEP_ALWAYS = ("encodings.aliases", "encodings.ascii", "encodings.latin_1",
               "encodings.utf_8_sig", "traceback", "linecache", "tokenize")
"""Modules kept in the trimmed standard library whatever the imports say: the codecs' table
and what a Python error's message is made with."""


def module_name(path: str) -> str | None:
    """The dotted name of a module file in a zip (None: not a module).

    >>> module_name("email/__init__.pyc"), module_name("re/_parser.py"), module_name("x.txt")
    ('email', 're._parser', None)
    """
    if not path.endswith((".py", ".pyc")):
        return None
    name = path.rsplit(".", 1)[0].replace("/", ".")
    return name.removesuffix(".__init__")


def imported(source: bytes, name: str, is_package: bool, top_only: bool = False) -> set[str]:
    """Every module a source names in an import statement, anywhere in it (a function's
    late import too; with *top_only*, only the statements at the left margin, run when the
    module is imported), relative names resolved; ``from a import b`` gives ``a`` and
    ``a.b``.

    >>> src = b"import os.path, re as r;  from . import _x, y;from .z import w"
    >>> sorted(imported(src.replace(b";", bytes([10])), "p.q", False))
    ['os', 'os.path', 'p', 'p._x', 'p.y', 'p.z', 'p.z.w', 're']
    >>> sorted(imported(src.replace(b";", bytes([10])), "p.q", False, top_only=True))
    ['os', 'os.path', 'p', 'p.z', 'p.z.w', 're']
    """
    out: set[str] = set()
    package = name if is_package else name.rpartition(".")[0]
    for m in IMPORT.finditer(source):
        if top_only and source[m.start():m.start() + 1] in (b" ", b"\t"):
            continue
        if m.group(3):
            for part in m.group(3).decode().split(","):
                mod = part.split()[0] if part.split() else ""
                pieces = mod.split(".")
                out.update(".".join(pieces[:i + 1]) for i in range(len(pieces)) if mod)
            continue
        base = m.group(1).decode()
        dots = len(base) - len(base.lstrip("."))
        if dots:
            anchor = package.split(".") if package else []
            anchor = anchor[:len(anchor) - (dots - 1)] if dots > 1 else anchor
            base = ".".join([*anchor, base.lstrip(".")]) if base.lstrip(".") else ".".join(anchor)
        if not base:
            continue
        pieces = base.split(".")
        out.update(".".join(pieces[:i + 1]) for i in range(len(pieces)))
        for part in m.group(2).decode().split(","):
            word = part.split()[0] if part.split() else ""
            if word and word != "*":
                out.add(f"{base}.{word}")
    return out


def trim_stdlib(compiled_zip: bytes, source_zip: bytes, hot: Iterable[str],
                package: Mapping[str, bytes], frozen: Iterable[str] = ()) -> bytes:
    """The standard library a run can import, and nothing else, stored uncompressed (the
    host compresses the whole file better than zip compresses each member, and a static
    host's .gz companion is made from it): the modules imported when the runtime was
    compiled (*hot*: Pyodide's start and a few runs), those the package's sources import
    (anywhere in them), :data:`KEEP_ALWAYS`, and every module these import when imported,
    transitively; with their parent packages. Left out: the *frozen* modules (Python's own
    copies are used, never the zip's) and the :data:`OPTIONAL` ones. *compiled_zip* gives the
    members (bytecode where compiled), *source_zip* (the release's) the sources the imports
    are read from."""
    sources: dict[str, tuple[bytes, bool]] = {}
    with zipfile.ZipFile(io.BytesIO(source_zip)) as z:
        for info in z.infolist():
            name = module_name(info.filename)
            if name is not None and info.filename.endswith(".py"):
                sources[name] = (z.read(info), info.filename.endswith("__init__.py"))
    skip = set(frozen)

    def wanted(name: str) -> bool:
        return (name in sources and name not in skip
                and not any(name == m or name.startswith(m + ".") for m in OPTIONAL))

    roots = set(hot) | set(KEEP_ALWAYS)
    for path, data in package.items():
        name = module_name(path)
        if name is not None:
            roots |= imported(data, name, path.endswith("__init__.py"))  # late ones too
    todo = [r for r in roots if wanted(r)]
    keep: set[str] = set()
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        src, is_package = sources[name]
        todo += [m for m in imported(src, name, is_package, top_only=True)
                 if wanted(m) and m not in keep]
    for name in list(keep):
        pieces = name.split(".")
        keep.update(p for p in (".".join(pieces[:i]) for i in range(1, len(pieces)))
                    if wanted(p))
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(compiled_zip)) as src, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            name = module_name(info.filename)
            folder = info.filename.rpartition("/")[0].replace("/", ".")
            if name in keep or name is None and (folder in keep or not folder):
                member = zipfile.ZipInfo(info.filename, ZIP_TIME)
                member.external_attr = info.external_attr
                out.writestr(member, src.read(info), zipfile.ZIP_STORED)
    return buf.getvalue()


def stored(zip_bytes: bytes) -> bytes:
    """The same zip with every member stored uncompressed (same order, same times)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as src, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.external_attr = info.external_attr
            out.writestr(member, src.read(info), zipfile.ZIP_STORED)
    return buf.getvalue()
