"""The everyday kinds a question asks which one of, and the things of each kind.

"What instrument does the user play?" asks for a thing of a kind; a memory names the thing
("I'm learning the ukulele"), seldom the kind, so the kind's word held by no memory says
nothing alone ("Which herb does the user dislike?" is answered by "never anything with
coriander"). For a few kinds whose things are a short closed list in both languages, a store
holding neither the kind's word nor any thing of it holds no answer: the question is about
something never stored ("What instrument does the user play?" when the user does pottery;
"Which airline did the user fly to Lisbon with?" when no airline was named). Kinds whose
things are names (a podcast, a beach, a book) or too many to list (a dish, a hobby) are not
here: a thing of them is no word a list can hold. Pure data and one lookup, like
``actors.facts.makes`` and ``kinds`` (a coding agent's tools, by kind).
"""

from __future__ import annotations

from actors.facts.makes import makes_of
from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

BREEDS = {
    "dog": """greyhound galgo whippet lurcher podenco labrador retriever spaniel terrier collie
        poodle caniche beagle dachshund teckel husky bulldog chihuahua pug carlino schnauzer
        dalmatian dalmata rottweiler doberman corgi pomeranian weimaraner vizsla mastiff mastin
        staffie westie sheepdog""",
    "cat": "siamese siames ragdoll tabby atigrado sphynx moggy",
}
"""A dog or a cat told by its breed ("we adopted a retired greyhound", "acogimos a un segundo
galgo"): "How many dogs do I have?" asks by the animal, and the sentence model does not count a
galgo as a dog. A breed that is also a common word or a place is left out ("boxer", "pointer",
"setter", "persian", "bengal"). They are pets too ("What pets do I have?")."""

_KINDS: dict[str, str] = {
    "instrument": """guitar guitarra piano violin violín viola cello violonchelo chelo drums
        drum batería bateria bass ukulele ukelele ukele flute flauta saxophone sax saxofón
        trumpet trompeta clarinet clarinete trombone trombón harp arpa accordion acordeón
        harmonica armónica mandolin mandolina banjo oboe tuba bagpipes gaita tambourine
        pandereta synth sintetizador fiddle xylophone xilófono marimba bassoon fagot
        piccolo flautín contrabass contrabajo euphonium bombardino cornet corneta lute laúd
        bandurria charango sitar djembe bongos congas kalimba handpan theremin
        didgeridoo zither cítara castanets castañuelas melodica melódica""",
    "sport": """football soccer fútbol futbol tennis tenis padel pádel basketball baloncesto
        volleyball voleibol handball balonmano rugby golf hockey cricket baseball béisbol
        running run runs ran correr corro carrera race marathon maratón swimming swim swam
        natación nadar nado cycling cycle bike bici ciclismo climbing climb bouldering
        escalada escalar boxing boxeo karate judo taekwondo yoga pilates crossfit gym gimnasio
        skiing ski esquí esquiar surf surfing surfear snowboard rowing remo kayak kayaking squash
        badminton bádminton athletics atletismo triathlon triatlón hiking senderismo
        fencing esgrima gymnastics gimnasia dance danza baile""",
    "pet": """dog dogs puppy mutt mongrel pooch perro perra perrito cachorro chucho cat
        cats kitten gato gata gatito
        hamster hámster rabbit conejo parrot loro budgie periquito canary canario fish pez
        peces goldfish turtle tortuga tortoise ferret hurón snake serpiente lizard lagarto
        gecko iguana chinchilla hedgehog erizo horse caballo pony poni guinea cobaya
        """ + BREEDS["dog"] + " " + BREEDS["cat"],
    "airline": """ryanair easyjet iberia vueling volotea binter klm lufthansa transavia
        wizz wizzair norwegian aerlingus finnair alitalia airfrance jetblue emirates qatar
        aeromexico avianca latam qantas airways airline airlines aerolínea aireuropa""",
    "car": " ".join(makes_of("car")) + """ car cars coche coches auto carro motorcycle
        motorcycles motorbike motorbikes motocicleta motocicletas""",
    "phone": " ".join(makes_of("phone")) + " phone móvil movil teléfono telefono",
    "laptop": " ".join(makes_of("laptop")) + " laptop portátil portatil",
}
"""A kind (English) -> the words of its things, both languages (folded when read). Words
that name something else as often are left out ("bajo" is also "under", "cajón" a drawer,
"teclado" a computer's keyboard, "órgano" a body's, "tabla" a board: its index term is
"table"'s). The instruments and pets are ``everyday_kinds``' too, which a question naming
the kind is read as."""
_SPANISH = {"instrumento": "instrument", "instrumentos": "instrument", "deporte": "sport",
            "deportes": "sport", "mascota": "pet", "mascotas": "pet", "animal": "pet",
            "aerolinea": "airline", "aerolineas": "airline",
            "coche": "car", "auto": "car", "carro": "car", "movil": "phone", "telefono": "phone",
            "portatil": "laptop", "instruments": "instrument", "sports": "sport",
            "pets": "pet", "airlines": "airline"}
"""The kind as asked in Spanish (folded), or in the plural."""

_THINGS: dict[str, tuple[str, ...]] = {
    kind: tuple(dict.fromkeys(stem(term) for word in words.split()
                              for term in text_terms(fold(word).lower())))
    for kind, words in _KINDS.items()}


SAID_ALIKE = frozenset(stem(term) for word in """surf surfing snowboard snowboarding golf
    rugby hockey squash judo karate taekwondo crossfit padel kayak kayaking yoga pilates""".split()
                        for term in text_terms(fold(word).lower()))
"""Things of a kind written alike in both languages ("hacer surf", "went surfing"; "el golf"):
the word is its own translation, so a memory of the other language holds it as asked, though
the lexicon lists no pair for it."""


def said_alike(word: str) -> bool:
    """Whether ``word`` (as asked) is a thing ``SAID_ALIKE`` in both languages."""
    terms = text_terms(fold(word).lower())
    return len(terms) == 1 and stem(terms[0]) in SAID_ALIKE


def words_of(kind: str) -> tuple[str, ...]:
    """The words of the kind's things as listed, folded ("violin", "castanuelas")."""
    return tuple(fold(word).lower() for word in _KINDS[kind].split())


_NO_FEMININE = frozenset({"caballo", "canario", "gecko"})
"""Pets whose "-a" form is another word: "caballa" a fish (a mare is "yegua"), "Canaria" an
island; "gecko" is English."""
FEMININE = {word: word[:-1] + "a" for word in words_of("pet")
            if word.endswith("o") and word not in _NO_FEMININE}
"""Each animal's Spanish masculine -> its feminine ("gato" -> "gata", "perro" -> "perra"):
one animal in either form, whatever the word's length ("gata" is a cat, "pata" no duck:
a duck is no pet). The lexicon and the pets' list name the masculine."""
_MASCULINE = {female: male for male, female in FEMININE.items()}


def other_gender(word: str) -> str | None:
    """The animal's word in the other gender ("gata" -> "gato", "perro" -> "perra", any
    case or accent, a plural read as its singular), or None for no animal of ``FEMININE``."""
    key = fold(word).lower()
    for form in (key, key[:-1] if key.endswith("s") else key):
        found = FEMININE.get(form) or _MASCULINE.get(form)
        if found:
            return found
    return None


def kind_of(word: str) -> str | None:
    """The kind ``word`` (as asked, any case or accent) names, or None."""
    key = fold(word).lower()
    kind = _SPANISH.get(key, key)
    return kind if kind in _THINGS else None


def things_of(kind: str) -> tuple[str, ...]:
    """The index terms (stemmed) of the kind's words (both languages) and of its things."""
    words = (kind, *(es for es, en in _SPANISH.items() if en == kind))
    return (*(stem(t) for word in words for t in text_terms(word)), *_THINGS[kind])


_KIND_OF_THING: dict[str, str] = {
    term: kind for kind, terms in _THINGS.items() for term in terms}
"""Each thing's index term (stemmed) -> its kind ("guitar" -> instrument, "gato" -> pet)."""


def kind_of_thing(word: str) -> str | None:
    """The kind of which ``word`` (as asked, any case or accent) names a thing ("guitar" ->
    "instrument", "tennis" -> "sport"), or None: a word of one piece only ("tennis", not
    "table tennis")."""
    terms = text_terms(fold(word).lower())
    return _KIND_OF_THING.get(stem(terms[0])) if len(terms) == 1 else None


_ONE_THING = tuple(frozenset(stem(term) for word in group.split()
                             for term in text_terms(fold(word).lower()))
                   for group in ("dog dogs puppy puppies pup mutt mongrel pooch perro perra "
                                 "perrito cachorro chucho",
                                 "cat cats kitten kittens kitty gato gata gatito",
                                 "bike bicycle bici bicicleta cycling cycle ciclismo",
                                 "run running runs ran correr corro carrera",
                                 "swim swimming swam natacion nadar nado",
                                 "climb climbing bouldering escalada escalar",
                                 "surf surfing surfear",
                                 """motorcycle motorcycles motorbike motorbikes motocicleta
                                 motocicletas moto motos ducati harley kawasaki vespa"""))
"""Words of one list naming one thing, either language: a puppy is a dog ("We adopted a golden
retriever puppy" answers "¿qué perro adoptó el usuario?"), bouldering is climbing, a Ducati is
a motorcycle (a road vehicle's kind is "car": a motorcycle told by its make is itself)."""
_BREED_TERMS = tuple((group, frozenset(stem(term) for word in BREEDS[animal].split()
                                       for term in text_terms(fold(word).lower())))
                     for group, animal in zip(_ONE_THING, BREEDS, strict=False))
"""The breeds of the dog's and the cat's lists (the first two of ``_ONE_THING``)."""


def same_thing(word: str) -> frozenset[str]:
    """The index terms (stemmed) naming the thing ``word`` names in its kind's list, itself
    included, and its breeds for a dog or a cat (a galgo is a dog; a dog is no galgo: "my
    greyhound" is not held by a memory of a beagle)."""
    terms = text_terms(fold(word).lower())
    own = stem(terms[0]) if len(terms) == 1 else ""
    return frozenset({own}.union(*(group for group in _ONE_THING if own in group),
                                 *(breeds for group, breeds in _BREED_TERMS if own in group))) \
        if own else frozenset()
