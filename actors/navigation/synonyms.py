"""Words of one language that name the same everyday thing: "gig" and "concert", "repo" and
"codebase", "surgery" and "operation", "counselling" and "therapy", "calor" and "bochorno".

A paraphrased question names a thing with another word than the memory that answers it
("What did the user do with her concert ticket?" / "I'm selling my ticket for the gig"), and
the sentence model joins few such pairs: its cosines for them sit under every threshold that
keeps never-stored questions out (0.14-0.22 on the conversation sets), and its word table
has no neighbour for most ("concert", "gig", "grief", "codebase", "calor": none at 0.5).
With no word and no closeness in meaning, "No memory found" was the reply. The navigation
actor searches the question once more with each word read as the others of its group the
store holds (``Readings.synonym``), held as the question's own word.

Groups are closed and short: words a speaker uses for one thing, of the kinds people talk
about (health, feelings, people, home, money, work, software, leisure, travel). A word with
another everyday sense is left out ("support", "seat", "bank", "match"), and so is a word
stemming to one ("news" -> "new"): a reading holding it would find every sentence saying it.
A kind's things are ``everyday_kinds``' and ``kinds``'; a word's translation is
``bilingual``'s; this module is only words of one language for one thing, and the phrases
written as their initials ("pull request" / "PR", ``initials_of``). Pure data and two lookups;
no I/O.
"""

from __future__ import annotations

import functools

from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

_ENGLISH = """
surgery operation operated
hospitalised hospitalized admitted
doctor gp physician
physio physiotherapist physiotherapy
therapy therapist counselling counseling counsellor counselor psychologist
grief grieving bereavement mourning
illness disease
sick ill unwell
flu influenza
jab vaccine vaccination vaccinated
medicine medication meds pills
stomach belly tummy
pharmacy chemist
pregnant expecting
anxious anxiety nervous
tired exhausted knackered
upset sad unhappy
angry furious
scared afraid frightened
happy glad delighted
wedding marriage
divorce separation
flat apartment
landlord landlady
rent renting
mortgage loan
garden yard backyard
couch sofa
fridge refrigerator
holiday vacation
trip journey
luggage baggage suitcase
bag backpack rucksack
trainers sneakers
glasses spectacles
headphones earphones earbuds
photo picture photograph pic
plane aeroplane airplane
car automobile
bike bicycle
motorbike motorcycle
concert gig
film movie
cinema movies
tv television telly
salary wage wages
quit resigned resignation
fired sacked dismissed
lawyer solicitor attorney
exam examination
degree diploma
teacher tutor instructor
purchase buy
cheap inexpensive
expensive pricey
phone smartphone cellphone
codebase repo repository
library dependency
upgrade bump
bug defect
outage downtime
database db
dog puppy mutt mongrel pooch
cat kitten
vet veterinarian
gym fitness
bouldering climbing
hike hiking trek trekking
dinner supper
restaurant eatery
heat heatwave hot
rain rainy raining
"""
"""English groups, one a line."""
_SPANISH = """
operacion cirugia operaron opero
medico doctor doctora
fisio fisioterapeuta
terapia terapeuta psicologo psicologa
duelo luto
vacuna vacunado vacunada
medicina medicamento pastillas
embarazada embarazo
ansiedad nervios
triste tristeza
boda casamiento
divorcio separacion
piso apartamento departamento
casa hogar
alquiler renta
barrio colonia
nevera frigorifico refrigerador
maleta equipaje
coche auto carro
bici bicicleta
moto motocicleta
concierto recital
pelicula peli
entrada boleto
sueldo salario
trabajo empleo curro chamba
despidieron despido
ascenso ascendieron
profesor profesora maestro maestra
compra compre compro
precio coste costo
roto rota rompio
arreglar arreglo arreglaron
movil telefono celular
portatil laptop
repositorio repo
libreria dependencia
actualizacion actualizar
fallo error
despliegue desplegar
perro perrito cachorro
gato gatito
veterinario veterinaria
gimnasio gym
escalada boulder bouldering
senderismo excursion
natacion nadar
cena cenar
restaurante restaurant
calor bochorno caluroso
frio helada
lluvia llover lloviendo
"""
"""Spanish groups (folded), one a line."""


_PHRASES = """
pr pull request
mr merge request
ci continuous integration
cd continuous delivery
cd continuous deployment
"""
"""Initials and the words they stand for, one a line ("PRs" in a note, "pull requests" in
the question): the initials first."""


_NAMED = """
aurora: northern lights
puncture: flat tyre | flat tire
jetlag: jet lag
heatstroke: heat stroke
soroche: mal de altura | mal de montaña
apunamiento: mal de altura
"""
"""One word and the phrases naming the same thing in its language, one a line ("aurora" /
"the northern lights", "soroche" / "el mal de altura"): a question says one, the memory the
other. The word stands for the phrase when a question says it word after word
(``initials_of``); the phrase for the word when one memory holds all its words
(``phrases_of``)."""


def _said(words: str) -> tuple[str, ...]:
    """The index terms of ``words``, stop words kept ("mal de altura"): said in a row."""
    return tuple(stem(t) for t in text_terms(words, keep_stopwords=True))


@functools.cache
def _phrases() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Each phrase of ``_PHRASES`` and of ``_NAMED`` as its index terms (stop words kept),
    with the index term of its initials or of the word naming it."""
    out = []
    for line in _PHRASES.strip().splitlines():
        initials, *words = line.split()
        out.append((tuple(stem(t) for word in words for t in text_terms(word)[:1]),
                    stem(text_terms(initials)[0])))
    for word, phrase in _named():
        out.append((_said(phrase), word))
    return tuple(out)


@functools.cache
def _named() -> tuple[tuple[str, str], ...]:
    """(the index term of a word of ``_NAMED``, one phrase naming the same, as written)."""
    out = []
    for line in _NAMED.strip().splitlines():
        word, phrases = line.split(":", 1)
        out += [(stem(text_terms(word)[0]), phrase.strip()) for phrase in phrases.split("|")]
    return tuple(out)


def initials_of(text: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The phrases of ``_PHRASES`` (and ``_NAMED``) that ``text`` says word after word ("How
    big should my pull requests be?" -> (("pull", "request"), "pr"); "el mal de altura" ->
    (("mal", "altura"), "soroch")), each (without its stop words) with the term of its
    initials or of the word naming it. Initials are never read as their phrase: a note's
    "pull" or "request" alone is not a pull request."""
    said = _said(text)
    return tuple((tuple(t for t in phrase if text_terms(t)), initials)
                 for phrase, initials in _phrases()
                 if any(tuple(said[at:at + len(phrase)]) == phrase
                        for at in range(len(said) - len(phrase) + 1)))


def phrases_of(term: str) -> tuple[tuple[str, ...], ...]:
    """The phrases of ``_NAMED`` naming what ``term`` (a query term, stemmed) names, each as
    its index terms without stop words ("aurora" -> (("northern", "light"),))."""
    key = fold(term).lower()
    return tuple(tuple(stem(t) for t in text_terms(phrase)) for word, phrase in _named()
                 if word == key)


@functools.cache
def _groups() -> dict[str, tuple[str, ...]]:
    """An index term -> the index terms of the other words of its groups."""
    out: dict[str, list[str]] = {}
    for block in (_ENGLISH, _SPANISH):
        for line in block.strip().splitlines():
            terms = list(dict.fromkeys(stem(t) for word in line.split()
                                       for t in text_terms(word)[:1]))
            for term in terms:
                kept = out.setdefault(term, [])
                kept.extend(other for other in terms if other != term and other not in kept)
    return {term: tuple(others) for term, others in out.items()}


def synonyms_of(term: str) -> tuple[str, ...]:
    """The index terms naming what ``term`` (a query term, stemmed) names, in its language;
    none when it is in no group."""
    return _groups().get(fold(term).lower(), ())
