"""yimao.model.edition: the model the CLI and the site read (citations, lookups, broken input)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yimao.errors import EditionError
from yimao.model.edition import load_edition, text_of
from yimao.model.text import text
from yimao.tei import source
from yimao.tei.inputs import read_chapters

ROOT = Path(__file__).resolve().parent.parent
TEI = ROOT / "tei" / "yimao.xml"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


@pytest.fixture(scope="module")
def ed():
    return load_edition()


def test_loaded_once(ed) -> None:
    assert load_edition() is ed and load_edition(TEI) is ed


def test_divisions_match_chapters_tsv(ed) -> None:
    rows = read_chapters()
    assert [d.id for d in ed.divisions] == [r.id for r in rows]
    for d, r in zip(ed.divisions, rows, strict=True):
        assert (d.part, d.title_zh, d.title_ko, d.title_status) == (
            r.part, r.title_zh, r.title_ko, r.title_status
        )
        assert d.n == (int(r.n) if r.n else None)
        assert d.passages[0].id == r.first
        assert (r.note in d.notes) if r.note else True


def test_every_paragraph_is_one_passage_in_order(ed) -> None:
    ids = [p.id for d in ed.divisions for p in d.passages]
    assert ids == [p.id for p in source.load().chinese]
    for d in ed.divisions:
        assert [p.n for p in d.passages] == list(range(1, len(d.passages) + 1))


def test_references_round_trip(ed) -> None:
    seen = set()
    for d in ed.divisions:
        assert ed.resolve(ed.ref(d.id)) == d.id
        for p in d.passages:
            assert ed.resolve(p.ref) == p.id and p.ref not in seen
            seen.add(p.ref)
            assert ed.ref(p.ko_id) == ed.passage(p.ko_id).ref  # p001-ko: 易冒 題 1 (p001+p002)
            for k, sid in enumerate(p.sentences, 1):
                assert ed.ref(sid) == f"{p.ref}.{k}"
                assert ed.resolve(ed.ref(sid)) == sid


def test_reference_forms(ed) -> None:
    assert ed.passage("p043").ref == "易冒 立法 4.2"
    assert ed.passage("p296").ref == "易冒 筮類 1.1"
    assert ed.passage("p003").ref == "易冒 王序 1"
    assert ed.passage("p694").ref == "易冒 提要 1"
    assert ed.ref("p296-n1") == "易冒 筮類 1.1.1"  # a note cites as its sentence


def test_passage_values(ed) -> None:
    p = ed.passage("p027")
    assert [r.id for r in p.zh.inlines if r.kind == "seg"][:2] == ["p027-s1", "p027-s2"]
    assert p.ko_id == "p027-ko" and ed.passage("p027-ko") is p
    assert p.text("diplomatic") == source.load().by_id("p027").text


def test_text_runs_read_as_the_tei(ed) -> None:
    """Every paragraph's text runs give, in both readings, the text lxml reads in the TEI."""
    assert len(ed.paragraph_ids) == 694 + 693
    for pid in ed.paragraph_ids:
        for reading in ("diplomatic", "corrected"):
            assert text(ed.paragraph(pid).inlines, reading) == \
                text_of(ed.element(pid), reading), (pid, reading)


def test_categories(ed) -> None:
    cats = ed.categories()
    tax = ed.element("rules")
    assert [c.id for c in cats] == [e.get(XML_ID) for e in tax.iter("{*}category")]
    for c in cats:  # the registry gives every rule a Korean name and at least one passage
        assert c.name_ko and c.sentences, c.id
        assert all(ed.ref(s).startswith("易冒 ") for s in c.sentences)
    with pytest.raises(EditionError, match="no rule category"):
        ed.category("no-such-rule")


def test_categories_carry_what_the_registry_says(ed) -> None:
    """The taxonomy, compiled from compute's registry, gives the rule index all it shows:
    names, the passages that state each rule (not the claims that invoke it), how compute
    implements it and under which names."""
    from compute.registry import all_rules

    rules = all_rules()
    assert [c.rule_id for c in ed.categories()] == [r.id for r in rules]
    for r in rules:
        c = ed.category(r.id)
        assert c.name_zh == r.zh, r.id
        assert set(c.passages) == set(r.passages), r.id
        assert c.kinds == r.kinds, r.id
        assert c.implementations == tuple(i.name for i in r.impls if i.name), r.id
    assert ed.category("najia-gan").implementations[0] == "compute.book.najia.NAJIA_STEMS"
    # claims invoke rules too (their @ana): sentences, but not passages
    xunkong = ed.category("xunkong")
    assert any("-case" in s for s in xunkong.sentences)
    assert not any("-case" in s for s in xunkong.passages)


def test_unknown_ids_are_user_errors(ed) -> None:
    for call in (lambda: ed.passage("p999"), lambda: ed.division("lifa-42"),
                 lambda: ed.resolve("立法 99.1"), lambda: ed.element("nope")):
        with pytest.raises(EditionError):
            call()


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    data = TEI.read_text(encoding="utf-8")
    assert old in data
    path = tmp_path / "yimao.xml"
    path.write_text(data.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('xml:id="p028"', 'xml:id="p027"', "p027"),  # caught by the parser already
        ('<div xml:id="lifa-04" type="chapter" n="4">', '<div xml:id="lifa-04" type="chapter">',
         "numeric @n"),
        ('<p xml:id="p043" n="2"', '<p xml:id="p043" n="3"', "@n should be 2"),
    ],
)
def test_structure_errors_name_file_and_line(tmp_path, old, new, message) -> None:
    path = _broken(tmp_path, old, new)
    lines = path.read_text(encoding="utf-8").splitlines()
    with pytest.raises(EditionError) as err:
        load_edition(path)
    text = str(err.value)
    assert text.startswith(f"{path}:") and message in text
    line = int(text.split(":")[1])
    assert new.split()[0] in lines[line - 1] or new in lines[line - 1]
