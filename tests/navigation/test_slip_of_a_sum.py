"""A price corrected later in chat supersedes the turn that told it, when the turn told it with
a currency symbol and the correction with the currency's word ("3.050 libras, no 3.200" /
"£3,200"), in the other language ("presupuesto" / "budget"), or among many other names (an
outside probe, probe45: "I sold the Fiesta last week for £3,200 ... budget £600", then "A
correction: ... paid me £3,050, not £3,200"). The tie through the real save path and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save, SaveResult
from actors.navigation.answer_type import sums
from actors.navigation.replacements import replacements
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

_SOLD = ("[2025-07-05] User: Update: we're in Sheffield, boxes everywhere. I sold the Fiesta "
         "last week for £3,200 to a student from Rotherham. Now I want a bike for short trips "
         "around town, budget £600. Road or hybrid?")


async def superseded(home: Path, before: tuple[str, ...], correction: str) -> list[bool]:
    """For each memory of ``before``, whether saving ``correction`` after them superseded it."""
    async with Runtime(home) as rt:
        ids = []
        for text in before:
            saved: SaveResult = await rt.ingest.ask(Save(
                content=text, provenance=Provenance(agent="claude-code", session="s1")))
            ids.append(saved.leaf_ids[0])
        fixed: SaveResult = await rt.ingest.ask(Save(
            content=correction, provenance=Provenance(agent="claude-code", session="s1")))
        return [fixed.facts.superseded_leaf == leaf for leaf in ids]


def test_a_sum_is_one_value_in_any_writing_of_its_currency() -> None:
    assert sums("sold it for £3,200, budget £600") == {"3200", "600"}
    assert sums("me pagó 3.200 libras") == sums("$3200") == {"3200"}
    assert sums("3,200 cups") == frozenset()


def test_a_slip_ends_before_a_dash() -> None:
    found = replacements("Correction: my parkrun was 26:40, not 27:40 — I misread the watch.")
    assert [(f.old, f.new) for f in found] == [("27:40", "26:40")]


@pytest.mark.parametrize(("before", "correction", "expected"), [
    # the sum's word ("libras") against the memory's symbol ("£3,200"), the context only in
    # the other language ("presupuesto" / "budget")
    ((_SOLD,), "[2025-07-26] User: Una corrección: lo del coche, al final el chico regateó y me "
     "pagó 3.050 libras, no 3.200. Lo digo por el presupuesto.", [True]),
    # the corrected turn names seven things (Sheffield, Fiesta, Rotherham, ...): a slip
    # corrects it all the same, as it does however many statements it holds
    ((_SOLD,), "[2025-07-26] User: A correction: about the car, in the end the guy haggled and "
     "paid me £3,050, not £3,200. Just so the budget is right.", [True]),
    (("2025-03-10: Booked the removal van for Saturday, $420 for the day.",),
     "2025-03-11: Sorry, the removal van was 380 dollars, not 420.", [True]),
    # another thing's sum: no word of the context shared (a chat label's name would be one)
    (("2025-03-10: Booked the removal van for Saturday, $420 for the day.",),
     "2025-03-11: Sorry, the piano tuner was 380 dollars, not 420.", [False]),
    # the number is no sum in the memory: "420 boxes" is not "420 dollars"
    (("2025-03-10: Packed 420 boxes for the removal van on Saturday.",),
     "2025-03-11: Sorry, the removal van was 380 dollars, not 420.", [False]),
])
async def test_a_slip_of_a_sum_ties_the_memory_that_told_it(
        tmp_path: Path, before: tuple[str, ...], correction: str, expected: list[bool]) -> None:
    assert await superseded(tmp_path, before, correction) == expected
