"""A text that is only a date is refused as empty, as white space is (probe-fault F6).

"2026-03-01" and "[2026-03-01]" were each saved as a memory of that day with no content. The
real server over stdio; the first two forms are the probe's, the others held out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_a_date_with_nothing_said_about_it_is_refused(tmp_path: Path) -> None:
    async with server_session(tmp_path / "home") as s:
        for text in ("2026-03-01", "[2026-03-01]", "  3 de marzo de 2025:  ",
                     "Monday, 2 March 2026 10:00", "(2026-03-01) -"):
            reply, is_error = await s.call("save_memory", {"content": text})
            assert is_error and "only a date" in reply and "nothing was saved" in reply, (
                text, reply)
        for text in ("2026-03-01: moved to Lisbon", "[2026-03-01] ok from Ana",
                     "3 de marzo de 2025: empecé en Brisa"):
            reply, is_error = await s.call("save_memory", {"content": text})
            assert not is_error and reply.startswith("Saved"), (text, reply)
        found = await s.ok("search_memory", {"query": "Lisbon"})
        assert "moved to Lisbon" in found
