"""A store's vectors are quantized a block of rows at a time when a process reads them back,
the passages of its long memories too: all of them at once held about six float32 copies of
every passage row (a 50k store's load peaked at 161 MB in process, 97 MB in blocks). The rows
kept are bit for bit those of quantizing every stored row in one call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from actors.embedding import quantized
from actors.embedding.index import VectorIndex
from actors.embedding.sentence import MODEL_ID
from store import vectors as vector_table
from store.paths import StoreLayout
from tests.embedding.hashed_encoder import HashedEncoder

AT_ONCE = 16


def test_a_load_quantizes_a_block_at_a_time_and_keeps_the_same_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    words = ["harbor", "billing", "kitten", "Porto", "sourdough", "Kafka", "tyres", "Miso"]
    texts = {}
    for n in range(120):
        line = f"Note {n}: {words[n % 8]} and {words[n * 3 % 8]} on day {n}."
        texts[f"L-{n:03d}"] = "\n".join([line] * (40 if n % 3 == 0 else 1))  # 40 long ones
    layout = StoreLayout.at_home(tmp_path)
    built = VectorIndex(layout, HashedEncoder())
    built.plan(texts)
    while built.backfill(texts.__getitem__):
        pass

    sizes: list[int] = []
    quantize = quantized.quantize

    def counted(block: Any) -> tuple[Any, Any, Any]:
        sizes.append(len(block))
        return quantize(block)

    monkeypatch.setattr(quantized, "ROWS_AT_ONCE", AT_ONCE)
    monkeypatch.setattr(quantized, "quantize", counted)
    index = VectorIndex(layout, HashedEncoder())  # another process reads them back
    index.load()
    monkeypatch.undo()
    assert index._matrix is not None and index._passages is not None
    assert index._passages.count > 4 * AT_ONCE  # the passages fill several blocks
    assert max(sizes) <= AT_ONCE
    assert sum(sizes) == index._matrix.count + index._passages.count

    stored = dict(vector_table.read(layout, MODEL_ID))
    own = np.stack([np.frombuffer(stored[leaf], dtype=np.float32)[:512] for leaf in index.ids])
    long = [(at, np.frombuffer(stored[leaf], dtype=np.float32).reshape(-1, 512)[1:])
            for at, leaf in enumerate(index.ids) if len(stored[leaf]) > 512 * 4]
    parts = np.concatenate([rows for _, rows in long])
    for rows, matrix in ((own, index._matrix), (parts, index._passages)):
        q, r, s = quantize(rows)  # every row in one call
        assert matrix._q[:matrix.count].tobytes() == quantized._offset(q).tobytes()
        assert matrix._r[:matrix.count].tobytes() == r.tobytes()
        assert matrix._s[:matrix.count].tobytes() == s.tobytes()
        assert matrix._length[:matrix.count].tobytes() == \
            np.linalg.norm(rows, axis=1).tobytes()
    first = 0
    for at, rows in long:  # each long memory's passages, in the order stored
        assert index._parts[at] == range(first, first + len(rows))
        first += len(rows)
    assert index._owner == [at for at, rows in long for _ in range(len(rows))]
