"""A stored answer that names a thing of the kind the question asks by is no "No memory
found": the health news asked and "The GP says my vitamin D is low", the family's operation
and "Dad had his hip replaced", the summer's heat and "Hizo 27 grados en Cork"
(``everyday_kinds``' health, operation and weather kinds; the model puts each pair 0.12-0.16
apart). Each case asks the stored question and a never-stored twin, then the stored one again
with the kind's reading off: "No memory found" then, as before the kind was listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import readings
from actors.navigation.kinds import things_of
from bench import conversation_set, conversation_set_b
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

CONVERSATION = tuple(turn.content for turn in conversation_set.TURNS)
CONVERSATION_B = tuple(turn.content for turn in conversation_set_b.TURNS)


@pytest.mark.parametrize(("turns", "asked", "never", "kind", "told"), [
    pytest.param(CONVERSATION, "What health news did the user share in January 2026?",
                 "How is Priya's health?", "health", ("GP", "allergic", "physio"),
                 id="health"),
    pytest.param(CONVERSATION, "Has anyone in the user's family had an operation recently?",
                 "Has anyone in the user's family had a tattoo recently?", "operation",
                 ("hip replaced",), id="operation"),
    pytest.param(CONVERSATION_B, "¿Qué tal lleva la usuaria el calor del verano?",
                 "¿Qué tal lleva la usuaria el ruido del verano?", "calor", ("27 grados",),
                 id="heat"),
])
async def test_a_thing_of_the_kind_asked_answers_the_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turns: tuple[str, ...], asked: str,
        never: str, kind: str, told: tuple[str, ...]) -> None:
    async with Runtime(tmp_path) as rt:
        for text in turns:
            await save(rt, text)
        await embedded(rt)
        found, unknown = await search(rt, asked), await search(rt, never)
        assert found.status == "FOUND" and any(words in found.hits[0].text for words in told)
        assert unknown.status == "NONE"
        # the kind read as no things (``kind`` is the question's term): as before it was
        # listed
        monkeypatch.setattr(readings, "things_of",
                            lambda term: () if term == kind else things_of(term))
        assert (await search(rt, asked)).status == "NONE"
