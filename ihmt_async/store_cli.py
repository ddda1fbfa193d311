"""The store commands of the command line (``serve``, ``save``, ``search`` ...): what each
does once ``cli`` has parsed its arguments and checked the store path.

Kept apart from ``cli`` so that the parser, ``--version`` and the hook commands never import
the runtime, the actors and the MCP SDK they do not use: ``cli`` loads this module only when
one of these commands runs. It must never be imported at the top of ``cli``.
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
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import structlog

from actors.consolidation.messages import Flush
from actors.facts.messages import Conflicts, Retract, Review
from actors.ingest.messages import Save
from actors.ingest.validate import check_scope
from actors.navigation.messages import DEFAULT_LIMIT, Search, Stats, TreeView
from actors.provenance import Provenance, new_session_id
from ihmt_async import render
from ihmt_async.cli import _first_ihmt_error
from ihmt_async.fact_history import history_in, projects_asked, whose_asked
from ihmt_async.human import for_humans, out
from ihmt_async.jsonable import to_jsonable
from ihmt_async.runtime import Runtime, open_store
from ihmt_async.timeparse import parse_as_of
from store.audit import read_audit
from store.errors import InvalidArgument
from store.paths import StoreLayout


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
            tg.start_soon(settle_heap, runtime)
            await run_stdio(server)
            tg.cancel_scope.cancel()
    if stopped_by_signal:
        # The runtime has stopped cleanly; the stdin reader thread may still be blocked in a
        # read that will never return, so leave without waiting for it.
        sys.stderr.flush()
        os._exit(0)
    return 0


async def settle_heap(runtime: Runtime) -> None:
    """Once the start's background loads are in, leave the objects the start made out of every
    later full collection (``allocator.freeze_long_lived``): at 50k memories a gen-2
    collection walked ~120k of them and stalled one call in ~100 by 60-200 ms."""
    from actors.allocator import freeze_long_lived

    await runtime.navigation.wait_warmed()
    started = time.perf_counter()
    frozen = freeze_long_lived()
    structlog.get_logger("ihmt.cli").info(
        "server.heap_settled", frozen=frozen,
        duration_ms=round((time.perf_counter() - started) * 1000, 2))


@contextlib.asynccontextmanager
async def serving_runtime(home: str | None) -> AsyncIterator[Runtime]:
    """The server's runtime; a start-up failure is logged once and re-raised."""
    runtime = Runtime(home, warm_saves=True)
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


def _read_text_arg(words: list[str]) -> str:
    """The words given (a shell splits an unquoted text into several), or stdin."""
    if not words or words == ["-"]:
        if sys.stdin.isatty():
            sys.stderr.write("Reading the memory to save from stdin; finish with Ctrl-D "
                             "(or pass the text as an argument).\n")
            sys.stderr.flush()
        return sys.stdin.read()
    return " ".join(words)


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
    scope = check_scope(args.scope, wildcard=True)  # the save's rule, before the store opens
    async with Runtime(args.home, background_consolidation=False) as rt:
        result = await rt.navigation.ask(Search(
            query=" ".join(args.query), clue=args.clue, scope=scope,
            limit=DEFAULT_LIMIT if args.limit is None else args.limit,
            limit_given=args.limit is not None,
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
        if stats.get("unreadable"):
            out(f"{len(stats['unreadable'])} memories could not be read (file missing or "
                "damaged): run `ihmt-async doctor`.")
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
    """A subject's timeline, and its timeline in a project: ``--scope project:x`` (the
    project's own facts when no subject is named), or the project the subject names
    ("history gravelpit": what was recorded in gravelpit of gravelpit itself, its Go version,
    its database). Project facts are recorded under 'subject @project:x' (``scoped_subject``):
    without this the command showed none of them (probe-agent)."""
    scope = check_scope(args.scope) if args.scope else None
    whose = whose_asked(args.subject, scope)
    projects = projects_asked(whose, scope)
    as_of = parse_as_of(args.as_of)
    async with Runtime(args.home, provenance=cli_provenance(),
                       background_consolidation=False) as rt:
        facts = await history_in(rt.facts, whose, args.attribute, projects, as_of)
    shown = args.subject or scope or whose
    out_json(facts) if args.json else out(render.render_history(facts, shown, args.attribute))
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
              "restored": [{"leaf_id": i, "damaged_file_kept": str(p) if p else None}
                           for i, p in scan.restored],
              "leaves": stats["leaves"], "nodes": stats["nodes"],
              "embedding_pending": stats["embedding"]["pending"]}
    if args.json:
        out_json(report)
    else:
        for path in scan.set_aside:
            out(f"  moved the damaged database aside: {path}")
        for leaf_id, aside in scan.restored:
            kept = f" (the damaged file is kept as {aside})" if aside else ""
            out(f"  wrote the file of memory {leaf_id} again from the whole text the search "
                f"index held{kept}")
        out(f"Rebuilt the catalog from the files: {scan.entries} entries "
            f"({stats['leaves']} memories, {stats['nodes']} branches); "
            f"timeline rebuilt; consolidation wrote {passed.branches_written} branch(es).")
        if stats["embedding"]["pending"]:
            # the vectors went with state/: said, so that searches by meaning missing for a
            # while after a rebuild are not taken for a broken store (bbtest33 F3)
            out(f"  {stats['embedding']['pending']} memories still wait for their vectors; "
                "a server computes them in the background (meanwhile they are found "
                "by their words).")
        # the catalog scan and the facts both read every leaf: a file neither could read is
        # one skip, said once (it was printed twice)
        skipped = dict.fromkeys([*((str(p), r) for p, r in scan.problems), *facts.problems])
        for where, reason in skipped:
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
    # the day before: a stamp written with an offset reads up to a day from its UTC day
    day = (since - dt.timedelta(days=1)).date().isoformat() if since is not None else ""
    for record in read_audit(layout, day):
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
