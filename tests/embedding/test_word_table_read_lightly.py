"""The word neighbours are built from the mapped table a stretch at a time in the table's own
order, each stretch's pages released: read in the words' order, every block touched the whole
15 MB table, resident at the height of a server's start. The rows kept are the same."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from actors.embedding import neighbours as neighbours_module
from actors.embedding.neighbours import WordNeighbours
from actors.embedding.word_table import WordTable


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
    monkeypatch.setattr(neighbours_module, "advise_table",
                        lambda _, advice: released.append(advice == "MADV_DONTNEED"))
    built = WordNeighbours(words)
    built.build()
    flat = [row for block in read for row in block]
    assert len(read) > 3 and flat == sorted(flat)  # block after block, down the table
    assert len(released) == len(read) and all(released)

    monkeypatch.undo()
    whole = WordNeighbours(WordTable())  # the same rows and scales as built before
    whole.build()
    assert built._words == whole._words
    assert built._matrix.tobytes() == whole._matrix.tobytes()
    assert built._scale.tobytes() == whole._scale.tobytes()
