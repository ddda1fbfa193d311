"""The stdio transport, with one repair: JSON text carrying an unpaired surrogate escape.

JSON allows ``"\\ud800"`` but the SDK's parser rejects the whole message and the client never
gets a reply. We parse such a line with Python's json module instead and replace each lone
surrogate with ``INVALID_TEXT_MARK`` (a Unicode noncharacter), so the request reaches the tool
and the tool refuses it with a clear sentence ("unpaired surrogate ... nothing was saved").
"""

from __future__ import annotations

import json
import re
import sys
from io import TextIOWrapper
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server

from actors.text import INVALID_TEXT_MARK

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE = re.compile("[\ud800-\udfff]")


def _mark(value: Any) -> Any:
    if isinstance(value, str):
        return _LONE.sub(INVALID_TEXT_MARK, value)
    if isinstance(value, list):
        return [_mark(v) for v in value]
    if isinstance(value, dict):
        return {_mark(k): _mark(v) for k, v in value.items()}
    return value


def repair_line(line: str) -> str:
    """The same JSON-RPC line, with lone surrogates marked (other lines unchanged)."""
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
    except ValueError:
        return line
    return json.dumps(_mark(message), ensure_ascii=False) + "\n"


class _RepairedLines:
    """Async line iterator over stdin that repairs lines on the way in."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __aiter__(self) -> _RepairedLines:
        return self

    async def __anext__(self) -> str:
        line = await self._inner.readline()
        if not line:
            raise StopAsyncIteration
        return repair_line(line)


async def run_stdio(server: MCPServer[Any]) -> None:
    """``server.run_stdio_async()`` with the repairing stdin."""
    stdin = _RepairedLines(anyio.wrap_file(TextIOWrapper(sys.stdin.buffer, encoding="utf-8",
                                                         errors="replace")))
    lowlevel = server._lowlevel_server  # the SDK exposes no public way to pass our stdin
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):  # type: ignore[arg-type]
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
