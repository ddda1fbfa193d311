"""A child process that builds a cached array at the same moment as its siblings (run as a
script by ``test_mapped_cache.py``, not collected by pytest).

Usage: ``mapped_cache_worker.py CACHE_DIR``. It prints ``ready`` and waits for a line; it then
asks ``store.mapped_cache`` for the array, and its builder prints ``building`` and waits for
another line, so the parent can hold every child inside its build until all are there. It ends
with one JSON line: whether it got a mapping and a checksum of what it got.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import structlog

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
# stdout is the talk channel with the parent: library logs go to stderr, warnings and up only.
structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                    wrapper_class=structlog.make_filtering_bound_logger(30))

from store.mapped_cache import mapped_array  # noqa: E402

SHAPE = (4096, 512)
"""2 MB: large enough that the writes of two builders overlap, small enough to be quick."""


def expected() -> np.ndarray:
    return (np.arange(SHAPE[0] * SHAPE[1], dtype=np.int64) % 251).astype(np.uint8).reshape(SHAPE)


def main() -> None:
    directory = Path(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    built: list[bool] = []

    def build() -> np.ndarray:
        built.append(True)
        print("building", flush=True)
        sys.stdin.readline()
        return expected()

    table = mapped_array("worker-table", SHAPE, np.dtype(np.uint8), build, directory=directory)
    print(json.dumps({"mapped": isinstance(table, np.memmap), "built": bool(built),
                      "equal": bool(np.array_equal(table, expected()))}), flush=True)


if __name__ == "__main__":
    main()
