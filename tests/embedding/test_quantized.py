"""The quantized vector matrix: the same best rows, with cosines within float32 noise, as the
float32 product it replaces; rows added one by one and grown past its capacity rank like rows
loaded at once."""

from __future__ import annotations

import numpy as np

from actors.embedding.quantized import QuantizedRows, quantize
from actors.embedding.sentence import SentenceEncoder

TEXTS = ["My cat is called Misu and sleeps on the sofa.",
         "The staging cluster is recreated every Sunday night.",
         "Mi madre vive en Granada desde 2019.",
         "We chose PostgreSQL 16 for the billing service because of row-level security.",
         "The integration tests need the local database on port 5433.",
         "Ana prefers code reviews in the morning, before standup."]


def unit_rows(count: int, dim: int, seed: int) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((count, dim)).astype(np.float32)
    unit: np.ndarray = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return unit


def test_rows_come_back_within_float32_noise() -> None:
    rows = unit_rows(300, 128, 1)
    rows[7] = 0.0  # a text with no token has a zero vector
    q, r, s = quantize(rows)
    rebuilt = q.astype(np.float32) * s[:, None] + r.astype(np.float32) * (s[:, None] / 254)
    assert np.abs(rebuilt - rows).max() <= (s.max() / 508) * 1.001
    assert not rebuilt[7].any()


def test_the_best_rows_are_those_of_the_float32_product() -> None:
    rows = unit_rows(5000, 128, 2)
    matrix = QuantizedRows(128, 5000)
    matrix.append(rows)
    for seed in range(20):
        query = unit_rows(1, 128, 100 + seed)[0]
        exact = rows @ query
        found, sims = matrix.top(query, 40)
        assert found.tolist() == np.argsort(-exact, kind="stable")[:40].tolist()
        assert np.abs(sims - exact[found]).max() < 1e-4
        assert list(sims) == sorted(sims, reverse=True)


def test_a_query_close_to_many_rows_still_gets_the_exact_best_ones() -> None:
    """Near-duplicates crowd the coarse scores: the candidate set grows until no row left out
    can beat the last one kept."""
    base = unit_rows(1, 64, 3)[0]
    noise = unit_rows(2000, 64, 4) * 0.02
    rows = base + noise
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    matrix = QuantizedRows(64)
    for start in range(0, len(rows), 300):  # grown past its capacity several times
        matrix.append(rows[start:start + 300])
    assert matrix.count == 2000
    found, _ = matrix.top(base, 10)
    exact = rows @ base
    left_out = np.ones(len(rows), dtype=bool)
    left_out[found] = False
    # Coarse scores alone err by ~1e-3 here; what is kept is the best to float32 noise.
    assert exact[found].min() >= exact[left_out].max() - 1e-5


def test_real_text_vectors_rank_the_same_top_memory() -> None:
    embedder = SentenceEncoder()
    vectors = embedder.encode(TEXTS)
    matrix = QuantizedRows(vectors.shape[1])
    matrix.append(vectors)
    for question in ("kitten on the couch", "which database for billing?",
                     "¿dónde vive mi madre?", "when do we rebuild staging"):
        query = embedder.encode([question])[0]
        exact = vectors @ query
        found, sims = matrix.top(query, 3)
        assert found.tolist() == np.argsort(-exact)[:3].tolist()
        assert abs(float(sims[0]) - float(exact[found[0]])) < 1e-5


def test_rows_added_after_a_load_keep_every_row_as_loaded_at_once() -> None:
    """A matrix loaded at its exact size, then grown in place a few rows at a time (memories
    saved after the load), holds what one matrix of them all holds, row for row."""
    rows = unit_rows(1500, 64, 5)
    rows[1200] *= 0.7  # a chat turn's mean is shorter than a unit vector
    whole = QuantizedRows(64, 1500)
    whole.append(rows)
    grown = QuantizedRows(64, 1000)
    grown.append(rows[:1000])
    for start in range(1000, 1500, 7):
        grown.append(rows[start:start + 7])
    assert grown.count == 1500 and grown.capacity >= 1500
    for name in ("_q", "_qsum", "_r", "_s", "_qn", "_rn", "_length"):
        assert np.array_equal(getattr(grown, name)[:1500], getattr(whole, name)[:1500]), name
    for seed in range(5):
        query = unit_rows(1, 64, 200 + seed)[0]
        assert [a.tolist() for a in grown.top(query, 25)] == \
            [a.tolist() for a in whole.top(query, 25)]
