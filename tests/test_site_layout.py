"""Every reading view at every width, measured in chromium: at 320, 390 and 1280 px no element
reaches past the viewport, no text wraps in a column narrower than 12 characters, and no two
runs of text are drawn over each other (tests/layout_probe.js measures the bounding boxes).

The reading pages are measured in every combination of the settings (대역 / 원문 / 번역,
교정본 / 원문 그대로, sentence numbers on and off): the settings are remembered, so a view that
breaks on one page breaks every page after it.
"""

from __future__ import annotations

import functools
import http.server
import itertools
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sitebuild import CHROMIUM, Build

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install chromium fonts-noto-cjk)",
)

PROBE = (Path(__file__).parent / "layout_probe.js").read_text(encoding="utf-8")
WIDTHS = (320, 390, 1280)
PAGES = (
    "/lifa/26/",            # a chapter with editors' notes, corrections and worked-example links
    "/shilei/14/",          # a long 筮類 chapter (its contents, its question list)
    "/cases/p095-case1/",   # a case page: the chart, the Run panel, the claims
    "/rules/lifa-04/",      # a rules page: worked examples with charts
    "/questions/14/",       # a chapter's questions, each with a chart
    "/cast/",               # the cast form and its helpers
)
VIEWS = ("view-both", "view-zh", "view-ko")
READINGS = ("reading-corrected", "reading-diplomatic")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def served(site: Build) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site.out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("width", WIDTHS)
def test_no_view_overflows_squeezes_or_overlaps(browser, served: str, width: int) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    problems: list[str] = []
    try:
        for path in PAGES:
            page.goto(served + path)
            settings: list[tuple[str, ...]] = [()]
            if page.locator("#view-zh").count():
                settings = list(itertools.product(VIEWS, READINGS, ("snum", "no-snum")))
            for setting in settings:
                if setting:
                    view, reading, snum = setting
                    page.locator(f"label:has(#{view})").click()
                    page.locator(f"label:has(#{reading})").click()
                    page.locator("#show-snum").set_checked(snum == "snum")
                found = page.evaluate(PROBE)
                problems += [f"{path} {' '.join(setting)}: {p}" for p in found[:5]]
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width, path
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_the_probe_sees_a_squeezed_column(browser, served: str) -> None:  # type: ignore[no-untyped-def]
    """The probe is not blind: the phone view's old fault (the translation alone placed in the
    desktop's columns 2 to 4, the gutter squeezed to a strip) is reported."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served + "/lifa/26/")
    page.add_style_tag(content=".passage > .ko { grid-column: 2 / 4 !important; }")
    page.locator("label:has(#view-ko)").click()
    found = page.evaluate(PROBE)
    context.close()
    assert any(p.startswith("narrow:") for p in found), found
    page_overlap = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page_overlap.goto(served + "/lifa/26/")
    page_overlap.add_style_tag(content=".passage > .zh { margin-top: -2.5rem; }")
    found = page_overlap.evaluate(PROBE)
    page_overlap.context.close()
    assert any(p.startswith("overlap:") for p in found), found


@pytest.mark.parametrize("width", (320, 390, 1280))
def test_cite_box_wraps_and_closes(browser, served: str, width: int) -> None:  # type: ignore[no-untyped-def]
    """The open 인용 box stays inside the screen with its lines wrapped, and closes on a tap
    outside it and on Escape."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.goto(served + "/lifa/04/")
    cite = page.locator(".passage:has(#p043) details.cite")
    cite.locator("summary").click()
    box = cite.locator(".cite-box")
    assert box.is_visible()
    found = [p for p in page.evaluate(PROBE) if "cite" in p]
    assert not found, found
    right = page.evaluate("document.querySelector('.passage:has(#p043) .cite-box')"
                          ".getBoundingClientRect().right")
    assert right <= width
    page.locator(".division-head h1").click()  # outside the box (plain text, no link)
    assert page.url.endswith("/lifa/04/") and not box.is_visible()
    cite.locator("summary").click()
    assert box.is_visible()
    page.keyboard.press("Escape")
    assert not box.is_visible()
    context.close()
