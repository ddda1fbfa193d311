"""Several agents on one store: six real server processes saving at once lose nothing."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tests.mcp_client import REPO, server_params, server_session

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SERVERS = 6
SAVES = 50


def codeword(server: int, n: int) -> str:
    return f"qz{server}w{n}v"


async def _writer(home: Path, server: int) -> None:
    async with server_session(home, client_name=f"agent-{server}") as s:
        for n in range(SAVES):
            await s.ok("save_memory", {
                "content": f"Deployment note {n} from agent {server}: the release codeword "
                           f"is {codeword(server, n)} and the rollout window is short.",
                "origin": "agent"})


async def _fact_writer(home: Path, server: int) -> None:
    async with server_session(home, client_name=f"facts-{server}") as s:
        for n in range(SAVES):
            day = 1 + n % 28
            month = 1 + n // 28
            await s.ok("save_memory", {
                "content": f"2025-{month:02d}-{day:02d}: Person{server} lives in "
                           f"Town{server}x{n}."})


def _catalog_leaves(home: Path) -> dict[str, dict[str, object]]:
    sys.path.insert(0, str(REPO))
    from store.catalog import CatalogReader
    from store.paths import StoreLayout

    entries = CatalogReader(StoreLayout.at_home(home)).entries()
    return {k: v for k, v in entries.items() if v["kind"] == "leaf"}


async def test_six_servers_save_at_once_and_a_seventh_finds_all(tmp_path: Path) -> None:
    async with anyio.create_task_group() as tg:
        for server in range(SERVERS):
            tg.start_soon(_writer, tmp_path, server)
    leaves = _catalog_leaves(tmp_path)
    assert len(leaves) == SERVERS * SAVES
    files = list((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
    assert len(files) == SERVERS * SAVES
    agents = {v["agent"] for v in leaves.values()}
    assert agents == {f"agent-{i}" for i in range(SERVERS)}
    missing = []
    async with server_session(tmp_path, client_name="reader") as s:
        for server in range(SERVERS):
            for n in range(SAVES):
                word = codeword(server, n)
                text = await s.ok("search_memory", {"query": word})
                if word not in text.split("\n--- 2. ")[0]:
                    missing.append((word, text[:200]))
    assert missing == []


async def test_six_servers_record_facts_for_six_subjects(tmp_path: Path) -> None:
    async with anyio.create_task_group() as tg:
        for server in range(SERVERS):
            tg.start_soon(_fact_writer, tmp_path, server)
    async with server_session(tmp_path, client_name="reader") as s:
        for server in range(SERVERS):
            history = await s.ok("memory_history", {"subject": f"Person{server}",
                                                    "attribute": "location"})
            lines = [line for line in history.splitlines() if line.startswith("  [")]
            assert len(lines) == SAVES, history[:500]
            assert sum("[ACTIVE]" in line for line in lines) == 1
            assert f"Town{server}x{SAVES - 1}'" in next(line for line in lines
                                                        if "[ACTIVE]" in line)
    sys.path.insert(0, str(REPO))
    from store.factlog import FactEventsReader
    from store.paths import StoreLayout

    events = FactEventsReader(StoreLayout.at_home(tmp_path)).all_events()
    assert sum(e["op"] == "fact" for e in events) == SERVERS * SAVES


def _rpc(proc: subprocess.Popen[str], message: dict[str, object]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()


def _reply(proc: subprocess.Popen[str], request_id: int) -> dict[str, object]:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise EOFError("the server closed stdout")
        message = json.loads(line)
        if message.get("id") == request_id:
            return message


def test_sigterm_during_saves_exits_cleanly_and_keeps_what_was_saved(tmp_path: Path) -> None:
    """SIGTERM while saves are in flight: exit 0 within 5 s, every acknowledged save kept."""
    params = server_params(tmp_path)
    proc = subprocess.Popen([params.command, *params.args], env=params.env, cwd=params.cwd,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        _rpc(proc, {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                               "clientInfo": {"name": "sigterm-test", "version": "1"}}})
        _reply(proc, 0)
        _rpc(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        acked: list[str] = []
        for n in range(1, 9):
            _rpc(proc, {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                        "params": {"name": "save_memory",
                                   "arguments": {"content": f"Shutdown probe {n}: sh{n}x"}}})
            text = _reply(proc, n)["result"]["content"][0]["text"]  # type: ignore[index]
            acked.append(text.split("Memory id: ")[1].split()[0])
        for n in range(9, 13):  # in flight when the signal lands
            _rpc(proc, {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                        "params": {"name": "save_memory",
                                   "arguments": {"content": f"Shutdown probe {n}: sh{n}x"}}})
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=10)  # a guard against a hang, not a speed claim
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
    assert code == 0
    leaves = _catalog_leaves(tmp_path)
    assert set(acked) <= set(leaves)
    # Whatever was written is whole: every leaf file parses and is in the catalog.
    files = {p.stem for p in (tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt")}
    assert files == set(leaves)
    assert not list((tmp_path / "ihmt_memory").rglob(".ihmt-tmp-*"))
