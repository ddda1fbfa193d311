"""The shared index's commits run beside the navigation actor, not in its turn: a search (or a
save's ``Replaced`` question) asked while a commit is under way is answered before it ends,
the commit still lands, and a stop waits for it."""

from __future__ import annotations

import threading
from pathlib import Path

import anyio
import pytest

from actors.ingest.messages import Save
from actors.navigation import actor as navigation_actor
from actors.navigation.messages import Search
from ihmt_async.runtime import Runtime
from store import fulltext
from store.fulltext import FulltextIndex
from store.paths import StoreLayout

NOTES = ["The quokka named Bartholomew sleeps under the jacaranda in Perth",
         "The deploy key for the Zanzibar cluster rotates every ninety days"]


@pytest.mark.anyio
async def test_a_search_is_answered_while_an_index_commit_runs(
        store_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entered, release = threading.Event(), threading.Event()
    original = fulltext._watermark_document

    def held(mark: fulltext.Watermark) -> object:  # inside the commit, lock held
        entered.set()
        release.wait(60)
        return original(mark)

    monkeypatch.setattr(fulltext, "_watermark_document", held)
    monkeypatch.setattr(navigation_actor, "COMMIT_MAX_AGE_S", 0.0)
    async with Runtime(store_home, background_consolidation=False, vectors=False) as rt:
        saved = (await rt.ingest.ask(Save(content=NOTES[0], origin="user"))).leaf_ids[0]
        try:
            with anyio.fail_after(30):  # the idle turn starts the commit
                await anyio.to_thread.run_sync(entered.wait)
            # the commit waits for ``release``: in the actor's own turn this search would
            # wait for it too (until ``fail_after`` fails the test)
            with anyio.fail_after(30):
                found = await rt.navigation.ask(Search(query="quokka Bartholomew"))
            assert saved in [hit.leaf_id for hit in found.hits]
            second = (await rt.ingest.ask(Save(content=NOTES[1], origin="user"))).leaf_ids[0]
            with anyio.fail_after(30):
                found = await rt.navigation.ask(Search(query="Zanzibar deploy key"))
            assert second in [hit.leaf_id for hit in found.hits]
        finally:
            release.set()
    # the stop waited for the running commit, then committed the rest
    index = FulltextIndex(StoreLayout.at_home(store_home))
    assert index.get(saved) is not None and index.get(second) is not None
