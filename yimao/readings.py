"""``yimao text``: print the book from the TEI alone, in one of two readings.

``diplomatic`` gives the transcription byte for byte (the file in text/: paragraphs in book
order, Chinese then its Korean, separated by one blank line, no final newline); ``corrected``
gives the editors' reading (reg/corr instead of orig/sic, transcriber's queries dropped).

>>> from yimao.edition import load_edition
>>> book = reading(load_edition(), "diplomatic")
>>> book.split("\\n\\n")[0], book.endswith("\\n")
('易冒', False)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from yimao.edition import READINGS, Edition, load_edition
from yimao.errors import EditionError
from yimao.text_runs import text


def paragraphs(edition: Edition) -> list[str]:
    """The xml:ids of all source paragraphs (Chinese and Korean) in book order."""
    return list(edition.paragraph_ids)


def reading(edition: Edition, kind: str = "corrected") -> str:
    """The whole book in reading ``kind`` (``diplomatic`` or ``corrected``)."""
    if kind not in READINGS:
        raise EditionError(f"unknown reading {kind!r}; use {' or '.join(READINGS)}")
    return "\n\n".join(text(edition.paragraph(i).inlines, kind) for i in edition.paragraph_ids)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reading", choices=READINGS, default="corrected",
        help="diplomatic: the transcription exactly; corrected: the editors' reading (default)",
    )
    parser.add_argument("--tei", type=Path, default=None, help="TEI file (default tei/yimao.xml)")


def run(args: argparse.Namespace) -> int:
    try:
        text = reading(load_edition(args.tei), args.reading)
    except EditionError as exc:
        print(exc, file=sys.stderr)
        return 2
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()
    return 0
