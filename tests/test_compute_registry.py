"""The rule registry (every citation resolves; chapters 1–12 all registered) and the CLI."""

from __future__ import annotations

import json

import compute  # noqa: F401  (fills the registry)
from compute.registry import all_rules
from yimao.cli.main import main
from yimao.tei import source

# The catalogue's ids for chapters 1–12 (rules-catalogue.md, index rows 1–48).
CORE_IDS = """
ganzhi-60 wuhu-dun wushu-dun nayin gan-wuhe ershisi-fangwei coin-line bagua-sheng chonggua-order
bagong-16bian youhun-guihun najia-gan najia-gan-seasonal najia-zhi zhi-wuxing gan-wuxing
gua-wuxing wuzhao-qiyao liuqin liuqin-dong-shengke liushen-day liushen-month da-liushen
liushen-hour liushen-guiren liushen-line-restraint liushen-weight shi-ying wuxing-star
jingxing-jingfang jingxing-huangjince hunzhong-xing shi-xiongzheng shi-ying-shengke guashen
shishen liangshen-weight jianyao yaowei bian-hua dongyao dongbian-order shengke-chain
bianyao-power hugua fu-shen fu-shen-priority fu-chu
""".split()


def _sentence_ids() -> set[str]:
    out: set[str] = set()
    for p in source.load().chinese:
        out.update(source.sentence_ids(p.id, p.text))
    return out


def test_every_cited_sentence_exists():
    known = _sentence_ids()
    for r in all_rules():
        assert r.passages, r.id
        for pid in r.passages:
            if "-s" in pid:
                assert pid in known, (r.id, pid)


def test_chapters_1_to_12_are_registered():
    ids = {r.id for r in all_rules()}
    assert len(CORE_IDS) == 48
    assert [i for i in CORE_IDS if i not in ids] == []


def test_cli_chart(capsys):
    assert main(["chart", "震", "兌", "--month", "寅", "--day", "癸酉"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("震為雷 (震宮 木 八純) 之 兌為澤")
    assert "白虎  妻財庚戌土  ▅▅ ▅▅   世" in out  # the top line is printed first
    assert "× " in out and "→ 兄弟丁卯木" in out
    assert "- liuqin-dong-shengke:" in out


def test_cli_chart_json_and_date(capsys):
    assert main(["chart", "--lines", "987876", "--at", "1663-04-12T09:00", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["day"] == "癸酉" and d["primary"]["name"] == "既濟" and d["changed"]["name"] == "漸"


def test_cli_bad_input_is_one_line_exit_2(capsys):
    assert main(["chart", "震", "火", "--month", "寅", "--day", "癸酉"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'火'" in err and "Traceback" not in err
    assert main(["chart", "--lines", "987876", "--at", "yesterday"]) == 2
    assert "'yesterday'" in capsys.readouterr().err


def test_cli_conventions(capsys):
    args = ["chart", "坤", "--month", "寅", "--day", "甲子", "--json"]
    assert main([*args, "--convention", "fu-riyue=p102"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["fu-riyue"] == "p102"
    assert main([*args, "--convention", "fu-riyue"]) == 2
    assert "NAME=CHOICE" in capsys.readouterr().err


def test_cli_rules(capsys):
    assert main(["rules", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    first = rows[0]
    assert {"id", "name", "passages", "function"} <= set(first)
    assert first["id"] == "ganzhi-60" and first["name"] == "六十甲子"
    assert main(["rules"]) == 0
    assert "najia-gan-seasonal" in capsys.readouterr().out
