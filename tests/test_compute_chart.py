"""compute.chart against the book's worked cases of chapters 11–12, the API contract and the
registry hooks. Expected values are the book's (quoted) or worked out by hand from its rules."""

from __future__ import annotations

import datetime as dt
import json

import pytest

import compute
from compute import Branch, InputError, Relative, Spirit, chart
from compute import registry as rules
from compute.lifa.feifu import fu_chu


def _summaries(c: compute.Chart, rule: str) -> list[str]:
    return [f.summary for f in c.findings if f.rule == rule]


def test_kun_zhi_kan_p089():
    # 午建壬戌日占財，得困之坎，木死於午 … 亥化長生 (only the 亥 line moves, to 申)
    c = chart("困", "坎", month="午", day="壬戌")
    shi = c.primary.line(c.primary.shi)
    assert (shi.branch, shi.relative) == (Branch.YIN, Relative.QICAI)
    assert c.moving == (4,)
    assert (c.primary.line(4).branch, c.changed.line(4).branch) == (Branch.HAI, Branch.SHEN)
    assert c.changed.line(4).relative == Relative.XIONGDI  # 申 金 from the 兌 palace


def test_tongren_zhi_lü_p090():
    # 未建壬申日占兄弟病，得同人之旅: 卯爻元神生用 … 申爻克我卯爻元神
    c = chart("同人", "旅", month="未", day="壬申")
    assert c.moving == (1, 5)
    assert (c.primary.line(1).branch, c.primary.line(5).branch) == (Branch.MAO, Branch.SHEN)
    assert c.primary.line(4).relative == Relative.XIONGDI and c.primary.line(4).branch == Branch.WU
    # 未 is after 夏至, but 同人 is no 八純: its outer 乾 keeps 壬 (the book's cases, below)
    assert c.primary.line(4).ganzhi.zh == "壬午"
    assert chart("同人", "旅", month="未", day="壬申", najia_stems="trigram").primary.line(
        4).ganzhi.zh == "甲午"


def test_bo_zhi_jian_p090():
    # 戌建庚戌日占官，得剝之漸: 子動生卯，卯動生巳 … 子化巳絕 … 卯化申絕
    c = chart("剝", "漸", month="戌", day="庚戌")
    assert c.moving == (3, 5)
    assert (c.primary.line(5).branch, c.changed.line(5).branch) == (Branch.ZI, Branch.SI)
    assert (c.primary.line(3).branch, c.changed.line(3).branch) == (Branch.MAO, Branch.SHEN)
    found = _summaries(c, "bianyao-power")
    assert any(s.startswith("3爻") and "化絕" in s for s in found)
    assert any(s.startswith("5爻") and "化絕" in s for s in found)


def test_feng_zhi_cui_and_lin_zhi_gu_p091():
    # 申建酉日用財，而遇豐之萃，申亥卯動 … 財 午
    c = chart("豐", "萃", month="申", day="丁酉")
    assert {c.primary.line(p).branch for p in c.moving} == {Branch.SHEN, Branch.HAI, Branch.MAO}
    assert c.primary.line(4).relative == Relative.QICAI
    # 寅建未日用官，遇臨之蠱，巳丑酉動 … 官 卯
    c = chart("臨", "蠱", month="寅", day="乙未")
    assert {c.primary.line(p).branch for p in c.moving} == {Branch.SI, Branch.CHOU, Branch.YOU}
    assert c.primary.line(2).relative == Relative.GUANGUI


def test_qian_zhi_jiaren_p091():
    # 戌建辰日用兄弟，而得乾之家人，寅午忌仇皆動 … 戌爻暗動
    c = chart("乾", "家人", month="戌", day="甲辰")
    assert {c.primary.line(p).branch for p in c.moving} == {Branch.YIN, Branch.WU}
    assert c.primary.line(6).branch == Branch.XU and not c.primary.line(6).moving


def test_dun_zhi_qian_p093():
    # 亥日月用世爻，遇遁之乾，是日月克我，變寅生我 … 或在申月 … 寅木遭月破
    c = chart("遁", "乾", month="亥", day="乙亥")
    assert c.primary.shi == 2 and c.primary.line(2).branch == Branch.WU
    assert c.changed.line(2).branch == Branch.YIN
    assert "化生" in _summaries(c, "bianyao-power")[0]
    broken = chart("遁", "乾", month="申", day="乙亥")
    assert "變爻月破" in _summaries(broken, "bianyao-power")[0]
    void = chart("遁", "乾", month="亥", day="乙巳")  # 甲辰旬: 寅卯空
    assert "變爻旬空" in _summaries(void, "bianyao-power")[0]


def test_jin_zhi_bo_hugua_p095():
    # 戊申日占子病得晉之剝，飛伏變象皆無用神，互比外見坎水為子
    c = chart("晉", "剝", month="申", day="戊申")
    assert c.primary.hugua.name == "比"
    assert "子孫 → 外互 坎" in _summaries(c, "hugua")[0]


def test_kun_zhi_dui_fushen_p096():
    # 子建戊寅日占官得困之兌，飛象午官臨身為用，當子月無用矣，誰知世下巳官，伏神長生
    c = chart("困", "兌", month="子", day="戊寅")
    assert c.primary.guashen == Branch.WU and c.primary.guashen_lines == (3,)
    assert c.primary.line(3).relative == Relative.GUANGUI
    fu = c.primary.line(c.primary.shi).hidden
    assert fu is not None and fu.ganzhi.zh == "丁巳" and fu.relative == Relative.GUANGUI
    assert c.primary.line(1).state["fu_chu"] == "出"


def test_qian_zhi_xiaoxu_p170():
    # 未建戊午日占家宅，得乾之小畜 … 至甲午日而回祿，以夏至後先壬而後甲也
    c = chart("乾", "小畜", month="未", day="戊午")
    assert c.moving == (4,) and c.primary.line(4).ganzhi.zh == "甲午"
    assert c.option("najia_season") == "夏至後"
    common = chart("乾", "小畜", month="未", day="戊午", najia_stems="common")
    assert common.primary.line(4).ganzhi.zh == "壬午" and common.option("najia_season") == "common"


def test_erlao_shiqian_only_moves_the_pure_qian_and_kun():
    # 酉建甲子日 … 夬之大過 … 當日甲子即歸 (p170-s1 注): the single moving line is 甲子
    c = chart("夬", "大過", month="酉", day="甲子")
    assert c.moving == (1,) and c.primary.line(1).ganzhi.zh == "甲子"
    # 未建丙午日占訪友，得遁之節，應爻在壬申，是以壬申日遇 (p171-s5 注)
    c = chart("遁", "節", month="未", day="丙午")
    assert c.primary.ying == 5 and c.primary.line(5).ganzhi.zh == "壬申"
    # … while 乾之小畜 in 未月 reads 甲午 (p170-s1 注), and 坤 moves the same way
    assert chart("乾", "小畜", month="未", day="戊午").primary.line(4).ganzhi.zh == "甲午"
    kun = chart("坤", month="申", day="甲子").primary
    assert [ln.ganzhi.zh for ln in kun.lines] == ["癸未", "癸巳", "癸卯", "乙丑", "乙亥", "乙酉"]
    # the wider reading moves every 乾/坤 trigram
    wide = chart("遁", "節", month="未", day="丙午", najia_stems="trigram")
    assert wide.primary.line(5).ganzhi.zh == "甲申"


def test_solstice_months():
    assert chart("乾", month="午", day="甲子").option("najia_season") == "夏至後"
    assert chart("乾", month="午", day="甲子", solstice="before").option("najia_season") == "冬至後"
    assert chart("乾", month="子", day="甲子").option("najia_season") == "冬至後"
    assert chart("乾", month="子", day="甲子", solstice="before").option("najia_season") == "夏至後"
    # the 午 month holds the 夏至: the chart says which side it took (「이 달 안에 至가 들어 있어」)
    assert any("至가 들어 있어" in s for s in _summaries(chart("乾", month="午", day="甲子"),
                                                         "najia-gan-seasonal"))


def test_fu_chu_rules_by_hand():
    c = chart("乾", month="寅", day="甲子")  # 乾 hides 坤; 甲子旬 空 戌亥; 寅月 破 申
    assert fu_chu(c, c.primary.line(1)) == ("出", "伏克飛")  # 飛 子水, 伏 未土
    assert fu_chu(c, c.primary.line(2)) == ("出", "飛生伏")  # 飛 寅木, 伏 巳火
    k = chart("坤", month="寅", day="乙丑")  # 坤 hides 乾; line 1 飛 未土, 伏 子水
    assert fu_chu(k, k.primary.line(1)) == ("不出", "飛克伏")
    # the 伏 子 is the day: p102 日月高懸，勢同出 — but p283 伏神滅沒者雖臨日月而不取 (default)
    on_day = chart("坤", month="寅", day="甲子")
    assert fu_chu(on_day, on_day.primary.line(1))[0] == "不出"
    on_day = chart("坤", month="寅", day="甲子", conventions={"fu-riyue": "p102"})
    assert fu_chu(on_day, on_day.primary.line(1))[0] == "出"
    assert on_day.option("fu-riyue") == "p102"
    blocked_by_break = chart("乾", month="申", day="甲子")  # 飛 寅 月破, 伏 巳 火 on no 日月
    assert fu_chu(blocked_by_break, blocked_by_break.primary.line(2)) == ("不出", "飛破")
    lifted = chart("乾", month="巳", day="庚申")  # 飛 寅 休 and 沖 by 申 (散); 伏 巳 = 月建
    verdict, why = fu_chu(lifted, lifted.primary.line(2))
    assert verdict == "出" and "臨日月" in why
    void = chart("乾", month="寅", day="甲申")  # 甲申旬 空 午未: the 伏 未 is itself void, 土 囚
    verdict, why = fu_chu(void, void.primary.line(1))
    assert verdict == "不出" and "伏空" in why


def test_lines_spirits_and_void():
    c = chart("震", "兌", month="寅", day="癸酉")
    pillars = [ln.ganzhi.zh for ln in c.primary.lines]
    assert pillars == ["庚子", "庚寅", "庚辰", "庚午", "庚申", "庚戌"]
    assert c.primary.line(1).spirit == Spirit.XUANWU  # 壬癸起元武
    assert c.void == (Branch.XU, Branch.HAI) and c.xun == "甲子"
    assert c.moving == (2, 5)
    assert [ln.relative for ln in c.changed.lines][1] == Relative.XIONGDI  # 卯 木 from 震 木


def test_the_books_ways_of_writing_dates():
    # 午建壬戌日 (p089-s1), 五月占 (p095-s1), 子時, 癸卯年
    a = chart("困", "坎", month="午建", day="壬戌日", hour="子時", year="癸卯年", birth="戊午生")
    b = chart("困", "坎", month="午", day="壬戌", hour="子", year="癸卯", birth="戊午")
    assert a.to_dict() == b.to_dict()
    assert chart("晉", "剝", month="五月", day="戊申").month == Branch.WU
    assert chart("乾", month="正月", day="甲子").month == Branch.YIN
    assert chart("乾", month="十一月", day="甲子").month == Branch.ZI
    assert chart("乾", month="十二月", day="甲子").month == Branch.CHOU


def test_cast_and_marks():
    c = chart(lines="單拆重交單單", month="寅", day="甲子")
    assert [ln.mark for ln in c.primary.lines] == ["單", "拆", "重", "交", "單", "單"]
    assert c.moving == (3, 4)
    assert chart(lines="777777", month="寅", day="甲子").changed is None


def test_chart_by_date_uses_exact_pillars():
    c = chart(lines="987876", at=dt.datetime(1663, 4, 12, 9))
    assert (c.year.zh, c.month_pillar.zh, c.day.zh, c.hour.zh) == ("癸卯", "丙辰", "癸酉", "丁巳")
    by_pillars = chart(lines="987876", month="辰", day="癸酉", year="癸卯", hour="巳")
    assert c.to_dict()["primary"] == by_pillars.to_dict()["primary"]


def test_hour_and_guiren_on_lines():
    c = chart("乾", month="寅", day="辛未", hour="辰")  # 辛未日辰時: 寅上起貴人，未乃青龍
    assert c.hour.zh == "壬辰"
    assert {ln.branch: ln.guiren for ln in c.primary.lines}[Branch.YIN] == "貴人"


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"primary": "X", "month": "寅", "day": "癸酉"}, ["'X'", "乾"]),
    ({"primary": "乾", "month": "寅", "day": "甲丑"}, ["甲丑", "yang"]),
    ({"primary": "乾", "month": "寅", "day": "甲"}, ["'甲'", "stem and a branch"]),
    ({"primary": "乾", "month": "丙寅", "day": "甲子", "year": "癸卯"}, ["丙寅", "癸卯", "甲寅"]),
    ({"primary": "乾", "month": "寅", "day": "甲子", "hour": "甲寅"}, ["甲寅", "丙寅"]),
    ({"lines": "987856", "month": "寅", "day": "甲子"}, ["5", "6 (交 老陰)"]),
    ({"lines": "98787", "month": "寅", "day": "甲子"}, ["six lines"]),
    ({"lines": "987876", "at": "1663-04-12"}, ["1663-04-12", "datetime"]),
    ({"lines": "987876", "at": dt.datetime(1663, 4, 12, 9), "day": "甲子"}, ["甲子", "癸酉"]),
    ({"primary": "乾", "day": "甲子"}, ["month"]),
    ({"primary": "乾", "month": "寅", "day": "甲子", "najia_stems": "x"}, ["najia_stems"]),
])
def test_input_errors_name_the_value(kwargs: dict, words: list[str]):
    with pytest.raises(InputError) as err:
        chart(**kwargs)
    message = str(err.value)
    assert "\n" not in message
    for w in words:
        assert w in message


def test_input_error_is_a_value_error():
    assert issubclass(InputError, ValueError)


def test_to_dict_is_json_ready_with_the_documented_keys():
    c = chart("困", "坎", month="午", day="壬戌", year="癸卯", hour="子", birth="戊午")
    d = json.loads(json.dumps(c.to_dict(), ensure_ascii=False))
    for key in ("primary", "changed", "void", "month", "day", "year", "hour", "findings"):
        assert key in d
    for key in ("name", "palace", "palace_element", "generation", "shi", "ying", "lines"):
        assert key in d["primary"]
    line = d["primary"]["lines"][0]
    for key in ("position", "yang", "moving", "stem", "branch", "element", "relative", "spirit",
                "hidden"):
        assert key in line
    assert d["void"] == ["子", "丑"] and d["hour"] == "庚子" and d["birth"] == "戊午"
    assert d["primary"]["generation"] == "一世" and d["changed"]["name"] == "坎"
    assert chart("乾", month="寅", day="甲子").to_dict()["changed"] is None
    for f in d["findings"]:
        assert set(f) >= {"rule", "passages", "lines", "summary"}


def test_repr_rebuilds_the_chart():
    for c in (chart("困", "坎", month="午", day="壬戌", hour="子"),
              chart(lines="987876", at=dt.datetime(1663, 4, 12, 9)),
              chart("乾", month="午", day="甲子", najia_stems="common", solstice="before")):
        again = eval(repr(c), {"chart": chart, "datetime": dt})
        assert again.to_dict() == c.to_dict()


def test_line_and_hexagram_reprs_rebuild_them():
    c = chart("困", "坎", month="午", day="壬戌", hour="子")
    names = {n: getattr(compute, n) for n in compute.__all__}
    from compute.engine.chart import ChartHexagram, ChartLine

    names.update(ChartLine=ChartLine, ChartHexagram=ChartHexagram)
    assert eval(repr(c.primary.line(1)), names) == c.primary.line(1)
    assert eval(repr(c.changed), names) == c.changed


def test_values_are_frozen():
    c = chart("乾", month="寅", day="甲子")
    with pytest.raises(AttributeError):
        c.primary.line(1).stem = compute.Stem.YI  # type: ignore[misc]


def test_registered_annotator_and_detector_run(monkeypatch):
    def mark_yang(chart_, lines, states):
        for line, state in zip(lines, states, strict=True):
            state["demo_yang"] = line.yang

    def demo(chart_):
        yield rules.Finding("ganzhi-60", "demo", (1,))

    monkeypatch.setattr(rules, "LINE_ROWS", [*rules.LINE_ROWS, ("ganzhi-60", mark_yang)])
    monkeypatch.setattr(rules, "FINDING_ROWS", [*rules.FINDING_ROWS, ("ganzhi-60", demo)])
    c = chart("乾", "姤", month="寅", day="甲子")
    assert all(ln.state["demo_yang"] == ln.yang for ln in c.primary.lines + c.changed.lines)
    f = [f for f in c.findings if f.summary == "demo"][0]
    assert f.passages == rules.get("ganzhi-60").passages


def test_finding_validates():
    with pytest.raises(ValueError):
        rules.Finding("no-such-rule", "x")
    with pytest.raises(ValueError):
        rules.Finding("ganzhi-60", "x", (7,))
