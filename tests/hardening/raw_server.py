"""A real ``ihmt-async serve`` process driven with raw bytes on its stdin (no SDK client), for
tests of what the transport does with input no client would send."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import Process
from anyio.streams.buffered import BufferedByteReceiveStream

from tests.mcp_client import REPO, SERVER_CWD

MAX_REPLY_BYTES = 64 * 1024 * 1024
REPLY_WAIT_S = 120


class RawServer:
    def __init__(self, process: Process) -> None:
        self.process = process
        assert process.stdout is not None and process.stdin is not None
        self.stdout = BufferedByteReceiveStream(process.stdout)
        self.stdin = process.stdin

    async def send_bytes(self, data: bytes) -> None:
        await self.stdin.send(data)

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_bytes(json.dumps(message).encode() + b"\n")

    async def receive(self) -> dict[str, Any]:
        with anyio.fail_after(REPLY_WAIT_S):  # a server that never answers fails, not hangs
            line = await self.stdout.receive_until(b"\n", MAX_REPLY_BYTES)
        value = json.loads(line)
        assert isinstance(value, dict)
        return value

    async def request(self, request_id: int, method: str, params: dict[str, Any]
                      ) -> dict[str, Any]:
        await self.send({"jsonrpc": "2.0", "id": request_id, "method": method,
                         "params": params})
        return await self.receive()

    async def initialize(self) -> None:
        reply = await self.request(0, "initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw-test", "version": "1"}})
        assert "result" in reply, reply
        await self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def peak_rss_kib(self) -> int:
        """The server process's peak resident memory so far (VmHWM)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text(encoding="utf-8")
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        raise AssertionError("no VmHWM in /proc status")


@contextlib.asynccontextmanager
async def raw_server(home: Path, **env: str) -> AsyncIterator[RawServer]:
    environment = {**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
                   "PYTHONPATH": str(REPO), **env}
    process = await anyio.open_process([sys.executable, "-m", "ihmt_async", "serve"],
                                       env=environment, cwd=SERVER_CWD,
                                       stderr=subprocess.DEVNULL)
    async with process:
        server = RawServer(process)
        try:
            yield server
        finally:
            await process.stdin.aclose()  # type: ignore[union-attr]
            with anyio.fail_after(30):
                await process.wait()
