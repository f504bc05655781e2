"""Every reading view at every width, measured in chromium: at 320, 390 and 1280 px no element
reaches past the viewport, no text wraps in a column narrower than 12 characters, and no two
runs of text are drawn over each other (tests/layout_probe.js measures the bounding boxes).

The reading pages are measured in every combination of the settings (대역 / 원문 / 번역,
교정본 / 원문 그대로, sentence numbers on and off): the settings are remembered, so a view that
breaks on one page breaks every page after it.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
import test_site_browser as shared
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


base_url = shared.base_url  # the browser tests' server of the built site


@pytest.mark.parametrize("width", WIDTHS)
def test_no_view_overflows_squeezes_or_overlaps(browser, base_url: str, width: int) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    problems: list[str] = []
    try:
        for path in PAGES:
            page.goto(base_url + path)
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


def test_the_probe_sees_a_squeezed_column(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """The probe is not blind: the phone view's old fault (the translation alone placed in the
    desktop's columns 2 to 4, the gutter squeezed to a strip) is reported."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base_url + "/lifa/26/")
    page.add_style_tag(content=".passage > .ko { grid-column: 2 / 4 !important; }")
    page.locator("label:has(#view-ko)").click()
    found = page.evaluate(PROBE)
    context.close()
    assert any(p.startswith("narrow:") for p in found), found
    page_overlap = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page_overlap.goto(base_url + "/lifa/26/")
    page_overlap.add_style_tag(content=".passage > .zh { margin-top: -2.5rem; }")
    found = page_overlap.evaluate(PROBE)
    page_overlap.context.close()
    assert any(p.startswith("overlap:") for p in found), found


@pytest.mark.parametrize("width", (320, 390, 1280))
def test_cite_box_wraps_and_closes(browser, base_url: str, width: int) -> None:  # type: ignore[no-untyped-def]
    """The open 인용 box stays inside the screen with its lines wrapped, and closes on a tap
    outside it and on Escape."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.goto(base_url + "/lifa/04/")
    cite = page.locator(".passage:has(#p043) details.cite")
    cite.locator("summary").click()
    box = cite.locator(".cite-box")
    assert box.is_visible()
    found = page.evaluate(PROBE, ".passage:has(#p043) .cite-box")
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


# ------------------------------------------------------------------ finding one's way

def test_prev_next_named_and_visible_on_every_page_type(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """Previous and next are named (the chapter or case they lead to) and shown at 390 px on
    chapter, question, rule and case pages."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for path, prev_name, next_name in (
        ("/lifa/26/", "月破章", "日沖章"),
        ("/questions/14/", "痘疹章", "醫藥章"),
        ("/rules/lifa-04/", "", ""),
        ("/cases/p095-case1/", "", ""),
    ):
        page.goto(base_url + path)
        for cls, name in (("prev", prev_name), ("next", next_name)):
            link = page.locator(f"nav.divnav-top a.{cls}")
            assert link.is_visible(), (path, cls)
            title = link.locator(".t")
            assert title.is_visible() and len(title.inner_text().strip()) >= 2, (path, cls)
            assert name in title.inner_text(), (path, cls, title.inner_text())
    context.close()


def test_chapter_contents_and_the_buttons_that_stay(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base_url + "/shilei/14/")
    toc = page.locator("#chapter-toc")
    toc.locator("summary").click()
    paras = toc.locator(".toc-paras li a")
    assert paras.count() == page.locator("section.passage").count()
    questions = toc.locator(".toc-questions li")
    assert questions.count() == 10 and "症候" in questions.first.inner_text()
    float_nav = page.locator(".float-nav")
    assert not float_nav.is_visible()  # at the top the header is at hand
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    page.wait_for_function("document.documentElement.classList.contains('scrolled')")
    assert float_nav.locator(".to-top").is_visible()
    toc.locator("summary").click()  # closed again; 「차례」 opens it
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    page.wait_for_function("document.documentElement.classList.contains('scrolled')")
    float_nav.locator(".to-toc").click()
    page.wait_for_function("document.querySelector('#chapter-toc details').open")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    float_nav.locator(".to-top").click()
    page.wait_for_function("window.scrollY < 50")
    assert page.locator("label:has(#view-ko)").is_visible()  # the settings
    context.close()


# ------------------------------------------------------------------ casting

def test_cast_helpers(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """「지금」 and the picker fill 일시; three coins six times fill the six lines with
    their 單拆重交 shown; 「재물」 finds the 財 questions, grouped by chapter; placeholders
    say 「예:」."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  timezone_id="Asia/Seoul")
    page = context.new_page()
    page.goto(base_url + "/cast/")
    form = page.locator("form.run-example")
    placeholders = form.locator("input[name][placeholder]")
    assert placeholders.count() >= 10
    assert all(p.startswith("예: ") for p in
               placeholders.evaluate_all("xs => xs.map(x => x.placeholder)"))

    form.locator("button.run-now").click()
    at = form.locator("input[name=at]").input_value()
    assert len(at) == 16 and at[4] == "-" and at[10] == "T", at
    assert form.locator("input[name=tz]").input_value() == "Asia/Seoul"
    form.locator("input.run-picker").fill("2024-03-05T14:30")
    assert form.locator("input[name=at]").input_value() == "2024-03-05T14:30"

    form.locator("input[name=primary]").fill("困")
    page.locator(".coin-helper summary").click()
    coins = page.locator(".coin")
    expected = []
    for backs, (name, digit) in zip((1, 2, 3, 0, 1, 2), (("單", "7"), ("拆", "8"), ("重", "9"),
                                                         ("交", "6"), ("單", "7"), ("拆", "8")),
                                    strict=True):
        for i in range(3):
            pressed = coins.nth(i).get_attribute("aria-pressed") == "true"
            if pressed != (i < backs):
                coins.nth(i).click()
        page.locator(".coin-add").click()
        expected.append(digit)
        assert f"→ {name} ({digit}" in page.locator(".coin-tosses li").last.inner_text()
    assert form.locator("input[name=lines]").input_value() == "".join(expected)
    assert form.locator("input[name=primary]").input_value() == ""  # the coins decide

    form.locator(".q-search").fill("재물")
    groups = form.locator(".q-list optgroup")
    options = form.locator(".q-list option")
    assert groups.count() >= 5 and options.count() >= 20
    # each found question speaks of 財 (재물) itself, or is a question of a 財 chapter (求財)
    texts = options.evaluate_all("xs => xs.map(x => x.parentElement.label + ' ' + x.textContent)")
    assert all("財" in t or "재물" in t for t in texts), [t for t in texts if "財" not in t][:3]
    labels = groups.evaluate_all("xs => xs.map(x => x.label)")
    numbers = [int(label.split()[1]) for label in labels]
    assert numbers == sorted(numbers)  # in book order
    form.locator(".q-list").select_option(index=0)
    assert form.locator("input[name=question]").input_value().startswith("shilei-")
    context.close()


DATES = [  # (typed, zone typed, what compute is handed: at, tz)
    ("2024-03-05T14:30", "", "2024-03-05T14:30", ""),
    ("2024.03.05 14:30", "KST", "2024-03-05T14:30", "+09:00"),
    ("2024년 3월 5일 14시 30분", "Asia/Seoul", "2024-03-05T14:30", "+09:00"),
    ("2024년 3월 5일 오후 2시", "+9", "2024-03-05T14:00", "+09:00"),
    ("2024-03-05", "", "2024-03-05T12:00", ""),
    ("2024/3/5 09:05 Asia/Shanghai", "", "2024-03-05T09:05", "+08:00"),
    ("2024-07-01 12:00", "America/New_York", "2024-07-01T12:00", "-04:00"),  # summer time
    ("1663-04-12T09:00", "UTC+8", "1663-04-12T09:00", "+08:00"),
]


def test_dates_and_zones_as_people_write_them(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """What the cast form hands compute (an ISO date-time and a ±HH:MM offset), read from the
    forms people type; a 干支 date fills the pillar fields. compute/inputs.py should come to
    accept these itself."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base_url + "/cast/")
    read = "([at, tz]) => window.yimaoInputs.normalised({at: at, tz: tz}).fields"
    got = [page.evaluate(read, [typed, tz]) for typed, tz, _, _ in DATES]
    ganzhi = page.evaluate(read, ["甲辰年 寅月 癸酉日 丁巳時", ""])
    context.close()
    assert [(g["at"], g["tz"]) for g in got] == [(at, tz) for _, _, at, tz in DATES]
    assert ganzhi == {"at": "", "tz": "", "year": "甲辰", "month": "寅", "day": "癸酉",
                      "hour": "丁巳"}


def test_a_case_panel_is_prefilled_with_its_question(site: Build) -> None:
    from lxml import html

    page = html.parse(str(site.out / "cases" / "p089-case1" / "index.html")).getroot()
    # the question as the book words it (趨利, shilei-26-q23), not its id (issue 24)
    assert page.xpath("//form[@class='run-example']//input[@name='question']/@value") == [
        "趨利"]


@pytest.mark.parametrize("width", (320, 360))
def test_charts_fit_a_phone(browser, base_url: str, width: int) -> None:  # type: ignore[no-untyped-def]
    """At phone widths every chart shows each line's 變爻 and 伏神 within the screen (under the
    line, not scrolled away), and the 용신 mark of /questions/ stays visible."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    for path in ("/cases/p095-case1/", "/questions/14/", "/rules/lifa-04/"):
        page.goto(base_url + path)
        cells = page.evaluate("""() => [...document.querySelectorAll(
              'table.chart td.chg:not(:empty), table.chart td.fu:not(:empty), table.chart td.line')]
            .filter(td => td.closest('details') === null || td.closest('details').open)
            .map(td => { const r = td.getBoundingClientRect(); return [r.left, r.right]; })""")
        assert cells, path
        assert all(0 <= left and right <= width for left, right in cells), path
        if path.startswith("/questions/"):
            assert page.locator("table.chart .mark-label").first.is_visible()
    context.close()
