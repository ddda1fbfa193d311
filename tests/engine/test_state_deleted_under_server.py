"""``state/`` deleted under a running server (probe-fault's first finding): the server went on
acknowledging saves into a database nobody could see again, and answered every search with
"The memory is empty" until it was restarted. Now a process whose database was removed
refuses, saying what happened and what to do, and never makes an empty database of its own
(that would hide every earlier memory from every process); a server started after the
deletion rebuilds it from the files, and the first server then reads and writes the rebuilt
one. Real servers over MCP stdio on one store."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from store.paths import StoreLayout
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_a_server_whose_database_was_deleted_says_so_until_one_rebuilds_it(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    layout = StoreLayout.at_home(home)
    async with server_session(home) as first:
        await first.ok("save_memory", {"content": "The spare hinge is brass.", "scope": "user"})
        shutil.rmtree(layout.state_dir)

        saved, refused = await first.call("save_memory", {"content": "The latch is steel.",
                                                          "scope": "user"})
        assert refused and "was deleted while this process was running" in saved
        assert "nothing was saved" in saved and "rebuild" in saved
        asked, refused = await first.call("search_memory", {"query": "brass hinge"})
        assert refused and "The memory is empty" not in asked and "deleted" in asked
        assert not layout.database.exists()  # no empty database of its own

        async with server_session(home) as second:  # a start rebuilds from the files
            found = await second.ok("search_memory", {"query": "brass hinge"})
            assert "brass" in found
            await first.ok("save_memory", {"content": "The cupboard knob is oak.",
                                           "scope": "user"})
            assert "oak" in await second.ok("search_memory", {"query": "oak knob"})
        assert "brass" in await first.ok("search_memory", {"query": "brass hinge"})
        assert "The latch is steel" not in await first.ok("search_memory", {"query": "steel latch"})
