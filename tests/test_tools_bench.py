"""tools/bench.py's own helpers: their doctests run, and the output-floor jobs copy exactly the
charts' results (a floor measured on something else would say nothing about compute)."""

from __future__ import annotations

import doctest
import marshal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench  # noqa: E402

from compute import chart  # noqa: E402


def test_bench_doctests() -> None:
    result = doctest.testmod(bench)
    assert result.attempted >= 2 and result.failed == 0


def test_output_floor_jobs_copy_the_charts_results() -> None:
    d = chart(lines="789678", month="寅", day="癸酉").to_dict()
    copy = bench.rebuild(d)
    first = copy["primary"]["lines"][0]
    assert copy == d and copy is not d and first is not d["primary"]["lines"][0]
    assert marshal.loads(marshal.dumps(d)) == d
    containers, kb = bench.output_size([d])
    assert containers > 100 and kb > 5


def test_workloads_include_the_floor_jobs() -> None:
    jobs = bench.workloads(3)
    for name in (bench.OUTPUT_COPY, bench.OUTPUT_MARSHAL):
        run, size = jobs[name]
        run()
        assert size == 3
