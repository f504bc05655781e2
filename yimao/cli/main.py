"""The ``yimao`` command: one subcommand per module, imported only when used.

Each subcommand module provides ``configure(parser)`` and ``run(args) -> int``.
Errors a user can fix (bad input, a broken TEI file) print one line and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "text": ("yimao.cli.text", "print the book from the TEI (diplomatic or corrected reading)"),
    "chart": ("compute.cli", "cast a chart: yimao chart 震 兌 --month 寅 --day 癸酉"),
    "rules": ("compute.cli_rules", "list the rules of 立法 that compute implements"),
    "cases": ("yimao.cli.cases", "list the book's worked cases and their checked claims"),
    "case": ("yimao.cli.case", "show one worked case with each claim checked"),
    "topics": ("yimao.cli.topics", "list the 筮類 chapters and their questions with the 用神"),
}


def _user_errors() -> tuple[type[BaseException], ...]:
    from compute import InputError
    from yimao.errors import EditionError

    return EditionError, InputError


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals (an unknown option, a missing value) on one line."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text} (see {self.prog} --help)\n")


def build_parser(argv: list[str]) -> tuple[argparse.ArgumentParser, object | None]:
    parser = Parser(prog="yimao", description="易冒 (1664): edition tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = None
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if argv and argv[0] == name:
            chosen = importlib.import_module(module_name)
            chosen.configure(p)
    return parser, chosen


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    errors = _user_errors()
    try:
        parser, module = build_parser(argv)
        args = parser.parse_args(argv)
        return int(module.run(args) or 0)  # type: ignore[union-attr]
    except errors as exc:
        from compute.errors import message

        print(f"yimao {argv[0] if argv else ''}: error: {message(exc)}".replace("  ", " "),
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
