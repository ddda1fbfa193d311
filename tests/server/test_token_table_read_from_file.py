"""A real stdio server reads the sentence model's token table from the machine's cache file,
row by row: the table is not mapped in the server, so none of it is resident there after the
server has embedded memories and questions, and a question still finds its memory by meaning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actors.embedding import sentence
from store.mapped_cache import cache_path
from tests.mcp_client import server_session
from tests.server.test_rows_given_back import server_pid

pytestmark = [pytest.mark.anyio,
              pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="no /proc")]


def table_file() -> Path:
    """The cached token table's file (the test session built it: tests/conftest.py)."""
    weights = sentence._resources() / sentence.WEIGHTS
    return cache_path(sentence.table_cache_name(weights))


def table_resident_kb(pid: int, table: Path) -> int:
    """Resident kB of every mapping of ``table`` in process ``pid``."""
    resident, inside = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()[0] if line else ""
        if "-" in head and not head.endswith(":"):
            inside = line.endswith(f" {table}")
        elif inside and head == "Rss:":
            resident += int(line.split()[1])
    return resident


def reads_file(pid: int, table: Path) -> bool:
    """Whether one of the process's open files is ``table``."""
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") == str(table):
                return True
        except OSError:
            continue
    return False


async def test_the_token_table_is_read_not_resident(tmp_path: Path) -> None:
    table = table_file()
    assert table.exists()
    async with server_session(tmp_path) as s:
        for content in ("The kitten sleeps on the blue sofa every afternoon.",
                        "Our staging database listens on port 5433.",
                        "Mi hermana Lucía trabaja como enfermera en Zaragoza."):
            await s.ok("save_memory", {"content": content})
        reply = await s.ok("search_memory", {"query": "where does the cat nap?"})
        assert "blue sofa" in reply
        again = await s.ok("search_memory", {"query": "¿En qué trabaja mi hermana?"})
        assert "enfermera" in again
        pid = server_pid()
        assert reads_file(pid, table)  # the model is loaded, its table read from the file
        assert table_resident_kb(pid, table) == 0
