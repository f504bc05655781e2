"""Published identifiers never disappear: tei/published-ids.txt lists every xml:id ever
published; the TEI must still carry each of them (new ids are welcome)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from yimao.tei import source

ROOT = Path(__file__).resolve().parent.parent
TEI = ROOT / "tei" / "yimao.xml"
REGISTRY = ROOT / "tei" / "published-ids.txt"
HOW = (
    "Published xml:ids must never disappear (citations and links use them). If an id vanished "
    "by accident, fix the input (editorial/*.tsv, compute's registry) and re-run "
    "`.venv/bin/python -m yimao.tei.build`. If the removal is deliberate (say a correction "
    "withdrawn), delete its line from tei/published-ids.txt in the same commit and give the "
    "reason in the commit message. New ids are added with `python -m yimao.tei.build --register`."
)


def current_ids() -> set[str]:
    return set(etree.parse(str(TEI)).getroot().xpath("//@xml:id"))


def registry() -> list[str]:
    return REGISTRY.read_text(encoding="utf-8").split("\n")[:-1]


def test_registry_is_sorted_unique_one_per_line() -> None:
    ids = registry()
    assert REGISTRY.read_text(encoding="utf-8").endswith("\n")
    assert ids == sorted(set(ids)) and all(i and i.strip() == i for i in ids)


def test_no_published_id_disappears() -> None:
    missing = sorted(set(registry()) - current_ids())
    assert not missing, f"{len(missing)} published id(s) gone, e.g. {missing[:5]}. {HOW}"


def test_registry_holds_the_fixed_ids_of_the_brief() -> None:
    ids = set(registry())
    src = source.load()
    assert {p.id for p in src.chinese + src.korean} <= ids
    assert {s for p in src.chinese for s in source.sentence_ids(p.id, p.text)} <= ids
    assert {"front-title", "lifa-01", "lifa-41", "shilei-50", "back-siku", "rules"} <= ids


# ids that name no passage, case or rule: the parts, the taxonomy, the people and the editors
NAMED = {"lifa", "shilei", "rules", "glossary", "ed", "transcriber", "hu-jie", "cheng-liangyu",
         "wang-zehong", "gu-baowen", "lu-jin"}


def test_every_published_id_has_a_form_of_yimao_ids() -> None:
    """Every id the TEI carries is one of the forms yimao.ids parses (or a named one), and
    formatting its parts gives it back; paragraph-bound ids name a paragraph of the TEI."""
    from yimao import ids

    current = current_ids()
    unknown = sorted(i for i in current - NAMED if not ids.kind(i))
    assert not unknown, f"ids of no known form: {unknown[:10]}"
    for i in current - NAMED:
        parsed = ids.parse(i)
        assert str(parsed) == i
        if parsed.para:
            assert parsed.para in current, i
