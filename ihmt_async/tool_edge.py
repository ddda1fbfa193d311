"""The edge every MCP tool handler shares: the app context, provenance, and error mapping.

``server`` (the memory tools) and ``session_tools`` (the session and project tools) both build
on this module; it imports neither, so the two never import each other. Every ``IhmtError`` is
turned into a tool error with its sentence here, once, and the sentence is bounded on the way
(``echo.bounded_message``: no argument comes back longer than an excerpt). Nothing here
registers a tool.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec

import mcp_types as types
import structlog
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from actors.base import new_request_id
from actors.provenance import Provenance
from actors.secrets import redact_text
from actors.text import invalid_unicode
from ihmt_async.echo import bounded_message, echo
from ihmt_async.logs import set_client
from ihmt_async.runtime import Runtime
from ihmt_async.write_order import WriteOrder
from store.errors import IhmtError, InvalidText

log = structlog.get_logger("ihmt.server")
P = ParamSpec("P")


@dataclass
class AppContext:
    """What every tool handler gets from the lifespan."""

    runtime: Runtime
    session: str
    order: WriteOrder
    """The order the client sent its writes and reads in: the server's, which its transport
    notes each call in."""
    extras: dict[str, Any] = field(default_factory=dict)
    """Per-process state of the session/project tools, owned by their modules."""


async def wait_earlier_writes(ctx: Context[Any, Any], app: AppContext) -> None:
    """A read tool's first wait: the writes this process received before this call are
    answered (``write_order``), so an agent that saves and searches in one turn finds its
    note. Bounded by the time a write's caller waits for it."""
    await app.order.wait_writes_before(ctx.request_id, app.runtime.settings.request_timeout_s)


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


def _check_unicode(arguments: dict[str, Any]) -> None:
    """Every text argument, not only the content and the query: an unpaired surrogate in a
    tag, a subject, an id or a domain was stored as the transport's replacement mark."""
    for name, value in arguments.items():
        texts = value if isinstance(value, (list, tuple)) else (value,)
        if any(isinstance(text, str) and invalid_unicode(text) for text in texts):
            raise InvalidText(f"The {name} argument holds invalid Unicode (bytes that are not "
                              "UTF-8, or an unpaired surrogate character); nothing was done.")


def tool_errors(func: Callable[P, Awaitable[str]]) -> Callable[P, Awaitable[str]]:
    """Turn our errors into a clear tool error, once, at the edge."""

    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> str:
        started = time.perf_counter()
        # Bound here, picked up by every message built in this call (Message.request_id), so
        # the edge's log lines and the actors' share one request id.
        with structlog.contextvars.bound_contextvars(request_id=new_request_id()):
            try:
                _check_unicode(kwargs)
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
    """The MCP server with four changes at its edge: arguments the SDK's validation refuses
    (a string for ``limit``, a number for ``content``) are told in one sentence per argument,
    not as pydantic's report with its URLs; our own refusals reach the client as we wrote
    them, with no prefix; a prompt it does not have is an invalid-params
    error (-32602), not the SDK's code 0 with a traceback on stderr; and it owns the
    ``write_order`` its transport notes each call in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.write_order = WriteOrder()
        """One per server process; its lifespan puts it in the ``AppContext``."""

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None,
                         context: Context[AppContext, Any] | None = None) -> Any:
        if not self._prompt_manager.get_prompt(name):
            raise MCPError(code=types.INVALID_PARAMS,
                           message=f"Unknown prompt: {echo(name, 80)}; this server has "
                           "no prompts (list them with prompts/list).")
        return await super().get_prompt(name, arguments, context)

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[AppContext, Any] | None = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError):
                raise ToolError(argument_errors(name, cause)) from None
            if type(cause) is ToolError:
                # ours (``tool_errors``): its sentence as we wrote it, without the SDK's
                # "Error executing tool save_memory: " before it, which only some of our
                # refusals carried (an outside probe)
                raise ToolError(str(cause)) from None
            raise


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

