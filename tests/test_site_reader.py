"""A reader's checks of the built site: no broken link or anchor (a crawl of every page), a
favicon, contrast of all text (computed in chromium from the CSS, light and dark), tap targets
of 24 px on a phone, tab stops that do not grow with the sentences, no column cut off on a
phone without a scroll cue, the permalink highlight on both languages, and a dark mode that
follows the reader's setting."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import test_site_browser as shared
from lxml import html
from sitebuild import Build

base_url, page = shared.base_url, shared.page  # the browser tests' fixtures
browser_only = shared.pytestmark

PAGES = ("/", "/lifa/04/", "/shilei/01/", "/front/wang/", "/rules/", "/rules/lifa-04/", "/cases/",
         "/cases/p095-case1/", "/search/?q=%E7%A9%BA", "/cast/", "/about/", "/principles/")
LINKS = {"a": "href", "link": "href", "script": "src", "img": "src", "form": "action"}


def _ids(path: Path, cache: dict[Path, set[str]]) -> set[str]:
    if path not in cache:
        doc = html.fromstring(path.read_bytes())
        cache[path] = set(doc.xpath("//@id")) | set(doc.xpath("//a/@name"))
    return cache[path]


def test_no_broken_link_or_anchor(site: Build) -> None:
    """Every local href/src/action of every page names a file of the build, and every
    #fragment an id of its target page."""
    cache: dict[Path, set[str]] = {}
    broken: list[str] = []
    pages = sorted(site.out.rglob("*.html"))
    for page_path in pages:
        doc = html.fromstring(page_path.read_bytes())
        for tag, attr in LINKS.items():
            for el in doc.iter(tag):
                ref = el.get(attr)
                if ref is None or re.match(r"^[a-z][a-z0-9+.-]*:", ref):
                    continue  # absolute URLs (the configured base URL, http://…) are not crawled
                if ref.startswith("##"):
                    broken.append(f"{page_path}: {ref}")
                    continue
                parts = urlsplit(ref)
                target = (page_path.parent / unquote(parts.path)).resolve() if parts.path \
                    else page_path
                if target.is_dir():
                    target = target / "index.html"
                if not target.is_file():
                    broken.append(f"{page_path.relative_to(site.out)}: {ref}")
                    continue
                if parts.fragment and target.suffix == ".html" and \
                        unquote(parts.fragment) not in _ids(target, cache):
                    broken.append(f"{page_path.relative_to(site.out)}: {ref}")
    print(f"crawl: {len(pages)} pages, {len(cache)} anchor targets")
    assert len(pages) > 900
    assert not broken, broken[:20]


def test_every_page_names_its_favicon(site: Build) -> None:
    for f in [site.out / "index.html", site.out / "lifa" / "04" / "index.html",
              site.out / "search" / "index.html"]:
        icons = html.fromstring(f.read_bytes()).xpath("//link[@rel='icon']/@href")
        # the URL carries the file's digest (?v=…, a release's own copy)
        assert icons and (f.parent / icons[0].partition("?")[0]).resolve().is_file(), f


@browser_only
def test_no_request_fails(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    for path in ("/", "/lifa/04/", "/search/?q=%E6%97%AC%E7%A9%BA"):
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
    assert not failed, failed


CONTRAST = """() => {
  function parse(c) { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
  function over(top, bottom) { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]); }
  function lum(c) { const f = v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }
  function background(el) { const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
    let out = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) out = over(layers[i], out);
    return out; }
  const fails = []; let checked = 0;
  for (const el of document.body.querySelectorAll("*")) {
    if (!Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (el.closest(".vh, .skip")) continue;
    const cs = getComputedStyle(el), bg = background(el), fg = over(parse(cs.color), bg);
    const a = lum(fg), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight) >= 700;
    checked++;
    if (ratio < ((size >= 24 || (size >= 18.66 && bold)) ? 3 : 4.5))
      fails.push(el.tagName.toLowerCase() + "." + el.className + " «" +
                 el.textContent.trim().slice(0, 10) + "» " + ratio.toFixed(2));
  }
  return {checked, fails, paper: getComputedStyle(document.body).backgroundColor,
          ink: getComputedStyle(document.body).color};
}"""


@browser_only
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_is_at_least_aa(browser, base_url: str, scheme: str) -> None:  # type: ignore[no-untyped-def]
    """WCAG AA: 4.5:1 for text, 3:1 for large text, every visible text node of each page,
    its colour and background as chromium computes them from the CSS."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    pg = context.new_page()
    papers = set()
    for path in PAGES:
        pg.goto(base_url + path)
        pg.wait_for_load_state("networkidle")
        result = pg.evaluate(CONTRAST)
        assert result["checked"] > 10, path
        assert not result["fails"], (path, result["fails"][:10])
        papers.add(result["paper"])
    context.close()
    dark = papers == {"rgb(27, 26, 24)"}
    assert dark == (scheme == "dark"), papers  # the dark mode follows the reader's setting


TARGETS = """() => {
  const sel = "a[href], button, summary, select, textarea, " +
    "input:not([type=radio]):not([type=checkbox]), label:has(input[type=radio]), " +
    "label:has(input[type=checkbox]), [tabindex]:not([tabindex='-1'])";
  const all = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest(".why, .vh, .skip")) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    // the inline exception of WCAG 2.5.8: a corrected character is a word of the sentence
    if (el.matches(".choice, .tnote")) continue;
    all.push({el, r, small: r.width < 24 || r.height < 24});
  }
  function dist(x, y, r) {
    const dx = Math.max(r.left - x, 0, x - r.right), dy = Math.max(r.top - y, 0, y - r.bottom);
    return Math.hypot(dx, dy); }
  const fails = [];
  for (const t of all) {
    if (!t.small) continue;
    const x = (t.r.left + t.r.right) / 2, y = (t.r.top + t.r.bottom) / 2;
    // the spacing exception: a 24 px circle on it meets no other target nor another's circle
    const clash = all.find(o => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) && (
      dist(x, y, o.r) < 12 || (o.small && Math.hypot(x - (o.r.left + o.r.right) / 2,
                                                     y - (o.r.top + o.r.bottom) / 2) < 24)));
    if (clash) fails.push(t.el.tagName.toLowerCase() + "." + t.el.className + " «" +
      t.el.textContent.trim().slice(0, 10) + "» " + Math.round(t.r.width) + "x" +
      Math.round(t.r.height) + " near " + clash.el.className);
  }
  return {count: all.length, fails};
}"""


@browser_only
def test_tap_targets_on_a_phone(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """WCAG 2.5.8 on a 390×844 phone: every target is 24×24 px or has 24 px of room."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    pg = context.new_page()
    for path in PAGES:
        pg.goto(base_url + path)
        pg.wait_for_load_state("networkidle")
        result = pg.evaluate(TARGETS)
        assert result["count"] > 5, path
        assert not result["fails"], (path, len(result["fails"]), result["fails"][:8])
    for what in ("a.snum", ".cite summary"):
        pg.goto(base_url + "/lifa/04/")
        box = pg.locator(what).first.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, (what, box)
    context.close()


TAB_STOPS = """() => {
  const stops = Array.from(document.querySelectorAll(
      "a[href], button, summary, input, select, textarea, [tabindex]"))
    .filter(e => e.tabIndex >= 0 && !e.disabled && e.checkVisibility({visibilityProperty: true}));
  const marks = stops.filter(e => e.matches(
    ".choice, .tnote, .rule-link, .rule-ref, .claim-ref, .claim-mark, .noteref, .gl"));
  return {stops: stops.length, marks: marks.length,
          snums: stops.filter(e => e.matches(".snum")).length,
          sentences: document.querySelectorAll(".snum").length,
          rows: document.querySelectorAll("section.passage").length};
}"""


def test_sentence_numbers_are_not_tab_stops_in_html(site: Build) -> None:
    for f in sorted(site.out.glob("*/*/index.html")):
        snums = html.fromstring(f.read_bytes()).xpath("//a[contains(@class, 'snum')]")
        assert all(a.get("tabindex") == "-1" for a in snums), f


@browser_only
def test_tab_stops_grow_with_passages_not_sentences(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """A sentence number is a link (its permanent address) but not a tab stop: besides the
    page's frame (header, chapter links) and the marked words of the text (corrections,
    rule and claim marks), a passage has its ¶ link, 인용 and its actions."""
    worst = 0.0
    for path in ("/lifa/04/", "/shilei/01/", "/lifa/16/", "/lifa/37/", "/front/wang/"):
        page.goto(base_url + path)
        n = page.evaluate(TAB_STOPS)
        assert n["snums"] == 0 and n["sentences"] > n["rows"], (path, n)
        worst = max(worst, (n["stops"] - n["marks"] - 30) / n["rows"])
    print(f"tab stops per passage besides the page's frame and the marked words: {worst:.1f}")
    assert worst <= 4


@browser_only
def test_permalink_highlights_both_languages(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    def bg(sel: str) -> str:
        return page.evaluate(f"getComputedStyle(document.querySelector('{sel}'))"
                             ".backgroundColor")

    page.goto(f"{base_url}/lifa/04/")
    plain = bg("#p043-ko")
    for anchor in ("p043", "p043-ko", "p043-s1"):
        page.goto(f"{base_url}/lifa/04/#{anchor}")
        assert bg("#p043") != plain and bg("#p043-ko") != plain, anchor
        assert bg("#p042-ko") == plain


@browser_only
def test_phone_tables_scroll_with_a_cue(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """A table wider than the phone sits in a frame that scrolls and shows a shadow (a
    background gradient) at the side where columns are hidden; the page itself never
    scrolls sideways."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    for path in ("/cases/", "/cases/p095-case1/", "/rules/", "/rules/lifa-39-2/"):
        pg.goto(base_url + path)
        assert pg.evaluate("document.scrollingElement.scrollWidth") <= 390, path
        wide = pg.evaluate("""() => Array.from(document.querySelectorAll('main table'))
          .filter(t => t.getBoundingClientRect().right > innerWidth + 1 ||
                       t.scrollWidth > t.clientWidth + 1)
          .map(t => { const w = t.closest('.table-wrap, .chart-wrap');
            return w ? [getComputedStyle(w).overflowX, getComputedStyle(w).backgroundImage,
                        w.scrollWidth > w.clientWidth] : null; })""")
        for frame in wide:
            assert frame is not None, path
            overflow, image, scrolls = frame
            assert overflow in ("auto", "scroll") and scrolls, (path, frame)
            assert "gradient" in image, (path, frame)
    context.close()


@browser_only
def test_phone_header_leaves_room_for_the_text(browser, base_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    for path, most in (("/", 100), ("/lifa/04/", 140)):
        pg.goto(base_url + path)
        height = pg.evaluate("document.querySelector('.site-header').getBoundingClientRect()"
                             ".height")
        assert height <= most, (path, height)
        assert pg.locator("#site-q").is_visible()
    context.close()
