"""The ``ihmt-async`` command line: serve the MCP server, and operate a store by hand.

Every command opens the store at ``--home`` (else ``$IHMT_HOME``, else the user's data
directory), talks to the same actors the server uses, prints a human reply (or ``--json``) on
stdout and exits 1 with a one-line message on any error. ``serve`` is the one command whose
stdout belongs to the MCP transport: it writes nothing there itself.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import anyio

from actors.consolidation.messages import Flush
from actors.facts.messages import Conflicts, History, Retract, Review
from actors.ingest.messages import Save
from actors.navigation.messages import Search, Stats, TreeView
from actors.provenance import Provenance, new_session_id
from ihmt_async import render
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime, open_store
from ihmt_async.timeparse import parse_as_of
from store.audit import read_audit
from store.config import load_settings
from store.errors import IhmtError, InvalidArgument
from store.paths import StoreLayout, default_home

READ_COMMANDS = ("search", "tree", "stats", "history", "conflicts", "review", "audit", "rebuild",
                 "consolidate")


def out(text: str) -> None:
    sys.stdout.write(text.rstrip("\n") + "\n")
    sys.stdout.flush()


def to_jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "reply"}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def out_json(value: Any) -> None:
    out(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2, default=str))


def cli_provenance() -> Provenance:
    return Provenance(agent="cli", client_version="", session=new_session_id())


# ---------------------------------------------------------------------------- commands


async def cmd_serve(args: argparse.Namespace) -> int:
    from ihmt_async.server import build_server
    from ihmt_async.stdio import run_stdio

    server = build_server(args.home)
    stopped_by_signal = False
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


async def cmd_init(args: argparse.Namespace) -> int:
    store = open_store(args.home)
    out(f"Store ready at {store.layout.root}")
    return 0


def _read_text_arg(value: str | None) -> str:
    if value is None or value == "-":
        return sys.stdin.read()
    return value


async def cmd_save(args: argparse.Namespace) -> int:
    text = _read_text_arg(args.text)
    async with Runtime(args.home, provenance=cli_provenance()) as rt:
        result = await rt.ingest.ask(Save(
            content=text, domain=args.domain, content_type=args.type,
            tags=tuple(args.tag or ()), scope=args.scope, origin=args.origin,
            supersedes=args.supersedes, provenance=rt.provenance))
    out_json(result) if args.json else out(render.render_save(result))
    return 0


def _files_under(paths: Sequence[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*")
                                if p.is_file() and not any(part.startswith(".")
                                                           for part in p.parts)))
        elif path.is_file():
            files.append(path)
        else:
            raise InvalidArgument(f"No such file or directory: {raw}")
    return files


async def cmd_ingest(args: argparse.Namespace) -> int:
    files = _files_under(args.paths)
    saved = skipped = 0
    started = time.monotonic()
    async with Runtime(args.home, provenance=cli_provenance(),
                       background_consolidation=False) as rt:
        for index, path in enumerate(files, start=1):
            try:
                text = path.read_text(encoding="utf-8")
                await rt.ingest.ask(Save(content=text, domain=args.domain,
                                         content_type=args.type, origin=args.origin,
                                         provenance=rt.provenance, source=str(path)))
                saved += 1
            except (UnicodeDecodeError, IhmtError) as exc:
                skipped += 1
                sys.stderr.write(f"skipped {path}: {exc}\n")
            if len(files) > 20 and (index % 25 == 0 or index == len(files)):
                rate = index / max(time.monotonic() - started, 1e-6)
                sys.stderr.write(f"\r{index}/{len(files)} files ({rate:.0f}/s)")
                sys.stderr.flush()
        if len(files) > 20:
            sys.stderr.write("\n")
        result = await rt.consolidation.ask(Flush(force=False))
    out(f"Ingested {saved} file(s), skipped {skipped}; consolidation wrote "
        f"{result.branches_written} branch(es).")
    return 0 if skipped == 0 else 1


async def cmd_search(args: argparse.Namespace) -> int:
    async with Runtime(args.home, background_consolidation=False) as rt:
        result = await rt.navigation.ask(Search(
            query=args.query, clue=args.clue, scope=args.scope,
            as_of=parse_as_of(args.as_of), include_history=args.history))
    out_json(result) if args.json else out(render.render_search(result, detail=args.detail))
    return 0


async def _ask_navigation(args: argparse.Namespace, message: Any) -> Any:
    async with Runtime(args.home, background_consolidation=False) as rt:
        return await rt.navigation.ask(message)


async def cmd_stats(args: argparse.Namespace) -> int:
    stats = await _ask_navigation(args, Stats())
    if args.json:
        out_json(stats)
    else:
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
        raise InvalidArgument(f"review {args.action} needs the fact id (F-...).")
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
        out(f"{args.action}d {result.fact_id}: {result.subject} {result.attribute} = "
            f"'{result.value}' is now {result.status}.")
    return 0


async def cmd_rebuild(args: argparse.Namespace) -> int:
    from actors.facts.rebuild import rebuild_facts
    from store.rebuild import rebuild_catalog

    store = open_store(args.home)
    scan = await anyio.to_thread.run_sync(rebuild_catalog, store.layout, store.locks)
    facts = await anyio.to_thread.run_sync(rebuild_facts, store.layout, store.locks)
    async with Runtime(args.home, background_consolidation=False) as rt:
        passed = await rt.consolidation.ask(Flush(force=False))
        stats = await rt.navigation.ask(Stats())
    report = {"entries": len(scan.entries),
              "problems": [{"path": str(p), "reason": r} for p, r in scan.problems],
              "facts": to_jsonable(facts), "branches_written": passed.branches_written,
              "leaves": stats["leaves"], "nodes": stats["nodes"]}
    if args.json:
        out_json(report)
    else:
        out(f"Rebuilt the catalog from the files: {len(scan.entries)} entries "
            f"({stats['leaves']} memories, {stats['nodes']} branches); "
            f"timeline rebuilt; consolidation wrote {passed.branches_written} branch(es).")
        for path, reason in scan.problems:
            out(f"  skipped {path}: {reason}")
    return 0


async def cmd_consolidate(args: argparse.Namespace) -> int:
    async with Runtime(args.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=args.force))
    if args.json:
        out_json(result)
    else:
        out(f"Consolidation wrote {result.branches_written} branch(es), placed "
            f"{result.leaves_placed} item(s); depth {result.depth}, {result.nodes} nodes, "
            f"{result.pending} memories not yet in a branch ({result.duration_ms:.0f} ms).")
    return 0


async def cmd_audit(args: argparse.Namespace) -> int:
    layout = StoreLayout.at_home(args.home)
    rows = []
    for record in read_audit(layout.audit_log):
        if args.since and str(record.get("ts", "")) < args.since:
            continue
        if args.agent and record.get("client") != args.agent:
            continue
        if args.action and not str(record.get("action", "")).startswith(args.action):
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
    parser.add_argument("--home", help="IHMT_HOME to use (default: $IHMT_HOME or "
                        f"{default_home()})")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], Awaitable[int]], help_: str
            ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        p.set_defaults(func=func)
        if name in READ_COMMANDS or name in ("save", "forget"):
            p.add_argument("--json", action="store_true", help="machine-readable output")
        return p

    add("serve", cmd_serve, "run the MCP server over stdio")
    add("init", cmd_init, "create the store directory")
    p = add("save", cmd_save, "save a memory (text, or '-' / nothing for stdin)")
    p.add_argument("text", nargs="?")
    p.add_argument("--domain", default=None)
    p.add_argument("--type", default="auto")
    p.add_argument("--tag", action="append")
    p.add_argument("--scope", default="")
    p.add_argument("--origin", default="user")
    p.add_argument("--supersedes", default=None)
    p = add("ingest", cmd_ingest, "ingest files and directories")
    p.add_argument("paths", nargs="+")
    p.add_argument("--domain", default=None)
    p.add_argument("--type", default="auto")
    p.add_argument("--origin", default="user")
    p = add("search", cmd_search, "search the memory")
    p.add_argument("query")
    p.add_argument("--clue", default=None)
    p.add_argument("--detail", default="compact", choices=("compact", "full"))
    p.add_argument("--scope", default="")
    p.add_argument("--as-of", dest="as_of", default=None)
    p.add_argument("--history", action="store_true")
    p = add("tree", cmd_tree, "show the summary tree")
    p.add_argument("--depth", type=int, default=3)
    add("stats", cmd_stats, "store totals")
    p = add("history", cmd_history, "the timeline of a subject's facts")
    p.add_argument("subject", nargs="?", default="user")
    p.add_argument("attribute", nargs="?", default="")
    p.add_argument("--as-of", dest="as_of", default=None)
    add("conflicts", cmd_conflicts, "values that changed over time")
    p = add("forget", cmd_forget, "retract a memory or fact")
    p.add_argument("id")
    p.add_argument("--reason", required=True)
    p = add("review", cmd_review, "list, approve or reject tool-origin values")
    p.add_argument("action", nargs="?", default="list", choices=("list", "approve", "reject"))
    p.add_argument("fact_id", nargs="?", default="")
    add("rebuild", cmd_rebuild, "re-derive catalog, timeline and tree from the leaf files")
    p = add("consolidate", cmd_consolidate, "run a consolidation pass now")
    p.add_argument("--force", action="store_true", help="also promote partial groups")
    p = add("audit", cmd_audit, "the audit log")
    p.add_argument("--since", default=None, help="ISO time")
    p.add_argument("--agent", default=None)
    p.add_argument("--action", default=None)
    p = add("demo", cmd_demo, "save and search a few memories in a throwaway store")
    p.add_argument("--demo-home", dest="demo_home", default=None,
                   help="where to put the demo store (default: a new temporary directory)")
    from ihmt_async import ops_cli

    ops_cli.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    home = args.home or os.environ.get("IHMT_HOME") or None
    args.home = home
    layout = StoreLayout.at_home(home)
    try:
        settings = load_settings(layout.config)
    except IhmtError as exc:
        sys.stderr.write(f"ihmt-async: {exc}\n")
        return 1
    configure_logging(layout.log_file, level=os.environ.get("IHMT_LOG_LEVEL") or
                      ("info" if args.command == "serve" else "warning"),
                      to_stderr=None if args.command == "serve" else
                      os.environ.get("IHMT_LOG_STDERR", "1") not in ("0", "false"),
                      max_bytes=settings.log_max_bytes, backups=settings.log_backups)
    try:
        code: int = anyio.run(args.func, args)
        return code
    except IhmtError as exc:
        sys.stderr.write(f"ihmt-async: {exc}\n")
        return 1
    except BaseExceptionGroup as group:
        first = _first_ihmt_error(group)
        if first is None:
            raise
        sys.stderr.write(f"ihmt-async: {first}\n")
        return 1
    except KeyboardInterrupt:
        return 130


def _first_ihmt_error(group: BaseExceptionGroup[Any]) -> IhmtError | None:
    for exc in group.exceptions:
        if isinstance(exc, IhmtError):
            return exc
        if isinstance(exc, BaseExceptionGroup):
            found = _first_ihmt_error(exc)
            if found is not None:
                return found
    return None
