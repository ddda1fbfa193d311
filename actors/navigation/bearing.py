"""Whether a question bears on the change that outdated a memory.

A memory is outdated as a whole when every fact it states was replaced later. A conversation
saved as one memory holds many topics and often one fact: "[2026-02-28] Conversation between
Saoirse and Kenji" tells of the adopted greyhound Biscuit and of the Nissan Leaf Kenji bought;
once "I sold the Leaf" is told, the whole session is outdated, and the ranking
(``ranking.order``) gave its score to the memory telling the sale ("Saoirse" matched it too)
for "What is the name of the greyhound Saoirse adopted?". The outdating is about the car; the
greyhound question should meet the session as it was.

``bearing`` reads the question against what changed:

- ``UNRELATED``: the question holds no word of the changed facts (their values, old and new,
  and their attribute: "car", "drive"; "live", "move"; "diet", "eat" ...) and does not ask
  for their key: the memory is ranked as if current (its notices still tell what changed).
- ``OLD_VALUE``: the question names the old value and not the new one ("What colour is the
  Nissan Leaf Kenji bought?", "When did Saoirse become vegetarian?"), or a detail only the
  outdated memory holds, beside the words of what changed ("Lavapiés flat" of "I live in
  Madrid, in a flat in Lavapiés", outdated by "I moved to Valencia", which holds no word of
  the question): it asks about the old thing, so the memory holding it leads and the later
  memory comes right after it, as for a later memory that holds none of the question's
  words. A question about now ("still", "these days") is never read so. Nor is it when the
  thing has since ended ("none (gave up bouldering)"): a question in the past ("Which
  climbing gym did Henrik go to in Cork?", "When did he start bouldering?", "¿Cuándo empezó
  a escalar?") asks of the thing as it was held, and the ending, which names the old value
  and the thing's words again ("I stopped bouldering, there's no gym here"), tells no gym
  and no start: it comes right after.
- ``CHANGED``: otherwise ("What car does Kenji drive now?"): the later memory leads.

Pure functions on words; no store, no I/O. It must never decide that a memory is current:
only how a question relates to what outdated it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from enum import Enum

from actors.facts.endings import is_ending
from actors.text import STOPWORDS, fold

_ATTRIBUTE_WORDS: dict[str, frozenset[str]] = {
    attribute: frozenset(words.split()) for attribute, words in {
        "location": "live lives living lived move moved moving moves city town home house flat "
                    "where address vivir vive vives vivo vivia mudo mudado mudanza ciudad casa "
                    "piso donde direccion location",
        "employer": "work works working worked job jobs company employer boss office trabajo "
                    "trabaja trabajas trabajaba empresa curro employer",
        "role": "work works job title role position promoted promotion manager trabajo puesto "
                "cargo ascendido ascenso",
        "car": "car cars drive drives driving drove vehicle vehicles coche coches conduce "
               "conduces conducir vehiculo",
        "phone": "phone phones mobile movil telefono",
        "laptop": "laptop computer portatil ordenador",
        "diet": "diet eat eats eating food meat fish dieta come comes comer carne pescado",
        "partner": "partner boyfriend girlfriend husband wife dating date seeing married engaged "
                   "single relationship together pareja novio novia marido mujer sale saliendo "
                   "casado casada",
    }.items()
}
"""Words a question uses for a person's attribute, beside its own name."""
_PERSONAL = frozenset(_ATTRIBUTE_WORDS) | {"activity"}
"""Attributes whose subject is a person: the person's name says nothing of what changed."""


class Bearing(Enum):
    """How a question relates to the change that outdated a memory."""

    UNRELATED = "unrelated"
    OLD_VALUE = "old value"
    CHANGED = "changed"


def words(text: str) -> frozenset[str]:
    """The content words of a text, folded ("the Nissan Leaf" -> {"nissan", "leaf"})."""
    return frozenset(w for w in re.findall(r"\w+", fold(text))
                     if w not in STOPWORDS and not w.isdigit() and len(w) > 1)


def _topic(subject: str, attribute: str) -> frozenset[str]:
    """The words naming what a fact is about: its attribute's words, and its subject's when the
    subject is a thing ("the october race", "billing service"), not a person."""
    head, _, rest = attribute.partition(":")
    found = set(_ATTRIBUTE_WORDS.get(head, frozenset())) | words(rest) | words(head)
    if head not in _PERSONAL:
        found |= words(subject)
    found.discard("value")
    return frozenset(found)


Change = tuple[tuple[str, str], str, str, str, str]
"""(fact key, subject, attribute, old value, current value) of one fact a later one replaced."""


def bearing(question: frozenset[str], asked: Collection[tuple[str, str]],
            changes: Iterable[Change], only_before: frozenset[str] = frozenset(), *,
            past: bool = False) -> Bearing:
    """How ``question`` (its ``words``) relates to a memory's ``changes``. ``asked`` holds the
    fact keys the question asks for (``attribute_question``), which always bear on a change
    of that key. ``only_before``: the question's words the outdated memory holds and the
    memory that outdated it does not; those that name neither what changed nor whose it is
    are a detail of the old memory. ``past``: the question asks of the past, not how things
    stand now; of a thing since ended it asks as it was."""
    old: set[str] = set()
    new: set[str] = set()
    said: set[str] = set()
    related = False
    ended: bool | None = None
    for key, subject, attribute, was, now in changes:
        old |= words(was)
        new |= words(now)
        ended = ended is not False and is_ending(now)
        topic = _topic(subject, attribute)
        said |= topic | words(subject)
        related = related or key in asked or bool(question & topic)
    if past and ended and (related or question & old):
        return Bearing.OLD_VALUE  # nothing holds now: the past is asked of the old value
    if not question & new and (question & old or only_before - said - old):
        return Bearing.OLD_VALUE
    if related or question & new or question & old:
        return Bearing.CHANGED
    return Bearing.UNRELATED
