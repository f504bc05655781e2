"""Errors a user can cause and fix: the CLI prints their message on one line and exits 2."""


class EditionError(Exception):
    """Bad input to the edition tools: a malformed or invalid TEI file, an unknown passage id.

    The message names what was wrong (file, line) and what is accepted."""
