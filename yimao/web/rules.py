"""The rule index on the reading site (/rules/): every rule of the TEI's taxonomy (compiled from
compute's registry), grouped by the chapter whose sentence first states it, in book order.

>>> from yimao.model.edition import load_edition
>>> groups = rule_groups(load_edition(), {})
>>> g = next(g for g in groups if g.division == "lifa-04")
>>> r = next(r for r in g.rules if r.id == "najia-gan")
>>> r.anchor, r.passages[0].ref, r.functions[0]
('r-najia-gan', '立法 4.1.1', 'compute.book.najia.NAJIA_STEMS')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from yimao import ids
from yimao.errors import EditionError
from yimao.web.pages import PARTS, docname, short_ref, title_ko_plain

if TYPE_CHECKING:
    from yimao.model.edition import Edition

KIND_KO = {
    "table": "표",
    "function": "함수",
    "line": "효마다 계산",
    "finding": "괘 전체 판단",
    "doctrine": "교설 (계산하지 않음)",
}


@dataclass(frozen=True, slots=True)
class PassageLink:
    id: str  # p043-s1
    ref: str  # 立法 4.2.1
    docname: str  # lifa/04
    chapter: str = ""  # the chapter's title (納甲章) for a passage of a numbered chapter


@dataclass(frozen=True, slots=True)
class RuleView:
    id: str
    zh: str
    ko: str  # the reader's Korean name (the TEI's taxonomy, from editorial/rules-ko.tsv)
    kinds: tuple[str, ...]
    functions: tuple[str, ...]
    reasons: tuple[str, ...]  # why a doctrine is not computed (Korean)
    passages: tuple[PassageLink, ...]
    cases: tuple[str, ...]
    statement: str = ""  # what the book says, in Korean
    compute_ko: str = ""  # what compute does with it, in Korean

    @property
    def anchor(self) -> str:
        return ids.rule(self.id)

    @property
    def doctrine(self) -> bool:
        """A doctrine alone: compute does not compute it."""
        return set(self.kinds) == {"doctrine"}

    @property
    def kinds_ko(self) -> tuple[str, ...]:
        """How compute implements the rule, in Korean; 「교설 (계산하지 않음)」 only for a rule
        that nothing computes (a doctrine that a finding also computes is no longer one).

        >>> kinds = ("doctrine", "finding")
        >>> RuleView("r", "", "", kinds, (), (), (), ()).kinds_ko
        ('괘 전체 판단',)
        >>> RuleView("r", "", "", ("doctrine",), (), (), (), ()).kinds_ko
        ('교설 (계산하지 않음)',)
        """
        computed = [k for k in self.kinds if k != "doctrine"] or list(self.kinds)
        return tuple(KIND_KO.get(k, k) for k in computed)


@dataclass(frozen=True, slots=True)
class RuleGroup:
    division: str
    docname: str  # the chapter's page (lifa/04)
    label: str  # 立法 4
    title_zh: str
    title_ko: str
    rules: tuple[RuleView, ...]
    part: int = 1  # a chapter stating many rules (立法 39, 星煞) is cut into pages
    parts: int = 1

    @property
    def key(self) -> str:
        """``lifa-04``, ``lifa-39-2`` for the second page of a chapter cut in parts."""
        return self.division + (f"-{self.part}" if self.part > 1 else "")

    @property
    def page(self) -> str:
        """This group's page of the rule index: ``rules/lifa-04`` (``/rules/lifa-04/``)."""
        return group_page(self.key)

    @property
    def anchor(self) -> str:
        """Its entry on the light index /rules/ (``g-lifa-04``, the anchor it always had)."""
        return f"g-{self.key}"

    @property
    def part_label(self) -> str:
        """`` (2/6)`` for a part of a chapter cut in parts, else ``""``."""
        return f" ({self.part}/{self.parts})" if self.parts > 1 else ""


PAGE_RULES = 15
"""At most this many rules (each with its examples) on one page of the rule index."""


def group_page(key: str) -> str:
    """The page of the rules first stated in a division (or a part of it).

    >>> group_page("lifa-04"), group_page("lifa-39-2")
    ('rules/lifa-04', 'rules/lifa-39-2')
    """
    return f"rules/{key}"


def rule_pages(groups: Sequence[RuleGroup]) -> dict[str, str]:
    """``{rule id: the page its section is on}`` (``najia-gan`` → ``rules/lifa-04``)."""
    return {r.id: g.page for g in groups for r in g.rules}


def _order(sid: str) -> tuple[int, int, int]:
    """Book order of a sentence or note id: ``p043-s2`` → (43, 0, 2); notes after sentences.

    >>> sorted(["p043-s2", "p027-n1", "p027-s10", "p027-s2"], key=_order)
    ['p027-s2', 'p027-s10', 'p027-n1', 'p043-s2']
    """
    i = ids.parse(sid) if ids.paragraph_of(sid) else None
    if i is None or i.paragraph_n is None:
        return (10**6, 0, 0)
    return (i.paragraph_n, 1 if i.kind == "note" else 0, i.n or 0)


def chapter_title(edition: Edition, division_id: str) -> str:
    """The title of a numbered chapter of 立法 or 筮類 (納甲章) a citation names beside its
    number where space allows; empty for the front and back matter."""
    div = next((d for d in edition.divisions if d.id == division_id), None)
    return div.title_zh if div is not None and div.n is not None else ""


def rule_views(edition: Edition, cases_by_rule: Mapping[str, Sequence[str]]) -> list[RuleView]:
    """Every rule of the TEI's taxonomy (``#rules``, compiled from compute's registry and
    editorial/rules-ko.tsv) with its passages (the sentences whose @ana point to it) and
    cases."""
    out = []
    for cat in edition.categories():
        links = []
        for sid in sorted(cat.passages, key=_order):
            try:
                ref = short_ref(edition.ref(sid))
                div = edition.passage(ids.paragraph_of(sid)).division
            except EditionError:  # a partial edition (a test fixture) lacks the passage
                continue
            links.append(PassageLink(sid, ref, docname(div), chapter_title(edition, div)))
        doctrine = cat.kinds == ("doctrine",)
        out.append(RuleView(
            cat.rule_id, cat.name_zh, cat.name_ko or cat.rule_id, cat.kinds,
            cat.implementations, (cat.compute_ko,) if doctrine and cat.compute_ko else (),
            tuple(links), tuple(cases_by_rule.get(cat.rule_id, ())), cat.statement_ko,
            "" if doctrine else cat.compute_ko,
        ))
    return out


def home(rule: RuleView) -> PassageLink | None:
    """The passage a rule is filed under: its first in 立法 (else its first at all)."""
    lifa = [p for p in rule.passages if p.docname.startswith("lifa/")]
    return (lifa or list(rule.passages) or [None])[0]


def rule_groups(edition: Edition, cases_by_rule: Mapping[str, Sequence[str]]) -> list[RuleGroup]:
    """Rules grouped by the 立法 chapter that first states them, chapters and rules in book
    order (a rule stated only outside 立法 goes with the first division that states it); a
    chapter of more than :data:`PAGE_RULES` rules makes several groups (its parts)."""
    views = sorted(rule_views(edition, cases_by_rule),
                   key=lambda v: _order(h.id) if (h := home(v)) else (10**6, 0, 0))
    by_div: dict[str, list[RuleView]] = {}
    for v in views:
        h = home(v)
        div = edition.passage(ids.paragraph_of(h.id)).division if h else ""
        by_div.setdefault(div, []).append(v)
    groups = []
    for d in edition.divisions:
        if d.id in by_div:
            part = PARTS[d.part][0]
            label = f"{part} {d.n}" if d.n is not None else d.label
            rules = by_div[d.id]
            parts = -(-len(rules) // PAGE_RULES)
            for k in range(parts):
                groups.append(RuleGroup(
                    d.id, docname(d.id), label, d.title_zh,
                    title_ko_plain(d.title_ko, d.title_zh),
                    tuple(rules[k * PAGE_RULES:(k + 1) * PAGE_RULES]), k + 1, parts))
    return groups
