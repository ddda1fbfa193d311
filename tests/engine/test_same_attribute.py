"""Two processes correcting the same attribute at once end with one consistent timeline."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from actors.facts.messages import History
from actors.facts.timeline import resolve
from ihmt_async.runtime import Runtime
from store.factlog import FactEventsReader
from store.paths import StoreLayout
from tests.worker_process import WorkerProcess

pytestmark = pytest.mark.anyio
COUNT = 15


async def test_two_processes_correcting_one_attribute(
        tmp_path: Path, spawn: Callable[..., WorkerProcess]) -> None:
    async with Runtime(tmp_path) as rt:  # create the store first, so both open the same one
        from actors.ingest.messages import Save

        await rt.ingest.ask(Save(content="I live in Origin."))
    workers = [spawn("correct", tmp_path, w, COUNT) for w in range(2)]
    for child in workers:
        child.expect("ready")
    for child in workers:
        child.send("go")
    done = [int(child.expect("done ", timeout_s=120).split()[1]) for child in workers]
    assert done == [COUNT, COUNT]

    async with Runtime(tmp_path, background_consolidation=False) as rt:
        history = await rt.facts.ask(History(subject="user", attribute="location"))
    assert len(history) == 2 * COUNT + 1
    assert len({f.fact_id for f in history}) == len(history)
    active = [f for f in history if f.status == "ACTIVE"]
    assert len(active) == 1
    # Record order is lock order: strictly increasing, and the newest value is current.
    stamps = sorted(f.recorded_at for f in history)
    assert len(set(stamps)) == len(stamps)
    assert active[0].recorded_at == stamps[-1]
    # Each worker's own corrections keep their order; the stored events replay to the same.
    for w in range(2):
        mine = sorted((f.recorded_at, f.value) for f in history if f.value.startswith(f"Town{w}x"))
        assert [v for _, v in mine] == [f"Town{w}x{i}" for i in range(COUNT)]
    replayed = resolve(FactEventsReader(StoreLayout.at_home(tmp_path)).all_events())
    current = replayed.current("user", "location")
    assert current is not None and current.fact_id == active[0].fact_id
