"""A database made before ``catalog_turns`` existed gains it from the first connection that can
write it, and loses ``catalog_told`` it replaced (the schema version unchanged, so older
programs read it as before); it is still read as it is on a read-only store."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from store import db
from store.catalog import CatalogReader
from store.paths import StoreLayout


def _version_one(layout: StoreLayout) -> None:
    """A store of the last session: the same tables, with the index it had instead."""
    conn = db.connect(layout, create=True)
    assert conn is not None
    conn.executescript("DROP INDEX catalog_turns; "
                       "CREATE INDEX catalog_told ON catalog(agent, recorded_at);")
    conn.execute("INSERT INTO catalog (id, kind, layer, domain, path, agent, recorded_at, seq) "
                 "VALUES ('L-a', 'leaf', 0, 'general', 'a', 'chat', '2026-01-01T10:00:00Z', 1),"
                 " ('L-b', 'leaf', 0, 'general', 'b', 'chat', '2026-01-01T10:00:05Z', 2),"
                 " ('L-c', 'leaf', 0, 'general', 'c', 'other', '2026-01-01T10:00:03Z', 3)")
    conn.close()


def _indexes(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master "
                                               "WHERE type = 'index'")}


def _told_after(reader: CatalogReader, entry: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The leaf the same agent saved next from the same source (``told_around``'s later side)."""
    after = [row for row in reader.told_around(entry, 1)
             if str(row["recorded_at"]) > str(entry["recorded_at"])]
    return after[0] if after else None


def test_an_older_database_gains_the_index(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    _version_one(layout)
    assert "catalog_turns" not in _indexes(layout.database)
    reader = CatalogReader(layout)
    first = reader.get("L-a")
    assert first is not None
    after = _told_after(reader, first)  # the same agent's next save, not another agent's
    assert after is not None and after["id"] == "L-b"
    assert {"catalog_turns"} <= _indexes(layout.database)
    assert "catalog_told" not in _indexes(layout.database)  # replaced, dropped
    with sqlite3.connect(layout.database) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION == 1
    last = reader.get("L-b")
    assert last is not None and _told_after(reader, last) is None


def test_a_read_only_older_store_is_read_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = StoreLayout.at_home(tmp_path)
    _version_one(layout)
    real_access = os.access
    # the store's folder cannot be written (as the tests run as root, say so to the check)
    monkeypatch.setattr(db.os, "access", lambda path, mode: mode != os.W_OK
                        and real_access(path, mode))
    reader = CatalogReader(layout)
    first = reader.get("L-a")
    assert first is not None
    after = _told_after(reader, first)  # without the index: a scan, the same answer
    assert after is not None and after["id"] == "L-b"
    assert "catalog_turns" not in _indexes(layout.database)


def test_the_next_turn_is_an_index_seek_whatever_the_sources(tmp_path: Path) -> None:
    # every save of its own source (files ingested one by one): the look-up seeks, it does
    # not walk the agent's later saves
    layout = StoreLayout.at_home(tmp_path)
    conn = db.connect(layout, create=True)
    assert conn is not None
    plan = " ".join(str(row[3]) for row in conn.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM catalog WHERE agent IS ? AND source IS ? "
        "AND recorded_at > ? AND kind = 'leaf' ORDER BY agent, source, recorded_at LIMIT 1",
        ("a", "s", "2026")))
    conn.close()
    assert "catalog_turns (agent=? AND source=? AND recorded_at>?)" in plan


def test_a_pass_reads_only_the_columns_it_names(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    _version_one(layout)
    reader = CatalogReader(layout)
    rows = reader.entries(("id", "kind", "domain"))
    assert rows["L-a"] == {"id": "L-a", "kind": "leaf", "domain": "general"}
    assert rows["L-a"]["kind"] is rows["L-b"]["kind"]  # a shared value is held once
    assert set(reader.entries()["L-a"]) == set(db.CATALOG_FIELDS)
    with pytest.raises(ValueError):
        reader.entries(("kind", "id"))


def test_an_older_database_gains_the_brief_and_source_indexes(tmp_path: Path) -> None:
    """A store made before ``catalog_recent`` / ``catalog_source`` gains them on open, and
    its newest memories of a scope and a file's memories are then seeks, not scans."""
    layout = StoreLayout.at_home(tmp_path)
    _version_one(layout)
    conn = sqlite3.connect(layout.database)
    conn.executescript("DROP INDEX catalog_recent; DROP INDEX catalog_source;")
    conn.execute("UPDATE catalog SET scope = 'project:x', source = 'a.md' WHERE id != 'L-c'")
    conn.commit()
    conn.close()
    assert not {"catalog_recent", "catalog_source"} & _indexes(layout.database)
    reader = CatalogReader(layout)
    assert reader.newest_leaves("project:x", 5) == ["L-b", "L-a"]
    assert reader.newest_leaves("project:x", 5, skip=1) == ["L-a"]
    assert reader.newest_leaves("project", 5) == []  # the scope exact
    assert reader.leaves_from("a.md") == ["L-a", "L-b"]
    assert {"catalog_recent", "catalog_source"} <= _indexes(layout.database)
    with sqlite3.connect(layout.database) as conn:
        recent = " ".join(str(row[3]) for row in conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM catalog WHERE kind = 'leaf' AND scope = ? "
            "ORDER BY recorded_at DESC, id LIMIT 4", ("project:x",)))
        source = " ".join(str(row[3]) for row in conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM catalog WHERE source = ? AND kind = 'leaf' "
            "ORDER BY id", ("a.md",)))
    assert "catalog_recent (kind=? AND scope=?)" in recent and "SCAN catalog" not in recent
    assert "catalog_source (source=? AND kind=?)" in source
