"""A list asked through the real stdio server with default arguments shows each session's part
(more than the default three memories when more sessions hold one); a ``limit`` the caller
gives stands (``several``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.navigation.test_several import SESSIONS

pytestmark = pytest.mark.anyio

SPORTS = ("bouldering", "kayaking", "pádel", "Swimming laps")


async def test_a_list_question_shows_every_sessions_part_unless_a_limit_is_given(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for day, first, neighbours in SESSIONS:
            for text in (first, *neighbours):
                await s.ok("save_memory", {"content": f"[{day}] user: {text}"})
        listed = await s.ok("search_memory", {"query": "Which sports has the user done?"})
        served = listed.split("\nAlso close")[0]
        assert "\n--- 4. " in served and "\n--- 7. " not in served
        assert all(sport in served for sport in SPORTS), listed
        kept = await s.ok("search_memory", {"query": "Which sports has the user done?",
                                             "limit": 3})
        assert "\n--- 3. " in kept and "\n--- 4. " not in kept
