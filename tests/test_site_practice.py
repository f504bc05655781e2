"""The practice page (/practice/, 연습, issue 23): its exercises (compute's charts, varied), the
built page (the answer in data-chart, the sentences linked, precached by the service worker)
and, in chromium, the check: every input filled from the chart is right, a wrong 六親 is
explained with a link to the book, the keyboard alone works, the page fits 390 px, and a chart
named by a question example's link is charted in the page (Pyodide) as compute charts it here.

The expected values never come from the page: the charts from compute in this process, the
六親 from the 五行 table below (生我 父母, 克我 官鬼, 比和 兄弟, 我生 子孫, 我克 妻財, p054–p055).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import test_site_browser as shared
from lxml import html as lxml_html
from sitebuild import CHROMIUM, Build

from compute import chart, registry
from yimao.model.edition import load_edition
from yimao.model.examples import questions
from yimao.web import practice as P

browser_only = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install chromium fonts-noto-cjk)",
)
PROBE = (Path(__file__).parent / "layout_probe.js").read_text(encoding="utf-8")
SHENG = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}
KE = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}


def relative(palace: str, line: str) -> str:
    """The 六親 of a line of *line*'s 五行 in a palace of *palace*'s (the book's table)."""
    if line == palace:
        return "兄弟"
    if SHENG[line] == palace:
        return "父母"
    if SHENG[palace] == line:
        return "子孫"
    return "妻財" if KE[palace] == line else "官鬼"


# ------------------------------------------------------------------ the exercises


@pytest.fixture(scope="module")
def exercises() -> list[dict[str, Any]]:
    return P.exercises(questions(load_edition()))


def test_exercises_cover_every_palace_generation_and_day_stem(
        exercises: list[dict[str, Any]]) -> None:
    assert 24 <= len(exercises) <= 40
    pairs = {(x["chart"]["primary"]["palace"], x["chart"]["primary"]["generation"])
             for x in exercises}
    assert len(pairs) == len(exercises)  # no palace and generation twice
    assert {p for p, _ in pairs} == set(P.PALACES)
    assert {g for _, g in pairs} == set(P.GENERATIONS)
    assert {x["inputs"]["day"][0] for x in exercises} == set("甲乙丙丁戊己庚辛壬癸")
    moving = [sum(ln["moving"] for ln in x["chart"]["primary"]["lines"]) for x in exercises]
    assert {0, 1, 2} <= set(moving)
    asked = [x for x in exercises if x["question"]]
    assert len(asked) >= len(exercises) // 3
    assert len({x["question"]["id"] for x in asked}) == len(asked)


def test_each_exercise_is_compute_s_chart_of_its_inputs(exercises: list[dict[str, Any]]) -> None:
    for x in exercises:
        d = chart(**x["inputs"]).to_dict()
        a = x["chart"]
        for side in ("primary", "changed"):
            if d[side] is None:
                assert a[side] is None
                continue
            for k in P.HEXAGRAM_KEYS:
                assert a[side][k] == d[side][k], (x["inputs"], k)
            for got, want in zip(a[side]["lines"], d[side]["lines"], strict=True):
                assert {k: got[k] for k in P.LINE_KEYS} == {k: want[k] for k in P.LINE_KEYS}
        assert a["day"] == x["inputs"]["day"] and a["month"] == x["inputs"]["month"]
        for ln in a["primary"]["lines"]:  # what the explanation says is what compute says
            assert ln["relative"] == relative(a["primary"]["palace_element"], ln["element"])
        y = P.yongshen_of(a)
        assert (y is not None) == bool(x["question"]), x["inputs"]
        if y is not None:
            assert set(y["lines"]) <= set(range(1, 7))


def test_the_linked_sentences_are_their_rules_passages() -> None:
    for key, (rid, sid) in P.SENTENCES.items():
        assert sid in registry.get(rid).passages, key
    ed = load_edition()
    s = P.sentences(ed, lambda doc, anchor="": f"../{doc}/#{anchor}")
    assert s["relative:官鬼"] == ["p054-s3", "立法 6.1.3", "../lifa/06/#p054-s3"]
    assert all(re.fullmatch(r"立法 \d+\.\d+\.\d+", ref) for _, ref, _ in s.values())


# ------------------------------------------------------------------ the built page


def _page(site: Build, path: str) -> lxml_html.HtmlElement:
    return lxml_html.parse(str(site.out / path / "index.html")).getroot()


def test_the_page_gives_the_hexagram_not_the_answers(site: Build) -> None:
    page = _page(site, "practice")
    form = page.xpath("//form[@class='practice']")[0]
    answer = json.loads(form.get("data-chart"))
    names = {i.get("name") for i in form.xpath(".//input|.//select")}
    assert {f"line{n}-{k}" for n in range(1, 7)
            for k in ("stem", "branch", "relative", "spirit")} | {"shi", "ying", "yongshen"} \
        == names
    assert all(not i.get("value") for i in form.xpath(".//input"))  # nothing filled in
    given = form.xpath("string(.//div[@class='practice-given'])")
    assert answer["primary"]["full_name"] in given and answer["day"] in given
    shown = form.xpath("string(.//div[@class='practice-lines'])")
    assert not [r for r in ("父母", "兄弟", "子孫", "妻財", "官鬼") if r in shown]
    data = json.loads(page.xpath("string(//script[@class='practice-data'])"))
    assert data["exercises"][0]["chart"] == answer
    rules = page.xpath("//p[@class='practice-rules']//a")
    assert [a.text for a in rules][:3] == ["「立法 4.1.1」", "「立法 4.4.2」", "「立法 6.1.2」"]
    sid, ref, href = data["sentences"]["relative:父母"]
    assert (sid, ref, href) == ("p054-s2", "立法 6.1.2", "../lifa/06/#p054-s2")
    assert page.xpath("//nav[@class='site-nav']//a[text()='연습']/@href") == ["#"]
    assert "practice/" in _page(site, "").xpath("//nav[@class='site-nav']//a/@href")
    assert page.xpath("//head/script[contains(@src, 'yimao-practice.js')]")
    assert not _page(site, "cast").xpath("//script[contains(@src, 'yimao-practice.js')]")


def test_the_service_worker_precaches_the_page_and_its_files(site: Build) -> None:
    sw = (site.out / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw).group(1))  # type: ignore[union-attr]
    files = {u.partition("?v=")[0] for u in precache}
    assert {"practice/", "_static/yimao-practice.js", "_static/yimao-practice.css",
            "_static/yimao-run-worker.js"} <= files


def test_worked_examples_link_to_practice_with_their_inputs(site: Build) -> None:
    for path in ("rules/lifa-06", "questions/14"):
        links = _page(site, path).xpath("//p[@class='practice-link']/a")
        assert links and all(a.text == "직접 풀어 보기" for a in links), path
        for a in links[:5]:
            url = urlsplit(a.get("href"))
            assert url.path == "../../practice/"
            fields = dict(parse_qsl(url.query))
            assert fields.get("primary") or fields.get("lines"), a.get("href")


# ------------------------------------------------------------------ in chromium


served = shared.base_url  # the browser tests' server of the built site


def _open(browser: Any, url: str, width: int = 1280) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


def _answers(d: dict[str, Any]) -> dict[str, str]:
    out = {f"line{ln['position']}-{k}": ln[k] for ln in d["primary"]["lines"]
           for k in ("stem", "branch", "relative", "spirit")}
    out |= {"shi": str(d["primary"]["shi"]), "ying": str(d["primary"]["ying"])}
    y = P.yongshen_of(d)
    if y is not None:
        out["yongshen"] = ", ".join(map(str, y["lines"]))
    return out


def _fill(page: Any, values: dict[str, str]) -> None:
    form = page.locator("form.practice")
    for name, value in values.items():
        if name in ("shi", "ying"):
            form.locator(f"select[name={name}]").select_option(value)
        else:
            form.locator(f"input[name={name}]").fill(value)


def _result(page: Any) -> tuple[int, int, str]:
    r = page.locator(".practice-result")
    return int(r.get_attribute("data-right")), int(r.get_attribute("data-total")), r.inner_text()


@browser_only
@pytest.mark.parametrize("width", (1280, 390))
def test_every_answer_from_the_chart_is_right(browser: Any, served: str, width: int) -> None:
    page = _open(browser, served + "/practice/", width)
    d = json.loads(page.get_attribute("form.practice", "data-chart"))
    total = 27 if P.yongshen_of(d) else 26
    _fill(page, _answers(d))
    page.locator("form.practice button[type=submit]").click()
    assert _result(page)[:2] == (total, total)
    assert f"{total}개 중 {total}개 맞음" in _result(page)[2]
    assert page.locator(".practice-miss").count() == 0
    assert page.locator("form.practice [aria-invalid=true]").count() == 0
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert page.evaluate(PROBE, "form.practice") == []
    # another exercise: the same holds, with or without a question
    page.locator(".practice-new").click()
    d2 = json.loads(page.get_attribute("form.practice", "data-chart"))
    assert d2 != d
    assert page.locator("input[name=line1-stem]").input_value() == ""
    _fill(page, _answers(d2))
    page.keyboard.press("Enter")  # the focus is in the form (새 괘 put it on the first input)
    total2 = 27 if P.yongshen_of(d2) else 26
    assert _result(page)[:2] == (total2, total2)
    assert page.errors == []
    page.context.close()


@browser_only
@pytest.mark.parametrize("width", (1280, 390))
def test_a_wrong_relative_is_explained_with_the_book(browser: Any, served: str,
                                                     width: int) -> None:
    page = _open(browser, served + "/practice/", width)
    d = json.loads(page.get_attribute("form.practice", "data-chart"))
    answers = _answers(d)
    line = d["primary"]["lines"][1]  # 二爻
    want = relative(d["primary"]["palace_element"], line["element"])
    assert line["relative"] == want
    answers["line2-relative"] = "官鬼" if want != "官鬼" else "父母"
    _fill(page, answers)
    page.locator("form.practice button[type=submit]").click()
    right, total, text = _result(page)
    assert (right, total) == (total - 1, 27 if P.yongshen_of(d) else 26)
    assert f"{total}개 중 {total - 1}개 맞음" in text
    wrong = page.locator("input[name=line2-relative]")
    assert wrong.get_attribute("aria-invalid") == "true"
    assert "practice-wrong" in (wrong.get_attribute("class") or "")
    assert page.locator("input[name=line1-relative]").get_attribute("aria-invalid") == "false"
    miss = page.locator('.practice-line[data-line="2"] .practice-miss')
    assert page.locator(".practice-miss").count() == 1 and miss.count() == 1
    assert wrong.get_attribute("aria-describedby") == miss.get_attribute("id")
    said = miss.inner_text()
    assert f"{d['primary']['palace']}宮" in said
    assert f"{line['branch']}{line['element']}" in said and want in said
    links = miss.locator("a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    refs = [links.nth(i).inner_text() for i in range(links.count())]
    assert refs and all(re.fullmatch(r"「立法 6\.\d\.\d」", r) for r in refs), refs
    assert all(re.fullmatch(r"\.\./lifa/06/#p05[45]-s\d", h) for h in hrefs), hrefs
    links.first.click()  # the link leads to the sentence
    page.wait_for_url(re.compile(r"/lifa/06/#p05[45]-s\d$"))
    assert page.locator(hrefs[0].rpartition("/")[2]).count() == 1
    page.context.close()


@browser_only
def test_the_keyboard_alone_fills_and_submits(browser: Any, served: str) -> None:
    page = _open(browser, served + "/practice/")
    d = json.loads(page.get_attribute("form.practice", "data-chart"))
    answers = _answers(d)
    page.locator("input[name=line6-stem]").focus()  # the first input (上爻 first, as drawn)
    order = [f"line{n}-{k}" for n in range(6, 0, -1)
             for k in ("stem", "branch", "relative", "spirit")] + ["shi", "ying", "yongshen"]
    for i, name in enumerate(order):
        assert page.evaluate("document.activeElement.name") == name
        if name in ("shi", "ying"):
            for _ in range(int(answers[name])):
                page.keyboard.press("ArrowDown")
        elif name in answers:
            page.keyboard.type(answers[name])
        if i < len(order) - 1 and order[i + 1] in answers:
            page.keyboard.press("Escape")  # close a datalist's suggestions, if shown
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".practice-result[data-total]")
    right, total, _ = _result(page)
    assert right == total == len(answers)
    page.context.close()


@browser_only
def test_a_question_example_is_charted_in_the_page(browser: Any, served: str,
                                                   site: Build) -> None:
    """A question example's 「직접 풀어 보기」: its chart is not embedded, so the page charts it
    with the Run panels' Pyodide; the answer is compute's chart of those inputs."""
    data = json.loads(_page(site, "practice").xpath("string(//script[@class='practice-data'])"))
    embedded = [x["inputs"] for x in data["exercises"]]
    links = _page(site, "questions/14").xpath("//p[@class='practice-link']/a/@href")
    href = next(h for h in links if dict(parse_qsl(urlsplit(h).query)) not in embedded)
    fields = dict(parse_qsl(urlsplit(href).query))
    page = _open(browser, served + "/questions/14/")
    page.locator(f"p.practice-link a[href='{href}']").click()
    page.wait_for_selector("form.practice[data-computed]", timeout=120_000)
    got = json.loads(page.get_attribute("form.practice", "data-chart"))
    assert got == json.loads(json.dumps(P.answer(chart(**fields).to_dict()), ensure_ascii=False))
    assert got["primary"]["full_name"] in page.inner_text(".practice-given")
    _fill(page, _answers(got))
    page.locator("form.practice button[type=submit]").click()
    right, total, _ = _result(page)
    assert right == total == (27 if P.yongshen_of(got) else 26)
    page.context.close()


@browser_only
def test_an_embedded_exercise_is_named_by_its_query(browser: Any, served: str,
                                                     site: Build) -> None:
    data = json.loads(_page(site, "practice").xpath("string(//script[@class='practice-data'])"))
    x = data["exercises"][5]
    query = "&".join(f"{k}={v}" for k, v in x["inputs"].items())
    page = _open(browser, served + "/practice/?" + query)
    page.wait_for_function("document.querySelector('.practice-status').textContent !== ''")
    assert json.loads(page.get_attribute("form.practice", "data-chart")) == x["chart"]
    assert page.get_attribute("form.practice", "data-computed") is None  # no Pyodide
    page.context.close()
