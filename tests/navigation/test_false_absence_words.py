"""A stored answer told with another word for the same thing is no "No memory found": a word
of one language for what the question names ("gig" for "concert", ``synonyms``), and a
Spanish question's verb in the present ("¿cuánto paga?") read in the other language. Each
test asks the stored case and a never-stored twin, and fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import across, bilingual, readings
from actors.navigation.bilingual import other_reading
from bench import conversation_set, conversation_set_b
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

CROWD = tuple(turn.content for turn in conversation_set.TURNS)
"""A year of one person's chat turns: what a question's words and meaning are judged among."""


async def test_a_word_for_the_same_thing_holds_the_question(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "I set up Renovate on the Tidepool repos, so dependency bumps now arrive as one grouped
    # pull request a week": the question's library, upgrades and codebases are its
    # dependency, bumps and repos, and "the user's codebases" held in no form was a thing of
    # the user's never stored
    asked = ("How do library upgrades get proposed in the user's codebases?",
             "How do library upgrades get proposed in the user's dotfiles?")  # never stored
    codebases, dotfiles = await replies(tmp_path / "on", CROWD, asked)
    assert codebases.status == "FOUND" and "Renovate" in codebases.hits[0].text
    assert dotfiles.status == "NONE" and "dotfiles" in (dotfiles.reason or "")
    monkeypatch.setattr(readings, "synonyms_of", lambda term: ())
    codebases, = await replies(tmp_path / "off", CROWD, asked[:1])
    assert codebases.status == "NONE"


async def test_a_memory_held_through_a_word_for_the_same_thing_is_not_judged_by_meaning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "Sent my first V4 at Boulder Lab on Saturday!!" holds "climbing" only as "bouldering",
    # and the model puts it 0.17 from the question, under the closeness a held word rarer
    # than one memory in a hundred needs: judged by its vector, nothing was about it
    turns = tuple(turn.content for turn in conversation_set_b.TURNS)
    asked = ("Does the user do any indoor climbing?",)
    climbing, = await replies(tmp_path / "on", turns, asked)
    assert climbing.status == "FOUND" and "Boulder Lab" in climbing.hits[0].text
    monkeypatch.setattr(readings, "synonyms_of", lambda term: ())
    climbing, = await replies(tmp_path / "off", turns, asked)
    assert climbing.status == "NONE"


def test_a_spanish_verb_in_the_present_is_read_as_its_infinitive() -> None:
    def read(question: str) -> dict[str, tuple[str, ...]]:
        return dict(other_reading(question) or ())
    assert read("¿Cuánto paga la usuaria por el gimnasio?")["paga"] == ("pay",)
    assert read("¿Qué vende el usuario en el mercadillo?")["vende"] == ("sell",)
    assert read("¿Con quién sale la usuaria?")["sale"] == ("dating",)
    # an English question's "sale" is no Spanish verb, nor "USA" a form of "usar"
    assert read("What did the user buy on sale?")["sale"] == ("sale",)
    assert read("Did the user fly to the USA?")["USA"] != ("use",)


async def test_a_spanish_question_in_the_present_finds_the_english_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the reply no longer tells the agent that no memory mentions the question's verb
    turns = (*CROWD,
             "[2026-11-28] I'm selling my old Vespa on Wallapop, asking 900 euros for it.")
    asked = ("¿Qué vende la usuaria por internet?",)
    vespa, = await replies(tmp_path / "on", turns, asked)
    assert vespa.status == "FOUND" and "Vespa" in vespa.hits[0].text
    assert "vende" not in vespa.absent
    monkeypatch.setattr(bilingual, "_present_infinitives", lambda key: iter(()))
    # the multilingual model also places "vende" by "selling" (``across``): off too
    monkeypatch.setattr(across, "MIN_COSINE", 2.0)
    vespa, = await replies(tmp_path / "off", turns, asked)
    assert "vende" in vespa.absent
