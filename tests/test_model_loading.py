"""Hostile or broken TEI: every corruption of the corpus (tests/fixtures/tei_corruptions.py) is
refused with one line ``file:line: what is wrong`` and exit status 2, by ``yimao text`` and by
the site build (Sphinx, as ``make site`` runs it); nothing of an external entity is read."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from sitebuild import ROOT, copy_sources, sphinx

sys.path.insert(0, str(ROOT / "tests" / "fixtures"))
from tei_corruptions import CORRUPTIONS, SECRET, Corruption, write_corpus  # noqa: E402

from yimao.cli import main as cli  # noqa: E402
from yimao.errors import EditionError  # noqa: E402
from yimao.model.edition import load_cases, load_edition  # noqa: E402
from yimao.tei.cases import read_cases  # noqa: E402
from yimao.tei.inputs import InputError  # noqa: E402
from yimao.web.cases import CaseBook  # noqa: E402

NAMES = [c.name for c in CORRUPTIONS]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Corruption, Path]]:
    return {c.name: (c, path) for c, path in write_corpus(tmp_path_factory.mktemp("corrupt"))}


def _check_refusal(c: Corruption, path: Path, err: str, prefix: str = "") -> None:
    lines = [s for s in err.splitlines() if s.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and SECRET not in err
    m = re.match(rf"{re.escape(prefix)}{re.escape(str(path))}:(\d+): (.+)$", lines[0])
    assert m, lines[0]
    for word in c.words:
        assert word in m.group(2), lines[0]
    if c.at_line is not None:
        text = path.read_bytes().decode("utf-8", errors="replace").splitlines()
        assert c.at_line in text[int(m.group(1)) - 1], lines[0]


@pytest.mark.parametrize("name", NAMES)
def test_yimao_text_refuses_with_one_line(corpus, name: str, capsysbinary) -> None:
    c, path = corpus[name]
    code = cli.main(["text", "--reading", "diplomatic", "--tei", str(path)])
    out = capsysbinary.readouterr()
    assert code == 2 and out.out == b""
    _check_refusal(c, path, out.err.decode("utf-8"))


CASE_READING = ("xxe-file", "entity-internal", "dtd-external", "entity-undeclared",
                "case-record-missing", "case-record-dangling", "invalid-utf8", "truncated",
                "empty", "not-tei")
"""What reading the cases alone (``yimao cases``, ``yimao case``: load_cases) refuses as well:
the file's parsing and the case records. The checks of the whole edition (pointers, paragraphs
and their translations, duplicate ids) are load_edition's (``yimao text``, the site, the
tests)."""


@pytest.mark.parametrize("name", CASE_READING)
def test_reading_the_cases_refuses_with_one_line(corpus, name: str) -> None:
    c, path = corpus[name]
    with pytest.raises(EditionError) as err:
        load_cases(path)
    _check_refusal(c, path, str(err.value))


def test_reading_the_cases_leaves_the_whole_edition_to_load_edition(corpus) -> None:
    """The division of labour stated above, pinned: a dangling pointer outside the cases does
    not stop the cases from being read, but load_edition refuses the file."""
    _, path = corpus["target"]
    assert load_cases(path)
    with pytest.raises(EditionError):
        load_edition(path)


def test_xxe_through_the_installed_command(corpus) -> None:
    _, path = corpus["xxe-file"]
    proc = subprocess.run([sys.executable, "-m", "yimao.cli.main", "text", "--tei", str(path)],
                          capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2
    assert SECRET.encode() not in proc.stdout + proc.stderr
    assert proc.stderr.decode().count("\n") == 1


def _sphinx_here(src: Path, out: Path, tei: Path) -> int:
    """Sphinx run in this process, exactly as ``make site`` runs it (``-W``, doctrees apart):
    the same code path as the command without the cost of starting Python each time."""
    from sphinx.cmd.build import main as sphinx_main

    argv = ["-W", "--keep-going", "-q", "-b", "dirhtml", "-d", str(out.parent / "doctrees"),
            "-c", str(ROOT), str(src), str(out), "-D", f"yimao_tei={tei}"]
    try:
        return sphinx_main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.slow  # a Sphinx run per hostile file
@pytest.mark.parametrize("name", NAMES)
def test_site_build_refuses_with_one_line(corpus, name: str, tmp_path: Path, capfd) -> None:
    c, path = corpus[name]
    code = _sphinx_here(copy_sources(tmp_path), tmp_path / "html", path)
    out = capfd.readouterr()
    assert code == 2, out.err
    _check_refusal(c, path, out.err, "yimao site: error: ")
    assert "Traceback" not in out.out
    for page in (tmp_path / "html").rglob("*.html"):
        assert SECRET not in page.read_text(encoding="utf-8")


@pytest.mark.slow  # a Sphinx run
def test_site_build_refuses_xxe_as_make_site_runs_it(corpus, tmp_path: Path) -> None:
    c, path = corpus["xxe-file"]
    build = sphinx(copy_sources(tmp_path), tmp_path / "html", path)
    assert build.returncode == 2, build.stderr
    _check_refusal(c, path, build.stderr, "yimao site: error: ")


@pytest.mark.slow  # a Sphinx run
def test_any_error_in_the_site_build_is_one_line(tmp_path: Path) -> None:
    """Not only a broken TEI: an error raised anywhere under the extension (here by another
    extension's passage-actions handler) ends the build with one line, never a traceback."""
    (tmp_path / "boom.py").write_text(
        "def actions(app, edition):\n"
        "    raise RuntimeError('boom in a handler')\n"
        "def setup(app):\n"
        "    app.connect('yimao-passage-actions', actions)\n"
        "    return {'parallel_read_safe': True}\n",
        encoding="utf-8",
    )
    build = sphinx(copy_sources(tmp_path), tmp_path / "html",
                   ROOT / "tests" / "fixtures" / "site" / "mini.xml",
                   extra=["-D", "extensions=myst_parser,yimao.web.extension,boom"],
                   pythonpath=tmp_path)
    assert build.returncode == 2
    lines = [s for s in build.stderr.splitlines() if s.strip()]
    assert len(lines) == 1 and lines[0].startswith("yimao site: error: "), build.stderr
    assert "boom in a handler" in lines[0]
    assert "Traceback" not in build.stderr + build.stdout


def test_a_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "cases.toml"
    bad.write_text('[[case]]\nid = "p089-case1"\nclaim = [\n  { check = }\n]\n',
                   encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_cases(bad)
    assert re.match(rf"{re.escape(str(bad))}:4: not valid TOML: ", str(err.value)), err.value
    assert "\n" not in str(err.value)


def test_the_site_reads_the_cases_of_the_tei_it_is_given() -> None:
    """yimao_tei is honoured by the case pages too: the mini fixture has no worked case."""
    mini = load_edition(ROOT / "tests" / "fixtures" / "site" / "mini.xml")
    assert CaseBook(mini).ids() == []
    assert "p089-case1" in CaseBook(load_edition()).ids()


@pytest.mark.parametrize("path", ["/dev/zero", "."])
def test_a_device_or_a_directory_is_refused(path: str, capsysbinary) -> None:
    if not Path(path).exists():
        pytest.skip(f"no {path} here")
    code = cli.main(["text", "--tei", path])
    err = capsysbinary.readouterr().err.decode()
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"{path}:0: ")
