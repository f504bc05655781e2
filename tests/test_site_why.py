"""A chart that explains itself, in chromium (issue 23): on a case page, a rules page and a
/cast/ result, every chart marks at least 20 cells a rule decides (``data-why``); each one,
clicked (or reached with the keyboard and opened with Enter), opens a Korean ``.why`` that
links the book's sentence cited as 立法 x.y.z; each chart's ``ol.derivation`` has at least 8
steps, each linking a passage; the verdict comes first. At 1280 px and at 390 px.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
import test_site_browser as shared
from sitebuild import CHROMIUM

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install chromium fonts-noto-cjk)",
)

HANGUL = re.compile("[가-힣]")
CITED = re.compile(r"^(序|立法|筮類|跋)[^\n]*\d")


base_url = shared.base_url  # the browser tests' server of the built site


def _page(browser: Any, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    return context.new_page()


def _open_every_cell(layout: Any) -> int:
    """Click each explained cell of *layout*: a Korean .why opens under the table, linking a
    passage cited as a reader cites it; clicking the cell again closes it."""
    cells = layout.locator(".chart [data-why]")
    n = cells.count()
    for i in range(n):
        cell = cells.nth(i)
        cell.scroll_into_view_if_needed()
        cell.click()
        why = layout.locator(":scope > .why")
        why.wait_for(state="visible", timeout=10_000)
        assert cell.get_attribute("aria-expanded") == "true"
        assert HANGUL.search(why.locator(".why-text").first.inner_text()), i
        links = why.locator(".why-src a[href*='#p']")
        assert links.count() >= 1, i
        assert CITED.match(links.first.inner_text()), links.first.inner_text()
        cell.click()
        why.wait_for(state="detached", timeout=10_000)
    return n


def _derivation(layout: Any) -> int:
    box = layout.locator(":scope > details.derivation-box")
    if not box.evaluate("d => d.open"):
        box.locator("summary").click()
    steps = box.locator("ol.derivation > li")
    steps.first.wait_for(state="visible", timeout=10_000)
    n = steps.count()
    for i in range(n):
        link = steps.nth(i).locator("a[href*='#p']")
        assert link.count() >= 1 and CITED.match(link.first.inner_text()), i
    return n


@pytest.mark.parametrize("path", ["/cases/p089-case1/", "/rules/lifa-04/"])
def test_each_cell_of_a_built_chart_explains_itself(browser: Any, base_url: str,
                                                    path: str) -> None:
    pg = _page(browser, 1280)
    pg.goto(base_url + path)
    layout = pg.locator(".chart-layout").first
    assert _open_every_cell(layout) >= 20
    assert _derivation(layout) >= 8
    pg.context.close()


def test_the_keyboard_opens_and_closes_a_note(browser: Any, base_url: str) -> None:
    pg = _page(browser, 390)
    pg.goto(base_url + "/cases/p089-case1/")
    layout = pg.locator(".chart-layout").first
    cell = layout.locator("tr:has(td.pos:text-is('1')) td.line")
    assert cell.get_attribute("tabindex") == "0" and cell.get_attribute("role") == "button"
    cell.focus()
    pg.keyboard.press("Enter")
    why = layout.locator(":scope > .why")
    why.wait_for(state="visible")
    text = why.inner_text()
    assert "六親" in text and "納甲 天干" in text and "納甲 地支" in text
    box = why.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert pg.evaluate("document.scrollingElement.scrollWidth") <= 390
    pg.keyboard.press("Escape")
    why.wait_for(state="detached")
    assert pg.evaluate("document.activeElement.classList.contains('line')")
    pg.keyboard.press("Tab")  # the next explained cell is reachable
    assert pg.evaluate("document.activeElement.hasAttribute('data-why')")
    pg.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_cast_result_opens_with_its_verdict_and_explains_itself(browser: Any, base_url: str,
                                                                  width: int) -> None:
    pg = _page(browser, width)
    pg.goto(base_url + "/cast/")
    form = pg.locator("form.run-example")
    for name, value in {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌",
                        "question": "囤積"}.items():
        form.locator(f"input[name={name}]").fill(value)
    form.locator("button[type=submit]").click()
    pg.wait_for_selector(".run-result[data-ms]", timeout=180_000)
    layout = pg.locator(".run-result .chart-layout")
    first = layout.locator(":scope > *").first
    assert first.get_attribute("class") == "verdict"
    verdict = first.inner_text()
    assert "囤積" in verdict and "用神 妻財" in verdict and "應期" in verdict
    assert "p549" not in verdict  # passages cited, not bare ids
    assert layout.locator(":scope > details.derivation-box[open]").count() == 1
    if width == 1280:
        assert _open_every_cell(layout) >= 20
    else:
        layout.locator("tr:has(td.pos:text-is('1')) .role").click()
        why = layout.locator(":scope > .why")
        why.wait_for(state="visible")
        assert "用神" in why.inner_text()
    assert _derivation(layout) >= 8
    assert layout.locator(".chart-topics h4.topic").first.inner_text() == "用神"
    # each finding named by its rule's Korean title (search/rules.json), no code id shown
    title = layout.locator(".chart-findings li[data-rule] .rule-title").first
    title.wait_for(state="visible", timeout=10_000)
    assert HANGUL.search(title.inner_text())
    assert not layout.locator(".chart-findings code").count()
    assert pg.evaluate("document.scrollingElement.scrollWidth") <= width
    pg.context.close()


def test_a_long_page_brings_its_later_examples_in(browser: Any, base_url: str) -> None:
    """/questions/02/ keeps its later examples in template.lazy-view: scrolled to, each comes
    in (its chart explains itself as the first ones do); Ctrl+F brings all of them."""
    pg = _page(browser, 390)
    pg.goto(base_url + "/questions/02/")
    waiting = pg.locator("div.lazy-view")
    before = waiting.count()
    assert before >= 1
    shown = pg.locator(".question-example").count()
    waiting.first.scroll_into_view_if_needed()
    pg.wait_for_function(f"document.querySelectorAll('.question-example').length > {shown}")
    later = pg.locator(".question-example").nth(shown)
    cell = later.locator(".chart [data-why]").first
    cell.scroll_into_view_if_needed()
    cell.click()
    later.locator(".chart-layout > .why").wait_for(state="visible")
    pg.keyboard.press("Control+f")
    pg.wait_for_function("!document.querySelector('div.lazy-view')")
    pg.context.close()
