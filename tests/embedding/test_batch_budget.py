"""One ``backfill`` call encodes at most ``BATCH_CHARS`` characters, whatever the memories'
length: a search waits behind one idle-turn batch, or runs one itself, so what it waits for is
bounded by characters (the model's cost is per token), not by a count of memories. A long
memory's texts are spread over several calls and stored whole once the last is encoded."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from actors.embedding import index as vector_index
from actors.embedding.index import BATCH_CHARS, TEXT_CHARS, VectorIndex
from actors.embedding.sentence import MODEL_ID, SentenceEncoder, as_read, in_conversation, passages
from store import vectors as vector_table
from store.paths import StoreLayout

ANSWER = " ".join(f"Tip {n}: warm up for ten minutes, keep the knee over the ankle and stop "
                  "before it hurts; drink water between the sets." for n in range(12))
TURNS = {f"L-{n:02d}": f"2026-03-{n + 1:02d} assistant: Here is plan {n}. {ANSWER}"
         for n in range(12)}
ASKED = ("2026-03-01 user: can you give me a knee-friendly workout?",)


class RecordingEncoder(SentenceEncoder):
    """The characters of each call to the model."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[list[int]] = []

    def encode(self, texts: list[str]) -> np.ndarray:  # type: ignore[override]
        self.calls.append([len(text) for text in texts])
        return super().encode(texts)


def test_a_batch_of_long_turns_encodes_at_most_the_character_budget(tmp_path: Path) -> None:
    encoder = RecordingEncoder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), encoder)
    index.plan(TURNS)
    remaining = [index.backfill(TURNS.__getitem__, lambda leaf: ASKED)]
    while remaining[-1]:
        remaining.append(index.backfill(TURNS.__getitem__, lambda leaf: ASKED))
    # the old way: 12 memories (36+ texts, ~60,000 characters) in one call
    assert len(encoder.calls) > len(TURNS)
    assert all(sum(call) <= BATCH_CHARS or len(call) == 1 for call in encoder.calls)
    assert remaining == sorted(remaining, reverse=True) and remaining[-1] == 0
    assert len(index) == len(TURNS)

    # each memory's rows are what its texts encoded at once give, however they were spread
    stored = dict(vector_table.read(index.layout, MODEL_ID))
    for leaf, said in TURNS.items():
        rows = np.frombuffer(stored[leaf], dtype=np.float32).reshape(-1, 512)
        own, within = encoder.encode([as_read(said)[:TEXT_CHARS],
                                      in_conversation(said, ASKED)[:TEXT_CHARS]])
        parts = passages(said)
        assert len(rows) == 1 + len(parts)
        assert rows[0] == pytest.approx((own + within) / 2, abs=1e-5)
        assert rows[1:] == pytest.approx(encoder.encode(parts), abs=1e-5)


def test_a_memory_begun_is_not_queued_twice_and_counts_as_unembedded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vector_index, "BATCH_CHARS", 500)
    encoder = RecordingEncoder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), encoder)
    one = {"L-00": TURNS["L-00"]}
    index.plan(one)
    assert index.backfill(one.__getitem__) == 1  # begun, not done
    assert index.unembedded == 1 and index.queued == 1 and len(index) == 0
    assert index.plan(one) == 0  # re-planned (a new model, a rebuild): not queued again
    index.enqueue(one)
    while index.backfill(one.__getitem__):
        pass
    assert len(index) == 1 and index.unembedded == 0
    texts = 1 + len(passages(TURNS["L-00"]))
    assert sum(len(call) for call in encoder.calls) == texts  # each text encoded once


def test_memories_asked_first_are_embedded_before_the_backlog(tmp_path: Path) -> None:
    """A search embeds the memories it is about to rank ahead of the rest of a backlog (a
    bulk save, a new model), best first, another process's recent saves included."""
    encoder = RecordingEncoder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), encoder)
    index.plan(list(TURNS)[:10])
    # another process's saves, waiting for their saver's vector (an hour: not at this test's
    # pace)
    index.enqueue(["L-10", "L-11"], now=time.monotonic() + 3600)
    assert index.embed_first(["L-11", "L-07", "L-07", "L-03"]) == ["L-11", "L-07", "L-03"]
    order: list[str] = []
    while index.backfill(TURNS.__getitem__, lambda leaf: ASKED):
        order += [leaf for leaf in index.ids if leaf not in order]
    order += [leaf for leaf in index.ids if leaf not in order]
    assert order[:3] == ["L-11", "L-07", "L-03"]
    assert sorted(order) == sorted(TURNS.keys() - {"L-10"})  # L-10 still waits for its saver
    assert index.embed_first(["L-07", "L-10"]) == ["L-10"]  # has a vector now: not again
