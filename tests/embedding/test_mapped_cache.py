"""The machine's cache of mapped arrays (``store.mapped_cache``): built once, then mapped by
every process; a damaged file is rebuilt; an unusable folder never fails the caller; builders
racing in several processes end with one whole file."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from structlog.testing import capture_logs

from store.atomic import TEMP_PREFIX
from store.mapped_cache import cache_path, mapped_array
from store.paths import default_cache_dir
from tests.worker_process import WorkerProcess

SHAPE = (300, 16)
DTYPE = np.dtype(np.uint8)
WORKER = Path(__file__).with_name("mapped_cache_worker.py")


class Builder:
    """A builder that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> np.ndarray:
        self.calls += 1
        return (np.arange(SHAPE[0] * SHAPE[1]) % 256).astype(np.uint8).reshape(SHAPE)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("IHMT_ASYNC_CACHE", str(directory))
    return directory


def test_the_cache_folder_follows_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IHMT_ASYNC_CACHE", str(tmp_path / "own"))
    assert default_cache_dir() == tmp_path / "own"
    monkeypatch.delenv("IHMT_ASYNC_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "ihmt-async"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "ihmt-async"


def test_a_file_built_removes_the_files_it_replaces(cache: Path) -> None:
    # an earlier release's table (another fingerprint or naming) is dead weight once the new
    # one is built; another family's file stays
    for stale in ("model-x-month.table-1", "model-x.table-0", "other.table-0"):
        mapped_array(stale, SHAPE, DTYPE, Builder())
    mapped_array("model-x.table-2", SHAPE, DTYPE, Builder(), replaces="model-x")
    assert sorted(p.name for p in cache.glob("*.npy")) == ["model-x.table-2.npy",
                                                          "other.table-0.npy"]
    # mapped again, nothing is built and nothing removed
    mapped_array("other.table-0", SHAPE, DTYPE, Builder(), replaces="other")
    assert len(list(cache.glob("*.npy"))) == 2


def test_a_missing_file_is_built_once_then_mapped(cache: Path) -> None:
    build = Builder()
    first = mapped_array("table-a", SHAPE, DTYPE, build)
    assert build.calls == 1
    assert isinstance(first, np.memmap) and not first.flags.writeable
    assert np.array_equal(first, Builder()())
    path = cache_path("table-a")
    assert path.parent == cache and path.exists()
    before = path.stat()

    second = mapped_array("table-a", SHAPE, DTYPE, build)
    assert build.calls == 1  # not rebuilt
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert isinstance(second, np.memmap) and np.array_equal(second, first)
    assert sorted(p.name for p in cache.iterdir()) == ["table-a.npy"]


@pytest.mark.parametrize("damage", ["truncated", "padded", "other shape", "other dtype",
                                    "garbage", "empty", "archive"])
def test_a_damaged_or_foreign_file_is_rebuilt(cache: Path, damage: str) -> None:
    path = cache_path("table-b")
    path.parent.mkdir(parents=True)
    good = Builder()()
    if damage in ("truncated", "padded"):
        np.save(path, good)
        data = path.read_bytes()
        path.write_bytes(data[:-7] if damage == "truncated" else data + b"\0" * 64)
    elif damage == "other shape":
        np.save(path, good.reshape(SHAPE[1], SHAPE[0]))
    elif damage == "other dtype":
        np.save(path, good.astype(np.int16))
    elif damage == "archive":
        with path.open("wb") as handle:
            np.savez(handle, table=good)
    elif damage == "garbage":
        path.write_bytes(b"not an array at all" * 10)
    else:
        path.write_bytes(b"")
    build = Builder()
    table = mapped_array("table-b", SHAPE, DTYPE, build)
    assert build.calls == 1
    assert isinstance(table, np.memmap) and np.array_equal(table, good)
    assert np.array_equal(np.load(path), good)


def test_an_unwritable_cache_falls_back_to_memory_with_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("the cache folder cannot be made under a file")
    monkeypatch.setenv("IHMT_ASYNC_CACHE", str(blocker / "cache"))
    build = Builder()
    with capture_logs() as logs:
        table = mapped_array("table-c", SHAPE, DTYPE, build)
    assert build.calls == 1
    assert not isinstance(table, np.memmap) and np.array_equal(table, Builder()())
    warnings = [entry for entry in logs if entry["log_level"] == "warning"]
    assert len(warnings) == 1
    assert warnings[0]["event"] == "mapped_cache_unwritable"
    assert warnings[0]["reason"] and str(blocker) in warnings[0]["path"]


def test_a_full_disk_falls_back_and_leaves_no_temp_file(cache: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np.lib.format, "write_array", no_space)
    with capture_logs() as logs:
        table = mapped_array("table-d", SHAPE, DTYPE, Builder())
    assert np.array_equal(table, Builder()())
    assert [entry["event"] for entry in logs if entry["log_level"] == "warning"] \
        == ["mapped_cache_unwritable"]
    assert "the disk is full" in logs[-1]["reason"]  # mapped where the store writes
    assert list(cache.iterdir()) == []


def test_a_killed_builders_temp_file_is_cleaned_on_the_next_build(cache: Path) -> None:
    cache.mkdir()
    dead_pid = 2**22 + 11  # above pid_max's default: no such process
    debris = cache / f"{TEMP_PREFIX}{dead_pid}-x.part"
    debris.write_bytes(b"half a table")
    mapped_array("table-e", SHAPE, DTYPE, Builder())
    assert sorted(p.name for p in cache.iterdir()) == ["table-e.npy"]


def test_an_unsafe_name_is_refused(cache: Path) -> None:
    from store.errors import ConfigError

    with pytest.raises(ConfigError):
        mapped_array("../escape", SHAPE, DTYPE, Builder())


def test_builders_racing_in_two_processes_end_with_one_whole_file(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {**os.environ, "IHMT_ASYNC_CACHE": str(cache)}
    workers = [WorkerProcess(WORKER, str(cache), env=env) for _ in range(2)]
    try:
        for worker in workers:
            worker.expect("ready")
        for worker in workers:
            worker.send()
        for worker in workers:  # both are inside their build: neither found a file
            worker.expect("building")
        for worker in workers:
            worker.send()
        results = [worker.result() for worker in workers]
    finally:
        for worker in workers:
            worker.close()
    assert results == [{"mapped": True, "built": True, "equal": True}] * 2
    assert sorted(p.name for p in cache.iterdir()) == ["worker-table.npy"]
    # the worker's table (not imported: the worker configures logging when imported)
    shape = (4096, 512)
    expected = (np.arange(shape[0] * shape[1]) % 251).astype(np.uint8).reshape(shape)
    assert np.array_equal(np.load(cache / "worker-table.npy"), expected)
