"""``yimao text``: print the book from the TEI alone, in one of two readings.

``diplomatic`` gives the transcription (paragraphs in book order, Chinese then its Korean,
separated by one blank line); ``corrected`` gives the editors' reading (reg/corr instead of
orig/sic, transcriber's queries dropped). Each division starts with a heading line
(``■ 立法 4 納甲章 · 납갑장``); ``--chapter lifa-04`` prints one division; ``--plain`` leaves the
headings out, so that ``--reading diplomatic --plain`` is the file in text/ byte for byte (no
final newline).

>>> from yimao.model.edition import load_edition
>>> ed = load_edition()
>>> book = reading(ed, "diplomatic")
>>> book.split("\\n\\n")[0], book.endswith("\\n")
('易冒', False)
>>> one = chapters(ed, "corrected", "lifa-04")
>>> one.split("\\n\\n")[0], one.split("\\n\\n")[1][:8]
('■ 立法 4 納甲章 · 납갑장', '乾坤為天地，生萬')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from yimao.errors import EditionError
from yimao.model.edition import READINGS, Division, Edition, load_edition
from yimao.model.text import text


def paragraphs(edition: Edition) -> list[str]:
    """The xml:ids of all source paragraphs (Chinese and Korean) in book order."""
    return list(edition.paragraph_ids)


def reading(edition: Edition, kind: str = "corrected") -> str:
    """The whole book in reading ``kind`` (``diplomatic`` or ``corrected``)."""
    if kind not in READINGS:
        raise EditionError(f"unknown reading {kind!r}; use {' or '.join(READINGS)}")
    return "\n\n".join(text(edition.paragraph(i).inlines, kind) for i in edition.paragraph_ids)


def heading(div: Division) -> str:
    """A division's heading line: label, Chinese title (〔〕 where the editors supplied it) and
    the Korean title."""
    zh = f"〔{div.title_zh}〕" if div.title_status == "conjecture" else div.title_zh
    ko = div.title_ko.replace(f"({div.title_zh})", "").strip()
    words = [w for w in (div.label, zh) if w]
    return "■ " + " ".join(words) + (f" · {ko}" if ko and ko != div.title_zh else "")


def chapters(edition: Edition, kind: str = "corrected", chapter: str | None = None,
             headings: bool = True) -> str:
    """The book (or the one division *chapter*, ``lifa-04``) in reading ``kind``, each
    division under its heading line (unless not *headings*)."""
    if kind not in READINGS:
        raise EditionError(f"unknown reading {kind!r}; use {' or '.join(READINGS)}")
    divisions = {d.id: d for d in edition.divisions}
    if chapter is not None:
        edition.division(chapter)  # one line naming the known ids when it is not one
    blocks: list[str] = []
    current = None
    for pid in edition.paragraph_ids:
        div = edition.passage(pid).division
        if chapter is not None and div != chapter:
            continue
        if div != current and headings:
            blocks.append(heading(divisions[div]))
            current = div
        blocks.append(text(edition.paragraph(pid).inlines, kind))
    return "\n\n".join(blocks) + "\n"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reading", choices=READINGS, default="corrected",
        help="diplomatic: the transcription exactly; corrected: the editors' reading (default)",
    )
    parser.add_argument("--chapter", default=None, metavar="ID",
                        help="one division only, by its id (lifa-04, shilei-14, front-wang)")
    parser.add_argument("--plain", action="store_true",
                        help="no heading lines: with --reading diplomatic, text/ byte for byte")
    parser.add_argument("--tei", type=Path, default=None, help="TEI file (default tei/yimao.xml)")


def run(args: argparse.Namespace) -> int:
    try:
        edition = load_edition(args.tei)
        if args.plain and args.chapter is None:
            text = reading(edition, args.reading)  # the transcription's own form
        else:
            text = chapters(edition, args.reading, args.chapter, headings=not args.plain)
    except EditionError as exc:
        print(exc, file=sys.stderr)
        return 2
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()
    return 0
