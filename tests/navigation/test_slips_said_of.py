"""A slip corrected with what its value was said of and a word that the new one is the true
one ("I said Monday for choir, it's actually Wednesdays", "dije viernes para el taller, en
realidad es el sábado"), and a slip told with its two values alone ("Me equivoqué, no era el
martes, era el jueves"), supersede the memory that said the old value. The reading through
``replacements``, the tie through the real save path. Written for this file, not a probe's."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save, SaveResult
from actors.navigation import replaced
from actors.navigation.replacements import replacements
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "old", "new", "thing"), [
    ("Sorry, I said Monday for choir, it's actually Wednesdays.", "Monday", "Wednesdays",
     "choir"),
    ("My mistake, I said 6 pm for the call with Ines, it's really 7 pm.", "6 pm", "7 pm",
     "call with Ines"),
    ("Perdona, dije viernes para el taller, en realidad es el sábado.", "viernes", "sábado",
     "taller"),
    ("Perdón, dije lunes, pero en realidad es el martes.", "lunes", "martes", ""),
])
def test_a_slip_names_what_its_value_was_said_of(text: str, old: str, new: str,
                                                 thing: str) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new, found[0].thing) == (old, new, thing), found


async def _save(rt: Runtime, text: str) -> SaveResult:
    result: SaveResult = await rt.ingest.ask(Save(
        content=text, provenance=Provenance(agent="claude-code", session="s1")))
    return result


async def _superseded(home: Path, before: str, correction: str) -> bool:
    async with Runtime(home) as rt:
        old = (await _save(rt, before)).leaf_ids[0]
        return (await _save(rt, correction)).facts.superseded_leaf == old


@pytest.mark.parametrize(("before", "correction", "expected"), [
    ("[2025-03-02] user: Choir practice is on Mondays in the church hall.",
     "[2025-03-03] user: Sorry, I said Monday for choir, it's actually Wednesdays.", True),
    ("[2025-03-02] user: Choir practice is on Mondays in the church hall.",
     "[2025-03-03] user: Sorry, I said Monday for football, it's actually Friday.", False),
])
async def test_a_slip_said_of_a_thing_ties_the_memory_of_that_thing(
        tmp_path: Path, before: str, correction: str, expected: bool) -> None:
    assert await _superseded(tmp_path, before, correction) is expected


@pytest.mark.parametrize(("before", "correction", "expected"), [
    ("[2025-02-01] user: La clase de cerámica es los martes a las 19:00.",
     "[2025-02-02] user: Me equivoqué, no era el martes, era el jueves.", True),
    ("[2025-02-01] user: The farmers market is on Saturdays by the station.",
     "[2025-02-03] user: Sorry, I said Saturday, it's Sunday.", True),
    # weeks later, a slip of something else said since
    ("[2025-02-01] user: The farmers market is on Saturdays by the station.",
     "[2025-03-20] user: Sorry, I said Saturday, it's Sunday.", False),
])
async def test_a_slip_told_with_its_values_alone_ties_the_latest_memory_saying_it(
        tmp_path: Path, before: str, correction: str, expected: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert await _superseded(tmp_path, before, correction) is expected
    if expected:
        monkeypatch.setattr(replaced, "SLIP_DAYS", 0)  # the old memory is a day before
        assert not await _superseded(tmp_path / "again", before, correction)
