"""Helpers for the operations tests: run the real CLI as a subprocess, copy the IHMT fixture."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixture_paths import IHMT_STORE_FIXTURE

IHMT_FIXTURE = IHMT_STORE_FIXTURE


@pytest.fixture
def ihmt_copy(tmp_path: Path) -> Path:
    """A writable copy of the IHMT-written store (the fixture itself is read-only)."""
    assert IHMT_FIXTURE.exists(), f"missing fixture {IHMT_FIXTURE}"
    home = tmp_path / "ihmt-home"
    shutil.copytree(IHMT_FIXTURE, home)
    return home
