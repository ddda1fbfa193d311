"""The other-language reading of a question (``bilingual.other_reading``)."""

from __future__ import annotations

import pytest

from actors.navigation.bilingual import other_reading
from actors.navigation.query import parse_query


@pytest.mark.parametrize("word", ["Cuánto", "cuántos", "cuanta", "Cuántas"])
def test_how_much_in_spanish_is_not_a_term_of_the_question(word: str) -> None:
    assert parse_query(f"¿{word} cuesta el alquiler?").query_terms == parse_query(
        "¿cuesta el alquiler?").query_terms


@pytest.mark.parametrize(("question", "word", "reading"), [
    ("¿Tiene gatos la usuaria?", "gatos", ("cat",)),
    ("¿A qué es alérgica la usuaria?", "alérgica", ("allergic",)),
    ("How does the user like their hot drinks?", "drinks", ("bebida", "beber")),
    ("¿Cuántas hermanas tiene?", "hermanas", ("sister",)),
    # verb forms read back to the infinitive the lexicon lists (an outside client's
    # "¿cómo desplegamos?" did not find "deploys go through ArgoCD")
    ("¿cómo desplegamos?", "desplegamos", ("deploy",)),
    ("¿Cuánto tiempo guardamos las copias?", "guardamos", ("keep", "save", "store")),
    ("¿Dónde vivimos?", "vivimos", ("live",)),
    # a possessive is read as its word (an outside client's "What's my grandmother's name?"
    # found no "Mi abuela Carmen")
    ("What's my grandmother's name?", "grandmother's", ("abuela",)),
    # things and events of a life told in a chat (an outside client's "¿Quién ayuda a Valeria
    # con la instalación eléctrica de su camión?" was "No memory found": 'camion' unknown)
    ("¿Quién ayuda con la instalación eléctrica de su camión?", "camión", ("truck",)),
    ("¿Cuándo se casó Lupe?", "casó", ("married",)),
    ("Who is Maren dating?", "dating", ("saliendo", "salir")),
    # a third person's past, as benchmark questions ask about the user: read as the first
    # person's the lexicon lists ("compré", "vendí", "viví", "empecé")
    ("¿Qué compró en septiembre?", "compró", ("bought",)),
    ("¿Qué vendió la usuaria?", "vendió", ("sold",)),
    ("¿Dónde vivió antes de Madrid?", "vivió", ("lived",)),
    ("¿Cuándo empezó en Globex?", "empezó", ("started",)),
    # the body and the home's things ("What did the physio recommend for the user's wrist?"
    # was "No memory found": the memory says "el dolor de la muñeca")
    ("What did the physio recommend for the user's wrist?", "wrist", ("muneca",)),
    ("What is the user's first bowl on the wheel like?", "bowl", ("cuenco", "bol")),
    # a sport or a place the lexicon does not know is a gap a memory of the other language
    # may fill, so "What time does the user's yoga class start?" stayed answerable by "Me he
    # apuntado a natación"; a word written alike in both ("yoga") is known too
    ("¿Cuánto cuesta la piscina del usuario?", "piscina", ("pool",)),
    ("What time does the user's yoga class start?", "yoga", ("yoga",)),
])
def test_the_ranking_reading_knows_plural_and_feminine_forms(
        question: str, word: str, reading: tuple[str, ...]) -> None:
    """The lexicon lists one form of most words; the ranking's reading of the question in the
    other language tries its singular masculine form too (conversation-b: "¿A qué es alérgica
    la usuaria?" found the English latex memory only so)."""
    readings = dict(other_reading(question) or [])
    assert readings[word] == reading


@pytest.mark.parametrize(("question", "word", "reading"), [
    ("¿Cuándo llevé mis cosas a España?", "España", ("spain",)),
    ("What did Marta buy in Japan?", "Japan", ("japon",)),
    ("¿Qué tal Alemania?", "Alemania", ("germany",)),
])
def test_a_country_is_read_by_its_name_in_the_other_language(
        question: str, word: str, reading: tuple[str, ...]) -> None:
    # an outside client's "¿...llevar mis cosas a España?" was told no memory mentions
    # 'espana', with "Spain" in 14 memories
    assert dict(other_reading(question) or [])[word] == reading


@pytest.mark.parametrize(("word", "other"), [
    ("Lisboa", "lisbon"), ("London", "londres"), ("Sevilla", "seville"), ("Munich", None),
    ("Edimburgo", "edinburgh"),
])
def test_a_city_is_read_by_its_name_in_the_other_language(word: str, other: str | None) -> None:
    # "¿Qué restaurante me recomendaste en Lisboa?" named no place a memory holds ("Lisbon")
    from actors import regions
    assert (other in regions.translated(word)) if other else not regions.translated(word)
    if other is not None:
        reading = other_reading(f"¿Qué pasó en {word}?")
        assert reading is not None and other in dict(reading)[word]
