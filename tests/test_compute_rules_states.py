"""Line states and conventions of chapters 13–41: shapes, JSON, and what each convention changes."""

from __future__ import annotations

import json
import random

import pytest

from compute import chart
from compute.book.ganzhi import GANZHI_ZH

KEYS = ("wangxiang", "changsheng", "riyue", "void", "void8", "month_broken", "xushi", "day_clash",
        "jintui", "shengjiang", "he", "chong", "xing", "hai", "simujue", "shensha", "youwu",
        "grade", "keqi")


def test_every_primary_line_has_the_states_and_the_chart_is_json():
    random.seed(7)
    for _ in range(200):
        lines = "".join(random.choice("6789") for _ in range(6))
        c = chart(lines=lines, month=random.choice("子丑寅卯辰巳午未申酉戌亥"),
                  day=random.choice(GANZHI_ZH), year="甲子", hour="午")
        for ln in c.primary.lines:
            missing = [k for k in KEYS if k not in ln.state]
            assert not missing, (lines, ln.position, missing)
            assert 1 <= ln.state["grade"]["n"] <= 18
        json.dumps(c.to_dict(), ensure_ascii=False)
        for f in c.findings:
            assert f.passages and f.summary


def _stars(c, pos):
    return c.primary.line(pos).state["shensha"]


def test_tianxi_month_vs_season():
    # 卯月: the book's 天喜 is 亥 (月建 + 8); the seasonal table keeps 戌 all spring
    book = chart("坤", month="卯", day="甲子")          # 坤 五爻 亥
    common = chart("坤", month="卯", day="甲子", conventions={"tianxi": "season"})
    assert "天喜" in _stars(book, 5) and "天喜" not in _stars(common, 5)


def test_wenchang_and_yangren_conventions():
    # 辛 day: 文昌 戌 (book) / 子 (common); 乙 day: 羊刃 寅 (book) / 辰 (common)
    assert "文昌" in _stars(chart("乾", month="子", day="辛未"), 6)      # 乾 上爻 戌
    assert "文昌" in _stars(chart("乾", month="子", day="辛未",
                                  conventions={"wenchang": "common"}), 1)   # 乾 初爻 子
    assert "羊刃" in _stars(chart("乾", month="子", day="乙丑"), 2)      # 乾 二爻 寅
    assert "羊刃" in _stars(chart("乾", month="子", day="乙丑",
                                  conventions={"yangren": "common"}), 3)    # 乾 三爻 辰


def test_shensha_base_month_vs_day():
    # 驛馬: 寅月 → 申 (寅午戌); counted from a 子 day → 寅 (申子辰)
    assert "驛馬" in _stars(chart("乾", month="寅", day="甲子"), 5)      # 乾 五爻 申
    assert "驛馬" in _stars(chart("乾", month="寅", day="甲子",
                                  conventions={"shensha-base": "day"}), 2)  # 乾 二爻 寅


def test_bad_convention_is_a_clear_error():
    from compute import InputError

    with pytest.raises(InputError, match="tianxi"):
        chart("乾", month="子", day="甲子", conventions={"tianxi": "weekly"})
    with pytest.raises(InputError, match="unknown convention"):
        chart("乾", month="子", day="甲子", conventions={"nonsense": "x"})


def test_grades():
    c = chart("乾", month="戌", day="甲辰")
    assert c.primary.line(6).state["grade"]["name"] == "月將"       # 戌 on the 月建
    assert c.primary.line(3).state["grade"]["name"] == "日神"       # 辰 on the day
    c = chart("乾", "姤", month="丑", day="甲午")                    # 子 moves, 午 day clashes
    assert c.primary.line(1).state["grade"]["name"] == "散"
    c = chart("乾", month="午", day="甲寅")                          # 子 in 午月
    assert c.primary.line(1).state["grade"]["name"] == "月破"


def test_void8_and_void_differ_in_vocabulary():
    c = chart("乾", month="卯", day="甲子")    # 戌 空 (甲子旬), 卯 month 克 土
    s = c.primary.line(6).state
    assert s["void8"] == "全空"
    assert s["void"] in ("真空", "克空", "傷空")


def test_simujue_and_keqi():
    c = chart("乾", "姤", month="子", day="甲申")
    s = c.primary.line(2).state   # 寅 木: 絕 on 申, the moving 子 生 it
    assert s["simujue"] == "絕而未絕"
    assert any(k.startswith("生 亥") for k in s["keqi"])


def test_hour_and_year_stars():
    """p223-s1 注: 寅建午時 … 以戌上為破軍，亥是左輔，子是右弼; p264-s1: 子年 午 歲破, 申 白虎."""
    c = chart("乾", month="寅", day="甲子", hour="午", year="甲子")
    assert "破軍" in _stars(c, 6) and "右弼" in _stars(c, 1)        # 乾 上爻 戌, 初爻 子
    assert {"歲破", "欄杆"} <= set(_stars(c, 4))                    # 乾 四爻 午
    assert {"白虎", "飛廉"} <= set(_stars(c, 5))                    # 乾 五爻 申
    assert "太歲" in _stars(c, 1)


def test_stem_stars_match_the_line_stem():
    """p225-s1 注: 寅建丁亥子孫發動，以丁為天德也."""
    c = chart("兌", month="寅", day="甲子")                         # 兌 四爻 丁亥
    assert "天德(干)" in _stars(c, 4)
