"""``ihmt-async export`` / ``import``: a store as one JSON-lines file, and back.

Export writes every memory with its full header (id, domain, scope, origin, provenance, dates)
and text, the fact events derived from them, and the audit lines that mention them. Leaf text
is stored redacted, so an export never holds a secret the store did not. ``--format markdown``
is for people to read, not to import.

Import writes the memories with their own ids (a memory already in the target is left alone,
so importing twice adds nothing), appends the audit lines the target does not have, and then
rebuilds the catalog and the facts from the leaves and the audit log, which is how retractions
and reviews come back. It also reads the MCP reference memory server's ``memory.jsonl``
(entities with observations, relations), saving one memory per entity and per relation.

It must never change a memory that exists in the target, and reads the store only through the
store's public readers.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import anyio

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.navigation.read_model import rebuild_fulltext
from actors.provenance import Provenance, new_session_id
from ihmt_async.maintenance import rebuild_store
from ihmt_async.runtime import Runtime, open_store
from store.audit import read_audit
from store.engine import Engine
from store.errors import InvalidArgument, MalformedFile
from store.factlog import FactEventsReader
from store.leaf_format import read_leaf
from store.leaves import write_leaf
from store.paths import StoreLayout
from store.tree_files import iter_leaf_files

FORMAT = "ihmt-async-export"
VERSION = 1
FORMATS = ("jsonl", "markdown")


def _admitted(scope: str, wanted: str | None) -> bool:
    return wanted in (None, "*") or scope == (wanted or "")


def memories(layout: StoreLayout, scope: str | None) -> Iterator[dict[str, Any]]:
    for path in iter_leaf_files(layout):
        try:
            leaf = read_leaf(path)
        except MalformedFile:
            continue
        header = dict(leaf.header)
        if _admitted(str(header.get("scope") or ""), scope):
            yield {"kind": "memory", "id": leaf.leaf_id, "header": header, "text": leaf.text}


def fact_events(layout: StoreLayout, ids: set[str]) -> list[dict[str, Any]]:
    reader = FactEventsReader(layout)
    try:
        events = reader.all_events()
    finally:
        reader.close()
    # the facts the memories told (and any told by no memory), then whatever names them
    told = _facts_of(event for event in events if not event.get("source_leaf_id")
                     or str(event["source_leaf_id"]) in ids)
    return [{"kind": "fact_event", **event} for event in events
            if not _named(event) or _named(event) & (ids | told)]


_NAMING = ("source_leaf_id", "leaf_id", "by_leaf_id", "target", "fact_id")
"""The fields by which a fact event names a memory or a fact."""


def _named(event: Mapping[str, Any]) -> set[str]:
    return {str(event[key]) for key in _NAMING if event.get(key)}


def audit_lines(layout: StoreLayout, ids: set[str]) -> list[dict[str, Any]]:
    """The audit records naming any of ``ids`` (memories and the facts told by them), and
    those naming nothing."""
    return [{"kind": "audit", "record": dict(record)} for record in read_audit(layout)
            if not record.get("ids") or ids.intersection(map(str, record.get("ids") or ()))]


def _facts_of(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The ids of the facts the exported memories told. The records of what was decided about
    them (a review's rejection, a fact's retraction) name the fact, not its memory, and an
    import's rebuild replays them only from those records: without them a rejected tool value
    came back waiting for review."""
    return {str(event["fact_id"]) for event in events
            if event.get("op") == "fact" and event.get("fact_id")}


def export_records(layout: StoreLayout, scope: str | None) -> Iterator[dict[str, Any]]:
    yield {"kind": FORMAT, "version": VERSION,
           "exported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
           "scope": scope or "*"}
    found = list(memories(layout, scope))
    ids = {m["id"] for m in found}
    events = fact_events(layout, ids)
    yield from found
    yield from events
    yield from audit_lines(layout, ids | _facts_of(events))


def write_jsonl(records: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    count = 0
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        count += record.get("kind") == "memory"
    return count


def write_markdown(records: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    count = 0
    for record in records:
        if record.get("kind") == FORMAT:
            out.write(f"# ihmt-async export ({record['exported_at']})\n\n")
        elif record.get("kind") == "memory":
            header = record["header"]
            date = str(header.get("timestamp") or header.get("recorded_at") or "")[:10]
            where = ", ".join(x for x in (str(header.get("domain") or ""),
                                          str(header.get("scope") or "")) if x)
            out.write(f"## {record['id']} · {date} ({where})\n\n{record['text'].strip()}\n\n")
            count += 1
    return count


@dataclass
class ImportSummary:
    memories_added: int = 0
    memories_present: int = 0
    audit_added: int = 0
    saved_from_mcp_memory: int = 0
    from_mcp_memory: bool = False

    def as_json(self) -> dict[str, int | bool]:
        return dict(self.__dict__)

    def line(self) -> str:
        if self.from_mcp_memory:
            return (f"Imported {self.saved_from_mcp_memory} memories from the MCP memory "
                    f"server's file ({self.memories_present} were already here).")
        return (f"Imported {self.memories_added} memories ({self.memories_present} were "
                f"already here) and {self.audit_added} audit line(s); catalog and facts "
                "rebuilt.")


def _records(path: Path) -> list[dict[str, Any]]:
    records = []
    try:
        with path.expanduser().open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    raise InvalidArgument(f"{path}:{number} is not a JSON line; nothing was "
                                          "imported.") from None
                if isinstance(record, dict):
                    records.append(record)
    except UnicodeDecodeError:
        raise InvalidArgument(f"{path} is not UTF-8 text (an export is JSON lines); nothing "
                              "was imported.") from None
    except OSError as exc:
        raise InvalidArgument(f"{path} cannot be read ({exc.strerror or exc}); nothing was "
                              "imported.") from None
    return records


def _audit_key(record: Mapping[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, ensure_ascii=False)


async def import_file(home: str | None, path: Path) -> ImportSummary:
    records = await anyio.to_thread.run_sync(_records, path)
    if records and records[0].get("kind") == FORMAT:
        return await _import_export(home, records)
    if records and all(r.get("type") in ("entity", "relation") for r in records):
        return await _import_mcp_memory(home, records, path)
    raise InvalidArgument(f"{path} is neither an ihmt-async export nor an MCP memory server "
                          "memory.jsonl; nothing was imported.")


async def _import_export(home: str | None, records: list[dict[str, Any]]) -> ImportSummary:
    summary = ImportSummary()
    store = open_store(home)
    layout = store.layout

    def write_all() -> None:
        present = {p.stem for p in iter_leaf_files(layout)}
        for record in records:
            if record.get("kind") != "memory":
                continue
            header, text = record.get("header"), record.get("text")
            if not isinstance(header, dict) or not isinstance(text, str):
                continue
            if str(header.get("leaf_id")) in present:
                summary.memories_present += 1
                continue
            write_leaf(layout, header, text)
            present.add(str(header["leaf_id"]))
            summary.memories_added += 1
        known = {_audit_key(r) for r in read_audit(layout)}
        new: list[dict[str, Any]] = []
        for record in records:
            line = record.get("record")
            if record.get("kind") == "audit" and isinstance(line, dict) \
                    and _audit_key(line) not in known:
                new.append(line)
                known.add(_audit_key(line))
        if new:
            # Into the event file and the audit table in one commit; the rebuild below
            # replays the retractions and reviews these lines carry.
            engine = Engine(layout)
            try:
                with store.locks.hold_sync("facts", actor="import"):
                    engine.commit(audit=new)
            finally:
                engine.close()
        summary.audit_added = len(new)
        rebuild_store(layout, store.locks, actor="import")
        rebuild_fulltext(layout, store.locks)

    await anyio.to_thread.run_sync(write_all)
    async with Runtime(home, background_consolidation=False) as rt:
        await rt.consolidation.ask(Flush(force=False))
    return summary


def mcp_memory_texts(records: Iterable[Mapping[str, Any]]) -> list[str]:
    """One self-contained text per entity (its observations) and per relation."""
    texts = []
    for record in records:
        if record.get("type") == "entity":
            observations = [str(o).strip().rstrip(".") for o in record.get("observations", [])
                            if str(o).strip()]
            kind = str(record.get("entityType") or "").strip()
            name = str(record.get("name") or "").strip()
            if name and observations:
                texts.append(f"{name}{f' ({kind})' if kind else ''}: "
                             + ". ".join(observations) + ".")
        elif record.get("type") == "relation":
            source, target = str(record.get("from") or ""), str(record.get("to") or "")
            relation = str(record.get("relationType") or "").replace("_", " ").strip()
            if source and target and relation:
                texts.append(f"{source} {relation} {target}.")
    return texts


async def _import_mcp_memory(home: str | None, records: list[dict[str, Any]], path: Path
                             ) -> ImportSummary:
    summary = ImportSummary(from_mcp_memory=True)
    provenance = Provenance(agent="mcp-memory-import", client_version="",
                            session=new_session_id())
    async with Runtime(home, provenance=provenance, background_consolidation=False) as rt:
        for text in mcp_memory_texts(records):
            result = await rt.ingest.ask(Save(content=text, origin="agent",
                                              provenance=provenance,
                                              source=f"mcp-memory:{path.name}"))
            if set(result.repeated) == set(result.leaf_ids):
                summary.memories_present += 1
            else:
                summary.saved_from_mcp_memory += 1
        await rt.consolidation.ask(Flush(force=False))
    return summary
