"""Property-based tests (hypothesis): whatever is given to chart(), to chart_from_fields() or to
``yimao chart`` — any text, any lines value, any datetime (aware, naive, at the ends of
Python's range) — the answer is a chart, or InputError (exit status 2) with one short line;
never another exception, never a traceback.

The number of inputs each test tried is printed at the end of the module (``pytest -s``); set
YIMAO_PROPERTY_EXAMPLES (default 300 per test) for a longer search."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compute import Chart, InputError, chart
from compute.book.ganzhi import BRANCH_ZH, GANZHI, Branch
from compute.book.gua import HEXAGRAMS
from compute.engine.chart import chart_from_fields
from compute.engine.fields import OPTIONS
from compute.engine.inputs import FIELDS
from compute.errors import LONGEST, message
from compute.registry import conventions
from yimao.cli import main as cli

pytest.importorskip("lunar_python")

EXAMPLES = int(os.environ.get("YIMAO_PROPERTY_EXAMPLES", "300"))  # per test; more by hand
RUNS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
TRIED: Counter[str] = Counter()

NAMES = [h.name for h in HEXAGRAMS]
PILLARS = [g.zh for g in GANZHI]
CJK = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥月建日時年生正一二三十冬臘之乾坤震兌困坎"

# values: mostly what the book writes, then anything
month_text = st.sampled_from(list(BRANCH_ZH) + [b + "建" for b in BRANCH_ZH] + ["三月", "正月",
                             "十一月", "臘月"] + PILLARS)
pillar_text = st.sampled_from(PILLARS + [p + "日" for p in PILLARS])
junk_text = st.text(max_size=12) | st.text(alphabet=CJK + " 　", max_size=5)
any_object = (st.none() | st.integers() | st.floats() | st.booleans() | st.binary(max_size=4)
              | st.lists(st.integers(), max_size=7) | st.sampled_from(list(Branch))
              | st.sampled_from(GANZHI) | st.dates())
lines_value = (st.text(alphabet="6789６７８９單拆重交○×xX²⑥ ,、", min_size=5, max_size=8)
               | st.integers() | st.text(max_size=10)
               | st.lists(st.integers(min_value=-1, max_value=12) | st.text(max_size=2)
                          | st.booleans(), max_size=8))
zones = (st.none() | st.timezones()
         | st.builds(dt.timezone, st.timedeltas(min_value=-dt.timedelta(hours=23, minutes=59),
                                                max_value=dt.timedelta(hours=23, minutes=59))))
moments = st.datetimes(timezones=zones) | st.sampled_from([
    dt.datetime.min, dt.datetime.max, dt.datetime(1582, 10, 15), dt.datetime(1582, 10, 14, 23),
    dt.datetime(3000, 12, 31, 23, 59), dt.datetime(3001, 1, 1),
    dt.datetime.max.replace(tzinfo=dt.timezone(dt.timedelta(hours=-23))),
    dt.datetime.min.replace(tzinfo=dt.timezone(dt.timedelta(hours=23)))])
at_value = moments | moments.map(lambda m: m.isoformat()) | junk_text | st.dates()
tz_value = st.sampled_from(["+08:00", "+09:00", "UTC", "Z", "-05:30", "Asia/Seoul", "+24:00",
                            "Mars/Olympus", ""]) | junk_text
option_value = {name: st.sampled_from(choices) | junk_text for name, choices in OPTIONS.items()}
convention_value = st.dictionaries(
    st.sampled_from([c.name for c in conventions()] + ["nope"]) | junk_text,
    junk_text | st.sampled_from([x for c in conventions() for x in c.choices]), max_size=3,
) | junk_text | any_object


cast_text = st.text(alphabet="6789單拆重交", min_size=6, max_size=6)
in_range = st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(3000, 12, 30),
                        timezones=zones)
book_call = st.fixed_dictionaries(
    {"primary": st.sampled_from(NAMES), "month": month_text, "day": pillar_text},
    optional={"changed": st.sampled_from(NAMES), "year": st.sampled_from(PILLARS),
              "hour": st.sampled_from(list(BRANCH_ZH)), "birth": st.sampled_from(PILLARS),
              "solstice": st.sampled_from(["before", "after"])})
cast_call = st.fixed_dictionaries(
    {"lines": cast_text, "at": in_range | in_range.map(lambda m: m.isoformat())},
    optional={"tz": st.sampled_from(["+08:00", "+09:00", "UTC", "-05:30"]),
              "calendar": st.sampled_from(["gregorian", "julian"]),
              "zi": st.sampled_from(["23", "0"]), "hour": st.sampled_from(list(BRANCH_ZH))})
sound_call = st.one_of(book_call, cast_call).flatmap(lambda kw: st.fixed_dictionaries(
    {k: st.just(v) for k, v in kw.items()},
    optional={name: st.sampled_from(choices) for name, choices in OPTIONS.items()
              if name not in ("solstice", "calendar", *kw)}))
junk = {
    "primary": junk_text | any_object, "changed": junk_text | any_object,
    "month": junk_text | any_object, "day": junk_text | any_object,
    "year": junk_text | any_object, "hour": junk_text | any_object,
    "birth": junk_text | any_object, "lines": lines_value | any_object, "at": at_value,
    "tz": tz_value | any_object, "conventions": convention_value,
    **{name: option_value[name] | any_object for name in OPTIONS},
}


@st.composite
def chart_kwargs(draw: st.DrawFn) -> dict:
    """A sound call, then none, one or a few of its arguments replaced by anything."""
    kwargs = dict(draw(sound_call))
    for name in draw(st.lists(st.sampled_from(sorted(junk)), max_size=3, unique=True)):
        kwargs[name] = draw(junk[name])
    return kwargs


def _answer(call: Callable[[], Chart], kind: str) -> None:
    try:
        c = call()
    except InputError as exc:
        line = message(exc)
        assert line and "\n" not in line and len(line) <= LONGEST
        assert len(str(exc)) < 400, str(exc)[:400]  # bad values are quoted short
        TRIED[f"{kind}: refused"] += 1
        return
    assert isinstance(c, Chart)
    json.dumps(c.to_dict(), ensure_ascii=False)
    TRIED[f"{kind}: chart"] += 1


@RUNS
@given(chart_kwargs())
def test_chart_answers_any_arguments(kwargs: dict) -> None:
    _answer(lambda: chart(**kwargs), "chart()")


@st.composite
def text_fields(draw: st.DrawFn) -> dict:
    """A sound call as form fields (text), then some fields replaced or added: any name, any
    text, empty text."""
    fields = {k: v if isinstance(v, str) else v.isoformat()
              for k, v in draw(sound_call).items()}
    extra = st.dictionaries(
        st.sampled_from([*FIELDS, *OPTIONS, "conventions"]) | st.text(max_size=6),
        st.just("") | junk_text | month_text | pillar_text | st.sampled_from(NAMES)
        | at_value.filter(lambda v: isinstance(v, str)), max_size=3)
    return fields | draw(extra)


@RUNS
@given(text_fields(), st.dictionaries(st.sampled_from([*OPTIONS, "conventions", "speed"]),
                                    junk_text | st.none(), max_size=2))
def test_chart_from_fields_answers_any_form(fields: dict, options: dict) -> None:
    _answer(lambda: chart_from_fields(fields, **options), "chart_from_fields()")


FLAGS = ["--month", "--day", "--year", "--hour", "--birth", "--lines", "--at", "--tz",
         "--najia-stems", "--solstice", "--fushen", "--hu", "--zi", "--convention"]
argv_item = st.one_of(st.sampled_from(FLAGS), st.sampled_from(["--julian", "--json", "-x",
                      "--nope"]), month_text, pillar_text, st.sampled_from(NAMES),
                      st.text(max_size=8).filter(lambda s: not s.startswith("-h")
                                                 and "\x00" not in s),
                      at_value.filter(lambda v: isinstance(v, str) and "\x00" not in v))


@st.composite
def argv_lists(draw: st.DrawFn) -> list[str]:
    """A sound call as command-line arguments, with anything inserted among them."""
    argv: list[str] = []
    for k, v in draw(sound_call).items():
        text = v if isinstance(v, str) else v.isoformat()
        if k in ("primary", "changed"):
            argv.insert(0 if k == "primary" else len(argv), text)
        elif k == "calendar":
            argv += ["--julian"] if text == "julian" else []
        else:
            argv += [f"--{k.replace('_', '-')}", text]
    for item in draw(st.lists(argv_item, max_size=3)):
        argv.insert(draw(st.integers(0, len(argv))), item)
    return argv


@RUNS
@given(argv_lists())
def test_cli_answers_any_arguments(argv: list[str]) -> None:
    if any(a == "-h" or a.startswith("--he") for a in argv):
        return  # --help (and its abbreviations) print help and exit 0
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(["chart", *argv])
        except SystemExit as exc:  # argparse's refusals end the program
            code = int(exc.code or 0)
    if code == 0:
        assert err.getvalue() == "" and out.getvalue()
        TRIED["yimao chart: chart"] += 1
        return
    assert code == 2 and out.getvalue() == "", (argv, out.getvalue(), err.getvalue())
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("yimao"), err.getvalue()
    assert "Traceback" not in err.getvalue()
    TRIED["yimao chart: exit 2"] += 1


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    total = sum(TRIED.values())
    print(f"\nproperty tests: {total} inputs tried: " +
          ", ".join(f"{k} {v}" for k, v in sorted(TRIED.items())))
