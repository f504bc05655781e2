"""Two readings of the book as a claim status of its own (issue 10, editorial/claims-audit.md
§7): a claim checked under each reading (``{kind="readings", readings=[{reading=…, check={…}},
…]}``) is ``two_readings`` when the readings give different statuses.

The line attributes and finding readers the audit added to the check language are in
:mod:`compute.claims.shilei`.
"""

from __future__ import annotations

from typing import Any


def two_readings(case: Any, claim: Any) -> Any:
    """The verdict of a claim checked under each of the book's readings: their common status
    when they agree, else ``two_readings`` with each reading's status in the detail.

    >>> from yimao.model import cases as C
    >>> case = C.by_id(C.load(), "p445-case3")
    >>> v = C.evaluate(case, case.claims[2]); v.status, v.detail.split(": ")[0]
    ('two_readings', 'A (p163-s1, p286-s1)')
    """
    from dataclasses import replace

    from compute.claims import Verdict
    from yimao.model import cases as C

    parts, statuses = [], []
    for k, r in enumerate(claim.check["readings"]):
        v = C.evaluate(case, replace(claim, check=r["check"]))
        statuses.append(v.status)
        parts.append(f"{'AB'[k] if k < 2 else k + 1} ({r['reading']}): {v.status} — {v.detail}")
    status = statuses[0] if len(set(statuses)) == 1 else "two_readings"
    return Verdict(status, "; ".join(parts))


__all__ = ["two_readings"]
