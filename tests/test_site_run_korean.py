"""What the Run panel shows a reader is Korean (issue 24), in a real browser: on /cast/ with
varied inputs (hexagrams and pillars, a cast and a date, a question of the 筮類, a bad
hexagram, a bad date) and on a case page, the visible ``.run-result`` cites passages as a
reader cites them (立法 13.2.1, never a bare id such as p092-s1, kept in the links only), a
bad input answers in Korean naming the bad value, and no Latin word of two letters or more is
shown (UTC aside).

The last holds only once the findings' rendering (rule ids and summaries, compute/engine/
layout.py) is rebuilt in Korean: that is branch i23-why's work, so the check is marked an
expected failure here until both branches meet; it prints what it counts either way."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_site_runner import CASE, CHROMIUM, base_url, run, visit  # noqa: F401

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="needs Debian's chromium (apt-get install chromium)")

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
BARE_ID = re.compile(r"\bp\d{3}(?:-(?:s|n|ko|case)\d*)?\b")
HANGUL = re.compile(r"[\uac00-\ud7a3]")

INPUTS: list[tuple[str, dict[str, str]]] = [
    ("hexagrams", {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌"}),
    ("question", {"primary": "困", "changed": "坎", "month": "午", "day": "壬戌",
                  "question": "養病"}),
    ("pillars", {"primary": "損", "changed": "剝", "month": "寅", "day": "庚午", "year": "己丑",
                 "hour": "子", "birth": "戊午"}),
    ("date", {"lines": "987876", "at": "1663-04-12T09:00"}),
    ("date-seoul", {"lines": "８８７７９６", "at": "2024-02-04T08:27", "tz": "+09:00"}),
    ("static", {"primary": "乾", "month": "子", "day": "甲子"}),
]
BAD: list[tuple[str, dict[str, str], str]] = [
    ("bad-hexagram", {"primary": "XX", "month": "寅", "day": "甲子"}, "XX"),
    ("bad-day", {"primary": "困", "month": "午", "day": "甲丑"}, "甲丑"),
    ("bad-date", {"lines": "987876", "at": "1663-04-31T09:00"}, "1663-04-31T09:00"),
    ("bad-question", {"primary": "困", "month": "午", "day": "壬戌", "question": "날씨"}, "날씨"),
]
EMPTY = dict.fromkeys(("primary", "changed", "month", "day", "year", "hour", "birth", "lines",
                       "at", "tz", "question", "yongshen", "facts"), "")


def latin(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(text) if w != "UTC"]


@pytest.fixture(scope="module")
def results(browser: Any, base_url: str) -> dict[str, Any]:  # noqa: F811
    """Every run's visible result, on /cast/ (each with only its own fields) and a case page."""
    v = visit(browser, base_url)
    out = {}
    v.page.goto(base_url + "/cast/")
    for name, fields in [*INPUTS, *((n, f) for n, f, _ in BAD)]:
        out[name] = run(v.page, {**EMPTY, **fields}, timeout=120_000)
    v.page.screenshot(path=str(server_shot("cast-bad")), full_page=False)
    v.page.goto(base_url + CASE)
    out["case"] = run(v.page, timeout=120_000)
    v.page.screenshot(path=str(server_shot("case")), full_page=True)
    v.close()
    latins = sum(len(latin(r.text)) for r in out.values())
    bare = sum(len(BARE_ID.findall(r.text)) for r in out.values())
    print(f"\nRun results: {len(out)} runs, {latins} Latin words, {bare} bare passage ids")
    return out


def server_shot(name: str) -> Any:
    """Where a screenshot goes (build/, never committed): to look at, not to compare."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"run-korean-{name}.png"


@pytest.mark.parametrize("name", [n for n, _ in INPUTS] + ["case"])
def test_a_run_cites_passages_as_a_reader_does(results: dict[str, Any], name: str) -> None:
    r = results[name]
    assert r.error is None and r.chart is not None, r.text
    assert BARE_ID.findall(r.text) == [], name
    assert any("/p/p" in u for u in r.links), "the citations still link their passages"


@pytest.mark.parametrize(("name", "bad"), [(n, b) for n, _, b in BAD])
def test_bad_input_answers_in_korean_naming_the_value(results: dict[str, Any], name: str,
                                                      bad: str) -> None:
    r = results[name]
    assert r.chart is None and r.error, r.text
    assert HANGUL.search(r.error) and f"「{bad}」" in r.error, r.error
    assert latin(r.text.replace(bad, "")) == [], r.text


@pytest.mark.parametrize("name", [n for n, _ in INPUTS] + ["case"])
def test_a_run_shows_no_latin_word(results: dict[str, Any], name: str) -> None:
    assert latin(results[name].text) == []
