"""The first memory served comes with the turn of its conversation that answers, a few turns
away: the kind of words the question expects ("how much" -> a sum), else the closest in
meaning."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from actors.navigation import conversation, ranking
from actors.navigation.answer_type import expected, holds
from actors.navigation.messages import Hit, Search, SearchResult
from ihmt_async import render
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "text", "answers"), [
    ("How much did the vet charge?", "Dr Okafor got the sock out. £180 for the privilege.", True),
    ("How much did the vet charge?", "Dr Okafor got the sock out, he is fine.", False),
    ("¿Cuánto pagué por el coche?", "Pagué 14.500 euros en Dos Hermanas.", True),
    ("How long should my speech be?", "Aim for 5-7 minutes.", True),
    ("How far is the office?", "It's about 12 km now.", True),
    ("How many guests came?", "2026-06-14 user: about ninety, a lovely crowd", False),
    ("How many guests came?", "2026-06-14 user: about 90 guests", True),
    # a number something is called by: the turn saying it, not the one saying how big it is
    ("What is the number of Owen's plot?", "Owen: Yes!! Plot 14B at the allotments", True),
    ("What's my flight number?", "2026-03-02 user: booked BA2490 to Porto", True),
    ("¿Qué número tiene la habitación?", "Nos dieron la habitación 412", True),
    ("What is the number of Owen's plot?", "Owen: Half of it is brambles, no shed roof", False),
])
def test_a_question_tells_the_kind_of_words_that_answer_it(question: str, text: str,
                                                            answers: bool) -> None:
    kind = expected(question)
    assert kind is not None and holds(kind, text) is answers


def test_a_question_of_another_kind_expects_nothing_in_particular() -> None:
    assert expected("Where did we stay in Porto?") is None
    assert expected("Who is my manager?") is None


async def _sock_story(rt: Runtime) -> tuple[str, str]:
    asked = await save(rt, "2026-02-10 user: Biscuit ate an entire sock last night. I'm "
                           "sitting in the vet's waiting room now.")
    await save(rt, "2026-02-10 assistant: Oh no, how is he doing? Is he vomiting?")
    await save(rt, "2026-02-10 user: He threw up once at home but he is wagging his tail.")
    await save(rt, "2026-02-10 assistant: The vet may want an X-ray if it was recent.")
    paid = await save(rt, "2026-02-10 user: Dr Okafor induced vomiting and the sock came out. "
                          "£180 for the privilege.")
    await save(rt, "2026-03-01 user: The office moved to Leeds city centre.")
    await embedded(rt)
    return asked, paid


async def test_the_turn_holding_the_expected_answer_is_shown_beside_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Runtime(tmp_path) as rt:
        asked, paid = await _sock_story(rt)
        found = await search(rt, "How much did the vet charge when Biscuit ate the sock?",
                             limit=1)
        assert found.hits[0].leaf_id == asked
        assert found.hits[0].also_said is not None and found.hits[0].also_said.leaf_id == paid
        assert "Also in that conversation:\n2026-02-10 user: Dr Okafor" in \
            render.render_search(found)
        monkeypatch.setattr(conversation, "CONTEXT_TURNS", 0)  # CONTEXT_TURNS: none read
        again = await search(rt, "How much did the vet charge when Biscuit ate the sock?",
                             limit=1)
        assert again.hits[0].also_said is None


async def test_a_turn_of_another_day_or_the_assistant_s_is_no_context(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Runtime(tmp_path) as rt:
        asked, paid = await _sock_story(rt)
        # CONTEXT_SIMILARITY: with no expected kind of answer, only a close turn is shown,
        # never the assistant's (the question does not ask what the assistant said)
        monkeypatch.setattr(conversation, "CONTEXT_SIMILARITY", -1.0)
        found = await search(rt, "What happened when Biscuit ate the sock?", limit=1)
        also = found.hits[0].also_said
        assert found.hits[0].leaf_id == asked and also is not None
        assert "assistant:" not in also.text and "office" not in also.text
        monkeypatch.setattr(conversation, "CONTEXT_SIMILARITY", 1.1)
        assert (await search(rt, "What happened when Biscuit ate the sock?",
                             limit=1)).hits[0].also_said is None


async def test_a_turn_beside_the_first_holding_the_answer_needs_no_shared_word(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # CONTEXT_BESIDE (2): "How much did I get for my old Ford?" served the assistant's "a fair
    # price for an older Focus"; the user's "Sold the Focus today. £3,200" came right before
    async with Runtime(tmp_path) as rt:
        sold = await save(rt, "2026-05-30 user: Sold the Focus today. £3,200 to a student "
                              "from the uni, she was thrilled.")
        fair = await save(rt, "2026-05-30 assistant: That's a fair price for an older Ford. "
                              "Are you planning to buy a car in Spain?")
        await save(rt, "2026-03-18 user: Dan is buying a car, a Skoda or a VW Golf.")
        await embedded(rt)
        monkeypatch.setattr(conversation, "NEXT_TURN_SIMILARITY", 1.1)
        found = await search(rt, "How much did I get for my old Ford?", limit=1)
        assert found.hits[0].leaf_id == fair
        assert found.hits[0].also_said is not None and found.hits[0].also_said.leaf_id == sold
        monkeypatch.setattr(conversation, "CONTEXT_BESIDE", 0)
        found = await search(rt, "How much did I get for my old Ford?", limit=1)
        # without the sale beside it, the reply holds no sum: "No memory found"
        assert found.status == "NONE" or found.hits[0].also_said is None


async def test_a_make_is_asked_about_by_its_kind(tmp_path: Path) -> None:
    # "my old Ford" when only the model was said ("Sold the Focus today") and a memory names
    # the kind ("car"): neither "no stored memory mentions the user's 'ford'" (NONE) nor an
    # absent word; an outside client's "How much did I get for my old Ford?" was answered so
    async with Runtime(tmp_path) as rt:
        await save(rt, "2026-05-30 user: Sold the Focus today, £3,200 to a student.")
        nav = rt.navigation
        nav.model.refresh()  # as a search does first
        assert not nav.unmentioned.kind_held("Ford")  # nothing names a car yet
        await save(rt, "2026-06-02 user: Without a car I take the bus to the office now.")
        nav.model.refresh()
        assert nav.unmentioned.kind_held("Ford") and nav.unmentioned.kind_held("Pixel") is False
        assert not nav.unmentioned.kind_held("sailboat")


async def test_a_question_to_the_assistant_is_answered_by_its_turn_not_the_asking_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Runtime(tmp_path) as rt:
        asking = await save(rt, "2026-04-05 user: Which robot vacuum would you recommend for "
                                "my small flat with wooden floors? Budget 300 pounds.")
        answer = await save(rt, "2026-04-05 assistant: For a small flat I would recommend the "
                                "Roborock Q7 Max, a robot vacuum with lidar.")
        await save(rt, "2026-04-06 user: The kitchen tiler starts on Monday at eight.")
        await embedded(rt)
        question = "Which robot vacuum did you recommend for my flat?"
        assert ids(await search(rt, question))[:1] == [answer]
        monkeypatch.setattr(ranking, "ASKING_FACTOR", 1.0)  # ASKING_FACTOR: the rule off
        # ...and the reply naming the thing asked ("a robot vacuum"), SAID_KIND_BOOST, too
        monkeypatch.setattr(ranking, "SAID_KIND_BOOST", 1.0)
        assert ids(await search(rt, question))[:1] == [asking]


async def test_the_answer_to_an_asking_turn_leads_though_it_holds_none_of_the_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the user's turn holds the question's words, the assistant's answer right after it
    # none: the answer is found through its question and leads (the asking turn keeps
    # ASKING_FACTOR of its score)
    async with Runtime(tmp_path) as rt:
        asking = await save(rt, "2026-04-05 user: Any app to practise scales between my "
                                "cello lessons?")
        answer = await save(rt, "2026-04-05 assistant: Try Tonestro, ten minutes a day.")
        await save(rt, "2026-04-06 user: The kitchen tiler starts on Monday at eight.")
        await save(rt, "2026-04-07 user: My sister booked the ferry to Bilbao.")
        await embedded(rt)
        question = "Which app did you recommend for practising cello scales?"
        assert ids(await search(rt, question))[:1] == [answer]
        monkeypatch.setattr(ranking, "ASKING_FACTOR", 1.0)  # ASKING_FACTOR: the rule off
        # ...and the reply holding the thing its request names ("Any app ...?"), too
        monkeypatch.setattr(ranking, "SAID_KIND_BOOST", 1.0)
        assert ids(await search(rt, question))[:1] == [asking]



async def test_a_reply_saved_after_other_memories_is_still_its_turns_reply(
        tmp_path: Path) -> None:
    # agents sharing one store save between the turns of a chat (probe45, failure 3): a
    # note and another chat's turn of another day come between the user's question and the
    # assistant's reply, which still answers it and leads
    async with Runtime(tmp_path) as rt:
        asking = await save(rt, "[2025-08-16] User: Which tent should I take for two nights "
                                "on Dartmoor in September? Under £200.")
        await save(rt, "Yannick returned the borrowed camping stove to the club store.")
        await save(rt, "[2024-03-02] Ofelia: ¿Qué saco de dormir me recomiendas para "
                       "acampar en invierno?")
        answer = await save(rt, "[2025-08-16] Assistant: The Vango Soul 200 is light and "
                                "stands up to wind; pitch it with the back to the weather.")
        await save(rt, "[2025-08-20] User: The boiler service is booked for Thursday.")
        await embedded(rt)
        found = await search(rt, "Which tent did you recommend for Dartmoor?")
        assert ids(found)[:1] == [answer]
        nav = rt.navigation
        assert nav.conversation.turn_after(asking) == answer
        assert nav.conversation.answered(answer) == asking


@pytest.mark.parametrize(("day", "told", "short", "answer", "question"), [
    # "did you catch anything?" tells nothing: the turn answering it is shown with it
    ("[10:05 am on 5 February, 2023]", "Oskar: went ice fishing on Pike Lake last Sunday with "
     "my brother Piotr, so cold", "Leilani: did you catch anything?",
     "Oskar: two walleye and a frostbitten ear, worth it",
     "What did Oskar get on his fishing trip with his brother?"),
    # "I KNEW IT" tells nothing either, and is no turn close to the question: the turn after
    # it is judged and shown in its place
    ("[2:30 pm on 14 January, 2023]", "Bea: ok so. Jess and I went on a date",
     "Dev: I KNEW IT",
     "Bea: tuesday night. we got ramen on Colfax and walked for 3 hours in the snow",
     "When did Bea and Jess go on their first date?"),
])
async def test_a_short_turn_shown_next_comes_with_the_turn_after_it(
        tmp_path: Path, day: str, told: str, short: str, answer: str, question: str) -> None:
    async with Runtime(tmp_path) as rt:
        first = await save(rt, f"{day} {told}")
        await save(rt, f"{day} {short}")
        answered = await save(rt, f"{day} {answer}")
        await save(rt, f"{day} Leilani: my class blew up a beaker today")
        await save(rt, "[4:00 pm on 1 March, 2023] Oskar: the canoe ribs are steamed and bent")
        await embedded(rt)
        found = await search(rt, question, limit=1)
        assert ids(found) == [first]
        turn = found.hits[0].next_turn
        assert turn is not None and short in turn.text and answer in turn.text
        assert turn.then == answered
        # named after the memory served: the next ones, not the turns shown with it
        assert not {hit.leaf_id for hit in found.more} & {turn.leaf_id, answered}
        # shown once: not again as the turn of the conversation that answers
        assert render.render_search(found).count(answer) == 1


async def test_a_note_saved_after_a_turn_is_no_part_of_its_conversation(
        tmp_path: Path) -> None:
    # three memories of one day saved in a row: a chat turn, then two notes about others
    async with Runtime(tmp_path) as rt:
        moved = await save(rt, "[1:56 pm on 8 May, 2023] Bea: we moved to Denver last week, "
                               "Marco's transfer went through")
        await save(rt, "8 May 2023 - Carlos ran his first half marathon in Lisbon.")
        await save(rt, "8 May 2023 - Elena moved her dentist appointment to Friday.")
        await embedded(rt)
        found = await search(rt, "Where did Bea move in May 2023?", limit=1)
        assert ids(found) == [moved] and found.hits[0].next_turn is None


def _bare_hit(leaf_id: str) -> Hit:
    return Hit(leaf_id=leaf_id, domain="personal", title="", timestamp="", score=1.0, text="",
               excerpt="", source="", agent="", scope="", currency="CURRENT", notices=(),
               tree_path=())


async def _served_as(rt: Runtime, served: list[str], more: list[str]
                     ) -> tuple[list[str], list[str], dict[str, str]]:
    """What ``Conversation.served_next_turns`` makes of a FOUND reply serving ``served`` (in
    that order) and naming ``more`` after them: the ids served, the ids named, and the folded
    turns."""
    found = await search(rt, "What did Leilani buy?")
    assert found.status == "FOUND"
    result = dataclasses.replace(found, hits=tuple(map(_bare_hit, served)),
                                 more=tuple(map(_bare_hit, more)))
    folded, shown_with = rt.navigation.conversation.served_next_turns(result)
    return ids(folded), [hit.leaf_id for hit in folded.more], shown_with


async def test_a_next_turn_served_too_is_shown_as_the_next_turn_and_frees_its_place(
        tmp_path: Path) -> None:
    # "Any single book you'd start with?" and the answer to it are one exchange: shown as two
    # memories they took two of the `limit` places
    async with Runtime(tmp_path) as rt:
        day = "[8:55 pm on 16 May, 2023]"
        bought = await save(rt, f"{day} Leilani: triathlon update: I bought a used road bike")
        what = await save(rt, f"{day} Oskar: nice, what kind")
        trek = await save(rt, f"{day} Leilani: a 2017 Trek Domane, off craigslist for 600 "
                              "bucks")
        after = await save(rt, f"{day} Oskar: good deal. I used to ride a lot in Milwaukee")
        other = await save(rt, "[7:12 pm on 9 June, 2023] Oskar: the canoe ribs are bent")
        spare = await save(rt, "[7:30 pm on 2 July, 2023] Leilani: my class blew up a beaker")
        await embedded(rt)
        # the next turn, served after it
        served, more, shown_with = await _served_as(rt, [trek, other, after], [spare])
        assert served == [trek, other, spare] and more == [] and shown_with == {trek: after}
        # the reply to a next turn saying next to nothing ("nice, what kind"), served after
        served, more, shown_with = await _served_as(rt, [bought, other, trek], [spare])
        assert served == [bought, other, spare] and shown_with == {bought: what}
        # a turn served before the one it follows stays apart; so does a turn further on
        served, _, shown_with = await _served_as(rt, [after, trek, other], [spare])
        assert served == [after, trek, other] and shown_with == {}
        served, _, shown_with = await _served_as(rt, [bought, after, other], [spare])
        assert served == [bought, after, other] and shown_with == {}
        # end to end: the folded turn is the served turn's next turn, shown once
        found = await rt.navigation.ask(Search(query="What bike did Leilani buy?", limit=2))
        shown = render.render_search(found)
        assert shown.count("2017 Trek Domane") == 1
        if found.hits[0].leaf_id == bought:
            assert trek not in ids(found) and found.hits[0].next_turn is not None
            assert found.hits[0].next_turn.then == trek


async def test_the_state_before_a_change_is_no_turn_said_after_it(tmp_path: Path) -> None:
    # "What date was my first day at Northwind?": the assistant's reply to "I'm starting at
    # Northwind" is of the same day, yet said after it: never the story's earlier state
    async with Runtime(tmp_path) as rt:
        day = "2023/10/02 (Mon) 18:05"
        told = await save(rt, f"{day}\nuser: I handed in my notice at Ledgerly. I'm starting "
                              "at Northwind Health on the 16th.")
        reply = await save(rt, f"{day}\nassistant: Congratulations on the new role at "
                               "Northwind Health! A plan for the first 90 days.")
        then = await save(rt, f"{day}\nuser: Any tips for the handover at Ledgerly?")
        await save(rt, "2023/10/05 (Thu) 09:00\nMy sister Laura's wedding is in Bath.")
        await embedded(rt)
        assert rt.navigation.conversation.turns_after(told) == {reply, then}
        assert rt.navigation.conversation.turns_after(then) == set()
        # notes of one day may be saved in any order: none is "said after" another
        first = await save(rt, "2023/11/01 The boiler was serviced.")
        await save(rt, "2023/11/01 The plumber said the boiler is fine until spring.")
        assert rt.navigation.conversation.turns_after(first) == set()


async def test_a_question_asking_how_a_thread_ended_gets_its_last_word(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "Which e-reader did the user end up buying?" was served the opening turn, the
    # assistant's two options and the library question; the order came four turns later
    async with Runtime(tmp_path) as rt:
        await save(rt, "2025-02-19 user: I need a new e-reader, my old Kindle screen cracked. "
                       "Budget about 200 euros.")
        await save(rt, "2025-02-19 assistant: In that range the Kobo Libra Colour and the "
                       "Kindle Paperwhite are the usual picks. Do you borrow library e-books?")
        await save(rt, "2025-02-19 user: Yes, all the time through the library app.")
        await save(rt, "2025-02-19 assistant: Then the Kobo is the better fit, it integrates "
                       "library loans directly.")
        ordered = await save(rt, "2025-02-19 user: Ordered the Kobo Libra Colour e-reader, "
                                 "arrives Friday.")
        await save(rt, "2025-03-02 user: The new dishwasher is very noisy at night.")
        await embedded(rt)
        # the order is as close to the question as the turns before it: only its place, the
        # conversation's last word, sets it apart (no turn is close enough to be shown else)
        monkeypatch.setattr(conversation, "CONTEXT_SIMILARITY", 1.1)
        question = "Which e-reader did the user end up buying?"
        assert ordered in _shown(await search(rt, question, limit=1))
        monkeypatch.setattr(conversation, "_OUTCOME", conversation.re.compile(r"(?!)"))
        assert ordered not in _shown(await search(rt, question, limit=1))


def _shown(found: SearchResult) -> set[str]:
    """The memories a reply serves and the turns it shows beside them."""
    return {hit.leaf_id for hit in found.hits} | {
        turn.leaf_id for hit in found.hits for turn in (hit.next_turn, hit.also_said)
        if turn is not None}
