"""Whether a served chat turn was said by the person a question asks about.

In a conversation between two people saved one turn per memory ("[2025-06-14] Joel: I saw The
Velvet Hours last week"), a question about one of them ("When did Marta see The Velvet Hours?")
is matched best by the other's turn: the rare words agree, and the name asked is in half the
store. The turn is still worth showing (it may be all there is), but the reply must say whose
it is: an outside client's two-speaker set had 7 of 19 such questions answered with the other
speaker's turn as a plain, confident match.
"""

from __future__ import annotations

import re

from actors import regions
from actors.facts.common_words import is_common_word
from actors.facts.speakers import TITLES, USER, opening_speaker, past_label
from actors.lazy_re import lazy_regex
from actors.navigation.answer_type import someone_else_first
from actors.navigation.query import QUESTION_WORDS
from actors.text import STOPWORDS, fold

_NAME = lazy_regex(r"(?<![\w'’])([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)(?:['’]s\b|(?![\w'’]))")
"""A whole capitalised word (a possessive ending set aside): "PayPal" and "FedEx" hold no
"Pay" or "Fed"."""


_PLACE_WORDS = frozenset(fold(word) for word in """
    st saint san santa santo mount mt lake market street road avenue lane park square station
    hospital school college university church cathedral bridge hill beach bay river island
    castle museum gallery stadium airport centre center mall hotel cafe bar restaurant
    calle plaza avenida parque mercado estacion colegio escuela universidad iglesia catedral
    puente playa rio lago monte isla castillo museo barrio aeropuerto""".split())
"""Words that make a run of capitalised words a place's name ("St Nicholas Market", "Santa
Clara de Triana", "Lake Bled"), whose words name no person."""
_NAME_RUN = lazy_regex(r"[A-ZÁÉÍÓÚÑ][\w'’.]*(?:\s+(?:(?:de|del|la|las|los|of|the|y|and)\s+)?"
                       r"[A-ZÁÉÍÓÚÑ][\w'’.]*)+")
"""Capitalised words in a row, the small words of a name allowed between them."""


def _in_place_names(question: str) -> set[str]:
    """The words of the question that belong to a place's name (``_PLACE_WORDS``)."""
    out: set[str] = set()
    for m in _NAME_RUN.finditer(question):
        words = re.findall(r"[\w'’]+", m.group(0))
        if any(fold(word).rstrip(".") in _PLACE_WORDS for word in words):
            out |= set(words)
    return out


def names_asked(question: str) -> tuple[str, ...]:
    """The capitalised words of the question that may name a person: not its first word
    (unless possessive: "Marta's dog?"), nor a question or stop word, nor a common word of
    the language ("Testing", "Hours": ``common_words``), nor part of a brand written in two
    capitals ("PayPal": the asked "Pay" was a word cut short), nor of a place's name ("St
    Nicholas Market", "Santa Clara de Triana": "Said by Marisol, and it does not mention
    Triana" answered a question about a school), nor a country or a region ("Which of the
    two friends has lived in Texas?": "Said by Tomás, and it does not mention Texas")."""
    out: list[str] = []
    placed = _in_place_names(question)
    for m in _NAME.finditer(question):
        word = m.group(1)
        if word in placed or fold(word).lower() not in regions.NOT_PLACES \
                and (regions.is_region(word) or regions.cities_of(word)):
            continue  # "lived in Texas": a place, nobody who speaks
        opening = not question[:m.start()].strip(" ¿¡\"'(")
        if opening and m.group(0) == word:
            continue  # a question's first word is capitalised whatever it is
        if fold(word) in STOPWORDS or fold(word) in QUESTION_WORDS or fold(word) in TITLES \
                or is_common_word(word):
            continue
        out.append(word)
    return tuple(dict.fromkeys(out))


_FIRST_PERSON = lazy_regex(r"\b(?:i|my|me|mine|myself|we|our|us|yo|mi|mis|nosotros|nosotras|"
                           r"nuestro|nuestra|nuestros|nuestras)\b")
"""A question about the user, asked in the first person ("Where do I live?", "¿Dónde vivo
yo?")."""
THE_USER = "the user"


def asks_about_the_user(question: str) -> bool:
    """Whether ``question`` asks about the user in the first person."""
    return bool(_FIRST_PERSON.search(fold(question)))


_THE_USER_SAID = lazy_regex(r"\b(?:the\s+user|(?:el|del|al)\s+usuario|la\s+usuaria)\b")


def names_the_user(question: str) -> bool:
    """Whether ``question`` asks about the user by saying so: in the first person, or of "the
    user" as agents and evaluations ask it ("What is the name of the user's cat?")."""
    return asks_about_the_user(question) or _THE_USER_SAID.search(fold(question)) is not None


def asks_of_the_user(question: str) -> bool:
    """Whether ``question`` asks how things stand for the user: in the first person, of "the
    user" ("On which ward at Crumlin does the user work?"), or of nobody it names ("¿Qué
    desayuno?", a verb's person alone), and not of someone else ("my sister", "Sam's")."""
    return not someone_else_first(question) and (
        names_the_user(question) or not names_asked(question))


def other_than_the_user(text: str) -> tuple[str, str] | None:
    """(the turn's speaker, ``THE_USER``) when a first-person question is served a turn said
    by a named speaker ("Kenji: I live in Salford" for "Where do I live?" in a chat between
    two friends, the user's name unknown): it tells where Kenji lives."""
    speaker = opening_speaker(text)
    if speaker is None or speaker.subject is None or speaker.subject == USER:
        return None
    return speaker.subject, THE_USER


def other_speaker(asked: tuple[str, ...], text: str, question: str = "",
                  answered: str = "") -> tuple[str, str] | None:
    """(the turn's speaker, the name asked that the turn never mentions) when the turn is said
    by a named speaker the question does not name, else None. A speaker the ``question``
    names is asked about even when the name is also a word ("Did Tom catch anything at Lake
    Tahoe?": "tom" is in the dictionary), and a turn ``answered`` (shown after it) by one
    the question names is theirs to tell ("Tom: did you like it?" / "Bea: loved it"), unless
    it tells of its own speaker (``speaks_of_self``)."""
    if not asked:
        return None
    speaker = opening_speaker(text)
    if speaker is None or speaker.subject is None or speaker.subject == USER:
        return None
    said = set(fold(speaker.subject).split())
    if any(fold(name) in said for name in asked) or _names(question, speaker.subject):
        return None
    # ...unless the turn tells of its own speaker ("Tomás: my grey cat Mole" / "Maya: I
    # started a puzzle"): a reply does not make it the replier's
    for line in () if speaks_of_self(text) else answered.splitlines():
        reply = opening_speaker(line)
        if reply is not None and reply.subject is not None and reply.subject != USER and \
                (any(fold(name) in fold(reply.subject).split() for name in asked)
                 or _names(question, reply.subject)):
            return None
    folded = fold(text)
    if not _SECOND_PERSON.search(_THANK_YOU.sub(" ", folded)):  # "Marta, did you see it?"
        folded = fold(_VOCATIVE.sub(_spoken_to, text))  # is about Marta
    missing = [name for name in asked
               if not re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", folded)]
    return (speaker.subject, missing[0]) if missing else None


def _names(question: str, person: str) -> bool:
    """``question`` names ``person`` as written (capitalised, a whole word)."""
    return bool(question) and re.search(rf"(?<![\w'’]){re.escape(person)}(?![\w])",
                                        question) is not None


_VOCATIVE = lazy_regex(r"(?:(?<=:\s)|^)(?:(?P<opener>[^\W\d_]+(?:\s+(?:you|gracias))?),?\s+)?"
                       r"(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)(?P<mark>[,!])(?=\s|$)"
                       r"|,\s*[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?=\s*[!.?]*\s*$)", re.MULTILINE)
"""A name the speaker addresses, not one the turn is about: "Marta, I adopted a dog" (at the
turn's start, after its label), "Thanks, Marta!" (at its end, or at the start after a word
that names nobody: ``_spoken_to``)."""
_GREETINGS = frozenset(
    "hey hi hello oh so well ok okay thanks thank cheers hola oye gracias vale bueno venga "
    "perfecto genial".split())
"""Words opening a turn before the name spoken to ("Hey Marta,", "Gracias, Marta!"), besides
any common word before a comma ("Sure, Marta,", "Sorry, Marta!")."""
_THIRD_PERSON = lazy_regex(r"\s+(?i:he|she|they|his|her|their|él|ella|ellos|ellas)(?!\w)")
_THANK_YOU = lazy_regex(r"\bthank you\b")
"""A "you" that thanks, and speaks of nobody ("Thank you, Marta! I put the box back")."""


def _spoken_to(match: re.Match[str]) -> str:
    """``match`` of ``_VOCATIVE`` with the name spoken to taken out. A common word opening the
    turn ("Thanks, Marta!", "Gracias, Marta", "Thanks Marta,") is no name: the name after it
    is the one spoken to. A name opening the turn before a comma and then referred to by a
    pronoun of the third person is the one talked about ("Tomasz, he's a big fan of Catan"),
    unless a greeting opens it ("Hey Marta, she's here!")."""
    opener, name, mark = match.group("opener", "name", "mark")
    if name is None:
        return " "  # "..., Marta!" closing the turn
    comma = opener is not None and match.group(0)[len(opener):len(opener) + 1] == ","
    if opener is not None and any(fold(word).lower() in _GREETINGS or comma
                                  and is_common_word(word) for word in opener.split()):
        return " "  # "Muchas gracias, Marta", "Sure, Marta" ("Casa Marcelino," is one name)
    if opener is not None:  # "Ana, Marta, ...": the first name is the one spoken to
        said = match.group(0)
        first = said[:len(opener) + 1]
        if not comma or _THIRD_PERSON.match(said, len(first)):
            return said
        return " " + said[len(first):]
    if mark != "," or _THIRD_PERSON.match(match.string, match.end()):
        return match.group(0)
    return " "


_SECOND_PERSON = lazy_regex(r"\b(?:you|your|yours|yourself|tu|tus|te|ti|contigo|usted)\b")
"""...unless the turn speaks of the one addressed ("Marta, did you see them?")."""


def speaks_of_self(text: str) -> bool:
    """Whether a chat turn tells of its own speaker: said in the first person ("I adopted a dog
    yesterday", "my grey cat Mole", "Lucía y yo adoptamos un gato"), to nobody addressed ("did
    you...?", "te manda saludos" tell of the one spoken to). Such a turn is its speaker's
    fact, whoever else the question names."""
    said = _said(text)
    return bool(_FIRST_PERSON.search(said)) and not _SECOND_PERSON.search(said)


def tells_of_self(text: str) -> bool:
    """``speaks_of_self``, the first person also read from a verb's form alone ("Empecé clases
    de vela", "volcamos el barco", "Made it to Denver on Monday!": ``_first_person_verb``).
    For proving a thing or a doing someone else's (``told_by_others``), not for ranking: "Para
    Halloween voy a ir de Dalí" is Lucía's own, and Owen's answer right after it ("I'm going
    as Pickle") is the answer to "What is Owen dressing up as?", served as her turn's next
    one only while her turn keeps its place (``other_speaker``)."""
    said = _said(text)
    return (bool(_FIRST_PERSON.search(said)) or _first_person_verb(_said_as_written(text))) \
        and not _SECOND_PERSON.search(said)


_ES_FIRST_PERSON = frozenset("""
    fui fuimos hice hicimos tuve tuvimos estuve estuvimos vi vimos di dimos pude pudimos vine
    vinimos puse pusimos supe dije dijimos conduje voy soy estoy tengo hago puedo quiero sigo
    vuelvo empiezo acabo creo pienso""".split())
"""Spanish verbs whose form alone is the first person and whose ending says nothing of it:
the common irregular preterites and presents ("Ya no voy a las clases", "Fui a Sevilla")."""
_NOT_A_VERB = frozenset("""
    qué porqué café bebé puré cliché fiancé résumé touché sauté rosé olé canapé chalé consomé
    bidé carné comité chimpancé aquí allí ahí así esquí maní rubí colibrí bisturí jabalí iraní
    iraquí marroquí israelí paquistaní yemení saudí bengalí somalí guaraní hindí ramos tramos
    gamos amos primos mimos racimos extremos supremos remos memos demos limos""".split())
"""Words ending as a first person's verb does that are no verb: nouns, adverbs, a people's
names, English words taken from French ("café", "aquí", "marroquí", "primos", "memos")."""
_ELLIPTIC_PAST = frozenset("""
    made got went ran bought took had saw met did flew left came began found sold won gave
    wrote built became brought caught chose drove ate fell felt kept lost paid rode sent spent
    swam taught threw told wore""".split())
"""English past tenses a turn opens on with its "I" left out ("Made it to Denver on Monday!",
"Got back from Iceland"), besides the regular "-ed" ones ("Finished the book")."""
_NOT_ELLIPTIC = frozenset(
    "seemed looked sounded turned happened used needed loved liked deserved excited".split())
"""Opening "-ed" words that react to what another said, or tell of nobody ("Loved the photos",
"Sounded fun", "Turned out great")."""
_OPENERS = frozenset("just finally so also well ok okay and".split())


def _said_as_written(text: str) -> str:
    """What a chat turn's first line says past its label, as written (accents kept)."""
    return past_label(text.lstrip().split("\n", 1)[0])


def _opens_sentence(said: str, at: int) -> bool:
    """Whether the word at ``at`` opens a sentence of ``said``."""
    before = said[:at].rstrip(" ¿¡\"'(")
    return not before or before[-1] in ".!?…"


def _first_person_verb(said: str) -> bool:
    """Whether ``said`` holds a verb whose form alone is its speaker's: in Spanish the
    preterite's "-é" / "-í" ("compré", "me operé", "pedí"), the "-amos" / "-emos" / "-imos" of
    a "we" ("volcamos", "nos mudamos") and the irregular forms of ``_ES_FIRST_PERSON``; in
    English a sentence opening on a past tense, the "I" left out ("Made it to Denver!"). A
    capitalised word inside a sentence is a name ("André", "Ramos"), not a verb."""
    words = list(re.finditer(r"[^\W\d_]+", said))
    opens = [_opens_sentence(said, m.start()) for m in words]
    for at, m in enumerate(words):
        word, low = m.group(0), m.group(0).lower()
        if word[:1].isupper() and not opens[at] or low in _NOT_A_VERB:
            continue
        if low in _ES_FIRST_PERSON or len(low) >= 3 and low[-1] in "éí" \
                or len(low) >= 5 and not any(c in low for c in "áéíóú") \
                and low.endswith(("amos", "emos", "imos")):
            return True
        first = opens[at] or at > 0 and opens[at - 1] and words[at - 1].group(0).lower() \
            in _OPENERS  # "Just made it", "Finally finished"
        if first and (low in _ELLIPTIC_PAST or len(low) > 4 and low.endswith("ed")
                      and low not in _NOT_ELLIPTIC):
            return True
    return False


def _said(text: str) -> str:
    """What a chat turn's first line says past its label, folded."""
    return fold(past_label(text.lstrip().split("\n", 1)[0]))


def others_own(asked: tuple[str, ...], speakers: set[str], text: str,
               question: str = "") -> tuple[str, str] | None:
    """(the turn's speaker, the speaker asked about) when a question about one of a chat's
    ``speakers`` (folded names) is matched by another speaker's turn about themselves
    ("What is the name of Maya's cat?" and "Tomás: ... my grey cat Mole"): what it tells is
    the other's, not the asked one's, so it must not lead as the answer. A name asked that is
    no speaker ("What shelter did Biscuit come from?") is told by whoever speaks of it."""
    other = other_speaker(tuple(name for name in asked if fold(name) in speakers), text,
                          question)
    return other if other is not None and speaks_of_self(text) else None


def tells_the_asked(asked: tuple[str, ...], speakers: set[str], text: str,
                    question: str = "") -> tuple[str, str] | None:
    """(the turn's speaker, the speaker asked about) when a question about one of a chat's
    ``speakers`` is matched by another speaker's turn said to them, in the second person and
    not of its own speaker ("Where did Tomás grow up?" and "Maya: Is Guadalajara where you
    grew up?"; "Which orchestra does Tomás play in?" and "Maya: Of course you found an
    orchestra"): a question or a reaction about the asked one's thing, whose own statement
    of it ("Tomás: crecí en Guadalajara") is the answer. It holds the question's words in the
    asker's language, the statement often in another."""
    if speaks_of_self(text):
        return None
    other = other_speaker(tuple(name for name in asked if fold(name) in speakers), text,
                          question)
    return other if other is not None and _SECOND_PERSON.search(_said(text)) else None


def tells_the_other(text: str) -> bool:
    """Whether a chat turn speaks to the one it addresses in the second person ("¿Te vas a
    recuperar para Islandia?", "How was the marathon?" is not: it names no one spoken to)."""
    return bool(_SECOND_PERSON.search(_said(text)))


def speaker_name(text: str) -> str | None:
    """The folded name of a chat turn's speaker (its label), None when it has none or it is
    the user's or the assistant's."""
    speaker = opening_speaker(text)
    if speaker is None or speaker.subject is None or speaker.subject == USER:
        return None
    return fold(speaker.subject)


def said_by_asked(speakers: frozenset[str], text: str) -> bool:
    """Whether a memory is the asked person's own: a chat turn labelled with one of
    ``speakers`` (folded names), or, with ``THE_USER`` among them, the user's turn or a note
    with no label (the assistant's is nobody's). "What did Marta do in August?" is answered
    by Marta's turns of August, not by Kenji's of that month."""
    speaker = opening_speaker(text)
    if speaker is None:
        return THE_USER in speakers
    if speaker.subject is None:
        return False
    if speaker.subject == USER:
        return THE_USER in speakers
    return fold(speaker.subject) in speakers
