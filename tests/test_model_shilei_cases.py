"""The cases with their questions and 用神, and ``yimao topics`` (issue 10, stage 3)."""

from __future__ import annotations

import json
from collections import Counter

from yimao.cli.main import main
from yimao.model import cases as C
from yimao.model.case_questions import agreement

DIFFERS: dict[str, str] = {}
"""Where the book's own reading of the 用神 and compute's part (pinned so that a change shows).
None since issue 22: the five that differed follow the book's rules now — p096-case1,
p446-case1 and p599-case2 take the 伏 under a hurt 飛 that the day or a moving line lifts
(舍飛從伏, p174-s2 and its 注 「飛用被傷，當索伏用」; p178-s1 「兩現於飛伏者，則取較之」),
p122-case2 and p471-case1 read one of 八純's two 土 lines, the unhurt one (p178-s2 「亦以兩現之法
為用」, p173-s2 「舍其有傷，取其無傷」)."""


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
