"""The worked cases in the TEI agree with editorial/cases.toml, and no contradiction is left
unexplained: every contradicted or not computable claim, and every case whose date never
occurred, resolves oddly or is inferred, has a Korean editorial note in the TEI."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from yimao.cli.main import main
from yimao.model import cases as C
from yimao.model.edition import TEI_NS, XML_ID, XML_LANG, load_edition, text_of
from yimao.tei.cases import (
    CASE_QUESTIONS_TOML,
    CASES_TOML,
    FEATURES,
    KO_FEATURES,
    read_case_questions,
    read_case_titles,
)

ROWS = tomllib.loads(CASES_TOML.read_text(encoding="utf-8"))["case"]
ED = load_edition()
RECORDS = ED.cases()
TITLES = read_case_titles()
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _t(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


def test_same_cases_in_the_same_order() -> None:
    assert [r.id for r in RECORDS] == [row["id"] for row in ROWS]
    assert len(RECORDS) > 150


@pytest.mark.parametrize(("rec", "row"), list(zip(RECORDS, ROWS, strict=False)),
                         ids=[r.id for r in RECORDS])
def test_case_agrees_with_cases_toml(rec, row) -> None:
    assert rec.passage == row["para"]
    assert rec.text == row["text"]
    for name in FEATURES:
        if name in C.INPUTS:  # the inputs in compute's one case-inputs type
            assert getattr(rec.inputs, name) == row.get(name, ""), name
        else:
            assert getattr(rec, name) == row.get(name, ""), name
    assert (rec.question_ko, rec.title_ko) == TITLES[rec.id]  # editorial/case-titles.tsv
    assert rec.same_as == row.get("same_as", "")
    claims = row.get("claim", [])
    assert [c.id for c in rec.claims] == [f"{rec.id}-c{k}" for k in range(1, len(claims) + 1)]
    assert [(c.text, c.rule, c.expect) for c in rec.claims] == [
        (c["text"], c["rule"], c["expect"]) for c in claims
    ]
    # the machine part, compiled into <fs type="check">: the same values, types and all
    assert [(c.check, c.working_note, c.sic, c.corr) for c in rec.claims] == [
        (c["check"], c.get("note", ""), c.get("sic", ""), c.get("corr", "")) for c in claims
    ]
    assert rec.working_note == row.get("note", "")


def test_yimao_cases_reads_the_tei() -> None:
    """The CLI's and the site's cases are the read model's, one type (no second record)."""
    loaded = C.load()
    assert loaded == RECORDS and {type(c) for c in loaded} == {C.Case}
    by = {c.id: c for c in loaded}
    assert HANGUL.search(by["p155-case1"].date_note)
    assert by["p155-case1"].date_note == " ".join(by["p155-case1"].date_notes)
    assert "左傳" in by["p272-case1"].notes[0]
    assert by["p095-case1"].claims[0].note.startswith("비(飛)·변(變)의 효에는")


def _editorial_notes() -> dict[str, list]:
    out: dict[str, list] = {}
    for n in ED.tree.iter(_t("note")):
        if n.get("type") == "editorial" and n.get("target"):
            for t in n.get("target").split():
                out.setdefault(t.lstrip("#"), []).append(n)
    return out


def test_every_contradicted_or_not_computable_claim_is_explained_in_korean() -> None:
    notes = _editorial_notes()
    bad = [c for r in RECORDS for c in r.claims if c.expect != "confirmed"]
    assert len(bad) >= 9   # 7 contradicted, 2 not computable after the audit of issue 10
    for claim in bad:
        assert claim.id in notes, f"{claim.id} ({claim.expect}) has no editorial note"
        for n in notes[claim.id]:
            assert n.get("resp") == "#ed" and n.get(XML_LANG) == "ko"
            assert n.get("subtype") == claim.expect
            assert len(HANGUL.findall(text_of(n))) > 20, claim.id
            # the note stands in the passage of its claim
            claim_el = ED.element(claim.id)
            assert next(claim_el.iterancestors(_t("div"))) is n.getparent()


def test_every_doubtful_date_is_explained_in_korean() -> None:
    notes = _editorial_notes()
    cases = C.load()
    doubtful = {c.id for c in cases if C.date_problem(c)}
    doubtful |= {row["id"] for row in ROWS if row.get("date_note")}
    assert {"p155-case1", "p372-case2"} <= doubtful
    for cid in sorted(doubtful):
        kinds = [n.get("subtype") for n in notes.get(cid, [])]
        assert "date" in kinds, f"{cid}: no Korean note on its date"
    for cid, ns in notes.items():
        for n in ns:
            if n.get("subtype") == "date":
                assert HANGUL.search(text_of(n)) and ED.element(cid).get("type") == "case"


def test_every_case_note_of_cases_toml_is_in_the_tei_in_korean() -> None:
    notes = _editorial_notes()
    for row in ROWS:
        if row.get("note"):
            kinds = [n.get("subtype") for n in notes.get(row["id"], [])]
            assert "case" in kinds, f"{row['id']}: its note is not in the TEI"
    for rec in RECORDS:
        assert all(HANGUL.search(n) for n in rec.notes + rec.date_notes)


def test_every_case_has_its_feature_structure() -> None:
    fss = {fs.get("corresp"): fs for fs in ED.tree.iter(_t("fs")) if fs.get("type") == "case"}
    for rec in RECORDS:
        fs = fss[f"#{rec.id}"]
        assert fs.get(XML_ID) == f"{rec.id}-fs" and fs.getparent().tag == _t("standOff")
        names = [f.get("name") for f in fs]
        assert names == [n for n in (*FEATURES, *KO_FEATURES) if n in names]  # fixed order
        assert ED.element(rec.id).get("subtype") == rec.type


def test_outcomes_stand_in_the_text_apart_from_the_claims() -> None:
    inline = [r for r in RECORDS if r.outcome_ids]
    assert len(inline) >= 100
    for rec in inline:
        seg_text = "".join(text_of(ED.element(i), "diplomatic") for i in rec.outcome_ids)
        for part in re.split(r"[；…]+", re.sub(r"（[^（）]*）", "", rec.outcome or "")):
            assert part in seg_text, (rec.id, part)
        para = ED.element(rec.passage)
        for i in rec.outcome_ids:
            seg = ED.element(i)
            assert seg.get("corresp") == f"#{rec.id}" and para in seg.iterancestors()
            assert all(a.get("type") != "claim" for a in seg.iterancestors(_t("seg")))
    assert all(r.outcome == "" for r in RECORDS if r.type in ("schematic", "example"))


def test_json_uses_null_for_absent_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cases", "--json", "--type", "schematic"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(d["outcome"] is None for d in data)
    assert not any(v == "" for d in data for v in d.values())
    assert not any(v == "" for d in data for c in d["claims"] for v in c.values())


def test_case_questions_compiled_into_the_tei_are_the_toml_rows() -> None:
    """editorial/cases-proposed.toml's [[case_question]] rows → ``fs type="case-question"``
    → the read model's Case.question_id / yongshen / yongshen_note: the same values, types
    and all, for every row; a case without a row has none."""
    rows = tomllib.loads(CASE_QUESTIONS_TOML.read_text(encoding="utf-8"))["case_question"]
    by = {r.id: r for r in RECORDS}
    assert len(rows) >= 150 and {row["case"] for row in rows} <= set(by)
    for row in rows:
        case = by[row["case"]]
        assert (case.question_id, case.yongshen, case.yongshen_note) == (
            row["question"], row["yongshen"], row.get("note", "")), row["case"]
        assert isinstance(case.yongshen["hidden"], bool)
    assert all(r.yongshen is None for r in RECORDS if r.id not in {x["case"] for x in rows})


def test_a_case_question_row_without_its_yongshen_is_refused(tmp_path) -> None:
    from yimao.tei.inputs import InputError

    bad = tmp_path / "cases-proposed.toml"
    bad.write_text('[[case_question]]\ncase = "p089-case1"\nquestion = ""\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"\[\[case_question\]\] 1: needs case"):
        read_case_questions(bad)
