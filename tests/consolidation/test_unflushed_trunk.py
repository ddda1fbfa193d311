"""120 saves and no flush: the read model's trunk is exactly the parentless items, and every
memory is found by its own words; after a flush the trunk follows the new tree."""

from __future__ import annotations

import pytest
from consolidation_store import check_tree, note_text, read_entries, unique_words

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.navigation.messages import Search
from actors.provenance import Provenance
from ihmt_async.runtime import OpenedStore, Runtime

pytestmark = pytest.mark.anyio

SAVES = 120
WHO = Provenance(agent="test-trunk", session="s2")


def trunk(rt: Runtime) -> set[str]:
    # Read only in a test: the navigation actor owns its read model.
    return {item for members in rt.navigation.model.top.values() for item in members}


def parentless(opened: OpenedStore) -> set[str]:
    return {i for i, e in read_entries(opened.layout).items() if not e.get("parent_id")}


async def test_trunk_and_search_before_and_after_a_flush(opened: OpenedStore) -> None:
    saved: dict[int, str] = {}
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        for n in range(SAVES):
            result = await rt.ingest.ask(Save(content=note_text(n), provenance=WHO,
                                              domain=("work", None)[n % 2]))
            assert len(result.leaf_ids) == 1
            saved[n] = result.leaf_ids[0]
        assert len(set(saved.values())) == SAVES

        for n, leaf_id in saved.items():
            found = await rt.navigation.ask(Search(query=" ".join(unique_words(n))))
            assert found.status == "FOUND" and found.hits, (n, found.status)
            assert found.hits[0].leaf_id == leaf_id, n
        assert not [e for e in read_entries(opened.layout).values() if e["kind"] == "node"]
        assert trunk(rt) == parentless(opened) == set(saved.values())

        await rt.consolidation.ask(Flush(force=True))
        report = check_tree(opened.layout)
        for n in range(0, SAVES, 7):
            found = await rt.navigation.ask(Search(query=" ".join(unique_words(n))))
            assert found.hits and found.hits[0].leaf_id == saved[n], n
            assert found.hits[0].tree_path[-1] == saved[n]
            assert found.hits[0].tree_path[0] in report.parentless
        assert trunk(rt) == parentless(opened) == report.parentless
        assert not trunk(rt) & set(saved.values())
