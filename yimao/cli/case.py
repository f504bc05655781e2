"""``yimao case <id>``: one worked case — its passage, its chart, each claim checked beside it.

    yimao case p111-case1

>>> print(show("p111-case1").splitlines()[0])
p111-case1  (reported, p111)  寅建 癸酉日  長子病  震之兌
"""

from __future__ import annotations

import argparse

from yimao.model import cases as C

MARK = {"confirmed": "✓", "contradicted": "✗", "not_computable": "?", "two_readings": "±"}


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao case``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["p111-case1"]).id
    'p111-case1'
    """
    parser.add_argument("id", help="a case id, e.g. p111-case1 (list them with `yimao cases`)")


def show(cid: str) -> str:
    """The text of ``yimao case``."""
    from compute.layout import table_lines

    case = C.by_id(C.load(), cid)
    out = [f"{case.id}  ({case.type}, {case.passage})  {case.date or '(no date)'}  "
           f"{case.question or '—'}  {case.hexagrams}", f"「{case.text}」"]
    if case.outcome:
        out.append(f"outcome: {case.outcome}")
    found, basis = C.dates(case)
    if found:
        out.append(f"gregorian ({'節氣' if basis == '節' else 'almanac month'}): "
                   f"{', '.join(found)}")
    problem = C.date_problem(case)
    if problem:
        out.append(f"date: {problem}")
    if case.date_note:
        out.append(f"date (editors): {case.date_note}")
    if case.same_as:
        out.append(f"the same divination as {case.same_as}")
    from yimao.model.case_questions import show_lines

    out += show_lines(case)
    s = C.setting(case)
    out += ["", *table_lines(s.chart)]
    if s.notes:
        out += [f"  ({n})" for n in s.notes]
    out.append("")
    for k, claim in enumerate(case.claims, 1):
        v = C.evaluate(case, claim)
        flag = "" if v.status == claim.expect else f"  [expected {claim.expect}]"
        out.append(f"{MARK[v.status]} c{k} 「{claim.text}」 {claim.rule}: {v.status}{flag}")
        if v.detail:
            out.append(f"     {v.detail}")
        if claim.sic:
            out.append(f"     text corrected: {claim.sic} → {claim.corr} "
                       "(editorial/corrections.tsv)")
        if claim.note or claim.working_note:
            out.append(f"     {claim.note or claim.working_note}")
    if not case.claims:
        out.append("(the text asserts no chart fact for this case)")
    note = " ".join(case.notes) or case.working_note
    if note:
        out += ["", f"note: {note}"]
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    print(show(args.id))
    return 0
