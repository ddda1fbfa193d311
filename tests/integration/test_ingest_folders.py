"""``ihmt-async ingest`` on a real folder through the CLI: dot-directories relative to the
given root, .gitignore, binaries / empty / __pycache__ skipped and counted, the new /
unchanged / updated summary, and a changed file superseding its previous version."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_support import run_cli


def make_repo(base: Path) -> Path:
    # The repository itself sits under a dot-directory: that must not hide it.
    repo = base / ".cache" / "checkout" / "ledger"
    (repo / "docs").mkdir(parents=True)
    (repo / ".git").mkdir()
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (repo / "__pycache__").mkdir()
    (repo / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0\0compiled")
    (repo / "build").mkdir()
    (repo / "build" / "out.txt").write_text("generated output that is ignored\n")
    (repo / ".gitignore").write_text("build/\n*.log\n")
    (repo / "debug.log").write_text("ignored log line\n")
    (repo / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0IHDR")
    (repo / "EMPTY.md").write_text("   \n")
    (repo / "docs" / "ledger.md").write_text(
        "# Ledger\n\nThe ledger service stores balances in PostgreSQL and exports a nightly "
        "CSV for the accountants.\n")
    (repo / "docs" / "release.md").write_text(
        "# Releases\n\nReleases are cut every second Tuesday by the on-call engineer.\n")
    return repo


def test_ingest_real_folder(tmp_path: Path) -> None:
    store = tmp_path / "store"
    repo = make_repo(tmp_path)
    first = run_cli("ingest", str(repo), "--json", store=store)
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert summary["new"] == 2 and summary["failed"] == 0
    assert summary["skipped_by_reason"] == {"binary": 1, "empty": 1, "ignored": 2,
                                            "cache directory": 1}
    assert "elapsed_s" in summary

    again = json.loads(run_cli("ingest", str(repo), "--json", store=store).stdout)
    assert (again["new"], again["unchanged"], again["updated"]) == (0, 2, 0)

    (repo / "docs" / "ledger.md").write_text(
        "# Ledger\n\nThe ledger service stores balances in CockroachDB since the migration "
        "and exports a nightly CSV for the accountants.\n")
    changed = run_cli("ingest", str(repo), store=store)
    assert changed.returncode == 0
    assert "0 new, 1 updated, 1 unchanged" in changed.stdout
    found = run_cli("search", "ledger service balances database", "--detail", "full",
                    store=store).stdout
    lead = found.split("Also matching")[0]
    assert "CockroachDB" in lead
    assert "PostgreSQL" not in found  # the old version is retracted, never served


def test_missing_path_fails_and_nothing_else_is_hidden(tmp_path: Path) -> None:
    done = run_cli("ingest", str(tmp_path / "nope"), store=tmp_path / "store")
    assert done.returncode == 1 and "No such file or directory" in done.stderr
