"""compute.claims.query (the chart query API) and compute.claims (the claim-check language).

The selections are compared with a plain walk over the chart's lines, over every hexagram
pair reachable from a few casts; the roles with the 六親 cycle written out here.
"""

from __future__ import annotations

import itertools

import pytest

from compute import chart
from compute.book.liuqin import Relative
from compute.claims import CheckError, Inputs, evaluate
from compute.claims.query import Query

CHARTS = [chart(lines="".join(c), month=m, day=d)
          for c, (m, d) in zip(itertools.product("6789", repeat=6),
                               itertools.cycle([("寅", "甲子"), ("午", "壬戌"), ("酉", "丁卯")]))]
CHARTS = CHARTS[::37]


def test_lines_select_as_a_plain_walk() -> None:
    for c in CHARTS:
        q = Query(c)
        for rel in Relative:
            assert q.lines(relative=rel) == [ln for ln in c.primary.lines if ln.relative == rel]
            assert q.lines(relative=str(rel)) == q.lines(relative=rel)
        assert q.lines(moving=True) == [ln for ln in c.primary.lines if ln.moving]
        assert [ln.position for ln in q.lines(role="世")] == [c.primary.shi]
        assert [ln.position for ln in q.lines(role="應")] == [c.primary.ying]
        if c.changed is None:
            assert q.lines(hexagram="changed") == [] and q.hexagram("changed") is None
        else:
            assert [ln.position for ln in q.lines(hexagram="changed", role="世")] == \
                [c.changed.shi]
        for ln in c.primary.lines:
            assert q.line(branch=str(ln.branch), position=ln.position) is ln
            assert (q.changed_line(ln) is None) == (not ln.moving)


CYCLE = ["父母", "兄弟", "子孫", "妻財", "官鬼"]  # each generates the next


@pytest.mark.parametrize("use", CYCLE)
def test_roles_follow_the_liuqin_cycle(use: str) -> None:
    q = Query(CHARTS[0], use=use)
    k = CYCLE.index(use)
    want = {CYCLE[k]: "用", CYCLE[k - 1]: "元", CYCLE[k - 2]: "忌", CYCLE[k - 3]: "仇",
            CYCLE[k - 4]: ""}
    assert {r: q.role_of(r) for r in CYCLE} == want
    for role in ("用", "元", "忌", "仇"):
        assert all(want[str(ln.relative)] == role for ln in q.lines(role=role))
    # the claim checks' role check says the same (yuan-ji-chou)
    inputs = Inputs("困", "坎", month="午", day="壬戌")
    for rel, role in want.items():
        if role in ("元", "忌", "仇"):
            v = evaluate(inputs, {"kind": "role", "yong": use, "relative": rel,
                                  "equals": f"{role}神"})
            assert v.status == "confirmed", (use, rel, v)


def test_roles_need_the_use_and_a_known_role() -> None:
    with pytest.raises(ValueError, match="need the 用神"):
        Query(CHARTS[0]).lines(role="元")
    with pytest.raises(ValueError, match="role '主'"):
        Query(CHARTS[0]).lines(role="主")


def test_relations_with_the_day_and_month() -> None:
    c = chart("困", "坎", month="午", day="壬戌")
    q = Query(c)
    # 困: 寅 辰 午 亥 酉 未 from the bottom; 午建 壬戌日
    assert [q.with_month(ln) for ln in c.primary.lines] == ["", "", "臨", "", "", "合"]
    assert [q.with_day(ln) for ln in c.primary.lines] == ["", "沖", "", "", "", ""]
    assert q.with_year(q.line(position=4)) == ""      # no year given
    assert Query(chart("困", month="午", day="壬戌", year="甲申")).with_year(
        q.line(position=1)) == "沖"                   # 寅 and 申
    assert [ln.position for ln in c.primary.lines if q.void(ln)] == \
        [ln.position for ln in c.primary.lines if ln.branch in c.void]


def test_claims_verdicts_and_errors() -> None:
    inputs = Inputs("震", "兌", month="寅", day="癸酉")
    v = evaluate(inputs, {"kind": "line", "role": "世", "attr": "kong", "equals": False})
    assert (v.status, v.value, v.expected) == ("contradicted", True, False)
    both = evaluate(inputs, {"kind": "all", "checks": [
        {"kind": "line", "role": "世", "attr": "kong", "equals": True},
        {"kind": "moving", "equals": [2, 5]}]})
    assert both.status == "confirmed" and both.value == (True, (2, 5))
    with pytest.raises(CheckError, match="check kind 'nonsense'"):
        evaluate(inputs, {"kind": "nonsense"})
    v = evaluate(Inputs("震", "兌"), {"kind": "line", "role": "世", "attr": "kong",
                                       "equals": True})
    assert v.status == "not_computable" and "旬" in v.reason
