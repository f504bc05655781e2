"""What one Sphinx build of the site knows, kept on the build's ``app`` (never a module global,
never on ``env``, which Sphinx pickles after every build), and the one-line error every handler
of the site's extensions runs under.

:mod:`yimao.web.extension` makes the state at ``builder-inited`` (:func:`keep`); it and the
sub-extensions (runtime, search, cite, dts) read it with :func:`site` — from a handler's
``app``, or from a directive's ``self.env.app`` (forked parallel readers inherit the ``app``).
Nothing here imports Sphinx, so a sub-extension imports this module at its top.

>>> class App:  # a stand-in for Sphinx's application
...     pass
>>> app = App()
>>> site(app)
Traceback (most recent call last):
yimao.errors.EditionError: the site's state is made at builder-inited (yimao.web.extension)
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from yimao.errors import EditionError

if TYPE_CHECKING:
    from yimao.model.edition import Edition
    from yimao.web.catalogue import Catalogue
    from yimao.web.pages import Action, Pages

ATTRIBUTE = "yimao_site"
"""The attribute of Sphinx's ``app`` that holds the build's :class:`SiteState`."""


@dataclass(frozen=True, slots=True)
class SiteState:
    """What one build knows about the edition: the model, its page renderer, the links other
    extensions offer per passage, and the catalogue (rules, cases, examples, questions)."""

    edition: Edition
    pages: Pages
    actions: Mapping[str, Sequence[Action]]
    catalogue: Catalogue


def keep(app: object, state: SiteState) -> None:
    """Keep *state* on the build's *app*."""
    setattr(app, ATTRIBUTE, state)


def site(app: object) -> SiteState:
    """The state kept on the build's *app* (``self.env.app`` in a directive)."""
    state = getattr(app, ATTRIBUTE, None)
    if state is None:
        raise EditionError("the site's state is made at builder-inited (yimao.web.extension)")
    return state  # type: ignore[no-any-return]


def stop(exc: BaseException) -> NoReturn:
    """End the build with one line naming what went wrong, exit status 2."""
    from compute.errors import message

    known = isinstance(exc, EditionError) or type(exc).__name__ == "InputError"
    text = message(exc) if known else f"{type(exc).__name__}: {message(exc)}"
    print(f"yimao site: error: {text}", file=sys.stderr, flush=True)
    raise SystemExit(2)


Handler = TypeVar("Handler", bound=Callable[..., Any])


def one_line(handler: Handler) -> Handler:
    """*handler* (an event handler or a directive's ``run``), its errors turned into
    :func:`stop`: one line and exit status 2, never Sphinx's traceback."""

    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return handler(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 (any error: one line)
            stop(exc)

    return run  # type: ignore[return-value]
