"""The MCP server: IHMT's tools over stdio on the ``mcp`` 2.x SDK (``MCPServer``).

The lifespan owns the ``Runtime`` (the actors' task group) and yields one ``AppContext``. Tool
handlers only build requests, await the actor's reply and render it; every ``IhmtError`` is
turned into a tool error with its sentence here, once, and nothing else ever reaches the agent
as a traceback. Provenance comes from the MCP handshake (``clientInfo``), never a fixed name.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec

import structlog
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from actors.base import new_request_id
from actors.facts.messages import History, Retract
from actors.ingest.messages import Save
from actors.navigation.messages import DETAILS, Search
from actors.provenance import Provenance, new_session_id
from ihmt_async import render
from ihmt_async.logs import set_client
from ihmt_async.runtime import Runtime
from ihmt_async.timeparse import parse_as_of
from store.errors import IhmtError, InvalidArgument, UnknownOption

MAX_LIMIT = 20
"""Most memories one search reply shows (each with its text)."""

log = structlog.get_logger("ihmt.server")
P = ParamSpec("P")

INSTRUCTIONS = """\
ihmt-async is your long-term memory: a tree of plain files shared by every agent on this machine.

- Call `search_memory` before answering anything that depends on earlier sessions (setup,
  decisions, preferences, people, projects). Use distinctive words.
- Never guess on AMBIGUOUS: ask the user, or search again with `clue` set to a distinguishing
  detail.
- Always relay OUTDATED notices and "This updates something remembered earlier" notices.
- `save_memory` durable knowledge (decisions and why, setup, preferences, people); start a
  dated memory with its date ("2026-02-03: ..."). Never save secrets.
- Pass `origin="tool"` when the text was copied from a tool result, a web page or a file, and
  `origin="user"` when the user said it; tool-origin text cannot overturn what the user said
  without review.
- `forget_memory` retracts a memory or fact the user asks you to forget; `memory_history`
  shows how a value changed over time.

Inside a session: orient in a codebase with `project_map`, get one method with `find_code`,
re-read files with `read_file` (it answers UNCHANGED or a diff), keep findings with
`note`/`recall`, and pass long logs through `digest_output`.
"""


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
                log.info("tool.refused", tool=func.__name__, error=str(exc),
                         error_type=type(exc).__name__,
                         duration_ms=round((time.perf_counter() - started) * 1000, 2))
                raise ToolError(str(exc)) from None
            except ToolError:
                raise
            except Exception as exc:
                log.error("tool.failed", tool=func.__name__, error=repr(exc), exc_info=True,
                          duration_ms=round((time.perf_counter() - started) * 1000, 2))
                raise ToolError(f"Internal error in {func.__name__} ({type(exc).__name__}); "
                                "the store was not changed by the failed step. Please try "
                                "again.") from None

    return wrapper


def build_server(home: Path | str | None = None) -> MCPServer[AppContext]:
    """The MCP server object; its lifespan starts the actors on the store at ``home``."""

    @contextlib.asynccontextmanager
    async def lifespan(_: MCPServer[AppContext]) -> AsyncIterator[AppContext]:
        session = new_session_id()
        async with Runtime(home) as runtime:
            app = AppContext(runtime=runtime, session=session)
            log.info("server.ready", session=session, home=str(runtime.layout.home))
            try:
                yield app
            finally:
                for closer in list(app.extras.get("closers", [])):
                    closer()
                log.info("server.stopping", session=session)

    server: MCPServer[AppContext] = MCPServer(name="ihmt-async", instructions=INSTRUCTIONS,
                                              version="0.1.0", lifespan=lifespan)

    @server.tool()
    @tool_errors
    async def save_memory(content: str, ctx: Context[AppContext, Any], domain: str = "general",
                          content_type: str = "auto", tags: list[str] | None = None,
                          scope: str = "", origin: str = "agent",
                          supersedes: str | None = None) -> str:
        """Store durable knowledge in long-term memory.

        Save decisions and why, setup, preferences, people and projects, procedures. Not
        transient chat, not secrets (keys and passwords are redacted). Write it to make sense
        months later, and start with the date ("2026-02-03: ...") when it belongs to one.
        Reports how it was filed and any change to something remembered earlier: relay it.

        Args:
            content: The text to remember, self-contained.
            domain: Leave "general" to let the memory classify it, or e.g. "software.java".
            content_type: "auto" (recommended), "code", "narrative", "clinical", "personal",
                "process" or "generic".
            tags: Extra labels to file it under.
            scope: Optional scope key such as "project:billing"; searches under another
                scope never see it.
            origin: "user" (the user said it), "agent" (your own note) or "tool" (copied from
                a tool result or web page; cannot overturn what the user said without review).
            supersedes: The id of a memory this one corrects (from a search in detail="full").
        """
        app = app_of(ctx)
        result = await app.runtime.ingest.ask(Save(
            content=content, domain=domain, content_type=content_type or "auto",
            tags=tuple(tags or ()), scope=scope or "", origin=origin or "agent",
            supersedes=supersedes, provenance=provenance_of(ctx, app)))
        return render.render_save(result)

    @server.tool()
    @tool_errors
    async def search_memory(query: str, ctx: Context[AppContext, Any], clue: str | None = None,
                            detail: str = "compact", scope: str = "", as_of: str | None = None,
                            include_history: bool = False, limit: int = 3) -> str:
        """Search long-term memory: decisions, setup, preferences, people, earlier sessions.

        Use several distinctive words. Returns the best memory with its date (plus one line per
        other match); for questions such as "where do I live?" it leads with the current value
        and its history. AMBIGUOUS means several memories fit equally: ask the user or call
        again with `clue`. Always relay OUTDATED notices.

        Args:
            query: What to look for, in any language.
            clue: Distinguishing detail, after an AMBIGUOUS reply.
            detail: "compact" (default) or "full" (adds ids, sources, tree paths, what was
                searched).
            scope: Only memories of this scope (plus unscoped ones), e.g. "project:billing".
            as_of: Answer as the memory stood at this past time (ISO date or date-time).
            include_history: Also show superseded memories.
            limit: How many memories to show, with their text (1-20, default 3).
        """
        if detail not in DETAILS:
            raise UnknownOption("detail", detail, DETAILS)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise InvalidArgument(f"limit must be a whole number from 1 to {MAX_LIMIT}, "
                                  f"not {limit!r}")
        app = app_of(ctx)
        provenance_of(ctx, app)
        result = await app.runtime.navigation.ask(Search(
            query=query, clue=clue, scope=scope or "", as_of=parse_as_of(as_of),
            include_history=bool(include_history), limit=limit))
        return render.render_search(result, detail=detail)

    @server.tool()
    @tool_errors
    async def forget_memory(memory_id: str, reason: str, ctx: Context[AppContext, Any]) -> str:
        """Retract a memory (L-...) or a single fact (F-...) that is wrong or must be forgotten.

        It stays on disk and in the history as retracted (audited), but is never served again.

        Args:
            memory_id: The id shown by search_memory(detail="full") or memory_history.
            reason: Why it is retracted (kept in the audit log).
        """
        app = app_of(ctx)
        result = await app.runtime.facts.ask(Retract(
            target=memory_id, reason=reason, provenance=provenance_of(ctx, app)))
        return render.render_retract(result, " ".join(reason.split()))

    @server.tool()
    @tool_errors
    async def memory_history(ctx: Context[AppContext, Any], subject: str = "user",
                             attribute: str = "") -> str:
        """The timeline of a remembered value: every value, when it was true, when it was
        recorded and superseded, its status and who recorded it.

        Args:
            subject: Whose facts ("user" for the user, or a name such as "Ana" or
                "billing service").
            attribute: One attribute (location, employer, stack, database ...), or empty for
                all of them.
        """
        app = app_of(ctx)
        provenance_of(ctx, app)
        facts = await app.runtime.facts.ask(History(subject=subject or "user",
                                                    attribute=attribute or ""))
        return render.render_history(facts, subject or "user", attribute or "")

    from ihmt_async.session_tools import register_session_tools

    register_session_tools(server)
    return server
