"""Write compute's data modules of the 筮類 from the editorial specifications (issue 10).

compute runs in the reader's browser and never reads editorial/ (it is not shipped), so the
questions (editorial/questions.toml), the judgments (editorial/judgments.toml) and the 應期
rules (editorial/yingqi.toml) are compiled into plain Python literals:

* ``compute/book/questions_data.py``: ``QUESTIONS`` (every question with its 用神, 元/忌/仇 where
the
  book names them, its alternatives), ``KINSHIP`` (the 親屬 table) and ``VOCABULARY``;
* ``compute/shilei/judgments_data.py``: ``JUDGMENTS`` (each chapter's judgments with their
conditions)
  and ``YINGQI`` (the 應期 rules).

Only the fields compute uses are kept (the Korean ``reason`` and notes stay in editorial/).
``tests/test_shilei_data.py`` fails when a written module is stale.

    .venv/bin/python tools/shilei_data.py          # rewrite both modules
    .venv/bin/python tools/shilei_data.py --check  # exit 1 if either is stale
"""

from __future__ import annotations

import argparse
import pprint
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EDITORIAL = ROOT / "editorial"
QUESTIONS_MODULE = ROOT / "compute" / "book" / "questions_data.py"
JUDGMENTS_MODULE = ROOT / "compute" / "shilei" / "judgments_data.py"
WORDS_MODULE = ROOT / "compute" / "shilei" / "words_data.py"
WORD_TABLES = ("selector", "predicate", "relation", "hexagram", "rule", "fact")
"""The [language] tables of judgments.toml whose words' meanings compute carries."""

QUESTION_FIELDS = ("id", "text", "reading", "ko", "passages", "yongshen", "adverse", "jishen",
                   "yuanshen", "choushen", "see", "listed")
ALTERNATIVE_FIELDS = ("when", "yongshen", "adverse", "see", "passages", "facts", "chart")
JUDGMENT_FIELDS = ("id", "chapter", "zh", "ko", "passages", "questions", "reads", "yong",
                   "order", "over", "reuse", "condition", "verdict", "verdict_ko")
OUTCOME_FIELDS = ("condition", "verdict", "verdict_ko")
READING_FIELDS = ("condition", "why")
YINGQI_FIELDS = ("id", "zh", "ko", "passages", "chapters", "questions", "when", "names", "unit",
                 "event")


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((EDITORIAL / name).read_text(encoding="utf-8"))


def _pick(row: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    out = {}
    for f in fields:
        if f in row:
            v = row[f]
            out[f] = tuple(v) if isinstance(v, list) else v
    return out


def questions_module() -> str:
    """The text of compute/book/questions_data.py."""
    data = _load("questions.toml")
    questions = []
    for q in data["question"]:
        row = _pick(q, QUESTION_FIELDS)
        row["chapter"] = q["id"].rsplit("-q", 1)[0]
        if q.get("alternative"):
            row["alternatives"] = tuple(_pick(a, ALTERNATIVE_FIELDS) for a in q["alternative"])
        questions.append(row)
    kinship = tuple(_pick(k, ("who", "person", "yongshen", "passages")) for k in data["kinship"])
    return _module(
        "questions_data",
        "The questions of the 50 筮類 chapters with their 用神 (from editorial/questions.toml).",
        {"QUESTIONS": tuple(questions), "KINSHIP": kinship,
         "VOCABULARY": dict(data["vocabulary"])},
    )


def judgments_module() -> str:
    """The text of compute/shilei/judgments_data.py."""
    data = _load("judgments.toml")
    judgments = []
    for j in data["judgment"]:
        row = _pick(j, JUDGMENT_FIELDS)
        if isinstance(row.get("reads"), dict):
            row["reads"] = tuple(sorted(row["reads"].items()))
        if j.get("outcome"):
            row["outcomes"] = tuple(_pick(o, OUTCOME_FIELDS) for o in j["outcome"])
        if j.get("reading"):
            row["readings"] = tuple(_pick(r, READING_FIELDS) for r in j["reading"])
        judgments.append(row)
    _check_scope(judgments)
    yingqi = tuple(_pick(y, YINGQI_FIELDS) for y in _load("yingqi.toml")["yingqi"])
    _check_yingqi_scope(yingqi)
    return _module(
        "judgments_data",
        "Each 筮類 chapter's judgments and the 應期 rules (from editorial/judgments.toml and "
        "editorial/yingqi.toml), and their conditions parsed (compute.shilei.condition.parse).",
        {"JUDGMENTS": tuple(judgments), "YINGQI": yingqi,
         "VERDICTS": dict(data["language"]["verdict"]),
         "CONDITIONS": conditions(judgments, yingqi)},
    )


def words_module() -> str:
    """The text of compute/shilei/words_data.py: the meaning of each word of the condition
    language (judgments.toml's [language] tables, their one home)."""
    lang = _load("judgments.toml")["language"]
    return _module(
        "words_data",
        "The meaning of each word of the condition language, with the passages it cites (from "
        "editorial/judgments.toml's [language] tables; compute.shilei.words joins them to what "
        "computes each word).",
        {"LANGUAGE": {t: dict(lang.get(t, {})) for t in WORD_TABLES}},
    )


def _check_scope(judgments: list[dict[str, Any]]) -> None:
    """Stop with one line when a judgment answers a question that is not its chapter's or reads
    a line the vocabulary does not name."""
    qs = {q["id"]: q for q in _load("questions.toml")["question"]}
    vocabulary = _load("questions.toml")["vocabulary"]
    for j in judgments:
        for qid in j["questions"]:
            if qid not in qs or not qid.startswith(j["chapter"] + "-q"):
                raise SystemExit(f"judgments.toml {j['id']}: question {qid!r} is not one of "
                                 f"{j['chapter']}'s (editorial/questions.toml)")
        r = j.get("reads")
        for v in ((r,) if isinstance(r, str) else tuple(dict(r or ()).values())):
            if v not in vocabulary:
                raise SystemExit(f"judgments.toml {j['id']}: reads {v!r} is not a 用神 of "
                                 "questions.toml's vocabulary")


def _check_yingqi_scope(yingqi: tuple[dict[str, Any], ...]) -> None:
    """Stop with one line when an 應期 rule answers a question that is not one of its chapters'
    or, without ``questions``, is not a 立法 rule (the general method)."""
    qs = {q["id"] for q in _load("questions.toml")["question"]}
    for y in yingqi:
        chapters = tuple(y["chapters"])
        for qid in y.get("questions", ()):
            if qid not in qs or qid.rsplit("-q", 1)[0] not in chapters:
                raise SystemExit(f"yingqi.toml {y['id']}: question {qid!r} is not one of "
                                 f"{chapters}'s (editorial/questions.toml)")
        if "questions" not in y and not any(c.startswith("lifa-") for c in chapters):
            raise SystemExit(f"yingqi.toml {y['id']}: a chapter's rule names no questions")


def conditions(judgments: list[dict[str, Any]], yingqi: tuple[dict[str, Any], ...]
               ) -> dict[str, Any]:
    """Every condition text compute evaluates, with its syntax tree: the judgments', their
    outcomes', the 應期 rules' (their ``when`` and compute.shilei.yingqi.TERMS' conditions and
    selectors), in sorted order."""
    from compute.shilei.condition import parse
    from compute.shilei.words import condition_sources
    from compute.shilei.yingqi import TERMS

    where = condition_sources(judgments, yingqi, TERMS)
    texts = {"true", *where}
    _stop_on_unknown_words(where)
    return {t: parse(t) for t in sorted(texts)}


def _stop_on_unknown_words(where: dict[str, str]) -> None:
    """Stop with one line when a condition uses a word compute does not read (naming the word,
    the judgment or 應期 rule and the words accepted there) or when judgments.toml's [language]
    tables and compute.shilei.words.WORDS disagree."""
    from compute.shilei.words import table_mismatch, unknown_word

    problem = table_mismatch(_load("judgments.toml")["language"]) or unknown_word(where)
    if problem:
        raise SystemExit(problem)


def _module(name: str, doc: str, values: dict[str, Any]) -> str:
    head = [
        "# ruff: noqa: E501",
        f'"""{doc}',
        "",
        "Generated by tools/shilei_data.py — do not edit; change editorial/ and rerun it.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "TYPE_CHECKING = False",
        "if TYPE_CHECKING:  # typing is not imported at run time (a chart's start-up)",
        "    from typing import Any, Final",
        "",
    ]
    body = []
    for key, value in values.items():
        text = pprint.pformat(value, width=96, sort_dicts=False)
        body.append(f"{key}: Final[Any] = {text}")
        body.append("")
    return "\n".join(head + body)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a module is stale")
    args = ap.parse_args(argv)
    stale = []
    for path, text in ((QUESTIONS_MODULE, questions_module()),
                       (WORDS_MODULE, words_module()), (JUDGMENTS_MODULE, judgments_module())):
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path.name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print(f"stale: {', '.join(stale)} (run tools/shilei_data.py)", file=sys.stderr)
        return 1
    if stale:
        print(f"wrote {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


# ------------------------------------------------------------ examples (editorial/examples.toml)

MONTHS = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"
PILLARS = [STEMS[k % 10] + MONTHS[k % 12] for k in range(60)]
FACT_WORDS = ("自占", "代占", "君占", "臣占", "男占", "女占", "病久", "病新", "未間月", "已間月",
              "已住", "未住", "未收", "已收", "我訟", "彼訟", "出家", "求道", "親", "疏", "為利",
              "為名")
LABEL = {"day": "日辰", "month": "月建", "changed": "之卦", "year": "年", "facts": "물은 사정",
         "birth": "本命", "primary": "本卦", "question": "물음"}


def judgment_near_why(key: str, old: str, new: str, outcome: str) -> str:
    """A judgment's near miss in one sentence (해라체): the one input changed (「없음」: none)
    and the judgment that no longer comes out, in the outcome's words.

    >>> judgment_near_why("day", "辛酉", "庚子", "흉(凶): 세효가 꺾인다.")
    '日辰 辛酉 대신 庚子이면 「흉(凶): 세효가 꺾인다」라는 판단이 나오지 않는다'
    >>> judgment_near_why("changed", "大壯", "없음", "길하다")
    '之卦 大壯 대신 六爻安靜이면 「길하다」라는 판단이 나오지 않는다'
    >>> judgment_near_why("facts", "病新", "없음", "길하다")[:21]
    '물은 사정 病新 없이 물으면 「길하다」'
    >>> judgment_near_why("changed", "없음", "損", "길하다")[:16]
    '六爻安靜 대신 之卦 損이면 「'
    """
    label = LABEL[key]
    if new == "없음":
        cond = f"{label} {old} 없이 물으면" if key == "facts" else \
            f"之卦 {old} 대신 六爻安靜이면" if key == "changed" else f"{label} {old} 없이 보면"
    elif old == "없음":
        cond = f"六爻安靜 대신 之卦 {new}이면" if key == "changed" else \
            f"{label} 없음 대신 {label} {new}이면"
    else:
        cond = f"{label} {old} 대신 {new}이면"
    said = outcome.strip().rstrip(".")
    return f"{cond} 「{said}」{'라는' if final(said) == 0 else '이라는'} 판단이 나오지 않는다"


def final(text: str) -> int | None:
    """The final consonant (0: none) of the last Hangul syllable of *text* outside
    parentheses, else of the last inside them; None for characters alone.

    >>> final("감옥·차꼬의 형벌"), final("얻는다(재효로 가린다)"), final("凶")
    (8, 0, None)
    >>> final("年運(한 해의 운)")
    4
    """
    import re

    for part in (re.sub(r"\([^()]*\)", "", text), text):
        for ch in reversed(part):
            if "가" <= ch <= "힣":
                return (ord(ch) - 0xAC00) % 28
    return None


def facts_for(conditions: list[str], rng: Any) -> str:
    """Random facts of the kinds the conditions test (one of each pair, or none)."""
    from compute.book.questions import FACT_PAIRS, PERSONS

    text = " ".join(conditions)
    out = []
    for a, b in FACT_PAIRS:
        if a in text or b in text:
            pick = rng.choice((a, b, None))
            if pick:
                out.append(pick)
    if "person" in text or "反伏墓絕" in text:
        out.append("person=" + rng.choice(PERSONS))
    for m in __import__("re").finditer(r"thing\s*=\s*([^\s()]+)", text):
        if rng.random() < 0.5:
            out.append("thing=" + m.group(1))
            break
    if "限" in text:
        out.append("年=" + rng.choice(PILLARS))
    return "、".join(out)


def _inputs(rng: Any, names: list[str], qid: str, facts: str, need_year: bool,
            need_birth: bool) -> dict[str, str]:
    p = rng.choice(names)
    c = rng.choice(names + [""] * 8)
    inp = {"primary": p, "changed": c if c != p else "", "month": rng.choice(MONTHS),
           "day": rng.choice(PILLARS), "question": qid}
    if need_year or rng.random() < 0.3:
        inp["year"] = rng.choice(PILLARS)
    if need_birth or rng.random() < 0.2:
        inp["birth"] = rng.choice(MONTHS)
    if facts:
        inp["facts"] = facts
    return {k: v for k, v in inp.items() if v}


def _fires(chart: Any, rid: str, verdict: str | None, outcome: int | None = None) -> bool:
    if outcome is not None:
        return any(f.rule == rid and dict(f.data).get("outcome") == outcome
                   for f in chart.findings)
    return any(f.rule == rid and (verdict is None or dict(f.data).get("verdict") == verdict)
               for f in chart.findings)


def caption(inp: dict[str, str]) -> str:
    from compute.book.questions import question

    q = question(inp["question"])
    hexes = inp["primary"] + (f"之{inp['changed']}" if inp.get("changed") else "")
    date = " ".join(x for x in (inp.get("year", "") and inp["year"] + "年", inp["month"] + "月",
                                inp["day"] + "日") if x)
    who = f" 本命 {inp['birth']}" if inp.get("birth") else ""
    shown = (inp.get("facts") or "").replace("person=", "묻는 사람 ").replace(
        "thing=", "물건 ").replace("年=", "물은 해 ")
    facts = f" (물은 사정: {shown})" if shown else ""
    obj = "를" if final(q.ko) == 0 else "을"
    return f"구성례: {date} {hexes}{who}, {q.text}({q.ko}){obj} 물음{facts}"


def propose_judgment_example(j: dict[str, Any], seed: int = 1664, budget: int = 3000
                             ) -> dict[str, Any] | None:
    """A constructed chart on which judgment *j* fires, and a near miss (one input changed)."""
    import random

    from compute import chart
    from compute.book.gua import HEXAGRAMS
    from compute.book.questions import ALL
    from compute.shilei.judge import applies

    rng = random.Random(f"{seed}-{j['id']}")
    names = sorted({h.name for h in (HEXAGRAMS.values() if isinstance(HEXAGRAMS, dict)
                                     else HEXAGRAMS)})
    qs = [q for q in ALL if applies(j, q)]
    conds = [j["condition"], *(o["condition"] for o in j.get("outcomes", ()))]
    text = " ".join(conds)
    need_year = "限" in text or "歲" in text
    need_birth = "命" in text
    tries = 0
    for _ in range(budget):
        q = rng.choice(qs)
        inp = _inputs(rng, names, q.id, facts_for(conds, rng), need_year, need_birth)
        c = chart(**inp)
        f = next((f for f in c.findings if f.rule == j["id"]), None)
        if f is None:
            continue
        verdict, k = dict(f.data)["verdict"], int(dict(f.data).get("outcome") or 1)
        tries += 1
        miss = near_miss(inp, j["id"], verdict, rng, names, k)
        if miss is None:
            if tries >= 8:
                return None
            continue
        # the caption is the outcome that fired (the finding's), never the first outcome
        # with the same verdict word (issue 22)
        outs = j.get("outcomes") or ()
        return _example_row(j["id"], inp, {"finding": j["id"],
                                           "data": {"verdict": verdict, "outcome": k}},
                            miss, f"{j['ko']}: {verdict}",
                            outs[k - 1]["verdict_ko"] if outs else j.get("verdict_ko", ""))
    return None


def near_miss(inp: dict[str, str], rid: str, verdict: str | None, rng: Any,
               names: list[str], outcome: int | None = None
               ) -> tuple[dict[str, str], str] | None:
    """One input of the chart (or the facts) changed, the question kept, and *outcome* of *rid*
    (or, without one, its *verdict*) no longer fires."""
    from compute import chart

    for key, options in (("day", PILLARS), ("month", list(MONTHS)), ("facts", [""]),
                         ("changed", ["", *rng.sample(names, 12)]), ("year", PILLARS),
                         ("birth", list(MONTHS)), ("primary", rng.sample(names, 16))):
        if key not in inp and key in ("facts", "year", "birth"):
            continue
        opts = list(options)
        rng.shuffle(opts)
        for v in opts:
            if v == inp.get(key, "") or v == inp["primary"] or (
                    key == "primary" and v == inp.get("changed")):
                continue
            other = dict(inp)
            if v:
                other[key] = v
            else:
                other.pop(key)
            if not _fires(chart(**other), rid, verdict, outcome):
                old, new = inp.get(key) or "없음", v or "없음"
                if key == "facts":
                    old = old.replace("person=", "묻는 사람 ").replace("thing=", "물건 ")
                    old = old.replace("年=", "물은 해 ")
                return other, judgment_near_why(key, old, new, _outcome_ko(rid, outcome))
    return None


def _outcome_ko(rid: str, outcome: int | None) -> str:
    """The Korean words of *outcome* of judgment *rid* (the example's caption)."""
    from yimao.model.examples import judgment, outcome_caption

    j = judgment(rid)
    return outcome_caption(j, int(outcome or 1)) if j is not None else ""


def _example_row(rid: str, inp: dict[str, str], focus: dict[str, Any],
                 miss: tuple[dict[str, str], str], focus_ko: str, gloss: str) -> dict[str, Any]:
    return {"id": f"ex-{rid}", "rule": rid, "source": "constructed", "inputs": inp,
            "focus": focus, "near_miss": {"inputs": miss[0], "why": miss[1]},
            "ko": caption(inp), "ko_focus": gloss or focus_ko}


def examples_toml(rows: list[dict[str, Any]]) -> str:
    """The rows as [[example]] tables (the layout of editorial/examples.toml)."""

    def val(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return '"' + v.replace("\\\\", "\\\\\\\\").replace('"', '\\\\"') + '"'
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {val(x)}" for k, x in v.items()) + "}"
        return "[" + ", ".join(val(x) for x in v) + "]"

    out = []
    for r in rows:
        out.append("\n[[example]]")
        for k in ("id", "rule", "source", "inputs", "focus", "near_miss", "ko", "ko_focus"):
            out.append(f"{k} = {val(r[k])}")
    return "\n".join(out) + "\n"
