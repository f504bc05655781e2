"""The folders' contract (README, "How the folders fit together"): data flows one way.

* Only the TEI side (yimao/tei/, which writes the XML) and the read model (yimao/model/, which
  reads it) import lxml: the site and the CLI get plain values.
* The site (yimao/web/) and the CLI (yimao/cli/) take edition data from the TEI through the
  model, not from editorial/ or compute's rule registry, and so does the read model
  (yimao/model/) they import; what still does is listed in ALLOWED with the reason, and
  nothing may be added to it silently.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

YIMAO = Path(__file__).resolve().parent.parent / "yimao"
LXML_SIDES = ("tei", "model")
READERS = ("web", "cli", "model")

ALLOWED: dict[tuple[str, str], str] = {
    # (module, what it reads): why it still does — nothing today: the worked examples and the
    # 筮類 questions the site shows come from the TEI too (yimao.tei.examples compiles them)
}
"""Direct reads of editorial/ or the registry that remain (the claim checks come from the TEI:
``fs type="check"``, compiled from editorial/cases.toml; the cases' questions and 用神:
``fs type="case-question"``, compiled from editorial/cases-proposed.toml; the worked examples
and the questions: ``fs type="example"`` and ``fs type="question"``, compiled from
editorial/examples.toml and questions.toml)."""

TEI_READERS = ("yimao.tei.cases", "yimao.tei.inputs", "yimao.tei.questions", "yimao.tei.build",
               "yimao.tei.notes", "yimao.tei.layers", "yimao.tei.examples")
"""The TEI side's readers of editorial/ (and its builder); the readers import nothing of the
TEI side at all (:func:`test_the_readers_import_nothing_of_the_writer`): the id vocabulary they
share with it is yimao/ids.py, beside both."""

DATA_NAMES = ("EDITORIAL", "CASES_FILE", "machine_rows", "EXAMPLES_FILE", "QUESTIONS_FILE",
              "EXAMPLES_TOML", "QUESTIONS_TOML")
"""Names of editorial/'s files (or of what reads them) in yimao: using one reads the file."""

EDITORIAL_PATH = re.compile(r"editorial/[\w./-]+")
"""A path into editorial/ written as one string; ``"editorial"`` alone counts only as a path
part (``ROOT / "editorial"``): it is also the TEI's note type."""


def modules(*parts: str) -> dict[str, Path]:
    return {str(p.relative_to(YIMAO)): p for part in parts for p in (YIMAO / part).glob("*.py")}


def imported(tree: ast.AST) -> set[str]:
    """Every module a file imports, dotted (``from compute import registry`` → compute.registry)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def direct_reads(path: Path) -> set[str]:
    """What a module reads of editorial/ or the registry itself: an import of compute.registry, a
    path into editorial/ (``ROOT / "editorial"``, ``"editorial/cases.toml"``), the case data
    file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = imported(tree)
    found = {m for m in modules if m == "compute.registry" or m.startswith("compute.registry.")}
    found = {"compute.registry"} if found else set()
    if any(m.startswith(TEI_READERS) for m in modules):
        found.add("yimao.tei readers")
    found |= {m.rpartition(".")[2] for m in modules if m.rpartition(".")[2] in DATA_NAMES}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and EDITORIAL_PATH.fullmatch(node.value):
            found.add("editorial/")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and any(
                isinstance(side, ast.Constant) and side.value == "editorial"
                for side in (node.left, node.right)):
            found.add("editorial/")
        if isinstance(node, ast.Attribute) and node.attr in DATA_NAMES:
            found.add(node.attr)
        if isinstance(node, ast.Name) and node.id in DATA_NAMES:
            found.add(node.id)
    return found


def test_only_the_tei_side_and_the_model_import_lxml() -> None:
    everything = {str(p.relative_to(YIMAO)): p for p in YIMAO.rglob("*.py")}
    readers = {name for name, p in everything.items()
               if any(m.split(".")[0] == "lxml" for m in imported(ast.parse(p.read_text())))}
    assert readers, "the check sees no import of lxml at all"
    assert {name.split("/")[0] for name in readers} <= set(LXML_SIDES), sorted(readers)


def test_the_readers_import_nothing_of_the_writer() -> None:
    """The model, the site and the CLI read the TEI; none imports the TEI side (yimao/tei/),
    which writes it: what both need (the id vocabulary) lives beside both, in yimao/ids.py."""
    found = {(name, m) for name, p in modules(*READERS).items()
             for m in imported(ast.parse(p.read_text(encoding="utf-8")))
             if m == "yimao.tei" or m.startswith("yimao.tei.")}
    assert not found, sorted(found)
    assert (YIMAO / "ids.py").is_file() and not (YIMAO / "tei" / "ids.py").exists()


def test_the_site_and_the_cli_read_edition_data_from_the_tei() -> None:
    found = {(name, what) for name, p in modules(*READERS).items() for what in direct_reads(p)}
    assert found <= set(ALLOWED), sorted(found - set(ALLOWED))


def test_direct_reads_are_seen(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text('from compute import registry\nfrom pathlib import Path\n'
                 'x = Path("root") / "editorial" / "cases.toml"\n'
                 'import typing\nif typing.TYPE_CHECKING:\n    from lxml import etree\n'
                 'from yimao.model import cases\ny = cases.CASES_FILE\n'
                 'z = "see editorial/cases.toml for the format"\n'
                 'n = "editorial"  # a note type\n'
                 'from yimao.tei.cases import read_cases\nfrom yimao import ids\n'
                 'from yimao.model.examples import EXAMPLES_FILE as E\n')
    assert direct_reads(f) == {"compute.registry", "editorial/", "CASES_FILE", "yimao.tei readers",
                               "EXAMPLES_FILE"}
    assert "lxml" in imported(ast.parse(f.read_text()))


SEAM_LEAKS = {
    "element": "the model's lxml element (Edition.element): ask the model for plain values",
    "text_of": "the model's walk of an lxml element: Edition.text gives the text",
    "lunar_python": "a live calendar: dates come from compute's calendar or the model",
    "signature": "a check of compute's signature: the site renders what compute gives",
}
"""What the site and the CLI may not reach for: they render what compute and the model give."""


def seam_leaks(tree: ast.AST) -> set[str]:
    """The names of :data:`SEAM_LEAKS` a module uses (imported, called or read as attributes)."""
    found = {m.split(".")[0] for m in imported(tree)} | {m.rpartition(".")[2]
                                                         for m in imported(tree)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            found.add(node.id)
    return found & set(SEAM_LEAKS)


def test_the_site_and_the_cli_only_render_plain_values() -> None:
    found = {(name, leak) for name, p in modules("web", "cli").items()
             for leak in seam_leaks(ast.parse(p.read_text(encoding="utf-8")))}
    assert not found, [(name, leak, SEAM_LEAKS[leak]) for name, leak in sorted(found)]


def test_seam_leaks_are_seen() -> None:
    tree = ast.parse("from lunar_python import Lunar\nimport inspect\n"
                     "x = inspect.signature(f)\ny = edition.element('p1')\n"
                     "from yimao.model.edition import text_of\n")
    assert seam_leaks(tree) == set(SEAM_LEAKS)
    assert seam_leaks(ast.parse("x = edition.text('p1')\n")) == set()


FRONT_ENDS = ("web", "cli")
"""The two front ends: each renders what compute and the model give it, and neither reads the
other (what both need — a case's words in Korean, a short citation — lives in the model)."""


def front_end_crossings(path: Path, own: str) -> set[str]:
    """The modules of another front end that *path* (a module of front end *own*) imports,
    anywhere in it (at the top, in a function, under ``if TYPE_CHECKING:``)."""
    others = tuple(f"yimao.{f}" for f in FRONT_ENDS if f != own)
    return {m for m in imported(ast.parse(path.read_text(encoding="utf-8")))
            if m.startswith(tuple(f"{o}." for o in others)) or m in others}


def test_the_front_ends_import_nothing_of_each_other() -> None:
    found = {(name, m) for front in FRONT_ENDS for name, p in modules(front).items()
             for m in front_end_crossings(p, front)}
    assert len(modules(*FRONT_ENDS)) > 20, "the check sees almost no module of the front ends"
    assert not found, sorted(found)


def test_front_end_crossings_are_seen(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("from yimao.model import cases\nimport yimao.cli\n"
                 "def f():\n    from yimao.web.cases import choice_ko\n"
                 "    from yimao.webmaster import x\n")
    assert front_end_crossings(f, "cli") == {"yimao.web.cases", "yimao.web.cases.choice_ko"}
    assert front_end_crossings(f, "web") == {"yimao.cli"}
