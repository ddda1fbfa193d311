"""A save that outlasts the caller's wait is still stored, and the reply says so.

Found by an outside probe: a megabyte saved under load answered "The ingest actor did not
answer within 60.0s." (a failure) and was stored minutes later, as was a short save queued
behind it; an agent believing the error saves again. ``ActorTimeout.queued`` tells a request
the actor took in from one it never got; ``SaveStillRunning`` is the reply.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def _long_text(sentences: int) -> str:
    words = ("harbour", "lantern", "quarry", "meadow", "copper", "violet", "engine", "saddle",
             "orchard", "ribbon", "falcon", "timber", "glacier", "pepper", "marble", "cobalt")
    return "\n\n".join(
        f"Note {n}: the {words[n % 16]} report mentions the {words[(n * 7) % 16]} ledger and "
        f"the {words[(n * 3) % 16]} survey, item {n}." for n in range(sentences))


async def test_a_save_outlasting_the_wait_says_it_will_be_stored(tmp_path: Path) -> None:
    text = _long_text(6000) + "\n\nThe last note names the zorvath checkpoint."
    async with server_session(tmp_path, IHMT_REQUEST_TIMEOUT_S="1") as client:
        reply, is_error = await client.call("save_memory", {"content": text})
        assert is_error, reply  # not confirmed yet...
        assert "still running" in reply and "will be stored" in reply  # ...but not lost
        assert "do not save it again" in reply and "did not answer" not in reply
        with anyio.fail_after(300):
            while True:
                found, failed = await client.call("search_memory", {"query": "zorvath"})
                if not failed and "zorvath checkpoint" in found:
                    break
                await anyio.sleep(1)

