"""Bad or unusual input to compute: the API, the form fields (browser) and the CLI accept the
same forms, refuse the same things with the same one line, and never answer wrongly."""

from __future__ import annotations

import datetime as dt
import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from compute import InputError, chart
from compute.engine.chart import chart_from_fields
from compute.engine.inputs import parse_fields
from compute.errors import message
from yimao.cli import main as cli

AT = "1663-04-12T09:00"  # 癸卯年 丙辰月 癸酉日 丁巳時 (UTC+8)
UTC9 = dt.timezone(dt.timedelta(hours=9))


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(["chart", *argv])
        except SystemExit as exc:  # argparse's own refusals
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def three_ways(kwargs: dict[str, str]) -> tuple[object, object, object]:
    """The chart (its to_dict) or the refusal line, by the API, by form fields, by the CLI."""
    def api() -> object:
        try:
            return chart(**kwargs).to_dict()
        except InputError as exc:
            return message(exc)

    def fields() -> object:
        try:
            return chart_from_fields(kwargs).to_dict()
        except InputError as exc:
            return message(exc)

    argv = [kwargs.get("primary", ""), kwargs.get("changed", "")]
    argv = [a for a in argv if a]
    for k, v in kwargs.items():
        if k == "calendar":
            argv += ["--julian"] if v == "julian" else []
        elif k == "conventions":
            argv += [a for item in v.split(",") for a in ("--convention", item)]
        elif k not in ("primary", "changed"):
            argv += [f"--{k.replace('_', '-')}", v]
    code, out, err = run_cli(*argv, "--json")
    if code == 0:
        import json

        return api(), fields(), json.loads(out)
    assert code == 2 and err.count("\n") == 1, err
    return api(), fields(), err.strip().removeprefix("yimao chart: error: ")


@pytest.mark.parametrize(("forms", "base"), [
    (["辰", "辰建", "辰月", "三月", "丙辰", " 辰 ", "丙辰月"], {"day": "癸酉", "year": "癸卯"}),
    (["子", "子建", "十一月", "冬月", "甲子"], {"day": "癸酉", "year": "癸卯"}),
])
def test_month_forms_are_one_month(forms: list[str], base: dict[str, str]) -> None:
    charts = [chart("震", "兌", month=m, **base).to_dict() for m in forms]
    assert all(c == charts[0] for c in charts)
    assert {chart_from_fields({"primary": "震", "month": m, **base}).month_pillar.zh
            for m in forms} == {charts[0]["month_pillar"]}


def test_day_hour_year_birth_forms() -> None:
    a = chart("震", month="寅", day="癸酉", hour="巳", year="癸卯", birth="戊午")
    b = chart("震", month="寅建", day="癸酉日", hour="巳時", year="癸卯年", birth="戊午年生")
    c = chart("震", month="正月", day="癸酉", hour="丁巳", year="癸卯", birth="戊午生")
    assert a.to_dict() == b.to_dict() == c.to_dict()


@pytest.mark.parametrize("kwargs", [
    {"primary": "震", "changed": "兌", "month": "辰建", "day": "癸酉日", "hour": "巳時"},
    {"primary": "震", "month": "三月", "day": "癸酉", "year": "癸卯年"},
    {"lines": "９８７８７６", "month": "辰月", "day": "癸酉"},
    {"lines": "重拆單拆單交", "at": AT},
    {"lines": "987876", "at": AT, "month": "辰建", "day": "癸酉日", "hour": "巳時"},
    {"lines": "987876", "at": AT, "month": "三月", "hour": "丁巳"},
    {"lines": "987876", "at": "1663-04-12T10:00", "tz": "+09:00"},
    {"lines": "987876", "at": "1500-01-20T12:00", "calendar": "julian"},
    {"lines": "987876", "at": AT, "najia_stems": "trigram"},
    # refused, the same line three ways
    {"primary": "震", "month": "子時", "day": "癸酉"},
    {"primary": "震", "month": "寅", "day": "甲丑巳"},
    {"lines": "987876", "at": AT, "hour": "乙巳"},
    {"lines": "987876", "at": AT, "month": "戊辰"},
    {"lines": "987876", "at": AT, "day": "甲子日"},
    {"lines": "987876", "at": AT, "year": "甲辰"},
    {"lines": "987876", "at": AT, "zi": "midnight"},
    {"lines": "98787²", "month": "寅", "day": "甲子"},
    {"lines": "987876", "at": "9999-12-31T23:00"},
    {"lines": "987876", "at": "2024-02-04T08:27:30+00:00", "tz": "+08:00"},
    {"lines": "987876", "at": AT, "tz": "Mars/Olympus"},
    {"primary": "震", "month": "寅", "day": "癸酉", "conventions": "nope=x"},
])
def test_api_fields_and_cli_agree(kwargs: dict[str, str]) -> None:
    api, fields, command = three_ways(kwargs)
    assert api == fields == command, (api, fields, command)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"primary": "震", "month": "子時", "day": "癸酉"}, ["month", "子時", "辰建"]),
    ({"primary": "震", "month": "寅", "day": "甲丑巳"}, ["day", "甲丑巳"]),
    ({"primary": "震", "month": "寅", "day": "甲丑"}, ["甲丑", "yang"]),
    ({"lines": "987876", "at": AT, "hour": "乙巳"}, ["乙巳", "丁巳", "contradicts"]),
    ({"lines": "987876", "at": AT, "month": "戊辰"}, ["戊辰", "丙辰", "contradicts"]),
    ({"lines": "987876", "at": AT, "year": "甲辰"}, ["甲辰", "癸卯"]),
    ({"lines": "987876", "at": AT, "day": "甲子日"}, ["甲子", "癸酉"]),
    ({"lines": "987876", "at": AT, "zi": "midnight"}, ["zi", "'midnight'", "23, 0"]),
    ({"primary": "震", "month": "寅", "day": "癸酉", "najia_stems": "x"}, ["najia_stems"]),
    ({"primary": "震", "month": "寅", "day": "癸酉", "conventions": ["a"]}, ["conventions"]),
    ({"primary": "震", "month": "寅", "day": "癸酉", "conventions": {"nope": "x"}},
     ["unknown convention"]),
    ({"lines": 987876.0, "month": "寅", "day": "癸酉"}, ["cast"]),
    ({"lines": True, "month": "寅", "day": "癸酉"}, ["cast"]),
    ({"lines": "98787⑥", "month": "寅", "day": "癸酉"}, ["⑥"]),
    ({"lines": "987876", "at": dt.date(1663, 4, 12)}, ["time"]),
    ({"lines": "987876", "at": "1663-04-12T09:00+08:00", "tz": "+09:00"}, ["own offset"]),
    ({"lines": "987876", "at": "1500-02-29T12:00"}, ["no such Gregorian date", "julian"]),
    ({"lines": "987876", "at": "1500-02-30T12:00", "calendar": "julian"}, ["29 days"]),
    ({"lines": "987876", "at": "3001-01-01T00:00"}, ["1-3000"]),
    ({"lines": "987876", "at": dt.datetime(1, 1, 1, 0, 30, tzinfo=UTC9)}, ["1-3000"]),
    ({"primary": "困之坎", "changed": "坎", "month": "寅", "day": "癸酉"}, ["changed"]),
    ({"primary": "乾", "month": "寅", "day": "甲子", "hour": ""}, ["hour is empty"]),
])
def test_refusals_name_the_value(kwargs: dict, words: list[str]) -> None:
    with pytest.raises(InputError) as err:
        chart(**kwargs)
    line = message(err.value)
    assert line == str(err.value) and "\n" not in line
    for w in words:
        assert w in line, line


@pytest.mark.parametrize("kwargs", [
    {"primary": "乾" * 1_000_000, "month": "寅", "day": "甲子"},
    {"primary": "乾", "month": "寅" * 1_000_000, "day": "甲子"},
    {"lines": "9" * 1_000_000, "month": "寅", "day": "甲子"},
    {"lines": 10**5000, "month": "寅", "day": "甲子"},
    {"lines": "987876", "at": "1" * 1_000_000},
    {"primary": "乾", "month": "寅", "day": "甲子", "tz": "A" * 1_000_000},
    {"primary": "乾", "month": "寅", "day": "甲子", "conventions": {"x" * 10**6: "y"}},
])
def test_messages_quote_only_the_start_of_a_huge_value(kwargs: dict) -> None:
    with pytest.raises(InputError) as err:
        chart(**kwargs)
    assert len(str(err.value)) < 250, str(err.value)[:300]


def test_an_endless_lines_iterable_is_refused() -> None:
    import itertools

    with pytest.raises(InputError, match="six lines"):
        chart(lines=itertools.cycle([9, 8]), month="寅", day="甲子")


def test_lines_as_a_number_or_items() -> None:
    ref = chart(lines="987876", month="寅", day="甲子").to_dict()
    for lines in (987876, [9, 8, 7, 8, 7, 6], ["9", "8", "7", "8", "7", "6"], "9,8,7 8、7 6",
                  "重拆單拆單交", "○拆單拆單×", "９８７８７６"):
        assert chart(lines=lines, month="寅", day="甲子").to_dict() == ref, lines


def test_unknown_fields_and_options_are_refused() -> None:
    with pytest.raises(InputError, match="unknown field 'moon'"):
        parse_fields({"moon": "full"})
    with pytest.raises(InputError, match="unknown field 'speed'"):
        chart_from_fields({"primary": "乾"}, speed="fast")
    with pytest.raises(InputError, match="given twice"):
        chart_from_fields({"primary": "乾", "hu": "book"}, hu="common")
    with pytest.raises(InputError, match="expected text"):
        chart_from_fields({"primary": "乾", "month": 3})  # type: ignore[dict-item]
    with pytest.raises(InputError, match="expected a mapping"):
        chart_from_fields(["primary", "乾"])  # type: ignore[arg-type]
    assert parse_fields({"primary": "乾", "hour": "  ", "tz": ""}) == {"primary": "乾"}


def test_cli_najia_stems_trigram_and_one_line_refusals() -> None:
    code, out, _ = run_cli("乾", "小畜", "--month", "未", "--day", "戊午", "--najia-stems",
                           "trigram", "--json")
    assert code == 0 and '"najia_stems": "trigram"' in out
    for argv in (["--lines", "987876", "--at", AT, "--hour"], ["--nope"], ["乾", "--month"],
                 ["乾", "--month", "寅", "--day", "甲子", "--najia-stems", "wrong"]):
        code, out, err = run_cli(*argv)
        assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)
        assert "Traceback" not in err


def test_help_states_the_zone_and_calendar_policy() -> None:
    code, out, _ = run_cli("--help")
    text = " ".join(out.split())
    assert code == 0
    for words in ("UTC+8", "+08:00", "--tz", "--julian", "1582-10-15", "1-3000"):
        assert words in text, words
