"""A note's text is one memory whichever agent saves it.

An outside probe saved "[2026-11-20] Kenji: My car ... died." through MCP, then the same text
with the CLI, and the store held it twice (the leaf id hashed the saving agent). A second save
of a stored text refreshes it ("already stored"), by any agent. Runs the real server over
stdio, then the real CLI on the same store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.ops.ops_support import run_cli

pytestmark = pytest.mark.anyio

TEXT = "[2026-11-20] Kenji: My car, an old Honda Civic, finally died."


async def test_the_same_text_from_two_agents_and_the_cli_is_one_memory(tmp_path: Path) -> None:
    async with server_session(tmp_path, client_name="claude-code") as s:
        first = await s.ok("save_memory", {"content": TEXT})
        assert "already stored" not in first
    async with server_session(tmp_path, client_name="codex") as s:
        again = await s.ok("save_memory", {"content": TEXT})
        assert "already stored" in again, again
    from_cli = run_cli(tmp_path, "save", TEXT).stdout
    assert "already stored" in from_cli and "holds 1 entry" in from_cli, from_cli
    assert leaf_files(tmp_path) == 1


def leaf_files(home: Path) -> int:
    return len(list(home.rglob("L-*.txt")))
