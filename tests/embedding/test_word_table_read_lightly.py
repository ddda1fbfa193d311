"""The word neighbours are built without holding what they do not keep: the tokenizer file's
vocabulary is decoded alone (not the whole file and its 61,000 merges, ~17 MB at a server's
start), and the mapped table is read a stretch at a time in its own order, each stretch's
pages released (read in the words' order, every block touched the whole 15 MB table)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from actors.embedding import neighbours as neighbours_module
from actors.embedding.neighbours import WordNeighbours
from actors.embedding.word_table import TOKENIZER, WordTable, _package_dir, read_vocabulary


def test_the_vocabulary_alone_is_the_one_the_whole_file_holds() -> None:
    raw = _package_dir().joinpath(*TOKENIZER).read_bytes()
    whole = json.loads(raw)["model"]["vocab"]
    assert list(read_vocabulary(raw).items()) == list(whole.items())


@pytest.mark.parametrize("layout", [
    {"model": {"type": "BPE", "vocab": {"▁a": 0, "b}": 1, '"c': 2}, "merges": ["a b"]}},
    {"model": {"merges": ["a b"], "vocab": {"▁a": 0, "x": 1}}},  # merges first
    {"added_tokens": [{"content": "vocab"}], "model": {"vocab": {"y": 0}}},  # no merges
    {"vocab": {"wrong": 9}, "model": {"vocab": {"right": 0}, "merges": []}},  # another vocab
])
def test_any_layout_of_the_file_gives_the_model_s_vocabulary(layout: dict[str, Any]) -> None:
    for text in (json.dumps(layout), json.dumps(layout, indent=2, ensure_ascii=False)):
        assert read_vocabulary(text.encode("utf-8")) == layout["model"]["vocab"]


def test_the_table_is_read_in_its_order_and_its_pages_released(
        monkeypatch: pytest.MonkeyPatch) -> None:
    words = WordTable()
    table, vocabulary = words.read()
    read: list[list[int]] = []
    released: list[int] = []

    class Counted:
        shape = table.shape

        def __getitem__(self, rows: Any) -> Any:
            read.append(np.asarray(rows).tolist())
            return table[rows]

    monkeypatch.setattr(words, "read", lambda: (Counted(), vocabulary))
    monkeypatch.setattr(neighbours_module, "BLOCK", 1000)
    monkeypatch.setattr(neighbours_module, "release_pages", lambda _: released.append(1))
    built = WordNeighbours(words)
    built.build()
    flat = [row for block in read for row in block]
    assert len(read) > 3 and flat == sorted(flat)  # block after block, down the table
    assert len(released) == len(read)

    monkeypatch.undo()
    whole = WordNeighbours(WordTable())  # the same rows and scales as built before
    whole.build()
    assert built._words == whole._words
    assert built._matrix.tobytes() == whole._matrix.tobytes()
    assert built._scale.tobytes() == whole._scale.tobytes()
