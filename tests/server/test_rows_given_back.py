"""A real stdio server gives back what searches left resident once they pause: the fine vector
rows a search rescored (page cache again, ``VectorIndex.release_rows``) leave its resident set
in the next idle turn, while the coarse rows every search reads stay."""

from __future__ import annotations

import os
from pathlib import Path

import anyio
import pytest

from store.paths import StoreLayout
from tests.mcp_client import server_session

pytestmark = [pytest.mark.anyio,
              pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="no /proc")]


def server_pid() -> int:
    """This test's one ``ihmt_async serve`` child."""
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == me and b"serve" in cmd:
            return int(entry)
    raise AssertionError("no server process")


def row_mappings_kb(pid: int, state: Path) -> list[int]:
    """Resident kB of each mapped row file (nameless: "(deleted)") of the store's state/."""
    found: list[int] = []
    rows = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()[0] if line else ""
        if "-" in head and not head.endswith(":"):
            rows = f" {state}/" in line and line.endswith("(deleted)")
        elif rows and head == "Rss:":
            found.append(int(line.split()[1]))
    return found


async def test_rows_a_search_read_are_given_back_when_searches_pause(tmp_path: Path) -> None:
    state = StoreLayout.at_home(tmp_path).state_dir
    async with server_session(tmp_path) as s:
        for content in ("The kitten sleeps on the blue sofa every afternoon.",
                        "Our staging database listens on port 5433.",
                        "Mi hermana Lucía trabaja como enfermera en Zaragoza."):
            await s.ok("save_memory", {"content": content})
        reply = await s.ok("search_memory", {"query": "where does the kitten sleep?"})
        assert "blue sofa" in reply
        pid = server_pid()
        with anyio.fail_after(60):  # generous: the model loads and embeds first, slow at CI load
            while True:  # the next idle turn comes within a second or two of the search
                resident = row_mappings_kb(pid, state)
                if len(resident) >= 2 and 0 in resident:
                    break
                await anyio.sleep(0.2)
        assert any(kb > 0 for kb in resident)  # the coarse rows, read by every search
        again = await s.ok("search_memory", {"query": "which port does staging use?"})
        assert "5433" in again
