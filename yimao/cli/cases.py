"""``yimao cases``: every worked case with its claims checked by compute, as a table or JSON.

    yimao cases                     # one line per case: id, passage, date, question, hexagrams,
                                    # confirmed/total claims
    yimao cases --json --type reported

>>> j = as_json(C.by_id(C.load(), "p111-case1"))
>>> j["month"], j["year"], j["outcome"], j["claims"][0]["status"]
('寅', None, '後仲夥而卒（仲夥 = 仲夏或仲冬？）', 'confirmed')
"""

from __future__ import annotations

import argparse
import json
import unicodedata
from typing import Any

from yimao.model import cases as C
from yimao.model.case_questions import as_json as question_json


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao cases``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> a = p.parse_args(["--json", "--type", "historical"]); a.json, a.type
    (True, 'historical')
    """
    parser.add_argument("--json", action="store_true", help="one JSON array of all cases")
    parser.add_argument("--type", choices=C.TYPES, help="only cases of this type")


def tally(case: C.Case) -> tuple[int, int]:
    """(confirmed, total) claims."""
    verdicts = [C.evaluate(case, cl) for cl in case.claims]
    return sum(v.status == "confirmed" for v in verdicts), len(verdicts)


def as_json(case: C.Case) -> dict[str, Any]:
    """One case for ``yimao cases --json``; absent values are ``None`` (null)."""
    i = case.inputs
    day = i.day or (f"{i.xun}旬" if i.xun else "")
    return {
        "id": case.id, "passage": case.passage, "type": case.type, "year": _null(i.year),
        "month": _null(i.month), "day": _null(day), "hour": _null(i.hour),
        "birth": _null(i.birth), "question": _null(case.question),
        "primary": i.primary, "changed": _null(i.changed),
        "gregorian": list(C.gregorian(case)), "date_problem": _null(C.date_problem(case)),
        "date_note": _null(case.date_note),
        "claims": [_claim_json(case, cl) for cl in case.claims], "outcome": _null(case.outcome),
        **question_json(case),
    }


def _null(value: str) -> str | None:
    return value or None


def _claim_json(case: C.Case, claim: C.Claim) -> dict[str, Any]:
    v = C.evaluate(case, claim)
    note = claim.note or claim.working_note or (v.detail if v.status == "not_computable" else "")
    return {"text": claim.text, "rule": claim.rule, "status": v.status, "note": _null(note),
            "expected": claim.expect, "detail": _null(v.detail)}


def run(args: argparse.Namespace) -> int:
    cases = [c for c in C.load() if not args.type or c.type == args.type]
    if args.json:
        print(json.dumps([as_json(c) for c in cases], ensure_ascii=False, indent=1))
        return 0
    for c in cases:
        ok, total = tally(c)
        print(f"{c.id:12} {c.passage}  {_pad(c.date or '—', 22)} {_pad(c.question or '—', 14)} "
              f"{_pad(c.hexagrams, 10)} {ok}/{total}")
    return 0


def _pad(text: str, width: int) -> str:
    """*text* padded to *width* terminal columns (CJK characters take two).

    >>> _pad("震之兌", 8) + "|"
    '震之兌  |'
    """
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - used, 0)
