"""An outdated memory ranked as the question relates to what outdated it (``bearing``), and a
value told twice answered from its first telling. Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation.bearing import Bearing, bearing, words
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

_CAR = ((("tom", "car"), "Tom", "car", "Nissan Leaf", "none (sold or given away)"),)
_DIET = ((("ana", "diet"), "Ana", "diet", "vegetarian", "vegan"),)
_PARTNER = ((("ana", "partner"), "Ana", "partner", "Luca", "Femi"),)


@pytest.mark.parametrize(("question", "changes", "expected"), [
    ("What is the name of the greyhound Ana adopted?", _CAR, Bearing.UNRELATED),
    ("Where did Ana walk the dog every morning?", _CAR, Bearing.UNRELATED),
    ("What car does Tom drive now?", _CAR, Bearing.CHANGED),
    ("Did Tom sell his car?", _CAR, Bearing.CHANGED),
    ("What colour is the Nissan Leaf Tom bought?", _CAR, Bearing.OLD_VALUE),
    ("When did Ana become vegetarian?", _DIET, Bearing.OLD_VALUE),
    ("What does Ana eat now?", _DIET, Bearing.CHANGED),
    ("Is Ana vegan or vegetarian?", _DIET, Bearing.CHANGED),
    # a partner is a person's attribute: the person's name says nothing of what changed
    ("Where did Ana stay when she first moved to Cork?", _PARTNER, Bearing.UNRELATED),
    ("Who is Ana dating now?", _PARTNER, Bearing.CHANGED),
])
def test_how_a_question_bears_on_a_change(question: str, changes: tuple[
        tuple[tuple[str, str], str, str, str, str], ...], expected: Bearing) -> None:
    assert bearing(words(question), (), changes) is expected


def test_a_question_asking_for_the_key_bears_on_its_change() -> None:
    assert bearing(words("Qué tal Ana?"), {("ana", "diet")}, _DIET) is Bearing.CHANGED
    # a thing's setting: its subject names it ("the october race" is no person)
    race = ((("october race", "value"), "october race", "value", "on", "off"),)
    assert bearing(words("When is the October race?"), (), race) is Bearing.CHANGED


async def save(rt: Runtime, content: str) -> str:
    result = await rt.ingest.ask(Save(content=content,
                                      provenance=Provenance(agent="claude-code", session="s1")))
    return result.leaf_ids[0]


async def search(rt: Runtime, query: str) -> SearchResult:
    return await rt.navigation.ask(Search(query=query))


async def test_a_session_outdated_by_another_topic_keeps_its_place(tmp_path: Path) -> None:
    """A conversation saved whole is outdated when its only fact (a car) is replaced: a
    question about its other topic (a greyhound) still meets it first."""
    async with Runtime(tmp_path) as rt:
        old = await save(rt, "[2025-02-28] Conversation between Ana and Tom\n"
                             "Ana: It's official, we adopted the greyhound! Her name is Biscuit.\n"
                             "Tom: Love that. I bought a blue Nissan Leaf.")
        new = await save(rt, "[2025-11-14] Conversation between Ana and Tom\n"
                             "Ana: How is the move going?\n"
                             "Tom: Busy. I sold the Leaf last week, the van is enough.")
        greyhound = await search(rt, "What is the name of the greyhound Ana adopted?")
        assert [h.leaf_id for h in greyhound.hits][0] == old
        car = await search(rt, "What car does Tom drive now?")
        assert [h.leaf_id for h in car.hits][0] == new


async def test_a_value_told_twice_is_current_since_its_first_telling(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        first = await save(rt, "[2025-07-05] Ana: I found a one-bed in Blackrock with a tiny "
                               "garden. I move in on the 1st of August.")
        await save(rt, "[2025-08-16] Ana: Settled in Blackrock! The garden is lovely.")
        result = await search(rt, "Where does Ana live now?")
        assert result.answer is not None
        assert (result.answer.value, result.answer.since) == ("Blackrock", "2025-08-01")
        assert result.answer.leaf_id == first


_HOME = ((("user", "location"), "user", "location", "Madrid", "Valencia"),)


def test_a_detail_only_the_outdated_memory_holds_asks_about_it_as_it_was() -> None:
    only = frozenset({"lavapies", "flat"})
    assert bearing(words("Lavapiés flat"), (), _HOME, only) is Bearing.OLD_VALUE
    # the words of what changed ("flat", "live") and whose it is are no such detail
    assert bearing(words("where is my flat?"), (), _HOME, frozenset({"flat"})) \
        is Bearing.CHANGED
    assert bearing(words("Do I still live in Valencia?"), (), _HOME, frozenset({"live"})) \
        is Bearing.CHANGED


async def test_a_question_only_the_outdated_memory_answers_meets_it_first(
        tmp_path: Path) -> None:
    """The issue's "Lisbon": a keyword question whose words only an outdated memory holds
    leads with that memory (marked OUTDATED), its correction right after; a question about
    the place now, or one the correction also holds words of, leads with the correction."""
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        madrid = await save(rt, "2025-03-10: I live in Madrid, in a flat in Lavapiés.")
        await save(rt, "Our billing service uses PostgreSQL 16; migrations run with Alembic.")
        valencia = await save(rt, "2026-05-01: I moved to Valencia, near the Turia gardens.")
        for question in ("Lavapiés flat", "the flat in Lavapiés", "piso de Lavapiés"):
            found = [hit.leaf_id for hit in (await search(rt, question)).hits]
            assert found[:2] == [madrid, valencia], question
        for question in ("where do I live?", "¿Dónde vivo ahora?"):
            assert (await search(rt, question)).hits[0].leaf_id == valencia, question


_ENDED = ((("noor", "activity:rowing"), "Noor", "activity:rowing", "rowing",
           "none (gave up rowing)"),)


@pytest.mark.parametrize(("question", "past", "expected"), [
    ("Which rowing club did Noor train with?", True, Bearing.OLD_VALUE),
    ("When did Noor start rowing?", True, Bearing.OLD_VALUE),
    ("Does Noor still go rowing?", False, Bearing.CHANGED),
    ("Which rowing club does Noor train with?", False, Bearing.CHANGED),
    ("Where did Noor go on holiday?", True, Bearing.UNRELATED),  # nothing of the rowing
])
def test_a_past_question_about_a_thing_since_ended_asks_of_it_as_it_was(
        question: str, past: bool, expected: Bearing) -> None:
    assert bearing(words(question), (), _ENDED, past=past) is expected


async def test_the_memory_of_a_thing_since_ended_leads_a_question_in_the_past(
        tmp_path: Path) -> None:
    """probe47: "I stopped bouldering, there's no gym here" took the score of "I started
    bouldering ... at The Wall, a climbing gym" for "Which climbing gym did Henrik go to?"
    and "When did Henrik start bouldering?"; asked how things stand, the ending leads."""
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        began = await save(rt, "[2025-03-01] Amara: I started swimming last month at "
                               "Tollcross, an indoor pool in Glasgow.")
        await save(rt, "[2025-03-01] Jonas: Nice, how often do you go?")
        ended = await save(rt, "[2025-10-12] Amara: I quit swimming, the pool is too far from "
                               "the new flat. Running in Kelvingrove now.")
        await save(rt, "[2025-10-12] Jonas: Makes sense.")
        for question in ("Which pool did Amara swim at in Glasgow?",
                         "When did Amara start swimming?"):
            found = [hit.leaf_id for hit in (await search(rt, question)).hits]
            assert found[:2] == [began, ended], question
        assert (await search(rt, "Does Amara still swim?")).hits[0].leaf_id == ended
