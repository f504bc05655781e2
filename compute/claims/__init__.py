"""The claim-check language of the book's worked cases: a chart fact stated as data, checked.

A case states its inputs as the book gives them (:class:`Inputs`: 本卦, 之卦, and as much of the
date as the text says); a claim's *check* is a small mapping (``editorial/cases.toml`` writes
them: ``{kind = "line", relative = "妻財", attr = "kong", equals = true}``). :func:`evaluate`
charts the case (:func:`setting`: placeholders for what the text leaves out, and what the date
really fixes), reads the value the check asks for through :class:`compute.claims.query.Query`, and
gives a :class:`Verdict`: ``confirmed``, ``contradicted`` or ``not_computable`` with the reason.
A check on a date the text leaves partial holds if it holds on every *neutral* completion of
that date (:func:`completions`), fails if it holds on none, and cannot be decided otherwise.

>>> i = Inputs(primary="震", changed="兌", month="寅", day="癸酉")
>>> v = evaluate(i, {"kind": "line", "role": "世", "attr": "kong", "equals": True})
>>> v.status, v.value, v.detail
('confirmed', True, 'line: 是 (text: 是)')
>>> evaluate(Inputs(primary="震", changed="兌"),
...          {"kind": "line", "role": "世", "attr": "kong", "equals": True}).status
'not_computable'

The check kinds are the keys of :data:`CHECKS` (and ``all``, a list of checks that must all
hold); ``kind = "finding"`` reads a rule's findings through :data:`FINDINGS`.
"""

from __future__ import annotations

from compute.claims.case import (
    INPUTS,
    NO_INPUTS,
    CheckError,
    Inputs,
    Missing,
    NotComputable,
    Setting,
    Verdict,
    setting,
    state_of,
)
from compute.claims.check import CHECKS, FINDINGS, completions, evaluate

__all__ = [
    "CHECKS", "FINDINGS", "INPUTS", "NO_INPUTS", "CheckError", "Inputs", "Missing",
    "NotComputable", "Setting", "Verdict", "completions", "evaluate", "setting", "state_of",
]

