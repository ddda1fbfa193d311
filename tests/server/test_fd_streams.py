"""The MCP channel's pipes read and written on the event loop (``fd_streams``): the lines
``TextIOWrapper`` gave (UTF-8 with replacement, universal newlines, at most ``limit``
characters), replies written whole however large, and no worker thread for a pipe; a regular
file (which the loop cannot wait on) still works, through a thread."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from ihmt_async import fd_streams
from ihmt_async.fd_streams import FdLines, FdWriter

pytestmark = pytest.mark.anyio


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand-off to a worker thread fails the test."""

    async def refused(*_: Any, **__: Any) -> Any:
        raise AssertionError("a worker thread was used for a pipe")

    monkeypatch.setattr(fd_streams.anyio.to_thread, "run_sync", refused)


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read, write = os.pipe()
    yield read, write
    for fd in (read, write):
        try:
            os.close(fd)
        except OSError:
            pass


async def lines_of(source: FdLines, limit: int = 1000) -> list[str]:
    out = []
    while line := await source.readline(limit):
        out.append(line)
    return out


def writer_thread(fd: int, chunks: list[bytes]) -> threading.Thread:
    """Writes the chunks one by one, then closes ``fd`` (the client's end)."""

    def run() -> None:
        for chunk in chunks:
            os.write(fd, chunk)
        os.close(fd)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


async def test_lines_read_as_the_text_wrapper_read_them(pipe: tuple[int, int],
                                                        no_threads: None) -> None:
    read, write = pipe
    euro = "€".encode()
    # a character and a "\r\n" split across writes, an undecodable byte, no final newline
    thread = writer_thread(write, [b'{"a": 1}\r', b"\n{\"b\": \"" + euro[:1], euro[1:] + b'"}\n',
                                   b"bad \xff byte\rold mac\n", b"last"])
    with anyio.fail_after(10):
        got = await lines_of(FdLines(read))
    thread.join()
    # The undecodable byte is kept as a lone surrogate, which stdio refuses (not U+FFFD).
    assert got == ['{"a": 1}\n', '{"b": "€"}\n', "bad \udcff byte\n", "old mac\n", "last"]


async def test_a_line_longer_than_the_limit_comes_in_parts(pipe: tuple[int, int],
                                                           no_threads: None) -> None:
    read, write = pipe
    thread = writer_thread(write, [b"x" * 25 + b"\nshort\n"])
    source = FdLines(read)
    with anyio.fail_after(10):
        got = [await source.readline(10) for _ in range(5)]
    thread.join()
    assert got == ["x" * 10, "x" * 10, "xxxxx\n", "short\n", ""]


async def test_a_large_reply_is_written_whole_while_the_client_reads(
        pipe: tuple[int, int], no_threads: None) -> None:
    read, write = pipe
    reply = '{"result": "' + "ñ" * 300_000 + '"}\n'  # 600 kB: ten times what a pipe holds
    received = bytearray()

    def client() -> None:
        while chunk := os.read(read, 65536):
            received.extend(chunk)

    thread = threading.Thread(target=client)
    thread.start()
    out = FdWriter(write)
    with anyio.fail_after(20):
        await out.write(reply[:100])
        await out.write(reply[100:])
        await out.flush()
        await out.flush()  # nothing held: writes nothing
    os.close(write)
    thread.join()
    assert received.decode() == reply


async def test_a_regular_file_is_read_and_written_through_a_thread(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"a": 1}\n{"b": 2}\n')
    with open(source, "rb") as handle, anyio.fail_after(10):
        assert await lines_of(FdLines(handle.fileno())) == ['{"a": 1}\n', '{"b": 2}\n']
    target = tmp_path / "out.jsonl"
    with open(target, "wb") as handle:
        out = FdWriter(handle.fileno())
        with anyio.fail_after(10):
            await out.write('{"c": 3}\n')
            await out.flush()
    assert target.read_bytes() == b'{"c": 3}\n'
