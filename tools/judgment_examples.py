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
from yimao.model.examples import judgment, judgment_faults, outcome_caption  # noqa: E402

EXAMPLES = ROOT / "editorial" / "examples.toml"
NAMES = sorted({h.name for h in (HEXAGRAMS.values() if isinstance(HEXAGRAMS, dict)
                                 else HEXAGRAMS)})


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
    new["ko_focus"] = outcome_caption(dict(j), k)
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
    args = ap.parse_args(argv)
    rows = tomllib.loads(EXAMPLES.read_text(encoding="utf-8"))["example"]
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


if __name__ == "__main__":
    raise SystemExit(main())
