"""Review the worked examples of the 筮類 judgments (editorial/examples.toml) against the three
rules the site holds them to (yimao.model.examples.judgment_faults, issue 22): the question is
one the judgment answers; the caption is the outcome that fires, taken from the finding (its
focus names the outcome, ``data.outcome``); the near miss asks the same question and lacks that
outcome.

An example whose only fault is a focus without its outcome gets the outcome that fires (its chart
and caption stay). An example whose caption names another outcome than the one that fires is
charted again for the outcome its caption names (the chart the example meant to show; when no
chart within the budget shows it, for the outcome that fires, re-captioned); an example whose
near miss is wrong gets a near miss that changes one input of the chart (or the facts) and loses
that outcome. Rows edited by hand stay as they are when they have no fault.

    .venv/bin/python tools/judgment_examples.py           # report the faults
    .venv/bin/python tools/judgment_examples.py --write   # and rewrite the faulty rows
    .venv/bin/python tools/judgment_examples.py --captions  # rewrite every judgment's ko_focus

A judgment example's ``ko_focus`` says what the chart shows and then the outcome's words: the
part of the fired conditions that holds on the chart (the first true branch of each ``or``), in
the Korean of tools/judgments_ko.py, 「관귀(官鬼)가 동하므로 — 흉(凶): …」 (:func:`focus_caption`).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from shilei_data import MONTHS, PILLARS, caption, examples_toml, facts_for, near_miss  # noqa: E402

from compute import chart  # noqa: E402
from compute.book.gua import HEXAGRAMS  # noqa: E402
from compute.shilei.condition import tree  # noqa: E402
from yimao.model.examples import judgment, judgment_faults, outcome_caption  # noqa: E402

EXAMPLES = ROOT / "editorial" / "examples.toml"
NAMES = sorted({h.name for h in (HEXAGRAMS.values() if isinstance(HEXAGRAMS, dict)
                                 else HEXAGRAMS)})


FACT_ATOMS = frozenset({"true"})
"""Atoms a caption leaves out (``topic``, ``thing`` and ``true`` say nothing about the chart)."""
POLISH = (("궁가 ", "궁이 "), ("가 升고", "가 올라가고(升)"), ("가 升므로", "가 올라가므로(升)"),
          ("가 降고", "가 내려가고(降)"), ("가 降므로", "가 내려가므로(降)"),
          ("飛伏用에", "용신의 비신·복신·일월 자리(飛伏用)에"),
          ("(內卦)가 지록", "(內卦)의 지록"), ("(外卦)가 지록", "(外卦)의 지록"),
          ("용신(用神)이 지록(地祿)이", "용신(用神) 괘의 지록(地祿)이"), ("지괘", "변괘"))
"""Words tools/judgments_ko.py leaves unsaid or says for a conditional clause only, and the
glossary's word for 之卦 (변괘, editorial/glossary.tsv)."""
FOUR = "사병(四病: 空·破·散·絕)"
ROLE_KO = {"世": "세효(世爻)", "應": "응효(應爻)", "內卦": "내괘(內卦)", "外卦": "외괘(外卦)",
           "初爻": "초효(初爻)", "二爻": "이효(二爻)", "三爻": "삼효(三爻)", "四爻": "사효(四爻)",
           "五爻": "오효(五爻)", "上爻": "상효(上爻)"}
"""A 用神 that is a role or a place, named where a caption says 용신(用神) (all end in a vowel)."""


def held(node: Any, ev: Any, out: list[Any]) -> list[Any]:
    """The atoms of condition *node* that make it true on the evaluator's chart (the first true
    branch of each ``or``), each once, in order."""
    kind = node[0]
    if kind == "and":
        held(node[1], ev, out)
        held(node[2], ev, out)
    elif kind == "or":
        branch = next((x for x in node[1:] if ev.ev(x).value), None)
        if branch is not None:
            held(branch, ev, out)
    elif kind == "not" and node[1][0] in ("and", "or"):
        pass    # a guard against a compound pattern (「不…」): the chart shows its absence only
    elif not ((kind == "name" and node[1] in FACT_ATOMS)
              or (kind == "eq" and node[1] in ("topic", "thing")) or node in out):
        out.append(node)
    return out


def because(atoms: list[Any]) -> str:
    """The atoms as one clause ending in 「(으)므로」.

    >>> because([("call", "動", (("sel", "官"),)), ("call", "旺相", (("sel", "官"),))])
    '관귀(官鬼)가 동하고 왕상(旺相)하므로'
    >>> because([("call", "空", (("sel", "世"),))])
    '세효(世爻)가 공(空)이므로'
    """
    from judgments_ko import _batchim, stem

    if ("name", "動爻") in atoms:
        atoms = [a for a in atoms if a != ("not", ("name", "靜卦"))]
    node = atoms[0]
    for a in atoms[1:]:
        node = ("and", node, a)
    text = stem(node)
    b = _batchim(text)
    text += "으므로" if b and b != 8 else "므로"
    for old, new in POLISH:
        text = text.replace(old, new)
    i = text.find(FOUR)
    return text if i < 0 else text[:i + len(FOUR)] + text[i + len(FOUR):].replace(
        FOUR, "사병(四病)")


def focus_caption(rid: str, inputs: dict[str, str]) -> str:
    """The ``ko_focus`` of an example of judgment *rid* charted from *inputs*: what the chart
    shows, then the words of the outcome that fires."""
    from compute.shilei import judge
    from compute.shilei.evaluator import Evaluator

    j = judgment(rid)
    c = chart(**inputs)
    k = outcome_of(c, rid)
    if j is None or k is None:
        return ""
    ev = Evaluator(c, judge._roles(dict(j), c), c.asking.question if c.asking else None)
    outs = j.get("outcomes") or ()
    atoms: list[Any] = []
    for cond in (j["condition"], *((outs[k - 1]["condition"],) if outs else ())):
        held(tree(cond), ev, atoms)
    words = outcome_caption(j, k)
    if not atoms:
        return words
    said = because(atoms)
    role = ev.r.value if ev.r is not None and "용신(用神)" in said else ""
    head = f"용신(用神)은 {ROLE_KO[role]}다. " if role in ROLE_KO else ""
    return f"{head}{said} — {words}"


def outcome_of(c: Any, rid: str) -> int | None:
    """The outcome (1-based) of judgment *rid* that fires on chart *c*, or None."""
    f = next((f for f in c.findings if f.rule == rid), None)
    return int(dict(f.data).get("outcome") or 1) if f is not None else None


def _draw(inp: dict[str, str]) -> Any | None:
    try:
        return chart(**inp)
    except Exception:  # noqa: BLE001 (a random chart the inputs refuse: try another)
        return None


def search(row: dict[str, Any], j: dict[str, Any], k: int, budget: int = 6000
           ) -> dict[str, str] | None:
    """Inputs asking the row's question on which outcome *k* of *j* fires: the row's own
    inputs with the day, month, changed hexagram, primary and facts drawn again (in the second
    half of the budget, another question the judgment answers)."""
    from compute.book.questions import ALL
    from compute.shilei.judge import applies

    rng = random.Random(f"1664-{row['id']}-{k}")
    base = dict(row["inputs"])
    others = [q.id for q in ALL if applies(j, q) and q.id != base["question"]]
    own = any(q.id == base["question"] and applies(j, q) for q in ALL)
    conds = [j["condition"], *(o["condition"] for o in j.get("outcomes", ()))]
    for n in range(budget):
        inp = dict(base)
        if others and (n >= budget // 2 or not own):   # another question the judgment answers
            inp["question"] = rng.choice(others)
        inp["day"] = rng.choice(PILLARS)
        inp["month"] = rng.choice(MONTHS)
        if n % 3:
            ch = rng.choice(NAMES + [""] * 6)
            inp["changed"] = ch
        if n % 5 == 4:
            inp["primary"] = rng.choice(NAMES)
        facts = facts_for(conds, rng)
        from compute.book.questions import question

        if "親屬" in question(inp["question"]).yongshen and n % 2:   # someone else asked about
            kin = rng.choice(("person=子", "person=妻", "person=父母", "person=兄弟", "疏"))
            facts = "、".join(f for f in (facts, kin) if f)
        if facts or "facts" in inp:
            inp["facts"] = facts
        inp = {key: v for key, v in inp.items() if v and not (
            key == "changed" and v == inp["primary"])}
        c = _draw(inp)
        if c is not None and outcome_of(c, j["id"]) == k:
            return inp
    return None


def intended(row: dict[str, Any], j: dict[str, Any]) -> int | None:
    """The outcome the row's caption names (its words), or None."""
    outs = j.get("outcomes") or ()
    for k in range(1, len(outs) + 1):
        if outcome_caption(j, k) and outcome_caption(j, k) in row.get("ko_focus", ""):
            return k
    return None


def review(row: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """(the row rewritten, what was done) — None when it had no fault or cannot be mended."""
    j = judgment(row["rule"])
    if j is None:
        return None, ""
    near = (row.get("near_miss") or {}).get("inputs")
    faults = judgment_faults(row["rule"], row["inputs"], row["focus"], row.get("ko_focus", ""),
                             near)
    if not faults:
        return None, ""
    c = chart(**row["inputs"])
    fired = outcome_of(c, row["rule"])
    caption_ok = not any("caption" in f for f in faults)
    miss_ok = not any("near miss" in f for f in faults)
    new = dict(row)
    what = "focus"
    if caption_ok and fired is not None:
        k, inp = fired, dict(row["inputs"])
    else:
        want = intended(row, dict(j))
        inp = search(row, dict(j), want) if want is not None else None
        if inp is None and fired is None:      # the chart shows nothing now: any outcome
            for want in range(1, len(j.get("outcomes") or (1,)) + 1):
                inp = search(row, dict(j), want, 3000)
                if inp is not None:
                    break
        if inp is not None:
            k, what, miss_ok = want, "rechart", False
        elif fired is not None:
            k, inp, what = fired, dict(row["inputs"]), "recaption"
        else:
            return None, "unmended: " + "; ".join(faults)
    if not miss_ok:
        miss = near_miss(inp, row["rule"], None, random.Random(f"1664-{row['id']}-miss"), NAMES,
                         k)
        if miss is None:
            return None, "unmended (no near miss): " + "; ".join(faults)
        new["near_miss"] = {"inputs": miss[0], "why": miss[1]}
        what += "+near-miss"
    outs = j.get("outcomes") or ()
    verdict = outs[k - 1]["verdict"] if outs else j.get("verdict", "")
    new["inputs"] = inp
    new["focus"] = {"finding": row["rule"], "data": {"verdict": verdict, "outcome": k}}
    new["ko"] = caption(inp)
    new["ko_focus"] = focus_caption(row["rule"], inp)
    if what == "focus":
        new["ko"], new["ko_focus"] = row["ko"], row["ko_focus"]
    return new, what


BLOCK = re.compile(r"\n\[\[example\]\]\nid = \"([^\"]+)\"\n(?:(?!\n\[\[example\]\]).)*", re.S)


def rewrite(text: str, rows: dict[str, dict[str, Any]]) -> str:
    """*text* (editorial/examples.toml) with the [[example]] tables of *rows* replaced."""
    def sub(m: re.Match[str]) -> str:
        if m.group(1) not in rows:
            return m.group(0)
        tail = "\n" if m.group(0).endswith("\n") else ""
        return examples_toml([rows[m.group(1)]]).rstrip("\n") + tail
    return BLOCK.sub(sub, text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite the faulty rows")
    ap.add_argument("--only", nargs="*", help="these example ids only")
    ap.add_argument("--captions", action="store_true",
                    help="rewrite the ko_focus of every judgment example (focus_caption)")
    args = ap.parse_args(argv)
    rows = tomllib.loads(EXAMPLES.read_text(encoding="utf-8"))["example"]
    if args.captions:
        return captions(rows, args.only)
    mended: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    for row in rows:
        if args.only and row["id"] not in args.only:
            continue
        new, what = review(row)
        if not what:
            continue
        counts[what.split(":")[0]] = counts.get(what.split(":")[0], 0) + 1
        print(f"{row['id']}: {what}")
        if new is not None:
            mended[row["id"]] = new
    print(counts)
    if args.write and mended:
        EXAMPLES.write_text(rewrite(EXAMPLES.read_text(encoding="utf-8"), mended),
                            encoding="utf-8")
        print(f"rewrote {len(mended)} rows of {EXAMPLES.relative_to(ROOT)}")
    return 0


def captions(rows: list[dict[str, Any]], only: list[str] | None) -> int:
    """Rewrite the ``ko_focus`` line of every judgment example (or of *only*)."""
    text = EXAMPLES.read_text(encoding="utf-8")
    n = 0
    for row in rows:
        if judgment(row["rule"]) is None or (only and row["id"] not in only):
            continue
        new = focus_caption(row["rule"], row["inputs"])
        start = text.index(f'\nid = "{row["id"]}"\n')
        at = text.index("\nko_focus = ", start)
        end = text.index("\n", at + 1)
        line = "\nko_focus = " + '"' + new.replace("\\", "\\\\").replace('"', '\\"') + '"'
        text = text[:at] + line + text[end:]
        n += 1
    EXAMPLES.write_text(text, encoding="utf-8")
    print(f"rewrote the ko_focus of {n} rows of {EXAMPLES.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
