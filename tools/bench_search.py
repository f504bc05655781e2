"""A cold search on a throttled phone: /search/?q=… in Debian's chromium, served by make serve.

    python tools/bench_search.py [--query 用神] [--runs 3] [SITE]

Each run is a fresh browser context (empty HTTP cache, no service worker) with Lighthouse's
"slow 4G" network (150 ms round trip, 1.6 Mbit/s down, 0.75 Mbit/s up) and the CPU slowed 4×
(Chrome DevTools Protocol). Printed: the machine, then per run the time from the query's
start to its results on screen (the page's own data-ms), the time from navigation to the
results, and the search files fetched with the bytes they took on the wire (as sent: make
serve sends a file's .gz companion to a browser that takes gzip). Medians at the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

import bench_serve  # noqa: E402
from sitebuild import ARGS, CHROMIUM  # noqa: E402

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_638_400 / 8,
           "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", type=Path, default=ROOT / "build" / "html")
    ap.add_argument("--query", default="用神")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    if not (args.site / "search" / "manifest.json").is_file():
        print(f"bench_search: error: {args.site} has no search index: run make site first",
              file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    print(f"machine: {os.cpu_count()} CPUs, {platform.machine()}; chromium {CHROMIUM}; "
          f"slow 4G (150 ms, 1.6 Mbit/s), CPU ÷{CPU_SLOWDOWN}; query {args.query}")
    query_ms, total_ms, wire = [], [], []
    with bench_serve.serving(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_4G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            urls: dict[str, str] = {}
            sizes: dict[str, float] = {}
            cdp.on("Network.requestWillBeSent",
                   lambda e, urls=urls: urls.__setitem__(e["requestId"], e["request"]["url"]))
            cdp.on("Network.loadingFinished",
                   lambda e, sizes=sizes: sizes.__setitem__(e["requestId"],
                                                            e["encodedDataLength"]))
            page.goto(f"{base}/search/?q={quote(args.query)}")
            page.wait_for_selector("#search-results[data-done-ms]", timeout=120_000)
            q = float(page.get_attribute("#search-results .search-status", "data-ms") or 0)
            t = page.evaluate("() => performance.now()")
            got = {urls[k]: v for k, v in sizes.items()
                   if k in urls and "/search/" in urls[k] and urls[k].endswith(".json")}
            query_ms.append(q)
            total_ms.append(t)
            wire.append(sum(got.values()))
            print(f"run {run + 1}: query {q:7.0f} ms, navigation to results {t:7.0f} ms, "
                  f"{len(got)} search files, {sum(got.values()) / 1e3:6.1f} KB on the wire")
            context.close()
        browser.close()
    print(f"median: query {statistics.median(query_ms):.0f} ms, navigation to results "
          f"{statistics.median(total_ms):.0f} ms, {statistics.median(wire) / 1e3:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
