"""Whose a memory is, for a question about a named speaker of the store, among other people's
lines.

A store holding two friends' chat (one turn per memory, "[2026-03-28] Odalys: ...") among two
thousand other memories (strangers' chat lines on the same topics, the user's own notes, a
coding agent's notes) answered "When did Odalys start playing the drum?" with two strangers'
"The drum group meets on Thursdays, I play the snare" (AMBIGUOUS: Odalys's Spanish "tamboril"
turn was in neither pool), "Which jobs has Odalys had?" with Kofi's barista line, and "What is
the name of Odalys's cat?" with the user's own "I adopted a cat named Mostaza" (probe47). A
question about a named speaker is about that speaker's own turns and the conversation they
are in, as a question about the user alone is about the user's own turns (``thing_owner``):
a stranger's line, or the user's note, that never names the one asked tells of its teller.
Pure functions; the navigation actor pools and ranks.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from actors.navigation.asked_person import THE_USER
from actors.navigation.thing_owner import names_one_of, said_apart, teller, users_line
from actors.text import fold


def named_own(text: str, named: Collection[str], user_names: Sequence[str]) -> bool:
    """Whether a memory is one of the ``named`` speakers' (folded names) own: their turn, or
    one naming them ("Henrik: Happy birthday, Odalys!", "Odalys's sister had a baby")."""
    said_by = teller(text, user_names)
    return said_by not in (None, THE_USER) and fold(str(said_by)) in named \
        or names_one_of(text, named)


def apart_from_named(text: str, named: Collection[str], partners: Collection[str],
                     user_names: Sequence[str]) -> bool:
    """Whether a memory is someone else's than the ``named`` speakers' (folded names) for a
    question about them: another named speaker's line (``said_apart``: to nobody addressed,
    never naming them) who is not one of their ``partners`` (folded names of the ones they
    talk with: "Henrik: I'm building a canoe" is a turn of Odalys's conversation), or the
    user's turn or note never naming them ("I adopted a cat named Mostaza" tells of the
    user's cat, not Odalys's). The assistant's turns are no one's."""
    if named_own(text, named, user_names):
        return False
    said_by = teller(text, user_names)
    if said_by is None or said_by == THE_USER:
        return users_line(text, user_names)
    return fold(said_by) not in partners \
        and all(said_apart(text, name, user_names) is not None for name in named)


def users_apart(asked: Sequence[str], named: Collection[str], text: str,
                user_names: Sequence[str]) -> tuple[str, str] | None:
    """(``THE_USER``, the name asked) when a memory served for a question about named speakers
    of the store (``named``, folded; ``asked``, the names as the question writes them) is the
    user's turn or note naming none of them: "I adopted a cat named Mostaza" led "What is the
    name of Odalys's cat?" with no word of whose it is, while the strangers' lines under it
    were marked (``asked_person.other_speaker``)."""
    if not named or not users_line(text, user_names) or names_one_of(text, named):
        return None
    return next(((THE_USER, name) for name in asked if fold(name) in named), None)
