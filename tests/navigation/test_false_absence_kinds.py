"""A stored answer that names a thing of the kind the question asks by is no "No memory
found": the health news asked and "The GP says my vitamin D is low", the family's operation
and "Dad had his hip replaced", the summer's heat and "Hizo 27 grados en Cork"
(``everyday_kinds``' health, operation and weather kinds). Each test asks the stored case and
a never-stored twin, and asks the stored one again with the kind's reading off: "No memory
found" then, as before the kind was listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import readings
from actors.navigation.kinds import things_of
from actors.navigation.messages import SearchResult
from bench import conversation_set, conversation_set_b
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


async def _asked_with_and_without(home: Path, turns: tuple[str, ...], questions: tuple[str, ...],
                                  kind: str, monkeypatch: pytest.MonkeyPatch
                                  ) -> tuple[list[SearchResult], SearchResult]:
    """Each question's reply from a store of ``turns``, then the first one's again with the
    kind ``kind`` (a query term) read as no things: one store for both."""
    async with Runtime(home) as rt:
        for text in turns:
            await save(rt, text)
        await embedded(rt)
        on = [await search(rt, q) for q in questions]
        monkeypatch.setattr(readings, "things_of",
                            lambda term: () if term == kind else things_of(term))
        return on, await search(rt, questions[0])


async def test_a_health_matter_told_by_its_thing_answers_a_health_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the time question's topic ("health news") is judged alone, and no January memory says
    # "health": the GP, the allergy and the physio do
    turns = tuple(turn.content for turn in conversation_set.TURNS)
    asked = ("What health news did the user share in January 2026?",
             "How is Priya's health?")  # never stored
    (news, priya), off = await _asked_with_and_without(tmp_path, turns, asked, "health",
                                                       monkeypatch)
    assert news.status == "FOUND" and any(
        word in news.hits[0].text for word in ("GP", "allergic", "physio"))
    assert priya.status == "NONE"
    assert off.status == "NONE"


async def test_an_operation_told_by_what_was_done_answers_an_operation_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = tuple(turn.content for turn in conversation_set.TURNS)
    asked = ("Has anyone in the user's family had an operation recently?",
             "Has anyone in the user's family had a tattoo recently?")  # never stored
    (operation, tattoo), off = await _asked_with_and_without(tmp_path, turns, asked,
                                                             "operation", monkeypatch)
    assert operation.status == "FOUND" and "hip replaced" in operation.hits[0].text
    assert tattoo.status == "NONE"
    assert off.status == "NONE"


async def test_the_weather_told_by_its_degrees_answers_a_weather_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = tuple(turn.content for turn in conversation_set_b.TURNS)
    asked = ("¿Qué tal lleva la usuaria el calor del verano?",
             "¿Qué tal lleva la usuaria el ruido del verano?")  # never stored
    (heat, noise), off = await _asked_with_and_without(tmp_path, turns, asked, "calor",
                                                       monkeypatch)
    assert heat.status == "FOUND" and "27 grados" in heat.hits[0].text
    assert noise.status == "NONE"
    assert off.status == "NONE"
