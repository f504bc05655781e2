"""A new release reaches a reader who has the old one (chromium, the service worker, make serve).

A copy of the built site is served by ``yimao.web.serve``; a reader visits it (the service
worker installs and stores the pages); then a release is made in the copy as a rebuild would
make it: every page gains a line of text, the stylesheet changes (so its digest, in every
page's link, changes) and ``sw.js`` is written again by the build's own function. The reader
then follows a link, reloads, and goes offline: each time the new text, and never a page of
one release with the other release's stylesheet.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_site_browser as shared
from sitebuild import ROOT, Build

from yimao.web.runtime import asset_digest, write_service_worker

sys.path.insert(0, str(ROOT / "tools"))

import bench_serve  # noqa: E402

pytestmark = shared.pytestmark
MARK = '<p id="release-mark">둘째 판</p>'


@pytest.fixture(scope="module")
def copy(site: Build, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    out = tmp_path_factory.mktemp("release") / "html"
    shutil.copytree(site.out, out)
    with bench_serve.serving(out) as base:
        yield out, base


def release(out: Path) -> str:
    """The next release, made in the served copy; returns the new worker's version."""
    css = out / "_static" / "yimao.css"
    old = asset_digest(css)
    css.write_text(css.read_text(encoding="utf-8") + '\n:root { --release: "2"; }\n',
                   encoding="utf-8")
    new = asset_digest(css)
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        html = html.replace(f"yimao.css?v={old}", f"yimao.css?v={new}")
        html = re.sub(r'(<main id="main"[^>]*>)', r"\1" + MARK, html, count=1)
        page.write_text(html, encoding="utf-8")
    manifest = json.loads((out / "_py" / "manifest.json").read_text(encoding="utf-8"))
    return write_service_worker(out, ROOT / "site" / "_templates", manifest)


def state(page: Any) -> tuple[bool, str]:
    """(the page holds the new text, the release its stylesheet says)."""
    return (page.locator("#release-mark").count() == 1, page.evaluate(
        "() => getComputedStyle(document.documentElement).getPropertyValue('--release').trim()"))


def wait(page: Any, script: str, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_a_new_release_is_seen_at_once_and_never_mixed(browser: Any,
                                                       copy: tuple[Path, str]) -> None:
    out, base = copy
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(base + "/")
        wait(page, "() => !!navigator.serviceWorker.controller", "no service worker")
        for path in ("/lifa/04/", "/shilei/01/", "/"):
            page.goto(base + path)
        wait(page, """async () => !!(await caches.match(new URL('lifa/04/', location.href).href))
                && !!(await caches.match(location.href))""", "the worker stored no page")
        assert state(page) == (False, "")
        version = release(out)

        page.click("a[href$='shilei/01/']")  # the old page's link
        page.wait_for_url(re.compile(r"/shilei/01/$"))
        assert state(page) == (True, '"2"'), "by link"
        page.reload()
        assert state(page) == (True, '"2"'), "by reload"

        wait(page, f"""async () => {{ const names = await caches.keys();
                return names.includes('yimao-pages-{version}')
                    && !names.some(n => n.startsWith('yimao-pages-') && !n.endsWith('{version}'))
                    && !!(await caches.match(new URL('../../lifa/04/', location.href).href)); }}""",
             "the new worker did not take over and refresh the stored pages")
        context.set_offline(True)
        page.goto(base + "/lifa/04/")  # stored under the old release, not visited since
        assert state(page) == (True, '"2"'), "offline"
    finally:
        context.close()
