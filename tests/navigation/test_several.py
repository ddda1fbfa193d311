"""A question whose answer is told by several memories (a list, a count: ``several``) serves one
memory per session holding its words, up to ``SEVERAL_SHOWN`` when the caller gave no limit;
everyday kinds ("sports", "idiomas", "cars") are read as their instances (``everyday_kinds``).
Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import several
from actors.navigation.kinds import things_of
from actors.navigation.messages import SearchResult
from actors.regions import place_names
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

# one session a day; each session's first turn names one sport, the others are its neighbours
SESSIONS = (
    ("2025-02-08", "Went bouldering for the first time at Roca Norte, my forearms are dead.",
     ("The route setter said I have good footwork on the wall though.",
      "My forearms still hurt from the wall two days later.")),
    ("2025-08-09", "Tried sea kayaking along the coast near Mundaka, saw a seal!",
     ("The guide said the tide along the coast was perfect.",
      "We stopped on a tiny beach for lunch after the coast.")),
    ("2026-02-21", "Me he apuntado a pádel con unas compañeras del trabajo.",
     ("Jugamos los jueves después del trabajo.", "Las compañeras del trabajo juegan muy bien.")),
    ("2026-06-20", "Swimming laps at the municipal pool twice a week now.",
     ("The municipal pool opens at seven.", "The pool lanes are busy on Mondays.")),
)


def test_everyday_kinds_are_read_as_their_instances_in_both_languages() -> None:
    assert {"boulder", "kayak", "padel", "swim"} <= set(things_of("sport"))
    assert things_of("deport") == things_of("sport")  # "¿Qué deportes...?"
    assert {"portugues", "aleman", "german"} <= set(things_of("idioma"))
    assert {"skoda", "yaris"} <= set(things_of("car")) and "seat" not in things_of("car")
    assert {"tortoi", "gata"} & set(things_of("mascota"))
    assert {"lisbon", "ghent", "krakow", "portugal"} <= set(things_of("trip"))
    assert "nice" not in place_names() and "nice" not in things_of("city")
    assert things_of("martial") == () and things_of("tattoo") == ()


@pytest.mark.parametrize(("question", "several_asked"), [
    ("Which sports has the user done?", True),
    ("¿Qué idiomas está aprendiendo el usuario?", True),
    ("What pets does the user have?", True),
    ("Which family members has the user talked about?", True),
    ("How many trips abroad did I take this year?", True),
    ("What is my dog called?", False),
    ("What news did she share?", False),
    ("Which gym does the user go to?", False),
    ("What time does the user wake up?", False),
    ("¿Qué sabes de Luis?", False),
    ("What happens after the trial ends?", False),
])
def test_a_question_asking_which_things_of_a_kind_asks_for_several(
        question: str, several_asked: bool) -> None:
    assert several.asks_for_list(question) is several_asked


@pytest.mark.parametrize(("question", "several_asked"), [
    ("What was Andreas's score in the final?", False),
    ("What does Jonas do?", False),
    ("¿Qué hace Dolores ahora?", False),
    ("What hobbies does Marcos have?", True),  # the kind is plural, the name is no part
])
def test_a_name_is_no_plural_asked(question: str, several_asked: bool) -> None:
    assert several.asks_for_list(question) is several_asked
    assert not {"andreas", "jonas", "dolores", "marcos"} & several.listed(question)


def test_one_part_per_session_comes_first_and_the_places_grow_to_six() -> None:
    ranked = [("a1", 9.0), ("a2", 8.0), ("a3", 7.0), ("b1", 6.0), ("c1", 5.0), ("x", 4.0)]
    session = {"a1": "a", "a2": "a", "a3": "a", "b1": "b", "c1": "c", "x": "x"}
    parts = {"a1": 1, "a2": 2, "b1": 1, "c1": 1}  # a2 names more of the question than a1
    spread, sessions = several.spread(ranked, parts, session.__getitem__, promote=True)
    assert [leaf for leaf, _ in spread] == ["a2", "b1", "c1", "x", "a1", "a3"]
    assert sessions == 3
    # a question naming no kind keeps its order, a represented session's turns waiting
    kept, _ = several.spread(ranked, parts, session.__getitem__, promote=False)
    assert [leaf for leaf, _ in kept] == ["a1", "b1", "c1", "x", "a2", "a3"]
    assert several.places(3, False, sessions) == 3 and several.places(3, False, 9) == 6
    assert several.places(2, True, 9) == 2  # a limit the caller gave stands
    assert several.places(8, False, 4) == 8


def test_a_part_holds_the_kind_by_one_of_its_things() -> None:
    terms = ("car", "own")
    held = {leaf: several.held(terms, indexed, things_of, ())
            for leaf, indexed in {"skoda": ("he", "vendido", "yaris", "skoda", "octavia"),
                                  "lift": ("colleague", "car", "broke"),
                                  "owner": ("own", "flat")}.items()}
    parts, of_kind = several.parts_of(terms, held, lambda term: bool(things_of(term)))
    assert of_kind and set(parts) == {"skoda", "lift"} and parts["skoda"] > parts["lift"]




async def served_for(home: Path, question: str, **kw: object) -> tuple[SearchResult, list[str]]:
    async with Runtime(home) as rt:
        firsts = []
        for day, first, neighbours in SESSIONS:
            firsts.append(await save(rt, f"[{day}] user: {first}"))
            for text in neighbours:
                await save(rt, f"[{day}] user: {text}")
        await save(rt, "[2025-06-28] user: Watched the sports news with my dad.")
        await embedded(rt)
        return await search(rt, question, **kw), firsts


async def test_a_list_question_serves_each_sessions_part(tmp_path: Path) -> None:
    result, firsts = await served_for(tmp_path, "Which sports has the user done?")
    served = [hit.leaf_id for hit in result.hits]
    assert result.status == "FOUND"
    assert set(firsts) <= set(served), served  # four sessions: more than the default three
    assert len(served) <= several.SEVERAL_SHOWN


@pytest.mark.parametrize("question", ["Which sports did the user do in 2025?",
                                      "¿Qué deportes hice en 2025?"])
async def test_a_list_question_with_a_time_serves_the_time_s_parts(
        tmp_path: Path, question: str) -> None:
    # the parts of other years no longer take the places a list earns beyond the limit
    result, firsts = await served_for(tmp_path, question)
    served = [hit.leaf_id for hit in result.hits]
    assert result.status == "FOUND"
    assert set(firsts[:2]) <= set(served) and not set(firsts[2:]) & set(served), served


async def test_a_list_question_keeps_to_a_limit_given(tmp_path: Path) -> None:
    result, _ = await served_for(tmp_path, "Which sports has the user done?", limit=3,
                                 limit_given=True)
    assert result.status == "FOUND" and len(result.hits) == 3


async def test_a_kind_with_no_instance_stored_is_still_never_stored(tmp_path: Path) -> None:
    result, _ = await served_for(tmp_path, "Which musical instruments does the user play?")
    assert result.status == "NONE"


async def test_a_memory_holding_a_thing_of_the_kind_is_about_the_question(
        tmp_path: Path) -> None:
    """The sentence model does not place "drinks" near "matcha": a memory matched through a
    kind's things is judged by its words, not its vector, as a translated one is."""
    async with Runtime(tmp_path) as rt:
        drinks = [await save(rt, "[2025-12-06] user: Switched from coffee to matcha in the "
                                 "mornings, my sleep is so much better."),
                  await save(rt, "[2026-08-08] user: Estoy haciendo kombucha casera, la "
                                 "primera tanda salió muy ácida.")]
        for day, first, neighbours in SESSIONS:
            for text in (first, *neighbours):
                await save(rt, f"[{day}] user: {text}")
        await embedded(rt)
        result = await search(rt, "Which drinks has the user talked about?")
    assert result.status == "FOUND"
    assert set(drinks) <= {hit.leaf_id for hit in result.hits}
