"""The rule index (/rules/), the case list (/cases/) and the case pages (/cases/p089-case1/) as
HTML, rendered by the templates ``site/_templates/yimao/{rules,cases,case}.html``.

Like :mod:`yimao.web.pages`, nothing here knows Sphinx: the extension passes a
``url(docname, anchor)`` function. :meth:`Catalogue.mark_text` gives the chapter pages what they
need to mark rule sentences and claims (no chart is computed for that).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING

from yimao.errors import EditionError
from yimao.model.case_words import STATUS, month_day
from yimao.web.cases import (
    CaseBook,
    case_page,
    claim_marks,
    question_words,
    why_name,
)
from yimao.web.citelinks import CiteLinks
from yimao.web.example_store import ExampleStore, Executed
from yimao.web.examples import ExampleView, render_chart, rule_examples
from yimao.web.lazy import ChartBudget
from yimao.web.pages import Pages, Url, docname, title_ko_plain
from yimao.web.questions import QuestionView, question_page, questions
from yimao.web.rules import RuleGroup, rule_groups, rule_pages
from yimao.web.worked_links import WorkedLink, check_links, worked_links

if TYPE_CHECKING:
    from yimao.model.edition import Edition


class Catalogue:
    """Rules and cases of one edition, for one build."""

    def __init__(self, edition: Edition, pages: Pages, cache: Path | None = None) -> None:
        self.edition = edition
        self.pages = pages
        self.book = CaseBook(edition, cache)
        self.store = ExampleStore(cache.with_name("yimao-examples.pickle") if cache else None,
                                  edition.path)
        self.env = pages.env
        # a note's citations (立法 13.4) made links: {{ cite_links(note, url) }}; a Run panel's
        # question by its words
        self.env.globals.update(case_page=case_page, docname=docname, month_day=month_day,
                                question_page=question_page, sentence_text=self.sentence_text,
                                render_chart=render_chart, cite_links=CiteLinks(edition).link,
                                question_words=question_words)

    def mark_text(self) -> None:
        """Give the chapter pages' templates the rule names and the claims' notes."""
        # the reader's Korean name of every rule, from the TEI's taxonomy
        names = {c.rule_id: c.name_ko or c.rule_id for c in self.edition.categories()}
        self.env.globals.update(
            rule_page=self.rule_page,
            rule_names=names,
            rule_titles=names,
            case_title=self.book.title,
            status_ko={k: label for k, (_, label) in STATUS.items()},
            claim_info=dict(claim_marks(self.book)),
            claim_status_label={k: f"{mark} {label}" for k, (mark, label) in STATUS.items()},
            questions_of=lambda chapter: [q for q in self.questions if q.chapter == chapter],
            questions_json=self.questions_json,
        )

    def why_files(self) -> dict[str, str]:
        """The notes of every chart the site shows (cases, rule examples and their near misses,
        question examples): ``{"_why/<digest>.json": JSON}``."""
        views = [v["chart"] for v in self.book.views()]
        views += [c for exs in self.examples.values() for ex in exs
                  for c in (ex.chart, ex.near_chart)]
        views += [q.chart for q in self.questions]
        return {why_name(v.why): v.why for v in views if v is not None and v.why}

    def questions_json(self) -> str:
        """Every 筮類 question for the /cast/ page's picker, in book order, as JSON safe inside
        ``<script>``: id, chapter label and titles, the book's words, the Korean, the 用神."""
        divisions = {d.id: d for d in self.edition.divisions}
        out = []
        for q in self.questions:
            d = divisions[q.chapter]
            out.append({
                "id": q.id, "ch": d.label, "title": d.title_zh,
                "tko": title_ko_plain(d.title_ko, d.title_zh), "text": q.text, "ko": q.ko,
                "ys": " · ".join(f"{y} {k}" for y, k in zip(q.yongshen, q.yongshen_ko,
                                                             strict=False)),
            })
        return json.dumps(out, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")

    def sentence_text(self, sid: str) -> str:
        """The edited Chinese text of a sentence (or note) of the edition."""
        try:
            return " ".join(self.edition.text(sid, "corrected").split())
        except EditionError:
            return ""

    @functools.cached_property
    def groups(self) -> list[RuleGroup]:
        return rule_groups(self.edition, self.book.by_rule())

    @functools.cached_property
    def rule_pages(self) -> dict[str, str]:
        """``{rule id: its page}`` (``rules/lifa-04``): where every link to a rule goes."""
        return rule_pages(self.groups)

    def rule_page(self, rule_id: str) -> str:
        """The page of rule *rule_id* (the index /rules/ for a rule no group holds)."""
        return self.rule_pages.get(rule_id, "rules")

    @functools.cached_property
    def executed(self) -> Executed:
        """The rule and question examples, executed once per build (or loaded from the store
        an earlier build with the same inputs left)."""
        return self.store.get(lambda: (rule_examples(self.edition, self.book),
                                       questions(self.edition, self.book)))

    @property
    def examples(self) -> dict[str, list[ExampleView]]:
        """Every rule's examples, executed (the build stops if one fails)."""
        return self.executed[0]

    @property
    def questions(self) -> list[QuestionView]:
        """Every 筮類 question with its example chart."""
        return self.executed[1]

    @functools.cached_property
    def links(self) -> dict[str, list[WorkedLink]]:
        """Every Chinese paragraph's worked-example links (the build stops if one has none)."""
        links = worked_links(self.edition, self.book, self.examples, self.questions,
                             self.rule_pages)
        check_links(self.edition, links)
        return links

    def check_claims(self) -> None:
        """Stop the build if a case claim's verdict differs from the TEI's record."""
        for cid in self.book.ids():
            for c in self.book.view(cid)["claims"]:
                if c["status"] != c["claim"].expect:
                    raise EditionError(
                        f"{self.edition.path}:0: claim {c['claim'].id}: compute now says "
                        f"{c['status']}, the TEI records {c['claim'].expect} "
                        "(editorial/cases.toml expect)")

    def chapters_with_questions(self) -> list[str]:
        return list(dict.fromkeys(q.chapter for q in self.questions))

    def rules(self, url: Url) -> str:
        """The light index /rules/: every rule's name, linked to its group's page; the anchors
        of the old single page (#r-…, #ex-…) lead on to the page that holds them now."""
        count = sum(len(g.rules) for g in self.groups)
        moved = {r.anchor: url(g.page, r.anchor) for g in self.groups for r in g.rules}
        moved |= {ex.id: url(self.rule_page(rule), ex.id)
                  for rule, exs in self.examples.items() for ex in exs}
        return self.env.get_template("yimao/rules.html").render(
            groups=self.groups, count=count, url=url, examples=self.examples, moved=moved,
            n_examples=sum(len(v) for v in self.examples.values()))

    def rule_group(self, key: str, url: Url) -> str:
        """The page of the rules first stated in a division (/rules/lifa-04/; its part
        ``lifa-39-2``), with their examples."""
        i = next(k for k, g in enumerate(self.groups) if g.key == key)
        return self.env.get_template("yimao/rule_group.html").render(
            g=self.groups[i], url=url, examples=self.examples, chart_budget=ChartBudget(),
            prev=self.groups[i - 1] if i > 0 else None,
            next=self.groups[i + 1] if i + 1 < len(self.groups) else None)

    def chapter_questions(self, chapter: str, url: Url) -> str:
        """The examples of one 筮類 chapter's questions (/questions/01/)."""
        div = next(d for d in self.edition.divisions if d.id == chapter)
        items = [q for q in self.questions if q.chapter == chapter]
        chapters = self.chapters_with_questions()
        i = chapters.index(chapter)
        divisions = {d.id: d for d in self.edition.divisions}
        return self.env.get_template("yimao/questions.html").render(
            div=div, items=items, url=url, chapter=chapter, chart_budget=ChartBudget(),
            prev=chapters[i - 1] if i > 0 else None,
            next=chapters[i + 1] if i + 1 < len(chapters) else None,
            divisions=divisions)

    def cases(self, url: Url) -> str:
        views = self.book.views()
        total = sum(len(v["claims"]) for v in views)
        return self.env.get_template("yimao/cases.html").render(
            views=views, total=total, url=url,
            confirmed=sum(v["confirmed"] for v in views),
            contradicted=sum(v["contradicted"] for v in views))

    def case(self, cid: str, url: Url) -> str:
        ids = self.book.ids()
        i = ids.index(cid)
        return self.env.get_template("yimao/case.html").render(
            v=self.book.view(cid), url=url,
            prev=ids[i - 1] if i > 0 else None,
            next=ids[i + 1] if i + 1 < len(ids) else None)
