"""A question about a past time ("which database did billing use in June 2025?") is answered
by how things stood then: when its best memory tells a change made after that time, the
latest earlier memory of the same story leads. The test fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.messages import SearchResult
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

FILLER = tuple(f"{who} {did} {when}." for who, did, when in zip(
    ("The team", "My landlord", "The bakery", "Our neighbour", "The bus", "The dentist") * 4,
    ("opened late", "raised the price", "changed the schedule", "sent an email",
     "was closed", "got repainted", "had a long queue", "moved downtown") * 3,
    ("on Monday", "last week", "this morning", "in March", "yesterday", "after lunch") * 4,
    strict=False))
"""Memories about nothing asked, so the question's words are rare."""

STORY = (
    "2024-03-01: The harbor billing service uses MySQL 8.0 for invoices.",
    "2025-07-22: The harbor billing service migrated from MySQL to PostgreSQL 16.",
    "2025-06-10: We fixed the flaky login test in harbor.",
    "2025-06-18: The frontend switched its charts to ECharts.",
    "2025-03-03: The billing service sends its invoices on the first of the month.",
    "2025-05-05: Alerts of the billing service go to the billing on-call channel.",
    "2025-04-04: The billing service's invoice template got a new footer.",
)


async def replies(home: Path, questions: tuple[str, ...]) -> tuple[list[SearchResult], str]:
    """The replies to ``questions`` in a store of the story and the filler, and the id of
    the MySQL memory."""
    async with Runtime(home) as rt:
        saved = [await save(rt, text) for text in (*STORY, *FILLER)]
        await embedded(rt)
        return [await search(rt, q) for q in questions], saved[0]


async def test_the_value_of_a_past_time_leads_a_question_about_that_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("which database did billing use in June 2025?",
             "which database does billing use now?")
    (then, now), mysql = await replies(tmp_path / "on", asked)
    assert then.hits[0].leaf_id == mysql
    assert then.hits[0].stood_then == "june 2025"  # the reply says it is how things stood
    assert now.hits[0].leaf_id != mysql  # how it stands now: the move to PostgreSQL
    # the rule off: the move, dated after June, leads
    monkeypatch.setattr(navigation.NavigationActor, "_state_then", lambda *a: None)
    (then, _), mysql = await replies(tmp_path / "after", asked)
    assert then.hits[0].leaf_id != mysql


async def test_a_question_about_what_has_been_ranks_a_corrected_memory_on_its_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def served(home: Path) -> tuple[list[str], str, str]:
        async with Runtime(home) as rt:
            ids = [await save(rt, text) for text in (
                "2024-01-20: We live in Chamberí, Madrid, in a small flat near the market.",
                "2024-07-06: We moved from Chamberí to Lavapiés, we live in Lavapiés now.",
                "2024-03-03: My sister has lived in Madrid for years.",
                "2024-05-05: Madrid gets very hot in July, nobody who lives here likes August.",
                *FILLER)]
            await embedded(rt)
            found = await search(rt, "Which Madrid neighbourhoods have I lived in?")
            return [hit.leaf_id for hit in found.hits], ids[0], ids[1]

    shown, chamberi, moved = await served(tmp_path / "on")
    assert chamberi in shown and moved in shown  # the correction still ranks with it
    monkeypatch.setattr(navigation, "asks_for_history", lambda text: False)
    # the timeline asked whole (``history_question``) serves Chamberí too: off, to see this rule
    monkeypatch.setattr(navigation, "history_question", lambda text: ())
    shown, chamberi, moved = await served(tmp_path / "off")
    assert chamberi not in shown


def test_what_has_been_is_asked_in_both_languages() -> None:
    from actors.navigation.query import asks_for_history
    assert asks_for_history("Which Madrid neighbourhoods have I lived in?")
    assert asks_for_history("¿En qué empresas he trabajado?")
    assert asks_for_history("List the cities I lived in")
    assert not asks_for_history("Where do I live now?")
    assert not asks_for_history("Have I booked the flights?")
    assert asks_for_history("Which cities has the user visited?")
    assert asks_for_history("¿Qué perros ha adoptado?")
    assert not asks_for_history("Has the user booked the flights?")


SETTING = (
    "2025-01-15: Set the Norbank client timeout in harbor to 30 s (env NORBANK_TIMEOUT_S).",
    "2025-03-10: HB-412: checkout hung whenever Norbank stalled, so we lowered the Norbank "
    "timeout from 30 to 12 seconds.",
    "2025-09-02: HB-4128: 3-D Secure on Norbank takes 15 s, so the Norbank timeout is raised "
    "to 20 seconds.",
    "2025-04-17: Session summary (harbor): wrote a fixture for the Norbank webhooks.",
    "2025-04-22: Session summary (harbor): added pagination to the Norbank refunds list.",
    "2025-04-12: Session summary (harbor): a health check for the Norbank client.",
)


async def test_a_value_asked_as_of_a_past_time_is_the_one_set_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # April's memories name Norbank and tell nothing of its timeout; the value in force in
    # April was set in March (``_carried_into``)
    asked = "What was the Norbank timeout in April 2025?"

    async def first(home: Path) -> int:
        async with Runtime(home) as rt:
            saved = [await save(rt, text) for text in (*SETTING, *FILLER)]
            await embedded(rt)
            result = await search(rt, asked)
        assert result.status == "FOUND"
        return saved.index(result.hits[0].leaf_id)

    assert await first(tmp_path / "on") == 1
    monkeypatch.setattr(navigation.NavigationActor, "_carried_into", lambda *a: set())
    assert await first(tmp_path / "off") != 1


async def test_the_note_a_change_superseded_is_how_things_stood_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an outside probe (bbtest38): once "Raised ... from 100 to 300" superseded "Marlin
    # per-user rate limit: 100 requests per minute", "What was the rate limit in the spring?"
    # led with the raise and showed the note nowhere: their shared rare words are numbers
    async def asked(home: Path) -> tuple[str, str]:
        async with Runtime(home) as rt:
            note = await save(rt, "2026-02-25: Marlin per-user rate limit: 100 requests per "
                                  "minute.")
            for text in FILLER:
                await save(rt, "2026-01-10: " + text)
            await save(rt, "2026-09-09: Raised Marlin's per-user rate limit from 100 to 300 "
                           "requests per minute after the offline-sync feature shipped.")
            await embedded(rt)
            found = await search(rt, "What was Marlin's per-user rate limit in May 2026?")
            return found.hits[0].leaf_id, note

    led, note = await asked(tmp_path / "on")
    assert led == note
    monkeypatch.setattr(navigation.NavigationActor, "_continuation",
                        lambda self, *a, **k: [])  # the words' tie alone finds nothing
    led, note = await asked(tmp_path / "words")
    assert led == note  # the supersession ties them
