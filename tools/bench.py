"""Benchmark compute.chart (every registered rule and finding) beside najia, and sweep casts.

    python tools/bench.py                 # timing + the default sweep (stated below)
    python tools/bench.py --sweep full    # 4,096 casts x 60 days x 12 months (long)
    python tools/bench.py --sweep none --memory 100000

Timing: a fixed, seeded set of casts and dates (400 by default), charted by compute — in full
with ``to_dict()`` from a datetime and from pillars (the book's way), and the static chart alone
(``rules=()``) — and by najia on the same casts in the same run. Every job runs once per round,
the order rotated from round to round, and each rate is the median of the rounds (``--rounds``,
default 5), so the machine's load falls on every job alike. najia always takes a datetime and
converts it with lunar-python; for "pillars" its conversion is answered from a table made
before the timing, so both sides start from the pillars; for "datetime" both convert the date
themselves. The three ratios of issue 7 are printed with their targets, and the wall time of a
one-chart ``yimao chart`` process beside ``python -c pass`` (medians of interleaved runs).
For scale, two more jobs time the output alone: the same charts' ``to_dict()`` results, made
beforehand, copied dict by dict in Python and unmarshalled in C. No Python code producing that
result can be faster than the copy; the line "the output's floor" sets it beside both charts.
``--cases`` times only ``yimao cases --json`` (warm: the cases kept from the TEI; cold: the kept
file removed) beside the one-chart process and ``python -c pass``, and counts the three under
callgrind when valgrind is installed (issue 8; ``make bench-cases``). ``--memory N`` charts N
charts in one process and prints the peak RSS at each tenth.
``--instructions N`` counts, under valgrind's callgrind (when installed), the instructions per
chart of each job (full+to_dict from pillars and from a datetime, the static chart): a run
charting N sample charts less a run charting none, both after the same 20 warm-up charts and
the same preparation — a count the machine's load does not move — and najia's the same way
(its date from lunar-python, or from a table made beforehand), with the three ratios.

Sweep: every cast (4,096 = 4^6 line values) under every month; the day runs through all sixty
terms as the cast varies (day = cast + 5 * month, mod 60), so all 720 month-day pairs occur —
49,152 charts. ``--sweep full`` charts all 2,949,120 combinations. Any exception is an error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import logging
import marshal
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compute import chart  # noqa: E402
from compute.book.ganzhi import BRANCH_ZH, GANZHI  # noqa: E402

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


def _najia() -> Any:
    """najia's Najia class (or None when the package is not installed), quietened."""
    try:
        from najia.najia import Najia
    except ImportError:
        return None
    logging.getLogger("najia").setLevel(logging.WARNING)
    return Najia


def each(job: Callable[..., None], rows: list[Any]) -> None:
    """Run *job* on each row and keep nothing, as najia's loop does: a job that kept its 400
    charts' dicts alive until the round ends (a list of them) ran ≈25% slower than one that
    drops each, from the memory it holds, not from the charting."""
    for row in rows:
        job(*row)


def workloads(n: int) -> dict[str, tuple[Callable[[], None], int]]:
    """The timed jobs, each a function running over the seeded sample, and its size."""
    sample = cases(n)
    pillared = []
    for cast, when in sample:
        c = chart(lines=cast, at=when)
        pillared.append((cast, c.month_pillar.zh, c.day.zh))
    def full_at(x: str, w: dt.datetime) -> None:
        chart(lines=x, at=w).to_dict()

    def full(x: str, m: str, d: str) -> None:
        chart(lines=x, month=m, day=d).to_dict()

    def static(x: str, m: str, d: str) -> None:
        chart(lines=x, month=m, day=d, rules=())

    def static_dict(x: str, m: str, d: str) -> None:
        chart(lines=x, month=m, day=d, rules=()).to_dict()

    jobs: dict[str, tuple[Callable[[], None], int]] = {
        "compute full+to_dict, datetime": (lambda: each(full_at, sample), n),
        "compute full+to_dict, pillars": (lambda: each(full, pillared), n),
        "compute static chart, pillars": (lambda: each(static, pillared), n),
        "compute static+to_dict, pillars": (lambda: each(static_dict, pillared), n),
        # the same jobs with compute's memo caches emptied at the start of the run (cold; the
        # charts run whether or not any cache was found)
        "compute full+to_dict, datetime, cold": (
            lambda: (clear_caches(), each(full_at, sample)), n),
        "compute full+to_dict, pillars, cold": (lambda: (clear_caches(), each(full, pillared)), n),
        "compute static chart, pillars, cold": (
            lambda: (clear_caches(), each(static, pillared)), n),
    }
    # the output alone, for scale: the same charts' to_dict() results made beforehand, copied by a
    # Python rebuild (the least any Python code producing them must do) and unmarshalled in C
    outputs = [chart(lines=x, month=m, day=d).to_dict() for x, m, d in pillared]
    copies = [(o,) for o in outputs]
    packed = [(marshal.dumps(o),) for o in outputs]
    jobs[OUTPUT_COPY] = (lambda: each(rebuild, copies), n)
    jobs[OUTPUT_MARSHAL] = (lambda: each(marshal.loads, packed), n)
    najia = _najia()
    if najia is None:
        return jobs
    daily = {}
    for _, when in sample:
        daily[(when.year, when.month, when.day, when.hour)] = najia._daily(when)
    real_daily = najia.__dict__["_daily"]
    table_daily = staticmethod(lambda d: daily[(d.year, d.month, d.day, d.hour)])

    def run_najia(table: bool) -> None:
        najia._daily = table_daily if table else real_daily
        try:
            for x, w in sample:
                najia(verbose=0).compile(params=[NAJIA_PARAM[int(ch)] for ch in x], date=w)
        finally:
            najia._daily = real_daily

    jobs["najia, datetime"] = (lambda: run_najia(False), n)
    jobs["najia, pillars (date from a table)"] = (lambda: run_najia(True), n)
    return jobs


OUTPUT_COPY = "output alone, Python copy"
OUTPUT_MARSHAL = "output alone, marshal.loads"


def rebuild(value: Any) -> Any:
    """A copy of a to_dict() result, dict by dict and list by list: the least work any Python
    code producing that result does (the leaves are shared, as interned strings would be).

    >>> d = {"a": [1, {"b": 2}]}; c = rebuild(d); c == d and c["a"] is not d["a"]
    True
    """
    kind = type(value)
    if kind is dict:
        return {k: rebuild(v) for k, v in value.items()}
    if kind is list:
        return [rebuild(v) for v in value]
    return value


def output_size(outputs: list[dict[str, Any]]) -> tuple[float, float]:
    """Containers (dicts and lists) and kilobytes of JSON per chart of *outputs*.

    >>> output_size([{"a": [1, 2]}])
    (2.0, 0.013)
    """
    def containers(value: Any) -> int:
        if type(value) is dict:
            return 1 + sum(map(containers, value.values()))
        if type(value) is list:
            return 1 + sum(map(containers, value))
        return 0
    size = sum(len(json.dumps(o, ensure_ascii=False).encode()) for o in outputs)
    return (sum(map(containers, outputs)) / len(outputs), round(size / len(outputs) / 1000, 3))


def clear_caches() -> int:
    """Empty every memo cache (``functools.cache`` / ``lru_cache``) of compute's modules that is
    keyed on arguments — the parsed inputs, the casts, the years' 節, the hexagrams' templates
    … — and return how many. The same 400 casts run in every round, so such caches would be
    filled in round 1 and hit afterwards; the "cold" jobs empty them first, so their rate
    includes filling them. Since issue 7 the chart's path keeps no such cache (its tables are
    built at import), so this finds none there (0) and the cold jobs measure the same work as
    the others. Argument-less caches (a table built whole on first use, such as the 節 table)
    are kept."""
    count = 0
    for name, module in list(sys.modules.items()):
        if name != "compute" and not name.startswith("compute."):
            continue
        for obj in list(vars(module).values()):
            wrapped = getattr(obj, "__wrapped__", None)
            code = getattr(wrapped, "__code__", None)
            if code is None or not hasattr(obj, "cache_clear") or getattr(
                    obj, "__module__", None) != name or code.co_argcount == 0:
                continue
            obj.cache_clear()
            count += 1
    return count


def interleaved(jobs: dict[str, tuple[Callable[[], None], int]],
                rounds: int) -> dict[str, float]:
    """Charts per second of each job: the median of *rounds* rounds; in each round every job
    runs once, in an order rotated from round to round, so the machine's load falls on all
    alike."""
    names = list(jobs)
    times: dict[str, list[float]] = {k: [] for k in names}
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            fn, _ = jobs[name]
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    return {k: jobs[k][1] / statistics.median(v) for k, v in times.items()}


ONE_CHART = ("chart", "震", "兌", "--month", "寅", "--day", "癸酉")
"""The one-chart ``yimao`` process of the startup measurements."""


def processes(commands: dict[str, list[str]], rounds: int,
              before: dict[str, Callable[[], None]] | None = None) -> dict[str, float]:
    """Median wall seconds of each command (a subprocess in the repository), interleaved: one
    warm-up run of each, then *rounds* rounds running each once; *before* names a step run
    (untimed) before each run of a command. Bytecode is cached as an installed package has it
    (in a temporary PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set: without
    .pyc files most of the time is compiling compute's sources)."""
    times: dict[str, list[float]] = {k: [] for k in commands}
    steps = before or {}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for cmd in commands.values():
            subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=env)
        for _ in range(rounds):
            for name, cmd in commands.items():
                if name in steps:
                    steps[name]()
                t = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=env)
                times[name].append(time.perf_counter() - t)
    return {k: statistics.median(v) for k, v in times.items()}


def _yimao(*args: str) -> list[str]:
    return [sys.executable, "-m", "yimao.cli.main", *args]


ASKED_CHART = ("chart", "困", "坎", "--month", "午", "--day", "壬戌", "--question", "囤積")
"""A one-chart process asked a question of the 筮類 (its rules, questions and judgments load)."""


def cli_startup(rounds: int) -> tuple[float, float]:
    """Median wall seconds of a one-chart ``yimao chart`` process and of ``python -c pass``
    (:func:`processes`, interleaved with a chart asked a question, whose line this prints)."""
    t = processes({"one": _yimao(*ONE_CHART), "asked": _yimao(*ASKED_CHART),
                   "bare": [sys.executable, "-c", "pass"]}, rounds)
    print(f"a `yimao chart … --question 囤積` process {t['asked'] * 1000:.0f} ms: "
          f"{t['asked'] / t['bare']:.2f}x `python -c pass`")
    startup_instructions()
    return t["one"], t["bare"]


def startup_instructions() -> None:
    """The same three processes' instructions under callgrind (when valgrind is installed),
    bytecode cached as for the timing: a figure the machine's load does not move (the wall
    ratio adds what callgrind does not see, the process's start in the kernel and its files)."""
    counts = callgrind({"one": _yimao(*ONE_CHART), "asked": _yimao(*ASKED_CHART),
                        "bare": [sys.executable, "-c", "pass"]})
    if counts is None:
        return
    print(f"instructions (callgrind): one-chart process {counts['one'] / 1e6:.1f} M, asked "
          f"{counts['asked'] / 1e6:.1f} M, `python -c pass` {counts['bare'] / 1e6:.1f} M: "
          f"{counts['one'] / counts['bare']:.2f}x and {counts['asked'] / counts['bare']:.2f}x")


def callgrind(commands: dict[str, list[str]],
              before: dict[str, Callable[[], None]] | None = None) -> dict[str, int] | None:
    """Each command's instructions under callgrind (None when valgrind is not installed), after
    one plain run (bytecode cached as for the timing) and the command's *before* step."""
    import re
    import shutil

    if shutil.which("valgrind") is None:
        return None
    counts = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for name, cmd in commands.items():
            subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=env)
            if name in (before or {}):
                before[name]()  # type: ignore[index]
            out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                  *cmd], capture_output=True, text=True, check=True, cwd=ROOT,
                                 env=env).stderr
            found = re.search(r"refs:\s*([\d,]+)", out)
            if found is None:
                raise SystemExit(f"instructions: no count in valgrind's output:\n{out[-500:]}")
            counts[name] = int(found.group(1).replace(",", ""))
    return counts


def cases_startup(rounds: int) -> None:
    """``--cases``: the wall time of ``yimao cases --json`` (every worked case charted, every
    claim checked) beside one ``yimao chart`` process and ``python -c pass`` (issue 8: at most
    6x the one-chart process), medians of interleaved runs (:func:`processes`): warm, the cases
    kept from the TEI (yimao.model.case_record.CASES_KEPT valid, as after any earlier read),
    and cold, the kept file removed before each run (the TEI parsed, as after a rebuild)."""
    from yimao.model.case_record import CASES_KEPT

    def forget() -> None:
        CASES_KEPT.unlink(missing_ok=True)

    t = processes({"warm": _yimao("cases", "--json"), "cold": _yimao("cases", "--json"),
                   "one": _yimao(*ONE_CHART), "bare": [sys.executable, "-c", "pass"]}, rounds,
                  before={"cold": forget})
    print(f"medians of {rounds} interleaved runs: one-chart `yimao chart` process "
          f"{t['one'] * 1000:.0f} ms, `python -c pass` {t['bare'] * 1000:.0f} ms")
    for name, what in (("warm", "cases kept from the TEI"), ("cold", "kept file removed")):
        print(f"`yimao cases --json`, {name} ({what}): {t[name] * 1000:.0f} ms = "
              f"{t[name] / t['one']:.2f}x one chart (target <= 6x), "
              f"{t[name] / t['bare']:.2f}x python")
    n = callgrind({"warm": _yimao("cases", "--json"), "cold": _yimao("cases", "--json"),
                   "one": _yimao(*ONE_CHART)}, before={"cold": forget})
    if n is not None:
        print(f"instructions (callgrind): one chart {n['one'] / 1e6:.0f} M; cases warm "
              f"{n['warm'] / 1e6:.0f} M = {n['warm'] / n['one']:.2f}x, cold "
              f"{n['cold'] / 1e6:.0f} M = {n['cold'] / n['one']:.2f}x")


def timing(n: int, rounds: int) -> None:
    r = interleaved(workloads(n), rounds)
    print(f"{n} seeded casts, median of {rounds} interleaved rounds (charts/s):")
    for name, value in r.items():
        print(f"  {name:38} {value:9.0f}")
    if "najia, datetime" in r:
        print("  (najia computes the static chart only: 納甲, 六親, 六神, 伏神, 變卦; its date "
              "always goes through lunar-python, answered from a table for 'pillars')")
        date = r["compute full+to_dict, datetime"] / r["najia, datetime"]
        pill = r["compute full+to_dict, pillars"] / r["najia, pillars (date from a table)"]
        static = r["compute static chart, pillars"] / r["najia, pillars (date from a table)"]
        print(f"ratio compute/najia: full chart + to_dict from a datetime {date:.2f}x "
              f"(target >= 25x); full chart + to_dict from pillars {pill:.2f}x (target >= 0.2x); "
              f"static chart {static:.2f}x (target >= 1.2x)")
        cold = {k: r[f"compute {k}, cold"] / r[base] for k, base in (
            ("full+to_dict, datetime", "najia, datetime"),
            ("full+to_dict, pillars", "najia, pillars (date from a table)"),
            ("static chart, pillars", "najia, pillars (date from a table)"))}
        print(f"the same with compute's memo caches emptied each round ({clear_caches()} "
              f"caches): {cold['full+to_dict, datetime']:.2f}x, "
              f"{cold['full+to_dict, pillars']:.2f}x, {cold['static chart, pillars']:.2f}x")
    if OUTPUT_COPY in r and "najia, pillars (date from a table)" in r:
        najia_us = 1e6 / r["najia, pillars (date from a table)"]
        full_us = 1e6 / r["compute full+to_dict, pillars"]
        copy_us, load_us = 1e6 / r[OUTPUT_COPY], 1e6 / r[OUTPUT_MARSHAL]
        cont, kb = output_size([chart(lines=x, at=w).to_dict() for x, w in cases(n)])
        print(f"the output's floor: a full chart's to_dict() is {cont:.0f} dicts and lists, "
              f"{kb:.1f} KB of JSON; copying it alone in Python takes {copy_us:.0f} us a chart, "
              f"unmarshalling it {load_us:.0f} us, beside najia's whole chart {najia_us:.0f} us "
              f"and compute's full chart {full_us:.0f} us (the copy alone is "
              f"{copy_us / full_us:.0%} of it; 0.2x najia means {5 * najia_us:.0f} us)")
    one, bare = cli_startup(max(2 * rounds, 11))
    print(f"one-chart `yimao chart` process {one * 1000:.0f} ms, `python -c pass` "
          f"{bare * 1000:.0f} ms: {one / bare:.2f}x (target <= 2.5x)")


def memory(n: int) -> None:
    """Peak RSS while charting *n* charts (with to_dict) in this process, at tenths."""
    casts = ["".join(p) for p in itertools.product("6789", repeat=6)]
    marks = []
    for k in range(n):
        m = k % 12
        chart(lines=casts[k % len(casts)], month=BRANCH_ZH[m], day=GANZHI[(k + 5 * m) % 60].zh
              ).to_dict()
        if (k + 1) % max(n // 10, 1) == 0:
            marks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
    print(f"memory: {n} charts, peak RSS at each tenth (MiB): {' '.join(map(str, marks))}")


WORK = ("full", "date", "static", "najia-table", "najia-date")


def work(job: str, n: int) -> None:
    """What ``--instructions`` counts: 20 warm-up charts, the sample prepared, then *n* charts
    of *job* (``none``: no charts, the baseline)."""
    sample = cases(20 + n)
    for cast, when in sample[:20]:
        chart(lines=cast, at=when).to_dict()
    sample = sample[20:]
    pillared = []
    for cast, when in sample:
        c = chart(lines=cast, at=when, rules=())
        pillared.append((cast, c.month_pillar.zh, c.day.zh))
    if job == "full":
        for x, m, d in pillared:
            chart(lines=x, month=m, day=d).to_dict()
    elif job == "date":
        for x, w in sample:
            chart(lines=x, at=w).to_dict()
    elif job == "static":
        for x, m, d in pillared:
            chart(lines=x, month=m, day=d, rules=())
    elif job.startswith("najia"):
        najia = _najia()
        for cast, when in cases(3):  # najia warmed up too
            najia(verbose=0).compile(params=[NAJIA_PARAM[int(ch)] for ch in cast], date=when)
        daily = {(w.year, w.month, w.day, w.hour): najia._daily(w) for _, w in sample}
        if job == "najia-table":
            najia._daily = staticmethod(lambda d: daily[(d.year, d.month, d.day, d.hour)])
        for cast, when in sample if job != "najia-none" else ():
            najia(verbose=0).compile(params=[NAJIA_PARAM[int(ch)] for ch in cast], date=when)


def instructions(n: int) -> None:
    """Instructions per chart of each job under callgrind (see the module docstring)."""
    import re
    import shutil

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (Debian: apt-get install valgrind)")
        return

    def count(job: str) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                 sys.executable, __file__, "--work", job, str(n)],
                capture_output=True, text=True, check=True, cwd=ROOT).stderr
        found = re.search(r"refs:\s*([\d,]+)", out)
        if found is None:
            raise SystemExit(f"instructions: no count in valgrind's output:\n{out[-500:]}")
        return int(found.group(1).replace(",", ""))

    base = {"compute": count("none")}
    if _najia() is not None:
        base["najia"] = count("najia-none")  # najia and lunar-python imported and warmed up
    per = {}
    for job in WORK if "najia" in base else WORK[:3]:
        per[job] = (count(job) - base["najia" if job.startswith("najia") else "compute"]) / n
        print(f"instructions per chart, {job:11}: {per[job] / 1e6:.3f} M (callgrind, {n} charts)")
    if "najia-date" in per:
        print(f"ratio compute/najia in instructions: full chart + to_dict from a datetime "
              f"{per['najia-date'] / per['date']:.2f}x (target >= 25x); from pillars "
              f"{per['najia-table'] / per['full']:.2f}x (target >= 0.2x); static chart "
              f"{per['najia-table'] / per['static']:.2f}x (target >= 1.2x)")


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
    parser.add_argument("-n", type=int, default=400, help="seeded casts for the timing")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--memory", type=int, default=0, metavar="N",
                        help="also chart N charts in one process and print the peak RSS")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="also count instructions per chart under callgrind (N charts)")
    parser.add_argument("--cases", action="store_true",
                        help="only time `yimao cases --json`, warm and cold, beside one chart")
    parser.add_argument("--work", nargs=2, metavar=("JOB", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.work:
        work(args.work[0], int(args.work[1]))
        return 0
    print(machine())
    if args.cases:
        cases_startup(max(2 * args.rounds, 11))
        return 0
    if args.rounds > 0:  # --rounds 0: no timing (e.g. only --instructions)
        timing(args.n, args.rounds)
    if args.memory:
        memory(args.memory)
    if args.instructions:
        instructions(args.instructions)
    return 0 if args.sweep == "none" else sweep(args.sweep)


if __name__ == "__main__":
    sys.exit(main())
