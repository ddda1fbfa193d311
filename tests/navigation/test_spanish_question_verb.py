"""A Spanish question's verb is what is done, never a thing of the person asked: "¿Dónde vive
Carmen?" when Carmen never says "vivo", "¿Qué deporte practica Lucas?" when only Carmen says
"prácticas", "¿Qué pasó con Carmen e Irene?" when only Lucas says "me paso" were answered "no
stored memory mentions Carmen's 'vive'" (``question_verb``, ``verb_slot.verb_place``,
``told_by_others``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

LUCAS = "[2026-06-14] Lucas: Dejo la escalada, no me fío de la clavícula. Me paso a la natación."
CARMEN = ("[2025-10-06] Carmen: Yo sigo en Salamanca terminando el máster, la semana que viene "
          "empiezo las prácticas.")


async def test_the_verb_after_the_question_word_is_no_thing_of_the_one_asked(
        tmp_path: Path) -> None:
    turns = (CARMEN, "[2026-01-07] Carmen: Ya estoy en Oviedo, he alquilado un piso pequeño "
             "cerca de la universidad.", "[2026-02-11] Carmen: Vaya semanita llevo, madre mía.")
    lives, never = await replies(tmp_path, turns, (
        "¿Dónde vive Carmen?", "¿Qué moto tiene Carmen?"))
    assert lives.status == "FOUND"
    assert any("Oviedo" in hit.text for hit in lives.hits)
    # a thing never stored is still so
    assert never.status == "NONE"


async def test_the_verb_after_the_thing_asked_is_no_thing_of_the_one_asked(
        tmp_path: Path) -> None:
    (sport,) = await replies(tmp_path, (LUCAS, CARMEN), ("¿Qué deporte practica Lucas ahora?",))
    assert sport.status == "FOUND"
    assert "natación" in sport.hits[0].text


async def test_a_past_in_o_is_the_question_s_verb(tmp_path: Path) -> None:
    turns = (LUCAS, "[2026-01-19] Carmen: Mi novia Irene viene a verme este fin de semana.",
             "[2026-03-23] Carmen: Irene y yo lo hemos dejado. Mejor así.")
    (happened,) = await replies(tmp_path, turns, ("¿Qué pasó con Carmen e Irene?",))
    assert happened.status == "FOUND"
    assert "dejado" in happened.hits[0].text
