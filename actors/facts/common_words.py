"""Whether a capitalised word is a common word of the language rather than a person's name.

"Ojo: la migración rompe en SQLite" and "Testing: unit tests with testcontainers-go" are
notes under a heading, not turns said by someone called Ojo or Testing; "Marta: I was
promoted" is Marta's turn. A heading is a common word, a speaker a name: the test is the
dictionary, not a list of headings that is never complete.

The dictionary is the lower-case whole-word vocabulary of the WordLlama tokenizer that ships
in the ``wordllama`` wheel (about ten thousand words, mostly English with the commonest Spanish
ones: "importante", "problema", "hecho", "siguiente"). A name is in it capitalised ("▁Maria")
or not at all, never in lower case: Marta, Joel, María, José, Bakker, Lucía and Noelia are not
in it. Some names are words too (Will, Mark, Rose, Grace): the callers let a chat's shape
(a dated turn, a label heading several lines) outweigh the dictionary.

Read once on first use (60 ms, a frozenset of about 10k short strings kept); without the
wheel no word is common and the callers' own lists apply. Pure after loading: it must never
write a file or open a network connection.
"""

from __future__ import annotations

import functools

from actors.text import fold

MIN_LETTERS = 3
"""Shorter tokens are word pieces as often as words ("ma", "jo")."""


@functools.cache
def _vocabulary() -> frozenset[str]:
    from actors.embedding.word_table import tokenizer_vocabulary
    from store.errors import ConfigError

    try:
        tokens = tokenizer_vocabulary()
    except ConfigError:
        return frozenset()
    return frozenset(fold(token[1:]) for token in tokens
                     if token.startswith("▁") and len(token) > MIN_LETTERS
                     and token[1:].isalpha() and token[1:].islower())


def is_common_word(word: str) -> bool:
    """Whether ``word`` (any case, accents or not) is a common word of English or Spanish: in
    the tokenizer's vocabulary in lower case, as written or without a plural ending."""
    key = fold(word).lower()
    vocabulary = _vocabulary()
    return any(form in vocabulary for form in (key, key.removesuffix("s")))
