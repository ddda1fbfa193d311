"""The ``ihmt-async`` command line: serve the MCP server, and operate a store by hand.

Every command opens the store at ``--home`` (else ``$IHMT_HOME``, else the user's data
directory), talks to the same actors the server uses, prints a human reply (or ``--json``) on
stdout and exits 1 with a one-line message on any error. ``serve`` is the one command whose
stdout belongs to the MCP transport: it writes nothing there itself.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import json
import os
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import structlog

from actors.consolidation.messages import Flush
from actors.facts.messages import Conflicts, History, Retract, Review
from actors.ingest.detect import CONTENT_TYPES
from actors.ingest.messages import Save
from actors.navigation.messages import Search, Stats, TreeView
from actors.provenance import ORIGINS, Provenance, new_session_id
from ihmt_async import render
from ihmt_async.human import for_humans, out
from ihmt_async.jsonable import to_jsonable
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime, open_store
from ihmt_async.store_paths import StorePathError, check_for_command
from ihmt_async.timeparse import parse_as_of
from store.audit import read_audit
from store.config import load_settings
from store.errors import IhmtError, InvalidArgument
from store.paths import StoreLayout, default_home

WRITE_COMMANDS = frozenset({"save", "ingest", "forget", "review", "rebuild", "consolidate",
                            "init", "import"})
READ_COMMANDS = ("search", "tree", "stats", "history", "conflicts", "review", "audit", "rebuild",
                 "consolidate")




def out_json(value: Any) -> None:
    out(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2, default=str))


def cli_provenance() -> Provenance:
    return Provenance(agent="cli", client_version="", session=new_session_id())


# ---------------------------------------------------------------------------- commands


async def cmd_serve(args: argparse.Namespace) -> int:
    from ihmt_async.server import build_server
    from ihmt_async.stdio import run_stdio

    layout = StoreLayout.at_home(args.home)
    structlog.get_logger("ihmt.cli").info(
        "server.store", store=str(layout.root), exists=layout.root.is_dir(),
        note="" if layout.root.is_dir() else "created on the first save")
    stopped_by_signal = False
    # The runtime starts BEFORE the MCP transport, so a store or actor that cannot start ends
    # the process at once with one clear line (inside the MCP lifespan the failure would wait
    # on the stdin reader thread, which cannot be cancelled). It stops after the transport, so
    # in-flight saves finish.
    async with serving_runtime(args.home) as runtime:
        server = build_server(args.home, runtime=runtime)
        async with anyio.create_task_group() as tg:

            async def watch_signals() -> None:
                nonlocal stopped_by_signal
                with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                    async for _ in signals:
                        stopped_by_signal = True
                        tg.cancel_scope.cancel()
                        return

            tg.start_soon(watch_signals)
            await run_stdio(server)
            tg.cancel_scope.cancel()
    if stopped_by_signal:
        # The runtime has stopped cleanly; the stdin reader thread may still be blocked in a
        # read that will never return, so leave without waiting for it.
        sys.stderr.flush()
        os._exit(0)
    return 0


@contextlib.asynccontextmanager
async def serving_runtime(home: str | None) -> AsyncIterator[Runtime]:
    """The server's runtime; a start-up failure is logged once and re-raised."""
    runtime = Runtime(home)
    try:
        await runtime.__aenter__()
    except BaseException as exc:
        first = (_first_ihmt_error(exc) if isinstance(exc, BaseExceptionGroup) else exc) or exc
        structlog.get_logger("ihmt.cli").error("serve.start_failed", error=str(first),
                                               error_type=type(first).__name__)
        raise
    async with contextlib.AsyncExitStack() as stack:
        stack.push_async_exit(runtime.__aexit__)
        yield runtime


async def cmd_init(args: argparse.Namespace) -> int:
    store = open_store(args.home)
    if args.json:
        out_json({"root": store.layout.root})
    else:
        out(f"Store ready at {store.layout.root}")
    return 0


def _read_text_arg(value: str | None) -> str:
    if value is None or value == "-":
        if sys.stdin.isatty():
            sys.stderr.write("Reading the memory to save from stdin; finish with Ctrl-D "
                             "(or pass the text as an argument).\n")
            sys.stderr.flush()
        return sys.stdin.read()
    return value


async def cmd_save(args: argparse.Namespace) -> int:
    text = _read_text_arg(args.text)
    async with Runtime(args.home, provenance=cli_provenance()) as rt:
        result = await rt.ingest.ask(Save(
            content=text, domain=args.domain, content_type=args.type,
            tags=tuple(args.tag or ()), scope=args.scope, origin=args.origin,
            supersedes=args.supersedes, provenance=rt.provenance))
        if not rt.layout.root_file.exists():  # IHMT clients read root.json: write it now
            await rt.consolidation.ask(Flush(force=False))
    out_json(result) if args.json else out(for_humans(render.render_save(result)))
    return 0


async def cmd_ingest(args: argparse.Namespace) -> int:
    from ihmt_async.ingest_files import ingest
    from ihmt_async.progress import Reporter

    with Reporter("ingest") as progress:
        summary = await ingest(args.home, args.paths, domain=args.domain, content_type=args.type,
                               origin=args.origin, provenance=cli_provenance(),
                               progress=progress.phase("saving", "files"),
                               consolidation_progress=progress.phase("consolidation",
                                                                     "branches"))
        progress.summary(f"{summary.new} new, {summary.updated} updated, {summary.unchanged} "
                         f"unchanged, {summary.failed} failed")
    if args.json:
        out_json(summary.as_json())
    else:
        for path, error in summary.failures:
            sys.stderr.write(f"failed {path}: {error}\n")
        out(summary.line())
    return 0 if summary.failed == 0 else 1


async def cmd_search(args: argparse.Namespace) -> int:
    async with Runtime(args.home, background_consolidation=False) as rt:
        result = await rt.navigation.ask(Search(
            query=args.query, clue=args.clue, scope=args.scope,
            as_of=parse_as_of(args.as_of), include_history=args.history))
    out_json(result) if args.json else out(for_humans(render.render_search(result,
                                                                           detail=args.detail)))
    return 0


async def _ask_navigation(args: argparse.Namespace, message: Any) -> Any:
    async with Runtime(args.home, background_consolidation=False) as rt:
        return await rt.navigation.ask(message)


async def cmd_stats(args: argparse.Namespace) -> int:
    stats = await _ask_navigation(args, Stats())
    store = str(StoreLayout.at_home(args.home).root)
    if args.json:
        out_json({"store": store, **stats})
    else:
        out(f"Store: {store}")
        out(f"{stats['leaves']} memories in {len(stats['domains'])} domains, {stats['nodes']} "
            f"summary nodes, depth {stats['depth']}, {stats['unconsolidated']} not yet in the "
            f"tree; {stats['fact_keys']} fact keys ({stats['fact_events']} timeline events).")
        vectors = stats.get("embedding") or {}
        if vectors:
            out(f"Embeddings ({vectors['model']}): {vectors['embedded']} of {stats['leaves']} "
                f"memories, {vectors['pending']} waiting for the background embedder.")
        for domain, count in sorted(stats["domains"].items()):
            out(f"  {domain}: {count}")
    return 0


async def cmd_tree(args: argparse.Namespace) -> int:
    tree = await _ask_navigation(args, TreeView(max_depth=args.depth))
    if args.json:
        out_json(tree)
        return 0

    def show(item: dict[str, Any], indent: int) -> None:
        kind = "▸" if item["kind"] == "node" else "·"
        out(f"{'  ' * indent}{kind} {item['title']} [{item['id']}, {item['leaf_count']}]")
        for child in item.get("children", []):
            show(child, indent + 1)

    for domain, items in tree["domains"].items():
        out(domain)
        for item in items:
            show(item, 1)
    return 0


async def _ask_facts(args: argparse.Namespace, message: Any) -> Any:
    async with Runtime(args.home, provenance=cli_provenance(),
                       background_consolidation=False) as rt:
        return await rt.facts.ask(message)


async def cmd_history(args: argparse.Namespace) -> int:
    facts = await _ask_facts(args, History(subject=args.subject, attribute=args.attribute,
                                           as_of=parse_as_of(args.as_of)))
    out_json(facts) if args.json else out(render.render_history(facts, args.subject,
                                                                args.attribute))
    return 0


async def cmd_conflicts(args: argparse.Namespace) -> int:
    groups = await _ask_facts(args, Conflicts())
    if args.json:
        out_json(groups)
    elif not groups:
        out("No value has changed over time.")
    else:
        for facts in groups:
            out(render.render_history(facts, facts[0].subject, facts[0].attribute))
    return 0


async def cmd_forget(args: argparse.Namespace) -> int:
    result = await _ask_facts(args, Retract(target=args.id, reason=args.reason,
                                            provenance=cli_provenance()))
    out_json(result) if args.json else out(render.render_retract(result, args.reason))
    return 0


async def cmd_review(args: argparse.Namespace) -> int:
    if args.action != "list" and not args.fact_id:
        raise InvalidArgument(f"review {args.action} needs a review id: F-... for a value, "
                              "S-... for a correction (`ihmt-async review` lists them).")
    result = await _ask_facts(args, Review(action=args.action, fact_id=args.fact_id or "",
                                           provenance=cli_provenance()))
    if args.json:
        out_json(result)
    elif args.action == "list":
        if not result:
            out("Nothing waits for review.")
        for fact in result:
            out(f"{fact.fact_id}: {fact.subject} {fact.attribute} = '{fact.value}' "
                f"(from {fact.agent or 'unknown'}, origin {fact.origin}, recorded "
                f"{fact.recorded_at[:19]})")
    else:
        done = {"approve": "approved", "reject": "rejected"}[args.action]
        if result.decided_with or result.attribute == "superseded by":  # a correction, S-...
            outcome = ("is now superseded by" if result.status == "ACTIVE"
                       else "stays current; not superseded by")
            out(f"{done} {result.fact_id}: {result.subject} {outcome} memory {result.value}.")
        else:
            out(f"{done} {result.fact_id}: {result.subject} {result.attribute} = "
                f"'{result.value}' is now {result.status}.")
        for fact in result.decided_with:
            out(f"  {done} with it {fact.fact_id}: {fact.subject} {fact.attribute} = "
                f"'{fact.value}' is now {fact.status}.")
    return 0


async def cmd_rebuild(args: argparse.Namespace) -> int:
    from actors.navigation.read_model import rebuild_fulltext
    from ihmt_async.maintenance import rebuild_store
    from ihmt_async.progress import Reporter

    store = open_store(args.home)
    with Reporter("rebuild") as progress:
        catalog = progress.phase("catalog", "files")
        facts_phase = progress.phase("facts", "leaves")
        scan = await anyio.to_thread.run_sync(functools.partial(
            rebuild_store, store.layout, store.locks, scan_progress=catalog,
            facts_progress=facts_phase, accept_loss=args.accept_loss))
        facts_phase.finish()
        facts = scan.facts
        fulltext = progress.phase("full-text index", "entries")
        indexed = await anyio.to_thread.run_sync(rebuild_fulltext, store.layout, store.locks,
                                                 fulltext)
        fulltext.finish()
        async with Runtime(args.home, background_consolidation=False) as rt:
            tree = progress.phase("consolidation", "branches")
            passed = await rt.consolidation.ask(Flush(force=False, progress=tree))
            tree.finish()
            stats = await rt.navigation.ask(Stats())
        progress.summary(f"{scan.entries} catalog entries, {facts.facts} facts, {indexed} "
                         f"memories indexed, {passed.branches_written} branch(es) written")
    report = {"entries": scan.entries,
              "problems": [{"path": str(p), "reason": r} for p, r in scan.problems],
              "facts": to_jsonable(facts), "branches_written": passed.branches_written,
              "leaves": stats["leaves"], "nodes": stats["nodes"]}
    if args.json:
        out_json(report)
    else:
        for path in scan.set_aside:
            out(f"  moved the damaged database aside: {path}")
        out(f"Rebuilt the catalog from the files: {scan.entries} entries "
            f"({stats['leaves']} memories, {stats['nodes']} branches); "
            f"timeline rebuilt; consolidation wrote {passed.branches_written} branch(es).")
        for where, reason in [*((str(p), r) for p, r in scan.problems), *facts.problems]:
            out(f"  skipped {where}: {reason}")
    return 0


async def cmd_consolidate(args: argparse.Namespace) -> int:
    from ihmt_async.progress import Reporter

    with Reporter("consolidate") as progress:
        async with Runtime(args.home, background_consolidation=False) as rt:
            tree = progress.phase("summary tree", "branches")
            result = await rt.consolidation.ask(Flush(force=args.force, progress=tree))
            tree.finish(f"depth {result.depth}, {result.nodes} nodes")
        progress.summary(f"wrote {result.branches_written} branch(es), placed "
                         f"{result.leaves_placed} item(s)")
    if args.json:
        out_json(result)
    else:
        out(f"Consolidation wrote {result.branches_written} branch(es), placed "
            f"{result.leaves_placed} item(s); depth {result.depth}, {result.nodes} nodes, "
            f"{result.pending} memories not yet in a branch ({result.duration_ms:.0f} ms).")
    return 0


AUDIT_ACTIONS = {"forget": "retract", "approve": "review.approve", "reject": "review.reject"}
"""The commands' names for what the audit records under another name (``forget`` writes
``retract.leaf`` / ``retract.fact``)."""


async def cmd_audit(args: argparse.Namespace) -> int:
    from ihmt_async.monitor import parse_since, parse_ts

    layout = StoreLayout.at_home(args.home)
    since = None
    if args.since:
        try:
            since = parse_since(args.since, dt.datetime.now(dt.UTC))
        except ValueError as exc:
            raise InvalidArgument(str(exc)) from None
    rows = []
    for record in read_audit(layout):
        stamp = parse_ts(str(record.get("ts", ""))) if since is not None else None
        if since is not None and (stamp is None or stamp < since):
            continue
        if args.agent and record.get("client") != args.agent:
            continue
        if args.action and not str(record.get("action", "")).startswith(
                AUDIT_ACTIONS.get(args.action, args.action)):
            continue
        rows.append(record)
    if args.json:
        out_json(rows)
    else:
        for r in rows:
            out(f"{r.get('ts')} {r.get('action'):<16} {r.get('client') or '-':<14} pid "
                f"{r.get('pid')} {', '.join(r.get('ids', []))}")
    return 0


DEMO_MEMORIES = (
    ("2025-03-10: I live in Madrid, in a flat in Lavapiés.", "user"),
    ("Our billing service uses PostgreSQL 16; migrations run with Alembic.", "user"),
    ("Luis Ferrer is the neighbour who helped me move the table.", "user"),
    ("2026-05-01: I moved to Valencia, near the Turia gardens.", "user"),
)
DEMO_QUERIES = ("where do I live?", "which database does the billing service use?",
                "Lavapiés flat", "quantum chromodynamics lecture notes")


async def cmd_demo(args: argparse.Namespace) -> int:
    home = Path(args.demo_home) if args.demo_home else Path(tempfile.mkdtemp(prefix="ihmt-demo-"))
    out(f"Demo store: {home / 'ihmt_memory'}")
    async with Runtime(home, provenance=Provenance("demo", "", new_session_id())) as rt:
        for text, origin in DEMO_MEMORIES:
            out(f"\n$ save_memory({text!r})")
            result = await rt.ingest.ask(Save(content=text, origin=origin,
                                              provenance=rt.provenance))
            out(render.render_save(result))
        for query in DEMO_QUERIES:
            out(f"\n$ search_memory({query!r})")
            found = await rt.navigation.ask(Search(query=query))
            out(render.render_search(found))
    return 0


# ---------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ihmt-async", description=__doc__.split("\n")[0])
    home_help = f"IHMT_HOME to use (default: $IHMT_HOME or {default_home()})"
    parser.add_argument("--home", help=home_help)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    # --home is accepted after the subcommand too (`ihmt-async search x --home DIR`).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--home", default=argparse.SUPPRESS, help=home_help)
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], Awaitable[int]], help_: str
            ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, parents=[common])
        p.set_defaults(func=func)
        if name in READ_COMMANDS or name in ("save", "forget", "init", "ingest"):
            p.add_argument("--json", action="store_true", help="machine-readable output")
        return p

    add("serve", cmd_serve, "run the MCP server over stdio")
    add("init", cmd_init, "create the store directory")
    p = add("save", cmd_save, "save a memory (text, or '-' / nothing for stdin)")
    p.add_argument("text", nargs="?", help="the text to remember ('-' or nothing: stdin)")
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
    p = add("ingest", cmd_ingest, "ingest files and directories")
    p.add_argument("paths", nargs="+", help="files and directories to ingest")
    p.add_argument("--domain", default=None, help="file everything under this domain")
    p.add_argument("--type", default="auto", choices=CONTENT_TYPES,
                   help="content type (default: auto-detect per file)")
    p.add_argument("--origin", default="tool", choices=ORIGINS,
                   help="text copied from files is 'tool' (the default): it cannot overturn "
                        "what the user said without review")
    p = add("search", cmd_search, "search the memory")
    p.add_argument("query", help="what to look for, in any language")
    p.add_argument("--clue", default=None, help="distinguishing detail after AMBIGUOUS")
    p.add_argument("--detail", default="compact", choices=("compact", "full"),
                   help="full adds ids, sources and tree paths")
    p.add_argument("--scope", default="",
                   help="project:<name> (plus global memories), '*' for every scope")
    p.add_argument("--as-of", dest="as_of", default=None,
                   help="answer as the memory stood at this ISO date or time")
    p.add_argument("--history", action="store_true", help="also show superseded memories")
    p = add("tree", cmd_tree, "show the summary tree")
    p.add_argument("--depth", type=int, default=3, help="levels to show (default 3)")
    add("stats", cmd_stats, "store totals")
    p = add("history", cmd_history, "the timeline of a subject's facts")
    p.add_argument("subject", nargs="?", default="user",
                   help="whose facts: user (default) or a name")
    p.add_argument("attribute", nargs="?", default="",
                   help="one attribute (location, employer ...), default all")
    p.add_argument("--as-of", dest="as_of", default=None,
                   help="the timeline as recorded at this ISO date or time")
    add("conflicts", cmd_conflicts, "values that changed over time")
    p = add("forget", cmd_forget, "retract a memory or fact")
    p.add_argument("id", help="memory (L-...) or fact (F-...) id")
    p.add_argument("--reason", required=True, help="why (kept in the audit log)")
    p = add("review", cmd_review, "list, approve or reject tool-origin values")
    p.add_argument("action", nargs="?", default="list", choices=("list", "approve", "reject"),
                   help="list (default), approve or reject")
    p.add_argument("fact_id", nargs="?", default="", help="the fact (F-...) to decide")
    p = add("rebuild", cmd_rebuild, "re-derive catalog, timeline and tree from the leaf files")
    p.add_argument("--accept-loss", action="store_true",
                   help="rebuild even when the event file lost lines the database applied "
                        "(their retractions, reviews and supersessions are undone)")
    p = add("consolidate", cmd_consolidate, "run a consolidation pass now")
    p.add_argument("--force", action="store_true", help="also promote partial groups")
    p = add("audit", cmd_audit, "the audit log")
    p.add_argument("--since", default=None,
                   help="only events since a duration ago (10m, 2h, 1d) or an ISO time")
    p.add_argument("--agent", default=None, help="only events of this client name")
    p.add_argument("--action", default=None, help="only actions starting with this "
                   "(save, retract or forget, review, approve, reject ...)")
    p = add("demo", cmd_demo, "save and search a few memories in a throwaway store")
    p.add_argument("--demo-home", dest="demo_home", default=None,
                   help="where to put the demo store (default: a new temporary directory)")
    from ihmt_async import integration_cli, ops_cli
    from ihmt_async.gui import command as gui_command

    ops_cli.add_commands(sub)
    integration_cli.add_commands(sub, common)
    gui_command.add_command(sub)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ihmt-async")
    except PackageNotFoundError:
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
