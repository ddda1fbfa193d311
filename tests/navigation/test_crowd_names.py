"""A question naming a chat's speaker is compared by meaning without the name: every turn of
the store holds it, and the speaker's shortest turns were the closest to any question about
them, ahead of the answer said in other words (or the other language)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.crowd_names import MIN_MEMORIES, NAME_SHARE, without_crowd_names
from actors.navigation.query import asks_an_inference, parse_query
from actors.text import fold
from bench import conversation_set_c
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio



def _holding(**held: int) -> Callable[[str], int]:
    """How many memories hold each name, as the index holds it ("Rosa": "ine")."""
    terms = {parse_query(name).query_terms[0]: count for name, count in held.items()}
    return lambda term: terms.get(term, 0)


def test_a_name_most_memories_hold_is_left_out() -> None:
    holders = _holding(Rosa=60, Mateo=26, Pablo=4)
    assert NAME_SHARE * 100 <= 26
    assert without_crowd_names("What does Rosa's brother Pablo do for a living?",
                               holders, 100) == "What does brother Pablo do for a living?"
    assert without_crowd_names("Which cities did Rosa and Mateo visit in May?",
                               holders, 100) == "Which cities did visit in May?"
    assert without_crowd_names("¿Qué mascotas tienen Rosa y Mateo?",
                               holders, 100) == "¿Qué mascotas tienen?"


def test_a_rare_name_a_small_store_and_a_bare_name_stay() -> None:
    holders = _holding(Rosa=60, Pablo=24)

    assert without_crowd_names("Where does Pablo work?", holders, 100) == \
        "Where does Pablo work?"  # a few percent of the memories: it tells them apart
    assert without_crowd_names("Where does Rosa work?", holders, MIN_MEMORIES - 1) == \
        "Where does Rosa work?"
    assert without_crowd_names("Who is Rosa?", holders, 100) == "Who is Rosa?"


async def test_a_speakers_answer_leads_when_the_name_weighs_less(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # two friends' chat saved turn by turn (the bench's conversation-c): every turn holds one
    # of the two names, and the pumpkin's weight, said in English, ranked second to the
    # Spanish question naming Owen
    turns = tuple(turn.content for turn in conversation_set_c.TURNS)
    asked = ("¿Cuánto pesa la calabaza del huerto de Owen?", "What is the name of Lucía's niece?")
    pumpkin, niece = await replies(tmp_path / "on", turns, asked)
    assert pumpkin.status == "FOUND" and "23 kilos" in pumpkin.hits[0].text
    assert niece.status == "FOUND" and "Martina" in " ".join(h.text for h in niece.hits[:2])
    monkeypatch.setattr(navigation, "without_crowd_names", lambda text, holders, size: text)
    pumpkin, niece = await replies(tmp_path / "off", turns, asked)
    # (the pumpkin is also found without the rule since "cuánto pesa" asks a size, answered
    # by "23 kilos": rank-c's ``answer_type._SIZE``; the niece still needs the rule)
    assert "Martina" not in " ".join(h.text for h in niece.hits[:2])


def test_a_question_of_what_would_suit_someone_is_framed() -> None:
    for question in ("Would Joel enjoy a hiking trip?", "Is Ana likely to be a dog person?",
                     "Would it be a good idea to give Ana a kitten?",
                     "¿Le gustaría a Ana una excursión a la montaña?",
                     "¿Es probable que Joel vaya a Japón?"):
        assert asks_an_inference(question), question
    for question in ("Would you like to see my code?", "What did Ana enjoy in Rome?",
                     "Where would Joel live?"):
        assert not asks_an_inference(question), question


async def test_a_notice_never_names_the_framing_of_what_would_suit_someone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = ("2026-03-02 Joel: I hiked up Pen y Fan on Sunday, my legs are still sore.",
             "2026-03-02 Ana: Show-off. I spent the day reading.",
             "2026-03-09 Joel: Booked a cabin in the Lake District for April, more hills.")
    asked = ("Would Joel enjoy a hiking holiday in the mountains?",)
    found, = await replies(tmp_path / "on", turns, asked)
    assert found.status == "FOUND" and "enjoy" not in {fold(w) for w in found.absent}
    monkeypatch.setattr(navigation, "asks_an_inference", lambda text: False)
    found, = await replies(tmp_path / "off", turns, asked)
    assert found.status == "FOUND" and "enjoy" in {fold(w) for w in found.absent}


def test_the_name_still_counts_at_half_weight() -> None:
    # WITHOUT_NAMES_SHARE: the question as asked leads the blend (a turn by the person asked
    # about is nearer), the reading without the names pulls it half as much; measured on the
    # bench's two-speaker set, equal weight and no name at all both lost recall@3
    import numpy as np

    asked = np.array([1.0, 0.0], dtype=np.float32)
    without = np.array([0.0, 1.0], dtype=np.float32)
    blend = navigation._partly_without_names(asked, without)
    assert blend.dtype == asked.dtype and float(np.linalg.norm(blend)) == pytest.approx(1.0)
    near_asked, near_without = float(blend @ asked), float(blend @ without)
    assert near_asked > near_without
    assert near_without == pytest.approx(0.5 / np.sqrt(1.25), abs=1e-3)  # half weight
    assert navigation._partly_without_names(asked, -asked / 0.5) is asked  # nothing left
