"""``make serve``: serve the built site (build/html) on 127.0.0.1, and nothing else.

    python -m yimao.web.serve [--port 8000] [--bind 127.0.0.1] [--idle-timeout 15] [DIRECTORY]

Only files under DIRECTORY (default build/html) are served: a directory is answered by its
index.html or not at all (no listings), names starting with a dot (``.doctrees``,
``.buildinfo``) and Sphinx's pickles are not served, a malformed path (``/%00``) gets 400.
A port in use, or any other start-up failure, is one line and exit status 2; a request that
fails is one line (a connection the browser dropped: none), never a traceback.

Under load and across releases (issue 26): a listen queue of :data:`LISTEN_QUEUE` (Python's
default of 5 stalled a burst of 100 requests), an idle timeout of :data:`IDLE_TIMEOUT`
seconds per connection (idle connections cannot lock readers out), the media types a reader's
tools expect (``.ris``, ``.bib``, the TEI as ``application/tei+xml``, text with
``charset=utf-8``) and ``Cache-Control`` (:func:`cache_control`): pages and every file whose
name does not change with its content are revalidated on each visit (``no-cache``), files
named by their digest are kept for a year (``immutable``), so a new release is seen at once.

Links that follow the host: a local build names its absolute URLs (citations and their files,
``citation_*`` tags, the DTS API) from the local default address (the DTS entry point's
``@id`` says which); when the site is served at another address (``PORT=8001 make serve``), that
address is put in their place in every text response, so the links work where they are read.
A release build (``make release``, its public address) is served as built.

The DTS API (yimao.web.dts): the build writes every Level 0 response as a file (what a static
host serves); a call with no file (a ``start``/``end`` range, ``down=5``, ``nav=children``,
an invalid combination) is answered here at request time from the edition published beside it
(``tei/yimao.xml``) by :meth:`yimao.web.dts.Dts.answer`, the same code that wrote the files:
every valid call of the specification answered, 400 or 404 with the reason (Korean) for the
others.
"""

from __future__ import annotations

import argparse
import errno
import functools
import http.server
import io
import json
import os
import re
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HIDDEN_SUFFIXES = (".pickle", ".doctree")
LISTEN_QUEUE = 1024
"""Connections waiting to be accepted (Python's default is 5)."""
IDLE_TIMEOUT = 15.0
"""Seconds a connection may stay silent before it is closed."""
TEXT = "; charset=utf-8"
MEDIA_TYPES = {
    ".html": "text/html" + TEXT, ".css": "text/css" + TEXT, ".js": "text/javascript" + TEXT,
    ".mjs": "text/javascript" + TEXT, ".json": "application/json",
    ".txt": "text/plain" + TEXT, ".svg": "image/svg+xml", ".wasm": "application/wasm",
    ".zip": "application/zip", ".ris": "application/x-research-info-systems" + TEXT,
    ".bib": "application/x-bibtex" + TEXT, ".xml": "application/xml" + TEXT,
}
"""Media types by suffix (what the platform's table says otherwise, or lacks)."""
IMMUTABLE = re.compile(r"(?:[-.][0-9a-f]{12,64}\.[a-z0-9]+$)|(?:^/_py/\d+\.\d+\.\d+/)"
                       r"|(?:[?&]v=[0-9a-f]{8,64}(?:&|$))")
"""A path whose name carries its content's digest (``-0123456789ab.zip``), a file of a pinned
Pyodide release (``/_py/314.0.8/``) or a stylesheet or script linked with Sphinx's checksum
(``?v=…``): the same URL never holds other bytes."""


ENTRY = "api/dts/index.json"
"""The DTS entry point: its ``@id`` is ``<base>/api/dts/index.json``, the build's base URL."""
LOCAL_BASE = re.compile(r"http://(?:127\.0\.0\.1|localhost)(?::\d+)?")
HOST = re.compile(r"[A-Za-z0-9.-]+(?::\d{1,5})?|\[[0-9A-Fa-f:.]+\](?::\d{1,5})?")
REWRITTEN = (".html", ".json", ".xml", ".ris", ".bib", ".txt")
DTS_PATH = "/" + ENTRY.removesuffix("index.json")
"""The DTS API's requests: ``/api/dts/…``."""


def built_base(directory: Path) -> str | None:
    """The address a build wrote its links with (its DTS entry point's), or None."""
    try:
        entry = json.loads((directory / ENTRY).read_text(encoding="utf-8"))
        return str(entry["@id"]).removesuffix("/" + ENTRY)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def local_base(directory: Path) -> str | None:
    """The local address a build wrote its links with, or None (a release build, or none)."""
    base = built_base(directory)
    return base if base is not None and LOCAL_BASE.fullmatch(base) else None


class DtsAnswers:
    """The DTS calls that have no file, answered from the TEI a build published (read on the
    first such call and again when a new build replaces it; each base address its own
    :class:`~yimao.web.dts.Dts`)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._apis: dict[tuple[str, int], Any] = {}

    def api(self, base: str) -> Any:
        from yimao.model.edition import load_edition
        from yimao.web.dts import TEI_FILE, Dts

        tei = self.directory / TEI_FILE
        with self._lock:
            key = (base, tei.stat().st_mtime_ns)
            if key not in self._apis:
                api = Dts(load_edition(tei), base)
                api.order()  # the citation tree read here, once, not by two requests at once
                self._apis = {k: v for k, v in self._apis.items() if k[1] == key[1]}
                self._apis[key] = api
            return self._apis[key]


def cache_control(path: str) -> str:
    """``Cache-Control`` for a request path: a year for a name that changes with its content,
    revalidation (a conditional request, 304 when unchanged) for everything else.

    >>> cache_control("/_py/yimao-py-0123456789ab.zip")
    'public, max-age=31536000, immutable'
    >>> cache_control("/_static/yimao.css?v=5c1c4a6f")
    'public, max-age=31536000, immutable'
    >>> cache_control("/lifa/04/"), cache_control("/sw.js"), cache_control("/_static/yimao.css")
    ('no-cache', 'no-cache', 'no-cache')
    """
    return "public, max-age=31536000, immutable" if IMMUTABLE.search(path) else "no-cache"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files of one directory: no listings, no hidden files, no tracebacks."""

    timeout = IDLE_TIMEOUT
    built_base: str | None = None
    """The local address the build used (:func:`local_base`), replaced by the served one."""
    api_base: str | None = None
    """The address the build's DTS API names (:func:`built_base`, a release's too)."""
    dts: DtsAnswers | None = None

    def served_base(self) -> str | None:
        host = self.headers.get("Host", "")
        if self.built_base is None or not HOST.fullmatch(host):
            return None
        here = f"http://{host}"
        return None if here == self.built_base else here

    def compressed(self, local: Path):  # type: ignore[no-untyped-def]
        """The file's ``.gz`` companion, when there is one and the client takes gzip."""
        gz = local.with_name(local.name + ".gz")
        accepts = self.headers.get("Accept-Encoding", "")
        if "gzip" not in accepts or not local.is_file() or not gz.is_file():
            return None
        f = gz.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(gz.stat().st_size))
        self.end_headers()
        return f

    def rewritten(self, local: Path):  # type: ignore[no-untyped-def]
        """The file with the served address in place of the built one (a text file)."""
        here = self.served_base()
        if here is None or local.suffix not in REWRITTEN or not local.is_file():
            return None
        assert self.built_base is not None
        data = local.read_bytes().replace(self.built_base.encode(), here.encode())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)

    def dts_answer(self, call: str):  # type: ignore[no-untyped-def]
        """A DTS call with no file (:class:`DtsAnswers`): its response, or its 400 or 404."""
        from yimao.errors import EditionError
        from yimao.web.dts import DtsError

        base = self.served_base() or self.api_base
        assert self.dts is not None and base is not None
        try:
            media, data = self.dts.api(base).answer(call)
        except DtsError as exc:
            self.send_error(exc.status, explain=str(exc).rstrip("."))  # the page adds one
            return None
        except (EditionError, OSError) as exc:  # the published TEI cannot be read
            sys.stderr.write(f"yimao serve: DTS: {exc}\n")
            self.send_error(500, explain="판본(TEI)을 읽지 못했습니다. 사이트를 다시 빌드하십시오")
            return None
        self.send_response(200)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        try:
            path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path, errors="strict")
            if "\x00" in path:
                self.send_error(400)
                return None
            if any(p.startswith(".") for p in path.split("/")) or path.endswith(HIDDEN_SUFFIXES):
                self.send_error(404)
                return None
            local = Path(self.translate_path(self.path))
            if local.is_dir() and not (local / "index.html").is_file():
                self.send_error(404)
                return None
            if local.is_dir() and path.endswith("/"):
                local = local / "index.html"
            if path.startswith(DTS_PATH) and not local.is_file() and self.dts is not None:
                return self.dts_answer(path.removeprefix(DTS_PATH))
            # a companion is made for runtime files only (no absolute links in them)
            return self.compressed(local) or self.rewritten(local) or super().send_head()
        except (ValueError, OSError):  # a NUL or undecodable byte, a name too long …
            self.send_error(400)
            return None

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The DTS API's media types (JSON-LD, TEI) under ``/api/dts/``; else the usual."""
        where = os.fspath(path).replace(os.sep, "/")
        if "/api/dts/" in where:
            if where.endswith(".json"):
                return "application/ld+json"
            if where.endswith(".xml"):
                return "application/tei+xml"
        if where.endswith("/yimao.xml"):  # the edition's TEI file
            return "application/tei+xml" + TEXT
        suffix = os.path.splitext(where)[1].lower()
        return MEDIA_TYPES.get(suffix) or super().guess_type(path)

    def list_directory(self, path: str | os.PathLike[str]):  # type: ignore[no-untyped-def]
        self.send_error(404)
        return None

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


class SiteServer(http.server.ThreadingHTTPServer):
    """A browser that drops a connection (a page left mid-download, the service worker
    cancelling a request) is not an error worth a traceback: nothing is printed for it; any
    other failure of one request is one line, and the server goes on."""

    daemon_threads = True
    request_queue_size = LISTEN_QUEUE

    def handle_error(self, request: object, client_address: object) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError):
            return
        sys.stderr.write(f"yimao serve: {client_address}: {type(exc).__name__}: {exc}\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m yimao.web.serve",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("directory", nargs="?", type=Path, default=ROOT / "build" / "html")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--idle-timeout", type=float, default=IDLE_TIMEOUT, metavar="SECONDS",
                    help=f"close a connection silent this long (default {IDLE_TIMEOUT:g})")
    args = ap.parse_args(argv)
    if not args.idle_timeout > 0:
        print("yimao serve: error: --idle-timeout must be a positive number of seconds",
              file=sys.stderr)
        return 2
    if not (args.directory / "index.html").is_file():
        print(f"yimao serve: error: {args.directory} has no index.html: run make site first",
              file=sys.stderr)
        return 2
    api_base = built_base(args.directory)
    dts = DtsAnswers(args.directory) if api_base is not None else None
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"timeout": args.idle_timeout,
                                         "built_base": local_base(args.directory),
                                         "api_base": api_base, "dts": dts}),
        directory=str(args.directory))
    try:
        server = SiteServer((args.bind, args.port), handler)
    except OSError as exc:
        why = (f"port {args.port} is in use (try make serve PORT={args.port + 1})"
               if exc.errno == errno.EADDRINUSE else f"cannot listen on {args.bind}:{args.port}: "
               f"{exc.strerror or exc}")
        print(f"yimao serve: error: {why}", file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    print(f"易冒: serving {args.directory} on http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
