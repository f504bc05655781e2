"""Cross-check the static chart against the independent PyPI package ``najia`` (tests only).

``najia`` reads a date to the hour (it drops the minutes), so the casts are on the hour; its
hour 23 belongs to the next day, so hours 01–22 are used.

Compared on all 64 hexagrams and 1,200 seeded random casts and dates: palace, 世應, 納甲
(stems and branches), 五行, 六親 (primary and changed), 六神, 旬空, the day and month pillars, and
the palace 伏神. Where the book departs from common practice it asserts the book's rule instead:

* 二老時遷 (p044-s1): between 夏至 and 冬至 the stems of the 八純 乾 and 坤 are swapped
  (甲↔壬, 乙↔癸) — only theirs, as the book's cases read (p170-s1, p171-s5);
* 伏神 (p097-s1, p098-s1): 純卦 hide their pair, 游魂/歸魂 hide the 京房 伏卦; ``najia``
  puts the palace 純卦 under them (and nothing under a 純卦 — it shows 伏神 only for a
  relative missing from the lines, at that relative's seats).
"""

from __future__ import annotations

import datetime as dt
import logging
import random

import pytest

from compute import chart
from compute.book.gua import Hexagram

najia_mod = pytest.importorskip("najia.najia")
logging.getLogger("najia").setLevel(logging.WARNING)
logging.getLogger("najia.najia").setLevel(logging.WARNING)

SIMPLIFIED = str.maketrans({
    "兑": "兌", "离": "離", "孙": "孫", "财": "財", "龙": "龍", "陈": "陳", "螣": "騰", "玄": "元",
})
PARAM = {7: 1, 8: 2, 9: 3, 6: 4}  # najia: 1 少陽, 2 少陰, 3 老陽, 4 老陰
SWAP = {"甲": "壬", "壬": "甲", "乙": "癸", "癸": "乙"}


def _tr(text: str) -> str:
    return text.translate(SIMPLIFIED)


def _najia(cast: list[int], when: dt.datetime) -> dict:
    return najia_mod.Najia(verbose=0).compile(params=[PARAM[n] for n in cast], date=when).data


def _book_stem(common: str, hexagram: Hexagram, swapped: bool) -> str:
    """The stem the book gives where common practice gives *common* (二老時遷: the 八純 乾 and
    坤 only)."""
    if swapped and hexagram.bits in (0, 63):
        return SWAP[common]
    return common


def _compare(cast: list[int], when: dt.datetime) -> None:
    c = chart(lines="".join(map(str, cast)), at=when)
    d = _najia(cast, when)
    p = c.primary
    swapped = c.option("najia_season") == "夏至後"
    where = f"{p.name} {''.join(map(str, cast))} {when:%Y-%m-%d %H:%M}"

    assert d["lunar"]["gz"]["day"] == c.day.zh, where
    assert d["lunar"]["gz"]["month"] == c.month_pillar.zh, where
    assert sum(int(ch) << k for k, ch in enumerate(d["mark"])) == p.hexagram.bits, where
    assert _tr(d["gong"]) == str(p.palace), where
    assert tuple(d["shiy"][:2]) == (p.shi, p.ying), where
    assert d["lunar"]["xkong"] == "".join(map(str, c.void)), where
    for k, ln in enumerate(p.lines):
        gz = d["qinx"][k]  # e.g. 己卯木
        assert str(ln.branch) == gz[1] and str(ln.element) == gz[2], where
        assert str(ln.stem) == _book_stem(gz[0], p.hexagram, swapped), where
        assert str(ln.relative) == _tr(d["qin6"][k]), where
        assert str(ln.spirit) == _tr(d["god6"][k]), where

    if c.changed is not None:
        q = c.changed
        mark = d["bian"]["mark"]  # bottom line first
        assert sum(int(ch) << k for k, ch in enumerate(mark)) == q.hexagram.bits, where
        for k, ln in enumerate(q.lines):
            gz = d["bian"]["qinx"][k]
            assert str(ln.branch) == gz[1], where
            assert str(ln.stem) == _book_stem(gz[0], q.hexagram, swapped), where
            # the changed lines' relatives are reckoned from the primary's palace
            assert str(ln.relative) == _tr(d["bian"]["qin6"][k]), where
    else:
        assert d["bian"] is None, where

    _compare_hidden(c, d, swapped, where)


def _compare_hidden(c, d: dict, swapped: bool, where: str) -> None:
    p = c.primary
    gen = p.hexagram.generation
    palace = p.palace
    pure = Hexagram(palace | palace << 3)
    hidden = p.hidden_hexagram
    assert hidden is not None, where
    if gen == 0:  # 純卦: the book hides the pair (乾伏坤 …)
        assert hidden.bits == p.hexagram.bits ^ 0b111111, where
    elif gen == 6:  # 游魂: 外從五世之外卦, 內互兩儀 (晉 伏 大畜)
        five = Hexagram(pure.bits ^ 0b11111)
        assert (hidden.upper, hidden.lower) == (five.upper, p.hexagram.lower.pair), where
    elif gen == 7:  # 歸魂: 外從本宮, 內互 (大有 伏 否)
        assert (hidden.upper, hidden.lower) == (palace, palace.pair), where
    else:  # 一世 … 五世: the palace 純卦, as in common practice
        assert hidden == pure, where
    hide = d["hide"]
    if hide is None:
        return
    assert _tr(hide["name"]).startswith(str(palace)), where  # najia: always the palace 純卦
    if gen in (1, 2, 3, 4, 5):
        for seat in hide["seat"]:
            fu = p.lines[seat].hidden
            gz = hide["qinx"][seat]
            assert str(fu.branch) == gz[1] and str(fu.element) == gz[2], where
            assert str(fu.stem) == _book_stem(gz[0], pure, swapped), where
            assert str(fu.relative) == _tr(hide["qin6"][seat]), where


def test_all_64_hexagrams_static_and_all_moving():
    rng = random.Random(64)
    for bits in range(64):
        static = [7 if bits >> k & 1 else 8 for k in range(6)]
        moving = [9 if bits >> k & 1 else 6 for k in range(6)]
        for cast in (static, moving):
            when = dt.datetime(rng.randint(1901, 2099), rng.randint(1, 12), rng.randint(1, 28),
                               rng.randint(1, 22))
            _compare(cast, when)


@pytest.mark.slow  # 1,200 charts, each beside najia's
def test_1200_random_casts_and_dates():
    rng = random.Random(1664)
    start = dt.datetime(1901, 1, 1)
    for _ in range(1200):
        cast = [rng.choice((6, 7, 8, 9)) for _ in range(6)]
        when = start + dt.timedelta(days=rng.randrange(72000), hours=rng.randint(1, 22))
        _compare(cast, when)


def test_both_halves_of_the_year_occur():
    summer = chart(lines="777777", at=dt.datetime(2023, 8, 1, 12))
    winter = chart(lines="777777", at=dt.datetime(2023, 2, 1, 12))
    assert summer.primary.line(1).ganzhi.zh == "壬子"
    assert winter.primary.line(1).ganzhi.zh == "甲子"
    d = _najia([7] * 6, dt.datetime(2023, 8, 1, 12))
    assert d["qinx"][0] == "甲子水"  # common practice never swaps
