"""What a request for advice is about, and what a statement of a preference is about.

"What should I cook for dinner tonight?" is answered by "I'm pescatarian now" and "no me gusta
el cilantro"; "Recommend some music for a long focus session" by "I can't work with lyrics";
"Suggest a weekend trip I'd enjoy" by "Me encanta el senderismo". The request and the
statement share no word, and the sentence model places "dinner" nearer a zucchini-fritter
question, "music" nearer a musical and "weekend" nearer a Marrakesh weekend than either near
the preference that answers. What links them is the everyday domain both are of: food and
diet, drinks, music, podcasts, reading, films and series, trips and the outdoors, flights,
exercise, a programmer's tools; the weather is the trips' ("I can't deal with anything above 30
degrees", "the heat was brutal"). ``domains_of`` reads a text's domains from a short closed
lexicon, English and Spanish; ``stated_domains`` reads only the sentences of a text that state
a preference ("Planning a day hike this weekend. Important: I'm allergic to peanuts": food,
not trips). Words that belong to several domains or to none in particular ("party", "night",
"plan", "session") are left out on purpose: a request names the thing it wants ("a dessert I
can bring to a party"), and that thing decides. Pure data and one lookup, no I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from actors.lazy_re import lazy_regex
from actors.text import CLAUSE_END, fold
from actors.text import terms as text_terms

_DOMAINS = {
    "food": """
        food foods eat eats eating ate meal meals dinner dinners lunch lunches breakfast
        brunch supper snack snacks dessert desserts cake cakes cookie cookies baking bake baked
        recipe recipes cook cooks cooking cooked dish dishes cuisine restaurant restaurants
        vegetarian vegan pescatarian meat fish seafood shellfish chicken beef pork dairy
        lactose gluten cheese nut nuts peanut peanuts allergic allergy allergies cilantro
        coriander spicy diet salad salads soup pasta pizza taco tacos salsa sandwich chocolate
        fruit grocery groceries
        comida comidas comer cena cenas cenar almuerzo almorzar desayuno desayunar merienda
        postre postres pastel tarta galleta galletas receta recetas cocinar plato platos
        restaurante restaurantes vegetariano vegetariana vegano vegana pescetariano
        pescetariana pescatariano pescatariana carne pescado marisco mariscos pollo lacteos
        queso cacahuete cacahuetes mani nueces alergia alergias alergico alergica picante
        dieta ensalada sopa fruta
        """,
    "drinks": """
        coffee coffees decaf espresso latte cappuccino caffeine tea teas beer beers wine wines
        cocktail cocktails drink drinks drinking juice
        cafe cafes cafeina descafeinado cerveza cervezas vino vinos coctel bebida bebidas
        beber infusion
        """,
    "music": """
        music song songs playlist playlists album albums band bands singer singers lyrics
        instrumental concert concerts jazz tango lofi classical
        musica cancion canciones cantante concierto conciertos disco discos
        """,
    "podcasts": "podcast podcasts audiobook audiobooks audiolibro audiolibros",
    "reading": """
        book books novel novels read reading author authors fiction poetry comic comics
        libro libros novela novelas leer lectura autor autora autores ficcion poesia cuento
        cuentos
        """,
    "screen": """
        movie movies film films series tv television documentary documentaries
        musical musicals anime cinema
        pelicula peliculas cine serie documental documentales
        """,
    "outings": """
        trip trips travel traveling travelling vacation vacations holiday holidays getaway
        getaways weekend weekends hike hikes hiking hiked trail trails camping beach beaches
        mountain mountains outdoors excursion excursions heat hot cold weather climate rain
        snow
        viaje viajes viajar vacaciones escapada escapadas finde senderismo excursion
        excursiones playa playas montana montanas sierra acampada acampar calor frio clima
        lluvia nieve
        """,
    "flights": """
        flight flights fly flying airline airlines airport seat seats aisle
        layover
        vuelo vuelos volar avion aviones aerolinea aeropuerto asiento asientos ventanilla
        pasillo escala
        """,
    "exercise": """
        workout workouts exercise exercises gym training cycling bike bikes swim swimming
        yoga
        ejercicio ejercicios entrenamiento entrenar gimnasio correr bici bicicleta nadar
        """,
    "tools": """
        editor editors ide terminal shell vim neovim emacs vscode plugin plugins extension
        extensions theme themes font fonts keybindings linter formatter
        """,
}

_PHRASES = {"fin de semana": "outings", "lo-fi": "music", "sci-fi": "reading",
            "ciencia ficcion": "reading", "science fiction": "reading"}
"""Domains told by a phrase whose words are common alone."""


@functools.cache
def _lexicon() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for domain, words in _DOMAINS.items():
        for word in words.split():
            out.setdefault(word, set()).add(domain)
    return {term: frozenset(found) for term, found in out.items()}


def domains_of(text: str) -> frozenset[str]:
    """The everyday domains ``text`` names a thing of (``_DOMAINS``), word by word as
    written, folded: not stemmed ("booking" is no book, "planes" no plan)."""
    lexicon = _lexicon()
    folded = fold(text).lower()
    found = {domain for phrase, domain in _PHRASES.items() if phrase in folded}
    for term in text_terms(folded):
        found |= lexicon.get(term, frozenset())
    return frozenset(found)




def stating(text: str, states: Callable[[str], bool]) -> list[str]:
    """The sentences of ``text`` that ``states`` a preference of a domain ("Planning a day
    hike this weekend. Important: I'm allergic to peanuts, a severe allergy": the second
    only): a sentence around the preference says where it was told, not what it is about."""
    return [sentence for sentence in CLAUSE_END.split(text)
            if sentence and not sentence.rstrip().endswith("?")  # asked, not stated
            and states(sentence) and domains_of(sentence)]


def stated_domains(text: str, states: Callable[[str], bool]) -> frozenset[str]:
    """The domains of the sentences of ``text`` stating a preference (``stating``)."""
    return frozenset(domain for sentence in stating(text, states)
                     for domain in domains_of(sentence))


_PURPOSE = lazy_regex(r"\b(?:for|para)\b[^,.;:!?¿¡]*")
"""What the thing asked is for ("music for a long focus session", "un libro para el vuelo",
"a snack I could pack for a long bike ride"): the occasion, not the thing recommended."""


def asked_domains(text: str) -> frozenset[str]:
    """The domains of the thing a request for advice asks for: its words outside what it is
    for ("Recomiéndame un libro para el vuelo": reading, not flights; "For my trip to Lisbon,
    what should I eat?": food), or, when those name none ("¿Qué plan me recomiendas para este
    fin de semana?"), all of its words."""
    return domains_of(_PURPOSE.sub(" ", fold(text).lower())) or domains_of(text)


def words_of(domains: frozenset[str]) -> str:
    """The lexicon's words of ``domains``, to find through the index the memories that name
    a thing of them."""
    return " ".join(sorted({word for domain in domains for word in _DOMAINS[domain].split()}))
