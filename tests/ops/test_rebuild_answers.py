"""``ihmt-async rebuild`` reports success when the rebuild succeeded, however much background
embedding is left (real store, real actors, the CLI's own code path in this process).

The rebuild drops ``state/`` and with it every vector; its last step asks the navigation actor
for the store's figures while that actor re-embeds every memory in its idle turns. The waiting
request used to be starved until the re-embedding ended (a timed receive with no time left never
looks at the inbox), so at 10k and 50k memories the CLI said "The navigation actor did not answer
within 60.0s." and exited 1 after a rebuild that had worked. Here the embedding is made slow and
small-batched, deterministically (one memory a batch, 0.2 s each: ~8 s of background work), and
the request timeout short (3 s): the rebuild must exit 0 and say how much is left to embed."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from structlog.testing import capture_logs

import actors.embedding.index as vector_index
from actors.embedding.sentence import SentenceEncoder
from actors.ingest.messages import Save
from actors.navigation.messages import Stats
from actors.provenance import Provenance
from ihmt_async import cli
from ihmt_async.runtime import Runtime

PROV = Provenance(agent="test", session="rebuild")
MEMORIES = 40


class SlowEncoder(SentenceEncoder):
    """The sentence model, 0.2 s per call: a batch that takes longer than the idle interval."""

    started = threading.Event()

    def encode(self, texts: list[str]) -> Any:
        SlowEncoder.started.set()
        time.sleep(0.2)
        return super().encode(texts)


async def fill(home: Path) -> None:
    with capture_logs():
        await filled(home)


async def filled(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        for i in range(MEMORIES):
            await rt.ingest.ask(Save(content=f"Note {i}: the build server number {i} was "
                                             f"moved to rack R{i * 7} on floor {i % 5}.",
                                     provenance=PROV))


@pytest.fixture
def slow_embedding(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vector_index, "BATCH", 1)
    monkeypatch.setattr(vector_index, "SentenceEncoder", SlowEncoder)
    monkeypatch.setenv("IHMT_REQUEST_TIMEOUT_S", "3")
    monkeypatch.setenv("IHMT_LOG_STDERR", "0")
    SlowEncoder.started.clear()


def test_rebuild_exits_0_while_every_vector_is_still_to_compute(
        tmp_path: Path, slow_embedding: None, capfd: pytest.CaptureFixture[str]) -> None:
    anyio.run(fill, tmp_path)
    shutil.rmtree(tmp_path / "ihmt_memory" / "state")
    started = time.monotonic()
    code = cli.main(["--home", str(tmp_path), "rebuild", "--json"])
    taken = time.monotonic() - started
    out, err = capfd.readouterr()
    assert code == 0, err
    report = json.loads(out)
    assert report["leaves"] == MEMORIES and report["problems"] == []
    assert 0 < report["embedding_pending"] <= MEMORIES  # said, not waited for
    assert SlowEncoder.started.is_set()  # the background embedding ran during the rebuild
    assert taken < 30, taken


def test_a_request_is_answered_while_every_vector_is_recomputed(
        tmp_path: Path, slow_embedding: None) -> None:
    anyio.run(fill, tmp_path)
    shutil.rmtree(tmp_path / "ihmt_memory" / "state")
    assert cli.main(["--home", str(tmp_path), "rebuild", "--json"]) == 0
    SlowEncoder.started.clear()
    anyio.run(ask_while_embedding, tmp_path)


async def ask_while_embedding(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        with anyio.fail_after(30):
            while not SlowEncoder.started.is_set():
                await anyio.sleep(0.01)  # the model's first load is part of the first batch
        for _ in range(5):
            asked = time.monotonic()
            stats = await rt.navigation.ask(Stats(), timeout_s=3)
            assert time.monotonic() - asked < 1.5  # one batch (0.2 s) and the stats
        assert stats["embedding"]["pending"] > 0  # answered while the backlog was still there
