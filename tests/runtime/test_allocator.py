"""Freed memory goes back to the system after a burst, at most once per interval."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from actors import allocator

REPO = Path(__file__).resolve().parents[2]


def test_a_trim_runs_at_most_once_per_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(allocator, "_malloc_trim", lambda: calls.append)
    monkeypatch.setattr(allocator, "_last", 0.0)
    assert allocator.return_free_memory(now=100.0)
    assert not allocator.return_free_memory(now=100.0 + allocator.TRIM_INTERVAL_S / 2)
    assert allocator.return_free_memory(now=100.0 + allocator.TRIM_INTERVAL_S)
    assert calls == [0, 0]


def test_without_the_call_nothing_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(allocator, "_malloc_trim", lambda: None)
    monkeypatch.setattr(allocator, "_last", 0.0)
    assert not allocator.return_free_memory(now=1e9)


def test_glibc_s_trim_is_found_and_runs() -> None:
    trim = allocator._malloc_trim()
    if trim is None:
        pytest.skip("this C library has no malloc_trim")
    assert trim(0) in (0, 1)


PROBE = r"""
import ctypes, ctypes.util, os, sys, tempfile, threading
from actors import allocator

if sys.argv[1] == "settled":
    assert allocator.settle_for_long_life()
libc = ctypes.CDLL(ctypes.util.find_library("c"))

libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
together = threading.Barrier(4)
kept = []


def allocate():
    together.wait()
    kept.append([bytearray(4096) for _ in range(200)])  # past Python's small-object pools
    together.wait()


threads = [threading.Thread(target=allocate) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "info.xml").encode()
    handle = libc.fopen(path, b"w")
    libc.malloc_info(0, handle)
    libc.fclose(handle)
    with open(path, encoding="utf-8") as info:
        arenas = info.read().count("<heap nr=")
print(arenas)
"""


def _arenas(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True,
                          cwd=REPO, check=True)
    return int(done.stdout)


def test_a_server_s_threads_share_one_arena() -> None:
    """``settle_for_long_life`` (called by ``serve``): four threads allocating at once share
    one arena; glibc's default (checked on the same probe) gives each of them its own."""
    if allocator._mallopt() is None:
        pytest.skip("not glibc")
    assert _arenas("settled") == 1
    assert _arenas("default") > 1
