"""The ``yimao`` command: one subcommand per module, imported only when used.

Each subcommand module provides ``configure(parser)`` and ``run(args) -> int``.
Errors a user can fix (bad input, a broken TEI file) print one line and exit 2; compute's
messages in the locale's language (Korean under a Korean ``LANG``, else English) unless
``yimao chart --lang ko|en`` names one (:func:`compute.messages.language`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (start-up)
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


def columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` reads it (``COLUMNS``, else the
    terminal of standard output, else 80), without importing :mod:`shutil` (and ``bz2``,
    ``lzma`` with it), which argparse's help formatter does for every option it adds.

    >>> saved = os.environ.pop("COLUMNS", None); os.environ["COLUMNS"] = "120"; columns()
    120
    >>> del os.environ["COLUMNS"]; columns() > 0
    True
    >>> if saved is not None: os.environ["COLUMNS"] = saved
    """
    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        width = 0
    if width <= 0:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            width = 0
    return width or 80


class Formatter(argparse.HelpFormatter):
    """argparse's help formatter, its width from :func:`columns` (the same as argparse's own)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """argparse, with its refusals (an unknown option, a missing value) on one line, its help
    formatted by :class:`Formatter`.

    >>> p = Parser(prog="yimao"); p.add_argument("--day") and None
    >>> p.parse_args(["--day"])
    Traceback (most recent call last):
    SystemExit: 2
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text} (see {self.prog} --help)\n")


def build_parser(argv: list[str]) -> tuple[argparse.ArgumentParser, object | None]:
    """The parser for *argv*: when it names a command, that command alone (configured by its
    module, imported now); else every command (``yimao --help``, an unknown command).

    >>> parser, module = build_parser(["rules"]); module.__name__
    'compute.cli_rules'
    >>> parser.parse_args(["rules", "--json"]).json
    True
    >>> build_parser(["--help"])[1] is None, "topics" in build_parser([])[0].format_help()
    (True, True)
    """
    parser = Parser(prog="yimao", description="易冒 (1664): edition tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if argv and argv[0] in COMMANDS:
        module_name, help_text = COMMANDS[argv[0]]
        chosen = importlib.import_module(module_name)
        chosen.configure(sub.add_parser(argv[0], help=help_text, description=help_text))
        return parser, chosen
    for name, (_, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text, description=help_text)
    return parser, None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    errors = _user_errors()
    args = None
    try:
        parser, module = build_parser(argv)
        args = parser.parse_args(argv)
        return int(module.run(args) or 0)  # type: ignore[union-attr]
    except errors as exc:
        from compute.errors import message
        from compute.messages import language

        lang = getattr(args, "lang", None) or language()
        label = "오류" if lang == "ko" else "error"
        print(f"yimao {argv[0] if argv else ''}: {label}: {message(exc, lang)}"
              .replace("  ", " "), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
