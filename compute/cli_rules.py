"""``yimao rules``: list the rules of 立法 that compute registers (``--json`` for machines)."""

from __future__ import annotations

import argparse
import json

import compute  # noqa: F401  (imports every rule module, filling the registry)
from compute.registry import all_rules


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao rules``.

    >>> p = argparse.ArgumentParser(); configure(p); p.parse_args(["--json"]).json
    True
    """
    parser.add_argument("--json", action="store_true",
                        help="print [{id, name, name_ko, passages, kinds, function}]")


def run(args: argparse.Namespace) -> int:
    """List the registered rules.

    >>> run(argparse.Namespace(json=False))  # doctest: +ELLIPSIS
    ganzhi-60 ...
    0
    """
    rules = all_rules()
    if args.json:
        print(json.dumps([r.to_dict() for r in rules], ensure_ascii=False, indent=1))
        return 0
    for r in rules:
        kinds = ",".join(r.kinds)
        print(f"{r.id:28} {r.zh}  [{kinds}]  {' '.join(r.passages)}")
    print(f"{len(rules)} rules")
    return 0
