"""應期 read the book's way (issue 22): 三合 by the 局 a branch is in, and the chapter's own
sentence ranked before the 立法's general method. The expected branches are the book's."""

from __future__ import annotations

from compute import chart
from compute.shilei.yingqi import GENERAL, timings


def _names(c) -> list[str]:
    out: list[str] = []
    for _, named, _ in timings(c):
        out += [v[-1] for _, v in named if v[-1] not in out]
    return out


def test_sanhe_by_its_ju() -> None:
    """p448-case2: 亥建甲申日 妻身 姤之升, the 忌神 申 moves — 「後交子月壬辰日…蓋申子辰會
    水局」: 申 is in 申子辰 (its 局), not 巳酉丑 (its element), so its 三合 names 子 and 辰."""
    c = chart("姤", "升", month="亥", day="甲申", question="shilei-14-q7", yongshen="妻財")
    sanhe = [v for spec, named, _ in timings(c) for t, v in named if t == "三合"]
    assert "辰" in sanhe and "丑" not in sanhe
    assert "辰" in _names(c)


def test_the_chapter_first() -> None:
    """囤積 (理財章): the chapter's own 財 rule (「若筮得會，財當日月可獲也」) comes before
    the 立法's."""
    c = chart("困", "坎", month="午", day="壬戌", question="囤積")
    specs = [spec["id"] for spec, _, _ in timings(c)]
    assert specs[0] == "yingqi-cai-dang-ri-yue"
    ranks = [s in GENERAL for s in specs]
    assert ranks == sorted(ranks)


def test_stay_without_a_question() -> None:
    assert _names(chart("困", "坎", month="午", day="壬戌")) == []
