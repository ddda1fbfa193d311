"""The verb of a Spanish question: what is done, never a thing one has.

"¿Dónde vive Carmen?", "¿Qué deporte practica Lucas ahora?", "¿Qué pasó con Carmen e
Irene?": the gates that answer "no stored memory mentions Carmen's 'vive'" take the words a
question asks about, and an English question's verb never reaches them ("live" is a common
word, "does" a stop word), while a Spanish one, conjugated and rare in the dictionary, was
read as a thing: never held by Carmen ("Ya estoy en Oviedo, he alquilado un piso"), or held
only by another speaker ("las prácticas"), so the question was answered as never stored. A
verb the lexicon reads as a rare English word ("¿Dónde nada Marta?": swim) is kept, as the
English question's would be. Pure functions; no I/O.
"""

from __future__ import annotations

from actors.facts.common_words import is_common_word
from actors.navigation.bilingual import other_reading, reads_spanish, words_of
from actors.navigation.verb_slot import verb_place
from actors.text import fold


def question_verbs(text: str) -> frozenset[str]:
    """The folded words of ``text`` that stand as its verb (``verb_place``) in a Spanish
    question, unless the lexicon reads one as an English word no common one of which says it
    (the doing asked, judged as its English would be)."""
    if not reads_spanish(text):
        return frozenset()
    words = words_of(text)
    readings = dict(enumerate(reading for _, reading in other_reading(text) or ()))
    return frozenset(
        fold(word).lower() for index, word in enumerate(words)
        if verb_place(words, index) and (
            readings.get(index, (word,)) == (word,)
            or any(is_common_word(term) for reading in readings[index]
                   for term in reading.split())))
