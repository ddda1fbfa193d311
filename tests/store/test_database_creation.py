"""The database is created whole or not at all, whoever opens it meanwhile.

A first save on a new store creates ``state/ihmt.sqlite3`` while other connections may open it
the moment it exists (other processes; this process's background vector load and catalog
reader). Each of them must see either no database or a complete one (WAL mode, current
schema): an empty file made the openers race to convert it, and one of them failed with
"database is locked" (a first CLI save on a new store did, in CI). Real threads, real files,
real SQLite; with the empty-file creation this failed in about one round in twelve.
"""

from __future__ import annotations

import threading
from pathlib import Path

from store import db
from store.atomic import TEMP_PREFIX
from store.paths import StoreLayout

ROUNDS = 100
READERS = 3


def _one_round(home: Path) -> list[str]:
    layout = StoreLayout.at_home(home)
    failures: list[str] = []
    start, stop = threading.Event(), threading.Event()

    def reader() -> None:
        start.wait()
        while not stop.is_set():
            try:
                conn = db.connect(layout, create=False)
                if conn is None:
                    continue  # not created yet: never a half-made database
                try:
                    mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
                    version = conn.execute("PRAGMA user_version").fetchone()[0]
                    conn.execute("SELECT count(*) FROM catalog").fetchone()
                finally:
                    conn.close()
                if (mode, version) != ("wal", db.SCHEMA_VERSION):
                    failures.append(f"reader saw journal mode {mode!r}, schema {version}")
                    return
            except db.StoreError as exc:
                failures.append(f"reader: {exc}")
                return

    threads = [threading.Thread(target=reader) for _ in range(READERS)]
    for thread in threads:
        thread.start()
    start.set()
    try:
        conn = db.connect(layout, create=True)
        assert conn is not None
        try:
            with db.transaction(conn, layout.database) as tx:
                tx.conn.execute("INSERT INTO meta(key, value) VALUES ('first', 'save')")
        finally:
            conn.close()
    except db.StoreError as exc:
        failures.append(f"creator: {exc}")
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    return failures


def test_readers_racing_the_creation_see_no_database_or_a_whole_one(tmp_path: Path) -> None:
    failures: list[str] = []
    for n in range(ROUNDS):
        failures += _one_round(tmp_path / f"store-{n}")
    assert failures == []
    state = StoreLayout.at_home(tmp_path / "store-0").database.parent
    assert [p.name for p in state.iterdir() if p.name.startswith(TEMP_PREFIX)] == []
    assert StoreLayout.at_home(tmp_path / "store-0").database.stat().st_mode & 0o777 == 0o600
