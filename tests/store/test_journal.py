"""The snapshot + journal table: incremental readers, compaction, torn lines, IHMT snapshots."""

from __future__ import annotations

import json
import os

from store.catalog import delete, open_catalog, patch, put
from store.factlog import open_facts
from store.paths import StoreLayout


def entry(i: int) -> dict[str, object]:
    return {"id": f"L-t-{i:04d}", "kind": "leaf", "layer": 0, "domain": "t", "title": f"n{i}"}


def test_reader_takes_in_only_what_is_new(layout: StoreLayout) -> None:
    writer, reader = open_catalog(layout), open_catalog(layout)
    writer.append([put(entry(9))])
    assert reader.refresh().reloaded  # the first look reads everything
    writer.append([put(entry(i)) for i in range(3)])
    got = reader.refresh()
    assert not got.reloaded and [r["entry"]["id"] for r in got.records] == \
        ["L-t-0000", "L-t-0001", "L-t-0002"]
    assert reader.refresh().records == ()
    writer.append([patch("L-t-0001", title="nuevo"), delete("L-t-0002")])
    reader.refresh()
    assert reader.state == writer.state
    assert reader.state["L-t-0001"]["title"] == "nuevo" and "L-t-0002" not in reader.state


def test_append_returns_everything_it_took_in(layout: StoreLayout) -> None:
    mine, other = open_catalog(layout), open_catalog(layout)
    mine.refresh()
    other.append([put(entry(1))])
    got = mine.append([put(entry(2))])
    assert [r["entry"]["id"] for r in got.records] == ["L-t-0001", "L-t-0002"]


def test_compaction_is_seen_as_a_reload(layout: StoreLayout) -> None:
    writer, reader = open_catalog(layout), open_catalog(layout)
    writer.append([put(entry(i)) for i in range(5)])
    reader.refresh()
    writer.compact()
    writer.append([put(entry(5))])
    got = reader.refresh()
    assert got.reloaded and reader.state == writer.state and len(reader.state) == 6
    snapshot = json.loads(layout.catalog_snapshot.read_text(encoding="utf-8"))
    header = json.loads(layout.catalog_journal.read_text(encoding="utf-8").splitlines()[0])
    assert snapshot["generation"] == header["generation"] == reader.generation


def test_reader_that_slept_through_compactions_whose_journal_reused_its_inode(
        layout: StoreLayout) -> None:
    """ext4 recycles a compacted-away journal's inode; a reader must not trust it alone."""
    writer = open_catalog(layout)
    writer.append([put(entry(i)) for i in range(5)])
    reader = open_catalog(layout)
    reader.refresh()
    inode, offset = os.stat(layout.catalog_journal).st_ino, reader.journal_size()
    n = 5
    for _ in range(3):  # here ext4 usually hands the first journal's inode back by now
        writer.compact()
        writer.append([put(entry(n + j)) for j in range(10)])
        n += 10
    st = os.stat(layout.catalog_journal)
    assert st.st_size > offset
    if st.st_ino != inode:
        # Other files took the inode this time: put the reader in the same position by hand.
        reader._inode = st.st_ino
    reader.refresh()
    assert reader.skipped_lines == 0
    assert reader.state == writer.state and len(reader.state) == n


def test_torn_line_is_skipped_and_fenced(layout: StoreLayout) -> None:
    writer = open_catalog(layout)
    writer.append([put(entry(1))])
    reader = open_catalog(layout)
    reader.refresh()
    with open(layout.catalog_journal, "ab") as handle:  # a writer killed mid-line
        handle.write(b'{"op":"put","entry":{"id":"L-t-torn"')
    assert reader.refresh().records == ()  # an incomplete line is not read yet
    other = open_catalog(layout)
    other.append([put(entry(2))])
    reader.refresh()
    fresh = open_catalog(layout)
    fresh.refresh()
    for view in (reader, fresh):
        assert set(view.state) == {"L-t-0001", "L-t-0002"}
        assert view.skipped_lines == 1
    lines = layout.catalog_journal.read_bytes().split(b"\n")
    assert lines[-1] == b"" and b'"L-t-torn"' in lines[-3]


def test_ihmt_facts_snapshot_loads_as_events(ihmt_copy: StoreLayout) -> None:
    facts = open_facts(ihmt_copy)
    facts.refresh()
    raw = json.loads(ihmt_copy.facts_snapshot.read_text(encoding="utf-8"))
    assert len(facts.state) == len(raw["facts"]) == 14
    assert all(e["op"] == "fact" and e["attribute"] for e in facts.state)
    facts.append([{"op": "fact", "fact_id": "F-new", "subject": "user", "attribute": "city",
                   "value": "Sevilla"}])
    again = open_facts(ihmt_copy)
    again.refresh()
    assert len(again.state) == 15 and again.state[-1]["value"] == "Sevilla"
