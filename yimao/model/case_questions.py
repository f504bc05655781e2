"""The question and the 用神 of each worked case (issue 10).

The data are each case's ``<fs type="case-question">`` in the TEI (compiled from the
``[[case_question]]`` rows of editorial/cases-proposed.toml; tests/test_tei_shilei_specs.py
checks them against compute's 納甲): the question id of editorial/questions.toml and the 用神
as the case reads it, ``{relative or role, lines, hidden}`` — the read model's
``Case.question_id``, ``Case.yongshen`` and ``Case.yongshen_note``. Here they are given for
``yimao cases --json`` and ``yimao case``, and compared with the 用神 compute resolves for the
same question on the case's chart.

>>> from yimao.model import cases as C
>>> case = C.by_id(C.load(), "p089-case1")
>>> as_json(case)["yongshen"]
{'relative': '妻財', 'lines': [1], 'hidden': False}
>>> as_json(case)["question_id"]
'shilei-26-q23'
"""

from __future__ import annotations

from typing import Any

from yimao.model.case_record import Case


def as_json(case: Case) -> dict[str, Any]:
    """``{"question_id", "yongshen"}`` of a case (None where the data give none)."""
    if case.yongshen is None:
        return {"question_id": None, "yongshen": None}
    return {"question_id": case.question_id or None, "yongshen": dict(case.yongshen)}


def computed(case: Case) -> Any:
    """compute's :class:`~compute.shilei.roles.Roles` on the case's chart for the case's 用神
    (its 六親 or role as the case reads it), or None where the case gives none."""
    from compute.book.questions_data import VOCABULARY
    from compute.shilei.roles import roles
    from yimao.model import cases as C

    if case.yongshen is None:
        return None
    value = case.yongshen.get("relative") or case.yongshen.get("role")
    if not value or value not in VOCABULARY:
        return None                     # 命 (the 本命's line) and the like: no vocabulary value
    c = C.setting(case).chart
    return roles(c, case.question_id or None, value)


def agreement(case: Case) -> tuple[str, str]:
    """('agrees' | 'agrees (both)' | 'differs' | 'none', what) — the case's 用神 lines against
    compute's (for 兩現 the case may name every appearance where compute chooses one)."""
    if case.yongshen is None:
        return "none", ""
    r = computed(case)
    if r is None:
        return "none", ""
    want = sorted(case.yongshen.get("lines", ()))
    got = sorted(r.positions)
    hidden = bool(case.yongshen.get("hidden"))
    if not want and (r.hidden or r.absent) or want == got and (not want or hidden == r.hidden):
        status = "agrees"           # 「卦無用」: not among the 飛 lines, compute finds it 伏 or 無
    elif want == sorted(a.position for a in r.all_yong) and not hidden:
        status = "agrees (both)"    # the case names every appearance, compute chose among them
    else:
        status = "differs"
    choice = f" ({r.choice})" if r.choice else ""
    what = (f"用神 {r.value}: 책 {want or '—'}{' 伏' if hidden else ''}, "
            f"compute {got or '—'}{' 伏' if r.hidden else ''}{choice}")
    return status, what


ROLE_NAMES = (("用神", "yong"), ("元神", "yuan"), ("忌神", "ji"), ("仇神", "chou"))
"""The roles of an answer by name, with their attribute of :class:`~compute.shilei.roles.Roles`."""
AGREEMENT_KO = {"agrees": "일치", "agrees (both)": "일치(책은 두 자리를 모두 든다)",
                "differs": "다름"}
"""How the case's 用神 compares with compute's (:func:`agreement`), in Korean."""


def show_lines(case: Case, lang: str = "en") -> list[str]:
    """The lines ``yimao case`` prints for the question, the 用神 and the roles, in *lang*: in
    English (``en``) as the editors work (the question's id, line numbers, the agreement's key,
    their note on the 用神), in Korean (``ko``) as a reader names them (初爻·四爻, 일치, how
    the 用神 was chosen).

    >>> from yimao.model import cases as C
    >>> case = C.by_id(C.load(), "p111-case1")
    >>> print("\\n".join(show_lines(case, "ko")))
    물음: 병자가 살지 죽을지 「筮其吉凶」
    用神 子孫: 책 四爻, 계산 四爻 — 일치
    역할: 元神 兄弟 二爻, 忌神 父母 初爻, 仇神 官鬼 五爻
    >>> show_lines(case)[1:3]
    ['用神 子孫: 책 [4], compute [4] [agrees]', '역할: 元神 兄弟 [2], 忌神 父母 [1], 仇神 官鬼 [5]']
    """
    if case.yongshen is None:
        return []
    ko = lang == "ko"
    out = []
    if case.question_id:
        from compute.book.questions import question

        q = question(case.question_id)
        out.append(f"물음: {q.ko} 「{q.text}」" if ko else f"물음: {q.id} 「{q.text}」 ({q.ko})")
    status, what = agreement(case)
    r = computed(case)
    if r is not None:
        out.append(_yongshen_ko(case, r, status) if ko else f"{what} [{status}]")
        named = ((name, getattr(r, attr)) for name, attr in ROLE_NAMES[1:])
        roles = [f"{name} {role.relative} "
                 f"{_lines(sorted(role.lines)) if ko else list(role.lines) or '—'}"
                 for name, role in named if role.relative is not None]
        if roles:
            out.append("역할: " + ", ".join(roles))
    if case.yongshen_note and not ko:
        out.append(f"     {case.yongshen_note}")
    return out


def _yongshen_ko(case: Case, r: Any, status: str) -> str:
    """The 用神 as the case reads it and as compute finds it, in a reader's words."""
    from yimao.model.case_words import choice_ko

    want = sorted(case.yongshen.get("lines", ())) if case.yongshen else []
    hidden = " 伏" if case.yongshen and case.yongshen.get("hidden") else ""
    choice = choice_ko(r.choice)
    return (f"用神 {r.value}: 책 {_lines(want)}{hidden}, 계산 {_lines(sorted(r.positions))}"
            f"{' 伏' if r.hidden else ''} — {AGREEMENT_KO.get(status, status)}"
            + (f" ({choice})" if choice else ""))


def _lines(positions: list[int]) -> str:
    """Line positions as a reader names them: [1, 4] → 初爻·四爻.

    >>> _lines([1, 4]), _lines([])
    ('初爻·四爻', '—')
    """
    from compute.book.gua import POS_ZH

    return "·".join(POS_ZH[p] for p in positions) or "—"


__all__ = ["AGREEMENT_KO", "ROLE_NAMES", "agreement", "as_json", "computed", "show_lines"]
