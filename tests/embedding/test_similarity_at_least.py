"""The memories of a busy time measured for a "No memory found" (``similarity_of`` with
``at_least``): only those that may be that close are scored.

The reply offers the closest of the time's memories at least ``NEAREST_FLOOR`` similar; on a
bulk import's month (37,000 memories at 50k) every one was scored exactly, ~130 ms twice a
search, to keep the few thousand above the floor. A row whose upper bound (the question's
coarse pass, made once) is below the floor cannot reach it and is left out unscored.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from actors.embedding.index import VectorIndex
from actors.embedding.quantized import QuantizedRows
from store.paths import StoreLayout
from tests.embedding.hashed_encoder import HashedEncoder


def test_only_the_memories_that_may_reach_the_floor_are_scored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every memory at least as close as the floor is there, with the similarity scoring all
    of them gives, in the order asked; long memories (their closest passage counts) are
    always measured; the short rows far from the question are not scored at all."""
    texts = {f"L-{n}": f"Note {n}: the harbour kayak on day {n}." for n in range(600)}
    texts.update({f"L-long-{n}": "\n".join([f"Long note {n}: the ferry timetable."] * 40)
                  for n in range(6)})
    index = VectorIndex(StoreLayout.at_home(tmp_path), HashedEncoder())
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    near = HashedEncoder().encode([texts["L-3"], texts["L-40"], texts["L-long-2"]]).sum(axis=0)
    query = (near / np.linalg.norm(near)).astype(np.float32)
    query.setflags(write=False)  # as ``encode_query``'s: its coarse pass is kept
    asked = [*reversed(list(texts)), "L-unknown"]
    everyone = index.similarity_of(query, asked)
    scored: list[int] = []
    score_rows = QuantizedRows.score_rows

    def counted(self: QuantizedRows, indices: np.ndarray, row: np.ndarray) -> np.ndarray:
        scored.append(len(indices))
        return score_rows(self, indices, row)

    monkeypatch.setattr(QuantizedRows, "score_rows", counted)
    close = index.similarity_of(query, asked, at_least=0.1)
    monkeypatch.undo()
    above = {leaf: sim for leaf, sim in everyone.items() if sim >= 0.1}
    assert {"L-3", "L-40", "L-long-2"} <= set(above)
    assert {leaf: close[leaf] for leaf in above} == above
    assert all(close[leaf] == everyone[leaf] for leaf in close)
    assert list(close) == [leaf for leaf in everyone if leaf in close]
    assert {f"L-long-{n}" for n in range(6)} <= set(close)
    assert sum(scored) < len(everyone) / 4
