"""The vector table's kept connection: opened once for its owner's many calls (every save read
and wrote a few rows, each call opening a connection of its own), opened again after a call
that failed, and never creating a store by reading."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from store import vectors
from store.paths import StoreLayout
from store.vectors import VectorTable


def counting_connect(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    opened: list[int] = []
    original = vectors.connect

    def connect(layout: StoreLayout, *, create: bool) -> sqlite3.Connection | None:
        conn = original(layout, create=create)
        if conn is not None:
            opened.append(1)
        return conn

    monkeypatch.setattr(vectors, "connect", connect)
    return opened


def test_one_connection_serves_every_call(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    layout = StoreLayout.at_home(tmp_path)
    opened = counting_connect(monkeypatch)
    table = VectorTable(layout)
    assert table.read("m", ["L-a"]) == [] and not layout.database.exists()
    table.put("m", [("L-a", b"\1" * 8), ("L-b", b"\2" * 8)])
    assert dict(table.read("m", ["L-a"])) == {"L-a": b"\1" * 8}
    assert table.count("m") == 2 and table.embedded_ids("m") == {"L-a", "L-b"}
    with table.scanning("m") as (count, rows):
        assert count == 2 and len(list(rows)) == 2
    assert len(opened) == 1
    table.close()
    assert table.count("m") == 2 and len(opened) == 2  # closed: the next call opens again


def test_a_failed_call_leaves_no_broken_connection_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = StoreLayout.at_home(tmp_path)
    table = VectorTable(layout)
    table.put("m", [("L-a", b"\1" * 8)])
    opened = counting_connect(monkeypatch)
    with pytest.raises(RuntimeError), table.scanning("m"):
        raise RuntimeError("the caller failed mid-read")
    assert table.count("m") == 1 and len(opened) == 1  # a fresh connection, no open transaction
    table.close()
