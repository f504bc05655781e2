"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest
from sitebuild import Build, build_once


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The reading site built once per session from a snapshot of tei/yimao.xml."""
    build = build_once(tmp_path_factory.mktemp("site"))
    assert build.returncode == 0, build.stderr
    return build
