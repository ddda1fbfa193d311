"""A chat speaker's thing that every memory naming it tells as another speaker's own.

"What is the name of Tomás's niece?" in a chat between Maya and Tomás, where the only niece
is Maya's ("Maya: My niece Adaeze was born last Tuesday!"); "What is the name of Maya's
brother?" when the only brother is Tomás's ("Tomás: mi hermano Diego es dentista"); "What did
Tomás name his greyhound?" when the greyhound is Maya's. The thing is held, so no rule of
things never mentioned fires, and the other speaker's turn is as close to the question as any
answer would be: served first, it answers about the wrong person. The thing is never stored
of the one asked when every line holding it in any form (another form, its translation, a word
close in meaning, a thing of the kind asked, a word of the relation's group) is a labelled
line of another speaker of the chat, in the first person, addressing nobody and never naming
the one asked. A single line of anyone else's (the one asked, a "your niece?" to them, a note
without a label) leaves the question to the ranking. This module reads the memories holding
the thing (at most ``HOLDERS_READ``); the navigation actor decides. It never ranks.
"""

from __future__ import annotations

from collections.abc import Mapping

from actors.facts.common_words import is_common_word
from actors.facts.speakers import opening_speaker, past_label
from actors.navigation.apart import VALUE_WORDS, Apart
from actors.navigation.asked_person import names_asked, speaks_of_self
from actors.navigation.bilingual import other_reading
from actors.navigation.closed_kinds import kind_of, kind_of_thing, things_of
from actors.navigation.everyday_kinds import everyday_things_of
from actors.navigation.query import (
    NOW_WORDS,
    QUALIFIERS,
    RELATION_WORDS,
    asked,
    framing,
    kin,
    owned_by_name,
    possessed,
)
from actors.navigation.read_model import ReadModel
from actors.navigation.readings import Match
from actors.navigation.stem import stem
from actors.navigation.unmentioned import LIGHT_VERBS, TELLING_VERBS, TIME_WORDS
from actors.text import STOPWORDS, fold
from actors.text import terms as text_terms

HOLDERS_READ = 24
"""A thing held by more memories than this is not read line by line: a word said that often
in a chat is said by both speakers somewhere, and reading every holder would cost a search
the texts of a large share of the store."""


class ToldByOthers:
    """Built by the navigation actor each time it (re)opens its read model, beside
    ``Apart`` (whose forms of a word it reads)."""

    def __init__(self, model: ReadModel, apart: Apart) -> None:
        self.model = model
        self.apart = apart

    def things(self, topic: str, speakers: set[str], best: Mapping[str, Match]
               ) -> tuple[tuple[str, str, str], ...]:
        """(the speaker asked, the thing, the speaker who tells it as their own) when the
        question names one speaker of the chat (``speakers``: folded names) and asks about a
        thing of theirs ("Tomás's niece", "his greyhound", "which car did Tomás buy") that
        every line holding it tells as another speaker's own; empty otherwise. Every thing
        the question asks about must be so: one told of the one asked, or by no one's label,
        keeps the question answerable."""
        persons = {fold(name): name for name in names_asked(topic) if fold(name) in speakers}
        if len(persons) != 1:
            return ()  # no speaker asked, or two ("Which of the two friends...?")
        (person, written), = persons.items()
        excluded = framing(topic) | LIGHT_VERBS | TELLING_VERBS | TIME_WORDS | NOW_WORDS \
            | QUALIFIERS | VALUE_WORDS | STOPWORDS | set(speakers)
        words = [word for owner, word in owned_by_name(topic) if fold(owner) == person]
        words += [*possessed(topic, pronouns=True), *asked(topic)]
        words = list(dict.fromkeys(word for word in words
                                   if fold(word).lower() not in excluded))
        if not words or not all(map(_a_thing_one_has, words)):
            return ()
        tellers: set[str] = set()
        for word in words:
            told = self._teller(word, person, speakers, best)
            if told is None:
                return ()
            tellers.add(told)
        if len({fold(name) for name in tellers}) != 1:
            return ()
        other = min(tellers)
        return tuple((written, word, other) for word in words)

    def _teller(self, word: str, person: str, speakers: set[str],
                best: Mapping[str, Match]) -> str | None:
        """The one other speaker every line holding ``word`` (in any form, ``_ways``: one
        of them is enough) is an own statement of, None when a line is anyone else's, or the
        word is held by none or by too many memories to read."""
        for forms in self._ways(word, best):
            teller = self._teller_of(forms, person, speakers)
            if teller is not None:
                return teller
        return None

    def _teller_of(self, forms: set[str], person: str, speakers: set[str]) -> str | None:
        """``_teller`` for one set of the word's forms."""
        index = self.model.index
        holders = {leaf for form in forms if index.doc_freq(form)
                   for leaf in index.holders(form)}
        if not holders or len(holders) > HOLDERS_READ:
            return None
        tellers: set[str] = set()
        for leaf in holders:
            lines = [line for line in self.model.text_of(leaf).splitlines()
                     if forms & {stem(t) for t in text_terms(line)}]
            if not lines:
                return None  # held in a title or a tag, not in a line read here
            for line in lines:
                teller = _own_of_other(line, person, speakers)
                if teller is None:
                    return None
                tellers.add(teller)
        return tellers.pop() if len({fold(name) for name in tellers}) == 1 else None

    def _ways(self, word: str, best: Mapping[str, Match]) -> list[set[str]]:
        """The sets of terms a line may tell ``word`` with: its own forms and translation and
        the words close to it (``Apart.forms``) and the things of the kind it names
        ("instrument": cello, violonchelo). A relation has two, either enough: the words of
        its kind and those naming any kind ("brother": "hermano", "siblings"; ``query.kin``)
        with their translations, not the words close to it (a sister is close to a brother,
        and no brother: "Maya's brother" when only Maya's sister and Tomás's brother are
        told); and every word of the relation's group ("husband": "novia", "prometida"), when
        the question's own kind is told by no one ("Maya's husband" when only Tomás's
        girlfriend is)."""
        index = self.model.index
        related = kin(word)
        if related:
            out: set[str] = set()
            for each in (fold(word).lower(), *related):
                for term in (stem(t) for t in text_terms(each)):
                    out |= {term, *index.derived_forms(term)}
                for _, readings in other_reading(each) or ():
                    out.update(stem(t) for reading in readings for t in text_terms(reading))
            return [out, self.apart.relation_forms(word)]
        out = set()
        for term in (stem(t) for t in text_terms(word)):
            out |= self.apart.forms(term, word, best)
            out.update(everyday_things_of(term))
        kind = kind_of(word)
        if kind is not None:
            out.update(things_of(kind))
        return [out]


def _a_thing_one_has(word: str) -> bool:
    """Whether ``word`` names a person one has ("niece", "husband"), a thing of an everyday
    kind ("greyhound" aside: "cat", "car", "instrument") or a word rare enough to name one
    thing ("greyhound", "tattoo"). A common word ("place", "eye") is told of its owner in
    other words as often ("What was Tomás's favorite place in Japan?" / "Lo que más me gustó
    fue Kioto"; "his eye surgery" / "me operé con LASIK"), so the other speaker's holding it
    proves nothing."""
    key = fold(word).lower()
    return key in RELATION_WORDS or kind_of(word) is not None \
        or kind_of_thing(word) is not None or not is_common_word(word)


def _own_of_other(line: str, person: str, speakers: set[str]) -> str | None:
    """The speaker (as labelled) of ``line`` when it is another speaker's own statement (labelled
    by a speaker of the chat who is not ``person``, in the first person, addressing nobody,
    never naming the one asked), else None."""
    speaker = opening_speaker(line)
    if speaker is None or speaker.subject is None:
        return None
    name = fold(speaker.subject)
    if name not in speakers or name == person or not speaks_of_self(line):
        return None
    if person in fold(past_label(line)):
        return None
    return speaker.subject
