"""Memory vectors held in two bytes per dimension instead of four, with the same top results.

Each unit vector ``x`` is kept as two int8 rows and one float32 scale ``s`` per row:
``q = round(x / s)`` with ``s = max|x| / 127``, and the rounding left over, ``r = round((x - q
s) / (s / 254))``; ``q s + r s / 254`` is ``x`` within ``s / 508`` per component, so a cosine
computed from it differs from the float32 one by a few millionths (float32 noise, not a change
of order). A search first scores every row from ``q`` alone (one pass over 1 byte per
dimension: faster than the float32 product, whose cost is reading the matrix), then rescores
the rows that may be among the best from ``q`` and ``r``. The coarse pass multiplies integers:
the query is rounded to int8 too (scale ``t``, leaving ``e = query - t round(query / t)``), and
``simsimd``'s SIMD dot product of unsigned bytes (the rows are kept as ``q + 128``) scores
48,496 rows of 512 dimensions in ~2.7 ms (3.4 ms signed; numpy's float32 product of them ~8
ms; measured on this 2-core machine).

Rows left out are provably no better. The exact score minus the coarse one is ``s (q . e) +
s / 254 (r . query)``, within ``s (|q| |e| + |r| |query| / 254)`` (Cauchy-Schwarz; each row's
``|q|`` and ``|r|`` are kept): ~0.011 of cosine at 512 dimensions, where the componentwise
bound used before (``s / 2 |query|_1 + s t / 2 |q|_1``) was ~0.016. Every row whose upper bound
reaches the ``take``-th best lower bound is rescored, in one call, and nothing else: at 50k
memories ~100 rows for the 30 best (256 to 1,000 before, when the candidates were the coarse
pass's best and grew fourfold until no left-out bound reached the last kept score).

A row's exact score is a function of the row and the query alone (``score_rows``: simsimd's
float64 dot product, pair by pair, rounded once): BLAS's matrix-vector product gave a row
other float32 bits at another position of another batch, so the same memory could score
differently in two calls.

At 50k memories of 512 dimensions: 51 MB instead of 100 MB as float32. The two int8
matrices may live in room the owner gives (``RowRoom``: a mapped file of the store's, so a
server's rows are page cache, not its private memory); the rest is kept in memory. Pure
computation (the ``r`` rows a search rescores are read through the room, ``RowRoom.read_into``);
no I/O of its own, no ranking decisions, not thread-safe (one owner).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
import simsimd

from store.errors import StoreError

ROWS_AT_ONCE = 1024
"""Rows ``score_rows`` widens to float64 at a time (3 MB at 384 dimensions): a question about
a busy time scores every memory of it (7,500 of a bulk import's week at 10k widened at once
raised a server's peak by ~29 MB, 37,000 at 50k by ~110 MB); a row's score does not depend
on the others scored with it. ``append`` quantizes this many at a time too: the 50k store's
6,886 passage rows quantized at once, with their concatenation, held about six float32 copies
of them (a load's peak 161 MB in process, 97 MB a block at a time; the arrays bit for bit the
same)."""
FINE_GAP = 8
"""Rows apart (4 KB at 512 dimensions) within which two ``r`` rows a search rescores are read
together: a busy time's thousands of consecutive memories in a few reads, not one each."""
ROUNDING_SLACK = 1e-5
"""Added to every bound: the float32 rounding of the coarse score, of the bound itself and of
the exact score (simsimd sums in float64 on x86, ~1e-7 at most; 1e-5 also covers a float32
sum). Rows within it of the threshold are a handful at most; it never leaves out a row."""


def quantize(block: Any) -> tuple[Any, Any, Any]:
    """(q, r, s) of float32 rows: two int8 matrices and the float32 scale of each row."""
    rows = np.asarray(block, dtype=np.float32)
    peak = np.abs(rows).max(axis=1) if rows.size else np.zeros(len(rows), np.float32)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    coarse = np.clip(np.rint(rows / scale[:, None]), -127, 127)
    rest = rows - coarse * scale[:, None]
    fine = np.clip(np.rint(rest / (scale[:, None] / 254.0)), -127, 127)
    return coarse.astype(np.int8), fine.astype(np.int8), scale


def _offset(rows: Any) -> Any:
    """int8 values as uint8 ``value + 128`` (the sign bit flipped: no arithmetic)."""
    return rows.view(np.uint8) ^ np.uint8(0x80)


def _norms(rows: Any) -> Any:
    """The Euclidean length of integer rows, rounded up to float32 (a bound must not shrink)."""
    exact = np.sqrt((rows.astype(np.int32) ** 2).sum(axis=1, dtype=np.int64))
    return np.nextafter(exact.astype(np.float32), np.float32(np.inf))


class RowRoom(Protocol):
    """Where a matrix's rows live (``store.row_file.MappedRows``): a writable buffer of
    ``rows`` rows, the rows of the last one handed out kept; ``release`` takes rows just
    written out of the process's resident set (they stay in the room)."""

    def resize(self, rows: int) -> Any: ...

    def release(self, start: int, stop: int) -> None: ...

    def read_into(self, buffer: memoryview, firsts: list[int], counts: list[int]) -> None: ...


class QuantizedRows:
    """A growable matrix of vectors (unit vectors, or means of two: length at most 1) stored as
    ``quantize`` makes them. ``room``: makes the room of ``q`` and ``r`` given a row's bytes
    (each matrix its own, so the coarse pass over every ``q`` row never reads an ``r`` page);
    none, or a room refused (a full disk), keeps them in memory."""

    def __init__(self, dim: int, capacity: int = 0,
                 room: Callable[[int], tuple[RowRoom, RowRoom]] | None = None) -> None:
        self.dim = dim
        self.count = 0
        self._room = room
        self._rooms: tuple[RowRoom, RowRoom] | None = None
        """``q``'s and ``r``'s rooms, made by ``room`` when the first row is reserved."""
        self._q = np.zeros((0, dim), dtype=np.uint8)
        """Each row's ``q + 128`` (``_offset``): simsimd's unsigned dot product is a quarter
        faster than its signed one (2.7 against 3.4 ms over 50k rows of 512 here)."""
        self._qsum = np.zeros(capacity, dtype=np.float32)
        """Each row's sum of ``q + 128`` (exact: at most 255 * dimensions), which turns the
        unsigned product back into the signed one."""
        self._r = np.zeros((0, dim), dtype=np.int8)
        self._grow_rows(capacity)
        self._s = np.ones(capacity, dtype=np.float32)
        self._qn = np.zeros(capacity, dtype=np.float32)
        """Each row's ``|q|``: the query's rounding error bound grows with it."""
        self._rn = np.zeros(capacity, dtype=np.float32)
        """Each row's ``|r|``: what the coarse pass leaves out of the row is bounded by it."""
        self._length = np.zeros(capacity, dtype=np.float32)
        """Each row's Euclidean length, as appended (a unit vector's is 1)."""

    @property
    def capacity(self) -> int:
        return int(self._s.shape[0])

    @property
    def nbytes(self) -> int:
        return int(self._q.nbytes + self._r.nbytes + self._s.nbytes + self._qsum.nbytes
                   + self._qn.nbytes + self._rn.nbytes + self._length.nbytes)

    def reserve(self, rows: int) -> None:
        """Room for ``rows`` rows in all (grows by at least an eighth: amortised).

        Grown in place (in memory ``ndarray.resize``: a ``realloc``, which moves a large
        block's pages without copying them; in a room, the file grows and is mapped again): a
        copy held the old matrix and the new one at once, 50 MB more for a moment at 50k
        memories, when the first memory saved after the load was added. Only the rows added
        are written (zeros); nothing else holds these arrays (the owner gives out copies and
        views that do not outlive a call)."""
        if rows <= self.capacity:
            return
        size = max(rows, self.capacity + self.capacity // 8, 256)
        self._grow_rows(size)
        for name, first in (("_s", 1.0), ("_qsum", 0.0), ("_qn", 0.0), ("_rn", 0.0),
                            ("_length", 0.0)):
            column = getattr(self, name)
            old = len(column)
            column.resize(size, refcheck=False)
            column[old:] = first

    def _grow_rows(self, size: int) -> None:
        """``q`` and ``r`` grown to ``size`` rows, the rows held kept: in the rooms given
        (each a new mapping of its whole file), else in memory. A room refused (a full disk,
        a store whose ``state/`` is not made yet) keeps them in memory until the next growth
        asks again."""
        if self._room is not None and size:
            fresh = self._rooms is None
            try:
                if self._rooms is None:
                    self._rooms = self._room(self.dim)
                q, r = (room.resize(size) for room in self._rooms)
            except StoreError:
                self._rooms = None
            else:
                cells = size * self.dim
                grown_q = np.frombuffer(q, dtype=np.uint8, count=cells).reshape(size, self.dim)
                grown_r = np.frombuffer(r, dtype=np.int8, count=cells).reshape(size, self.dim)
                if fresh:  # the rows held in memory until now move into the rooms
                    grown_q[:len(self._q)], grown_r[:len(self._r)] = self._q, self._r
                self._q, self._r = grown_q, grown_r
                return
        for name in ("_q", "_r"):
            rows = getattr(self, name)
            if rows.flags.owndata:
                rows.resize((size, self.dim), refcheck=False)
            else:  # mapped until now: copied out
                grown = np.zeros((size, self.dim), dtype=rows.dtype)
                grown[:len(rows)] = rows
                setattr(self, name, grown)

    @property
    def mapped(self) -> bool:
        """``q`` and ``r`` live in the rooms given, not in memory."""
        return not self._q.flags.owndata

    def append(self, block: Any) -> None:
        """Add float32 rows (one per vector) after the last one."""
        rows = np.asarray(block, dtype=np.float32).reshape(-1, self.dim)
        if not len(rows):
            return
        self.reserve(self.count + len(rows))
        first = self.count
        for start in range(0, len(rows), ROWS_AT_ONCE):  # every value is per row
            part = rows[start:start + ROWS_AT_ONCE]
            q, r, s = quantize(part)
            at, end = first + start, first + start + len(part)
            self._q[at:end] = _offset(q)
            self._qsum[at:end] = self._q[at:end].sum(axis=1, dtype=np.int64)
            self._r[at:end], self._s[at:end] = r, s
            self._qn[at:end] = _norms(q)
            self._rn[at:end] = _norms(r)
            self._length[at:end] = np.linalg.norm(part, axis=1)
        self.count = first + len(rows)
        self._release(first, self.count)

    def release_fine(self) -> None:
        """Take every ``r`` row out of the process's resident set (kept in its room), the
        room's rows not used yet too (a read maps the pages cached around it: 64 KB)."""
        self._release(0, self.capacity)

    def _release(self, start: int, stop: int) -> None:
        # a search rescores ~100 rows from ``r`` (every one reads ``q``): the pages of ``r``
        # leave the resident set, and those a search reads come back alone
        if self._rooms is not None and self.mapped:
            self._rooms[1].release(start, stop)

    def lengths(self, indices: Any) -> Any:
        """The Euclidean length of these rows, as appended."""
        return self._length[np.asarray(indices)]

    def row(self, index: int) -> Any:
        """Row ``index`` as float32 (within float32 noise of what was stored)."""
        picked = np.asarray([index])
        return (self._in_steps(picked).astype(np.float32) * (self._s[picked] / 254.0)[:, None])[0]

    def _in_steps(self, picked: Any) -> Any:
        """``q * 254 + r`` of these rows, as int16: each row in steps of ``s / 254`` (at most
        127 * 254 + 127); widened once by the caller."""
        steps = self._q[picked].astype(np.int16)
        steps -= 128
        steps *= 254
        steps += self._fine(picked)
        return steps

    def _fine(self, picked: Any) -> Any:
        """The ``r`` rows of ``picked``. In a room, read from its file, not through the mapping
        (``RowRoom.read_into``: the rows a search rescores never become resident in the
        process, where a burst of searches refilled 20 of the 24 MB at 50k before its next idle
        turn released them); rows close together (``FINE_GAP``) in one read."""
        if self._rooms is None or not self.mapped or not len(picked):
            return self._r[picked]
        order = np.argsort(picked, kind="stable")
        ranked = picked[order]
        cuts = np.flatnonzero(np.diff(ranked) > FINE_GAP) + 1
        starts = np.concatenate(([0], cuts))
        firsts = ranked[starts]
        lengths = ranked[np.concatenate((cuts, [len(ranked)])) - 1] - firsts + 1
        at = np.concatenate(([0], np.cumsum(lengths)))  # each span's first row in ``spans``
        spans = np.empty((int(at[-1]), self.dim), dtype=np.int8)
        self._rooms[1].read_into(spans.data.cast("B"), firsts.tolist(), lengths.tolist())
        span = np.repeat(np.arange(len(starts)), np.diff(np.concatenate((starts, [len(ranked)]))))
        rows = np.empty((len(picked), self.dim), dtype=np.int8)
        rows[order] = spans[at[span] + ranked - firsts[span]]
        return rows

    def score_rows(self, indices: Any, query: Any) -> Any:
        """The exact product of these rows with ``query`` (the cosine, for unit vectors), in
        their order, as the float32 nearest to the stored row's product (summed in float64),
        whatever else is scored with it and whatever the machine's BLAS."""
        picked = np.asarray(indices, dtype=np.intp)
        query = np.asarray(query, dtype=np.float64)
        scores = np.zeros(len(picked), dtype=np.float32)
        for start in range(0, len(picked), ROWS_AT_ONCE):
            part = picked[start:start + ROWS_AT_ONCE]
            dots = np.asarray(simsimd.cdist(query[None, :],
                                            self._in_steps(part).astype(np.float64),
                                            metric="dot", out_dtype="float64"),
                              dtype=np.float64)[0]
            dots *= self._s[part].astype(np.float64) / 254.0
            scores[start:start + len(part)] = dots
        return scores

    def bounds(self, query: Any) -> tuple[Any, Any]:
        """(lower, upper) bounds of every row's exact score with ``query``, from integer dot
        products (float32 holds them exactly: at most 127 * 127 * dimensions, under 2^24 up to
        1,040 of them)."""
        n = self.count
        query = np.asarray(query, dtype=np.float32)
        peak = float(np.abs(query).max())
        step = peak / 127.0 if peak > 0 else 1.0
        rounded = np.rint(query / step)
        t = np.float32(step)  # the query's int8 steps, as the coarse scores multiply them
        left = float(np.linalg.norm(query.astype(np.float64) - rounded.astype(np.float64) * t))
        offset = _offset(rounded.astype(np.int8))
        # (q + 128) . (v + 128) - 128 sum(q + 128) - 128 sum(v + 128) + 128^2 dim = q . v,
        # exactly: float64 holds every term (the product is at most 255^2 * dim)
        unsigned = np.asarray(simsimd.cdist(offset[None, :], self._q[:n], metric="dot",
                                            out_dtype="float64"), dtype=np.float64)[0]
        unsigned -= 128.0 * self._qsum[:n]
        unsigned += 128.0 * (128.0 * self.dim - float(offset.sum(dtype=np.int64)))
        dots = unsigned.astype(np.float32)
        scale = self._s[:n]
        coarse = dots * (scale * t)
        error = self._qn[:n] * np.float32(left)
        error += self._rn[:n] * np.float32(float(np.linalg.norm(query)) / 254.0)
        error *= scale
        error += np.float32(ROUNDING_SLACK)
        upper = coarse + error
        coarse -= error
        return coarse, upper

    def top(self, query: Any, take: int, bounds: tuple[Any, Any] | None = None
            ) -> tuple[Any, Any]:
        """(row indices, cosines) of the ``take`` rows most similar to ``query``, best first
        (ties by row index). ``bounds``: this query's, when the caller has them already.

        Rescored: every row whose upper bound reaches the ``take``-th best lower bound. At
        least ``take`` rows score that much or more, so a row left out (its upper bound
        below it) is strictly worse than the ``take``-th best: the same rows, in the same
        order, as scoring every row exactly."""
        n = self.count
        take = min(take, n)
        if take <= 0:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.float32)
        query = np.asarray(query, dtype=np.float32)
        if take == n:
            candidates = np.arange(n)
        else:
            lower, upper = bounds if bounds is not None else self.bounds(query)
            floor = np.partition(lower, n - take)[n - take]
            candidates = np.flatnonzero(upper >= floor)
        exact = self.score_rows(candidates, query)
        order = np.lexsort((candidates, -exact))[:take]
        return candidates[order], exact[order]
