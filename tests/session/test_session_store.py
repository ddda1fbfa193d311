"""The session scratch store: its directory goes away on close, and after a killed process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from store.session_store import SessionStore


def test_close_removes_everything_and_copies_round_trip(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    store.write_piece("note-00001", "la clave está en config/app.yml")
    store.save_copy("/some/file.py", "print('x')\n")
    assert store.read_piece("note-00001") == "la clave está en config/app.yml"
    assert store.load_copy("/some/file.py") == "print('x')\n"
    assert store.load_copy("/never/read.py") is None
    store.close()
    store.close()  # idempotent
    assert not store.root.exists()


def test_directory_of_a_dead_process_is_removed_by_the_next_one(tmp_path: Path) -> None:
    child = subprocess.run(
        [sys.executable, "-c", "import sys; from store.session_store import SessionStore; "
         f"print(SessionStore(__import__('pathlib').Path({str(tmp_path)!r})).root)"],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    left = Path(child.stdout.strip())
    assert left.is_dir()  # the child exited without closing it
    mine = SessionStore(tmp_path)
    assert not left.exists() and mine.root.is_dir()
    mine.close()
