"""Words close in meaning to a word, read from the embedding model's own token table.

A question and the memory that answers it often name one thing with two words: "what vehicle",
"I sold the car"; "the user's pet", "our dog"; "what did the user purchase", "I bought". The
vectors of whole texts see that only faintly (a mean over every content word), so the navigation
actor also searches the question with such words swapped in (a reading worth less than the
question's own words). The table holds a vector per token; the words here are the whole-word
tokens (a leading "▁", letters only, lower case, three letters or more, not a stop word), about
ten thousand, compared by cosine. Multi-token words ("headphones") have no neighbours.

Measured on the token table (cosine of the nearest words): vehicle -> car 0.69, pet -> dog
0.66, purchase -> buy 0.79, film -> movie 0.84, noise -> loud 0.57; unrelated neighbours of
short words fall below 0.5 (tea -> teacher 0.39, cat -> bat 0.34). Pure computation after
loading; any thread (a lock guards the one-time build).
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from actors.embedding.model import Embedder
from actors.text import STOPWORDS, fold

MIN_COSINE = 0.5
"""Nearest words below this are about something else (see the module's figures)."""
KEPT = 8
"""Neighbours returned per word, closest first."""


class WordNeighbours:
    """The whole-word tokens of the model and their unit vectors (float16, about 5 MB)."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()
        self._words: list[str] = []
        self._position: dict[str, int] = {}
        self._matrix: Any = None

    def _build(self) -> None:
        import numpy as np

        with self._lock:
            if self._matrix is not None:
                return
            table, tokenizer = self._embedder.load()
            picked = sorted((token[1:], index) for token, index in tokenizer.get_vocab().items()
                            if token.startswith("▁") and len(token) >= 4
                            and token[1:].isalpha() and token[1:].islower()
                            and fold(token[1:]) not in STOPWORDS)
            rows = np.asarray(table[np.array([index for _, index in picked])],
                              dtype=np.float32)
            rows /= np.linalg.norm(rows, axis=1, keepdims=True) + 1e-9
            self._words = [word for word, _ in picked]
            self._position = {word: n for n, word in enumerate(self._words)}
            self._matrix = rows.astype(np.float16)

    def of(self, word: str) -> tuple[tuple[str, float], ...]:
        """(word, cosine) of the ``KEPT`` nearest whole words at ``MIN_COSINE`` or more."""
        return self._cached(word.lower())

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one instance per process, never freed
    def _cached(self, word: str) -> tuple[tuple[str, float], ...]:
        import numpy as np

        self._build()
        at = self._position.get(word)
        if at is None:
            return ()
        matrix = self._matrix
        scores = matrix.astype(np.float32) @ matrix[at].astype(np.float32)
        scores[at] = -1.0
        top = np.argpartition(scores, -KEPT)[-KEPT:]
        ranked = sorted(top, key=lambda n: (-float(scores[n]), self._words[n]))
        return tuple((self._words[n], round(float(scores[n]), 3)) for n in ranked
                     if scores[n] >= MIN_COSINE)
