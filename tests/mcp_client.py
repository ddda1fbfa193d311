"""Talk to a real ``ihmt-async serve`` subprocess over stdio with the SDK's client.

Shared by the end-to-end tests: each ``server_session`` spawns its own server process on the
given IHMT_HOME, initialises the MCP session with a chosen client name, and yields a small
wrapper whose ``call`` returns (text, is_error) and whose ``initialized`` is the server's
``initialize`` reply.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp import types as mcp_types

REPO = Path(__file__).resolve().parents[1]
SERVER_CWD = tempfile.gettempdir()
"""Where test servers run: outside any repository, so a client without roots has no project
(the server would take the checkout's, ``client_scope.cwd_project``)."""


def server_params(home: Path, **env: str) -> StdioServerParameters:
    environment = {**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
                   "PYTHONPATH": str(REPO), **env}
    return StdioServerParameters(command=sys.executable, args=["-m", "ihmt_async", "serve"],
                                 env=environment, cwd=SERVER_CWD)


class Session:
    def __init__(self, session: ClientSession,
                 initialized: mcp_types.InitializeResult | None = None) -> None:
        self.session = session
        self.initialized = initialized
        """The server's ``initialize`` reply (its instructions, capabilities)."""

    async def call(self, tool: str, arguments: dict[str, Any] | None = None
                   ) -> tuple[str, bool]:
        result = await self.session.call_tool(tool, arguments or {})
        text = "\n".join(c.text for c in result.content if isinstance(c, mcp_types.TextContent))
        return text, bool(result.is_error)

    async def ok(self, tool: str, arguments: dict[str, Any] | None = None) -> str:
        text, is_error = await self.call(tool, arguments)
        assert not is_error, f"{tool} failed: {text}"
        return text


@contextlib.asynccontextmanager
async def server_session(home: Path, *, client_name: str = "test-client",
                         client_version: str = "1.0", **env: str) -> AsyncIterator[Session]:
    params = server_params(home, **env)
    info = mcp_types.Implementation(name=client_name, version=client_version)
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230 (opening /dev/null never blocks)
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, client_info=info) as session:
            initialized = await session.initialize()
            yield Session(session, initialized)


async def wait_until(holds: Callable[[], Awaitable[bool]], *, within: float = 60,
                     every: float = 0.2) -> None:
    """Ask ``holds`` every ``every`` seconds until it is true (a reply or the log says what a
    test waits for: the model loaded, the heap settled), failing after ``within`` seconds."""
    with anyio.fail_after(within):
        while not await holds():
            await anyio.sleep(every)


def first_block(reply: str) -> str:
    """A search reply's first block: the first memory and what is shown under it, up to the
    second memory's heading."""
    return reply.partition("\n--- 2. ")[0]


def first_memory(reply: str) -> str:
    """The first memory a search reply serves, without the turns shown under it."""
    first = reply.split("\n\n")[0]
    for heading in ("\nNext in that conversation:", "\nAlso in that conversation:"):
        first = first.split(heading)[0]
    return first
