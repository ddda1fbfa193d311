"""A question comparing two things is answered with the best memory of each (``compared``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation.compared import compared_things
from actors.navigation.messages import Search
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime


@pytest.mark.parametrize(("question", "things"), [
    ("About how many weeks were there between signing up for cello and my first student "
     "evening?", ("signing up for cello", "my first student evening")),
    ("Which came first: the flat inspection or the acceptance of our offer?",
     ("the flat inspection", "the acceptance of our offer")),
    ("What happened first, buying the EV or getting the Bol offer?",
     ("buying the EV", "getting the Bol offer")),
    ("What was the first thing I bought, the sofa or the bed?", ("the sofa", "the bed")),
    ("¿Qué fue antes, la boda o el viaje a Lisboa?", ("la boda", "el viaje a Lisboa")),
    ("What is the difference between Docker and Podman?", ("Docker", "Podman")),
    ("Adding up the movers and the final kitchen invoice, how much did we spend?",
     ("the movers", "the final kitchen invoice")),
    ("What did the EV plus home charger cost altogether?",
     ("What did the EV", "home charger cost altogether")),
    ("¿Cuánto gasté sumando el sofá y la mesa?", ("el sofá", "la mesa")),
    ("Compare my 10K race time with my best training run.",
     ("my 10K race time", "my best training run")),
    ("Compara mi tiempo en la carrera con mi mejor entrenamiento",
     ("mi tiempo en la carrera", "mi mejor entrenamiento")),
    ("How much faster was my best training run than the Bilbao race?",
     ("my best training run", "the Bilbao race")),
    ("Did the user adopt the tortoise before the cat?",
     ("the user adopt the tortoise", "the cat")),
    ("Did I go to the gym before work?", None),  # one word is no thing
    ("Is the user older than her sister?", None),
    ("How many plus-size shirts did I buy?", None),
    ("Did I buy the car before or after the job offer?", None),  # no two things after "or"
    ("Who did I meet first at the party?", None),
    ("Where do I live?", None),
])
def test_the_two_things_a_question_compares(question: str,
                                            things: tuple[str, str] | None) -> None:
    assert compared_things(question) == things


@pytest.mark.anyio
async def test_both_things_compared_are_served(tmp_path: Path) -> None:
    who = Provenance(agent="claude-code", session="s1")
    notes = [
        "[2026-05-16] user: Sanne and I went to see the cellist Sheku Kanneh-Mason at "
        "TivoliVredenburg last night. Absolutely blown away.",
        "[2026-06-30] user: The student evening on 28 June went fine! I only messed up the last "
        "two bars of French Folk Song.",
        "[2026-04-02] user: My cello teacher says my bow hold is finally relaxed.",
        "[2026-05-20] user: We booked the concert tickets for the Proms in August.",
        "[2026-06-01] user: I practised the cello every evening this week, 30 minutes a day.",
        "[2026-03-03] user: I finally signed up for cello lessons with Ilse.",
    ]
    async with Runtime(tmp_path) as rt:
        ids = [(await rt.ingest.ask(Save(content=n, provenance=who))).leaf_ids[0]
               for n in notes]
        result = await rt.navigation.ask(Search(
            query="Which was earlier, the Sheku concert or my student evening performance?"))
        assert result.status == "FOUND"
        served = [hit.leaf_id for hit in result.hits]
        assert ids[0] in served and ids[1] in served and len(served) <= 3


@pytest.mark.anyio
async def test_a_clue_request_becomes_an_answer_when_each_thing_has_its_memory(
        tmp_path: Path) -> None:
    who = Provenance(agent="claude-code", session="s1")
    async with Runtime(tmp_path) as rt:
        wedding = (await rt.ingest.ask(Save(
            content="2026-05-02: Marta's wedding in Segovia was lovely, we danced all night.",
            provenance=who))).leaf_ids[0]
        job = (await rt.ingest.ask(Save(
            content="2026-09-14: Marta started her new job as a nurse at La Paz hospital.",
            provenance=who))).leaf_ids[0]
        await rt.ingest.ask(Save(content="2026-07-01: Marta lent me her bike for the summer.",
                                 provenance=who))
        tied = await rt.navigation.ask(Search(query="Marta"))
        assert tied.status == "AMBIGUOUS"  # a name alone: every memory of Marta is a rival
        question = Search(query="Which came first, Marta's wedding or Marta's new job?")
        things = compared_things(question.query)
        assert things is not None
        answered = rt.navigation._with_each_thing(tied, question, things)
        assert answered.status == "FOUND" and answered.reason is None
        assert [hit.leaf_id for hit in answered.hits][:2] == [wedding, job]


@pytest.mark.anyio
async def test_a_thing_whose_best_memory_is_the_other_things_gets_its_own(
        tmp_path: Path) -> None:
    # the note of the Meadows race names the Great Scottish Run too, and is the best memory
    # of both things: the Great Scottish Run's own memory is served beside it (the race note
    # is the newer, so it leads for either thing)
    who = Provenance(agent="claude-code", session="s1")
    notes = [
        "2026-10-05: Entered the Meadows race of May at the Great Scottish Run's stand: the "
        "Great Scottish Run in Glasgow, a great run.",
        "2026-10-04: Ran the Great Scottish Run this morning in 1:58:12; legs wrecked, the "
        "Brooks held up, the crowd in Glasgow was loud, and we had pizza after with Sanne and "
        "her brother at the place near the station.",
        "2026-06-12: New running shoes, the Brooks Ghost, for the long runs.",
    ]
    async with Runtime(tmp_path) as rt:
        ids = [(await rt.ingest.ask(Save(content=n, provenance=who))).leaf_ids[0]
               for n in notes]
        question = Search(query="Which came first, the Meadows race or the Great Scottish Run?")
        things = compared_things(question.query)
        assert things is not None
        for thing in things:  # the race note is each thing's best memory
            best = await rt.navigation.ask(Search(query=thing, limit=1))
            assert [hit.leaf_id for hit in best.hits] == [ids[0]], thing
        served = await rt.navigation.ask(Search(query="Meadows race", limit=1))
        answered = rt.navigation._with_each_thing(served, question, things)
        assert [hit.leaf_id for hit in answered.hits][:2] == [ids[0], ids[1]]
