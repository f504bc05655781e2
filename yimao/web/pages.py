"""The reading site's pages as values: a division page (its passages, side by side) and the
table of contents, rendered by the Jinja2 templates in ``site/_templates/yimao/``.

Nothing here knows Sphinx: :class:`Pages` gets a ``url(docname, anchor)`` function from the
extension and returns HTML strings.

>>> docname("lifa-04"), docname("front-wang"), docname("back-siku")
('lifa/04', 'front/wang', 'back/siku')
>>> title_ko_plain("납갑장(納甲章)", "納甲章"), title_ko_plain("역모", "易冒")
('납갑장', '역모')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2

from yimao import ids
from yimao.model.edition import short_ref
from yimao.model.text import ApparatusEntry, Flat, TargetedNote, text

if TYPE_CHECKING:
    from yimao.model.edition import Division, Edition, Passage

PARTS: dict[str, tuple[str, str, str]] = {
    # part: (Chinese, Korean, what a chapter is called in Korean)
    "front": ("卷首", "책머리", ""),
    "lifa": ("立法", "입법", "장"),
    "shilei": ("筮類", "서류", "장"),
    "back": ("附錄", "부록", ""),
}
STATUS_LABEL = {
    "source": "",
    "edition": "제목은 장 제목이 있는 판본에 따름",
    "conjecture": "편자 추정 제목",
}

Url = Callable[[str, str], str]


def docname(division_id: str) -> str:
    """The page name of a division: ``part/n`` (clean URL ``/lifa/04/``)."""
    return ids.parse(division_id).division_path


def permalink(pid: str) -> str:
    """The page name of a paragraph's permanent link (a redirect to where it is now read):
    ``p043`` → ``p/p043`` (``/p/p043/``; ``/p/p043/#p043-s1`` for a sentence)."""
    return f"p/{pid}"


def title_ko_plain(title_ko: str, title_zh: str) -> str:
    """The Korean title without a trailing ``(漢字)`` that repeats the Chinese title."""
    suffix = f"({title_zh})"
    return title_ko[: -len(suffix)] if title_ko.endswith(suffix) else title_ko


@dataclass(frozen=True, slots=True)
class Action:
    """A link offered for a passage (e.g. "예제 실행", "규칙"): later extensions add them."""

    label: str
    href: str
    title: str = ""
    kind: str = ""  # a worked-example link: case | rule | question | other
    para: str = ""  # the Chinese paragraph a worked-example link is for


@dataclass(frozen=True, slots=True)
class Para:
    id: str
    flat: Flat


@dataclass(frozen=True, slots=True)
class PassageView:
    """One row of the reading grid: Chinese paragraph(s) beside the Korean that translates
    them (``p001``+``p002`` share ``p001-ko``)."""

    id: str
    ref: str
    short_ref: str
    zh: tuple[Para, ...]
    ko: Para | None
    apparatus: tuple[ApparatusEntry, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class DivisionLink:
    id: str
    docname: str
    part: str
    n: str
    title_zh: str
    title_ko: str
    title_status: str
    first: str
    last: str

    @property
    def label(self) -> str:
        """``제4장`` for a chapter; empty for front and back matter."""
        word = PARTS[self.part][2]
        return f"제{self.n}{word}" if word and self.n else ""


def division_link(div: Division) -> DivisionLink:
    passages = list(div.passages)
    n = str(div.n) if div.n is not None else ""
    return DivisionLink(
        div.id, docname(div.id), div.part, n, div.title_zh,
        title_ko_plain(div.title_ko, div.title_zh), div.title_status,
        passages[0].id if passages else "", passages[-1].id if passages else "",
    )


def passage_views(
    passages: Iterable[Passage], actions: Mapping[str, Sequence[Action]] | None = None
) -> list[PassageView]:
    """Group passages into reading rows: a passage without its own Korean paragraph (or whose
    Korean was already shown) joins the row before it."""
    actions = actions or {}
    rows: list[PassageView] = []
    seen_ko: set[str] = set()
    for p in passages:
        ko = Para(p.ko_id, p.ko) if p.ko_id and p.ko is not None else None
        zh = Para(p.id, p.zh)
        if ko is not None and ko.id in seen_ko:
            ko = None
        targeted = tuple(targeted_notes(p.id, p.notes, len(zh.flat.apparatus)))
        if ko is None and rows:
            last = rows[-1]
            rows[-1] = PassageView(
                last.id, last.ref, last.short_ref, (*last.zh, zh), last.ko,
                (*last.apparatus, *zh.flat.apparatus, *targeted),
                (*last.actions, *actions.get(p.id, ())),
            )
            continue
        if ko is not None:
            seen_ko.add(ko.id)
        apparatus = zh.flat.apparatus + targeted + (ko.flat.apparatus if ko else ())
        rows.append(
            PassageView(p.id, p.ref, short_ref(p.ref), (zh,), ko, apparatus,
                        tuple(actions.get(p.id, ())))
        )
    return rows


TARGET_LABEL = {"date": "날짜", "contradicted": "계산과 어긋남", "not_computable": "계산 불가",
                "two_readings": "두 읽기"}


def targeted_notes(pid: str, notes: Iterable[TargetedNote],
                   numbered: int) -> Iterator[ApparatusEntry]:
    """The editors' notes beside a paragraph that point into it (a worked case, a claim, its
    date), as apparatus entries numbered after the paragraph's own (``numbered`` of them) and
    headed by the words they are about."""
    for note in notes:
        numbered += 1
        about = note.about if len(note.about) <= 14 else note.about[:13] + "…"
        kind = TARGET_LABEL.get(note.subtype, "")
        head = f"「{about}」" + (f" ({kind})" if kind else "")
        yield ApparatusEntry(f"{pid}-ed{numbered}", "editorial", str(numbered),
                             f"{head}: {note.text}")


def opening(paras: Sequence[Para], length: int = 14) -> str:
    """The first words of a row's Chinese (the editors' reading, the author's commentary
    left out), for the chapter's contents.

    >>> from yimao.model.text import Text
    >>> opening([Para("p1", Flat((Text("空亡之法，輕重有別，或年空，或月空"),), ()))], 6)
    '空亡之法，輕…'
    """
    words = "".join(text(p.flat.inlines) for p in paras)
    words = re.sub(r"（[^）]*）?", "", words).strip() or words.strip()
    return words if len(words) <= length else words[:length] + "…"


class Pages:
    """Renders division pages and the contents from the edition model."""

    def __init__(self, edition: Edition, templates: Path) -> None:
        self.edition = edition
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates)),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        self.links = [division_link(d) for d in edition.divisions]
        # filled by other site modules (rule and case marks in the text); empty by default
        # (a note's citations made links, cite_links, and a Run panel's question by its words,
        # question_words, are given by yimao.web.catalogue: their modules import this one)
        self.env.globals.update(rule_names={}, rule_titles={}, claim_info={},
                                claim_status_label={}, status_ko={}, case_title=str,
                                questions_of=lambda chapter: (), opening=opening,
                                cite_links=lambda note, url: note, question_words=str)

    def division(self, division_id: str, url: Url, base_url: str = "",
                 actions: Mapping[str, Sequence[Action]] | None = None) -> str:
        div = next(d for d in self.edition.divisions if d.id == division_id)
        i = [link.id for link in self.links].index(division_id)
        link = self.links[i]
        return self.env.get_template("yimao/division.html").render(
            div=div,
            link=link,
            part=PARTS[link.part],
            status_label=STATUS_LABEL.get(link.title_status, ""),
            notes=div.notes,
            author=div.author,
            rows=passage_views(div.passages, actions),
            prev=self.links[i - 1] if i > 0 else None,
            next=self.links[i + 1] if i + 1 < len(self.links) else None,
            url=url,
            permalink=permalink,
            base_url=base_url.rstrip("/"),
        )

    def redirects(self, url_from: Callable[[str], Url]) -> Iterator[tuple[str, str]]:
        """``(page name, html)`` of every paragraph's permanent link: a page that sends the
        reader to the paragraph (keeping a ``#sentence`` anchor) — works without JavaScript
        through ``<meta http-equiv=refresh>``."""
        template = self.env.get_template("yimao/redirect.html")
        for div in self.edition.divisions:
            for p in div.passages:
                name = permalink(p.id)
                target = url_from(name)(docname(div.id), "")
                yield name, template.render(pid=p.id, ref=p.ref, target=target)

    def contents(self, url: Url) -> str:
        parts: list[tuple[str, tuple[str, str, str], list[DivisionLink]]] = []
        for link in self.links:
            if not parts or parts[-1][0] != link.part:
                parts.append((link.part, PARTS[link.part], []))
            parts[-1][2].append(link)
        return self.env.get_template("yimao/contents.html").render(
            parts=parts, url=url, status_label=STATUS_LABEL
        )
