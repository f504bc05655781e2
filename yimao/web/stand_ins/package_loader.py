"""A stand-in for ``pyodide._package_loader`` in the reading site's Pyodide (served as
``pyodide/_package_loader.py`` by yimao/web/pyodide_zips.py).

Pyodide's start imports its package loader and reads the folders it installs into; the site
loads no packages (compute needs none), so the loader and what it imports (zipfile, shutil,
tempfile, pathlib) are not served. Here only the names Pyodide's JavaScript asks for:
``SITE_PACKAGES`` and ``DSO_DIR`` (read with ``str()``), ``init_loaded_packages`` (nothing is
installed: nothing to record), and ``get_install_dir`` and ``unpack_buffer``, which say so
when called.

>>> str(DSO_DIR), init_loaded_packages()
('/usr/lib', None)
>>> unpack_buffer(b"")
Traceback (most recent call last):
RuntimeError: pyodide._package_loader.unpack_buffer: this runtime loads no packages
"""

from collections.abc import Callable
from site import getsitepackages
from typing import NoReturn


class Folder:
    """A folder's path, as Pyodide's JavaScript reads it (``SITE_PACKAGES.__str__()``)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __str__(self) -> str:
        return self.path

    def __fspath__(self) -> str:
        return self.path


SITE_PACKAGES = Folder(getsitepackages()[0])
DSO_DIR = Folder("/usr/lib")


def init_loaded_packages() -> None:
    """No package is installed in this runtime: nothing to record."""


def _unavailable(name: str) -> Callable[..., NoReturn]:
    def unavailable(*args: object, **kwargs: object) -> NoReturn:
        raise RuntimeError(f"pyodide._package_loader.{name}: this runtime loads no packages")

    unavailable.__name__ = name
    return unavailable


get_install_dir = _unavailable("get_install_dir")
unpack_buffer = _unavailable("unpack_buffer")
