"""The worked examples (editorial/examples.toml) and the 筮類 questions the site shows
(editorial/questions.toml) compiled into the TEI (yimao.tei.examples) and read back by the model
(yimao.model.examples): the same values, types and all, for every row; a broken row stops the
builder with one line.

Expected values are read here from the TOML with tomllib, never through the code under test."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from yimao.errors import EditionError
from yimao.model import examples as X
from yimao.model.edition import load_edition
from yimao.tei import build as build_tei
from yimao.tei import examples as tei_examples
from yimao.tei.inputs import InputError

ROOT = Path(__file__).resolve().parent.parent
TOML_EXAMPLES = tomllib.loads((ROOT / "editorial" / "examples.toml").read_text(encoding="utf-8"))
TOML_QUESTIONS = tomllib.loads((ROOT / "editorial" / "questions.toml").read_text(
    encoding="utf-8"))
TEI_NS = "{http://www.tei-c.org/ns/1.0}"


def same(a: Any, b: Any) -> bool:
    """Equal, and of the same type all the way down (1.0 is not 1, True is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def test_same_tells_types_apart() -> None:
    assert same({"a": [1, "x"]}, {"a": [1, "x"]})
    assert not same(1.0, 1) and not same(True, 1) and not same(["x"], ("x",))
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1})  # the order of a table is kept too


def test_examples_compiled_into_the_tei_are_the_toml_rows() -> None:
    rows = TOML_EXAMPLES["example"]
    compiled = X.examples(load_edition())
    assert len(rows) >= 300 and [e.id for e in compiled] == [r["id"] for r in rows]
    kinds = set()
    for row, ex in zip(rows, compiled, strict=True):
        assert (ex.rule, ex.source, ex.case, ex.ko, ex.ko_focus) == (
            row["rule"], row["source"], row.get("case", ""), row["ko"], row["ko_focus"]), ex.id
        assert list(ex.claims) == row.get("claims", []), ex.id
        for name in ("inputs", "focus", "near_miss"):
            assert same(getattr(ex, name), row.get(name)), (ex.id, name)
        kinds |= {type(v) for v in row["focus"].values()}
    assert {str, list, dict, int, float, bool} <= kinds | {
        type(v) for r in rows for v in r["focus"].get("data", {}).values()} | {
        type(x) for r in rows for v in r["focus"].values() if isinstance(v, list) for x in v}


def test_an_example_record_points_to_its_rule_and_its_case() -> None:
    ed = load_edition()
    ex = ed.element("ex-xunkong")
    assert (ex.tag, ex.get("type"), ex.get("ana"), ex.get("corresp")) == (
        f"{TEI_NS}fs", "example", "#r-xunkong", "#p163-case3")
    assert ed.element("r-xunkong").tag == f"{TEI_NS}category"
    assert ed.element("p163-case3").get("type") == "case"
    constructed = ed.element("ex-wushu-dun")
    assert constructed.get("corresp") is None
    kos = [s for s in constructed.iter(f"{TEI_NS}string")
           if s.getparent().get("name") in ("ko", "ko_focus")]
    assert len(kos) == 2 and all(
        s.get("{http://www.w3.org/XML/1998/namespace}lang") == "ko" for s in kos)
    assert not [f for f in constructed.iter(f"{TEI_NS}f") if f.get("name") == "hand"]


def test_questions_compiled_into_the_tei_are_the_toml_rows() -> None:
    rows = TOML_QUESTIONS["question"]
    vocabulary = TOML_QUESTIONS["vocabulary"]
    compiled = X.questions(load_edition())
    assert len(rows) == 448 and [q.id for q in compiled] == [r["id"] for r in rows]
    for k, (row, q) in enumerate(zip(rows, compiled, strict=True)):
        assert q.number == k and q.chapter == row["id"].rsplit("-q", 1)[0]
        assert (q.text, q.ko, q.reason) == (row["text"], row["ko"], row["reason"]), q.id
        assert same(q.yongshen_given, row.get("yongshen", "")), q.id
        given = row.get("yongshen", "")
        yong = [given] if isinstance(given, str) and given else [] if given == "" else given
        assert list(q.yongshen) == yong and list(q.yongshen_ko) == [
            vocabulary.get(y, y) for y in yong], q.id
        assert list(q.passages) == row["passages"], q.id
        assert [list(a) for a in q.alternatives] == [
            alt["passages"] for alt in row.get("alternative", ()) if "passages" in alt], q.id
    assert any(isinstance(r.get("yongshen"), list) for r in rows)
    assert any(r.get("yongshen") == "" for r in rows)


def test_a_tei_without_the_records_has_none() -> None:
    mini = load_edition(ROOT / "tests" / "fixtures" / "site" / "mini.xml")
    assert X.examples(mini) == () and X.questions(mini) == ()


def test_a_broken_record_in_the_tei_is_one_line(tmp_path: Path) -> None:
    text = (ROOT / "tei" / "yimao.xml").read_text(encoding="utf-8")
    broken = tmp_path / "yimao.xml"
    broken.write_text(text.replace('"#p163-case3" ana="#r-xunkong">', '"#p163-case3">', 1),
                      encoding="utf-8")
    line = next(k for k, s in enumerate(broken.read_text(encoding="utf-8").splitlines(), 1)
                if 'xml:id="ex-xunkong"' in s)
    with pytest.raises(EditionError) as err:
        X.examples(load_edition(broken))
    assert str(err.value) == (
        f"{broken}:{line}: example 'ex-xunkong': needs @ana (its rule), a source (case with "
        "@corresp to its case, or constructed with inputs) and a focus")


GOOD = ('[[example]]\nid = "ex-wushu-dun"\nrule = "wushu-dun"\nsource = "constructed"\n'
        'inputs = {primary = "漸", month = "巳", day = "丙戌", hour = "寅"}\n'
        'focus = {field = "hour", value = "庚寅"}\nko = ""\nko_focus = ""\n')


@pytest.mark.parametrize(("edit", "message"), [
    (lambda s: s.replace('focus = {field = "hour", value = "庚寅"}\n', ""),
     r"\[\[example\]\] 1 \(ex-wushu-dun\): missing focus; every example needs id, rule, source "
     r"and focus$"),
    (lambda s: s.replace('"constructed"', '"invented"'),
     r"source 'invented'; expected case or constructed$"),
    (lambda s: s.replace('"ex-wushu-dun"', '"wushu-dun"'),
     r"id 'wushu-dun'; expected \"ex-<rule>\""),
    (lambda s: s.replace("inputs = {", "input = {"), r"a constructed example needs inputs = "),
    (lambda s: s.replace('source = "constructed"', 'source = "case"'),
     r"a case example needs case = \"pNNN-caseK\"$"),
    (lambda s: s + 'colour = "red"\n', r"unknown field\(s\) colour; known: "),
    (lambda s: s + s, r"\[\[example\]\] 2 \(ex-wushu-dun\): a second example with this id$"),
    (lambda s: s.replace("focus = {", "focus = {{"), r"examples.toml:6: not valid TOML"),
])
def test_a_broken_example_row_is_one_line(tmp_path: Path, edit: Any, message: str) -> None:
    bad = tmp_path / "examples.toml"
    bad.write_text(edit(GOOD), encoding="utf-8")
    with pytest.raises(InputError, match=message) as err:
        tei_examples.read_examples(bad)
    assert "\n" not in str(err.value) and str(err.value).startswith(str(bad))


def test_an_example_of_no_rule_or_no_case_is_refused(tmp_path: Path) -> None:
    rows = [{"id": "ex-a", "rule": "a", "source": "case", "case": "p089-case1", "focus": {}}]
    tei_examples.check_examples(rows, {"a"}, {"p089-case1"})
    with pytest.raises(InputError, match=r"rule 'a' is no rule of compute's registry"):
        tei_examples.check_examples(rows, {"b"}, {"p089-case1"})
    with pytest.raises(InputError, match=r"case 'p089-case1' is no case of editorial/cases"):
        tei_examples.check_examples(rows, {"a"}, set())


def test_the_builder_stops_on_a_broken_example_with_one_line(tmp_path: Path, monkeypatch,
                                                             capsys) -> None:
    bad = tmp_path / "examples.toml"
    bad.write_text(GOOD.replace('rule = "wushu-dun"', 'rule = "no-such-rule"'), encoding="utf-8")
    monkeypatch.setattr(tei_examples, "EXAMPLES_TOML", bad)
    out = tmp_path / "yimao.xml"
    assert build_tei.main(["-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"build_tei: error: {bad}: [[example]] 1 (ex-wushu-dun): rule "
                   "'no-such-rule' is no rule of compute's registry (the taxonomy #rules)\n")
    assert not out.exists()


def test_a_question_the_text_does_not_mark_is_refused(monkeypatch) -> None:
    inputs = build_tei.load_inputs()
    row = {"id": "shilei-01-q99", "text": "x", "passages": []}
    monkeypatch.setattr(build_tei, "load_inputs", lambda: inputs)
    from dataclasses import replace

    with pytest.raises(InputError, match=r"shilei-01-q99: not marked in the text"):
        build_tei.build(replace(inputs, questions=(*inputs.questions, row)))


@pytest.mark.parametrize(("text", "message"), [
    ('[vocabulary]\n"1世" = "세"\n', r"\[vocabulary\] '1世': expected a name"),
    ('[[question]]\nid = "shilei-1-q1"\n', r"\[\[question\]\] 1: id 'shilei-1-q1'; expected "
                                          r"shilei-NN-qK$"),
])
def test_a_broken_question_row_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "questions.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as err:
        tei_examples.read_questions(bad)
    assert "\n" not in str(err.value)


def test_a_value_without_a_tei_form_is_refused() -> None:
    from yimao.tei.markup import el

    stand = el(None, "standOff")
    row = {"id": "ex-a", "rule": "a", "source": "constructed", "inputs": {},
           "focus": {"value": [[1, 2]]}}
    with pytest.raises(InputError, match=r"example ex-a: an array in an array"):
        tei_examples.example_records(stand, [row])
    with pytest.raises(InputError, match=r"example ex-a: key 'two words' cannot be a feature"):
        tei_examples.example_records(stand, [{**row, "focus": {"two words": 1}}])
