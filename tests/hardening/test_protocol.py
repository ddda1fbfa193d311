"""Protocol abuse on a real server's stdin: a line that is not JSON, 100,000-deep nesting and a
100 MB line each get a JSON-RPC error reply, memory stays bounded, the store is not touched,
and the server answers the next request; requests written before the end of stdin are all
answered, and a signal stops a server whose client keeps stdin open."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tests.hardening.raw_server import raw_server
from tests.hardening.store_files import (
    NO_BACKGROUND_PASS,
    first_pass_done,
    model_loaded,
    tree_digest,
    vectors_written,
)
from tests.mcp_client import REPO, SERVER_CWD

pytestmark = pytest.mark.anyio

BIG_LINE_BYTES = 100 * 1024 * 1024


def store_digest(home: Path) -> dict[str, str]:
    """The store's files, without the log (a refused line is logged, by design) and SQLite's
    shared-memory index (``-shm``: any reader, such as the background embedding turn, rewrites
    its read marks; it holds no content)."""
    return {k: v for k, v in tree_digest(home / "ihmt_memory").items()
            if not k.startswith("logs") and not k.endswith("-shm")}


async def call_note(server, request_id: int, text: str) -> dict:  # type: ignore[no-untyped-def]
    return await server.request(request_id, "tools/call",
                                {"name": "note", "arguments": {"text": text}})


async def test_bad_lines_get_errors_and_the_server_keeps_serving(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with raw_server(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as server:
        early = await server.request(99, "tools/list", {})  # before initialize: says so
        assert early["error"]["code"] == -32600 and "initialize" in early["error"]["message"]
        await server.initialize()
        saved = await server.request(1, "tools/call", {"name": "save_memory", "arguments": {
            "content": "The walrus deploy runs on Thursdays.", "origin": "user"}})
        assert saved["result"]["isError"] is False, saved
        await first_pass_done(home)
        await model_loaded(home)  # its load is not growth under abuse
        await vectors_written(home)  # nor is the memory's vector a change a bad line made
        before = store_digest(home)
        assert before, "the save wrote the store"
        baseline_kib = server.peak_rss_kib()

        await server.send_bytes(b"this is not json {\n")
        reply = await server.receive()
        assert reply["error"]["code"] == -32700 and reply["id"] is None

        await server.send_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
        reply = await server.receive()
        assert reply["error"]["code"] == -32600
        assert "nested too deeply" in reply["error"]["message"]

        await server.send_bytes(b'{"jsonrpc": "1.0", "id": 5, "method": "ping"}\n')
        reply = await server.receive()
        assert reply["error"]["code"] == -32600 and reply["id"] == 5

        # a batch, an empty one, and a request with no method: answered, not dropped
        for line, rid in ((b'[{"jsonrpc":"2.0","id":8,"method":"ping"}]', None), (b"[]", None),
                          (b'{"jsonrpc":"2.0","id":20}', 20)):
            await server.send_bytes(line + b"\n")
            reply = await server.receive()
            assert reply["error"]["code"] == -32600 and reply["id"] == rid, line

        # a message the SDK's own model rejects (it dropped these without a reply): a method
        # that is no string, params that are no object, an id that is no string or integer
        for line, rid in ((b'{"jsonrpc":"2.0","id":21,"method":123}', 21),
                          (b'{"jsonrpc":"2.0","id":22,"method":"tools/list","params":"x"}', 22),
                          (b'{"jsonrpc":"2.0","id":23,"method":"tools/call","params":[1]}', 23),
                          (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', None),
                          (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', None)):
            await server.send_bytes(line + b"\n")
            reply = await server.receive()
            assert reply["error"]["code"] == -32600 and reply["id"] == rid, (line, reply)

        reply = await server.request(6, "tools/call", {"name": "no_such_tool_" + "z" * 5000,
                                                       "arguments": {}})
        assert reply["error"]["code"] == -32602 and len(json.dumps(reply)) < 500

        head = b'{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"note",' \
               b'"arguments":{"text":"'
        await server.send_bytes(head)
        chunk = b"a" * (1024 * 1024)
        for _ in range(BIG_LINE_BYTES // len(chunk)):
            await server.send_bytes(chunk)
        await server.send_bytes(b'"}}}\n')
        reply = await server.receive()
        assert reply["id"] == 77 and reply["error"]["code"] == -32600
        assert "over the limit" in reply["error"]["message"]
        assert len(json.dumps(reply)) < 1000  # the line is not echoed back

        peak_kib = server.peak_rss_kib()
        assert peak_kib - baseline_kib < 64 * 1024, (baseline_kib, peak_kib)
        assert store_digest(home) == before

        # The server still serves: a note and a search work after all that.
        noted = await call_note(server, 78, "the walrus runbook lives in ops/walrus.md")
        assert noted["result"]["isError"] is False, noted
        found = await server.request(79, "tools/call", {"name": "search_memory",
                                                        "arguments": {"query": "walrus deploy"}})
        assert "Thursdays" in found["result"]["content"][0]["text"]


async def test_requests_written_before_the_end_of_stdin_are_all_answered(
        tmp_path: Path) -> None:
    """A client that writes its requests and closes its end (a shell pipeline) gets every
    answer: they were answered "Connection closed" while the save was done all the same."""
    home = tmp_path / "home"
    async with raw_server(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as server:
        await server.initialize()
        for rid in range(1, 6):
            await server.send({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {
                "name": "save_memory", "arguments": {"content": f"PIPE-SAVE-{rid} from a shell "
                                                                "pipeline, line " + str(rid)}}})
        await server.send({"jsonrpc": "2.0", "id": 6, "method": "tools/list"})
        await server.stdin.aclose()
        replies = {}
        for _ in range(6):
            reply = await server.receive()
            replies[reply["id"]] = reply
        assert sorted(replies) == [1, 2, 3, 4, 5, 6]
        for rid in range(1, 6):
            assert replies[rid]["result"]["isError"] is False, replies[rid]
            assert "Memory id: L-" in replies[rid]["result"]["content"][0]["text"]


async def test_a_signal_stops_an_idle_server_whose_client_keeps_stdin_open(
        tmp_path: Path) -> None:
    """SIGTERM (and SIGINT) with no request in flight and stdin open: the blocked read of
    stdin is abandoned and the process exits, instead of waiting for a next line forever."""
    for number, sig in enumerate((signal.SIGTERM, signal.SIGINT)):
        home = tmp_path / f"home{number}"
        async with raw_server(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as server:
            await server.initialize()
            assert (await server.request(1, "ping", {}))["result"] == {}
            server.process.send_signal(sig)
            with anyio.fail_after(30):
                assert await server.process.wait() == 0


def test_an_unknown_prompt_is_invalid_params_and_stderr_stays_quiet(tmp_path: Path) -> None:
    """``prompts/get`` for a prompt the server does not have was JSON-RPC code 0 with the
    SDK's traceback on stderr, though ``IHMT_LOG_STDERR=0``: it is -32602, and the SDK's own
    log records go to the JSON log file as events."""
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw-test", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "prompts/get", "params": {"name": "nope"}}]
    home = tmp_path / "home"
    done = subprocess.run(
        [sys.executable, "-m", "ihmt_async", "serve"], cwd=SERVER_CWD, timeout=120,
        input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True,
        text=True, env={**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
                        "PYTHONPATH": str(REPO), "TMPDIR": str(tmp_path)}, check=False)
    replies = {reply["id"]: reply for reply in map(json.loads, done.stdout.splitlines())}
    assert replies[2]["error"]["code"] == -32602, replies[2]
    assert "Unknown prompt" in replies[2]["error"]["message"]
    assert done.stderr == "" and done.returncode == 0
