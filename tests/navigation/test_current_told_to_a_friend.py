"""Current values in a chat between two friends (fix-current), through the real actors: a job
asked by its plain word answered by the side of it told last, a partly outdated memory
bringing the memory that ended the fact the question bears on, and a relation's word held
only inside a firm's name ("Halcrow Partners") telling of no partner."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.answer_type import in_a_name, said_at
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

pytestmark = pytest.mark.anyio


async def test_a_job_asked_by_its_word_is_answered_by_the_side_told_last(
        tmp_path: Path) -> None:
    # the employer told first, a new role told a year later with no workplace: the role is
    # the job now; asked where, the employer still answers (a role is no place)
    async with Runtime(tmp_path) as rt:
        await save(rt, "[2025-09-06] Nuria: I work at St Mary's Hospital as a nurse, nights.")
        await save(rt, "[2025-10-01] Callum: Nights sound rough.")
        now = await save(rt, "[2026-04-06] Nuria: I'm now a data analyst, days only!")
        await embedded(rt)
        for question in ("What is Nuria's job these days?", "What's Nuria's job now?"):
            job = await search(rt, question)
            assert job.answer is not None and job.answer.value == "data analyst", question
            assert ids(job)[:1] == [now], question
        where = await search(rt, "Where does Nuria work?")
        assert where.answer is not None and where.answer.value == "St Mary's Hospital"


async def test_a_partly_outdated_memory_brings_the_memory_that_ended_its_fact(
        tmp_path: Path) -> None:
    # "My girlfriend Rosalind is a paramedic": the partner ended, her job still holds; the
    # break-up turn holds no word of the question, others hold "relationship" and "end"
    turns = (
        "[2026-01-04] Maeve: My girlfriend Rosalind is a paramedic in Galway, she works nights.",
        "[2026-01-09] Maeve: Work has been brutal this week.",
        "[2026-01-15] Tadhg: Anyone watching the rugby on Saturday?",
        "[2026-02-14] Maeve: Went to a gig in Limerick, amazing sound.",
        "[2026-02-20] Tadhg: My relationship with running is complicated, my knees hate it.",
        "[2026-03-01] Tadhg: The end of the season is near, thank god.",
        "[2026-03-20] Maeve: Rosalind and I broke up. She wants to move to Canada and I don't.",
        "[2026-04-02] Maeve: Taking up the fiddle again.",
        "[2026-05-01] Tadhg: Why does every weekend end so fast?",
    )
    async with Runtime(tmp_path) as rt:
        leaves = [await save(rt, turn) for turn in turns]
        await embedded(rt)
        ended = await search(rt, "Why did the relationship with the paramedic end?")
        assert ids(ended)[:1] == [leaves[0]]
        assert leaves[6] in ids(ended)
        # a question on the part still true is left as it was: the job leads, answered
        job = await search(rt, "What does Rosalind do for a living?")
        assert job.answer is not None and job.answer.value == "paramedic"
        assert ids(job)[:1] == [leaves[0]]


def test_a_word_inside_a_proper_name_is_part_of_the_name() -> None:
    def at(text: str, word: str) -> bool:
        words = said_at(text, frozenset())[0]
        return in_a_name(words, words.index(word))

    assert at("I just started as an engineer at Halcrow Partners in Leeds.", "Partners")
    assert at("I hiked Dog Mountain with Biscuit.", "Dog")
    assert not at("Yesterday Mum called about Sunday.", "Mum")
    assert not at("I met Tom's Dad at the match.", "Dad")
    assert not at("I told my Mum Els about it.", "Mum")
    assert not at("My partner Tamsin got a post.", "partner")


async def test_a_relation_held_only_inside_a_firm_s_name_is_never_stored(
        tmp_path: Path) -> None:
    turns = (
        "[2025-10-03] user: Hi all, I'm Oliver. I just started as a structural engineer at "
        "Halcrow Partners in Leeds.",
        "[2025-10-03] Nadia: Congrats Ollie! Proud big sister here.",
        "[2026-04-11] user: We've moved to Edinburgh. New flat in Leith.",
    )
    async with Runtime(tmp_path / "firm") as rt:
        for turn in turns:
            await save(rt, turn)
        await embedded(rt)
        for question in ("Who is the user's partner?", "Who is Oliver's partner?"):
            assert (await search(rt, question)).status == "NONE", question
        assert (await search(rt, "Where does Oliver work?")).status == "FOUND"
    async with Runtime(tmp_path / "told") as rt:  # a partner told beside it is held
        for turn in (*turns, "[2026-05-02] user: My partner Tamsin got a post at the uni."):
            await save(rt, turn)
        await embedded(rt)
        assert (await search(rt, "Who is the user's partner?")).status == "FOUND"


async def test_the_memory_that_ended_a_fact_is_the_first_later_value(tmp_path: Path) -> None:
    # the break-up, then a new partner told (facts-b): the memory that ended "my girlfriend
    # Rosalind" is still the break-up, not the new partner's (``Timeline.partly_changed``);
    # before, "Why did the relationship end?" brought Orla's memory and lost the break-up
    turns = (
        "[2026-01-04] Maeve: My girlfriend Rosalind is a paramedic in Galway, she works nights.",
        "[2026-01-09] Maeve: Work has been brutal this week.",
        "[2026-02-20] Tadhg: My relationship with running is complicated, my knees hate it.",
        "[2026-03-01] Tadhg: The end of the season is near, thank god.",
        "[2026-03-20] Maeve: Rosalind and I broke up. She wants to move to Canada and I don't.",
        "[2026-05-01] Tadhg: Why does every weekend end so fast?",
        "[2026-06-10] Maeve: I've been seeing someone. Orla, a vet I met at the fiddle class.",
        "[2026-06-24] Maeve: Orla and I are thinking of a trip to Kerry in August.",
        "[2026-07-02] Maeve: Orla's sister is getting married in September.",
    )
    async with Runtime(tmp_path) as rt:
        leaves = [await save(rt, turn) for turn in turns]
        await embedded(rt)
        ended = await search(rt, "Why did the relationship with the paramedic end?")
        assert ids(ended)[:1] == [leaves[0]]
        assert leaves[4] in ids(ended)
        assert leaves[6] not in ids(ended)[:ids(ended).index(leaves[4])]
