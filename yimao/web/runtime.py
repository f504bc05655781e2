"""Pyodide served by the reading site itself: the Run panels' Python, its cache and the
service worker that keeps the site usable offline.

Fetching (``make runtime`` = ``python -m yimao.web.runtime fetch``): the npm package
``pyodide`` pinned in ``yimao/web/pyodide.toml`` is fetched with ``npm pack`` (npm checks the
tarball against the registry's integrity), checked again against the pinned sha512, and only
the core files the site serves are taken out of it, each checked against its pinned SHA-256,
into ``.cache/pyodide/<version>/`` (outside build/, gitignored). When the cache already holds
the verified files nothing is downloaded.

Building (a Sphinx extension that :mod:`yimao.web.extension` sets up): when the HTML is written,

* ``_py/<version>/``: the core files (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm)
  copied from the cache after checking them again;
* ``_py/yimao-py-<digest>.zip``: the modules of compute/ that ``compute.runner`` can import
  (standard library only; its table of the 節 makes dates without lunar-python) in one zip of
  bytecode that the page puts on ``sys.path`` (no micropip, no package index);
* ``_py/python_stdlib-<digest>.zip``: the release's standard library trimmed to what a run
  imports (:func:`trim_stdlib`), compiled to bytecode; asyncio and Pyodide's package loader,
  which Pyodide's start imports but a Run never uses, served as small stand-ins
  (:data:`STAND_INS`, :data:`NO_EVENT_LOOP`). Both zips are compiled by the pinned
  Pyodide itself under Node (:mod:`yimao.web.pyodide_compile`; kept in
  ``.cache/pyodide/compiled/`` per digest of the sources): without that a first run spends most
  of its time compiling Python source, and the whole standard library is served;
* ``.gz`` companions of these files (:func:`companion`, Zopfli when installed): what
  ``make serve`` (or a static host) sends a browser that takes gzip; their sum is the
  manifest's ``transfer``, the size the Run panel's progress line states (a first Run: 4.35 MB;
  4.70 before the stand-ins, 5.97 before issue 26's trimming, 7.68 before that);
* ``_py/manifest.json``: what the page's script loads (:func:`manifest`);
* ``sw.js`` at the site root: the service worker (template ``site/_templates/yimao/sw.js``)
  with the list of files it precaches.

The directive ``yimao-cast`` puts the empty Run panel on the /cast/ page (作卦).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao.errors import EditionError

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

ROOT = Path(__file__).resolve().parents[2]
PIN_FILE = Path(__file__).with_name("pyodide.toml")
CACHE = ROOT / ".cache" / "pyodide"
PY_DIR = "_py"
"""Where the runtime goes in the built site (``build/html/_py/``)."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member of the package zip gets this time: the same sources give the same bytes."""


class SiteRuntimeError(EditionError):
    """The runtime cannot be fetched, verified or packaged: one line says what and why."""


@dataclass(frozen=True, slots=True)
class Pin:
    """The pinned release: version, the tarball's sha512 (npm's integrity string) and the
    SHA-256 of each file taken out of it (``serve``: copied into the site; ``read``: read
    at build time only)."""

    version: str
    integrity: str
    serve: Mapping[str, str]
    read: Mapping[str, str]

    @property
    def files(self) -> dict[str, str]:
        return {**self.serve, **self.read}


def load_pin(path: Path = PIN_FILE) -> Pin:
    """The pin file, read.

    >>> pin = load_pin()
    >>> pin.version.count("."), sorted(pin.serve)[:2], pin.integrity[:7]
    (2, ['pyodide.asm.mjs', 'pyodide.asm.wasm'], 'sha512-')
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Pin(str(data["version"]), str(data["integrity"]), dict(data["serve"]),
                   dict(data.get("read", {})))
    except (OSError, tomllib.TOMLDecodeError, KeyError) as exc:
        raise SiteRuntimeError(f"{path}: cannot read the Pyodide pin ({exc})") from None


def sha256(data: bytes) -> str:
    """
    >>> sha256(b"")[:12]
    'e3b0c44298fc'
    """
    return hashlib.sha256(data).hexdigest()


def npm_integrity(data: bytes) -> str:
    """npm's integrity string (``sha512-`` and the base64 digest) of a tarball.

    >>> npm_integrity(b"")[:20]
    'sha512-z4PhNX7vuL3xV'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def cache_dir(pin: Pin, cache: Path = CACHE) -> Path:
    return cache / pin.version


def unverified(folder: Path, pin: Pin) -> list[str]:
    """The pinned files missing from *folder* or differing from their SHA-256 (empty: all
    present and verified)."""
    return [name for name, digest in pin.files.items()
            if not (folder / name).is_file() or sha256((folder / name).read_bytes()) != digest]


def fetch(pin: Pin | None = None, cache: Path = CACHE, npm: str | None = None) -> Path:
    """The folder of verified runtime files, fetched with ``npm pack`` if the cache lacks
    them. Raises :class:`SiteRuntimeError` (one line) when npm is missing or fails, or when a
    checksum differs (nothing is then written to the cache)."""
    pin = pin or load_pin()
    dest = cache_dir(pin, cache)
    if dest.is_dir() and not unverified(dest, pin):
        return dest
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".fetch-") as tmp:
        files = dict(extract(pack(pin, Path(tmp), npm), pin.files))
        staging = Path(tmp) / pin.version
        staging.mkdir()
        for name, content in files.items():
            if sha256(content) != pin.files[name]:
                raise SiteRuntimeError(f"pyodide@{pin.version}: {name} has SHA-256 "
                                       f"{sha256(content)}, the pin in {PIN_FILE.name} says "
                                       f"{pin.files[name]}")
            (staging / name).write_bytes(content)
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)
    return dest


REGISTRY = "https://registry.npmjs.org"
"""The npm registry, read with Python when npm is not installed (``YIMAO_NPM_REGISTRY``)."""


def download(pin: Pin, registry: str | None = None) -> bytes:
    """The release's tarball from the npm registry, with Python alone (no npm, no node):
    ``<registry>/pyodide/-/pyodide-<version>.tgz``, checked against the pinned sha512."""
    import urllib.error
    import urllib.request

    base = (registry or os.environ.get("YIMAO_NPM_REGISTRY") or REGISTRY).rstrip("/")
    url = f"{base}/pyodide/-/pyodide-{pin.version}.tgz"
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            data = bytes(r.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise SiteRuntimeError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None
    if npm_integrity(data) != pin.integrity:
        raise SiteRuntimeError(f"{url}: the tarball's sha512 is {npm_integrity(data)}, "
                               f"the pin in {PIN_FILE.name} says {pin.integrity}")
    return data


def pack(pin: Pin, folder: Path, npm: str | None = None) -> bytes:
    """The release's tarball, by ``npm pack`` into *folder* (or, without npm, downloaded from
    the registry with Python: :func:`download`), checked against the pinned sha512."""
    npm = npm or shutil.which("npm")
    if npm is None:
        return download(pin)
    spec = f"pyodide@{pin.version}"
    proc = subprocess.run(
        [npm, "pack", spec, "--pack-destination", str(folder), "--json", "--silent",
         "--ignore-scripts"],
        capture_output=True, text=True, timeout=900, check=False)
    tarballs = sorted(folder.glob("pyodide-*.tgz"))
    if proc.returncode != 0 or len(tarballs) != 1:
        last = (proc.stderr.strip().splitlines() or ["no tarball written"])[-1]
        raise SiteRuntimeError(f"npm pack {spec} failed: {last}")
    data = tarballs[0].read_bytes()
    if npm_integrity(data) != pin.integrity:
        raise SiteRuntimeError(f"{spec}: the tarball's sha512 is {npm_integrity(data)}, "
                               f"the pin in {PIN_FILE.name} says {pin.integrity}")
    return data


def extract(tarball: bytes, names: Iterable[str]) -> Iterator[tuple[str, bytes]]:
    """The regular files ``package/<name>`` of an npm tarball (nothing else is read)."""
    wanted = set(names)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        found = {}
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and name in wanted:
                handle = tar.extractfile(member)
                if handle is not None:
                    found[name] = handle.read()
    missing = wanted - set(found)
    if missing:
        raise SiteRuntimeError(f"the tarball lacks {', '.join(sorted(missing))}")
    yield from sorted(found.items())


# ------------------------------------------------------------------ the package zip


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


# ------------------------------------------------------------------ the built site


def manifest(pin: Pin, lock_info: Mapping[str, Any], stdlib: str, package: str,
             sizes: Mapping[str, int]) -> dict[str, Any]:
    """``_py/manifest.json``: what the Run panel's script loads, relative to ``_py/``.

    >>> m = manifest(load_pin(), {"python": "3.14.2"}, "s.zip", "p.zip", {"a": 1, "b": 2})
    >>> m["index"], m["stdlib"], m["package"], m["bytes"], m["lock"]["packages"]
    ('314.0.8/', 's.zip', 'p.zip', 3, {})
    """
    return {
        "pyodide": pin.version,
        "index": f"{pin.version}/",
        "stdlib": stdlib,
        "package": package,
        # loadPyodide(lockFileContents): the release's info, no packages (compute needs none)
        "lock": {"info": dict(lock_info), "packages": {}},
        "files": dict(sizes),
        "bytes": sum(sizes.values()),
    }


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
                                           "in yimao/web/runtime.py")
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


def write_runtime(outdir: Path, root: Path = ROOT, cache: Path = CACHE) -> dict[str, Any]:
    """Copy the verified runtime and write the compiled standard library, the package and
    the manifest into ``outdir/_py/``; return the manifest."""
    pin = load_pin()
    src = cache_dir(pin, cache)
    bad = unverified(src, pin)
    if bad:
        raise SiteRuntimeError(f"the Pyodide runtime is not in {src} or not verified "
                               f"({', '.join(bad)}): run `make runtime`")
    py = outdir / PY_DIR
    dest = py / pin.version
    dest.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in pin.serve:
        target = dest / name
        if not target.is_file() or target.stat().st_size != (src / name).stat().st_size \
                or sha256(target.read_bytes()) != pin.serve[name]:
            shutil.copyfile(src / name, target)
        sizes[f"{pin.version}/{name}"] = target.stat().st_size
    for old in py.iterdir():  # runtimes of other releases
        if old.is_dir() and old.name != pin.version:
            shutil.rmtree(old)
    sources = package_files(root)
    stdlib_zip, package, report = compiled(pin, package_zip(sources), cache)
    served = as_served((src / "python_stdlib.zip").read_bytes())
    if report.get("hot"):  # only what a run can import (the compiling listed the hot modules)
        stdlib_zip = trim_stdlib(stdlib_zip, served, report["hot"], sources,
                                 report.get("frozen", ()))
    else:  # without node, no list of what a run imported: what Pyodide's start names instead
        stdlib_zip = trim_stdlib(stdlib_zip, served, START_IMPORTS, sources)
    package = stored(package)
    written = {f"python_stdlib-{sha256(stdlib_zip)[:12]}.zip": stdlib_zip,
               f"yimao-py-{sha256(package)[:12]}.zip": package}
    for old in [*py.glob("python_stdlib-*.zip"), *py.glob("yimao-py-*.zip")]:
        if old.name not in written:
            old.unlink()
    for name, data in written.items():
        if not (py / name).is_file():
            (py / name).write_bytes(data)
        sizes[name] = len(data)
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    stdlib_name, package_name = written
    out = manifest(pin, lock.get("info", {}), stdlib_name, package_name, sizes)
    # what a compressing host sends: the .gz companions' sizes (the progress line says it)
    out["transfer"] = sum(companion(py / name, cache) for name in sizes)
    text = json.dumps(out, ensure_ascii=False, indent=1) + "\n"
    target = py / "manifest.json"
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    companion(target, cache)
    prune_gz([target, *(py / name for name in sizes)], cache)
    for old in py.rglob("*.gz"):  # companions of files no longer served
        if not old.with_suffix("").is_file():
            old.unlink()
    return out


GZ_ITERATIONS = 1
"""Zopfli's iterations: more gain under 0.2 % on these files for many times the time."""


def gzipped(data: bytes, cache: Path = CACHE) -> bytes:
    """*data* in gzip, as small as this machine makes it: with Zopfli (the ``zopfli`` package,
    3–4 % smaller than gzip -9 on the runtime's files, any gzip reader reads it) when it is
    installed, else gzip -9; kept in ``.cache/pyodide/gz/`` by the data's digest, so a pinned
    file or an unchanged zip is compressed once.

    >>> gzip.decompress(gzipped(b"abc" * 100)) == b"abc" * 100
    True
    """
    try:
        import zopfli.gzip as zgzip  # type: ignore[import-not-found]
    except ImportError:
        zgzip = None
    method = f"zopfli{GZ_ITERATIONS}" if zgzip else "gzip9"
    kept = cache / "gz" / f"{sha256(data)}.{method}.gz"
    try:
        return kept.read_bytes()
    except FileNotFoundError:  # not yet (or pruned meanwhile by a build of other sources)
        pass
    if zgzip is not None:
        out = bytes(zgzip.compress(data, numiterations=GZ_ITERATIONS))
    else:
        out = gzip.compress(data, 9, mtime=0)
    kept.parent.mkdir(parents=True, exist_ok=True)
    tmp = kept.with_name(f".{kept.name}.{os.getpid()}")
    tmp.write_bytes(out)
    tmp.replace(kept)
    return out


def companion(path: Path, cache: Path = CACHE) -> int:
    """Write ``<path>.gz`` (:func:`gzipped`) beside a runtime file unless it holds that
    already (a static host serves it with ``Content-Encoding: gzip``; make serve does); return
    its size. The names are those of pinned or digest-named files, so a companion never
    outlives its content."""
    gz = path.with_name(path.name + ".gz")
    data = gzipped(path.read_bytes(), cache)
    if not gz.is_file() or gz.stat().st_size != len(data) or gz.read_bytes() != data:
        tmp = gz.with_name(gz.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(gz)
    return len(data)


def prune_gz(keep: Iterable[Path], cache: Path = CACHE) -> None:
    """Remove the kept compressions of data no file of this build holds."""
    names = {f"{sha256(p.read_bytes())}." for p in keep}
    for old in (cache / "gz").glob("*.gz") if (cache / "gz").is_dir() else ():
        if old.name[:65] not in names:
            old.unlink(missing_ok=True)


PRECACHE_PAGES = ("", "cast/", "practice/", "search/")
"""Pages the service worker stores when it installs (others as they are visited)."""
PRECACHE_DIRS = ("_static",)
PRECACHE_ROOT_SUFFIXES = (".js", ".json", ".css")


def precache(outdir: Path) -> list[str]:
    """What the service worker stores when it installs, relative to the site root: the home,
    /cast/, /practice/ and /search/ pages, every file under _static/ by the URL the pages give
    it (with its digest, ``?v=``), and the root's .js/.json/.css files except sw.js. The search data
    is not stored up front (a query fetches the few files it needs, kept then); the Python
    runtime (_py/) is stored on its first use; other pages as they are visited.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     out = Path(d)
    ...     for f in ("index.html", "cast/index.html", "_static/a.css", "sw.js", "x.js",
    ...               "lifa/01/index.html", "_py/manifest.json", "search/x.json"):
    ...         (out / f).parent.mkdir(parents=True, exist_ok=True); _ = (out / f).write_text("")
    ...     precache(out)
    ['', 'cast/', '_static/a.css?v=e3b0c44298fc', 'x.js']
    """
    urls = [p for p in PRECACHE_PAGES if (outdir / p / "index.html").is_file()]
    for folder in PRECACHE_DIRS:
        base = outdir / folder
        if base.is_dir():
            urls += sorted(f"{p.relative_to(outdir).as_posix()}?v={asset_digest(p)}"
                           for p in base.rglob("*") if p.is_file() and p.name != "index.html")
    urls += sorted(p.name for p in outdir.iterdir()
                   if p.is_file() and p.suffix in PRECACHE_ROOT_SUFFIXES and p.name != "sw.js")
    return urls


def write_service_worker(outdir: Path, templates: Path, runtime: Mapping[str, Any]) -> str:
    """Render ``sw.js`` into the site root; return its cache version (a digest of every
    precached file and of the runtime's file names)."""
    import jinja2

    urls = precache(outdir)
    h = hashlib.sha256()
    for url in urls:
        name = url.partition("?")[0]
        path = outdir / name / "index.html" if name == "" or name.endswith("/") else outdir / name
        h.update(url.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    runtime_files = [f"{PY_DIR}/{name}" for name in runtime["files"]]
    h.update("\0".join(runtime_files).encode())
    version = h.hexdigest()[:16]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)),
                             undefined=jinja2.StrictUndefined, autoescape=False)
    js = env.get_template("yimao/sw.js").render(
        version=version, precache=urls, runtime=runtime_files,
        py_dir=f"{PY_DIR}/", manifest=f"{PY_DIR}/manifest.json")
    target = outdir / "sw.js"
    if not target.is_file() or target.read_text(encoding="utf-8") != js:
        target.write_text(js, encoding="utf-8")
    return version


def sizes(outdir: Path) -> list[tuple[str, int, int]]:
    """(file, bytes, gzip bytes) of each runtime file a first run downloads: the size of its
    .gz companion (what is sent), or of gzip -9 where it has none."""
    data = json.loads((outdir / PY_DIR / "manifest.json").read_text(encoding="utf-8"))
    names = ["manifest.json", *data["files"]]
    out = []
    for name in names:
        raw = (outdir / PY_DIR / name).read_bytes()
        gz = outdir / PY_DIR / f"{name}.gz"
        sent = gz.stat().st_size if gz.is_file() else len(gzip.compress(raw, 9, mtime=0))
        out.append((f"{PY_DIR}/{name}", len(raw), sent))
    return out


# ------------------------------------------------------------------ Sphinx


def _fail(exc: EditionError) -> None:
    print(f"yimao site: error: {exc}", file=sys.stderr)
    raise SystemExit(2) from None


def on_builder_inited(app: Sphinx) -> None:
    """Stop early, with one line, when the runtime has not been fetched."""
    if app.builder.format != "html":
        return
    try:
        from yimao.web.cite import base_url

        release = os.environ.get("YIMAO_RELEASE", "")
        if release and release != "0" and not os.environ.get("YIMAO_BASEURL"):
            raise SiteRuntimeError("a release build needs the public address of the site: "
                                   "YIMAO_BASEURL=https://… make release")
        if release and release != "0" and base_url(app.config).startswith(
                ("http://127.0.0.1", "http://localhost")):
            raise SiteRuntimeError(f"a release build cannot publish the local address "
                                   f"{base_url(app.config)}: set YIMAO_BASEURL to the public one")
        pin = load_pin()
        bad = unverified(cache_dir(pin), pin)
        if bad:
            raise SiteRuntimeError(f"the Pyodide runtime {pin.version} is not fetched or not "
                                f"verified ({', '.join(bad)}): run `make runtime`")
    except EditionError as exc:
        _fail(exc)


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    try:
        runtime = write_runtime(outdir)
    except EditionError as exc:
        _fail(exc)
    templates = Path(app.confdir) / app.config.templates_path[0]
    write_service_worker(outdir, templates, runtime)


def asset_digest(path: Path) -> str:
    """The first 12 hex digits of a file's SHA-256: the ``?v=`` of its URL.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d) / "a.css"; _ = f.write_bytes(b"")
    ...     asset_digest(f)
    'e3b0c44298fc'
    """
    return sha256(path.read_bytes())[:12]


def static_files(app: Sphinx) -> dict[str, Path]:
    """The site's own static files (``_static/<name>`` → its source)."""
    out: dict[str, Path] = {}
    for folder in app.config.html_static_path:
        base = Path(app.confdir) / folder
        for f in sorted(base.rglob("*")) if base.is_dir() else []:
            if f.is_file():
                out[f"_static/{f.relative_to(base).as_posix()}"] = f
    return out


def on_html_page_context(app: Sphinx, pagename: str, templatename: str,
                         context: dict[str, Any], doctree: object) -> None:
    """``yimao_asset('_static/yimao.css')``: the file's URL from this page with its digest
    (``…/yimao.css?v=<digest>``), so a release's pages name exactly that release's
    stylesheets and scripts and a cached copy of another release is never taken for it."""
    files = static_files(app)
    pathto = context["pathto"]

    def asset(name: str) -> str:
        url = pathto(name, 1)
        return f"{url}?v={asset_digest(files[name])}" if name in files else url

    context["yimao_asset"] = asset


def cast_directive() -> type:
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    class CastDirective(SphinxDirective):
        """``{yimao-cast}``: the /cast/ page's Run panel, every input empty."""

        def run(self) -> list[nodes.Node]:
            from yimao.web.build_state import site

            templates = Path(self.env.app.confdir) / self.config.templates_path[0]
            self.env.note_dependency(str(templates / "yimao" / "run_panel.html"))
            env = site(self.env.app).pages.env
            html = env.get_template("yimao/run_panel.html").render(run_inputs={}, run_cast=True)
            return [nodes.raw("", html, format="html")]

    return CastDirective


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", on_build_finished, priority=900)
    app.connect("html-page-context", on_html_page_context)
    app.add_directive("yimao-cast", cast_directive())
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


# ------------------------------------------------------------------ command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m yimao.web.runtime",
                                     description="the Pyodide runtime of the reading site")
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fetch", help="fetch and verify the pinned Pyodide into .cache/")
    f.add_argument("--print-pins", action="store_true",
                   help="only print the SHA-256 of the release's files (to update the pins)")
    s = sub.add_parser("sizes", help="bytes of each runtime file of a built site")
    s.add_argument("site", nargs="?", default=str(ROOT / "build" / "html"))
    args = parser.parse_args(argv)
    try:
        if args.command == "fetch" and args.print_pins:
            pin = load_pin()
            with tempfile.TemporaryDirectory() as tmp:
                for name, content in extract(pack(pin, Path(tmp)), pin.files):
                    print(f'"{name}" = "{sha256(content)}"')
        elif args.command == "fetch":
            pin = load_pin()
            before = not unverified(cache_dir(pin), pin)
            folder = fetch(pin)
            where = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
            print(f"pyodide {pin.version}: {'verified in' if before else 'fetched into'} {where}")
        else:
            rows = sizes(Path(args.site))
            for name, raw, gz in rows:
                print(f"{name:45} {raw:>10,} {gz:>10,}")
            print(f"{'total':45} {sum(r[1] for r in rows):>10,} {sum(r[2] for r in rows):>10,}")
    except (EditionError, OSError) as exc:
        print(f"yimao runtime: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
