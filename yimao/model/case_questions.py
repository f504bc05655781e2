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


def show_lines(case: Case) -> list[str]:
    """The lines ``yimao case`` prints for the question and the roles."""
    if case.yongshen is None:
        return []
    out = []
    if case.question_id:
        from compute.book.questions import question

        q = question(case.question_id)
        out.append(f"물음: {q.id} 「{q.text}」 ({q.ko})")
    status, what = agreement(case)
    r = computed(case)
    if r is not None:
        roles = [f"{name} {role.relative} {list(role.lines) or '—'}"
                 for name, role in (("元神", r.yuan), ("忌神", r.ji), ("仇神", r.chou))
                 if role.relative is not None]
        out.append(f"{what} [{status}]")
        if roles:
            out.append("역할: " + ", ".join(roles))
    if case.yongshen_note:
        out.append(f"     {case.yongshen_note}")
    return out


__all__ = ["agreement", "as_json", "computed", "show_lines"]
