"""The chart's choice of the 用神's line (issue 22, «Every 用神 the book allows»): 兩現 and
舍飛從伏, and the alternatives the state of the chart chooses (非包非動, 亂動, 伏無).

Every expectation is derived by hand from the 納甲 and the sentences, never copied from
compute: 乾 (乾 palace, 金; 伏 坤): 初 子 子孫, 二 寅 妻財, 三 辰 父母, 四 午 官鬼, 五 申 兄弟,
上 戌 父母 (世 上, 應 三); its 伏 (坤's lines): 初 未, 二 巳, 三 卯, 四 丑, 五 亥, 上 酉. 困 (兌
palace, 金): 初 寅 財, 二 辰 父, 三 午 官, 四 亥 子, 五 酉 兄, 上 未 父. 大過 (震 palace, 木,
游魂, 世 四 應 初) has no 火 line, 飛 or 伏: no 子孫.

The sentences: 「必以其有傷無傷而定取舍也，舍其有傷，取其無傷」 (p173-s2; 傷 = 「旬空月破沖散克傷
之類」, 注), 「一動一靜之用，猶有別焉，舍靜取動」 (p174-s1), 「大抵舍靜求動，舍衰求旺，舍病而求
不病」 (p275-s3), 「其升觀二分之卦，八純二土之象，皆有成格，故無煩別論，亦以兩現之法為用云爾」
(p178-s2), 「不能得用神于飛爻，而求用神於伏象者，舍飛從伏，必以日月動爻之扶挈用之」 (p174-s2, 注
「飛用被傷，當索伏用，日月動與配，相生而從，相剋而舍」), 「兩現於飛伏者，則取較之」 (p178-s1).
"""

from __future__ import annotations

from compute import chart
from compute.book.questions import ALL, depends_on_chart
from compute.explain.verdict import yong_note
from compute.shilei.roles import roles


def _yong(r) -> list[tuple[int, bool]]:
    return [(a.position, a.hidden) for a in r.yong]


# ------------------------------------------------------------------ 兩現

def test_the_unhurt_line_of_two_is_taken_and_the_explanation_says_by_which_sentence():
    """乾 戌月 甲子日, 堤岸之筮 (父母為用): 三爻 辰 is 月破 (戌 沖 辰); 上爻 戌 is the 月建
    (its 旬空 is 建空, 「月建不落一旬之空」): 「舍其有傷，取其無傷」 takes 上爻 — and 八純's two
    土 are chosen the same way (p178-s2), not both kept."""
    c = chart("乾", month="戌", day="甲子", question="堤岸之筮")
    r = roles(c)
    assert _yong(r) == [(6, False)]
    assert [a.position for a in r.all_yong] == [3, 6]
    assert r.choice_passages == ("p173-s2", "p178-s2")
    assert "「舍其有傷，取其無傷」" in r.choice_ko and "上爻를 취한다" in r.choice_ko
    assert r.to_dict()["line_chosen_by"]["passages"] == ["p173-s2", "p178-s2"]
    note = yong_note(c)
    assert "上爻 戌土父母" in note.text and "「舍其有傷，取其無傷」" in note.text
    assert "p173-s2" in note.passages
    # 「故堤岸之筮，父母為用，旺相則固」: the 月建 戌 is 旺 — the judgment reads the chosen line
    said = [f.summary for f in c.findings if f.rule == "zhizhu-di-fang"]
    assert said and "굳" in said[0]


def test_the_other_line_when_the_month_breaks_the_first():
    """乾 辰月 甲子日: now 上爻 戌 is 月破 (and 旬空); 三爻 辰 the 月建: take 三爻."""
    r = roles(chart("乾", month="辰", day="甲子"), yongshen="父母")
    assert _yong(r) == [(3, False)] and r.choice_passages[0] == "p173-s2"


def test_a_moving_line_before_a_static_one():
    """乾 (上爻 moving) 午月 甲申日: neither 辰 nor 戌 hurt (甲申旬 空 午未; 午月 生 土; 申日
    neither 克 nor 沖 them): 「舍靜取動」 takes the moving 上爻."""
    r = roles(chart(lines="777779", month="午", day="甲申"), yongshen="父母")
    assert _yong(r) == [(6, False)] and r.choice_passages == ("p174-s1", "p178-s2")


def test_a_strong_line_before_a_weak_one():
    """困 酉月 己未日 (甲寅旬 空 子丑): 父母 辰 (二爻) and 未 (上爻), neither hurt nor moving;
    未 is the day: 「舍衰求旺」 takes 上爻."""
    r = roles(chart("困", month="酉", day="己未"), yongshen="父母")
    assert _yong(r) == [(6, False)] and r.choice_passages == ("p275-s3",)


def test_two_alike_are_both_kept_and_said_so():
    """乾 午月 甲申日, static: 辰 and 戌 unhurt, static, both 相 in 午月: nothing chooses."""
    r = roles(chart("乾", month="午", day="甲申"), yongshen="父母")
    assert _yong(r) == [(3, False), (6, False)]
    assert "並取" in r.choice and "둘 다 본다" in r.choice_ko


def test_one_line_has_no_choice():
    """困 午月 壬戌日: 妻財 only on 初爻 寅: no 兩現, no sentence of choice."""
    r = roles(chart("困", month="午", day="壬戌"), yongshen="妻財")
    assert _yong(r) == [(1, False)] and r.choice == "" and r.choice_passages == ()
    assert "line_chosen_by" not in r.to_dict()


# ------------------------------------------------------------------ 舍飛從伏

def test_a_hurt_fei_gives_way_to_the_fu_a_moving_line_lifts():
    """The book's case p446 (「寅建丙寅日，占弟兄得乾之需，申飛用爻，日破月破，而不知酉伏戌下，
    火生土而土生金」): 兄弟 申 (五爻) is broken by month and day; the 伏 酉 under 上爻 is 生 by
    the moving 戌 above it: take the 伏."""
    r = roles(chart("乾", "需", month="寅", day="丙寅"), yongshen="兄弟")
    assert _yong(r) == [(6, True)]
    assert r.choice_passages == ("p174-s2", "p178-s1")
    assert "舍飛從伏" in r.choice_ko
    note = yong_note(chart("乾", "需", month="寅", day="丙寅", yongshen="兄弟"))
    assert "上爻下 伏 酉金兄弟" in note.text and "舍飛從伏" in note.text


def test_without_a_lift_the_hurt_fei_stays():
    """The same day on 乾 static: 申 still broken, but nothing 生 or 扶 the 伏 酉 (寅 is 木, no
    line moves): 「相剋而舍」 — the 飛 stays."""
    r = roles(chart("乾", month="寅", day="丙寅"), yongshen="兄弟")
    assert _yong(r) == [(5, False)] and "舍飛從伏" not in r.choice


def test_the_day_lifts_the_fu_under_a_void_fei():
    """姤 寅月 甲子日 (甲子旬 空 戌亥), 何業 without 財 → 子孫 (倘卦無財爻): the 飛 亥 (二爻) is
    空; the 伏 子 under 初爻 (乾's 初爻) is the day itself: take the 伏."""
    r = roles(chart("姤", month="寅", day="甲子", question="shilei-17-q3"))
    assert r.value == "子孫" and _yong(r) == [(1, True)]


# ------------------------------------------------------------------ alternatives by the chart

def test_nan_nv_fei_bao_fei_dong_reads_the_zisun():
    """男女 (p416-s1 「其三非包非動而安靜者，則以子孫屬陽為男，屬陰為女」): a static hexagram
    that is neither 陰包陽 nor 陽包陰 (姤) reads 子孫; 坎 (陰包陽) and a moving 姤 keep the 卦."""
    r = roles(chart("姤", month="寅", day="甲申", question="shilei-11-q6"))
    assert r.value == "子孫" and "非包非動" in r.when and "p416-s1" in r.passages
    assert roles(chart("坎", month="寅", day="甲申", question="shilei-11-q6")).value == "卦"
    assert roles(chart("姤", "乾", month="寅", day="甲申", question="shilei-11-q6")).value == "卦"


def test_suo_tao_zhi_fang_by_the_chart():
    """所逃之方 (p622-s1, p623-s1): static → 外卦; one line moving → that line (獨發);
    亂動 and a stranger fled → 應 (「他人之逃，專之於應」 p624-s2); 亂動 and a son fled, whose
    子孫 is neither 飛 nor 伏 (大過) → 應 (「伏無而求應」)."""
    q = "shilei-40-q20"
    assert roles(chart("乾", month="寅", day="甲申", question=q)).value == "外卦"
    r = roles(chart(lines="977777", month="寅", day="甲申", question=q))
    assert r.value == "動爻" and r.positions == (1,)
    r = roles(chart("乾", "坤", month="寅", day="甲申", question=q, facts="疏"))
    assert r.value == "應" and r.positions == (3,) and "亂動" in r.when
    r = roles(chart(lines="697778", month="寅", day="甲申", question=q, facts="person=子"))
    assert r.value == "應" and r.positions == (1,) and "伏無" in r.when
    # 亂動 without saying who fled: the 用爻 is unknown, the 外卦 stays
    assert roles(chart("乾", "坤", month="寅", day="甲申", question=q)).value == "外卦"


def test_the_chart_chooses_the_yongshen_of_five_questions():
    """何業 (倘卦無財爻), 何貨為善 (財病), 鬼神情狀 (以動為鬼, 卦爻俱靜), 所逃之方 (獨發, 亂動,
    伏無), 男女 (非包非動): five questions."""
    assert sum(depends_on_chart(q) for q in ALL) == 5
