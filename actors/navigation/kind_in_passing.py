"""A thing asked of one person, and a memory that names only its kind, in the plural.

"What is the name of Rohan's cat?": "We adopted a cat from the Cats Protection, a grey tabby
called Marmite" (March) tells of the one cat; "Freya is settling in at the Mumbles practice,
mostly cats and dogs now" (September) holds the word only as the kind in general, said in
passing of someone's work. It holds every word the March turn matched ("Rohan", by its label,
and "cat" once stemmed), so it was taken for the newest memory of the cat's story and led the
reply (``ranking.newest_leads``; probe44). One thing asked in the singular is not continued by
a memory writing its word only in the plural ("Loads of cars on the M4 today" for Freya's car,
"muchísimos perros en el parque" for Inés's dog). Nor is it told by a memory writing it only
as one not had: wanted, planned or denied, after "a", "another", "no" ("Ignacio and I are
thinking of getting a second dog" for "What is the name of Odalys's dog?", "no tengo coche",
"we might adopt a cat": probe47), which names no dog of hers and led the dog she has ("He's a
mutt I adopted from a shelter in Malvín"). Pure functions; the navigation actor and the
ranking decide.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping

from actors.facts.values import is_hypothetical
from actors.lazy_re import lazy_regex
from actors.navigation.stem import stem
from actors.text import fold

_WORD = lazy_regex(r"[^\W\d_]+")
_OWNER = (r"(?:my|your|his|her|its|our|their|the|this|that|mi|mis|tu|tus|su|sus|nuestro|"
          r"nuestra|el|la|los|las|este|esta|ese|esa)")
_DENIAL = r"no(?:\s+(?:tengo|tiene|tienes|tenemos|tienen|hay))?|ningun|ninguna"
_NOT_HAD = lazy_regex(
    rf"\b(?:(?:a|an|another|any|one\s+more|un|una|otro|otra|algun|alguna)(?:\s+(?!{_OWNER}\b)"
    rf"[^\W\d_]+)?|{_DENIAL})\s+$")
"""What comes right before a thing not had: an indefinite article, with one word between at
most ("a second", "otro gran") that is no owner's ("a mi abuela" is Spanish "to my
grandmother"), or a denial ("no gym here", "ningún perro")."""
_DENIED = lazy_regex(rf"\b(?:{_DENIAL})\s+$")
_WANTED = lazy_regex(r"\b(?:pensando|pensamos|piensa|planeando|buscando|ganas|gustaria|"
                     r"encantaria|queriamos|querria|queria)\b")
"""Spanish wanting and planning that ``values.is_hypothetical`` does not read ("estamos
pensando en adoptar otro perro")."""
_SENTENCE = lazy_regex(r"[^.!?¡¿\n]+")


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


def only_not_had(text: str, forms: Collection[str]) -> bool:
    """Whether ``text`` writes the thing asked (``forms``: the index terms of its words, their
    translations and other words for it: "dog", "perro", "pup"), and only as one not had:
    after an indefinite article in a wanted, planned or denied clause
    (``values.is_hypothetical``: "thinking of getting a second dog", "quiero un gato") or
    after "no" ("there's no gym here"). "I adopted a dog!" and "my dog ate a sock" tell the
    thing had."""
    seen = False
    for sentence in _SENTENCE.findall(fold(text).lower()):
        for found in _WORD.finditer(sentence):
            if stem(found.group()) not in forms:
                continue
            seen = True
            before = sentence[:found.start()]
            article = _NOT_HAD.search(before)
            if article is None:
                return False
            lead = before[:article.start()]
            if not (_DENIED.search(before) or is_hypothetical(sentence, article.start())
                    or _WANTED.search(lead)):
                return False
    return seen
