"""``yimao case <id>``: one worked case — its passage, its chart, each claim checked beside it.

    yimao case p111-case1
    yimao case p111-case1 --lang ko

The language follows the locale like ``yimao chart`` (Korean under a Korean ``LANG``, English
otherwise; ``--lang ko|en`` names one, :func:`compute.messages.language`). In Korean the case
reads as the site's case page does: the passage cited as 立法 13.8, the date as 寅月 癸酉日,
each claim's status and rule in Korean with compute's reasons
(:func:`compute.claims.explain.explain`) and the editors' Korean notes; the English working
notes, the rule ids and the checks' raw details are printed in English only.

>>> print(show("p111-case1").splitlines()[0])
p111-case1  (reported case, p111)  寅建 癸酉日  長子病  震之兌
>>> ko = show("p111-case1", "ko").splitlines()
>>> print(ko[0]); print(ko[1])
p111-case1  震之兌 — 寅月 癸酉日 장자의 병 (실제 점례, 立法 13.8)
날짜: 寅月 癸酉日 · 점친 일: 長子病 · 괘: 震之兌
"""

from __future__ import annotations

import argparse
from typing import Any

from compute.messages import LANGS
from yimao.model import cases as C
from yimao.model.case_words import (
    STATUS,
    TYPE_KO,
    detail_ko,
    month_day,
    not_computable_ko,
    placeholder_ko,
)

MARK = {status: mark for status, (mark, _) in STATUS.items()}
TYPE_EN = {"reported": "reported case", "schematic": "schematic case",
           "example": "illustration", "historical": "historical case"}


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao case``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["p111-case1"]).id, p.parse_args(["p111-case1", "--lang", "ko"]).lang
    ('p111-case1', 'ko')
    """
    parser.add_argument("id", help="a case id, e.g. p111-case1 (list them with `yimao cases`)")
    parser.add_argument("--lang", choices=LANGS, help="the language of the text: ko (Korean) "
                        "or en (English); by default the locale's (LC_ALL, LC_MESSAGES, LANG): "
                        "Korean under a Korean locale, else English")


def show(cid: str, lang: str = "en") -> str:
    """The text of ``yimao case`` in *lang* (``en`` or ``ko``)."""
    cases = C.load()
    if lang == "ko" and all(c.id != cid for c in cases):
        from yimao.errors import EditionError

        raise EditionError(f"점례 「{cid}」: 그런 점례는 없습니다. 번호는 p089-case1 꼴입니다"
                           "(목록은 yimao cases로 보십시오).")
    case = C.by_id(cases, cid)
    return "\n".join(_show_ko(case) if lang == "ko" else _show_en(case))


def _chart(case: C.Case, notes: tuple[str, ...]) -> list[str]:
    from compute.engine.layout import table_lines

    s = C.setting(case)
    return ["", *table_lines(s.chart), *(f"  ({n})" for n in notes if n)]


def _show_en(case: C.Case) -> list[str]:
    out = [f"{case.id}  ({TYPE_EN[case.type]}, {case.passage})  {case.date or '(no date)'}  "
           f"{case.question or '—'}  {case.hexagrams}", f"「{case.text}」"]
    if case.outcome:
        out.append(f"outcome: {case.outcome}")
    found, basis = C.dates(case)
    if found:
        out.append(f"Gregorian ({'by 節氣' if basis == '節' else 'by numbered month'}): "
                   f"{', '.join(found)}")
    problem = C.date_problem(case)
    if problem:
        out.append(f"date problem: {problem}")
    if case.date_note:
        out.append(f"date (editors' note): {case.date_note}")
    if case.same_as:
        out.append(f"same cast: {case.same_as}")
    from yimao.model.case_questions import show_lines

    out += show_lines(case)
    out += _chart(case, C.setting(case).notes)
    out.append("")
    for k, claim in enumerate(case.claims, 1):
        v = C.evaluate(case, claim)
        flag = "" if v.status == claim.expect else f"  [recorded in this edition: {claim.expect}]"
        out.append(f"{MARK[v.status]} c{k} 「{claim.text}」 {claim.rule}: {v.status}{flag}")
        if v.detail:
            out.append(f"     {v.detail}")
        if claim.sic:
            out.append(f"     text corrected: {claim.sic} → {claim.corr} "
                       "(editorial/corrections.tsv)")
        if claim.note or claim.working_note:
            out.append(f"     {claim.working_note or claim.note}")
    if not case.claims:
        out.append("(the text states nothing about this case's chart to check)")
    note = case.working_note or " ".join(case.notes)
    if note:
        out += ["", f"editors' note: {note}"]
    return out


def _edition() -> Any:
    """The edition read from the TEI (for citations and the rules' Korean names), None if it
    cannot be read: the case is still shown, its passage by id."""
    try:
        from yimao.model.edition import load_edition

        return load_edition()
    except Exception:  # noqa: BLE001 (a citation is a convenience here)
        return None


def _ref(edition: Any, pid: str) -> str:
    """The passage as a reader cites it (立法 13.8); its id without the TEI."""
    from yimao.model.edition import short_ref

    try:
        return short_ref(edition.ref(pid)) if edition is not None else pid
    except Exception:  # noqa: BLE001
        return pid


def _show_ko(case: C.Case) -> list[str]:
    from compute.claims.explain import explain
    from yimao.model.case_questions import show_lines

    edition = _edition()
    names = {c.rule_id: c.name_ko for c in edition.categories()} if edition is not None else {}
    out = [f"{case.id}  {case.title_ko or case.hexagrams} ({TYPE_KO[case.type]}, "
           f"{_ref(edition, case.passage)})",
           f"날짜: {month_day(case.date) or '본문에 없음'} · 점친 일: {case.question or '—'} · "
           f"괘: {case.hexagrams}", f"「{case.text}」"]
    if case.outcome:
        out.append(f"결과: {case.outcome}")
    found, basis = C.dates(case)
    if found:
        out.append(f"양력 ({'절기 기준' if basis == '節' else '역월 기준'}): {', '.join(found)}")
    if C.date_problem(case):
        out.append("날짜 문제: 본문의 날짜가 절기로 나눈 달에 맞지 않는다.")
    if case.date_note:
        out.append(f"날짜 (편집자 주): {case.date_note}")
    if case.same_as:
        same = next((c for c in C.load() if c.id == case.same_as), None)
        out.append(f"같은 점: {same.title_ko if same and same.title_ko else ''} "
                   f"({case.same_as})".replace(":  (", ": ("))
    out += show_lines(case, "ko")
    out += _chart(case, ())
    out += [f"  임시 날짜: {n}" for n in map(placeholder_ko, C.setting(case).notes) if n]
    out.append("")
    for k, claim in enumerate(case.claims, 1):
        v = C.evaluate(case, claim)
        mark, label = STATUS[v.status]
        rule = names.get(claim.rule) or "규칙"
        flag = "" if v.status == claim.expect else \
            f"  [이 판에 기록된 판정: {STATUS.get(claim.expect, ('', claim.expect))[1]}]"
        out.append(f"{mark} {k}. 「{claim.text}」 {rule}: {label}{flag}")
        if v.status == "not_computable":
            why: tuple[str, ...] = (not_computable_ko(v.detail),)
        elif v.status == "two_readings":
            why = ()
        else:
            why = explain(case.inputs, claim.check)
        detail = detail_ko(v.detail) if v.status != "not_computable" else ""
        out += [f"     {w}" for w in (detail, " ".join(why)) if w]
        if claim.sic:
            out.append(f"     본문 교정: {claim.sic} → {claim.corr}")
        if claim.note:
            out.append(f"     편집자 주: {' '.join(claim.note.split())}")
    if not case.claims:
        out.append("(본문이 이 점례의 괘에 대해 확인할 사실을 말하지 않는다.)")
    if case.notes:
        out += ["", f"편집자 주: {' '.join(case.notes)}"]
    return out


def run(args: argparse.Namespace) -> int:
    from compute.messages import language

    print(show(args.id, getattr(args, "lang", None) or language()))
    return 0
