"""A stand-in for asyncio in the reading site's Pyodide (served as ``asyncio/__init__.py`` by
yimao/web/pyodide_zips.py).

Pyodide's core imports asyncio when it starts, for Python code that awaits JavaScript; the
site's Python never awaits (compute.runner.run_json is called synchronously), so asyncio and
what it imports (sockets, subprocesses, selectors, logging, concurrent.futures) are not
served. Anything asked of this module says so when called.

>>> sleep = __getattr__("sleep")
>>> sleep.__name__
'sleep'
>>> sleep(1)
Traceback (most recent call last):
RuntimeError: asyncio.sleep: this runtime has no event loop
>>> __getattr__("pytest_plugins")
Traceback (most recent call last):
AttributeError: pytest_plugins
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # nothing imported at run time but what the module needs
    from collections.abc import Callable
    from typing import NoReturn


def __getattr__(name: str) -> Callable[..., NoReturn]:
    if name.startswith(("_", "pytest")):  # Python's own questions, and pytest's
        raise AttributeError(name)

    def unavailable(*args: object, **kwargs: object) -> NoReturn:
        raise RuntimeError(f"asyncio.{name}: this runtime has no event loop")

    unavailable.__name__ = name
    return unavailable
