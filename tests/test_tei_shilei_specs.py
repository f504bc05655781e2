"""The 筮類 specifications (issue 10, part B): judgments, 應期, proposed cases, case questions.

editorial/judgments.toml, editorial/yingqi.toml and editorial/cases-proposed.toml are
specifications for compute rules that do not exist yet; this checks what can be checked now:
every file parses; ids are unique, kebab-case and not compute's; every passage is a sentence of
the TEI (and, for a judgment, of its own chapter); the book's words stand in the cited sentences;
every condition uses only the names the [language] tables define; every case id referred to
exists; every 筮類 chapter has at least one judgment.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from compute import registry as rules
from compute.book.changsheng import STAGES
from compute.book.gua import HEXAGRAMS
from compute.book.liushen import SPIRIT_ZH
from compute.claims import Inputs
from compute.lifa.leizong import GRADES
from yimao.model.edition import load_edition
from yimao.tei.source import ROOT, load, sentences

EDITORIAL = ROOT / "editorial"
JUDGMENTS = EDITORIAL / "judgments.toml"
YINGQI = EDITORIAL / "yingqi.toml"
PROPOSED = EDITORIAL / "cases-proposed.toml"
CASES = EDITORIAL / "cases.toml"
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN = re.compile(r"[A-Za-z]")


def _reader_text(s: str) -> bool:
    """Korean for readers: Hangul, the book's characters, no Latin letters (so no passage ids:
    editorial/README.md)."""
    return bool(HANGUL.search(s)) and not LATIN.search(s)
SHILEI = [f"shilei-{n:02d}" for n in range(1, 51)]
QUESTION_LIST_ELSEWHERE = {"shilei-22": "p510"}
"""仕途章's questions stand in 功名章's 「四十問」 list (editorial/chapters.tsv, its note)."""


def _toml(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@cache
def _sentence_text() -> dict[str, str]:
    out = {}
    for p in load().chinese:
        for k, s in enumerate(sentences(p.text), 1):
            out[f"{p.id}-s{k}"] = s
    return out


@cache
def _chapter_sentences() -> dict[str, frozenset[str]]:
    ed = load_edition()
    return {d.id: frozenset(s for p in d.passages for s in p.sentences) for d in ed.divisions}


@cache
def _chapter_text() -> dict[str, str]:
    src = load()
    ed = load_edition()
    out = {d.id: "".join(src.by_id(p.id).text for p in d.passages) for d in ed.divisions}
    for did, pid in QUESTION_LIST_ELSEWHERE.items():
        out[did] += src.by_id(pid).text
    return out


@cache
def _case_ids(path: Path) -> frozenset[str]:
    return frozenset(str(c["id"]) for c in _toml(path).get("case", ()))


JUDG = _toml(JUDGMENTS)
RULES = JUDG["judgment"]
LANG = JUDG["language"]
YQ = _toml(YINGQI)["yingqi"]


# ------------------------------------------------------------------ the condition language

_VALUES = (
    set("子丑寅卯辰巳午未申酉戌亥甲乙丙丁戊己庚辛壬癸金木水火土乾坤震巽坎離艮兌")
    | {h.name for h in HEXAGRAMS} | set(SPIRIT_ZH) | set(STAGES) | set(GRADES)
    | {"父母", "兄弟", "子孫", "妻財", "官鬼", "命墓", "世墓", "化爻墓", "卦身墓", "世身墓",
       "旺", "相", "胎", "沒", "死", "囚", "休", "廢", "真",
       "建空", "動空", "填實", "半實", "破空", "旺相空", "克空", "半空", "絕空", "真空",
       "傷空", "援空", "安空", "空"}
)
_NAMES = set().union(*(set(v) for k, v in LANG.items() if k != "verdict"))
_WORDS = {"and", "or", "not", "all", "none"}
_SPLIT = re.compile(r"[\s(),|∩=∈{}\[\]]+")


@cache
def _question_rows() -> dict[str, dict[str, Any]]:
    """editorial/questions.toml's questions by id, read once."""
    return {q["id"]: q for q in _toml(EDITORIAL / "questions.toml")["question"]}


def _question_words(ids: list[str]) -> list[str]:
    """The wordings (text and reading) of the questions *ids* (editorial/questions.toml)."""
    rows = _question_rows()
    return [w for i in ids if i in rows for w in (rows[i]["text"], rows[i].get("reading", "")) if w]


def _unknown_names(condition: str, questions: list[str], chapter_text: str = "") -> list[str]:
    cond = condition
    for m in re.finditer(r"topic\s*=\s*([^\s()]+)", condition):
        w = m.group(1)
        if w not in questions and not ("all" in questions and w in chapter_text):
            return [f"topic {w} not among the rule's questions"]
    cond = re.sub(r"(topic|thing)\s*=\s*[^\s()]+", r"\1", cond)
    bad = []
    for tok in _SPLIT.split(cond):
        if not tok or tok in _WORDS or tok.isdigit():
            continue
        if tok in _NAMES or tok in _VALUES:
            continue
        bad.append(tok)
    return bad


def test_language_tables_are_complete() -> None:
    assert set(LANG) == {"selector", "predicate", "relation", "hexagram", "rule", "fact",
                         "verdict", "star"}
    for table in LANG.values():
        assert all(isinstance(v, str) and v for v in table.values())
    assert all(_reader_text(v) for v in LANG["verdict"].values())
    for rid in ("suimu", "zhushang", "guayi-table", "guayan-precedence", "shi-ying-ji-10",
                "houshi", "dufa-dujing"):
        assert rid in LANG["rule"]
        rules.get(rid)


# ------------------------------------------------------------------ judgments

def _all_conditions(j: dict[str, Any]) -> list[str]:
    out = [j["condition"]]
    out += [o["condition"] for o in j.get("outcome", ())]
    out += [r["condition"] for r in j.get("reading", ())]
    return out


def test_judgment_ids_are_unique_well_formed_and_registered_only_as_judgments() -> None:
    """Each judgment is a compute rule of its own (compute.shilei.judge registers it, issue 10) and
    no
    other module registers that id."""
    ids = [j["id"] for j in RULES]
    assert len(ids) == len(set(ids))
    for i in ids:
        assert ID_RE.match(i), i
        impls = rules.get(i).impls
        assert [im.kind for im in impls] == ["finding"], i
        assert impls[0].name.startswith("compute.shilei.judge."), (i, impls[0].name)


def test_every_shilei_chapter_has_a_judgment() -> None:
    have = {j["chapter"] for j in RULES}
    assert set(SHILEI) <= have
    assert have <= set(SHILEI)


JUDGMENT_KEYS = {"id", "chapter", "zh", "ko", "passages", "questions", "reads", "yong", "order",
                 "reuse", "over", "over_why", "order_why",
                 "condition", "verdict", "verdict_ko", "outcome", "reading", "cases", "note"}


def test_judgment_tables_hold_only_their_own_keys() -> None:
    """A key written after an [[judgment.outcome]] header belongs to that outcome in TOML."""
    for j in RULES:
        assert set(j) <= JUDGMENT_KEYS, (j["id"], set(j) - JUDGMENT_KEYS)
        for o in j.get("outcome", ()):
            assert set(o) == {"condition", "verdict", "verdict_ko"}, (j["id"], set(o))
        for r in j.get("reading", ()):
            assert set(r) == {"condition", "why"}, (j["id"], set(r))
    for y in YQ:
        for c in y.get("case", ()):
            assert set(c) == {"case", "expect", "agrees", "how"}, (y["id"], set(c))


@pytest.mark.parametrize("j", RULES, ids=lambda j: j["id"])
def test_judgment(j: dict[str, Any]) -> None:
    chapter = _chapter_sentences()[j["chapter"]]
    text = _sentence_text()
    assert j["passages"], "a rule cites the sentences that state it"
    for sid in j["passages"]:
        assert sid in chapter, f"{sid} is not a sentence of {j['chapter']}"
    cited = "".join(text[s] for s in j["passages"])
    for piece in j["zh"].split("……"):
        assert piece and piece in cited, f"「{piece}」 is not in {j['passages']}"
    assert _reader_text(j["ko"])
    assert j["order"] in ("first", "yong", "detail")
    assert j["questions"]
    chapter_text = _chapter_text()[j["chapter"]]
    for q in j["questions"]:
        assert q.startswith(j["chapter"] + "-q"), f"question {q} is not one of the chapter's"
    for rid in j.get("reuse", ()):
        rules.get(rid)
    outcomes = j.get("outcome", ())
    if outcomes:
        assert j["condition"]
        finals = [(o["verdict"], o["verdict_ko"]) for o in outcomes]
    else:
        finals = [(j["verdict"], j["verdict_ko"])]
    for verdict, gloss in finals:
        assert _reader_text(gloss), gloss
        if j["order"] != "detail":
            assert verdict in LANG["verdict"], verdict
    for r in j.get("reading", ()):
        assert r["why"]
    for cond in _all_conditions(j):
        bad = _unknown_names(cond, _question_words(j["questions"]), chapter_text)
        assert not bad, bad
    known = _case_ids(CASES) | (_case_ids(PROPOSED) if PROPOSED.exists() else set())
    for cid in j.get("cases", ()):
        assert cid in known, cid


# ------------------------------------------------------------------ 應期

UNITS = ("day", "month", "year", "hour", "旬", "question")


def test_yingqi_ids_are_unique_and_apart_from_judgments_and_compute() -> None:
    ids = [y["id"] for y in YQ]
    assert len(ids) == len(set(ids))
    registered = {r.id for r in rules.all_rules()}
    judgment_ids = {j["id"] for j in RULES}
    for i in ids:
        assert ID_RE.match(i) and i.startswith("yingqi-"), i
        assert i not in registered and i not in judgment_ids, i


@pytest.mark.parametrize("y", YQ, ids=lambda y: y["id"])
def test_yingqi(y: dict[str, Any]) -> None:
    text = _sentence_text()
    for sid in y["passages"]:
        assert sid in text, f"{sid} is not a sentence of the TEI"
    cited = "".join(text[s] for s in y["passages"])
    for piece in y["zh"].split("……"):
        assert piece and piece in cited, f"「{piece}」 is not in {y['passages']}"
    divisions = set(_chapter_sentences())
    assert y["chapters"] and set(y["chapters"]) <= divisions
    for sid in y["passages"]:
        assert any(sid in _chapter_sentences()[c] for c in y["chapters"]), \
            f"{sid} is in none of the rule's chapters"
    assert _reader_text(y["ko"]) and _reader_text(y["event"])
    assert y["unit"] in UNITS
    assert y["names"]
    where = "".join(_chapter_text()[c] for c in y["chapters"])
    assert not _unknown_names(y["when"], ["all"], where)
    known = _case_ids(CASES)
    for c in y.get("case", ()):
        assert c["case"] in known, c["case"]
        assert c["agrees"] in ("yes", "no", "partly")
        assert c["expect"] and c["how"]


def test_yingqi_cases_are_each_read_once_per_rule() -> None:
    for y in YQ:
        ids = [c["case"] for c in y.get("case", ())]
        assert len(ids) == len(set(ids)), y["id"]


# ------------------------------------------------------------------ proposed cases

PROP = _toml(PROPOSED)
CASE_RE = re.compile(r"^p\d{3}-case\d+$")
CASE_KEYS = {"id", "para", "text", "type", "year", "month", "day", "xun", "hour", "birth",
             "question", "primary", "changed", "outcome", "date_note", "same_as", "note", "claim"}
"""The fields documented at the top of editorial/cases.toml."""
CLAIM_KEYS = {"text", "rule", "check", "expect", "sic", "corr", "note"}


def _case_from_row(row: dict[str, Any]) -> Any:
    from yimao.model import cases as C

    claims = tuple(C.Claim(f"{row['id']}-c{k}", cl["text"], cl["rule"], cl["expect"],
                           cl["check"], working_note=cl.get("note", ""))
                   for k, cl in enumerate(row.get("claim", ()), 1))
    return C.Case(row["id"], row["para"], row["type"], row["text"],
                  inputs=Inputs.given(row), question=str(row.get("question", "")),
                  claims=claims)


def test_proposed_case_ids_are_new_and_in_book_order() -> None:
    existing = _case_ids(CASES)
    ids = [r["id"] for r in PROP.get("case", [])]
    assert len(ids) == len(set(ids)) and not set(ids) & existing
    seen: dict[str, int] = {}
    for r in PROP.get("case", []):
        assert CASE_RE.match(r["id"]) and r["id"].startswith(r["para"] + "-case")
        seen[r["para"]] = seen.get(r["para"], 0) + 1
        assert r["id"] == f"{r['para']}-case{seen[r['para']]}", "ids follow the paragraph order"
        assert not any(c.startswith(r["para"] + "-case") for c in existing)


@pytest.mark.parametrize("row", PROP.get("case", []), ids=lambda r: r["id"])
def test_proposed_case_is_well_formed_and_checks_as_expected(row: dict[str, Any]) -> None:
    from yimao.model import cases as C

    text = load().by_id(row["para"]).text
    assert text.count(row["text"]) == 1
    start = text.index(row["text"])
    pos, bounds = 0, []
    for s in sentences(text):
        bounds.append((pos, pos + len(s)))
        pos += len(s)
    assert any(a <= start and start + len(row["text"]) <= b for a, b in bounds)
    assert row["type"] in C.TYPES
    assert set(row) <= CASE_KEYS, set(row) - CASE_KEYS
    for cl in row.get("claim", ()):
        assert set(cl) <= CLAIM_KEYS and {"text", "rule", "check", "expect"} <= set(cl)
    case = _case_from_row(row)
    assert case.claims
    for claim in case.claims:
        assert case.text.count(claim.text) == 1
        assert "（" not in claim.text and "）" not in claim.text
        rules.get(claim.rule)
        verdict = C.evaluate(case, claim)
        assert verdict.status == claim.expect, verdict.detail


CQ = PROP["case_question"]
QID_RE = re.compile(r"^shilei-\d{2}-q\d+$")


def test_every_case_with_a_question_has_its_question_and_yongshen() -> None:
    rows = [c for c in _toml(CASES)["case"] if c.get("question") or c["para"] >= "p296"]
    rows += [c for c in PROP.get("case", []) if c.get("question")]
    have = [r["case"] for r in CQ]
    assert len(have) == len(set(have))
    assert {c["id"] for c in rows} <= set(have)
    assert set(have) <= _case_ids(CASES) | {c["id"] for c in PROP.get("case", [])}


@pytest.mark.parametrize("row", CQ, ids=lambda r: r["case"])
def test_case_question_row(row: dict[str, Any]) -> None:
    from compute import chart

    assert row["question"] == "" or QID_RE.match(row["question"])
    y = row["yongshen"]
    assert ("relative" in y) != ("role" in y)
    assert set(y["lines"]) <= set(range(1, 7)) and isinstance(y["hidden"], bool)
    if "relative" not in y:
        assert not y["hidden"]
        return
    every = {c["id"]: c for c in _toml(CASES)["case"] + PROP.get("case", [])}
    c = every[row["case"]]
    day = c.get("day", "")
    h = chart(c["primary"], c.get("changed") or None, month=c.get("month") or "寅",
              day=day if len(day) == 2 else "甲子").primary
    for p in y["lines"]:
        ln = h.line(p)
        rel = ln.hidden.relative if y["hidden"] else ln.relative
        assert str(rel) == y["relative"], (p, str(rel))
    if not y["lines"]:
        assert all(str(ln.relative) != y["relative"] for ln in h.lines), "absent means absent"


QUESTIONS = EDITORIAL / "questions.toml"


@pytest.mark.skipif(not QUESTIONS.exists(), reason="editorial/questions.toml (issue 10, part A) "
                    "is written on another branch; this runs once both are merged")
def test_question_ids_and_wordings_exist_in_questions_toml() -> None:
    qs = _toml(QUESTIONS)["question"]
    ids = {q["id"] for q in qs}
    for row in CQ:
        assert row["question"] == "" or row["question"] in ids, row["question"]
    for j in RULES:
        for w in j["questions"]:
            assert w in ids and w.startswith(j["chapter"] + "-q"), (j["id"], w)
