"""A pass holds the catalog's parentless rows only: it reads them once, its later steps catch
up with the rows changed since (by any process), a row given a parent leaves the view, a link
undone brings its row back, a catalog rebuilt meanwhile is read again, and no copy is held
between passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.consolidation.actor import PASS_FIELDS, TrunkView
from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from store import catalog as catalog_table
from store.catalog import CatalogReader

pytestmark = pytest.mark.anyio

WHO = Provenance(agent="test", session="s")


async def test_a_pass_catches_up_instead_of_reading_again(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        first = (await rt.ingest.ask(Save(content="The staging cluster is recreated on "
                                                  "Sundays.", provenance=WHO))).leaf_ids[0]
        view = TrunkView(rt.layout)
        view.refresh()
        assert set(view.state) == {first} and set(view.state[first]) == set(PASS_FIELDS)
        second = (await rt.ingest.ask(Save(content="My commute is 45 minutes by train.",
                                           provenance=WHO))).leaf_ids[0]
        read = view.seq
        view.catch_up()  # the row another writer added since, and nothing read twice
        assert set(view.state) == {first, second} and view.seq > read
        view.seq += 1_000  # as if the catalog had been rebuilt with fresh sequence numbers
        view.state.pop(first)
        view.catch_up()
        assert set(view.state) == {first, second}  # read again whole
        view.close()

        await rt.consolidation.ask(Flush(force=True))
        assert rt.consolidation._catalog.state == {}  # nothing held between passes


async def test_the_view_holds_parentless_rows_only(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        ids = [(await rt.ingest.ask(Save(content=f"Release {n} ships the {word} fix.",
                                         provenance=WHO))).leaf_ids[0]
               for n, word in enumerate(["login", "billing", "search"])]
        await rt.consolidation.ask(Flush(force=True))  # every leaf now has a branch
        view = TrunkView(rt.layout)
        view.refresh()
        filed = CatalogReader(rt.layout).entries()
        assert not set(ids) & set(view.state)
        assert set(view.state) == {i for i, e in filed.items() if not e["parent_id"]}
        # A link taken back (a repair's undo) brings the leaf back into the trunk.
        view.append([catalog_table.patch(ids[0], parent_id=None)])
        assert ids[0] in view.state and view.state[ids[0]]["parent_id"] is None
        # A row given a parent by another process leaves it.
        parent = filed[ids[1]]["parent_id"]
        view.engine.commit(catalog=[catalog_table.patch(ids[0], parent_id=parent)],
                           logged=False)
        view.catch_up()
        assert ids[0] not in view.state
        view.close()
