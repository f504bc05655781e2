"""`make serve` under a burst: N requests opened at once, errors and latency percentiles.

    python tools/bench_serve.py [--requests 500] [--timeout 60] [SITE]

Side by side in one run, on the same built site (default build/html) and the same paths:
``python -m http.server`` (the standard library's server, listen queue 5, no idle timeout)
and ``python -m yimao.web.serve``. Each request is a fresh connection opened at the same
moment as the others (asyncio, one process); an error is a refused or reset connection, a
status other than 200, or no complete answer within --timeout seconds. The machine (CPU
count, Python) is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ("/", "/lifa/04/", "/shilei/14/", "/search/", "/_static/yimao.css", "/sw.js",
         "/api/dts/index.json")


@dataclass(frozen=True, slots=True)
class Burst:
    requests: int
    errors: int
    p50: float
    p99: float
    slowest: float


async def _one(port: int, path: str, timeout: float) -> float | None:
    start = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port),
                                                timeout)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Connection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout - (time.perf_counter() - start))
        writer.close()
    except (TimeoutError, OSError, ValueError):
        return None
    if not data.startswith((b"HTTP/1.0 200", b"HTTP/1.1 200")):
        return None
    return time.perf_counter() - start


async def _burst(port: int, paths: list[str], n: int, timeout: float) -> list[float | None]:
    return await asyncio.gather(*(_one(port, paths[i % len(paths)], timeout) for i in range(n)))


def burst(port: int, paths: list[str], n: int, timeout: float = 60.0) -> Burst:
    """*n* requests to 127.0.0.1:*port* opened at once, cycling through *paths*."""
    # in a thread of its own: the caller may be running an event loop (Playwright's, in the
    # test session), and asyncio.run needs a thread without one
    out: list[list[float | None]] = []
    worker = threading.Thread(target=lambda: out.append(
        asyncio.run(_burst(port, paths, n, timeout))))
    worker.start()
    worker.join()
    times = out[0]
    ok = sorted(t for t in times if t is not None)
    # an error counts as the slowest possible answer in the percentiles
    ranked = ok + [timeout] * (n - len(ok))

    def pct(q: float) -> float:
        return ranked[min(n - 1, int(q * n))]

    return Burst(n, n - len(ok), pct(0.50), pct(0.99), ranked[-1])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(cmd: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"bench_serve: error: {' '.join(cmd)} did not listen on port {port}")


@contextmanager
def running(cmd: list[str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    """The server *cmd*, listening on 127.0.0.1:*port* (:func:`start`), while the block runs;
    stopped after it."""
    proc = start(cmd, port)
    try:
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextmanager
def serving(site: Path, *options: str) -> Iterator[str]:
    """``python -m yimao.web.serve`` (with *options*) serving *site* on a free port while the
    block runs: its address, ``http://127.0.0.1:<port>``."""
    port = free_port()
    with running([sys.executable, "-m", "yimao.web.serve", "--port", str(port), *options,
                  str(site)], port):
        yield f"http://127.0.0.1:{port}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", type=Path, default=ROOT / "build" / "html")
    ap.add_argument("--requests", type=int, default=500)
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"bench_serve: error: {args.site} has no index.html: run make site first",
              file=sys.stderr)
        return 2
    paths = [p for p in PATHS if (args.site / p.lstrip("/")).exists()]
    print(f"machine: {os.cpu_count()} CPUs, {platform.machine()}, Python "
          f"{platform.python_version()}; {args.requests} requests at once over "
          f"{len(paths)} paths, timeout {args.timeout:g} s")
    servers = {
        "python -m http.server": [sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                                  "--directory", str(args.site)],
        "yimao.web.serve": [sys.executable, "-m", "yimao.web.serve", str(args.site)],
    }
    for name, cmd in servers.items():
        port = free_port()
        full = [*cmd, str(port)] if "http.server" in name else [*cmd, "--port", str(port)]
        with running(full, port):
            b = burst(port, paths, args.requests, args.timeout)
        print(f"{name:24} errors {b.errors:>4}/{b.requests}  p50 {b.p50:6.2f} s  "
              f"p99 {b.p99:6.2f} s  slowest {b.slowest:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
