"""Rebuild the facts table and the audit from the leaf files and the event file.

The facts table is an index. Its facts come from leaf text, so a rebuild re-extracts them from
every leaf file (the leaf is the truth: a hand-edited leaf yields its new facts). What no leaf
holds comes from the event file (``ihmt_memory/events.jsonl``, outside ``state/``):

- the retract / review / supersede_leaf events (and any leafless fact event): each line carries
  them as fact rows, and the audit records of the fact actor carry them under ``events``;
- the recordings: the id, leaf, key, value and record time of every fact recorded, from the
  fact rows of each line (and the ``recorded`` lists of audit records of earlier versions);
- the audit itself: every line's audit records, in order.

A re-extracted fact that matches recordings (same leaf, key and value) becomes one fact per
recording, with the original id and record time, so the replayed retractions and reviews find
their targets and a leaf saved three times keeps its three recordings. A fact without a
recording (an IHMT store, a lost event file, a hand edit) is recorded at the leaf header's
``recorded_at`` (else ``ingested_at``), which has only second resolution: facts of leaves saved
within one second then order by id.

A fact's entry date is the leaf timestamp when the leaf is PERSONAL or CLINICAL and was dated
by the chunker (a ``date:`` tag matching a midnight ``timestamp``), exactly what ingest passed.
``pending`` is decided again, in record order, by the rule the actor uses
(``recording.decide_pending``). The new table and audit replace the old ones in one transaction
under the ``facts`` lock, held for the whole rebuild so no save lands between the scan and the
replacement; the database then counts the whole event file as applied.

Corrupt leaf files, unreadable lines and events are reported and skipped; they never stop a
rebuild. A caller may watch it through a ``ProgressFn`` (leaf files read of leaf files found).
This module never writes leaf files or the event file.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from actors.facts.context import reads_earlier
from actors.facts.index import FactIndex, fact_row
from actors.facts.keys import (
    fact_key,
    normalise_words,
    pair_either_way,
    pairs_joined,
    scoped_subject,
)
from actors.facts.moves import EARLIER_TURNS
from actors.facts.patterns import extract_facts
from actors.facts.recording import STAMP_FORMAT, decide_pending, fact_event
from actors.facts.timeline import event_order, fact_id_for
from actors.text import parse_instant
from store.audit import records_of_line
from store.db import transaction
from store.engine import Engine
from store.errors import MalformedFile
from store.event_place import record_place
from store.events import read_lines
from store.factlog import EVENT_OPS
from store.leaf_format import read_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.progress import ProgressFn, no_progress
from store.tree_files import iter_leaf_files

DATED_TYPES = ("PERSONAL", "CLINICAL")
EPOCH = "1970-01-01T00:00:00.000000Z"

Match = tuple[str, tuple[str, str], str]
"""(leaf id, fact key, normalised value): how a re-extracted fact finds its recordings."""


@dataclass(frozen=True)
class RebuildReport:
    leaves: int
    """Leaf files read."""
    facts: int
    """Fact events in the new table."""
    matched: int
    """Facts that got their original id and record time from an audit recording."""
    replayed: int
    """Retract, review and supersede_leaf events (and leafless facts) from the event file."""
    pending: int
    """Facts recorded as waiting for review."""
    problems: tuple[tuple[str, str], ...] = ()
    """(where, why) of each leaf file or audit event that was skipped."""


@dataclass(frozen=True)
class AuditReplay:
    """What the audit log contributes to a rebuild."""

    recordings: Mapping[Match, tuple[tuple[str, str], ...]]
    """Per match, the (record time, fact id) of each recording, oldest first."""
    events: tuple[Mapping[str, Any], ...]
    audit: tuple[Mapping[str, Any], ...] = ()
    """Every audit record, oldest first."""


def _match(leaf_id: str, subject: str, attribute: str, value: str) -> Match:
    # a preference recorded as 'cafe vs te' is re-extracted as 'coffee vs tea': the same fact
    return leaf_id, fact_key(subject, pair_either_way(attribute)), normalise_words(value)


def line_replay(lines: Iterable[Mapping[str, Any]]) -> AuditReplay:
    """Collect recordings and replayable events from event-file lines (pure)."""
    recordings: dict[Match, list[tuple[str, str]]] = {}
    events: list[Mapping[str, Any]] = []
    seen: set[str] = set()
    audit: list[Mapping[str, Any]] = []
    for line in lines:
        audit.extend(records_of_line(line))
        for row in _listed(line.get("facts")):
            event = row.get("event") if isinstance(row, Mapping) else None
            if not isinstance(event, Mapping):
                continue
            if event.get("op") == "fact":
                try:
                    key = _match(str(event.get("source_leaf_id") or ""), str(event["subject"]),
                                 str(event["attribute"]), str(event["value"]))
                    recordings.setdefault(key, []).append((str(event["recorded_at"]),
                                                           str(event["fact_id"])))
                except KeyError:
                    continue
            if event.get("op") in EVENT_OPS and (event.get("op") != "fact"
                                                 or not event.get("source_leaf_id")):
                marker = repr(sorted(event.items(), key=lambda kv: kv[0]))
                if marker not in seen:
                    seen.add(marker)
                    events.append(dict(event))
    found = audit_replay(audit)
    for key, items in found.recordings.items():
        recordings.setdefault(key, []).extend(items)
    for event in found.events:
        marker = repr(sorted(event.items(), key=lambda kv: kv[0]))
        if marker not in seen:
            seen.add(marker)
            events.append(event)
    return AuditReplay({k: tuple(sorted(set(v))) for k, v in recordings.items()},
                       tuple(events), tuple(audit))


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def audit_replay(lines: Iterable[Mapping[str, Any]]) -> AuditReplay:
    """Collect recordings and replayable events from audit records (pure)."""
    recordings: dict[Match, list[tuple[str, str]]] = {}
    events: list[Mapping[str, Any]] = []
    seen: set[str] = set()
    for line in lines:
        for item in _listed(line.get("recorded")):
            if not isinstance(item, Mapping):
                continue
            try:
                key = _match(str(item["leaf_id"] or ""), str(item["subject"]),
                             str(item["attribute"]), str(item["value"]))
                recordings.setdefault(key, []).append((str(item["recorded_at"]),
                                                       str(item["fact_id"])))
            except KeyError:
                continue
        for event in _listed(line.get("events")):
            if isinstance(event, Mapping) and event.get("op") in EVENT_OPS:
                marker = repr(sorted(event.items(), key=lambda kv: kv[0]))
                if marker not in seen:
                    seen.add(marker)
                    events.append(dict(event))
    return AuditReplay({k: tuple(sorted(set(v))) for k, v in recordings.items()}, tuple(events))


def _stamp(*candidates: Any) -> str:
    for value in candidates:
        moment = parse_instant(value)
        if moment is not None:
            return moment.strftime(STAMP_FORMAT)
    return EPOCH


def entry_date(header: Mapping[str, Any]) -> dt.date | None:
    """The date ingest gave a PERSONAL/CLINICAL leaf's facts: its chunker-dated timestamp."""
    if str(header.get("data_type") or "").upper() not in DATED_TYPES:
        return None
    stamp = str(header.get("timestamp") or "")
    for tag in header.get("tags") or ():
        if isinstance(tag, str) and tag.startswith("date:"):
            day = tag[5:]
            if stamp == f"{day}T00:00:00Z":
                try:
                    return dt.date.fromisoformat(day)
                except ValueError:
                    return None
    return None


HEADER_READ = ("leaf_id", "agent", "session", "client_version", "origin", "domain", "scope",
               "source", "recorded_at", "ingested_at", "timestamp", "data_type")
"""The header fields a rebuild of the facts reads (``leaf_fact_events``, ``entry_date``,
``earlier_texts``), with the ``date:`` tags."""


def slim_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """What the rebuild reads of a leaf's header: every leaf's is held until the last is
    read (``earlier_texts`` needs them all), and the whole headers (keywords, entities,
    titles, checksums) were 300 MB of a rebuild's 750 MB peak at 50,000 memories."""
    slim = {key: header[key] for key in HEADER_READ if key in header}
    slim["tags"] = [tag for tag in header.get("tags") or ()
                    if isinstance(tag, str) and tag.startswith("date:")]
    return slim


def earlier_texts(leaves: list[tuple[Mapping[str, Any], str]]) -> dict[str, list[str]]:
    """For each leaf (header, text) that moves in naming no place or names someone
    (``context.reads_earlier``), the texts of up to ``EARLIER_TURNS`` leaves saved before it
    by the same agent from the same source, oldest first: the turns
    ``FactsActor._earlier_turns`` reads at save time (``CatalogReader.told_before``), so a
    rebuild finds the same home."""
    def thread(header: Mapping[str, Any]) -> tuple[str, str]:
        return str(header.get("agent") or ""), str(header.get("source") or "")

    out: dict[str, list[str]] = {}
    wanted = {thread(h) for h, text in leaves if reads_earlier(text)}
    if not wanted:
        return out
    told = sorted(((str(h.get("recorded_at") or ""), h, text) for h, text in leaves
                   if thread(h) in wanted and h.get("recorded_at")), key=lambda t: t[0])
    for index, (stamp, header, text) in enumerate(told):
        if reads_earlier(text):
            same = [t for s, h, t in told[:index] if thread(h) == thread(header) and s < stamp]
            out[str(header["leaf_id"])] = same[-EARLIER_TURNS:]
    return out


def leaf_fact_events(header: Mapping[str, Any], text: str,
                     recordings: Mapping[Match, tuple[tuple[str, str], ...]],
                     earlier: list[str] | None = None) -> tuple[list[dict[str, Any]], int]:
    """The fact events one leaf yields (``pending`` still False) and how many matched (pure);
    ``earlier``: the turns saved before it (``earlier_texts``)."""
    leaf_id = str(header["leaf_id"])
    by = {"agent": str(header.get("agent") or ""), "session": str(header.get("session") or ""),
          "client_version": str(header.get("client_version") or "")}
    common: dict[str, Any] = {"leaf_id": leaf_id, "recorded_by": by,
              "origin": str(header.get("origin") or "user"),
              "domain": str(header.get("domain") or ""), "scope": str(header.get("scope") or "")}
    fallback = _stamp(header.get("recorded_at"), header.get("ingested_at"),
                      header.get("timestamp"))
    out: list[dict[str, Any]] = []
    matched = 0
    for raw in extract_facts(text, data_type=str(header.get("data_type") or "GENERIC"),
                             entry_date=entry_date(header), earlier=earlier):
        cand = dataclasses.replace(raw, subject=scoped_subject(raw.subject, common["scope"],
                                                               raw.attribute))
        found = recordings.get(_match(leaf_id, cand.subject, cand.attribute, cand.value), ())
        if not found:
            out.append(fact_event(cand, recorded_at=fallback, **common))
            continue
        matched += len(found)
        for recorded_at, fact_id in found:
            out.append(fact_event(cand, recorded_at=recorded_at, fact_id=fact_id, **common))
    return out, matched


def pair_joins(events: Iterable[Mapping[str, Any]],
               recordings: Mapping[Match, tuple[tuple[str, str], ...]]
               ) -> tuple[list[dict[str, Any]], int]:
    """The fact events (and how many matched recordings) a single preference adds on the
    preference pairs its subject held before it (pure): what ``FactsActor._joined`` recorded
    at save time (``keys.pairs_joined``: "Ahora prefiero el café" after "Prefiero el té al
    café"), each with its recordings' ids and times, else the single preference's own time.
    A pair first told after the single preference is not joined, as it was not at save
    time."""
    first_told: dict[str, dict[str, str]] = {}
    singles: dict[tuple[str, str, str, str], Mapping[str, Any]] = {}
    for event in events:
        if event.get("op") != "fact" or not str(event.get("attribute")).startswith("preference:"):
            continue
        subject, attribute = fact_key(str(event["subject"]), str(event["attribute"]))
        stamp = str(event["recorded_at"])
        if " vs " in attribute:
            told = first_told.setdefault(subject, {})
            told[attribute] = min(stamp, told.get(attribute, stamp))
            continue
        single = (str(event.get("source_leaf_id") or ""), subject, attribute,
                  str(event["value"]))
        if single[0] and (single not in singles or stamp < str(singles[single]["recorded_at"])):
            singles[single] = event
    out: list[dict[str, Any]] = []
    matched = 0
    for (leaf_id, subject, attribute, value), event in singles.items():
        stamp = str(event["recorded_at"])
        held = [pair for pair, told in first_told.get(subject, {}).items() if told < stamp]
        for pair in pairs_joined(attribute, value, held):
            joined = {**event, "attribute": pair, "pending": False}
            found = recordings.get(_match(leaf_id, str(event["subject"]), pair, value), ())
            if not found:
                joined["fact_id"] = fact_id_for(leaf_id, str(event["subject"]), pair, value,
                                                stamp)
                out.append(joined)
            matched += len(found)
            out.extend({**joined, "recorded_at": recorded_at, "fact_id": fact_id}
                       for recorded_at, fact_id in found)
    return out, matched


def replay_in_record_order(events: Iterable[dict[str, Any]]) -> tuple[list[dict[str, Any]],
                                                                        list[str]]:
    """Order events as ``resolve`` replays them and decide each fact's ``pending`` (pure).

    Returns the events in record order and the reasons of those left out (no readable time, a
    duplicate fact id).
    """
    timed: list[tuple[tuple[dt.datetime, int, str], dict[str, Any]]] = []
    problems: list[str] = []
    for event in events:
        try:
            timed.append((event_order(event), event))
        except (ValueError, TypeError) as exc:
            problems.append(f"{event.get('op')} event skipped: {exc}")
    timed.sort(key=lambda item: item[0])
    index = FactIndex()
    ordered: list[dict[str, Any]] = []
    fact_ids: set[str] = set()
    for _order, event in timed:
        if event.get("op") == "fact":
            fact_id = str(event.get("fact_id"))
            if fact_id in fact_ids:
                problems.append(f"duplicate fact id {fact_id} skipped")
                continue
            fact_ids.add(fact_id)
            key = fact_key(str(event["subject"]), str(event["attribute"]))
            event["pending"] = decide_pending(index.slice([key]), event)
        index.add(event)
        ordered.append(event)
    return ordered, problems


def rebuild_facts(layout: StoreLayout, locks: LockManager, *, actor: str = "rebuild",
                  progress: ProgressFn = no_progress) -> RebuildReport:
    """Replace the facts table and the audit with those derived from leaves and event file."""
    problems: list[tuple[str, str]] = []
    with locks.hold_sync("facts", actor=actor):
        read = read_lines(layout.events_file, keys=("facts", "audit"))
        problems.extend((str(layout.events_file), f"line at byte {offset} is not JSON; skipped")
                        for offset in read.bad)
        problems.extend((str(layout.events_file), f"line {damaged.line} (from byte "
                         f"{damaged.offset}) is damaged ({damaged.why}); skipped, and what it "
                         "recorded is lost") for damaged in read.damaged)
        if read.torn_tail:
            problems.append((str(layout.events_file), f"the last line (from byte {read.end}) "
                             "was cut short by an interrupted write; skipped"))
        replay = line_replay(line.record for line in read.lines)
        read.lines.clear()  # what the replay keeps of them is in ``replay``
        events: list[dict[str, Any]] = []
        leaves: set[str] = set()
        matched = 0
        leaf_files = list(iter_leaf_files(layout))
        read_ok: list[tuple[Mapping[str, Any], str]] = []
        for done, path in enumerate(leaf_files):
            progress(done, len(leaf_files))
            try:
                leaf = read_leaf(path)
            except MalformedFile as exc:
                problems.append((str(path), exc.reason))
                continue
            read_ok.append((slim_header(leaf.header), leaf.text))
        earlier = earlier_texts(read_ok)
        for header, text in read_ok:
            leaves.add(str(header["leaf_id"]))
            found, hits = leaf_fact_events(header, text, replay.recordings,
                                           earlier.get(str(header["leaf_id"])))
            events.extend(found)
            matched += hits
        progress(len(leaf_files), len(leaf_files))
        # A fact event in the audit log is kept only when no leaf file can yield it again.
        replayed = [dict(e) for e in replay.events
                    if e.get("op") != "fact" or e.get("source_leaf_id") not in leaves]
        told = events + replayed
        joined, hits = pair_joins(told, replay.recordings)
        matched += hits
        ordered, skipped = replay_in_record_order(told + joined)
        problems.extend((str(Path(layout.events_file)), reason) for reason in skipped)
        engine = Engine(layout, rebuilding=True)
        try:
            with transaction(engine.connection(), layout.database) as tx:
                tx.replace_facts(fact_row(e) for e in ordered)
                tx.replace_audit(replay.audit)
                tx.clear_pending([])
                record_place(tx, layout.events_file, read.end)
        finally:
            engine.close()
    return RebuildReport(
        leaves=len(leaves), facts=sum(1 for e in ordered if e["op"] == "fact"),
        matched=matched, replayed=len(replayed),
        pending=sum(1 for e in ordered if e["op"] == "fact" and e["pending"]),
        problems=tuple(problems),
    )
