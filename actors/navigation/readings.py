"""The question's other readings in this store: what else its words may stand for.

A memory and the question that it answers often share no word: the question says "which
database" and the memory "MySQL", "my girlfriend" and "Mei", "vehicle" and "car", "allergy"
and "allergic". Each reading here is the question again with some of its terms read as what
they stand for in this store (its own other forms, the things of a kind it holds, the names a
relation has, the closest word in meaning it holds), each held as the question's own word, and
each worth a share of a memory's score (``ranking``'s ``*_SHARE``). They are searched like the
question itself; this module only builds them (it reads the index, the facts and the word
table, and writes nothing).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from actors.embedding.neighbours import WordNeighbours
from actors.facts.keys import fact_key
from actors.navigation import aliases, ranking
from actors.navigation.everyday_kinds import cities_of_term
from actors.navigation.kinds import things_of
from actors.navigation.query import QUESTION_WORDS, Query, composed, parse_query, possessed
from actors.navigation.read_model import ReadModel
from actors.navigation.relation_names import (
    EX_WORDS,
    PARTNER_WORDS,
    PERSON_WORDS,
    forms_of,
    is_name,
    most_named,
    named_through,
)
from actors.navigation.stem import stem
from actors.navigation.synonyms import initials_of, phrases_of, synonyms_of
from actors.regions import translated
from actors.text import fold, unique
from actors.text import terms as text_terms


@dataclass
class Match:
    """The best lexical reading of one memory: its score, the words it holds, its coverage."""

    score: float
    matched: frozenset[str]
    coverage: float
    reading: Query
    weight: float = 1.0
    """The reading's share: ``TRANSLATED_SHARE``, ``DERIVED_SHARE`` or ``NEIGHBOUR_SHARE``
    through another one."""
    held_as: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    """Each question word it holds -> the reading's terms it is held as (what document
    frequencies are measured on: "idioma" is held as "language", only that is indexed)."""

    by_neighbour: bool = False
    """Matched by the reading with words close in meaning (``Readings.neighbour``)."""

    @property
    def held_terms(self) -> frozenset[str]:
        """The memory's own terms the question matched ("sister" for "hermana")."""
        return frozenset().union(*self.held_as.values()) if self.held_as else self.matched

    @property
    def near(self) -> frozenset[str]:
        """The question words it holds only through a word close in meaning ("brother" held
        as "sister"): held, but neither specific nor a sure match."""
        if not self.by_neighbour:
            return frozenset()
        return frozenset(word for word in self.matched
                         if word not in self.held_as.get(word, {word}))


@functools.lru_cache(maxsize=4096)
def word_terms(words: str) -> tuple[str, ...]:
    return parse_query(words).query_terms


Reading = tuple[Query, dict[str, frozenset[str]], float]
"""A reading of the question: its terms, each reading term -> the question's words it stands
for, and the share of a memory's score it keeps."""


def swapped_reading(query: Query, swapped: Mapping[str, tuple[str, ...]],
                     share: float) -> Reading:
    """The question with each term of ``swapped`` read as the terms it maps to (a kind as its
    things, a relation as its names, a word as the one closest in meaning), each held as
    the word it stands for."""
    own_terms = tuple(unique(t for term in query.query_terms
                             for t in swapped.get(term, (term,))))
    groups = (own_terms, *query.groups[1:])
    reading = Query(text=query.text, terms=tuple(unique(t for g in groups for t in g)),
                    groups=groups, phrased=query.phrased)
    return reading, {new: frozenset({term}) for term, news in swapped.items() for new in news}, \
        share


def back_map(words: list[tuple[str, tuple[str, ...]]]) -> dict[str, frozenset[str]]:
    """Each term of the translated reading -> the question's own terms it stands for."""
    out: dict[str, set[str]] = {}
    for word, readings in words:
        own = set(word_terms(word))
        for term in word_terms(" ".join(readings)):
            out.setdefault(term, set()).update(own)
    return {term: frozenset(own) for term, own in out.items()}


class Readings:
    """The readings of questions over one read model (its index, its facts) and the word
    table's neighbours. Built by the navigation actor each time it (re)opens its read model."""

    def __init__(self, model: ReadModel, neighbours: WordNeighbours) -> None:
        self.model = model
        self.neighbours = neighbours
        self._names: tuple[int, tuple[str, ...]] | None = None
        """``user_names`` and the read model's turn it was read in."""

    def user_names(self) -> tuple[str, ...]:
        """The user's own name, when they said it ("I'm Daniel"): the fact (user, name).
        Read once per turn of the read model (``ReadModel.turn``: every search refreshes it
        first), not by each of the eight or so rules of a search that ask: four queries of
        the facts table each time, ~0.6 ms of a search's 8 at 50k memories. A name saved,
        retracted or replaced since is read by the next search's turn."""
        kept = self._names
        if kept is not None and kept[0] == self.model.turn:
            return kept[1]
        key = fact_key("user", "name")
        fact = self.model.facts.timeline([key]).current(*key)
        names = (fact.value,) if fact is not None else ()
        self._names = (self.model.turn, names)
        return names

    def derived(self, query: Query) -> Reading | None:
        """The question with each word that the index holds in another form read as that form
        (its most frequent one): "food allergy" -> "food allergic"."""
        swapped: dict[str, str] = {}
        for term in query.query_terms:
            found = self.model.index.derived_forms(term)
            if found:
                swapped[term] = found[0]
        if not swapped:
            return None
        own = tuple(swapped.get(t, t) for t in query.query_terms)
        groups = (own, *query.groups[1:])
        reading = Query(text=query.text, terms=tuple(unique(t for g in groups for t in g)),
                        groups=groups, phrased=query.phrased)
        back = {form: frozenset({term}) for term, form in swapped.items()}
        return reading, back, ranking.DERIVED_SHARE

    def kind(self, query: Query) -> Reading | None:
        """The question with each kind of thing it names read as the things of that kind the
        store holds ("which database" -> "mysql postgresql db"): a memory names the thing, a
        question its kind (``kinds``)."""
        index = self.model.index
        swapped: dict[str, tuple[str, ...]] = {}
        for term in query.query_terms:
            # a region or a country no memory names in either language is read as its
            # cities ("lived in Texas": "me vine a Austin"); one a memory names is asked of
            # that memory, not of every one naming a city of it ("Japan": "Me voy a Japón.
            # Tokio, Kioto y Osaka" would pass "Lo que más me gustó fue Kioto")
            places = () if index.doc_freq(term) or any(
                index.doc_freq(stem(other)) for other in translated(term)) \
                else cities_of_term(term)
            things = tuple(t for t in (*things_of(term), *places)
                           if t not in query.query_terms and index.doc_freq(t))
            if things:
                swapped[term] = things
        return swapped_reading(query, swapped, ranking.KIND_SHARE) if swapped else None

    def synonym(self, query: Query) -> Reading | None:
        """The question with each word read as the words of its language naming the same
        thing that the index holds ("concert" -> "gig", "codebase" -> "repo": ``synonyms``),
        beside the word itself, and as a phrase of it (``synonyms.phrases_of``)."""
        index = self.model.index
        swapped: dict[str, tuple[str, ...]] = {}
        for term in query.query_terms:
            others = tuple(t for t in synonyms_of(term)
                           if t not in query.query_terms and index.doc_freq(t))
            # a phrase naming the same ("aurora": "the northern lights"), read when one
            # memory holds all its words (its words apart name other things: "light")
            phrased = tuple(t for phrase in phrases_of(term) if self._held_together(phrase)
                            for t in phrase if t not in query.query_terms)
            if others or phrased:
                swapped[term] = tuple(unique((term, *others, *phrased)))
        return swapped_reading(query, swapped, ranking.SYNONYM_SHARE) if swapped else None

    def _held_together(self, terms: tuple[str, ...]) -> bool:
        """Whether one memory holds every one of ``terms``."""
        index = self.model.index
        if not terms or not all(index.doc_freq(term) for term in terms):
            return False
        return bool(set.intersection(*(set(index.holders(term)) for term in terms)))

    def neighbour(self, query: Query, topic: str) -> Reading | None:
        """The question with each word swapped for the closest word in meaning that the index
        holds ("what vehicle" -> "car", "the user's pet" -> "dog"); its own other forms are
        the derived reading's, not this one's."""
        index = self.model.index
        swapped: dict[str, str] = {}
        words = [w for w in unique(text_terms(topic)) if w.isalpha() and stem(w) in
                 query.query_terms]
        # a plural the word table lacks ("pets") is looked up by its stem ("pet")
        close = self.neighbours.of([*words, *(stem(w) for w in words)])
        for word in words:
            own = stem(word)
            if own in swapped:
                continue
            for near, _cosine in close[word] or close.get(own, ()):
                term = stem(fold(near))
                if term in query.query_terms or term[:4] == own[:4] \
                        or term in QUESTION_WORDS or not index.doc_freq(term):
                    continue
                swapped[own] = term
                break
        if not swapped:
            return None
        return swapped_reading(query, {term: (near,) for term, near in swapped.items()},
                               ranking.NEIGHBOUR_SHARE)

    def named(self, query: Query, topic: str, as_of: dt.datetime | None,
              admissible: Callable[[str], bool]) -> Reading | None:
        """The question with each relation it says is the user's read as the names that
        relation has in this store ("my girlfriend" -> "Mei"): the timeline's partner (as of
        ``as_of``; its earlier ones for "my ex"), or the names memories give beside the
        relation ("my sister Laura"). The relation's own word still counts in the question's
        other readings; a memory holding the name is about the same person."""
        swapped: dict[str, tuple[str, ...]] = {}
        for word in possessed(topic):
            own = tuple(stem(t) for t in text_terms(word))
            if not own or own[-1] not in query.query_terms or own[-1] in swapped:
                continue
            names = self.names_of(word, as_of, admissible)
            terms = tuple(unique(stem(t) for name in names for t in text_terms(name)
                                 if stem(t) not in query.query_terms))
            if terms:
                swapped[own[-1]] = terms
        return swapped_reading(query, swapped, ranking.RELATION_NAME_SHARE) if swapped \
            else None

    def alias(self, query: Query, topic: str,
              admissible: Callable[[str], bool]) -> Reading | None:
        """The question with each phrase that describes a name the store defines read as that
        name ("the Go backend" -> "Marlin", when a memory says "Marlin (the Go mobile
        backend)"): later memories of the same thing say only its name. The definitions are
        looked for among the few memories the phrase's words find (``ranking.ALIAS_POOL``
        each, ``ranking.ALIAS_PHRASES`` phrases at most), never over the whole store. A
        phrase whose initials a memory writes is read as them too ("pull requests" -> "PRs",
        ``synonyms.initials_of``): the language defines that name."""
        index = self.model.index
        swapped: dict[str, tuple[str, ...]] = {}
        back: dict[str, frozenset[str]] = {}
        for phrase, initials in initials_of(topic):
            if initials not in query.query_terms and index.doc_freq(initials) \
                    and set(phrase) <= set(query.query_terms) and not set(phrase) & set(swapped):
                swapped[phrase[0]] = (initials,)
                swapped.update({t: () for t in phrase[1:]})
                back[initials] = frozenset(phrase)
        for phrase in aliases.phrases(topic)[:ranking.ALIAS_PHRASES]:
            if not set(phrase) <= set(query.query_terms) or set(phrase) & set(swapped):
                continue
            words = Query(text=" ".join(phrase), terms=phrase, groups=(phrase,))
            pool = index.search(words, limit=ranking.ALIAS_POOL, allowed=admissible)
            # only a memory holding two of the phrase's words (or one beside another word
            # for a piece of software) may define what it says: the others are not read
            least = 1 if set(phrase) & aliases.SOFTWARE_HEADS else 2
            texts = (self.model.text_of(leaf) for leaf, _, held in pool
                     if len(held & set(phrase)) >= least)
            found = aliases.names_for(phrase, texts, ranking.ALIAS_NAMES)
            for name, said in found:
                terms = tuple(t for t in aliases.name_terms(name)
                              if t not in query.query_terms and index.doc_freq(t))
                if not terms:
                    continue
                first = next(t for t in query.query_terms if t in said)
                swapped[first] = tuple(unique((*swapped.get(first, ()), *terms)))
                swapped.update({t: () for t in said if t != first})
                back.update({t: back.get(t, frozenset()) | said for t in terms})
        if not swapped:
            return None
        reading, _, share = swapped_reading(query, swapped, ranking.ALIAS_SHARE)
        return reading, dict(back), share

    def names_of(self, word: str, as_of: dt.datetime | None,
                 admissible: Callable[[str], bool]) -> list[str]:
        """The names ``word`` (a relation: "girlfriend", "ex", "sister", "dog") has in this
        store, the timeline's first, the others from the memories the caller may be served
        (another project's "my sister Ana" is no name of this one's): at most
        ``ranking.RELATION_NAMES``."""
        key = fold(word).lower()
        partner = fact_key("user", "partner")
        mine = set(map(str.lower, self.user_names()))
        names: list[str] = []
        if key in PARTNER_WORDS or key in EX_WORDS:
            timeline = self.model.facts.timeline([partner])
            now = timeline.state_at(*partner, as_of) if as_of else timeline.current(*partner)
            if key in PARTNER_WORDS:
                names += [now.value] if now is not None and is_name(now.value) else []
            else:
                names += [fact.value for fact in reversed(timeline.facts_for(*partner))
                          if fact.status in ("ACTIVE", "HISTORICAL") and is_name(fact.value)
                          and (now is None or fact.value != now.value)]
        if key in PERSON_WORDS:
            forms = forms_of(key)
            keys = [fact_key(form, "value") for form in sorted(forms)]
            timeline = self.model.facts.timeline(keys)
            for form in sorted(forms):
                fact = timeline.current(form, "value")
                if fact is not None and is_name(fact.value):
                    names.append(fact.value)
            pool = self.model.index.search(parse_query(" ".join(sorted(forms)), None),
                                           limit=ranking.RELATION_POOL, allowed=admissible)
            names += most_named((self.model.text_of(leaf) for leaf, _, _ in pool), forms,
                                ranking.RELATION_NAMES)
        through = composed(key)
        if through is not None:  # "my nephew": "My sister Carolina ... with her son Mateo"
            pool = self.model.index.search(parse_query(" ".join(sorted(through[0] | through[1])),
                                                       None),
                                           limit=ranking.RELATION_POOL, allowed=admissible)
            names += [name for leaf, _, _ in pool
                      for name in named_through(self.model.text_of(leaf), *through)]
        kept = [name for name in unique(names) if name.lower() not in mine]
        return kept[:ranking.RELATION_NAMES]
