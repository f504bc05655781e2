"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sitebuild import ARGS, CHROMIUM, Build, build_once


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The reading site built once per session from a snapshot of tei/yimao.xml."""
    build = build_once(tmp_path_factory.mktemp("site"))
    assert build.returncode == 0, build.stderr
    return build


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless chromium for every browser test (Playwright allows one per process)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
