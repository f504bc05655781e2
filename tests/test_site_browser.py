"""The reading site in a real browser (Debian's chromium driven by Playwright): anchors land
in view, the reading toggle works with and without JavaScript, corrections explain themselves,
the citation control gives the permalink, and a phone gets no sideways scrolling.

Playwright never downloads a browser here: it launches /usr/bin/chromium (``.ci/run`` installs
it with apt-get when missing).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sitebuild import CHROMIUM, Build

# On a developer's machine without chromium the browser tests are skipped; in CI (.ci/run
# installs chromium and sets CI=true) a missing browser is a failure, never a silent skip.
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install chromium fonts-noto-cjk)",
)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def serving(folder: Path, handler: type[http.server.SimpleHTTPRequestHandler] = _Quiet,
            server_class: type[http.server.ThreadingHTTPServer] = http.server.ThreadingHTTPServer,
            ) -> Iterator[http.server.ThreadingHTTPServer]:
    """*folder* served on a free local port (``url(server)``) while the block runs, then
    stopped: the one server of the built site for every browser test (:func:`base_url`; a
    test that must stop it, or count what it sends, opens its own)."""
    server = server_class(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def url(server: http.server.ThreadingHTTPServer) -> str:
    """The root of a :func:`serving` server, without the final slash."""
    return f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="session")
def base_url(site: Build) -> Iterator[str]:
    with serving(site.out) as server:
        yield url(server)


@pytest.fixture
def page(browser, base_url: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    pg = context.new_page()
    pg.on("request", lambda r: requests.append(r.url))
    yield pg
    context.close()
    assert all(u.startswith(base_url) for u in requests), [
        u for u in requests if not u.startswith(base_url)
    ]


def _in_view(pg, selector: str) -> bool:  # type: ignore[no-untyped-def]
    return pg.evaluate(
        """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                   const header = document.querySelector('.site-header').getBoundingClientRect();
                   return r.top >= header.bottom - 1 && r.top < innerHeight; }""",
        selector,
    )


def test_paragraph_anchor_lands_in_view_with_visible_pilcrow(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/02/#p034")
    assert _in_view(page, "#p034")
    pilcrow = page.locator(".passage:has(#p034) a.pilcrow")
    assert pilcrow.is_visible()
    assert pilcrow.get_attribute("href") == "#p034"
    assert "¶" in pilcrow.inner_text()
    page.goto(f"{base_url}/lifa/02/#p034-s1")
    assert _in_view(page, "#p034-s1")
    assert page.locator("#p034-s1 > a.snum").is_visible()


def test_reading_toggle_switches_and_is_remembered(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/02/")
    choice = "#p034-c1"
    assert page.locator(f"{choice} > .ed-edited").is_visible()
    assert not page.locator(f"{choice} > .ed-source").is_visible()
    page.locator("label:has(#reading-diplomatic)").click()
    assert page.locator(f"{choice} > .ed-source").is_visible()
    assert not page.locator(f"{choice} > .ed-edited").is_visible()
    page.goto(f"{base_url}/lifa/12/")  # another page: the choice is remembered
    assert page.locator("#reading-diplomatic").is_checked()
    page.locator("label:has(#reading-corrected)").click()
    page.goto(f"{base_url}/lifa/02/")
    assert page.locator(f"{choice} > .ed-edited").is_visible()


def test_reading_toggle_works_without_javascript(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(f"{base_url}/lifa/02/")
    assert pg.locator("#p034-c1 > .ed-edited").is_visible()
    pg.locator("label:has(#reading-diplomatic)").click()
    assert pg.locator("#p034-c1 > .ed-source").is_visible()
    assert not pg.locator("#p034-c1 > .ed-edited").is_visible()
    context.close()


def test_permanent_link_leads_to_the_sentence(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/p/p043/#p043-s1")
    page.wait_for_url(f"{base_url}/lifa/04/#p043-s1")
    assert _in_view(page, "#p043-s1")


def test_view_shows_one_language(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/04/")
    assert page.locator("#p043").is_visible() and page.locator("#p043-ko").is_visible()
    page.locator("label:has(#view-zh)").click()
    assert page.locator("#p043").is_visible() and not page.locator("#p043-ko").is_visible()
    page.locator("label:has(#view-ko)").click()
    assert not page.locator("#p043").is_visible() and page.locator("#p043-ko").is_visible()
    page.locator("label:has(#view-both)").click()


def test_a_correction_shows_its_reason_on_focus(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/02/")
    why = page.locator("#p034-c1 > .why")
    assert not why.is_visible()
    page.locator("#p034-c1").focus()
    assert why.is_visible()
    assert "교정" in why.inner_text()


def test_citation_gives_ref_and_absolute_permalink(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/04/")
    cite = page.locator(".passage:has(#p043) details.cite")
    cite.locator("summary").click()
    text = cite.locator(".cite-text").inner_text()
    assert "「易冒 立法 4 納甲章 4.2」" in text  # the chapter named by its title too
    assert "http://127.0.0.1:8000/p/p043/" in text  # conf.py's yimao_baseurl (make serve's)
    assert cite.locator("button.copy").first.is_visible()


def test_phone_has_no_sideways_scroll(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    for path in ("/", "/lifa/04/", "/shilei/01/", "/rules/", "/cases/", "/cases/p095-case1/"):
        pg.goto(base_url + path)
        width = pg.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 390, (path, width)
    context.close()


def test_a_contradicted_claim_shows_its_note_on_focus(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/11/")
    mark = page.locator("#p095-case1-c1 .claim-ref")
    pop = mark.locator(".claim-pop")
    assert not pop.is_visible()
    mark.focus()
    assert pop.is_visible()
    assert "어긋남" in pop.inner_text()
    pop.locator("a").click()
    page.wait_for_url(f"{base_url}/cases/p095-case1/#p095-case1-c1")
    assert _in_view(page, "#p095-case1-c1")


def test_rule_mark_leads_to_the_rule(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/lifa/04/")
    link = page.locator("#p042-s1 > a.rule-link").first
    assert link.is_visible()
    link.click()
    page.wait_for_url(f"{base_url}/rules/lifa-04/#r-najia-gan")
    assert _in_view(page, "#r-najia-gan")


@pytest.mark.parametrize(("old", "new"), [
    ("/rules/#r-najia-gan", "/rules/lifa-04/#r-najia-gan"),
    ("/rules/#ex-wushu-dun", "/rules/lifa-01/#ex-wushu-dun"),
])
def test_an_old_rule_permalink_reaches_its_rule(page, base_url: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    """/rules/ was one long page: a link to one of its anchors is taken on to the page that
    holds it now (the split index's own script)."""
    page.goto(base_url + old)
    page.wait_for_url(base_url + new)
    assert _in_view(page, "#" + new.rpartition("#")[2])
