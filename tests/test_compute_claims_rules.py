"""The claim checks chart only the rules they read (compute.claims.check._rules_read): every verdict
is the one the full chart gives.

A check on the static chart (納甲, 六親, 世應, the day's 旬空 …) charts no rule; one reading a
line state charts the annotators up to the one that gives it; a finding its own rule (with the
annotators unless its detector reads no line state). These tests hold each shortcut to the
chart with every rule: the book's claims (and the completed dates of partial ones), a seeded
sample of charts for the stateless detectors and for the annotator prefixes.
"""

from __future__ import annotations

import random

import pytest

from compute import chart
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
from compute.claims import case as claim_case
from compute.claims import check as claims
from compute.registry import line_annotators
from yimao.model import cases as C

CASES = C.load()


def _leaves(check):
    """The checks a claim's check evaluates (an ``all`` check's parts; each reading's check)."""
    if check.get("kind") == "readings":
        for r in check["readings"]:
            yield from _leaves(r["check"])
    else:
        yield check


def _verdicts():
    return [claims.evaluate(case.inputs, leaf) for case in CASES for claim in case.claims
            for leaf in _leaves(claim.check)]


def _sample(n: int, seed: int = 1664) -> list[dict[str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kw = {"lines": "".join(rng.choice("6789") for _ in range(6)),
              "month": rng.choice(BRANCH_ZH), "day": rng.choice(GANZHI_ZH)}
        if rng.random() < 0.3:
            kw["year"] = rng.choice(GANZHI_ZH)
        if rng.random() < 0.3:
            kw["birth"] = rng.choice(GANZHI_ZH)
        if rng.random() < 0.3:
            kw["hour"] = rng.choice(BRANCH_ZH)
        out.append(kw)
    return out


SAMPLE = _sample(300)


def test_every_claim_as_with_every_rule(monkeypatch):
    """Each check of the book's claims (completed dates included) charted with only the rules it
    reads gives the verdict — status, value, detail — of the chart with every rule."""
    fewer = _verdicts()
    monkeypatch.setattr(claims, "_rules_read", lambda spec: None)
    assert _verdicts() == fewer


def test_the_comparison_can_fail(monkeypatch):
    """Were the checks on a rule's findings charted without it (as if they read the static
    chart), the comparison above would see verdicts change."""
    full = _verdicts()
    fewer = claims._rules_read

    def without_findings(spec):
        on_findings = spec.get("kind") == "finding" and ("finding", spec.get("rule")) not in \
            claims.STATES_READ
        return () if on_findings else fewer(spec)

    monkeypatch.setattr(claims, "_rules_read", without_findings)
    assert _verdicts() != full


def test_an_undeclared_state_read_fails_loudly(monkeypatch):
    """Without the state map, the checks on 日沖 (day_clash) would chart no rule: reading the
    state then is a CheckError naming STATES_READ, never a silently empty state."""
    monkeypatch.setattr(claims, "STATES_READ", {})
    case = C.by_id(CASES, "p445-case3")
    with pytest.raises(claims.CheckError, match="STATES_READ"):
        claims.evaluate(case.inputs, {"kind": "line", "relative": "妻財",
                                          "attr": "day_clash", "equals": "暗動"})


def test_most_checks_chart_no_rule():
    """The point of it: most checks of the book's claims read the static chart alone."""
    reads = [claims._rules_read(leaf) for case in CASES for claim in case.claims
             for leaf in _leaves(claim.check) if leaf.get("kind") != "all"]
    assert sum(r == () for r in reads) > len(reads) / 2


@pytest.mark.parametrize("rid", sorted(claims.STATELESS_DETECTORS))
def test_stateless_detectors(rid):
    """A detector of STATELESS_DETECTORS charted alone finds what the full chart finds."""
    for kw in SAMPLE:
        full = [f.to_dict() for f in chart(**kw).findings if f.rule == rid]
        alone = [f.to_dict() for f in chart(**kw, rules=(rid,)).findings if f.rule == rid]
        assert alone == full, (rid, kw)


def test_a_detector_reading_states_is_seen():
    """benwu-eryou reads line states (本有而無 reads the 有無 state): charted alone it differs on
    the sample, which the test above would catch had it been declared stateless."""
    assert "benwu-eryou" not in claims.STATELESS_DETECTORS
    assert any([f.to_dict() for f in chart(**kw).findings if f.rule == "benwu-eryou"]
               != [f.to_dict() for f in chart(**kw, rules=("benwu-eryou",)).findings
                   if f.rule == "benwu-eryou"] for kw in SAMPLE)


@pytest.mark.parametrize("key", sorted({k for k in claims.STATES_READ.values()}))
def test_annotator_prefix_gives_the_state(key):
    """The annotators up to the one giving *key* give every line the state the full chart
    gives it."""
    rules = claim_case.annotators_through(key)
    assert rules is not None and rules[-1] in {rid for rid, _ in line_annotators()}
    for kw in SAMPLE[:120]:
        full, prefix = chart(**kw), chart(**kw, rules=rules)
        for h, g in ((full.primary, prefix.primary), (full.changed, prefix.changed)):
            if h is None:
                continue
            for a, b in zip(h.lines, g.lines, strict=True):
                assert a.state.get(key) == b.state.get(key), (key, kw, a.position)


def test_state_givers_from_the_registry():
    """The state → annotator map comes from running the registry's annotators: each state the
    checks read has a giver, and it is the rule whose annotator returns that key."""
    givers = claim_case._state_givers()
    order = [rid for rid, _ in line_annotators()]
    assert order[givers["day_clash"]] == "richong-4"
    assert order[givers["shensha"]] == "shensha-general"
    for key in set(claims.STATES_READ.values()):
        assert key in givers
