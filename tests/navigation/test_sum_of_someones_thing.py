"""A sum asked of someone's thing ("How much did Noor's scooter cost?", "¿Cuánto costó la
guitarra de Bruno?") is theirs and for it, and a sum whose own sentence names another thing
bought ("Yo me compré una guitarra por 300 euros", "Correction on the Kia: 9,200") is not
made the asked thing's by the turns around it. Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import sum_asked as sums
from actors.navigation.answer_type import things_by_name
from actors.navigation.sum_asked import sum_asked
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-02-01] Noor: My new scooter is great for the commute, twenty minutes door to door.",
    "[2025-02-01] Bruno: ¡Qué bien! Yo me compré una guitarra por 300 euros.",
    "[2025-02-01] Noor: Correction on the Kia: the dealer charged 9,200, not 9,800.",
    "[2025-02-01] Bruno: Still a good deal for a car.",
    "[2025-03-08] Noor: Rain all week, the scooter stayed home.",
    "[2025-03-08] Bruno: Aquí hace un sol precioso.",
    "[2025-03-08] Noor: Pepper the cat is on a renal diet now.",
    "[2025-03-08] Noor: The special food is 52 euros a bag.",
)


async def test_a_sum_of_someones_thing_no_memory_tells_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("How much did Noor's scooter cost?", "¿Cuánto costó el patinete de Noor?",
             "How much did Bruno's guitar cost?", "¿Cuánto costó la guitarra de Bruno?",
             "How much did Noor's car cost?")
    scooter, patinete, guitar, guitarra, car = await replies(tmp_path / "on", TURNS, asked)
    assert scooter.status == "NONE" and "of Noor for scooter" in (scooter.reason or "")
    assert patinete.status == "NONE"
    assert guitar.status == "FOUND" and "300 euros" in guitar.hits[0].text
    assert guitarra.status == "FOUND" and "300 euros" in guitarra.hits[0].text
    assert car.status == "FOUND"  # the Kia is a car's make
    # a pet's thing is paid by whoever tells it: no speaker, no payer
    food, = await replies(tmp_path / "pet", TURNS, ("How much does Pepper's special food cost?",))
    assert food.status == "FOUND" and "52 euros" in food.hits[0].text
    monkeypatch.setattr(sums, "_owner_and_thing", lambda question, users: ("", ""))
    scooter, *_ = await replies(tmp_path / "off", TURNS, asked[:1])
    assert scooter.status != "NONE"  # any sum shown answered it


async def test_a_sum_for_another_thing_bought_is_not_the_asked_things(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Bruno's guitar turn follows Noor's scooter: the scooter is in the turns around it,
    # but the sum's own sentence says what it paid for
    asked = ("How much did Bruno pay for his scooter?",)
    scooter, = await replies(tmp_path / "on", TURNS, asked)
    assert scooter.status == "NONE"
    monkeypatch.setattr(sums.SumAsked, "_for_another", lambda self, said, bought=True: False)
    scooter, = await replies(tmp_path / "off", TURNS, asked)
    assert scooter.status != "NONE"


def test_a_places_name_is_no_thing_bought() -> None:
    # each word of a place's name stands where its first one does; "around" leads to a place
    assert things_by_name("Paddled 30 km around Skomer Island and raised 900 euros.") == ()
    assert things_by_name("Sold the old Toyota Yaris for 3,900 in Leeds.") == ("toyota", "yaris")

    chair = sum_asked("How much did Bruno pay for his chair?")
    assert chair is not None and not chair.untranslated and not chair.told_by(
        "Bruno: My room near the Plaza Mayor is 480 euros.")


def test_whose_thing_and_what_else_a_sum_was_for_are_read() -> None:
    speakers = {"marek", "bruno"}
    kayak = sum_asked("How much did Marek's new kayak cost?", (), speakers)
    assert kayak is not None and (kayak.payer, kayak.thing) == ("Marek", "kayak")
    lamp = sum_asked("¿Cuánto costó la lámpara de Bruno?", (), speakers)
    assert lamp is not None and (lamp.payer, lamp.thing) == ("Bruno", "lampara")
    # the name's last word in English; no speaker, no payer (a pet's food)
    food = sum_asked("How much does Pepper's special food cost?", (), speakers)
    assert food is not None and (food.payer, food.thing) == ("", "food")
    # a time owns no sum, nor does the user, nor two people at once
    assert sum_asked("¿Cuánto costaron los vuelos de Navidad?") is None
    assert sum_asked("How much were the user's new boots?") is None
    assert sum_asked("How much did Ana's and Leo's tickets cost?") is None
    around = ["Marek: The kayak fits on the roof."]
    assert not kayak.told_by("Marek: Bought a wetsuit, 140 euros.", around)
    assert not kayak.told_by("Marek: Correction on the Skoda: it was 6,100.", around)
    assert kayak.told_by("Marek: Nine hundred euros.", around)  # names nothing else
    assert kayak.told_by("Marek: I bought a kayak for 900 euros.")
    car = sum_asked("How much did Marek pay for his car?")
    assert car is not None and car.told_by("Marek: I bought a Kia Picanto for 9,000 euros.")
    assert not car.told_by("Marek: Me compré una bicicleta por 450 euros.",
                           ["Marek: I need a car."])
    # a word the lexicon lacks, told in the other language: the bought word may be it
    boots = sum_asked("How much did Marek's boots cost?")
    assert boots is not None and boots.told_by(
        "Marek: Compré unas botas de montaña para el Pirineo, 150 euros.")


def test_a_thing_named_by_an_english_compound_is_told_by_either_word() -> None:
    gym = sum_asked("How much does the user pay for the climbing gym now?")
    assert gym is not None and gym.thing == "gym"
    assert gym.told_by("[2026-03-03] user: Eso sí, el rocódromo ha subido la cuota a 48 euros.")
    assert gym.told_by("[2026-03-03] user: Climbing costs me 42 euros a month.")
    # the compound's first word is known to the lexicon: a Spanish fee naming neither word is
    # no sum for it ("goggles" alone would be read as untranslated, any Spanish sum counting)
    goggles = sum_asked("How much did the user pay for the swimming goggles?")
    assert goggles is not None and not goggles.untranslated
    assert not goggles.told_by("[2026-04-20] user: La cuota aquí es de 42 euros al mes.")
