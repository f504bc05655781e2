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
* ``_py/yimao-py-<digest>.zip``: compute/ of this repository (standard library only; its
  table of the 節 makes dates without lunar-python) in one zip of bytecode that the page
  puts on ``sys.path`` (no micropip, no package index);
* ``_py/python_stdlib-<digest>.zip``: the release's standard library with the modules a run
  imports compiled to bytecode. Both zips are compiled by the pinned Pyodide itself under
  Node (:mod:`yimao.web.pyodide_compile`; kept in ``.cache/pyodide/compiled/`` per digest of the
  sources): without that a first run spends most of its time compiling Python source;
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


def pack(pin: Pin, folder: Path, npm: str | None = None) -> bytes:
    """The release's tarball, by ``npm pack`` into *folder*, checked against the pinned
    sha512."""
    npm = npm or shutil.which("npm")
    if npm is None:
        raise SiteRuntimeError("npm (Node.js) is needed to fetch the Pyodide runtime once: "
                               "install it (Debian: apt-get install npm) and run make again")
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


def package_files(root: Path = ROOT) -> dict[str, bytes]:
    """What the browser imports, by path inside the zip: compute/**/*.py of this repository.
    compute needs nothing else, not even for a date (its 節 come from compute/book/jieqi_data.py),
    so lunar-python is not sent to the browser.

    >>> files = package_files()
    >>> "compute/runner.py" in files, any(n.startswith("lunar_python/") for n in files)
    (True, False)
    """
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted((root / "compute").rglob("*.py"))}


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


def compiled(pin: Pin, source_zip: bytes, cache: Path = CACHE,
             node: str | None = None) -> tuple[bytes, bytes, dict[str, Any]]:
    """(standard library zip, package zip, report) compiled by the pinned Pyodide under Node
    (:mod:`yimao.web.pyodide_compile`), kept in ``.cache/pyodide/compiled/<key>/``: the key is a
    digest of the release, the package's sources and the compiler, so an unchanged compute
    is not compiled again."""
    h = hashlib.sha256(pin.version.encode() + b"\0" + source_zip)
    for f in COMPILER:
        h.update(f.read_bytes())
    folder = cache / "compiled" / h.hexdigest()[:16]
    names = ("python_stdlib.zip", "package.pyc.zip", "report.json")
    if not all((folder / n).is_file() for n in names):
        node = node or shutil.which("node")
        if node is None:
            raise SiteRuntimeError("node (Node.js) is needed to compile the runtime's Python "
                                   "ahead of time: install it (Debian: apt-get install npm)")
        (cache / "compiled").mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache / "compiled", prefix=".work-") as tmp:
            work = Path(tmp) / "work"
            work.mkdir()
            (work / "package.zip").write_bytes(source_zip)
            proc = subprocess.run([node, str(COMPILER[0]), str(cache_dir(pin, cache)), str(work)],
                                  capture_output=True, text=True, timeout=900, check=False)
            if proc.returncode != 0 or not all((work / n).is_file() for n in names):
                last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
                raise SiteRuntimeError(f"compiling the runtime's Python failed: {last}")
            (work / "package.zip").unlink()
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
    stdlib_zip, package, _ = compiled(pin, package_zip(package_files(root)), cache)
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
    text = json.dumps(out, ensure_ascii=False, indent=1) + "\n"
    target = py / "manifest.json"
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return out


PRECACHE_PAGES = ("", "cast/", "search/")
"""Pages the service worker stores when it installs (others as they are visited)."""
PRECACHE_DIRS = ("_static", "search")
PRECACHE_ROOT_SUFFIXES = (".js", ".json", ".css")


def precache(outdir: Path) -> list[str]:
    """What the service worker stores when it installs, relative to the site root: the home,
    /cast/ and /search/ pages, every file under _static/ and search/ (the search data), and
    the root's .js/.json/.css files except sw.js. The Python runtime (_py/) is stored on its
    first use; other pages as they are visited.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     out = Path(d)
    ...     for f in ("index.html", "cast/index.html", "_static/a.css", "sw.js", "x.js",
    ...               "lifa/01/index.html", "_py/manifest.json"):
    ...         (out / f).parent.mkdir(parents=True, exist_ok=True); _ = (out / f).write_text("")
    ...     precache(out)
    ['', 'cast/', '_static/a.css', 'x.js']
    """
    urls = [p for p in PRECACHE_PAGES if (outdir / p / "index.html").is_file()]
    for folder in PRECACHE_DIRS:
        base = outdir / folder
        if base.is_dir():
            urls += sorted(p.relative_to(outdir).as_posix() for p in base.rglob("*")
                           if p.is_file() and p.name != "index.html")
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
        path = outdir / url / "index.html" if url == "" or url.endswith("/") else outdir / url
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
    """(file, bytes, gzip -9 bytes) of each runtime file a first run downloads."""
    data = json.loads((outdir / PY_DIR / "manifest.json").read_text(encoding="utf-8"))
    names = ["manifest.json", *data["files"]]
    out = []
    for name in names:
        raw = (outdir / PY_DIR / name).read_bytes()
        out.append((f"{PY_DIR}/{name}", len(raw), len(gzip.compress(raw, 9, mtime=0))))
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
