"""WordLlama's static token vectors, read from the installed wheel: the table behind the word
neighbours (``actors.embedding.neighbours``: "car" for "vehicle").

The weights (a 32k x 256 float16 matrix) and the tokenizer ship inside the ``wordllama`` wheel;
they are read from the package folder and nothing is ever fetched (wordllama's own loader looks
for the tokenizer in the wrong folder and then tries the network, so it is not used). Memories
and questions are compared by another model (``actors.embedding.sentence``); this table stays
for single words, where a sentence encoder is no better and costs a forward pass per word.

Memory: the float16 table (16 MB) is mapped from the wheel's file, not read: only the rows in
use are paged in, and let go once the neighbours have their rows. numpy is imported on first
use: a server start that never builds the neighbours (or builds them later, off the start path)
does not pay for it. Pure
computation after loading; it must never open a network connection or write a file.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
from pathlib import Path
from typing import Any

from store.errors import ConfigError

DIM = 256
"""Dimensions read: all of the table's (truncated to 64 or 128, unrelated words' cosines swell;
``actors.embedding.neighbours``)."""
WEIGHTS = ("weights", "l2_supercat_256.safetensors")
TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")


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


def tokenizer_vocabulary(path: Path | None = None) -> dict[str, int]:
    """The tokenizer file's ``model.vocab`` object (token -> row), kept by nobody: its two
    callers, the word neighbours and the facts' common words, each read it once.

    Only that object is decoded (``vocabulary_of``): the file also holds 61,000 merges that
    nothing here reads, and decoded whole (its text 6.5 MB as one string, 4 bytes a character)
    it raised a server's peak by 18 MB each time."""
    path = path or _package_dir().joinpath(*TOKENIZER)
    try:
        vocabulary = vocabulary_of(path.read_bytes())
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError("embedding", f"unreadable tokenizer file {path.name}: {exc}") from exc
    if not isinstance(vocabulary, dict):
        raise ConfigError("embedding", f"tokenizer file {path.name} has no vocabulary")
    return vocabulary


def vocabulary_of(data: bytes) -> Any:
    """The ``model.vocab`` object of a tokenizer file's bytes, decoded alone where it can be:
    the bytes after the ``"vocab"`` key of ``"model"`` up to the key that follows it
    (``"merges"`` in the wheel's file). A file laid out otherwise, or a slice that is not one
    JSON object, is decoded whole (the same object, at the old cost)."""
    model = data.find(b'"model"')
    key = data.find(b'"vocab"', model) if model >= 0 else -1
    if key >= 0:
        brace = data.find(b"{", key)
        after = data.find(b'"merges"', brace) if brace >= 0 else -1
        if after >= 0 and data[key + len(b'"vocab"'):brace].strip() == b":":
            try:
                found = json.loads(data[brace:after].rstrip().rstrip(b","))
            except ValueError:
                found = None
            if isinstance(found, dict):
                return found
    return json.loads(data)["model"]["vocab"]


class WordTable:
    """The table and its vocabulary, read when asked and kept by nobody here: the word
    neighbours read both once, keep their own int8 rows, and let go of the rest (the mapped
    table's pages and the parsed vocabulary would otherwise stay resident in every server)."""

    def read(self) -> tuple[Any, dict[str, int]]:
        """The weights (mapped) and the vocabulary, token -> row. The vocabulary is the
        tokenizer file's own table, read as JSON: loading the ``tokenizers`` library for it
        held ~20 MB per process for the server's lifetime."""
        root = _package_dir()
        table = read_table(root.joinpath(*WEIGHTS), DIM)
        path = root.joinpath(*TOKENIZER)
        vocabulary = tokenizer_vocabulary(path)
        if len(vocabulary) != table.shape[0]:
            raise ConfigError("embedding", f"tokenizer file {path.name} does not match the "
                                           "weights")
        return table, vocabulary
