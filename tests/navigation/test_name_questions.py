"""A question asking what someone or something is called is answered by the memory that names
it ("My mum Els had a fall"), not by the memories that only mention it ("mum started the day
programme"); the words saying "name" are no word a memory is expected to hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.answer_type import asks_name, names_by, unqualified
from actors.navigation.stem import stem
from actors.text import fold
from ihmt_async import render
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, never_mentioned, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "asks"), [
    ("What is my mother's first name?", True),
    ("What was the name of the recruiter at Bol?", True),
    ("What did we call the puppy?", True),
    ("What was the restaurant called?", True),
    ("What's my mum called?", True),
    ("¿Cómo se llama mi fisio?", True),
    ("¿Cuál es el nombre de la notaria?", True),
    ("What did I call the plumber about?", False),
    ("When did I call mum?", False),
    ("Who teaches me cello?", False),
])
def test_a_name_question_is_told_by_its_words(question: str, asks: bool) -> None:
    assert asks_name(question) is asks


def test_which_name_is_asked_is_no_word_to_search() -> None:
    assert unqualified("What is my mother's first name?") == "What is my mother's name?"
    assert unqualified("What's the full name of the notary?") == "What's the name of the notary?"
    assert unqualified("Who came first?") == "Who came first?"
    # the verb asking the name is no word to search ("I need to call my mother")
    assert "call" not in unqualified("What's my mum called?")


def _said_of(*words: str) -> object:
    forms = {stem(word) for word in words}
    return lambda word: stem(fold(word)) in forms


@pytest.mark.parametrize(("text", "names"), [
    ("[2026-03-10] user: My mum Els had a fall last week.", True),
    ("a cello teacher called Ilse de Wit", True),
    ("Femke, the recruiter at Bol, called me.", True),
    ("Mi madre se llama Carmen.", True),
    ("Our dog is named Biscuit.", True),
    ("Mum finally agreed to a personal alarm.", False),  # a sentence's first word
    ("Yvonne said she will check on mum while we are away.", False),  # too far
    ("I visit mum on Monday.", False),  # a day is no name
    ("Mum, I said, calm down.", False),  # "I" names nobody
    ("Our neighbour's dog is a Labrador called Toffee.", False),  # someone else's dog
    ("Sam's brother Tom is visiting in June.", False),
    ("Mum's pharmacy is Apotheek Assendorp.", True),  # the mother asked about is no one else
])
def test_a_memory_names_a_thing_by_a_name_beside_it(text: str, names: bool) -> None:
    said_of = _said_of("mum", "mother", "teacher", "recruiter", "madre", "dog", "brother",
                       "pharmacy")
    assert names_by(text, said_of) is names  # type: ignore[arg-type]


async def test_the_memory_naming_what_is_asked_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Runtime(tmp_path) as rt:
        named = await save(rt, "2026-03-10 user: My mum Els had a fall last week in her flat "
                               "in Zwolle. Nothing broken, but she lives alone.")
        await save(rt, "2026-11-02 user: And mum started going to the day programme on "
                       "Wednesdays and Fridays! She calls it her club and loves it.")
        await save(rt, "2026-06-20 user: Mum finally agreed to a personal alarm, she wears "
                       "the button around her neck now and then.")
        await save(rt, "2026-09-06 user: Mum has been forgetting things more, she left the "
                       "stove on twice this month.")
        await save(rt, "2026-03-03 user: My first lesson of the cello is this Thursday.")
        await embedded(rt)
        found = await search(rt, "What is my mother's first name?")
        assert found.status == "FOUND" and found.hits[0].leaf_id == named
        assert "mentions" not in render.render_search(found)  # no word "name" is missed
        monkeypatch.setattr(ranking, "NAME_BOOST", 1.0)  # NAME_BOOST: the rule off
        # (and "my mother" not read as the name said beside "my mum": that finds Els too)
        monkeypatch.setattr(ranking, "RELATION_NAMES", 0)
        again = await search(rt, "What is my mother's name?")
        assert again.status != "FOUND" or again.hits[0].leaf_id != named


async def test_a_relation_said_only_of_someone_else_is_none_of_the_user_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with Runtime(tmp_path) as rt:
        await save(rt, "The neighbour's cat Misu keeps sneaking into our kitchen.")
        await save(rt, "My partner is called Sam and works as a nurse.")
        await save(rt, "Sam's brother Tom is visiting in June.")
        toffee = await save(rt, "Our neighbour's dog is a Labrador called Toffee.")
        await save(rt, "My sister Ines is a nurse in Porto.")
        await save(rt, "We adopted a puppy last spring. She's a Border Collie called Nube.")
        await embedded(rt)
        await never_mentioned(rt, (("What's my cat's name?", "cat"),
                                   ("What's my brother's name?", "brother")))
        sister = await search(rt, "What's my sister's name?")
        assert sister.status == "FOUND"
        # OTHERS_FACTOR: the neighbour's dog is not served as the user's with confidence
        dog = await search(rt, "What's my dog called?")
        assert dog.status != "FOUND" or dog.hits[0].leaf_id != toffee
        monkeypatch.setattr(ranking, "OTHERS_FACTOR", 1.0)
        again = await search(rt, "What's my dog called?")
        assert again.status == "FOUND" and again.hits[0].leaf_id == toffee

