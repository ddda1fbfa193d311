"""A question asking what the assistant recommended ("Which restaurants did you recommend in
Bologna?", "Which pots did you recommend?") is answered by the assistant's reply to the
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
    "[2025-06-20] User: I need a lamp for my desk, the light is terrible.",
    "[2025-06-20] Assistant: A BenQ reading lamp is worth it if you work late.",
)
LUNCH = (
    "[2025-05-14] User: Any idea for a quick lunch at my desk?",
    "[2025-05-14] Assistant: A Pret wrap, or the leftovers of last night's dinner.",
)


async def test_a_reply_naming_many_places_is_one_recommendation(tmp_path: Path) -> None:
    # "Trattoria Anna Maria ... Osteria dell'Orsa ... All'Osteria Bottega" names more things
    # than one part of a list may (``instances.THINGS_MAX``): asked what the assistant
    # recommended, it is one reply answering one request, and it leads the lunch reply of
    # another day that names one place beside "lunch"
    english, = await replies(tmp_path / "bologna", (*BOLOGNA, *LUNCH), (
        "Which restaurants did you recommend in Bologna?",))
    assert english.status == "FOUND" and "Trattoria Anna Maria" in english.hits[0].text


async def test_a_speaker_s_label_names_no_place(tmp_path: Path) -> None:
    # every reply opens with "Assistant:", a capitalised word inside the memory's first line:
    # read as a name, every reply of the chat was one of the places recommended
    english, = await replies(tmp_path / "label", BOLOGNA,
                             ("Which restaurants did you recommend in Bologna?",))
    served = [hit.text for hit in english.hits]
    assert "Trattoria Anna Maria" in served[0]
    assert not any("BenQ" in text or "Marconi" in text for text in served)


NOTES_APP = (
    "[2025-02-08] User: Can you recommend a note-taking app? I lose everything.",
    "[2025-02-08] Assistant: Try Obsidian or Logseq: both keep plain text files on your own "
    "disk.",
    "[2025-03-15] User: My laptop is slow since the update.",
    "[2025-03-15] Assistant: Since you installed Docker Desktop, quit it when you don't need "
    "it: it keeps a virtual machine running.",
)


async def test_the_reply_to_a_request_for_the_kind_names_its_things(tmp_path: Path) -> None:
    # "Try Obsidian or Logseq" holds no word of an app ("app", "installed", "using"); the
    # request it answers does: the two are one exchange, and the reply tells the apps
    apps, = await replies(tmp_path / "apps", NOTES_APP,
                          ("Which note-taking apps did you recommend?",))
    assert apps.status == "FOUND" and "Obsidian" in apps.hits[0].text


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


PYRENEES = (
    "[2025-08-01] User: We're hiking in the Pyrenees in September with my cousin Lorenzo and "
    "his two teenage kids, five days from hut to hut with heavy rucksacks. How fit do we need "
    "to be for that?",
    "[2025-08-01] Assistant: Walk 15 km with a loaded rucksack every weekend for a month "
    "before; the kids will be fine.",
    "[2025-08-01] User: What should we pack for the Pyrenees?",
    "[2025-08-01] Assistant: A merino base layer, a light down jacket and trekking poles; the "
    "huts provide blankets.",
)


async def test_a_short_question_answered_passes_its_whole_score_to_the_reply(
        tmp_path: Path) -> None:
    # "What should we pack for the Pyrenees?" is a short question, ranked down as saying
    # little; with its reply it is the request asked about, and the reply takes its score
    packing, = await replies(tmp_path / "pyrenees", PYRENEES,
                             ("What did you suggest packing for the Pyrenees?",))
    assert packing.status == "FOUND" and "merino" in packing.hits[0].text


BALCONY = (
    "[2025-05-10] User: Our balcony gets sun all afternoon. Any herbs worth growing there?",
    "[2025-05-10] Assistant: Rosemary, thyme and basil love afternoon sun; grow them in pots "
    "along the railing and water them in the evening.",
    "[2025-05-10] User: And which pots should I buy?",
    "[2025-05-10] Assistant: Terracotta ones with a drainage hole, 20 cm wide at least.",
)


async def test_the_reply_to_the_turn_naming_the_thing_leads(tmp_path: Path) -> None:
    # the herbs reply says "pots" in passing; the terracotta reply answers the turn asking
    # for pots: it names the thing asked through its exchange (``ranking.SAID_KIND_BOOST``)
    pots, = await replies(tmp_path / "balcony", BALCONY, ("Which pots did you recommend?",))
    assert pots.status == "FOUND" and "Terracotta" in pots.hits[0].text


def test_the_verb_of_suggesting_frames_a_question_asking_what_was_suggested() -> None:
    assert parse_query("Which pots did you recommend?").query_terms == ("pot",)
    assert parse_query("¿Qué macetas me recomendaste?").query_terms == ("maceta",)
    # asked of someone by name, a note may tell the act ("Marta me recomendó leer ...")
    assert "recommend" in parse_query("Which book did Marta recommend?").query_terms
    # asked of nobody: the verb stays ("recommend" is all the question holds)
    assert parse_query("What did you recommend?").query_terms == ("recommend",)
    assert "recommend" in parse_query("Is the recommended dose two pills?").query_terms
