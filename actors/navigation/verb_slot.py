"""Whether a word of a Spanish question stands where its verb stands.

Folding takes the accents off, and then many common verbs of a question read as nouns the
lexicon lists: "¿Qué bebe el usuario?" (beber, to drink) as "bebé" (a baby), "¿Cuándo se casa
el usuario?" (casarse, to marry) as "casa" (a house), "¿Qué cocina Marta?" as "cocina" (a
kitchen). The noun's reading then found the baby or the house of another memory, at full
confidence, and the memory that answers was not shown. A Spanish noun stands after an article,
a possessive or a preposition; a question's verb stands after a clitic ("se casa", "me
llama"), a negation or an adverb ("no bebe", "ya vive"), or straight after the question word
with its subject next ("¿Qué bebe el usuario?", "¿Dónde trabaja Marta?") or nothing after it
("¿Qué cocina?"). "¿Qué casa compró?" keeps the noun: a verb, not a subject, follows it.
Pure functions; no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from actors.text import fold

_BEFORE_VERB = frozenset(
    "se me te nos os le les no ya nunca siempre tambien todavia aun apenas casi".split())
"""Words that stand before a verb and never before a bare noun: the clitics that are not also
articles ("lo", "la", "los", "las" are), the negation and the adverbs of frequency."""
_QUESTION_WORDS = frozenset(
    "que quien quienes donde adonde cuando como cuanto cuanta cuantos cuantas cual cuales"
    .split())
_SUBJECT_START = frozenset(
    "el la los las mi mis tu tus su sus un una unos unas nuestro nuestra este esta ese esa"
    .split())
"""Words a subject after a question's verb starts with ("¿Qué bebe el usuario?")."""


def verb_slot(words: Sequence[str], index: int) -> bool:
    """Whether ``words[index]`` (the question's words as written) stands where a verb does:
    after a clitic, a negation or an adverb of frequency, or right after the question word
    with a subject or nothing after it. A word written with an accent is not taken (the
    present of a verb carries none, "bebé" does)."""
    word = words[index]
    if fold(word) != word.lower() or index == 0:
        return False
    before = fold(words[index - 1])
    if before in _BEFORE_VERB:
        return True
    if before not in _QUESTION_WORDS:
        return False
    if index + 1 == len(words):
        return True
    after = words[index + 1]
    return fold(after) in _SUBJECT_START or after[:1].isupper()


def verb_place(words: Sequence[str], index: int) -> bool:
    """Whether ``words[index]`` stands as the question's verb, more widely than
    ``verb_slot``: also right after the thing asked ("¿Qué deporte practica Lucas?", "¿Cuántos
    gatos tiene Diego?" read as "¿Qué practica Lucas?"), and a third person's past, written
    with its final "-ó", right after the question word or the thing asked whatever follows
    ("¿Qué pasó con Carmen?", "¿Qué casa compró?": no noun ends so)."""
    word = words[index]
    if not word.islower():
        return False
    if verb_slot(words, index):
        return True
    after_thing = index >= 2 and fold(words[index - 2]) in _QUESTION_WORDS \
        and words[index - 1].islower() and fold(words[index - 1]) not in _BEFORE_VERB \
        and not verb_place(words, index - 1)  # "¿Qué pasó con Carmen?": no thing asked
    if after_thing and verb_slot([*words[:index - 1], *words[index:]], index - 1):
        return True
    if (after_thing or fold(words[index - 1]) in _QUESTION_WORDS) and word.endswith("ó") \
            and fold(word[:-1]) == word[:-1]:
        return True
    return _imperfect_before_name(words, index)


def _imperfect_before_name(words: Sequence[str], index: int) -> bool:
    """An imperfect of "-er"/"-ir" ("vivía", "hacía", "tenía": the accent ``verb_slot`` turns
    away) right after the question word and before a name ("¿Dónde vivía Rohan en marzo?"):
    a noun in "-ía" is never followed by its subject ("¿Qué día es?")."""
    word = words[index]
    return word.endswith("ía") and fold(word[:-2]) == word[:-2] \
        and fold(words[index - 1]) in _QUESTION_WORDS \
        and index + 1 < len(words) and words[index + 1][:1].isupper()
