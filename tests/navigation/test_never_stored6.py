"""Questions about things never stored, of the kinds bbtest40's abstention questions found
answered (fix-never6): the user's thing held only as a named someone else's ("What is my
parrot's name?" when only "Mi hermana Carolina acaba de adoptar un loro" names one; "my
Toyota" when "He drives a Toyota Tacoma" is Joaquín's), a relation whose other words are held
only in advice ("a baby gate" for "my daughter"), a motorcycle, a known place held only by a
word sharing its first letters ("madrugar" for Madrid), a country held in no spelling nor any
known city ("Iceland"); and the other side, a relation told as a relative's relative ("My
sister Carolina ... with her son Mateo" is the user's nephew). Each never-stored question has
a twin that holds it and stays answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors import regions
from actors.navigation.answer_type import owner_named, owner_said, said_at, whose
from actors.navigation.query import composed
from actors.navigation.relation_names import named_through, tells_through
from actors.navigation.stem import stem
from actors.navigation.unmentioned import Unmentioned, countries_named
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-06-30] user: Mi hermana Carolina acaba de adoptar un loro que se llama Kiwi.",
    "[2025-06-30] assistant: ¡Qué divertido! Los loros aprenden rápido las palabras nuevas.",
    "[2025-07-01] user: My sister Carolina lives in Monterrey with her son Mateo, he just "
    "turned seven and wants a science kit.",
    "[2025-07-21] user: Joaquín and I had lunch downtown. He drives a Toyota Tacoma, which is "
    "handy for the bikes.",
    "[2025-08-22] assistant: Keep the kitten in one room for a few days, then let her out "
    "behind a baby gate.",
    "[2025-09-10] user: I hate getting up early, madrugar is the worst part of my week.",
    "[2026-03-01] user: A friend asked me about museums in Valparaíso, what should I tell "
    "them?",
    "[2026-04-03] user: I sold the Honda Fit and bought a used Subaru Outback, paid $21,500.",
    "[2026-04-14] assistant: For Lisbon I'd suggest the Memmo Alfama hotel: small, with a "
    "rooftop pool.",
    "[2026-05-02] user: I started pottery classes on Tuesdays, my first bowl was a disaster.",
)
NEVER = ("What is my parrot's name?", "What year is my Toyota Tacoma?",
         "How much did I pay for my motorcycle?",
         "Which hotel did you recommend for Madrid?",
         "What did I say about my trip to Iceland?")


async def test_things_never_stored_are_no_memory_found(tmp_path: Path) -> None:
    parrot, toyota, motorcycle, madrid, iceland = await replies(
        tmp_path / "never", TURNS, NEVER)
    assert parrot.status == "NONE" and "'parrot' (only Carolina's)" in (parrot.reason or "")
    assert toyota.status == "NONE" and "'Toyota' (only Joaquín's)" in (toyota.reason or "")
    assert motorcycle.status == "NONE" and "'motorcycle'" in (motorcycle.reason or "")
    assert madrid.status == "NONE" and "'Madrid'" in (madrid.reason or "")
    assert iceland.status == "NONE" and "'Iceland'" in (iceland.reason or "")


async def test_the_same_things_held_stay_answered(tmp_path: Path) -> None:
    held = (*TURNS,
            "[2026-06-01] user: Tengo un loro desde hace años, se llama Pico y habla mucho.",
            "[2026-06-02] user: Me compré una moto de segunda mano por 1.800 euros, hace ruido.",
            "[2026-06-03] user: Estuve en Madrid el finde, el hotel era precioso.",
            "[2026-06-04] user: Back from Reykjavik! The hot springs were unreal.",
            "[2026-06-05] user: Going to Marrakesh next week with my friend Ottilie.")
    replies_ = await replies(tmp_path / "held", held, (
        *NEVER[:1], *NEVER[2:], "¿Con quién viajé a Marrakech?"))
    # Pico and Carolina's Kiwi are two parrots: a clue may be asked, never "none"; a known
    # place is held as another known place's spelling (Marrakech / Marrakesh)
    assert [reply.status != "NONE" for reply in replies_] == [True] * 5


async def test_a_relatives_relative_answers_the_composed_relation(tmp_path: Path) -> None:
    nephew, sobrino = await replies(tmp_path / "nephew", TURNS, (
        "What is my nephew's name?", "¿Cómo se llama mi sobrino?"))
    for reply in (nephew, sobrino):
        assert reply.status != "NONE"
        assert any("Mateo" in hit.text for hit in reply.hits)
    # no sibling's child told: still never stored
    uncle, = await replies(tmp_path / "uncle", TURNS, ("What is my uncle's name?",))
    assert uncle.status == "NONE"


def test_a_relatives_relative_is_read_both_languages() -> None:
    mine, theirs = composed("nephew") or (frozenset(), frozenset())
    text = "user: My sister Carolina lives in Monterrey with her son Mateo."
    assert tells_through(text, mine, theirs) and named_through(text, mine, theirs) == ["Mateo"]
    assert not tells_through("user: Her son Mateo is seven.", mine, theirs)
    mine, theirs = composed("tío") or (frozenset(), frozenset())
    assert named_through("Mi padre y su hermano Luis fueron a pescar.", mine, theirs) == ["Luis"]
    assert composed("sister") is None


def test_whose_a_thing_is_and_the_countries_a_question_names() -> None:
    text = "user: Mi hermana Carolina acaba de adoptar un loro que se llama Kiwi."
    words, at = said_at(text, {stem("loro")})
    assert owner_named(words, at[0]) == "Carolina"
    text = "user: Joaquín and I had lunch. He drives a Toyota Tacoma."
    words, at = said_at(text, {stem("toyota")})
    assert owner_named(words, at[0]) == "Joaquín"
    words, at = said_at("user: My colleague's kid got a hamster.", {stem("hamster")})
    assert owner_named(words, at[0]) == ""
    assert owner_said(words, at[0]) == "the user's colleague's kid"
    # a company or a place after "at" / "from" / "de" owns nothing (fix-words)
    for text, said in (
            ("user: A colleague at Tidepool adopted a cat from the rescue.", "a colleague"),
            ("user: A friend from Lisbon adopted a cat.", "a friend"),
            ("user: Un compañero de Tidepool adoptó un gato.", "a colleague"),
            ("user: Una amiga de Tidepool adoptó un gato.", "a friend"),
            ("user: My flatmates adopted a cat.", ""),
            ("user: Mi hermana Carolina adoptó un gato.", "Carolina"),
            # in the reply's English, a relative's "de" read as whose (fix-words2)
            ("user: La hermana de Ana adoptó un gato.", "Ana's sister"),
            ("user: Mi hermana adoptó un gato.", "the user's sister"),
            ("user: El jefe de Marta tiene un gato.", "Marta's boss"),
            # a name after the thing owns it; a place's or a feast's does not
            ("user: El gato de Marta es gris.", "Marta")):
        words, at = said_at(text, {stem("cat"), stem("gato")})
        assert "Tidepool" not in owner_named(words, at[0]), text
        assert owner_said(words, at[0]) == said, text
    for text, told in (("user: El gato de Marta es gris.", "other"),
                       ("user: Adopté el gato de Madrid.", "speaker"),
                       ("user: La cena de Navidad fue en casa.", "speaker")):
        words, at = said_at(text, {stem("gato"), stem("cena")})
        assert whose(words, at[0]) == told, text
    assert countries_named("My trip to Iceland, then Europe and Japón") == ("Iceland", "Japón")
    assert "tokyo" in regions.country_cities("Japón") and regions.country_cities("Mars") == ()
    assert Unmentioned.translations("parrot") == ("loro", "perico")


class _Index:
    def __init__(self, texts: dict[str, str]) -> None:
        self.held = {leaf: {stem(word.strip(".,!?:'").lower()) for word in text.split()}
                     for leaf, text in texts.items()}

    def postings(self, term: str) -> list[str]:
        return [leaf for leaf, terms in self.held.items() if term in terms]

    def doc_freq(self, term: str) -> int:
        return len(self.postings(term))


class _Model:
    def __init__(self, texts: dict[str, str]) -> None:
        self.texts, self.index = texts, _Index(texts)

    def text_of(self, leaf: str) -> str:
        return self.texts[leaf]


def test_a_relations_word_said_only_in_advice_is_nobodys() -> None:
    advice = _Model({"a": "assistant: Keep the kitten behind a baby gate.",
                     "b": "user: What does a baby need in the first week?"})
    told = _Model({**advice.texts, "c": "user: The baby finally sleeps through the night."})
    assert Unmentioned(advice, lambda query: ()).nobodys(stem("baby"))  # type: ignore[arg-type]
    assert not Unmentioned(told, lambda query: ()).nobodys(stem("baby"))  # type: ignore[arg-type]


def test_a_relatives_relative_told_is_read_from_the_memories_holding_both() -> None:
    told = _Model({"a": "user: My sister Carolina lives in Monterrey with her son Mateo.",
                   "b": "user: Her son plays football."})
    apart = _Model({"a": "user: My sister Carolina lives in Monterrey.",
                    "b": "user: Dana's son plays football."})
    assert Unmentioned(told, lambda query: ()).composed_told("nephew")  # type: ignore[arg-type]
    assert not Unmentioned(apart, lambda query: ()).composed_told("nephew")  # type: ignore[arg-type]
    assert not Unmentioned(told, lambda query: ()).composed_told("niece")  # type: ignore[arg-type]
