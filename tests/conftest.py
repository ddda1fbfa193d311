"""Fixtures every test directory may use (keep small: subdirectories add their own)."""

from __future__ import annotations

from pathlib import Path

import pytest


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
