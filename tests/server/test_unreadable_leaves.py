"""Leaf files deleted or damaged behind a running server: the replies say so.

An outside probe deleted and garbled leaf files while a server ran: searches for them said
"No memory found ... Searched all 1 stored memory" with no hint that four memories could not
be read, and ``rebuild`` printed each skipped file twice. The real server over stdio, real
files; the store's log file is read for the warning.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from store.paths import StoreLayout
from tests.hardening.cli_run import run_cli
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NOTE = "2026-05-05: deployment checklist {token} for the payments gateway."
HINT = "could not be read"


def _memory_id(reply: str) -> str:
    return reply.split("Memory id: ")[1].split()[0]


def _leaf_file(layout: StoreLayout, leaf_id: str) -> Path:
    return next(layout.leaves_dir.rglob(f"{leaf_id}.txt"))


def _logged(layout: StoreLayout, event: str) -> list[dict[str, object]]:
    lines = layout.log_file.read_text(encoding="utf-8").splitlines()
    return [e for e in map(json.loads, lines) if e.get("event") == event]


async def test_memories_whose_files_went_missing_are_named_in_the_reply(tmp_path: Path) -> None:
    home = tmp_path / "home"
    layout = StoreLayout.at_home(home)
    tokens = ("lbdeleted", "lbgarbled", "lbintact")
    async with server_session(home) as s:
        ids = {t: _memory_id(await s.ok("save_memory", {"content": NOTE.format(token=t)}))
               for t in tokens}
        assert HINT not in await s.ok("search_memory", {"query": "lbintact checklist"})
    # a second server: the three are in the shared index now (the first one's were still
    # its own tail); both paths are checked, the tail one by the saves below
    async with server_session(home) as s:
        _leaf_file(layout, ids["lbdeleted"]).unlink()
        _leaf_file(layout, ids["lbgarbled"]).write_bytes(os.urandom(2000))
        later = {t: _memory_id(await s.ok("save_memory", {"content": NOTE.format(token=t)}))
                 for t in ("lbtailgone", "lbtailintact")}
        _leaf_file(layout, later["lbtailgone"]).unlink()
        for token in ("lbdeleted", "lbgarbled", "lbtailgone"):
            reply = await s.ok("search_memory", {"query": f"{token} deployment checklist"})
            assert HINT in reply and "ihmt-async doctor" in reply, (token, reply)
        reply = await s.ok("search_memory", {"query": "lbtailgone"})
        assert reply.startswith("No memory found") and "Searched all 4" in reply, reply
        assert "the files of 3 stored memories could not be read" in reply, reply
        assert "lbtailintact" in await s.ok("search_memory", {"query": "lbtailintact"})
    warned = {str(e.get("leaf_id")) for e in _logged(layout, "navigation.leaf_unreadable")}
    assert {ids["lbdeleted"], ids["lbgarbled"], later["lbtailgone"]} <= warned
    doctor = run_cli(home, "doctor")
    # the two in the shared index are whole there: --repair writes their files again
    assert doctor.returncode == 1 and doctor.stdout.count("leaf_restorable: ") >= 2, doctor.stdout


def test_rebuild_says_each_skipped_file_once(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    for token in ("lbgarbled", "lbintact"):
        assert run_cli(tmp_path, "save", NOTE.format(token=token)).returncode == 0
    garbled = next(p for p in layout.leaves_dir.rglob("*.txt")
                   if "lbgarbled" in p.read_text(encoding="utf-8"))
    garbled.write_bytes(b"\xff\xfe not a leaf any more")
    # a damaged file no memory of the catalog names: nothing to write it again from
    stray = garbled.with_name("L-personal-0000-0123456789.txt")
    stray.write_bytes(b"\xff\xfe not a leaf either")
    done = run_cli(tmp_path, "rebuild")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(f"skipped {stray}") == 1, done.stdout
    # the memory's own file is written again from the search index's whole copy, said once
    assert done.stdout.count("wrote the file of memory ") == 1, done.stdout
    assert f"skipped {garbled}" not in done.stdout
