"""compute's tables (chapters 1–12) against the book's own words and independent statements.

Expected values come from the text (quoted), the rules catalogue's hand-checked tables, or a
standard reference table — never from the code under test.
"""

from __future__ import annotations

import pytest

from compute.book.fushen import hidden_hexagram
from compute.book.ganzhi import (
    GANZHI,
    Branch,
    GanZhi,
    Stem,
    hour_pillar,
    month_pillar,
    void_branches,
)
from compute.book.gua import (
    PALACE_MEMBERS,
    Hexagram,
    Trigram,
    Yao,
    chonggua_order,
    coin_line,
    hugua,
    parse_cast,
)
from compute.book.liuqin import Relative, relative
from compute.book.liushen import (
    Spirit,
    da_liushen_branches,
    day_spirits,
    guiren_generals,
    hour_spirits,
    month_spirit_branches,
)
from compute.book.najia import NAJIA_BRANCHES, najia
from compute.book.shen import guashen, jianyao, shishen
from compute.book.wuxing import Phase, gan_he, nayin
from compute.book.xing import huangjince_xiu, jingfang_xiu, wuxing_star

# The standard 納音 of the thirty pairs (甲子乙丑 海中金, 丙寅丁卯 爐中火 …), a common reference
# table (also the catalogue's check table), pairs in cycle order 甲子 丙寅 戊辰 … 壬戌.
NAYIN_STANDARD = "金火木土金火水土金木水土火木水金火木土金火水土金木水土火木水"


def test_sixty_cycle_runs_as_the_text_says():
    # p027-s2: 始自甲子至癸酉，幹終而始甲戌，支終而始丙子 … 並盡於癸亥
    names = [g.zh for g in GANZHI]
    assert names[0] == "甲子" and names[9] == "癸酉" and names[10] == "甲戌"
    assert names[12] == "丙子" and names[-1] == "癸亥" and len(set(names)) == 60


def test_nayin_arithmetic_reproduces_the_standard_table():
    got = "".join(nayin(GANZHI[2 * k]).zh for k in range(30))
    assert got == NAYIN_STANDARD
    assert all(nayin(GANZHI[2 * k]) == nayin(GANZHI[2 * k + 1]) for k in range(30))


def test_nayin_corollary_of_p032():
    # 甲子甲午旬中全無水，甲申甲寅旬中不見金
    def xun(head: str) -> set[Phase]:
        start = GanZhi.from_zh(head).index
        return {nayin(GANZHI[(start + k) % 60]) for k in range(10)}

    assert Phase.SHUI not in xun("甲子") | xun("甲午")
    assert Phase.JIN not in xun("甲申") | xun("甲寅")


def test_wuhu_and_wushu_dun():
    # p028-s2: 夏正建寅 … 退三位而取丙寅 (a 甲 year); 甲子日起甲子時
    assert month_pillar(Stem.JIA, Branch.YIN).zh == "丙寅"
    assert hour_pillar(Stem.JIA, Branch.ZI).zh == "甲子"
    # the usual 五虎遁 / 五鼠遁 heads: 乙庚→戊寅, 丙辛→庚寅, 丁壬→壬寅, 戊癸→甲寅
    months = [month_pillar(Stem(s), Branch.YIN).zh for s in range(1, 5)]
    hours = [hour_pillar(Stem(s), Branch.ZI).zh for s in range(1, 5)]
    assert months == ["戊寅", "庚寅", "壬寅", "甲寅"]
    assert hours == ["丙子", "戊子", "庚子", "壬子"]


def test_gan_he_of_p138():
    # 甲己化戊而成土，乙庚化庚而成金，丙辛化壬而成水，丁壬化甲而成木，戊癸化丙而成火
    pairs = {"甲己": "土", "乙庚": "金", "丙辛": "水", "丁壬": "木", "戊癸": "火"}
    for pair, phase in pairs.items():
        assert gan_he(Stem.from_zh(pair[0]), Stem.from_zh(pair[1])) == Phase.from_zh(phase)
    assert gan_he(Stem.JIA, Stem.GENG) is None


def test_void_branches():
    assert void_branches(GanZhi.from_zh("癸酉")) == (Branch.XU, Branch.HAI)
    assert void_branches(GanZhi.from_zh("甲辰")) == (Branch.YIN, Branch.MAO)  # p093-s2 辰旬 寅空


@pytest.mark.parametrize(
    ("backs", "mark", "number"), [(0, "交", 6), (1, "單", 7), (2, "拆", 8), (3, "重", 9)]
)
def test_coin_lines_follow_the_verse(backs: int, mark: str, number: int):
    # 兩背由來拆，雙眉本是單，渾眉交定位，總背是重看 (p035-s1)
    y = coin_line(backs)
    assert (y.mark, y.number) == (mark, number)


def test_moving_lines():
    assert [Yao(n).moving for n in (6, 7, 8, 9)] == [True, False, False, True]
    assert [y.number for y in parse_cast("○×單拆單單")] == [9, 6, 7, 8, 7, 7]


def test_trigram_line_patterns_of_p036():
    # 震 = 坤 whose 初爻 is yang; 坎 = 坤 中爻; 艮 = 坤 上爻 (the 注's 獲陰 is a slip for 獲陽)
    assert Trigram.ZHEN == Trigram.KUN | 0b001
    assert Trigram.KAN == Trigram.KUN | 0b010
    assert Trigram.GEN == Trigram.KUN | 0b100
    assert Trigram.XUN == Trigram.QIAN & ~0b001 & 7


def test_sixteen_changes_of_the_qian_palace():
    # p038-s1: 乾 姤 遁 否 觀 剝, 晉 (游魂), 旅 鼎 (not in sequence), 大有 (歸魂)
    names = ["乾", "姤", "遁", "否", "觀", "剝", "晉", "旅", "鼎", "大有",
             "離", "噬嗑", "頤", "益", "無妄", "同人", "乾"]
    lines = [1, 2, 3, 4, 5, 4, 3, 2, 1, 2, 3, 4, 5, 4, 3, 2]
    hexes = [Hexagram.from_name(n) for n in names]
    for a, b, line in zip(hexes, hexes[1:], lines, strict=False):
        assert a.bits ^ b.bits == 1 << (line - 1), (a, b)


def test_palaces_and_full_names():
    seen = set()
    for names in PALACE_MEMBERS:
        for name in names:
            seen.add(Hexagram.from_name(name).bits)
    assert len(seen) == 64
    assert Hexagram.from_name("火地晉") == Hexagram.from_trigrams(Trigram.LI, Trigram.KUN)
    assert Hexagram.from_name("澤雷隨").palace == Trigram.ZHEN
    assert Hexagram.from_name("雷澤歸妹").generation_zh == "歸魂"
    assert Hexagram.from_name("天山遯") == Hexagram.from_name("遁")


@pytest.mark.parametrize(("name", "shi", "ying"), [
    ("乾", 6, 3), ("姤", 1, 4), ("遁", 2, 5), ("否", 3, 6), ("觀", 4, 1), ("剝", 5, 2),
    ("晉", 4, 1), ("大有", 3, 6),  # p067-s1 注
])
def test_shi_ying(name: str, shi: int, ying: int):
    h = Hexagram.from_name(name)
    assert (h.shi, h.ying) == (shi, ying)


def test_najia_branches_follow_the_stated_rule():
    # p045–p047: yang trigrams forward by two from 子 (乾震), 寅 (坎), 辰 (艮); yin backward:
    # 坤 from 未, 巽 丑, 離 卯, 兌 巳 (坤建未而盡酉; 巽以丑從子 …)
    starts = {"乾": 0, "震": 0, "坎": 2, "艮": 4, "坤": 7, "巽": 1, "離": 3, "兌": 5}
    for t, (inner, outer) in NAJIA_BRANCHES.items():
        step = 2 if t.zh in "乾震坎艮" else -2
        expect = "".join(str(Branch((starts[t.zh] + step * k) % 12)) for k in range(6))
        assert inner + outer == expect, t


def test_fixed_stems_give_48_pillars_and_the_swap_the_other_12():
    # p044-s1 注: 一卦納六爻，則干支止於四十有八 … 二老所納隨時遷移 … 甲子咸備
    fixed = {gz.zh for b in range(64) for gz in najia(Hexagram(b))}
    swapped = {gz.zh for b in range(64) for gz in najia(Hexagram(b), after_xiazhi=True)}
    assert len(fixed) == 48
    assert len(fixed | swapped) == 60


def test_najia_of_p170_case():
    # 未建 … 乾之小畜 … 至甲午日而回祿，以夏至後先壬而後甲也
    assert najia(Hexagram.from_name("乾"), after_xiazhi=True)[3].zh == "甲午"
    assert najia(Hexagram.from_name("乾"))[3].zh == "壬午"


def test_relatives():
    # p054–p055: 生我 父母, 克我 官鬼, 比和 兄弟, 我生 子孫, 我克 妻財; 觀 (乾宮 金): 水 = 子孫
    assert relative(Phase.JIN, Phase.TU) == Relative.FUMU
    assert relative(Phase.JIN, Phase.HUO) == Relative.GUANGUI
    assert relative(Phase.JIN, Phase.JIN) == Relative.XIONGDI
    assert relative(Phase.JIN, Phase.SHUI) == Relative.ZISUN
    assert relative(Phase.JIN, Phase.MU) == Relative.QICAI


def test_day_spirits():
    # 甲乙起青龍，丙丁起朱雀，戊日起勾陳，己日起騰蛇，庚辛起白虎，壬癸起元武 (p058-s2 注)
    firsts = "青龍 青龍 朱雀 朱雀 勾陳 騰蛇 白虎 白虎 元武 元武".split()
    assert [str(day_spirits(Stem(s))[0]) for s in range(10)] == firsts
    wu = [str(s) for s in day_spirits(Stem.WU)]
    assert wu == ["勾陳", "騰蛇", "白虎", "元武", "青龍", "朱雀"]


def test_hour_and_guiren_spirits_of_p059():
    # 甲子日寅時 … 時當丙寅，即初爻起朱雀; 辛未日辰時 … 寅上起貴人，未乃青龍，酉乃白虎
    assert hour_spirits(Stem.JIA, Branch.YIN)[0] == Spirit.ZHUQUE
    g = guiren_generals(Stem.XIN, Branch.CHEN)
    assert (g[Branch.YIN], g[Branch.WEI], g[Branch.YOU]) == ("貴人", "青龍", "白虎")


def test_month_spirits_verse_and_da_liushen_agree_every_month():
    # 龍在寅方虎在申，正從丑上起勾陳，朱雀巳宮元武亥，惟有騰蛇辰逆行 (p058-s2)
    first = month_spirit_branches(Branch.YIN)
    assert {str(s): str(b) for s, b in first.items()} == {
        "青龍": "寅", "白虎": "申", "勾陳": "丑", "朱雀": "巳", "元武": "亥", "騰蛇": "辰"}
    for m in Branch:
        assert month_spirit_branches(m) == da_liushen_branches(m)
        # 大白虎 stands on the 月破 branch
        assert month_spirit_branches(m)[Spirit.BAIHU] == m.clash()


def test_five_stars_anchors_of_p070():
    expect = {"乾": "鎮星", "姤": "太白", "遁": "太陰", "否": "歲星", "觀": "熒惑", "剝": "鎮星",
              "晉": "太白", "大有": "太陰", "震": "歲星", "歸妹": "歲星"}
    assert {n: wuxing_star(Hexagram.from_name(n)) for n in expect} == expect


def test_jingfang_xiu():
    # catalogue: 乾 參, 姤 井, 遁 鬼, 否 柳, 觀 星, 剝 張, 晉 翼, 大有 軫, 震 角, 歸妹 軫
    expect = dict(zip(["乾", "姤", "遁", "否", "觀", "剝", "晉", "大有", "震", "歸妹"],
                      "參井鬼柳星張翼軫角軫", strict=True))
    assert {n: jingfang_xiu(Hexagram.from_name(n)) for n in expect} == expect


def test_huangjince_xiu_of_p075_p076():
    def on(name: str, line: int) -> str:
        return huangjince_xiu(Hexagram.from_name(name))[line - 1]

    # 乾 世爻起角星，應爻是亢星，五爻氐星，初爻房星，四爻心星，二爻尾星
    assert [on("乾", p) for p in (6, 3, 5, 1, 4, 2)] == list("角亢氐房心尾")
    # 姤 世爻起亢星，應爻是氐星，二爻房星，六爻心星，三爻尾星，五爻箕星
    assert [on("姤", p) for p in (1, 4, 2, 6, 3, 5)] == list("亢氐房心尾箕")
    # 大有世爻起斗星，坎卦世爻亦起斗星，歸妹世爻起角星，乾卦世爻亦起角星
    assert on("大有", 3) == on("坎", 6) == "斗" and on("歸妹", 3) == on("乾", 6) == "角"
    # 歸妹三爻角星，六爻亢星，初爻氐星，五爻房星，二爻心星，四爻尾星
    assert [on("歸妹", p) for p in (3, 6, 1, 5, 2, 4)] == list("角亢氐房心尾")


def test_every_hexagram_has_six_distinct_xiu():
    for b in range(64):
        assert len(set(huangjince_xiu(Hexagram(b)))) == 6


def test_two_bodies_of_p080():
    assert guashen(Hexagram.from_name("乾")) == Branch.SI  # 乾六陽之世，卦身在巳
    assert guashen(Hexagram.from_name("坤")) == Branch.HAI  # 坤六陰之世，卦身在亥
    assert shishen(Hexagram.from_name("小畜"), Branch.ZI) == 1  # 小畜子爻為世，故世身在初
    assert shishen(Hexagram.from_name("大畜"), Branch.YIN) == 3  # 大畜寅爻為世，故世身在三


def test_jianyao_of_p084():
    assert jianyao(Hexagram.from_name("乾")) == (4, 5)  # 如乾四五為間
    assert jianyao(Hexagram.from_name("復")) == jianyao(Hexagram.from_name("姤")) == (2, 3)


def test_hugua_of_p094_p095():
    # with moving lines: inner from the changed hexagram's 2-4, outer from the primary's 3-5
    h = hugua(Hexagram.from_name("晉"), Hexagram.from_name("剝"))
    assert (h.lower, h.upper) == (Trigram.KUN, Trigram.KAN)  # 互比外見坎水為子
    static = hugua(Hexagram.from_name("乾"))
    assert static == Hexagram.from_name("乾")


def test_hidden_hexagrams_of_p097_p098_and_p024():
    def fu(name: str) -> str:
        h = hidden_hexagram(Hexagram.from_name(name))
        assert h is not None
        return h.name

    assert fu("乾") == "坤" and fu("坤") == "乾"  # 乾伏坤，坤伏乾
    assert {fu(n) for n in ("姤", "遁", "否", "觀", "剝")} == {"乾"}  # 姤遁否觀剝伏乾
    assert fu("晉") == "大畜" and fu("大有") == "否" and fu("需") == "萃"
    # p024-s1: 晉 己酉世爻以丙戌為飛伏; 需 戊申世爻以丁亥為飛伏
    assert najia(Hexagram.from_name("大畜"))[3].zh == "丙戌"
    assert najia(Hexagram.from_name("萃"))[3].zh == "丁亥"
    assert najia(Hexagram.from_name("晉"))[3].zh == "己酉"
    assert najia(Hexagram.from_name("需"))[3].zh == "戊申"


def test_chonggua_order_covers_the_64():
    order = chonggua_order()
    assert len({h.bits for h in order}) == 64
    assert order[0].lower == Trigram.ZHEN and order[0].upper == Trigram.KUN  # 坤加於震
    assert order[32].lower == Trigram.XUN and order[32].upper == Trigram.QIAN  # 乾加於巽
