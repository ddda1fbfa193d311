"""The navigation actor's vector index: memory vectors in one matrix, filled in the background.

A memory is found by its words the moment it is saved and by its meaning once its vector exists:
``backfill`` (called by the navigation actor when its inbox is idle) embeds a batch of memories
that have no vector of the current model yet, stores them (``store.vectors``) and adds them to
the matrix; vectors another process already stored are read, not recomputed. Nothing is loaded
at process start: the navigation actor loads the stored vectors and the model in the background
(``warm``) and searches lexically until they are ``ready``. A search is one
matrix-vector product over the quantized rows (``quantized``: two bytes a dimension, the same
top results). This module never decides ranking and never touches the event loop (its
callers run it in a worker thread). numpy is imported on first use, off the server's start path.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import structlog

from actors.embedding.first_person import first_person
from actors.embedding.sentence import (
    DIM,
    MODEL_ID,
    SentenceEncoder,
    Vectors,
    as_read,
    in_conversation,
    passages,
)
from actors.lazy_re import lazy_regex
from store.paths import StoreLayout
from store.vectors import VectorTable

if TYPE_CHECKING:
    from actors.embedding.quantized import QuantizedRows
    from store.row_file import MappedRows

BATCH = 32
"""Memories embedded per idle turn at most (short notes: ~0.12 s at the sentence model's 260
of them a second; 256 made a search wait a second)."""
BATCH_CHARS = 3000
"""Characters encoded per call of ``backfill`` at most (one text more when a single text is
longer): what a search waits for behind an idle turn, or spends itself on memories saved just
now. The model's cost is per token (~0.13 ms of CPU here, ~4 characters a token in prose),
not per memory: 32 chat turns of 150-350 words, each read three ways (itself, within its
conversation, its passages), took 10-14 s of a search's time (an outside LongMemEval-style
probe: the first ~35 searches after a fresh build answered in 0.7-9 s)."""
TEXT_CHARS = 2000
"""Characters of a memory's text (after its title) that its vector is computed from."""
LOAD_BLOCK = 512
"""Stored vectors read into a float32 block before it is quantized (1 MB: quantizing a block
holds several temporaries of its size; 4,096 rows, 8 MB each, raised the load's peak by 37 MB)."""

log = structlog.get_logger("ihmt.embedding")


class Encoder(Protocol):
    """What the index needs of a model (``SentenceEncoder``; tests wrap it to count or gate)."""

    @property
    def loaded(self) -> bool: ...

    def load(self) -> object: ...

    def encode(self, texts: list[str]) -> Vectors: ...


OTHERS_GRACE_S = 3.0
"""How long a memory another process saved is left to its saver to embed (it does so right
after the save, ``saved_here``): the other processes read the stored vector instead of each
computing it again (8 server processes saving at once computed most saves' vectors several
times). A search here meanwhile reads it, or computes it itself (``backfill(now=True)``):
a reply never waits for another process. A saver that stops first (a CLI save) leaves it
to whoever's grace ends first."""
OWN_KEPT = 4096
"""Ids of this process's saves kept until their arrival is seen (a repeated save changes
nothing, so its id never arrives)."""
QUERY_CACHE = 64
"""Question vectors kept by text: a search that widens to every scope (nothing found in the
caller's project) and a question asked again (with a ``clue`` after AMBIGUOUS: the vector is
the question's alone) each cost an encoding (2-2.5 ms) otherwise. The model of a process never
changes, so a text's vector never does."""
CANDIDATES_FACTOR = 4
"""Rows looked at, as a multiple of those wanted, when the first look found too few
admissible ones (as many as before the first look was made k: 4k in all at most)."""


EARLIER_TURNS = 2
"""Turns said before a chat turn that its vector reads (``backfill``; the navigation actor
finds them). Vectors alone, on three outside chat sets, evidence in the top 5 (mean with the
turn's own vector): one earlier turn 0.492 / 0.439 / 0.51, two 0.462 / 0.455 / 0.50 (top 10:
0.615 / 0.561 / 0.59 against 0.600 / 0.606 / 0.63; top 1: 0.138 / 0.212 / 0.19 against 0.200 /
0.197 / 0.24)."""
CONVERSATION_SHARE = 1 / (1 + EARLIER_TURNS)
"""A chat turn read within its conversation counts as this much of a memory in a question's
crowd (``similar_and_crowd``): its vector reads the turns before it, so the turns of one
conversation about the question stand together near it, and the tenth closest memory was often
the first's own conversation (LoCoMo-style outside set, conversation A, one memory per turn:
false "No memory found" 2 -> 8 % with a plain count; "What musical things does Leilani do?"
0.437 against a crowd of 0.402). A store of notes counts as before."""
PASSAGE_SHARE = 0.5
"""What a long memory's closest passage weighs in its similarity, its own vector the rest
(``sentence.passages``: the mean did better than the closest passage alone)."""
ONE_MEMORY_LENGTH = 0.999
"""A stored vector shorter than this is a chat turn's mean of two (a unit vector's length is 1
within float32 noise; two vectors as close as to make a mean this long say the same)."""


def crowd_at(ranked: Iterable[tuple[float, float]], rank: int) -> float | None:
    """The similarity at which (similarity, share) pairs, best first, add up to ``rank``
    memories; None when they add up to fewer."""
    counted = 0.0
    for similarity, share in ranked:
        counted += share
        if counted >= rank - 1e-9:
            return similarity
    return None


@dataclasses.dataclass
class _Reading:
    """A memory whose texts are being encoded (a long one may take several ``backfill``
    calls)."""

    leaf: str
    texts: list[str]
    """Its own reading, its reading within its conversation (when ``within``), its
    passages."""
    within: bool
    vectors: list[Vectors] = dataclasses.field(default_factory=list)
    """The vectors of ``texts``' first ones, encoded so far."""

    def rows(self) -> Vectors:
        """The memory's stored rows: its vector (a chat turn's: the mean of its own
        reading's and its conversation reading's), then its passages'."""
        import numpy as np

        rows: Vectors = np.stack([self.vectors[0], *self.vectors[1 + self.within:]])
        if self.within:
            rows[0] = (self.vectors[0] + self.vectors[1]) / 2
        return rows


_OPENING_MARK = lazy_regex(r"([¿¡])(?=\w)")


def marks_apart(text: str) -> str:
    """A Spanish question with its opening mark set apart from its first word ("¿Fuma ahora el
    usuario?" -> "¿ Fuma ahora el usuario?"): the sentence model reads "¿Fuma" as a piece of
    its own, far from "smoke", and no memory of giving up smoking reached
    ``ranking.MIN_SIMILARITY`` ("¿ Fuma", "Fuma" and "¿fuma" all do). Read only when no
    memory holds a word of the question and none is close to it as written: set apart for
    every question, it moved eight Spanish questions of the sets, four of them down
    (conversation-b recall@5 .840 -> .827, templated recall@1 .729 -> .721)."""
    return _OPENING_MARK.sub(r"\1 ", text)


class VectorIndex:
    def __init__(self, layout: StoreLayout, embedder: Encoder | None = None) -> None:
        self.layout = layout
        self.table = VectorTable(layout)
        """This index's connection to the stored vectors (kept: every save reads and writes
        a few rows; ``close`` ends it)."""
        self.embedder: Encoder = embedder or SentenceEncoder()
        self.ids: list[str] = []
        self.position: dict[str, int] = {}
        self._matrix: QuantizedRows | None = None
        """One row per memory: its vector (``backfill``), at its ``position``."""
        self._passages: QuantizedRows | None = None
        """One row per passage of a long memory (``sentence.passages``)."""
        self._owner: list[int] = []
        """The position of the memory each passage row is of."""
        self._parts: dict[int, range] = {}
        """The passage rows of each long memory (consecutive), by its position."""
        self.loaded = False
        """The stored vectors are in the matrix (set last by ``load``, from any thread)."""
        self._loading = threading.Lock()
        self.embedded_total = 0
        """Memories this process embedded itself (the rest were read from the store)."""
        self.started = 0.0
        self._todo: list[str] = []
        """Memories queued for embedding (by ``plan``), the next one last."""
        self._reading: _Reading | None = None
        """The memory whose texts ``backfill`` has begun to encode, not all yet."""
        self._asked: OrderedDict[str, Vectors] = OrderedDict()
        """Question vectors by the text encoded (``encode_query``), read-only, newest last."""
        self._bounded: tuple[Vectors, tuple[int, int], tuple[Any, Any]] | None = None
        """The last question's coarse bounds (``_bounds``): its vector, the rows counted then,
        the bounds."""
        self._others_dropped = False
        """Rows of other models were dropped once this process's queue first emptied."""
        self._own: dict[str, None] = {}
        """Memories this process saved whose arrival ``enqueue`` has not seen yet."""
        self._waiting: dict[str, float] = {}
        """Memories another process saved, waiting for their saver's vector: id -> the
        monotonic time after which this process computes it."""
        self._ahead: set[str] = set()
        """Memories queued by ``embed_first`` (a search's candidates) while a backlog lasts:
        they are no sample of the store (``crowd_weight``)."""

    def __len__(self) -> int:
        return len(self.ids)

    def close(self) -> None:
        """Close the connection to the stored vectors (the owner replaces or drops this
        index); a later call would open it again."""
        self.table.close()

    @property
    def ready(self) -> bool:
        """Stored vectors and the model are both loaded (no model is needed while there is no
        vector to compare with): a search costs no loading."""
        return self.loaded and (self.embedder.loaded or not self.ids)

    def _room(self, row_bytes: int) -> tuple[MappedRows, MappedRows]:
        """The room of a matrix's ``q`` and ``r`` rows: two nameless mapped files in the
        store's ``state/`` (``store.row_file``), so the vectors a server holds for as long as
        it runs are page cache the kernel may drop and read again, not its private memory
        (at 50k memories 48 MB of a server's ~175 MB anonymous after its first search)."""
        from store.row_file import MappedRows

        state = self.layout.state_dir
        return MappedRows(state, row_bytes), MappedRows(state, row_bytes)

    def _add(self, rows: list[tuple[str, Vectors]]) -> None:
        """Add memories' vectors: per memory, its own row first, then its passages' rows."""
        import numpy as np

        from actors.embedding.quantized import QuantizedRows

        fresh = [(leaf, vecs.reshape(-1, DIM)) for leaf, vecs in rows
                 if leaf not in self.position]
        if not fresh:
            return
        if self._matrix is None:
            self._matrix = QuantizedRows(DIM, room=self._room)
        self._matrix.append(np.stack([vecs[0] for _, vecs in fresh]))
        for leaf, vecs in fresh:
            self.position[leaf] = len(self.ids)
            self.ids.append(leaf)
            self._add_passages(self.position[leaf], vecs[1:])

    def _add_passages(self, position: int, rows: Vectors) -> None:
        from actors.embedding.quantized import QuantizedRows

        if not len(rows):
            return
        if self._passages is None:
            self._passages = QuantizedRows(DIM, room=self._room)
        first = self._passages.count
        self._passages.append(rows)
        self._parts[position] = range(first, first + len(rows))
        self._owner.extend([position] * len(rows))

    def load(self) -> None:
        """Read the stored vectors of the current model (once; any thread).

        One matrix sized from the stored count, filled a block of rows at a time straight
        from the cursor: no list of every row, no array per row. Published at the end, so a
        reader in another thread sees either nothing or everything.
        """
        with self._loading:
            if self.loaded:
                return
            if self.table.count(MODEL_ID) == 0:
                self.loaded = True  # an empty or new store: numpy is not even imported
                return
            import numpy as np

            from actors.embedding.quantized import QuantizedRows

            row_bytes = DIM * 4
            ids: list[str] = []
            block = np.zeros((LOAD_BLOCK, DIM), dtype=np.float32)
            flat = block.data.cast("B")
            filled = 0
            long: list[tuple[int, bytes]] = []  # (position, its passages' rows)
            with self.table.scanning(MODEL_ID) as (count, rows):
                matrix = QuantizedRows(DIM, count, room=self._room)
                for leaf, blob in rows:
                    if not blob or len(blob) % row_bytes:
                        continue
                    flat[filled * row_bytes:(filled + 1) * row_bytes] = blob[:row_bytes]
                    if len(blob) > row_bytes:
                        long.append((len(ids), blob[row_bytes:]))
                    ids.append(leaf)
                    filled += 1
                    if filled == LOAD_BLOCK:
                        matrix.append(block)
                        filled = 0
                matrix.append(block[:filled])
            self._matrix = matrix
            self.ids = ids
            self.position = {leaf: i for i, leaf in enumerate(ids)}
            if long:  # every long memory's passages in one matrix, a block at a time
                sizes = [len(rest) // row_bytes for _, rest in long]
                passages_matrix = QuantizedRows(DIM, sum(sizes), room=self._room)
                first = filled = 0
                for at, ((position, rest), size) in enumerate(zip(long, sizes, strict=True)):
                    self._parts[position] = range(first, first + size)
                    self._owner.extend([position] * size)
                    first += size
                    left = memoryview(rest)
                    while left:
                        piece = left[:(LOAD_BLOCK - filled) * row_bytes]
                        flat[filled * row_bytes:filled * row_bytes + len(piece)] = piece
                        filled += len(piece) // row_bytes
                        left = left[len(piece):]
                        if filled == LOAD_BLOCK:
                            passages_matrix.append(block)
                            filled = 0
                    long[at] = (position, b"")  # its bytes are copied: given back as it goes
                passages_matrix.append(block[:filled])
                self._passages = passages_matrix
            self.loaded = True

    def release_rows(self) -> None:
        """Take the fine rows (``r``) of the memories and their passages out of this
        process's resident set (``QuantizedRows.release_fine``): a search reads a hundred
        of them, a question over a busy time thousands, and each read brings its pages back
        alone. The coarse rows every search reads stay."""
        for matrix in (self._matrix, self._passages):
            if matrix is not None:
                matrix.release_fine()

    def warm(self) -> None:
        """Load the stored vectors, and the model when there is any vector to compare with
        (the navigation actor's background load; the first embedding loads it otherwise)."""
        self.load()
        if self.ids:
            self.embedder.load()

    def plan(self, leaf_ids: Iterable[str]) -> int:
        """Queue the memories that have no vector (one pass over the store); returns how many.
        Memories another process saved a moment ago stay with their saver (``enqueue``)."""
        self.load()
        first = self._todo  # queued already (saved just now): still embedded first
        queued = set(first) | self._begun()
        planned = [leaf for leaf in leaf_ids if leaf not in self.position
                   and leaf not in self._waiting and leaf not in queued]
        planned.reverse()  # popped from the end: oldest first
        self._todo = planned + first
        return len(self._todo)

    def embed_first(self, leaf_ids: Sequence[str]) -> list[str]:
        """Queue these memories (best first) ahead of every other that lacks a vector, those
        another process saved a moment ago included (a search is about to rank them; their
        saver's vector is read if stored meanwhile); returns those that lack one."""
        self.load()
        begun = self._begun()
        wanted = [leaf for leaf in dict.fromkeys(leaf_ids)
                  if leaf not in self.position and leaf not in begun]
        if wanted:
            first = set(wanted)
            for leaf in wanted:
                self._waiting.pop(leaf, None)
            self._todo = [leaf for leaf in self._todo if leaf not in first] + wanted[::-1]
            self._ahead |= first
        return wanted + [leaf for leaf in begun if leaf in leaf_ids]

    def all_embedded(self, leaf_ids: Iterable[str]) -> bool:
        """Every one of these memories has its vector here (a search's candidates on a
        settled store: nothing to put first, ``embed_first``)."""
        return all(leaf in self.position for leaf in leaf_ids)

    def saved_here(self, leaf_ids: Iterable[str]) -> None:
        """Memories this process saved: it embeds them next (``enqueue``), and the other
        processes read their vectors instead of computing them again."""
        for leaf in leaf_ids:
            if self._waiting.pop(leaf, None) is not None:
                self._todo.append(leaf)  # its arrival was seen first
            else:
                self._own[leaf] = None
        while len(self._own) > OWN_KEPT:  # ids whose arrival never came (nothing changed)
            del self._own[next(iter(self._own))]

    def enqueue(self, leaf_ids: Iterable[str], *, now: float | None = None) -> None:
        """Queue memories just saved that have no vector: this process's own are embedded
        next; another process's wait ``OTHERS_GRACE_S`` for their saver's vector, and are
        computed here only when it did not come (a saver that stopped, a CLI save)."""
        self.load()
        queued = set(self._todo) | self._begun()
        due = (time.monotonic() if now is None else now) + OTHERS_GRACE_S
        for leaf in leaf_ids:
            if leaf in self.position or leaf in queued or leaf in self._waiting:
                continue
            if leaf in self._own:
                del self._own[leaf]
                self._todo.append(leaf)
            else:
                self._waiting[leaf] = due

    @property
    def queued(self) -> int:
        """Memories this process embeds at its next turns (another process's count once
        their grace is over)."""
        now = time.monotonic()
        return self.unembedded_here + sum(1 for due in self._waiting.values() if due <= now)

    @property
    def unembedded(self) -> int:
        """Memories known to lack a vector here: queued, or waiting for their saver's."""
        return self.unembedded_here + len(self._waiting)

    def crowd_weight(self, total: int) -> float:
        """How many memories of a store of ``total`` each embedded one stands for in a
        question's crowd while a backlog is embedded: those embedded in the backlog's order
        are a sample of the memories without a search's preference (``embed_first``), which
        stand for themselves. 1.0 once nothing waits here."""
        if not self.unembedded:
            return 1.0
        ahead = sum(1 for leaf in self._ahead if leaf in self.position)
        return max(1.0, (total - len(self._ahead)) / max(1, len(self.ids) - ahead))

    def _begun(self) -> set[str]:
        return set() if self._reading is None else {self._reading.leaf}

    def _take_waiting(self, everything: bool) -> None:
        """Read the stored vectors of the memories waiting for their saver's, and queue
        those whose grace is over (``everything``: all of them, for a search now)."""
        if not self._waiting:
            return
        import numpy as np

        stored = self.table.read(MODEL_ID, list(self._waiting))
        self._add([(leaf, np.frombuffer(blob, dtype=np.float32)) for leaf, blob in stored
                   if blob and len(blob) % (DIM * 4) == 0])
        now = time.monotonic()
        for leaf, due in list(self._waiting.items()):
            if leaf in self.position:
                del self._waiting[leaf]
            elif everything or due <= now:
                del self._waiting[leaf]
                self._todo.append(leaf)

    def backfill(self, text_of: Callable[[str], str],
                 earlier_of: Callable[[str], Sequence[str]] = lambda leaf: (), *,
                 now: bool = False) -> int:
        """Encode one batch of the queued memories' texts, at most ``BATCH_CHARS`` characters
        (and ``BATCH`` memories): a long memory's texts may take several calls, so a call's
        time is bounded whatever the memories' length (vectors another process stored are
        read, not recomputed); returns how many memories stay to embed. A memory's texts are
        its own reading (``as_read``), its reading within its conversation when ``earlier_of``
        gives turns said right before it (``in_conversation``), then its passages when long
        (``passages``). A chat turn's vector is the mean of its own reading's and its
        conversation reading's: vectors alone, evidence turn in the top 5 on three outside
        chat sets saved one turn per memory, 0.246 / 0.333 / 0.42 as the turn alone, 0.508 /
        0.500 / 0.46 read with its two earlier turns, 0.462 / 0.455 / 0.50 the mean of both
        (top 1: 0.108 / 0.182 / 0.14, 0.292 / 0.121 / 0.17, 0.200 / 0.197 / 0.24: the mean
        keeps the turn that says the answer ahead of the question's turn before it). The mean
        is not rescaled to a unit vector: scaled, a turn that strays from its conversation
        gained (0.431 / 0.424 / 0.44 in the top 5). ``now`` (a search): the memories waiting
        for their saver's vector are read if stored and computed if not, without waiting."""
        self._take_waiting(now)
        if not self._todo and self._reading is None:
            return 0
        if not self.started:
            self.started = time.perf_counter()
        self._read_stored(self._todo[-BATCH:])
        batch: list[tuple[_Reading, int]] = []  # each memory read, and its texts encoded now
        texts: list[str] = []
        size = 0
        while size < BATCH_CHARS and len(batch) < BATCH:
            reading = self._reading or self._next_reading(text_of, earlier_of)
            if reading is None:
                break
            self._reading = reading
            first = len(reading.vectors)
            end = first
            while end < len(reading.texts) and (
                    not texts or size + len(reading.texts[end]) <= BATCH_CHARS):
                texts.append(reading.texts[end])
                size += len(reading.texts[end])
                end += 1
            if end > first:
                batch.append((reading, end - first))
            if end < len(reading.texts):
                break  # the budget is spent: the rest of this memory at the next call
            self._reading = None
        if texts:
            encoded = self.embedder.encode(texts)
            at = 0
            for reading, count in batch:
                reading.vectors.extend(encoded[at:at + count])
                at += count
        done = [reading for reading, _ in batch if reading is not self._reading]
        if done:
            self._store([(reading.leaf, reading.rows()) for reading in done])
        remaining = self.unembedded_here
        elapsed = time.perf_counter() - self.started
        log.info("embedding.progress", model=MODEL_ID, embedded=len(self.ids),
                 batch=len(done), characters=size, remaining=remaining,
                 rate_per_s=round(self.embedded_total / elapsed, 1) if elapsed > 0 else None)
        if remaining == 0:
            self.started = 0.0
            self._ahead.clear()
            if not self._others_dropped:
                # Every memory has a vector of this model: an earlier model's rows are dead
                # weight. Once per process: the statement scans the whole table (no index on
                # the model) inside a write transaction, which every save's transaction then
                # waited for; it ran after every batch that emptied the queue, i.e. after
                # nearly every save (50k store: ~3 ms of the server's CPU per save, and save
                # p95 11 -> ... ms, DESIGN-NOTES "Twenty-first pass"). Rows of another model
                # appear only when a process of another version writes them; its own next
                # start, or this process's next, drops them.
                self._others_dropped = True
                self.table.drop_other_models(MODEL_ID)
        return remaining

    @property
    def unembedded_here(self) -> int:
        """Memories queued here, the one whose texts are half encoded included."""
        return len(self._todo) + (self._reading is not None)

    def _read_stored(self, leaves: list[str]) -> None:
        """Take the stored vectors of these queued memories (another process computed them)
        out of the queue and into the matrix."""
        import numpy as np

        if not leaves:
            return
        stored = self.table.read(MODEL_ID, leaves)
        self._add([(leaf, np.frombuffer(blob, dtype=np.float32)) for leaf, blob in stored
                   if blob and len(blob) % (DIM * 4) == 0])
        if any(leaf in self.position for leaf in leaves):
            self._todo = [leaf for leaf in self._todo if leaf not in self.position]

    def _next_reading(self, text_of: Callable[[str], str],
                      earlier_of: Callable[[str], Sequence[str]]) -> _Reading | None:
        """The next queued memory without a vector, as the texts its vector is encoded
        from; None when the queue is empty."""
        while self._todo:
            leaf = self._todo.pop()
            if leaf in self.position:
                continue
            try:
                said = text_of(leaf)
            except (OSError, KeyError):
                continue  # a leaf removed or retracted since it was queued
            earlier = earlier_of(leaf)
            texts = [as_read(said)[:TEXT_CHARS]]
            if earlier:
                texts.append(in_conversation(said, earlier)[:TEXT_CHARS])
            return _Reading(leaf, texts + passages(said), within=bool(earlier))
        return None

    def _store(self, rows: list[tuple[str, Vectors]]) -> None:
        """Memories' vectors (each its own row, then its passages'), into this process's
        matrix first: a disk that refuses the put (full, read-only) costs the other
        processes a recomputation, never this one its search by meaning."""
        import numpy as np

        self._add(rows)
        self.embedded_total += len(rows)
        self.table.put(MODEL_ID, ((leaf, np.ascontiguousarray(vectors, dtype=np.float32)
                                   .tobytes()) for leaf, vectors in rows))

    def encode_query(self, text: str) -> Vectors:
        """The question's vector, read in the first person (``first_person``). Measured,
        full path (recall@1, false "No memory found"; conversation / conversation-b /
        templated seeds 11, 7): as asked 0.585 / 0.427 / 0.771 / 0.796, 0.200 / 0.280 / 0.000 /
        0.004; in the first person 0.600 / 0.467 / 0.761 / 0.786, 0.169 / 0.240 / 0.000 /
        0.000 (never-stored questions answered so: 7/15 -> 6/15, 5/20 and 10/10 unchanged).
        The mean of both readings did no better and cost a second encoding (1.1 ms)."""
        said = first_person(text)
        kept = self._asked.get(said)
        if kept is not None:
            self._asked.move_to_end(said)
            return kept
        encoded: Vectors = self.embedder.encode([said])[0]
        encoded.setflags(write=False)  # shared by every search of this text
        self._asked[said] = encoded
        if len(self._asked) > QUERY_CACHE:
            self._asked.popitem(last=False)
        return encoded

    def similar(self, query: Vectors, k: int, allowed: Callable[[str], bool]
                ) -> dict[str, float]:
        """The ``k`` most similar admissible memories and their cosine similarity."""
        return self.similar_and_crowd(query, k, allowed, 1)[0]

    def similar_and_crowd(self, query: Vectors, k: int, allowed: Callable[[str], bool],
                          crowd_rank: int, sampled: float = 1.0
                          ) -> tuple[dict[str, float], float]:
        """The ``k`` most similar admissible memories and their cosine similarity, and the
        question's crowd: what any memory reaches for it, the similarity of the
        ``crowd_rank``-th closest admissible memory, or of the store's when fewer are
        admissible among those looked at (a project holding eight memories near the question
        is no sign that the closest stands out); 0.0 if the store holds fewer. A chat turn
        read within its conversation counts as ``CONVERSATION_SHARE`` of a memory: the turns
        after it read its words too, and a conversation about the question stands together
        near it. ``sampled``: how many memories an embedded one stands for while a backlog is
        embedded (``crowd_weight``)."""
        import numpy as np

        self.load()
        n = len(self.ids)
        if n == 0 or self._matrix is None or not np.any(query):
            return {}, 0.0
        out: dict[str, float] = {}
        shares: dict[str, float] = {}
        judged: set[int] = set()
        store_crowd: float | None = None
        bounds = self._bounds(query)
        # the k best first (the usual case: every memory is admissible); once more, four
        # times as many, when the scope or the time asked for turned some down; never more
        # (a scope holding few memories must not walk every vector)
        for take in (max(k, math.ceil(crowd_rank / CONVERSATION_SHARE)), k * CANDIDATES_FACTOR):
            rows, ranked = self._ranked(query, min(take, n), bounds)
            weights = self._shares(rows, sampled)
            if store_crowd is None:
                store_crowd = crowd_at(zip(ranked, weights, strict=True), crowd_rank)
            for i, sim, share in zip(rows, ranked, weights, strict=True):
                if i in judged:
                    continue
                judged.add(i)
                leaf = self.ids[i]
                if allowed(leaf):
                    out[leaf], shares[leaf] = float(sim), share
                    if len(out) == k:
                        break
            if len(out) == k or take >= n:
                break
        out = dict(sorted(out.items(), key=lambda item: -item[1]))
        pooled = crowd_at(((sim, shares[leaf]) for leaf, sim in out.items()), crowd_rank)
        return out, pooled if pooled is not None else store_crowd or 0.0

    def _bounds(self, query: Vectors) -> tuple[Any, Any]:
        """The coarse bounds of the question against the memories' rows and the passages'
        (``QuantizedRows.bounds``), computed once for every ``_ranked`` of one question: the
        pass over every row is most of a search's vector work. The last question's are kept
        while no row is added: a search that finds nothing in the caller's project asks
        again in every scope, with the same vector (``encode_query``'s, read-only)."""
        assert self._matrix is not None
        counted = (self._matrix.count, self._passages.count if self._passages else 0)
        kept = self._bounded
        if kept is not None and kept[0] is query and kept[1] == counted:
            return kept[2]
        bounds = (self._matrix.bounds(query),
                  self._passages.bounds(query) if self._passages is not None else None)
        if not query.flags.writeable:  # a caller's own array may change after the call
            self._bounded = (query, counted, bounds)
        return bounds

    def _ranked(self, query: Vectors, take: int, bounds: tuple[Any, Any]
                ) -> tuple[list[int], list[float]]:
        """(positions, similarities) of the ``take`` memories closest to ``query``, best first
        (ties by position). A long memory's similarity is the mean of its own vector's and of
        its closest passage's (``sentence.passages``); it is looked at when either is among
        the ``take`` closest rows of its kind."""
        assert self._matrix is not None
        rows, sims = self._matrix.top(query, take, bounds[0])
        if self._passages is None or not self._parts:
            return rows.tolist(), sims.tolist()
        near, _ = self._passages.top(query, take, bounds[1])
        owners = {self._owner[row] for row in near.tolist()}
        scored = dict(zip(rows.tolist(), sims.tolist(), strict=True))
        missing = sorted(owners - scored.keys())
        if missing:
            scored.update(zip(missing, self._matrix.score_rows(missing, query).tolist(),
                              strict=True))
        long = [position for position in scored if position in self._parts]
        for position, best in zip(long, self._best_passages(long, query, bounds[1]),
                                  strict=True):
            scored[position] = self._with_passage(scored[position], best)
        ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:take]
        return [position for position, _ in ranked], [sim for _, sim in ranked]

    def _best_passages(self, positions: list[int], query: Vectors,
                       bounds: tuple[Any, Any] | None = None) -> list[float]:
        """The closest passage's similarity of each of these long memories, scored in one
        call (a row's score does not depend on the others scored with it). Given the
        passages' bounds for ``query``, a passage whose upper bound is below the best lower
        bound of its memory's passages is not scored: it cannot be the closest."""
        import numpy as np

        if not positions:
            return []
        assert self._passages is not None
        spans = [self._parts[position] for position in positions]
        sizes = np.fromiter((len(span) for span in spans), dtype=np.intp, count=len(spans))
        starts = np.zeros(len(spans), dtype=np.intp)
        np.cumsum(sizes[:-1], out=starts[1:])
        firsts = np.fromiter((span.start for span in spans), dtype=np.intp, count=len(spans))
        # every span's rows, in order: the i-th span's k-th row is at starts[i] + k
        rows = np.arange(int(sizes.sum()), dtype=np.intp) - np.repeat(starts - firsts, sizes)
        if bounds is not None:
            lower, upper = bounds
            floor = np.maximum.reduceat(lower[rows], starts)
            kept = upper[rows] >= np.repeat(floor, sizes)  # each span's best lower bound too
            sizes = np.add.reduceat(kept, starts)
            np.cumsum(sizes[:-1], out=starts[1:])
            rows = rows[kept]
        return list(map(float, np.maximum.reduceat(
            self._passages.score_rows(rows, query), starts)))

    @staticmethod
    def _with_passage(own: float, best: float) -> float:
        """A long memory's similarity: the mean of its own vector's and its closest
        passage's (``PASSAGE_SHARE``)."""
        return (1 - PASSAGE_SHARE) * own + PASSAGE_SHARE * best

    def _shares(self, rows: Any, sampled: float = 1.0) -> list[float]:
        """How much of a memory each row counts for in a crowd: a chat turn's vector, the mean
        of two unit vectors (``backfill``), is shorter than one; a row of a backlog's sample
        stands for ``sampled`` memories (``crowd_weight``)."""
        assert self._matrix is not None
        return [(CONVERSATION_SHARE if 0.0 < length < ONE_MEMORY_LENGTH else 1.0)
                * (1.0 if sampled == 1.0 or self.ids[row] in self._ahead else sampled)
                for row, length in zip(rows, self._matrix.lengths(rows).tolist(),
                                       strict=True)]

    def similarity_between(self, a: str, b: str) -> float | None:
        """The cosine similarity of two memories' vectors; None when either has none. A chat
        turn's vector is a mean (``backfill``), shorter than a unit vector: the product is
        divided by both lengths."""
        self.load()
        at = self.position.get(b)
        if at is None or a not in self.position or self._matrix is None:
            return None
        first, second = self._matrix.row(self.position[a]), self._matrix.row(at)
        lengths = float((first @ first) * (second @ second)) ** 0.5
        return float(first @ second) / lengths if lengths else None

    def similarity_of(self, query: Vectors, leaf_ids: Iterable[str],
                      at_least: float | None = None) -> dict[str, float]:
        """The cosine similarity of these memories (those with a vector) to ``query``: the
        closest of a set the caller chose (the memories of a time range), however far they
        rank among all. ``at_least``: only the memories that may be that similar, in the
        same order: a row whose upper bound (``QuantizedRows.bounds``, the question's pass
        over every row, made once) is below it is left out unscored; a long memory (the mean
        with its closest passage) is always scored. The memories closest to a "No memory
        found" about a bulk import's month at 50k are a few thousand of its 37,000: scoring
        every one cost ~130 ms, twice a search."""
        import numpy as np

        self.load()
        rows = [(leaf, self.position[leaf]) for leaf in leaf_ids if leaf in self.position]
        if not rows or self._matrix is None or not np.any(query):
            return {}
        if at_least is not None:
            ats = np.fromiter((at for _, at in rows), dtype=np.intp, count=len(rows))
            kept = self._bounds(query)[0][1][ats] >= at_least
            if self._parts:
                kept |= np.isin(ats, np.fromiter(self._parts, dtype=np.intp))
            rows = list(itertools.compress(rows, kept.tolist()))
            if not rows:
                return {}
        sims = dict(zip((at for _, at in rows),
                        self._matrix.score_rows([at for _, at in rows], query).tolist(),
                        strict=True))
        long = [at for at in sims if at in self._parts]
        for at, best in zip(long, self._best_passages(long, query), strict=True):
            sims[at] = self._with_passage(sims[at], best)
        return {leaf: sims[at] for leaf, at in rows}
