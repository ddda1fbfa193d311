"""A list question's parts read from the store's holders of each thing of its kind
(``actors.navigation.instances``): "Which countries did I travel to?" answered by the user's
turns naming Oaxaca, Lisbon and Montréal, wherever the ranking put them."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import instances
from actors.navigation.kinds import things_of
from actors.navigation.stem import stem
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "thing"), [
    ("Which countries did I travel to?", "lisbon"),
    ("¿En qué ciudades he vivido?", "madrid"),
    ("How many different doctors did I visit this year?", "dermatologist"),
    ("¿Cuántos médicos he visto este año?", "dentista"),
    ("What hobbies has the user taken up?", "pottery"),
])
def test_the_things_a_list_question_asks_for(question: str, thing: str) -> None:
    assert stem(thing) in instances.things_asked(question, things_of)


@pytest.mark.parametrize("question", ["What did my doctor say about the rash?",
                                      "Where should I travel next?",
                                      "How do I make salsa?"])
def test_a_question_listing_no_kind_asks_for_no_things(question: str) -> None:
    assert instances.things_asked(question, things_of) == frozenset()


@pytest.mark.parametrize(("text", "doings", "tier"), [
    ("2026-08-04 user: Tidepool is sending me to a data conference in Montréal. Hotel "
     "ideas?", 0, 1),
    ("2025-10-31 user: Planning local markets in Budapest, any tips?", 0, 0),
    ("user: What should I pack for Quebec City in the shoulder season?", 0, 0),
    ("Back from Lisbon.", 0, 0),
    ("user: Back from Lisbon.", 2, 2),
    ("Me mudé a Coimbra con mi pareja el mes pasado.", 0, 1),
])
def test_how_much_a_memory_tells(text: str, doings: int, tier: int) -> None:
    assert instances.told(text, doings) == tier


@pytest.mark.parametrize(("text", "one"), [
    ("2025-09-16 user: I'm going to Oaxaca. Note: flights before 8 am are out.", True),
    ("[2026-03-28] user: The orthopaedist says it's tendinopathy.", True),
    ("2026-05-22 Maya: I got back from Iceland! 2026-05-22 Tomás: ¿Y el tobillo? "
     "2026-05-22 Maya: Mostly fine.", False),
    ("Maya: Back from Iceland! Tomás: ¡Qué bien! Maya: Next year Japan.", False),
])
def test_a_conversation_saved_whole_is_no_one_part(text: str, one: bool) -> None:
    assert instances.one_turn(text) is one


def _gathered(naming: dict[str, set[str]], close: dict[str, float], tier: dict[str, int],
              *, known: frozenset[str] = frozenset(), freq: int = 1,
              leading: str | None = None) -> list[str]:
    holders = {thing: {leaf for leaf, held in naming.items() if thing in held}
               for held in naming.values() for thing in held}
    return instances.gathered(
        set(holders), lambda thing: freq, lambda thing: holders[thing],
        lambda leaf: not leaf.startswith("other"), lambda leaves: close, tier.__getitem__,
        lambda leaf: (leaf[-1], 0.0), known=known, leading=leading)


def test_one_memory_per_thing_the_closest_first_then_oldest_first() -> None:
    naming = {"oaxaca-1": {"oaxaca"}, "lisbon-2": {"lisbon"}, "lisbon-3": {"lisbon"},
              "montreal-4": {"montreal"}, "other-5": {"paris"}}
    close = {"oaxaca-1": 0.15, "lisbon-2": 0.16, "lisbon-3": 0.10, "montreal-4": 0.18,
             "other-5": 0.5}
    tier = dict.fromkeys(naming, 1)
    assert _gathered(naming, close, tier) == ["montreal-4", "oaxaca-1", "lisbon-2"]


def test_a_part_farther_than_unrelated_is_still_its_own_first_telling() -> None:
    # a closeness below zero is below its own CLOSE_SHARE: the thing's first telling is then
    # the memory itself (a 50k store raised "min() arg is an empty sequence" here)
    naming = {"ruff-1": {"ruff"}, "ruff-2": {"ruff"}, "black-3": {"black"}}
    close = {"ruff-1": -0.02, "ruff-2": -0.08, "black-3": -0.05}
    tier = dict.fromkeys(naming, 1)
    assert _gathered(naming, close, tier) == ["ruff-1"]  # black-3: far from the question


def test_the_ranking_s_first_leads_when_it_tells_a_part() -> None:
    naming = {"anis-1": {"cat", "kitten"}, "bruno-2": {"perro"}, "tips-3": {"parrot"}}
    close = {"anis-1": 0.14, "bruno-2": 0.15, "tips-3": 0.2}
    tier = {"anis-1": 2, "bruno-2": 2, "tips-3": 0}
    assert _gathered(naming, close, tier) == ["bruno-2", "anis-1"]
    assert _gathered(naming, close, tier, leading="anis-1") == ["anis-1", "bruno-2"]
    # ...not a memory that only asks
    assert _gathered(naming, close, tier, leading="tips-3") == ["bruno-2", "anis-1"]


def test_a_question_is_taken_only_when_nothing_telling_is() -> None:
    naming = {"oaxaca-1": {"oaxaca"}, "budapest-2": {"budapest"}, "quebec-3": {"quebec"}}
    close = {"oaxaca-1": 0.15, "budapest-2": 0.29, "quebec-3": 0.28}
    assert _gathered(naming, close, {"oaxaca-1": 2, "budapest-2": 0, "quebec-3": 0}) \
        == ["oaxaca-1"]
    assert _gathered(naming, close, dict.fromkeys(naming, 0)) == [
        "budapest-2", "oaxaca-1", "quebec-3"]


def test_a_part_far_from_the_question_is_another_sense_of_the_word() -> None:
    naming = {"dog-1": {"perro"}, "chicken-2": {"chicken"}, "cat-3": {"cat"}}
    close = {"dog-1": 0.15, "chicken-2": 0.05, "cat-3": 0.14}
    assert _gathered(naming, close, dict.fromkeys(naming, 2)) == ["dog-1", "cat-3"]
    # ...unless it names a value the timeline recorded as the speaker's
    assert _gathered(naming, close, dict.fromkeys(naming, 2), known=frozenset({"chicken"})) \
        == ["chicken-2", "dog-1", "cat-3"]


def test_a_memory_naming_many_things_of_the_kind_is_a_list_not_a_part() -> None:
    naming = {"list-1": {"seoul", "bruges", "porto", "lyon"}, "trip-2": {"lisbon"}}
    assert _gathered(naming, {"list-1": 0.4, "trip-2": 0.2}, dict.fromkeys(naming, 1)) \
        == ["trip-2"]


def test_a_thing_many_memories_hold_marks_no_part() -> None:
    naming = {"python-1": {"python"}}
    assert _gathered(naming, {"python-1": 0.3}, {"python-1": 2},
                     freq=instances.HOLDERS_MAX + 1) == []


CITIES = ("Budapest", "Quebec City", "Dubrovnik", "Marrakesh", "Galway", "Taipei", "Vienna",
          "Tallinn", "Krakow", "Bologna", "Valparaíso", "Mendoza", "Santiago", "Seoul",
          "Bruges", "Porto", "Seville", "Granada", "Prague", "Ljubljana")
TRIPS = {"oaxaca": "[2025-09-16] user: I'm going to Oaxaca for Día de Muertos, October 30 to "
                   "November 3. Also I hate flights before 8 am.",
         "lisbon": "[2026-04-14] user: I'm going to Lisbon for a week in late May for my "
                   "friend Inês's wedding. Where should I stay?",
         "montreal": "[2026-08-04] user: Tidepool is sending me to a data conference in "
                     "Montréal, August 24 to 27. Hotel and food ideas?"}


async def test_the_user_s_trips_are_served_past_the_questions_shaped_like_the_asked_one(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        for day, city in enumerate(CITIES, start=1):
            await save(rt, f"[2025-{1 + day % 12:02d}-{day:02d}] user: What should I pack for "
                           f"a trip to {city} in the shoulder season?")
            await save(rt, f"[2025-{1 + day % 12:02d}-{day:02d}] user: Planning a budget "
                           f"weekend trip in {city}, any tips for travelling there?")
        ids = {name: await save(rt, text) for name, text in TRIPS.items()}
        await embedded(rt)
        result = await search(rt, "Which countries did I travel to for trips we discussed?")
    served = [hit.leaf_id for hit in result.hits]
    assert result.status == "FOUND", result
    assert set(ids.values()) <= set(served), served


@pytest.mark.parametrize(("text", "names", "named"), [
    ("2026-02-27 The Ferrocart warehouse is BigQuery.", {"ferrocart"}, True),
    ("Migrated ferrocart/io to ClickHouse.", {"ferrocart"}, True),
    ("2026-08-25 The data-science team's warehouse is Snowflake.", {"ferrocart"}, False),
    ("Ferrocarts are not a thing.", {"ferrocart"}, False),
    ("We saw puffins near Vík.", {"vik"}, True),
    ("Anything at all.", set(), True),
])
def test_a_part_names_the_name_the_list_is_narrowed_by(text: str, names: set[str],
                                                       named: bool) -> None:
    # "Which warehouses has Ferrocart used?" was led by another team's Snowflake warehouse
    assert instances.names_each(text, names) is named
