"""The MCP server: IHMT's tools over stdio on the ``mcp`` 2.x SDK (``MCPServer``).

The lifespan owns the ``Runtime`` (the actors' task group) and yields one ``AppContext``. Tool
handlers only build requests, await the actor's reply and render it; every ``IhmtError`` is
turned into a tool error with its sentence once, by ``tool_edge.tool_errors``, and nothing else
ever reaches the agent as a traceback. Provenance comes from the MCP handshake (``clientInfo``),
never a fixed name.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import mcp_types as types
import structlog
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from pydantic import Field

from actors.checks import check_text
from actors.facts.messages import Retract
from actors.ingest import validate
from actors.ingest.messages import Save
from actors.navigation.messages import DEFAULT_LIMIT, DETAILS, MAX_LIMIT, Search
from actors.provenance import new_session_id
from actors.text import has_control
from ihmt_async import render
from ihmt_async.client_scope import (
    client_project,
    forget_project,
    search_scope,
)
from ihmt_async.echo import echo
from ihmt_async.fact_history import history_in, projects_asked, whose_asked
from ihmt_async.ihmt_compat import ihmt_store_hint
from ihmt_async.runtime import Runtime
from ihmt_async.schema import TOOLS_ENV, install_schema, selected_tools
from ihmt_async.session_tools import register_session_tools
from ihmt_async.timeparse import parse_as_of
from ihmt_async.tool_edge import (
    AppContext,
    MemoryServer,
    app_of,
    provenance_of,
    tool_errors,
    wait_earlier_writes,
)
from store.errors import ActorTimeout, InvalidArgument, SaveStillRunning, UnknownOption


def _limit_schema(schema: dict[str, Any]) -> None:
    """``limit`` as clients see it: a whole number from 1 to ``MAX_LIMIT``, optional. Left
    out, it is None, so a search tells a limit the caller chose from the default."""
    schema.pop("anyOf", None)
    schema.update(type="integer", minimum=1, maximum=MAX_LIMIT)

VECTORS_WAIT_S = 5.0
"""How long a search waits for the vectors and the model after the server starts (read in
the background: 0.3-1 s here; `initialize` never waits). Answered from the words alone, a
server started for one question said "no stored memory matches its words or its meaning" of
a paraphrase the same server found a second later."""
MAX_REASON_CHARS = 1000
"""A retraction's reason is a sentence for the audit log, not a document."""
MAX_NAME_CHARS = 200
"""A subject ("billing service") or an attribute ("tool:editor") is a short name."""

log = structlog.get_logger("ihmt.server")

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
"""
SESSION_INSTRUCTIONS = """
Inside a session: orient in a codebase with `project_map`, get one method with `find_code`,
re-read files with `read_file` (it answers UNCHANGED or a diff), keep findings with
`note`/`recall`, and pass long logs through `digest_output`.
"""
"""Said only when the session tools are served (not with ``IHMT_TOOLS=memory``): the model
must never be told to call a tool that ``tools/list`` does not have."""


def instructions_for(tools: tuple[str, ...] | None) -> str:
    """The ``initialize`` instructions for the served tools (None: all of them)."""
    return INSTRUCTIONS if tools is not None else INSTRUCTIONS + SESSION_INSTRUCTIONS


def build_server(home: Path | str | None = None, *,
                 runtime: Runtime | None = None) -> MCPServer[AppContext]:
    """The MCP server object; its lifespan starts the actors on the store at ``home`` (or uses
    ``runtime``, already started by ``ihmt-async serve``, which also stops it)."""

    @contextlib.asynccontextmanager
    async def lifespan(owner: MCPServer[AppContext]) -> AsyncIterator[AppContext]:
        session = new_session_id()
        async with (contextlib.nullcontext(runtime) if runtime is not None
                    else Runtime(home, warm_saves=True)) as running:
            assert isinstance(owner, MemoryServer)  # built below
            app = AppContext(runtime=running, session=session, order=owner.write_order)
            # The vectors and the model are read in the background after start: a search
            # waits a few seconds for them at most, then answers from the words alone.
            running.navigation.vectors_wait_s = VECTORS_WAIT_S
            log.info("server.ready", session=session, home=str(running.layout.home))
            legacy = ihmt_store_hint(None if home is None else str(home))
            if legacy is not None:
                log.warning("server.ihmt_store_found", memory=str(running.layout.root),
                            ihmt_store=str(legacy),
                            hint=f"IHMT_HOME is unset, so this server uses {running.layout.home}"
                            f"; your IHMT memory is in {legacy}: set IHMT_HOME={legacy} to "
                            "use it")
            try:
                yield app
            finally:
                for closer in list(app.extras.get("closers", [])):
                    closer()
                log.info("server.stopping", session=session)

    tools_env = os.environ.get(TOOLS_ENV)
    server: MCPServer[AppContext] = MemoryServer(
        name="ihmt-async", instructions=instructions_for(selected_tools(tools_env)),
        version="0.1.0", lifespan=lifespan)

    @server.tool(structured_output=False)
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
            scope: Leave empty: the memory is filed under the project you have open,
                unless it is about the user (their preferences, habits, tools, who they are,
                where they live) or says it holds in every project, which every project
                sees. "user" (or "global"): every project sees it. "project:<name>" (or the
                bare name): only that project. The reply says where it was filed.
            origin: "user" (the user said it), "agent" (your own note) or "tool" (copied from
                a tool result or web page; cannot overturn what the user said without review).
            supersedes: The id of a memory this one corrects (from a search in detail="full").
        """
        app = app_of(ctx)
        # the size and the text are checked before anything reads the content (its scope is
        # classified from it): an over-long text is refused at once, not after seconds
        content = check_text(content, what="content",
                             limit=app.runtime.settings.max_content_bytes)
        # the scope asked for is checked (and "global" named "user") before the text is
        # classified: "scope='personal'" is refused, not filed as a project of that name
        asked = validate.check_scope(scope)
        project = await client_project(ctx.session, app.extras)
        # where a save that asks for no scope is filed is the ingest actor's decision: it
        # reads the text's facts for it once, and records the same facts
        try:
            result = await app.runtime.ingest.ask(Save(
                content=content, domain=domain, content_type=content_type or "auto",
                tags=tuple(tags or ()), scope=asked, project=project, origin=origin or "agent",
                supersedes=supersedes, seen_from=search_scope(asked, project),
                provenance=provenance_of(ctx, app)))
        except ActorTimeout as exc:
            if exc.queued:  # in the ingest actor's inbox: it is still saved
                raise SaveStillRunning(exc.timeout_s) from None
            raise
        return render.render_save(result, scope=result.scope, project=project, asked=asked)

    @server.tool(structured_output=False)
    @tool_errors
    async def search_memory(query: str, ctx: Context[AppContext, Any], clue: str | None = None,
                            detail: str = "compact", scope: str = "", as_of: str | None = None,
                            include_history: bool = False,
                            limit: Annotated[int | None, Field(
                                strict=True, json_schema_extra=_limit_schema)] = None) -> str:
        """Search long-term memory: decisions, setup, preferences, people, earlier sessions.

        Use several distinctive words. Returns up to `limit` memories with their dates and
        text (a long one shown as its opening line and its lines that match, "[... N lines]"
        for the rest; detail="full" shows the best one whole), then "Also close": the next
        six, a line each (an answer told in several memories has its other parts there); for
        questions such as "where do I live?" it leads with the current value and its history.
        AMBIGUOUS means several memories fit equally: ask the user or call again with `clue`.
        "No memory found" may be followed by the memories closest in meaning: judge whether
        one answers the question (a paraphrase) or none does. "No stored memory mentions 'x'"
        names question words no memory holds: check the memory shown is about the same thing.
        Always relay OUTDATED notices.

        Args:
            query: What to look for, in any language.
            clue: Distinguishing detail, after an AMBIGUOUS reply.
            detail: "compact" (default) or "full" (adds ids, sources, tree paths, what was
                searched).
            scope: Leave empty to search the project you have open plus global memories;
                "project:<name>" for another project, "user" (or "global") for the global
                memories only, "*" for every project.
            as_of: Answer as the memory stood at this past time (ISO date or date-time):
                memories saved by then, and memories dated by then though saved later.
            include_history: Add a "History" section listing the earlier versions of what
                the reply serves (a superseded memory that matches is served anyway, marked
                OUTDATED).
            limit: How many memories to show, with their text (1-20; default 3, and up to 6
                for a list or a count told by several memories).
        """
        if detail not in DETAILS:
            raise UnknownOption("detail", detail, DETAILS)
        given = limit is not None
        limit = DEFAULT_LIMIT if limit is None else limit
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise InvalidArgument(f"limit must be a whole number from 1 to {MAX_LIMIT}, "
                                  f"not {limit!r}")
        app = app_of(ctx)
        provenance_of(ctx, app)
        scope = search_scope(validate.check_scope(scope, wildcard=True),
                             await client_project(ctx.session, app.extras))
        await wait_earlier_writes(ctx, app)
        result = await app.runtime.navigation.ask(Search(
            query=query, clue=clue, scope=scope, as_of=parse_as_of(as_of),
            include_history=bool(include_history), limit=limit, limit_given=given))
        # The reply quotes the query; a long one is quoted shortened (the search used it all).
        shown = dataclasses.replace(result, query=echo(result.query) or "",
                                    clue=echo(result.clue))
        return render.render_search(shown, detail=detail)

    @server.tool(structured_output=False)
    @tool_errors
    async def forget_memory(memory_id: str, reason: str, ctx: Context[AppContext, Any],
                            scope: str = "") -> str:
        """Retract a memory (L-...) or a single fact (F-...) that is wrong or must be forgotten.

        It stays on disk and in the history as retracted (audited), but is never served again.

        Args:
            memory_id: The id shown by search_memory(detail="full") or memory_history.
            reason: Why it is retracted (kept in the audit log).
            scope: The scope you work in (as in search_memory; empty: the project you have
                open); a memory of another project's scope is not forgotten from here.
        """
        if not isinstance(reason, str) or len(reason) > MAX_REASON_CHARS:
            size = f"{len(reason):,} characters" if isinstance(reason, str) else \
                type(reason).__name__
            raise InvalidArgument(f"The reason must be text of at most {MAX_REASON_CHARS:,} "
                                  f"characters, not {size}; nothing was forgotten.")
        app = app_of(ctx)
        scope = search_scope(validate.check_scope(scope, wildcard=True),
                             await client_project(ctx.session, app.extras))
        result = await app.runtime.facts.ask(Retract(
            target=memory_id, reason=reason, provenance=provenance_of(ctx, app),
            scope=validate.check_scope(scope, wildcard=True)))
        return render.render_retract(result, echo(" ".join(reason.split())) or "")

    @server.tool(structured_output=False)
    @tool_errors
    async def memory_history(ctx: Context[AppContext, Any], subject: str = "",
                             attribute: str = "", scope: str | None = None) -> str:
        """The timeline of a remembered value: every value, when it was true, when it was
        recorded and superseded, its status and who recorded it.

        Args:
            subject: Whose facts: the user's when empty or "user"; a name such as "Ana" or
                "billing service"; a project's name for that project's own facts (with a
                project scope and no subject, that project's own facts).
            attribute: One attribute (location, employer, stack, database ...), or empty for
                all of them.
            scope: Omit it for this project's and the global facts (and those of the project
                the subject names); "project:<name>" for another project's; "user" for
                the global ones only.
        """
        for name, value in (("subject", subject), ("attribute", attribute)):
            if value is not None and (not isinstance(value, str)
                                      or len(value) > MAX_NAME_CHARS or has_control(value)):
                raise InvalidArgument(f"The {name} must be a name of at most {MAX_NAME_CHARS} "
                                      "characters, without control characters (e.g. 'user' "
                                      "and 'location').")
        asked = validate.check_scope(scope) if scope is not None else None
        app = app_of(ctx)
        provenance_of(ctx, app)
        whose = whose_asked(subject, asked)
        await wait_earlier_writes(ctx, app)
        here = None if asked is not None else await client_project(ctx.session, app.extras)
        # "billing service" noted in this project is 'billing service @project:x'
        facts = await history_in(app.runtime.facts, whose, attribute or "",
                                 projects_asked(whose, asked, here))
        return render.render_history(facts, subject or asked or whose, attribute or "")

    register_session_tools(server)
    install_schema(server, tools_env)

    async def roots_changed(ctx: ServerRequestContext[Any, Any],
                            _params: types.NotificationParams) -> None:
        """The client's workspace changed: its project is asked again on its next call (an
        IDE switching folders kept filing memories under the previous project)."""
        app = ctx.lifespan_context
        if isinstance(app, AppContext):
            forget_project(app.extras)
            log.info("scope.roots_changed", session=app.session)

    server._lowlevel_server.add_notification_handler(  # no public way on MCPServer
        "notifications/roots/list_changed", types.NotificationParams, roots_changed)
    return server
