"""Knowledge updates told over several memories (issue 18: "knowledge updates 8/8"): a question
about how things stand now leads with the newest memory of the story, the older ones after it.
Through the real actors and files; each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

pytestmark = pytest.mark.anyio

FILLERS = (
    "{d}: The quarterly report for the {n}th cost centre was filed on time.",
    "{d}: Watered the balcony tomatoes and fixed the {n}th fence post.",
    "{d}: Read chapter {n} of the history of the Hanseatic League.",
)


async def fill(rt: Runtime, notes: tuple[str, ...]) -> list[str]:
    """``notes`` saved among 30 fillers, every vector computed; the notes' ids."""
    saved = [await save(rt, note) for note in notes]
    for n in range(30):
        await save(rt, FILLERS[n % 3].format(d=f"2023-{n % 12 + 1:02d}-{n % 27 + 1:02d}", n=n))
    await embedded(rt)
    return saved


async def test_a_correction_s_own_story_goes_on_past_it(tmp_path: Path) -> None:
    # the first memory is corrected by the second ("left the Northgate Chamber Choir and
    # joined ..."); the third changes the second's story in words no rule reads and holds
    # none of the question's words, but stands out close to it in meaning: it is how things
    # stand now (the story followed past the correction, ``continuation_of``)
    async with Runtime(tmp_path) as rt:
        first, second, third = await fill(rt, (
            "2023-02-10: I sing with the Northgate Chamber Choir every Thursday evening.",
            "2023-06-04: I left the Northgate Chamber Choir when we moved and joined the "
            "Riverside Singers, a gospel choir in Bristol.",
            "2024-01-18: I've stopped going to the Riverside Singers and switched to "
            "Cathedral Voices, Monday nights."))
        result = await search(rt, "Which choir do I sing in these days?")
        assert result.status == "FOUND"
        assert ids(result)[:1] == [third]
        assert {first, second} <= set(ids(result))


async def test_the_reply_to_a_turn_is_no_later_news_of_its_story(tmp_path: Path) -> None:
    # the assistant's answer right after the user's turn shares its rare words and its
    # advice reads as a change ("switch to longer sets"): it is the same conversation going
    # on, never where the user's story went next (``Conversation.turns_after`` of each step)
    async with Runtime(tmp_path) as rt:
        told, _ = await fill(rt, (
            "2024-05-02 user: I swim twice a week at the moment, mostly lengths at the "
            "Ashgrove Lido. How do I build up to a mile?",
            "2024-05-02 assistant: A mile at the Ashgrove Lido is within reach: start with "
            "400 m sets, and switch to longer sets as your stamina grows."))
        result = await search(rt, "How often do I swim currently?")
        assert result.status == "FOUND"
        assert ids(result)[:1] == [told]


async def test_a_question_in_the_future_asks_for_the_plan_as_it_stands(tmp_path: Path) -> None:
    # "Where will ... be held?" asks for the plan now: the later memory changing it leads,
    # though the earlier one holds the question's word as well and matches it better
    # (``query._PLAN`` makes it a question about now; ``ranking.newest_leads``)
    async with Runtime(tmp_path) as rt:
        planned, changed = await fill(rt, (
            "2023-03-02: The reunion of our rowing club is planned for September at the old "
            "school hall in Derby, reunion tickets are ten pounds.",
            "2023-08-20: Change of plans, the reunion moved to the Riverside boathouse."))
        for question in ("Where will the reunion be held?",
                         "¿Dónde vamos a celebrar la reunion?"):
            result = await search(rt, question)
            assert result.status == "FOUND", question
            assert ids(result)[:2] == [changed, planned], question


async def test_a_number_changed_in_other_words_answers_a_question_asking_for_it(
        tmp_path: Path) -> None:
    # "How many retry attempts do SFTP uploads get?" asks for a number as it stands: the
    # later note telling its change ("max attempts 5 -> 4") lacks "uploads" and says no
    # "now", and still leads the reply (``ranking.newest_leads``' ``measure``)
    async with Runtime(tmp_path) as rt:
        first, later = await fill(rt, (
            "2025-03-20: Retry policy changed: max attempts for Norbank SFTP uploads from 3 "
            "to 5, backoff base still 30 s.",
            "2025-09-29: Retry policy changed again: max attempts 5 -> 4 for SFTP, but with "
            "jitter; backoff base 30 s -> 20 s."))
        result = await search(rt, "How many retry attempts do SFTP uploads get?")
        assert result.status == "FOUND"
        assert ids(result)[:2] == [later, first]


async def test_who_the_user_s_manager_is_answers_with_the_current_one(tmp_path: Path) -> None:
    # "My new manager is Priya Raman" keys (manager, value) as "my manager is Ruud" did; "Who
    # is my manager?" asked a clue between six memories saying "manager" before the
    # question was read as that key
    async with Runtime(tmp_path) as rt:
        await fill(rt, (
            "2025-02-20 user: My manager is Ruud. He wants the readout by April 15.",
            "2025-03-02 user: The readout went well, my manager was happy.",
            "2025-07-02 user: First day at Morrow Health went great. My new manager is Priya "
            "Raman.",
            "2025-08-14 user: Priya asked me to present the study to the managers' meeting."))
        result = await search(rt, "Who is my manager?")
        assert result.status == "FOUND"
        assert result.answer is not None and result.answer.value == "Priya Raman"
        assert [value for value, _ in result.answer.history] == ["Ruud"]


async def test_a_manager_named_in_a_clause_of_a_chat_turn_answers_with_the_current_one(
        tmp_path: Path) -> None:
    # each turn goes on past its "my manager is X": both were read as no fact, and the
    # question asked a clue between them (``patterns._clause_settings``)
    async with Runtime(tmp_path) as rt:
        await fill(rt, (
            "2026-06-01 user: My manager is Priya; she took over the team from Daniel last "
            "month.",
            "2026-08-10 user: Priya left the company, my new manager is Oskar.",
            "2026-09-01 user: We had a long meeting, and my manager is happy with the plan."))
        result = await search(rt, "Who is my manager?")
        assert result.status == "FOUND"
        assert result.answer is not None and result.answer.value == "Oskar"
        assert [value for value, _ in result.answer.history] == ["Priya"]

@pytest.mark.parametrize("question", ["Which days do I go to the pool?",
                                      "¿Qué días voy a la piscina?"])
async def test_a_schedule_moved_in_other_words_answers_when_it_recurs(
        tmp_path: Path, question: str) -> None:
    # the later note moves the days in words of its own: it lacks "days" and "go" of the
    # first, and still leads a question asking when the thing recurs
    # (``ranking.newest_leads``' ``schedule``)
    async with Runtime(tmp_path) as rt:
        first, later, *_ = await fill(rt, (
            "2025-02-14 user: I go to the pool on Monday and Thursday evenings, so what "
            "should I eat on those days?",
            "2025-05-22 user: Small change: the pool moved me to a new slot, I swim on "
            "Tuesday and Saturday mornings instead.",
            "2025-03-01 user: On rest days I go for a long walk along the river.",
            "2025-04-02 user: How many days a week should a beginner go running?",
            "2025-06-10 user: Two days off work next week, we might go to the coast."))
        result = await search(rt, question)
        assert result.status == "FOUND"
        assert ids(result)[:2] == [later, first]
