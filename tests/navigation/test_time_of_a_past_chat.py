"""A month or season asked without its year, of a chat whose memories end long before today,
is read in the chat's own time: "Where did Tomasz live in March?" of a chat of two years ago
is about that March, not the March just gone, after every memory of it. The value asked of a
past time is the one valid on the last day of that range. The names, places and words here are
written for this file, not taken from a probe."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import anyio
import pytest

from actors.facts.patterns import extract_facts
from actors.facts.questions import attribute_question
from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult, Stats
from actors.navigation.question_verb import question_verbs
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

YEAR = dt.datetime.now(dt.UTC).date().year - 2
"""The chat's year: every month of it is before today, whenever the test runs."""
TURNS = (
    f"[{YEAR}-01-09] Tomasz: I live in Gdańsk, in a small flat near the old town.",
    f"[{YEAR}-06-21] Tomasz: Big news, we moved to Wrocław last weekend, a house with a garden.",
    f"[{YEAR}-08-30] Tomasz: Haha, same here, too hot to think.",
)


async def _asked(home: Path, questions: tuple[str, ...]) -> list[SearchResult]:
    async with Runtime(home) as rt:
        for text in TURNS:
            await rt.ingest.ask(Save(content=text, provenance=Provenance(agent="claude-code",
                                                                        session="s1")))
        with anyio.fail_after(60):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.2)
        return [await rt.navigation.ask(Search(query=q)) for q in questions]


async def test_a_month_no_memory_is_of_is_the_one_before_the_chat_s_newest_day(
        tmp_path: Path) -> None:
    # no memory is of April or of spring in any year: read against today, they were this
    # year's (or last year's), after the move, and answered Wrocław
    found = await _asked(tmp_path, ("Where did Tomasz live in April?",
                                    "Where was Tomasz living last spring?"))
    for result in found:
        assert result.answer is not None and result.answer.value == "Gdańsk", result.answer
        assert result.answer.valid_on is not None
        assert result.answer.valid_on.startswith(f"{YEAR}-0"), result.answer.valid_on
        assert "Gdańsk" in result.hits[0].text


async def test_a_month_a_memory_is_of_gives_the_day_its_value_is_read_on(
        tmp_path: Path) -> None:
    # January of the chat's year holds a memory, so the range was already that January; the
    # value was still read on January 31 of this year, after the move
    result, = await _asked(tmp_path, ("Where did Tomasz live in January?",))
    assert result.answer is not None and result.answer.value == "Gdańsk", result.answer
    assert result.answer.valid_on == f"{YEAR}-01-31"


async def test_someone_named_after_a_spanish_imperfect_is_asked_about(tmp_path: Path) -> None:
    # "vivía" is the user's too ("¿Dónde vivía en 2023?"): only a capitalised name after it
    # makes the question another's, and "vivía" is then the question's verb, not a thing
    # Tomasz was never told to have
    assert attribute_question("¿Dónde vivía Tomasz en abril?") == ("tomasz", "location")
    assert attribute_question("¿Para quién trabajaba Lucía Gómez?") == ("lucia gomez",
                                                                        "employer")
    assert attribute_question("¿Dónde vivía en 2023?") == ("user", "location")
    assert attribute_question("¿Dónde trabajaba en verano?") == ("user", "employer")
    assert attribute_question("¿Para quién trabajaba en octubre?") == ("user", "employer")
    assert question_verbs("¿Dónde vivía Tomasz en abril?") == {"vivia"}
    assert question_verbs("¿Qué día es hoy?") == frozenset()
    result, = await _asked(tmp_path, ("¿Dónde vivía Tomasz en abril?",))
    assert result.answer is not None and result.answer.value == "Gdańsk", result.answer


@pytest.mark.parametrize(("text", "place"), [
    ("[2025-02-01] Ewa: Ha, thanks. Still in the tiny flat in Kraków though, rent went up.",
     "Kraków"),
    ("[2025-02-01] Ewa: Yeah, still living in Poznań, in the same place.", "Poznań"),
    ("[2025-02-01] Ewa: Now based in Lublin, after the move.", "Lublin"),
    ("[2025-02-01] Ewa: Still in the hotel in Rome for two more nights.", None),
    ("[2025-02-01] Ewa: Still in the flat in Łódź?", None),
])
def test_a_home_told_with_its_subject_left_out_is_the_speaker_s(text: str,
                                                                place: str | None) -> None:
    found = [(f.subject, f.value) for f in extract_facts(text) if f.attribute == "location"]
    assert found == ([("Ewa", place)] if place else []), found
