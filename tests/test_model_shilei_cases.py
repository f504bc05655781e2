"""The cases with their questions and 用神, and ``yimao topics`` (issue 10, stage 3)."""

from __future__ import annotations

import json
from collections import Counter

from yimao.cli.main import main
from yimao.model import cases as C
from yimao.model.case_questions import agreement

DIFFERS = {
    "p096-case1": "the case takes the 伏 官鬼 under 初爻 (舍飛從伏) though 三爻 午 is a 飛 官鬼",
    "p446-case1": "the case takes the 伏 兄弟 under 上爻 though 五爻 is a 飛 兄弟",
    "p599-case2": "the case takes the 伏 官鬼 under 初爻 though 三爻 is a 飛 官鬼",
    "p122-case2": "八純's two 土 lines (皆有成格): the case reads one, compute keeps both",
    "p471-case1": "八純's two 土 lines (皆有成格): the case reads one, compute keeps both",
}
"""Where the book's own reading of the 用神 and compute's rule (飛 before 伏; the 兩現 of the
八純's 土 kept whole, p178-s2) part: the book chooses the 伏 where the 飛 is injured or a single
土 line, by reasons the text gives case by case. Pinned so that a change shows."""


def _charted() -> set[str]:
    """The cases whose question and 用神 the TEI records (``fs type="case-question"``)."""
    return {c.id for c in C.load() if c.yongshen is not None}


def test_case_question_rows():
    assert len(_charted()) >= 130


def test_compute_resolves_the_case_s_yongshen():
    status = Counter()
    differs = set()
    for case in C.load():
        s, _ = agreement(case)
        status[s] += 1
        if s == "differs":
            differs.add(case.id)
    assert differs == set(DIFFERS)
    assert status["agrees"] + status["agrees (both)"] >= 130


def test_cases_json_carries_question_and_yongshen(capsys):
    assert main(["cases", "--json"]) == 0
    data = {c["id"]: c for c in json.loads(capsys.readouterr().out)}
    p089 = data["p089-case1"]
    assert p089["question_id"] == "shilei-26-q23"
    assert p089["yongshen"] == {"relative": "妻財", "lines": [1], "hidden": False}
    assert sum(1 for c in data.values() if c["yongshen"]) == len(_charted())


def test_case_shows_the_roles(capsys):
    assert main(["case", "p089-case1"]) == 0
    out = capsys.readouterr().out
    assert "물음: shilei-26-q23 「趨利」" in out
    assert "用神 妻財: 책 [1], compute [1] [agrees]" in out
    assert "역할: 元神 子孫 [4], 忌神 兄弟 [5], 仇神 父母 [2, 6]" in out


def test_topics_json(capsys):
    assert main(["topics", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["chapter"] for d in data] == [f"shilei-{n:02d}" for n in range(1, 51)]
    assert sum(len(d["questions"]) for d in data) == 448
    q = data[13]["questions"][4]
    assert (q["id"], q["text"], q["yongshen"]) == ("shilei-14-q5", "養病", ["世"])
    assert all(d["judgments"] for d in data)
    assert main(["topics"]) == 0
    assert capsys.readouterr().out.startswith("shilei-01  國事章")
