"""The everyday things of a kind a question about someone's life names by the kind.

"Which sports has the user done?" and "went bouldering at Roca Norte"; "List all the cars I
have owned" and "picked up the Toyota Yaris"; "¿Qué idiomas está aprendiendo?" and "Started
Portuguese lessons": a list or a count is asked by the KIND, while each memory names one
INSTANCE, and the sentence model does not place "sports" near "bouldering" (nor "hobby" near
"pottery": 0.39). Such a question had the kind's word as its only content word, no memory
holding it, and was answered "No memory found" or led by a memory that merely says the word
("the sports news with my dad"). ``kinds.things_of`` reads these kinds as it reads a coding
tool's ("database" -> MySQL), and ``Readings.kind`` searches the question with the kind read as
the instances the store holds: a kind none of whose instances is stored stays unread, so a
list of something never stored ("which martial arts...?") is still "No memory found".

The lists are closed and short on purpose, English and Spanish instances under each kind's
words in both languages (a Spanish question may be about an English memory and the reverse):
the things people name when they talk about their sports, languages, pets, cars, instruments,
hobbies and crafts, drinks, family and trips. Words that are also common words, or stem to
one ("seat", "golf" as a car, "punto", "bajo", "son", "te", "wine" -> "win") are left out: a
reading holding them would find every sentence that says them. Pure data and one lookup;
places come from ``regions``.

A question that is no list asks by the kind too, and a memory answers it by the thing: "What
health news did the user share in January?" and "The GP says my vitamin D is low"; "Has anyone
in the user's family had an operation?" and "Dad had his hip replaced"; "¿Qué tal lleva el
calor del verano?" and "Hizo 27 grados en Cork" (the model puts each pair 0.12-0.16 apart, under
every closeness that keeps never-stored questions out). So health, an operation and the
weather are kinds here as well: what a person says of them, not where it happens ("nurse",
"hospital", "clinic" are also a workplace, and a nurse's every turn would be health news);
"cold" is an illness as often as the weather, and "tiempo" is time, so neither is a kind's word.

An event of a life is asked by its name and told in its own words the same way: "Where did the
user get engaged?" and "Sam proposed on the beach", "What is the name of Nadia's baby?" and
"Dev and I are expecting!", "When did Marco get divorced?" and "Sofia and I have separated".
An engagement, a wedding, a birth, a graduation, a divorce and a retirement are kinds here
too, with the operation (``_LIFE_EVENTS``); asked of someone, such an event happened to them
(``event_things_of``: the navigation's ``apart`` asks it of their days). An adoption is not
one: "adopt", "adoption", "adoptado" are forms of one word (``derivation``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from actors.facts.makes import makes_of
from actors.navigation import closed_kinds
from actors.navigation.stem import stem
from actors.regions import COUNTRY_CITIES, REGION_CITIES, place_names
from actors.text import fold
from actors.text import terms as text_terms

_SPORTS = """
    bouldering climbing running jogging race races marathon swimming cycling kayaking
    canoeing rowing sailing surfing windsurfing kitesurfing skiing snowboarding skating tennis
    padel squash badminton football soccer basketball volleyball handball rugby golf hiking
    trekking yoga pilates crossfit boxing karate judo taekwondo fencing triathlon archery
    climbed ran swam cycled skied hiked
    escalada correr carrera carreras maraton natacion nadar ciclismo piraguismo remo vela surf
    esqui patinaje tenis futbol baloncesto balonmano voleibol senderismo boxeo triatlon
    """
_LANGUAGES = """
    english spanish portuguese french german italian japanese chinese mandarin cantonese
    korean arabic russian dutch catalan basque galician greek swedish norwegian danish
    finnish polish czech turkish hindi hebrew welsh irish latin
    ingles espanol castellano portugues frances aleman italiano japones chino coreano arabe
    ruso neerlandes holandes catalan euskera gallego griego sueco noruego danes finlandes
    polaco checo turco hebreo latin
    python javascript typescript java kotlin rust golang ruby php swift scala haskell elixir
    """
_PETS = " ".join((*closed_kinds.words_of("pet"), *"bunny chickens hens gallinas".split()))
_BIRDS = "parrot budgie canary cockatiel finch loro periquito canario cacatua"
_INSTRUMENTS = " ".join((*(word for word in closed_kinds.words_of("instrument") if word != "bass"),
                         "keyboard", "teclado"))
"""The pets and the instruments are the closed kinds' (``closed_kinds``, where a kind none
of whose things is stored is judged never stored), so what a store is read to hold of a kind
and what a question naming the kind is read as are one list ("¿Qué instrumento toca el
usuario?" and "Started learning the fiddle": probe43), less "bass", which as often names a
fish or a voice, and with the keyboard, said of a computer as often (a reading may miss it;
a judgement of "never stored" may not)."""
_DOGS = "dog perro " + closed_kinds.BREEDS["dog"]
_CATS = "cat gato " + closed_kinds.BREEDS["cat"]
"""A dog or a cat told by its breed (``closed_kinds.BREEDS``): "How many dogs do I have?" and
"acogimos a un segundo galgo". Only the breeds and the animal's word: its other words
("kitten", "gatito") are read as the animal already (``synonyms``, ``bilingual``), and a
reading holding them too found more of other people's kittens for "the user's cat"."""
_CRAFTS = """
    pottery ceramics knitting crochet sewing embroidery woodworking bookbinding calligraphy
    origami quilting weaving jewellery jewelry candle
    ceramica alfareria ganchillo costura bordado carpinteria encuadernacion caligrafia
    """
_HOBBIES = _CRAFTS + """
    painting drawing sketching watercolour watercolor photography gardening baking chess
    salsa bachata tango dancing dance choir birdwatching fishing
    pintura dibujo acuarela fotografia jardineria reposteria ajedrez baile bailar coro pesca
    """
_DRINKS = """
    coffee tea matcha kombucha beer cider juice smoothie cocktail gin whisky rum vodka
    tequila mezcal lemonade chai latte espresso cappuccino sake vermouth
    cafe cerveza vino sidra zumo batido coctel ron limonada vermut horchata
    """
_FAMILY = """
    sister brother mother mum mom father dad parents grandmother grandma grandfather grandpa
    aunt uncle cousin nephew niece daughter husband wife stepmother stepfather
    hermana hermano madre padre padres abuela abuelo tia tio primo prima sobrino sobrina hijo
    hija marido esposa esposo cuñado cuñada suegra suegro
    """
_HEALTH = """
    doctor gp physician physio physiotherapist dentist diagnosed diagnosis vitamin allergic
    allergy asthma diabetes flu fever injury injured sprained fracture surgery operation
    operated prescribed prescription medication antibiotics migraine infection illness sick
    cholesterol
    medica doctora fisio fisioterapeuta dentista diagnosticaron diagnostico vitamina alergia
    alergico alergica asma diabetes gripe fiebre lesion esguince fractura cirugia operacion
    operaron receta medicacion antibiotico antibioticos migraña infeccion enfermo enferma
    enfermedad colesterol
    """
_OPERATIONS = """
    surgery surgeon operated operation replaced replacement transplant stitches anaesthetic
    anaesthesia anesthesia biopsy
    cirugia cirujano operaron operado operada operacion quirofano protesis trasplante
    anestesia biopsia
    """
_HEAT = """
    degrees heatwave sweltering scorching humid humidity sweating
    grados bochorno caluroso humedad sudando sudar
    """
_COLD = """
    degrees freezing frost frosty snow snowed snowing
    grados helada nieve nevo nevando congelado congelada
    """
_WEATHER = _HEAT + _COLD + """
    rain raining rained storm windy sunny drizzle
    lluvia llueve llovio lloviendo tormenta viento soleado
    """
_ENGAGEMENT = """
    engaged engagement fiance fiancee proposed proposal ring
    prometido prometida comprometido comprometida compromiso pedida anillo
    """
_WEDDING = """
    wedding married marry bride groom vows honeymoon
    boda casamos casaron casarnos casado casada casados nupcias
    """
_BIRTH = """
    born birth newborn baby pregnant pregnancy expecting due labour labor arrived
    nacio nacido nacida nacimiento bebe parto embarazada embarazo
    """
_GRADUATION = """
    graduated graduation graduate degree diploma
    graduado graduada graduacion graduarme graduarse titulo licenciado licenciada
    """
_DIVORCE = """
    divorced divorce separated separation
    divorcio divorciado divorciada divorciaron separados separacion
    """
_RETIREMENT = """
    retired retirement retiring pension
    jubilado jubilada jubilacion jubilarse jubilo jubile
    """
_LIFE_EVENTS = frozenset({_OPERATIONS, _ENGAGEMENT, _WEDDING, _BIRTH, _GRADUATION, _DIVORCE,
                          _RETIREMENT})
"""The kinds that are events of a life: asked of someone, they happened to that person."""
_RACES = "marathon triathlon duathlon ultramarathon maraton triatlon"
_PLACES = "@places"
"""Stands for every country and city name ``regions`` knows (one word each)."""

_KINDS: dict[str, str] = {
    "sport": _SPORTS, "deporte": _SPORTS, "deportes": _SPORTS,
    "language": _LANGUAGES, "idioma": _LANGUAGES, "lengua": _LANGUAGES,
    "pet": _PETS, "animal": _PETS, "mascota": _PETS,
    "bird": _BIRDS, "pajaro": _BIRDS,
    "dog": _DOGS, "perro": _DOGS, "cat": _CATS, "gato": _CATS,
    "instrument": _INSTRUMENTS, "instrumento": _INSTRUMENTS,
    "craft": _CRAFTS, "manualidad": _CRAFTS,
    "hobby": _HOBBIES, "hobbies": _HOBBIES, "pastime": _HOBBIES, "aficion": _HOBBIES,
    "pasatiempo": _HOBBIES,
    "health": _HEALTH, "salud": _HEALTH,
    "operation": _OPERATIONS, "surgery": _OPERATIONS, "operacion": _OPERATIONS,
    "cirugia": _OPERATIONS, "intervencion": _OPERATIONS,
    "heat": _HEAT, "calor": _HEAT, "frio": _COLD, "weather": _WEATHER, "clima": _WEATHER,
    "temperature": _WEATHER, "temperatura": _WEATHER,
    "race": _RACES, "carrera": _RACES,
    "engagement": _ENGAGEMENT, "engaged": _ENGAGEMENT, "fiance": _ENGAGEMENT,
    "fiancee": _ENGAGEMENT, "prometido": _ENGAGEMENT, "prometida": _ENGAGEMENT,
    "compromiso": _ENGAGEMENT,
    "wedding": _WEDDING, "marriage": _WEDDING, "married": _WEDDING, "boda": _WEDDING,
    "casamiento": _WEDDING, "matrimonio": _WEDDING,
    "baby": _BIRTH, "babies": _BIRTH, "birth": _BIRTH, "newborn": _BIRTH, "bebe": _BIRTH,
    "nacimiento": _BIRTH, "parto": _BIRTH,
    "graduation": _GRADUATION, "graduated": _GRADUATION, "graduacion": _GRADUATION,
    "divorce": _DIVORCE, "divorced": _DIVORCE, "divorcio": _DIVORCE,
    "retirement": _RETIREMENT, "retired": _RETIREMENT, "jubilacion": _RETIREMENT,
    "jubilado": _RETIREMENT, "jubilada": _RETIREMENT,
    "drink": _DRINKS, "beverage": _DRINKS, "bebida": _DRINKS,
    "relative": _FAMILY, "family": _FAMILY, "familia": _FAMILY, "familiar": _FAMILY,
    "pariente": _FAMILY,
    "trip": _PLACES, "travel": _PLACES, "abroad": _PLACES, "holiday": _PLACES,
    "vacation": _PLACES, "country": _PLACES, "city": _PLACES, "viaje": _PLACES,
    "extranjero": _PLACES, "vacaciones": _PLACES, "pais": _PLACES, "ciudad": _PLACES,
}
"""A kind (as a question says it, singular; English and Spanish) -> its things, folded, one
word each."""
_VEHICLES = ("car", "coche", "vehicle", "vehiculo", "carro", "auto")
"""Kinds whose things are car makes and model lines (``actors.facts.makes``)."""
_NOT_CARS = frozenset("seat golf polo leaf mini fiesta ibiza civic zoe".split())
"""Makes and models that are also everyday words or places."""


@functools.cache
def _kinds_by_term() -> dict[str, str]:
    """A kind's word, as written and stemmed -> the kind."""
    kinds = (*_KINDS, *_VEHICLES)
    return {**{stem(kind): kind for kind in kinds}, **{kind: kind for kind in kinds}}


@functools.cache
def _things(kind: str) -> tuple[str, ...]:
    """The index terms of a kind's things, built on first use (the places are read from
    ``pycountry``, which only a question naming a trip or a country needs)."""
    if kind in _VEHICLES:
        words: Iterable[str] = (make for make in makes_of("car") if make not in _NOT_CARS)
    elif _KINDS[kind] == _PLACES:
        words = sorted(place_names())
    else:
        words = _KINDS[kind].split()
    return tuple(dict.fromkeys(stem(t) for word in words for t in text_terms(word)[:1]))


@functools.cache
def _places_by_term() -> dict[str, tuple[str, ...]]:
    """A region's or a country's one-word name, as written and stemmed -> the index terms of
    its cities (``regions.REGION_CITIES``, ``regions.COUNTRY_CITIES``)."""
    out: dict[str, tuple[str, ...]] = {}
    for place, cities in (*REGION_CITIES.items(), *COUNTRY_CITIES.items()):
        if " " not in place:
            things = tuple(dict.fromkeys(stem(t) for city in cities for t in text_terms(city)[:1]))
            out[place] = out[stem(place)] = things
    return out


def _kind_named(term: str) -> str | None:
    """The kind ``term`` (a query term, stemmed, or a word) names, or None."""
    key = fold(term).lower()
    kinds = _kinds_by_term()
    return kinds.get(key) or kinds.get(stem(key))


def everyday_things_of(term: str) -> tuple[str, ...]:
    """The index terms of the things of the everyday kind ``term`` (a query term, stemmed)
    names; none when it names no kind here."""
    kind = _kind_named(term)
    return _things(kind) if kind else ()


def event_things_of(term: str) -> tuple[str, ...]:
    """``everyday_things_of`` for a kind that is an event of a life (an engagement, a birth,
    a divorce...: ``_LIFE_EVENTS``), none for any other term: "Priya's divorce" asks what
    happened to Priya, told on her days in the event's words."""
    kind = _kind_named(term)
    return _things(kind) if kind in _KINDS and _KINDS[kind] in _LIFE_EVENTS else ()


def cities_of_term(term: str) -> tuple[str, ...]:
    """The index terms of the cities of the region or the country ``term`` (a query term,
    stemmed) names ("texa" -> "austin", "houston", "dalla"); none when it names no place
    here."""
    key = fold(term).lower()
    places = _places_by_term()
    return places.get(key) or places.get(stem(key)) or ()


def everyday_words_of(term: str) -> frozenset[str]:
    """The words (folded, as listed, not stemmed) of the everyday kind ``term`` names: a
    word's sense is told by its form ("fishing" is the hobby, "fish" a pet or a food)."""
    kind = _kind_named(term)
    if kind is None or kind in _VEHICLES or _KINDS[kind] == _PLACES:
        return frozenset()
    return frozenset(_KINDS[kind].split())
