"""How fast the Run panel is in headless chromium, first run cold and re-runs warm.

    make bench-runner            # = python tools/bench_runner.py (after make site)
    python tools/bench_runner.py --runs 7 --reruns 10

Each cold run is a fresh browser context (empty HTTP cache, no service worker yet) opening a
case page of the built site and pressing 실행: the runtime is downloaded from a local server,
Pyodide started, compute imported and the chart computed; the page's own clock
(``data-first-run``: boot = fetch + start, import, chart, total) is read. Then the panel is
re-run with other days (``data-ms``, submit to chart shown).

Side by side, interleaved, in the same run: the site as built (standard library's hot modules
and the package as bytecode, compiled ahead of time) and the same site serving the pinned
release's source standard library and the package as source (what the build avoids). Medians
and the ratio are printed with the machine's cores, load and browser.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import platform
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sitebuild import ARGS, CHROMIUM  # noqa: E402

from yimao.web.pyodide_pin import cache_dir, load_pin  # noqa: E402
from yimao.web.pyodide_zips import package_files, package_zip  # noqa: E402
from yimao.web.runtime import PY_DIR, sizes  # noqa: E402

CASE = "/cases/p089-case1/"
DAYS = ("甲子", "乙丑", "丙寅", "丁卯", "戊辰", "己巳", "庚午", "辛未", "壬申", "癸酉")


def source_overlay(site: Path) -> dict[str, bytes]:
    """URL path → bytes that turn the built site into the uncompiled variant."""
    manifest = json.loads((site / PY_DIR / "manifest.json").read_text(encoding="utf-8"))
    stdlib = (cache_dir(load_pin()) / "python_stdlib.zip").read_bytes()
    package = package_zip(package_files(ROOT))
    manifest["stdlib"], manifest["package"] = "src/python_stdlib.zip", "src/yimao-py.zip"
    return {f"/{PY_DIR}/manifest.json": json.dumps(manifest).encode(),
            f"/{PY_DIR}/src/python_stdlib.zip": stdlib,
            f"/{PY_DIR}/src/yimao-py.zip": package}


class Handler(http.server.SimpleHTTPRequestHandler):
    overlay: dict[str, bytes] = {}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def do_GET(self) -> None:
        data = self.overlay.get(self.path.split("?")[0])
        if data is None:
            super().do_GET()
            return
        self.send_response(200)
        kind = "application/json" if self.path.endswith(".json") else "application/zip"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def serve(site: Path, overlay: dict[str, bytes]) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = type("H", (Handler,), {"overlay": overlay})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def one_run(browser: Any, base: str, reruns: int) -> tuple[dict[str, int], list[int], int]:
    context = browser.new_context()
    outside: list[str] = []
    context.on("request", lambda r: None if r.url.startswith(base) else outside.append(r.url))
    page = context.new_page()
    page.goto(base + CASE)
    page.click("form.run-example button[type=submit]")
    page.wait_for_selector(".run-result[data-ms] [data-chart]", timeout=120_000)
    first = json.loads(page.get_attribute(".run-result", "data-first-run") or "{}")
    warm = []
    for k in range(reruns):
        page.fill("form.run-example input[name=day]", DAYS[k % len(DAYS)])
        page.eval_on_selector(".run-result", "e => e.removeAttribute('data-ms')")
        page.click("form.run-example button[type=submit]")
        page.wait_for_selector(".run-result[data-ms]", timeout=60_000)
        warm.append(int(page.get_attribute(".run-result", "data-ms") or -1))
    context.close()
    return first, warm, len(outside)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT / "build" / "html"))
    parser.add_argument("--runs", type=int, default=5, help="cold runs per variant")
    parser.add_argument("--reruns", type=int, default=10, help="warm re-runs after each")
    args = parser.parse_args(argv)
    site = Path(args.site)
    from playwright.sync_api import sync_playwright

    variants = {"as built (bytecode)": serve(site, {}),
                "source stdlib + package": serve(site, source_overlay(site))}
    results: dict[str, list[tuple[dict[str, int], list[int], int]]] = {v: [] for v in variants}
    load_before = os.getloadavg()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        version = browser.version
        for _ in range(args.runs):
            for name, (_, base) in variants.items():  # interleaved
                results[name].append(one_run(browser, base, args.reruns))
        browser.close()
    for httpd, _ in variants.values():
        httpd.shutdown()
    load_after = os.getloadavg()

    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
          f"load {load_before[0]:.2f} → {load_after[0]:.2f}; chromium {version}; "
          f"{args.runs} cold runs per variant, interleaved, {args.reruns} re-runs after each")
    medians = {}
    for name, rows in results.items():
        def med(key: str, rows: list[tuple[dict[str, int], list[int], int]] = rows) -> float:
            return statistics.median(r[0][key] for r in rows)
        warm = [ms for r in rows for ms in r[1]]
        medians[name] = med("total")
        print(f"{name:26} first run {med('total'):7.0f} ms (boot {med('boot'):.0f}, import "
              f"{med('import'):.0f}, chart {med('chart'):.0f}; all: "
              f"{', '.join(str(r[0]['total']) for r in rows)}); re-run median "
              f"{statistics.median(warm):.0f} ms (max {max(warm)}); outside requests "
              f"{sum(r[2] for r in rows)}")
    a, b = medians.values()
    print(f"first run, source / bytecode: {b / a:.2f}×")
    print("\nruntime files a first run downloads (bytes, gzip -9 bytes):")
    rows = sizes(site)
    for name, raw, gz in rows:
        print(f"  {name:45} {raw:>11,} {gz:>11,}")
    print(f"  {'total':45} {sum(r[1] for r in rows):>11,} {sum(r[2] for r in rows):>11,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
