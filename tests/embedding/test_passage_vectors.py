"""A long memory (a saved chat session) is also embedded passage by passage: its similarity to a
question is the mean of its own vector's and of its closest passage's, so one thing said in
passing, or said past the opening its own vector reads, is found by meaning."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from actors.embedding import index as vector_index
from actors.embedding.index import PASSAGE_SHARE, TEXT_CHARS, VectorIndex
from actors.embedding.sentence import (
    MODEL_ID,
    PASSAGE_CHARS,
    PASSAGE_FROM,
    SentenceEncoder,
    as_read,
    passages,
)
from store import vectors as vector_table
from store.paths import StoreLayout
from tests.embedding.hashed_encoder import HashedEncoder

ADVICE = " ".join(f"Step {n}: fold the dough, rest it for thirty minutes and keep the kitchen "
                  "warm so the starter stays active." for n in range(30))
SESSION = ("2023-05-20: Conversation between the user and the assistant\n"
           f"user: Can you help me with a sourdough schedule?\nassistant: {ADVICE}\n"
           "user: Thanks! By the way, we just adopted a grey kitten called Miso.\n"
           "assistant: Congratulations on the kitten!")
NOTE = "2023-05-21: The car needs new tyres before the trip to Porto."
MEMORIES = {"L-session": SESSION, "L-note": NOTE}


def test_a_long_memory_is_cut_into_passages_of_whole_lines_and_sentences() -> None:
    parts = passages(SESSION)
    assert len(SESSION) > TEXT_CHARS and len(parts) >= 4
    assert all(len(part) <= PASSAGE_CHARS for part in parts)
    assert parts[0].startswith("May 2023: ")  # read as the model reads the memory (as_read)
    assert "Miso" in parts[-1] and "user: Thanks!" in parts[-1]  # a turn is kept whole
    joined = " ".join(" ".join(part.split()) for part in parts)
    assert " ".join(as_read(SESSION).split()) == joined  # nothing dropped
    assert passages(NOTE) == []
    assert passages("x" * (PASSAGE_FROM - 1)) == []


def test_a_long_memory_is_stored_with_its_passages_and_scored_by_its_best(
        tmp_path: Path) -> None:
    encoder = SentenceEncoder()
    layout = StoreLayout.at_home(tmp_path)
    index = VectorIndex(layout, encoder)
    index.plan(MEMORIES)
    while index.backfill(MEMORIES.__getitem__):  # a long memory takes several batches
        pass
    stored = dict(vector_table.read(layout, MODEL_ID))
    rows = np.frombuffer(stored["L-session"], dtype=np.float32).reshape(-1, 512)
    parts = passages(SESSION)
    assert len(rows) == 1 + len(parts)
    assert rows[0] == pytest.approx(encoder.encode([as_read(SESSION)[:TEXT_CHARS]])[0],
                                    abs=1e-5)
    assert rows[1:] == pytest.approx(encoder.encode(parts), abs=1e-5)
    assert len(stored["L-note"]) == 512 * 4  # a short memory: its own vector alone

    question = index.encode_query("What is the name of my cat?")
    own = float(rows[0] @ question)
    best = float((rows[1:] @ question).max())
    expected = (1 - PASSAGE_SHARE) * own + PASSAGE_SHARE * best
    similar = index.similar(question, 2, lambda leaf: True)
    assert similar["L-session"] == pytest.approx(expected, abs=1e-4)
    assert best > own  # the kitten is said past the opening the memory's own vector reads
    assert index.similarity_of(question, ["L-session"])["L-session"] == \
        pytest.approx(expected, abs=1e-4)

    # another process reads the stored rows back: the same similarities
    again = VectorIndex(layout, encoder)
    again.load()
    assert again.similar(question, 2, lambda leaf: True) == pytest.approx(similar, abs=1e-6)


def test_without_passages_the_memory_s_own_vector_decides(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    # the passages are what finds the kitten: the same session embedded without them ranks
    # below an unrelated note for the question
    encoder = SentenceEncoder()
    question = "What is the name of my cat?"
    with_parts = VectorIndex(StoreLayout.at_home(tmp_path / "a"), encoder)
    with_parts.plan(MEMORIES)
    while with_parts.backfill(MEMORIES.__getitem__):
        pass
    monkeypatch.setattr(vector_index, "passages", lambda text: [])
    alone = VectorIndex(StoreLayout.at_home(tmp_path / "b"), encoder)
    alone.plan(MEMORIES)
    while alone.backfill(MEMORIES.__getitem__):
        pass
    found = with_parts.similar(with_parts.encode_query(question), 2, lambda leaf: True)
    plain = alone.similar(alone.encode_query(question), 2, lambda leaf: True)
    assert found["L-session"] > plain["L-session"]
    assert found["L-note"] == pytest.approx(plain["L-note"], abs=1e-6)


def test_the_passages_of_every_long_memory_are_scored_in_one_call(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search scores a few batches of rows, not one per long memory (~40 calls a search
    before), with the same similarities as scoring every row of the store on its own."""
    from actors.embedding.quantized import QuantizedRows

    words = ["harbor", "billing", "kitten", "Porto", "sourdough", "Kafka", "tyres", "Miso"]
    texts = {}
    for n in range(400):
        line = f"Note {n}: {words[n % 8]} and {words[n * 3 % 8]} on day {n}."
        texts[f"L-{n}"] = "\n".join([line] * (40 if n % 5 == 0 else 1))  # 80 long ones
    index = VectorIndex(StoreLayout.at_home(tmp_path), HashedEncoder())
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    calls: list[int] = []
    score_rows = QuantizedRows.score_rows

    def counted(self: QuantizedRows, indices: np.ndarray, query: np.ndarray) -> np.ndarray:
        calls.append(len(indices))
        return score_rows(self, indices, query)

    for seed in range(5):
        query = HashedEncoder().encode([f"question {seed}"])[0]
        monkeypatch.setattr(QuantizedRows, "score_rows", counted)
        calls.clear()
        found = index.similar(query, 30, lambda leaf: True)
        monkeypatch.undo()
        assert len(calls) <= 4
        assert index._matrix is not None and index._passages is not None
        # every row scored on its own; a memory is looked at when its own row or one of its
        # passages' is among the 30 best of its kind
        own = {at: float(index._matrix.score_rows([at], query)[0]) for at in range(400)}
        part = {row: float(index._passages.score_rows([row], query)[0])
                for row in range(index._passages.count)}
        looked = sorted(own, key=lambda at: (-own[at], at))[:30]
        near = sorted(part, key=lambda row: (-part[row], row))[:30]
        looked += [index._owner[row] for row in near]
        expected = {at: (1 - PASSAGE_SHARE) * own[at]
                    + PASSAGE_SHARE * max(part[row] for row in index._parts[at])
                    if at in index._parts else own[at] for at in set(looked)}
        ranked = sorted(expected, key=lambda at: (-expected[at], at))[:30]
        assert list(found.items()) == [(index.ids[at], expected[at]) for at in ranked]
