"""A line before the database's place in the event file made shorter (bytes deleted), with a
save's line after it that was never applied (its writer SIGKILLed between its line and its
commit): the next start finds its place by the mark of the last line it applied and applies
that save, instead of reading from the old offset, the middle of that line, and skipping it
as damage. Real processes: the engine worker killed mid-save, the MCP server, the CLI."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from store.paths import StoreLayout
from tests.mcp_client import server_session
from tests.ops.ops_support import cli_json, run_cli
from tests.worker_process import WorkerProcess

pytestmark = pytest.mark.anyio


def _shorten(path: Path, number: int, by: int) -> None:
    """Delete ``by`` bytes inside line ``number`` (1-based), after its "ts" key."""
    lines = path.read_bytes().split(b"\n")
    line = lines[number - 1]
    at = line.index(b'"ts":"') + 6
    lines[number - 1] = line[:at] + line[at + by:]
    path.write_bytes(b"\n".join(lines))


async def test_a_save_after_a_shortened_line_is_applied_not_skipped(
        tmp_path: Path, spawn: Callable[..., WorkerProcess]) -> None:
    home = tmp_path / "home"
    child = spawn("save-and-stop", home, "after_event_line")
    for _ in range(3):
        child.expect("acked ")
    child.expect("at after_event_line")
    child.kill()
    layout = StoreLayout.at_home(home)
    _shorten(layout.events_file, 2, 40)

    async with server_session(home) as s:
        found = await s.ok("search_memory", {"query": "Zebra3 Lisbon"})
        history = await s.ok("memory_history", {"subject": "user"})
    assert "Note Zebra3" in found, found  # the killed save's line was applied
    assert "Lisbon" in history, history
    assert history.count("Madrid") == 1, history  # nothing applied twice

    doctor = cli_json(home, "doctor", "--grace", "0", check=False)
    codes = sorted(p["code"] for p in doctor["problems"])
    assert codes == ["event_file_shorter", "event_line_damaged"], doctor
    assert all(p["repairable"] for p in doctor["problems"]), doctor
    assert cli_json(home, "doctor", "--repair", "--grace", "0")["clean"]
    shutil.rmtree(layout.state_dir)
    run_cli(home, "rebuild")
    async with server_session(home) as s:
        assert (await s.ok("memory_history", {"subject": "user"})) == history
        assert "Note Zebra3" in await s.ok("search_memory", {"query": "Zebra3 Lisbon"})
