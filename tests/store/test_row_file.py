"""A process's matrix rows in a nameless mapped file of the store's ``state/``: the rows kept
as the file grows, nothing named left in the folder, and a full disk refused with the store's
typed error before any row is written (a store to a mapped hole of a full disk is a SIGBUS)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from store import row_file
from store.errors import DiskFull, StoreIOError, StorePermission
from store.row_file import MappedRows


def test_rows_written_are_kept_as_the_file_grows(tmp_path: Path) -> None:
    room = MappedRows(tmp_path, 8)
    first = room.resize(3)
    first[:24] = bytes(range(24))
    grown = room.resize(1000)
    assert len(grown) == 8000
    assert grown[:24] == bytes(range(24)) and not any(grown[24:])
    assert first[:24] == bytes(range(24))  # a mapping handed out before stays valid
    grown[7999] = 5
    assert room.resize(10)[7999] == 5  # never shrinks: every row held stays
    assert os.listdir(tmp_path) == []


def test_a_full_disk_is_refused_before_a_row_is_mapped(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    room = MappedRows(tmp_path, 512)
    room.resize(10)

    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(row_file.os, "posix_fallocate", full)
    with pytest.raises(DiskFull):
        room.resize(20)
    assert len(room.resize(10)) == 512 * 10  # what was held is still there


def test_a_folder_refusing_files_is_the_store_s_typed_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(row_file.os, "open", refused)
    with pytest.raises(StorePermission):
        MappedRows(tmp_path, 8)


def test_a_system_that_cannot_reserve_blocks_maps_no_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``posix_fallocate`` (macOS) a mapped row could be a hole a full disk turns
    into a SIGBUS: the room is refused, and the rows stay in memory."""
    monkeypatch.delattr(row_file.os, "posix_fallocate")
    with pytest.raises(StoreIOError):
        MappedRows(tmp_path, 8)


def test_rows_read_from_the_file_are_those_written_through_the_mapping(tmp_path: Path) -> None:
    room = MappedRows(tmp_path, 8)
    mapping = room.resize(1000)
    mapping[:8000] = bytes(n % 251 for n in range(8000))
    buffer = bytearray(40)
    room.read_into(memoryview(buffer), [997, 0, 500], [3, 1, 1])  # the last three rows, ...
    expected = [n % 251 for n in [*range(7976, 8000), *range(8), *range(4000, 4008)]]
    assert bytes(buffer) == bytes(expected)
    with pytest.raises(StoreIOError):  # past the end: the store's typed error, not a short row
        room.read_into(memoryview(bytearray(16)), [999], [2])
