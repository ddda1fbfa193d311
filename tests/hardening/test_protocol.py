"""Protocol abuse on a real server's stdin: a line that is not JSON, 100,000-deep nesting and a
100 MB line each get a JSON-RPC error reply, memory stays bounded, the store is not touched,
and the server answers the next request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hardening.raw_server import raw_server
from tests.hardening.store_files import (
    NO_BACKGROUND_PASS,
    first_pass_done,
    model_loaded,
    tree_digest,
    vectors_written,
)

pytestmark = pytest.mark.anyio

BIG_LINE_BYTES = 100 * 1024 * 1024


def store_digest(home: Path) -> dict[str, str]:
    """The store's files, without the log (a refused line is logged, by design)."""
    return {k: v for k, v in tree_digest(home / "ihmt_memory").items()
            if not k.startswith("logs")}


async def call_note(server, request_id: int, text: str) -> dict:  # type: ignore[no-untyped-def]
    return await server.request(request_id, "tools/call",
                                {"name": "note", "arguments": {"text": text}})


async def test_bad_lines_get_errors_and_the_server_keeps_serving(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with raw_server(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as server:
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
