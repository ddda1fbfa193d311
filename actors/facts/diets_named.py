"""A diet of someone the user names, told with a pronoun or, in Spanish, with none ("I'm
cooking for my partner Yusuf and me, he went pescatarian in January", "Yusuf has decided to
give up fish too, so from this month he's fully vegetarian", "Yusuf ha decidido dejar
también el pescado, así que desde este mes es vegetariano del todo").

The diet rules of ``patterns`` read the speaker's own diet ("I'm vegetarian") and a name
right before its verb ("Marta is vegan now"); a chat names the person once and goes on with
"he" or, in Spanish, with the verb alone, so the partner's change of diet was recorded
nowhere and the turn telling the old one stayed current (an outside probe, probe45). The
person is the last name written before the diet in the same sentence, with no one else's
("su hermana", "my sister") between. Pure text; never a guess across sentences.
"""

from __future__ import annotations

import re

from actors.facts.common_words import is_common_word
from actors.facts.values import Folded
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

_DIET = r"vegetarian|vegan|pescatarian|pescetarian|flexitarian"
_DIET_ES = r"(?:vegetarian|vegan|pescetarian|flexitarian)[oa]s?"
_ADV = r"(?:(?:now|currently|still|also|actually|just|recently|finally|already|fully|strictly|" \
       r"completely|totally|officially)\s+)*"
_ADV_ES = r"(?:(?:ahora|ya|tambien|totalmente|completamente|estrictamente|oficialmente)\s+)*"
_TOLD = (
    lazy_regex(rf"\b(?:he|she)(?:'s|’s|\s+is|\s+went|\s+became|\s+turned|\s+has\s+(?:gone|"
               rf"become|turned))\s+{_ADV}(?:a\s+)?(?P<d>{_DIET})(?![\w-])"),
    lazy_regex(rf"\b(?:es|se\s+ha\s+hecho|se\s+hizo)\s+{_ADV_ES}(?P<d>{_DIET_ES})(?![\w-])"),
)
"""A diet told of "he"/"she", or of a Spanish verb's person alone ("es vegetariano")."""
_NAME = lazy_regex(r"(?<![\w'’-])([A-ZÁÉÍÓÚÑ][\w'’-]+)(?!\s*:)")
"""A capitalised word, not a chat label ("User:")."""
_SOMEONE_ELSE = lazy_regex(
    r"\b(?:su|sus|mi|mis|tu|tus|nuestr[oa]s?|his|her|my|their|our)\s+(?!own\b)[a-z]+\b(?!\s+[A-ZÁÉÍÓÚÑ])")
"""Someone else named between the name and the diet ("Ana dice que su hermana es
vegetariana"): the diet is theirs, not the name's. A relation before its name ("my partner
Yusuf") is the name itself."""


def named_diets(span: Folded) -> list[tuple[int, str, str, str]]:
    """(trigger start, subject, "diet", value) for each diet ``span`` tells of a named person
    with a pronoun or a verb alone."""
    out: list[tuple[int, str, str, str]] = []
    for pattern in _TOLD:
        for m in pattern.finditer(span.folded):
            before = span.original(0, m.start())
            names = [n for n in _NAME.finditer(before) if _a_name(n, before)]
            if not names:
                continue
            last = names[-1]
            if _SOMEONE_ELSE.search(before, last.end()):
                continue
            out.append((m.start(), last.group(1),
                        "diet", span.original(m.start("d"), m.end("d")).lower()))
    return out


def _a_name(m: re.Match[str], before: str) -> bool:
    """Whether a capitalised word is a person's name: no stop word, no place ("in Berlin",
    "en Cáceres"), and where a sentence opens no common word ("Another thing: Yusuf ..."),
    unless the diet's verb follows it ("Luis es vegetariano")."""
    key = fold(m.group(1)).lower()
    if key in STOPWORDS or key == "i" or _PLACE_BEFORE.search(before, 0, m.start()):
        return False
    opens = not before[:m.start()].strip() \
        or before[:m.start()].rstrip()[-1:] in ".!?:¡¿\"“"
    return not opens or not is_common_word(m.group(1)) or not before[m.end():].strip()


_PLACE_BEFORE = lazy_regex(r"\b(?:in|at|to|from|near|en|a|de|desde|hacia)\s+$", re.IGNORECASE)
"""A preposition right before a capitalised word: a place, no person."""
