"""Scoring many rows at once (every memory of a busy time, for a "No memory found" about it)
widens them to float64 a bounded number at a time: the peak does not grow with the rows
asked, and every score is the one the row gets scored alone."""

from __future__ import annotations

import tracemalloc

import numpy as np

from actors.embedding.quantized import QuantizedRows


def test_many_rows_are_scored_in_bounded_memory_with_the_same_scores() -> None:
    dim, count = 384, 6000
    rng = np.random.default_rng(7)
    rows = rng.standard_normal((count, dim)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    matrix = QuantizedRows(dim)
    matrix.append(rows)
    query = rows[3]
    picked = list(range(count - 1, -1, -1))
    tracemalloc.start()
    try:
        scores = matrix.score_rows(picked, query)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    widened_all = count * dim * 8  # every row as float64 at once: ~19 MB here
    assert peak < widened_all / 3
    assert scores.dtype == np.float32 and len(scores) == count
    alone = [float(matrix.score_rows([at], query)[0]) for at in picked[:50]]
    assert scores[:50].tolist() == alone
    assert abs(float(scores[count - 1 - 3]) - 1.0) < 1e-3  # the query's own row
    assert matrix.score_rows([], query).tolist() == []
