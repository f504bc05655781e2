"""``yimao case <id>``: one worked case — its passage, its chart, each claim checked beside it.

    yimao case p111-case1

>>> print(show("p111-case1").splitlines()[0])
p111-case1  (실제 점례, p111)  寅建 癸酉日  長子病  震之兌
"""

from __future__ import annotations

import argparse

from yimao.model import cases as C

MARK = {"confirmed": "✓", "contradicted": "✗", "not_computable": "?", "two_readings": "±"}
TYPE_KO = {"reported": "실제 점례", "schematic": "가정한 예", "example": "설명용 예",
           "historical": "고사(古事)"}
"""The kinds of case in the words the site uses."""


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao case``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["p111-case1"]).id
    'p111-case1'
    """
    parser.add_argument("id", help="a case id, e.g. p111-case1 (list them with `yimao cases`)")


def show(cid: str) -> str:
    """The text of ``yimao case``."""
    from compute.engine.layout import table_lines

    case = C.by_id(C.load(), cid)
    out = [f"{case.id}  ({TYPE_KO[case.type]}, {case.passage})  {case.date or '(날짜 없음)'}  "
           f"{case.question or '—'}  {case.hexagrams}", f"「{case.text}」"]
    if case.outcome:
        out.append(f"결과: {case.outcome}")
    found, basis = C.dates(case)
    if found:
        out.append(f"양력 ({'절기 기준' if basis == '節' else '역월 기준'}): "
                   f"{', '.join(found)}")
    problem = C.date_problem(case)
    if problem:
        out.append(f"날짜 문제: {problem}")
    if case.date_note:
        out.append(f"날짜 (편집자 주): {case.date_note}")
    if case.same_as:
        out.append(f"같은 점: {case.same_as}")
    from yimao.model.case_questions import show_lines

    out += show_lines(case)
    s = C.setting(case)
    out += ["", *table_lines(s.chart)]
    if s.notes:
        out += [f"  ({n})" for n in s.notes]
    out.append("")
    for k, claim in enumerate(case.claims, 1):
        v = C.evaluate(case, claim)
        flag = "" if v.status == claim.expect else f"  [이 판의 기록: {claim.expect}]"
        out.append(f"{MARK[v.status]} c{k} 「{claim.text}」 {claim.rule}: {v.status}{flag}")
        if v.detail:
            out.append(f"     {v.detail}")
        if claim.sic:
            out.append(f"     본문 교정: {claim.sic} → {claim.corr} "
                       "(editorial/corrections.tsv)")
        if claim.note or claim.working_note:
            out.append(f"     {claim.note or claim.working_note}")
    if not case.claims:
        out.append("(본문이 이 점례의 괘에 대해 확인할 사실을 말하지 않는다)")
    note = " ".join(case.notes) or case.working_note
    if note:
        out += ["", f"편집자 주: {note}"]
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    print(show(args.id))
    return 0
