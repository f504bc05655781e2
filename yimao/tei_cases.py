"""The worked-case layer: editorial/cases.toml → ``seg type="case"`` and ``seg type="claim"``.

Each case (``p450-case1``) is located in its Chinese paragraph by its exact ``text`` (the first
occurrence after the previous case of the same paragraph), each claim (``p450-case1-c1``)
inside its case by its ``text`` (in text order). A claim carries its catalogue rule id in ``n``,
``ana="#r-<rule>"`` when the rule is in the taxonomy (compute's registry), and ``subtype`` = the
status compute is expected to return (confirmed | contradicted | not_computable).

>>> c = Case("p001-case1", "p001", "冒", "example", (Claim("冒", "x-rule", "confirmed"),))
>>> [(s.start, s.end, s.tag) for s in locate(c, "易冒", 0)[1]]
[(1, 2, 'seg'), (1, 2, 'seg')]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from yimao.tei_inputs import EDITORIAL, InputError
from yimao.tei_layers import RANK_CASE, RANK_CLAIM, Span
from yimao.tei_xml import attrs

CASES_TOML = EDITORIAL / "cases.toml"


@dataclass(frozen=True, slots=True)
class Claim:
    text: str
    rule: str
    expect: str


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    para: str
    text: str
    type: str
    claims: tuple[Claim, ...]
    same_as: str = ""


def read_cases(path: Path = CASES_TOML) -> list[Case]:
    """The cases of cases.toml in file order (empty if the file does not exist)."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: {exc}") from None
    out = []
    for k, c in enumerate(data.get("case", []), 1):
        try:
            claims = tuple(
                Claim(str(x["text"]), str(x["rule"]), str(x.get("expect", "")))
                for x in c.get("claim", [])
            )
            out.append(
                Case(str(c["id"]), str(c["para"]), str(c["text"]), str(c.get("type", "")),
                     claims, str(c.get("same_as", "")))
            )
        except KeyError as exc:
            raise InputError(f"{path}: case {k} ({c.get('id', '?')}): missing {exc}") from None
    return out


def locate(case: Case, text: str, after: int, categories: set[str] | None = None
           ) -> tuple[int, list[Span]]:
    """Spans of one case and its claims in paragraph ``text``; returns (case end, spans)."""
    start = text.find(case.text, after)
    if start < 0:
        start = text.find(case.text)
    if start < 0 or not case.text:
        raise InputError(f"editorial/cases.toml: {case.id}: text not found in {case.para}")
    end = start + len(case.text)
    same = f"#{case.same_as}" if case.same_as else None
    spans = [Span(start, end, "seg",
                  attrs(id=case.id, type="case", subtype=case.type or None, corresp=same),
                  rank=RANK_CASE)]
    pos = start
    for k, claim in enumerate(case.claims, 1):
        at = text.find(claim.text, pos, end)
        if at < 0:
            at = text.find(claim.text, start, end)
        if at < 0 or not claim.text:
            raise InputError(
                f"editorial/cases.toml: {case.id} claim {k}: {claim.text!r} not in the case text"
            )
        known = categories is None or f"r-{claim.rule}" in categories
        a = attrs(id=f"{case.id}-c{k}", type="claim", subtype=claim.expect or None,
                  n=claim.rule, ana=f"#r-{claim.rule}" if known else None)
        spans.append(Span(at, at + len(claim.text), "seg", a, rank=RANK_CLAIM))
        pos = at + len(claim.text)
    return end, spans


class CaseLayer:
    """A span provider for :data:`yimao.build_tei.SPAN_PROVIDERS` over a list of cases."""

    def __init__(self, cases: list[Case], categories: set[str]) -> None:
        self.by_para: dict[str, list[Case]] = {}
        for c in cases:
            self.by_para.setdefault(c.para, []).append(c)
        self.categories = categories
        self.unanchored: list[str] = []  # claim ids whose rule is not (yet) in the registry

    def __call__(self, pid: str, text: str, _inputs: object = None) -> list[Span]:
        out: list[Span] = []
        after = 0
        for case in self.by_para.get(pid, []):
            after, spans = locate(case, text, after, self.categories)
            out.extend(spans)
            for k, claim in enumerate(case.claims, 1):
                if f"r-{claim.rule}" not in self.categories:
                    self.unanchored.append(f"{case.id}-c{k}:{claim.rule}")
        return out
