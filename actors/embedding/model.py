"""The embedding model: WordLlama's static token vectors, read from the installed wheel.

The weights (a 32k x 256 float16 matrix) and the tokenizer ship inside the ``wordllama`` wheel;
they are read from the package folder and nothing is ever fetched (wordllama's own loader looks
for the tokenizer in the wrong folder and then tries the network, so it is not used). A text's
vector is the mean of its tokens' vectors, cut to ``DIM`` dimensions (the model was trained to be
truncated) and scaled to unit length, so a dot product is a cosine. Pure computation after
loading; it must never open a network connection or write a file.
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import numpy as np
import numpy.typing as npt
from safetensors.numpy import load_file
from tokenizers import Tokenizer

from store.errors import ConfigError

DIM = 128
"""Dimensions kept: half the model's, for half the memory and search time at a small cost."""
MAX_TOKENS = 512
"""Tokens read per text: enough for a chat turn or a note; a long text's vector is its start."""
MODEL_ID = f"wordllama-l2-supercat-{DIM}"
"""Stored with every vector: a change of model or dimension re-embeds in the background."""

Vectors = npt.NDArray[np.float32]


def _package_dir() -> Path:
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError("embedding", "the wordllama package (its weights) is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


class Embedder:
    """Loads on first use (process start stays cheap) and encodes batches of texts."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._table: Vectors | None = None
        self._tokenizer: Tokenizer | None = None

    def _load(self) -> tuple[Vectors, Tokenizer]:
        with self._lock:
            if self._table is None or self._tokenizer is None:
                root = _package_dir()
                weights = load_file(str(root / "weights" / "l2_supercat_256.safetensors"))
                table = next(iter(weights.values()))[:, :DIM].astype(np.float32)
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
        for row, encoding in enumerate(tokenizer.encode_batch(texts, add_special_tokens=False)):
            ids = np.clip(np.asarray(encoding.ids, dtype=np.int64), 0, table.shape[0] - 1)
            if ids.size == 0:
                continue
            vector = table[ids].mean(axis=0)
            norm = float(np.linalg.norm(vector))
            if norm > 0:
                out[row] = vector / norm
        return out
