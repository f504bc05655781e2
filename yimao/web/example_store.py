"""The executed rule and question examples kept between builds (:class:`ExampleStore`): an
unchanged rebuild loads them instead of charting them again."""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from pathlib import Path

from yimao import atomic
from yimao.web.examples import ExampleView
from yimao.web.questions import QuestionView

ROOT = Path(__file__).resolve().parents[2]


def inputs_digest(tei: Path) -> str:
    """A digest of everything the executed examples are made from: the TEI (titles, passages,
    cases, the examples and the questions) and the code (compute and yimao). Any change
    recomputes every example; an unchanged rebuild recomputes none."""
    files = [tei, *sorted((ROOT / "compute").rglob("*.py")),
             *sorted((ROOT / "yimao").rglob("*.py"))]
    h = hashlib.sha256()
    for f in files:
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


Executed = tuple[dict[str, list[ExampleView]], list[QuestionView]]


class ExampleStore:
    """The executed rule and question examples kept between builds (a pickle beside Sphinx's
    doctrees, never in build/html), keyed by :func:`inputs_digest`: an unchanged rebuild loads
    them instead of charting ~3,000 charts again. Without a path nothing is kept."""

    def __init__(self, path: Path | None, tei: Path) -> None:
        self.path = path
        self.digest = inputs_digest(tei) if path is not None else ""
        self.hit = False

    def get(self, execute: Callable[[], Executed]) -> Executed:
        if self.path is not None and self.path.is_file():
            try:
                digest, value = pickle.loads(self.path.read_bytes())
                if digest == self.digest:
                    self.hit = True
                    return value  # type: ignore[no-any-return]
            except Exception:  # noqa: BLE001 (a stale or broken store is recomputed)
                pass
        value = execute()
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(self.path, pickle.dumps((self.digest, value)),
                               durable=False)
        return value
