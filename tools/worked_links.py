"""List every passage's worked-example links of a built site: one line per link,
``paragraph<TAB>kind<TAB>href<TAB>label`` (href as the page writes it, relative to the chapter
page), in book order. Two builds compared (``--diff OLD NEW``, each a listing written by this
script) count the links whose target or label changed.

    .venv/bin/python tools/worked_links.py build/html > links.tsv
    .venv/bin/python tools/worked_links.py --diff old.tsv new.tsv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lxml import html as lxml_html

PARTS = ("front", "lifa", "shilei", "back")


def listing(out: Path) -> list[tuple[str, str, str, str]]:
    """``(paragraph, kind, href, label)`` of every worked-example link under *out*."""
    rows = []
    for part in PARTS:
        for path in sorted((out / part).glob("*/index.html")):
            page = lxml_html.parse(str(path)).getroot()
            for a in page.xpath("//a[contains(@class,'worked-example')]"):
                rows.append((a.get("data-for") or "", a.get("data-kind") or "",
                             a.get("href") or "", " ".join(a.text_content().split())))
    return rows


def read(path: Path) -> dict[str, list[tuple[str, str, str]]]:
    out: dict[str, list[tuple[str, str, str]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        pid, kind, href, label = line.split("\t")
        out.setdefault(pid, []).append((kind, href, label))
    return out


def diff(old: Path, new: Path) -> None:
    a, b = read(old), read(new)
    targets = labels = 0
    for pid in sorted(set(a) | set(b)):
        ta = [h for _, h, _ in a.get(pid, [])]
        tb = [h for _, h, _ in b.get(pid, [])]
        la = [x for _, _, x in a.get(pid, [])]
        lb = [x for _, _, x in b.get(pid, [])]
        if ta != tb:
            targets += 1
            print(f"target\t{pid}\t{' | '.join(ta)}\t→\t{' | '.join(tb)}")
        if la != lb:
            labels += 1
            print(f"label\t{pid}\t{' | '.join(la)}\t→\t{' | '.join(lb)}")
    print(f"paragraphs: {len(b)}; target changed: {targets}; label changed: {labels}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--diff", action="store_true")
    args = ap.parse_args(argv)
    if args.diff:
        diff(*args.paths)
        return
    for row in listing(args.paths[0]):
        sys.stdout.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
