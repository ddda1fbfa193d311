"""What a short command imports: ``--version`` and the agents' hooks run on every prompt, so
they must not load what they do not use (the runtime, the MCP SDK, numpy, the fact patterns,
the HTTP client of the optional summarizer)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
from ihmt_async.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(tmp_path: Path, *args: str, stdin: str = "") -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], input=stdin,
                          capture_output=True, text=True, cwd=str(tmp_path), timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                               "PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "0"}, check=True)
    loaded: set[str] = set(json.loads(done.stderr.strip().splitlines()[-1]))
    return loaded


def test_version_imports_neither_the_runtime_nor_the_sdk(tmp_path: Path) -> None:
    loaded = modules_after(tmp_path, "--version")
    heavy = {"ihmt_async.runtime", "ihmt_async.server", "mcp", "numpy", "structlog",
             "actors.facts.patterns", "httpx2", "ihmt_async.store_cli"}
    assert not heavy & loaded, sorted(heavy & loaded)


def test_a_hook_opens_the_store_without_the_sdk_or_the_fact_patterns(tmp_path: Path) -> None:
    hook = json.dumps({"prompt": "which database does billing use", "cwd": str(tmp_path)})
    loaded = modules_after(tmp_path, "recall-hook", "--home", str(tmp_path / "store"),
                           stdin=hook)
    assert "ihmt_async.runtime" in loaded  # it did search
    unused = {"mcp", "ihmt_async.server", "actors.facts.patterns", "httpx2",
              "ihmt_async.install.claude_code"}
    assert not unused & loaded, sorted(unused & loaded)
