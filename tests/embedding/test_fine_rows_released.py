"""The fine rows (``r``) of mapped vectors leave the process's resident set once written and
after searches (``release_fine``): a search reads ~100 of 50,000, and the load wrote all of
them through the mapping (24 MB of a 50k server's ``VmHWM``). The rows a search rescores are
read from the file, so they never come back (through the mapping, each read mapped the 64 KB
around it, and a burst of searches made most of them resident again). Released pages keep
their bytes: the same rows score bit for bit as rows held in memory."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from actors.embedding.quantized import QuantizedRows
from store.row_file import MappedRows

DIM = 64


def resident_kb(address: int) -> int:
    """Resident kB of the mapping holding ``address`` (``/proc/self/smaps``)."""
    inside = False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()[0] if line else ""
        if "-" in head and not head.endswith(":"):
            start, end = (int(part, 16) for part in head.split("-"))
            inside = start <= address < end
        elif inside and head == "Rss:":
            return int(line.split()[1])
    raise AssertionError(f"no mapping holds {address:#x}")


def unit_rows(count: int, seed: int) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((count, DIM)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="no /proc on this system")
def test_fine_rows_leave_the_resident_set_and_keep_their_bytes(tmp_path: Path) -> None:
    mapped = QuantizedRows(DIM, room=lambda row_bytes: (MappedRows(tmp_path, row_bytes),
                                                        MappedRows(tmp_path, row_bytes)))
    held = QuantizedRows(DIM)
    for seed in range(3):  # 3,000 rows of 64 bytes: 47 pages each of q and r
        block = unit_rows(1000, seed)
        mapped.append(block)
        held.append(block)
    assert mapped.mapped
    fine, coarse = mapped._r.ctypes.data, mapped._q.ctypes.data
    assert resident_kb(fine) == 0  # written, then released
    assert resident_kb(coarse) > 0  # every search reads it: kept
    query = unit_rows(1, 9)[0]
    top, scores = mapped.top(query, 20)
    expected = held.top(query, 20)
    assert top.tolist() == expected[0].tolist() and scores.tobytes() == expected[1].tobytes()
    assert resident_kb(fine) == 0  # the rows rescored are read from the file, not mapped
    everything = np.arange(3000)
    assert mapped.score_rows(everything, query).tobytes() == \
        held.score_rows(everything, query).tobytes()
    # any order, repeats, rows far apart and rows next to each other, the first and the last
    scattered = np.random.default_rng(5).integers(0, 3000, 700)
    scattered = np.concatenate([scattered, [2999, 0, 17, 16, 18, 17, 2999, 1500, 1509]])
    assert mapped.score_rows(scattered, query).tobytes() == \
        held.score_rows(scattered, query).tobytes()
    assert [mapped.row(at).tobytes() for at in (0, 1234, 2999)] == \
        [held.row(at).tobytes() for at in (0, 1234, 2999)]
    assert resident_kb(fine) == 0
    mapped.release_fine()
    assert resident_kb(fine) == 0
