"""The sentence model (whole texts, any language, unit vectors, nothing downloaded) and the word
table behind the word neighbours (mapped from the wheel's file, never copied)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

from actors.embedding.sentence import DIM, SentenceEncoder
from actors.embedding.word_table import read_table
from store.errors import ConfigError


def test_a_question_is_closest_to_its_answer_in_either_language() -> None:
    encoder = SentenceEncoder()
    memories = encoder.encode(["Kiwi ya pesa 24 kilos y la veterinaria dice que está perfecta.",
                               "The staging cluster is recreated every Sunday night.",
                               "Odio las películas de terror."])
    assert memories.shape == (3, DIM)
    assert np.allclose(np.linalg.norm(memories, axis=1), 1.0, atol=1e-5)
    questions = encoder.encode(["How heavy is the user's pet?",
                                "¿Cuándo se recrea el clúster de staging?",
                                "What kind of films does the user hate?"])
    assert ((questions @ memories.T).argmax(axis=1) == [0, 1, 2]).all()


def test_an_empty_text_is_a_zero_row() -> None:
    rows = SentenceEncoder().encode(["", "  ", "a cat"])
    assert not rows[:2].any()
    assert np.isclose(float(np.linalg.norm(rows[2])), 1.0, atol=1e-5)


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


@pytest.mark.parametrize(("text", "read"), [
    ("2026-02-14: Bought a camera.", "February 2026: Bought a camera."),
    ("2026-02-14 user: I moved.", "February 2026: user: I moved."),
    ("[2025-06-14] Marta: Love the name.", "June 2025: Marta: Love the name."),
    ("[2025-06-14 10:32] Joel: hi", "June 2025: Joel: hi"),
    ("No date here, 2026-02-14 later.", "No date here, 2026-02-14 later."),
])
def test_a_memory_is_read_with_its_leading_date_as_month_and_year(text: str, read: str) -> None:
    from actors.embedding.sentence import as_read

    assert as_read(text) == read
