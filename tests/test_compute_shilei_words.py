"""The condition language's words (issue 22): each selector, predicate and relation is defined
once (its meaning and passages in judgments.toml's [language] tables, what computes it in
compute.shilei.words.WORDS, the table the evaluator dispatches on); every word a condition of
editorial/ uses (judgments.toml's conditions and outcomes, yingqi.toml's rules and compute's 應期
terms) is read by compute and means something on charts: each selector picks an item and each
predicate and relation holds on some chart of a seeded set of generated asked charts (伏∩官 was
empty on every chart before). An unknown word stops the data build and the TEI build with one
line naming the word, the judgment and the words accepted there."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from compute import chart
from compute.book.gua import HEXAGRAMS
from compute.book.questions import ALL, PERSONS
from compute.errors import InputError
from compute.registry import all_rules
from compute.shilei.condition import parse
from compute.shilei.evaluator import Evaluator
from compute.shilei.quyong import asked
from compute.shilei.words import WORDS, accepted, condition_sources, unknown_word, words_of
from compute.shilei.yingqi import TERMS

ROOT = Path(__file__).resolve().parent.parent
EDITORIAL = ROOT / "editorial"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((EDITORIAL / name).read_text(encoding="utf-8"))


def _nodes(node: Any) -> list[tuple[Any, ...]]:
    if not isinstance(node, tuple):
        return []
    return [node, *(n for x in node for n in _nodes(x))]


SOURCES = condition_sources(_toml("judgments.toml")["judgment"], _toml("yingqi.toml")["yingqi"],
                            TERMS)
TREES = [parse(text) for text in SOURCES]
USED = {(kind, w) for t in TREES for kind, w in words_of(t)}
"""Every (syntax kind, word) a condition of editorial/ uses."""
VALUED = sorted({(n[1], n[2]) for t in TREES for n in _nodes(t)
                 if n and n[0] in ("eq", "eqpred") and n[1] in WORDS["predicate"]})
"""Every predicate with a value editorial/ uses (六神=青龍, grade=…)."""

SELECTORS = sorted(WORDS["selector"])
ITEM_PREDICATES = sorted(w for w, x in WORDS["predicate"].items() if x.item is not None)
WHOLE_PREDICATES = sorted(w for w, x in WORDS["predicate"].items() if x.args is not None)
RELATIONS = sorted(WORDS["relation"])
B, S = "子丑寅卯辰巳午未申酉戌亥", "甲乙丙丁戊己庚辛壬癸"
PILLARS = [S[k % 10] + B[k % 12] for k in range(60)]
N = 400
"""The size of the generated set of asked charts."""


def _charts(n: int = N):
    """Seeded asked charts: any question of the 筮類 (every second chart one of three whose
    用神 has 元, 忌 and 仇), year, 本命, sometimes the hour, the year asked, a person."""
    rng = random.Random(5)
    names = sorted({h.name for h in (HEXAGRAMS.values() if isinstance(HEXAGRAMS, dict)
                                     else HEXAGRAMS)})
    questions = ["shilei-14-q5", "shilei-26-q2", "shilei-42-q17", *(q.id for q in ALL)]
    for k in range(n):
        p, c = rng.choice(names), rng.choice(names + ["", ""])
        ch = chart(p, c if c and c != p else None, month=rng.choice(B), day=rng.choice(PILLARS),
                   year=rng.choice(PILLARS), birth=rng.choice(B),
                   hour=rng.choice(B) if k % 4 == 0 else None,
                   question=questions[k % 3] if k % 2 else rng.choice(questions),
                   facts=f"年={rng.choice(PILLARS)}、person={rng.choice(PERSONS)}")
        yield Evaluator(ch, asked(ch), ch.asking.question)


SAMPLE = ("用", "動爻", "靜爻", "世", "應", "伏", "官", "財", "變", "日", "月", "歲", "身")
"""The selectors whose items the predicates are tried on."""


def _items(ev: Evaluator) -> list[Any]:
    out = []
    for s in SAMPLE:
        try:
            out += [x for x in ev.select(("sel", s)) if x not in out]
        except Exception:       # 用 of a chart whose roles are unknown
            continue
    return out


def _seen(ev: Evaluator, sels: set[str], preds: set[str], whole: set[str], rels: set[str],
          valued: set[tuple[str, str]]) -> None:
    sels |= {s for s in SELECTORS if s not in sels and ev.ev(("call", "在", (("sel", s),)))
             .value}
    items = _items(ev)
    for w in ITEM_PREDICATES:
        if w not in preds and any(ev.one(w, x).value for x in items):
            preds.add(w)
    for w, v in VALUED:
        if (w, v) not in valued and any(ev.eq_on(w, v, x).value for x in items):
            valued.add((w, v))
    pairs = [(("sel", a),) for a in SAMPLE] + [(("sel", a), ("sel", b)) for a in SAMPLE
                                                for b in ("世", "用", "日", "月", "歲")]
    for w in WHOLE_PREDICATES + RELATIONS:
        if w not in whole | rels and any(_holds(ev, w, args) for args in pairs):
            (rels if w in RELATIONS else whole).add(w)


def _holds(ev: Evaluator, word: str, args: tuple[Any, ...]) -> bool:
    """*word* applied to *args* holds (False where it does not apply to them: 無(動爻))."""
    if len(args) != (2 if word in ("當見", "生", "克", "比", "沖", "合") else 1):
        return False
    try:
        return ev.ev(("call", word, args)).value is True
    except InputError:
        return False


@pytest.fixture(scope="module")
def seen() -> tuple[set[str], set[str], set[str], set[str], set[tuple[str, str]]]:
    found: tuple[set[str], set[str], set[str], set[str], set[tuple[str, str]]] = (
        set(), set(), set(), set(), set())
    for ev in _charts():
        _seen(ev, *found)
    return found


def test_every_word_editorial_uses_is_in_the_table() -> None:
    """Every word of every condition is one compute reads in its place (the table's)."""
    assert len(SOURCES) > 400 and len(USED) > 100
    assert [(k, w) for k, w in sorted(USED) if w not in accepted(k)] == []
    used = {w for _, w in USED}
    assert {"伏", "飛伏用", "諸用", "限"} <= used & set(SELECTORS)
    assert {"四病", "旺相", "化鬼"} <= used & set(ITEM_PREDICATES)


def test_the_table_is_the_language() -> None:
    """Each word once, with its meaning from judgments.toml and what computes it."""
    lang = _toml("judgments.toml")["language"]
    for table, words in WORDS.items():
        assert set(words) == set(lang[table]), table
        for w, word in words.items():
            assert word.word == w and word.table == table and word.meaning == lang[table][w]
            assert (word.pick, word.item, word.value, word.args) != (None,) * 4
    assert len(SELECTORS) >= 34 and len(ITEM_PREDICATES) > 45 and len(RELATIONS) == 13
    assert WORDS["predicate"]["四病"].passages[0] == "p427-s1"


def test_every_word_rests_on_passages() -> None:
    """Each word cites the passages it rests on (its meaning's, its compute rules'): all but the
    language's own 在(S); 暗動 is p165's, 化墓 reads 變 (p087) and the twelve stages (p179)."""
    registered = {r.id for r in all_rules()}
    for words in WORDS.values():
        for w, word in words.items():
            assert set(word.rules) <= registered, w
            assert word.passages or w == "在", w
            assert all(re.fullmatch(r"p\d{3}(-s\d+)?", p) for p in word.passages), w
    assert WORDS["predicate"]["暗動"].passages[0] == "p165-s1"
    assert {"p087-s1", "p179-s1"} <= set(WORDS["predicate"]["化墓"].passages)


def test_every_selector_picks_an_item_on_some_chart(seen) -> None:
    assert set(SELECTORS) - seen[0] == set()


def test_every_predicate_holds_on_some_chart(seen) -> None:
    assert set(ITEM_PREDICATES) - seen[1] == set()
    assert set(WHOLE_PREDICATES) - seen[2] == set()
    assert [v for v in VALUED if v not in seen[4]] == []


def test_every_relation_holds_on_some_chart(seen) -> None:
    assert set(RELATIONS) - seen[3] == set()


def test_fu_and_a_relative() -> None:
    """「伏鬼克世」: 伏∩官 is the hidden 官鬼 — on some chart of the set it is there."""
    assert any(ev.ev(parse("在(伏∩官)")).value for ev in _charts(60))


def test_an_unknown_word_is_named_in_one_line() -> None:
    line = unknown_word({"動(用) and 旺盛(官)": "judgments.toml shilei-x-y"})
    assert line is not None and "\n" not in line
    assert line.startswith("judgments.toml shilei-x-y: unknown word '旺盛'")
    assert " 旺相 " in line and " 四病 " in line      # the words accepted there
    line = unknown_word({"在(伏∩鬼)": "yingqi.toml y"})
    assert line is not None and "'鬼'" in line and " 官 " in line and " 旺相 " not in line
    assert unknown_word(dict.fromkeys(SOURCES, "x")) is None


def _bad_editorial(tmp: Path) -> tuple[str, str]:
    """A copy of editorial/'s 筮類 sources with one judgment's condition using an unknown word;
    (the judgment's id, the word)."""
    text = (EDITORIAL / "judgments.toml").read_text(encoding="utf-8")
    j = next(j for j in _toml("judgments.toml")["judgment"]
             if text.count(f'condition = "{j["condition"]}"') == 1 and j["condition"] != "true")
    old = f'condition = "{j["condition"]}"'
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "judgments.toml").write_text(text.replace(old, 'condition = "旺盛(官)"'),
                                        encoding="utf-8")
    for name in ("yingqi.toml", "questions.toml"):
        (tmp / name).write_bytes((EDITORIAL / name).read_bytes())
    return j["id"], "旺盛"


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def _one_line(out: subprocess.CompletedProcess[str], jid: str, word: str) -> str:
    assert out.returncode != 0
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1, out.stderr
    line = out.stderr.strip()
    assert jid in line and repr(word) in line and "accepted here: " in line and " 旺相 " in line
    return line


def test_an_unknown_word_stops_the_data_build(tmp_path: Path) -> None:
    jid, word = _bad_editorial(tmp_path / "editorial")
    out = _run("import sys, pathlib; sys.path.insert(0, 'tools'); import shilei_data as s; "
               f"s.EDITORIAL = pathlib.Path({str(tmp_path / 'editorial')!r}); "
               "sys.exit(s.main(['--check']))")
    assert _one_line(out, jid, word).startswith(f"judgments.toml {jid}: unknown word")


def test_an_unknown_word_stops_the_tei_build(tmp_path: Path) -> None:
    jid, word = _bad_editorial(tmp_path / "editorial")
    out = _run("import sys, pathlib; import yimao.tei.inputs as i; "
               f"i.EDITORIAL = pathlib.Path({str(tmp_path / 'editorial')!r}); "
               "from yimao.tei.build import main; sys.exit(main(['--check']))")
    assert out.returncode == 2 and out.stdout == ""
    line = _one_line(out, jid, word)
    assert line.startswith(f"build_tei: error: editorial/judgments.toml {jid}: unknown word")


def test_judgments_ko_says_sheng_jiang_feifu_yong_and_gong_with_its_particle() -> None:
    """tools/judgments_ko.py drafts the Korean of the 筮類 rows: 升 降 (p691 注 「世居升爻……世居
    降爻」) and 飛伏用 (p446-s1) in Korean, not left as the bare word; 「궁」 takes 이, not 가."""
    tools = str(Path(__file__).resolve().parent.parent / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    from judgments_ko import stem

    from compute.shilei.condition import tree

    assert stem(tree("升(世)")) == "세효(世爻)가 승효(升爻)에 자리하"
    assert stem(tree("降(世)")) == "세효(世爻)가 강효(降爻)에 자리하"
    assert "용신의 비신·복신·일월 자리(飛伏用)" in stem(tree("all(四病, 飛伏用)"))
    assert stem(tree("宮 ∈ {乾, 坤}")).startswith("궁이 ")
    assert stem(tree("內卦 ∈ {乾, 離}")).startswith("내괘(內卦)가 ")
