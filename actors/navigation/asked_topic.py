"""What a question asks about beyond the names, places and times it gives.

"What is Ewan's surname?", "Which hotel did we stay at in Tokyo?", "When did Inés run the
Zaragoza marathon?": every word of what is asked ("surname"; "hotel", "stay"; "run",
"marathon") is one no memory holds in any form, and the memories served held the question's
names only ("Her fiancé is called Ewan, he's a marine biologist", "Tokio y Kioto", "More than
Zaragoza, but sounds nice"). A name is rare, so a memory holding it counted as specific
evidence and the reply answered, with "No stored memory mentions 'surname'" above it. A name
is whom or where the question is about, not what it asks; when nothing of what it asks is
held anywhere, and what it asks names a thing (a noun after an article, a possessive or the
question word: "hotel", "'s surname", "the ... marathon"), it was never stored. A doing alone
("¿Dónde se comprometió Kiran?" for "Kiran got engaged", "What does Kiran do for a living?"
for "he's a paramedic") is told in other words, and a relation ("employer", "abuela") by the
name of whom it is: neither is judged here. Pure functions; the index's part (which words no
memory holds) is ``unmentioned``'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from actors.lazy_re import lazy_regex
from actors.navigation.bilingual import reads_spanish
from actors.navigation.query import NOW_WORDS, framing
from actors.navigation.sum_asked import STATING
from actors.regions import is_demonym
from actors.text import STOPWORDS, fold
from actors.text import terms as text_terms

_DETERMINERS = frozenset(
    """the a an his her their its my our your this that these those which what whose s
    el la los las un una unos unas su sus mi mis tu tus nuestro nuestra nuestros nuestras
    este esta ese esa que cual cuales cuantos cuantas many""".split())
"""Words a thing's name follows ("which hotel", "Ewan's surname", "la abuela", "how many
dogs"); "'s" is read as "s". Not "cuánto" nor "much": a verb follows them as often as a
thing ("¿Cuánto cobro al año?", "¿Cuánto paga Inés?")."""
THING_RUN = 3
"""Words of a thing's name read after its determiner ("her driving test", "the Zaragoza
marathon")."""
_AUXILIARIES = frozenset(
    "do does did will would can could should has have had is are was were am be".split())
"""Words a question's subject follows, its verb after it ("Where did the user sleep...?",
"Which hotel did the couple book?"): a determiner after one starts a name of one word."""
KIND_WORDS = frozenset("kind kinds sort sorts type types tipo tipos clase clases".split())
"""Words asking what kind of thing ("What kind of films...", "¿Qué tipo de cine...?"): a kind
is answered by the things of it ("Odio las películas de terror"), which the question does
not name."""
_DOING = lazy_regex(r"(?:ing|ando|iendo)$")
"""A doing, not a thing, even after an article ("for a living", "el running" aside)."""
_WORD = lazy_regex(r"[^\W\d_]+")


def beyond_names(question: str, words: Iterable[str]) -> tuple[str, ...]:
    """``words`` (the question's words, as written) less those written with a capital past
    the question's first word (names, places, months: whom, where and when it asks about),
    its framing words (``query.framing``), its words of now ("currently", "ahora"), of a
    kind asked (``KIND_WORDS``) and the verbs a sum is stated with ("cost", "costó":
    ``sum_asked.STATING``). A language's or a people's name stays ("Would Henrik be able to
    speak a little Irish?": the Irish is what is asked, and a memory holding it, "an Irish
    language night course", is about it)."""
    written = _WORD.findall(question)
    capitals = {fold(word) for word in written[1:] if word[:1].isupper()
                and not is_demonym(word)}
    skipped = framing(question) | NOW_WORDS | KIND_WORDS | STATING
    return tuple(word for word in words
                 if (key := fold(word)) not in capitals and key not in skipped)


_NAME = lazy_regex(r"(?<=\s)(?!I\b)[A-ZÁÉÍÓÚÑ][\w.-]*(?:['’]s)?(?=[\s,.;:?!)]|$)")
"""A word written with a capital past the question's first, with its "'s"."""


def without_names(question: str) -> str:
    """``question`` without the words it writes with a capital past its first ("What is
    Ewan's surname?" -> "What is surname?"): what it asks, to measure by meaning."""
    return re.sub(r"\s+(?=[\s?!.,])", "", _NAME.sub("", question)).strip()


def things(question: str) -> frozenset[str]:
    """The folded words of ``question`` that name a thing: up to ``THING_RUN`` words after a
    determiner in English ("which hotel", "'s surname", "the Zaragoza marathon"), the first
    one in Spanish, which names the thing before what qualifies it ("la abuela", "¿Qué
    relación tienen...?": a verb follows), and in a subject right after an auxiliary ("did
    the user sleep"), up to the first stop word or a verb a sum is stated with ("Inés's old
    sofa cost"), a doing excepted ("a living")."""
    words = [fold(word) for word in _WORD.findall(question)]
    spanish = reads_spanish(question)
    out: set[str] = set()
    for at, word in enumerate(words):
        if word not in _DETERMINERS:
            continue
        run = 1 if spanish or at and words[at - 1] in _AUXILIARIES else THING_RUN
        for after in words[at + 1:at + 1 + run]:
            if after in STOPWORDS or after in _DETERMINERS or after in STATING \
                    or not text_terms(after):
                break
            if not _DOING.search(after):
                out.add(after)
    return frozenset(out)


def none_held(question: str, topic: tuple[str, ...], absent: Iterable[str]) -> bool:
    """Whether every word of ``topic`` (``beyond_names``) is among ``absent`` (the words no
    memory holds in any form) and one of them names a thing (``things``)."""
    unheld = {fold(word) for word in absent}
    named = things(question)
    keys = [fold(word) for word in topic]
    return bool(keys) and all(key in unheld for key in keys) \
        and any(key in named for key in keys)
