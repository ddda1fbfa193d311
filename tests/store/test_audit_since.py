"""``ihmt-async audit --since``: the records of the days asked are read from the database,
not every record of the store decoded to keep a few (50,000 at 50k memories)."""

from __future__ import annotations

import json
from pathlib import Path

from store import db
from store.audit import read_audit
from store.paths import StoreLayout


def test_only_the_days_asked_are_read(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    conn = db.connect(layout, create=True)
    assert conn is not None
    stamps = ("2026-03-01T23:59:59.000000Z", "2026-03-02T00:00:00.000000Z",
              "2026-03-02T08:00:00+09:00", "2026-03-03T10:00:00.000000Z")
    conn.execute("INSERT INTO audit(ts, action, record) VALUES ('2026-02-01T00:00:00.0Z', "
                 "'save', 'an old row no reader of later days decodes')")
    for n, stamp in enumerate(stamps):
        conn.execute("INSERT INTO audit(ts, action, record) VALUES (?, 'save', ?)",
                     (stamp, json.dumps({"ts": stamp, "action": "save", "ids": [f"L-{n}"]})))
    conn.close()
    assert [r["ts"] for r in read_audit(layout, "2026-03-02")] == list(stamps[1:])
    assert [r["ts"] for r in read_audit(layout, "2026-03-01")] == list(stamps)
    assert list(read_audit(layout, "2026-03-04")) == []
