"""An event of a life asked in other words than it was told: "Where did the user get engaged?"
and "Tamsin and I got engaged on Arthur's Seat", "What gemstone is in the user's engagement
ring?" and "Sam proposed on the beach ... The ring is a sapphire", "What is the name of Nadia's
baby?" and "Dev and I are expecting!", "When did Marco get divorced?" and "Sofia and I have
separated" (``everyday_kinds``' life events, ``asked_detail``, ``apart``). Each was "No memory
found" with its answer listed as the closest. The same event asked of someone it did not
happen to stays "No memory found"."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import apart, everyday_kinds
from actors.navigation.asked_detail import detail_asked
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-10-03] user: Hi all, I just started as a structural engineer in Leeds.",
    "[2025-11-20] Nadia: Dev and I are expecting! Due in June.",
    "[2026-01-05] Marco: Happy new year everyone! Back to work tomorrow, ugh.",
    "[2026-03-02] Marco: Sofia and I have separated, the papers are signed.",
    "[2026-05-10] Priya: Boxes everywhere, we got the keys to the new place in Leith.",
    "[2026-05-30] Lucas: Jajaja Nadia",
    "[2026-06-09] Nadia: Esme arrived on Sunday, 3.4 kg, everyone is healthy and exhausted.",
    "[2026-06-20] Priya: Finally got my diploma from Edinburgh Uni, first class in architecture!",
    "[2026-08-02] user: Sam proposed on the beach at Comporta!",
    "[2026-08-03] user: The ring is a sapphire, it was his grandmother's.",
    "[2026-11-12] Lucas: Anyone up for padel on Saturday?",
    "[2026-11-13] Lucas: My parents separated when I was ten, it was rough.",
)


def test_got_engaged_on_a_place_is_an_engagement() -> None:
    """``asked_detail``: "engaged on" is work ("engaged on the harbor project") unless someone
    got engaged."""
    detail = detail_asked("Where did the user get engaged?")
    assert detail is not None
    assert detail.held_by("[2026-08-06] user: Tamsin and I got engaged on Arthur's Seat!")
    assert detail.held_by("We just got engaged on the ferry to Skye")
    assert not detail.held_by("I was engaged on the harbor project all spring.")


_KINDS_BY_TERM = everyday_kinds._kinds_by_term


def _no_events() -> dict[str, str]:
    """The kinds of ``everyday_kinds`` but its life events."""
    return {term: kind for term, kind in _KINDS_BY_TERM().items()
            if everyday_kinds._KINDS.get(kind) not in everyday_kinds._LIFE_EVENTS}


@pytest.mark.parametrize(("asked", "never", "told"), [
    pytest.param("What gemstone is in the user's engagement ring?",
                 "What gemstone is in the user's wedding ring?", "sapphire",
                 id="engagement"),
    pytest.param("When did Priya graduate?", "When did Lucas graduate?", "diploma",
                 id="graduation"),
])
async def test_an_event_told_in_its_own_words_answers_the_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, asked: str, never: str,
        told: str) -> None:
    async with Runtime(tmp_path) as rt:
        for text in TURNS:
            await save(rt, text)
        await embedded(rt)
        found = await search(rt, asked)
        assert found.status == "FOUND" and told in found.hits[0].text
        assert (await search(rt, never)).status == "NONE"
        # no event listed: as before
        monkeypatch.setattr(everyday_kinds, "_kinds_by_term", _no_events)
        assert (await search(rt, asked)).status == "NONE"


async def test_a_baby_is_told_by_a_birth_s_words(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        for text in TURNS:
            await save(rt, text)
        await embedded(rt)
        found = await search(rt, "What is the name of Nadia's baby?")
        assert found.status == "FOUND"
        assert any("Esme arrived" in hit.text for hit in (*found.hits, *found.more))
        assert (await search(rt, "What is the name of Priya's baby?")).status == "NONE"


async def test_an_event_asked_of_a_name_is_told_on_its_days(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``apart``: the divorce is held (Marco's, Lucas's parents'), so no gate of things never
    mentioned fires, nor the one of a thing told only as one other speaker's own; asked of
    Priya, it is told on none of her days."""
    async with Runtime(tmp_path) as rt:
        for text in TURNS:
            await save(rt, text)
        await embedded(rt)
        found = await search(rt, "When did Marco get divorced?")
        assert found.status == "FOUND" and "separated" in found.hits[0].text
        never = await search(rt, "When did Priya get divorced?")
        assert never.status == "NONE" and "Priya" in never.reason
        # the event no thing asked of the name: Priya's memories answer
        monkeypatch.setattr(apart, "event_things_of", lambda term: ())
        assert (await search(rt, "When did Priya get divorced?")).status != "NONE"
