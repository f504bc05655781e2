"""Rule selection (chart(..., rules=...)) and line-annotator scopes (rule(..., lines=...))."""

from __future__ import annotations

import itertools

import pytest

from compute import InputError, chart
from compute import registry as rules

CASTS = ["".join(c) for c in itertools.product("6789", repeat=6)][::53]
DATES = [("寅", "甲子"), ("午", "壬戌"), ("酉", "丁卯"), ("亥", "癸巳")]


def _charts(**kw):
    for k, cast in enumerate(CASTS):
        m, d = DATES[k % len(DATES)]
        yield chart(lines=cast, month=m, day=d, year="甲申" if k % 3 == 0 else None, **kw)


def _alone(fn, c, ln) -> dict:
    """What line annotator *fn* writes for line *ln* given alone."""
    said: dict = {}
    fn(c, (ln,), [said])
    return said


def test_scoped_annotators_say_nothing_outside_their_scope() -> None:
    """A scope only skips calls: on every line outside it the annotator sets nothing."""
    scoped = [(rid, fn, rules.line_scope(fn)) for rid, fn in rules.line_annotators()
              if rules.line_scope(fn) != "all"]
    assert len(scoped) >= 20
    for c in _charts():
        lines = c.primary.lines + (c.changed.lines if c.changed else ())
        for rid, fn, scope in scoped:
            for ln in lines:
                inside = {"primary": ln.role == "primary",
                          "moving": ln.role == "primary" and ln.moving,
                          "shown": ln.role == "primary" or ln.moving}[scope]
                if not inside:
                    assert _alone(fn, c, ln) == {}, (rid, scope, ln.role, ln.position)


def test_a_bad_scope_is_refused() -> None:
    with pytest.raises(ValueError, match="lines='odd'"):
        rules.rule("ganzhi-60", kind="line", lines="odd")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is for line annotators"):
        rules.rule("ganzhi-60", kind="finding", lines="primary")


def test_rules_empty_is_the_static_chart() -> None:
    for full, static in zip(_charts(), _charts(rules=()), strict=True):
        assert static.findings == ()
        assert all(not ln.state for ln in static.lines("primary") + static.lines("changed"))
        a, b = full.to_dict(), static.to_dict()
        for d in (a, b):
            d.pop("findings"), d["options"].pop("rules", None)
            for h in ("primary", "changed"):
                for ln in (d[h] or {"lines": []})["lines"]:
                    for k in [k for k in ln if k not in STATIC_KEYS]:
                        del ln[k]
        assert a == b


STATIC_KEYS = {"position", "yang", "moving", "mark", "stem", "branch", "element", "relative",
               "spirit", "hidden", "month_spirits", "hour_spirit", "guiren", "xiu", "roles"}


def test_rules_subset_runs_only_those_rules() -> None:
    for full, some in zip(_charts(), _charts(rules=["fu-chu", "shi-xiongzheng"]), strict=True):
        want = [f for f in full.findings if f.rule in ("fu-chu", "shi-xiongzheng")]
        assert list(some.findings) == want
        assert some.option("rules") == "fu-chu shi-xiongzheng"
        for a, b in zip(full.primary.lines, some.primary.lines, strict=True):
            assert {k: v for k, v in a.state.items() if k.startswith("fu_")} == dict(b.state)


def test_an_unknown_rule_is_one_clear_error() -> None:
    with pytest.raises(InputError, match="rules: unknown rule 'no-such-rule'"):
        chart("乾", month="寅", day="甲子", rules=["no-such-rule"])


def _json_exact(value: object) -> bool:
    t = type(value)
    if t in (str, int, float, bool, type(None)):
        return True
    if t is list:
        return all(_json_exact(v) for v in value)  # type: ignore[attr-defined]
    if t is dict:
        return all(type(k) is str and _json_exact(v)
                   for k, v in value.items())  # type: ignore[attr-defined]
    return False


def test_line_states_are_exact_json_values() -> None:
    """ChartLine.to_dict() hands the states out uncopied and unconverted, so every annotator
    must return exact JSON types (no tuple, no enum, no str subclass, non-str key); asked charts
    and dated ones (hour, year, birth) too, so every annotator has its say."""
    extra = [chart(lines=cast, at=f"19{10 + k % 80:02d}-0{1 + k % 9}-1{k % 9}T{k % 24:02d}:30",
                   birth="戊午", question="shilei-14-q5" if k % 2 else None)
             for k, cast in enumerate(CASTS)]
    for c in [*_charts(), *extra]:
        for ln in c.lines("primary") + c.lines("changed"):
            for key, value in ln.state.items():
                assert _json_exact(value), (key, value, repr(c))


_ORDER = ("from compute import registry as rules; "
          "print([(r.id, [i.name for i in r.impls]) for r in "
          "rules.all_rules()], [r for r, _ in rules.line_annotators()], "
          "[r for r, _ in rules.finding_detectors()])")


def _run(code: str) -> str:
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout


def test_the_asked_modules_load_on_first_need_in_one_order() -> None:
    """`import compute` leaves the 筮類 modules out (start-up); the registry loads them when
    listed, and they register in one order whichever of them is imported first."""
    light = _run("import sys, compute; print(sorted(m for m in compute.ASKED_MODULES "
                 "if m in sys.modules))")
    assert light.strip() == "[]"
    canonical = _run(_ORDER)
    assert "judge_" in canonical and "yingqi" in canonical
    import compute

    for first in compute.ASKED_MODULES:
        assert _run(f"import {first}; {_ORDER}") == canonical, first


def test_an_asked_chart_loads_the_asked_rules() -> None:
    out = _run("from compute import chart; c = chart('困', '坎', month='午', day='壬戌', "
               "question='囤積'); print(sorted({f.rule for f in c.findings}))")
    assert "'yongshen-source'" in out


def test_the_registry_keeps_the_annotator_itself() -> None:
    """A line annotator is registered as written, (chart, lines, states) -> None: the function
    line_annotators() hands out is the module's own, with its scope."""
    from compute.lifa import findings, kongpo, riyue

    got = dict(rules.line_annotators())
    assert got["yuejian"] is riyue.riyue_state
    assert got["yuepo"] is kongpo.month_broken_state and rules.line_scope(got["yuepo"]) == "shown"
    assert got["yaowei"] is findings.xian_yin and rules.line_scope(got["yaowei"]) == "moving"
    c = chart("乾", month="午", day="戊辰", rules=())
    states = [{} for _ in c.primary.lines]
    assert got["yuejian"](c, c.primary.lines, states) is None
    assert states[5] == {"riyue": []}


def test_a_line_annotator_takes_no_batch_keyword() -> None:
    with pytest.raises(TypeError, match="batch"):
        rules.rule("ganzhi-60", kind="line", batch="into")  # type: ignore[call-arg]
