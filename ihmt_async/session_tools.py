"""Session and project tools: note, recall, digest_output, read_file, project_map, find_code.

IHMT shipped these beside long-term memory, and agents set up for it call them by these
names, parameters and reply shapes. Their state is per server process and lives in
``AppContext.extras``: a ``Session`` (a temporary directory, removed by a closer at shutdown)
and the ``Projects`` views (their indexes live under ``IHMT_PROJECTS_DIR``, default
``$IHMT_HOME/ihmt_projects``). Every handler only validates, takes its ``anyio.Lock`` (calls on
one kind of state are serialised, so the blocking cores need no locks of their own) and runs
the blocking core in a worker thread. Session notes never reach long-term memory, and
long-term search never sees them. Nothing here prints: stdout is the MCP channel.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer

from actors.base import call_in_thread
from actors.project.service import Projects
from actors.session import reads
from actors.session.service import Session
from ihmt_async.client_scope import readable
from ihmt_async.tool_edge import AppContext, app_of, tool_errors, wait_earlier_writes

PROJECTS_ENV = "IHMT_PROJECTS_DIR"
PROJECTS_DIRNAME = "ihmt_projects"


def projects_dir(app: AppContext) -> Path:
    """``$IHMT_PROJECTS_DIR``, else ``ihmt_projects`` beside the store in IHMT_HOME."""
    env = os.environ.get(PROJECTS_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return app.runtime.layout.home / PROJECTS_DIRNAME


def _closers(app: AppContext) -> list[Any]:
    closers: list[Any] = app.extras.setdefault("closers", [])
    return closers


def session_of(app: AppContext) -> tuple[Session, anyio.Lock]:
    """This process's session, created on first use (no await in between: no race)."""
    session = app.extras.get("session")
    if session is None:
        session = app.extras["session"] = Session()
        app.extras["session_lock"] = anyio.Lock()
        _closers(app).append(session.close)
    return session, app.extras["session_lock"]


def projects_of(app: AppContext) -> tuple[Projects, anyio.Lock]:
    projects = app.extras.get("projects")
    if projects is None:
        projects = app.extras["projects"] = Projects(projects_dir(app))
        app.extras["projects_lock"] = anyio.Lock()
    return projects, app.extras["projects_lock"]


def register_session_tools(server: MCPServer[AppContext]) -> None:
    """Add the six session and project tools to ``server``."""

    @server.tool(structured_output=False)
    @tool_errors
    async def note(text: str, ctx: Context[AppContext, Any]) -> str:
        """Keep something you learned in this session (where a thing lives, what a method does,
        a result), to recall later instead of re-reading files or re-running commands.

        Session notes survive a context compaction and vanish when the session ends; they are
        never part of long-term memory (use save_memory for durable facts). Include file:line
        when relevant.

        Args:
            text: The finding, self-contained.
        """
        session, lock = session_of(app_of(ctx))
        async with lock:
            return await call_in_thread(session.note, text)

    @server.tool(structured_output=False)
    @tool_errors
    async def recall(query: str, ctx: Context[AppContext, Any], clue: str | None = None) -> str:
        """Search what you kept earlier in this session with note or digest_output.

        Only this session's notes and outputs, never long-term memory (that is
        search_memory). AMBIGUOUS means several notes fit: call again with `clue`.

        Args:
            query: Words from what you noted, or an output's label and words from it.
            clue: Distinguishing detail, after an AMBIGUOUS reply.
        """
        app = app_of(ctx)
        session, lock = session_of(app)
        await wait_earlier_writes(ctx, app)
        async with lock:
            return await call_in_thread(session.recall, query, clue)

    @server.tool(structured_output=False)
    @tool_errors
    async def digest_output(text: str, ctx: Context[AppContext, Any],
                            label: str = "output") -> str:
        """Condense a long command output (build log, test report) and keep all of it for
        recall.

        Returns the first 3 lines, every line that mentions errors, failures, warnings,
        tracebacks or test totals, and the last 5. The whole output stays searchable this
        session with recall("<label> ...").

        Args:
            text: The raw output.
            label: A short name to recall it by, e.g. "maven-build".
        """
        session, lock = session_of(app_of(ctx))
        async with lock:
            return await call_in_thread(session.digest_output, text, label)

    @server.tool(structured_output=False)
    @tool_errors
    async def read_file(path: str, ctx: Context[AppContext, Any], force: bool = False,
                        start_line: int = 0, end_line: int = 0) -> str:
        """Read a text file, remembering what you were given this session.

        Reading it again returns "UNCHANGED" (a few tokens) or only a unified diff against
        your earlier copy; prefer it over re-reading a file you already read. Pass force=true
        if the earlier copy left your context (e.g. after a compaction). With start_line /
        end_line (e.g. a range from project_map or find_code) only those lines are returned.

        Args:
            path: Absolute path of the file, inside the client's roots, the server's working
                directory or a folder of IHMT_READ_ROOTS.
            force: Return the whole file even if it has not changed.
            start_line: First line to return (1-based); 0 for the whole file.
            end_line: Last line to return (inclusive); 0 for the end of the file.
        """
        app = app_of(ctx)
        target = reads.resolve_path(path, await readable(ctx.session, app.extras))
        start = 0 if start_line is None else start_line
        end = 0 if end_line is None else end_line
        if start or end:
            return await reads.read_range(target, start, end)
        # The read itself goes through aiofiles, bounded, outside the session lock: a slow
        # disk never holds up note or recall; only remembering the copy is serialised.
        current = await reads.read_whole(target)
        session, lock = session_of(app)
        async with lock:
            return await call_in_thread(session.remember_read, current, force)

    @server.tool(structured_output=False)
    @tool_errors
    async def project_map(path: str, ctx: Context[AppContext, Any], detail: str = "files",
                          subpath: str = "") -> str:
        """Compact map of a codebase: files with their size in tokens, optionally their
        symbols with first-last line ranges.

        Call it before exploring a project instead of listing directories and opening files.
        Indexes the project on first use and resyncs changed files on every call. Skips VCS,
        dependency, build and hidden directories and files over 256 KiB.

        Args:
            path: Project root directory (absolute), inside the client's roots, the server's
                working directory or a folder of IHMT_READ_ROOTS.
            detail: "files" (cheapest) or "symbols" (adds classes and methods with lines).
            subpath: Restrict to a directory inside the project, e.g. "src/main".
        """
        app = app_of(ctx)
        allowed = await readable(ctx.session, app.extras)
        projects, lock = projects_of(app)
        async with lock:
            return await call_in_thread(projects.project_map, allowed, path, detail, subpath)

    @server.tool(structured_output=False)
    @tool_errors
    async def find_code(query: str, path: str, ctx: Context[AppContext, Any],
                        scope: str = "main", subpath: str = "", clue: str | None = None,
                        max_tokens: int = 1500) -> str:
        """Find the method or class that answers a question about a codebase; returns only
        that symbol.

        Output: "file:first-last  Symbol" and its code, instead of whole files. Name the class
        or method if you know it ("OrderService.place"); an exact name resolves directly.
        AMBIGUOUS lists candidates in different files: refine the query or pass `clue`. The
        index resyncs on every call, so code is never stale.

        Args:
            query: What you are looking for: identifiers plus a few words.
            path: Project root directory (absolute), inside the client's roots, the server's
                working directory or a folder of IHMT_READ_ROOTS.
            scope: "main" (skip tests, default), "test" (only tests) or "all".
            subpath: Restrict to a directory inside the project.
            clue: Extra detail after an AMBIGUOUS reply.
            max_tokens: Cap on the returned code (longer code is truncated with a note).
        """
        app = app_of(ctx)
        allowed = await readable(ctx.session, app.extras)
        projects, lock = projects_of(app)
        async with lock:
            return await call_in_thread(projects.find_code, allowed, query, path, scope,
                                        subpath, clue, max_tokens)
