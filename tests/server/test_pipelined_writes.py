"""A read sent right behind a write, on one session, sees what the write stored
(``ihmt_async/write_order.py``).

Found by an outside probe: a raw ``save_memory`` (id 3) followed at once by a
``search_memory`` for its word (id 4), both written before any reply was read, got id 4's
"No memory found ... The memory is empty." first and id 3's "Saved" after. An agent sends
several tool calls in one turn; it must find its own note. The requests are written as raw
JSON-RPC lines before any reply is read, several times over, so a pass is not luck. A read
never waits for a write sent after it (one held on a store lock the test holds), and a write
that fails gets its own error while the read behind it answers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from store.locks import LockManager
from store.paths import StoreLayout
from tests.hardening.raw_server import RawServer, raw_server
from tests.hardening.store_files import NO_BACKGROUND_PASS, first_pass_done

pytestmark = pytest.mark.anyio

ROUNDS = 6
WORDS = ("ZORRO77", "quetzalbrick", "marmotlantern", "velocardo", "pinguinoteca", "xylofarm")


def tool_call(request_id: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}


async def replies(server: RawServer, count: int) -> dict[int, dict[str, Any]]:
    """The next ``count`` replies, by request id (whatever order they come in)."""
    out: dict[int, dict[str, Any]] = {}
    while len(out) < count:
        reply = await server.receive()
        if "id" in reply:
            out[reply["id"]] = reply
    return out


def text_of(reply: dict[str, Any]) -> str:
    return "\n".join(c.get("text", "") for c in reply["result"]["content"])


async def test_a_search_pipelined_behind_a_save_finds_it(tmp_path: Path) -> None:
    async with raw_server(tmp_path / "home", TMPDIR=str(tmp_path)) as server:
        await server.initialize()
        for n, word in enumerate(WORDS[:ROUNDS]):
            save, search = 10 + 2 * n, 11 + 2 * n
            sentence = f"raw pipe save {word}: the deploy key rotates on Fridays."
            await server.send(tool_call(save, "save_memory", {"content": sentence}))
            await server.send(tool_call(search, "search_memory", {"query": word}))
            got = await replies(server, 2)
            assert got[save]["result"]["isError"] is False, got[save]
            found = text_of(got[search])
            assert word in found and "No memory found" not in found, (n, found)


async def saved_and_settled(server: RawServer, home: Path) -> None:
    """A first memory ("walrus"), and the consolidation pass its save starts at once done,
    so the test may hold a store lock no background writer wants."""
    first = await server.request(1, "tools/call", {"name": "save_memory", "arguments": {
        "content": "The walrus deploy runs on Thursdays.", "origin": "user"}})
    assert first["result"]["isError"] is False, first
    await first_pass_done(home)


async def test_a_read_waits_for_earlier_writes_only(tmp_path: Path) -> None:
    """A save held on the store's catalog lock (the test holds it: deterministic, not timing)
    delays the read sent after it, never one sent before it."""
    home = tmp_path / "home"
    async with raw_server(home, TMPDIR=str(tmp_path), IHMT_LOCK_TIMEOUT_S="300",
                          IHMT_REQUEST_TIMEOUT_S="300",
                          **NO_BACKGROUND_PASS) as server:
        await server.initialize()
        await saved_and_settled(server, home)
        locks = LockManager(StoreLayout.at_home(home).locks_dir)
        with locks.hold_sync("catalog", actor="test"):
            for message in (
                    tool_call(20, "note", {"text": "the harbour build uses make"}),
                    tool_call(21, "search_memory", {"query": "walrus deploy"}),
                    tool_call(22, "save_memory", {"content": "The pelican cache holds 40 GB."}),
                    tool_call(23, "search_memory", {"query": "pelican cache"}),
                    tool_call(24, "memory_history", {"subject": "user"})):
                await server.send(message)
            with anyio.fail_after(90):  # the held save must not hold these up
                first = await replies(server, 2)
            assert set(first) == {20, 21}, first
            assert "walrus" in text_of(first[21]), first[21]
        order: list[int] = []
        rest: dict[int, dict[str, Any]] = {}
        while len(rest) < 3:
            reply = await server.receive()
            order.append(reply["id"])
            rest[reply["id"]] = reply
        assert order.index(22) < order.index(23) and order.index(22) < order.index(24), order
        assert rest[22]["result"]["isError"] is False, rest[22]
        assert "pelican cache" in text_of(rest[23]), rest[23]


async def test_a_failed_write_still_lets_the_read_behind_it_answer(tmp_path: Path) -> None:
    """A save that fails (on a lock held past its timeout, on a scope it may not use, on
    arguments the SDK refuses before any handler runs) gets its own error, and the search
    sent right behind it answers."""
    home = tmp_path / "home"
    async with raw_server(home, TMPDIR=str(tmp_path), IHMT_LOCK_TIMEOUT_S="2",
                          IHMT_REQUEST_TIMEOUT_S="300",
                          **NO_BACKGROUND_PASS) as server:
        await server.initialize()
        await saved_and_settled(server, home)
        failing = ({"content": "The heron queue drains nightly."},
                   {"content": "The heron queue drains nightly.", "scope": "personal"},
                   {"content": 123})
        locks = LockManager(StoreLayout.at_home(home).locks_dir)
        with locks.hold_sync("catalog", actor="test"):
            for n, arguments in enumerate(failing):
                await server.send(tool_call(30 + 2 * n, "save_memory", arguments))
                await server.send(tool_call(31 + 2 * n, "search_memory",
                                            {"query": "walrus deploy"}))
            with anyio.fail_after(90):
                got = await replies(server, 2 * len(failing))
        for n in range(len(failing)):
            save, search = got[30 + 2 * n], got[31 + 2 * n]
            assert "error" in save or save["result"]["isError"] is True, (n, save)
            assert search["result"]["isError"] is False, (n, search)
            assert "walrus" in text_of(search), (n, search)
