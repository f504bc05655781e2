"""Data safety and what is published: atomic writes (a killed writer, a full disk), build_tei's
refusal to overwrite an edited TEI, Sphinx's internals kept out of build/html, and the server
of ``make serve``."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from sitebuild import ROOT, Build

from yimao import atomic
from yimao.tei import build as build_tei
from yimao.tei.inputs import InputError
from yimao.tei.markup import mark_state, stamp


@pytest.fixture(scope="module")
def rendered() -> tuple[bytes, build_tei.Report]:
    return build_tei.render()


@pytest.fixture
def quick_render(monkeypatch, rendered):
    monkeypatch.setattr(build_tei, "render", lambda inputs=None: rendered)
    return rendered[0]


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = build_tei.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow  # the whole TEI built
def test_build_tei_refuses_an_edited_tei_unless_forced(tmp_path, capsys, quick_render) -> None:
    tei = tmp_path / "yimao.xml"
    code, out, _ = _run(["-o", str(tei)], capsys)
    assert code == 0 and tei.read_bytes() == quick_render and "wrote" in out
    code, out, _ = _run(["-o", str(tei)], capsys)
    assert code == 0 and "unchanged" in out
    edited = quick_render.replace("진·손은".encode(), "진·손은 (손질)".encode(), 1)
    tei.write_bytes(edited)
    code, out, err = _run(["-o", str(tei)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "edited after build_tei wrote it" in err and "1 of " in err and "--force" in err
    assert tei.read_bytes() == edited  # left alone
    code, out, _ = _run(["-o", str(tei), "--force"], capsys)
    assert code == 0 and tei.read_bytes() == quick_render
    assert "replaced" in out and "EDITED" in out and "1 lines removed, 1 added" in out


@pytest.mark.slow  # the whole TEI built
def test_what_may_be_replaced(quick_render) -> None:
    new = quick_render
    path = Path("tei/yimao.xml")
    other = stamp(new.partition(b"\n")[2].replace(b"<TEI ", b"<TEI  ", 1))  # another build
    assert mark_state(other) == "intact"
    assert "as build_tei wrote it;" in build_tei.replacing(other, new, path, False)
    conflict = b"<<<<<<< HEAD\n" + new + b"=======\n" + new + b">>>>>>> other\n"
    assert "conflict markers" in build_tei.replacing(conflict, new, path, False)
    unmarked = build_tei.MARK_RE.sub(b"", new, count=1)  # this output, before the mark
    assert "before it marked" in build_tei.replacing(unmarked, new, path, False)
    with pytest.raises(InputError, match="not written by build_tei"):
        build_tei.replacing(unmarked.replace(b"<TEI ", b"<TEI  ", 1), new, path, False)


def test_a_full_disk_leaves_the_old_tei(tmp_path, capsys, monkeypatch, quick_render) -> None:
    tei = tmp_path / "yimao.xml"
    tei.write_bytes(quick_render.replace(b"</TEI>", b"</TEI>\n", 1))
    tei.write_bytes(stamp(tei.read_bytes().partition(b"\n")[2]))  # a marked older build
    before = tei.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    code, out, err = _run(["-o", str(tei)], capsys)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "No space left on device" in err and "unchanged" in err
    assert tei.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["yimao.xml"]  # no temporary left


WRITER = """
import sys
from yimao import atomic
target, a, b = sys.argv[1], bytes([65]) * 3_000_000, bytes([66]) * 3_000_000
print("ready", flush=True)
while True:
    atomic.write_bytes(target, a)
    atomic.write_bytes(target, b)
"""


def test_a_killed_writer_leaves_a_whole_file(tmp_path) -> None:
    """kill -9 at random moments while a 3 MB file is rewritten again and again: what remains
    is always one whole version (with write-in-place it was 0 bytes in 2 of 60 tries)."""
    target = tmp_path / "file.xml"
    target.write_bytes(b"A" * 3_000_000)
    rng = random.Random(9)
    for _ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT,
                                stdout=subprocess.PIPE)
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        data = target.read_bytes()
        assert data in (b"A" * 3_000_000, b"B" * 3_000_000), (len(data), data[:1])
    for leftover in tmp_path.glob(".file.xml.*.tmp"):  # a killed write leaves its temporary,
        leftover.unlink()  # never a broken target (and .gitignore hides it)


def test_atomic_write_keeps_the_mode(tmp_path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("old", encoding="utf-8")
    f.chmod(0o640)
    atomic.write_text(f, "new")
    assert f.read_text(encoding="utf-8") == "new" and f.stat().st_mode & 0o777 == 0o640
    old_umask = os.umask(0o022)
    try:
        atomic.write_text(tmp_path / "fresh.txt", "x")  # not mkstemp's 0600: readable as usual
    finally:
        os.umask(old_umask)
    assert (tmp_path / "fresh.txt").stat().st_mode & 0o777 == 0o666 & ~atomic._UMASK


# ---------------------------------------------------------------- what is published


def test_no_sphinx_internals_in_the_published_site(site: Build) -> None:
    # .buildinfo (two hashes of the configuration, for incremental builds) is Sphinx's to
    # keep there; yimao.web.serve does not serve dot files
    published = [p for p in site.out.rglob("*") if p != site.out / ".buildinfo"]
    assert not [p for p in published if p.name.startswith(".") or p.suffix in (".pickle",
                                                                              ".doctree")]
    doctrees = site.out.parent / "doctrees"
    assert (doctrees / "environment.pickle").is_file()
    assert (doctrees / "yimao-cases.pickle").is_file()
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-d build/doctrees" in make and "yimao.web.serve" in make


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_serve_only_the_site(site: Build, tmp_path: Path) -> None:
    (site.out / ".secret").mkdir(exist_ok=True)
    (site.out / ".secret" / "index.html").write_text("secret", encoding="utf-8")
    (site.out / "x.pickle").write_bytes(b"pickle")
    proc = subprocess.Popen([sys.executable, "-m", "yimao.web.serve", "--port", "0", str(site.out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        base = line.split("http://", 1)[1].split("/", 1)[0]
        port = int(base.rsplit(":", 1)[1])
        status, body = _get(f"http://{base}/")
        assert status == 200 and "易冒".encode() in body
        assert _get(f"http://{base}/lifa/04/")[0] == 200
        assert _get(f"http://{base}/%00")[0] == 400
        assert _get(f"http://{base}/lifa/%00x")[0] == 400
        assert _get(f"http://{base}/_static/")[0] == 404  # a directory without index: no list
        assert _get(f"http://{base}/.secret/")[0] == 404
        assert _get(f"http://{base}/x.pickle")[0] == 404
        assert _get(f"http://{base}/../../pyproject.toml")[0] == 404

        busy = subprocess.run([sys.executable, "-m", "yimao.web.serve", "--port", str(port),
                               str(site.out)], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert busy.returncode == 2
        assert busy.stderr.count("\n") == 1 and f"port {port} is in use" in busy.stderr
        assert "Traceback" not in busy.stderr
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        (site.out / "x.pickle").unlink()
        (site.out / ".secret" / "index.html").unlink()
        (site.out / ".secret").rmdir()
    assert "Traceback" not in err


def test_serve_without_a_site_is_one_line(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "yimao.web.serve", "--port", "0", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "make site" in proc.stderr



def test_serve_a_dropped_connection_is_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    import http.server

    from yimao.web.serve import SiteServer

    srv = SiteServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    try:
        for exc in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset"),
                    ValueError("bad request state")):
            try:
                raise exc
            except Exception:
                srv.handle_error(None, ("127.0.0.1", 50000))
    finally:
        srv.server_close()
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    assert "ValueError: bad request state" in err
