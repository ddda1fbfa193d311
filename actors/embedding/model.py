"""The embedding model: WordLlama's static token vectors, read from the installed wheel.

The weights (a 32k x 256 float16 matrix) and the tokenizer ship inside the ``wordllama`` wheel;
they are read from the package folder and nothing is ever fetched (wordllama's own loader looks
for the tokenizer in the wrong folder and then tries the network, so it is not used). A text's
vector is the mean of its tokens' vectors, cut to ``DIM`` dimensions (the model was trained to be
truncated) and scaled to unit length, so a dot product is a cosine. Only a text's content words
are read: stop words ("where did the user ... when they") would otherwise dominate the mean of a
short question and pull every question towards every other. Pure computation after loading; it
must never open a network connection or write a file.

Memory: the float16 table (16 MB) is mapped from the wheel's file, not read: only the rows the
texts use are paged in (a search touches a dozen; at 50k memories, 16 MB less resident than a
copy); a text's token rows are widened to float32 before the mean, so the vectors are exactly
those of a float32 table. numpy and tokenizers are imported on first use: a server
start that never embeds (or embeds later, off the start path) does not pay for them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from actors.text import STOPWORDS, fold, tokens
from store.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]
else:
    Vectors = Any

DIM = 256
"""Dimensions kept: all of the model's. Measured on the retrieval bench's corpus (vectors alone,
content words): 128 -> recall@1 0.61 / @5 0.84, 256 -> 0.67 / 0.90. In memory a vector costs
512 bytes (int8 and its int8 residual, ``actors.embedding.quantized``)."""
MAX_TOKENS = 512
"""Tokens read per text: enough for a chat turn or a note; a long text's vector is its start."""
MODEL_ID = f"wordllama-l2-supercat-{DIM}-content4"
"""Stored with every vector: a change of model, dimension or of what a text's content words are
(``actors.text.STOPWORDS``: "content2" since "around", "still", "ahora"... were added;
"content3" since "son", "sea", "sin", "era", "hay" are content words; "content4" since
"cuanto" and its forms are not) re-embeds in the background."""
WEIGHTS = ("weights", "l2_supercat_256.safetensors")
TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")


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


def read_table(path: Path, columns: int) -> Any:
    """The first ``columns`` columns of the one float16 matrix in a safetensors file, mapped
    read-only: a row is paged in when a text uses it, so the 16 MB are neither read at load
    nor resident beyond the rows in use (a search touches a dozen).

    The format is an 8-byte little-endian header length, a JSON header naming each tensor's
    dtype, shape and byte range, then the raw data. An installed wheel's file is replaced, not
    rewritten, by an upgrade: a process keeps its mapping of the old one.
    """
    import numpy as np

    with open(path, "rb") as handle:
        (size,) = struct.unpack("<Q", handle.read(8))
        header = json.loads(handle.read(size))
        file_size = os.fstat(handle.fileno()).st_size
    tensors = [v for k, v in header.items() if k != "__metadata__"]
    if len(tensors) != 1 or tensors[0].get("dtype") != "F16" \
            or len(tensors[0].get("shape", ())) != 2:
        raise ConfigError("embedding", f"unexpected weights file {path.name}")
    rows, width = (int(n) for n in tensors[0]["shape"])
    start, end = (int(n) for n in tensors[0]["data_offsets"])
    if end - start != rows * width * 2 or width < columns:
        raise ConfigError("embedding", f"unexpected weights file {path.name}")
    if 8 + size + end > file_size:
        raise ConfigError("embedding", f"truncated weights file {path.name}")
    table = np.memmap(path, dtype=np.float16, mode="r", offset=8 + size + start,
                      shape=(rows, width))
    return table[:, :columns]


class Embedder:
    """Loads on first use (process start stays cheap) and encodes batches of texts."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._table: Any = None
        self._tokenizer: Any = None

    @property
    def loaded(self) -> bool:
        return self._table is not None and self._tokenizer is not None

    def load(self) -> tuple[Any, Any]:
        """The weights and the tokenizer (read once; any thread)."""
        with self._lock:
            if self._table is None or self._tokenizer is None:
                from tokenizers import Tokenizer

                root = _package_dir()
                table = read_table(root.joinpath(*WEIGHTS), DIM)
                tokenizer = Tokenizer.from_file(str(root.joinpath(*TOKENIZER)))
                tokenizer.no_padding()
                tokenizer.enable_truncation(MAX_TOKENS)
                self._table, self._tokenizer = table, tokenizer
            return self._table, self._tokenizer

    def encode(self, texts: list[str]) -> Vectors:
        """Unit vectors, one row per text (a text with no token gets a zero row)."""
        import numpy as np

        table, tokenizer = self.load()
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
