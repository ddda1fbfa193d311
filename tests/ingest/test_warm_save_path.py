"""A server builds the save path's patterns in the background; other processes never do.

A process's first save used to build the fact patterns, their needle gates and the change
statements' gates (~0.6 s of CPU, seconds of wall time on a loaded machine): the first save of
every agent session paid it. A server now builds them in an idle turn after its start
(``IngestActor`` with ``warm=True``), writing nothing; the CLI and hooks, which may only read,
leave them to their first save.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
import structlog

import actors.ingest.actor as ingest_actor
from actors.ingest.messages import Save
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

PROV = Provenance(agent="test", client_version="1", session="s")


async def wait_until(condition: object, timeout_s: float = 120.0) -> None:
    with anyio.fail_after(timeout_s):
        while not condition():  # type: ignore[operator]
            await anyio.sleep(0.05)


async def test_a_server_builds_the_save_path_before_its_first_save_writing_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ingest_actor, "SAVE_WARM_S", 0.0)
    with structlog.testing.capture_logs() as logs:
        async with Runtime(tmp_path, provenance=PROV, vectors=False, warm_saves=True) as rt:
            await wait_until(lambda: any(e["event"] == "ingest.warmed" for e in logs))
            assert not (tmp_path / "ihmt_memory").exists()  # the store is made by a save
            assert rt.ingest.idle_after() is None  # once
            result = await rt.ingest.ask(Save(content="I moved to Lisbon in 2024.",
                                              provenance=PROV))
            assert result.leaf_ids
    assert [e["event"] for e in logs].count("ingest.warmed") == 1


async def test_a_process_that_is_no_server_leaves_them_to_its_first_save(
        tmp_path: Path) -> None:
    with structlog.testing.capture_logs() as logs:
        async with Runtime(tmp_path, provenance=PROV, vectors=False) as rt:
            assert rt.ingest.idle_after() is None
            await rt.ingest.ask(Save(content="Me mudé a Valencia en 2023.", provenance=PROV))
    assert not any(e["event"] == "ingest.warmed" for e in logs)
