"""A sentence told of someone by a pronoun, when the sentence before names that one person:
"I met my neighbour Iker. He's a firefighter.", "Conocí a mi vecina Itziar. Es bombera."

The role rules read a job said of a name ("Iker is a firefighter", ``patterns._role_facts``);
said by "he", "she" or a Spanish verb without its subject, the job was no one's, and "What
does Iker do?" found nothing on his timeline (issue 18). ``said_of_one`` gives the sentence
with the one name in the pronoun's place, for those rules to read. Only when the pronoun
opens its sentence, the sentence right before names exactly one candidate (a capitalised word
that is no common word at its start, any capitalised word after it) and nothing else is
told between: "I met Iker and Ane. She's a nurse." or "I met Iker in Bilbao. He's ..." are
no one's. Pure text; never a guess at a pronoun's gender.
"""

from __future__ import annotations

import re

from actors.facts.common_words import is_common_word
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

_PRONOUN = lazy_regex(
    r"^(?:(?:and|y)\s+)?(?:(?:he|she)(?P<is>'s|’s|\s+is)|(?:he|she)\s+(?P<works>works)|"
    r"(?:(?:el|ella)\s+)?(?P<es>es|trabaja)(?=\s))")
"""A pronoun opening a sentence, with its verb ("He's", "she works", "Es", "Ella trabaja"),
matched on the folded sentence."""
_WORD = lazy_regex(r"[^\W\d_][\w'’-]*:?")
"""A word of the sentence before, a turn's label ("Nora:") with its colon."""
_VERB_BEFORE = lazy_regex(r"\s+(?:a|al|con|en|que|por|para|le|les|me|nos)\s", re.IGNORECASE)
"""What follows a Spanish verb opening a sentence, never a name ("Conocí a", "Quedé con")."""
_OPENING_WORDS = frozenset("ayer hoy anoche anteayer manana luego despues".split())
"""Spanish words of when that open a sentence and are in no dictionary the module reads."""
_LABEL_OR_DATE = lazy_regex(r"^\s*(?:\[[^\]\n]*\]\s*)?(?:[^\W\d_][\w .'-]{0,30}:\s+)?")
"""What may open a line before its words: its date, its speaker."""


def _the_one_name(sentence: str) -> str | None:
    """The one candidate the sentence names, or None when it names none or several."""
    found = _candidates(sentence)
    return found[0] or None if len(found) == 1 else None


def _candidates(sentence: str) -> list[str]:
    """Who or what the sentence names, by its runs of capitalised words: a name, or "" for an
    owner ("Marta's brother": someone else, who is no name of the one told of)."""
    body = sentence[_LABEL_OR_DATE.match(sentence).end():]  # type: ignore[union-attr]
    found: list[str] = []
    run: list[str] = []
    for index, m in enumerate(_WORD.finditer(body)):
        word = m.group(0)
        capital = word[:1].isupper() and word != "I" and not word.endswith(":")
        if capital and index == 0 and (is_common_word(word) or fold(word) in STOPWORDS
                                       or fold(word) in _OPENING_WORDS
                                       or _VERB_BEFORE.match(body, m.end()) is not None):
            capital = False  # "My", "Yesterday"; "Conocí a", "Vi al": a verb
        if capital:
            run.append(word)
        if run and (not capital or word.endswith(("'s", "’s"))):
            owner = run[-1].endswith(("'s", "’s"))
            found.append("" if owner else " ".join(run))
            run = []
    if run:
        found.append(" ".join(run))
    return found


def said_of_one(said: list[str], index: int) -> tuple[str, str] | None:
    """(name, sentence with the name in the pronoun's place) when the sentence at ``index``
    opens with a pronoun and the sentence before names one person: ("Iker", "Iker is a
    firefighter."); else None."""
    if index == 0:
        return None
    sentence = said[index].strip()
    m = _PRONOUN.match(fold(sentence))
    if m is None:
        return None
    name = _the_one_name(said[index - 1])
    if name is None or any(set(_candidates(before)) - {name} for before in said[:index - 1]):
        return None  # "I met Iker. Marta is a nurse. He is a chef.": Iker or Marta?
    verb = "is" if m.group("is") else m.group("works") or m.group("es")
    return name, f"{name} {verb}{sentence[m.end():]}"
