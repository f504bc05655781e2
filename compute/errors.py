"""The one error a user of compute can cause."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input to :func:`compute.chart`: the message names the value and what is accepted."""
