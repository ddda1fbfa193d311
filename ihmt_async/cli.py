"""The ``ihmt-async`` command line: serve the MCP server, and operate a store by hand.

Every command opens the store at ``--home`` (else ``$IHMT_HOME``, else the user's data
directory), talks to the same actors the server uses, prints a human reply (or ``--json``) on
stdout and exits 1 with a one-line message on any error. ``serve`` is the one command whose
stdout belongs to the MCP transport: it writes nothing there itself.

This module parses and dispatches only; the commands live in ``store_cli`` (and
``integration_cli``, ``ops_cli``) and are imported when they run, so ``--version`` and the
agents' hooks, run on every prompt, start without the modules they do not use.
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import importlib
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from actors.ingest.types import CONTENT_TYPES
from actors.provenance import ORIGINS
from ihmt_async.store_paths import StorePathError, check_for_command
from store.errors import IhmtError
from store.paths import default_home

WRITE_COMMANDS = frozenset({"save", "ingest", "forget", "review", "rebuild", "consolidate",
                            "init", "import"})
READ_COMMANDS = ("search", "tree", "stats", "history", "conflicts", "review", "audit", "rebuild",
                 "consolidate")


# ---------------------------------------------------------------------------- parser


def _limit(text: str) -> int:
    """``--limit``: a whole number from 1 to ``MAX_LIMIT``, as the search tool takes."""
    from actors.navigation.messages import MAX_LIMIT

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to {MAX_LIMIT}, not {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    """A usage error is one line on stderr and exit status 2 (argparse's, the convention for
    a command used wrongly), not argparse's usage block above it."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ihmt-async", description=__doc__.split("\n")[0])
    home_help = f"IHMT_HOME to use (default: $IHMT_HOME or {default_home()})"
    parser.add_argument("--home", help=home_help)
    parser.add_argument("--version", action=_VersionAction)
    # --home is accepted after the subcommand too (`ihmt-async search x --home DIR`).
    common = _Parser(add_help=False)
    common.add_argument("--home", default=argparse.SUPPRESS, help=home_help)
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: str, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, parents=[common])
        p.set_defaults(func=lazy_command("ihmt_async.store_cli", func))
        if name in READ_COMMANDS or name in ("save", "forget", "init", "ingest"):
            p.add_argument("--json", action="store_true", help="machine-readable output")
        return p

    add("serve", "cmd_serve", "run the MCP server over stdio")
    add("init", "cmd_init", "create the store directory")
    p = add("save", "cmd_save", "save a memory (text, or '-' / nothing for stdin)")
    p.add_argument("text", nargs="*",
                   help="the text to remember, quoted or not ('-' or nothing: stdin)")
    p.add_argument("--domain", default=None,
                   help="file it under this domain, e.g. software.java (default: detected)")
    p.add_argument("--type", default="auto", choices=CONTENT_TYPES,
                   help="content type (default: auto-detect)")
    p.add_argument("--tag", action="append", help="extra label (repeatable)")
    p.add_argument("--scope", default="",
                   help="scope key such as project:billing (default: global)")
    p.add_argument("--origin", default="user", choices=ORIGINS,
                   help="who said it: user (default), agent or tool")
    p.add_argument("--supersedes", default=None, help="id (L-...) of a memory this corrects")
    p = add("ingest", "cmd_ingest", "ingest files and directories")
    p.add_argument("paths", nargs="+", help="files and directories to ingest")
    p.add_argument("--domain", default=None, help="file everything under this domain")
    p.add_argument("--type", default="auto", choices=CONTENT_TYPES,
                   help="content type (default: auto-detect per file)")
    p.add_argument("--origin", default="tool", choices=ORIGINS,
                   help="text copied from files is 'tool' (the default): it cannot overturn "
                        "what the user said without review")
    p = add("search", "cmd_search", "search the memory")
    p.add_argument("query", nargs="+", help="what to look for, in any language, quoted or not")
    p.add_argument("--clue", default=None, help="distinguishing detail after AMBIGUOUS")
    p.add_argument("--detail", default="compact", choices=("compact", "full"),
                   help="full adds ids, sources and tree paths")
    p.add_argument("--scope", default="",
                   help="project:<name> (plus global memories), '*' for every scope")
    p.add_argument("--as-of", dest="as_of", default=None,
                   help="answer as the memory stood at this ISO date or time")
    p.add_argument("--history", action="store_true", help="also show superseded memories")
    p.add_argument("--limit", type=_limit, default=None,
                   help="memories shown with their text, 1-20 (default 3; up to 6 for a list "
                        "told by several memories), as the MCP tool")
    p = add("tree", "cmd_tree", "show the summary tree")
    p.add_argument("--depth", type=int, default=3, help="levels to show (default 3)")
    add("stats", "cmd_stats", "store totals")
    p = add("history", "cmd_history", "the timeline of a subject's facts")
    p.add_argument("subject", nargs="?", default=None,
                   help="whose facts: user (default), a name, or a project's name (its "
                        "own facts recorded in it)")
    p.add_argument("attribute", nargs="?", default="",
                   help="one attribute (location, employer ...), default all")
    p.add_argument("--as-of", dest="as_of", default=None,
                   help="the timeline as recorded at this ISO date or time")
    p.add_argument("--scope", default="",
                   help="project:<name>: the subject's facts recorded in that project too "
                        "(no subject: the project's own)")
    add("conflicts", "cmd_conflicts", "values that changed over time")
    p = add("forget", "cmd_forget", "retract a memory or fact")
    p.add_argument("id", help="memory (L-...) or fact (F-...) id")
    p.add_argument("--reason", required=True, help="why (kept in the audit log)")
    p = add("review", "cmd_review", "list, approve or reject tool-origin values")
    p.add_argument("action", nargs="?", default="list", choices=("list", "approve", "reject"),
                   help="list (default), approve or reject")
    p.add_argument("fact_id", nargs="?", default="", help="the fact (F-...) to decide")
    p = add("rebuild", "cmd_rebuild", "re-derive catalog, timeline and tree from the leaf files")
    p.add_argument("--accept-loss", action="store_true",
                   help="rebuild even when the event file lost lines the database applied "
                        "(their retractions, reviews and supersessions are undone)")
    p = add("consolidate", "cmd_consolidate", "run a consolidation pass now")
    p.add_argument("--force", action="store_true", help="also promote partial groups")
    p = add("audit", "cmd_audit", "the audit log")
    p.add_argument("--since", default=None,
                   help="only events since a duration ago (10m, 2h, 1d) or an ISO time")
    p.add_argument("--agent", default=None, help="only events of this client name")
    p.add_argument("--action", default=None, help="only actions starting with this "
                   "(save, retract or forget, review, approve, reject ...)")
    p = add("demo", "cmd_demo", "save and search a few memories in a throwaway store")
    p.add_argument("--demo-home", dest="demo_home", default=None,
                   help="where to put the demo store (default: a new temporary directory)")
    from ihmt_async import integration_cli
    from ihmt_async.gui import command as gui_command

    add_ops_commands(sub)
    integration_cli.add_commands(sub, common)
    gui_command.add_command(sub)
    return parser


def add_ops_commands(sub: Any) -> None:
    """Register ``monitor`` and ``doctor`` (``ops_cli``) on the CLI's sub-parsers."""
    p = sub.add_parser("monitor", help="watch the store's log: latencies, errors, processes")
    p.set_defaults(func=lazy_command("ihmt_async.ops_cli", "cmd_monitor"))
    p.add_argument("--once", action="store_true", help="print one snapshot and exit")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--since", default=None,
                   help="replay from this time: ISO (2026-05-01T12:00Z) or 10m / 2h / 1d ago")
    p.add_argument("--interval", type=float, default=1.0, help="refresh period in seconds")
    p = sub.add_parser("doctor", help="check the store's files; --repair fixes what it can")
    p.set_defaults(func=lazy_command("ihmt_async.ops_cli", "cmd_doctor"))
    p.add_argument("--repair", action="store_true",
                   help="fix what can be fixed (safe while servers run: works under the locks)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--grace", type=float, default=5.0,
                   help="seconds a new leaf may go unindexed before it counts (a save in flight)")


def lazy_command(module: str, name: str) -> Callable[[argparse.Namespace],
                                                       Awaitable[int]]:
    """``module.name``, imported when the command runs: building the parser (and
    ``--version``) must not pay for the runtime, the actors and the MCP SDK."""
    async def command(args: argparse.Namespace) -> int:
        func: Callable[[argparse.Namespace], Awaitable[int]] = getattr(
            importlib.import_module(module), name)
        return await func(args)
    command.__name__ = name
    return command


class _VersionAction(argparse.Action):
    """``--version``, looked up only when asked (reading the package metadata costs 50 ms)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        sys.stdout.write(f"{parser.prog} {_version()}\n")
        parser.exit()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ihmt-async")
    except PackageNotFoundError:
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # --version and --help exit here, having imported little
    if args.command == "serve":
        # before any thread starts: a server lives for hours (``actors.allocator``)
        from actors.allocator import settle_for_long_life

        settle_for_long_life()
    # A crash in native code (SQLite, tantivy, numpy) prints where each thread was, on
    # stderr: an outside tester's one `stats` killed by SIGSEGV left no trace to follow.
    faulthandler.enable()
    import anyio
    import structlog

    from ihmt_async.logs import configure_logging
    from store.config import load_settings

    home = args.home or os.environ.get("IHMT_HOME") or None
    try:
        if args.home is not None and not args.home.strip():
            raise StorePathError("--home is empty; give the folder that holds (or will hold) "
                                 "the ihmt_memory store, or leave --home out to use IHMT_HOME "
                                 f"or {default_home()}.")
        args.home = home
        layout = check_for_command(args.command, Path(home).expanduser() if home
                                   else default_home())
        settings = load_settings(layout.config)
    except IhmtError as exc:
        if args.command == "serve":
            # the server's own event for a start that failed (the store's log file is out of
            # reach, so stderr only): a supervisor reading JSON lines sees why it exited
            configure_logging(None, level=os.environ.get("IHMT_LOG_LEVEL") or "info")
            structlog.get_logger("ihmt.cli").error("serve.start_failed", error=str(exc),
                                                   error_type=type(exc).__name__)
        sys.stderr.write(f"ihmt-async: {exc}\n")
        # An agent's hook must never fail the agent's session or prompt.
        return 0 if args.command in ("brief", "recall-hook") else 1
    changes_store = args.command in WRITE_COMMANDS
    # Commands that change the store log their info events to the log file (so `monitor`
    # sees them) without printing them at the person at the terminal, unless a log level
    # was asked for (IHMT_LOG_LEVEL): then they are shown (as sentences on a terminal).
    hushed = changes_store and not os.environ.get("IHMT_LOG_LEVEL")
    stderr_env = os.environ.get("IHMT_LOG_STDERR", "0" if hushed else "1")
    configure_logging(layout.log_file, level=os.environ.get("IHMT_LOG_LEVEL") or
                      ("info" if args.command in ("serve", "gui") or changes_store
                       else "warning"),
                      to_stderr=None if args.command == "serve" else
                      stderr_env not in ("0", "false"),
                      max_bytes=settings.log_max_bytes, backups=settings.log_backups)
    try:
        code: int = anyio.run(args.func, args)
        return code
    except IhmtError as exc:
        sys.stderr.write(f"ihmt-async: {exc}\n")
        return 1
    except BaseExceptionGroup as group:
        quiet = quiet_exit(group)
        if quiet is not None:
            return quiet
        first = _first_ihmt_error(group)
        if first is None:
            raise
        sys.stderr.write(f"ihmt-async: {first}\n")
        return 1
    except (KeyboardInterrupt, BrokenPipeError) as exc:
        return quiet_exit(exc) or 1


def quiet_exit(exc: BaseException) -> int | None:
    """The exit status for a reader that went away (``| head``: broken pipe) or a Ctrl-C,
    with no traceback; None for anything else."""
    if isinstance(exc, BaseExceptionGroup):
        codes = [quiet_exit(inner) for inner in exc.exceptions]
        return codes[0] if codes and all(c is not None for c in codes) else None
    if isinstance(exc, BrokenPipeError):
        # Python flushes stdout at exit; pointing it at /dev/null keeps that flush quiet.
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 141
    if isinstance(exc, KeyboardInterrupt):
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("\n")
        return 130
    return None


def _first_ihmt_error(group: BaseExceptionGroup[Any]) -> IhmtError | None:
    for exc in group.exceptions:
        if isinstance(exc, IhmtError):
            return exc
        if isinstance(exc, BaseExceptionGroup):
            found = _first_ihmt_error(exc)
            if found is not None:
                return found
    return None
