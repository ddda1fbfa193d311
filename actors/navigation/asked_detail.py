"""A detail asked of someone the store knows, and whether a memory gives it.

"What is my mother's date of birth?" when the mother is told (her job, a visit) and no date of
her birth; "When did I have eye surgery?" when other health matters are told and no
operation; "When did I get engaged?" when a partner is told and no engagement; "What car did
Tomás buy?" when Tomás spent "dos días en coche" and bought nothing; "What is my wife's name?"
when only a partner is told. Each reply served the memories about the person, the nearest
in meaning, as if they answered. What the question asks is a *detail* with words of its own:
a date of birth (a birth word with a date in one sentence), an event of a life (an
operation, an engagement, a wedding, a graduation...: any of its forms, in either language:
"me operé", "cirugía", "nos pedimos matrimonio", "proposed"; what someone studied: "studied",
"degree", "carrera"), a doing with its object (a form of buying together with the thing or a
name of it: "me compré un Seat"), a relation's own kind ("wife", "esposa", "mujer"; "partner"
says nobody is a wife), a thing of an everyday closed kind asked of someone ("What sport does
Teo play?": a sport's word, a sport, or Teo's doing, in a memory naming Teo). No memory shown
giving it, the question was never answered by the store: the navigation actor then says "No
memory found" and names the detail. English and Spanish. Pure functions.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from actors.dates import MONTHS, WEEKDAYS
from actors.facts.common_words import is_common_word
from actors.facts.speakers import USER, opening_speaker
from actors.lazy_re import Regex, lazy_regex
from actors.navigation import closed_kinds
from actors.navigation.asked_person import names_asked, names_the_user, speaks_of_self
from actors.navigation.bilingual import reads_spanish, translatable
from actors.navigation.derivation import SAME_THING
from actors.navigation.everyday_kinds import event_things_of, everyday_words_of
from actors.navigation.query import (
    COMPOSED,
    KIN,
    QUESTION_WORDS,
    RELATION_WORDS,
    asked,
    composed,
    kin,
)
from actors.navigation.relation_names import PARTNER_WORDS, any_name_of, tells_through
from actors.navigation.stem import stem
from actors.navigation.unmentioned import LIGHT_VERBS
from actors.navigation.value_details import (
    BLOOD_CASED,
    BLOOD_TOLD,
    GENERIC_TESTS,
    LETTER_TOLD,
    MARK_TOLD,
    asks_blood,
    asks_mark,
    marked_in,
    marked_span,
)
from actors.text import STOPWORDS, fold
from actors.text import terms as text_terms

_SENTENCE_END = lazy_regex(r"(?<=[.!?])\s+|\n+")
_HEADER = lazy_regex(r"^\s*\[[^\]\n]*\]\s*|^\s*\d{4}-\d{2}-\d{2}\S*\s*")
"""A memory's own day ("[2026-06-01]"): no date of anything it tells."""


@dataclass(frozen=True)
class _Event:
    """An event of a life a question may ask about, with the words that tell it."""

    label: str
    """How the reply names it: "surgery", "engagement"."""
    asked: str
    """The folded words of a question asking about it (a regex alternative)."""
    told: str
    """The folded words of a memory telling it (a regex alternative, its forms in English and
    Spanish, the ways people say it: "me operé", "LASIK", "nos pidió matrimonio")."""


_EVENTS = (
    _Event("surgery", r"surgery|surgeries|operated\s+on|cirugias?|operaron|opere|opero|"
           r"operacion(?:es)?\s+de",
           r"surger\w*|surgeon\w*|operat\w*|op|ops|lasik|laser|operar\w*|opere|opero|"
           r"operacion\w*|cirugi\w*|ciruj\w*|intervencion\w*|intervenid\w*|quirofano\w*|"
           r"quirurg\w*|anestesi\w*|anesthe\w*|stitches|puntos"),
    _Event("engagement", r"engaged|engagement|propos\w*\s+to|proposal\s+of\s+marriage|fiance|"
           r"fiancee|compromet\w*|"
           r"compromiso|pedida\s+de\s+mano|pidio\s+matrimonio|pedi\s+matrimonio",
           r"(?:got|get|gets|getting|gotten|just|newly|finally)\s+engaged|"
           r"engaged(?!\s+(?:in|with|by|on)\b)|engagement(?!\s+(?:with|rate|metrics?|on)\b)|"
           r"propos\w*|fiance\w*|compromet\w*|compromiso\w*|prometid\w*|"
           r"matrimonio|pedida|said\s+yes|dijo\s+que\s+si|dije\s+que\s+si|rings?|anillo\w*|💍"),
    _Event("wedding", r"married|wedding|marry|boda|casaste|case|caso|casamos|casaron|"
           r"casarme|casarse",
           r"marr\w*|wed\w*|boda\w*|cas[eoa]|casamos|casaron|casar\w*|casad[oa]s?|"
           r"matrimonio|nupcias|esposo|esposa|husband|wife|honeymoon|luna\s+de\s+miel"),
    _Event("graduation", r"graduated?|graduation|gradue|graduo|graduaste|me\s+titule",
           r"graduat\w*|gradu[eo]|graduac\w*|graduad[oa]s?|titul\w*|degree|diploma\w*|"
           r"licenci\w*|finished\s+(?:my|the|his|her)\s+(?:degree|studies|master)"),
    # what someone studied (a degree), asked in the past: not a language learnt now ("¿Qué
    # idioma está estudiando?"), nor what was studied for an exam
    _Event("studies", r"did\s+(?:\S+\s+){1,4}study(?!\s+(?:for|with|to|on)\b)|"
           r"que\s+(?:estudio|estudiaste|estudiaron)\b(?!.*\b(?:ahora|actualmente|hoy)\b)|"
           r"que\s+carrera",
           r"stud(?:y|ied|ies|ying|ent|ents)|degree|graduat\w*|universit\w*|uni|college|"
           r"phd|masters?|msc|bsc|carrera\w*|licenci\w*|grado|estudi\w*|universidad\w*|"
           r"facultad|doctorado"),
    _Event("divorce", r"divorced?|divorcio|divorcie|divorcio|divorciaron",
           r"divorc\w*|separat\w*|separ[eoa]\w*|split\s+up"),
    _Event("retirement", r"retired|retirement|jubile|jubilo|jubilacion",
           r"retir\w*|jubil\w*|pension\w*"),
)

_LIGHT = frozenset("get got getting have had has did do does i we".split())
"""Words before an event's word that tell nothing of which ("get married", "have surgery")."""

_BIRTH_ASKED = lazy_regex(
    r"^(?:(?:on|in|en)\s+)?(?:when|cuando|what\s+(?:day|date|year|month)|que\s+(?:dia|fecha|"
    r"ano|mes)|en\s+que\s+(?:dia|fecha|ano|mes))\b.*\b(?:born|birthday|birth|nacio|naciste|"
    r"naci|nacimiento|cumpleanos|cumple)\b"
    r"|^(?:what|which|cual)\s*(?:is|was|'s|es|era)\s+.{0,40}\b(?:date\s+of\s+birth|birth\s*"
    r"date|birthday|dob|fecha\s+de\s+nacimiento|cumpleanos)(?:\s+(?:de|del|of)\s+"
    r"[^,;]{1,40})?\W*$")
"""A question asking the day someone was born ("What is my mother's date of birth?", "When
is Tomás's birthday?", "¿Cuándo nació mi abuela?"); not what happened on a birthday ("What
did I give my mother for her birthday?")."""
_BIRTH_TOLD = lazy_regex(
    r"\b(?:born|birth\w*|bday|b-day|cumple\w*|naci\w*|turns?|turned|dio\s+a\s+luz|"
    r"had\s+(?:(?:a|her|his|their|our|the)\s+)?(?:(?:new|little|healthy|baby)\s+)*"
    r"(?:baby|babies|boy|girl|son|daughter|twins)|"
    r"tuv(?:o|e|imos|ieron|iste)\s+(?:a\s+(?!cargo\b|mano\b|bien\b)\w+|"
    r"(?:un|una)\s+(?:bebe|nene|nena|nino|nina|varon|hijo|hija)|mellizos|gemelos))\b")
"""A sentence telling a birth: its own words, or a birth told as having the child ("Valentina
tuvo a Bruno el martes", "she had a baby girl on Monday", "dio a luz el 4 de agosto"); a date
in the sentence is still required (``AskedDetail.value``)."""
_DATE = lazy_regex(
    rf"\b(?:{'|'.join(sorted(MONTHS, key=len, reverse=True))}|"
    rf"{'|'.join(sorted(WEEKDAYS, key=len, reverse=True))}|today|tomorrow|tonight|hoy|"
    r"manana|pasado\s+manana)\b|\d")
"""A date in a sentence: a month, a weekday, a near day or a number ("12 March 1961",
"el 3 de mayo", "turns 65 tomorrow", "14/03")."""

_DOING = lazy_regex(
    r"^(?:what|which|que|cual)\s+(?:kind\s+of\s+|type\s+of\s+|tipo\s+de\s+)?"
    r"([^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:did|has|have|had)\s+(\S+(?:\s+\S+){0,2}?)\s+"
    r"(buy|purchase|adopt|sell|rent|win|bought|adopted|sold|rented|won)\b"
    r"|^(?:que|cual)\s+([^\W\d_]+)\s+(?:se\s+|me\s+|te\s+|nos\s+)?"
    r"(compro|compre|compraste|compramos|compraron|adopto|adopte|adoptaste|adoptaron|vendio|"
    r"vendi|vendiste|alquilo|alquile|alquilaste|gano|gane|ganaste)\b(.{0,40})")
"""A doing asked by its object: "What car did Tomás buy?", "Which dog did we adopt?", "¿Qué
coche se compró Tomás?"."""
_DOINGS = {
    "buy": r"buy\w*|bought|purchas\w*|got|get|getting|picked\s+up|new|compr\w*|adquir\w*|"
           r"nuev[oa]s?|estren\w*|pagu[eé]|pag[oó]|paid",
    "adopt": r"adopt\w*|rescu\w*|got|get|new|nuev[oa]s?|acog\w*|welcome\w*|home",
    "sell": r"sell\w*|sold|vend\w*|got\s+rid|deshic\w*|traspas\w*",
    "rent": r"rent\w*|leas\w*|alquil\w*|arrend\w*|hired?",
    "win": r"won|win\w*|gan[eéoó]\w*|ganar\w*|premi\w*|prize\w*|award\w*|trophy|trofeo",
}
_DOING_OF = {"purchase": "buy", "bought": "buy", "adopted": "adopt", "sold": "sell",
             "rented": "rent", "won": "win", "compr": "buy", "adopt": "adopt", "vend": "sell",
             "alquil": "rent", "gan": "win"}

_RELATION_ASKED = lazy_regex(
    r"\b(?:my|mi|the\s+user's|del?\s+(?:la\s+)?usuari[oa])\s+([^\W\d_]+)(?:'s)?\b"
    r"|\b(?:el|la|los|las)\s+([^\W\d_]+)\s+(?:del?\s+(?:la\s+)?usuari[oa])\b"
    r"|\b(?:mi|tu)\s+([^\W\d_]+)\b")
"""The user's relative a question names ("my wife's name", "el nombre de mi esposa", "la mujer
del usuario")."""
_THEIR_RELATIVE = lazy_regex(r"\b(?:her|his|su)\s+([^\W\d_]+)\b")
"""A relative said as someone's ("What did the user give her father?", "¿Qué le regaló el
usuario a su sobrina?"): the user's when the question names no one else."""
_NAMED_RELATIVE = lazy_regex(
    r"(?<![\w'’])([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)['’]s\s+(?:(?:new|little|big|older|younger|baby|"
    r"twin|eldest|oldest|youngest)\s+)?([a-z]+)\b"
    r"|\b(?:el|la|los|las)\s+([a-záéíóúñ]+)\s+(?:(?:mayor|menor|pequeñ[oa])\s+)?de\s+"
    r"([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)")
"""A named person's relative ("Kenji's brother", "la hermana de Nora"), as written."""


@dataclass(frozen=True)
class AskedDetail:
    """What a question asks, in the words a memory giving it would hold."""

    said: str
    """The reply's reason ("no memory gives the user's mother's date of birth", "no memory
    tells of Tomás buying a car")."""
    told: Regex
    """A memory's (folded) words telling the detail."""
    value: Regex | None = None
    """What must stand in the same sentence as ``told`` (a date for a birth)."""
    thing: frozenset[str] = frozenset()
    """For a doing, the forms of its object ("car": coche, auto, vehicle...): the memory holds
    one, or a name (the thing by its make: "un Seat León")."""
    owner: str = ""
    """For a doing, the person the question names: a line another speaker says of
    themselves, not naming them, is not theirs (Maya's "I bought a used Subaru")."""
    kind_words: frozenset[str] = frozenset()
    """For a relative, its own words ("wife", "esposa", "mujer") and those telling it ("tía"
    of a niece): the memories of the store holding one are read for it."""
    others: frozenset[str] = frozenset()
    """For a relation's kind, the other words of its group ("partner", "novia"): a memory
    holding one is named in the reply (a partner is told, no wife)."""
    named: str = ""
    """For a thing of a kind asked of someone by name ("What sport does Teo play?"), the name:
    a memory not naming them (nor said by them) tells someone else's thing (the user's swim,
    served beside Teo's visit)."""
    doing: frozenset[str] = frozenset()
    """For a thing of a kind, the question's own doing (index terms: "flew" is "fly"): a
    sentence telling it with a thing after it gives one no list of the kind holds ("Teo plays
    hurling", "Omar flew with ITA"; ``_doing_told``)."""
    asked_terms: frozenset[str] = frozenset()
    """For a thing of a kind, the question's own index terms: a word the question holds
    ("Rome" of "fly to Rome") is no thing the memory adds."""
    users: bool = False
    """For a relative of the user's ("the user's sister"): a line another speaker says of
    themselves ("Kenji: My sister Aiko just had a baby") tells their relative, not the
    user's."""
    through: tuple[frozenset[str], frozenset[str]] | None = None
    """For a relative's relative ("niece"), the relative's words and theirs: "my sister ...
    her daughter" tells a niece (``relation_names.tells_through``)."""
    become: frozenset[str] = frozenset()
    """For a relative, the words the one asked of is called by it ("niece": aunt, tía):
    "¡Soy tía!", "You're going to be an aunt!" tell a niece or a nephew; "my aunt" does not."""
    by: frozenset[str] = frozenset()
    """For a gift the user got, the giver's index terms (a name, or a relative's words in
    either language: dad, father, padre...): a memory not holding one tells another's
    gift ("Ahora estoy leyendo 'La sombra del viento', me lo regaló Inés" for Marcos's)."""
    giver: tuple[str, ...] = ()
    """For a gift the user got, the giver's words as asked (folded: "novia", "dad"): a
    relative the store names ("my girlfriend Alba") gives as that name too (``given_by``)."""
    about: frozenset[str] = frozenset()
    """For a mark, the index terms of what it was got in, either language ("el curso de
    cocina": cocina, cooking, kitchen): a memory telling a mark holds one, or a turn shown
    with it does ("I passed the first-aid certificate, 92%" is no mark of a cooking course)."""
    across: bool | None = None
    """For a mark asked of a thing the lexicon does not translate ("el curso de alemán"), the
    question's language (True: Spanish): a memory in the other language may name it in words
    no form of ``about`` holds, so one holding a mark counts. None otherwise."""
    cased: Regex | None = None
    """What also tells the detail in a sentence as written, not folded (a letter grade: "got
    an A"; folded, it is the article of "got a bike")."""
    leads: bool = False
    """The memory giving the detail leads the reply, as a birth's with its day does: its words
    are the detail's own ("0 negativo"), and one memory holding the question's other words
    (a blood test, a language exam) tells nothing of it."""
    also: AskedDetail | None = None
    """Another detail the question asks, told too or the question was never answered: the
    sport of "Dara's son" is told only of Dara's son."""

    def given_by(self, names: list[str]) -> AskedDetail:
        """The detail with ``names`` (those the store gives the giver asked by relation:
        "Alba" of "mi novia") as the giver's terms too: "Alba me ha regalado un libro" tells
        the gift of "¿Qué me regaló mi novia?"."""
        more = {stem(term) for name in names for term in text_terms(name)}
        return dataclasses.replace(self, by=self.by | more) if more else self

    def held_by(self, text: str, user_names: tuple[str, ...] = (), around: str = "") -> bool:
        """Whether ``text`` (one memory) gives the detail; ``user_names``: the user's names in
        the store (a line they say is the user's); ``around``: the turns shown with it."""
        body = _HEADER.sub("", text)
        if self.about and not (
                {stem(term) for term in text_terms(f"{body} {around}")} & self.about
                or self.across is not None and reads_spanish(body) != self.across):
            return False
        if self.owner and _another_speakers(body, self.owner):
            return False
        if self.users and _anothers_own(body, user_names):
            return False
        if self.named and not re.search(rf"\b{re.escape(fold(self.named))}\b", fold(body)):
            return False
        if self.by and not {stem(term) for term in text_terms(body)} & self.by:
            return False
        for sentence in _SENTENCE_END.split(body):
            folded = fold(sentence)
            if self.through is not None and tells_through(sentence, *self.through) \
                    or _becomes(folded, self.become):
                return True
            if not self.told.search(folded) and not self._doing_told(sentence) \
                    and not (self.cased is not None and self.cased.search(sentence)):
                continue
            if self.value is not None and not self.value.search(
                    self.told.sub(" ", folded)):
                continue
            if self.thing and not (
                    {stem(term) for term in text_terms(sentence)} & self.thing
                    or re.search(r"(?<=\w\s)[A-Z][\w-]+", sentence)):
                continue
            return True
        return False

    def _doing_told(self, sentence: str) -> bool:
        """``sentence`` tells the question's doing and, after it, a thing: a name or a word no
        common one of either language, neither the question's nor a day ("Teo plays hurling",
        "Omar flew to Rome with TAP"; not "We flew back with a two-hour delay")."""
        if not self.doing:
            return False
        words = re.findall(r"[^\W\d_]+", sentence)
        at = next((i for i, word in enumerate(words) if stem(fold(word)) in self.doing), None)
        return at is not None and any(
            (word[0].isupper() or not is_common_word(word)) and fold(word) not in STOPWORDS
            and stem(fold(word)) not in self.asked_terms and fold(word) not in MONTHS
            and fold(word) not in WEEKDAYS for word in words[at + 1:])

    def other_kind_in(self, text: str) -> str:
        """The word of the relation's group ``text`` names it by ("partner"), or ""."""
        return next((word for word in re.findall(r"[^\W\d_]+", text)
                     if fold(word) in self.others), "")


def _another_speakers(body: str, owner: str) -> bool:
    """``body`` is a line another speaker opens, not naming ``owner``."""
    speaker = opening_speaker(body)
    return speaker is not None and speaker.subject is not None \
        and fold(speaker.subject) != fold(owner) and fold(owner) not in fold(body)


def _anothers_own(body: str, user_names: tuple[str, ...]) -> bool:
    """``body`` is a line a named speaker, not the user, says of themselves ("Kenji: My
    sister Aiko...")."""
    speaker = opening_speaker(body)
    return speaker is not None and speaker.subject is not None and speaker.subject != USER \
        and fold(speaker.subject) not in {fold(name) for name in user_names} \
        and speaks_of_self(body)


_OWNED_BY = frozenset("my mi mis your tu tus his her su sus our their nuestro nuestra".split())


def _becomes(folded: str, words: frozenset[str]) -> bool:
    """A word of ``words`` said of no one's, as what someone is ("soy tia", "going to be an
    aunt"), not "my aunt" nor "Hana's aunt"."""
    found = re.finditer(r"([\w']*)\s+(?:an?\s+|una?\s+)?(" + "|".join(sorted(words))
                        + r")\b", folded) if words else ()
    return any(m.group(1) not in _OWNED_BY and not m.group(1).endswith("'s") for m in found)


def _words(pattern: str) -> Regex:
    return re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])")


def detail_asked(question: str) -> AskedDetail | None:
    """The detail ``question`` asks of someone, when it is of a kind a memory tells in words
    of its own (``AskedDetail``); None for any other question."""
    folded = re.sub(r"^[\W_]+", "", fold(question).replace("’", "'"))
    whose = _whose(question)
    if _BIRTH_ASKED.search(folded):
        # a relative's birth ("When was Anjali's daughter born?") is told of that relative:
        # "Anjali had a baby boy on Tuesday" gives a son's
        return AskedDetail(said="no memory gives " + (f"{whose}'s date of birth" if whose
                                                      else "the date of birth"),
                           told=_BIRTH_TOLD, value=_DATE, also=_relation(question))
    doing = _DOING.match(folded)
    if doing is not None:
        return _doing(question, doing)
    gift = _gift_received(question, folded)
    if gift is not None:
        return gift
    if asks_blood(question):
        return AskedDetail(said=f"no memory gives {whose or 'the user'}'s blood type",
                           told=BLOOD_TOLD, cased=BLOOD_CASED,
                           owner=next(iter(names_asked(question)), ""),
                           leads=True)
    if asks_mark(question):
        # whose mark: a name outside what it was got in ("¿Qué nota sacó Nora en...?", "¿Qué
        # nota de inglés sacó Nora?"), not one of the exam's ("What mark did the user get in
        # the Valencian exam?")
        span = marked_span(question) or (len(question), len(question))
        subject = question[:span[0]] + " " + question[span[1]:]
        owner = next((name for name in names_asked(question)
                      if re.search(rf"\b{re.escape(name)}\b", subject)), "")
        thing = marked_in(question)
        generic = [word for word in re.findall(r"[^\W\d_]+", fold(question).lower())
                   if word in GENERIC_TESTS]
        return AskedDetail(said=f"no memory tells a mark {owner or whose or 'the user'} got"
                           + (f" in {' '.join(thing)}" if thing else ""),
                           told=MARK_TOLD, cased=LETTER_TOLD, owner=owner,
                           about=frozenset(stem(term) for word in (*thing, *generic)
                                           for form in any_name_of(word)
                                           for term in text_terms(form)),
                           across=reads_spanish(question) if thing and not any(
                               map(translatable, thing)) else None)
    for event in _EVENTS:
        said = re.search(rf"(\w+\s+)?(?<![\w-])(?:{event.asked})(?![\w-])", folded)
        if said is not None \
                and re.match(r"(?:when|where|who|which|what|how|cuando|donde|quien|con\s+"
                             r"quien|que|cual|como|en\s+que|a\s+que)\b", folded):
            before = (said.group(1) or "").strip()
            label = event.label if before in STOPWORDS or before in _LIGHT or not before \
                or not re.search(rf"\b{re.escape(before)}\b", question.lower().replace(
                    "’", "'")) or re.search(rf"\b{re.escape(before.capitalize())}\b", question) \
                else f"{before} {event.label}"  # "eye surgery"
            learnt = _STUDIED_KIND.match(folded) if event.label == "studies" else None
            if learnt is not None:  # "Which language did Henrik study?"
                return _studied(learnt.group(1), whose, label, event.told,
                                next(iter(names_asked(question)), ""))
            return AskedDetail(said="no memory tells of " + (
                f"{whose}'s {label}" if whose else f"the {label}"), told=_words(event.told))
    relation, kind = _relation(question), _of_kind(question)
    if relation is not None and kind is not None:
        return dataclasses.replace(kind, also=relation)  # "What sport does Dara's son play?"
    return relation or kind


_STUDIED_KIND = lazy_regex(r"(?:which|what)\s+(?!did\b|kind\b|sort\b|type\b)([^\W\d_]+)\s+did\s")
"""Studies asked by the kind of thing studied ("Which language did Henrik study at night?",
"What instrument did Ana study?"), not "What did Marcos study at university?"."""
_LEARNING = (r"(?<!of\s)courses?|class(?:es)?|lessons?|enrol\w*|learn\w*|taught|tutor\w*|"
             r"curso\w*|clases?|leccion\w*|aprend\w*|matricul\w*|inscri\w*")
"""A course, a class, enrolling, learning: studies of a thing, told with the thing's word."""


def _studied(kind: str, whose: str, label: str, told: str, owner: str) -> AskedDetail:
    """Studies of a ``kind`` of thing (``label`` names both: "language studies"), told by
    the degree's words as any studies are, or by a course, a class or learning
    (``_LEARNING``) in a sentence naming the kind or a thing by its name ("I enrolled in an
    Irish language night course", "I started cello lessons": a thing of a closed kind,
    ``closed_kinds``). Not a course alone: a pottery class tells nothing of what someone
    studied at university. Asked of someone by name (``owner``), another speaker's own line
    tells theirs ("Priya: I started cello lessons" for Tomás)."""
    forms = {stem(term) for term in text_terms(" ".join({kind, *kin(kind)}))}
    closed = closed_kinds.kind_of(kind)
    if closed is not None:
        forms.update(closed_kinds.things_of(closed))
    return AskedDetail(said="no memory tells of " + (
        f"{whose}'s {label}" if whose else f"the {label}"),
        told=_words(f"{told}|{_LEARNING}"), thing=frozenset(forms), owner=owner)


def _whose(question: str) -> str:
    """Whose detail ``question`` asks, as the reply says it: "the user" for "my", "I",
    "mi"; a name before "'s"; "the user's mother" for "my mother's"."""
    folded = fold(question)
    named = re.search(r"\b([A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)['’]s\s+([^\W\d_]+)['’]s\b", question)
    if named is not None:
        return f"{named.group(1)}'s {named.group(2)}"
    named = re.search(r"\b(?:el|la|los|las)\s+([^\W\d_]+)\s+de\s+([A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)",
                      question)
    if named is not None and fold(named.group(1)) in RELATION_WORDS:
        return f"{named.group(2)}'s {named.group(1)}"  # "la hermana de Nora"
    relative = re.search(r"\b(?:my|mi)\s+([^\W\d_]+)['’]s\b|\bde\s+mi\s+([^\W\d_]+)", folded)
    if relative is not None:
        return f"the user's {relative.group(1) or relative.group(2)}"
    kin_named = next((word for word in re.findall(r"\b(?:my|mi)\s+([^\W\d_]+)", folded)
                      if word in RELATION_WORDS), None)
    if kin_named is not None:
        return f"the user's {kin_named}"
    name = re.search(r"\b([A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)['’]s\b", question) \
        or re.search(r"\bde\s+([A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)", question)
    if name is not None:
        return name.group(1)
    if re.search(r"\b(?:i|my|me|mi|mis)\b", folded) or re.search(r"\b\w+(?:e|amos)\b\s*\?",
                                                                 folded):
        return "the user"
    return ""


def _doing(question: str, found: re.Match[str]) -> AskedDetail | None:
    """A doing asked by its object ("What car did Tomás buy?"): a memory must hold a form of
    the doing and, in its sentence, the object's forms or a name."""
    if found.group(1) is not None:
        thing, who, verb = found.group(1), found.group(2), found.group(3)
    else:
        thing, verb, who = found.group(4), found.group(5), found.group(6)
    doing = _DOING_OF.get(verb) or next(
        (done for key, done in _DOING_OF.items() if verb.startswith(key)), verb)
    told = _DOINGS.get(doing)
    if told is None:
        return None
    object_words = thing.split()[-1:]
    forms = {stem(term) for word in object_words
             for term in text_terms(" ".join({word, *kin(word)}))}
    names = re.findall(r"\b[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+\b", question.split(None, 1)[-1])
    owner = next((name for name in names if fold(name) in fold(who)), "")
    person = owner or ("the user" if re.search(r"\b(?:i|we|me|nos|user|usuari[oa])\b",
                                               fold(who)) else "")
    doing_said = {"buy": "buying", "win": "winning", "sell": "selling", "rent": "renting",
                  "adopt": "adopting"}[doing]
    said = f"no memory tells of {person} {doing_said} {' '.join(object_words)}"
    return AskedDetail(said=re.sub(r"\s+", " ", said), told=_words(told),
                       thing=frozenset(forms),
                       owner=owner)


_GIVEN = (r"(?:regalo|regalaron|ha\s+regalado|han\s+regalado|dio|dieron|compro|compraron|"
          r"trajo)")
_GIFT_ASKED = (
    lazy_regex(r"^(?:what|which)\b(?:\s+[^\W\d_]+){0,2}?\s+did\s+(.+?)\s+(?:give|get|buy|send)"
               r"\s+(?:the\s+user|her|him|me|us)\b"),
    lazy_regex(rf"^(?:que|cual)\b(?:\s+[^\W\d_]+){{0,2}}?\s+(?:le|les)\s+{_GIVEN}\s+"
               r"([^\W\d_]+(?:\s+(?!a\b)[^\W\d_]+){0,3}?)\s+a\s+(?:la\s+usuaria|el\s+usuario)\b"),
    lazy_regex(rf"^(?:que|cual)\b(?:\s+[^\W\d_]+){{0,2}}?\s+(?:me|nos)\s+{_GIVEN}\s+"
               r"([^\W\d_]+(?:\s+(?!a\b)[^\W\d_]+){0,3}?)(?:\s+(?:por|para|en)\s|\s*\?|$)"),
)
"""What someone gave the user, asked ("What did the user's dad give her for Christmas?",
"¿Qué le regaló Marcos a la usuaria por su cumpleaños?"): the giver is the first group."""
_GIFT_CONTEXT = lazy_regex(
    r"\b(?:gifts?|presents?|birthday|christmas|xmas|anniversary|leaving|wedding|regal\w*|"
    r"cumpleanos|navidad|reyes|aniversario|boda|despedida)\b")
"""A question about a gift: "give" alone asks other things too ("What inhaler did the doctor
give the user?")."""
_GIFT_TOLD = (
    r"\b(?:gave|given|gives|give|got|gets|bought|buys|gifted|sent|made|brought)\s+(?:me|us|you)\b"
    r"|\bsurprised\s+(?:me|us|you)\b|\b(?:gifts?|presents?)\s+from\b|['’]s\s+(?:gift|present)\b"
    r"|\b(?:got|received|receive|recibi\w*)\b.*\bfrom\b"
    r"|\b(?:me|nos|te)\s+(?:lo\s+|la\s+|los\s+|las\s+|ha\s+|han\s+)?(?:regal\w*|dio|dieron|"
    r"dado|compr\w*|trajo|trajeron|traido|mand\w*|sorprendi\w*|hizo|hicieron)\b"
    r"|\bregalo\s+de\b|\bde\s+parte\s+de\b")
"""A sentence telling a gift the user (or the one spoken to) got: "My dad gave me
binoculars", "a present from Inés", "me lo regaló Inés", "Mi padre me sorprendió con..."."""
_GIVER_SKIPPED = frozenset("the user users usuario usuaria user's my mi su his her their".split())


def _gift_received(question: str, folded: str) -> AskedDetail | None:
    """A gift the user got from someone, asked (``_GIFT_ASKED``, a gift's word in the
    question): a memory must tell a gift received (``_GIFT_TOLD``) and hold the giver (a
    name, or a relative in any word of either language). "What did the user's dad give her
    for Christmas?" when the user asked what to get her dad; "¿Qué le regaló Marcos a la
    usuaria?" when the user wants to give Marcos climbing lessons. None for another question,
    or a giver read as no one ("they")."""
    if not _GIFT_CONTEXT.search(folded):
        return None
    found = next((m for pattern in _GIFT_ASKED if (m := pattern.search(folded))), None)
    if found is None:
        return None
    words = [word for word in re.findall(r"[^\W\d_]+", found.group(1).replace("'s", ""))
             if word not in _GIVER_SKIPPED and word not in STOPWORDS]
    if not words:
        return None
    forms = {form for word in words for form in any_name_of(word)}
    written = {fold(word): word for word in re.findall(r"[^\W\d_]+", question)}
    giver = " ".join(written.get(word, word) for word in words)
    return AskedDetail(said=f"no memory tells of a gift from {giver} to the user",
                       told=lazy_regex(_GIFT_TOLD),
                       by=frozenset(stem(term) for word in forms for term in text_terms(word)),
                       giver=tuple(words))


def _relation(question: str) -> AskedDetail | None:
    """A relative asked of the user or of someone named ("What is the name of Kenji's
    brother?", "the user's sister", "la hermana de Nora", "su sobrina"), of a store that may
    tell only another of their relatives (Kenji's sister) or another's relative of that kind
    (Kenji's sister for the user's): a memory must name the relative by a word of its kind
    or one for any kind ("siblings"), of that person (naming them or said by them; for the
    user, not a line another speaker says of themselves). A spouse ("wife", "marido") must be
    told married: a partner is the word of people married or not; a girlfriend or boyfriend
    asked is answered by a partner (a dating couple's own word), so it is not read."""
    for word, whose in _relatives_asked(question):
        users = whose == _THE_USER
        named = "" if users else whose
        for kind in _SPOUSES:
            if word not in kind:
                continue
            own = kind | _MARRIAGE
            others = frozenset().union(*(kinds for generic, group in KIN
                                         if generic & {"partner"}
                                         for kinds in (generic, *group))) - own
            said = "the user has" if users else f"{whose} has"
            return AskedDetail(said=f"no memory says {said} a {word}",
                               told=_words("|".join(sorted(own))), kind_words=own,
                               others=others, users=users, named=named)
        if word in PARTNER_WORDS:
            continue
        through = None if kin(word) else composed(word)  # "grandma" is a relation of its own
        own = frozenset({word, *kin(word)}) if through is None else frozenset(
            other for other, told in COMPOSED.items() if told == through)
        if not own:
            continue
        own = own.union(*(group for group in SAME_THING if own & set(group)))  # "grandad"
        if event_things_of(word):  # "baby": a birth's words too ("expecting", "arrived")
            own |= everyday_words_of(word)
        become = frozenset().union(*(theirs for mine, theirs in _CALLED if word in mine))
        return AskedDetail(said=f"no memory tells of {whose}'s {word}",
                           told=_words("|".join(sorted(own))), kind_words=own | become,
                           users=users, named=named, through=through, become=become)
    return None


_THE_USER = "the user"
_CALLED = tuple((frozenset(mine.split()), frozenset(theirs.split())) for mine, theirs in (
    ("nephew nephews sobrino sobrinos niece nieces sobrina sobrinas",
     "aunt auntie uncle tia tio"),
    ("aunt aunts auntie tia tias uncle uncles tio tios", "niece nephew sobrina sobrino"),
    ("grandson granddaughter grandchild grandchildren grandkids nieto nieta nietos nietas",
     "grandma grandmother granny grandpa grandfather grandad abuela abuelo"),
    ("kid kids child children baby son sons hijo hijos daughter daughters hija hijas",
     "mother father mum mom dad mama papa madre padre parent parents"),
))
"""A relative's words, and the words the one asked of is called by being theirs: "¡Soy
tía!" tells a niece, "I'm a dad now" a child."""
_FAMILY = frozenset(RELATION_WORDS - kin("boss") - {"boss"})
"""The relatives a question may ask of someone: a family's and a partner's words, not a boss's
(told by a name and a role as often: "Katrin, who runs the team")."""


def _relatives_asked(question: str) -> list[tuple[str, str]]:
    """(the relative's folded word, whose: a name or ``_THE_USER``) of each relative
    ``question`` asks of someone: "Kenji's brother", "la hermana de Nora", "my wife", "the
    user's sister", "la sobrina del usuario", "her father" of a question naming the user and
    no one else. A word of a compound is no relative ("sister-in-law", "ex-wife")."""
    question = re.sub(r"(?<=\w)-(?=\w)", "_", question)  # "_" ends no word of the patterns
    folded = fold(question).replace("’", "'")
    out: list[tuple[str, str]] = []
    for found in _NAMED_RELATIVE.finditer(question):
        name, word = (found.group(1), found.group(2)) if found.group(1) is not None \
            else (found.group(4), found.group(3))
        if found.group(1) is not None and fold(name) not in STOPWORDS | QUESTION_WORDS \
                or name in names_asked(question):  # "Tom's" is a name, a word or not
            out.append((fold(word).lower(), name))
    for found in _RELATION_ASKED.finditer(folded):
        out.append((next(group for group in found.groups() if group is not None), _THE_USER))
    if names_the_user(question) and not names_asked(question):
        out += [(word, _THE_USER) for word in _THEIR_RELATIVE.findall(folded)]
    return [(word, whose) for word, whose in out
            if word in _FAMILY or composed(word) is not None]


def _of_kind(question: str) -> AskedDetail | None:
    """A thing of an everyday closed kind asked which one ("What sport does Teo play?", "Which
    airline did the user fly to Lisbon with?", ``closed_kinds``). ``unmentioned`` calls such a
    question never stored when no memory of the store names the kind or a thing of it; a store
    telling the user's running and nothing of Teo's served Teo's visit as the answer. A memory
    gives it with the kind's word or a thing of it ("plays padel"), or with the question's own
    doing followed by a thing ("Teo plays hurling": one the kind's list lacks is still one;
    ``_doing_told``); asked of someone by name, in a memory naming them."""
    word = next((word for word in asked(question) if closed_kinds.kind_of(word)), None)
    kind = closed_kinds.kind_of(word) if word is not None else None
    if word is None or kind is None:
        return None
    names = re.findall(r"(?<=\w\s)[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+", question)
    aside = {*text_terms(word), *(fold(name) for name in names), "user", "usuario", "usuaria"}
    doing = {stem(term) for term in text_terms(question)
             if term not in aside and term not in LIGHT_VERBS}  # "use" tells no thing
    things = sorted(term for term in closed_kinds.things_of(kind) if term.isalpha())
    users = re.search(r"\b(?:i|me|my|we|our|us|user|yo|mi|mis|usuari[oa])\b", fold(question))
    # someone asked by name, not a place ("to Lisbon", "en Granada") nor the user
    named = "" if users else next(
        (name for before, name in re.findall(r"(\w+)\s+([A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)", question)
         if fold(before) not in _PLACED), "")
    whose_said = "the user's" if users else "the"
    said = f"no memory names {whose_said} {word}"
    return AskedDetail(said=f"{said} with {named}" if named else said,
                       told=_words("|".join(rf"{re.escape(term)}\w*" for term in things)),
                       named=named, doing=frozenset(doing),
                       asked_terms=frozenset(stem(term) for term in text_terms(question)))


_PLACED = frozenset("in at to on from with en a de del desde con".split())
"""Words before a place's name ("to Lisbon", "en Granada"): no one asked by name."""

_SPOUSES = (frozenset({"wife", "esposa", "mujer"}), frozenset({"husband", "esposo", "marido"}))
"""A spouse's own words, by kind (``query.KIN``'s)."""
_MARRIAGE = frozenset("""spouse married marriage wedding boda casado casada casados casadas
    casamos matrimonio""".split())
"""Words saying a marriage, whoever's kind: "we got married", "nuestra boda"."""
