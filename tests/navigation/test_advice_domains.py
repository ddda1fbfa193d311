"""A recommendation asked leads with the user's preferences of its domain (``advice_domains``,
``Navigator._preferences_of`` / ``_advised``): "What should I cook tonight?" with "I'm
lactose intolerant", not with a chat about risotto that shares the question's words."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.advice_domains import asked_domains, domains_of, stated_domains, stating
from actors.navigation.query import (
    asks_a_recommendation,
    states_a_preference,
    states_own_preference,
)
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

LAST_YEAR = dt.datetime.now(dt.UTC).date().year - 1


def test_the_thing_asked_decides_the_domain_not_what_it_is_for() -> None:
    assert asked_domains("Recomiéndame un libro para el vuelo.") == {"reading"}
    assert asked_domains("For my trip to Porto, what should I eat?") == {"food"}
    assert asked_domains("Suggest a snack I could pack for a long bike ride.") == {"food"}
    # nothing named outside the purpose: the purpose is the request
    assert asked_domains("¿Qué me recomiendas para este fin de semana?") == {"outings"}
    assert domains_of("I'm booking a hotel") == frozenset()  # "booking" is no book
    assert asked_domains("What should I name my new branch?") == frozenset()


def test_a_preference_is_of_the_domain_of_the_sentence_stating_it() -> None:
    told = ("Going camping at the lake next week. Heads up: I can't eat gluten, "
            "coeliac since I was a kid.")
    assert stated_domains(told, states_a_preference) == {"food"}
    assert stated_domains("I can't study with songs on. Silence works.",
                          states_a_preference) == {"music"}
    assert stated_domains("Ya no bebo café, solo infusiones.", states_a_preference) \
        == {"drinks"}
    assert stated_domains("We went to the beach on Sunday.", states_a_preference) \
        == frozenset()


def test_a_recommendation_is_asked_for_not_whether_to_do_a_thing() -> None:
    for asked in ("Recommend a film for tonight.", "What should I cook on Friday?",
                  "¿Qué debería leer este verano?", "Any ideas for a weekend away?",
                  "Which wine could we bring?"):
        assert asks_a_recommendation(asked), asked
    for not_asked in ("Should I read the docs first?", "Can I freeze it?",
                      "What did you recommend for dinner?", "What did I cook on Friday?"):
        assert not asks_a_recommendation(not_asked), not_asked


FILLER = tuple(
    f"{LAST_YEAR}-{month:02d}-{day:02d} user: {text}"
    for month, day, text in (
        (2, 3, "How do I make mushroom risotto for dinner without it going gluey?"),
        (2, 17, "What goes well with lemon tart as a dessert for a dinner party?"),
        (3, 9, "Is a musical a good pick for a film night with friends?"),
        (3, 28, "What makes a musical work, in your opinion?"),
        (4, 12, "Planning a budget weekend in Porto, any tips for the trip?"),
        (5, 6, "How long should I cook dinner rolls at 200 degrees?"),
        (5, 21, "Any day trips near Porto for a weekend?"),
        (6, 2, "Can you explain what a music theory chord progression is?"),
    ))


async def test_a_recommendation_leads_with_the_user_s_preferences_of_its_domain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def leads(home: Path) -> dict[str, str]:
        async with Runtime(home) as rt:
            told = {
                "vegetarian": await save(rt, f"{LAST_YEAR}-01-08 user: I'm vegetarian, so no "
                                             "meat in the meal plan please."),
                "fish": await save(rt, f"{LAST_YEAR}-06-20 user: Quick update: I started "
                                       "eating fish again, so I'm pescatarian now."),
                "songs": await save(rt, f"{LAST_YEAR}-04-02 user: I can't concentrate with "
                                        "songs that have words. I play ambient or jazz "
                                        "instead."),
                "outdoors": await save(rt, f"{LAST_YEAR}-03-15 user: Me encanta escalar, "
                                           "cada fin de semana que puedo me voy a la sierra."),
                "coffee": await save(rt, f"{LAST_YEAR}-02-01 user: I drink my coffee with "
                                         "milk and two sugars, a big mug every afternoon."),
                "tea": await save(rt, f"{LAST_YEAR}-07-11 user: I switched to green tea, no "
                                      "more caffeine bombs for me."),
            }
            for filler in FILLER:
                await save(rt, filler)
            await embedded(rt)
            asked = {"fish": "What should I cook for dinner tonight?",
                     "songs": "Recommend some music for a long study session.",
                     "outdoors": "Suggest a weekend trip I'd enjoy.",
                     # a preference changed: the later one telling the change leads
                     "tea": "What coffee should I order at the café this afternoon?"}
            out = {}
            for key, question in asked.items():
                found = await search(rt, question)
                assert found.status == "FOUND", (question, found.reason)
                out[key] = "match" if found.hits[0].leaf_id == told[key] else \
                    found.hits[0].leaf_id
            # a plain question of the same words keeps its words' order
            plain = await search(rt, "What makes a musical work?")
            assert plain.hits[0].leaf_id not in told.values()
            return out

    assert await leads(tmp_path / "on") == {"fish": "match", "songs": "match",
                                            "outdoors": "match", "tea": "match"}
    monkeypatch.setattr(navigation, "ADVISED_LEADING", 0)
    off = await leads(tmp_path / "off")  # the diet and the liking are lost without it
    assert off["fish"] != "match" and off["outdoors"] != "match"


def test_only_the_speaker_s_own_preference_is_theirs() -> None:
    assert states_own_preference("I'm allergic to peanuts, a severe allergy.")
    assert states_own_preference("Por cierto, no me gusta el cilantro.")
    assert not states_own_preference("She loves spicy food, he hates it.")
    assert states_own_preference("He loves jazz and I love tango.")


def test_a_question_asked_in_a_turn_states_no_preference() -> None:
    # "Should I eat before or after cycling to work?" asks; the allergy told after a
    # question in the same turn still states one
    assert stating("Nice, thanks. Should I eat before or after cycling?",
                   states_own_preference) == []
    told = "Any dinner idea for tonight? I'm allergic to shellfish and I don't eat pork."
    assert stating(told, states_own_preference) == [
        "I'm allergic to shellfish and I don't eat pork."]
