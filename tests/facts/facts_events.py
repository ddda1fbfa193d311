"""Builders for facts-journal events used by the fact tests (plain dicts, as stored)."""

from __future__ import annotations

from typing import Any

from actors.facts.timeline import fact_id_for

BY = {"agent": "test-agent", "session": "s-1", "client_version": "0"}


def stamp(day: str, seq: int = 0) -> str:
    """An ISO UTC record time on ``day``; ``seq`` orders several recordings within the day."""
    return f"{day}T10:00:{seq:02d}.000000Z"


def fact(
    value: str,
    recorded_at: str,
    *,
    valid_from: str | None = None,
    subject: str = "user",
    attribute: str = "location",
    leaf: str | None = None,
    origin: str = "user",
    pending: bool = False,
) -> dict[str, Any]:
    leaf_id = leaf if leaf is not None else f"L-{value.lower()}-{recorded_at[:10]}"
    return {
        "op": "fact",
        "fact_id": fact_id_for(leaf_id, subject, attribute, value, recorded_at),
        "subject": subject,
        "attribute": attribute,
        "value": value,
        "valid_from": valid_from,
        "recorded_at": recorded_at,
        "recorded_by": dict(BY),
        "origin": origin,
        "source_leaf_id": leaf_id,
        "domain": "personal",
        "scope": "",
        "pending": pending,
    }


def retract(target: str, at: str, *, kind: str = "fact", reason: str = "wrong") -> dict[str, Any]:
    return {"op": "retract", "target": target, "kind": kind, "reason": reason, "at": at, "by": BY}


def review(fact_id: str, decision: str, at: str) -> dict[str, Any]:
    return {"op": "review", "fact_id": fact_id, "decision": decision, "at": at, "by": BY}


def supersede_leaf(leaf_id: str, by_leaf_id: str, at: str) -> dict[str, Any]:
    return {"op": "supersede_leaf", "leaf_id": leaf_id, "by_leaf_id": by_leaf_id, "at": at,
            "by": BY}
