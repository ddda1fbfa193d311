"""read_file, project_map and find_code against FIFOs, devices, directories, a 2 GB sparse file
and a line-less file: clear refusals, nothing blocks, the server's memory stays bounded, and
the store is not touched."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.raw_server import RawServer, raw_server
from tests.hardening.store_files import (
    NO_BACKGROUND_PASS,
    first_pass_done,
    model_loaded,
    tree_digest,
    vectors_written,
)

pytestmark = pytest.mark.anyio

SPARSE_BYTES = 2 * 1024 ** 3
LINELESS_BYTES = 65 * 1024 * 1024


class Calls:
    def __init__(self, server: RawServer) -> None:
        self.server = server
        self.next_id = 100

    async def call(self, tool: str, **arguments: Any) -> tuple[str, bool]:
        self.next_id += 1
        reply = await self.server.request(self.next_id, "tools/call",
                                          {"name": tool, "arguments": arguments})
        result = reply["result"]
        return result["content"][0]["text"], bool(result["isError"])


async def test_special_and_huge_files_are_refused_with_bounded_memory(tmp_path: Path) -> None:
    home, files = tmp_path / "home", tmp_path / "files"
    files.mkdir()
    fifo = files / "pipe.fifo"
    os.mkfifo(fifo)
    sparse = files / "sparse.log"
    with sparse.open("wb") as handle:
        handle.write(b"first line of a huge log\n")
        handle.truncate(SPARSE_BYTES)
    lineless = files / "lineless.txt"
    with lineless.open("wb") as handle:
        block = b"x" * (1024 * 1024)
        for _ in range(LINELESS_BYTES // len(block)):
            handle.write(block)
    project = tmp_path / "project"
    project.mkdir()
    (project / "app.py").write_text("def checkout(cart):\n    return sum(cart)\n",
                                    encoding="utf-8")
    os.mkfifo(project / "events.py")  # an indexable name, but a FIFO
    with (project / "huge.py").open("wb") as handle:
        handle.truncate(SPARSE_BYTES)

    # /dev is a folder these tools may read only when the user lists it (IHMT_READ_ROOTS);
    # listed, a device in it is still refused unopened
    async with raw_server(home, TMPDIR=str(tmp_path), IHMT_READ_ROOTS="/dev",
                          **NO_BACKGROUND_PASS) as server:
        await server.initialize()
        calls = Calls(server)
        await calls.call("save_memory", content="The checkout service sums the cart.")
        await first_pass_done(home)
        await model_loaded(home)  # its load is not growth caused by the refusals
        await vectors_written(home)  # nor is the memory's vector a change they made
        store_before = {k: v for k, v in tree_digest(home / "ihmt_memory").items()
                        if not k.startswith("logs")}
        baseline_kib = server.peak_rss_kib()

        refusals = {
            "fifo": ({"path": str(fifo)}, "named pipe (FIFO)"),
            "fifo range": ({"path": str(fifo), "start_line": 1, "end_line": 2},
                           "named pipe (FIFO)"),
            "device": ({"path": "/dev/zero"}, "is a device"),
            "device range": ({"path": "/dev/zero", "start_line": 1}, "is a device"),
            "directory": ({"path": str(files)}, "is a directory"),
            "sparse whole": ({"path": str(sparse)}, "over read_file's limit"),
            "sparse range": ({"path": str(sparse), "start_line": 2, "end_line": 3},
                             "not UTF-8 text"),
            "lineless range": ({"path": str(lineless), "start_line": 2},
                               "has no line 2 within its first 64 MiB"),
            "lineless first line": ({"path": str(lineless), "start_line": 1, "end_line": 1},
                                    "ask for fewer lines"),
        }
        for name, (arguments, expected) in refusals.items():
            text, is_error = await calls.call("read_file", **arguments)
            assert is_error and expected in text, (name, text)

        first, is_error = await calls.call("read_file", path=str(sparse), start_line=1,
                                           end_line=1)
        assert not is_error and "first line of a huge log" in first

        mapped, is_error = await calls.call("project_map", path=str(project))
        assert not is_error and "app.py" in mapped and "events.py" not in mapped
        assert "huge.py" not in mapped.split("(")[0] and "over 256 KiB" in mapped
        code, is_error = await calls.call("find_code", query="checkout", path=str(project))
        assert not is_error and "return sum(cart)" in code
        text, is_error = await calls.call("project_map", path=str(fifo))
        assert is_error and "not a directory" in text
        text, is_error = await calls.call("find_code", query="checkout", path="/dev/null")
        assert is_error and "not a directory" in text

        grown_kib = server.peak_rss_kib() - baseline_kib
        assert grown_kib < 64 * 1024, grown_kib
        # Nothing above wrote to the store; the server still answers.
        after = {k: v for k, v in tree_digest(home / "ihmt_memory").items()
                 if not k.startswith("logs")}
        assert after == store_before
        found, _ = await calls.call("search_memory", query="checkout service cart")
        assert "sums the cart" in found
