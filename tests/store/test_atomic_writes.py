"""Whole-file writes: nothing half-done is ever visible, and a dead writer's debris is swept."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from store import atomic
from store.atomic import (
    TEMP_PREFIX,
    clean_stray_temps,
    stray_temps,
    write_atomic,
    write_json_atomic,
)
from store.errors import DiskFull
from store.paths import StoreLayout

Child = Any  # tests/store/conftest.py: Child (a store_worker.py process)


def test_write_leaves_no_temp_and_replaces_content(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "dir" / "file.json"
    write_atomic(target, "primera versión\n")
    write_atomic(target, b"second version\n")
    assert target.read_bytes() == b"second version\n"
    assert stray_temps(tmp_path) == []
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_json_write_is_readable_utf8(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    write_json_atomic(target, {"título": "año", "n": [1, 2]})
    text = target.read_text(encoding="utf-8")
    assert "año" in text and text.endswith("\n")


def test_failed_write_keeps_old_file_and_removes_its_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "catalog.json"
    write_atomic(target, "old")

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(DiskFull):  # mapped where the store touches the disk
        write_atomic(target, "new" * 1000)
    assert target.read_text() == "old"
    assert stray_temps(tmp_path) == []


@pytest.mark.parametrize("existed", [False, True])
def test_writer_killed_before_rename_leaves_target_whole(
        tmp_path: Path, spawn: Callable[..., Child], existed: bool) -> None:
    target = tmp_path / "state" / "facts.json"
    target.parent.mkdir()
    if existed:
        write_atomic(target, "OLD CONTENT")
    child = spawn("half-write", target)
    temp = Path(child.expect("temp ").split(" ", 1)[1])
    child.kill()  # SIGKILL in the middle of the write: data is in the temp, no rename yet
    assert temp.exists() and temp.parent == target.parent and temp.name.startswith(TEMP_PREFIX)
    assert temp.stat().st_size > 0
    if existed:
        assert target.read_text() == "OLD CONTENT"
    else:
        assert not target.exists()
    assert stray_temps(tmp_path) == [temp]
    # The next open sweeps the dead writer's temp (its pid is gone) without a grace period.
    removed = clean_stray_temps(tmp_path)
    assert removed == [temp]
    assert stray_temps(tmp_path) == []
    assert (target.read_text() == "OLD CONTENT") if existed else not target.exists()


def test_clean_keeps_a_live_writers_fresh_temp(tmp_path: Path) -> None:
    live = tmp_path / f"{TEMP_PREFIX}{os.getpid()}-abc.part"
    live.write_text("being written")
    assert clean_stray_temps(tmp_path) == []
    assert live.exists()
    # An old temp goes whoever wrote it.
    os.utime(live, (1_000_000, 1_000_000))
    assert clean_stray_temps(tmp_path, older_than_s=60) == [live]


def test_open_sweep_finds_strays_anywhere_in_the_store(store_home: Path) -> None:
    """What a process's first consolidation pass does (``clean_stray_temps(layout.root)``)."""
    layout = StoreLayout.at_home(store_home)
    layout.ensure()
    dead_pid = _a_dead_pid()
    strays = [layout.leaves_dir / "personal" / f"{TEMP_PREFIX}{dead_pid}-x1.part",
              layout.state_dir / f"{TEMP_PREFIX}{dead_pid}-x2.part",
              layout.layers_dir / "1" / f"{TEMP_PREFIX}{dead_pid}-x3.part"]
    for stray in strays:
        stray.parent.mkdir(parents=True, exist_ok=True)
        stray.write_text("half")
    live = layout.state_dir / f"{TEMP_PREFIX}{os.getpid()}-x4.part"
    live.write_text("mine, being written")
    kept = layout.state_dir / "catalog.json"
    kept.write_text("{}")
    assert sorted(clean_stray_temps(layout.root)) == sorted(strays)
    assert live.exists() and kept.exists()


def _a_dead_pid() -> int:
    """A pid that no process has right now (a child that already exited and was reaped)."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(proc.stdout)
