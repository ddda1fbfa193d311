"""The MCP channel's two pipes, read and written from the event loop.

anyio's file wrapper (what the SDK's stdio transport uses) hands every ``readline``, every
``write`` and every ``flush`` to a worker thread: three thread hand-offs per request and its
reply, ~0.17 ms of CPU each on a 2-core machine (a ``ping`` cost the server 1.5 ms). Here the
event loop waits until the pipe is ready (``wait_readable`` / ``wait_writable``) and then reads
what is there, or writes what fits without blocking: no thread at all. A descriptor the loop
cannot wait on (a regular file given as stdin or stdout: epoll refuses it) is read and written
in a worker thread, as before.

Reading decodes UTF-8 as ``TextIOWrapper`` did (``\\r\\n`` and ``\\r`` read as ``\\n``), but
keeps each undecodable byte as a lone surrogate (``surrogateescape``), not U+FFFD, so
``stdio`` can refuse the request (a replaced byte was saved in silence: probe-fault F6).
``readline(limit)`` returns at most ``limit`` characters, so ``stdio.GuardedLines`` sees the
same lines. Nothing here parses a message.
"""

from __future__ import annotations

import codecs
import io
import os
import select

import anyio

READ_CHUNK = 64 * 1024
"""Bytes asked of the pipe per read (a pipe holds 64 KiB by default)."""
WRITE_CHUNK = select.PIPE_BUF
"""Bytes written per wait: a pipe the loop calls writable has room for at least this many, so
the write never blocks the loop (a client that stops reading stalls the reply, not the loop)."""


async def _wait(fd: int, *, writing: bool) -> bool:
    """Until ``fd`` is ready; False when the event loop cannot wait on it (a regular file)."""
    try:
        if writing:
            await anyio.wait_writable(fd)
        else:
            await anyio.wait_readable(fd)
    except PermissionError:  # epoll_ctl: EPERM for regular files (always ready)
        return False
    return True


class FdLines:
    """Lines of text from a file descriptor (stdin), read on the event loop."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._decoder = io.IncrementalNewlineDecoder(
            codecs.getincrementaldecoder("utf-8")(errors="surrogateescape"), translate=True)
        self._pending = ""
        self._eof = False
        self._pollable = True

    async def _more(self) -> str:
        """The next decoded text ('' only at the end of the input)."""
        while not self._eof:
            if self._pollable:
                self._pollable = await _wait(self.fd, writing=False)
            if self._pollable:
                data = os.read(self.fd, READ_CHUNK)  # ready: returns what is there
            else:
                data = await anyio.to_thread.run_sync(os.read, self.fd, READ_CHUNK,
                                                      abandon_on_cancel=True)
            if not data:
                self._eof = True
                return self._decoder.decode(b"", final=True)
            text = self._decoder.decode(data)
            if text:  # '' when the chunk ended inside a character (or on a '\r')
                return text
        return ""

    async def readline(self, limit: int) -> str:
        """The next line with its newline, at most ``limit`` characters of it (the rest comes
        next); '' at the end of the input."""
        parts: list[str] = []
        size = 0
        while size < limit:
            text = self._pending or await self._more()
            self._pending = ""
            if not text:
                break
            room = limit - size
            newline = text.find("\n", 0, room)
            if newline >= 0:
                parts.append(text[:newline + 1])
                self._pending = text[newline + 1:]
                break
            parts.append(text[:room])
            self._pending = text[room:]
            size += min(len(text), room)
        return "".join(parts)


class FdWriter:
    """Text written to a file descriptor (stdout), from the event loop. ``write`` keeps the
    text; ``flush`` sends it (the SDK calls both for each message)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._held: list[str] = []
        self._pollable = True

    async def write(self, text: str) -> None:
        self._held.append(text)

    async def flush(self) -> None:
        data = memoryview("".join(self._held).encode("utf-8"))
        self._held.clear()
        while data:
            if self._pollable:
                self._pollable = await _wait(self.fd, writing=True)
            if self._pollable:
                try:
                    sent = os.write(self.fd, data[:WRITE_CHUNK])
                except BlockingIOError:
                    continue
            else:
                sent = await anyio.to_thread.run_sync(os.write, self.fd, data)
            data = data[sent:]
