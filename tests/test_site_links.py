"""Examples that teach their rule (issue 23): each passage's worked-example link goes to the
example of that passage's rule or question and its label names the rule; a question example's
title says what its chart shows; no rule is called 「계산하지 않음」 beside a computed example;
a rule example marks the lines its focus is about.

Expected values come from the TEI (read with lxml), editorial/examples.toml,
editorial/questions.toml and editorial/rules-ko.tsv (read with tomllib and csv) and the built
pages' own chart rows — not from the site's code.
"""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from lxml import html as lxml_html
from sitebuild import Build

ROOT = Path(__file__).resolve().parent.parent
TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
EXAMPLES = {ex["id"]: ex for ex in tomllib.loads(
    (ROOT / "editorial" / "examples.toml").read_text(encoding="utf-8"))["example"]}
QUESTIONS = {q["id"]: q for q in tomllib.loads(
    (ROOT / "editorial" / "questions.toml").read_text(encoding="utf-8"))["question"]}
with (ROOT / "editorial" / "rules-ko.tsv").open(encoding="utf-8") as _f:
    TITLES = {row["id"]: row["title_ko"]
              for row in csv.DictReader(_f, delimiter="\t", quoting=csv.QUOTE_NONE)}


def _page(path: Path) -> lxml_html.HtmlElement:
    return lxml_html.parse(str(path)).getroot()


@pytest.fixture(scope="module")
def links(site: Build) -> dict[str, list[tuple[str, str, str, str]]]:
    """``{paragraph: [(kind, page path under the site, anchor, label)]}`` of every
    worked-example link of the chapter pages."""
    out: dict[str, list[tuple[str, str, str, str]]] = {}
    for part in ("front", "lifa", "shilei", "back"):
        for path in sorted((site.out / part).glob("*/index.html")):
            for a in _page(path).xpath("//a[contains(@class,'worked-example')]"):
                href, _, anchor = a.get("href").partition("#")
                target = (path.parent / href.partition("?")[0]).resolve()
                out.setdefault(a.get("data-for"), []).append(
                    (a.get("data-kind"), str(target.relative_to(site.out.resolve())), anchor,
                     " ".join(a.text_content().split())))
    return out


def _stated(tei: etree._Element) -> dict[str, list[str]]:
    """``{paragraph: [question ids]}``: the questions whose words the paragraph holds."""
    out: dict[str, list[str]] = {}
    for seg in tei.iter(f"{TEI}seg"):
        if seg.get("type") == "question":
            p = next(seg.iterancestors(f"{TEI}p"))
            out.setdefault(p.get(XML_ID), []).append(seg.get(XML_ID))
    return out


def _own_cases(tei: etree._Element) -> set[str]:
    return {next(s.iterancestors(f"{TEI}p")).get(XML_ID) for s in tei.iter(f"{TEI}seg")
            if s.get("type") == "case"}


def test_illness_passages_link_their_questions(links: dict[str, list[Any]]) -> None:
    """疾病 (筮類 14): 「如問危時」 (p449) and its note (p450) link the example of 危時,
    「如問安日」 (p453) that of 安日, on /questions/14/ — not the 應期 example of 囤積 (筮類 26)."""
    assert links["p449"][0][:3] == ("question", "questions/14", "shilei-14-q8")
    assert links["p450"][0][:3] == ("question", "questions/14", "shilei-14-q8")
    assert links["p453"][0][:3] == ("question", "questions/14", "shilei-14-q9")
    for pid in ("p449", "p450", "p453"):
        assert "囤積" not in links[pid][0][3]


def test_a_paragraph_that_states_a_question_links_its_example(
        site: Build, tei: etree._Element, links: dict[str, list[Any]]) -> None:
    """Every paragraph that states one 筮類 question (and holds no case of its own) links
    that question's example on its chapter's question page, and the anchor is there."""
    own = _own_cases(tei)
    pages: dict[str, lxml_html.HtmlElement] = {}
    checked = 0
    for pid, qids in _stated(tei).items():
        if len(qids) != 1 or pid in own:
            continue
        kind, page, anchor, _ = links[pid][0]
        chapter = qids[0].rsplit("-q", 1)[0].rpartition("-")[2]
        assert (kind, page, anchor) == ("question", f"questions/{chapter}", qids[0]), pid
        html = pages.setdefault(page, _page(site.out / page / "index.html"))
        assert html.xpath(f"//section[@id='{anchor}']"), (pid, anchor)
        checked += 1
    assert checked >= 30, checked


def test_no_rule_example_asks_another_chapters_question(
        tei: etree._Element, links: dict[str, list[Any]]) -> None:
    """A 筮類 paragraph that treats a question never links a rule example asking a question
    of another chapter (the 應期 of 囤積 for a paragraph on illness)."""
    chapter_of = {p.get(XML_ID): d.get(XML_ID) for d in tei.iter(f"{TEI}div")
                  if (d.get(XML_ID) or "").startswith("shilei-")
                  for p in d.iter(f"{TEI}p")}
    treated = {s.split("-")[0] for q in QUESTIONS.values() for s in q.get("passages", ())}
    wrong = []
    for pid, items in links.items():
        kind, _, anchor, _ = items[0]
        if kind != "rule" or pid not in treated or pid not in chapter_of:
            continue
        asked = (EXAMPLES[anchor].get("inputs") or {}).get("question", "")
        if asked and asked.rsplit("-q", 1)[0] != chapter_of[pid]:
            wrong.append((pid, anchor, asked))
    assert wrong == []


def test_every_link_label_names_its_rule(links: dict[str, list[Any]]) -> None:
    """A rule example's link names the rule (its Korean title, editorial/rules-ko.tsv) and
    what the example shows; a question example's link names the 用神 rule and the question
    in the book's words; a link to the cast page names 作卦 (작괘)."""
    counted = {"rule": 0, "question": 0}
    for pid, items in links.items():
        for kind, page, anchor, label in items:
            assert label.startswith("예제: "), (pid, label)
            if page.startswith("rules/"):
                rule = EXAMPLES[anchor]["rule"]
                title = TITLES[rule].replace(" — ", ", ")
                assert label.startswith(f"예제: {title} — ") and \
                    len(label) > len(f"예제: {title} — "), (pid, label)
                counted["rule"] += 1
            elif page.startswith("questions/"):
                q = QUESTIONS[anchor]
                assert "용신(用神)" in label and f"「{q['text']}」" in label, (pid, label)
                counted["question"] += 1
            elif page.startswith("cast"):
                assert "작괘" in label, (pid, label)
            else:
                assert kind in ("case", "other") and page.startswith("cases/"), (pid, page)
    assert counted["rule"] > 350 and counted["question"] > 150, counted


def _marked(box: lxml_html.HtmlElement) -> tuple[set[int], set[int]]:
    """The marked rows of a chart and its moving rows (their positions)."""
    def pos(tr: lxml_html.HtmlElement) -> int:
        return int(tr.xpath("td[@class='pos']")[0].text.strip())

    rows = box.xpath(".//table[contains(@class,'chart')]/tbody/tr")
    return ({pos(tr) for tr in rows if "marked" in tr.get("class", "").split()},
            {pos(tr) for tr in rows if "moving" in tr.get("class", "").split()})


def test_a_question_examples_title_says_what_its_chart_shows(site: Build) -> None:
    """No constructed question example is titled 「용신이 움직이는 괘」 (or says a line moves)
    when its 用神 lines are static on the chart, nor calls a moving line static."""
    captions = 0
    for path in sorted((site.out / "questions").glob("*/index.html")):
        for sec in _page(path).xpath("//section[@class='question']"):
            head = sec.xpath(".//div[@class='question-example']/h3")
            if not head or "구성례" not in head[0].text_content():
                continue
            title = head[0].text_content()
            box = sec.xpath(".//div[contains(@class,'example-chart')]")[0]
            marks, moving = _marked(box)
            assert "용신이 움직이는 괘" not in title, (sec.get("id"), title)
            for n in re.findall(r"([\d·]+)효가 움직이", title):
                lines = {int(x) for x in n.split("·")}
                assert lines <= moving, (sec.get("id"), title, moving)
            for n in re.findall(r"([\d·]+)효(?:는|를 비롯해)[^,]*고요", title):
                lines = {int(x) for x in n.split("·")}
                assert lines <= marks and not lines & moving, (sec.get("id"), title)
            if marks & moving:
                assert f"용신 {'·'.join(map(str, sorted(marks & moving)))}효가 움직이" \
                    in title, (sec.get("id"), title)
            elif marks:
                assert "고요" in title, (sec.get("id"), title)
            captions += 1
    assert captions > 300, captions
    page = _page(site.out / "questions" / "14" / "index.html")
    q1 = page.xpath("//section[@id='shilei-14-q1']//div[@class='question-example']/h3")[0]
    assert "고요" in q1.text_content(), q1.text_content()


def test_no_uncomputed_label_beside_a_computed_example(site: Build) -> None:
    """A rule whose kinds say 「계산하지 않음」 shows no executed example with a judgment (立法
    26.6 旬空之用 is computed: its kinds no longer say so)."""
    doctrine = computed = 0
    for path in sorted((site.out / "rules").glob("*/index.html")):
        for sec in _page(path).xpath("//section[contains(concat(' ',@class,' '),' rule ')]"):
            kinds = sec.xpath("./dl[@class='rule-facts']/dd[1]")[0].text_content()
            findings = sec.xpath(".//ul[@class='example-findings']/li")
            if "계산하지 않음" in kinds:
                doctrine += 1
                assert not findings and not sec.xpath(".//section[@id]"), sec.get("id")
            elif findings:
                computed += 1
    assert doctrine >= 10 and computed > 150, (doctrine, computed)
    page = _page(site.out / "rules" / "lifa-26" / "index.html")
    sec = page.xpath("//section[@id='r-xunkong-use']")[0]
    assert "계산하지 않음" not in sec.xpath("./dl[@class='rule-facts']/dd[1]")[0].text_content()


def test_a_rule_example_marks_the_lines_of_its_focus(site: Build) -> None:
    """An example whose focus names lines (examples.toml ``focus.lines``) shows exactly those
    rows marked 「볼 곳」 on its chart."""
    boxes: dict[str, lxml_html.HtmlElement] = {}
    for path in sorted((site.out / "rules").glob("*/index.html")):
        for sec in _page(path).xpath("//section[contains(@class,'example')][@id]"):
            box = sec.xpath("./div[contains(@class,'example-chart')] | ./div[@class='lazy-view']"
                            "/template/div[contains(@class,'example-chart')]")
            if box:
                boxes[sec.get("id")] = box[0]
    checked = 0
    for ex in EXAMPLES.values():
        lines = ex["focus"].get("lines")
        if not lines:
            continue
        marks, _ = _marked(boxes[ex["id"]])
        assert marks == set(lines), (ex["id"], marks, lines)
        labels = boxes[ex["id"]].xpath(".//tr[contains(@class,'marked')]//span[@class="
                                       "'mark-label']/text()")
        assert set(labels) == {"볼 곳"}, ex["id"]
        checked += 1
    assert checked > 100, checked
