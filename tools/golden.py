"""A safety net for optimising compute: record every chart's ``to_dict()`` and compare later.

    python tools/golden.py record /tmp/golden.json   # before changing anything
    python tools/golden.py check  /tmp/golden.json   # after each change: exit 1 on any difference

The sample is fixed and seeded: 3,000 random casts, each with a random date given either as
pillars (month, day; sometimes year, hour, birth) or as a datetime, sometimes with a non-default
option or convention; 600 seeded charts asked a question of the 筮類 (so the 用神 rules and
the judgments run); plus the book's worked cases (``yimao cases --json``, frozen into the golden
file at record time so later edits of the TEI do not move the target). Each chart's ``to_dict()``
is serialised as canonical JSON; the file keeps a SHA-256 per chart and the JSON itself, so a
difference is shown field by field. Keep the golden file out of git (e.g. in /tmp).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compute import chart  # noqa: E402
from compute import registry as rules  # noqa: E402
from compute.book.ganzhi import BRANCH_ZH, GANZHI  # noqa: E402
from compute.errors import InputError  # noqa: E402

OPTIONS = (("najia_stems", ("trigram", "common")), ("fushen", ("common",)), ("hu", ("common",)),
           ("solstice", ("before", "after")), ("zi", ("0",)))


def sample(n: int = 3000, seed: int = 1664) -> list[dict[str, Any]]:
    """The seeded chart calls (JSON-ready keyword dicts; ``at`` as an ISO string)."""
    rng = random.Random(seed)
    convs = rules.conventions()
    out: list[dict[str, Any]] = []
    start = dt.datetime(1901, 1, 1)
    for _ in range(n):
        kw: dict[str, Any] = {"lines": "".join(rng.choice("6789") for _ in range(6))}
        if rng.random() < 0.3:
            when = start + dt.timedelta(days=rng.randrange(72000), hours=rng.randint(0, 23),
                                        minutes=rng.randrange(60))
            kw["at"] = when.isoformat()
        else:
            day = GANZHI[rng.randrange(60)]
            kw["day"] = day.zh
            if rng.random() < 0.3:
                year = GANZHI[rng.randrange(60)]
                kw["year"] = year.zh
            kw["month"] = BRANCH_ZH[rng.randrange(12)]
            if rng.random() < 0.4:
                kw["hour"] = BRANCH_ZH[rng.randrange(12)]
        if rng.random() < 0.2:
            kw["birth"] = (BRANCH_ZH[rng.randrange(12)] if rng.random() < 0.5
                           else GANZHI[rng.randrange(60)].zh)
        if rng.random() < 0.2:
            name, choices = rng.choice(OPTIONS)
            kw[name] = rng.choice(choices)
        if rng.random() < 0.3:
            conv = rng.choice(convs)
            kw["conventions"] = {conv.name: rng.choice(conv.choices)}
        out.append(kw)
    return out


def asked_sample(n: int = 600, seed: int = 1665) -> list[dict[str, Any]]:
    """Seeded charts asked a question of the 筮類 (every 用神 rule and judgment then runs):
    a random question, sometimes facts about the asking, sometimes a 用神 given by hand."""
    from compute.book.questions import ALL, FACT_PAIRS

    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(n):
        kw: dict[str, Any] = {"lines": "".join(rng.choice("6789") for _ in range(6)),
                              "month": BRANCH_ZH[rng.randrange(12)],
                              "day": GANZHI[rng.randrange(60)].zh}
        if rng.random() < 0.3:
            kw["year"] = GANZHI[rng.randrange(60)].zh
        if rng.random() < 0.85:
            kw["question"] = rng.choice(ALL).id
        if "question" not in kw or rng.random() < 0.15:
            kw["yongshen"] = rng.choice(("妻財", "官鬼", "父母", "兄弟", "子孫", "世", "應"))
        if rng.random() < 0.4:
            kw["facts"] = rng.choice(rng.choice(FACT_PAIRS))
        out.append(kw)
    return out


def book_cases() -> list[dict[str, Any]]:
    text = subprocess.run([str(ROOT / ".venv/bin/yimao"), "cases", "--json"], check=True,
                          capture_output=True, text=True, cwd=ROOT).stdout
    out = []
    for case in json.loads(text):
        kw = {k: case[k] for k in ("primary", "changed", "month", "day", "year", "hour", "birth")
              if case.get(k) is not None}
        out.append(kw)
    return out


def run(kw: dict[str, Any]) -> str:
    args = dict(kw)
    if "at" in args:
        args["at"] = dt.datetime.fromisoformat(args["at"])
    try:
        d = chart(**args).to_dict()
    except InputError as exc:
        d = {"InputError": str(exc)}
    return json.dumps(d, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "record":
        calls = sample() + asked_sample() + book_cases()
        rows = [{"call": kw, "json": run(kw)} for kw in calls]
        for row in rows:
            row["sha256"] = hashlib.sha256(row["json"].encode()).hexdigest()
        args.file.write_text(json.dumps(rows, ensure_ascii=False))
        errors = sum('"InputError"' in r["json"][:20] for r in rows)
        print(f"recorded {len(rows)} charts ({errors} input errors) to {args.file}")
        return 0
    rows = json.loads(args.file.read_text())
    bad = 0
    for row in rows:
        got = run(row["call"])
        if got != row["json"]:
            bad += 1
            if bad <= 5:
                print("DIFF", row["call"])
                want, have = json.loads(row["json"]), json.loads(got)
                for k in sorted(set(want) | set(have)):
                    if want.get(k) != have.get(k):
                        print(f"  {k}: {json.dumps(want.get(k), ensure_ascii=False)[:300]}")
                        pad = " " * len(k)
                        print(f"  {pad}  {json.dumps(have.get(k), ensure_ascii=False)[:300]}")
    print(f"checked {len(rows)} charts: {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
