"""The questions of the 筮類 marked in the TEI (issue 10): a span provider for
:data:`yimao.build_tei.SPAN_PROVIDERS`.

Each question of editorial/questions.toml is marked where the text states it — a listed
question at its ``marker`` in the chapter's （內詳…諸問） list, an unlisted one where it is
``stated`` — as
``<seg type="question" xml:id="shilei-14-q5" ana="#r-yongshen-source">``: its id is the
question id, and it points to the rule that takes the 用神 of a question (as a rule's
sentences point to the rule).

>>> spans = question_spans("p296", "（內詳遷都建廟擇後立儲改制享國諸問）")
>>> [(s.start, s.end, dict(s.attrib)["type"]) for s in spans][:2]
[(3, 5, 'question'), (5, 7, 'question')]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from yimao.tei_layers import RANK_CHOICE, RANK_NOTE, Span
from yimao.tei_xml import attrs

RANK_QUESTION: Final = (RANK_NOTE + RANK_CHOICE) // 2
"""Inside a sentence, a claim and the commentary note that holds a chapter's list; outside a
correction (a question word may hold one: 擇後)."""

ANA: Final = "#r-yongshen-source"


def _by_para() -> dict[str, list[tuple[str, int, int]]]:
    import tomllib

    from yimao.source import ROOT

    path = ROOT / "editorial" / "questions.toml"
    out: dict[str, list[tuple[str, int, int]]] = {}
    for q in tomllib.loads(path.read_text(encoding="utf-8"))["question"]:
        where = q.get("marker") or q.get("stated")
        if where:
            out.setdefault(where["para"], []).append(
                (q["id"], where["offset"], where["offset"] + where["length"]))
    return out


_BY_PARA: dict[str, list[tuple[str, int, int]]] | None = None


def question_spans(pid: str, text: str, _inputs: Any = None) -> list[Span]:
    """The question spans of paragraph *pid* (a span provider)."""
    global _BY_PARA
    if _BY_PARA is None:
        _BY_PARA = _by_para()
    out = []
    for qid, start, end in _BY_PARA.get(pid, ()):
        if end > len(text):
            continue
        out.append(Span(start, end, "seg", attrs(id=qid, type="question", ana=ANA),
                        rank=RANK_QUESTION))
    return out


def question_ids() -> Iterable[str]:
    """Every question id marked in the text."""
    return [qid for rows in _by_para().values() for qid, _, _ in rows]


__all__ = ["question_ids", "question_spans"]
