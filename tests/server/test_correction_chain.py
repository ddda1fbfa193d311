"""A memory corrected again through its first id: only the newest correction is current (so
several agents correcting one memory at once keep one story), and the save's reply names the
earlier correction it outdated; an outside probe saw the current memory outdated silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def memory_id(reply: str) -> str:
    found = re.search(r"Memory id: (\S+)", reply)
    assert found is not None, reply
    return found.group(1)


async def test_a_second_correction_of_one_memory_names_the_first_it_outdates(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        lisbon = memory_id(await s.ok("save_memory", {"content": "I live in Lisbon."}))
        madrid_reply = await s.ok("save_memory", {"content": "I live in Madrid now.",
                                                  "supersedes": lisbon})
        madrid = memory_id(madrid_reply)
        assert f"Marked memory {lisbon} as superseded" in madrid_reply
        assert "had already been corrected" not in madrid_reply
        again = await s.ok("save_memory", {"content": "I live in Valencia now.",
                                           "supersedes": lisbon})
        assert f"Marked memory {lisbon} as superseded by this one." in again
        assert f"{lisbon} had already been corrected by {madrid}: that memory is now " \
               "superseded by this one too" in again
        where = await s.ok("search_memory", {"query": "Where do I live?"})
        assert where.startswith("Current value: user location = 'Valencia'")
