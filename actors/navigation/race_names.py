"""A race named by its distance in a question ("the 5K", "my 10K time", "la 10K", "los 21K"),
and whether a memory names that race in any writing ("5K", "5 k", "5 km", "5 kilómetros").

The words of a search split digits from letters, so "the 5K" was read as the number 5 (the
letter alone is no term): "What was the user's time in the 5K?" over "Finished the 10K in
57:42" held every word but a number, and served the 10K's time (issue 18). A distance race's
name is no count: its digits and its K are one word, which a memory holds or not. Pure text;
a thousand ("a 50k salary", "5K followers") is no race: the K must follow an article or a
possessive and end the phrase or come before a race's word. Never a guess at what the number
counts otherwise.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex
from actors.text import fold

_RACE = lazy_regex(
    r"\b(?:the|a|an|my|his|her|their|our|this|that|next|last|first|la|una|mi|su|esa|esta|"
    r"los|sus|mis|el|un)\s+(?:\w+\s+)?(?P<n>\d{1,3})\s?k(?![\w])"
    r"(?=\s*(?:[?.!,;:)]|$|(?:race|run|runs|races|carrera|carreras|time|times|tiempo|pb|"
    r"result|results|resultado|in|on|at|de|del|en)\b))", re.IGNORECASE)
"""A distance race asked: digits and a K after a determiner, ending the phrase or before a
race's word or a place's or a day's preposition ("the 5K?", "my 10K time", "la 10K del
domingo", "the 21K race"; not "a 50k salary", "my 5K followers")."""


def races_asked(question: str) -> tuple[str, ...]:
    """The distance races a question names, as written ("5K"), each once."""
    return tuple(dict.fromkeys(f"{m.group('n')}K" for m in _RACE.finditer(fold(question))))


def names_race(text: str, race: str) -> bool:
    """Whether ``text`` names the distance race ``race`` ("5K") in any writing: "5K", "5k",
    "5 K", "5km", "5 km", "5 kilometres", "5 kilómetros" ("15K" and "5,5 km" are not "5K")."""
    distance = race.removesuffix("K")
    pattern = (rf"(?<![\w.,]){distance}\s?(?:k|kms?|kilomet(?:re|er)s?|kilometros?)(?![\w])")
    return re.search(pattern, fold(text), re.IGNORECASE) is not None
