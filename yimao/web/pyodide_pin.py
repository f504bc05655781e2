"""The pinned Pyodide release the reading site serves: the pin (``yimao/web/pyodide.toml``),
fetched with ``npm pack`` (or, without npm, downloaded with Python alone) and checked — the
tarball against the pinned sha512, each file taken out of it against its SHA-256 — into
``.cache/pyodide/<version>/`` (outside build/, gitignored). When the cache already holds the
verified files nothing is downloaded. ``make runtime`` runs :func:`fetch`
(``python -m yimao.web.runtime fetch``); the site's build (:mod:`yimao.web.runtime`) reads the
verified files.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from yimao.errors import EditionError

ROOT = Path(__file__).resolve().parents[2]
PIN_FILE = Path(__file__).with_name("pyodide.toml")
CACHE = ROOT / ".cache" / "pyodide"

class SiteRuntimeError(EditionError):
    """The runtime cannot be fetched, verified or packaged: one line says what and why."""


@dataclass(frozen=True, slots=True)
class Pin:
    """The pinned release: version, the tarball's sha512 (npm's integrity string) and the
    SHA-256 of each file taken out of it (``serve``: copied into the site; ``read``: read
    at build time only)."""

    version: str
    integrity: str
    serve: Mapping[str, str]
    read: Mapping[str, str]

    @property
    def files(self) -> dict[str, str]:
        return {**self.serve, **self.read}


def load_pin(path: Path = PIN_FILE) -> Pin:
    """The pin file, read.

    >>> pin = load_pin()
    >>> pin.version.count("."), sorted(pin.serve)[:2], pin.integrity[:7]
    (2, ['pyodide.asm.mjs', 'pyodide.asm.wasm'], 'sha512-')
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return Pin(str(data["version"]), str(data["integrity"]), dict(data["serve"]),
                   dict(data.get("read", {})))
    except (OSError, tomllib.TOMLDecodeError, KeyError) as exc:
        raise SiteRuntimeError(f"{path}: cannot read the Pyodide pin ({exc})") from None


def sha256(data: bytes) -> str:
    """
    >>> sha256(b"")[:12]
    'e3b0c44298fc'
    """
    return hashlib.sha256(data).hexdigest()


def npm_integrity(data: bytes) -> str:
    """npm's integrity string (``sha512-`` and the base64 digest) of a tarball.

    >>> npm_integrity(b"")[:20]
    'sha512-z4PhNX7vuL3xV'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def cache_dir(pin: Pin, cache: Path = CACHE) -> Path:
    return cache / pin.version


def unverified(folder: Path, pin: Pin) -> list[str]:
    """The pinned files missing from *folder* or differing from their SHA-256 (empty: all
    present and verified)."""
    return [name for name, digest in pin.files.items()
            if not (folder / name).is_file() or sha256((folder / name).read_bytes()) != digest]


def fetch(pin: Pin | None = None, cache: Path = CACHE, npm: str | None = None) -> Path:
    """The folder of verified runtime files, fetched with ``npm pack`` if the cache lacks
    them. Raises :class:`SiteRuntimeError` (one line) when npm is missing or fails, or when a
    checksum differs (nothing is then written to the cache)."""
    pin = pin or load_pin()
    dest = cache_dir(pin, cache)
    if dest.is_dir() and not unverified(dest, pin):
        return dest
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".fetch-") as tmp:
        files = dict(extract(pack(pin, Path(tmp), npm), pin.files))
        staging = Path(tmp) / pin.version
        staging.mkdir()
        for name, content in files.items():
            if sha256(content) != pin.files[name]:
                raise SiteRuntimeError(f"pyodide@{pin.version}: {name} has SHA-256 "
                                       f"{sha256(content)}, the pin in {PIN_FILE.name} says "
                                       f"{pin.files[name]}")
            (staging / name).write_bytes(content)
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)
    return dest


REGISTRY = "https://registry.npmjs.org"
"""The npm registry, read with Python when npm is not installed (``YIMAO_NPM_REGISTRY``)."""


def download(pin: Pin, registry: str | None = None) -> bytes:
    """The release's tarball from the npm registry, with Python alone (no npm, no node):
    ``<registry>/pyodide/-/pyodide-<version>.tgz``, checked against the pinned sha512."""
    import urllib.error
    import urllib.request

    base = (registry or os.environ.get("YIMAO_NPM_REGISTRY") or REGISTRY).rstrip("/")
    url = f"{base}/pyodide/-/pyodide-{pin.version}.tgz"
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            data = bytes(r.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise SiteRuntimeError(f"cannot download {url}: {getattr(exc, 'reason', exc)}") from None
    if npm_integrity(data) != pin.integrity:
        raise SiteRuntimeError(f"{url}: the tarball's sha512 is {npm_integrity(data)}, "
                               f"the pin in {PIN_FILE.name} says {pin.integrity}")
    return data


def pack(pin: Pin, folder: Path, npm: str | None = None) -> bytes:
    """The release's tarball, by ``npm pack`` into *folder* (or, without npm, downloaded from
    the registry with Python: :func:`download`), checked against the pinned sha512."""
    npm = npm or shutil.which("npm")
    if npm is None:
        return download(pin)
    spec = f"pyodide@{pin.version}"
    proc = subprocess.run(
        [npm, "pack", spec, "--pack-destination", str(folder), "--json", "--silent",
         "--ignore-scripts"],
        capture_output=True, text=True, timeout=900, check=False)
    tarballs = sorted(folder.glob("pyodide-*.tgz"))
    if proc.returncode != 0 or len(tarballs) != 1:
        last = (proc.stderr.strip().splitlines() or ["no tarball written"])[-1]
        raise SiteRuntimeError(f"npm pack {spec} failed: {last}")
    data = tarballs[0].read_bytes()
    if npm_integrity(data) != pin.integrity:
        raise SiteRuntimeError(f"{spec}: the tarball's sha512 is {npm_integrity(data)}, "
                               f"the pin in {PIN_FILE.name} says {pin.integrity}")
    return data


def extract(tarball: bytes, names: Iterable[str]) -> Iterator[tuple[str, bytes]]:
    """The regular files ``package/<name>`` of an npm tarball (nothing else is read)."""
    wanted = set(names)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        found = {}
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and name in wanted:
                handle = tar.extractfile(member)
                if handle is not None:
                    found[name] = handle.read()
    missing = wanted - set(found)
    if missing:
        raise SiteRuntimeError(f"the tarball lacks {', '.join(sorted(missing))}")
    yield from sorted(found.items())
