"""Whether a memory of the other language names a thing the lexicon cannot translate.

"How old is Carmen's tortoise?" and "Carmen: Tengo una tortuga que se llama Pepa": the
question's thing is in no memory in any form the search knows (``bilingual`` lists "turtle
tortuga", not "tortoise"), so the reply was "no stored memory mentions Carmen's 'tortoise'"
(probe43). The lexicon is a list of common words and always misses some; the sentence model
is multilingual (``actors.embedding.sentence``) and places a word near its translation.
Measured on single words, neither pair in the lexicon (English / Spanish): tortoise /
tortuga 0.81, lizard / lagarto 0.84, ladder / escalera 0.84, frog / rana 0.79, carrots /
zanahorias 0.79, cherries / cerezas 0.78, pillow / almohada 0.77, sheep / oveja 0.77; a thing
and a sibling or a neighbour of it, or a word of like letters, sit lower: undergraduate /
universidad 0.72, apricots / cerezas 0.72, key / llavero 0.71, cat / perro 0.68, dog / gato
0.62, hammer / martes 0.62, hamster / tortuga 0.55 (``MIN_COSINE`` lies above them all). Some
true pairs sit lower too (umbrella / paraguas 0.74, scissors / tijeras 0.72, squirrel /
ardilla 0.51, donkey / burro 0.59): those stay unread, as before.

Only the words of memories written in the other language than the question are compared,
and only those the question's other words brought among the best matches (the caller's
choice): a word of the question's own language is the index's to find. Words with a capital
are names, not compared. Never decides that a thing is absent; only that one is named.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from actors.lazy_re import lazy_regex
from actors.navigation.bilingual import reads_spanish
from actors.text import STOPWORDS, fold

MIN_COSINE = 0.75
"""A memory's word this close to the asked word (cosine of the sentence model's vectors of
the two words alone) names the same thing in the other language (see the module's
figures)."""
MIN_LETTERS = 3
"""Shorter words are not compared ("el", "de" are stop words; "ojo" is kept)."""
COMPARED = 200
"""Words compared at most per question, from the best matched memory down: encoding a word
costs about 1-3 ms here (load 1-30), so a question over long saved sessions never pays more
than a fraction of a second, and only once per process for each word (``CACHED``)."""
CACHED = 4096
"""Word vectors kept per process (2 KB each); the cache is cleared when full."""
_WORD = lazy_regex(r"[^\W\d_]+")


class CrossWords:
    """The sentence model's vectors of single words, cached, to tell whether a memory of the
    other language names the asked thing. Any thread (a lock guards the cache)."""

    def __init__(self, encode: Callable[[list[str]], Any], ready: Callable[[], bool]) -> None:
        self._encode = encode
        self._ready = ready
        self._lock = threading.Lock()
        self._cache: dict[str, Any] = {}

    def named_in(self, word: str, question: str, texts: Iterable[str]) -> bool:
        """Whether one of ``texts`` written in the other language than ``question`` holds a
        word (lower case, no name) within ``MIN_COSINE`` of ``word``; False while the model
        is not loaded (a search never waits for it here)."""
        if not self._ready():
            return False
        spanish = reads_spanish(question)
        candidates = list(dict.fromkeys(
            found for text in texts if reads_spanish(text) != spanish
            for found in _WORD.findall(text) if found[:1].islower()
            and len(found) >= MIN_LETTERS and fold(found) not in STOPWORDS))[:COMPARED]
        if not candidates:
            return False
        vectors = self._vectors([word.lower(), *candidates])
        asked = vectors[word.lower()]
        return any(float(asked @ vectors[found]) >= MIN_COSINE for found in candidates)

    def _vectors(self, words: list[str]) -> dict[str, Any]:
        """Each word's unit vector, encoded once per process."""
        with self._lock:
            out = {word: self._cache[word] for word in words if word in self._cache}
        missing = [word for word in dict.fromkeys(words) if word not in out]
        if missing:
            out.update(zip(missing, self._encode(missing), strict=True))
            with self._lock:
                if len(self._cache) + len(missing) > CACHED:
                    self._cache.clear()
                self._cache.update((word, out[word]) for word in missing)
        return out
