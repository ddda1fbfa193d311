"""The clue request only on a real tie between different stories (issue 18): memories naming
the asked one by the same name, in either language, are one answer; a near-tied rival that
cannot answer the kind asked (a place, a name) is no tie; two memories holding the
question's words outside the vector pool are told apart by their own closeness in meaning.
Each test fails when its rule is removed; the real ties beside them must still ask."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.answer_type import asks_place, names_given, tells_a_place
from actors.navigation.confidence import MEANING_LEAD, Candidate, ClueRequest, clue_request
from actors.navigation.messages import SearchResult
from actors.navigation.query import Query
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

FILLER = ("2025-03-02 user: How do I make a sourdough loaf rise more?",
          "2025-03-02 assistant: Give it a warmer spot and a longer proof.",
          "2025-03-09 user: Can you give me a rest day routine?",
          "2025-03-09 assistant: A short walk and gentle stretching work well.",
          "2025-03-15 user: What makes a heist movie work, in your opinion?",
          "2025-03-15 assistant: A clear plan, a twist and a crew you root for.")


async def asked(home: Path, turns: tuple[str, ...], *questions: str) -> list[SearchResult]:
    async with Runtime(home) as rt:
        for text in (*FILLER, *turns):
            await save(rt, text)
        await embedded(rt)
        return [await search(rt, question) for question in questions]


def test_the_names_a_memory_gives_the_asked_one() -> None:
    def said_of(word: str) -> bool:
        return word.lower() in ("brother", "hermano")

    assert names_given("2025-04-01 user: My brother Tomás lives in Lyon with Ana.",
                       said_of) == {"tomas"}
    assert names_given("Mi hermano Tomás empezó a correr maratones.", said_of) == {"tomas"}
    assert names_given("Our neighbour's brother Leo visited.", said_of) == frozenset()
    assert names_given("My brother is visiting next week.", said_of) == frozenset()


def test_where_is_asked_and_a_place_is_told() -> None:
    assert asks_place("What neighborhood do I live in?")
    assert asks_place("¿En qué barrio vive Carolina?")
    assert asks_place("Where did Sam grow up?")
    assert not asks_place("What does Joaquín do for work?")
    assert tells_a_place("2025-07-01 user: My sister lives in Monterrey with her son.")
    assert tells_a_place("user: el departamento nuevo está en Nob Hill")
    assert not tells_a_place("user: I met him in March, he drives a Toyota Tacoma.")
    assert not tells_a_place("Joaquín and I don't live together yet, lease until October.")


async def test_one_name_told_in_two_languages_is_one_answer(tmp_path: Path) -> None:
    turns = ("2025-04-01 user: My brother Tomás lives in Lyon with his son Leo, who just "
             "turned five.",
             "2025-05-20 user: Mi hermano Tomás acaba de adoptar un perro que se llama Toby.")
    found, = await asked(tmp_path / "one", turns, "What is my brother's name?")
    assert found.status == "FOUND"
    assert "Tomás" in found.hits[0].text
    # two brothers by two names are two answers: the caller is asked which
    rivals = ("2025-04-01 user: My brother Tomás lives in Lyon with his son Leo.",
              "2025-05-20 user: My brother Iker just adopted a dog called Toby.")
    tie, = await asked(tmp_path / "two", rivals, "What is my brother's name?")
    assert tie.status == "AMBIGUOUS"


async def test_one_name_told_twice_asks_without_the_rule(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation, "names_given", lambda *a, **k: frozenset())
    turns = ("2025-04-01 user: My brother Tomás lives in Lyon with his son Leo, who just "
             "turned five.",
             "2025-05-20 user: Mi hermano Tomás acaba de adoptar un perro que se llama Toby.")
    found, = await asked(tmp_path, turns, "What is my brother's name?")
    assert found.status == "AMBIGUOUS"


async def test_candidates_outside_the_vector_pool_are_told_apart_by_meaning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a crowded store: the vector pool's places go to turns shaped like the question, and the
    # two memories holding its word stand outside it (a pool of one stands for that here);
    # the tie test must see how close each is, not 0.0 for both
    monkeypatch.setattr(navigation, "VECTOR_POOL", 1)
    seen: list[Candidate] = []

    def clue(query: Query, ordered: Sequence[Candidate], **kw: float) -> ClueRequest | None:
        seen.extend(ordered)
        return clue_request(query, ordered, **kw)

    monkeypatch.setattr(navigation, "clue_request", clue)
    turns = ("2025-03-20 user: How do you prefer your tea, with milk or with lemon?",
             "2025-03-21 user: How does one brew a proper cup of tea at home?",
             "2025-04-01 user: Also my cat Pimienta just knocked my coffee onto the keyboard, "
             "the laptop survived.",
             "2025-04-08 user: I drink my coffee dark roast, black, no sugar, never after 3 pm.")
    found, = await asked(tmp_path, turns, "How does the user take their coffee?")
    assert "dark roast" in found.hits[0].text
    coffee = {c.id: c.similarity for c in seen if "coffe" in c.matched}
    assert len(coffee) == 2
    roast, cat = (coffee[hit.leaf_id] for hit in found.hits[:2])
    assert roast is not None and cat is not None
    assert roast - cat >= MEANING_LEAD  # what tells "dark roast" apart from the spilt cup
