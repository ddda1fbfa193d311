"""A question about one person's thing answered by that person's memories, never by another
teller's own turn (probe43, failure 2): the teller's turn ranks behind the asked one's own,
and alone it is "No memory found ... (only Lucas's)". Its words and relations differ from the
cases the rule was written on (pets, a flat, a bike, a car; English and Spanish)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_person import THE_USER
from actors.navigation.thing_owner import only_theirs, owners_own, thing_asked, told_as_own
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

RENT = "[2026-02-14] Sofía: Mi piso en Bilbao me cuesta 750 euros al mes."
WORK = "[2026-02-15] user: Work was brutal today."
HAMSTER = "[2026-05-04] user: I got a hamster called Nibbles for the kids."
ANAS_CAT = "[2026-05-03] Ana: Mi gato Simba ha vuelto a romper la lámpara."
PUPPY = "[2026-06-01] user: Our new puppy, a beagle called Biscuit, chewed my shoes."
DANIS_DOG = "[2026-06-02] Dani: Mi perro Rocco ya tiene diez años y sigue corriendo mucho."
BIKE = "[2026-09-01] user: Bought a cargo bike for 2,300 euros to take the kids to school."
BEAS_BIKE = "[2026-09-03] Bea: Por fin tengo bicicleta nueva, me costó 400 euros de segunda mano."
BEA = "[2026-09-04] Bea: Hoy he terminado el informe trimestral, what a cool bike you've got!"
SISTER_CAR = "[2026-07-01] user: My sister Marta bought a Renault Clio last week."
MARTA = "[2026-07-02] Marta: Hoy ha hecho mucho calor."


async def test_another_tellers_own_thing_is_no_answer_about_the_one_asked(
        tmp_path: Path) -> None:
    rent, = await replies(tmp_path / "rent", (RENT, WORK),
                          ("¿Cuánto paga el usuario por su piso?",))
    assert rent.status == "NONE" and rent.reason is not None
    assert "(only Sofía's)" in rent.reason
    cat, dog = await replies(tmp_path / "pets", (HAMSTER, ANAS_CAT, PUPPY, DANIS_DOG),
                             ("¿Cómo se llama el gato del usuario?",
                              "What is the user's dog called?"))
    assert cat.status == "NONE"  # a hamster of the user's is no cat; Ana's cat is Ana's
    assert dog.status == "FOUND" and "Biscuit" in dog.hits[0].text  # a puppy is a dog
    mine, hers = await replies(tmp_path / "bikes", (BIKE, BEAS_BIKE, BEA),
                               ("How much did the user's bike cost?",
                                "¿Cuánto le costó la bici a Bea?"))
    assert "2,300" in mine.hits[0].text  # Bea's bike, in the question's words, was first
    assert "400" in hers.hits[0].text
    told, = await replies(tmp_path / "told", (SISTER_CAR, MARTA), ("What make is Marta's car?",))
    assert told.status == "FOUND" and "Clio" in told.hits[0].text  # told of her by the user


def test_whose_thing_is_asked_and_told() -> None:
    assert thing_asked("How much did Bea's bike cost?", ()) == ("Bea", ("bike",))
    assert thing_asked("¿Cómo se llama el gato del usuario?", ()) == (THE_USER, ("gato",))
    assert thing_asked("What breed is Oliver's dog?", ("Oliver",)) == (THE_USER, ("dog",))
    assert thing_asked("Where does Bea work?", ()) is None  # no thing of hers asked
    assert told_as_own(DANIS_DOG, THE_USER, ()) == "Dani"
    assert told_as_own(BIKE, "Bea", ()) == THE_USER
    assert told_as_own("[2026-06-02] Oliver: My bike is red.", THE_USER, ("Oliver",)) is None
    assert told_as_own(SISTER_CAR, "Marta", ()) is None  # it names her
    assert told_as_own("[2026-06-03] Dani: Bea, is your bike new?", "Bea", ()) is None
    assert owners_own(PUPPY, THE_USER, ()) and owners_own("I sold my van.", THE_USER, ())
    assert not owners_own(DANIS_DOG, THE_USER, ())
    assert not owners_own(BEA, "Bea", ())  # said to the user, of the user's bike
    served = [("dani", DANIS_DOG), ("hamster", HAMSTER)]
    holds = {"dani"}.__contains__
    assert only_theirs(served, THE_USER, (), holds, lambda leaf: False) == "Dani"
    assert only_theirs(served[::-1], THE_USER, (), holds, {"hamster"}.__contains__) == "Dani"
    assert only_theirs(served[::-1], THE_USER, (), holds, lambda leaf: False) is None
    assert only_theirs(served, THE_USER, (), {"dani", "hamster"}.__contains__,
                       lambda leaf: False) is None  # the user's own holds it too
