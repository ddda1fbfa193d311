"""Derived forms of a search term (``actors.navigation.derivation``): which pairs are one word
in two forms, and which only look alike."""

from __future__ import annotations

import pytest

from actors.navigation import derivation
from actors.navigation.derivation import MIN_STEM, forms, stems
from actors.navigation.stem import stem
from actors.text import fold


def _analysed(word: str) -> str:
    return stem(fold(word.lower()))


@pytest.mark.parametrize(("asked", "held"), [
    ("allergy", "allergic"), ("adopt", "adoption"), ("graduated", "graduation"),
    ("photography", "photographer"), ("alergia", "alérgico"), ("adoptó", "adopted"),
    # a verb and its noun apart in their last consonant (d / s)
    ("decide", "decision"), ("decision", "decided"), ("respond", "response"),
    ("include", "inclusion"), ("extend", "extension"), ("expand", "expansion"),
    # Spanish verb forms: the question's past tense, the memory's perfect or infinitive
    ("apunté", "apuntado"), ("compró", "comprar"), ("compré", "compramos"),
    ("apuntarme", "apuntado"), ("cambiaste", "cambiado"),
])
def test_forms_of_one_word_meet(asked: str, held: str) -> None:
    assert forms(_analysed(asked), [_analysed(held)]) == [_analysed(held)]


@pytest.mark.parametrize(("asked", "held"), [
    ("cancel", "cancer"), ("general", "generate"), ("dance", "dancer"), ("plan", "planet"),
    ("v2", "v2er"), ("secret", "secretary"), ("decide", "deciduous"), ("bad", "base"),
    # built as a form, with a meaning of its own (``OWN_MEANING``)
    ("class", "classic"), ("classes", "classical"), ("organ", "organic"),
    ("physics", "physical"),
])
def test_look_alikes_stay_apart(asked: str, held: str) -> None:
    assert forms(_analysed(asked), [_analysed(held)]) == []
    assert forms(_analysed(held), [_analysed(asked)]) == []


def test_a_word_of_its_own_meaning_keeps_its_own_forms() -> None:
    assert forms(_analysed("classic"), [_analysed("classical"), _analysed("class")]) == \
        [_analysed("classical")]


def test_stems_keep_the_minimum_length_and_skip_non_words() -> None:
    assert stems("allergy") == ["allergy", "allerg"]
    assert all(len(s) >= MIN_STEM for s in stems("adoption"))
    assert stems("danc") == [] and stems("3.11") == [] and stems("v2.1") == []


@pytest.mark.parametrize(("term", "other"), [
    ("mum", "mom"), ("favourit", "favorit"), ("favorit", "favourit"), ("colour", "color"),
    ("organis", "organiz"), ("centr", "center"), ("theatr", "theater"), ("travell", "travel"),
    ("catalogu", "catalog"), ("grey", "gray"),
])
def test_british_and_american_spellings_of_a_term(term: str, other: str) -> None:
    assert other in derivation.spellings(term)


@pytest.mark.parametrize(("word", "other"), [
    ("bday", "birthday"), ("birthday", "bday"), ("gf", "girlfriend"), ("pic", "photo"),
    ("congrats", "congratulations"), ("peli", "película"),
])
def test_chat_shorthand_is_read_as_the_word_it_stands_for(word: str, other: str) -> None:
    # "cute. when's her bday again?" answers "When is Freja's birthday?"
    assert stem(fold(other)) in derivation.spellings(stem(fold(word)))


def test_numbers_and_short_terms_have_no_other_spelling() -> None:
    assert derivation.spellings("v2") == [] and derivation.spellings("or") == []
