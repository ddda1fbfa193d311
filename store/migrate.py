"""Open a store written by an earlier version (or by IHMT) by moving its state into the database.

Earlier versions kept ``state/catalog.json`` + ``catalog.journal.jsonl``, ``state/facts.json`` +
``facts.journal.jsonl`` and ``state/audit.jsonl``; IHMT keeps ``state/catalog.json`` and
``state/facts.json`` (a ``facts`` list). On the first start without a database these are read
once, written as one transaction (and one event-file line, so a later rebuild still has the old
audit and the facts' ids and record times), and renamed ``*.migrated``. No manual step; the log
says ``store.migrated``.

A journal whose header generation differs from its snapshot's belongs to a compaction that was
cut short after the snapshot was written: its records are already in the snapshot. Unreadable
lines are skipped and counted. The caller holds the ``catalog`` and ``facts`` locks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from store.audit import audit_record
from store.catalog import put
from store.db import FactRow
from store.engine import Engine
from store.errors import MalformedFile
from store.factlog import EVENT_OPS, event_from_ihmt_fact
from store.paths import StoreLayout

log = structlog.get_logger("ihmt.migrate")

Indexer = Callable[[Mapping[str, Any]], FactRow]


@dataclass(frozen=True)
class Migrated:
    entries: int
    events: int
    audit: int
    skipped_lines: int
    sources: tuple[str, ...]


def legacy_files(layout: StoreLayout) -> list[Path]:
    return [p for p in (layout.legacy_catalog, layout.legacy_catalog_journal,
                        layout.legacy_facts, layout.legacy_facts_journal, layout.legacy_audit)
            if p.exists()]


def _load_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except ValueError as exc:
        raise MalformedFile(path, f"not valid JSON ({exc}); move it aside and run "
                            "`ihmt-async rebuild`") from None
    if not isinstance(data, dict):
        raise MalformedFile(path, "not a JSON object")
    return data


def _journal(path: Path, generation: int) -> tuple[list[dict[str, Any]], int]:
    """Records of a legacy journal whose header matches ``generation`` (and bad-line count)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return [], 0
    lines = raw.split(b"\n")
    records: list[dict[str, Any]] = []
    bad = 0
    complete = lines[:-1]  # the last piece has no newline: a cut-short line or empty
    if lines[-1].strip():
        bad += 1
    for index, line in enumerate(complete):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if not isinstance(record, dict):
            continue
        if index == 0 and "journal" in record:
            if int(record.get("generation", 0)) != generation:
                return [], bad
            continue
        records.append(record)
    return records, bad


def _catalog(layout: StoreLayout) -> tuple[dict[str, dict[str, Any]], int]:
    snapshot = _load_json(layout.legacy_catalog)
    raw = snapshot.get("entries", {})
    entries = {str(k): dict(v) for k, v in (raw.items() if isinstance(raw, dict) else ())
               if isinstance(v, dict)}
    records, bad = _journal(layout.legacy_catalog_journal, int(snapshot.get("generation", 0)))
    for record in records:
        op = record.get("op")
        if op == "put" and isinstance(record.get("entry"), dict):
            entries[str(record["entry"]["id"])] = dict(record["entry"])
        elif op == "patch" and str(record.get("id")) in entries:
            entries[str(record["id"])].update(record.get("set") or {})
        elif op == "del":
            entries.pop(str(record.get("id")), None)
    return entries, bad


def _facts(layout: StoreLayout) -> tuple[list[dict[str, Any]], int]:
    snapshot = _load_json(layout.legacy_facts)
    if isinstance(snapshot.get("events"), list):
        events = [dict(e) for e in snapshot["events"] if isinstance(e, dict)]
    else:
        updated = str(snapshot.get("updated_at") or "1970-01-01T00:00:00Z")
        facts = snapshot.get("facts", [])
        events = [event_from_ihmt_fact(f, updated) for f in (facts if isinstance(facts, list)
                                                             else []) if isinstance(f, dict)]
    records, bad = _journal(layout.legacy_facts_journal, int(snapshot.get("generation", 0)))
    events += [dict(r) for r in records if r.get("op") in EVENT_OPS]
    return events, bad


def _audit(layout: StoreLayout) -> tuple[list[dict[str, Any]], int]:
    try:
        raw = layout.legacy_audit.read_bytes()
    except FileNotFoundError:
        return [], 0
    out: list[dict[str, Any]] = []
    bad = 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if isinstance(record, dict):
            out.append(record)
    return out, bad


def migrate(layout: StoreLayout, engine: Engine, indexer: Indexer) -> Migrated | None:
    """Move the legacy state into the database (locks held); rename the old files.

    Safe to run again after a kill anywhere: the migration's own line (replayed if its commit
    was lost) marks the database as migrated, so the state is moved once and the renames are
    finished on the next start. Returns None when only the renames were left.
    """
    sources = legacy_files(layout)
    engine.catch_up()
    if engine.meta("migrated_from") is not None:
        for path in sources:
            os.replace(path, path.with_name(path.name + ".migrated"))
        return None
    entries, bad_catalog = _catalog(layout)
    events, bad_facts = _facts(layout)
    audit, bad_audit = _audit(layout)
    kind = "ihmt" if layout.legacy_facts.exists() and not layout.legacy_facts_journal.exists() \
        and not layout.legacy_audit.exists() else "journal"
    note = audit_record(actor="migrate", action="store.migrate", ids=[],
                        from_format=kind, migrated_entries=len(entries),
                        migrated_events=len(events))
    engine.commit(catalog=[put(e) for e in entries.values()],
                  facts=[indexer(e) for e in events], audit=[*audit, note],
                  meta={"migrated_from": kind})
    for path in sources:
        os.replace(path, path.with_name(path.name + ".migrated"))
    result = Migrated(len(entries), len(events), len(audit), bad_catalog + bad_facts + bad_audit,
                      tuple(str(p) for p in sources))
    log.info("store.migrated", from_format=kind, entries=result.entries, events=result.events,
             audit=result.audit, skipped_lines=result.skipped_lines, sources=list(result.sources))
    return result
