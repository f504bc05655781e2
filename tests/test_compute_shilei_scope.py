"""Each judgment answers the questions its sentence is about and reads the line it names
(issue 22). The cases are the issue's, read from the sentences."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from compute import chart
from compute.shilei.judgments_data import JUDGMENTS

ROOT = Path(__file__).resolve().parent.parent


def fired(c, rid: str) -> list[str]:
    return [dict(f.data)["verdict"] for f in c.findings if f.rule == rid]


def test_huowu_yong_cai_not_on_the_thief() -> None:
    """「失物之占……貨物用財」 (p654-s1) is not about 筮盜 (「筮盜者，則察鬼象」): asked 筮盜 it
    says nothing; asked 見獲 it reads the 妻財 (乾: 財 寅 二爻)."""
    base = dict(month="寅", day="甲子")
    assert fired(chart("乾", **base, question="筮盜"), "shiwu-yong") == []
    assert fired(chart("乾", **base, question="見獲"), "shiwu-yong") == ["得"]  # 寅 on the 月


def test_huowu_by_the_thing() -> None:
    """「貨物用財，禽獸用子」: asked 失物之占 in 寅月 丙午日 on 乾, goods read the 財 寅 (二爻,
    on the 月建: 得); a beast reads the 子孫 (水), not in the lines of 乾 and 休囚 — no 得."""
    base = dict(month="寅", day="丙午", question="失物之占")
    assert fired(chart("乾", **base, facts="thing=貨物"), "shiwu-yong") == ["得"]
    assert fired(chart("乾", **base, facts="thing=禽獸"), "shiwu-yong") == []


def test_da_xiao_shi() -> None:
    """「凡大小試，皆以文書為用」 (p501): 大小試 is judged, 考時 (when the exam is) is not."""
    base = dict(month="寅", day="甲子")
    assert fired(chart("乾", **base, question="大小試"), "gongming-wenshu")
    assert fired(chart("乾", **base, question="考時"), "gongming-wenshu") == []


def test_can_yi_zi_wei_yong() -> None:
    """「蠶以子為用」 answers its own question, not 蠶利 (the profit, 用 妻財)."""
    base = dict(month="寅", day="甲子")
    assert fired(chart("乾", **base, question="蠶以子為用"), "sangtian-can")
    assert fired(chart("乾", **base, question="蠶利"), "sangtian-can") == []


def test_di_an_fu_mu_wei_yong() -> None:
    """「故堤岸之筮，父母為用，旺相則固，空破則傾」: 乾's 父母 戌 on the 壬戌 day → 成;
    民夫苦役 is not this sentence's question (「若民夫苦役而筮吉凶，則以官為忌」)."""
    assert fired(chart("乾", month="寅", day="壬戌", question="堤岸之筮"),
                 "zhizhu-di-fang") == ["成"]
    assert fired(chart("乾", month="寅", day="壬戌", question="民夫苦役"),
                 "zhizhu-di-fang") == []


@pytest.mark.parametrize("j", [j for j in JUDGMENTS if j.get("reads")], ids=lambda j: j["id"])
def test_reads_names_a_line_of_the_book(j) -> None:
    """Every judgment that reads a line other than the question's 用神 says so in its words."""
    text = tomllib.loads((ROOT / "editorial" / "judgments.toml").read_text(encoding="utf-8"))
    row = next(r for r in text["judgment"] if r["id"] == j["id"])
    values = [row["reads"]] if isinstance(row["reads"], str) else list(row["reads"].values())
    said = {"妻財": ("財",), "子孫": ("子",), "父母": ("父", "文書"), "官鬼": ("官", "鬼"),
            "應": ("應",), "兄弟": ("兄",)}
    assert all(any(w in row["zh"] for w in said[v]) for v in values), (j["id"], values)


def _outcome(c, rid: str) -> int | None:
    f = next((f for f in c.findings if f.rule == rid), None)
    return dict(f.data).get("outcome") if f is not None else None


def _example(eid: str) -> dict:
    rows = tomllib.loads((ROOT / "editorial" / "examples.toml").read_text(encoding="utf-8"))
    return next(r for r in rows["example"] if r["id"] == eid)


def test_shang_lu_ji_gui_only_on_shang_lu() -> None:
    """「凡趨利之占，皆以妻財為用……商旅忌鬼，官鬼豈宜交重」 (p548): the moving 鬼 is the
    merchant-traveller's fear — asked 商旅 it is 凶; the same chart asked 囤積 (hoarding, no
    journey) does not give that outcome."""
    ex = _example("ex-licai-cai")
    k = ex["focus"]["data"]["outcome"]
    assert _outcome(chart(**ex["inputs"]), "licai-cai") == k
    assert _outcome(chart(**dict(ex["inputs"], question="shilei-26-q2")), "licai-cai") != k


def test_cai_guan_wang_for_zhi_yi_and_ye_ya_not_cheng_ye() -> None:
    """「執役者，財官旺則利歸其室……業牙者，財官旺則客集其門」 (p494): 財官旺 is said of 執役
    and 業牙, not of 成業 (whose sentence is 「世空則無成，卦六沖而有半途之廢」)."""
    ex = _example("ex-xueye-cheng-ye")
    k = ex["focus"]["data"]["outcome"]
    assert _outcome(chart(**ex["inputs"]), "xueye-cheng-ye") == k
    assert _outcome(chart(**dict(ex["inputs"], question="shilei-17-q6")), "xueye-cheng-ye") == k
    assert _outcome(chart(**dict(ex["inputs"], question="shilei-17-q4")), "xueye-cheng-ye") != k


def test_gui_reads_fu_for_xue_and_guan_for_gong() -> None:
    """「以學而得名者，必父爻之高明；以功而得名者，必官象之昌隆……生旺則得，死墓則失」 (p334):
    on 巽之未濟 丑月 庚辰日 the 父母 亥 is in its 墓 at 辰 and the 官鬼 酉 is 相 in 丑 — asked
    for a name by learning, 失 (不得); by merit, 得. Neither sentence reads the 世, so without
    saying which name is sought the judgment is silent."""
    base = {"primary": "巽", "changed": "未濟", "month": "丑", "day": "庚辰",
            "question": "shilei-05-q2"}
    xue = chart(**base, facts="thing=學")
    gong = chart(**base, facts="thing=功")
    assert _outcome(xue, "shenming-gui") == 2       # 死墓則失
    assert _outcome(gong, "shenming-gui") == 1      # 生旺則得
    assert _outcome(chart(**base), "shenming-gui") is None


def test_jizhao_xiang_fu_moves_with_gui_ren_while_the_gui_rests() -> None:
    """「其應祥也，父母貴人動，主進文章」 with 注 「若鬼爻靜休，遇有此動，始徵其祥」 (p672): 比
    (坤宮) 巳月 — the 官鬼 卯 is 休. On 壬午日 the 父母 巳 is the day stem's 天乙貴人 (壬兔癸蛇):
    moving it brings 文章 (比之損). The near cases: on 丁酉日 the moving 巳 carries no 貴人 (丁's
    are 亥 酉); on 比之大畜 the 休 官鬼 moves too, so the 鬼 is not 靜 and no sign is 祥."""
    base = {"primary": "比", "month": "巳", "question": "shilei-47-q6"}
    assert _outcome(chart(**base, changed="損", day="壬午"), "jizhao-xiang") == 3
    assert _outcome(chart(**base, changed="損", day="丁酉"), "jizhao-xiang") is None
    assert _outcome(chart(**base, changed="大畜", day="壬午"), "jizhao-xiang") is None


def test_jin_sheng_free_the_guan_not_the_empty_shi() -> None:
    """注 「凡占晉升屯蹇四象，值言吉凶，無論官鬼」 (p521-s4) frees the verdict from the 官鬼;
    「自占世爻，蓋不可空……他占則否」 (p521-s1) is said of the 世. 晉 (世 酉, line 4) 寅月 甲戌日
    (旬空 申酉): asked for oneself, the 世空 outcome stands and 晉 is not 吉; asked for another,
    or on 甲子日 (the 世 not 空), 晉 is 吉."""
    base = {"primary": "晉", "month": "寅", "question": "shilei-22-q1", "birth": "甲子"}
    own = chart(**base, day="甲戌", facts="自占")
    assert _outcome(own, "shitu-gua") is None
    assert _outcome(own, "shitu-sui-zhu") == 2
    assert _outcome(chart(**base, day="甲戌", facts="代占"), "shitu-gua") == 1
    assert _outcome(chart(**base, day="甲子", facts="自占"), "shitu-gua") == 1
