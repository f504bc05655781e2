"""The worked examples of the 筮類 judgments show the pattern their sentence names (issue 22).

An example of a judgment (editorial/examples.toml) is read as a student checking the book reads
it: the chart shows the pattern of the outcome that fires, and its near miss — one input
changed — lacks that pattern and nothing else that matters. Here the pattern is the atoms of
the judgment's conditions (its gate and its outcomes, compute.shilei.condition): between the
example and its near miss at least one atom of the fired outcome changes, at most three atoms
change in all (a pattern and its complement: 動 and 靜, 旺相 and 休囚; 鬼動 and 鬼靜 and 用傷), no
atom becomes unknown (a near miss that only cannot tell is no near miss), and unless the near
miss casts another hexagram, the pattern is that a line is there at all (在, 無), or the book
takes another 用神 on the near miss's chart (「卦爻俱靜，求之外也」), the 用神 keeps its 六親.

The caption says what the chart shows before the outcome's words (tools/judgment_examples.py
``focus_caption``), and an empty line it points to is not a 旺相空 (「旺相空……空而有用」,
p156: empty within the 旬 only — an example of 「子虛」 or 「空則不力」 on it teaches the wrong
thing).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from compute.shilei import judge
from compute.shilei.condition import tree
from compute.shilei.evaluator import Evaluator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from judgment_examples import held  # noqa: E402

from yimao.model.examples import inputs_chart, judgment  # noqa: E402

ROWS: list[dict[str, Any]] = [
    r for r in tomllib.loads((ROOT / "editorial" / "examples.toml").read_text(
        encoding="utf-8"))["example"] if judgment(r["rule"]) is not None]
COMBINE = ("and", "or", "not")


def atoms(node: Any, out: list[Any]) -> list[Any]:
    """The atoms of a condition's syntax tree (what and, or, not combine)."""
    if node[0] in COMBINE:
        for sub in node[1:]:
            atoms(sub, out)
    elif node not in out:
        out.append(node)
    return out


def values(j: dict[str, Any], inputs: dict[str, str]) -> tuple[dict[Any, Any], Any, Any]:
    """Each atom of *j*'s conditions evaluated on the chart of *inputs*, its roles, its chart."""
    c = inputs_chart(inputs)
    r = judge._roles(j, c)
    ev = Evaluator(c, r, c.asking.question if c.asking else None)
    conds = [j["condition"], *(o["condition"] for o in j.get("outcomes") or ())]
    found: list[Any] = []
    for cond in conds:
        atoms(tree(cond), found)
    return {a: ev.ev(a).value for a in found}, r, c


def fired_atoms(j: dict[str, Any], k: int) -> list[Any]:
    outs = j.get("outcomes") or ()
    found: list[Any] = []
    for cond in (j["condition"], *((outs[k - 1]["condition"],) if outs else ())):
        atoms(tree(cond), found)
    return found


def test_there_are_judgment_examples():
    assert len(ROWS) >= 185


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_the_near_miss_loses_the_fired_pattern_and_little_else(row: dict[str, Any]):
    j = dict(judgment(row["rule"]))
    k = row["focus"]["data"]["outcome"]
    a, r, _ = values(j, row["inputs"])
    b, rn, _ = values(j, row["near_miss"]["inputs"])
    flips = [x for x in a if a[x] != b[x]]
    assert [x for x in flips if x in fired_atoms(j, k)], (row["id"], "the pattern stays")
    assert len(flips) <= 3, (row["id"], flips)
    assert not [x for x in flips if b[x] is None], (row["id"], "unknown in the near miss")
    other_hexagram = row["near_miss"]["inputs"]["primary"] != row["inputs"]["primary"]
    presence = any(x[0] == "call" and x[1] in ("在", "無") for x in flips)
    same_rule = getattr(r, "when", "") == getattr(rn, "when", "")
    if not other_hexagram and not presence and same_rule:
        assert getattr(r, "relative", None) == getattr(rn, "relative", None), row["id"]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_the_caption_says_what_the_chart_shows(row: dict[str, Any]):
    j = dict(judgment(row["rule"]))
    k = row["focus"]["data"]["outcome"]
    _, r, c = values(j, row["inputs"])
    ev = Evaluator(c, r, c.asking.question)
    outs = j.get("outcomes") or ()
    shown: list[Any] = []
    for cond in (j["condition"], *((outs[k - 1]["condition"],) if outs else ())):
        held(tree(cond), ev, shown)
    if shown:
        assert " — " in row["ko_focus"], row["id"]
    for atom in shown:
        if atom[0] == "call" and atom[1] in ("空", "四病"):
            sel = atom[2][0]
            sick = any(ev.ev(("call", p, (sel,))).value for p in ("破", "散", "絕"))
            assert sick or not ev.ev(("call", "旺相", (sel,))).value, (row["id"], "旺相空")
