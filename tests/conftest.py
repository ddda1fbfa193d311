"""Fixtures every test directory may use (keep small: subdirectories add their own)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from store.paths import default_cache_dir

# Property tests draw the same examples on every run: a suite that passed on one machine passes
# on the next (a new failing example is found by running with --hypothesis-seed=random).
settings.register_profile("deterministic", derandomize=True)
settings.load_profile("deterministic")

# One cache of derived files (the sentence model's mapped token table, 65 MB) for the whole
# session and every process it starts: resolved once here, from the environment the suite was
# started in, and exported, so tests (and their child processes) that point HOME or
# XDG_CACHE_HOME at a temporary folder still map the machine's one copy instead of building
# another into each folder. Tests of the cache itself set IHMT_ASYNC_CACHE per test.
os.environ["IHMT_ASYNC_CACHE"] = str(default_cache_dir())


def pytest_sessionstart(session: pytest.Session) -> None:
    """Build that cache's table before the first test if it is missing (a fresh machine), so
    no test's process is the one that builds it and logs so; a few ms when it is there."""
    from actors.embedding.sentence import warm_table_cache

    warm_table_cache()


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
