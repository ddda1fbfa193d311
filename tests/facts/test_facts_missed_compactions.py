"""A fact reader stays right when compactions it did not see recycle the journal's inode.

On ext4 every third compaction hands the journal the inode number it had before, with the same
size; a reader trusting (inode, size) would read on from a stale offset and lose events.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_events import fact
from facts_runtime import history, open_runtime, save

from store.factlog import open_facts
from store.locks import LockManager
from store.paths import StoreLayout

pytestmark = pytest.mark.anyio


def _batch(tag: str, count: int, second: int, half: int) -> list[dict[str, object]]:
    return [fact(f"{tag}{k}", f"2030-01-01T00:00:{second:02d}.{half}{k:05d}Z",
                 attribute="employer", leaf=f"L-{tag}{k}") for k in range(count)]


def _write_and_compact(layout: StoreLayout, locks: LockManager, rounds: int, first: int) -> None:
    """Another writer: append, compact, append again, ``rounds`` times (no other files)."""
    writer = open_facts(layout)
    for i in range(first, first + rounds):
        with locks.hold_sync("facts", actor="other"):
            writer.refresh()
            writer.append(_batch(f"A{i}-", 4, i, 0))
            writer.compact()
            writer.append(_batch(f"B{i}-", 4, i, 5))


@pytest.mark.parametrize("missed", [1, 2, 3, 4])
def test_a_reader_that_missed_compactions_sees_every_event(tmp_path: Path, missed: int) -> None:
    layout = StoreLayout.at_home(tmp_path)
    layout.ensure()
    locks = LockManager(layout.locks_dir)
    reader = open_facts(layout)
    done = 0
    for _ in range(4):
        _write_and_compact(layout, locks, missed, done)
        done += missed
        reader.refresh()
        assert len(reader.state) == done * 8
        assert len({e["fact_id"] for e in reader.state}) == done * 8


async def test_the_actor_view_survives_compactions_it_did_not_see(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "I work at Initech.")
        done = 0
        for missed in (3, 3, 2, 1, 3):
            _write_and_compact(rt.layout, rt.store.locks, missed, done)
            done += missed
            facts = await history(rt, attribute="employer")
            assert len(facts) == 1 + done * 8
            assert facts[-1].value == f"B{done - 1}-3" and facts[-1].status == "ACTIVE"
