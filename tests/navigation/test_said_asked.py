"""A question asking what another speaker suggested or said ("What kind of index did you
suggest for the slow dashboard?", "Which book did Maya recommend to Tomás?") is answered by that
speaker's reply, not by the asker's turn describing the problem, which holds more of the
question's words; of that speaker's turns, the one saying the thing asked leads
(``said_asked``, ``Conversation.reply_of``, ``ranking.SAID_KIND_BOOST``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.answer_type import expected, holds_beside
from actors.navigation.conversation import Conversation
from actors.navigation.said_asked import ASSISTANT, asked_speaker, asked_thing, names_the_thing
from actors.navigation.stem import stem
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "speaker"), [
    ("What kind of index did you suggest for the slow orders dashboard?", ASSISTANT),
    ("Which crystal or circuit kit did the assistant suggest for the nephew's birthday?",
     ASSISTANT),
    ("How long did you say each training session should be?", ASSISTANT),
    ("Did you tell me to take the train?", ASSISTANT),
    ("What was the name of the book you recommended?", ASSISTANT),
    ("¿Qué restaurante me recomendaste?", ASSISTANT),
    ("¿Qué me dijo el asistente sobre la rodilla?", ASSISTANT),
    ("What did Maya suggest to Tomás?", "Maya"),
    ("Which book did Priya recommend to Sam?", "Priya"),
    ("¿Qué le recomendó Lucía a Owen?", "Lucia"),
    ("What did I tell you about my sister?", None),  # the asker's own words
    ("Can you remind me what I said about the cat?", None),
    ("What did I tell the assistant about my job?", None),
    ("What did my sister recommend?", None),
    ("Where did Maya go last summer?", None),
])
def test_whom_a_question_asks_to_have_said_it(question: str, speaker: str | None) -> None:
    assert asked_speaker(question) == speaker


@pytest.mark.parametrize(("question", "thing"), [
    ("Which tram did you tell me to ride early in the morning?", "tram"),
    ("What kind of index did you suggest for the slow orders dashboard?", "index"),
    ("What hiking trail near Albuquerque did you suggest?", "trail"),
    ("Which crystal or circuit kit did the assistant suggest?", "kit"),
    ("¿Qué restaurante me recomendaste en Oaxaca?", "restaurante"),
    ("What did you suggest for my 40 GB parquet file?", None),
    ("Where did you tell me to get poutine?", None),
])
def test_what_a_question_asks_to_have_been_suggested(question: str, thing: str | None) -> None:
    assert asked_thing(question) == thing


CHAT = (
    "2025-08-12 user: We use Postgres 14 at work. The orders dashboard is slow: it filters "
    "orders where status is open, and the orders table has 40 million rows.",
    "2025-08-12 assistant: Since you only query the open ones, create a partial index on "
    "created_at with WHERE status = 'open'; it stays tiny.",
    "2025-08-12 user: Thanks, and how do I check the plan?",
    "2025-08-12 assistant: Run EXPLAIN ANALYZE on the query and look for a sequential scan.",
    "2025-09-02 Tomás: I need a book for the flight to Lima, something light for a long "
    "flight.",
    "2025-09-02 Maya: Read Piranesi, short and strange, you'll love it.",
    "2025-09-02 Tomás: ¡Gracias!",
    "2025-09-05 Maya: Back from the coast, so sunburnt.",
    "2025-09-05 Tomás: ¡Pobre! Ponte aloe.",
    "2025-09-07 Maya: My shift got moved to nights again.",
    "2026-04-14 assistant: For Lisbon: ride tram 28 early, before the crowds.",
    "2026-04-14 user: And the airport?",
    "2026-04-14 assistant: Early in the morning, ride the metro before the morning rush, and "
    "buy the day pass in the morning.",
)
QUESTIONS = (
    "What did you suggest for the slow orders dashboard?",
    "What did Maya recommend to Tomás for the flight?",
    "Which tram did you tell me to ride early in the morning?",
)


async def _ask(home: Path) -> list[str]:
    async with Runtime(home) as rt:
        for text in CHAT:
            await save(rt, text)
        await embedded(rt)
        return [(await search(rt, q)).hits[0].text for q in QUESTIONS]


async def test_the_asked_speaker_s_reply_and_the_thing_asked_lead(tmp_path: Path) -> None:
    index, book, tram = await _ask(tmp_path)
    assert "partial index" in index
    assert "Piranesi" in book
    assert "tram 28" in tram


async def test_without_the_reply_the_asker_s_own_turn_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Conversation, "reply_of", lambda *args: None)
    index, book, _ = await _ask(tmp_path)
    assert "partial index" not in index and "Piranesi" not in book


async def test_without_the_boost_a_turn_on_the_topic_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ranking, "SAID_KIND_BOOST", 1.0)
    _, _, tram = await _ask(tmp_path)
    assert "tram 28" not in tram


async def test_a_turn_saying_the_thing_itself_keeps_its_place(tmp_path: Path) -> None:
    # the asked speaker's reply takes the describing turn's place only when that turn does
    # not say the thing: "the film you recommended, 'La isla mínima'" is the answer, and
    # Marisol's "¿Y? ¿Te gustó?" after it is none
    async with Runtime(tmp_path) as rt:
        told = await save(rt, "[9:10 pm on 18 January, 2025] Declan: Guilty. Also I finally "
                              "watched the film you recommended, 'La isla mínima'.")
        for text in ("[9:10 pm on 18 January, 2025] Marisol: ¿Y? ¿Te gustó?",
                     "[9:10 pm on 18 January, 2025] Declan: Loved it. Creepy marshes.",
                     "[9:10 pm on 18 January, 2025] Marisol: Te dije. Es de mis favoritas.",
                     "[7:05 pm on 11 January, 2025] Declan: Aoife and I stayed in and watched "
                     "films. How was Sevilla?",
                     "[7:05 pm on 11 January, 2025] Marisol: Fui a la cabalgata de Reyes con "
                     "Inés."):
            await save(rt, text)
        await embedded(rt)
        found = await search(rt, "What film did Marisol recommend to Declan?")
        assert found.hits[0].leaf_id == told


def test_the_asked_thing_s_turn_ranks_ahead_by_half() -> None:
    assert ranking.SAID_KIND_BOOST == 1.5


@pytest.mark.parametrize(("text", "beside"), [
    ("2025-12-09 assistant: Train it in 5-minute sessions twice a day.", True),
    ("2025-12-09 assistant: Keep each session short, ten minutes at most.", True),
    ("2025-10-13 assistant: Most rescues settle in within three weeks; keep routines fixed.",
     False),  # a length of time, but of nothing the question asks
])
def test_the_kind_asked_is_told_beside_a_word_of_the_question(text: str, beside: bool) -> None:
    kind = expected("How long should each training session be?")
    words = {stem(word) for word in ("long", "training", "session")}
    assert kind is not None and holds_beside(kind, text, words) is beside


@pytest.mark.parametrize(("text", "thing", "named"), [
    ("Since you only query the open ones, create a partial index on created_at.", "index",
     True),
    ("Ride tram 28 early in the morning before it fills.", "tram", True),
    ("Cerca de Albuquerque tienes el sendero La Luz en la sierra Sandía.", "sendero", True),
    ("For festival weeks, book months ahead. 3. Book timed-entry tickets online.", "book",
     False),  # the verb, not the thing asked
    ("Always check labels for 'may contain peanuts', trail mixes are the usual trap.", "trail",
     False),
])
def test_a_turn_names_the_thing_asked_as_a_thing(text: str, thing: str, named: bool) -> None:
    assert names_the_thing(text, frozenset({stem(thing)})) is named
