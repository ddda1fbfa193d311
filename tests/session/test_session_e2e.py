"""Session tools end to end: a real ``ihmt-async serve`` over stdio, the SDK's client."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def build_log() -> tuple[str, str, str]:
    """A 300-line Maven-like log: (log, the failing test line, a plain progress line)."""
    lines = ["[INFO] Scanning for projects...", "[INFO] Building shop-backend 2.4.1",
             "[INFO] --- compiler:3.11.0:compile (default-compile) ---"]
    progress = "[INFO] Compiling module quetzal-ledger (42 of 120 sources)"
    failing = ("[ERROR] OrderServiceTest.shippingCostIncludesIslandSurcharge:41 expected: "
               "<17.3> but was: <5.3>")
    for i in range(1, 294):
        if i == 150:
            lines.append(progress)
        elif i == 210:
            lines.append(failing)
        elif i == 211:
            lines.append("[WARNING] Parameter 'skipTests' is deprecated")
        else:
            lines.append(f"[INFO] Compiling module module-{i % 37} ({i} of 294 sources)")
    lines += ["[INFO] Tests run: 118, Failures: 1, Errors: 0, Skipped: 2",
              "[INFO] BUILD FAILURE", "[INFO] Total time:  01:12 min",
              "[INFO] Finished at: 2026-02-03T10:11:12Z"]
    assert len(lines) == 300
    return "\n".join(lines) + "\n", failing, progress


async def test_note_is_recalled_but_never_reaches_long_term_memory(tmp_path: Path) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    async with server_session(tmp_path / "home", TMPDIR=str(scratch)) as s:
        noted = await s.ok("note", {"text": "The zanahoria importer retries three times, see "
                                            "importer/retry.py:88"})
        assert noted.startswith("Noted (~") and "1 session note(s)" in noted
        found = await s.ok("recall", {"query": "zanahoria importer retries"})
        assert "importer/retry.py:88" in found
        assert found.startswith("[note 1]")
        # Long-term search never sees the note ...
        missing = await s.ok("search_memory", {"query": "zanahoria importer retries"})
        assert "importer/retry.py:88" not in missing
        # ... while a long-term memory with the same words is found (positive control),
        saved = await s.ok("save_memory", {"content": "2026-02-03: The zanahoria importer of "
                                                      "the billing repo retries five times."})
        assert saved.startswith("Saved")
        long_term = await s.ok("search_memory", {"query": "zanahoria importer retries"})
        assert "five times" in long_term
        # ... and recall never sees the long-term memory.
        recalled = await s.ok("recall", {"query": "zanahoria importer retries"})
        assert "five times" not in recalled and "retry.py:88" in recalled
        # A Spanish note, and a query that matches nothing noted.
        await s.ok("note", {"text": "La cola de facturas se vacía cada noche a las 03:00."})
        spanish = await s.ok("recall", {"query": "¿cuándo se vacía la cola de facturas?"})
        assert "03:00" in spanish
        nothing = await s.ok("recall", {"query": "kubernetes ingress annotations"})
        assert nothing.startswith("No session note or output found")
        text, is_error = await s.call("note", {"text": "   "})
        assert is_error and "empty" in text
        assert len(list(scratch.glob("ihmt-session-*"))) == 1
    # The scratch store is a temporary directory, removed when the server process ends.
    assert list(scratch.glob("ihmt-session-*")) == []


async def test_digest_keeps_signal_lines_and_recall_finds_dropped_ones(tmp_path: Path) -> None:
    log, failing, progress = build_log()
    async with server_session(tmp_path / "home") as s:
        reply = await s.ok("digest_output", {"text": log, "label": "maven-build"})
        header, _, digest = reply.partition("\n")
        assert header.startswith("maven-build: 300 lines")
        assert failing in digest
        assert "Tests run: 118, Failures: 1, Errors: 0, Skipped: 2" in digest
        assert "[WARNING] Parameter 'skipTests' is deprecated" in digest
        assert "BUILD FAILURE" in digest
        assert digest.splitlines()[0] == "[INFO] Scanning for projects..."
        assert digest.splitlines()[-1] == "[INFO] Finished at: 2026-02-03T10:11:12Z"
        assert progress not in digest
        assert "Compiling module module-5 (5 of 294" not in digest
        assert len(reply) < len(log) / 5
        assert len(digest) <= 2400
        # The dropped line is still recallable, by its words and by the label.
        found = await s.ok("recall", {"query": "quetzal-ledger compiling"})
        assert progress in found and found.startswith("[output maven-build] lines ")
        by_label = await s.ok("recall", {"query": "maven-build BUILD FAILURE"})
        assert "BUILD FAILURE" in by_label
        text, is_error = await s.call("digest_output", {"text": "", "label": "x"})
        assert is_error and "empty" in text


async def test_read_file_cache_diff_force_range_and_refusals(tmp_path: Path) -> None:
    src = tmp_path / "proj" / "pricing.py"
    src.parent.mkdir()
    body = [f"def rate_{i}(x):\n    return x * {i}\n\n" for i in range(40)]
    src.write_text("".join(body), encoding="utf-8")
    async with server_session(tmp_path / "home") as s:
        first = await s.ok("read_file", {"path": str(src)})
        assert first.startswith(f"{src} (120 lines, ~")
        assert "def rate_39(x):" in first
        again = await s.ok("read_file", {"path": str(src)})
        assert again.startswith("UNCHANGED since your last read (120 lines)")
        assert "def rate_" not in again
        src.write_text("".join(body).replace("return x * 17", "return x * 17 + BONUS_CAP"),
                       encoding="utf-8")
        changed = await s.ok("read_file", {"path": str(src)})
        assert changed.startswith("CHANGED since your last read; diff against your copy:")
        assert "+    return x * 17 + BONUS_CAP" in changed
        assert "-    return x * 17" in changed
        assert "def rate_30" not in changed  # only the hunk, not the file
        now_unchanged = await s.ok("read_file", {"path": str(src)})
        assert now_unchanged.startswith("UNCHANGED")
        forced = await s.ok("read_file", {"path": str(src), "force": True})
        assert forced.startswith(f"{src} (120 lines") and "BONUS_CAP" in forced
        # Most of the file rewritten: the whole new file, not a diff.
        src.write_text("".join(f"VALUE_{i} = {i}\n" for i in range(60)), encoding="utf-8")
        rewritten = await s.ok("read_file", {"path": str(src)})
        assert rewritten.startswith("CHANGED") and "VALUE_59 = 59" in rewritten
        assert "\n@@" not in rewritten
        ranged = await s.ok("read_file", {"path": str(src), "start_line": 3, "end_line": 5})
        assert ranged == "pricing.py:3-5\nVALUE_2 = 2\nVALUE_3 = 3\nVALUE_4 = 4"
        tail = await s.ok("read_file", {"path": str(src), "start_line": 59})
        assert tail == "pricing.py:59-60\nVALUE_58 = 58\nVALUE_59 = 59"

        big = tmp_path / "proj" / "big.log"
        big.write_text("x" * 1000 + "\n" + "y" * (600 * 1024) + "\n", encoding="utf-8")
        binary = tmp_path / "proj" / "logo.png"
        binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00\x00garbage")
        refusals = {
            "missing": ({"path": str(tmp_path / "proj" / "nope.py")}, "No such file"),
            "directory": ({"path": str(src.parent)}, "is a directory"),
            "too large": ({"path": str(big)}, "over read_file's limit of 512 KiB"),
            "binary": ({"path": str(binary)}, "not UTF-8 text"),
            "empty range": ({"path": str(src), "start_line": 70, "end_line": 80},
                            "Empty range"),
            "reversed range": ({"path": str(src), "start_line": 9, "end_line": 2},
                               "is after end_line"),
            "negative": ({"path": str(src), "start_line": -1}, "must be a line number"),
            "empty path": ({"path": ""}, "Give the path"),
        }
        for name, (args, expected) in refusals.items():
            text, is_error = await s.call("read_file", args)
            assert is_error, name
            assert expected in text, (name, text)
        # A line range still works on a file too large to read whole.
        big_range = await s.ok("read_file", {"path": str(big), "start_line": 1, "end_line": 1})
        assert re.fullmatch(r"big\.log:1-1\nx{1000}", big_range)
