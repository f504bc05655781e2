"""Benchmark compute.chart (every registered rule and finding) beside najia, and sweep casts.

    python tools/bench.py                 # timing + the default sweep (stated below)
    python tools/bench.py --sweep full    # 4,096 casts x 60 days x 12 months (long)
    python tools/bench.py --sweep none

Timing: a fixed, seeded set of casts and dates, each charted in full (all line annotators and
finding detectors) by compute — from pillars (the book's way) and from a datetime — and by
najia on the same casts in the same run; charts per second and the ratios are printed. najia
always takes a datetime and converts it with lunar-python; for the "pillars" comparison its
conversion is answered from a table made before the timing, so both sides start from the
pillars; for "datetime" both sides convert the date themselves (each rate is the best of
``--repeat`` passes, so both sides' caches are warm alike).

Sweep: every cast (4,096 = 4^6 line values) under every month; the day runs through all sixty
terms as the cast varies (day = cast + 5 * month, mod 60), so all 720 month-day pairs occur —
49,152 charts. ``--sweep full`` charts all 2,949,120 combinations. Any exception is an error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import logging
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compute import chart  # noqa: E402
from compute.ganzhi import BRANCH_ZH, GANZHI  # noqa: E402

BOOK_CASES = (  # the book's own statements of cases (chapters 11-12, p089-p096, p170)
    ("困", "坎", "午", "壬戌"), ("同人", "旅", "未", "壬申"), ("剝", "漸", "戌", "庚戌"),
    ("豐", "萃", "申", "丁酉"), ("臨", "蠱", "寅", "乙未"), ("乾", "家人", "戌", "甲辰"),
    ("遁", "乾", "亥", "乙亥"), ("晉", "剝", "申", "戊申"), ("困", "兌", "子", "戊寅"),
    ("乾", "小畜", "未", "戊午"),
)
NAJIA_PARAM = {7: 1, 8: 2, 9: 3, 6: 4}


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        model = platform.processor() or model
    return (f"machine: nproc {os.cpu_count()}, {model}, Python {platform.python_version()} "
            f"({platform.python_implementation()}), {platform.system()} {platform.machine()}")


def cases(n: int, seed: int = 1664) -> list[tuple[str, dt.datetime]]:
    rng = random.Random(seed)
    start = dt.datetime(1901, 1, 1)
    out = []
    for _ in range(n):
        cast = "".join(rng.choice("6789") for _ in range(6))
        when = start + dt.timedelta(days=rng.randrange(72000), hours=rng.randint(1, 22))
        out.append((cast, when))
    return out


def rate(fn, items, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t)
    return len(items) / best


def timing(n: int, repeat: int) -> None:
    sample = cases(n)
    pillared = []
    for cast, when in sample:
        c = chart(lines=cast, at=when)
        pillared.append((cast, c.month_pillar.zh, c.day.zh))
    book = [(p, q, m, d) for p, q, m, d in BOOK_CASES]

    r_book = rate(lambda x: chart(x[0], x[1], month=x[2], day=x[3]), book * 20, repeat)
    r_pill = rate(lambda x: chart(lines=x[0], month=x[1], day=x[2]), pillared, repeat)
    r_date = rate(lambda x: chart(lines=x[0], at=x[1]), sample, repeat)
    findings = sum(len(chart(lines=c, month=m, day=d).findings) for c, m, d in pillared) / n
    print(f"compute, the book's 10 cases x20 (pillars): {r_book:9.0f} charts/s")
    print(f"compute, {n} seeded casts (pillars):       {r_pill:9.0f} charts/s "
          f"({findings:.1f} findings per chart)")
    print(f"compute, the same casts (datetime):         {r_date:9.0f} charts/s")
    from compute import rules

    saved = rules._LINE[:], rules._FINDING[:]
    rules._LINE.clear()
    rules._FINDING.clear()
    try:
        r_core = rate(lambda x: chart(lines=x[0], month=x[1], day=x[2]), pillared, repeat)
    finally:
        rules._LINE.extend(saved[0])
        rules._FINDING.extend(saved[1])
    print(f"  (core only, no annotator or detector:     {r_core:9.0f} charts/s; "
          f"{len(saved[0])} annotators, {len(saved[1])} detectors registered)")
    try:
        from najia.najia import Najia
    except ImportError:
        print("najia not installed: no comparison")
        return
    logging.getLogger("najia").setLevel(logging.WARNING)

    def one(x: tuple[str, dt.datetime]) -> None:
        Najia(verbose=0).compile(params=[NAJIA_PARAM[int(ch)] for ch in x[0]], date=x[1])

    # najia always reads a date: Najia._daily turns it into pillars with lunar-python on every
    # call. "From pillars" answers _daily from a table made before the timing (the pillars given,
    # as compute is given month= and day=); "from datetime" lets both convert the date.
    daily = {}
    for _, when in sample:
        key = (when.year, when.month, when.day, when.hour)
        daily[key] = Najia._daily(when)
    real_daily = Najia.__dict__["_daily"]
    Najia._daily = staticmethod(lambda d: daily[(d.year, d.month, d.day, d.hour)])
    try:
        r_najia_pill = rate(one, sample, repeat)
    finally:
        Najia._daily = real_daily
    r_najia = rate(one, sample, repeat)
    fixed = [(cast, sample[0][1]) for cast, _ in sample]  # lunar-python caches one date
    r_najia_fixed = rate(one, fixed, repeat)
    r_fixed = rate(lambda x: chart(lines=x[0], at=x[1]), fixed, repeat)
    print(f"najia 2.0.1, the same casts (pillars):      {r_najia_pill:9.0f} charts/s "
          "(its lunar-python call answered from a table made before the timing)")
    print(f"najia 2.0.1, the same casts (datetime):     {r_najia:9.0f} charts/s "
          "(lunar-python on every call)")
    print(f"najia 2.0.1, the casts on one date:         {r_najia_fixed:9.0f} charts/s "
          f"(compute: {r_fixed:.0f})")
    print("  (najia computes the core only: 納甲, 六親, 六神, 伏神, 變卦 — no rule findings)")
    print(f"ratio compute/najia, full charts: pillars {r_pill / r_najia_pill:.2f}x, "
          f"datetime {r_date / r_najia:.2f}x, one date {r_fixed / r_najia_fixed:.2f}x; "
          f"core only (pillars) {r_core / r_najia_pill:.2f}x")


def _sweep_chunk(args: tuple[list[str], list[tuple[int, int]]]) -> tuple[int, list[str]]:
    casts, pairs = args
    errors, count = [], 0
    for cast in casts:
        for month, day in pairs:
            try:
                chart(lines=cast, month=BRANCH_ZH[month], day=GANZHI[day].zh)
            except Exception as exc:  # noqa: BLE001 - every failure is reported
                errors.append(f"{cast} {BRANCH_ZH[month]} {GANZHI[day].zh}: {exc!r}")
            count += 1
    return count, errors[:20]


def sweep(kind: str) -> int:
    casts = ["".join(p) for p in itertools.product("6789", repeat=6)]
    if kind == "full":  # the same 720 month-day pairs for every cast: 64 casts per job
        pairs = [(m, d) for m in range(12) for d in range(60)]
        jobs = [(casts[k:k + 64], pairs) for k in range(0, len(casts), 64)]
    else:  # each cast its own twelve (month, day) pairs
        jobs = [([c], [(m, (i + 5 * m) % 60) for m in range(12)]) for i, c in enumerate(casts)]
    t = time.perf_counter()
    total, errors = 0, []
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        for count, errs in pool.map(_sweep_chunk, jobs, chunksize=16):
            total += count
            errors.extend(errs)
    seconds = time.perf_counter() - t
    print(f"sweep ({kind}): {total} charts in {seconds:.1f} s on {os.cpu_count()} processes "
          f"({total / seconds:.0f} charts/s), {len(errors)} errors")
    for e in errors[:20]:
        print("  ", e)
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", choices=("sample", "full", "none"), default="sample")
    parser.add_argument("-n", type=int, default=500, help="seeded casts for the timing")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(machine())
    timing(args.n, args.repeat)
    return 0 if args.sweep == "none" else sweep(args.sweep)


if __name__ == "__main__":
    sys.exit(main())
