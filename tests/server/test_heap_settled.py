"""A real stdio server leaves what its start made out of later full collections, once the
start's background loads are in (``store_cli.settle_heap``): the event is in the store's log
with how many objects were set aside, and the server answers as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from store.paths import StoreLayout
from tests.mcp_client import server_session, wait_until

pytestmark = pytest.mark.anyio


def settled_events(log_file: Path) -> list[dict[str, object]]:
    """The ``server.heap_settled`` events of the store's log so far."""
    if not log_file.exists():
        return []
    events = []
    for line in log_file.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("event") == "server.heap_settled":
            events.append(event)
    return events


async def test_a_server_settles_its_heap_after_the_start_loads(tmp_path: Path) -> None:
    log_file = StoreLayout.at_home(tmp_path).log_file
    async with server_session(tmp_path) as s:  # the first save makes the store (and its log)
        await s.ok("save_memory", {"content": "The kitten sleeps on the blue sofa every "
                                              "afternoon."})
    before = len(settled_events(log_file))
    async with server_session(tmp_path) as s:

        async def settled() -> bool:  # the vectors and the model load first, slow at CI load
            return len(settled_events(log_file)) != before
        await wait_until(settled)
        event = settled_events(log_file)[-1]
        frozen = event["frozen"]
        assert isinstance(frozen, int) and frozen > 10_000  # a started server's objects
        reply = await s.ok("search_memory", {"query": "where does the kitten sleep?"})
        assert "blue sofa" in reply
        await s.ok("save_memory", {"content": "Our staging database listens on port 5433."})
        assert "5433" in await s.ok("search_memory", {"query": "which port does staging use?"})
