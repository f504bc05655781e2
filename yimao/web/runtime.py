"""Pyodide served by the reading site itself: the Run panels' Python, its cache and the
service worker that keeps the site usable offline.

Fetching (``make runtime`` = ``python -m yimao.web.runtime fetch``): the npm package
``pyodide`` pinned in ``yimao/web/pyodide.toml`` is fetched with ``npm pack`` (npm checks the
tarball against the registry's integrity), checked again against the pinned sha512, and only
the core files the site serves are taken out of it, each checked against its pinned SHA-256,
into ``.cache/pyodide/<version>/`` (outside build/, gitignored). When the cache already holds
the verified files nothing is downloaded. The pin and its fetching: :mod:`yimao.web.pyodide_pin`.

Building (a Sphinx extension that :mod:`yimao.web.extension` sets up): when the HTML is written,

* ``_py/<version>/``: the core files (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm)
  copied from the cache after checking them again;
* ``_py/yimao-py-<digest>.zip``: the modules of compute/ that ``compute.runner`` can import
  (standard library only; its table of the 節 makes dates without lunar-python) in one zip of
  bytecode that the page puts on ``sys.path`` (no micropip, no package index);
* ``_py/python_stdlib-<digest>.zip``: the release's standard library trimmed to what a run
  imports (:func:`~yimao.web.pyodide_zips.trim_stdlib`), compiled to bytecode; asyncio and
  Pyodide's package loader, which Pyodide's start imports but a Run never uses, served as small
  stand-ins (:data:`~yimao.web.pyodide_zips.STAND_INS`,
  :data:`~yimao.web.pyodide_zips.NO_EVENT_LOOP`). Both zips (made by
  :mod:`yimao.web.pyodide_zips`) are compiled by the pinned
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
import gzip
import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao.errors import EditionError
from yimao.web.pyodide_pin import (
    CACHE,
    ROOT,
    Pin,
    SiteRuntimeError,
    cache_dir,
    extract,
    fetch,
    load_pin,
    pack,
    sha256,
    unverified,
)
from yimao.web.pyodide_zips import (
    START_IMPORTS,
    as_served,
    compiled,
    package_files,
    package_zip,
    stored,
    trim_stdlib,
)

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

PY_DIR = "_py"
"""Where the runtime goes in the built site (``build/html/_py/``)."""

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
