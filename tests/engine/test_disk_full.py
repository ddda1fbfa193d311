"""A full disk through the real server: nothing acknowledged is lost, the reply says what
happened, the server keeps serving, and once space is freed the store works and doctor is clean.

The store lives on a small tmpfs the test mounts (it needs root, as here and in CI; otherwise it
is skipped with the reason). A filler file takes the free space; deleting it frees it.
"""

from __future__ import annotations

import errno
import os
import re
import subprocess
from pathlib import Path

import pytest

from store import doctor
from store.catalog import CatalogReader
from store.events import read_lines
from store.factlog import FactEventsReader
from store.paths import StoreLayout
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def fill(path: Path) -> None:
    """Write until the file system says it is full."""
    block = b"\0" * 65536
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            try:
                written = os.write(fd, block)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
            if written < len(block):
                block = block[:max(1, written)]
    finally:
        os.close(fd)


async def test_disk_full_loses_nothing_acknowledged_and_recovers(small_disk: Path) -> None:
    home = small_disk / "home"
    filler = small_disk / "filler"
    acked: list[str] = []
    async with server_session(home, client_name="disk-full") as s:
        for n, city in enumerate(("Madrid", "Valencia", "Sevilla")):
            text = await s.ok("save_memory", {"content": f"2020-0{n + 1}-01: I live in {city}."})
            acked += re.findall(r"L-[\w.-]+", text.split("Memory id")[1])
        fill(filler)
        refusals = []
        for n in range(4):
            text, is_error = await s.call("save_memory", {
                "content": f"Note {n}: I live in Lisbon now, flat {n} near the river. " * 20})
            assert is_error, text
            refusals.append(text)
        assert all("the disk is full; nothing was saved" in t for t in refusals), refusals
        # Reads keep working, and the refused saves are nowhere.
        answer = await s.ok("search_memory", {"query": "where do I live?"})
        assert "Sevilla" in answer and "Lisbon" not in answer
        filler.unlink()
        after = await s.ok("save_memory", {"content": "2024-05-01: I live in Porto."})
        assert "Porto" in await s.ok("search_memory", {"query": "Porto"})
        history = await s.ok("memory_history", {"attribute": "location"})
    assert "Memory id" in after
    layout = StoreLayout.at_home(home)
    leaves = {i for i, e in CatalogReader(layout).entries().items() if e["kind"] == "leaf"}
    assert set(acked) <= leaves and len(leaves) == 4
    values = [e["value"] for e in FactEventsReader(layout).all_events() if e["op"] == "fact"]
    assert sorted(values) == ["Madrid", "Porto", "Sevilla", "Valencia"]
    assert "Lisbon" not in history
    assert {p.stem for p in layout.leaves_dir.rglob("*.txt")} == leaves
    read = read_lines(layout.events_file)  # refused saves left no line, whole or torn
    assert not read.torn_tail and read.bad == [] and len(read.lines) == 4
    assert doctor.check(layout, grace_s=0.0) == []


async def _remount_read_only(root: str) -> None:
    """Make the bind mount at ``root`` read-only. The kernel refuses ("mount point is busy")
    while a file opened through it is open for writing: the server's work after its last reply
    (the memory's vector, an index commit) may still be writing for a moment."""
    import anyio

    for _ in range(100):
        if subprocess.run(["mount", "-o", "remount,bind,ro", root],
                          capture_output=True).returncode == 0:
            return
        await anyio.sleep(0.1)
    subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)


async def test_a_read_only_store_refuses_saves_with_a_clear_reply(small_disk: Path) -> None:
    home = small_disk / "home"
    async with server_session(home, client_name="read-only") as s:
        await s.ok("save_memory", {"content": "2021-01-01: I live in Bilbao."})
        # A read-only bind mount over the store: new files and renames there fail with EROFS.
        root = str(home / "ihmt_memory")
        subprocess.run(["mount", "--bind", root, root], check=True)
        await _remount_read_only(root)
        try:
            text, is_error = await s.call("save_memory", {"content": "I live in Cádiz."})
            assert is_error and "read-only" in text and "nothing was saved" in text, text
            assert "Bilbao" in await s.ok("search_memory", {"query": "where do I live?"})
        finally:
            subprocess.run(["umount", "-l", root], check=True)
        await s.ok("save_memory", {"content": "2022-02-02: I live in Cádiz."})
        history = await s.ok("memory_history", {"attribute": "location"})
    assert "Bilbao" in history and "Cádiz" in history
    assert doctor.check(StoreLayout.at_home(home), grace_s=0.0) == []


async def test_searches_outlast_a_full_disk_that_refuses_the_index_commit(
        small_disk: Path) -> None:
    """Saves acknowledged just before the disk filled wait in the tail for the shared index's
    batched commit (due after 5 s); the disk refuses it. The navigation actor used to crash on
    that refusal, five times in a minute, and then answer every search with "stopped" until
    the server was restarted, even after space was freed."""
    import anyio

    home = small_disk / "home"
    filler = small_disk / "filler"
    async with server_session(home, client_name="disk-full-index") as s:
        for n in range(5):
            await s.ok("save_memory", {"content": f"Note {n} about the quokka{n} service."})
        fill(filler)
        await anyio.sleep(8)  # past the commit's due time, and a few idle turns more
        for _ in range(3):
            assert "quokka3" in await s.ok("search_memory", {"query": "quokka3 service"})
            await anyio.sleep(1)
        filler.unlink()
        await anyio.sleep(6)  # the paused background writes resume
        await s.ok("save_memory", {"content": "A note about the okapi service."})
        assert "okapi" in await s.ok("search_memory", {"query": "okapi service"})
        assert "quokka1" in await s.ok("search_memory", {"query": "quokka1 service"})
    assert doctor.check(StoreLayout.at_home(home), grace_s=0.0) == []


async def test_a_store_behind_a_read_only_mount_is_searched_and_refuses_writes(
        small_disk: Path) -> None:
    """A store cleanly stopped (no -wal/-shm files left) and then mounted read-only, as a
    backup browsed later: WAL mode would need to create its -shm file, so every command,
    reads included, said "permission denied writing the store"."""
    from tests.ops.ops_support import run_cli

    home = small_disk / "home"
    saved = run_cli(home, "save", "2021-01-01: I live in Bilbao, near the river.").stdout
    memory_id = re.findall(r"L-[\w.-]+", saved)[0]
    root = str(home / "ihmt_memory")
    subprocess.run(["mount", "--bind", root, root], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)
    try:
        assert "Bilbao" in run_cli(home, "search", "where do I live?").stdout
        assert "No problems found" in run_cli(home, "doctor").stdout
        refused = run_cli(home, "save", "I live in Cádiz.", check=False)
        assert refused.returncode != 0 and "read-only" in refused.stderr
        async with server_session(home, client_name="read-only-mount") as s:
            assert "Bilbao" in await s.ok("search_memory", {"query": "where do I live?"})
            text, is_error = await s.call("save_memory", {"content": "I live in Cádiz."})
            assert is_error and "read-only" in text and "nothing was saved" in text, text
            text, is_error = await s.call("forget_memory", {"memory_id": memory_id,
                                                            "reason": "moved"})
            assert is_error and "read-only" in text, text
            assert "Bilbao" in await s.ok("search_memory", {"query": "where do I live?"})
    finally:
        subprocess.run(["umount", "-l", root], check=True)
    assert doctor.check(StoreLayout.at_home(home), grace_s=0.0) == []


async def test_a_server_starts_on_a_full_disk_serves_reads_and_writes_once_space_is_freed(
        small_disk: Path) -> None:
    """A store stopped cleanly (no -wal/-shm left), with a save killed before its commit
    waiting to be undone, on a disk that then fills up. A new server died during initialize:
    the WAL index (-shm) could not be made, and the start-up recovery's transaction was
    refused. Now the start defers the recovery, reads see the database as it stands, writes
    are refused with the clear reply, and once space is freed the same server saves and reads
    its save back; the next start finishes the recovery."""
    from store import vectors as vector_table
    from store.db import pending_rows
    from tests.ops.ops_support import leave_pending_leaf, run_cli

    home = small_disk / "home"
    filler = small_disk / "filler"
    for city in ("Madrid", "Valencia"):
        run_cli(home, "save", f"2020-01-0{len(city) % 9}: I live in {city}.")
    layout = StoreLayout.at_home(home)
    killed_id = "L-general-0099-00000000ab"
    leave_pending_leaf(home, killed_id)
    shm = layout.database.with_name(layout.database.name + "-shm")
    assert not shm.exists()  # the last connection closed cleanly
    fill(filler)

    # Reads in this process too: the database as it stands, no write (no vectors table yet).
    assert {e["kind"] for e in CatalogReader(layout).entries().values()} == {"leaf"}
    assert vector_table.count(layout, "any-model") == 0
    async with server_session(home, client_name="full-disk-start") as s:
        assert "Valencia" in await s.ok("search_memory", {"query": "where do I live?"})
        assert "Madrid" in await s.ok("memory_history", {"attribute": "location"})
        text, is_error = await s.call("save_memory", {"content": "I live in Lisbon now."})
        assert is_error and "the disk is full; nothing was saved" in text, text
        found = doctor.examine(layout, grace_s=0.0)
        assert found.problems == []
        assert [p.code for p in found.leftovers] == ["unfinished_save"]
        filler.unlink()
        await s.ok("save_memory", {"content": "2024-05-01: I live in Porto."})
        assert "Porto" in await s.ok("search_memory", {"query": "where do I live?"})
    async with server_session(home, client_name="full-disk-after"):
        pass  # its start finishes the recovery the full disk deferred
    found = doctor.examine(layout, grace_s=0.0)
    assert found.problems == [] and found.leftovers == []
    assert not layout.leaf_path("general", killed_id).exists()
    conn = CatalogReader(layout).connection()
    assert conn is not None and pending_rows(conn) == []


async def test_a_search_on_a_full_disk_never_fails_for_the_vectors_it_cannot_store(
        small_disk: Path) -> None:
    """A search embeds the few memories saved just before it itself, and stored their
    vectors on its way: on a full disk that write failed the search ("the disk is full;
    nothing was saved"). A read must not fail for a write it makes on the side."""
    from tests.hardening.store_files import vectors_written

    home = small_disk / "home"
    async with server_session(home, client_name="full-disk-vectors") as s:
        for n in range(3):
            await s.ok("save_memory", {"content": f"Note {n} about the wombat{n} service."})
        await vectors_written(home)
        await s.ok("save_memory", {"content": "The numbat service moved to the east wing."})
        fill(small_disk / "filler")
        for _ in range(3):
            answer = await s.ok("search_memory", {"query": "numbat service east wing"})
            assert "numbat" in answer
        assert "wombat1" in await s.ok("search_memory", {"query": "wombat1 service"})


def test_every_write_command_on_a_read_only_mount_is_one_line(small_disk: Path) -> None:
    """``rebuild`` on a read-only mount printed a 44-line traceback (EROFS from the temp file
    of the settings it writes first); every command that writes says it in one line."""
    from tests.ops.ops_support import run_cli

    home = small_disk / "home"
    run_cli(home, "save", "The deploy script lives in tools/deploy.sh")
    assert not (home / "ihmt_memory" / "ihmt.config.json").exists()  # a save writes none
    root = str(home / "ihmt_memory")
    subprocess.run(["mount", "--bind", root, root], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)
    try:
        for command in (("rebuild",), ("consolidate",), ("init",), ("doctor", "--repair")):
            done = run_cli(home, *command, check=False)
            errors = [line for line in done.stderr.splitlines()
                      if "cannot write the log file" not in line]
            assert done.returncode == 1, (command, done.stderr)
            assert errors == [errors[0]] and "read-only file system" in errors[0], \
                (command, done.stderr)
        assert "deploy" in run_cli(home, "search", "deploy script").stdout
    finally:
        subprocess.run(["umount", "-l", root], check=True)
