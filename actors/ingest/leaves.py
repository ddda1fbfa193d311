"""Leaf headers from chunks: ids, titles, tags, keywords, provenance. Pure.

Leaf ids hash the source, the position and the content, so the same text from the same source
is the same leaf however often it is saved.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from actors.ingest.types import Chunk, Detection
from actors.provenance import Provenance
from actors.text import entities, estimate_tokens, keywords, shorten, unique
from store.leaf_ids import leaf_id_for, text_checksum

KEYWORDS_PER_LEAF = 14
ENTITIES_PER_LEAF = 12


def utc_stamp(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def title_for(chunk: Chunk, text: str) -> str:
    title = chunk.title.strip() if chunk.title else ""
    if not title:
        title = shorten(text.strip().splitlines()[0] if text.strip() else "", 80)
    return shorten(title, 120)


def build_header(
    *,
    chunk: Chunk,
    order: int,
    detection: Detection,
    domain: str,
    source: str,
    provenance: Provenance,
    scope: str,
    origin: str,
    caller_tags: tuple[str, ...],
    now: dt.datetime,
    type_given: bool,
    salt: str = "",
    identity: str | None = None,
) -> dict[str, Any]:
    """The full IHMT-compatible header of one new leaf, plus our fields. ``identity`` is the
    source the leaf id hashes when it is not ``source`` itself: a note's text is the same
    memory whichever agent saves it, though the header keeps who did."""
    text = chunk.text
    stamp = utc_stamp(now)
    timestamp = f"{chunk.timestamp.isoformat()}T00:00:00Z" if chunk.timestamp else stamp
    tags = [f"type:{detection.data_type.value.lower()}", f"domain:{domain}",
            f"lang:{detection.lang}"]
    if detection.language:
        tags.append(f"language:{detection.language}")
    if chunk.timestamp:
        tags.append(f"date:{chunk.timestamp.isoformat()}")
    if chunk.kind:
        tags.insert(0, chunk.kind)
    tags.append(f"source:{provenance.agent}")
    if scope:
        tags.append(f"scope:{scope}")
    tags.extend(caller_tags)
    extra: dict[str, Any] = {
        "chunker": detection.data_type.value.lower(),
        "block_kind": chunk.kind,
        "blocks": chunk.block_count,
        "detection_confidence": round(detection.confidence, 3),
        "type_given": type_given,
    }
    if chunk.symbol:
        extra["symbol"] = chunk.symbol
    if chunk.oversize_reason:
        extra["oversize_reason"] = chunk.oversize_reason
    return {
        "leaf_id": leaf_id_for(domain, source if identity is None else identity, order, text,
                               scope, salt),
        "schema_version": 1,
        "timestamp": timestamp,
        "ingested_at": stamp,
        "data_type": detection.data_type.value,
        "domain": domain,
        "title": title_for(chunk, text),
        "tags": unique(tags),
        "keywords": keywords(text, KEYWORDS_PER_LEAF),
        "entities": entities(text, ENTITIES_PER_LEAF),
        "parent_id": None,
        "source": source,
        "span": {"start_line": chunk.start_line, "end_line": chunk.end_line},
        "order_index": order,
        "token_estimate": estimate_tokens(text),
        "checksum": text_checksum(text),
        "oversized": chunk.oversized,
        "status": "ACTIVE",
        "superseded_by": None,
        "extra": extra,
        "scope": scope,
        "origin": origin,
        "agent": provenance.agent,
        "session": provenance.session,
        "client_version": provenance.client_version,
        "recorded_at": now.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    }
