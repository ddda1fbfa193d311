"""Rows for the review's findings on the thirty-eighth pass's navigation rules (mend-nav):
each row failed before its mend."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from actors.navigation.actor import NavigationActor, _spoken_lines
from actors.navigation.answer_type import unqualified
from actors.navigation.asked_detail import detail_asked
from actors.navigation.not_taken import names_also
from actors.navigation.parted_with import asks_bought
from actors.navigation.the_user import our_as_my
from actors.navigation.value_details import BLOOD_CASED, BLOOD_TOLD
from actors.navigation.whose_told import tells_of
from actors.text import fold


@pytest.mark.parametrize(("question", "things"), [
    ("¿Comprobó el usuario el coche antes del viaje?", ()),
    ("¿Qué compromiso tiene Ana con la bici del club?", ()),
    ("Did Marta paginate the catalogue before the trip?", ()),
    ("¿Cuánto pagó por el coche nuevo?", ("coche",)),
    ("¿Dónde compraste la bici?", ("bici",)),
])
def test_only_a_verb_of_buying_or_paying_asks_a_purchase(
        question: str, things: tuple[str, ...]) -> None:
    # B2: "compr\w*" and "pag\w*" read "comprobó", "compromiso", "paginate" as a purchase
    assert asks_bought(question) == things


@pytest.mark.parametrize(("sentence", "told"), [
    ("Type a command to restart the server.", False),
    ("El departamento de RH nos manda las nóminas.", False),
    ("Quedamos en el grupo A del torneo de pádel.", False),
    ("Se lo pasé a RH el lunes.", False),
    ("She left a positive review of the bakery.", False),
    ("I'm O negative, the universal donor.", True),
    ("Me dijeron que soy 0 positivo.", True),
    ("Rh negativo, como mi madre.", True),
    ("A+ like my dad", True),
    ("I'm A positive and so is Leo", True),
])
def test_a_blood_type_is_told_with_its_sign_or_its_words(sentence: str, told: bool) -> None:
    # B4: a bare "type a", "grupo A" or "RH" was a blood type told, and its memory led
    assert bool(BLOOD_TOLD.search(fold(sentence)) or BLOOD_CASED.search(sentence)) == told


@pytest.mark.parametrize(("question", "kept"), [
    ("¿Cómo se llama la llama de Ana?", "la llama de Ana"),
    ("¿De qué color es la llama del zoo?", "la llama del zoo"),
    ("¿Cuántos años tiene la llama que compró Iker?", "la llama que"),
])
def test_the_animal_llama_is_no_name_verb(question: str, kept: str) -> None:
    # B5: "(la|lo) llama" was read as the verb and deleted, the question losing its noun
    assert kept in unqualified(question)


@pytest.mark.parametrize("question", ["¿Cómo la llaman sus amigos?", "¿Cómo se llamaba el perro?",
                                      "¿Cómo le llaman a Pedro?"])
def test_the_name_verb_is_still_dropped(question: str) -> None:
    assert "llam" not in unqualified(question)


@pytest.mark.parametrize(("question", "thing", "owner"), [
    ("¿Qué nota de inglés sacó Nora?", ("ingles",), "Nora"),
    ("¿Qué nota de matemáticas obtuvo Lucía en el examen final?", ("matematicas",), "Lucía"),
    ("¿Qué nota sacó Nora en el examen de conducir?", ("conducir",), "Nora"),
    ("What mark did the user get in the Valencian exam?", ("valencian",), ""),
])
def test_a_mark_is_got_in_the_phrase_before_its_verb_by_the_name_outside_it(
        question: str, thing: tuple[str, ...], owner: str) -> None:
    # B3: "de inglés sacó Nora" was all what the mark was got in, and Nora no owner
    detail = detail_asked(question)
    assert detail is not None and detail.owner == owner
    assert detail.said.endswith(" in " + " ".join(thing))


@pytest.mark.parametrize(("text", "session"), [
    ("[2026-05-03]\nMaya: my landlord is selling the flat\nTomás: oh no, do you have to move?\n"
     "Maya: by July.\nTomás: there's a place on my street, I'll ask", True),
    ("[2026-01-06]\nuser: Back at work.\nassistant: Start with the inbox.\nuser: Good idea.\n"
     "assistant: Block two mornings.\n", True),
    ("[2026-03-02] Deploy checklist:\n1. run the migrations\n2. bump the chart version\n"
     "3. tail the logs for five minutes\n", False),
    ("def retry(fn):\n    for _ in range(3):\n        try:\n            return fn()\n"
     "        except OSError:\n            pass\n", False),
    ("Note one\nNote two\nNote three\n", False),
])
def test_a_session_is_told_by_its_turns_not_its_lines(text: str, session: bool) -> None:
    # B7: any memory of four lines (a checklist, code, a trailing newline) skipped the floor
    assert (_spoken_lines(text) >= 4) == session


@pytest.mark.parametrize("rare", [["turn-b", "turn-a"], ["turn-a", "turn-b"]])
def test_a_tie_between_two_name_holders_goes_the_same_way_in_any_order(rare: list[str]) -> None:
    # B9: the holders were walked as a set, so on a tie the hash seed chose the setting
    best = {leaf: SimpleNamespace(matched=frozenset(words), near=frozenset(), score=1.0)
            for leaf, words in (("turn-a", {"asturias"}), ("turn-b", {"asturias"}),
                                ("turn-c", {"hike", "teo"}))}
    actor = SimpleNamespace(conversation=SimpleNamespace(turns_after=lambda leaf: ["turn-c"]))
    told = NavigationActor._told_in_setting(actor, rare, best, lambda leaf: True)  # type: ignore[arg-type]
    assert told == {"turn-c": "turn-a"}


@pytest.mark.parametrize(("text", "name", "named"), [
    ("[2026-03-02] Posted the release notes to the wiki.", "Postgres", False),
    ("Fixed the login redirect loop.", "Redis", False),
    ("Los formularios reactivos ya validan.", "React", False),
    ("The Mongo to Postgres cutover is on Friday.", "PostgreSQL", True),
    ("Upgraded pg to 17 on billing.", "Postgres", True),
    ("Orders now live in MongoDB.", "Mongo", True),
])
def test_a_name_is_named_by_its_forms_not_by_its_first_letters(
        text: str, name: str, named: bool) -> None:
    # B8: four letters of "Postgres" named it in "posted", of "Redis" in "redirect"
    assert names_also(text, name) == named


@pytest.mark.parametrize(("question", "said"), [
    ("Which of the two bikes is ours?", "Which of the two bikes is ours?"),
    ("What is our cat called?", "What is my cat called?"),
    ("¿Dónde están nuestras llaves?", "¿Dónde están mis llaves?"),
])
def test_ours_stays_a_stop_word(question: str, said: str) -> None:
    # "ours" was said "mine", no stop word: searched as the noun (a coal mine)
    assert our_as_my(question) == said


@pytest.mark.parametrize(("line", "told"), [
    ("Carlos Ramos ran the Valencia marathon.", False),
    ("He corrido el maratón de Valencia en 3:58.", False),
    ("Hemos corrido el maratón de Valencia.", True),
    ("He ran the Valencia marathon.", True),
    ("El domingo corrimos el maratón de Valencia.", True),
])
def test_a_name_or_the_spanish_i_have_is_no_other_person(line: str, told: bool) -> None:
    # B6: "Ramos" read as "we", "he corrido" (I have run) as "he": a line of someone else or
    # of the user alone read as perhaps telling of the one asked
    assert tells_of(line, "Ana", None, ()) is told
