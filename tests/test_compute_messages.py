"""compute speaks Korean to readers (issue 24): every message it gives a person is in the
catalogue (compute/messages.py) in English and Korean; every refusal names its message by id
with the values the message names; the Korean says what was wrong in Korean, naming the bad
value and the field as a reader knows it (日辰, not ``day``), with no Python call syntax, no
CLI command and no Latin word but the forms a reader types; the CLI follows the locale."""

from __future__ import annotations

import ast
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from compute.errors import InputError, message
from compute.messages import ACCEPTS, CATALOGUE, TERMS, language, render
from compute.runner import run

ROOT = Path(__file__).resolve().parent.parent
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

TYPED: frozenset[str] = frozenset({
    "UTC",                                            # the calendar's clock, as written
    "book", "common", "pure", "trigram", "before", "after", "primary", "changed",  # option
})
"""Latin words a Korean message may hold: what the reader types (option values of the API and
the CLI, the facts field's keys) and UTC. Nothing else: no field's code name, no command."""


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def raise_sites() -> list[tuple[str, int, ast.Call]]:
    """Every ``InputError(...)`` call in compute (file, line, call)."""
    out = []
    for path in sorted((ROOT / "compute").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "InputError":
                out.append((str(path.relative_to(ROOT)), node.lineno, node))
    return out


SITES = raise_sites()


def test_every_refusal_names_a_catalogued_message_with_its_values() -> None:
    assert len(SITES) > 90
    for where, line, call in SITES:
        if where == "compute/errors.py":  # the class rebuilding itself when unpickled
            continue
        first = call.args[0] if call.args else None
        assert isinstance(first, ast.Constant) and first.value in CATALOGUE, \
            f"{where}:{line}: InputError needs a message id of compute.messages.CATALOGUE"
        given = {k.arg for k in call.keywords}
        if None in given:  # **exc.params: the values of the message it re-raises
            continue
        en, ko = CATALOGUE[first.value]
        assert placeholders(en) | placeholders(ko) <= given, (where, line, first.value)


def test_every_message_is_used() -> None:
    used = {call.args[0].value for where, _, call in SITES if where != "compute/errors.py"}
    assert set(CATALOGUE) - used == set()


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_the_korean_message_is_korean(key: str) -> None:
    en, ko = CATALOGUE[key]
    assert HANGUL.search(ko), key
    words = set(LATIN_WORD.findall(re.sub(r"\{[^}]*\}", "", ko))) - TYPED
    assert words == set(), (key, words)
    assert "yimao " not in ko and "=datetime" not in ko and "chart(" not in ko, key
    assert ko.rstrip().endswith((".", "다", ")", "}")), key


def test_terms_and_accepted_forms_are_korean() -> None:
    for word, (en, ko) in TERMS.items():
        assert en == word and not LATIN_WORD.search(ko), word
    for field, (_en, ko) in ACCEPTS.items():
        assert HANGUL.search(ko) and not LATIN_WORD.search(ko), field


BAD_FIELDS = [
    ({"primary": "XX", "month": "寅", "day": "甲子"}, "XX", "本卦"),
    ({"primary": "困", "changed": "未濟濟", "month": "午", "day": "壬戌"}, "未濟濟", "之卦"),
    ({"primary": "困", "month": "午", "day": "甲丑"}, "甲丑", "日辰"),
    ({"primary": "困", "month": "十三月", "day": "壬戌"}, "十三月", "月建"),
    ({"primary": "困", "month": "午", "day": "壬戌", "hour": "卯時時"}, "卯時時", "時"),
    ({"primary": "困", "month": "午", "day": "壬戌", "year": "甲"}, "甲", "年"),
    ({"primary": "困", "month": "午", "day": "壬戌", "birth": "X"}, "X", "本命"),
    ({"lines": "98787", "at": "1663-04-12T09:00"}, "98787", "여섯 효"),
    ({"lines": "98787z", "at": "1663-04-12T09:00"}, "z", "효"),
    ({"lines": "987876", "at": "1663-04-31T09:00"}, "1663-04-31T09:00", "일시"),
    ({"lines": "987876", "at": "1663-04-12"}, "1663-04-12", "일시"),
    ({"lines": "987876", "at": "9999-04-12T09:00"}, "9999-04-12T09:00", "일시"),
    ({"lines": "987876", "at": "1663-04-12T09:00", "tz": "Mars/Olympus"}, "Mars/Olympus",
     "시간대"),
    ({"lines": "987876", "at": "1663-04-12T09:00", "tz": "+25:00"}, "+25:00", "시간대"),
    ({"lines": "987876", "at": "1663-04-12T09:00+09:00", "tz": "+09:00"},
     "1663-04-12T09:00+09:00", "일시"),
    ({"lines": "987876", "at": "1663-04-12T09:00", "hour": "乙巳"}, "乙巳", "時"),
    ({"primary": "困", "month": "丙午", "day": "壬戌", "year": "癸卯"}, "丙午", "月建"),
    ({"primary": "困", "month": "午", "day": "壬戌", "question": "날씨"}, "날씨", "筮類 물음"),
    ({"primary": "困", "month": "午", "day": "壬戌", "yongshen": "財神"}, "財神", "用神"),
    ({"primary": "困", "month": "午", "day": "壬戌", "facts": "自占、代占"}, "代占",
     "물은 사정"),
    ({"primary": "困", "month": "午", "day": "壬戌", "facts": "外占"}, "外占", "물은 사정"),
    ({"primary": "困", "lines": "987876", "month": "午", "day": "壬戌"}, "", "여섯 효"),
    ({"changed": "坎", "month": "午", "day": "壬戌"}, "坎", "本卦"),
    ({"primary": "困之坎", "changed": "坎", "month": "午", "day": "壬戌"}, "困之坎", "之卦"),
    ({"primary": "困"}, "", "月建"),
    ({"primary": "困", "month": "午"}, "", "日辰"),
    ({}, "", "本卦"),
]


@pytest.mark.parametrize(("fields", "bad", "named"), BAD_FIELDS,
                         ids=[str(i) for i in range(len(BAD_FIELDS))])
def test_the_run_panel_refuses_in_korean_naming_the_bad_value(fields: dict[str, str], bad: str,
                                                              named: str) -> None:
    out = run(fields)
    error = out["error"]
    assert out["chart"] is None and error, fields
    assert HANGUL.search(error) and named in error, error
    if bad:
        assert bad in error, error
    assert set(LATIN_WORD.findall(error.replace(bad, ""))) <= {"UTC"}, error
    assert not re.search(r"[a-z_]+\(|[a-z_]+=", error), error  # no call syntax
    english = run(fields, lang="en")["error"]
    assert english and not HANGUL.search(english.replace(bad, "")), english


def test_english_stays_english_for_the_api_and_its_tests() -> None:
    with pytest.raises(InputError, match=r"unknown hexagram 'XX'; expected a name such as 乾"):
        from compute import chart

        chart("XX", month="寅", day="甲子")


def test_a_nested_refusal_is_written_in_one_language() -> None:
    exc = InputError("at.reason", value="1500-02-30T00:00",
                     reason=InputError("julian.day", date="1500-02-30", month_name="February",
                                       month=2, year=1500, length=29))
    assert message(exc) == ("at '1500-02-30T00:00': Julian date 1500-02-30: February 1500 has "
                            "29 days")
    assert message(exc, "ko") == ("일시 「1500-02-30T00:00」: 율리우스력 날짜 1500-02-30: "
                                  "1500년 2월은 29일까지 있습니다.")


def test_render_falls_back_to_english_for_another_language() -> None:
    assert render("cast.both", {}, "fr") == render("cast.both", {})


def test_language_follows_the_locale() -> None:
    assert language({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert language({"LC_MESSAGES": "ko_KR", "LANG": "en_US.UTF-8"}) == "ko"
    assert language({"LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"}) == "en"
    assert language({"LANG": "C.UTF-8"}) == language({}) == "en"


@pytest.mark.parametrize(("env", "option", "label", "text"), [
    ({"LANG": "ko_KR.UTF-8"}, [], "오류", "그런 괘는 없습니다"),
    ({"LANG": "C.UTF-8"}, [], "error", "unknown hexagram 'XX'"),
    ({"LANG": "C.UTF-8"}, ["--lang", "ko"], "오류", "그런 괘는 없습니다"),
    ({"LANG": "ko_KR.UTF-8"}, ["--lang", "en"], "error", "unknown hexagram 'XX'"),
])
def test_the_cli_speaks_the_locale_or_lang(env: dict[str, str], option: list[str], label: str,
                                          text: str) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    proc = subprocess.run(
        [sys.executable, "-m", "yimao.cli.main", "chart", "XX", "--month", "寅", "--day", "甲子",
         *option], capture_output=True, text=True, env={**clean, **env}, timeout=120,
        check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    line = proc.stderr.strip()
    assert line.startswith(f"yimao chart: {label}: ") and text in line, line
    assert "Traceback" not in proc.stderr
