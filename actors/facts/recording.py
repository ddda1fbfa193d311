"""The rules of recording one fact event, shared by the fact actor and the facts rebuild.

Both must build the same event for the same statement and decide ``pending`` the same way, or a
rebuilt table would disagree with the live one; so both call these functions. Pure: no I/O, no
clock except ``record_stamps``, which is the one place a record time is minted.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from actors.facts.timeline import fact_id_for, resolve

if TYPE_CHECKING:
    from actors.facts.patterns import FactCandidate

STAMP_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def record_stamps(count: int, after: dt.datetime | None = None) -> list[str]:
    """Distinct, increasing record times for one request, all later than ``after``.

    ``after`` is the latest record time already in the table: taken inside the facts lock, this
    keeps record order equal to lock order even when the wall clock steps back.
    """
    base = dt.datetime.now(dt.UTC)
    if after is not None and base <= after:
        base = after + dt.timedelta(microseconds=1)
    return [(base + dt.timedelta(microseconds=i)).strftime(STAMP_FORMAT) for i in range(count)]


def fact_event(candidate: FactCandidate, *, leaf_id: str, recorded_at: str,
               recorded_by: Mapping[str, Any], origin: str, domain: str, scope: str,
               fact_id: str | None = None) -> dict[str, Any]:
    """The journal event of one extracted fact (``pending`` is decided afterwards)."""
    return {
        "op": "fact",
        "fact_id": fact_id or fact_id_for(leaf_id, candidate.subject, candidate.attribute,
                                          candidate.value, recorded_at),
        "subject": candidate.subject, "attribute": candidate.attribute,
        "value": candidate.value,
        "valid_from": candidate.valid_from.isoformat() if candidate.valid_from else None,
        "recorded_at": recorded_at,
        "recorded_by": dict(recorded_by), "origin": origin,
        "source_leaf_id": leaf_id, "domain": domain, "scope": scope,
        "pending": False,
    }


def decide_pending(prior: Sequence[Mapping[str, Any]], event: Mapping[str, Any]) -> bool:
    """Whether a new fact waits for review, given the events of its key recorded before it.

    A tool-origin value that would displace the current user-origin value waits
    (``Timeline.would_supersede_user_fact``); anything else is recorded as it comes.
    """
    if event.get("origin") != "tool":
        return False
    timeline = resolve(prior)
    return timeline.would_supersede_user_fact(
        str(event["subject"]), str(event["attribute"]), str(event["value"]), "tool",
        event.get("valid_from")) is not None


def recorded_entry(event: Mapping[str, Any]) -> dict[str, Any]:
    """What an audit line keeps of a recorded fact: enough for a rebuild to give the fact,
    re-extracted from its leaf, its original id and record time."""
    return {"fact_id": event["fact_id"], "leaf_id": event.get("source_leaf_id"),
            "subject": event["subject"], "attribute": event["attribute"],
            "value": event["value"], "recorded_at": event["recorded_at"]}
