"""The day a start was told in the speaker's own later turn, shown beside the news, through
the real server (``navigation.start_told``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

_CHAT = (
    "[2026-03-28] Henrik: Hey! How's it going?",
    "[2026-03-28] Odalys: Big news: I'm leaving Farmacia Pocitos. I got a job in quality "
    "control at Laboratorio Celeste.",
    "[2026-03-28] Henrik: Haha, classic.",
    "[2026-03-28] Odalys: Same here, just tired.",
    "[2026-03-28] Henrik: How's the weather over there?",
    "[2026-03-28] Odalys: Empiezo el 6 de abril. Es de lunes a viernes, ¡se terminaron las "
    "noches!",
    "[2026-03-28] Henrik: Nice one!",
    "[2026-05-23] Odalys: The new job at Laboratorio Celeste is good, I run stability tests.",
    "[2026-05-23] Henrik: Oh wow, how did that feel?",
)


@pytest.mark.anyio
async def test_a_start_s_day_told_turns_later_is_shown_with_the_news(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for text in _CHAT:
            await s.ok("save_memory", {"content": text})
        reply = await s.ok("search_memory", {"query": "When did Odalys start her new job?",
                                             "limit": 2})
        served = reply.split("Also close")[0]  # not only listed among the others
        assert "Also in that conversation:\n[2026-03-28] Odalys: Empiezo el 6 de abril" in served
        # a schedule of weekdays is no day ("de lunes a viernes")
        assert '"lunes"' not in reply
