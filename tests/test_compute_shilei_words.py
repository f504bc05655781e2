"""The condition language's words (issue 22): every word a condition of editorial/ uses is
defined in judgments.toml's [language] tables (tools/shilei_data.py stops with one line
otherwise) and means something on charts: each selector picks a line on some chart of a
generated set, each predicate holds on some chart (伏∩官 was empty on every chart before)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from compute import chart
from compute.book.gua import HEXAGRAMS
from compute.shilei.condition import parse, tree
from compute.shilei.evaluator import Evaluator
from compute.shilei.judgments_data import CONDITIONS
from compute.shilei.quyong import asked

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import shilei_data  # noqa: E402

WORDS = set().union(*(shilei_data.words(t) for t in CONDITIONS.values()))
RELATIONS = {"生", "克", "比", "沖", "合", "克世", "生世", "沖世", "合世", "克應", "生應", "當見",
             "卦空破", "反伏墓絕", "juechu-fengsheng", "無", "伏藏", "有", "兩現"}
SELECTORS = sorted(w for k, w in WORDS if k == "sel" and w != "person")
PREDICATES = sorted(w for k, w in WORDS if k in ("call", "pred") and w not in RELATIONS)
B, S = "子丑寅卯辰巳午未申酉戌亥", "甲乙丙丁戊己庚辛壬癸"
PILLARS = [S[k % 10] + B[k % 12] for k in range(60)]


def _charts(n: int = 400):
    rng = random.Random(5)
    names = sorted({h.name for h in (HEXAGRAMS.values() if isinstance(HEXAGRAMS, dict)
                                     else HEXAGRAMS)})
    for _ in range(n):
        p, c = rng.choice(names), rng.choice(names + ["", ""])
        ch = chart(p, c if c and c != p else None, month=rng.choice(B), day=rng.choice(PILLARS),
                   year=rng.choice(PILLARS), birth=rng.choice(B),
                   question=rng.choice(("shilei-14-q5", "shilei-26-q2", "shilei-42-q17")),
                   facts="年=" + rng.choice(PILLARS))
        yield Evaluator(ch, asked(ch), ch.asking.question)


@pytest.fixture(scope="module")
def seen() -> tuple[set[str], set[str]]:
    sels: set[str] = set()
    preds: set[str] = set()
    for ev in _charts():
        sels |= {s for s in SELECTORS if s not in sels and ev.ev(tree(f"在({s})")).value}
        for w in PREDICATES:
            if w not in preds and any(ev.ev(tree(f"{w}({s})")).value
                                      for s in ("用", "動爻", "靜爻", "世", "伏", "官")):
                preds.add(w)
    return sels, preds


def test_the_words_are_many() -> None:
    assert len(SELECTORS) > 25 and len(PREDICATES) > 40
    assert "伏" in SELECTORS and "飛伏用" in SELECTORS


def test_every_selector_picks_a_line_on_some_chart(seen) -> None:
    assert set(SELECTORS) - seen[0] == set()


def test_every_predicate_holds_on_some_chart(seen) -> None:
    assert set(PREDICATES) - seen[1] == set()


def test_fu_and_a_relative(seen) -> None:
    """「伏鬼克世」: 伏∩官 is the hidden 官鬼 — on some chart of the set it is there."""
    assert any(ev.ev(tree("在(伏∩官)")).value for ev in _charts(60))


def test_an_unknown_word_stops_the_data_build() -> None:
    with pytest.raises(SystemExit) as stop:
        shilei_data._check_words({"旺盛(官)": parse("旺盛(官)")})
    assert "旺盛" in str(stop.value) and "\n" not in str(stop.value)
