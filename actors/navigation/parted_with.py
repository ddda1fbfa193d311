"""A thing asked as bought that every memory holding it tells as sold.

"What car did the user buy in Barcelona?" when the only car told is the one sold before the
move ("Y he vendido mi coche, un Seat Ibiza de 2012, a un vecino"); "¿Cuánto pagó el usuario
por el coche nuevo?" beside "Sold the old Toyota Yaris for £3,900". The car is held, the
memory is close in meaning and holds a price, so no rule of things never mentioned fires and
the sale answered the purchase. The question asks one relation to the thing (getting it), the
memories tell the other (parting with it): the purchase is never stored. Judged when every
line holding the thing (in any form of its own, ``PartedWith._forms``: "coche", a make) tells a
sale, or is the assistant's (a general word: "En Barcelona el coche es más un problema"),
at least one is the sale, and none tells getting a thing in any words ("got a new one",
"picked up the Yaris", "me compré", "estrené"; the assistant's "Enjoy the new car!"). Pure
reading of the memories holding the word; the navigation actor decides.
"""

from __future__ import annotations

from collections.abc import Mapping

from actors.facts.speakers import opening_speaker, past_label
from actors.lazy_re import lazy_regex
from actors.navigation.bilingual import other_reading
from actors.navigation.closed_kinds import kind_of, kind_of_thing, things_of
from actors.navigation.query import asked, kin, paid_for, possessed
from actors.navigation.question_verb import question_verbs
from actors.navigation.readings import Match
from actors.navigation.stem import stem
from actors.navigation.told_by_others import ToldByOthers
from actors.text import fold
from actors.text import terms as text_terms

_AR_ENDING = (r"(?:a|as|an|o|e|es|en|amos|emos|aste|asteis|aron|ado|ada|ados|adas|aba|aban|"
              r"abas|abamos|ara|aran|aria|arias|arian|ando|ar)(?:me|te|se|le|les|lo|la|los|las|"
              r"nos)?")
"""The endings of a Spanish -ar verb (folded: "compró" reads "compro"), with the pronouns
it may carry ("comprarlo", "pagándole")."""
_BOUGHT_ASKED = lazy_regex(
    r"\b(?:buy|buys|bought|purchased?|pay|pays|paid|cost|costs|"
    rf"compr{_AR_ENDING}|pag{_AR_ENDING}|pagu(?:e|es|en|emos)|cost[oó]\w*|cuesta)\b")
"""A question asking a purchase or its price (folded), by the verbs' own forms: "comprobó",
"compromiso", "página" or "page" ask none."""
_SOLD = lazy_regex(r"\b(?:sold|sell|sells|selling|vend[ií]\w*|vend[eo]\w*)\b")
"""A line (or a question) telling a sale (folded)."""
_GOT = lazy_regex(
    r"\b(?:bought|buy|buying|purchased?|got|get|getting|picked\s+up|ordered|new|newer|"
    r"lease[sd]?|financed|compr\w*|adquir\w*|nuev[oa]s?|estren\w*|recog\w*|pedi|"
    r"me\s+lleg\w*|traded?\s+in|swapp?ed)\b")
"""A line telling a thing got, in any words: "got a new one", "picked up the Yaris from the
dealer", "me compré", "estrené", "traded in the Seat for a Kia"."""
_CONGRATULATED = lazy_regex(r"\b(?:new|nuev[oa]s?|congrat\w*|enhorabuena|disfruta\w*|enjoy)\b")
"""An assistant's line telling the user got a thing ("Enjoy the new car!"): its advice
("Get loose-leaf rooibos") tells nothing got."""


def asks_bought(topic: str) -> tuple[str, ...]:
    """The things ``topic`` asks were bought or paid for ("What car did the user buy?" ->
    "car", "¿Cuánto pagó por el coche nuevo?" -> "coche"), folded; none for a question
    asking a sale too ("Did the user sell the car he bought?")."""
    folded = fold(topic).lower()
    if not _BOUGHT_ASKED.search(folded) or _SOLD.search(folded):
        return ()
    words = [fold(word).lower() for word in (*paid_for(topic), *asked(topic), *possessed(topic))]
    verbs = question_verbs(topic)
    return tuple(dict.fromkeys(word for word in words
                               if not _BOUGHT_ASKED.search(word) and word not in verbs))


def _assistants(line: str) -> bool:
    """Whether ``line`` is the assistant's turn (a model's label: ``speakers.ASSISTANT_LABELS``
    give a speaker with no subject)."""
    speaker = opening_speaker(line)
    return speaker is not None and speaker.subject is None


class PartedWith:
    """Built by the navigation actor beside ``ToldByOthers`` (whose line reading it uses)."""

    def __init__(self, told_by_others: ToldByOthers) -> None:
        self.told_by_others = told_by_others

    def sold_only(self, topic: str, best: Mapping[str, Match]) -> tuple[str, ...]:
        """The things ``topic`` asks were bought that every memory holding them tells as
        sold (or names in the assistant's words), none as got: empty when any thing asked
        is held otherwise, by too many memories to read, or by none (other rules' to
        judge)."""
        out = []
        for word in asks_bought(topic):
            lines = self.told_by_others.lines_with(self._forms(word))
            if not lines:
                return ()
            said = [fold(past_label(line)).lower() for line in lines]
            if any(_CONGRATULATED.search(text) if _assistants(line) else _GOT.search(text)
                   for line, text in zip(lines, said, strict=True)):
                return ()  # the assistant's "Get loose-leaf rooibos" is advice, no purchase
            theirs = [not _assistants(line) for line in lines]
            sold = [bool(_SOLD.search(text)) for text in said]
            if not any(map(all, zip(theirs, sold, strict=True))) or not all(
                    is_sold or not own for own, is_sold in zip(theirs, sold, strict=True)):
                return ()  # no sale told by the user, or a line neither sale nor advice
            out.append(word)
        return tuple(out)

    def _forms(self, word: str) -> set[str]:
        """The index terms naming the thing ``word`` names, never a word close in meaning
        (``Apart.forms``' neighbours bring flights and tea shops): itself and its forms, the
        other names of its kind ("coche", "vehicle": ``query.kin``), its translations, and
        the things of its kind ("Seat", "Toyota": ``closed_kinds.things_of``)."""
        index = self.told_by_others.model.index
        out: set[str] = set()
        names = {word, *kin(word)}
        for each in tuple(names):
            names.update(reading for _, readings in other_reading(each) or ()
                         for reading in readings)
        for each in names:
            for term in (stem(t) for t in text_terms(each)):
                out |= {term, *index.derived_forms(term)}
            kind = kind_of(each) or kind_of_thing(each)
            if kind is not None:  # "moto", "motorbike": a Honda may be one (more lines
                out.update(things_of(kind))  # holding it only judge less)
        return {term for term in out if not term.isdigit()}  # a model's "4" is any four
