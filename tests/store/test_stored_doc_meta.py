"""A cached stored document keeps its metadata as the stored bytes (``StoredDoc``): each
``meta`` is decoded anew, only the length every scoring reads is kept decoded. The documents
stay cached long after their metadata was read once (the leaf view keeps its own
``LeafMeta``), and a decoded dict kept beside each was ~4.6 KB against ~1 KB of bytes."""

from __future__ import annotations

import json

from store.fulltext import StoredDoc

META = {"domain": "software", "title": "Kafka for background jobs", "scope": "",
        "keywords": ["kafka", "jobs"], "tags": ["lang:en", "date:2023-06-27"], "_length": 95.0}


def test_the_metadata_is_decoded_for_each_reader_and_not_kept() -> None:
    doc = StoredDoc("L-1", "kafka kafka job background", json.dumps(META).encode())
    first = doc.meta
    assert first == META
    assert doc.meta is not first  # a dict of the caller's own, not one kept by the document
    assert doc.length == 95.0
    assert doc.length == 95.0  # kept decoded: read by every scoring


def test_a_document_without_metadata_has_none_and_no_length() -> None:
    doc = StoredDoc("L-2", "note", b"")
    assert doc.meta == {}
    assert doc.length == 0.0
