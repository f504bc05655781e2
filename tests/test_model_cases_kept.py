"""The worked cases kept between reads (yimao.model.case_record.CASES_KEPT, build/cache/cases.json):
``yimao cases`` and ``yimao case`` take them from there while the TEI file (and the reader) is
the one they were read from, and read the TEI again as soon as it is not."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from yimao.model import case_record as K
from yimao.model import edition as E
from yimao.model.case_records import CaseRecords


@pytest.fixture()
def tei(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the edition as the default TEI, a kept file of its own, no cached reads."""
    copy = tmp_path / "yimao.xml"
    shutil.copyfile(E.DEFAULT_PATH, copy)
    monkeypatch.setattr(E, "DEFAULT_PATH", copy)
    monkeypatch.setattr(K, "DEFAULT_TEI", copy)
    monkeypatch.setattr(K, "CASES_KEPT", tmp_path / "cache" / "cases.json")
    monkeypatch.setattr(K, "_KEPT", {})
    monkeypatch.setattr(E, "_CASES", {})
    monkeypatch.setattr(E, "_EDITIONS", {})
    return copy


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every parse of a TEI file from now on."""
    seen: list[str] = []
    parse = E._parse_tei

    def spy(path: str):
        seen.append(path)
        return parse(path)

    monkeypatch.setattr(E, "_parse_tei", spy)
    return seen


def test_the_kept_cases_are_the_parsed_ones(tei: Path, monkeypatch) -> None:
    parsed = E.load_cases()
    assert K.CASES_KEPT.is_file() and len(parsed) > 100
    E._CASES.clear()
    K._KEPT.clear()
    seen = _parses(monkeypatch)
    kept = E.load_cases()
    assert seen == [] and kept == parsed
    assert kept == CaseRecords(tei, E._parse_tei(str(tei)).getroot()).read()
    claim = next(cl for c in kept for cl in c.claims if cl.check.get("kind") == "all")
    assert isinstance(claim.check["checks"], list) and isinstance(kept[0].claims, tuple)


def test_a_changed_tei_is_read_again(tei: Path, monkeypatch) -> None:
    E.load_cases()
    E._CASES.clear()
    seen = _parses(monkeypatch)
    st = tei.stat()
    os.utime(tei, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # rebuilt, say
    assert E.load_cases() and seen == [str(tei)]


def test_a_case_edited_in_the_tei_is_seen(tei: Path) -> None:
    before = {c.id: c for c in E.load_cases()}
    E._CASES.clear()
    text = tei.read_text(encoding="utf-8")
    tei.write_text(text.replace("後果得利", "後果大得利", 1), encoding="utf-8")
    after = {c.id: c for c in E.load_cases()}
    assert before["p089-case1"].text != after["p089-case1"].text


@pytest.mark.parametrize("kept", ["", "{not json", '{"stamp": 1}', "[]",
                                  '{"stamp": STAMP, "cases": [{"nope": 1}]}',
                                  '{"stamp": STAMP, "cases": [{"id": "x"}]}',
                                  '{"stamp": STAMP}'])
def test_a_kept_file_that_does_not_fit_is_read_past(tei: Path, kept: str) -> None:
    right = E.load_cases()
    E._CASES.clear()
    K.CASES_KEPT.write_text(kept.replace("STAMP", json.dumps(K.stamp(tei))),
                            encoding="utf-8")
    assert E.load_cases() == right
    assert json.loads(K.CASES_KEPT.read_bytes())["stamp"] == K.stamp(tei)  # kept anew


def test_cases_are_read_where_nothing_can_be_kept(tei: Path, tmp_path: Path,
                                                  monkeypatch) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setattr(K, "CASES_KEPT", tmp_path / "file" / "cases.json")
    assert E.load_cases()


def test_only_the_default_tei_is_kept(tmp_path: Path, monkeypatch) -> None:
    """Another TEI (the site's snapshot, a test's corrupted copy) is parsed, never kept."""
    monkeypatch.setattr(K, "CASES_KEPT", tmp_path / "cache" / "cases.json")
    monkeypatch.setattr(E, "_CASES", {})
    other = tmp_path / "other.xml"
    shutil.copyfile(E.DEFAULT_PATH, other)
    assert E.load_cases(other)
    assert not K.CASES_KEPT.exists()


def test_the_commands_read_kept_cases_without_the_xml_side() -> None:
    """With the cases kept, ``yimao cases --json`` imports neither lxml nor the rest of the read
    model (most of its start-up before); its output is the same either way."""
    import subprocess
    import sys

    from yimao.model import cases as C

    K.keep_cases(C.load())  # kept now, if it was not (an edition loaded earlier in this
    # process gives its own cases without keeping them: after a change of the readers the
    # kept file would be stale)
    code = ("import sys; from yimao.cli.main import main; main(['cases', '--json']); "
            "sys.exit(bool({'lxml', 'yimao.model.edition'} & set(sys.modules)))")
    root = Path(E.__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=root,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    assert C.load() == CaseRecords(E.DEFAULT_PATH,
                                   E._parse_tei(str(E.DEFAULT_PATH)).getroot()).read()


def _hand_written(cases: object, **extra: object) -> None:
    """A kept file written by hand (or by another tool) with the stamp that holds now."""
    K.CASES_KEPT.parent.mkdir(parents=True, exist_ok=True)
    K.CASES_KEPT.write_text(json.dumps({"stamp": K.stamp(), "cases": cases, **extra}),
                            encoding="utf-8")


def test_a_kept_file_is_not_trusted_by_its_stamp_alone(tei: Path, monkeypatch) -> None:
    parsed = E.load_cases()
    good = json.loads(K.CASES_KEPT.read_text(encoding="utf-8"))
    forged = [dict(good["cases"][0], question="가짜 물음")]
    for cases, extra in [([], {}),  # an empty list with the right stamp: issue 26
                         (good["cases"], {}),  # the right cases but no digests
                         (forged, {"source": good["source"], "check": good["check"]}),
                         ([{"id": "x"}], {"source": good["source"],
                                         "check": K._check(good["source"], [{"id": "x"}])})]:
        _hand_written(cases, **extra)
        E._CASES.clear()
        K._KEPT.clear()
        seen = _parses(monkeypatch)
        assert E.load_cases() == parsed and seen, cases[:1]
        monkeypatch.undo()  # only the spy: the fixture's paths are set again below
        monkeypatch.setattr(E, "DEFAULT_PATH", tei)
        monkeypatch.setattr(K, "DEFAULT_TEI", tei)
        monkeypatch.setattr(K, "CASES_KEPT", K.CASES_KEPT)
        rewritten = json.loads(K.CASES_KEPT.read_text(encoding="utf-8"))
        assert rewritten["check"] == good["check"]  # written anew from the TEI


def test_a_tei_changed_under_the_same_stamp_is_read_again(tei: Path, monkeypatch) -> None:
    E.load_cases()
    st = os.stat(tei)
    body = tei.read_bytes()
    tei.write_bytes(body[:-1] + (b" " if body[-1:] != b" " else b"\n"))  # same size, new bytes
    os.utime(tei, ns=(st.st_atime_ns, st.st_mtime_ns))
    if K.stamp()[:3] != [st.st_size, st.st_mtime_ns, st.st_ino]:
        pytest.skip("the file system gave the rewritten file another inode")
    E._CASES.clear()
    K._KEPT.clear()
    seen = _parses(monkeypatch)
    E.load_cases()
    assert seen  # the stamp held, the bytes did not: the TEI was parsed again
