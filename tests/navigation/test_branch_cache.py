"""Parsed branch files are kept up to a number of bytes, not of files (``read_model``)."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.navigation import read_model
from actors.navigation.read_model import ReadModel
from ihmt_async.runtime import Runtime
from store.paths import StoreLayout
from store.tree_files import iter_branch_files, read_branch

TOPICS = ["the billing service", "the staging cluster", "grandmother's recipes",
          "the garden", "the quarterly report", "the bicycle"]


async def _saved_and_filed(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        for i in range(60):
            topic = TOPICS[i % len(TOPICS)]
            await rt.ingest.ask(Save(content=f"Note {i} about {topic}: item {i * 7} was "
                                     f"checked on day {i % 28 + 1} and found in order."))
        assert (await rt.consolidation.ask(Flush(force=True))).branches_written > 0


def test_branches_kept_parsed_stay_within_their_bytes(store_home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    anyio.run(_saved_and_filed, store_home)
    layout = StoreLayout.at_home(store_home)
    files = {json.loads(path.read_text(encoding="utf-8"))["node_id"]: path
             for path in iter_branch_files(layout)}
    assert len(files) >= 3, "too few branches to drop any"
    largest = max(path.stat().st_size for path in files.values())
    # the budget holds the largest branch but never all of them (the others add to it);
    # "at most two held" failed when three small ones fitted in twice the largest
    monkeypatch.setattr(read_model, "BRANCH_CACHE_BYTES", largest)
    model = ReadModel(layout)
    model.refresh()
    for _ in range(2):  # the second round reads again what the first let go
        for node_id, path in files.items():
            assert model.branch(node_id) == read_branch(path)
            held = [size for _, size in model._branches.values()]
            assert sum(held) == model._branch_bytes <= largest
            assert len(held) < len(files)
    assert model.branch("N9-nope-0000000000") is None
