"""`yimao text`: the book from the TEI alone — diplomatic = the transcription byte for byte,
corrected = the transcription with exactly the editors' corrections applied."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from yimao.cli import text as readings
from yimao.model.edition import load_edition
from yimao.tei import source
from yimao.tei.inputs import Correction, read_corrections

ROOT = Path(__file__).resolve().parent.parent
TEI = ROOT / "tei" / "yimao.xml"


def run_cli(*args: str, cwd: Path = ROOT, pythonpath: Path | None = None):
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [sys.executable, "-m", "yimao.cli.main", "text", *args],
        cwd=cwd, env=env, capture_output=True, timeout=120,
    )


def corrected_by_hand(text: str, rows: list[Correction]) -> str:
    """Apply the corrections.tsv rows of one paragraph to its text, right to left.

    reg/corr replace ``sic`` by ``corr``. A query removes the transcriber's parenthesis; if it
    names a reading (``corr``), that reading replaces as many characters just before the
    parenthesis (繫（擊？） → 擊), unless another row already corrects them.
    """
    edits: list[tuple[int, int, str]] = []
    for c in rows:
        if c.kind != "query":
            edits.append((c.offset, c.offset + len(c.sic), c.corr))
            continue
        start = c.offset - len(c.corr)
        covered = any(r.kind != "query" and r.offset < c.offset and start < r.end for r in rows)
        if c.corr and not covered:
            edits.append((start, c.offset + len(c.sic), c.corr))
        else:
            edits.append((c.offset, c.offset + len(c.sic), ""))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def test_diplomatic_is_the_transcription_byte_for_byte() -> None:
    book = readings.reading(load_edition(), "diplomatic")
    assert book.encode("utf-8") == source.SEED.read_bytes()
    assert not source.SEED.read_bytes().endswith(b"\n")  # the seed has no final newline


def test_corrected_differs_exactly_at_the_corrections() -> None:
    src = source.load()
    by_para: dict[str, list[Correction]] = {}
    for c in read_corrections():
        by_para.setdefault(c.para, []).append(c)
    ed = load_edition()
    expected = [corrected_by_hand(p.text, by_para.get(p.id, [])) for p in _book_order(src)]
    got = readings.reading(ed, "corrected").split("\n\n")
    assert len(got) == len(expected)
    diff = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    assert not diff, [(_book_order(src)[i].id, got[i][:80], expected[i][:80]) for i in diff[:3]]
    changed = {p.id for p, e in zip(_book_order(src), expected, strict=True) if e != p.text}
    assert changed == set(by_para)  # and nowhere else


def _book_order(src: source.Source) -> list[source.Paragraph]:
    return sorted(src.chinese + src.korean, key=lambda p: p.line)


def test_cli_reads_only_the_tei(tmp_path: Path) -> None:
    """A copy of the package and of tei/ without text/: the reader still gives the seed."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "yimao", tmp_path / "yimao", ignore=ignore)
    (tmp_path / "tei").mkdir()
    shutil.copy(TEI, tmp_path / "tei" / "yimao.xml")
    assert not (tmp_path / "text").exists()
    where = subprocess.run(
        [sys.executable, "-c", "import yimao.model.edition as e; print(e.DEFAULT_PATH)"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)}, capture_output=True,
        text=True, check=True,
    ).stdout.strip()
    assert where == str(tmp_path / "tei" / "yimao.xml")  # the copy, not the repository
    out = run_cli("--reading", "diplomatic", "--plain", cwd=tmp_path, pythonpath=tmp_path)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout == source.SEED.read_bytes()


def test_headings_and_one_chapter() -> None:
    """Every division under its heading line; --chapter prints one; an unknown id is one line
    and exit 2."""
    ed = load_edition()
    out = run_cli()
    assert out.returncode == 0, out.stderr.decode()
    book = out.stdout.decode("utf-8")
    heads = [line for line in book.splitlines() if line.startswith("■ ")]
    assert len(heads) == len(ed.divisions)
    assert "■ 立法 4 納甲章 · 납갑장" in heads and "■ 筮類 14 疾病章 · 질병장" in heads
    one = run_cli("--chapter", "lifa-04").stdout.decode("utf-8")
    blocks = one.rstrip("\n").split("\n\n")
    assert blocks[0] == "■ 立法 4 納甲章 · 납갑장"
    div = ed.division("lifa-04")
    assert len(blocks) == 1 + len(div.passages) + sum(bool(p.ko_id) for p in div.passages)
    assert blocks[1] in book and "■ 立法 5" not in one
    bad = run_cli("--chapter", "lifa-99")
    assert bad.returncode == 2 and bad.stdout == b""
    assert len(bad.stderr.decode().strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "what"),
    [
        ("<TEI xmlns='http://www.tei-c.org/ns/1.0'><text>\n<body>", "malformed XML"),
        ("<TEI xmlns='http://www.tei-c.org/ns/1.0'>\n<teiHeader/>\n</TEI>", "no <text>"),
        ("<html/>", "not TEI"),
    ],
)
def test_bad_tei_gives_one_line_and_exit_2(tmp_path: Path, content: str, what: str) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text(content, encoding="utf-8")
    out = run_cli("--reading", "diplomatic", "--tei", str(bad))
    err = out.stderr.decode()
    assert out.returncode == 2
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"{bad}:") and err.split(":")[1].isdigit(), err
    assert what in err


def test_a_structural_error_names_its_line(tmp_path: Path) -> None:
    """Well-formed XML the model cannot read: the division lost its Korean title."""
    data = TEI.read_text(encoding="utf-8")
    head = '<head type="title" subtype="source" xml:lang="ko">역모(易冒)</head>'
    assert head in data
    lines = data.replace(head, "", 1).splitlines()
    bad = tmp_path / "yimao.xml"
    bad.write_text("\n".join(lines), encoding="utf-8")
    out = run_cli("--tei", str(bad))
    err = out.stderr.decode().strip()
    assert out.returncode == 2 and "Traceback" not in err
    line = int(err.split(":")[1])
    assert 'xml:id="front-title"' in lines[line - 1], err
    assert "head" in err


def test_unknown_reading_is_refused() -> None:
    out = run_cli("--reading", "modern")
    assert out.returncode == 2 and b"diplomatic" in out.stderr
