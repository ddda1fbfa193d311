"""Secrets bench: how fast ``actors.secrets.redact`` scans text, in MB/s.

Run from the checkout: ``python -m bench.secrets_bench`` (a few seconds; writes nothing). It
times three inputs of about 1 MB each: this repository's own Python source (code with many
``key = value`` lines, the secret catalogue itself left out), a build log, and a log in which
every line names a key word (the worst case for the anchored assignment and prose rules). A
tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from actors.secrets import redact

ROOT = Path(__file__).resolve().parents[1]
TARGET_BYTES = 1024 * 1024


def _repeat(text: str) -> str:
    return (text * (TARGET_BYTES // max(1, len(text)) + 1))[:TARGET_BYTES]


def inputs() -> dict[str, str]:
    # Each file is scanned on its own, as the project index and ingest do; the secret
    # catalogue's own files are left out (they name every provider's prefix on purpose).
    files = [p for p in sorted((ROOT / "actors").rglob("*.py")) if "secret" not in p.name]
    code = "".join(p.read_text(encoding="utf-8") for p in files)
    build = "".join(f"[INFO] Compiling module module-{i % 37} ({i} of 294 sources)\n"
                    for i in range(300))
    keyed = ("[INFO] 2026-02-03 10:11:12 step 17 token_estimate=12 password policy ok\n") * 50
    return {"python source": _repeat(code), "build log": _repeat(build),
            "key word on every line": _repeat(keyed)}


def measure(fn: Callable[[], object], rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    print(f"{'input':<26} {'MB':>6} {'seconds':>8} {'MB/s':>7}")
    for name, text in inputs().items():
        seconds = measure(lambda text=text: redact(text, keep_lines=True))
        mb = len(text.encode("utf-8")) / 1e6
        print(f"{name:<26} {mb:>6.2f} {seconds:>8.3f} {mb / seconds:>7.2f}")


if __name__ == "__main__":
    main()
