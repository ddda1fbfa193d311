"""What a question asks about that no memory mentions: a sign of something never stored.

"What did the physio say about the user's shoulder?" shares the physio with the memory of
the user's knee; "Which marathon did the user run in Boston?" shares the marathon with the
Valencia one. A thing the question says is the user's, a place or a name it gives, that no
memory holds in any form (itself, another form, a translation, a word close in meaning) makes
the question one about something never stored ("No memory found"), and a question word no
memory holds is named in the reply ("No stored memory mentions 'SLA'"). This module reads the
index, the facts and the leaves' texts to tell which; the navigation actor decides.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from actors import regions
from actors.dates import OPENING_DATE
from actors.facts.common_words import is_common_word
from actors.facts.endings import is_ending
from actors.facts.makes import kind_of as make_kind
from actors.facts.whose import MANY_OF_THEM, ONE_OF_THEM
from actors.lazy_re import lazy_regex
from actors.navigation import asked_topic, closed_kinds, notice_words, spelled
from actors.navigation.across import CrossWords
from actors.navigation.answer_type import (
    NAME_WORDS,
    asks_name,
    bare,
    in_a_name,
    owner_said,
    said_at,
    someone_elses,
    whose,
)
from actors.navigation.asked_person import asks_about_the_user
from actors.navigation.bilingual import EN_ES, other_reading, reads_spanish, translatable
from actors.navigation.query import (
    NOW_WORDS,
    RELATION_WORDS,
    Query,
    asked,
    asks_the_assistant,
    composed,
    gone_doing,
    kin,
    named,
    other_kinds,
    owned_by_names,
    paid_for,
    placed,
    played,
    possessed,
    worked_at,
)
from actors.navigation.read_model import ReadModel
from actors.navigation.readings import Match
from actors.navigation.relation_names import tells_through
from actors.navigation.stem import stem
from actors.navigation.sum_asked import payer_named
from actors.navigation.value_details import detail_frame
from actors.text import fold
from actors.text import terms as text_terms

Weights = Callable[[Query], tuple[tuple[str, float, tuple[str, ...]], ...]]
"""A question's terms with their idf and the other forms to look for (the actor's plan)."""

LIGHT_VERBS = frozenset(
    """see saw seen look looked watch get got gotten make made take took taken give gave given
    go went gone going come came use used want wanted need needed like liked know knew think
    thought happen happened happening
    say tell told ask asked try tried keep kept let put find found feel felt hear heard
    ver vio visto hacer hizo hecho tener tuvo tomar tomo dar dio ir fue venir vino usar uso
    querer quiso saber supo decir dijo pedir pidio poner puso encontrar encontro
    tengo tienes tiene tenemos tienen tenia tenias teniamos tenian
    estoy estas esta estamos estan estaba estabamos estaban estado
    voy vas va vamos van iba ibamos iban hago haces hace hacemos hacen hacia
    llevo llevas lleva llevamos llevan llevaba llevar puedo puedes puede podemos pueden
    quiero quieres quiere queremos quieren necesito necesitas necesita necesitamos
    uso usas usa usamos usan veo ves vemos""".split()
)
"""Verbs that say little of what a question is about: one no memory holds ("which film did
the user see?", stored "we watched a movie") is not worth a "no memory mentions" note."""
TELLING_VERBS = frozenset(
    """said says suggest suggested recommend recommended advise advised mention mentioned
    propose proposed explain explained share shared
    dije dijiste dijimos sugeri sugeriste sugirio sugerir recomende recomendaste
    recomendo recomendar aconseje aconsejaste aconsejo aconsejar propuse propusiste propuso
    proponer mencione mencionaste menciono mencionar conte contaste conto contar explique
    explicaste explico explicar comente comentaste comento comentar hable hablaste hablamos
    hablo""".split())
"""Verbs a question asks what was said with, besides the light ones ("say", "tell", "decir"):
"what did you recommend?", "¿qué me sugeriste?". A memory holds what was said, seldom the
verb, so one no memory holds is not worth a "no memory mentions" note (the Spanish outside set
flagged 'sugeriste' in all 13 of its questions about the assistant's advice)."""
TIME_WORDS = frozenset(
    """recently lately yesterday today tonight tomorrow morning afternoon evening night now
    week weekend month year ago earlier later ayer hoy manana tarde noche recientemente
    ultimamente semana finde mes ano antes despues""".split()
)
"""Words of when, not of what: a question's time words no memory holds are not news."""
LIFE_AREAS = frozenset(
    """health wellbeing life finances money career studies relationship relationships
    salud bienestar vida finanzas dinero carrera estudios relacion relaciones""".split())
"""Areas of a life, not things: "What did the user learn about her health?" is answered by
"My GP checked my bloods... ferritin is 11", which never says "health". A thing of the user's
that no memory mentions is a detail never stored ("her sourdough starter"); an area is told
only through what happened in it, so one no memory names is no such detail."""
DATED = frozenset("boyfriend girlfriend partner novio novia pareja".split())
"""Relations a user often tells by dating someone, never by the word ("Went on a date with a
guy called Marcos. He teaches maths at a high school" for "the user's boyfriend")."""
EXES = frozenset("ex exes expareja exnovio exnovia exmarido exmujer exesposo exesposa".split())
"""A partner someone had, told by the break-up ("Javier y yo lo hemos dejado") or by the
partner who came after, seldom by the word (``Unmentioned.ex_told``); "ex-wife" too."""
_DATING = lazy_regex(
    r"(?:^|[.!:;]\s*|\bi\s+)went\s+on\s+(?:a|our)\s+(?:first\s+|second\s+|third\s+)?date\b|"
    r"\bi'?(?:m|\s+am|'ve\s+been|\s+have\s+been)\s+(?:dating|seeing\s+someone)\b|"
    r"\b(?:tuve|tengo)\s+una\s+(?:primera\s+|segunda\s+)?cita\b|"
    r"\bestoy\s+saliendo\s+con\b", re.IGNORECASE)
"""The user telling they date someone, in English or Spanish (a subject-less "Went on a date"
after a turn's label is the speaker's)."""
_DATING_TERMS = ("date", "dating", "someone", "cita", "saliendo")
"""Words such a sentence holds, to find its memories through the index."""
PEOPLE = frozenset(ONE_OF_THEM) | MANY_OF_THEM
"""Relatives and people one has ("niece", "husband", "roommate"): told by other words ("¡Soy
tía!"), never judged unheld by their word alone (``Unmentioned.named_unheld``)."""
OTHERS_CHECKED = 64
"""Memories read to tell that a relation the question says is the user's is only ever said of
someone else (``Unmentioned.only_others``). A chat with an assistant names a dog, a hamster or
a child in dozens of turns of general advice (bbtest37: 39, 46, 58 of 1,488): twelve took each
such word as the user's unread. Reading stops at the first memory telling it as the user's."""
KNOWN_PREFIX = 5
"""A place known here (``regions.place_names``) is held by another known place's name sharing
this many first letters: two spellings of one city ("Marrakech" / "Marrakesh")."""
COMPOSED_READ = 40
"""Memories read to tell that a relative's relative was told ("my sister ... her son" for
"my nephew", ``Unmentioned.composed_told``)."""
PLACE_PREFIX = 4
"""A place a question names is mentioned, perhaps in the other language's spelling, when a
memory holds a word starting with the same this many letters ("lisb": "Lisboa" / "Lisbon",
"lond": "Londres" / "London", "sevi": "Sevilla" / "Seville")."""

SPELLED_READ = 32
"""Memories read for a place the question names in the other language's spelling of it
("Reykjavik" / "Reikiavik", ``spelled``): those its other words matched best (the flight to
it, in either language), so a store of thousands is never read whole."""


_SU = lazy_regex(r"\bsus?\b", re.IGNORECASE)
_SPECIALIST = lazy_regex(r"(?:ologist|ologists|iatrist|ologo|ologa|iatra)$")
"""A specialist's name, made of their field's ("cardiologist", "psiquiatra")."""


def peoples_names(text: str) -> tuple[str, ...]:
    """The names of a people or a language ``text`` writes with a capital ("Italian",
    "Portuguese"), as written, those that share their place's first letters: an irregular
    one ("Spanish", "Dutch") may be held as its country's name in words no prefix finds."""
    return tuple(dict.fromkeys(
        word for word in re.findall(r"[^\W\d_]+", text) if regions.is_demonym(word)
        and not regions.is_region(word)  # "Japan" ends like one: asked in its cities' words
        and fold(word).lower() not in regions.IRREGULAR_DEMONYMS))


def countries_named(text: str) -> tuple[str, ...]:
    """The one-word country names ``text`` writes with a capital ("Iceland", "Japón"), as
    written: not a continent or a region of several ("Europe", "Scandinavia")."""
    return tuple(dict.fromkeys(
        word for word in re.findall(r"[^\W\d_]+", text) if word[0].isupper()
        and regions.is_region(word) and fold(word).lower() not in regions.CONTINENTS))


def stems_of(text: str) -> set[str]:
    """The index terms of ``text``'s words, the light verbs left out."""
    return {stem(term) for term in text_terms(text) if fold(term) not in LIGHT_VERBS}


@functools.cache
def place_stems() -> frozenset[str]:
    """The index terms of the places known here (``regions.place_names``), once: ~200 us,
    asked by every search whose topic names a thing."""
    return frozenset(stem(name) for name in regions.place_names())


_SOMEONE = lazy_regex(r"\b(?:" + "|".join(sorted(PEOPLE | RELATION_WORDS, key=len, reverse=True))
                      + r")s?\b")


def an_ex(word: str) -> bool:
    """Whether ``word`` (as a question says it) names someone's former partner ("ex",
    "exnovia", "ex-wife")."""
    folded = fold(word).lower()
    return folded in EXES or folded.startswith("ex-")


def about_the_user_alone(topic: str) -> bool:
    """Whether ``topic`` asks about the user in the first person ("Which shellfish am I
    allergic to?"), of no one else: not the assistant ("What did you recommend?"), no
    relative or friend ("my sister's trip"), no one by name ("Which book did Teo lend me?")."""
    folded = fold(topic).lower()
    return asks_about_the_user(topic) and not asks_the_assistant(topic) \
        and not _SOMEONE.search(folded) and not owned_by_names(topic) \
        and not [name for name in named(topic) if not regions.is_region(name)]


def as_said(text: str) -> dict[str, str]:
    """Each term of ``text`` -> the word as written ("tension" -> "tensión", "juan" ->
    "Juan"), to quote a question's words back in a reply."""
    out: dict[str, str] = {}
    for written in re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", text):
        word = bare(written)  # "brother's": the word is "brother"
        for term in text_terms(word):
            out.setdefault(stem(term), word)
    return out


_ASSISTANT = lazy_regex(r"^\W*(?:" + OPENING_DATE + r")?\W*(?:assistant|asistente)\s*:",
                        re.IGNORECASE)
"""An assistant's turn: what it says of a dog or a trip is advice, nobody's own."""
_USER_LABEL = lazy_regex(r"^\W*(?:" + OPENING_DATE + r")?\W*(?:user|usuario|usuaria)\s*:\s*",
                         re.IGNORECASE)
"""A user's turn's label: what follows is the user's, a subject-less sentence too."""


def owners_said(names: Sequence[str]) -> str:
    """The owners as a reply says them: "Carolina", "Joaquín and Dmitri", or "someone else"
    when no name was read (``Unmentioned.owner_names``)."""
    return " and ".join(names) or "someone else"


def _short_name(name: str, held: Callable[[str], bool], texts: Iterable[str] = ()) -> bool:
    """Whether ``name``, of several words, is held by its first word alone (``held``, an
    index term): that word is no everyday one and every word after it is ("Corrib
    Payments" told as "Corrib", "Kinsale Marine Labs" as "Kinsale"); not "Redux Saga" by
    "Redux", nor "the Lisbon Marathon" by "Lisbon": their last word names what they are. Nor
    when one of ``texts`` names another firm by that word ("Quill Studios" for "Quill
    Records")."""
    words = name.split()
    first = text_terms(words[0]) if len(words) > 1 else []
    if not (len(first) == 1 and not is_common_word(words[0]) and held(stem(first[0]))
            and all(is_common_word(word) for word in words[1:])):
        return False
    after = re.compile(rf"\b{re.escape(words[0])}\s+([A-ZÁÉÍÓÚÑ][\w'’-]*)")
    return not any(found.group(1) != words[1] for text in texts
                   for found in after.finditer(text))


class Unmentioned:
    """What questions ask about that the memories of one read model do not mention. Built by
    the navigation actor each time it (re)opens its read model, with the actor's plan of a
    question's terms (``weights``, cached per search)."""

    def __init__(self, model: ReadModel, weights: Weights,
                 across: CrossWords | None = None) -> None:
        self.model = model
        self.weights = weights
        self.across = across
        """Reads a thing the lexicon cannot translate in memories of the other language."""

    def topic(self, query: Query, topic: str, best: Mapping[str, Match]
              ) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]:
        """(things, places): the thing the question says is the user's ("the user's
        shoulder", "su sobrina"), as written, when no memory holds it in any form: not
        itself, not another form, not its translation, not a word close in meaning ("the
        user's vehicle" is held as "car"); and the place it names (``query.placed``: "in
        Boston"), when no memory holds it or a word sharing its first letters (the other
        language's spelling: "Lisboa" / "Lisbon", "Londres" / "London"). A question about a
        thing or a place never mentioned is about something never stored, whatever else it
        shares with a memory ("what did the physio say about the user's shoulder?" was
        answered with the knee the physio saw; "which marathon did the user run in Boston?"
        with the Valencia marathon). The third part names whose a thing held only as someone
        else's is ("parrot" -> "Carolina" for "Mi hermana Carolina acaba de adoptar un
        loro"), for the reply to say."""
        @functools.cache
        def texts() -> list[str]:  # read once, only if a rule asks
            return self._texts(best)

        index = self.model.index
        held = {word for match in best.values() for word in match.matched}
        said = {word for match in best.values() for word in match.matched - match.near}
        plan = {term: variants for term, _, variants in self.weights(query)}
        out = []
        owners: dict[str, str] = {}
        own = set(possessed(topic))  # "my", "the user's": not "his", "her"
        # "su" says whose in Spanish as "her" and "his" do, often of what happened rather
        # than of a thing ("en su intento inicial", "desde su diagnóstico", "en sus tiradas
        # largas" were "No memory found" for stored answers): after it, a relation ("su
        # sobrina") and a thing the lexicon knows ("su hombro") are read, not other words
        by_su = set(possessed(topic, pronouns=True)) - set(
            possessed(_SU.sub("el", topic), pronouns=True))
        # what a person the question names paid for is theirs, none of the user's ("¿Cuánto
        # pagó Marta por el curso?" when Marta told of her "bootcamp": no "the user's 'curso'")
        by_another = set(paid_for(topic)) if payer_named(topic) else set()
        where = set(worked_at(topic))  # "how do I build it on my machine?": the place
        frame = detail_frame(topic)
        for word in possessed(topic, pronouns=True):
            if word in by_su and not kin(word) and other_reading(word) is None \
                    or word in by_another or word in where:
                continue
            if fold(word).lower() in LIFE_AREAS | frame:
                continue  # "el grupo sanguíneo del usuario": the blood type asked, told "0-"
            terms = [stem(t) for t in text_terms(word)]
            # a relation's other names are ``kin``'s to say: "sister" is close in meaning to
            # "brother", and no name of him; and a relation only ever said of someone else
            # ("Sam's brother Tom", "the neighbour's cat") is none of the user's
            relation = bool(kin(word))
            found = said if relation else held
            # a thing of the user's only ever said of someone else ("My colleague's kid got a
            # hamster", "the dog next door", "Mi hermana acaba de adoptar un loro" for "my
            # parrot", "She's a ceramicist" for "my ceramics studio": its other forms' and
            # its translation's memories are read too) is none of the user's either
            mine = relation or word in own
            # a specialist is not held by the first letters of their field ("cardio" for
            # "my cardiologist", "psycholog" for "my psychologist": the field, no person);
            # another form of the word itself still holds it ("cardiologists")
            variants = {t: tuple(v for v in plan.get(t, ()) if v.startswith(t))
                        if _SPECIALIST.search(fold(word).lower()) else plan.get(t, ())
                        for t in terms}
            # a relation's word held only in names ("Halcrow Partners", "Warner Brothers")
            # tells of no relative
            if any(t not in plan or (t in found or variants[t] or index.doc_freq(t))
                   and not (mine and self.only_others(t, *plan[t], *self.translations(word)))
                   and not (relation and self.in_names_only(t))
                   for t in terms):
                continue
            # "the user's boss" when "my manager" was said; a name the index cannot hold
            # (the English "son" is a Spanish stop word) may have been said too; but a
            # relation's word held only in advice or a question ("a baby gate" in the
            # assistant's tips on a kitten) tells of nobody's child
            if any(not text_terms(other) or index.doc_freq(stem(text_terms(other)[0]))
                   and not self.only_others(stem(text_terms(other)[0]))
                   and not self.nobodys(stem(text_terms(other)[0]))
                   # "hermanos" (siblings) is indexed as "hermano" (a brother): not a sister
                   and not other_kinds(word, stem(text_terms(other)[0]))
                   for other in kin(word)) \
                    or self.composed_told(word) \
                    or self.kind_held(word) and not (mine and self.only_others(*terms)) \
                    or fold(word).lower() in DATED and self.dating_told() \
                    or an_ex(word) and self.ex_told("user") \
                    or self._named_across(word, topic, texts()):
                continue
            forms = (*terms, *(v for t in terms for v in variants.get(t, ())),
                     *self.translations(word))
            held_by = self.owner_names(*forms) if any(index.doc_freq(t) for t in forms) \
                else None
            if word in by_su and any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", topic)
                                     for name in held_by or ()):
                continue  # "¿Qué le regala Nora a Marcos por su cumpleaños?": his, told so
            out.append(word)
            if held_by is not None:
                owners[word] = owners_said(held_by)
        def unheld(terms: list[str]) -> bool:
            return bool(terms) and not any(
                t in held or index.doc_freq(t) or index.variants(t)
                or any(t not in known or variant in known
                       and len(os.path.commonprefix((t, variant))) >= KNOWN_PREFIX
                       for variant in index.variants(t[:PLACE_PREFIX])) for t in terms)

        # a place known here is held in its own spellings (``regions.translated``) or as
        # another known place sharing its first ``KNOWN_PREFIX`` letters ("Marrakech" /
        # "Marrakesh"), never as any word starting so ("madr" is "madrugar", no Madrid) nor
        # as a neighbour sharing four ("Porto" is no "Portugal")
        known = place_stems()

        def spellings(name: str) -> list[str]:
            return [stem(t) for form in (name, *regions.translated(name))
                    for t in text_terms(form)]

        def elsewise(name: str) -> bool:  # "Reykjavik" written "Reikiavik" (``spelled``)
            return len(name.split()) == 1 and spelled.spelled_in(name, texts())

        places = [name for name in placed(topic)
                  if unheld(spellings(name)) and not self.region_held(name)
                  and not elsewise(name)]
        # a name is held whole: "RxJS" is not held by a memory holding "JS", nor "Redux
        # Saga" by one holding "Redux" (its last word names it); a name of several parts
        # may be said by their initials ("JavaScript" as "JS", "TypeScript" as "TS"), and a
        # firm's or a venue's by its own first word when the others are everyday words
        # ("Corrib Payments", then "my last day at Corrib"; "Kinsale Marine Labs")
        for name in named(topic):
            whole = text_terms(name.split()[-1])
            initials = "".join(part[0] for part in whole[1:]) if len(whole) > 2 else ""
            if name not in places and whole and unheld(
                    spellings(name) if len(text_terms(name)) == 1 else [stem(whole[0])]) \
                    and not (initials and index.doc_freq(initials)) \
                    and not _short_name(name, lambda term: not unheld([term]), texts()) \
                    and not self.region_held(name) and not elsewise(name):
                places.append(name)
            # an event named by its place ("the Lisbon Marathon"): the marathon may be held
            # (the Douro half), the place never is, so the event never was stored
            first = name.split()[0]
            if name not in places and len(name.split()) > 1 \
                    and stem(fold(first).lower()) in known and unheld(spellings(first)) \
                    and not self.region_held(first):
                places.append(name)
        # a people's or a language's name is asked like its country ("traditional Portuguese
        # music": "Portugal", "portugués", "Porto"), held when a memory holds a word
        # sharing its first letters; one held in no form is a detail never stored ("Which
        # Italian restaurant did the assistant recommend?" when it recommended a Thai one);
        # the other language names it in its own letters ("German classes" / "clases de
        # alemán": the first letters of Alemania, its country's Spanish name)
        for word in peoples_names(topic):
            if word not in places and unheld([stem(t) for t in text_terms(word)]) \
                    and not any(index.doc_freq(start) or index.variants(start)
                                for start in regions.demonym_stems(word)) \
                    and not any(index.doc_freq(stem(term)) for city in
                                regions.demonym_cities(word) for term in text_terms(city)):
                places.append(word)
        # a country is asked in its cities' words ("Japan": "Tokio, Kioto y Osaka"); one held
        # in no spelling, none of whose known cities a memory holds either, is a place never
        # stored ("their trip to Iceland" when the trips were to Valparaíso and Budapest)
        for word in countries_named(topic):
            if word not in places and unheld(spellings(word)) and not any(
                    index.doc_freq(stem(term)) for city in regions.country_cities(word)
                    for term in text_terms(city)):
                places.append(word)
        if about_the_user_alone(topic):
            # "Which shellfish am I allergic to?" when only "My coworker Dmitri is allergic
            # to shellfish" says it: the thing asked, held only where the same is told of
            # someone else; "How many days did I spend in Japan?" when Japan and its cities
            # are only a colleague's plan and the assistant's route for it
            words = stems_of(topic)
            for word in asked(topic):
                asked_as = (*(stem(t) for t in text_terms(word)), *self.translations(word))
                if word in out or is_common_word(word) or not asked_as \
                        or not self.only_others(*asked_as) \
                        or not self.told_alike(asked_as, words - set(asked_as)):
                    continue
                out.append(word)
                owners[word] = self.owners(*asked_as)
            for word in countries_named(topic):
                asked_as = (*spellings(word), *(
                    stem(term) for city in regions.country_cities(word)
                    for term in text_terms(city)))
                if word not in places and self.only_others(*asked_as):
                    out.append(word)
                    owners[word] = self.owners(*asked_as)
        return tuple(out), tuple(places), owners

    def _named_across(self, word: str, question: str, texts: list[str]) -> bool:
        """Whether one of ``texts`` of the other language names ``word``, a thing the
        lexicon cannot translate (``across``): "tortuga" for "Carmen's tortoise"."""
        return self.across is not None and not translatable(word) \
            and self.across.named_in(word, question, texts)

    def _texts(self, best: Mapping[str, Match]) -> list[str]:
        """The texts of the ``SPELLED_READ`` memories the question's words matched best, to
        read a name the question spells otherwise in."""
        leaves = sorted(best, key=lambda leaf: (-best[leaf].score, leaf))[:SPELLED_READ]
        return [self.model.text_of(leaf) for leaf in leaves]

    def told_alike(self, terms: tuple[str, ...], others: set[str]) -> bool:
        """Whether a memory holding one of ``terms`` holds one of ``others`` (the question's
        other words) too: "My coworker Dmitri is allergic to shellfish" tells of the allergy
        "Which shellfish am I allergic to?" asks about, of someone else."""
        index = self.model.index
        return any(index.terms_of(leaf) & others for term in terms if index.doc_freq(term)
                   for leaf in index.ranked_ids((term,), limit=OTHERS_CHECKED))

    def region_held(self, name: str) -> bool:
        """A region is told by its cities ("the weekend in Andalusia": "a cave house in
        Sacromonte", Granada's; "lived in Texas": "me vine a Austin")."""
        index = self.model.index
        return any(index.doc_freq(stem(term)) for city in regions.cities_of(name)
                   for term in text_terms(city))

    def named_unheld(self, query: Query, owned: tuple[tuple[str, str], ...],
                     best: Mapping[str, Match]) -> tuple[tuple[str, str], ...]:
        """The (person, thing) pairs of ``owned`` (a chat speaker's things the question asks
        about: "Maya's parrot", ``query.owned_by_name``) whose thing no memory holds in any
        form: not itself, another form, its translation, a word close in meaning, a make of
        its kind. What
        ``topic`` tells of the user's things, told of a named person's: a thing never said
        of anyone is never stored of them."""
        index = self.model.index
        held = {word for match in best.values() for word in match.matched}
        plan = {term: variants for term, _, variants in self.weights(query)}
        out: dict[str, list[tuple[str, str]]] = {}
        for person, word in owned:
            terms = [stem(t) for t in text_terms(word)]
            out.setdefault(person, [])
            if kin(word) or fold(word).lower() in RELATION_WORDS | PEOPLE | DATED \
                    or an_ex(word) and self.ex_told(person):
                continue
            if not terms or fold(word).lower() in LIFE_AREAS or self.kind_held(word) or any(
                    t not in plan or t in held or plan[t] or index.doc_freq(t)
                    for t in terms) or self._named_across(word, query.text, self._texts(best)):
                out[person].append(("", word))  # held: the thing may be stored
                continue
            out[person].append((person, word))
        # a thing of one word ("parrot"): one of several ("punk group" when "your band" was
        # said, "old car cost") may be named by any of them or none; a relation ("niece",
        # "husband") is told by other words ("¡Soy tía!"), so it is never judged unheld here
        return tuple(pair for pairs in out.values() if len(pairs) == 1 and pairs[0][0]
                     for pair in pairs)

    def kinds_unheld(self, topic: str) -> tuple[str, ...]:
        """The everyday kinds ``topic`` asks which one of ("What instrument...?", "¿Qué
        deporte...?", ``closed_kinds``), as asked, when no memory holds the kind's word nor
        any thing of it: a store that names no instrument tells none the user plays."""
        index = self.model.index
        out = []
        for word in asked(topic):
            kind = closed_kinds.kind_of(word)
            if kind is not None and not any(
                    index.doc_freq(term) for term in closed_kinds.things_of(kind)):
                out.append(word)
        return tuple(out)

    def siblings_only(self, topic: str) -> tuple[str, ...]:
        """The things of an everyday closed kind (``closed_kinds``: an instrument, a sport, a
        pet...) that ``topic`` asks which one of, says are someone's, asks an outing for or
        asks is played ("Which guitar does the user play?", "Which tennis club did I join?",
        "What is the name of Declan's cat?", "How many times did the user go swimming?",
        "Does the user play rugby?"), as asked, when no memory holds one in any form of its
        own: itself, another form, its translation. Its sibling is close to it in meaning
        ("I'm learning the ukulele" stands out for "Which guitar does the user play?", "a
        running club" for the tennis club, "went climbing" for "go swimming"), so the
        judgement by meaning found
        the question answered; but a sibling is another thing, and nothing stored tells of
        this one. Never when the question names another thing of the kind that a memory
        holds ("What race did I run?": the run is stored), nor for a word the lexicon
        cannot translate (a memory of the other language may name it in words no list
        holds)."""
        index = self.model.index
        words = [*asked(topic), *possessed(topic, pronouns=True), *gone_doing(topic),
                 *played(topic),
                 *(word for owned in owned_by_names(topic).values() for word in owned)]
        stems = {stem(term) for term in text_terms(topic)}
        out = []
        for word in dict.fromkeys(words):
            kind = closed_kinds.kind_of_thing(word)
            if kind is None or closed_kinds.kind_of(word) is not None or not (
                    translatable(word) or closed_kinds.said_alike(word)
                    or other_reading(word)):  # "marathons": the lexicon holds "marathon"
                continue
            own = {stem(term) for term in text_terms(word)}
            if self._held_as_itself(word) or any(
                    closed_kinds.kind_of_thing(term) == kind and index.doc_freq(term)
                    for term in stems - own):
                continue
            out.append(word)
        return tuple(out)

    def _held_as_itself(self, word: str) -> bool:
        """Whether a memory holds ``word`` in a form of its own (never a word close in
        meaning): itself, another form ("guitars"), its translation ("guitarra"), another
        word of its list for the same thing ("puppy" for "dog", ``closed_kinds.same_thing``)."""
        index = self.model.index
        terms = [stem(term) for term in text_terms(word)] + sorted(
            closed_kinds.same_thing(word))
        for _, readings in other_reading(word) or ():
            terms += [stem(term) for reading in readings for term in text_terms(reading)]
        return any(index.doc_freq(term) or index.derived_forms(term) for term in terms)

    def absent_words(self, query: Query, best: Mapping[str, Match],
                      served: list[str]) -> tuple[str, ...]:
        """The question's words (as asked) that no memory holds in any form: not itself, not
        another form of it or another word for the same thing ("mum" for "mother",
        ``derivation.SAME_THING``), not its translation (a word held only through a neighbour in
        meaning is absent: "brother" is not "sister"), nor the name of a fact a served memory
        states ("billing service database" and "the billing service uses PostgreSQL 16",
        read as the fact billing service / database: the memory does mention it), nor a
        country or a region (asked about in its cities' words: "Japan" / "Kyoto", "Texas" /
        "Austin"), nor a name a served memory spells otherwise ("Reikiavik", ``spelled``)."""
        index = self.model.index
        held = {word for match in best.values() for word in match.matched - match.near}
        for subject, attribute in self.model.facts.keys_of_leaves(served):
            held |= {stem(t) for t in text_terms(f"{subject} {attribute}")}
        said = as_said(query.text)
        # no memory says "name", nor "nota" of a mark: "Me pusieron un 9,2"
        framing = NAME_WORDS if asks_name(query.text) \
            else detail_frame(query.text)
        texts = [self.model.text_of(leaf) for leaf in served]
        return notice_words.once(  # "FedEx" is three terms, one word
            said.get(term, term) for term, _, variants in self.weights(query)
            if term not in held and not variants and not term.isdigit()
            and not index.doc_freq(term) and not index.derived_forms(term)
            and fold(said.get(term, term)) not in
            LIGHT_VERBS | TELLING_VERBS | TIME_WORDS | NOW_WORDS | framing
            and not regions.is_region(said.get(term, term))
            and not regions.is_demonym(said.get(term, term))
            and not self.region_held(said.get(term, term))
            and not self.kind_held(said.get(term, term))
            and not self.gender_held(said.get(term, term))
            and not self.composed_told(said.get(term, term))
            and not spelled.spelled_in(said.get(term, term), texts)
            and not self._named_across(said.get(term, term), query.text, texts))

    def topic_unheld(self, query: Query, best: Mapping[str, Match],
                     served: list[str]) -> tuple[str, ...]:
        """The words of what the question asks beyond its names, places and times
        (``asked_topic``), as asked, when no memory holds any of them in any form
        (``absent_words``) and one names a thing; else none. A relation or an everyday thing
        of ``query.KIN`` ("employer", "abuela"), a relative's relative ("niece"), an ex, a
        partner one dates (``DATED``), a person one has (``PEOPLE``) or an area of a life
        ("money", "relación": ``LIFE_AREAS``) is told in other words: never judged; nor is a
        question whose first served memory is in the other language."""
        absent = self.absent_words(query, best, served)
        if not absent:
            return ()
        said = as_said(query.text)
        topic = asked_topic.beyond_names(query.text, notice_words.once(
            said.get(term, term) for term, _, _ in self.weights(query)
            if not term.isdigit()
            and fold(said.get(term, term)) not in LIGHT_VERBS | TELLING_VERBS | TIME_WORDS))
        if any(kin(word) or composed(word) or an_ex(word)
               or fold(word) in RELATION_WORDS | PEOPLE | LIFE_AREAS | DATED for word in topic):
            return ()
        if served and reads_spanish(self.model.text_of(served[0])) != reads_spanish(query.text):
            return ()  # "primer triatlón" / "first triathlon": the lexicon misses words
        return topic if asked_topic.none_held(query.text, topic, absent) else ()

    def clue_unheld(self, clue: str) -> tuple[str, ...]:
        """The words of a clue (as given) that no memory holds in any form."""
        index = self.model.index
        said = as_said(clue)
        return tuple(said.get(term, term) for term in (stem(t) for t in text_terms(clue))
                     if not term.isdigit() and not index.doc_freq(term)
                     and not index.derived_forms(term) and not index.variants(term))

    def said_of_others(self, leaf_id: str, owned: set[str]) -> bool:
        """The memory names what the question says is the user's only as someone else's
        ("the neighbour's dog", "Sam's brother")."""
        if not self.model.index.terms_of(leaf_id) & owned:
            return False  # not read: it names none of it
        text = self.model.text_of(leaf_id)
        words, said = said_at(text, owned)
        told = [whose(words, at, speaker_unsaid=not _ASSISTANT.match(text)) for at in said]
        return bool(said) and (all(someone_elses(words, at) for at in said)
                               or "other" in told and "speaker" not in told)

    @staticmethod
    def translations(word: str) -> tuple[str, ...]:
        """The index terms of ``word``'s translations ("parrot" -> "loro", "perico")."""
        return tuple(dict.fromkeys(
            stem(term) for _, readings in other_reading(word) or ()
            for reading in readings for term in text_terms(reading)))

    def _told(self, terms: tuple[str, ...]) -> Iterator[set[str | None]] | None:
        """For each memory holding one of ``terms`` (stemmed; at most ``OTHERS_CHECKED``
        memories in all, else None: a word held widely is not read), whom each of its
        sayings tells it of (``whose``; "other" for "Sam's brother")."""
        index = self.model.index
        leaves = list(dict.fromkeys(leaf for term in terms if index.doc_freq(term)
                                    for leaf in index.postings(term)))
        if not leaves or len(leaves) > OTHERS_CHECKED:
            return None
        held = set(terms)

        def told() -> Iterator[set[str | None]]:
            for leaf in leaves:
                text = self.model.text_of(leaf)
                words, said = said_at(text, held)
                if said and all(someone_elses(words, at) for at in said):
                    yield {"other"}
                    continue
                yield {whose(words, at, speaker_unsaid=not _ASSISTANT.match(text))
                       for at in said}
        return told()

    def composed_told(self, word: str) -> bool:
        """Whether a memory tells of the relation ``word`` names as a relative's relative
        (``query.COMPOSED``): "My sister Carolina lives in Monterrey with her son Mateo" for
        "my nephew", "mi padre y su hermano" for "mi tío". The memories holding a word of
        each part (at most ``COMPOSED_READ``) are read."""
        through = composed(word)
        if through is None:
            return False
        index = self.model.index

        def holders(words: frozenset[str]) -> set[str]:
            return {leaf for word in words for term in text_terms(word)
                    if index.doc_freq(stem(term)) for leaf in index.postings(stem(term))}
        both = holders(through[0]) & holders(through[1])
        return any(tells_through(self.model.text_of(leaf), *through)
                   for leaf in sorted(both)[:COMPOSED_READ])

    def owners(self, *terms: str) -> str:
        """Who the memories holding ``terms`` (at most ``OTHERS_CHECKED``) tell has the
        thing, by name ("Carolina", "Joaquín and Dmitri") or as the memory says them ("a
        colleague": ``owner_said``), or "someone else" when none is said ("My colleague's
        kid got a hamster")."""
        return owners_said(self.owner_names(*terms))

    def owner_names(self, *terms: str) -> tuple[str, ...]:
        """The names ``owners`` says (at most two), or none when it says "someone else": the
        parts, for a caller that looks for them in the question (it split the display text
        back on " and ", and so split a name written with "and" in it)."""
        index = self.model.index
        held = set(terms)
        names: list[str] = []
        leaves = list(dict.fromkeys(leaf for term in terms if index.doc_freq(term)
                                    for leaf in index.postings(term)))[:OTHERS_CHECKED]
        for leaf in leaves:
            text = self.model.text_of(leaf)
            words, said = said_at(text, held)
            names += [owner_said(words, at) for at in said if someone_elses(words, at)
                      or whose(words, at, speaker_unsaid=not _ASSISTANT.match(text)) == "other"]
        named = [name for name in dict.fromkeys(names) if name]
        return tuple(named[:2]) if named and all(names) else ()

    def nobodys(self, term: str) -> bool:
        """Every memory holding ``term`` (at most ``OTHERS_CHECKED``) says it of nobody: an
        assistant's advice ("then a baby gate"), a question ("What does a toddler need?").
        Such a word tells of no relative of the user's."""
        told = self._told((term,))
        return told is not None and all(said <= {None} for said in told)

    def only_others(self, *terms: str) -> bool:
        """Every memory holding one of ``terms`` (at most ``OTHERS_CHECKED`` of them) says it
        of someone else ("Sam's brother", "the neighbour's cat", "My colleague's kid got a
        hamster", ``whose``) or of nobody (an assistant's advice, a question), and one of them
        of someone else: read, not assumed, so a word held more widely is taken as said of
        the user somewhere."""
        told = self._told(terms)
        if told is None:
            return False
        others = False
        for said in told:
            if "speaker" in said:
                return False
            others = others or "other" in said
        # ...and one says it of someone else at least: a word only asked about or advised on
        # ("What does a hamster need?", "Sea kayaking is a great sport") is nobody's
        return others

    def in_names_only(self, term: str) -> bool:
        """Every memory holding ``term`` (at most ``OTHERS_CHECKED`` of them) holds it only
        as part of a proper name (``answer_type.in_a_name``): "a structural engineer at
        Halcrow Partners" tells of no partner."""
        index = self.model.index
        leaves = list(index.postings(term)) if index.doc_freq(term) else []
        if not leaves or len(leaves) > OTHERS_CHECKED:
            return False
        for leaf in leaves:
            words, said = said_at(self.model.text_of(leaf), {term})
            if not said or not all(in_a_name(words, at) for at in said):
                return False
        return True

    def dating_told(self) -> bool:
        """Whether the user told of dating someone (``_DATING``) in one of the first
        ``OTHERS_CHECKED`` memories holding each of its words: a boyfriend or a partner never
        named by the word may be the one dated."""
        index = self.model.index
        for word in _DATING_TERMS:
            term = stem(word)
            if not index.doc_freq(term):
                continue
            for leaf in index.ranked_ids((term,), limit=OTHERS_CHECKED):
                told = self.model.text_of(leaf)
                if not _ASSISTANT.match(told) and _DATING.search(_USER_LABEL.sub("", told)):
                    return True
        return False

    def ex_told(self, person: str) -> bool:
        """Whether the facts tell that ``person`` ("user": the user) had a partner before:
        one they left ("none (broke up with Javier)", ``endings.is_ending``) or one another
        followed. "Who was Marta's ex?" is then stored, whatever words told it."""
        facts = self.model.facts
        keys = [key for key in facts.keys_of_subject(person) if key[1] == "partner"]
        if not keys:
            return False
        line = facts.timeline(keys)
        told = [fact for key in keys for fact in line.facts_for(*key)]
        return len(told) > 1 or any(is_ending(fact.value) for fact in told)

    def gender_held(self, word: str) -> bool:
        """Whether some memory names the animal ``word`` names in the other gender, in
        Spanish ("gato" / "Mi gata duerme...", "cat" read "gato" / "la gata"): the index
        holds each form apart, and the reply said no memory mentions "cat"."""
        index = self.model.index
        return any(index.doc_freq(stem(other))
                   for name in (word, *EN_ES.get(fold(word).lower(), ()))
                   if (other := closed_kinds.other_gender(name)) is not None)

    def kind_held(self, word: str) -> bool:
        """Whether ``word`` is a make ("my old Ford", "the Pixel") whose kind of thing some
        memory names ("car", "coche"): the memory may name the model alone ("Sold the Focus
        today"), which no word of the question matches."""
        kind = make_kind(fold(word).lower())
        index = self.model.index
        return kind is not None and any(index.doc_freq(stem(term)) for name in
                                        (kind, *EN_ES.get(kind, ())) for term in text_terms(name))
