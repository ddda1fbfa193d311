"""A chat turn saved one per memory is embedded within its conversation: its vector is the mean
of its own and of the turn read after the turns said right before it, so a reply ("16 feet.
big enough for me and Freja") is close to a question about what was asked a turn earlier."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from actors.embedding import sentence
from actors.embedding.index import CONVERSATION_SHARE, VectorIndex, crowd_at
from actors.embedding.sentence import MODEL_ID, SentenceEncoder, as_read, in_conversation
from actors.navigation import conversation
from ihmt_async.runtime import Runtime
from store import vectors as vector_table
from store.paths import StoreLayout
from tests.navigation.test_retrieval_rules import embedded, save

DAY = "[6:05 pm on 5 February, 2023]"


def test_a_turn_is_read_after_the_turns_before_it_under_one_date() -> None:
    said = in_conversation(f"{DAY} Oskar: 16 feet. big enough for me and Freja",
                           [f"{DAY} Oskar: the cedar canoe is coming along",
                            f"{DAY} Leilani: how long is it?"])
    assert said == ("February 2023: Oskar: the cedar canoe is coming along\n"
                    "Leilani: how long is it?\nOskar: 16 feet. big enough for me and Freja")
    assert in_conversation("2026-03-02: user: yes, the blue one", ["2026-03-02: user: which?"]) \
        == "March 2026: user: which?\nuser: yes, the blue one"
    # no date to lead with; an earlier turn is cut to EARLIER_TURN_CHARS
    long_turn = "Bea: " + "very " * 200 + "long"
    assert in_conversation("Dev: ok", [long_turn]) == \
        f"{long_turn[:sentence.EARLIER_TURN_CHARS]}\nDev: ok"
    assert in_conversation("Dev: ok", []) == "Dev: ok"
    # the turn itself is read up to TURN_CHARS (its own vector reads it whole)
    answer = "2026-03-02 assistant: " + "Tip: keep the knee over the ankle. " * 40
    read = in_conversation(answer, ["2026-03-02 user: a knee-friendly workout?"])
    assert read == ("March 2026: user: a knee-friendly workout?\n"
                    + answer.removeprefix("2026-03-02 ")[:sentence.TURN_CHARS])


TURNS = {"L-ask": f"{DAY} Leilani: how long is the canoe going to be?",
         "L-says": f"{DAY} Oskar: 16 feet. big enough for me, Freja and the dog",
         "L-note": "2023-02-05: Bought cedar strips at the lumber yard."}


def test_a_turn_s_vector_is_the_mean_of_its_own_and_of_its_conversation_s(
        tmp_path: Path) -> None:
    encoder = SentenceEncoder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), encoder)
    index.plan(TURNS)
    before = {"L-says": (TURNS["L-ask"],)}
    assert index.backfill(TURNS.__getitem__, lambda leaf: before.get(leaf, ())) == 0
    stored = dict(vector_table.read(index.layout, MODEL_ID))
    own = encoder.encode([as_read(TURNS["L-says"])])[0]
    within = encoder.encode([in_conversation(TURNS["L-says"], before["L-says"])])[0]
    says = np.frombuffer(stored["L-says"], dtype=np.float32)
    assert says == pytest.approx((own + within) / 2, abs=1e-5)
    assert 0.5 < float(np.linalg.norm(says)) < 1.0  # not rescaled to a unit vector
    note = np.frombuffer(stored["L-note"], dtype=np.float32)  # no turn before it: its own
    assert note == pytest.approx(encoder.encode([as_read(TURNS["L-note"])])[0], abs=1e-5)
    # two memories are compared by the cosine of their vectors, whatever their lengths
    cosine = float(says @ note) / float(np.linalg.norm(says) * np.linalg.norm(note))
    assert index.similarity_between("L-says", "L-note") == pytest.approx(cosine, abs=1e-4)


def test_a_turn_read_within_its_conversation_counts_as_a_third_of_a_memory_in_a_crowd(
        tmp_path: Path) -> None:
    """CONVERSATION_SHARE: the crowd is where the closest memories add up to the rank asked,
    a chat turn's mean vector counting for a third (its turns read one another's words)."""
    assert crowd_at([(0.9, 1.0), (0.8, 1 / 3), (0.7, 1 / 3), (0.6, 1 / 3), (0.5, 1.0)], 2) == 0.6
    assert crowd_at([(0.9, 1.0), (0.8, 1 / 3)], 2) is None
    texts = {f"L-turn-{n}": f"{DAY} Nora: the choir sings Brahms on day {n}" for n in range(9)}
    texts |= {f"L-note-{n}": f"2023-02-05: Band practice notes, take {n}." for n in range(6)}
    index = VectorIndex(StoreLayout.at_home(tmp_path), SentenceEncoder())
    index.plan(texts)
    earlier = (f"{DAY} Pablo: which choir?",)
    while index.backfill(texts.__getitem__,
                         lambda leaf: earlier if leaf.startswith("L-turn") else ()):
        pass
    query = index.encode_query("What music does Nora make?")
    everyone = index.similar(query, 15, lambda leaf: True)
    shares = [(sim, CONVERSATION_SHARE if leaf.startswith("L-turn") else 1.0)
              for leaf, sim in everyone.items()]
    _, crowd = index.similar_and_crowd(query, 15, lambda leaf: True, 5)
    assert crowd == crowd_at(shares, 5) and crowd != list(everyone.values())[4]
    # the store's crowd when the caller's pool holds fewer
    _, crowd = index.similar_and_crowd(query, 15, lambda leaf: leaf == "L-note-0", 5)
    assert crowd == crowd_at(shares, 5)


async def _saved_vectors(home: Path, texts: list[str]) -> list[np.ndarray]:
    """Each text saved in order through the real save path, then its stored vector."""
    async with Runtime(home) as rt:
        leaves = [await save(rt, text) for text in texts]
        await embedded(rt)
        stored = dict(vector_table.read(rt.layout, MODEL_ID, leaves))
    return [np.frombuffer(stored[leaf], dtype=np.float32) for leaf in leaves]


def _own(text: str) -> np.ndarray:
    """The vector of ``text`` read alone."""
    return SentenceEncoder().encode([as_read(text)])[0]


@pytest.mark.anyio
async def test_the_turns_read_before_a_turn_are_those_of_its_conversation(
        tmp_path: Path) -> None:
    """The same day, each a speaker's turn, at most EARLIER_TURNS (2) of them, nearest kept:
    a note saved between two turns ends what the later one reads, and so does another day."""
    turns = [f"{DAY} Leilani: how's the canoe coming along?",
             f"{DAY} Oskar: slowly. I steamed the last cedar strips for the hull",
             f"{DAY} Leilani: how long is it going to be?",
             f"{DAY} Oskar: 16 feet. big enough for me, Freja and the dog",
             "2023-02-05: Paid the lumber yard for the cedar.",
             f"{DAY} Leilani: nice, send pics",
             "[9:10 am on 6 February, 2023] Oskar: morning! the glue held"]
    vectors = await _saved_vectors(tmp_path, turns)

    def expected(at: int, earlier: list[int]) -> np.ndarray:
        if not earlier:
            return _own(turns[at])
        within = in_conversation(turns[at], [turns[i] for i in earlier])
        return (_own(turns[at]) + SentenceEncoder().encode([within])[0]) / 2

    for at, earlier in ((0, []), (1, [0]), (3, [1, 2]), (4, []), (5, []), (6, [])):
        assert vectors[at] == pytest.approx(expected(at, earlier), abs=1e-5), at


@pytest.mark.anyio
async def test_no_turn_is_read_before_one_when_earlier_turns_is_zero(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conversation, "EARLIER_TURNS", 0)
    says = f"{DAY} Oskar: 16 feet. big enough for me and the dog"
    vectors = await _saved_vectors(
        tmp_path, [f"{DAY} Leilani: how long is the canoe going to be?", says])
    assert vectors[1] == pytest.approx(_own(says), abs=1e-5)


@pytest.mark.anyio
async def test_notes_led_by_a_label_are_no_conversation(tmp_path: Path) -> None:
    # an agent's notes saved in a row ("Decision: ...", "Bug: ..."): each keeps its own vector
    notes = ["2026-03-02: Decision: the billing service moves to PostgreSQL 16",
             "2026-03-02: Bug: the nightly export times out after 30 minutes",
             "2026-03-02 user: and the export is owned by Marta"]
    vectors = await _saved_vectors(tmp_path, notes)
    assert vectors[1] == pytest.approx(_own(notes[1]), abs=1e-5)
    # a turn after a note reads no note either; the user's label is a speaker's
    assert vectors[2] == pytest.approx(_own(notes[2]), abs=1e-5)
