"""Spanish "su" says whose as "her" and "his" do, and often of what happened rather than of a
thing: "¿Por qué suspendió la usuaria en su intento inicial?" asks about a stored driving
test, told with no word for "attempt". A word after "su" the lexicon does not know, held in
no memory, is no sign of something never stored; a relation still is ("su sobrina", when no
niece was mentioned), and so is a thing the lexicon knows ("su hombro",
``test_a_thing_of_the_users_no_memory_mentions_is_not_found``). Fails when the rule is
removed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from actors.navigation import unmentioned
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-12-14] user: Aprobé el examen práctico de conducir a la segunda. La primera vez "
    "me suspendieron por no mirar el punto ciego en una rotonda.",
    "[2025-11-08] user: Mi sobrino Leo cumple siete años el 15 de noviembre.",
    "[2026-01-10] user: Me he apuntado a natación los martes y jueves por la mañana.",
)



async def test_a_thing_after_su_is_no_sign_of_something_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("¿Por qué suspendió la usuaria el examen en su intento inicial?",
             "¿Cómo se llama su sobrina?")
    attempt, niece = await replies(tmp_path / "on", TURNS, asked)
    assert attempt.status == "FOUND"
    assert niece.status == "NONE"
    monkeypatch.setattr(unmentioned, "_SU", re.compile(r"(?!x)x"))  # reads nothing
    attempt, = await replies(tmp_path / "off", TURNS, asked[:1])
    assert attempt.status == "NONE" and "intento" in (attempt.reason or "")
