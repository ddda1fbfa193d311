"""A chat speaker's thing or doing that every memory telling it tells as another speaker's own.

"What is the name of Tomás's niece?" in a chat between Maya and Tomás, where the only niece
is Maya's ("Maya: My niece Adaeze was born last Tuesday!"); "What is the name of Maya's
brother?" when the only brother is Tomás's ("Tomás: mi hermano Diego es dentista"); "What did
Tomás name his greyhound?" when the greyhound is Maya's; "When did Tomás run a half
marathon?" when only Maya ran one ("Maya: I ran the Denver half marathon last Sunday"). The
thing is held, so no rule of things never mentioned fires, and the other speaker's turn is as
close to the question as any answer would be: served first, it answers about the wrong person.
The thing is never stored of the one asked when every line holding it in any form (another
form, its translation, a word close in meaning, a thing of the kind asked, a word of the
relation's group) is a labelled line of another speaker of the chat, in the first person,
addressing nobody and never naming the one asked, or the one asked's question to the other
about it ("Tomás: ¿Te vas a recuperar para Islandia?"). A single line of anyone else's (the
one asked's own, a "your niece?" to them, a note without a label) leaves the question to the
ranking. This module reads the memories holding the thing (at most ``HOLDERS_READ``); the
navigation actor decides. It never ranks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from actors.facts.common_words import is_common_word
from actors.facts.speakers import opening_speaker, past_label
from actors.navigation.answer_type import NAME_WORDS, asks_name
from actors.navigation.apart import VALUE_WORDS, Apart
from actors.navigation.asked_person import names_asked, tells_of_self, tells_the_other
from actors.navigation.bilingual import other_reading
from actors.navigation.closed_kinds import kind_of, kind_of_thing, things_of
from actors.navigation.everyday_kinds import everyday_things_of
from actors.navigation.query import (
    NOW_WORDS,
    QUALIFIERS,
    QUESTION_WORDS,
    RELATION_WORDS,
    asked,
    composed,
    framing,
    kin,
    owned_by_name,
    possessed,
)
from actors.navigation.question_verb import question_verbs
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

    def told(self, topic: str, speakers: set[str], best: Mapping[str, Match]
             ) -> tuple[tuple[str, str, str], ...]:
        """``things``, else ``doings``: what the question asks of one speaker, told only as
        another's own."""
        return self.things(topic, speakers, best) or self.doings(topic, speakers, best)

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
            | QUALIFIERS | VALUE_WORDS | STOPWORDS | set(speakers) | question_verbs(topic)
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

    def doings(self, topic: str, speakers: set[str], best: Mapping[str, Match]
               ) -> tuple[tuple[str, str, str], ...]:
        """(the speaker asked, a word, the speaker whose own doing it is) when the question
        names one speaker of the chat and what it asks, an event or a doing ("When did Tomás
        run a half marathon?", "When did Maya take sailing lessons?", "What car did Tomás
        buy?"), is told only in another speaker's own lines: a word of it (in any form,
        translation or word close in meaning, ``_ways``) that every line holding it tells as
        that speaker's own ("Maya: I ran the Denver half marathon"), or asks of that speaker in
        the one asked's words ("Tomás: ¿Te vas a recuperar para Islandia?"). A word no
        memory holds in any form, in either language, is never stored either ("What tattoo
        did Tomás get?": no "tattoo", no "tatuaje") when it names a thing
        (``_a_thing_one_has``) and the question asks nothing else. Any other
        line holding a word (the one asked's own, a question to them, a note without a
        label) leaves the question to the ranking, unless another word is only the other's."""
        persons = {fold(name): name for name in names_asked(topic) if fold(name) in speakers}
        if len(persons) != 1:
            return ()
        (person, written), = persons.items()
        words = distinctive(topic, speakers)
        # a Spanish question's verb ("vive", "practica") is a doing, never a thing one has
        # nor a word naming one thing, as an English question's "live" or "play" is not
        verbs = question_verbs(topic)
        if not words or any(map(_a_person, words)):
            return ()  # a person of theirs is ``things``'s, with the words of its group
        lines_of: dict[str, list[str] | None] = {}
        for word in words:
            lines_of[word] = self.lines_holding(word, best)
        held = {word: lines for word, lines in lines_of.items() if lines}
        if not held:
            # ...in either language: a word the lexicon cannot translate ("triatlón") may be
            # held in the other's spelling ("triathlon")
            unheld = [word for word, lines in lines_of.items() if lines == []
                      and other_reading(word) is not None]
            if len(unheld) == len(words) and all(
                    _a_thing_one_has(word) and fold(word).lower() not in verbs
                    for word in unheld):
                return tuple((written, word, "") for word in unheld)
            return ()
        others = {word: _whose_all(lines, person, speakers) for word, lines in held.items()}
        only = {word: other for word, other in others.items() if other is not None}
        if len(only) < len(held) or len(held) < len(lines_of) or len(held) < 2:
            # a word the one asked may tell their own doing with ("move": "nos mudamos a
            # Chicago"), or that no memory holds (the doing told in other words: "pay" for
            # "it cost me $21,000"), leaves the question theirs, unless the other's word
            # names one thing ("Denver", "marathon"): a common word is told of its owner in
            # other words ("car" for "a used Subaru"), and one alone may be the lexicon's gap
            # ("grow" read only as "crecer" when the one asked said "crecí")
            only = {word: other for word, other in only.items()
                    if specific(word) and fold(word).lower() not in verbs}
        if not only or len({fold(name) for name in only.values()}) != 1:
            return ()
        return tuple((written, word, other) for word, other in only.items())

    def lines_holding(self, word: str, best: Mapping[str, Match]) -> list[str] | None:
        """``lines_with`` all the forms of ``word`` (``_ways``)."""
        return self.lines_with(set().union(*self._ways(word, best)))

    def lines_with(self, forms: set[str]) -> list[str] | None:
        """The lines of the memories holding one of ``forms``: [] when none holds it, None
        when too many do (``HOLDERS_READ``: not a word of one thing or one event) or one holds
        it in a title or a tag, not in a line read here."""
        index = self.model.index
        holders = {leaf for form in forms if index.doc_freq(form)
                   for leaf in index.holders(form)}
        if len(holders) > HOLDERS_READ:
            return None
        out: list[str] = []
        for leaf in sorted(holders):
            lines = [line for line in self.model.text_of(leaf).splitlines()
                     if forms & {stem(t) for t in text_terms(line)}]
            if not lines:
                return None
            out += lines
        return out

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
        lines = self.lines_with(forms)
        return _whose_all(lines, person, speakers) if lines else None

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
            if kind_of(word) is not None:  # a thing's names ("car", "coche"), no relation's
                return [out | self._things_named(word)]
            return [out, self.apart.relation_forms(word)]
        out = set()
        for term in (stem(t) for t in text_terms(word)):
            out |= self.apart.forms(term, word, best)
        return [out | self._things_named(word)]

    @staticmethod
    def _things_named(word: str) -> set[str]:
        """The things of the kind ``word`` names ("car": "Subaru", "Honda"), whichever of its
        names asks it ("car", "coche": a group of ``query.kin`` too)."""
        out = {thing for term in (stem(t) for t in text_terms(word))
               for thing in everyday_things_of(term)}
        kind = kind_of(word)
        if kind is not None:
            out.update(things_of(kind))
        return out


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


def distinctive(topic: str, speakers: set[str]) -> list[str]:
    """The words of the question that say what it asks, as written: not its framing, a light
    or telling verb, a time, a qualifier, a stop word, a number or a speaker's name
    ("When did Tomás run a half marathon?" -> run, half, marathon). Letters glued to a number
    are the number's ("90th", "3rd", "10km"): read as a word, "th" of "Tomás's grandfather's
    90th" was held only in "the 30th of April" of another's line, and the question was judged
    never told of him."""
    excluded = framing(topic) | LIGHT_VERBS | TELLING_VERBS | TIME_WORDS | NOW_WORDS \
        | QUALIFIERS | VALUE_WORDS | STOPWORDS | QUESTION_WORDS | set(speakers) \
        | (NAME_WORDS if asks_name(topic) else frozenset())
    words = [word for word in re.findall(r"(?<!\d)[^\W\d_]{2,}", topic)
             if not {fold(word).lower(), stem(fold(word).lower())} & excluded
             and text_terms(word)]  # "weekends" is a time as "weekend" is
    return list(dict.fromkeys(words))


def _a_person(word: str) -> bool:
    """Whether ``word`` names a person one has ("partners", "pareja"; "niece", a relative's
    relative: "SOY TÍA!!!" and "Martina, 3,2 kilos" tell one in no word of it)."""
    key = fold(word).lower()
    return bool({key, stem(key)} & RELATION_WORDS) or composed(word) is not None


def specific(word: str) -> bool:
    """Whether ``word`` names one thing, not something told in many words: a word common in
    neither language ("marathon", "Denver", "tobillo"; "mudó" is "moved", "toca" is "play")."""
    return not any(map(is_common_word, {word, stem(fold(word).lower())})) and not any(
        is_common_word(term) for _, readings in other_reading(word) or ()
        for reading in readings for term in reading.split())


def _whose_all(lines: list[str], person: str, speakers: set[str]) -> str | None:
    """The one other speaker every line of ``lines`` is of (``_of_other``), else None."""
    whose = [_of_other(line, person, speakers) for line in lines]
    if not whose or None in whose:
        return None
    named = {fold(name): name for name in whose if name}
    if len(named) != 1:
        return None  # none said of themselves, or two others did
    return next(iter(named.values()))


def _of_other(line: str, person: str, speakers: set[str]) -> str | None:
    """The other speaker ``line`` tells of: theirs (``_own_of_other``), or "" for a line of
    the one asked said to the other in the second person and nothing of their own ("Tomás:
    ¿Te vas a recuperar para Islandia?" in a chat of two), else None."""
    own = _own_of_other(line, person, speakers)
    if own is not None:
        return own
    speaker = opening_speaker(line)
    if speaker is None or speaker.subject is None or fold(speaker.subject) != person \
            or len(speakers) != 2 or tells_of_self(line):
        return None
    return "" if tells_the_other(line) else None


def _own_of_other(line: str, person: str, speakers: set[str]) -> str | None:
    """The speaker (as labelled) of ``line`` when it is another speaker's own statement (labelled
    by a speaker of the chat who is not ``person``, in the first person, addressing nobody,
    never naming the one asked), else None."""
    speaker = opening_speaker(line)
    if speaker is None or speaker.subject is None:
        return None
    name = fold(speaker.subject)
    if name not in speakers or name == person or not tells_of_self(line):
        return None
    if person in fold(past_label(line)):
        return None
    return speaker.subject
