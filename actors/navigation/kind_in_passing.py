"""A thing asked of one person, and a memory that names only its kind, in the plural.

"What is the name of Rohan's cat?": "We adopted a cat from the Cats Protection, a grey tabby
called Marmite" (March) tells of the one cat; "Freya is settling in at the Mumbles practice,
mostly cats and dogs now" (September) holds the word only as the kind in general, said in
passing of someone's work. It holds every word the March turn matched ("Rohan", by its label,
and "cat" once stemmed), so it was taken for the newest memory of the cat's story and led the
reply (``ranking.newest_leads``; probe44). One thing asked in the singular is not continued by
a memory writing its word only in the plural ("Loads of cars on the M4 today" for Freya's car,
"muchísimos perros en el parque" for Inés's dog). Pure functions; the navigation actor and
the ranking decide.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from actors.lazy_re import lazy_regex
from actors.navigation.stem import stem
from actors.text import fold

_WORD = lazy_regex(r"[^\W\d_]+")


def only_plural(text: str, asked: Iterable[str]) -> bool:
    """Whether ``text`` writes a word of the thing ``asked`` (its words, as the question
    writes them, in the singular: "cat", "perro") only in the plural ("cats and dogs",
    "perros"), never as asked: the kind in general, not the one thing. A word asked in the
    plural is never so ("Rohan's cats": "cats" is how it is asked)."""
    forms = _stemmed_forms(text)
    for word in asked:
        said = fold(word).lower()
        held = forms.get(stem(said), ())
        if held and said not in held and all(form.endswith("s") for form in held):
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _stemmed_forms(text: str) -> Mapping[str, tuple[str, ...]]:
    """The words of ``text`` (folded) by their stem: a memory is asked again for each thing
    of each question while it stays among the candidates, and reading it is most of the cost."""
    forms: dict[str, list[str]] = {}
    for word in _WORD.findall(text):
        form = fold(word).lower()
        forms.setdefault(stem(form), []).append(form)
    return {key: tuple(held) for key, held in forms.items()}
