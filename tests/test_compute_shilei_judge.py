"""Each chapter's judgments, 應期 and 大限/小限 (issue 10, stage 2).

Every judgment of editorial/judgments.toml is a registered rule that fires on some chart and not
on its near miss (editorial/examples.toml, checked by tests/test_compute_rule_examples.py).
Here a sample per chapter is checked against verdicts derived by hand from the charts
(困 in the 兌 palace, 金:
初 戊寅 財 (世), 二 戊辰 父, 三 戊午 官, 四 丁亥 子 (應), 五 丁酉 兄, 上 丁未 父; 困 is a 六合卦
— 寅亥 辰酉 午未 —, 坎 a 六沖卦), never copied from compute's output.
"""

from __future__ import annotations

import pytest

from compute import chart
from compute import registry as rules
from compute.errors import InputError
from compute.shilei.condition import parse
from compute.shilei.daxian import daxian, xiaoxian, year_number
from compute.shilei.evaluator import evaluate
from compute.shilei.judgments_data import JUDGMENTS

KUN = ("困", "坎")


def verdicts(c, rid: str) -> list[str]:
    return [dict(f.data)["verdict"] for f in c.findings if f.rule == rid]


def test_every_judgment_is_a_rule_citing_its_passages():
    assert len(JUDGMENTS) == 185
    chapters = {j["chapter"] for j in JUDGMENTS}
    assert len(chapters) == 50
    for j in JUDGMENTS:
        r = rules.get(j["id"])
        assert r.passages == tuple(j["passages"]) and r.kinds == ("finding",)


def test_every_condition_parses():
    n = 0
    for j in JUDGMENTS:
        for cond in [j["condition"], *(o["condition"] for o in j.get("outcomes", ())),
                     *(r["condition"] for r in j.get("readings", ()))]:
            parse(cond)
            n += 1
    assert n > 700


def test_guoshi_fu_bu_shi():
    """國占 (筮類 1.1): 子孫 lost → 凶. 午月 壬戌日 the 子孫 亥 (四爻, moving) is sound; on a 丁巳
    day the day clashes the moving 亥 (散) and 水 is 絕 at 巳 → every 子孫 line 四病."""
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="遷都"),
                    "guoshi-fu-bu-shi") == []
    assert verdicts(chart(*KUN, month="午", day="丁巳", question="遷都"),
                    "guoshi-fu-bu-shi") == ["凶"]


def test_junji_shi_ying():
    """軍機 (筮類 2.2): 應 亥 (水) 生 世 寅 (木) → 勝 (應生世者彼讓); on a 庚申 day 木 is 絕 at
    申: the 世 is 四病 → 負, whatever the 生克 (世壞 first)."""
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="攻守"),
                    "junji-shi-ying-shengfu") == ["勝"]
    assert verdicts(chart(*KUN, month="午", day="庚申", question="攻守"),
                    "junji-shi-ying-shengfu") == ["負"]


def test_tianshi_he_chong():
    """天時 (筮類 3): 困 六合 化 坎 六沖 — 先合後沖 → 晴; 困 without a moving line → 六合 → 雨."""
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="卜雨"),
                    "tianshi-guaxiang-hechong") == ["晴"]
    assert verdicts(chart("困", month="午", day="壬戌", question="卜雨"),
                    "tianshi-guaxiang-hechong") == ["雨"]


def test_jibing_san_chong_needs_the_fact():
    """疾病 (筮類 14): 三沖 — new illness 安, old illness 死; who knows which is the asker, so
    without the fact the judgment does not fire."""
    base = dict(month="午", day="壬戌", question="筮其吉凶")
    assert verdicts(chart(*KUN, **base), "jibing-san-chong") == []
    assert verdicts(chart(*KUN, **base, facts="病新"), "jibing-san-chong") == ["安"]
    assert verdicts(chart(*KUN, **base, facts="病久"), "jibing-san-chong") == ["死"]
    assert verdicts(chart("困", month="午", day="壬戌", question="筮其吉凶", facts="病久"),
                    "jibing-san-chong") == []          # 困 alone: no 沖
    # 「病已久者，三沖而亡」 answers whether the patient lives, not what the illness is (症候)
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="症候", facts="病久"),
                    "jibing-san-chong") == []


def test_chuxing_gui():
    """出行 (筮類 36): the 官鬼 午 (三爻) still → 吉; 困之大過 moves the 三爻 → 動(官) → 凶."""
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="同行"),
                    "chuxing-gui") == ["吉"]
    assert verdicts(chart("困", "大過", month="午", day="壬戌", question="同行"),
                    "chuxing-gui") == ["凶"]


def test_cisong_guan_sheng_ke():
    """詞訟 (筮類 42): 官 午 (火) neither 生 nor 克 the 世 寅 (木) → 平; in 乾 (乾宮 金: 世 上爻
    戌 土, 官 午 火 四爻) the 官 生 the 世 → 勝."""
    assert verdicts(chart(*KUN, month="午", day="壬戌", question="勝負"),
                    "cisong-guan-sheng-ke") == ["平"]
    assert verdicts(chart("乾", month="午", day="壬戌", question="勝負"),
                    "cisong-guan-sheng-ke") == ["勝"]
    # 「以官爻生克為勝負」 is about who wins, not when the hearing is (審期)
    assert verdicts(chart("乾", month="午", day="壬戌", question="審期"),
                    "cisong-guan-sheng-ke") == []


def test_judgments_only_for_their_chapter():
    c = chart(*KUN, month="午", day="壬戌", question="審期")
    assert not [f for f in c.findings if f.rule.startswith(("guoshi-", "jibing-", "chuxing-"))]
    assert not [f for f in chart(*KUN, month="午", day="壬戌").findings
                if f.rule in {j["id"] for j in JUDGMENTS}]


def test_three_valued_logic():
    c = chart(*KUN, month="午", day="壬戌", question="審期")
    assert evaluate("病久", c).value is None
    assert evaluate("not 病久", c).value is None
    assert evaluate("病久 or 動(子)", c).value is True           # 四爻 亥 moves
    assert evaluate("病久 and 動(官)", c).value is False          # 官 午 is still
    assert evaluate("在(命)", c).value is None                    # no birth given
    assert evaluate("在(命)", chart(*KUN, month="午", day="壬戌", birth="午",
                                   question="審期")).value is True
    with pytest.raises(InputError):
        parse("動(官")


def test_facts_are_checked():
    with pytest.raises(InputError, match="exclude"):
        chart(*KUN, month="午", day="壬戌", question="症候", facts="病新、病久")
    with pytest.raises(InputError):
        chart(*KUN, month="午", day="壬戌", question="症候", facts="大病")


# ------------------------------------------------------------------ 大限 / 小限


def test_daxian_p333_case1():
    """師 (坎宮), 丁丑年 寅建 辛亥日 (editorial/daxian.md): year 戊子 is the twelfth; the 大限
    has reached the 三爻 午 (「十年後行午限」), the 小限 is on the 二爻 辰."""
    c = chart("師", month="寅", day="辛亥", year="丁丑")
    assert year_number(c, "戊子") == 12
    assert (daxian(c, "戊子").position, daxian(c, "戊子").branch) == (3, "午")
    assert (daxian(c, "丙戌").position, daxian(c, "丙戌").branch) == (2, "辰")
    assert (xiaoxian(c, "戊子").position, xiaoxian(c, "戊子").branch) == (2, "辰")


def test_daxian_p349_case1():
    """損之剝, 己丑年 寅建 庚午日: 辛卯 (3rd year) 大限 初爻 巳, 小限 五爻 子 (「小限三年在子」);
    甲午 (6th) both on the 二爻 卯 (「大限在卯，小限亦在卯」)."""
    c = chart("損", "剝", month="寅", day="庚午", year="己丑")
    assert (daxian(c, "辛卯").branch, xiaoxian(c, "辛卯").branch) == ("巳", "子")
    assert (daxian(c, "甲午").branch, xiaoxian(c, "甲午").branch) == ("卯", "卯")


def test_daxian_segments():
    """Years 31–60 run in the changed hexagram (or the 互卦), 61–90 in the 伏卦, 91 back."""
    c = chart("損", "剝", month="寅", day="庚午", year="己丑")
    assert daxian(c, "己未").segment == "之"     # year 31
    assert daxian(c, "己丑").segment == "本"     # year 1 (and 61 would be 伏)
    static = chart("師", month="寅", day="辛亥", year="丁丑")
    assert daxian(static, "丁巳").segment == "互"  # year 41: no moving line → 互卦
    with pytest.raises(InputError):
        daxian(chart("師", month="寅", day="辛亥"), "戊子")


def test_daxian_finding_with_the_year_asked():
    c = chart("師", month="寅", day="辛亥", year="丁丑", facts="年=戊子")
    found = {f.rule: dict(f.data) for f in c.findings if f.rule in ("daxian", "xiaoxian")}
    assert found["daxian"]["branch"] == "午" and found["xiaoxian"]["branch"] == "辰"


# ------------------------------------------------------------------ 應期


def names(c, spec: str) -> list[tuple[str, str]]:
    out = []
    for f in c.findings:
        d = dict(f.data)
        if f.rule == "yingqi" and d["spec"] == spec:
            out += [(n["term"], n["value"]) for n in d["names"]]
    return out


def test_yingqi_absent_yongshen_comes_on_its_branch():
    """姤 (乾宮) has no 財; the 財 寅 hides under 二爻: 「卦無用而值日成」 → 值 寅."""
    c = chart("姤", month="午", day="壬戌", question="囤積")
    assert names(c, "yingqi-wu-yong-zhi") == [("值", "寅")]


def test_yingqi_void_yongshen_is_filled_or_clashed():
    """甲戌日 (旬空 申酉): 兄弟 酉 of 困 is empty; for 占風 (用 兄弟) the 應期 is 沖 卯, 值 酉,
    and 出旬 the next 旬's first day 甲申."""
    c = chart(*KUN, month="午", day="甲戌", question="占風")
    assert names(c, "yingqi-kong-chong-tian") == [("沖", "卯"), ("值", "酉"), ("出旬", "甲申")]


def test_shitu_zi_wang_guan_shuai():
    """注 「若官旺子衰，或有小過；或子旺官衰，乃受其禍」 (p520-s1). 蒙之謙 asked 仕途大象: the
    官鬼 is 五爻 子水, the 子孫 二爻 辰土 moves. In 未月 (土 旺) the 子孫 is 旺 and the 子水 官
    休囚 — though the 乙酉 day (金 生 水) supports it, the 官 is not 吉: 「乃受其禍」. In 子月 the
    官 is on the month (旺): its own state decides, 吉 (「別衰旺以定重輕」)."""
    q = dict(question="shilei-22-q1")
    wei = chart("蒙", "謙", month="未", day="乙酉", **q)
    assert verdicts(wei, "shitu-guan") == []
    assert verdicts(wei, "shitu-zi-xiong-dong") == ["凶"]
    zi = chart("蒙", "謙", month="子", day="乙酉", **q)
    assert verdicts(zi, "shitu-guan") == ["吉"]
