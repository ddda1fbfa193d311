"""Which kind a word written in two kinds' lists is said in by one memory: "fish" is a pet
("Cleaned the fish tank, the guppies look happy") and a food ("I started eating fish
again"); "fishing", a hobby, is another word as written (the index stems both to "fish").

A list question's parts are the memories naming a thing of its kind (``instances``), and a
memory naming such a word in the other sense was taken as a part of the wrong list, or the
right one dropped as far from the question. The kind is read from the memory by the sentence
model: its closeness to a short bilingual saying of the asked kind against that of each
other kind listing the word (on the pass's sentences: the tank 0.06 pet / -0.03 food, the
fish eaten 0.11 / 0.22, "our chickens laid six eggs" and "swap the chicken in that
meal-prep plan" read right too; a saying of the kind did better than a list of its things).
A word of one list ("salsa", a dance or a sauce; "vela", sailing or a candle) is not judged
here: no list holds its other sense, and the model did not tell them apart either (the
classes of salsa read closer to food than to a hobby). Pure data and lookups.
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from actors.navigation import open_kinds
from actors.navigation.everyday_kinds import everyday_things_of, everyday_words_of
from actors.navigation.stem import stem

SAID: dict[str, str] = {
    "pet": "my pet / mi mascota",
    "hobby": "my hobby / mi afición",
    "food": "food I eat / comida que como",
}
"""A kind whose list shares words with another's -> how it is said, English and Spanish (a
saying of the kind, not of its things: measured better than a list of them)."""


@functools.cache
def _things(kind: str) -> frozenset[str]:
    if kind == "food":
        return open_kinds.closed_things("foods")
    return frozenset(everyday_things_of(kind))


@functools.cache
def _written(kind: str) -> frozenset[str]:
    if kind == "food":
        return frozenset(open_kinds.FOODS.split())
    return everyday_words_of(kind)


def kind_listed(words: Collection[str]) -> str | None:
    """The kind of ``SAID`` a list question's plural words (``several.listed``) name
    ("mascotas" -> pet, "foods" -> food); None for any other."""
    for word in words:
        things = open_kinds.closed_things(word) or frozenset(everyday_things_of(stem(word)))
        for kind in SAID:
            if things and things == _things(kind):
                return kind
    return None


def rivals(said: Collection[str], kind: str) -> tuple[str, ...]:
    """The other kinds of ``SAID`` each word of ``kind``'s list a memory says (``said``:
    its words, folded) is also listed in, as written, when every one is ("fish" for pets:
    food; "fishing" is the hobby's alone); none when one of them is of ``kind`` alone ("fish"
    and "tortoise": a pet's memory whatever "fish" says)."""
    asked = [word for word in said if word in _written(kind)]
    others = [{other for other in SAID if other != kind and word in _written(other)}
              for word in asked]
    if not asked or not all(others):
        return ()
    return tuple(sorted(set().union(*others)))
