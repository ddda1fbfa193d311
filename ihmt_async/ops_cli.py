"""Operator commands: ``ihmt-async monitor`` (watch the log) and ``ihmt-async doctor``.

``monitor`` reads only ``logs/ihmt.jsonl`` (and its rotated backups): it never opens the
store's data files or locks, so it keeps working while a store is wedged. ``doctor`` checks the
files without locks and, with ``--repair``, fixes them under the store's locks (see
``store.doctor``), so it is safe to run while servers are up. Both write their report to
stdout (these commands never run on the MCP channel).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from dataclasses import asdict
from typing import Any

import anyio

from ihmt_async import monitor
from ihmt_async.human import out
from store import doctor, fulltext
from store.config import load_settings
from store.errors import DamagedDatabase, InvalidArgument
from store.locks import LockManager
from store.paths import StoreLayout

CLEAR_SCREEN = "\x1b[H\x1b[2J"




def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


# ---------------------------------------------------------------------------- monitor


async def _read_backlog(agg: monitor.Aggregator, layout: StoreLayout) -> None:
    for path in monitor.replay_files(layout.log_file):
        agg.add_lines(await monitor.read_whole(path))


async def cmd_monitor(args: argparse.Namespace) -> int:
    layout = StoreLayout.at_home(args.home)
    started = _now()
    try:
        since = monitor.parse_since(args.since, started) if args.since else None
    except ValueError as exc:
        raise InvalidArgument(str(exc)) from None
    replay = args.once or since is not None
    # Following live without --since counts from now; --once and --since read the backlog.
    agg = monitor.Aggregator(since=since if replay else started)
    if replay:
        await _read_backlog(agg, layout)
    async with monitor.LogFollower(layout.log_file, from_end=not replay) as follower:
        agg.add_lines(await follower.poll())
        if args.once:
            snap = agg.snapshot(_now())
            snap["log_file"] = str(layout.log_file)
            out(json.dumps(snap, ensure_ascii=False, indent=2) if args.json
                 else monitor.render_table(snap))
            return 0
        while True:
            snap = agg.snapshot(_now())
            if args.json:
                out(json.dumps(snap, ensure_ascii=False))
            else:
                sys.stdout.write(CLEAR_SCREEN)
                out(monitor.render_table(snap))
            await anyio.sleep(args.interval)
            agg.add_lines(await follower.poll())


# ---------------------------------------------------------------------------- doctor


def _problem_line(problem: doctor.Problem) -> str:
    fix = "" if problem.repairable else "  [needs a person]"
    return f"  {problem.code}: {problem.path}\n      {problem.detail}{fix}"


def _leftover_lines(leftovers: list[doctor.Problem]) -> None:
    """Leftovers are said, apart from problems: they do not make the store unclean."""
    if not leftovers:
        return
    out(f"{len(leftovers)} leftover(s) of changes interrupted midway (a process killed, a "
        "write the disk refused; not problems: nothing acknowledged depends on them and the "
        "store finishes them by itself):")
    for leftover in leftovers:
        out(_problem_line(leftover))


def _rebuild(layout: StoreLayout, locks: LockManager) -> doctor.Action:
    """The database was damaged: re-derive it from the leaf files and the event file."""
    from ihmt_async.maintenance import rebuild_store

    report = rebuild_store(layout, locks, actor="doctor")
    return doctor.Action("database_rebuilt", str(layout.database),
                         f"re-derived {report.entries} catalog entries and "
                         f"{report.facts.facts} fact(s) from {report.facts.leaves} leaf file(s); "
                         f"replayed {report.facts.replayed} event(s) from the event file")


def _reindex(layout: StoreLayout, locks: LockManager) -> doctor.Action:
    """The shared full-text index was lost, stale or of another version (or the database was
    just re-derived, which restarts the catalog's sequence): index every memory now rather
    than on the next start's path."""
    from actors.navigation.read_model import rebuild_fulltext

    indexed = rebuild_fulltext(layout, locks)
    return doctor.Action("fulltext_rebuilt", fulltext.index_dir(layout),
                         f"indexed {indexed} memory change(s) into a new full-text index")


def _prepare(home: str | None) -> list[doctor.Action]:
    """What a start does first: migrate, rebuild a missing database, apply missed lines."""
    from ihmt_async.runtime import open_store, prepare_store

    store = open_store(home, create=False)
    try:
        state = prepare_store(store)
    except DamagedDatabase:
        return []  # doctor.repair sets it aside; the rebuild follows
    if state in ("ready", "empty", "recovery_deferred"):
        return []  # a deferred recovery is retried by repair, which reports its refusal
    return [doctor.Action(f"store_{state}", str(store.layout.database),
                          {"migrated": "moved the earlier version's state into the database",
                           "rebuilt": "rebuilt the missing database from the files",
                           "recovered": "applied what the database had missed"}[state])]


async def cmd_doctor(args: argparse.Namespace) -> int:
    layout = StoreLayout.at_home(args.home)
    found = await anyio.to_thread.run_sync(lambda: doctor.examine(layout, grace_s=args.grace))
    problems = found.problems
    report: dict[str, Any] = {"store": str(layout.root),
                              "problems": [asdict(p) for p in problems],
                              "leftovers": [asdict(p) for p in found.leftovers],
                              "notes": found.notes}
    remaining, leftovers = problems, found.leftovers
    if args.repair and layout.root.exists():
        settings = load_settings(layout.config)
        locks = LockManager(layout.locks_dir, default_timeout_s=settings.lock_timeout_s)
        # a lock file that is a directory refuses the start's preparation: removed first
        actions = doctor.free_locks(layout)
        actions += await anyio.to_thread.run_sync(_prepare, args.home)
        actions += await anyio.to_thread.run_sync(
            lambda: doctor.repair(layout, locks, timeout_s=max(settings.lock_timeout_s, 30.0)))
        if any(a.code == "database_set_aside" for a in actions):
            actions.append(await anyio.to_thread.run_sync(_rebuild, layout, locks))
        if any(p.code.startswith("fulltext_") for p in problems) or \
                any(a.code == "database_rebuilt" for a in actions):
            actions.append(await anyio.to_thread.run_sync(_reindex, layout, locks))
        after = await anyio.to_thread.run_sync(
            lambda: doctor.examine(layout, grace_s=args.grace))
        remaining, leftovers = after.problems, after.leftovers
        report["repaired"] = [asdict(a) for a in actions]
        report["remaining"] = [asdict(p) for p in remaining]
        report["leftovers"] = [asdict(p) for p in leftovers]
    report["clean"] = not remaining
    if args.json:
        out(json.dumps(report, ensure_ascii=False, indent=2))
        return 0 if not remaining else 1
    for note in found.notes:  # how the store stands (a read-only mount), before the verdict
        out(f"Note: {note}.")
    if not problems:
        out(f"No problems found in {layout.root}.")
        for action in report.get("repaired", []):  # leftovers --repair finished
            out(f"  {action['code']}: {action['path']}\n      {action['detail']}")
        _leftover_lines(leftovers)
        return 0
    out(f"{len(problems)} problem(s) in {layout.root}:")
    for problem in problems:
        out(_problem_line(problem))
    _leftover_lines(found.leftovers)
    if not args.repair:
        fixable = sum(p.repairable for p in problems)
        out(f"{fixable} of them can be fixed with `ihmt-async doctor --repair`.")
        return 1
    out(f"Repaired ({len(report['repaired'])} action(s)):")
    for action in report["repaired"]:
        out(f"  {action['code']}: {action['path']}\n      {action['detail']}")
    if remaining:
        out(f"Still {len(remaining)} problem(s):")
        for problem in remaining:
            out(_problem_line(problem))
        return 1
    out("The store is clean now.")
    return 0
