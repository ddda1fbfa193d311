"""IHMT drop-in details: root.json right after the first save (CLI and MCP), and an IHMT store
in ~/.ihmt pointed out when IHMT_HOME is unset."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest

from ihmt_async.ihmt_compat import ihmt_store_hint
from tests.integration.cli_support import REPO, run_cli
from tests.mcp_client import server_session


def test_root_json_after_the_first_cli_save(tmp_path: Path) -> None:
    assert run_cli("save", "The build uses Gradle 8.", store=tmp_path).returncode == 0
    root = json.loads((tmp_path / "ihmt_memory" / "root.json").read_text())
    assert isinstance(root, dict) and root


@pytest.mark.anyio
async def test_root_json_after_the_first_mcp_save(tmp_path: Path) -> None:
    root = tmp_path / "ihmt_memory" / "root.json"
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "The build uses Gradle 8."})
        with anyio.fail_after(30):
            while not root.exists():  # written by the server's consolidation task
                await anyio.sleep(0.05)
    assert json.loads(root.read_text())


def test_ihmt_store_in_home_is_pointed_out(tmp_path: Path) -> None:
    user = tmp_path / "user"
    leaf = user / ".ihmt" / "ihmt_memory" / "layer_0" / "general" / "L-1.txt"
    leaf.parent.mkdir(parents=True)
    leaf.write_text("x")
    env = {"HOME": str(user), "XDG_DATA_HOME": str(user / "data")}
    saved = dict(os.environ)
    try:
        os.environ.pop("IHMT_HOME", None)
        os.environ.update(env)
        assert ihmt_store_hint(None, user_home=user, cwd=tmp_path) == user / ".ihmt"
        checkout = tmp_path / "IHMT-MEMORY"
        (checkout / "ihmt_memory" / "layer_0" / "general").mkdir(parents=True)
        (checkout / "ihmt_memory" / "layer_0" / "general" / "L-2.txt").write_text("x")
        assert ihmt_store_hint(None, user_home=tmp_path / "nobody", cwd=checkout) == checkout
        assert ihmt_store_hint(None, user_home=tmp_path / "nobody", cwd=tmp_path) is None
        assert ihmt_store_hint(str(tmp_path / "x"), user_home=user) is None
        assert ihmt_store_hint(None, env={"IHMT_HOME": "/srv"}, user_home=user) is None
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.mark.anyio
async def test_server_logs_where_the_ihmt_memory_is(tmp_path: Path) -> None:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    user = tmp_path / "user"
    leaf = user / ".ihmt" / "ihmt_memory" / "layer_0" / "general" / "L-1.txt"
    leaf.parent.mkdir(parents=True)
    leaf.write_text("x")
    env = {k: v for k, v in os.environ.items() if k != "IHMT_HOME"}
    env.update({"HOME": str(user), "XDG_DATA_HOME": str(user / "data"), "PYTHONPATH": str(REPO),
                "IHMT_LOG_STDERR": "1"})
    params = StdioServerParameters(command=sys.executable, args=["-m", "ihmt_async", "serve"],
                                   env=env, cwd=str(tmp_path))
    stderr_file = tmp_path / "stderr.jsonl"
    with stderr_file.open("w") as errlog:  # noqa: ASYNC230
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            await session.list_tools()
    # No store exists yet (nothing was saved), so the events went to stderr only.
    assert not (user / "data" / "ihmt" / "ihmt_memory").exists()
    lines = stderr_file.read_text().splitlines()
    events = [json.loads(x) for x in lines if x.startswith("{")]
    found = [e for e in events if e.get("event") == "server.ihmt_store_found"]
    assert found and found[0]["ihmt_store"] == str(user / ".ihmt")
    assert f"IHMT_HOME={user / '.ihmt'}" in found[0]["hint"]
