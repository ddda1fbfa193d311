"""Whose thing a question asks about, and whether a chat turn tells such a thing as someone
else's own.

"What is the name of the user's dog?" in a family chat where the user told "We adopted a
retired greyhound called Pickle" and Lucas "Hemos adoptado un perro ... que se llama Turrón":
Lucas's turn holds the word (translated), the user's holds a breed, and Lucas's was served
first at confidence 1.00 (probe43). "How much did Nadia's folding bike cost?" was answered by
the user's "Bought a Brompton folding bike". A turn said in the first person by someone other
than the one asked, to nobody addressed and never naming the one asked, tells its teller's
thing: it is no answer about the one asked, whatever words it shares with the question. A
turn naming the one asked ("Nadia's baby Esme ...", "mi hermana Nadia trabaja en ...") or
said by them stays theirs. Pure functions; the navigation actor ranks and decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from actors.facts.speakers import USER, opening_speaker, past_label
from actors.lazy_re import lazy_regex
from actors.navigation.answer_type import OTHER_PEOPLE
from actors.navigation.asked_person import (
    THE_USER,
    asks_of_the_user,
    names_asked,
    names_the_user,
    tells_of_self,
    tells_the_other,
)
from actors.navigation.query import COMPOSED, RELATION_WORDS, owned_by_names, possessed
from actors.text import fold


def thing_asked(question: str, user_names: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """(whose, the words of the thing) when ``question`` asks about a thing of one person:
    the user's ("the user's dog", "my car"; ``THE_USER``), or one named person's ("Nadia's
    folding bike", "el perro de Carmen"), the user's when the name is one the user gave
    (``user_names``: "Oliver's dog" after "I'm Oliver"). None for a question naming no thing
    of anyone's, or things of two people."""
    mine = possessed(question)
    named = {name: words for name, words in owned_by_names(question).items() if words}
    if mine and names_the_user(question) and not named:
        return THE_USER, mine
    if len(named) != 1 or mine:
        return None
    (name, words), = named.items()
    if len([other for other in names_asked(question)
            if fold(other) != fold(name)]) > 0:
        return None  # "Nadia's bike or Lucas's?": not one person's
    if fold(name) in {fold(given) for given in user_names}:
        return THE_USER, words
    return name, words


def teller(text: str, user_names: Sequence[str]) -> str | None:
    """Who a chat turn is said by: ``THE_USER`` for the user's label ("user:", "usuario:")
    or one of the user's names, the name for another speaker, None for the assistant's turn
    or a text with no label (a note may be about anyone)."""
    speaker = opening_speaker(text)
    if speaker is None or speaker.subject is None:
        return None
    if speaker.subject == USER or fold(speaker.subject) in {fold(n) for n in user_names}:
        return THE_USER
    return speaker.subject


def names_one_of(text: str, names: Collection[str]) -> bool:
    """Whether ``text`` names one of ``names`` as a whole word past its speaker's label."""
    folded = fold(past_label(text.lstrip()))
    return any(re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", folded) for name in names)


def told_as_own(text: str, owner: str, user_names: Sequence[str]) -> str | None:
    """The teller, when a chat turn tells a thing as its teller's own (the first person, a
    verb's form alone too, nobody addressed: ``tells_of_self``), the teller is not
    ``owner`` (``THE_USER`` or a name) and the turn never names ``owner`` (by any of the
    user's names, for the user): "Lucas: Hemos adoptado un perro" for the user's dog, "user:
    Bought a Brompton folding bike" for Nadia's. None otherwise: the owner's own turn, a turn
    naming them, a question or a reply to someone, a note with no label."""
    return said_apart(text, owner, user_names) if tells_of_self(text) else None


def said_apart(text: str, owner: str, user_names: Sequence[str]) -> str | None:
    """The teller, when a chat turn is said by a named teller other than ``owner``, to
    nobody addressed in the second person (``tells_the_other``: "Dário: your dog needs two
    walks" may be said to the owner, of the owner's dog) and never naming ``owner``: what it
    tells is its teller's, or no one's ("Dário: For a dog that age, two walks a day is
    plenty" tells nothing of the user's dog). None otherwise."""
    said_by = teller(text, user_names)
    if said_by is None or fold(said_by) == fold(owner) or tells_the_other(text):
        return None
    return None if names_one_of(text, _called(owner, user_names)) else said_by


_NAME = r"(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñüç]+(?:-[A-ZÁÉÍÓÚÑ][a-záéíóúñüç]+)?)"
_NOTE_FOR = lazy_regex(
    r"(?:\d{4}-\d{2}-\d{2}:?\s+)?(?:(?i:(?:reminder|note|message|task|recordatorio|nota|mensaje|"
    r"tarea)s?\s+(?:for|to|para)\s+|(?:(?:recipe|gift|present)\s+)?(?:idea|tip|receta|consejo)s?"
    r"\s+(?:from|de)\s+)" + _NAME + r"\b(?!['’]s)"
    r"|" + _NAME.replace("name", "owner") + r"['’]s\s+[\w -]{1,40}:)")
"""A note for or from a named person, or titled as theirs: "Reminder for Efua: book the
dog's vet check", "Recordatorio para Uxue: ...", "Recipe idea from Ximena: ...", "Efua's
running plan: long run on Sundays". Not "Idea for Rhiannon's birthday": a present planned
for someone may be the user's own plan."""
_WE_OR_I = lazy_regex(r"\b(?:i|my|me|mine|we|our|us|yo|mi|mis|nosotros|nosotras|nuestro|"
                      r"nuestra|nuestros|nuestras)\b")


def note_for_other(text: str, user_names: Sequence[str]) -> str | None:
    """The person a note with no speaker's label is for or of ("Reminder for Efua: book the
    dog's vet check before the trip to Bergen", "Efua's running plan: ..."), when it is not
    the user (by any of ``user_names``) and the note says nothing in the first person
    ("Reminder for Efua: I owe her £20" is the user's too). Such a note is that person's, as
    a named speaker's chat line is (``said_apart``): probe45's store held two hundred of them,
    saved today, and they led "What was my 10 km time?" and "What vet costs have I
    mentioned?" ahead of the user's own turns. None otherwise."""
    if opening_speaker(text) is not None:
        return None
    found = _NOTE_FOR.match(text.lstrip())
    if found is None or _WE_OR_I.search(fold(text)):
        return None
    name = found.group("name") or found.group("owner")
    if fold(name).lower() in RELATION_WORDS or fold(name) in {fold(given) for given in user_names}:
        return None  # "Reminder for Mum: ..." is the user's family's, "for Oliver" the user's
    return name


def users_line(text: str, user_names: Sequence[str]) -> bool:
    """Whether a memory is the user's: a turn with the user's label or one of the user's
    names, to anyone ("user: Can you help me plan a budget?"), or a note with no label (the
    assistant's turn is nobody's)."""
    speaker = opening_speaker(text)
    return speaker is None or teller(text, user_names) == THE_USER


_KIN = RELATION_WORDS | OTHER_PEOPLE | frozenset(COMPOSED)
"""Words naming a person by their relation ("my sister", "mi jefe", "my colleague"): a
question of the user's relative asks about someone who may be a named speaker of the store."""
_THIRD_PERSON = frozenset("he she they him her his their them".split())
"""...and so does one of "her dog", "his job"."""


def asks_the_users_own(question: str, user_names: Sequence[str]) -> bool:
    """Whether ``question`` asks about the user alone: in the first person or of "the user"
    ("What is my dog's name?", "How much rent do we pay?"), or of nobody it names ("¿Cuánto
    pago de alquiler?", a verb's person alone: ``asks_of_the_user``); naming no one else (a
    name the user gave is the user's) and no relative of the user's ("my sister's job" may
    be a named speaker's own turn)."""
    given = {fold(name) for name in user_names}
    named = names_asked(question)
    if any(fold(name) not in given for name in named):
        return False
    if not named and not names_the_user(question) and not asks_of_the_user(question):
        return False
    return not any(word in _KIN or word in _THIRD_PERSON
                   for word in re.findall(r"[\w-]+", fold(question)))


def _called(owner: str, user_names: Sequence[str]) -> tuple[str, ...]:
    """The names ``owner`` goes by in the chat: all the user's for ``THE_USER``."""
    return tuple(user_names) if owner == THE_USER else (owner,)


def owners_own(text: str, owner: str, user_names: Sequence[str]) -> bool:
    """Whether a memory is ``owner``'s to tell: said by them (their label; for the user, the
    user's label or a note with no label) and not to someone in the second person ("Bea:
    ¡Qué bici tan chula te has comprado!" tells of the one spoken to), or naming them
    ("Nadia's baby Esme ...", "mi hermana Nadia trabaja en ...": told of them in someone
    else's words)."""
    speaker = opening_speaker(text)
    if owner == THE_USER and speaker is None:
        return True
    said_by = teller(text, user_names)
    if said_by is not None and fold(said_by) == fold(owner) and not tells_the_other(text):
        return True
    return names_one_of(text, _called(owner, user_names))


def only_theirs(served: Sequence[tuple[str, str]], owner: str, user_names: Sequence[str],
                holds: Callable[[str], bool], sibling: Callable[[str], bool]) -> str | None:
    """The teller, when a question asks ``owner``'s thing and the memories ``served`` ((leaf
    id, text) pairs, best first, those listed as also close too) tell it (``holds``) only as
    a teller's own (``told_as_own``): the first memory served is a teller's own, or the
    owner's own telling only another thing of the kind (``sibling``: "user: I got a hamster
    called Nibbles" for "¿Cómo se llama el gato del usuario?") with such a turn below it; and
    no memory of the owner's served holds the thing (``owners_own``). Ranked down for it and
    still first, or beside a sibling, it is all the store has, and it is someone else's
    ("What is the name of the user's dog?" when only Lucas adopted one: "No memory found ...
    (only Lucas's)"; "How much did Nadia's folding bike cost?" when only the user bought
    one, whatever else of Nadia's is served). None otherwise: the owner's own memory, ranked
    first for the teller's ranked down, answers even when it tells the thing in words no
    list holds (the user's "retired greyhound called Pickle" for "dog")."""
    if not served:
        return None
    if any(holds(leaf) and owners_own(text, owner, user_names) for leaf, text in served):
        return None
    first_id, first = served[0]
    told = next((teller for leaf, text in served if holds(leaf)
                 and (teller := told_as_own(text, owner, user_names)) is not None), None)
    if told is None:
        return None
    # the first a teller's own (its correction, "I swapped the digits", holds no thing)
    if told_as_own(first, owner, user_names) is not None:
        return told
    return told if owners_own(first, owner, user_names) and sibling(first_id) else None
