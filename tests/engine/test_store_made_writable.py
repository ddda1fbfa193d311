"""A server started while its store could not be written saves once it can, within seconds,
without a restart; and the refusal names its cause (a read-only file system, or a permission:
an immutable file). Real servers over stdio on a small tmpfs (root, as in CI; else skipped)."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import anyio
import pytest

from store.catalog import CatalogReader
from store.db import FROZEN_RETRY_S
from store.engine import WRITER_RETRY_S
from store.paths import StoreLayout
from tests.mcp_client import Session, server_session
from tests.ops.ops_support import run_cli

pytestmark = pytest.mark.anyio
DEADLINE_S = WRITER_RETRY_S + 3.0
"""The writer tries a fresh connection once ``WRITER_RETRY_S`` has passed since a refusal."""


async def _saved_within_deadline(s: Session, content: str) -> list[str]:
    """Save until the store takes it; the refusals met on the way, in order."""
    refusals: list[str] = []
    with anyio.fail_after(DEADLINE_S):
        while True:
            text, is_error = await s.call("save_memory", {"content": content})
            if not is_error:
                return refusals
            refusals.append(text)
            await anyio.sleep(0.2)  # waiting for time to pass is the point: the retry is timed


async def test_a_server_started_on_a_read_only_mount_saves_once_it_is_writable(
        small_disk: Path) -> None:
    home = small_disk / "home"
    run_cli(home, "save", "2021-01-01: I live in Bilbao.")
    root = str(home / "ihmt_memory")
    subprocess.run(["mount", "--bind", root, root], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)
    mounted = True
    try:
        async with server_session(home, client_name="started-read-only") as s:
            text, is_error = await s.call("save_memory", {"content": "I live in Cádiz."})
            assert is_error and "read-only file system; nothing was saved" in text, text
            subprocess.run(["umount", "-l", root], check=True)
            mounted = False
            refusals = await _saved_within_deadline(s, "2024-05-01: I live in Porto.")
            assert all("read-only" in r for r in refusals), refusals
            assert "Porto" in await s.ok("search_memory", {"query": "where do I live?"})
    finally:
        if mounted:
            subprocess.run(["umount", "-l", root], check=True)


async def test_an_immutable_database_is_refused_as_a_permission_and_saves_once_released(
        small_disk: Path) -> None:
    home = small_disk / "home"
    run_cli(home, "save", "2021-01-01: I live in Bilbao.")
    database = StoreLayout.at_home(home).database
    locked = subprocess.run(["chattr", "+i", str(database)], capture_output=True, text=True)
    if locked.returncode != 0:
        pytest.skip(f"chattr +i is refused here: {locked.stderr.strip()}")
    try:
        async with server_session(home, client_name="started-immutable") as s:
            text, is_error = await s.call("save_memory", {"content": "I live in Cádiz."})
            assert is_error and "permission denied writing the store; nothing was saved" \
                in text, text
            subprocess.run(["chattr", "-i", str(database)], check=True)
            await _saved_within_deadline(s, "2024-05-01: I live in Porto.")
            assert "Porto" in await s.ok("search_memory", {"query": "where do I live?"})
    finally:
        subprocess.run(["chattr", "-i", str(database)], capture_output=True)


def test_a_reader_opened_on_a_read_only_mount_sees_saves_made_once_it_is_writable(
        small_disk: Path) -> None:
    """Its view is immutable (no ``-shm`` can be made there), which never sees a later commit:
    it is replaced as a full disk's frozen view is, within ``FROZEN_RETRY_S``."""
    home = small_disk / "home"
    run_cli(home, "save", "2021-01-01: I live in Bilbao.")
    reader = CatalogReader(StoreLayout.at_home(home))
    root = str(home / "ihmt_memory")
    subprocess.run(["mount", "--bind", root, root], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)
    try:
        before = set(reader.entries())
    finally:
        subprocess.run(["umount", "-l", root], check=True)
    saved = run_cli(home, "save", "2024-05-01: I live in Porto.").stdout
    new_id = re.findall(r"L-[\w.-]+", saved)[0]
    assert new_id not in before
    # the save's process closed the database, emptying the WAL: the view is replaced after
    # FROZEN_RETRY_S (at once while a writer keeps its WAL open, as a server does)
    deadline = time.monotonic() + FROZEN_RETRY_S + 3.0
    while new_id not in reader.entries():
        assert time.monotonic() < deadline, "the reader never saw the save"
        time.sleep(0.2)
