"""The question and the 用神 of each worked case (issue 10).

The data are the ``[[case_question]]`` rows of editorial/cases-proposed.toml (the case, its
question id of editorial/questions.toml, and the 用神 as the case reads it: ``{relative or
role, lines, hidden}``); tests/test_shilei_specs.py checks them against compute's 納甲. Here
they are joined to the cases for ``yimao cases --json`` and ``yimao case``, and compared with
the 用神 compute resolves for the same question on the case's chart.

>>> as_json("p089-case1")["yongshen"]
{'relative': '妻財', 'lines': [1], 'hidden': False}
>>> as_json("p089-case1")["question_id"]
'shilei-26-q23'
"""

from __future__ import annotations

import functools
import tomllib
from typing import Any

from yimao.errors import EditionError
from yimao.source import ROOT

FILE = ROOT / "editorial" / "cases-proposed.toml"


@functools.cache
def rows() -> dict[str, dict[str, Any]]:
    """case id → its [[case_question]] row."""
    try:
        data = tomllib.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise EditionError(f"{FILE}:0: cannot read the case questions: {exc}") from None
    return {str(r["case"]): r for r in data.get("case_question", ())}


def as_json(case_id: str) -> dict[str, Any]:
    """``{"question_id", "yongshen"}`` of a case (None where the data give none)."""
    row = rows().get(case_id)
    if row is None:
        return {"question_id": None, "yongshen": None}
    return {"question_id": row.get("question") or None, "yongshen": dict(row["yongshen"])}


def computed(case: Any) -> Any:
    """compute's :class:`~compute.questions.Roles` on the case's chart for the case's 用神
    (its 六親 or role as the case reads it), or None where the case gives none."""
    from compute.questions import roles
    from compute.questions_data import VOCABULARY
    from yimao import cases as C

    row = rows().get(case.id)
    if row is None:
        return None
    ys = row["yongshen"]
    value = ys.get("relative") or ys.get("role")
    if not value or value not in VOCABULARY:
        return None                     # 命 (the 本命's line) and the like: no vocabulary value
    c = C.setting(case).chart
    return roles(c, row.get("question") or None, value)


def agreement(case: Any) -> tuple[str, str]:
    """('agrees' | 'agrees (both)' | 'differs' | 'none', what) — the case's 用神 lines against
    compute's (for 兩現 the case may name every appearance where compute chooses one)."""
    row = rows().get(case.id)
    if row is None:
        return "none", ""
    r = computed(case)
    if r is None:
        return "none", ""
    want = sorted(row["yongshen"].get("lines", ()))
    got = sorted(r.positions)
    hidden = bool(row["yongshen"].get("hidden"))
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


def show_lines(case: Any) -> list[str]:
    """The lines ``yimao case`` prints for the question and the roles."""
    row = rows().get(case.id)
    if row is None:
        return []
    out = []
    qid = row.get("question") or ""
    if qid:
        from compute.questions import question

        q = question(qid)
        out.append(f"question: {q.id} 「{q.text}」 ({q.ko})")
    status, what = agreement(case)
    r = computed(case)
    if r is not None:
        roles = [f"{name} {role.relative} {list(role.lines) or '—'}"
                 for name, role in (("元神", r.yuan), ("忌神", r.ji), ("仇神", r.chou))
                 if role.relative is not None]
        out.append(f"{what} [{status}]")
        if roles:
            out.append("roles: " + ", ".join(roles))
    if row.get("note"):
        out.append(f"     {row['note']}")
    return out


__all__ = ["agreement", "as_json", "computed", "rows", "show_lines"]
