"""The order in which a client sent the tool calls that write memory and the ones that read it.

MCP lets a server work on a session's requests at once, and the SDK runs each in a task of its
own: a ``search_memory`` written right behind a ``save_memory`` was answered "No memory found"
before the save was done. An agent sends several tool calls in one turn and must find its own
note, so a read waits until every write this process received before it has been answered,
and for nothing else:

- the order is the transport's, noted as each ``tools/call`` line is handed to the SDK
  (``stdio.Pending``), never the order in which the SDK's tasks happen to reach the handlers;
- a read never waits for another read, nor for a write that arrived after it;
- a write is settled by its reply, an error included, or by the client cancelling it; a write
  the SDK refuses before any handler runs (its arguments fail validation) is settled the same
  way. A read therefore always ends; ``wait_writes_before`` is bounded all the same.

A request the transport did not note (an in-process ``mcp.Client``, which has no wire) waits
for nothing. Nothing here touches the store or the actors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anyio
import structlog

WRITE_TOOLS = frozenset({"save_memory", "forget_memory", "note", "digest_output"})
"""Tools that change what a read tool answers (long-term memory, or the session's notes)."""
READ_TOOLS = frozenset({"search_memory", "memory_history", "recall"})
"""Tools that answer from what the write tools stored."""

log = structlog.get_logger("ihmt.order")


def request_key(request_id: object) -> str:
    """One key for a JSON-RPC id wherever it is seen (the SDK hands handlers ``str(id)``)."""
    return str(request_id)


def called_tool(message: Mapping[str, Any]) -> str | None:
    """The tool a ``tools/call`` request names, else None."""
    if message.get("method") != "tools/call":
        return None
    params = message.get("params")
    name = params.get("name") if isinstance(params, Mapping) else None
    return name if isinstance(name, str) else None


class WriteOrder:
    """The writes received and not answered yet, and what each read found pending on arrival.

    One per server process (the stdio transport serves one session). Plain ``def`` methods
    for the transport, which never waits on them; one ``async`` wait for the read handlers.
    """

    def __init__(self) -> None:
        self._writes: dict[str, anyio.Event] = {}
        """Each write received and not settled, by request key: set when it is."""
        self._before: dict[str, tuple[anyio.Event, ...]] = {}
        """Each read received while writes were pending: those writes."""

    def arrived(self, request_id: object, tool: str) -> None:
        """The transport handed a call of ``tool`` to the SDK."""
        key = request_key(request_id)
        if tool in WRITE_TOOLS:
            self._writes[key] = anyio.Event()
        elif tool in READ_TOOLS and self._writes:
            self._before[key] = tuple(self._writes.values())

    def settled(self, request_id: object) -> None:
        """The request was answered (or cancelled by the client)."""
        key = request_key(request_id)
        self._before.pop(key, None)
        done = self._writes.pop(key, None)
        if done is not None:
            done.set()

    async def wait_writes_before(self, request_id: object, timeout_s: float) -> None:
        """Until every write received before this read is settled; at most ``timeout_s``
        (a write's own reply comes within its caller's wait, so this bound is a backstop)."""
        earlier = self._before.pop(request_key(request_id), ())
        if not earlier:
            return  # the common case: nothing was pending when the read arrived
        with anyio.move_on_after(timeout_s) as scope:
            for done in earlier:
                await done.wait()
        if scope.cancelled_caught:
            log.warning("order.writes_unsettled", request_id=request_key(request_id),
                        writes=sum(not done.is_set() for done in earlier), waited_s=timeout_s)
