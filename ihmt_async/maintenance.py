"""Whole-store maintenance the CLI and the runtime share: rebuild the database from the files.

``rebuild_store`` re-derives the catalog (leaf and branch files), the facts and the audit (leaf
files plus the event file) into the database, after moving a damaged database aside. It is what
``ihmt-async rebuild`` runs and what a start runs when ``state/`` is gone. It lives at the edge
because re-deriving facts needs the fact rules (``actors.facts``) and the store layer may not
import actors. The CLI watches its two long steps (the catalog scan, the facts) through
``ProgressFn`` receivers; the runtime passes none.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import structlog

from actors.facts.rebuild import RebuildReport, rebuild_facts
from store import fulltext
from store.errors import StoreIOError
from store.locks import LockManager, remove_empty_lock_dirs
from store.paths import StoreLayout
from store.progress import ProgressFn, no_progress
from store.rebuild import (
    check_events_whole,
    rebuild_catalog,
    set_aside_damaged,
    settle_events,
    undo_dead_saves,
)

log = structlog.get_logger("ihmt.maintenance")

NOT_STARTED = "the rebuild did not start; nothing was changed"
"""What a refusal of the rebuild's first step says did not happen (the disk's own error said
"nothing was saved", a save's words, probe-fault F4)."""


@dataclass(frozen=True)
class StoreRebuild:
    entries: int
    problems: tuple[tuple[Path, str], ...]
    facts: RebuildReport
    set_aside: tuple[Path, ...]
    restored: tuple[tuple[str, Path | None], ...] = ()
    """(leaf id, where its damaged file was kept) of each memory whose file was written again
    from the whole copy the store held."""


def rebuild_store(layout: StoreLayout, locks: LockManager, *, actor: str = "rebuild",
                  scan_progress: ProgressFn = no_progress,
                  facts_progress: ProgressFn = no_progress,
                  accept_loss: bool = False) -> StoreRebuild:
    """Rebuild catalog, facts and audit from the files, under the locks. Refuses
    (``EventsLost``) when the event file lost lines a healthy database applied, unless
    ``accept_loss``: the rebuild would undo what only the database still records."""
    freed = remove_empty_lock_dirs(layout.locks_dir)  # else they refuse the locks below
    if freed:
        log.warning("store.lock_directory_removed", paths=[str(p) for p in freed])
    try:
        with locks.hold_sync("catalog", "facts", actor=actor):
            moved = set_aside_damaged(layout)
            if not moved and not accept_loss:
                check_events_whole(layout)
            if not moved:
                undo_dead_saves(layout)  # a killed save's leaf must not come back as a memory
    except StoreIOError as exc:  # said as what did not happen: no save was asked for
        raise type(exc)(exc.path, exc.errno, exc.what, NOT_STARTED) from exc
    if moved:
        log.warning("store.damaged_database_set_aside", paths=[str(p) for p in moved])
    scan = rebuild_catalog(layout, locks, actor=actor, progress=scan_progress,
                           accept_loss=accept_loss)
    entries, problems = len(scan.entries), tuple(scan.problems)
    restored = tuple((lost.leaf_id, aside) for lost, aside in scan.restored)
    del scan  # every catalog entry (100 MB at 50,000 memories), written: not held any longer
    # The re-derived catalog numbers its changes from 1 again: the shared index's watermark
    # counts the old numbering, so leaves renumbered below it would never be indexed.
    with locks.hold_sync(fulltext.LOCK_NAME, actor=actor, timeout_s=600):
        fulltext.discard(layout)
    facts = rebuild_facts(layout, locks, actor=actor, progress=facts_progress)
    with locks.hold_sync("catalog", "facts", actor=actor):
        settle_events(layout)
    log.info("store.rebuilt", entries=entries, facts=facts.facts,
             replayed=facts.replayed, problems=len(problems) + len(facts.problems))
    return StoreRebuild(entries, problems, facts, tuple(moved), restored)
