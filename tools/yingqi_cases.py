"""應期 over the book's dated 筮類 cases (issue 22): how often the book's time is compute's
answer (compute.shilei.yingqi.answer).

The cases: every case row of editorial/yingqi.toml (the rules' ``[[yingqi.case]]``, each case
once) whose case has a question (editorial/cases-proposed.toml ``[[case_question]]``) and whose
``expect`` names a time by branch (a pillar or branch, a season, 當日/當月); the chart is the
case's own (its hexagrams, month, day and year, yimao.model.cases), asked the case's question
with its 用神. Per case: the book's branch is the answer's first name; it is among the answer's
three names (first and ≤ 2 alternatives); how many distinct branches the rules that apply name
in all (the menu the answer is chosen from).

    .venv/bin/python tools/yingqi_cases.py            # a row per case and the totals
    .venv/bin/python tools/yingqi_cases.py --misses   # only where the first name is not the book's
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from compute import chart  # noqa: E402
from compute.book.questions_data import VOCABULARY  # noqa: E402
from compute.claims.case import case_inputs, setting  # noqa: E402
from compute.errors import InputError  # noqa: E402
from compute.shilei.yingqi import choose, timings  # noqa: E402
from yimao.model import cases as book_cases  # noqa: E402

BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
SEASON = {"孟春": "寅", "孟夏": "巳", "孟秋": "申", "季冬": "丑", "正月": "寅", "二月": "卯",
          "五月": "午", "春": "寅卯辰", "夏": "巳午未", "秋": "申酉戌", "冬": "亥子丑"}
"""Seasons and numbered months of the cases' ``expect`` as branches (longest words first)."""


def wanted(expect: str, day: str, month: str) -> set[str]:
    """The branches the book's time names (empty: no branch to compare).

    >>> sorted(wanted("酉月丁亥日", "壬申", "未")), sorted(wanted("及冬", "甲子", "寅"))
    (['亥', '酉'], ['丑', '亥', '子'])
    >>> wanted("當月 (午月)", "甲子", "未"), wanted("次日 (乙卯)", "甲寅", "寅")
    ({'未'}, {'卯'})
    >>> wanted("終歲康寧 (none that year)", "甲子", "寅")
    set()
    """
    head = expect.split("(")[0]
    found = set(re.findall(f"[{BRANCHES}]", head))
    if found:
        return found
    if not re.search("當日|是日|是夕|當月|本月", head):     # 次日 (乙卯): the gloss's pillar
        head = expect
    found = set(re.findall(f"[{BRANCHES}]", head))
    if found:
        return found
    for word in sorted(SEASON, key=len, reverse=True):
        if word in head:
            return set(SEASON[word])
    if re.search("當日|是日|是夕", head):
        return {day[-1]}
    if re.search("當月|本月", head):
        return {month[-1]}
    return set()


def rows() -> list[dict[str, Any]]:
    """One row per dated case: its question, the book's branches, the answer and the menu."""
    specs = tomllib.loads((ROOT / "editorial/yingqi.toml").read_text("utf-8"))["yingqi"]
    proposed = tomllib.loads((ROOT / "editorial/cases-proposed.toml").read_text("utf-8"))
    questions = {r["case"]: r for r in proposed["case_question"]}
    known = {c.id: c for c in book_cases.load()}
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for spec in specs:
        for row in spec.get("case", ()):
            cid = row["case"]
            if cid in seen:
                continue
            seen.add(cid)
            out.append(_row(cid, row["expect"], questions.get(cid), known.get(cid)))
    return out


def _row(cid: str, expect: str, q: dict[str, Any] | None, case: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"case": cid, "expect": expect}
    if case is None or not q or not q["question"]:
        return {**row, "skip": "no question"}
    base = setting(case.inputs).chart
    want = wanted(expect, base.day.zh, base.month.zh)
    if not want:
        return {**row, "skip": "no branch"}
    ys = q.get("yongshen") or {}
    rel = ys.get("relative") or ys.get("role")
    kw: dict[str, Any] = {"question": q["question"]}
    if rel in VOCABULARY:
        kw["yongshen"] = rel
    i = case_inputs(case.inputs, {})
    try:
        c = chart(i["primary"], i["changed"] or None, month=base.month.zh, day=base.day.zh,
                  year=base.year.zh if base.year else None, **kw)
    except InputError as e:
        return {**row, "skip": str(e)}
    timed = list(timings(c))
    menu = {v[-1] for _, named, _ in timed for _, v in named}
    a = choose(timed)
    names = [n.branch for n in a.names] if a else []
    return {**row, "question": q["question"], "want": "".join(sorted(want)),
            "answer": [f"{n.value} ({n.term}, {n.spec})" for n in a.names] if a else [],
            "first": bool(names) and names[0] in want, "among": bool(want & set(names)),
            "in_menu": bool(want & set(menu)), "menu": len(menu), "names": len(names)}


def totals(rs: list[dict[str, Any]]) -> dict[str, Any]:
    """cases, first (book's branch = the first name), among (in the ≤ 3 names), in_menu (named
    by some rule that applies), the median number of branches named (by every rule that
    applies; in the answer)."""
    ok = [r for r in rs if "skip" not in r]
    return {"cases": len(ok), "skipped": len(rs) - len(ok),
            "first": sum(r["first"] for r in ok), "among": sum(r["among"] for r in ok),
            "in_menu": sum(r["in_menu"] for r in ok),
            "median_names": statistics.median(r["menu"] for r in ok) if ok else 0,
            "median_answer": statistics.median(r["names"] for r in ok) if ok else 0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--misses", action="store_true", help="only cases whose first name differs")
    args = ap.parse_args(argv)
    rs = rows()
    for r in rs:
        if "skip" in r:
            print(f"{r['case']}: skipped ({r['skip']}; {r['expect']})")
        elif not args.misses or not r["first"]:
            mark = "first" if r["first"] else "among" if r["among"] else "miss"
            print(f"{r['case']} {r['question']} book {r['want']} ({r['expect']}) — {mark}: "
                  f"{'; '.join(r['answer'])} — menu {r['menu']}")
    t = totals(rs)
    print(f"cases {t['cases']} (skipped {t['skipped']}): first {t['first']}/{t['cases']}, "
          f"among the answer's names {t['among']}/{t['cases']}, named at all "
          f"{t['in_menu']}/{t['cases']}, median names {t['median_names']} (in the answer "
          f"{t['median_answer']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
