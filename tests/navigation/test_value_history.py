"""A question asking every value one of the user's attributes had ("Which cars have I owned?",
"Which companies have I worked for?", "¿En qué ciudades he vivido?": ``history_question``) is
answered by the timeline's memories, one per value, oldest first, then the user's memories
naming a value, ahead of memories sharing only a word of the question; a question asking the
one value as it stands is not ("What car do I drive now?"). A list of a kind puts the memories
naming a thing of it before those holding only the kind's word (``several.naming_things``).
Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.facts.questions import attribute_question, history_question
from actors.navigation import several
from actors.navigation.kinds import things_of
from actors.navigation.messages import SearchResult
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "attributes"), [
    ("Which cars have I owned?", ("car",)),
    ("How many cars has the user had?", ("car",)),
    ("¿Qué coches he tenido?", ("car",)),
    ("Which companies have I worked for?", ("employer",)),
    ("Where have I worked?", ("employer",)),
    ("¿En qué empresas ha trabajado el usuario?", ()),  # a third person's Spanish: not read
    ("¿En qué empresas he trabajado?", ("employer",)),
    ("What jobs have I had?", ("role", "employer")),
    ("¿En qué ciudades he vivido?", ("location",)),
    ("Which cities has the user lived in?", ("location",)),
    ("Where have I lived?", ("location",)),
    ("How many people have I dated?", ("partner",)),
    ("¿Con quién he salido?", ("partner",)),
    # one value, someone else's, a trip, colleagues: no timeline asked whole
    ("What car do I drive now?", ()),
    ("Where do I work?", ()),
    ("Which cities have I visited?", ()),
    ("Who have I worked with?", ()),
    ("Which companies have I worked with?", ()),
    ("Which cars does Joaquín drive?", ()),
])
def test_a_question_asking_every_value_of_an_attribute(
        question: str, attributes: tuple[str, ...]) -> None:
    assert history_question(question) == tuple(("user", a) for a in attributes)


def test_a_single_value_question_stays_an_attribute_question() -> None:
    assert attribute_question("What car do I drive now?") == ("user", "car")
    assert attribute_question("¿Dónde trabajo?") == ("user", "employer")


@pytest.mark.parametrize(("question", "words"), [
    ("Which cars have I owned?", {"cars"}),
    ("How many pets do I have now?", {"pets"}),
    ("¿Cuántos idiomas hablo?", {"idiomas"}),
    ("List all my old cars", {"cars"}),
    ("Which shoes did the user buy for the race?", {"shoes"}),  # the race only narrows it
])
def test_what_a_list_lists(question: str, words: set[str]) -> None:
    assert several.listed(question) == words


def test_a_part_naming_a_thing_of_the_kind_goes_before_one_holding_its_word() -> None:
    terms = ("car",)
    held = {"galway": {"car"}, "honda": {"car", "honda"}, "plan": {"own"}}
    ahead = several.naming_things(terms, held, things_of)
    assert ahead == {"honda"}
    ranked = [("galway", 9.0), ("plan", 8.0), ("honda", 7.0)]
    session = {"galway": "a", "plan": "b", "honda": "c"}
    spread, _ = several.spread(ranked, {"galway": 1, "honda": 2}, session.__getitem__,
                               promote=True, ahead=ahead)
    assert [leaf for leaf, _ in spread][:2] == ["honda", "galway"]
    taken, sessions = several.spread(ranked, {"galway": 1, "honda": 2}, session.__getitem__,
                                     promote=True, ahead=ahead, taken={"c"})
    assert sessions == 1 and taken[0][0] == "galway"  # a session served before waits


FILLER = (
    "[2025-03-04] user: Planning a day without a car in Galway, any tips?",
    "[2025-04-11] user: A friend asked me about a day without a car in Taipei, what should "
    "I tell them?",
    "[2025-05-20] user: Which companies make the best trail running shoes?",
    "[2025-06-02] user: Done, it worked!",
    "[2025-07-15] user: Thanks. Done, it worked!",
    "[2025-08-09] user: Is a day without a car in Seville doable?",
    "[2025-09-30] user: Hmm. Done, it worked!",
)


async def _replies(home: Path, *questions: str) -> tuple[list[SearchResult], dict[str, str]]:
    told = {"analyst": "[2025-02-03] user: Quick context: I work as a data analyst at "
                       "Quillfeather Analytics in Sacramento.",
            "offer": "[2025-10-20] user: I got an offer from Tidepool Health as a senior data "
                     "engineer. How do I negotiate?",
            "started": "[2025-11-10] user: I work at Tidepool Health now, first week done.",
            "fit": "[2025-02-19] user: My 2014 Honda Fit needs new brake pads, the shop "
                   "quoted $340.",
            "outback": "[2025-12-03] user: I sold the Honda Fit and bought a used 2019 Subaru "
                       "Outback yesterday."}
    async with Runtime(home) as rt:
        ids = {}
        for text in FILLER[:3]:
            await save(rt, text)
        for name, text in told.items():
            ids[name] = await save(rt, text)
        for text in FILLER[3:]:
            await save(rt, text)
        await embedded(rt)
        return [await search(rt, question) for question in questions], ids


@pytest.mark.parametrize("question", ["Which companies have I worked for?",
                                      "¿En qué empresas he trabajado?"])
async def test_every_employer_s_memory_leads_the_oldest_first(
        tmp_path: Path, question: str) -> None:
    (result,), ids = await _replies(tmp_path, question)
    served = [hit.leaf_id for hit in result.hits]
    assert result.status == "FOUND", result
    assert served[0] == ids["analyst"], served  # the old value, marked as such
    assert any("Tidepool Health" in notice for notice in result.hits[0].notices)
    assert {ids["offer"], ids["started"]} <= set(served[:3]), served
    assert result.confidence >= 0.9


async def test_every_car_s_memory_comes_before_a_memory_holding_only_the_word(
        tmp_path: Path) -> None:
    (owned, now), ids = await _replies(tmp_path, "Which cars have I owned?",
                                       "What car do I drive now?")
    served = [hit.leaf_id for hit in owned.hits]
    assert owned.status == "FOUND"
    assert {ids["fit"], ids["outback"]} == set(served[:2]), served
    # the value as it stands is still answered by the current value alone
    assert now.answer is not None and "Subaru" in now.answer.value
    assert now.hits[0].leaf_id == ids["outback"]
