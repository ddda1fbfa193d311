"""GUI bench: how long the web GUI's pages take to answer on a grown store.

Run from the checkout: ``python -m bench.gui_bench [--quick] [--json]`` (writes only in a
temporary directory). For each store size it grows a store with ``bulk_build``, consolidates it
(forced Flush), starts the real ``ihmt-async gui --no-browser --port 0`` on it and times each
page's JSON request over HTTP, one at a time: overview, doctor, tree (Explore), a search with
its diagnosis, the timeline, the audit page and the live figures; plus the GUI's cold start
(spawn → URL printed → first overview answered). This is a tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio

from bench.generator import Generator
from bench.ingest_bench import bench_main, bulk_build, pcts
from bench.mcp_bench import consolidate
from store.locks import LockManager
from store.paths import StoreLayout

REPO = Path(__file__).resolve().parents[1]
URL = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=(\S+)")


def _get(port: int, token: str, path: str) -> tuple[int, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        conn.request("GET", path, headers={"X-IHMT-Token": token})
        response = conn.getresponse()
        return response.status, len(response.read())
    finally:
        conn.close()


def measure(home: Path, probes: list[str]) -> dict[str, Any]:
    env = {**os.environ, "IHMT_LOG_STDERR": "0", "PYTHONPATH": str(REPO)}
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "ihmt_async", "--home", str(home), "gui",
                                "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
                               env=env)
    try:
        assert process.stdout is not None
        match = URL.search(process.stdout.readline())
        if match is None:
            raise RuntimeError("the GUI printed no URL")
        port, token = int(match.group(1)), match.group(2)
        _get(port, token, "/api/overview")
        row: dict[str, Any] = {"cold_start_s": round(time.perf_counter() - started, 3)}
        pages = {"overview": ["/api/overview"], "doctor": ["/api/doctor"],
                 "tree": ["/api/tree"], "timeline": ["/api/timeline?subject=user"],
                 "audit": ["/api/audit"], "live": ["/api/live"],
                 "search": [f"/api/search?q={quote(p)}" for p in probes]}
        for name, paths in pages.items():
            samples, size = [], 0
            for path in paths * (1 if name == "search" else 5):
                t0 = time.perf_counter()
                status, size = _get(port, token, path)
                samples.append(time.perf_counter() - t0)
                if status != 200:
                    raise RuntimeError(f"{path} answered {status}")
            row[name] = {**pcts(samples), "bytes": size}
        return row
    finally:
        process.terminate()
        process.wait(timeout=60)
        if process.stdout is not None:
            process.stdout.close()


def run(quick: bool = False, seed: int = 20260401) -> dict[str, Any]:
    sizes = (300, 1_000) if quick else (1_000, 10_000)
    gen = Generator(seed)
    out: dict[str, Any] = {"sizes": list(sizes), "rows": {}}
    with tempfile.TemporaryDirectory(prefix="ihmt-gui-bench-") as tmp:
        home = Path(tmp)
        layout = StoreLayout.at_home(home)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        have = 0
        for size in sizes:
            bulk_build(layout, locks, gen.memories(size - have, start=have))
            have = size
            anyio.run(consolidate, home)
            probes = [m.probe for m in gen.memories(20, start=size // 3)]
            out["rows"][str(size)] = measure(home, probes)
    return out


def render(result: dict[str, Any]) -> str:
    pages = ("overview", "doctor", "tree", "search", "timeline", "audit", "live")
    lines = ["| memories | cold start s | " + " | ".join(f"{p} p50/p95 ms" for p in pages)
             + " | tree KB |", "|---:" * (len(pages) + 3) + "|"]
    for size, row in result["rows"].items():
        cells = [f"{row[p]['p50_ms']:.0f} / {row[p]['p95_ms']:.0f}" for p in pages]
        lines.append(f"| {size} | {row['cold_start_s']:.2f} | " + " | ".join(cells)
                     + f" | {row['tree']['bytes'] / 1024:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__.split("\n")[0], run, render, argv)


if __name__ == "__main__":
    sys.exit(main())
