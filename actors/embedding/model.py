"""The embedding model: WordLlama's static token vectors, read from the installed wheel.

The weights (a 32k x 256 float16 matrix) and the tokenizer ship inside the ``wordllama`` wheel;
they are read from the package folder and nothing is ever fetched (wordllama's own loader looks
for the tokenizer in the wrong folder and then tries the network, so it is not used). A text's
vector is the mean of its tokens' vectors, cut to ``DIM`` dimensions (the model was trained to be
truncated) and scaled to unit length, so a dot product is a cosine. Only a text's content words
are read: stop words ("where did the user ... when they") would otherwise dominate the mean of a
short question and pull every question towards every other. Pure computation after loading; it
must never open a network connection or write a file.
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import numpy as np
import numpy.typing as npt
from safetensors.numpy import load_file
from tokenizers import Tokenizer

from actors.text import STOPWORDS, fold, tokens
from store.errors import ConfigError

DIM = 256
"""Dimensions kept: all of the model's. Measured on the retrieval bench's corpus (vectors alone,
content words): 128 -> recall@1 0.61 / @5 0.84, 256 -> 0.67 / 0.90; the matrix costs 1 KB
per memory."""
MAX_TOKENS = 512
"""Tokens read per text: enough for a chat turn or a note; a long text's vector is its start."""
MODEL_ID = f"wordllama-l2-supercat-{DIM}-content"
"""Stored with every vector: a change of model or dimension re-embeds in the background."""

Vectors = npt.NDArray[np.float32]


def content_words(text: str) -> str:
    """The text without its stop words and punctuation; the text itself when that is all it has.

    Measured on the retrieval bench's corpus (vectors alone, 256 dimensions): the mean of every
    token gives recall@1 0.55 / @5 0.74; of the content words only, 0.67 / 0.90.
    """
    kept = [word for word in tokens(text) if fold(word) not in STOPWORDS]
    return " ".join(kept) if kept else text


def _package_dir() -> Path:
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError("embedding", "the wordllama package (its weights) is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


class Embedder:
    """Loads on first use (process start stays cheap) and encodes batches of texts."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._table: npt.NDArray[np.float16] | None = None
        self._tokenizer: Tokenizer | None = None

    def _load(self) -> tuple[npt.NDArray[np.float16], Tokenizer]:
        with self._lock:
            if self._table is None or self._tokenizer is None:
                root = _package_dir()
                weights = load_file(str(root / "weights" / "l2_supercat_256.safetensors"))
                # Kept in float16 as shipped (16 MB); the few rows a text needs are widened.
                table = next(iter(weights.values()))[:, :DIM]
                tokenizer = Tokenizer.from_file(
                    str(root / "tokenizers" / "l2_supercat_tokenizer_config.json"))
                tokenizer.no_padding()
                tokenizer.enable_truncation(MAX_TOKENS)
                self._table, self._tokenizer = np.ascontiguousarray(table), tokenizer
            return self._table, self._tokenizer

    def encode(self, texts: list[str]) -> Vectors:
        """Unit vectors, one row per text (a text with no token gets a zero row)."""
        table, tokenizer = self._load()
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        for row, encoding in enumerate(tokenizer.encode_batch([content_words(t) for t in texts],
                                                                   add_special_tokens=False)):
            ids = np.clip(np.asarray(encoding.ids, dtype=np.int64), 0, table.shape[0] - 1)
            if ids.size == 0:
                continue
            vector = table[ids].astype(np.float32).mean(axis=0)
            norm = float(np.linalg.norm(vector))
            if norm > 0:
                out[row] = vector / norm
        return out
