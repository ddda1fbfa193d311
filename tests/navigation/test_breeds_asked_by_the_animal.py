"""A dog or a cat told by its breed is found when asked by the animal ("How many dogs do I
have?" over "we adopted a retired greyhound" and "acogimos a un segundo galgo": an outside
probe, probe45, showed only the first, and "What is my second dog called?" was "No memory
found ... the user's 'second'"). A breed is a dog; a dog is no breed: "my greyhound" is not
held by a beagle, and a cat is still never stored in a store of dogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.bilingual import other_reading
from actors.navigation.query import possessed
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

_FIRST = ("[2025-04-12] User: Big news: we adopted a retired greyhound from a rescue in "
          "Wetherby last Saturday! She's called Biscuit, she's four.")
_SECOND = ("[2025-12-06] User: Por cierto, acogimos a un segundo galgo, un macho negro que se "
           "llama Pepper. Se lleva genial con Biscuit.")


async def test_dogs_told_by_their_breed_are_counted_in_either_language(tmp_path: Path) -> None:
    for reply in await replies(tmp_path, (_FIRST, _SECOND),
                               ("How many dogs do I have?", "¿Cuántos perros tengo?")):
        assert reply.status == "FOUND", reply.reason
        shown = " ".join(hit.text for hit in reply.hits)
        assert "Biscuit" in shown and "Pepper" in shown, shown


def test_an_ordinal_is_no_thing_of_the_user() -> None:
    assert possessed("What is my second dog called?") == ("dog",)
    assert possessed("¿Cómo se llama mi segundo perro?") == ("perro",)
    assert ("second", ("segundo", "segunda")) in (other_reading("my second dog") or [])


async def test_the_second_dog_asked_is_found_by_its_breed(tmp_path: Path) -> None:
    reply, = await replies(tmp_path, (_FIRST, _SECOND), ("What is my second dog called?",))
    assert reply.status == "FOUND", reply.reason
    assert any("Pepper" in hit.text for hit in reply.hits)  # which one is second: not read


async def test_a_breed_is_no_other_breed_nor_another_animal(tmp_path: Path) -> None:
    beagle = "[2025-06-06] User: We brought home a beagle named Rufus."
    for reply in await replies(tmp_path, (beagle,), ("What is the name of my cat?",
                                                     "What is my greyhound called?")):
        assert reply.status == "NONE", [hit.text for hit in reply.hits]


async def test_a_pet_told_by_its_breed_alone_is_stored(tmp_path: Path) -> None:
    galgo = "[2025-01-05] User: Hemos adoptado un galgo que se llama Canelo."
    reply, = await replies(tmp_path, (galgo,), ("What pets do I have?",))
    assert reply.status == "FOUND", reply.reason
