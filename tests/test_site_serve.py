"""``make serve`` (yimao/web/serve.py) as a reader's browser and tools meet it: media types and
charsets, Cache-Control that lets a new release through, a burst of connections, idle ones.

A small directory of its own stands in for the site (the server does not care what it
serves), so these tests need no site build and run in a few seconds.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_serve  # noqa: E402

FILES = {
    "index.html": "<!DOCTYPE html><title>易冒</title>",
    "lifa/04/index.html": "<!DOCTYPE html><title>納甲章</title>",
    "cite/p043.ris": "TY  - BOOK\n",
    "cite/p043.bib": "@book{x}\n",
    "cite/p043.json": "{}",
    "tei/yimao.xml": "<TEI/>",
    "api/dts/index.json": '{"@id": "http://127.0.0.1:8000/api/dts/index.json"}',
    "api/dts/document/yimao/p043.xml": "<TEI/>",
    "_static/yimao.css": "body{}",
    "sw.js": "//",
    "_py/yimao-py-0123456789ab.zip": "PK",
    "_py/314.0.8/pyodide.asm.wasm": "\0asm",
    "cite/p042.json": '{"URL": "http://127.0.0.1:8000/p/p042/"}',
    "p/p042/index.html": '<link rel="canonical" href="http://127.0.0.1:8000/p/p042/">',
    "_py/manifest.json": '{"files": {}}' + " " * 200,
}


_SERVED: list[str] = []


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("served")
    _SERVED[:] = [str(root)]
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    with bench_serve.serving(root, "--idle-timeout", "1") as base:
        yield base


def head(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as r:
        r.read()
        return {k.lower(): v for k, v in r.headers.items()}


@pytest.mark.parametrize(("path", "media_type"), [
    ("/", "text/html; charset=utf-8"),
    ("/lifa/04/", "text/html; charset=utf-8"),
    ("/cite/p043.ris", "application/x-research-info-systems; charset=utf-8"),
    ("/cite/p043.bib", "application/x-bibtex; charset=utf-8"),
    ("/cite/p043.json", "application/json"),
    ("/tei/yimao.xml", "application/tei+xml; charset=utf-8"),
    ("/api/dts/index.json", "application/ld+json"),
    ("/api/dts/document/yimao/p043.xml", "application/tei+xml"),
    ("/_static/yimao.css", "text/css; charset=utf-8"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/_py/314.0.8/pyodide.asm.wasm", "application/wasm"),
])
def test_media_types(served: str, path: str, media_type: str) -> None:
    assert head(served + path)["content-type"] == media_type


@pytest.mark.parametrize(("path", "fresh"), [
    ("/", "no-cache"), ("/lifa/04/", "no-cache"), ("/sw.js", "no-cache"),
    ("/_static/yimao.css", "no-cache"), ("/cite/p043.json", "no-cache"),
    ("/_static/yimao.css?v=5c1c4a6f", "immutable"),
    ("/_py/yimao-py-0123456789ab.zip", "immutable"),
    ("/_py/314.0.8/pyodide.asm.wasm", "immutable"),
])
def test_pages_revalidate_and_digest_names_are_kept(served: str, path: str, fresh: str) -> None:
    cc = head(served + path)["cache-control"]
    if fresh == "no-cache":
        assert cc == "no-cache"
    else:
        assert cc == "public, max-age=31536000, immutable"


def test_a_burst_of_connections_is_answered(served: str) -> None:
    """200 connections opened at once (the standard library's queue of 5 drops some of a
    burst of 100; tools/bench_serve.py measures 500 on the built site)."""
    port = int(served.rsplit(":", 1)[1])
    b = bench_serve.burst(port, ["/", "/lifa/04/", "/_static/yimao.css"], 200, timeout=20)
    print(f"serve: 200 at once: {b.errors} errors, p99 {b.p99:.2f} s")
    assert b.errors == 0 and b.p99 < 5, b


def test_idle_connections_are_closed_and_lock_no_one_out(served: str) -> None:
    port = int(served.rsplit(":", 1)[1])
    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(60)]
    try:
        start = time.perf_counter()
        assert head(served + "/")["content-type"].startswith("text/html")
        assert time.perf_counter() - start < 2
        idle[0].settimeout(5)
        start = time.perf_counter()
        assert idle[0].recv(1) == b""  # closed by the server after its idle timeout (1 s)
        assert time.perf_counter() - start < 4
    finally:
        for s in idle:
            s.close()


def test_a_bad_idle_timeout_is_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "yimao.web.serve", "--idle-timeout", "0"],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "--idle-timeout" in proc.stderr


def test_links_follow_the_address_served(served: str) -> None:
    """A local build's absolute links name make serve's default address; served elsewhere
    (PORT=8001 make serve) they name the address actually served."""
    for path, before in [("/cite/p042.json", '"http://127.0.0.1:8000/p/p042/"'),
                         ("/p/p042/", '"http://127.0.0.1:8000/p/p042/"')]:
        with urllib.request.urlopen(served + path) as r:
            text = r.read().decode("utf-8")
            assert int(r.headers["Content-Length"]) == len(text.encode("utf-8"))
        assert text.count(f'"{served}/p/p042/"') == 1 and before not in text, text
    with urllib.request.urlopen(served + "/api/dts/index.json") as r:  # the base's witness
        assert f'"{served}/api/dts/index.json"' in r.read().decode("utf-8")


def test_a_release_needs_its_public_address(capsys: pytest.CaptureFixture[str]) -> None:
    import os

    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k not in ("YIMAO_BASEURL", "YIMAO_RELEASE")}
    proc = subprocess.run(["make", "-s", "release"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "YIMAO_BASEURL" in proc.stdout + proc.stderr
    # the build itself refuses too (its first step, before anything is written)
    from types import SimpleNamespace

    from yimao.web import runtime

    app = SimpleNamespace(builder=SimpleNamespace(format="html"), config=SimpleNamespace(
        yimao_baseurl="http://127.0.0.1:8000", html_baseurl=""))
    for environ in ({"YIMAO_RELEASE": "1"},
                    {"YIMAO_RELEASE": "1", "YIMAO_BASEURL": "https://example.org"}):
        with pytest.MonkeyPatch.context() as mp:
            for k, v in environ.items():
                mp.setenv(k, v)
            with pytest.raises(SystemExit) as exit_:
                runtime.on_builder_inited(app)  # type: ignore[arg-type]
        assert exit_.value.code == 2
    out = capsys.readouterr().err.splitlines()
    assert len(out) == 2 and "YIMAO_BASEURL" in out[0] and "127.0.0.1" in out[1], out


def test_gzip_companions_are_sent_to_who_takes_them(served: str) -> None:
    """A runtime file's ``.gz`` companion (written by the build) is what is sent to a client
    that accepts gzip, with its own media type; others get the file as it is."""
    import gzip

    body = FILES["_py/manifest.json"].encode()
    request = urllib.request.Request(served + "/_py/manifest.json",
                                     headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as r:
        sent = r.read()
        assert r.headers.get("Content-Encoding") is None  # no companion yet: the file
        assert sent == body
    served_dir = Path(_SERVED[0])
    (served_dir / "_py" / "manifest.json.gz").write_bytes(gzip.compress(body, 9, mtime=0))
    with urllib.request.urlopen(request) as r:
        sent = r.read()
        assert r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"
        assert r.headers["Content-Type"] == "application/json"
        assert gzip.decompress(sent) == body and len(sent) < len(body)
    with urllib.request.urlopen(served + "/_py/manifest.json") as r:  # no Accept-Encoding
        assert r.read() == body and r.headers.get("Content-Encoding") is None


def test_a_dts_call_the_tei_cannot_answer_is_a_500_with_its_reason(served: str) -> None:
    """A DTS call with no file is answered from the published TEI (here a stand-in that is no
    edition): 500 with the reason in Korean, and the server goes on."""
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(served + "/api/dts/navigation/yimao;start=p001;end=p002.json")
    assert err.value.code == 500
    assert "판본(TEI)을 읽지 못했습니다" in err.value.read().decode("utf-8")
    assert head(served + "/api/dts/index.json")["content-type"] == "application/ld+json"
