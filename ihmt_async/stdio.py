"""The stdio transport, with a guard on every line that comes in.

Each line from the client is checked before the SDK sees it:
- a line over ``MAX_LINE_CHARS`` is never held whole: the first part is kept to find its
  request id, the rest is read and thrown away in chunks, and the client gets a JSON-RPC error
  (``-32600``, with the request's id when it can be found);
- a line that is not JSON gets ``-32700 Parse error``; JSON nested deeper than Python can parse
  gets ``-32600``; a JSON value that is not a JSON-RPC object (a batch array, a number, an
  object with no method, result or error) gets ``-32600``;
- JSON text carrying an unpaired surrogate escape (``"\\ud800"``, legal JSON that the SDK's
  parser rejects) is re-encoded with each lone surrogate replaced by ``INVALID_TEXT_MARK``, so
  the request reaches the tool and the tool refuses it with a clear sentence; bytes that are
  not UTF-8 are marked so too (a U+FFFD in their place was saved as the memory's text).
- a JSON-RPC object the SDK's own message model rejects (a method that is not a string,
  params that are not an object, an id that is neither a string nor an integer) gets
  ``-32600`` too: the SDK would drop it without a reply, and its client would wait for one.
A refused line costs one warning log line and one error reply; the server keeps serving.
Nothing here writes to stdout itself: replies go through the SDK's write stream.

At the end of stdin the requests already read are answered before the SDK hears of it
(``Pending``): a client that writes its requests and closes its end of the pipe (a shell
pipeline, a script) gets every answer, not "Connection closed" for work that was done. A
signal stops the server while a read waits for the client: the wait is cancelled. The lines are
read and the replies written on the event loop (``fd_streams``), not in worker threads.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, Protocol

import anyio
import mcp_types as types
import pydantic
import structlog
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from actors.lazy_re import lazy_regex
from actors.text import INVALID_TEXT_MARK
from ihmt_async.echo import echo
from ihmt_async.fd_streams import FdLines, FdWriter
from ihmt_async.tool_edge import MemoryServer
from ihmt_async.write_order import WriteOrder, called_tool, request_key

MAX_LINE_CHARS = 16 * 1024 * 1024
"""Longest request line accepted (an 8 MB digest_output, JSON-escaped, fits)."""
DRAIN_CHARS = 1024 * 1024
MAX_TOOL_NAME_CHARS = 128
"""Longer tool names are refused here: no tool has one, and the SDK would echo it."""
ID_WINDOW = 4096
"""How much of the head of an oversized line is searched for its request id."""
EOF_GRACE_S = 120.0
"""At the end of stdin, how long the requests already read may take to be answered before
the server stops anyway (a save takes well under a second, a large digest tens)."""

log = structlog.get_logger("ihmt.stdio")
_SURROGATE_ESCAPE = lazy_regex(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE = lazy_regex("[\ud800-\udfff]")
_HEAD_ID = lazy_regex(r'"id"\s*:\s*(-?\d{1,18}|"(?:[^"\\]|\\.){0,200}")')

Reply = Callable[[SessionMessage], Awaitable[None]]


class BadLine(Exception):
    """A line that gets a JSON-RPC error instead of reaching the SDK."""

    def __init__(self, code: int, message: str, request_id: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.request_id = request_id


def _mark(value: Any) -> Any:
    if isinstance(value, str):
        return _LONE.sub(INVALID_TEXT_MARK, value)
    if isinstance(value, list):
        return [_mark(v) for v in value]
    if isinstance(value, dict):
        return {_mark(k): _mark(v) for k, v in value.items()}
    return value


def _request_id(value: Any) -> str | int | None:
    if isinstance(value, dict):
        rid = value.get("id")
        if isinstance(rid, str | int) and not isinstance(rid, bool):
            return rid
    return None


def check_message(line: str) -> tuple[str, dict[str, Any]]:
    """The line to hand to the SDK (repaired if it carried lone surrogates) with the message it
    holds, or ``BadLine``."""
    if not line.strip():
        raise BadLine(types.PARSE_ERROR, "Parse error: empty line.")
    try:
        message = json.loads(line)
    except RecursionError:
        raise BadLine(types.INVALID_REQUEST, "Invalid request: the JSON is nested too deeply."
                      ) from None
    except ValueError as exc:
        raise BadLine(types.PARSE_ERROR, f"Parse error: the line is not JSON ({exc}).") from None
    if isinstance(message, list):
        raise BadLine(types.INVALID_REQUEST, "Invalid request: JSON-RPC batches are not part of "
                      "MCP; send each message as a JSON object on its own line.")
    if not isinstance(message, dict):
        raise BadLine(types.INVALID_REQUEST,
                      "Invalid request: a JSON-RPC message is a JSON object.")
    if not {"method", "result", "error"} & message.keys():
        raise BadLine(types.INVALID_REQUEST, 'Invalid request: a JSON-RPC request needs a '
                      '"method" (a response, a "result" or an "error").', _request_id(message))
    if message.get("jsonrpc") != "2.0":
        raise BadLine(types.INVALID_REQUEST,
                      'Invalid request: a JSON-RPC 2.0 message needs "jsonrpc": "2.0".',
                      _request_id(message))
    if "id" in message and message["id"] is not None and _request_id(message) is None:
        raise BadLine(types.INVALID_REQUEST, "Invalid request: an id is a string or an "
                      f"integer, not {json.dumps(message['id'])[:40]}.")
    try:
        types.jsonrpc_message_adapter.validate_python(message, by_name=False)
    except pydantic.ValidationError as exc:
        errors = exc.errors()
        where = ".".join(str(part) for part in errors[0]["loc"][1:]) if errors else ""
        what = errors[0]["msg"] if errors else "not a JSON-RPC 2.0 message"
        raise BadLine(types.INVALID_REQUEST, f"Invalid request: {where or 'the message'}: "
                      f"{what}.", _request_id(message)) from None
    name = called_tool(message)
    if name is not None and len(name) > MAX_TOOL_NAME_CHARS:
        # The SDK's "Unknown tool: <name>" would echo it whole.
        raise BadLine(types.INVALID_PARAMS, f"Unknown tool: a name of {len(name):,} "
                      "characters; list the tools with tools/list.", _request_id(message))
    if not _SURROGATE_ESCAPE.search(line):
        return line, message
    try:
        return json.dumps(_mark(message), ensure_ascii=False) + "\n", message
    except RecursionError:
        raise BadLine(types.INVALID_REQUEST, "Invalid request: the JSON is nested too deeply.",
                      _request_id(message)) from None


def _id_from_head(head: str) -> str | int | None:
    """The request id near the start of a line too long to parse (before its params)."""
    window = head[:ID_WINDOW]
    match = _HEAD_ID.search(window)
    params = window.find('"params"')
    if match is None or (params >= 0 and params < match.start()):
        return None
    raw = match.group(1)
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, str | int) else None


class Pending:
    """The requests read from stdin and not answered yet, by id. The reader waits for them at
    the end of stdin (``settled``); answers are seen on their way out (``AnswerWatch``), and a
    request the client cancelled is never answered, so its cancellation settles it. Each one
    is also told to ``order``, so a read waits for the writes sent before it."""

    def __init__(self, order: WriteOrder | None = None) -> None:
        self._ids: set[str] = set()
        self._idle = anyio.Event()
        self._idle.set()
        self.order = order

    def asked(self, message: dict[str, Any]) -> None:
        """Note a line handed to the SDK: a request adds its id, a cancellation removes one."""
        if message.get("method") == "notifications/cancelled":
            params = message.get("params")
            if isinstance(params, dict) and "requestId" in params:
                self.answered(params["requestId"])
        elif "method" in message and _request_id(message) is not None:
            self._ids.add(request_key(message["id"]))
            if self._idle.is_set():
                self._idle = anyio.Event()
            tool = called_tool(message)
            if tool is not None and self.order is not None:
                self.order.arrived(message["id"], tool)

    def answered(self, request_id: object) -> None:
        self._ids.discard(request_key(request_id))
        if self.order is not None:
            self.order.settled(request_id)
        if not self._ids:
            self._idle.set()

    async def settled(self, timeout_s: float) -> None:
        """Until every request read has been answered, or ``timeout_s`` has passed."""
        with anyio.move_on_after(timeout_s):
            await self._idle.wait()
        if self._ids:
            log.warning("stdio.unanswered_at_eof", requests=len(self._ids), waited_s=timeout_s)


class AnswerWatch:
    """The SDK's write stream, telling ``Pending`` of each answer it carries out."""

    def __init__(self, inner: Any, pending: Pending) -> None:
        self._inner = inner
        self._pending = pending

    async def send(self, item: SessionMessage, /) -> None:
        message = item.message
        try:
            await self._inner.send(item)
        finally:
            if isinstance(message, types.JSONRPCResponse | types.JSONRPCError) \
                    and message.id is not None:
                self._pending.answered(message.id)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> AnswerWatch:
        await self._inner.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> bool | None:
        result: bool | None = await self._inner.__aexit__(*exc)
        return result


class LineSource(Protocol):
    """Where lines come from (``fd_streams.FdLines`` over stdin)."""

    async def readline(self, limit: int) -> str:
        """The next line, at most ``limit`` characters of it; '' at the end."""
        ...


class GuardedLines:
    """Async line iterator over stdin that checks each line (see the module docstring)."""

    def __init__(self, inner: LineSource, *, max_line_chars: int = MAX_LINE_CHARS,
                 eof_grace_s: float = EOF_GRACE_S) -> None:
        self._inner = inner
        self.max_line_chars = max_line_chars
        self.eof_grace_s = eof_grace_s
        self.reply: Reply | None = None
        """Set once the write stream exists; refused lines are answered through it."""
        self.pending = Pending()
        self.initialize_seen = False
        """A request other than ping before ``initialize`` is told so."""

    def __aiter__(self) -> GuardedLines:
        return self

    async def __anext__(self) -> str:
        while True:
            line = await self._readline(self.max_line_chars + 1)
            if not line:
                await self.pending.settled(self.eof_grace_s)
                raise StopAsyncIteration
            line = _LONE.sub(INVALID_TEXT_MARK, line)  # bytes not UTF-8 (``FdLines`` kept them)
            try:
                if len(line) > self.max_line_chars and not line.endswith("\n"):
                    total = len(line) + await self._drain()
                    raise BadLine(types.INVALID_REQUEST,
                                  f"Invalid request: the message is {total:,} characters, over "
                                  f"the limit of {self.max_line_chars:,}; nothing was done.",
                                  _id_from_head(line))
                checked, message = check_message(line)
                method = message.get("method")
                if method == "initialize":
                    self.initialize_seen = True
                elif not self.initialize_seen and method != "ping" and "id" in message \
                        and isinstance(method, str) and not method.startswith("notifications/"):
                    # the SDK answered "Invalid request parameters", which named nothing
                    raise BadLine(types.INVALID_REQUEST, f"Invalid request: {echo(method, 60)} "
                                  "before initialize; send initialize first.",
                                  _request_id(message))
                self.pending.asked(message)
                return checked
            except BadLine as bad:
                await self._refuse(bad, len(line))

    async def _readline(self, limit: int) -> str:
        """At most ``limit`` characters of the next line. A read waiting for the client is
        cancelled when the server stops on a signal."""
        return await self._inner.readline(limit)

    async def _drain(self) -> int:
        """Read and discard the rest of an oversized line; how many characters it had."""
        dropped = 0
        while True:
            chunk = await self._readline(DRAIN_CHARS)
            dropped += len(chunk)
            if not chunk or chunk.endswith("\n"):
                return dropped

    async def _refuse(self, bad: BadLine, chars: int) -> None:
        log.warning("stdio.line_refused", code=bad.code, reason=bad.message[:200],
                    chars=chars, request_id=str(bad.request_id or ""))
        if self.reply is None:
            return
        error = types.JSONRPCError(jsonrpc="2.0", id=bad.request_id,
                                   error=types.ErrorData(code=bad.code, message=bad.message))
        try:
            await self.reply(SessionMessage(error))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass


@contextlib.contextmanager
def _claimed_stdout() -> Iterator[int]:
    """A private copy of stdout for the MCP messages, with fd 1 pointed at stderr meanwhile:
    a stray write to stdout (a library's print, a child process') must never land inside the
    JSON-RPC channel. The SDK's transport does the same for a stdout it opens itself; given
    ours, it leaves that to us. The copy is never closed: a write in a worker thread (stdout
    a regular file) may outlive the transport."""
    private = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
    os.dup2(2, 1)
    try:
        yield private
    finally:
        os.dup2(private, 1)


async def run_stdio(server: MCPServer[Any]) -> None:
    """``server.run_stdio_async()`` with the guarded stdin, both pipes served from the event
    loop (``fd_streams``: no worker thread per line read or reply written). Our server's
    reads wait for the writes sent before them (``write_order``), in the order of this stdin."""
    stdin = GuardedLines(FdLines(0))
    if isinstance(server, MemoryServer):
        stdin.pending.order = server.write_order
    lowlevel = server._lowlevel_server  # the SDK exposes no public way to pass our stdin
    with _claimed_stdout() as out:
        async with stdio_server(stdin=stdin, stdout=FdWriter(out)) as (  # type: ignore[arg-type]
                read_stream, write_stream):
            stdin.reply = write_stream.send
            answers = AnswerWatch(write_stream, stdin.pending)
            await lowlevel.run(read_stream, answers, lowlevel.create_initialization_options())
