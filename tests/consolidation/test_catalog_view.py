"""A pass reads the catalog once: its later steps catch up with the rows changed since (by any
process), a catalog rebuilt meanwhile is read again whole, and no copy is held between passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.consolidation.actor import PASS_FIELDS, CatalogView
from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

WHO = Provenance(agent="test", session="s")


async def test_a_pass_catches_up_instead_of_reading_again(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        first = (await rt.ingest.ask(Save(content="The staging cluster is recreated on "
                                                  "Sundays.", provenance=WHO))).leaf_ids[0]
        view = CatalogView(rt.layout)
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
