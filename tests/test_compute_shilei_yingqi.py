"""應期 read the book's way (issue 22): 三合 by the 局 a branch is in, and the chapter's own
sentence ranked before the 立法's general method. The expected branches are the book's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from compute import chart
from compute.shilei.judgments_data import YINGQI
from compute.shilei.yingqi import GENERAL, timings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import shilei_data  # noqa: E402


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


# ------------------------------------------------------------------ scope from the sentence
# A chapter's 應期 sentence answers the questions it is about (editorial/yingqi.toml
# ``questions``), not every question of its chapter. The expected branches are the book's (the
# case each chart is taken from), the scope the sentence's own words.

def _spec(c, sid: str) -> list[str] | None:
    """The branches spec *sid* names on chart *c*, None when it does not answer."""
    for spec, named, _ in timings(c):
        if spec["id"] == sid:
            return [v[-1] for _, v in named]
    return None


def test_wei_shi_answers_wei_shi_not_zheng_hou() -> None:
    """「如問危時，其法有三：當鬼之日月…」 (p449): p451-case1 寅建庚子日 子病 夬之革 —
    「甲寅日乃絕，謂值獨發甲寅鬼也」: asked 危時 (and the sick man's 吉凶, whose cases use
    it) it names the 官鬼 寅; asked 症候 (what illness it is) it says nothing."""
    for q in ("shilei-14-q8", "shilei-14-q7"):
        names = _spec(chart("夬", "革", month="寅", day="庚子", question=q, yongshen="子孫"),
                      "yingqi-wei-shi")
        assert names is not None and "寅" in names, q
    c = chart("夬", "革", month="寅", day="庚子", question="shilei-14-q1")
    assert _spec(c, "yingqi-wei-shi") is None
    assert _spec(c, "yingqi-an-ri") is None


def test_fa_ji_nian_answers_fa_nian_not_kao_shi() -> None:
    """「如筮發跡何年，官衰補助其官…」 (p514): 酉建壬戌日 革 — 「丑年發甲是也」; 考時 (when
    the examination is held) is another question of the chapter."""
    names = _spec(chart("革", month="酉", day="壬戌", question="shilei-21-q1"),
                  "yingqi-fa-ji-nian")
    assert names is not None and "丑" in names
    assert _spec(chart("革", month="酉", day="壬戌", question="shilei-21-q2"),
                 "yingqi-fa-ji-nian") is None


def test_chan_qi_answers_chan_qi_not_qiu_si() -> None:
    """「世值胎養之日」 (p414): 申建丁未日 艮, 世 丙寅 木 — 胎 酉, 養 戌: 「三日巳酉戌時則育，
    此世胎養之應也」; 求嗣 (whether a child will come) is not 產期."""
    names = _spec(chart("艮", month="申", day="丁未", question="shilei-11-q5"), "yingqi-chan-qi")
    assert names is not None and {"酉", "戌"} <= set(names)
    assert _spec(chart("艮", month="申", day="丁未", question="shilei-11-q12"),
                 "yingqi-chan-qi") is None


def test_cai_dang_ri_answers_ding_hui_not_gu_si() -> None:
    """「若筮得會，財當日月可獲也」 (p552): 酉建丁酉日 比, 妻財 戊子 — 「占庚子日搖會…果獲之」;
    賈肆 (opening a shop) is not a 會."""
    names = _spec(chart("比", month="酉", day="丁酉", question="shilei-26-q10"),
                  "yingqi-cai-dang-ri-yue")
    assert names is not None and names[0] == "子"
    assert _spec(chart("比", month="酉", day="丁酉", question="shilei-26-q3"),
                 "yingqi-cai-dang-ri-yue") is None


def test_zi_dang_ri_catches_thieves_only_when_asked() -> None:
    """「捕盜者…以子孫當日月之期而獲」 (p630): 乾, 子孫 甲子 (水 of the 金 宮) — asked 捕盜 it
    names 子; asked 遁地 (where the runaway hides) or an illness's 症候, nothing."""
    assert _spec(chart("乾", month="寅", day="甲子", question="shilei-40-q21"),
                 "yingqi-zi-dang-ri") == ["子"]
    for q in ("shilei-40-q1", "shilei-14-q1"):
        assert _spec(chart("乾", month="寅", day="甲子", question=q), "yingqi-zi-dang-ri") is None


def test_a_question_of_another_chapter_stops_the_data_build() -> None:
    spec = {"id": "yingqi-x", "chapters": ("shilei-14",), "questions": ("shilei-13-q1",)}
    with pytest.raises(SystemExit) as stop:
        shilei_data._check_yingqi_scope((spec,))
    assert "shilei-13-q1" in str(stop.value) and "\n" not in str(stop.value)


def test_every_chapter_rule_names_its_questions() -> None:
    """Only the 立法's general method answers every question."""
    for spec in YINGQI:
        assert spec["id"] in GENERAL or spec.get("questions"), spec["id"]
