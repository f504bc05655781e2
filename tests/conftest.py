"""Fixtures shared by the test modules, and the markers that let ``make test-fast`` leave the
long tests out: a test using the ``site`` fixture is marked ``site``, one using ``browser`` is
marked ``browser`` (both set here, from the fixtures a test asks for, so a new test cannot
forget them); ``slow`` is set by hand on the long tests that need neither."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sitebuild import ARGS, CHROMIUM, Build, build_once


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``site`` and ``browser`` the tests that use (directly or through another
    fixture) the built site or the headless chromium."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        for marker in ("site", "browser"):
            if marker in names:
                item.add_marker(getattr(pytest.mark, marker))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The reading site built once per session from a snapshot of tei/yimao.xml."""
    build = build_once(tmp_path_factory.mktemp("site"))
    assert build.returncode == 0, build.stderr
    return build


@pytest.fixture(scope="session")
def tei(site: Build) -> Any:
    """The TEI the site was built from (its snapshot), parsed with lxml: the root element."""
    from lxml import etree

    assert site.tei is not None
    return etree.parse(str(site.tei)).getroot()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless chromium for every browser test (Playwright allows one per process)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
