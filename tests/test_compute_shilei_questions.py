"""The questions in compute (issue 10, stage 1): the generated data modules are current, a
question is found by id or wording, and ``chart(..., question=…)`` marks the 用神 and its roles.

Expected lines are derived by hand from the 納甲 of the hexagrams (困 in the 兌 palace, 金:
初 戊寅 財, 二 戊辰 父, 三 戊午 官, 四 丁亥 子, 五 丁酉 兄, 上 丁未 父; 大過 in the 震 palace, 木:
初 辛丑 財, 二 辛亥 父, 三 辛酉 官, 四 丁亥 父, 五 丁酉 官, 上 丁未 財; 姤 in the 乾 palace, 金,
no 木 line: its 財 寅 hides under 二爻) and the book's rules, never copied from compute's output.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from compute import chart
from compute.book.questions import ALL, question
from compute.errors import InputError
from compute.shilei.roles import roles
from yimao.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
TOML = tomllib.loads((ROOT / "editorial" / "questions.toml").read_text(encoding="utf-8"))
SHILEI = ("困", "坎")
DATE = {"month": "午", "day": "壬戌"}


def test_generated_modules_are_current():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "shilei_data.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_every_question_of_the_editorial_file_is_in_compute():
    assert [q.id for q in ALL] == [q["id"] for q in TOML["question"]]
    assert len(ALL) == TOML["count"]["total"] == 448
    with_yong = [q for q in ALL if q.yongshen]
    assert len(with_yong) == TOML["count"]["with_yongshen"]
    assert len({q.chapter for q in ALL}) == 50


def test_lookup_by_id_and_wording():
    assert question("shilei-03-q8").text == "卜雨"
    assert question("卜雨").id == "shilei-03-q8"
    assert question(" 養病 ").id == "shilei-14-q5"
    for bad in ("問天", "", "shilei-99-q1"):
        with pytest.raises(InputError):
            question(bad)
    with pytest.raises(InputError, match="2 chapters"):
        question("防疫")


def test_yongshen_single_line_and_its_roles():
    c = chart(*SHILEI, **DATE, question="囤積")
    r = roles(c)
    assert r.value == "妻財" and r.positions == (1,) and not r.hidden
    assert str(r.yuan.relative) == "子孫" and r.yuan.lines == (4,)
    assert str(r.ji.relative) == "兄弟" and r.ji.lines == (5,)
    assert str(r.chou.relative) == "父母" and r.chou.lines == (2, 6)


def test_the_book_s_jishen_replaces_the_rule_s():
    """卜雨: 用 父母, and the book names 子孫 the 忌 (questions.toml), not the 生克 rule's 妻財."""
    r = roles(chart(*SHILEI, **DATE, question="卜雨"))
    assert r.value == "父母" and str(r.ji.relative) == "子孫" and r.ji.lines == (4,)


def test_liangxian_takes_the_uninjured_line():
    """p175-s1 注: 大過 亥建 戊午日, 丑 (初爻 財) is 空, 未 (上爻 財) is not: take 未."""
    r = roles(chart("大過", month="亥", day="戊午"), yongshen="妻財")
    assert r.positions == (6,) and [a.position for a in r.all_yong] == [1, 6]
    assert "取 上爻" in r.choice


def test_hidden_yongshen():
    r = roles(chart("姤", month="寅", day="甲子"), yongshen="妻財")
    assert r.hidden and r.positions == (2,)


def test_roles_and_positions_as_yongshen():
    c = chart(*SHILEI, **DATE)
    assert roles(c, yongshen="世").positions == (1,)          # 困 一世
    assert roles(c, yongshen="應").positions == (4,)
    assert roles(c, yongshen="世應").positions == (1, 4)
    assert roles(c, yongshen="外卦").positions == (4, 5, 6)
    assert roles(c, yongshen="五爻").positions == (5,)
    assert roles(c, yongshen="動爻").positions == (4,)
    with pytest.raises(InputError):
        roles(c, yongshen="財")


def test_a_chart_without_a_question_has_no_question_findings():
    rids = {"yongshen-source", "xunkong-use", "andong", "gua-yong-8", "yao-yong-6",
            "dongbian-rules"}
    plain = chart(*SHILEI, **DATE)
    assert not [f for f in plain.findings if f.rule in rids]
    asked = chart(*SHILEI, **DATE, question="囤積")
    assert [f.lines for f in asked.findings if f.rule == "yongshen-source"] == [(1,)]
    assert asked.option("question") == "shilei-26-q2"
    assert repr(asked).endswith("question='shilei-26-q2')")


def test_grade_of_the_yongshen():
    """囤積 on 困之坎 午月 壬戌日: 財 寅 (木) static, 午月 drains it (休), 戌日 neither 生 nor 克
    it; the moving 四爻 亥 (水) 生 it → 動生 (7), 全吉."""
    c = chart(*SHILEI, **DATE, question="囤積")
    data = [dict(f.data) for f in c.findings if f.rule == "yongshen-18"]
    assert data == [{"grade": 7, "name": "動生", "class": "全吉"}]


def test_xunkong_by_role():
    """甲戌日: 旬空 申酉; the 忌 兄弟 酉 (五爻) is empty → good for 囤積 (空於忌則吉)."""
    c = chart("困", "坎", month="午", day="甲戌", question="囤積")
    found = [(f.lines, dict(f.data)["role"], dict(f.data)["good"]) for f in c.findings
             if f.rule == "xunkong-use"]
    assert ((5,), "忌神", True) in found


def test_adverse_question_reverses_the_void():
    """改制 fears 官鬼 (adverse, its 用 is the harm): on a 甲申 day (旬空 午未) the 官 午 (三爻)
    is empty, which is good for the asker (「將避…空於忌」, p160-s1)."""
    c = chart("困", "坎", month="子", day="甲申", question="改制")
    found = [(f.lines, dict(f.data)["role"], dict(f.data)["good"]) for f in c.findings
             if f.rule == "xunkong-use"]
    assert ((3,), "用神", True) in found


def test_cli_question(capsys):
    assert main(["chart", *SHILEI, "--month", "午", "--day", "壬戌", "--question", "囤積"]) == 0
    out = capsys.readouterr().out
    assert "- yongshen-source: 用神 妻財 (囤積): 初爻 寅木妻財" in out
    assert main(["chart", *SHILEI, "--month", "午", "--day", "壬戌", "--question", "問天"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'問天'" in err and "Traceback" not in err
    assert main(["chart", *SHILEI, "--month", "午", "--day", "壬戌", "--yongshen", "應",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["options"]["yongshen"] == "應"
    src = [f for f in d["findings"] if f["rule"] == "yongshen-source"]
    assert src and src[0]["lines"] == [4] and src[0]["data"]["value"] == "應"


def test_every_question_is_marked_in_the_tei():
    """Each question stands in the TEI as <seg type="question"> with its id, around the words
    that state it (questions.toml's marker or stated), pointing to the 用神 rule."""
    from yimao.model.edition import load_edition, text_of

    ed = load_edition()
    for q in TOML["question"]:
        seg = ed.element(q["id"])
        assert seg.get("type") == "question" and seg.get("ana") == "#r-yongshen-source"
        assert text_of(seg, "diplomatic") == q["text"], q["id"]


# ----------------------------------------------------------- every 用神 the book allows (issue 22)
# 困 (兌 palace, 金): 初 寅 財, 二 辰 父, 三 午 官, 四 亥 子, 五 酉 兄, 上 未 父; 世 初, 應 四.

def _asked(q: str, facts: str | None = None):
    return roles(chart(*SHILEI, **DATE, question=q, facts=facts))


def test_nu_zhan_nan_yin_guan_gui_wei_xian():
    """「男占女婚，妻財為要，女占男姻，官鬼為先」(p398-s2): who asks chooses the 用神."""
    r = _asked("shilei-10-q14", "女占")
    assert r.value == "官鬼" and r.positions == (3,) and r.passages == ("p398-s2",)
    assert "女占男姻" in r.when and r.to_dict()["chosen_by"]["passages"] == ["p398-s2"]
    r = _asked("shilei-10-q14", "男占")
    assert r.value == "妻財" and r.positions == (1,) and "男占女婚" in r.when
    r = _asked("shilei-10-q14")      # the facts do not say: the first of the book's values
    assert r.value == "妻財" and r.when == "" and "chosen_by" not in r.to_dict()


def test_wen_zi_er_ji_zi_xu():
    """「問子而忌子虛」(p337-s2): asked about a child, the 妻子 question reads the 子孫 line."""
    r = _asked("shilei-05-q4", "person=子")
    assert r.value == "子孫" and r.positions == (4,)
    assert _asked("shilei-05-q4", "person=妻").positions == (1,)        # 問妻而忌財陷
    assert _asked("shilei-05-q4", "person=兄弟").value == "兄弟"       # 占弟兄者亦如之


def test_qin_ren_zhi_tao_zhuan_zhi_yu_yong_ta_ren_zhi_tao_zhuan_zhi_yu_ying():
    """「親人之逃，專之於用，他人之逃，專之於應」(p624-s2)."""
    r = _asked("shilei-40-q19", "親、person=妻")     # a wife ran away: her 用, 妻財 (p350-s1)
    assert r.value == "妻財" and r.positions == (1,)
    assert "p624-s2" in r.passages and "p350-s1" in r.passages
    r = _asked("shilei-40-q19", "疏")
    assert r.value == "應" and r.positions == (4,) and "他人之逃" in r.when
    assert _asked("shilei-40-q19").value == "世應"      # 捕逃之占，唯世克應則易獲


def test_jun_zhan_chen_zhan():
    """疾病: 「臣占其君」 reads 五爻, 「君占其臣」 the 應 (p456-s1); 僕雖老而用妻財."""
    assert _asked("shilei-14-q7", "臣占").positions == (5,)
    assert _asked("shilei-14-q7", "君占").positions == (4,)
    assert _asked("shilei-14-q7", "person=僕").value == "妻財"
    assert _asked("shilei-14-q7", "person=父").value == "父母"       # 筮上而用於父母 (p350-s1)


def test_kinship_by_person_and_the_finding_says_which_sentence():
    c = chart(*SHILEI, **DATE, question="shilei-10-q14", facts="女占")
    f = next(f for f in c.findings if f.rule == "yongshen-source")
    assert f.lines == (3,) and "取用: 여자 쪽" in f.summary and "p398-s2" in f.passages
    r = _asked("shilei-12-q3", "person=卑幼")         # 收養 卑幼 → 子孫
    assert r.value == "子孫"


def test_every_alternative_fact_is_a_fact_the_chart_accepts():
    from compute.book.questions import KIN_OF, read_facts

    for q in ALL:
        for a in q.alternatives:
            for f in a.facts:
                key, _, val = f.partition("=")
                if key == "person" and (val == "*" or val in KIN_OF):
                    continue
                assert read_facts(f) == (f,), (q.id, f)


def test_the_facts_choose_the_yongshen_of_88_questions():
    """87, and 所逃之方, whose 亂動 reading asks who fled (「亂動而求用爻之在何宮」 p623-s1 with
    「親人之逃，專之於用，他人之逃，專之於應」 p624-s2)."""
    from compute.book.questions import depends_on_facts

    assert sum(depends_on_facts(q) for q in ALL) == 88


def test_the_chart_chooses_where_the_book_says_so():
    """「倘卦無財爻，則以子孫為財元神」 (何業): 姤 (乾 palace, 金) has no 財 (木) line: the 用
    is 子孫 (姤 二爻 亥水, unhurt on 甲申日: 甲申旬 空 午未, 申 生 水); with 財 on the chart
    (困 初爻 寅), 妻財 stays."""
    r = roles(chart("姤", month="寅", day="甲申", question="shilei-17-q3"))
    assert r.value == "子孫" and r.positions == (2,) and "倘卦無財爻" in r.when
    r = roles(chart(*SHILEI, **DATE, question="shilei-17-q3"))
    assert r.value == "妻財" and r.when == ""
