"""Deleting ``state/`` and rebuilding from the leaf files and the event file gives the live
answers: facts, retractions, reviews, supersessions and the audit."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from facts_runtime import TOOL, USER, audit_lines, history, journal_events, open_runtime, save

from actors.facts.messages import Retract, Review
from actors.facts.rebuild import entry_date, leaf_fact_events, line_replay
from actors.facts.timeline import resolve
from ihmt_async.maintenance import rebuild_store
from ihmt_async.runtime import Runtime
from store.locks import LockManager
from store.paths import StoreLayout

pytestmark = pytest.mark.anyio

SUBJECTS = ("user", "ana", "pablo", "luis")


async def _everything(rt: Runtime) -> dict[str, list[tuple[object, ...]]]:
    out = {}
    for subject in SUBJECTS:
        facts = await history(rt, subject=subject, attribute="")
        out[subject] = [(f.fact_id, f.attribute, f.value, f.status, f.valid_from, f.valid_to,
                         f.recorded_at, f.origin, f.agent, f.source_leaf_id) for f in facts]
    return out


async def _busy_store(home: Path) -> dict[str, list[tuple[object, ...]]]:
    async with open_runtime(home) as rt:
        await save(rt, "2025-03-10: I live in Madrid.")
        valencia = (await save(rt, "2026-05-01: I moved to Valencia.")).facts.new_facts[0]
        await rt.facts.ask(Retract(target=valencia.fact_id, reason="typo", provenance=USER))
        await save(rt, "2026-05-01: I moved to Valencia.")  # re-saved: current again
        await save(rt, "I work at Initech.")
        await save(rt, "2026-01-05: I work at Hooli.")
        await save(rt, "2024-06-01: Ana lives in Granada.")
        cadiz = (await save(rt, "Ana lives in Cádiz.")).leaf_ids[0]
        await rt.facts.ask(Retract(target=cadiz, reason="wrong person", provenance=USER))
        for city in ("Lisbon", "Porto", "Lisbon"):
            await save(rt, f"Pablo lives in {city}.")
        globex = (await save(rt, "I work at Globex.", origin="tool", prov=TOOL)).facts.pending
        await rt.facts.ask(Review(action="approve", fact_id=globex[0].fact_id))
        await save(rt, "Luis lives in Milano.")
        await save(rt, "Luis lives in Roma.", origin="tool", prov=TOOL)  # left pending
        await save(rt, "I prefer spaces for indentation.")
        tabs = (await save(rt, "I prefer tabs for indentation.", origin="tool",
                           prov=TOOL)).facts.pending
        await rt.facts.ask(Review(action="reject", fact_id=tabs[0].fact_id))
        # a single preference joins the pair told before it ('coffee vs tea' = 'el café')
        await save(rt, "Prefiero el té al café.")
        await save(rt, "Ahora prefiero el café.")
        old = (await save(rt, "Luis works at Acme.")).leaf_ids[0]
        await save(rt, "Luis works at Acme Corp.", supersedes=old)
        return await _everything(rt)


def _wipe_state(home: Path) -> None:
    """Delete ``state/`` entirely: the database, the locks, everything derived."""
    shutil.rmtree(home / "ihmt_memory" / "state")


async def test_rebuild_gives_the_same_timeline_as_the_live_store(home: Path) -> None:
    live = await _busy_store(home)
    live_events = journal_events(home)
    assert sorted((f[2], f[3]) for f in live["user"] if f[1] == "location") == [
        ("Madrid", "HISTORICAL"), ("Valencia", "ACTIVE"), ("Valencia", "RETRACTED")]
    live_audit = audit_lines(home)
    _wipe_state(home)
    layout = StoreLayout.at_home(home)
    report = rebuild_store(layout, LockManager(layout.locks_dir)).facts
    assert report.problems == ()
    assert audit_lines(home) == live_audit
    assert report.facts == sum(1 for e in live_events if e["op"] == "fact")
    assert report.matched == report.facts and report.pending == 3  # Globex, Roma, tabs
    assert report.replayed == sum(1 for e in live_events if e["op"] != "fact")
    async with open_runtime(home) as rt:
        rebuilt = await _everything(rt)
    assert rebuilt == live
    statuses = {(f[1], f[2]): f[3] for facts in rebuilt.values() for f in facts
                if f[2] != "Valencia"}
    assert statuses[("employer", "Globex")] == "ACTIVE"
    assert statuses[("location", "Roma")] == "PENDING"
    assert statuses[("preference:indentation", "tabs")] == "REJECTED"
    assert statuses[("location", "Cádiz")] == "RETRACTED"
    assert statuses[("preference:coffee vs tea", "el café")] == "ACTIVE"
    assert statuses[("preference:coffee vs tea", "el té")] == "HISTORICAL"
    assert sorted(f[3] for f in rebuilt["pablo"]) == ["ACTIVE", "HISTORICAL", "HISTORICAL"]
    a = resolve(live_events)
    b = resolve(journal_events(home))
    assert [(f.fact_id, f.status, f.pending) for f in a.all_facts()] == \
        [(f.fact_id, f.status, f.pending) for f in b.all_facts()]
    leaves = {f.source_leaf_id for f in a.all_facts()}
    assert {leaf: a.leaf_currency(leaf) for leaf in leaves} == \
        {leaf: b.leaf_currency(leaf) for leaf in leaves}


async def test_rebuild_from_leaves_alone_keeps_dated_answers(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "2026-05-01: I moved to Valencia.")
        await save(rt, "2025-03-10: I live in Madrid.")
        await save(rt, "2024-02-01: Vivo en Sevilla.")
        live = [(f.value, f.status, f.valid_to) for f in await history(rt)]
    _wipe_state(home)
    (home / "ihmt_memory" / "events.jsonl").unlink()
    layout = StoreLayout.at_home(home)
    report = rebuild_store(layout, LockManager(layout.locks_dir)).facts
    assert (report.facts, report.matched, report.replayed) == (3, 0, 0)
    async with open_runtime(home) as rt:
        facts = await history(rt)
        report_after = await save(rt, "I live in Paris.", origin="tool", prov=TOOL)
    assert [(f.value, f.status, f.valid_to) for f in facts] == live == [
        ("Sevilla", "HISTORICAL", "2025-03-10"), ("Madrid", "HISTORICAL", "2026-05-01"),
        ("Valencia", "ACTIVE", None)]
    assert all(f.origin == "user" and f.agent == "claude-code" for f in facts)
    assert report_after.facts.pending  # the rebuilt facts still count as the user's word


def test_leaf_events_take_the_entry_date_only_from_a_chunker_date() -> None:
    header = {"leaf_id": "L-personal-0000-aaaaaaaaaa", "data_type": "PERSONAL",
              "domain": "personal", "timestamp": "2025-03-10T00:00:00Z",
              "tags": ["entry", "date:2025-03-10"], "origin": "agent", "agent": "opencode",
              "session": "s-9", "recorded_at": "2026-01-02T03:04:05Z"}
    assert entry_date(header) == dt.date(2025, 3, 10)
    (event,), matched = leaf_fact_events(header, "Luego me mudé a Zaragoza.", {})
    assert matched == 0
    assert (event["value"], event["valid_from"], event["origin"]) == ("Zaragoza", "2025-03-10",
                                                                      "agent")
    assert event["recorded_at"] == "2026-01-02T03:04:05.000000Z"
    assert event["recorded_by"]["agent"] == "opencode" and event["source_leaf_id"] == \
        header["leaf_id"]
    # A caller tag is not a chunker date, and a GENERIC leaf never gets one.
    assert entry_date({**header, "timestamp": "2026-01-02T03:04:05Z"}) is None
    assert entry_date({**header, "data_type": "GENERIC"}) is None
    assert entry_date({**header, "data_type": "CLINICAL"}) == dt.date(2025, 3, 10)


def test_a_preference_recorded_in_its_spanish_words_keeps_its_id_when_re_keyed() -> None:
    """A store written before the sides of a Spanish preference were keyed in English holds
    'preference:cafe vs te'; a rebuild re-extracts 'preference:coffee vs tea' from the leaf and
    still finds the recording (id and record time), so a retraction or review of it holds."""
    leaf = "L-personal-0000-bbbbbbbbbb"
    header = {"leaf_id": leaf, "data_type": "PERSONAL", "domain": "personal",
              "timestamp": "2025-03-09T10:00:00Z", "recorded_at": "2026-01-02T03:04:05Z"}
    recorded = {"op": "fact", "fact_id": "F-old-tea", "source_leaf_id": leaf, "subject": "user",
                "attribute": "preference:cafe vs te", "value": "el té",
                "recorded_at": "2025-03-09T10:00:01.000000Z"}
    replay = line_replay([{"facts": [{"event": recorded}]}])
    (event,), matched = leaf_fact_events(header, "Prefiero el té al café.", replay.recordings)
    assert (event["attribute"], event["value"]) == ("preference:coffee vs tea", "el té")
    assert matched == 1
    assert (event["fact_id"], event["recorded_at"]) == ("F-old-tea",
                                                         "2025-03-09T10:00:01.000000Z")
