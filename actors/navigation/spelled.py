"""A place's name as the other language spells it, told by its letters.

English and Spanish write many foreign names by their sound, each with its own letters:
"Reykjavik" / "Reikiavik", "Gothenburg" / "Gotemburgo", "Stockholm" / "Estocolmo",
"Edinburgh" / "Edimburgo", "Philadelphia" / "Filadelfia", "Hanover" / "Hannover". A
question naming the place one way found no memory naming it the other ("no stored memory
mentions 'Reykjavik'": probe43), because the check reads spellings it knows
(``regions.translated``) or the first letters ("Lisboa" / "Lisbon"), and these differ early.

Each name is read as a key of letters in which the two orthographies agree (``key``): the
letters one language writes for a sound the other writes otherwise are made one ("k", "qu"
and "c"; "y", "j" and "i"; "v" and "b"; "w" and "u"; "z" and "s"; "ph" and "f"), silent
"h" and doubled letters dropped, and the endings Spanish adds ("-o", "-a", "-e", the "e"
before "s" and a consonant) taken off. Two names are one place when their keys are equal:
no distance, so "Bolton" is never "Boston". Pure functions.
"""

from __future__ import annotations

from actors.lazy_re import lazy_regex
from actors.text import fold

_SOUNDS = (("ph", "f"), ("th", "t"), ("gh", "g"), ("ck", "c"), ("qu", "c"), ("k", "c"),
           ("y", "i"), ("j", "i"), ("v", "b"), ("w", "u"), ("z", "s"), ("ou", "u"),
           ("nb", "mb"), ("h", ""))
"""Letters of one sound, in the order they are replaced (digraphs before their letters)."""
_DOUBLED = lazy_regex(r"(.)\1+")
_SPANISH_E = lazy_regex(r"^es(?=[bcdfgklmnpqrtv])")
"""The "e" Spanish writes before an initial "s" and a consonant ("Estocolmo", "Estrasburgo")."""
MIN_KEY = 5
"""Shorter keys are not compared: a short name spelled otherwise is seldom a place ("Kiev"
and "Kyiv" differ anyway), and two short names meet by chance."""
_NAME = lazy_regex(r"\b[^\W\d_][^\W\d_'’-]*")


def key(name: str) -> str:
    """The letters of ``name`` in which English and Spanish spellings of it agree (see the
    module's docstring): "Reykjavik" and "Reikiavik" -> "reiciabic"."""
    letters = "".join(ch for ch in fold(name).lower() if ch.isalpha())
    letters = _SPANISH_E.sub("s", letters)
    for written, said in _SOUNDS:
        letters = letters.replace(written, said)
    letters = _DOUBLED.sub(r"\1", letters)
    return letters[:-1] if len(letters) > MIN_KEY and letters[-1] in "aeo" else letters


def same_place(asked: str, written: str) -> bool:
    """Whether ``written`` (a word of a memory) spells the name ``asked`` (one word) as the
    other language does: their keys are equal and long enough to tell."""
    own = key(asked)
    return len(own) >= MIN_KEY and fold(asked).lower() != fold(written).lower() \
        and own == key(written)


def spelled_in(asked: str, texts: list[str]) -> bool:
    """Whether one of ``texts`` names ``asked`` (one word, a place's name) in another
    spelling, as a word written with a capital (a name, as the place is)."""
    return any(same_place(asked, word) for text in texts for word in _NAME.findall(text)
               if word[:1].isupper())
