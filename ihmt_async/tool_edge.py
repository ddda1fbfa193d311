"""The edge every MCP tool handler shares: the app context, provenance, and error mapping.

``server`` (the memory tools) and ``session_tools`` (the session and project tools) both build
on this module; it imports neither, so the two never import each other. Every ``IhmtError`` is
turned into a tool error with its sentence here, once. Nothing here registers a tool.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ParamSpec

import structlog
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError

from actors.base import new_request_id
from actors.provenance import Provenance
from actors.secrets import redact_text
from actors.text import shorten
from ihmt_async.logs import set_client
from ihmt_async.runtime import Runtime
from store.errors import IhmtError

log = structlog.get_logger("ihmt.server")
P = ParamSpec("P")


@dataclass
class AppContext:
    """What every tool handler gets from the lifespan."""

    runtime: Runtime
    session: str
    extras: dict[str, Any] = field(default_factory=dict)
    """Per-process state of the session/project tools, owned by their modules."""


def provenance_of(ctx: Context[Any, Any], app: AppContext) -> Provenance:
    """The calling client's name and version from the MCP handshake."""
    name, version = "unknown-client", ""
    try:
        params = ctx.session.client_params
        if params is not None and params.client_info is not None:
            name = params.client_info.name or name
            version = params.client_info.version or ""
    except (AttributeError, LookupError, ValueError):
        pass
    set_client(name, app.session)
    return Provenance(agent=name, client_version=version, session=app.session)


def app_of(ctx: Context[Any, Any]) -> AppContext:
    app = ctx.request_context.lifespan_context
    assert isinstance(app, AppContext)
    return app


ECHO_LIMIT = 200
"""Characters of an argument value a reply or error may echo back."""
MESSAGE_LIMIT = 2000


def echo(value: str | None, limit: int = ECHO_LIMIT) -> str | None:
    """``value`` as a reply may quote it: at most ``limit`` characters, the length said."""
    if value is None or len(value) <= limit:
        return value
    return f"{shorten(value, limit // 2)} [{len(value):,} characters]"


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def bounded_message(message: str, arguments: Mapping[str, object]) -> str:
    """An error sentence in which no argument value appears longer than ``ECHO_LIMIT``."""
    for value in sorted(set(_strings(dict(arguments))), key=len, reverse=True):
        if len(value) > ECHO_LIMIT:
            short = echo(value) or ""
            message = message.replace(value, short).replace(repr(value)[1:-1], short)
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT - 1] + "…"
    return message


def tool_errors(func: Callable[P, Awaitable[str]]) -> Callable[P, Awaitable[str]]:
    """Turn our errors into a clear tool error, once, at the edge."""

    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> str:
        started = time.perf_counter()
        # Bound here, picked up by every message built in this call (Message.request_id), so
        # the edge's log lines and the actors' share one request id.
        with structlog.contextvars.bound_contextvars(request_id=new_request_id()):
            try:
                return await func(*args, **kwargs)
            except IhmtError as exc:
                message = bounded_message(str(exc), kwargs)
                log.info("tool.refused", tool=func.__name__, error=redact_text(message),
                         error_type=type(exc).__name__,
                         duration_ms=round((time.perf_counter() - started) * 1000, 2))
                raise ToolError(message) from None
            except ToolError:
                raise
            except Exception as exc:
                log.error("tool.failed", tool=func.__name__, error=repr(exc), exc_info=True,
                          duration_ms=round((time.perf_counter() - started) * 1000, 2))
                raise ToolError(f"Internal error in {func.__name__} ({type(exc).__name__}); "
                                "the store was not changed by the failed step. Please try "
                                "again.") from None

    return wrapper


class MemoryServer(MCPServer[AppContext]):
    """The MCP server with one change at its edge: arguments the SDK's validation refuses
    (a string for ``limit``, a number for ``content``) are told in one sentence per argument,
    not as pydantic's report with its URLs."""

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[AppContext, Any] | None = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            raise ToolError(argument_errors(name, exc.__cause__)) from None


def argument_errors(tool: str, error: ValidationError) -> str:
    """'The argument 'limit' of search_memory: input should be a valid integer (got
    'abc').' for each refused argument; the values quoted short and redacted."""
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(part) for part in item.get("loc", ())) or "arguments"
        got = item.get("input")
        shown = echo(redact_text(repr(got)), 60) if not isinstance(got, dict) else "an object"
        message = str(item.get("msg", "is not valid"))
        parts.append(f"The argument '{where}' of {tool}: {message[:1].lower()}{message[1:]} "
                     f"(got {shown}).")
    return " ".join(parts) + " Nothing was done."

