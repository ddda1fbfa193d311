"""A chat saved one turn per memory often asks, itself, what a question asks later: "I adopted
a cat!" / "¿Cómo se llama?" / "Her name is Pimienta". The turn answering it holds few of the
question's words ("What is the name of Ana's cat?"), and is found through the turn that
brought the thing up (``Conversation.answer_asked``, ``ranking.ANSWER_ASKED_BOOST``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.answer_type import answers_alike, asks_alike, expected, holds, names_by
from actors.navigation.conversation import Conversation
from actors.navigation.stem import stem
from actors.text import fold
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "sum_"), [
    ("Twenty-one thousand dollars, I negotiated them down from twenty-four.", True),
    ("a hundred bucks, a steal", True),
    ("Me costó veinte mil pesos.", True),
    ("Quinientos euros con el seguro.", True),
    ("I bought it two weeks ago.", False),
    ("The dollar is weak this year.", False),
])
def test_a_sum_is_told_in_words_too(text: str, sum_: bool) -> None:
    kind = expected("How much did she pay for it?")
    assert kind is not None and holds(kind, text) is sum_


@pytest.mark.parametrize(("text", "names"), [
    ("I hiked Dog Mountain on New Year's Day with Biscuit.", False),  # the mountain's name
    ("We walked to the Cat Café with Luna.", False),
    ("Our dog is named Biscuit.", True),
    ("I took my Dog Rex to the vet.", True),  # "my": the speaker's dog, named
])
def test_a_thing_written_inside_a_proper_name_is_not_named(text: str, names: bool) -> None:
    forms = {stem("dog"), stem("cat")}
    assert names_by(text, lambda word: stem(fold(word)) in forms) is names


@pytest.mark.parametrize(("question", "asked", "alike"), [
    ("What is the name of Maya's dog?", "Tomás: ¡No manches! ¿Cómo se llama?", True),
    ("¿Cómo se llama el perro de Maya?", "Tomás: Aww, what's his name?", True),
    ("How much did Maya pay for her car?", "Tomás: ¡Qué buena compra! ¿Cuánto te costó?", True),
    ("¿Cuánto pagó Ana por la bici?", "Leo: Nice! How much was it?", True),
    ("How long was the flight?", "Leo: How long did it take?", True),
    ("How much did Maya pay for her car?", "Tomás: ¿Cómo se llama?", False),
    ("What is the name of Maya's dog?", "Tomás: How much was he?", False),
    ("When did Maya adopt her dog?", "Tomás: ¿Cómo se llama?", False),
    ("What is the name of Maya's niece?", "Tomás: ¡Qué bonito nombre! ¿Qué significa?", False),
    ("How long was the flight?", "Leo: how long did it take??", True),  # "??" asks as "?"
    ("Where did Priya camp?", "Marco: where was that??", True),
    ("¿Dónde acampó Priya?", "Marco: wow, where is that?", True),
    ("Where did Priya camp?", "Marco: how much was it?", False),
    ("What were the sweets in the photo?", "Leo: what are those?", True),
    ("¿Qué eran los dulces de la foto?", "Leo: ¿qué es eso?", True),
    ("What were the sweets in the photo?", "Leo: what are those shoes for?", False),
    ("What is the name of the sweets?", "Leo: what are those?", False),
    ("How large is Nadia's plot?", "Tom: how big is it?", True),
    ("¿Cuánto pesa la calabaza?", "Tom: how heavy is it??", True),
])
def test_the_chat_asked_what_the_question_asks(question: str, asked: str, alike: bool) -> None:
    assert asks_alike(question, asked) is alike


@pytest.mark.parametrize(("question", "said", "answers"), [
    ("What is the name of Maya's dog?", "2026-01-04 Maya: His name is Biscuit, he's two.", True),
    ("What is the name of Maya's dog?", "2026-01-04 Maya: he's two and snores a lot.", False),
    ("How much did Maya pay for her car?", "2026-03-03 Maya: Twenty-one thousand dollars", True),
    ("How much did Maya pay for her car?", "2026-03-03 Maya: Way too much, honestly.", False),
    ("How big is Nadia's plot?", "2026-02-14 Nadia: about 60 square metres", True),
    ("How heavy is the pumpkin?", "2026-09-19 Nadia: 23 kilos, a monster", True),
    ("How big is Nadia's plot?", "2026-02-14 Nadia: huge, with a shed", False),
])
def test_the_reply_holds_that_kind_of_answer(question: str, said: str, answers: bool) -> None:
    assert answers_alike(question, said) is answers


CHAT = (
    "2026-01-04 Ana: Big news: I adopted a cat yesterday! A tabby from the city shelter.",
    "2026-01-04 Leo: ¡Qué bien! ¿Cómo se llama?",
    "2026-01-04 Ana: Her name is Pimienta, she is tiny and very loud.",
    "2026-01-04 Leo: Mi gato Tofu la va a odiar jaja.",
    "2026-01-04 Ana: Haha stop.",
    "2026-02-10 Ana: The cat knocked my plant over again, the cat is a menace.",
    "2026-02-10 Leo: Classic cat behaviour.",
    "2026-02-10 Ana: Haha stop.",
    "2026-03-01 Ana: I bought a bike last week, a blue folding bike, second hand.",
    "2026-03-01 Leo: Nice! How much was it?",
    "2026-03-01 Ana: Nine hundred euros, the seller threw in a lock.",
    "2026-03-01 Leo: Yo sigo con el metro.",
    "2026-03-05 Ana: My bike has a flat tyre again, the bike shop is closed.",
    "2026-03-05 Leo: Qué mala suerte.",
    "2026-03-05 Ana: Haha stop.",
)


async def _ask(home: Path, questions: tuple[str, ...]) -> list[str]:
    async with Runtime(home) as rt:
        for text in CHAT:
            await save(rt, text)
        await embedded(rt)
        return [(await search(rt, q)).hits[0].text for q in questions]


QUESTIONS = ("What is the name of Ana's cat?", "¿Cómo se llama la gata de Ana?",
             "How much did Ana pay for her bike?", "When did Ana adopt her cat?",
             "When did Ana adopt Pimienta?")


async def test_the_answer_to_what_the_chat_asked_leads(tmp_path: Path) -> None:
    name, nombre, paid, when, adopted = await _ask(tmp_path, QUESTIONS)
    assert "Pimienta" in name and "Pimienta" in nombre
    assert "Nine hundred euros" in paid
    assert "adopted a cat" in when  # a day asked: the chat asked no such thing
    # the name given in the answer names what the turn it answered told of
    assert "adopted a cat" in adopted


async def test_without_it_the_turn_that_brought_the_thing_up_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Conversation, "answer_asked", lambda *args: None)
    name, _, paid, _, adopted = await _ask(tmp_path, QUESTIONS)
    assert "Pimienta" not in name and "Nine hundred euros" not in paid
    assert "adopted a cat" not in adopted


def test_the_answer_ranks_ahead_of_the_turn_it_answers() -> None:
    assert ranking.ANSWER_ASKED_BOOST == 1.5



async def test_a_name_narrowing_a_kind_keeps_its_memory_first(tmp_path: Path) -> None:
    # "animals" is a kind whose stored things (a dog, a cat) are parts of a list; the one
    # memory holding the name that narrows it ("near Vík") is the answer, and stays first
    async with Runtime(tmp_path) as rt:
        for text in (
                "2026-01-04 Ana: I adopted a dog yesterday, a beagle called Biscuit.",
                "2026-01-04 Leo: Mi gato Tofu lo va a odiar.",
                "2026-02-10 Ana: Biscuit chewed my slippers, that dog is a menace.",
                "2026-03-01 Leo: Tofu the cat slept on my keyboard all day.",
                "2026-05-22 Ana: Back from Iceland! We saw puffins near Vík and a seal.",
                "2026-05-22 Leo: ¡Qué envidia!"):
            await save(rt, text)
        await embedded(rt)
        result = await search(rt, "What animals did Ana see near Vík?")
    assert "puffins" in result.hits[0].text
