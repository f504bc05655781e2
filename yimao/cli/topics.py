"""``yimao topics``: the 50 筮類 chapters and their questions, each with its 用神 and the
judgments compute implements for the chapter.

    yimao topics            # one line per chapter, then its questions
    yimao topics --json     # [{chapter, title, questions: [{id, text, yongshen, passages}]}]

Chapters, titles and the questions come from the TEI (:func:`yimao.model.edition.load_edition`,
:func:`yimao.model.examples.questions`: ``<fs type="question">``, compiled from
editorial/questions.toml); the judgments from compute (what it implements for the chapter).

>>> rows = topics()
>>> len(rows), rows[0]["chapter"], rows[0]["title"], rows[0]["questions"][0]["text"]
(50, 'shilei-01', '國事章', '遷都')
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def topics() -> list[dict[str, Any]]:
    """The chapters of the 筮類 with their questions (the ``--json`` rows)."""
    from compute.shilei.judgments_data import JUDGMENTS
    from yimao.model.edition import load_edition
    from yimao.model.examples import questions

    judged: dict[str, list[str]] = {}
    for j in JUDGMENTS:
        judged.setdefault(j["chapter"], []).append(j["id"])
    out = []
    edition = load_edition()
    asked = questions(edition)
    for d in edition.divisions:
        if d.part != "shilei":
            continue
        qs = [{"id": q.id, "text": q.text, "ko": q.ko, "yongshen": list(q.yongshen),
               "passages": list(q.passages)} for q in asked if q.chapter == d.id]
        out.append({"chapter": d.id, "title": d.title_zh, "title_ko": d.title_ko,
                    "questions": qs, "judgments": judged.get(d.id, [])})
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao topics``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["--json"]).json
    True
    """
    parser.add_argument("--json", action="store_true",
                        help="[{chapter, title, questions: [{id, text, yongshen, passages}]}]")


def run(args: argparse.Namespace) -> int:
    """Print the chapters and questions (or their JSON)."""
    rows = topics()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for row in rows:
        print(f"{row['chapter']}  {row['title']}  ({len(row['questions'])} questions, "
              f"{len(row['judgments'])} judgments)")
        for q in row["questions"]:
            print(f"  {q['id']:14} {q['text']:8} 用神 {'、'.join(q['yongshen']) or '—'}")
    return 0
