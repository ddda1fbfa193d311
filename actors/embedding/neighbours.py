"""Words close in meaning to a word, read from the embedding model's own token table.

A question and the memory that answers it often name one thing with two words: "what vehicle",
"I sold the car"; "the user's pet", "our dog"; "what did the user purchase", "I bought". The
vectors of whole texts see that only faintly (a mean over every content word), so the navigation
actor also searches the question with such words swapped in (a reading worth less than the
question's own words). The table holds a vector per token; the words here are the whole-word
tokens (a leading "▁", letters only, lower case, three letters or more, not a stop word), about
ten thousand, compared by cosine. Multi-token words ("headphones") have no neighbours: the mean
of their pieces is mostly its first piece (boyfriend -> boy, novia -> novel).

Measured on the token table (cosine of the nearest words): vehicle -> car 0.69, pet -> dog
0.66, purchase -> buy 0.79, film -> movie 0.84, noise -> loud 0.57; unrelated neighbours of
short words fall below 0.5 (tea -> teacher 0.39, cat -> bat 0.34). Truncated to 64 or 128
dimensions the cosines swell and those cross 0.5 (tea -> teachers 0.51 at 64), so all 256 are
kept. Built off the search path (``build``, by the navigation actor's background turns); until
then ``of`` finds nothing. Pure computation; any thread (a lock guards the build and the cache).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from actors.embedding.sentence import holds_whole_word
from actors.embedding.word_table import WordTable
from actors.text import STOPWORDS, fold
from store.mapped_cache import advise_table

MIN_COSINE = 0.5
"""Nearest words below this are about something else (see the module's figures)."""
BLOCK = 2048
"""Rows of the model's float16 table widened to float32 at a time while building (2 MB)."""
KEPT = 8
"""Neighbours returned per word, closest first."""

Near = tuple[tuple[str, float], ...]


class WordNeighbours:
    """The whole-word tokens of the model and their unit vectors, one int8 row and one float32
    scale per word (2.6 MB; the float32 table was 10 MB in every server process). Every new word
    of a question is compared with all in one pass of integer dot products (under a
    millisecond), and cosines computed so are within a few thousandths of the float32 ones."""

    def __init__(self, table: WordTable) -> None:
        self._table = table
        self._lock = threading.Lock()
        self._words: list[str] = []
        self._position: dict[str, int] = {}
        self._matrix: Any = None
        """int8 rows (unit vectors over their scale)."""
        self._scale: Any = None
        self._cache: dict[str, Near] = {}

    @property
    def built(self) -> bool:
        return self._matrix is not None

    def build(self) -> None:
        """Read the word table (loads the model if needed; about half a second once)."""
        import numpy as np

        with self._lock:
            if self._matrix is not None:
                return
            table, vocabulary = self._table.read()
            # accent-folded, as questions are read ("película" is looked up as "pelicula");
            # the first of two tokens folding alike is kept
            folded: dict[str, int] = {}
            for token, index in sorted(vocabulary.items()):
                word = fold(token[1:])
                if token.startswith("▁") and len(token) >= 4 and token[1:].isalpha() \
                        and token[1:].islower() and word not in STOPWORDS:
                    folded.setdefault(word, index)
            ids = np.array(list(folded.values()))
            matrix = np.zeros((len(ids), table.shape[1]), dtype=np.int8)
            scale = np.zeros(len(ids), dtype=np.float32)
            # a block of float32 at a time, in the table's order: each block reads one stretch
            # of the mapped table, whose pages then leave the resident set (read in the
            # words' order, every block touched the whole table: 15 MB at a server's start)
            in_order = np.argsort(ids, kind="stable")
            for start in range(0, len(ids), BLOCK):
                part = in_order[start:start + BLOCK]
                rows = np.asarray(table[ids[part]], dtype=np.float32)
                rows /= np.linalg.norm(rows, axis=1, keepdims=True) + 1e-9
                peak = np.abs(rows).max(axis=1) / 127.0 + 1e-12
                matrix[part] = np.rint(rows / peak[:, None]).astype(np.int8)
                scale[part] = peak
                advise_table(table, "MADV_DONTNEED")  # resident no more; the page cache keeps them
            self._words = list(folded)
            self._position = {word: n for n, word in enumerate(self._words)}
            self._scale = scale
            self._matrix = matrix

    def knows(self, word: str) -> bool:
        """Whether ``word`` is a whole word of the table's vocabulary or of the sentence
        model's (a word of the language, lower case: names, codes and invented words are not),
        as written or without a possessive or plural ending ("sister's", "sisters"); False
        until ``build``. The table's ten thousand words alone lack many ("lesson", "rink")."""
        if self._matrix is None:
            return False
        said = word.lower().removesuffix("'s").removesuffix("’s")
        folded = fold(word)
        bare = folded.removesuffix("'s").removesuffix("’s")
        return any(form in self._position
                   for form in (folded, bare, bare.removesuffix("s"), bare.removesuffix("es"))) \
            or any(holds_whole_word(form) for form in (said, said.removesuffix("s"),
                                                       said.removesuffix("es")))

    def of(self, words: Iterable[str]) -> dict[str, Near]:
        """Each word -> (word, cosine) of its ``KEPT`` nearest whole words at ``MIN_COSINE``
        or more, closest first (empty for a word the table splits or lacks, and for every
        word until ``build``)."""
        import numpy as np

        asked = [fold(word) for word in words]
        with self._lock:
            if self._matrix is None:
                return {word: () for word in asked}
            # the cache holds at most one entry per table word (about ten thousand)
            fresh = [word for word in dict.fromkeys(asked)
                     if word not in self._cache and word in self._position]
            if fresh:
                at = [self._position[word] for word in fresh]
                scores = self._scores(at, np)  # one pass for every new word
                for column, word in enumerate(fresh):
                    column_scores = scores[:, column]
                    column_scores[at[column]] = -1.0
                    top = np.argpartition(column_scores, -KEPT)[-KEPT:]
                    self._cache[word] = self._nearest(column_scores, top.tolist())
            return {word: self._cache.get(word, ()) for word in asked}

    def _scores(self, at: list[int], np: Any) -> Any:
        """Cosines of every word with the words at ``at`` (one column each): integer dot
        products of the int8 rows (``simsimd``), times both rows' scales."""
        import simsimd

        dots = np.asarray(simsimd.cdist(self._matrix, self._matrix[at], metric="dot",
                                        out_dtype="float32"), dtype=np.float32)
        scaled: Any = dots * self._scale[:, None] * self._scale[at][None, :]
        return scaled

    def _nearest(self, scores: Any, top: list[int]) -> Near:
        ranked = sorted(top, key=lambda n: (-float(scores[n]), self._words[n]))
        return tuple((self._words[n], round(float(scores[n]), 3)) for n in ranked
                     if scores[n] >= MIN_COSINE)
