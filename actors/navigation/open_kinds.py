"""The things of a kind no closed list can hold, read from what each memory says beside the
kind's words: restaurants and cafés, gifts bought, tools adopted, books and films.

"Which restaurants have I been to?", "¿Qué regalos he comprado?", "Which tools did we adopt
this year?", "What books have I read?": the answer is several memories, each naming one
instance ("dinner at Casa Lupe", "Le regalé a mi abuela un marco de fotos", "Set up
Renovate", "Finished reading Dune"), and the instances are names or open lists, so no
lexicon of them (``everyday_kinds``) can be written. What a memory telling one says is
bounded, though: the kind's own words and the doings that tell an instance ("dinner at",
"cenamos en", "bought ... for my mom", "regalé", "adopted", "switched to", "finished
reading", "watched"). A memory holding one of those cues is a candidate; the instance it
tells is the name it writes with a capital inside a sentence, not a place ("Casa Lupe",
"Tasquita", not "Madrid"), and the other memories naming that name tell of the same
instance ("Went back to Kaito"); a memory naming no name is an instance of its own ("Bought
a wool scarf for my mom"). A doing names an instance only beside a name ("Had dinner at Casa
Lupe", not "I cooked shakshuka for brunch"; "Set up Renovate", not "set up a budget
spreadsheet"), and a memory naming one is a part however far in meaning from the question
(the sentence model places "Had dinner at Casa Lupe" at 0.08 from "Which restaurants have I
been to?", the question-shaped "What restaurants are open late in Lisbon?" at 0.5). Pure
data and lookups; never reads the store.

Also two closed kinds whose things are everyday words no other list holds: the foods one
eats, cooks or avoids, and the jobs one has had (bilingual, small, tested).
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from actors.navigation import several
from actors.navigation.stem import stem
from actors.regions import place_names
from actors.text import terms as text_terms

_OPEN: dict[str, tuple[str, str, str]] = {
    "restaurant": (
        "restaurants restaurantes cafes cafeterias eateries bistros bares",
        """restaurant cafe bistro trattoria osteria brasserie diner taqueria pizzeria eatery
        restaurante cafeteria tasca taberna marisqueria asador""",
        """ramen sushi tapas brunch dinner lunch ate cenamos cenar cena comimos comer
        almorzamos"""),
    "gift": (
        "gifts presents regalos purchases compras",
        "gift present regalo",
        """bought ordered wrapped birthday regale regalamos compre compramos cumpleanos"""),
    "tool": (
        "tools herramientas software apps aplicaciones libraries librerias frameworks",
        "tool app library framework herramienta aplicacion libreria",
        """adopted adopt switched migrated moved installed using set adoptamos adoptado
        cambiamos migramos pasamos instalamos usamos usando"""),
    "book": (
        "books libros novels novelas",
        "book novel libro novela",
        "read reading finished lei leyendo termine"),
    "film": (
        "films movies peliculas documentaries documentales",
        "film movie series documentary pelicula serie documental",
        "watched watching cinema binge vi visto cine"),
}
"""An open kind -> (the plural words a list question names it by; the kind's own words, a
memory holding one of which tells an instance; the doings that tell one, a memory holding
one of which tells an instance only when it names it: "Had dinner at Casa Lupe", not "I
cooked shakshuka for brunch"), English and Spanish, folded."""
CUE_HOLDERS_MAX = 400
"""Memories holding one cue beyond which it is read no further (a doing said everywhere in a
big store): the ranking still reaches them by meaning."""

FOODS = """
    dairy gluten lactose shellfish seafood pork beef meat chicken fish eggs peanuts nuts soy
    sugar caffeine alcohol carbs bread cheese chocolate spicy fried garlic onion mushrooms
    tomatoes avocado shrimp prawns
    soup curry pasta pizza risotto lasagna paella shakshuka tortilla gazpacho stew chili
    tacos burritos dumplings ramen sushi salad omelette pancakes cake cookies brownies
    lacteos lactosa marisco mariscos cerdo ternera carne pollo pescado huevos cacahuetes
    frutos soja azucar cafeina alcohol pan queso picante fritos ajo cebolla setas gambas
    sopa guiso potaje lentejas ensalada tarta galletas bizcocho croquetas
    """
"""Foods one eats, cooks or avoids (ingredients and everyday dishes)."""
JOBS = """
    barista nurse teacher engineer developer programmer analyst designer researcher waiter
    waitress cashier chef cook manager consultant accountant lawyer driver intern tutor
    receptionist librarian pharmacist journalist editor translator electrician plumber
    scientist architect
    camarero camarera enfermero enfermera profesor profesora ingeniero ingeniera
    desarrollador programador programadora analista disenador disenadora investigador
    investigadora cajero cajera cocinero cocinera gerente consultor consultora contable
    abogado abogada conductor becario becaria recepcionista bibliotecario farmaceutico
    periodista traductor traductora electricista fontanero cientifico arquitecto arquitecta
    """
"""Jobs one has had, by their name (a history question's roles the facts did not record:
"Back when I was a barista in Seattle")."""
_CLOSED: dict[str, str] = {
    "foods": FOODS, "dishes": FOODS, "meals": FOODS, "recipes": FOODS, "comidas": FOODS,
    "alimentos": FOODS, "platos": FOODS, "recetas": FOODS,
    "jobs": JOBS, "roles": JOBS, "careers": JOBS, "trabajos": JOBS, "puestos": JOBS,
    "empleos": JOBS,
}
"""A list question's word -> the closed kind's things."""


def _stems(words: str) -> frozenset[str]:
    return frozenset(stem(term) for word in words.split() for term in text_terms(word)[:1])


@functools.cache
def _open_by_word() -> dict[str, str]:
    return {word: kind for kind, (asked, _, _) in _OPEN.items() for word in asked.split()}


def closed_things(word: str) -> frozenset[str]:
    """The index terms of the things of the closed kind a list question's plural ``word``
    ("foods", "platos", "jobs") names; none for another word."""
    things = _CLOSED.get(word)
    return _stems(things) if things else frozenset()


def open_listed(text: str) -> tuple[str, ...]:
    """The open kinds a list question lists ("Which restaurants have I been to?" ->
    restaurant; "¿Qué regalos he comprado?" -> gift)."""
    by_word = _open_by_word()
    return tuple(dict.fromkeys(by_word[word] for word in sorted(several.listed(text))
                               if word in by_word))


@functools.cache
def cues(kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """The index terms a memory telling an instance of ``kind`` holds one of: the kind's own
    words, and the doings that tell one when the memory names it."""
    return _stems(_OPEN[kind][1]), _stems(_OPEN[kind][2])


@functools.cache
def _places() -> frozenset[str]:
    return frozenset(stem(term) for name in place_names() for term in text_terms(name)[:1])


def instance_names(named: Collection[str], kind: str) -> frozenset[str]:
    """Of the terms a memory writes with a capital inside a sentence (``stories.named_terms``),
    those naming the instance of ``kind`` it tells: not a place ("Madrid" beside "La Tasquita")
    nor one of the kind's own cues ("Christmas" for a gift)."""
    return frozenset(named) - _places() - cues(kind)[0] - cues(kind)[1]

