"""The quantized vector matrix: the same best rows, with cosines within float32 noise, as the
float32 product it replaces; rows added one by one and grown past its capacity rank like rows
loaded at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from actors.embedding.quantized import QuantizedRows, quantize
from actors.embedding.sentence import SentenceEncoder
from store.errors import DiskFull
from store.row_file import MappedRows

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


def test_a_row_scores_the_same_whatever_it_is_scored_with() -> None:
    """A row's exact score is a function of the row and the question: BLAS's matrix-vector
    product gave a row other float32 bits at another position of another batch, so one memory
    could score differently in two calls of one search."""
    rows = unit_rows(600, 512, 6)
    matrix = QuantizedRows(512, 600)
    matrix.append(rows)
    rng = np.random.default_rng(7)
    for seed in range(4):
        query = unit_rows(1, 512, 300 + seed)[0]
        alone = np.array([matrix.score_rows([i], query)[0] for i in range(600)])
        for size in (2, 3, 5, 30, 257, 600):
            picked = rng.choice(600, size, replace=False)
            assert np.array_equal(matrix.score_rows(picked, query), alone[picked])
        # the nearest float32 to the stored row's product
        stored = np.stack([matrix.row(i).astype(np.float64) for i in range(600)])
        assert np.abs(alone - stored @ query.astype(np.float64)).max() < 1e-7


def test_every_row_s_exact_score_lies_within_its_bounds() -> None:
    """The coarse pass's bounds hold for every row, extreme ones included (a row or a
    question at the int8 range's ends, a zero row, a chat turn's shorter mean)."""
    rows = unit_rows(400, 512, 8)
    rows[0] = 1 / np.sqrt(512)  # every component at its peak: q all 127
    rows[1] = -rows[0]
    rows[2] = 0.0
    rows[3] = (rows[4] + rows[5]) / 2
    rows[6] = 0.0
    rows[6, 0] = 1.0  # one component: the rest round to 0
    matrix = QuantizedRows(512, 400)
    matrix.append(rows)
    questions = [unit_rows(1, 512, 400 + seed)[0] for seed in range(8)]
    questions += [rows[0], rows[1], rows[6], -rows[6]]
    for query in questions:
        lower, upper = matrix.bounds(query)
        exact = matrix.score_rows(np.arange(400), query)
        assert (lower <= exact).all() and (exact <= upper).all()
        assert (upper - lower).max() < 0.05  # a bound, not everything


def test_a_search_rescores_only_the_rows_that_may_be_among_the_best() -> None:
    """Every row whose upper bound reaches the take-th best lower bound, in one call (it was
    at least 256, the coarse pass's best, in 1 to 5 calls): ~140 here, where random rows crowd
    the 30th best (~90 of 50k memories' rows)."""
    rows = unit_rows(5000, 512, 9)
    matrix = QuantizedRows(512, 5000)
    matrix.append(rows)
    scored: list[int] = []
    score_rows = matrix.score_rows

    def counted(indices: np.ndarray, query: np.ndarray) -> np.ndarray:
        scored.append(len(indices))
        return score_rows(indices, query)

    matrix.score_rows = counted  # type: ignore[method-assign]
    for seed in range(10):
        query = rows[seed * 7] * 0.6 + unit_rows(1, 512, 500 + seed)[0] * 0.4
        scored.clear()
        found, sims = matrix.top(query, 30)
        everything = score_rows(np.arange(5000), query)
        assert found.tolist() == np.lexsort((np.arange(5000), -everything))[:30].tolist()
        assert np.array_equal(sims, everything[found])
        assert len(scored) == 1 and 30 <= scored[0] < 256


class FileRoom:
    """Rooms in nameless files of a folder (``store.row_file``), counting the rooms made."""

    def __init__(self, folder: Path, refuse_after: int | None = None) -> None:
        self.folder = folder
        self.made = 0
        self.refuse_after = refuse_after
        self.rooms: list[MappedRows] = []

    def __call__(self, row_bytes: int) -> tuple[MappedRows, MappedRows]:
        self.made += 1
        pair = (MappedRows(self.folder, row_bytes), MappedRows(self.folder, row_bytes))
        if self.refuse_after is not None:
            for room in pair:
                room.resize = self._refusing(room.resize)  # type: ignore[method-assign]
        self.rooms.extend(pair)
        return pair

    def _refusing(self, resize: Callable[[int], Any]) -> Callable[[int], Any]:
        def resize_or_refuse(rows: int) -> Any:
            if self.refuse_after is not None and rows > self.refuse_after:
                raise DiskFull(self.folder, 28, "the disk is full")
            return resize(rows)
        return resize_or_refuse


def test_rows_in_a_mapped_file_rank_and_score_as_rows_in_memory(tmp_path: Path) -> None:
    """The rows a server holds live in a mapped file (page cache, not the process's private
    memory): the same rows, the same top rows and the same float32 bits, loaded at once or
    grown a few rows at a time."""
    rows = unit_rows(1500, 64, 8)
    memory = QuantizedRows(64, 1000)
    room = FileRoom(tmp_path)
    mapped = QuantizedRows(64, 1000, room=room)
    for matrix in (memory, mapped):
        matrix.append(rows[:1000])
        for start in range(1000, 1500, 7):
            matrix.append(rows[start:start + 7])
    assert mapped.mapped and not memory.mapped and room.made == 1
    for name in ("_q", "_r"):
        assert np.array_equal(getattr(mapped, name)[:1500], getattr(memory, name)[:1500])
    for seed in range(5):
        query = unit_rows(1, 64, 300 + seed)[0]
        found, sims = mapped.top(query, 25)
        expected, expected_sims = memory.top(query, 25)
        assert found.tolist() == expected.tolist()
        assert sims.tobytes() == expected_sims.tobytes()


def test_a_refused_room_keeps_the_rows_in_memory(tmp_path: Path) -> None:
    """A full disk while the matrix grows: the rows held so far are copied out of the file
    and the matrix goes on in memory, every row as before."""
    rows = unit_rows(700, 64, 9)
    mapped = QuantizedRows(64, room=FileRoom(tmp_path, refuse_after=300))
    memory = QuantizedRows(64)
    for matrix in (memory, mapped):
        for start in range(0, 700, 100):
            matrix.append(rows[start:start + 100])
    assert not mapped.mapped and mapped.count == 700
    for name in ("_q", "_r"):
        assert np.array_equal(getattr(mapped, name)[:700], getattr(memory, name)[:700])


def test_rows_held_in_memory_move_into_a_room_made_later(tmp_path: Path) -> None:
    """A room refused once (the store's ``state/`` not made yet on a new store) is asked again
    at the next growth, and the rows held in memory meanwhile move into it."""
    rows = unit_rows(700, 64, 10)
    room = FileRoom(tmp_path / "state")
    mapped = QuantizedRows(64, room=room)
    mapped.append(rows[:100])
    assert not mapped.mapped
    (tmp_path / "state").mkdir()
    mapped.append(rows[100:700])
    assert mapped.mapped
    whole = QuantizedRows(64)
    whole.append(rows)
    for name in ("_q", "_r"):
        assert np.array_equal(getattr(mapped, name)[:700], getattr(whole, name)[:700])
