"""Background consolidation: saves trigger a pass after the quiet period, with no Flush;
a pass skipped because another holder had the lock is tried again; a save never waits
for a pass. Every wait is a condition polled under ``anyio.fail_after``."""

from __future__ import annotations

import contextlib

import anyio
import pytest
import structlog
from consolidation_store import build_leaves, check_tree, note_text, read_entries, unique_words

from actors.consolidation.actor import ConsolidationActor
from actors.consolidation.messages import Flush, Nudge
from actors.ingest.messages import Save
from actors.navigation.messages import Search
from actors.provenance import Provenance
from ihmt_async.runtime import ActorSystem, OpenedStore, Runtime
from store.config import with_overrides
from store.locks import LockManager, is_held

pytestmark = pytest.mark.anyio

WHO = Provenance(agent="test-background", session="s3")
POLL_S = 0.01


def nodes_over(opened: OpenedStore, ids: list[str]) -> set[str]:
    entries = read_entries(opened.layout)
    return {str(entries[i]["parent_id"]) for i in ids if entries[i].get("parent_id")}


async def save_group(rt: Runtime, count: int, start: int = 0) -> list[str]:
    ids = []
    for n in range(start, start + count):
        result = await rt.ingest.ask(Save(content=note_text(n), domain="work", provenance=WHO))
        ids.extend(result.leaf_ids)
    return ids


async def wait_until(condition: object, timeout_s: float = 15.0) -> None:
    with anyio.fail_after(timeout_s):
        while not condition():  # type: ignore[operator]
            await anyio.sleep(POLL_S)


async def test_saves_alone_trigger_a_pass_after_the_quiet_period(
        opened: OpenedStore, quiet_s: float) -> None:
    factor = opened.settings.branch_factor
    async with Runtime(opened.layout.home, background_consolidation=True) as rt:
        assert rt.settings.consolidation_quiet_s == quiet_s
        ids = await save_group(rt, factor)
        await wait_until(lambda: len(nodes_over(opened, ids)) == 1 and rt.consolidation.passes)
        assert rt.consolidation.passes >= 1
    report = check_tree(opened.layout)
    assert set(ids) <= report.parents.keys()


async def test_leaves_others_left_unfiled_get_a_pass_without_a_save(
        opened: OpenedStore, quiet_s: float) -> None:
    """Processes that saved and stopped within their quiet time (or CLI saves, which run no
    pass) left their leaves out of the tree: a server started later, which saves nothing,
    never filed them (4 servers x 50 saves: 220 unfiled after 40 idle seconds)."""
    factor = opened.settings.branch_factor
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        ids = await save_group(rt, factor)
    assert not nodes_over(opened, ids)
    async with Runtime(opened.layout.home, background_consolidation=True) as rt:
        await wait_until(lambda: len(nodes_over(opened, ids)) == 1 and rt.consolidation.passes)
    assert set(ids) <= check_tree(opened.layout).parents.keys()


async def test_a_pass_skipped_for_a_busy_lock_is_tried_again(
        opened: OpenedStore, quiet_s: float) -> None:
    factor = opened.settings.branch_factor
    other = LockManager(opened.layout.locks_dir)  # another holder: a second descriptor
    with structlog.testing.capture_logs() as logs:
        async with Runtime(opened.layout.home, background_consolidation=True) as rt:
            async with other.hold("consolidation", actor="someone-else"):
                ids = await save_group(rt, factor)
                await wait_until(lambda: any(e["event"] == "consolidation.skipped"
                                             for e in logs))
                assert not nodes_over(opened, ids)
            await wait_until(lambda: len(nodes_over(opened, ids)) == 1)
    check_tree(opened.layout)


async def test_a_save_does_not_wait_for_a_running_pass(
        opened: OpenedStore, quiet_s: float) -> None:
    """Hold root.json's lock so a background pass stalls half-way; saves still complete,
    and are found, while that pass provably runs."""
    factor = opened.settings.branch_factor
    other = LockManager(opened.layout.locks_dir)
    consolidating = opened.layout.lock_file("consolidation")
    ids = build_leaves(opened.layout, opened.locks, factor, domains=("work",))
    # root.json's lock is taken before the start: the start itself schedules a pass over the
    # unfiled leaves, which could otherwise write root.json before the staller holds it
    stall = contextlib.AsyncExitStack()
    await stall.enter_async_context(other.hold("root", actor="staller"))
    try:
        async with Runtime(opened.layout.home, background_consolidation=True) as rt:
            await rt.consolidation.tell(Nudge(count=factor))
            await wait_until(lambda: len(nodes_over(opened, ids)) == 1)
            later = await save_group(rt, 3, start=100)
            for n, leaf_id in zip(range(100, 103), later, strict=True):
                found = await rt.navigation.ask(Search(query=" ".join(unique_words(n))))
                assert found.hits and found.hits[0].leaf_id == leaf_id
            assert is_held(consolidating) and not opened.layout.root_file.exists(), \
                "the pass is still running (stalled on root.json)"
            await stall.aclose()
            await wait_until(lambda: opened.layout.root_file.exists()
                             and not is_held(consolidating))
    finally:
        await stall.aclose()
    check_tree(opened.layout)


async def test_nudges_debounce_and_a_full_batch_starts_at_once(opened: OpenedStore) -> None:
    settings = with_overrides(opened.settings, consolidation_quiet_s=30.0,
                              consolidation_batch=5)
    actor = ConsolidationActor(opened.layout, settings, opened.locks, background=True)
    idle = ConsolidationActor(opened.layout, settings, opened.locks, background=False)
    async with ActorSystem([actor, idle]):
        # A store without root.json gets its first pass at once (test_dropin.py); this test
        # is about the debounce of a store that has one.
        await idle.ask(Flush(force=False))
        assert opened.layout.root_file.exists()
        flushed = idle.passes
        assert actor.idle_after() is None, "nothing pending: wait for messages forever"
        await actor.ask(Nudge(count=2))
        first = actor.idle_after()
        assert first is not None and 29.0 < first <= 30.0
        await actor.ask(Nudge(count=2))
        second = actor.idle_after()
        assert second is not None and second >= first - 0.5, "a nudge restarts the quiet period"
        assert actor.passes == 0
        await actor.ask(Nudge(count=1))
        await wait_until(lambda: actor.passes == 1, timeout_s=10.0)  # not after 30 s
        assert actor.idle_after() is None

        await idle.ask(Nudge(count=50))
        assert idle.idle_after() is None and idle.passes == flushed, \
            "background off: only Flush runs a pass"


async def test_a_big_store_batches_a_burst_of_saves_by_its_size(
        opened: OpenedStore, monkeypatch: pytest.MonkeyPatch) -> None:
    # ROWS_PER_BATCHED_SAVE: a pass reads every catalog row; at 50k memories a batch of 64
    # spent a second of every 64 saves filing. The batch grows with the rows the last pass
    # read; a pause (the quiet time) still files at once
    from actors.consolidation import actor as consolidation
    settings = with_overrides(opened.settings, consolidation_quiet_s=30.0,
                              consolidation_batch=5)
    actor = ConsolidationActor(opened.layout, settings, opened.locks, background=True)
    async with ActorSystem([actor]):
        await actor.ask(Flush(force=False))
        assert opened.layout.root_file.exists()
        actor._rows = 1000  # as if the last pass had read a thousand rows
        monkeypatch.setattr(consolidation, "ROWS_PER_BATCHED_SAVE", 100)  # a batch of 10
        passes = actor.passes
        await actor.ask(Nudge(count=6))
        waiting = actor.idle_after()
        assert waiting is not None and waiting > 29.0, "6 < 10: the quiet time decides"
        await actor.ask(Nudge(count=4))  # 10 new leaves: the pass runs now, not in 30 s
        await wait_until(lambda: actor.passes == passes + 1, timeout_s=10.0)
