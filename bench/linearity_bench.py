"""Ingest's pure text path on pathological inputs: time per size, to show it grows linearly.

Run from the repository root: ``python -m bench.linearity_bench`` (``--sizes 25000,50000,100000``).
Regexes with nested or overlapping repeats go quadratic on long runs of one character; for each
such input this times detection, secret redaction and chunking at each size and prints the
milliseconds and the ratio between the largest and the smallest size (linear: about the size
ratio; quadratic: its square). The test suite checks the same inputs come back whole, without a
stopwatch (tests/ingest/test_ingest_lossless.py). Prints to stdout: a script, not library code.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from actors.ingest.chunkers import chunk  # noqa: E402
from actors.ingest.detect import detect  # noqa: E402
from actors.secrets import redact  # noqa: E402

PATTERNS: list[tuple[str, str]] = [
    ("", "1"), ("", "a-"), ("", "_"), ("", "a "), ("", "{"), ("public ", "a "), ("", ":"),
    ("", "/"), ("", "x"),
]
"""(prefix, repeated unit): the inputs of the test, built at any size."""


def one_pass(text: str) -> float:
    started = time.perf_counter()
    detection = detect(text)
    redact(text)
    pieces = chunk(text, detection)
    elapsed = time.perf_counter() - started
    if "".join(c.text for c in pieces) != text:
        raise SystemExit("chunking lost text")
    return elapsed * 1000


def main(sizes: list[int]) -> None:
    print(f"{'input':<16}" + "".join(f"{n:>12,}" for n in sizes) + f"{'ratio':>10}")
    for prefix, unit in PATTERNS:
        times = []
        for n in sizes:
            text = prefix + unit * max(1, n // len(unit))
            times.append(one_pass(text))
        label = repr(prefix + unit)[:15]
        ratio = times[-1] / times[0] if times[0] > 0 else float("inf")
        print(f"{label:<16}" + "".join(f"{t:>10.1f}ms" for t in times) + f"{ratio:>10.2f}")
    print(f"size ratio {sizes[-1] / sizes[0]:.1f}: linear growth keeps each ratio near it")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="25000,50000,100000")
    args = parser.parse_args()
    main([int(s) for s in args.sizes.split(",")])
