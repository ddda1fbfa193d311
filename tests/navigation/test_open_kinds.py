"""List questions of kinds no closed list holds (``open_kinds``: restaurants, gifts, tools,
books, films, read from the words beside the kind's), of foods and jobs, a word of two
kinds' lists judged by its sense (``senses``), and a history question's past values told in
passing: each part served though its memory holds none of the question's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import instances, open_kinds, senses
from actors.navigation.kinds import things_of
from actors.navigation.stem import stem
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "kinds"), [
    ("Which restaurants have I been to?", ("restaurant",)),
    ("¿Qué regalos he comprado?", ("gift",)),
    ("How many gifts did I buy for my family?", ("gift",)),
    ("Which tools did we adopt this year?", ("tool",)),
    ("¿Qué películas he visto?", ("film",)),
    ("What books have I read?", ("book",)),
    ("Where did I have dinner last night?", ()),
    ("Which sports has the user done?", ()),
])
def test_the_open_kinds_a_list_question_lists(question: str, kinds: tuple[str, ...]) -> None:
    assert open_kinds.open_listed(question) == kinds


@pytest.mark.parametrize(("question", "thing"), [
    ("What foods do I avoid?", "dairy"),
    ("¿Qué alimentos evito?", "gluten"),
    ("What dishes have I cooked?", "paella"),
    ("What jobs have I had?", "barista"),
    ("¿Qué trabajos he tenido?", "enfermera"),
])
def test_foods_and_jobs_are_kinds_with_things(question: str, thing: str) -> None:
    assert stem(thing) in instances.things_asked(question, things_of)


def test_an_instance_is_named_by_a_name_no_place_nor_cue() -> None:
    named = frozenset({"tasquita", "enfrent", "madrid", "restaurant"})
    assert open_kinds.instance_names(named, "restaurant") == {"tasquita", "enfrent"}


@pytest.mark.parametrize(("held", "kind", "rivals"), [
    ({"fish"}, "pet", ("food",)),
    ({"fishing"}, "hobby", ()),
    ({"fish"}, "food", ("pet",)),
    ({"chickens"}, "pet", ()),
    ({"fish", "tortoise"}, "pet", ()),
    ({"dairy"}, "food", ()),
])
def test_a_word_of_two_kinds_lists_has_rivals(held: set[str], kind: str,
                                              rivals: tuple[str, ...]) -> None:
    assert senses.rivals(held, kind) == rivals


@pytest.mark.parametrize(("words", "kind"), [({"mascotas"}, "pet"), ({"foods"}, "food"),
                                             ({"hobbies"}, "hobby"), ({"sports"}, None)])
def test_the_kind_a_question_lists_for_the_sense(words: set[str], kind: str | None) -> None:
    assert senses.kind_listed(words) == kind


FILLER = tuple(f"[2025-{month:02d}-{day:02d}] user: {text}" for month, day, text in (
    (1, 3, "What restaurants are open late in Lisbon on Sundays?"),
    (2, 9, "Is there a good app to split bills with friends at restaurants?"),
    (3, 5, "¿Qué restaurantes me recomiendas en Sevilla?"),
    (4, 2, "What are some easy dinners for a busy weeknight?"),
    (5, 7, "How do I politely decline a wedding invitation?"),
    (6, 1, "How do I fix a leaking kitchen tap?"),
))
RESTAURANTS = ("[2025-03-08] user: Had dinner at Casa Lupe last night, the mole was incredible.",
               "[2025-11-02] user: Took my parents to Kaito for sushi to celebrate.",
               "[2026-06-02] user: Cenamos en La Tasquita de Enfrente, un restaurante "
               "pequeñito en Madrid.")


async def test_the_restaurants_told_are_served_past_the_questions_about_restaurants(
        tmp_path: Path) -> None:
    # the memories telling a dinner are far in meaning from "Which restaurants...?" (0.08-0.12
    # against 0.4-0.6 for the questions about restaurants): read by the name beside the cue
    async with Runtime(tmp_path) as rt:
        for text in FILLER:
            await save(rt, text)
        told = [await save(rt, text) for text in RESTAURANTS]
        await embedded(rt)
        result = await search(rt, "Which restaurants have I been to?")
    served = [hit.leaf_id for hit in result.hits]
    assert set(told) <= set(served), served


async def test_a_job_the_timeline_never_recorded_is_served_with_those_it_did(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        for text in FILLER:
            await save(rt, text)
        barista = await save(rt, "[2025-01-15] user: Back when I was a barista in Seattle I "
                                 "learned to wake up at 5.")
        analyst = await save(rt, "[2025-09-01] user: Starting my new job as a data analyst "
                                 "at Tidepool on Monday.")
        await embedded(rt)
        result = await search(rt, "What jobs have I had?")
    served = [hit.leaf_id for hit in result.hits]
    assert {barista, analyst} <= set(served), served


async def test_a_word_said_in_another_kind_s_sense_is_no_part(tmp_path: Path) -> None:
    # "fish" is a pet, a food and fishing: "How many pets do I have?" took the fish eaten
    async with Runtime(tmp_path) as rt:
        for text in FILLER:
            await save(rt, text)
        pets = [await save(rt, "[2025-04-05] user: We adopted a tortoise, she is called Tuga."),
                await save(rt, "[2025-10-10] user: Cleaned the fish tank today, the guppies "
                               "look happy.")]
        eaten = await save(rt, "[2025-01-20] user: I started eating fish again after years "
                               "without it.")
        await embedded(rt)
        result = await search(rt, "How many pets do I have?")
    served = [hit.leaf_id for hit in result.hits]
    # the parts lead, each in its sense; the fish eaten only after them, by its rank
    assert set(served[:2]) == set(pets) and eaten not in served[:2], served
