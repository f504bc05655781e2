"""The Run panels in a real browser (Debian's chromium via Playwright): Pyodide served by the
site alone runs compute in the page, on a case page and on /cast/, and again offline.

Every request that does not go to the local server is aborted and counted: there must be
none. Expected charts come from compute in this process (or from the ``yimao`` command), never
from the page. The first run is timed cold (a fresh browser context: runtime downloaded from
the local server, Pyodide started, compute imported, the chart computed) and re-runs warm; the
issue's goals (5 s, 200 ms) are asserted (``tools/bench_runner.py`` gives medians).
"""

from __future__ import annotations

import contextlib
import datetime
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.parse
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import test_site_browser as shared
from sitebuild import CHROMIUM, ROOT, Build

from compute import chart
from yimao.web.serve import SiteHandler, SiteServer

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install chromium fonts-noto-cjk)",
)

FIRST_RUN_MS = 5000  # the goals, on an otherwise idle machine
RERUN_MS = 200


def budget(ms: float) -> float:
    """*ms*, stretched by the machine's load per core when other work shares it (the tests
    of other worktrees, here); on an idle machine (CI) the goal itself."""
    return ms * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))

CASE = "/cases/p089-case1/"
CASE_INPUTS = {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"}
CASE_QUESTION = "shilei-26-q23"  # the 筮類 question p089-case1 answers (its Run panel's)
CAST = {"lines": "987876", "at": "1663-04-12T09:00"}


def expected(**kwargs: str) -> dict[str, Any]:
    """compute's chart in this process, as JSON reads it back."""
    return json.loads(json.dumps(chart(**kwargs).to_dict(), ensure_ascii=False))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``yimao chart`` in Korean (``--lang ko``), as the site speaks."""
    return subprocess.run([sys.executable, "-m", "yimao.cli.main", "chart", *args, "--lang", "ko"],
                          capture_output=True, text=True, timeout=120, check=False)


base_url = shared.base_url  # the browser tests' server of the built site


@dataclass
class Visit:
    """A fresh browser context (empty caches, no service worker yet) and its page."""

    context: Any
    page: Any
    base: str
    outside: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.context.close()
        assert self.outside == [], self.outside  # requests that tried to leave the host
        assert all(u.startswith(self.base + "/") for u in self.requests), [
            u for u in self.requests if not u.startswith(self.base + "/")]


def visit(browser: Any, base: str, **options: Any) -> Visit:
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
    v = Visit(context, None, base)

    def block(route: Any) -> None:
        v.outside.append(route.request.url)
        route.abort()

    context.route(re.compile(rf"^(?!{re.escape(base)}/)"), block)
    context.on("request", lambda r: v.requests.append(r.url))
    v.page = context.new_page()
    return v


@dataclass(frozen=True)
class Result:
    chart: dict[str, Any] | None
    error: str | None
    ms: int
    first: dict[str, int] | None
    links: tuple[str, ...]
    text: str  # what the reader sees in .run-result


def run(page: Any, fields: dict[str, str] | None = None, timeout: float = 60_000) -> Result:
    """Fill *fields* into the page's Run panel, submit, wait for the result."""
    form = page.locator("form.run-example")
    for name, value in (fields or {}).items():
        form.locator(f"input[name={name}]").fill(value)
    page.eval_on_selector(".run-result", "e => e.removeAttribute('data-ms')")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".run-result[data-ms]", timeout=timeout)
    result = page.locator(".run-result")
    data = result.locator("[data-chart]")
    error = result.locator(".run-error-line")
    first = result.get_attribute("data-first-run")
    links = tuple(page.eval_on_selector_all(".run-result a[href]", "as => as.map(a => a.href)"))
    return Result(
        json.loads(data.get_attribute("data-chart") or "null") if data.count() else None,
        error.inner_text() if error.count() else None,
        int(result.get_attribute("data-ms") or -1),
        json.loads(first) if first else None,
        links,
        result.inner_text(),
    )


def test_a_case_page_runs_reruns_and_explains_bad_input(browser: Any, base_url: str) -> None:
    v = visit(browser, base_url)
    page = v.page
    page.goto(base_url + CASE)
    form = page.locator("form.run-example")
    inputs = json.loads(page.get_attribute("article", "data-inputs") or "{}")
    assert inputs == CASE_INPUTS
    for name, value in inputs.items():  # prefilled with the case's inputs
        assert form.locator(f"input[name={name}]").input_value() == value
    for name in ("year", "hour", "birth", "lines", "at", "tz"):
        assert form.locator(f"input[name={name}]").input_value() == ""

    # prefilled with the question the case answers too, so that its 用神 is computed: by the
    # book's words (趨利, asked in no other chapter), not its id (issue 24)
    assert form.locator("input[name=question]").input_value() == "趨利"
    first = run(page)
    assert first.error is None, first.text
    assert first.chart == expected(**CASE_INPUTS, question=CASE_QUESTION)
    assert first.first is not None and first.first["total"] <= budget(FIRST_RUN_MS), first.first

    edited = run(page, {"day": "癸亥", "year": "癸卯"})  # an edited input re-runs
    assert edited.chart == expected(**{**CASE_INPUTS, "day": "癸亥", "year": "癸卯"},
                                    question=CASE_QUESTION)
    assert edited.first is None  # no second start of the runtime
    reruns = [run(page, {"day": day}).ms for day in ("甲子", "乙丑", "丙寅", "丁卯", "戊辰")]
    assert statistics.median(reruns) <= budget(RERUN_MS), reruns

    proc = cli("未濟濟", "坎", "--month", "午", "--day", "壬戌")  # bad input: the CLI's line
    assert proc.returncode == 2
    bad = run(page, {"primary": "未濟濟", "day": "壬戌"})
    assert bad.chart is None
    assert proc.stderr.strip() == f"yimao chart: 오류: {bad.error}"
    assert "「未濟濟」" in bad.error  # Korean, naming the bad value
    assert page.locator(".run-result [data-chart]").count() == 0
    v.close()


def test_cast_page_gives_the_cli_chart_with_passage_links(browser: Any, base_url: str) -> None:
    v = visit(browser, base_url)
    page = v.page
    page.goto(base_url + "/")
    page.locator(".site-nav a", has_text="작괘").click()  # linked from the navigation
    page.wait_for_url(base_url + "/cast/")
    form = page.locator("form.run-example")
    assert all(form.locator(f"input[name={n}]").input_value() == ""
               for n in ("primary", "changed", "month", "day", "lines", "at"))
    result = run(page, CAST)
    proc = cli("--lines", CAST["lines"], "--at", CAST["at"], "--json")
    assert proc.returncode == 0, proc.stderr
    assert result.chart == json.loads(proc.stdout)
    passages = {p for f in result.chart["findings"] for p in f["passages"]}
    linked = {u.rpartition("#")[2] for u in result.links if "/p/" in u}
    assert passages and passages <= linked
    # passages by their permalinks (a term's link goes to its glossary entry)
    assert all(u.startswith(base_url + "/p/p") for u in result.links
               if "#" in u and "/glossary/" not in u)

    seoul = run(page, {"tz": "+09:00"})  # the reader's own clock: the CLI's --tz
    proc = cli("--lines", CAST["lines"], "--at", CAST["at"], "--tz", "+09:00", "--json")
    assert seoul.chart == json.loads(proc.stdout) != result.chart

    bad = run(page, {"at": "1663-04-12 아침"})
    proc = cli("--lines", CAST["lines"], "--at", "1663-04-12 아침", "--tz", "+09:00")
    assert proc.stderr.strip() == f"yimao chart: 오류: {bad.error}"
    v.close()


def _offline_ready(page: Any) -> bool:
    """The service worker controls the page and holds it and every runtime file."""
    return bool(page.evaluate("""async () => {
        if (!navigator.serviceWorker.controller) return false;
        const m = await (await fetch('/_py/manifest.json')).json();
        const runtime = await caches.open('yimao-runtime');
        for (const f of ['manifest.json', ...Object.keys(m.files)]) {
            if (!(await runtime.match('/_py/' + f))) return false;
        }
        return !!(await caches.match(location.href));
    }"""))


def test_offline_after_a_first_visit(browser: Any, site: Build) -> None:
    with shared.serving(site.out) as own:  # stopped below: the network is gone, not only
        base = shared.url(own)             # emulated offline
        v = visit(browser, base)
        page = v.page
        page.goto(base + CASE)
        assert run(page).chart == expected(**CASE_INPUTS, question=CASE_QUESTION)
        deadline = time.monotonic() + 30
        while not _offline_ready(page):
            assert time.monotonic() < deadline, "the service worker did not keep the runtime"
            time.sleep(0.2)
    v.context.set_offline(True)
    page.reload()
    assert page.locator("h1").inner_text().startswith("困")
    offline = run(page, {"day": "癸亥"})
    assert offline.chart == expected(**{**CASE_INPUTS, "day": "癸亥"}, question=CASE_QUESTION)
    assert offline.first is not None  # a new page: the runtime started again, from the cache

    page.goto(base + "/cast/")  # stored when the worker installed
    at = datetime.datetime.fromisoformat(CAST["at"])
    assert run(page, CAST).chart == expected(lines=CAST["lines"], at=at)
    page.goto(base + "/lifa/04/")  # never visited: the worker says so, in Korean
    assert "연결이 없고" in page.locator("body").inner_text()
    v.close()


def test_without_javascript_the_panel_says_so(browser: Any, base_url: str) -> None:
    v = visit(browser, base_url, java_script_enabled=False)
    v.page.goto(base_url + CASE)
    note = v.page.locator(".run-panel noscript, .run-noscript").last
    assert note.is_visible()
    assert "자바스크립트" in note.inner_text()
    v.close()


def test_phone_has_no_sideways_scroll_on_run_pages(browser: Any, base_url: str) -> None:
    v = visit(browser, base_url, viewport={"width": 390, "height": 844})
    for path in ("/cast/", CASE):
        v.page.goto(base_url + path)
        width = v.page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 390, (path, width)
    v.close()


# ------------------------------------------------------------------ bytes on the wire

FIRST_RUN_BYTES = 4_400_000
"""A first Run's download, counted at the server (issue 26: 7.68 MB, then 5.94, then 4.70 with
the trimmed standard library and the Zopfli companions; measured 4.355 MB with asyncio and the
package loader as stand-ins and compute's first-line tables: see yimao/web/runtime.py). The
issue's goal is 4.5 MB."""
FIRST_RUN_BYTES_GZIP9 = 4_580_000
"""The same without the zopfli package (companions made with gzip -9: measured 4.53 MB)."""


class _Meter:
    """A connection's output stream that adds what is written to the request's path."""

    def __init__(self, raw: Any, handler: Any) -> None:
        self.raw, self.handler = raw, handler

    def write(self, data: bytes) -> int:
        path = urllib.parse.urlsplit(getattr(self.handler, "path", "") or "").path
        sent = self.handler.server.sent
        sent[path] = sent.get(path, 0) + len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class _Metered(SiteHandler):
    """``make serve``'s handler (the .gz companion to a browser that takes gzip), counting
    every byte it sends (headers and bodies) by request path."""

    def setup(self) -> None:
        super().setup()
        self.wfile = _Meter(self.wfile, self)  # type: ignore[assignment]

    def do_GET(self) -> None:
        """After a pause for the paths in the server's ``slow`` (seconds by path)."""
        path = urllib.parse.urlsplit(self.path).path
        time.sleep(getattr(self.server, "slow", {}).get(path, 0))
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def _metered(site: Build) -> Iterator[tuple[SiteServer, str]]:
    """The built site served by :class:`_Metered` (which counts what it sends), on the browser
    tests' server helper."""
    with shared.serving(site.out, _Metered, SiteServer) as server:
        server.sent = {}  # type: ignore[attr-defined]
        yield server, shared.url(server)  # type: ignore[misc]


@pytest.mark.parametrize("when", ["at-once", "controlled"])
def test_a_first_run_downloads_the_runtime_compressed_once(browser: Any, site: Build,
                                                           when: str) -> None:
    """A first Run on /cast/ in a fresh browser (no cache, no service worker), served as
    ``make serve`` serves the site: the bytes of the runtime sent over the wire stay under
    :data:`FIRST_RUN_BYTES`, each file is sent once and gzip-encoded, and the size the progress
    line states (the manifest's ``transfer``) is what was sent and what the line says. Run at
    once, while the service worker is still installing (held back by a slow page it
    precaches: the page waits for it to take control, so the runtime is not fetched by the
    page and again by the worker), and after it controls the page."""
    manifest = json.loads((site.out / "_py" / "manifest.json").read_text(encoding="utf-8"))
    said: list[str] = []
    with _metered(site) as (server, url):
        if when == "at-once":
            server.slow = {"/practice/": 6}  # type: ignore[attr-defined]
        v = visit(browser, url)
        v.page.goto(url + "/cast/")
        if when == "controlled":
            v.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
        else:  # the worker is still installing: the Run starts before it controls the page
            assert v.page.evaluate("!navigator.serviceWorker.controller")
        v.page.evaluate("""() => { window.__said = [];
            const s = document.querySelector('.run-status');
            new MutationObserver(() => window.__said.push(s.textContent))
              .observe(s, {childList: true, characterData: true, subtree: true}); }""")
        at = datetime.datetime.fromisoformat(CAST["at"])
        assert run(v.page, CAST).chart == expected(lines=CAST["lines"], at=at)
        said = v.page.evaluate("window.__said")
        deadline = time.monotonic() + 30  # the service worker kept the runtime: not again
        while not _offline_ready(v.page):
            assert time.monotonic() < deadline, "the service worker did not keep the runtime"
            time.sleep(0.2)
        v.close()
    sent: dict[str, int] = server.sent  # type: ignore[attr-defined]
    py = {path: n for path, n in sent.items() if path.startswith("/_py/")}
    size = f"약 {manifest['transfer'] / 1e6:.1f} MB"  # the progress line, from the manifest
    assert any(size in line for line in said), said
    for name in manifest["files"]:  # each once, as its .gz companion (and headers)
        gz = (site.out / "_py" / f"{name}.gz").stat().st_size
        assert gz <= py[f"/_py/{name}"] < gz + 2_000, name
    total = sum(py.values())
    print(f"first Run: {total:,} bytes sent for /_py/ ({len(py)} files), "
          f"manifest transfer {manifest['transfer']:,}")
    assert abs(total - manifest["transfer"]) < 10_000  # the progress line's figure is true
    has_zopfli = importlib.util.find_spec("zopfli") is not None
    assert total <= (FIRST_RUN_BYTES if has_zopfli else FIRST_RUN_BYTES_GZIP9), total


SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}});"


@pytest.mark.parametrize("answer", [False, True])
def test_on_save_data_the_panel_asks_before_downloading(browser: Any, site: Build,
                                                        answer: bool) -> None:
    """With Save-Data on (``navigator.connection.saveData``), a first Run asks, in Korean and
    with the size of the download, before fetching the runtime: declined, nothing of the
    runtime but its manifest is sent and the panel says why; accepted, the chart comes."""
    asked: list[str] = []

    def dialog(d: Any) -> None:
        asked.append(d.message)
        d.accept() if answer else d.dismiss()

    with _metered(site) as (server, url):
        v = visit(browser, url)
        v.context.add_init_script(SAVE_DATA)
        v.page.on("dialog", dialog)
        v.page.goto(url + "/cast/")
        result = run(v.page, CAST)
        if answer:
            at = datetime.datetime.fromisoformat(CAST["at"])
            assert result.chart == expected(lines=CAST["lines"], at=at)
        else:
            assert result.chart is None and "데이터 절약 모드" in result.text, result.text
        v.close()
    manifest = json.loads((site.out / "_py" / "manifest.json").read_text(encoding="utf-8"))
    assert len(asked) == 1 and "데이터 절약 모드" in asked[0], asked
    assert f"{manifest['transfer'] / 1e6:.1f} MB" in asked[0], asked
    sent = {p for p in server.sent if p.startswith("/_py/")}  # type: ignore[attr-defined]
    if answer:
        assert {f"/_py/{n}" for n in manifest["files"]} <= sent
    else:
        assert sent <= {"/_py/manifest.json"}, sent


# ------------------------------------------------------------------ without node


def _site_without_node(site: Build, dest: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A copy of the built site whose runtime is packaged as on a machine without node
    (``PATH`` holds no node, the compiled cache is empty): hard links for the pages, the
    runtime and the service worker written anew; returns the new manifest."""
    from yimao.web.pyodide_pin import CACHE, load_pin
    from yimao.web.runtime import write_runtime, write_service_worker

    def link_or_copy(src: str, dst: str) -> None:
        if "/_py/" in src or src.endswith("/sw.js"):  # written again below: own copies
            shutil.copy2(src, dst)
        else:
            os.link(src, dst)

    out = dest / "html"
    shutil.copytree(site.out, out, copy_function=link_or_copy)
    cache = dest / "cache"
    cache.mkdir()
    version = load_pin().version
    (cache / version).symlink_to(CACHE / version)  # the verified release, read only
    empty = dest / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setitem(sys.modules, "zopfli.gzip", None)  # gzip -9: seconds, not minutes
    assert shutil.which("node") is None
    runtime = write_runtime(out, cache=cache)
    write_service_worker(out, ROOT / "site" / "_templates", runtime)
    return runtime


def test_without_node_the_sources_are_served_and_a_run_works(
        browser: Any, site: Build, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python and make are enough (issue 26): without node the build cannot compile the Run
    panels' Python ahead of time and serves it as source (compute's modules, and the standard
    library trimmed to what Pyodide's start and compute import: measured 4.39 MB for a first
    Run with Zopfli, 4.55 with gzip -9, 6.0 MB untrimmed); a first Run in chromium still gives
    compute's chart, from a date and with a 筮類 question."""
    runtime = _site_without_node(site, tmp_path, monkeypatch)
    out = tmp_path / "html"
    package = zipfile.ZipFile(out / "_py" / runtime["package"])
    assert "compute/runner.py" in package.namelist()
    assert not [n for n in package.namelist() if n.endswith(".pyc")]
    names = set(zipfile.ZipFile(out / "_py" / runtime["stdlib"]).namelist())
    assert {"json/__init__.py", "_pyodide/jsbind.py", "asyncio/__init__.py"} <= names
    assert not names & {"asyncio/tasks.py", "pydoc.py", "unittest/__init__.py", "socket.py"}
    assert runtime["transfer"] < 4_650_000, runtime["transfer"]  # gzip -9 here
    with shared.serving(out) as own:
        base = shared.url(own)
        v = visit(browser, base)
        v.page.goto(base + "/cast/")
        at = datetime.datetime.fromisoformat(CAST["at"])
        asked = {**CAST, "question": CASE_QUESTION}
        assert run(v.page, asked, timeout=180_000).chart == expected(
            lines=CAST["lines"], at=at, question=CASE_QUESTION)
        v.close()
