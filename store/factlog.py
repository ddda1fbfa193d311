"""The facts table: every fact, retraction, review and explicit supersession, as events.

The timeline is derived from these events at read time (``actors.facts.timeline``), so the
table itself is append-only: recording a fact appends one line to ``state/facts.journal.jsonl``
under the ``facts`` lock; compaction folds the journal into ``state/facts.json``. A facts.json
written by IHMT (a ``facts`` list with statuses) loads as the equivalent fact events.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from store.errors import MalformedFile
from store.journal import Journal
from store.paths import StoreLayout

Events = list[dict[str, Any]]
EVENT_OPS = ("fact", "retract", "review", "supersede_leaf")


def _date_part(value: Any) -> str | None:
    if isinstance(value, str) and len(value) >= 10:
        return value[:10]
    return None


def event_from_ihmt_fact(fact: Mapping[str, Any], updated_at: str) -> dict[str, Any]:
    """An IHMT fact (subject, attribute, value, timestamp, source_leaf_id ...) as our event."""
    return {
        "op": "fact",
        "fact_id": str(fact.get("fact_id") or ""),
        "subject": str(fact.get("subject") or "user"),
        "attribute": str(fact.get("attribute") or ""),
        "value": str(fact.get("value") or ""),
        "valid_from": _date_part(fact.get("valid_from") or fact.get("timestamp")),
        "recorded_at": updated_at,
        "recorded_by": {"agent": "ihmt", "session": "", "client_version": ""},
        "origin": "user",
        "source_leaf_id": fact.get("source_leaf_id"),
        "domain": str(fact.get("domain") or ""),
        "scope": "",
        "pending": False,
    }


class FactsCodec:
    name = "facts"

    def empty(self) -> Events:
        return []

    def load_snapshot(self, data: Mapping[str, Any], path: Path) -> Events:
        if "events" in data:
            events = data["events"]
            if not isinstance(events, list):
                raise MalformedFile(path, "'events' is not a JSON list")
            return [dict(e) for e in events if isinstance(e, dict)]
        facts = data.get("facts", [])
        if not isinstance(facts, list):
            raise MalformedFile(path, "'facts' is not a JSON list")
        updated = str(data.get("updated_at") or "1970-01-01T00:00:00Z")
        return [event_from_ihmt_fact(f, updated) for f in facts if isinstance(f, dict)]

    def dump_snapshot(self, state: Events) -> dict[str, Any]:
        return {"events": state}

    def apply(self, state: Events, record: Mapping[str, Any]) -> None:
        if record.get("op") in EVENT_OPS:
            state.append(dict(record))


def open_facts(layout: StoreLayout) -> Journal[Events]:
    return Journal(layout.facts_snapshot, layout.facts_journal, FactsCodec())
