"""Freed memory goes back to the system after a burst, at most once per interval."""

from __future__ import annotations

import pytest

from actors import allocator


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
