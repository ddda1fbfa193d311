"""Fixtures every test directory may use (keep small: subdirectories add their own)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run: a suite that passed on one machine passes
# on the next (a new failing example is found by running with --hypothesis-seed=random).
settings.register_profile("deterministic", derandomize=True)
settings.load_profile("deterministic")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh IHMT_HOME under tmp_path, exported so code that reads the env finds it."""
    home = tmp_path / "ihmt-home"
    home.mkdir()
    monkeypatch.setenv("IHMT_HOME", str(home))
    return home
