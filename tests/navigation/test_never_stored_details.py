"""A never-stored question is often a stored turn with one detail changed: a sum asked of a
memory that holds none ("How much does Lola charge to feed the cat?" when Lola only feeds
her), a people's name no memory holds ("Which Italian restaurant did the assistant
recommend?" when it recommended a Thai one), a thing of the user's asked in the third person
that no memory mentions ("her sourdough starter"). Each is "No memory found" (the closest
memories still listed), and the same questions about what was stored are answered. Each test
fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation import query, unmentioned
from actors.navigation.answer_type import holds_value, value_asked
from actors.navigation.messages import SearchResult
from actors.navigation.sum_asked import sum_asked
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-04-05] user: Can you suggest a dinner place for Friday? My friend Teo is visiting.",
    "[2025-04-05] assistant: Try Thai Orchid near the market: the green curry is excellent.",
    "[2025-04-05] user: Perfect, Teo loves spicy food.",
    "[2025-06-10] user: We spent a weekend in Porto and loved the tiled churches.",
    "[2025-07-12] user: Mochi's special kidney food costs 48 euros a bag.",
    "[2025-12-10] user: Mochi hates car trips, so my neighbour Lola will feed her at Christmas.",
    "[2025-12-10] assistant: That's kinder for Mochi.",
    "[2026-01-08] user: The rent of the new flat is 1,050 a month, we split it in half.",
    "[2026-02-14] user: I baked bread with my sister Inés on Sunday.",
    "[2026-03-03] user: Diagnosed with mild asthma, the doctor gave me an inhaler.",
    "[2026-05-20] user: My team lead at the new job is Samir.",
    "[2026-06-28] user: Mochi turned eight and her blood tests are stable.",
)



async def test_a_sum_asked_of_memories_holding_none_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("How much does Lola charge to feed the cat?",
             "How much does Mochi's kidney food cost?",
             "How much rent does the user pay?")  # "1,050 a month": a sum without its unit
    lola, food, rent = await replies(tmp_path / "on", TURNS, asked)
    assert lola.status == "NONE" and "sum of money" in (lola.reason or "")
    assert lola.nearest  # the closest memories are still listed
    assert food.status == "FOUND" and rent.status == "FOUND"
    monkeypatch.setattr(navigation, "value_asked", lambda text: None)
    lola, *_ = await replies(tmp_path / "off", TURNS, asked[:1])
    assert lola.status != "NONE"


async def test_a_sum_asked_of_someone_or_for_a_thing_is_theirs_and_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the user's rent is shown beside Teo's visit, and beside the inhaler: neither is Teo's,
    # nor the inhaler's price (``sum_asked``); told so, both are answered
    asked = ("¿Cuánto paga Teo de alquiler?", "How much did the user pay for the inhaler?",
             "How much rent does the user pay?")
    turns = (*TURNS, "[2026-04-11] user: The doctor's visit was 60 euros, half of it back.")
    teo, inhaler, rent = await replies(tmp_path / "on", turns, asked)
    assert teo.status == "NONE" and "of Teo" in (teo.reason or "")
    assert inhaler.status == "NONE" and "for inhaler" in (inhaler.reason or "")
    assert teo.nearest and rent.status == "FOUND"
    told = turns + ("[2026-03-01] user: Teo pays 500 euros a month for his room in Bilbao.",
                    "[2026-03-04] user: The inhaler cost me 12 euros at the pharmacy.")
    teo, inhaler = await replies(tmp_path / "told", told, asked[:2])
    assert teo.status == "FOUND" and "Teo pays 500" in teo.hits[0].text
    assert inhaler.status == "FOUND" and "12 euros" in inhaler.hits[0].text
    monkeypatch.setattr(navigation, "sum_asked", lambda *args: None)
    teo, inhaler = await replies(tmp_path / "off", turns, asked[:2])
    assert teo.status != "NONE" and inhaler.status != "NONE"


def test_whose_sum_and_what_for_are_read_in_both_languages() -> None:
    teo = sum_asked("¿Cuánto paga Teo de alquiler?")
    assert teo is not None and teo.payer == "Teo" and not teo.thing
    assert not teo.told_by("[2026-08-03] user: The rent is 1,050 a month.")
    assert teo.told_by("[2026-08-03] Teo: I pay 500 for the room.")  # said by them
    # the user, and someone asked together with another, are no payer ("we" tells both)
    assert sum_asked("¿Cuánto gana Nora al mes?", ("Nora",)) is None
    assert sum_asked("¿Cuánto pagan de alquiler Nora y Marcos?") is None
    assert sum_asked("How much did the user pay for the Fujifilm?") is not None
    car = sum_asked("¿Cuánto pagó el usuario por el coche nuevo?")
    assert car is not None and car.thing == "coche"
    assert car.told_by("Sold the old Toyota Yaris for £3,900.")  # a make of the kind
    assert car.told_by("Bought a car, 7,400 euros.")  # the other language's word
    assert not car.told_by("£8,900 from a dealer in Chesterfield.")  # a place, no thing
    bike = sum_asked("How much did the user pay for the bike?")
    assert bike is not None and bike.told_by("Me compré una bici por 220 euros.")  # shortened
    plot = sum_asked("How much rent does Owen pay for the plot?")
    assert plot is not None and not plot.told_by(
        "Owen: Looking at used Nissan Leafs, there are loads around 8 grand")  # a car's make
    cabin = sum_asked("¿Cuánto pagó el usuario por la cabaña?")  # no lexicon word
    assert cabin is not None and cabin.told_by("We rented a cabin, 300 euros for three nights")
    # a number measuring something else is no sum
    assert not holds_value("How much rent does Owen pay?", "Owen: Three years on that list")
    assert not holds_value("How much rent does Owen pay?", "Owen: about 125 square metres")


def test_the_value_a_question_asks_for_is_read_in_both_languages() -> None:
    assert value_asked("How much does Lola charge to feed the cat?") == "a sum of money"
    assert value_asked("¿Cuánto le cobra Lola por dar de comer a Mochi?") == "a sum of money"
    # told in words too: "a couple of years", "early mornings", "my sister and my brother"
    assert value_asked("How long did the user stay in Porto?") is None
    assert value_asked("What time of day does the user train?") is None
    assert value_asked("¿Cuántos hijos tiene el usuario?") is None
    # a turn's day and time are no sum; a number without its unit may be one
    assert not holds_value("How much does Lola charge?", "[2025-12-10] user: Lola feeds her.")
    assert holds_value("How much does Lola charge?", "[2025-12-10] user: She asks 15 a day.")
    assert holds_value("Where does Lola live?", "Lola lives next door.")  # asks no value


async def test_a_peoples_name_no_memory_holds_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Which Italian restaurant did the assistant recommend?",
             "Which Thai restaurant did the assistant recommend?",
             # held as the place's own name: "Porto" shares "Portuguese"'s first letters
             "What Portuguese churches did the user like?",
             "Which churches did the user like in Portugal?")  # a country, which "Japan"
    # ends like a people's name: asked in its cities' words
    italian, thai, portuguese, portugal = await replies(tmp_path / "on", TURNS, asked)
    assert italian.status == "NONE" and "Italian" in (italian.reason or "")
    assert thai.status == "FOUND" and portuguese.status == "FOUND"
    assert portugal.status == "FOUND"
    monkeypatch.setattr(unmentioned, "peoples_names", lambda text: ())
    italian, *_ = await replies(tmp_path / "off", TURNS, asked[:1])
    assert italian.status != "NONE"


def test_her_and_his_say_whose_thing_but_not_whose_relation() -> None:
    assert query.possessed("What did the user name her sourdough starter?", pronouns=True) \
        == ("sourdough",)
    assert query.possessed("What did the user name her sourdough starter?") == ()
    # "her new boyfriend" may be named only by his name; "their" is mostly others'
    assert query.possessed("When did the user move in with her new boyfriend?",
                           pronouns=True) == ()
    assert query.possessed("Where are the user's parents going for their anniversary?",
                           pronouns=True) == ("parents",)


async def test_a_thing_of_hers_no_memory_mentions_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What did the user name her sourdough starter?",
             "What did the user bake with her sister?")
    starter, bread = await replies(tmp_path / "on", TURNS, asked)
    assert starter.status == "NONE" and "sourdough" in (starter.reason or "")
    assert bread.status == "FOUND"
    monkeypatch.setattr(unmentioned, "possessed",
                        lambda text, pronouns=False: query.possessed(text))
    starter, *_ = await replies(tmp_path / "off", TURNS, asked[:1])
    assert starter.status != "NONE"


@pytest.mark.parametrize(("text", "word", "told"), [
    ("My colleague's kid got a hamster called Pip. What does a hamster need?", "hamster",
     ["other", None]),
    ("The dog Brutus next door escaped twice this week.", "dog", ["other"]),
    ("My colleague Clara is planning a trip to Japan in spring.", "japan", ["other"]),
    ("She got a puppy last week.", "puppy", ["other"]),
    ("Adopted a hamster and named him Pip.", "hamster", ["speaker"]),
    ("My sister gave me a hamster.", "hamster", ["speaker"]),
    ("My mum's birthday is coming up and she's always cold.", "mum", ["speaker"]),
    ("Yes, first niece or nephew. Femke lives in Groningen.", "niece", ["speaker"]),
])
def test_whom_a_sentence_tells_a_thing_of(text: str, word: str, told: list[str | None]
                                          ) -> None:
    from actors.navigation.answer_type import said_at, whose
    from actors.navigation.stem import stem
    words, at = said_at(text, {stem(word)})
    assert [whose(words, i) for i in at] == told
    # an assistant's advice tells it of nobody, "your dog" of the user
    words, at = said_at("Introduce a dog slowly. Walk your dog first.", {"dog"})
    assert [whose(words, i, speaker_unsaid=False) for i in at] == [None, "speaker"]


async def test_a_thing_of_the_user_s_only_said_of_someone_else_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an outside probe: "What is the name of my hamster?" was answered at confidence 0.80
    # with "My colleague's kid got a hamster called Pip"; "What is my dog called?" with "The
    # dog Brutus next door escaped"
    turns = ("[2026-11-08] user: My colleague's kid got a hamster called Pip for the "
             "classroom. What does a hamster need?",
             "[2026-11-08] assistant: A hamster needs a big cage, a wheel and deep bedding.",
             "[2026-06-10] user: The dog Brutus next door escaped twice this week.",
             "[2026-06-20] user: We adopted a second cat! A little black kitten, Tito.")

    async def asked(home: Path) -> list[SearchResult]:
        return await replies(home, (*turns, *TURNS), (
            "What is the name of my hamster?", "What is my dog called?",
            "What is my cat called?", "What did the colleague's kid call the hamster?"))

    hamster, dog, cat, kids = await asked(tmp_path / "on")
    assert hamster.status == "NONE" and dog.status == "NONE"
    assert cat.status == "FOUND" and kids.status == "FOUND"
    monkeypatch.setattr(unmentioned, "whose", lambda words, at, speaker_unsaid=True: "speaker")
    hamster, dog, *_ = await asked(tmp_path / "off")
    assert hamster.status != "NONE" and dog.status != "NONE"
