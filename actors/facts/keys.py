"""Fact keys and value equality: the one place that decides when two facts talk about the same
thing.

Extraction, question detection and timeline resolution must agree on keys, so all of them call
``fact_key``. Conventions (also in the report to the lead):

- Subjects are folded (lower case, no accents), hyphens/underscores become spaces, leading
  articles and possessives are dropped ("the billing-service" -> "billing service").
- First person, singular and plural, is the user: "I", "we", "our", "mi", "nuestro" -> "user".
  A named component keeps its name ("our frontend stack" -> subject "frontend").
- Attributes are folded and white-space collapsed ("preference:indentation", "tool:linting").

Pure functions only; no I/O.
"""

from __future__ import annotations

import re

from actors.scopes import GLOBAL_SCOPES
from actors.text import fold

ARTICLES = frozenset("the a an el la los las lo un una unos unas".split())
POSSESSIVES = frozenset(
    "my our mine ours mi mis nuestro nuestra nuestros nuestras".split()
)
FIRST_PERSON = frozenset(
    "i me myself we us ourselves yo nosotros nosotras user usuario usuaria".split()
) | POSSESSIVES

_NON_WORD = re.compile(r"[^\w\s.:/+#]")
_EDGE_PUNCT = " \t.,;:!?¡¿\"'`«»()[]{}"


def normalise_words(text: str) -> str:
    """Folded, punctuation-light, single-spaced form of a phrase."""
    flat = fold(text).replace("-", " ").replace("_", " ")
    flat = _NON_WORD.sub(" ", flat)
    return " ".join(flat.split()).strip(_EDGE_PUNCT)


def normalise_subject(subject: str) -> str:
    """The folded subject used in keys (see the module docstring)."""
    words = normalise_words(subject).split()
    if len(words) == 1 and words[0] in FIRST_PERSON:
        return "user"
    while words and (words[0] in ARTICLES or words[0] in POSSESSIVES):
        words.pop(0)
    if not words or (len(words) == 1 and words[0] in FIRST_PERSON):
        return "user"  # "the user", "el usuario": a memory written in the third person
    return " ".join(words)


def normalise_topic(topic: str) -> str:
    """A tool or preference topic: folded, leading articles and possessives dropped."""
    words = normalise_words(topic).split()
    while words and (words[0] in ARTICLES or words[0] in POSSESSIVES):
        words.pop(0)
    return " ".join(words)


def fact_key(subject: str, attribute: str) -> tuple[str, str]:
    """The matching key of a fact: (folded subject, folded attribute)."""
    return normalise_subject(subject), " ".join(fold(attribute).split())


def same_value(a: str, b: str) -> bool:
    """Two values are the same statement when they differ only in case, accents, spacing or
    edge punctuation ('Valencia' == 'valencia.')."""
    return normalise_words(a) == normalise_words(b)




def scoped_subject(subject: str, scope: str) -> str:
    """The subject a fact of a scoped memory is recorded under: 'repo @project:a'.

    Two projects may each have a default branch; their timelines must not supersede each other.
    """
    return subject if scope in GLOBAL_SCOPES else f"{subject} @{scope}"

