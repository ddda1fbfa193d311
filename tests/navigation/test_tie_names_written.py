"""A name question's memories writing the name another memory gave the asked thing are one
answer (issue 18, probe42 7b): after "mi gata Luna", "Luna se ha quedado con mis padres" and
"aceptan gatos; Luna vuelve conmigo" both answer "Luna", never rivals for a clue. The name is
given beside any word of the asked thing's kind ("gata", "kitten" for "cat"), and looked up in
the memories holding a name the first ones write. Two animals by two names stay a real tie.
Each rule's test fails when the rule is removed (the cases were written apart from the probe's
turns: other names, other words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.answer_type import written_names
from actors.navigation.query import same_kind
from tests.navigation.test_tie_kinds import asked

pytestmark = pytest.mark.anyio

ASKED = "What is my cat called?"

KITTEN = ("2025-04-01 user: We finally adopted a kitten, Pixel, from the shelter on Rye Lane.",
          "2025-06-10 user: Pixel got out of the flat again, somebody left the cat flap open.",
          "2025-08-02 user: The vet says Pixel is healthy; the cat just needs to eat a bit less.")
"""The name given beside "kitten" once; then written first in two sentences about "the cat"."""

GATA = ("2025-04-01 user: Adopté una gata, Pixel, en la protectora de Rye Lane.",
        "2025-06-10 user: Pixel se escapó otra vez del piso; el gato salió por la ventana.",
        "2025-06-12 user: Pixel se pasó el día debajo del sofá; el gato sigue muy tímido.")
"""The naming memory holds no word of the question ("gata", not "gato"): the search does not
rank it, and its name is found through the name the others write."""


def test_the_words_of_one_kind() -> None:
    assert {"gata", "gato", "kitten"} <= same_kind("cat")
    assert "cat" in same_kind("gata")
    assert not same_kind("cat") & {"perro", "perra", "dog", "pet"}
    assert "hermano" not in same_kind("hermana")  # another kind of relation: someone else
    assert {"manager", "jefa"} <= same_kind("boss")
    assert {"gata", "perro"} <= same_kind("mascota")  # a word for any kind: every kind's
    assert same_kind("Marta") == frozenset()


def test_the_names_a_text_writes() -> None:
    assert written_names("[2026-07-20] Marta: Luna se ha quedado con mis padres en Sevilla."
                         ) == {"luna", "sevilla"}  # the label's speaker is no name it writes
    assert "pixel" in written_names("2025-06-10 user: ya volvió; Pixel duerme.")


async def test_one_name_written_three_times_is_one_answer(tmp_path: Path) -> None:
    found, = await asked(tmp_path / "one", KITTEN, ASKED)
    assert found.status == "FOUND"
    assert "Pixel" in found.hits[0].text
    found, = await asked(tmp_path / "es", GATA, ASKED)
    assert found.status == "FOUND"
    assert "Pixel" in found.hits[0].text


@pytest.mark.parametrize("turns", [
    ("2025-04-01 user: We adopted a kitten, Pixel, from the shelter on Rye Lane.",
     "2025-04-03 user: We adopted a kitten, Mochi, from the shelter in Leeds.",
     "2025-06-10 user: Pixel got out of the flat again; the cat went through the window.",
     "2025-06-12 user: Mochi got out of the flat again; the cat went over the balcony."),
    ("2025-04-01 user: Adopté una gata, Pixel, en la protectora de Rye Lane.",
     "2025-04-03 user: Adopté una gata, Mochi, en la protectora de Leeds.",
     "2025-06-10 user: Pixel se escapó otra vez del piso; el gato salió por la ventana.",
     "2025-06-12 user: Mochi se escapó otra vez del piso; el gato salió por el balcón.")],
    ids=["en", "es"])
async def test_two_cats_by_two_names_still_ask(tmp_path: Path, turns: tuple[str, ...]) -> None:
    tie, = await asked(tmp_path, turns, ASKED)
    assert tie.status == "AMBIGUOUS"
    told = " ".join(hit.text for hit in tie.hits)
    assert "Pixel" in told and "Mochi" in told


async def test_without_the_name_written_anywhere_they_are_rivals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation, "written_names", lambda text: frozenset())
    tie, = await asked(tmp_path, KITTEN, ASKED)
    assert tie.status == "AMBIGUOUS"


async def test_without_the_kind_words_a_gata_names_no_cat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation, "same_kind", lambda word: frozenset())
    tie, = await asked(tmp_path, GATA, ASKED)
    assert tie.status == "AMBIGUOUS"


async def test_without_looking_the_name_up_the_unranked_naming_memory_is_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation, "GIVEN_HOLDERS", 0)
    tie, = await asked(tmp_path, GATA, ASKED)
    assert tie.status == "AMBIGUOUS"
