"""A weekday said alone in a saved turn, through the real server: the reply names its day,
and a question about a month finds the turn by that day (``time_ranges.told_days``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session


@pytest.mark.anyio
async def test_a_weekday_said_alone_is_named_and_asked_by_its_month(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for text in ("[2026-02-28] Henrik: Big news, I start at Kinsale Marine Labs a week "
                     "from Monday.",
                     "[2026-02-14] Henrik: I repainted the hallway, it's a lovely green now.",
                     "[2026-02-21] Henrik: Pilchard knocked over the fern again.",
                     "[2026-03-14] Henrik: I tried sea swimming at Myrtleville.",
                     "[2026-03-21] Henrik: Cian came over for dinner with Aoife.",
                     "[2026-09-12] Odalys: Poor Ñandú tore a ligament. He had surgery on "
                     "Monday."):
            await s.ok("save_memory", {"content": text})
        reply = await s.ok("search_memory", {"query": "When did Ñandú have his operation?"})
        assert '(Said on Sat 2026-09-12: "on Monday" = Mon 2026-09-07.)' in reply
        march = await s.ok("search_memory", {"query": "What did Henrik do in March 2026?"})
        served = march.split("Also close")[0]
        assert "Kinsale Marine Labs" in served and "Pilchard" not in served
