"""A name and the rest of a question, each held by some memory but never together.

"Which book did Teo give the user?" when Teo is a friend who visited and the book was Inés's
gift; "¿Cuánto paga Teo de alquiler?" when the rent is the user's; "¿Qué restaurante de
Granada recomendó el asistente?" when the assistant recommended one in Cangas and Granada was
a weekend away: every content word is held, so nothing else says "never stored", and the
memory served holds the name or the thing but tells nothing of the two together. A person,
a pet or a place the question names is told of on the days its memories are of (a chat saved
one turn per memory spreads one conversation over several memories, and the turn that holds
the name is seldom the one that holds the thing); when no memory of those days holds any of
the question's other specific words in any form, the question asks about something never
stored. This module reads the index and the memories' days; the navigation actor decides.
It never reads a memory's text (only its terms) and never ranks.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

from actors.embedding.neighbours import WordNeighbours
from actors.facts.questions import attribute_question
from actors.facts.trades import TRADES
from actors.navigation.bilingual import other_reading, translatable
from actors.navigation.everyday_kinds import event_things_of
from actors.navigation.query import (
    KIN,
    NOW_WORDS,
    QUALIFIERS,
    RELATION_WORDS,
    Query,
    asked,
    framing,
    named,
    owned_by_names,
    possessed,
)
from actors.navigation.read_model import ReadModel
from actors.navigation.readings import Match
from actors.navigation.stem import stem
from actors.navigation.unmentioned import LIGHT_VERBS, TELLING_VERBS, TIME_WORDS, as_said
from actors.navigation.value_details import detail_frame
from actors.text import fold
from actors.text import terms as text_terms

SPECIFIC_SHARE = 0.05
"""A question word held by more than this share of the memories (and more than
``SPECIFIC_FLOOR``) is no sign of what the question is about ("assistant" in a chat with one,
"work" in a work diary): it is not required next to the name."""
SPECIFIC_FLOOR = 5
NAME_SHARE = 0.1
"""A name held by more than this share of the memories (and more than ``NAME_FLOOR``) is
everywhere (a speaker of the chat, the user's partner in a diary about them): its days are
most days, and nothing is apart from it."""
NAME_FLOOR = 20
NAME_MOST_SHARE = 0.5
"""A name held by at least this share of the memories is everywhere below ``NAME_FLOOR`` too,
in a store of ``NAME_MOST_FROM`` memories or more: a chat between two friends saved one
session per memory names both in each of its fourteen sessions (the floor counts memories,
and fourteen sessions hold what 209 turns held, where each friend was in a hundred)."""
NAME_MOST_FROM = 10
_SPEAKERS = frozenset("user usuario usuaria assistant asistente".split())
"""The labels of a chat's turns: held by every turn of one side, named by no question's topic."""
VALUE_WORDS = frozenset(
    """cost costs price prices pay pays paid charge charges charged spend spends spent earn
    earns earned fee fees worth living cuesta cuestan costo costaron costar precio paga
    pagan pago pagar gana ganan ganaba cobra cobran cobro gasta gastan gasto vale version
    versions versiones""".split())
"""Words a question asks a value or a trade with ("How much did the Cannondale cost?", "What
does Pablo do for a living?", "¿Cuánto gana...?", "Which Python version do we run?"): the
memory tells the value ("for 450 euros", "is a firefighter", "upgraded from 3.11 to 3.12"),
seldom the word."""


class Apart:
    """Names a question gives that no memory tells of with its other words. Built by the
    navigation actor each time it (re)opens its read model."""

    def __init__(self, model: ReadModel, neighbours: WordNeighbours) -> None:
        self.model = model
        self.neighbours = neighbours

    def apart(self, query: Query, topic: str, best: Mapping[str, Match]
              ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(name, things) for each name of ``topic`` (``query.named``) held by some memory
        whose days hold none of the things the question asks about (``asked``: "which
        book", "Rubén's new job", "el gimnasio de Marcos"), each of which some memory holds,
        nor another name it gives: the question joins what no memory joins. Only the things
        asked are required beside the name, not every word: "How did Marcos cheer the user at
        the race?" is answered by "Marcos waited at the finish with a banner", the race told
        by other memories of other days."""
        index = self.model.index
        size = max(len(index), 1)
        said = as_said(query.text)
        excluded = framing(query.text) | LIGHT_VERBS | TELLING_VERBS | TIME_WORDS \
            | NOW_WORDS | QUALIFIERS | RELATION_WORDS | _SPEAKERS | VALUE_WORDS \
            | detail_frame(query.text)  # "Me pusieron un 9,2"
        most = max(NAME_FLOOR, NAME_SHARE * size)
        if size >= NAME_MOST_FROM:
            most = min(most, max(NAME_SHARE * size, NAME_MOST_SHARE * size - 1e-9))
        names = {name: self._holding_all(_terms(name), most) for name in named(topic)}
        names = {name: held for name, held in names.items() if held and len(held) <= most}
        if not names:
            return ()
        # a name of several words is told by any of them too ("Pulso Salud", then "Pulso
        # uses Snowflake"): its days are those of every memory holding one
        days_of = {name: {self._day(leaf) for leaf in held | self._holding_any(_terms(name))}
                   for name, held in names.items()}
        owned = owned_by_names(topic)
        work = _work_unsaid(query.text, names, owned)
        trade_held: set[str] = set()
        if work is not None:  # "¿A qué se dedica Tomasz?": his job, told by any trade's noun
            owned[work] = (*owned.get(work, ()), _WORK)
            trade_held = self._holding_any(_trade_terms())

        def specific(words: Iterable[str], *, sought: bool = False, trades: bool = False
                     ) -> dict[str, set[str]]:
            out: dict[str, set[str]] = {}
            for word in words:
                if fold(word).lower() in excluded or sought and not translatable(word):
                    continue  # a thing sought the lexicon cannot translate may be told in
                    # the other language on the name's days ("Inés's cast", "enyesada")
                for term in _terms(word):
                    if term in excluded or term.isdigit():
                        continue
                    most = max(SPECIFIC_FLOOR, SPECIFIC_SHARE * size)
                    if any(index.holding_count(form) > most
                           for form in self.own_forms(term, word)):
                        continue  # the word itself held widely, in some form: not read
                    # a word only close to it held widely ("hot" beside "hotel", in 17,000
                    # of a 50k store's notes on code) tells nothing of it: not a form of it
                    forms = {form for form in self.forms(term, word, best)
                             if index.holding_count(form) <= most}
                    held = self._holding_any(forms)
                    if held and len(held) <= most:
                        out[said.get(term, word)] = held
                    if trades and word == _WORK:
                        # any trade's noun tells it, however widely held ("manager")
                        out[_WORK] = held | trade_held
            return out

        # an event of a life asked of the name ("When did Priya get divorced?") is a thing
        # asked too: told of Marco and of Lucía's parents, it is none of Priya's
        events = [word for word in said.values()
                  if any(event_things_of(term) for term in _terms(word))]
        shared = specific((*asked(topic), *possessed(topic), *events), sought=True)
        rest = specific(said.values())
        found = []
        for name in names:
            days = days_of[name]
            # a fact recorded of the name tells it with the thing asked ("How has Yusuf's
            # diet changed?": "Yusuf diet = 'vegetarian'", though no memory says "diet")
            recorded = {attribute for _, attribute in self.model.facts.keys_of_subject(name)}
            owns = tuple(word for word in owned.get(name) or owned.get(name.split()[-1], ())
                         if not recorded & _read_both_ways(word))
            kinship = self.relations_apart(owns, days)
            if kinship:
                found.append((name, kinship))
                continue
            own = set(_terms(name))
            # the work asked in other words is held by any trade's noun too ("He's a carpenter")
            traded = name == work and bool(trade_held)
            things = self.things_unheld([word for word in owns if fold(word).lower()
                                         not in excluded and not own & set(_terms(word))
                                         and not (traded and word == _WORK)], best)
            if things:
                found.append((name, things))
                continue
            focus = {word: held for word, held in {
                **shared, **specific(owns, sought=True, trades=name == work)
            }.items() if not own & set(_terms(word))}  # "her Nissan Leaf": the name itself
            if not focus:
                continue
            # any other word of the question beside the name says the memory is about it
            # ("What grade is the user stuck on at Boulder Lab?": "stuck on the orange V3"),
            # and so does another name it gives ("¿Qué ruta hizo Nora con Inés en
            # Asturias?": Asturias beside Inés)
            wanted = {**{word: held for word, held in rest.items()
                         if not own & set(_terms(word))}, **focus}
            wanted.update({other: held for other, held in names.items() if other != name})
            if not any(self._day(leaf) in days for held in wanted.values() for leaf in held):
                found.append((name, tuple(focus)))
        return tuple(found)

    def _holding_all(self, terms: tuple[str, ...], most: float) -> set[str]:
        """The memories holding every word of a name ("Pulso Salud"); none read for a
        one-word name held by more than ``most`` (everywhere, dropped anyway): "Go" in "how
        many services are written in Go?" is held by 23,000 of a 50k store's memories, whose
        ids alone took ~200 ms to read for a set thrown away."""
        index = self.model.index
        if len(terms) == 1 and index.holding_count(terms[0]) > most:
            return set()
        found: set[str] | None = None
        for term in terms:
            leaves = index.holders(term) if index.doc_freq(term) else set()
            found = leaves if found is None else found & leaves
        return found or set()

    def _holding_any(self, forms: Iterable[str]) -> set[str]:
        """The memories holding any of a word's forms."""
        index = self.model.index
        return {leaf for term in forms if index.doc_freq(term) for leaf in index.holders(term)}

    def own_forms(self, term: str, word: str) -> set[str]:
        """``term`` as itself: its other forms and its translation (not a word close to it)."""
        forms = {term, *self.model.index.derived_forms(term)}
        for _, readings in other_reading(word) or ():
            forms.update(stem(t) for reading in readings for t in text_terms(reading))
        return forms

    def forms(self, term: str, word: str, best: Mapping[str, Match]) -> set[str]:
        """``term`` and the terms a memory may hold it as: another form, its translation, a
        word close in meaning ("race" told as "marathon"), the terms the lexical readings
        matched it with."""
        index = self.model.index
        forms = {*self.own_forms(term, word), *event_things_of(term)}
        for near, _ in self.neighbours.of([word]).get(fold(word), ()):
            forms.add(stem(fold(near)))
        if not index.doc_freq(term):
            forms.update(index.variants(term)[:8])
        for match in best.values():
            forms.update(match.held_as.get(term, ()))
        return forms

    def relations_apart(self, owns: Iterable[str], days: set[str]) -> tuple[str, ...]:
        """The relations of a name's (``owns``: "Teo's sister", "la mujer de Samir"), when
        one is told on none of its ``days`` in any of the relation's words ("fiancé" tells
        "el novio de Inés"): the question is about someone never mentioned, whatever else
        is told of the name ("What does Teo's sister do for work?" and "Teo works at a
        steel factory")."""
        kinship = tuple(word for word in owns if fold(word).lower() in RELATION_WORDS)
        if any(not any(self._day(leaf) in days for leaf in self._holding_any(
                self.relation_forms(word))) for word in kinship):
            return kinship
        return ()

    def things_unheld(self, things: list[str], best: Mapping[str, Match]
                      ) -> tuple[str, ...]:
        """The words of a thing of a name's ("Mochi's heart", "Mochi's teeth" when the vet
        found kidney disease) when no memory holds any of them in any form: never stored,
        whatever the name's days tell. "Lucía's punk group" is held as a group. Only words
        the lexicon translates: another may be told in the other language's words ("How
        long was Inés's cast supposed to stay on?", "enyesada")."""
        if things and all(other_reading(word) is not None for word in things) \
                and not any(self.model.index.holding_count(form)
                            for word in things for term in _terms(word)
                            for form in self.forms(term, word, best)):
            return tuple(things)
        return ()

    def relation_forms(self, word: str) -> set[str]:
        """The index terms of every word of the relation's group (``query.KIN``: "novio",
        "fiancé", "pareja", "wife"...) and of their translations: who the relation is, not
        which kind, is asked of the name's days. A relation that is also a life event's
        word ("baby": a birth, ``everyday_kinds``) is told by the event's words too ("Dev and
        I are expecting!", "Esme arrived on Sunday, 3.4 kg")."""
        key = fold(word).lower()
        words = {key}
        for generic, kinds in KIN:
            if key in generic or any(key in kind for kind in kinds):
                words |= generic.union(*kinds)
        out: set[str] = set()
        for each in words:
            out.update(stem(t) for t in text_terms(each))
            for _, readings in other_reading(each) or ():
                out.update(stem(t) for reading in readings for t in text_terms(reading))
        return out.union(*(event_things_of(term) for term in text_terms(key)))

    def _day(self, leaf: str) -> str:
        meta = self.model.leaves.get(leaf)
        return (meta.timestamp or meta.recorded_at)[:10] if meta is not None else ""


_WORK = "job"
"""Someone's work asked in other words ("¿A qué se dedica Tomasz?", "What does Tomasz do for
a living?"), judged as "What is Tomasz's job?" is, and told by a trade's noun as well."""


def apart_said(name: str, words: Sequence[str], question: str) -> str:
    """How a reply names what no memory tells together with ``name`` (after "no stored memory
    mentions"): the question's own words quoted ("'book' together with 'Teo'"). The work
    asked in other words ("¿A qué se dedica Tomasz?") is no word of the question, so it is
    said unquoted ("Tomasz's work"): a reply never quotes a word the question did not say."""
    said = {stem(term) for term in text_terms(question)}
    work = _WORK in words and not set(_terms(_WORK)) <= said
    quoted = [word for word in words if not (work and word == _WORK)]
    out = " or ".join(f"'{word}'" for word in quoted[:3]) + f" together with '{name}'" \
        if quoted else ""
    if work:
        out += f", nor {name}'s work" if out else f"{name}'s work"
    return out
_WORK_ATTRIBUTES = frozenset({"role", "employer"})


def _work_unsaid(text: str, names: Iterable[str], owned: Mapping[str, tuple[str, ...]]
                 ) -> str | None:
    """The name whose work the question asks without saying a thing of theirs ("¿A qué se
    dedica Tomasz?", not "What is Tomasz's job?"), or None. A job told of them is a fact
    (``patterns._NAMED_ROLE_HELD``), which answers before this is asked; without one, a day of
    theirs telling no trade ("he turns 35 ... He's into board games") answers nothing."""
    asked_of = attribute_question(text)
    if asked_of is None or asked_of[1] not in _WORK_ATTRIBUTES:
        return None
    return next((name for name in names
                 if fold(name).lower() == asked_of[0] and not owned.get(name)), None)


@functools.cache
def _trade_terms() -> frozenset[str]:
    """The index terms of every trade's noun (``trades``) and its plural."""
    return frozenset(stem(t) for word in TRADES for form in (word, f"{word}s", f"{word}es")
                     for t in text_terms(form))


def _terms(name: str) -> tuple[str, ...]:
    return tuple(stem(t) for t in text_terms(name))


def _read_both_ways(word: str) -> set[str]:
    """``word`` folded and its readings in the other language ("dieta" -> "diet"): a fact's
    attribute is named in English whatever the language it was told in."""
    return {fold(word).lower(), *(reading for _, readings in other_reading(word) or ()
                                  for reading in readings)}
