"""What the embedding model reads of a text: its content words, so a question's framing ("where
did the user ... when they") does not pull every question towards every other; and how it
reads its weights (mapped from the wheel's file, never copied)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

from actors.embedding.model import DIM, Embedder, content_words, read_table
from store.errors import ConfigError


def test_content_words_drop_stop_words_in_both_languages() -> None:
    assert content_words("Where did the user travel when they loved the aubergine?") \
        == "user travel loved aubergine"
    assert content_words("¿Dónde vive la hermana de Ana?") == "vive hermana Ana"
    assert content_words("who am I") == "who am I"  # nothing else to read: the text itself


def test_framing_words_do_not_change_a_vector() -> None:
    embedder = Embedder()
    phrased, bare = embedder.encode(["Where is the user's sister's wedding when they marry?",
                                     "user sister wedding marry"])
    assert phrased.shape == (DIM,)
    assert np.allclose(phrased, bare)
    assert np.isclose(float(np.linalg.norm(phrased)), 1.0, atol=1e-5)
    other = embedder.encode(["user brother wedding marry"])[0]
    assert not np.allclose(phrased, other)


def _weights_file(path: Path, rows: int, width: int, *, cut: int = 0) -> Path:
    data = (np.arange(rows * width, dtype=np.float16) / 100).tobytes()
    header = json.dumps({"__metadata__": {}, "w": {"dtype": "F16", "shape": [rows, width],
                                                   "data_offsets": [0, len(data)]}}).encode()
    path.write_bytes(struct.pack("<Q", len(header)) + header + data[:len(data) - cut])
    return path


def test_the_weights_are_mapped_not_copied(tmp_path: Path) -> None:
    table = read_table(_weights_file(tmp_path / "w.safetensors", 64, 8), 4)
    assert isinstance(table, np.memmap) and not table.flags.writeable
    assert table.shape == (64, 4)
    assert float(table[3, 2]) == pytest.approx(float(np.float16((3 * 8 + 2) / 100)))


def test_a_truncated_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="truncated weights file"):
        read_table(_weights_file(tmp_path / "w.safetensors", 64, 8, cut=2), 4)
    with pytest.raises(ConfigError, match="unexpected weights file"):
        read_table(_weights_file(tmp_path / "v.safetensors", 64, 2), 4)
