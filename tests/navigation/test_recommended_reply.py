"""A question asking what the assistant recommended ("Which restaurants did you recommend in
Bologna?", "Which climbing shoes did you suggest?") is answered by the assistant's reply to the
user's turn that asked for it, though the reply names the things and not their kind: the
user's turn and the reply after it are one answer (probe46, failure 4: "Go to Bodegas
Castañeda ... Los Diamantes ..." was 3rd, or not shown, behind replies naming nothing asked).
The stores here are in other words than the probe's and the held-out cases'."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.query import parse_query
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

BOLOGNA = (
    "[2025-09-03] User: We land in Bologna on Friday. Where should we eat? Nothing fancy.",
    "[2025-09-03] Assistant: Try Trattoria Anna Maria for tagliatelle, Osteria dell'Orsa near "
    "the university, and All'Osteria Bottega for a special dinner. Book the Bottega a week "
    "ahead.",
    "[2025-09-03] User: And how do we get there from the airport?",
    "[2025-09-03] Assistant: The Marconi Express runs every seven minutes to the central "
    "station; tickets are sold at the gate.",
    "[2025-09-03] User: Is there a museum worth a morning?",
    "[2025-09-03] Assistant: The Archiginnasio library, and the Pinacoteca for the paintings.",
    "[2025-06-20] User: I need a lamp for my desk, the light is terrible.",
    "[2025-06-20] Assistant: A BenQ reading lamp is worth it if you work late.",
)


async def test_the_reply_naming_the_places_answers_what_was_recommended(
        tmp_path: Path) -> None:
    # the reply says "Trattoria", "Osteria" and "dinner", never "restaurant": it tells the
    # kind's things through its asking turn, and naming five of them is one recommendation;
    # the other replies of the chat named only their speaker's label ("Assistant")
    english, spanish = await replies(tmp_path / "bologna", BOLOGNA, (
        "Which restaurants did you recommend in Bologna?", "¿Qué restaurantes me recomendaste?"))
    assert english.status == "FOUND" and "Trattoria Anna Maria" in english.hits[0].text
    assert spanish.status == "FOUND" and "Trattoria Anna Maria" in spanish.hits[0].text


FLORISTS = (
    "[2025-04-02] User: The wedding budget is £9,000 and we're over. What should we cut?",
    "[2025-04-02] Assistant: Skip the printed menus, choose seasonal flowers from a local "
    "florist rather than imported roses, and use a playlist instead of a band.",
    "[2025-04-02] User: Any florists near Harrogate you'd suggest?",
    "[2025-04-02] Assistant: Look at Petal & Thorn and The Wild Stem, both do relaxed "
    "seasonal bouquets and deliver to the venue.",
)


async def test_a_reply_holds_the_kind_its_asking_turn_names(tmp_path: Path) -> None:
    # "Which florists ...?" lists a kind: the budget reply says "florist", the answer does
    # not; its asking turn does, and the two are one exchange
    florists, = await replies(tmp_path / "florists", FLORISTS,
                              ("Which florists did you suggest for the wedding?",))
    assert florists.status == "FOUND" and "Petal & Thorn" in florists.hits[0].text


CLIMBING = (
    "[2025-07-01] User: I've started going to the climbing wall near work with my colleague "
    "Ines, twice a week, and my forearms are on fire. Is that normal for a beginner?",
    "[2025-07-01] Assistant: Yes, it's normal. Rest a day between sessions and warm up your "
    "fingers on the easy routes first.",
    "[2025-07-01] User: Which climbing shoes for a beginner?",
    "[2025-07-01] Assistant: The La Sportiva Tarantulace or the Scarpa Origin: flat, "
    "comfortable and cheap to resole.",
)


async def test_a_short_question_answered_passes_its_whole_score_to_the_reply(
        tmp_path: Path) -> None:
    # "Which climbing shoes for a beginner?" is a short question, ranked down as saying
    # little; with its reply it is the answer asked for, and the reply takes its whole score
    shoes, = await replies(tmp_path / "climbing", CLIMBING,
                           ("Which climbing shoes did you suggest for a beginner?",))
    assert shoes.status == "FOUND" and "Tarantulace" in shoes.hits[0].text


GARDEN = (
    "[2025-05-10] User: Our balcony gets sun all afternoon. Any herbs you'd recommend growing?",
    "[2025-05-10] Assistant: Rosemary, thyme and basil love afternoon sun; water them in the "
    "evening.",
    "[2025-05-10] User: And which pots should I buy for them?",
    "[2025-05-10] Assistant: Terracotta ones with a drainage hole, 20 cm wide at least.",
)


async def test_the_reply_to_the_turn_naming_the_thing_leads(tmp_path: Path) -> None:
    # "Which pots ...?" names the thing its reply answers with ("Terracotta ones"), the herbs
    # request holds the question's verb ("recommend"): the verb frames the question
    # ("did you recommend"), and the reply whose asking turn names "pots" is the one
    pots, = await replies(tmp_path / "garden", GARDEN, ("Which pots did you recommend?",))
    assert pots.status == "FOUND" and "Terracotta" in pots.hits[0].text


def test_the_verb_of_suggesting_frames_a_question_asking_what_was_suggested() -> None:
    assert parse_query("Which pots did you recommend?").query_terms == ("pot",)
    assert parse_query("¿Qué macetas me recomendaste?").query_terms == ("maceta",)
    assert parse_query("What did Maya suggest for the garden?").query_terms == ("maya", "garden")
    # asked of nobody: the verb stays ("recommend" is all the question holds)
    assert parse_query("What did you recommend?").query_terms == ("recommend",)
    assert "recommend" in parse_query("Is the recommended dose two pills?").query_terms
