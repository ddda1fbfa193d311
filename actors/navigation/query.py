"""Parsing a search request into the terms every scorer uses.

The query and the documents must agree on what a term is, so this module only calls
``actors.text.terms`` (accent folding, lower-casing, CamelCase/snake_case splitting, English and
Spanish stop words) and then the light stemmer ``stem.stem``, exactly as ``bm25.field_terms``
does for documents. It never reads the store and never ranks anything.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from actors.dates import MONTHS, WEEKDAYS
from actors.lazy_re import lazy_regex
from actors.navigation.question_verb import question_verbs
from actors.navigation.said_asked import ASSISTANT, SUGGESTING_VERBS, asked_speaker
from actors.navigation.stem import stem
from actors.text import fold, unique
from actors.text import terms as text_terms


@dataclass(frozen=True)
class Query:
    """A parsed search request.

    ``groups[0]`` holds the query's own terms and ``groups[1]`` (present only when a clue with
    at least one term was given) the clue's terms. ``terms`` is every term of every group, each
    once, in first-seen order: that is what the scorers score, so clue words count too.
    """

    text: str
    terms: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]
    phrased: bool = False
    """The question is a sentence (it has words beyond its terms: "where is the user's sister's
    wedding?"), not a bare list of keywords ("luis lavapies")."""

    @property
    def short(self) -> bool:
        """Too few words to mean more than the words: one term, or two given as bare keywords.

        Every memory holding them is an equal candidate whatever its vector says; a phrased
        question of two terms has a meaning the vectors can compare.
        """
        n = len(self.query_terms)
        return n <= 1 or (n == 2 and not self.phrased)

    @property
    def query_terms(self) -> tuple[str, ...]:
        """Group 0: the words of the question itself (what confidence coverage is measured on)."""
        return self.groups[0] if self.groups else ()

    @classmethod
    def of_terms(cls, terms: Iterable[str]) -> Query:
        """A query of index terms already read ("thre", "toffe"): parsing their text again
        would stem them twice ("thr", "toff"), terms no memory holds."""
        group = tuple(sorted(set(terms)))
        return cls(text=" ".join(group), terms=group, groups=(group,))

    @property
    def has_clue(self) -> bool:
        """Whether a clue contributed a group of its own."""
        return len(self.groups) > 1

    @property
    def clue_terms(self) -> frozenset[str]:
        """The terms the clue's groups contributed (none without a clue)."""
        return frozenset(term for group in self.groups[1:] for term in group)


QUESTION_WORDS = frozenset(
    """tell know knew remember recall anything something everything info information details
    please show find search look lookup memory memories note notes saved stored say said mention
    mentioned wrote written thing things stuff user users told remind
    usuario usuaria usuarios
    dime dame sabes sabe recuerdas recuerda acuerdas acuerdo cuentame cuenta algo informacion
    datos busca buscar encuentra muestra muestrame memoria memorias recuerdo dije dijiste
    conte contaste contado comente comentaste comentado mencione mencionaste mencionado
    explique explicaste explicado hable hablaste hablado dicho recuerdame recordarme
    guardado guardaste nota notas cosa cosas""".split()
)
"""Words that frame a question to a memory ("what do you know about Luis", "¿qué recuerdas de
Luis?", "remind me what you said about the hotel", "what have I told you about my job?",
"¿qué te conté de mi hermano?", "¿qué me comentaste del té?", and "the user" of a question
asked in the third person about what the user said in the first person) rather than say what
it is about. Dropped from queries (never from
documents) when the query has other terms, so they neither dilute the coverage judgement nor
rank anything; the nouns among them only where they frame (``framing``)."""

ADVICE_WORDS = frozenset(
    """suggest suggestion suggestions recommend recommendation recommendations idea ideas tip
    tips advice advise sugiere sugieres sugerir sugerencia sugerencias recomienda recomiendas
    recomendar recomendacion recomendaciones consejo consejos aconsejas""".split())
"""Words that frame a question asking for advice ("Can you suggest a creamy drink?", "any
tips for Lisbon?", "¿me recomiendas un libro?"): what is asked about is the rest; the user's
earlier requests hold them too ("Any pet insurance in Spain you'd suggest?")."""

INFERENCE_WORDS = frozenset(
    """would likely unlikely probably enjoy enjoys interested comfortable idea good someone
    person appreciate want wants gustaria gustarian interesaria interesarian encantaria
    disfrutaria disfrutarian probable comodo comoda comodos comodas buena idea alguien persona
    sentiria""".split())
"""Words that frame a question asking what would suit someone ("Would Tomás enjoy a ski trip
in the Alps?", "Is Maya likely to be a dog person?", "Would it be a good idea to give Maya a
kitten?", "¿Le gustaría a Maya una excursión a la montaña?"): what is asked about is the rest
(the trip, the kitten), which a memory tells in its own words ("Yo no soporto el frío", "I'm
allergic to cats"): no memory says "would enjoy", and a reply's notice of the words no memory
holds does not name them. They stay words of the search: dropped from it, measured on an
outside two-speaker chat, a question left with only the words no memory holds ("kitten",
"Asia") was "No memory found" where its framing had matched something (false "No memory
found" 5 -> 7 of 125 in the store of saved sessions)."""

_INFERENCE = lazy_regex(
    r"^\W*(?:would|could|will|is|are|does|do)\b(?!\s+you\b).{0,60}?\b(?:enjoy|like|love|want|appreciate|"
    r"(?:be\s+)?(?:interested|comfortable|happy)|likely|unlikely|probably|good\s+idea|"
    r"someone\s+who|(?:a|the)\s+(?:kind|type)\s+of\s+person|make\s+a\s+good|be\s+good\s+at)\b|"
    r"\b(?:le|les|te)\s+(?:gustaria|gustarian|interesaria|interesarian|encantaria)\b|"
    r"\b(?:es|seria)\s+(?:probable|buena\s+idea)\b|\bdisfrutaria|\bse\s+sentiria\b")
"""A question asking whether something would suit someone (``INFERENCE_WORDS``), in English
and Spanish; "Would you like to..." addressed to the assistant is advice, not this."""


def asks_an_inference(text: str) -> bool:
    """The question asks whether something would suit someone or how they are likely to be
    ("Would Tomás enjoy a ski trip?", "Is Maya likely to be a dog person?", "¿Le gustaría a
    Maya una excursión?"): what the person said of themselves answers it, in its own words."""
    folded = fold(text).lower()
    return _INFERENCE.search(folded) is not None and not asks_for_advice(text)


_FRAME_LEFT = frozenset("be is are do does to it a an the of in make".split())
"""Words left around the framing once its own words are out ("Would Maya be interested in
a...")."""


def inference_subject(text: str) -> str:
    """What an inference question supposes, without its framing (``INFERENCE_WORDS``): "Would
    Maya be interested in a ceramics workshop?" -> "Maya ceramics workshop", measured by
    meaning against what the person told of themselves ("I signed up for a pottery class");
    ``text`` itself when nothing would be left."""
    words = re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text)
    kept = [word for word in words
            if fold(word).lower() not in INFERENCE_WORDS | _FRAME_LEFT | QUESTION_WORDS]
    return " ".join(kept) if len(kept) > 1 else text


FRAME_NOUNS = frozenset("note notes memory memories nota notas memoria memorias".split())
"""Words that frame a request to the memory only when it is addressed ("what notes do you
have on the migration?", "notas sobre Luis") and otherwise name a thing the user has: "where
does the user keep their notes?", "the worker's memory leak"."""

NAME_NOUNS = frozenset("name names nombre nombres".split())
"""Words that frame a question asking what something is called ("what is the name of the
user's cat?", "the dog's name", "su nombre") and otherwise name a thing ("a domain name"):
a memory says "my cat Mostaza" or "is called Misu", and a memory holding the word "name" for
another reason ("Maré is also the name of the bakery") was the answer to every such question."""
_POSSESSIVES = frozenset("s its their his her my your our su sus mi mis tu tus".split())
_OF = frozenset("of de del".split())
_ADDRESSED = frozenset("you your yours tu tus tienes sabes usted".split())
_ABOUT = frozenset("about on regarding concerning sobre acerca de del".split())


def framing(text: str) -> frozenset[str]:
    """The words of ``QUESTION_WORDS`` that frame this question and say nothing of its topic:
    all but the nouns of ``FRAME_NOUNS``, which frame it only in a request addressed to the
    memory or right before "about"/"sobre"; and "name" asking what something is called
    (``NAME_NOUNS``: before "of", after a possessive); the verb of a question asking what
    the assistant suggested (``said_asked.SUGGESTING_VERBS``)."""
    words = [fold(w) for w in re.findall(r"\w+", text)]
    addressed = not _ADDRESSED.isdisjoint(words)
    framed = {word for i, word in enumerate(words) if word in FRAME_NOUNS
              and (addressed or (i + 1 < len(words) and words[i + 1] in _ABOUT))}
    named = {word for i, word in enumerate(words) if word in NAME_NOUNS
             and ((i + 1 < len(words) and words[i + 1] in _OF)
                  or (i > 0 and words[i - 1] in _POSSESSIVES))}
    advice = ADVICE_WORDS if asks_for_advice(text) else frozenset()
    suggested = SUGGESTING_VERBS if asked_speaker(text) == ASSISTANT else frozenset()
    return (QUESTION_WORDS - FRAME_NOUNS) | framed | named | advice | suggested \
        | _days_of_now(words)


_NOW_DAYS = lazy_regex(r"\b(?:these|those|estos|aquellos)\s+(days|dias)\b|"
                       r"\b(?:hoy\s+en|a)\s+(dia)\b(?:\s+de\s+hoy)?")
""""these days", "estos días", "hoy en día", "a día de hoy": a question about now, no day."""
_DAY_WORDS = frozenset({"day", "days", "dia", "dias"})


def _days_of_now(words: list[str]) -> frozenset[str]:
    """The day words of a phrase saying "now" ("What does the user drink these days?"), when
    the question says no other day: matched as a term, "days" made every memory saying "a
    day" look like it held the question's words ("four coffees a day"), and the last step of
    a story ("I've given up coffee") look like it held fewer. "How many coffees a day do I
    drink these days?" asks about a day, and keeps it."""
    found = [m.group(m.lastindex or 0) for m in _NOW_DAYS.finditer(" ".join(words).lower())]
    if not found or sum(word.lower() in _DAY_WORDS for word in words) > len(found):
        return frozenset()
    return frozenset(found)


def _group(text: str) -> tuple[str, ...]:
    """Content terms of ``text``; only stop words: keep them rather than search nothing."""
    raw = text_terms(text)
    frame = framing(text)
    content = [t for t in raw if t not in frame]
    found = unique(stem(t) for t in (content or raw))
    if not found:
        found = unique(stem(t) for t in text_terms(text, keep_stopwords=True))
    return tuple(found)


def parse_query(text: str, clue: str | None = None) -> Query:
    """Parse ``text`` (and ``clue``) into a :class:`Query`.

    A query of stop words only ("who am I") falls back to keeping them, so it still searches
    something. An empty or blank query yields a query with no terms; deciding whether that is
    an error belongs to the edge, not here.
    """
    base = _group(text)
    groups: list[tuple[str, ...]] = [base]
    if clue is not None and clue.strip():
        clue_terms = _group(clue)
        if clue_terms:
            groups.append(clue_terms)
    all_terms = tuple(unique(t for group in groups for t in group))
    phrased = len(text_terms(text, keep_stopwords=True)) > len(text_terms(text))
    return Query(text=text, terms=all_terms, groups=tuple(groups), phrased=phrased)


_TOKEN = lazy_regex(r"[\w][\w./:#-]*[\w]")
_DATE_LIKE = lazy_regex(r"^\d{4}(?:-\d{1,2}){0,2}$|^\d+(?:[.,]\d+)?$")


def identifiers(text: str) -> tuple[str, ...]:
    """Exact identifiers in a question: ticket ids (SEARCH-42), paths (src/app.py), function
    names (parse_query, ReadModel), versions (5.7, v1.2.3), numbers named by what they number
    (build 4512). Words and other plain numbers are not."""
    found: list[str] = []
    for token in _TOKEN.findall(text):
        token = token.rstrip(".:")
        if len(token) < 3 or _DATE_LIKE.match(token) and "." not in token:
            continue
        has_digit = any(c.isdigit() for c in token)
        has_alpha = any(c.isalpha() for c in token)
        joined = any(c in "_/-.:#" for c in token)
        camel = re.search(r"[a-z][A-Z]", token) is not None
        version = re.fullmatch(r"v?\d+(?:\.\d+)+", token) is not None
        if version or (has_alpha and (camel or (joined and (has_digit or "_" in token
                                                             or "/" in token)))) \
                or _lettered(token):
            found.append(token)
    issues = _ISSUE.findall(text)
    found += issues
    found += [m.group(1) for m in _LABELLED_NUMBER.finditer(fold(text))
              if "#" + m.group(1) not in issues]
    return tuple(dict.fromkeys(found))


def _lettered(token: str) -> bool:
    """A hyphenated code of capitals ("DUP-ID-A", "API-GW") or a name with a letter after it
    ("Plan-A", "Option-B"): an identifier, though it holds no digit; "sister-in-law", "Wi-Fi"
    and "T-Mobile" are words."""
    parts = token.split("-")
    if len(parts) < 2 or not all(parts):
        return False
    shouted = all(part.isupper() or part.isdigit() for part in parts) \
        and sum(part.isalpha() for part in parts) >= 2
    lettered = len(parts[-1]) == 1 and parts[-1].isupper() and parts[0][:1].isupper()
    return shouted or lettered


_ISSUE = lazy_regex(r"(?<![\w&#/])#\d+\b")
"""An issue or pull request numbered the GitHub way ("#57 (open): ...", "Is #63 fixed?"): an
identifier as "QZ-57" is, the '#' kept, so it is one ticket of the tracker, not any "57"."""
_LABELLED_NUMBER = lazy_regex(
    r"\b(?:build|pr|issue|ticket|order|invoice|flight|room|run|release|case|incident|bug|"
    r"pedido|factura|vuelo|habitacion|caso|incidencia)\s*(?:number\s+|no\.?\s*|n[ºo]\s*|#\s*)?"
    r"(\d{2,})\b")
"""A plain number named by what it numbers ("build 4512", "PR #311", "pedido 88213"): an
identifier, so "Did build 4512 pass?" leads with build 4512, not with 4513's near twin."""


def holds_identifier(text: str, identifier: str) -> bool:
    """``identifier`` occurs in ``text`` as a whole token (SEARCH-42 is not in SEARCH-420)."""
    pattern = r"(?<![\w-])" + re.escape(identifier) + r"(?![\w-]|\.\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


_NOW = lazy_regex(
    r"\b(?:now|nowadays|these\s+days|currently|current|at\s+the\s+moment|at\s+present|"
    r"presently|still|any\s?more|latest|most\s+recent(?:ly)?|today|"
    r"ahora|actualmente|actual|hoy\s+en\s+dia|a\s+dia\s+de\s+hoy|estos\s+dias|"
    r"en\s+este\s+momento|todavia|sigue|siguen|sigues|ya\s+no|ultim[oa]s?|"
    r"(?:am\s+i|are\s+(?:we|you|they)|is\s+(?:he|she|the\s+user))\s+(?:\w+\s+)?\w{2,}ing|"
    r"(?:estoy|estas|esta|estamos|estan)\s+\w+(?:ando|iendo))\b")
_WORK_DONE = (r"(?:finished|done|complete|completed|fixed|resolved|solved|addressed|closed|"
              r"merged|shipped|deployed|ready)")
_SE_DONE = r"(?:terminad|acabad|hech|resuelt|arreglad|solucionad|cerrad|completad|list)[oa]s?"
_WORDS = r"(?:[\w'’#-]+\s+){0,9}?"
_STATUS = lazy_regex(
    rf"\b(?:status|estado\s+(?:de|del|actual)|(?:en\s+)?que\s+estado|"
    rf"(?:is|are|has|have)\s+{_WORDS}(?:been\s+)?{_WORK_DONE}|"
    rf"(?:esta|estan)\s+(?:ya\s+)?{_WORDS}{_SE_DONE})\b"
    rf"|^\W*(?:(?:was|were)\s+{_WORDS}{_WORK_DONE}|did\s+{_WORDS}(?:get|got)\s+{_WORK_DONE}|"
    rf"did\s+(?:we|they|you|i|he|she|anyone|someone|somebody)\s+(?:ever\s+|finally\s+)?"
    r"(?:fix|resolve|solve|close|merge|finish|ship|complete)|"
    rf"(?:ya\s+)?(?:fue|fueron|ha\s+sido|han\s+sido|quedo|quedaron)\s+{_WORDS}{_SE_DONE}|"
    r"(?:ya\s+)?(?:se\s+|(?:lo|la|los|las)\s+)?(?:llego\s+a\s+)?(?:resolvio|resolvieron|"
    r"resolvimos|arreglo|arreglaron|arreglamos|soluciono|solucionaron|solucionamos|cerro|"
    r"cerraron|cerramos|termino|terminaron|terminamos))\b")
"""A question asking how a piece of work stands ("What's the status of the invoice bug?", "Is
the session migration finished?", "Has TW-405 been fixed?", "¿Está terminada la migración?",
"¿En qué estado está FB-247?"), or whether it ever got done ("Was OPS-412 resolved?", "Did
the export bug get fixed?", "¿Se arregló el fallo del export?"): the newest memory of its
story tells it ("FB-247 done" after "FB-247 (in progress)"), as for a question saying "now".
Only a question opening so is a yes-or-no about the work: "When was it merged?" asks the
past."""
_BEFORE = lazy_regex(
    r"\b(?:used\s+to|use\s+to|before|previous(?:ly)?|formerly|originally|at\s+first|first|former|"
    r"old|earlier|back\s+then|antes|anterior(?:es)?|solia|solian|primer[oa]?|antiguo|"
    r"antigua|al\s+principio)\b")


NOW_WORDS = frozenset(
    """now nowadays days currently current moment present presently still anymore latest
    recent recently today ahora actualmente actual dia dias momento todavia sigue siguen
    sigues ultimo ultima ultimos ultimas""".split())
"""The words of a question asking how things stand now: no memory is expected to hold them
(a reply never says "no stored memory mentions 'days'" for "these days")."""


def asks_about_before(text: str) -> bool:
    """The question asks how things were before a change ("where did Pepper use to sleep?",
    "what car did the user have before?", "¿dónde vivía antes?"): the state before the
    latest change of a story answers it."""
    return _BEFORE.search(_EVENT_CLAUSE.sub(" ", fold(text))) is not None


_PAST = lazy_regex(
    r"\b(?:did|was|were|had|went|got|ago|last|yesterday|ever|once|when|cuando|why|"
    r"por\s+que|"
    r"bought|sold|made|took|gave|saw|met|told|said|found|left|began|came|ran|won|lost|paid|"
    r"spent|sent|wrote|brought|thought|felt|ate|drank|drove|flew|chose|broke|wore|became|"
    r"grew|knew|fell|held|heard|built|caught|taught|sat|stood|forgot|\w+(?<!ne)(?<!ee)ed)\b")
"""A question about the past, about when or why ("what did I buy?", "when is the fitter
starting?", "¿por qué abandonamos GraphQL?"), not about how things stand."""


_PRETERITE = lazy_regex(r"\b\w{3,}(?:ó|é|aste|aron|ieron|iste|amos|imos)\b")
"""A Spanish verb in the past ("adoptó", "compré", "empezaron"), read before accents are
folded away ("adopto" is the present); "abandonamos", "vivimos" may be either, so they are
read as the past (the newest memory does not take the lead on a guess)."""
_NOUN_IN_E = lazy_regex(
    r"\b(?:(?:el|un|una|unos|unas|del|al|mi|mis|tu|tus|su|sus|este|esta|ese|esa|"
    r"nuestro|nuestra)\s+\w+|caf[eé]s?|beb[eé]s?|pur[eé]s?|comit[eé]s?|chal[eé]s?|"
    r"consom[eé]s?|canap[eé]s?|carn[eé]s?|jos[eé])\b")
"""A word after a determiner is a noun, whatever its ending ("el café", "mi bebé", "el
capó"; not "la", "los", "las", also pronouns: "¿cuándo la adopté?"), and a few common nouns
end as a preterite does: "¿Cómo tomo el café?" asks how things stand, not what happened."""


def asks_how_things_stand(text: str) -> bool:
    """The question asks in the present how something stands ("Who teaches me cello?", "How
    much do I earn per month?", "¿Dónde vivo?"): of memories equally about it, the newest is
    how it stands now."""
    folded = fold(text)
    return _PAST.search(folded) is None and _BEFORE.search(folded) is None \
        and _PRETERITE.search(_NOUN_IN_E.sub(" ", text.casefold())) is None


_MEASURE = lazy_regex(
    r"\bhow\s+(?:many|much|often|long|far|big|large|fast|frequently|high|low)\b|"
    r"\b(?:what|which)\s+(?:[\w.-]+\s+){0,4}?(?:version|size|limit|timeout|interval|rate|"
    r"ttl|threshold|frequency|value|setting|number)\b|"
    r"\bcuant[oa]s?\b|\bcada\s+cuanto\b|\bcon\s+que\s+frecuencia\b|"
    r"\b(?:que|cual)\s+(?:es\s+)?(?:la\s+|el\s+)?(?:version|tamano|limite|valor|intervalo)\b")
"""A question asking for a number as it stands ("How many retry attempts do SFTP uploads
get?", "How often does the outbox relay poll?", "Which confluent-kafka version do we use?",
"¿Cada cuánto se ejecuta el job?")."""


def asks_a_measure(text: str) -> bool:
    """The question asks for an amount, a frequency or a version: what a later change
    ("max attempts 5 -> 4", "OUTBOX_POLL_MS lowered from 500 to 200") replaces, told in
    words of its own, so the later memory rarely holds all of the earlier one's."""
    return _MEASURE.search(fold(text)) is not None


_SCHEDULE = lazy_regex(
    r"\b(?:which|what)\s+(?:days?|weekdays?|nights?|mornings?|evenings?|time|times|hours?)\s+"
    r"(?:of\s+the\s+week\s+)?(?:do|does|is|are|am|did|was|were)\b|\bwhen\s+(?:do|does|is|are)\s+"
    r"(?:i|we|my|our|the|he|she|they)\b|\bque\s+(?:dias?|noches?|hora|horas)\b|"
    r"\bcuando\s+(?:voy|vamos|tengo|tenemos|es|son|hago|hacemos)\b|\ba\s+que\s+hora\b")
"""A question asking when something recurs ("Which days do I go to the gym?", "What time is
the standup?", "¿Qué días voy al gimnasio?", "¿A qué hora es la clase?")."""


def asks_a_schedule(text: str) -> bool:
    """The question asks for the days or the time something happens: a schedule, which a
    later memory moves in words of its own ("now I train on Tuesday and Saturday mornings
    instead", lacking the "days" of "I go to the gym on Monday and Thursday ... on those
    days"), so it shares few of the earlier memory's words but tells a day or a time."""
    return _SCHEDULE.search(fold(text)) is not None


_EVENT_CLAUSE = lazy_regex(
    r"\b(?:before\s+\w+ing|antes\s+de\s+\w*(?:ar|er|ir)(?:se|lo|la|le)?|"
    r"first\s+(?:day|days|week|weeks|month|months|year|time|times|night|morning|evening|shift)|"
    r"primer(?:a|os|as)?\s+(?:dia|dias|semana|semanas|mes|meses|ano|vez|veces|noche|manana|"
    r"turno))\b")
"""A time clause about an event ("before leaving", "antes de irse"), or the first time of
something ("my first day at Northwind", "la primera vez que ..."): a moment, not a state
before a change."""


_SEVERAL = lazy_regex(
    r"\b(?:how\s+many|how\s+much\s+in\s+total|in\s+total|altogether|list|name\s+(?:all|every)|"
    r"all\s+(?:of\s+)?(?:the|my|our|his|her|their)|every\s+\w+\s+(?:i|we|he|she|they)|"
    r"cuant[oa]s|en\s+total|enumera|todos\s+(?:los|mis|sus|nuestros)|"
    r"todas\s+(?:las|mis|sus|nuestras)|(?:what|which)\s+(?:things|stuff)|que\s+cosas|"
    r"over\s+(?:the\s+)?(?:time|years)|a\s+lo\s+largo\s+del?\s+(?:tiempo|anos))\b")


_HISTORY = lazy_regex(
    r"\b(?:have|has)\s+(?:the\s+)?(?:i|we|you|he|she|they|[^\W\d_]+)\s+(?:ever\s+|already\s+)?"
    r"(?:lived|worked|had|owned|driven|used|studied|dated|bought|purchased|visited|adopted|"
    r"learned|learnt|tried|been\s+(?:to|in|at|with))\b|"
    r"\b(?:he|hemos|has|ha|han)\s+(?:vivido|trabajado|tenido|conducido|usado|estudiado|"
    r"comprado|visitado|adoptado|aprendido|probado|salido\s+con|estado\s+en)\b")


def asks_for_history(text: str) -> bool:
    """The question asks what has been, over time ("Which Madrid neighbourhoods have I
    lived in?", "¿En qué empresas he trabajado?"), or lists several things
    (``asks_for_several``): a memory a later one corrected is part of the answer, not a
    stale value to sink below its correction."""
    return asks_for_several(text) or _HISTORY.search(fold(text)) is not None


_IDEAS_ASKED = (
    r"\brecommend\b|\bsuggest\b|"
    r"\b(?:any|some)\s+(?:[a-z]+\s+)?(?:ideas?|tips?|advice|suggestions?|recommendations?)\b|"
    r"\brecomiend|\bsugier|\b(?:alguna|algun)\s+(?:idea|consejo|sugerencia)|\bme\s+aconsejas\b")
"""Words asking for ideas ("recommend", "any tips", "¿alguna sugerencia?"): a request for
advice (``_ADVICE``) and for a recommendation (``_RECOMMENDATION``) alike."""
_ADVICE = lazy_regex(
    rf"{_IDEAS_ASKED}|\b(?:should|could|can)\s+(?:i|we)\b|\bshall\s+(?:i|we)\b|"
    r"\bwhat\s+would\s+you\b|\bwhere\s+(?:to|do\s+(?:i|we))\s+(?:stay|eat|go)\b|"
    r"\bdeberi(?:a|amos)\b|\bque\s+(?:hago|hacemos)\b")


_ADVICE_GIVEN = lazy_regex(
    r"\bdid\s+(?:you|i|we)\b|\b(?:you|i|we)\s+(?:recommended|suggested|said|told)\b|"
    r"\b(?:did|does)\s+(?:[\w.-]+\s+){1,4}(?:recommend|suggest|advise|say|tell)\b|"
    r"\b(?:me\s+)?(?:recomendaste|sugeriste|dijiste)\b")
"""The question asks what advice was given ("Which restaurant did you recommend in
Lisbon?", "Which book did Iker recommend to the user?", "What did my physiotherapist Dr.
Morais recommend?", "Which podcast does Marcos recommend?"): a recollection, about something
stored or never stored. "What do you recommend?" asks for advice."""


def asks_for_advice(text: str) -> bool:
    """The question asks what to do ("We're going to Edinburgh, where should we stay?",
    "¿Qué me recomiendas para cenar?"): what the user prefers answers it, so a place it
    names that no memory holds is the plan's, not a sign that nothing stored is about it."""
    folded = fold(text)
    return _ADVICE.search(folded) is not None and _ADVICE_GIVEN.search(folded) is None


_RECOMMENDATION = lazy_regex(
    rf"{_IDEAS_ASKED}|"
    r"\b(?:what|which|where|when|how)\b[^?.!]*\b(?:should|could|shall)\s+(?:i|we)\b|"
    r"\b(?:que|cual|cuales|donde|cuando)\b[^?.!]*\bdeberi(?:a|amos)\b")


def asks_a_recommendation(text: str) -> bool:
    """The question asks for something to be recommended ("Recommend some music for a long
    focus session", "What should I cook for dinner tonight?", "¿Qué debería leer?"), not
    whether to do a thing ("Should I read the docs first?", "Can I freeze it?"): advice
    that what the user said they like or cannot have decides."""
    folded = fold(text).lower()
    return _RECOMMENDATION.search(folded) is not None and _ADVICE_GIVEN.search(folded) is None


_PREFERENCE = lazy_regex(
    r"\b(?:i|we|he|she)\s+(?:really\s+|absolutely\s+|both\s+|always\s+|just\s+)?"
    r"(?:love|loves|loved|like|likes|adore|adores|enjoy|enjoys|enjoyed|prefer|prefers|hate|"
    r"hates|hated|dislike|dislikes|avoid|avoids|can'?t\s+stand|can'?t\s+eat|can'?t\s+have|"
    r"can'?t\s+deal\s+with|can'?t\s+handle|don'?t\s+eat|go\s+for)\b|"
    r"\b(?:i'?m|i\s+am|we'?re|he'?s|she'?s)\s+(?:a\s+|an\s+|very\s+|really\s+|so\s+)?"
    r"(?:vegetarian|vegan|pescatarian|allergic|lactose|gluten|intolerant|not\s+a\s+fan|"
    r"(?:big\s+|huge\s+)?fan|into)\b|\b(?:my|our|his|her)\s+(?:[\w-]+\s+)?favou?rite\b|"
    r"\b(?:me|nos|le)\s+(?:encanta|encantan|gusta|gustan|chifla|chiflan)\b|"
    r"\b(?:prefiero|preferimos|odio|odiamos|adoro|detesto|detestamos)\b|"
    # "Yo no soporto el frío", "no aguanto el calor": the Spanish "can't stand"
    r"\bno\s+(?:soporto|soportamos|aguanto|aguantamos|puedo\s+con)\b|"
    # "I can't work with lyrics in my ears", "I only drink decaf", "ya no tomo cafeína",
    # "cambié al descafeinado": what the user cannot do a thing with, and a habit of what
    # they eat or drink, changed or not
    r"\b(?:i|we)\s+(?:can'?t|cannot)\s+(?:work|focus|concentrate|study|sleep|read)\s+"
    r"with(?:out)?\b|"
    r"\b(?:i|we)\s+(?:only|mostly|no\s+longer|don'?t)\s+(?:drink|eat)\b|"
    r"\b(?:i|we)\s+(?:drink|eat)\s+(?:my|our|only|mostly|no)\b|"
    r"\b(?:i|we)\s+(?:stopped|started|quit)\s+(?:eating|drinking)\b|"
    r"\b(?:i'?ve|i\s+have|i)\s+switched\s+to\b|"
    r"\b(?:ya\s+no|solo|nunca)\s+(?:tomo|como|bebo|tomamos|comemos|bebemos)\b|"
    r"\b(?:cambie|me\s+pase|nos\s+pasamos|cambiamos)\s+al?\b|"
    r"\b(?:soy|somos)\s+(?:vegetarian|vegan|alergic|intolerante|fan)|"
    r"\b(?:mi|nuestr[oa])\s+(?:\w+\s+)?favorit[oa]\b|"
    # "I've gone vegetarian", "me he hecho vegana": a diet taken up is a standing preference
    r"\b(?:i'?ve|i\s+have|we'?ve|we\s+have|i'?m|i\s+am)\s+(?:now\s+)?(?:gone|become|turned|"
    r"going)\s+(?:vegetarian|vegan|pescatarian|teetotal|gluten|dairy)|"
    r"\b(?:me\s+he\s+hecho|nos\s+hemos\s+hecho)\s+(?:vegetarian|vegan)|"
    # "please never suggest recipes with coriander", "nunca me recomiendes..."
    r"\b(?:never|don'?t|do\s+not)\s+(?:ever\s+)?(?:suggest|recommend|give\s+me|offer|serve|"
    r"book)\b|\bnunca\s+me\s+(?:sugieras|recomiendes|pongas|reserves)\b|"
    # "I always book an aisle seat", "siempre pido la ventanilla": a habit is a preference
    r"\b(?:i|we)\s+(?:always|usually|never)\s+(?:book|choose|pick|order|take|get|sit|buy|"
    r"ask\s+for|go\s+for)\b|\bsiempre\s+(?:pido|reservo|elijo|cojo|compro|me\s+siento)\b")


_LIKING_ASKED = lazy_regex(
    r"\b(?:likes?(?!\s*[?.!]|\s*$)|loves?(?!\s+life)|hates?|dislikes?|prefers?|enjoys?|"
    r"can'?t\s+stand|favou?rite|gustan?|encantan?|odian?|soportan?|prefieren?|favorit[oa]s?)\b")
"""The verbs and words a question asks what someone likes or cannot stand with (not "what is
it like?", not "love life")."""


def asks_a_liking(text: str) -> bool:
    """The question asks what someone likes, prefers or cannot stand ("¿Qué tipo de cine no
    soporta el usuario?", "How does the user like their hot drinks?"), not for advice: the
    user's own statement of the preference answers it ("Odio las películas de terror"),
    whatever words it shares with the question."""
    return _LIKING_ASKED.search(fold(text).lower()) is not None and not asks_for_advice(text)


def states_a_preference(text: str) -> bool:
    """The text tells what someone likes, avoids or cannot have ("I love Latin American
    fiction", "I take it with oat milk because I'm lactose intolerant", "He loves spicy food
    like me", "me encanta el picante"): what a question asking for advice should build on."""
    return _PREFERENCE.search(fold(text)) is not None


_THIRD_PERSON = lazy_regex(r"(?:he|she|he'?s|she'?s|le)\b")


def states_own_preference(text: str) -> bool:
    """The text tells what its speaker likes, avoids or cannot have, in the first person
    ("I'm allergic to peanuts", "no me gusta el cilantro"), not what "he" or "she" does."""
    return any(_THIRD_PERSON.match(found.group(0)) is None
               for found in _PREFERENCE.finditer(fold(text)))


def asks_for_several(text: str) -> bool:
    """The question adds up or lists what several memories tell ("How many bikes do I own?",
    "List the cities I lived in", "¿Cuántos gatos tengo?"): each memory about it answers a
    part, so a near tie among them is no reason to ask which one was meant."""
    return _SEVERAL.search(fold(text)) is not None


_PLAN = lazy_regex(
    r"\b(?:will|won't|going\s+to|gonna|"
    r"(?:voy|vas|va|vamos|vais|van)\s+a\s+[^\W\d_]+(?:ar|er|ir)(?:se|lo|la|le|nos)?)\b")
"""A question in the future ("Where will the wedding take place?", "¿Dónde vamos a celebrar
la boda?"): it asks for the plan as it stands now, which a later memory may have changed
("we're doing it in Lake Louise instead")."""
_PLANNED_THEN = lazy_regex(r"\b(?:was|were)\s+(?:[^\W\d_]+\s+)?(?:going\s+to|gonna)\b")
"""...unless the plan was one of the past ("What were we going to cook?")."""


def asks_about_now(text: str) -> bool:
    """The question asks for how things stand now ("where does the user work now?", "does
    she still run?", "¿qué móvil usa ahora?", "what language am I learning?": the present
    progressive of the user or a person), or for a piece of work's status (``_STATUS``), or
    for a plan as it stands ("where will the wedding be?", ``_PLAN``), not how they were
    ("what car did the user have before?"): the newest memory of a story answers it."""
    folded = fold(text)
    planned = _PLAN.search(_PLANNED_THEN.sub(" ", folded)) is not None
    return (_NOW.search(folded) is not None or _STATUS.search(folded) is not None
            or planned) \
        and _BEFORE.search(folded) is None


_TO_THE_ASSISTANT = lazy_regex(
    r"\b(?:you|your|yours|yourself|usted|ustedes|dijiste|recomendaste|sugeriste|contaste|"
    r"explicaste|aconsejaste|propusiste|mencionaste|diste|tu|tus)\b")
"""Words of a question put to the assistant: "what did you recommend", "¿qué me dijiste?"."""


def asks_the_assistant(text: str) -> bool:
    """Whether the question asks what the assistant said ("What grinder did you recommend?",
    "¿Qué me sugeriste para la masa?", "Which kit did the assistant suggest?"): only then is
    a turn the assistant said an answer."""
    return bool(_TO_THE_ASSISTANT.search(fold(text))) or asked_speaker(text) == ASSISTANT


_POSSESSOR = lazy_regex(
    r"(?:\b(?:the\s+)?(?:user|usuario|usuaria)['’]s|\bmy|\bmi|\bmis|\bsu|\bsus)\s+"
    r"((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)", re.IGNORECASE)
_PRONOUN_POSSESSOR = lazy_regex(
    r"\b(?:her|his)\s+((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)", re.IGNORECASE)
"""The user's things in a question asked in the third person ("What did the user name her
sourdough starter?"); "her" may be someone else's too, so only ``possessed(..., pronouns=True)``
reads it, and never a relation ("her boyfriend" may be named only by his name). "Their" is
mostly others' ("the user's parents ... their anniversary")."""
_OF_THE_USER = lazy_regex(r"\b([^\W\d_][\w-]*)\s+(?:del|de\s+la)\s+usuari[oa]\b",
                          re.IGNORECASE)
_THING = r"(?:(?:the|a|an|el|la|los|las|un|una)\s+)?((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)"
_PAID_FOR = lazy_regex(
    r"\b(?:(?:pay|pays|paid)\b(?:\s+[\w'’]+){0,3}?\s+for|(?:spend|spends|spent)\b"
    r"(?:\s+[\w'’]+){0,3}?\s+on|pag[aoóéu]\w*(?:\s+[\w'’]+){0,3}?\s+por|"
    r"gast[aoóéu]\w*(?:\s+[\w'’]+){0,3}?\s+en)\s+" + _THING, re.IGNORECASE)
_BOUGHT = lazy_regex(
    r"(?<!\bwho\s)(?<!\bquien\s)(?<!\bquién\s)"
    r"\b(?:buy|buys|bought|purchased?|purchases|own|owns|owned|compr[aoóéu]\w*)\s+"
    r"(?=(?:the|a|an|el|la|los|las|un|una)\s)" + _THING, re.IGNORECASE)
"""A thing the user bought or owns ("Did I buy a new laptop?"), not one a question asks whose
it is ("Who owns the Homebrew tap?", "¿Quién compró las entradas?"): that asks for a person."""
QUALIFIERS = frozenset(
    """new old current favourite favorite main usual first second third fourth fifth last latest
    most recent previous own best segundo segunda tercer tercero tercera
    left right little big older younger eldest youngest other next daily weekly monthly
    yearly morning evening night weekend summer winter spring autumn electric electrico electrica
    nuevo nueva viejo vieja actual favorito favorita primer primera ultimo ultima mejor
    mayor menor pequeno pequena otro otra total diario diaria semanal mensual reciente
    red blue green yellow black white grey gray brown pink purple orange silver golden
    rojo roja azul verde amarillo amarilla negro negra blanco blanca gris marron rosa morado
    morada naranja plateado plateada dorado dorada""".split())
"""Words that qualify the thing possessed rather than name it ("the user's new laptop", "my
morning run", "the red Seat": a colour, said in either language, is no thing of its own; nor
an order, "my second dog", "mi segundo perro", the dog a memory tells without the ordinal)."""


@functools.lru_cache(maxsize=256)
def possessed(text: str, pronouns: bool = False) -> tuple[str, ...]:
    """The things a question says are the user's, or that the user paid for or bought, one
    word each, folded ("the user's shoulder", "my yoga class", "su sobrina", "la novia del
    usuario", "the user's sister-in-law", "pay for the gym", "¿pagó por el masaje?", "buy a
    new laptop"): the first word after the possessive (or "pay for", "buy a"...) that is not
    a stop word, a qualifier or "user". What the question is about, more than any other of
    its words; a bought thing needs its article ("buy in February" names a time).
    ``pronouns``: "her" and "his" say whose too ("her sourdough starter"), which may be
    someone else's: a thing no memory mentions is never stored whoever's it is."""
    skipped = QUALIFIERS | framing(text)
    runs = [m.group(1).split() for m in _POSSESSOR.finditer(text)]
    if pronouns:
        runs += [m.group(1).split() for m in _PRONOUN_POSSESSOR.finditer(text)
                 if not any(map(kin, m.group(1).split()))]
    runs += [[m.group(1)] for m in _OF_THE_USER.finditer(text)]
    runs += [m.group(1).split() for m in _PAID_FOR.finditer(text)]
    runs += [m.group(1).split() for m in _BOUGHT.finditer(text)]
    found = [thing for run in runs if (thing := _thing_word(run, skipped))]
    return tuple(dict.fromkeys(found))


def paid_for(text: str) -> tuple[str, ...]:
    """The things a question says were paid for, one word each, folded ("How much does the
    user pay for parking?" -> "parking", "¿Cuánto pagó por el coche nuevo?" -> "coche"): the
    paid-for part of ``possessed``: the first word of each of ``paid_for_names``."""
    return tuple(dict.fromkeys(name[0] for name in paid_for_names(text)))


_PAST_NAME = frozenset("""every each per this that these those last next month week year day
    months weeks years days""".split())
"""Words that follow the name of a thing paid for without being part of it ("the gym every
month", "the studio this year")."""


def paid_for_names(text: str) -> tuple[tuple[str, ...], ...]:
    """The things a question says were paid for, each by the words of its name, folded, the
    one it rests on last: an English compound whole ("How much does the user pay for the
    climbing gym now?" -> ("climbing", "gym"): a fee told of the gym need not say what is
    done there), in Spanish the first word only, as ``paid_for`` gives it ("pagó por la cuota
    del rocódromo" -> ("cuota",)). The name ends at a word of no topic: a stop word, a word
    asking about now ("now") or of time ("the gym every month" ends at "every"). A name
    written capitalised ("her Nissan Leaf") keeps its first word: a make names the kind."""
    skipped = QUALIFIERS | framing(text)
    found = []
    for m in _PAID_FOR.finditer(text):
        words = m.group(1).split()
        first = _thing_word(words, skipped)
        if not first:
            continue
        name = [first]
        start = [fold(word).lower() for word in words].index(first)
        if not fold(m.group(0)).lower().startswith(("pag", "gast")) \
                and not words[start][0].isupper():
            for word in words[start + 1:]:
                said = fold(word).lower()
                pieces = text_terms(word)
                if len(pieces) != 1 or pieces[0] in skipped or said in NOW_WORDS \
                        or said in _PAST_NAME or said.endswith("ly"):
                    break
                name.append(said)
        found.append(tuple(name))
    return tuple(dict.fromkeys(found))


def _thing_word(run: list[str], skipped: frozenset[str]) -> str:
    """The first word of ``run`` that is no stop word nor one of ``skipped``, folded; ""."""
    for word in run:
        pieces = text_terms(word)
        if not pieces or (len(pieces) == 1 and pieces[0] in skipped):
            continue
        return fold(word).lower()
    return ""


_HOW_TO = lazy_regex(
    r"^\W*(?:how\s+(?:do|can|should|would|could|to)\s+(?:i|we|you|one)?\b|how\s+to\b|"
    r"what(?:'s|\s+is)\s+the\s+(?:best\s+)?way\s+to\b|"
    r"c[oó]mo\s+(?:(?:puedo|podemos|debo|debemos|tengo\s+que|hay\s+que|se)\s+)?[^\W\d_]+"
    r"(?:o|amos|emos|imos|ar|er|ir)\b)", re.IGNORECASE)
"""A question asking how to do a thing ("How do I run the linters...?", "¿Cómo genero la
documentación...?", "¿Cómo se despliega...?"): a procedure is asked, not a thing of the user's."""
_WORKED_AT = lazy_regex(
    r"\b(?:on|in|at|from|inside|en|desde|dentro\s+de)\s+(?:my|our|mi|mis|nuestr[oa]s?)\s+"
    r"((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)", re.IGNORECASE)


def worked_at(text: str) -> tuple[str, ...]:
    """The user's things a how-to question names as where the work is done ("How do I build
    the image on my machine?", "¿Cómo genero la documentación en mi portátil?"), folded as
    ``possessed`` gives them: the place of a procedure, which the note telling the procedure
    need not name (it says "locally", or nothing), not what is asked about. Empty for any
    other question ("What did the mechanic say about my car?")."""
    if _HOW_TO.search(fold(text)) is None:
        return ()
    skipped = QUALIFIERS | framing(text)
    return tuple(dict.fromkeys(found for m in _WORKED_AT.finditer(text)
                               if (found := _thing_word(m.group(1).split(), skipped))))


_NAMED_POSSESSOR = lazy_regex(
    r"(?<![\w'’])([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)['’]s\s+((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)")
"""A person's thing, by name ("Maya's parrot", "Tomás's new car")."""
_OF_NAMED = lazy_regex(
    r"\b(?:el|la|los|las|un|una)\s+([^\W\d_][\w-]*)\s+(?:de|del)\s+([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)\b")
"""The same in Spanish: "el loro de Maya", "la sobrina de Tomás"."""


def owned_by_name(text: str) -> tuple[tuple[str, str], ...]:
    """(the person, a word) for each word of what ``text`` says is a named person's, folded
    ("What is Maya's husband's name?" -> ("Maya", "husband"); "Lucía's punk group" -> ("Lucía",
    "punk"), ("Lucía", "group"); "¿Cómo se llama el loro de Maya?" -> ("Maya", "loro")): each
    word, since the thing is named by any of them ("punk group" stored as "band"). Whether the
    name is a person's is the caller's to judge (a chat's speakers)."""
    found: list[tuple[str, str]] = []
    skipped = QUALIFIERS | framing(text)
    runs = [(m.group(1), m.group(2).split()) for m in _NAMED_POSSESSOR.finditer(text)]
    runs += [(m.group(2), [m.group(1)]) for m in _OF_NAMED.finditer(text)]
    for owner, run in runs:
        words = [word for word in run
                 if (pieces := text_terms(word)) and not (len(pieces) == 1
                                                          and pieces[0] in skipped)]
        found += [(owner, fold(bare_possessive(word)).lower()) for word in words]
    return tuple(dict.fromkeys(found))


def bare_possessive(word: str) -> str:
    """``word`` without a possessive ending ("husband's" -> "husband")."""
    return re.sub(r"['’]s$", "", word)


_PLACED = lazy_regex(
    r"\b(?:in|at|to|from|near|en|al|de|del|desde|hacia|cerca\s+de)\s+"
    r"((?:[A-ZÁÉÍÓÚÑ][\w'’.-]*)(?:\s+[A-ZÁÉÍÓÚÑ][\w'’.-]*)*)")
"""A capitalised name after a preposition of place ("in Boston", "at Napa Valley", "de
Teruel"). The Spanish "a" is left out: it is the English article too ("a Python script")."""
NOT_PLACES = frozenset((*MONTHS, *WEEKDAYS, "i", "christmas", "easter", "halloween",
                        "thanksgiving", "new", "year", "navidad", "navidades", "nochevieja",
                        "nochebuena", "pascua", "reyes", "semana", "santa"))
"""Capitalised words after "in" or "en" that name a time, not a place ("in May", "at
Christmas", "en Semana Santa")."""


def placed(text: str) -> tuple[str, ...]:
    """The names of places (or venues, events) a question asks about, as written ("which
    marathon did the user run in Boston?" -> "Boston"), a country or continent excepted
    (``regions``): a name, unlike a common word, is not paraphrased, so one that no memory
    holds in any form says the question is about something never stored."""
    from actors.regions import is_demonym, is_region

    found = []
    for match in _PLACED.finditer(text):
        name = match.group(1).rstrip(".")
        if not set(fold(name).lower().split()) & NOT_PLACES and not is_region(name) \
                and not is_demonym(name):
            found.append(name)
    return tuple(dict.fromkeys(found))


_NAMED = lazy_regex(r"(?<=[\w,;:'’)\]]\s)([A-ZÁÉÍÓÚÑ][\w'’.-]*(?:\s+[A-ZÁÉÍÓÚÑ][\w'’.-]*)*)")
"""Capitalised words inside a sentence (after a word, not after a full stop or at the
start): "what is the Flink job parallelism?" -> "Flink"."""


def named(text: str) -> tuple[str, ...]:
    """The names a question writes with a capital inside its sentence, as written, a time
    ("May", "Christmas"), "I" and a country or continent (or its people: "Portuguese")
    excepted: like a place, a name is not
    paraphrased, so one that no memory holds in any form is something never stored ("which
    GraphQL library does billing use?"). A short acronym is not ("my GP", "the JS bundle")."""
    from actors.regions import is_demonym, is_region

    found = []
    for match in _NAMED.finditer(text):
        # "Hamish's SUV" is two names: Hamish, and an acronym
        for name in re.split(r"['’]s\s+", match.group(1).rstrip(".")):
            name = re.sub(r"['’]s$", "", name)
            last = name.split()[-1] if name.split() else ""
            if last and not set(fold(name).lower().split()) & NOT_PLACES \
                    and not is_region(name) and not is_demonym(name) \
                    and not (last.isupper() and len(last) <= 4):  # "GP", "SUV": said otherwise
                found.append(name)
    return tuple(dict.fromkeys(found))


_RELATIONS = (
    # a word for any of them | one kind | another kind ...
    """kid kids child children baby babies toddler hijos nino nina ninos ninas bebe
    | son sons hijo | daughter daughters hija hijas""",
    """partner spouse pareja | wife esposa mujer | husband esposo marido | girlfriend novia
    | boyfriend novio | fiance prometido | fiancee prometida""",
    """boss manager supervisor jefe jefa""",
    """parents parent padres | mother mum mom mam mama madre | father dad papa padre""",
    """grandparents abuelos | grandmother grandma granny abuela | grandfather grandpa abuelo""",
    """sibling siblings hermanos | brother hermano | sister hermana""",
)
_KIN_GROUPS = (
    *_RELATIONS,
    # not relations, but one thing under several everyday names all the same
    """home flat apartment house place piso apartamento casa""",
    """car vehicle coche auto carro""",
    """phone mobile cellphone smartphone movil telefono""",
    """pet mascota | dog puppy mutt mongrel pooch perro perra chucho | cat kitten gato gata""",
    """job work employer company workplace trabajo empresa curro""",
)
KIN = tuple((frozenset(words[0].split()), tuple(frozenset(kind.split()) for kind in words[1:]))
            for words in (group.split("|") for group in _KIN_GROUPS))
"""Names of one relation (or one everyday thing), in English and Spanish: someone asking about
"the user's kid", "boss" or "apartment" may have said "my son", "my manager" or "my flat"
(the model's token table does not link them). Each group: the words for any of its kinds, then
each kind's own words. Used only to decide whether what a question is about was ever
mentioned: a word for any kind ("sibling") is mentioned by every kind's words, a kind
("brother") by its own words and the words for any kind, never by another kind's ("my
sister": "What's my brother's name?" asks about someone never mentioned)."""


RELATION_WORDS = frozenset(word for group in _RELATIONS for word in group.split() if word != "|")
"""Every word of ``KIN`` naming a person by their relation to the user ("sister", "novio")."""


_PARENTS = "parents parent padres mother mum mom mama madre father dad papa padre"
_SIBLINGS = "sibling siblings hermanos brother hermano sister hermana"
_CHILDREN = "kid kids child children son sons hijo hijos daughter daughters hija hijas"
_COMPOSED = (
    # the relation's words | whose relative (the user's) | their relative's words
    ("nephew nephews sobrino sobrinos", _SIBLINGS, "son sons hijo hijos boy kid child nino"),
    ("niece nieces sobrina sobrinas", _SIBLINGS, "daughter daughters hija hijas girl kid child "
     "nina"),
    ("uncle uncles tio tios", _PARENTS, "brother brothers hermano hermanos"),
    ("aunt aunts auntie tia tias", _PARENTS, "sister sisters hermana hermanas"),
    ("cousin cousins primo prima primos primas", "uncle aunt tio tia tios tias", _CHILDREN),
    ("grandson granddaughter grandchild grandchildren grandkids nieto nieta nietos nietas",
     _CHILDREN, _CHILDREN),
    ("grandmother grandma granny grandfather grandpa grandparents abuela abuelo abuelos",
     _PARENTS, _PARENTS),
)
COMPOSED = {word: (frozenset(mine.split()), frozenset(theirs.split()))
            for words, mine, theirs in _COMPOSED for word in words.split()}
"""A relation told as a relative's relative (folded): "my sister ... her son Mateo" is the
user's nephew, "mi padre y su hermano Luis" an uncle. A question asks "my nephew"; the memory
says "My sister Carolina lives in Monterrey with her son Mateo", no word of it a nephew's."""


def composed(word: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the user's relative's words, that relative's relative's words) that tell of what
    ``word`` names (``COMPOSED``), or None."""
    return COMPOSED.get(fold(word).lower())


_COMPOSED_KINDS = tuple(frozenset(words.split()) for words, _, _ in _COMPOSED)
"""Each relation told as a relative's relative, by its words ("niece nieces sobrina...")."""


def other_kinds(first: str, second: str) -> bool:
    """``first`` and ``second`` name different kinds of one relation ("hermana" and
    "hermano", "novia" and "novio", "hija" and "hijo", "sobrina" and "sobrino"): words that
    differ by an ending, as another form of a word does, and name someone else."""
    a, b = fold(first).lower(), fold(second).lower()
    for _, kinds in KIN:
        mine = next((kind for kind in kinds if a in kind), None)
        if mine is not None:
            return any(b in kind for kind in kinds if kind is not mine)
    mine = next((kind for kind in _COMPOSED_KINDS if a in kind), None)
    return mine is not None and b not in mine and any(b in kind for kind in _COMPOSED_KINDS)


def kin(word: str) -> frozenset[str]:
    """The other names that may stand for what ``word`` names (folded), none when it names
    no relation of ``KIN``."""
    key = fold(word).lower()
    generic, kind = _kin_group(key)
    return (generic | kind) - {key} if kind else kind


def same_kind(word: str) -> frozenset[str]:
    """The other words of ``KIN`` for the one kind ``word`` names (folded): "gata" and "kitten"
    for "cat", "manager" and "jefa" for "boss"; a word for any kind ("pet", "siblings") has
    every kind's words. A name is given beside any of them ("mi gata Luna" names the cat of
    "What is Marta's cat called?"), never beside another kind's ("mi perra Kira", "my
    brother Leo"). None when ``word`` names no kind of ``KIN``."""
    key = fold(word).lower()
    return _kin_group(key)[1] - {key}


def _kin_group(key: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words for any kind of ``key``'s ``KIN`` group, and the words of ``key``'s own kind
    (every kind's for a word of the first); both empty when ``key`` is in no group."""
    for generic, kinds in KIN:
        if key in generic:
            return generic, generic.union(*kinds)
        for kind in kinds:
            if key in kind:
                return generic, kind
    return frozenset(), frozenset()


_ASKED = lazy_regex(
    r"\b(?:which|what|whose|how\s+much|how\s+many|que|cual|cuales|cuanto|cuanta|cuantos|"
    r"cuantas)\s+(?:(?:kind|sort|type|tipo|clase)\s+(?:of|de)\s+)?"
    r"([^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)")
"""The thing a question asks which one of, or how much of ("Which book...", "How much rent
...", "¿Qué ruta...?", "¿Cuántos kilos...?"): the words right after the question word, up to
the first stop word ("did", "le")."""


def asked(text: str) -> tuple[str, ...]:
    """The words of the thing ``text`` asks which one of (``_ASKED``), as written."""
    out: list[str] = []
    for match in _ASKED.finditer(fold(text).lower()):
        for at, word in enumerate(match.group(1).split()):
            if not text_terms(word):
                break  # "which book did": the question's verb follows
            if at and out[-1].endswith("s") and not out[-1].endswith("ss"):
                break  # "What animals live with...", "¿Qué animales viven...?": a plural's verb
            out.append(word)
    return tuple(out)


_GONE_DOING = lazy_regex(
    r"\b(?:go|goes|going|went|gone)\s+([^\W\d_]{3,}ing)\b|"
    r"\b(?:ir|voy|vas|va|vamos|van|fue|fui|fuiste|fuimos|fueron|iba|iban|ido|ha\s+ido)"
    r"(?:\s+[^\W\d_]+){0,2}?\s+a\s+([^\W\d_]{2,}(?:ar|er|ir))\b")
"""An outing a question asks about: "go swimming", "went skiing", "¿fue el usuario a
nadar?"."""


def gone_doing(text: str) -> tuple[str, ...]:
    """The doings ``text`` asks whether or how often someone went out to do ("How many times
    did the user go swimming?" -> "swimming", "¿Cuántas veces fue a esquiar?" -> "esquiar"),
    folded: a thing of a kind (a sport) asked as much as "which sport" asks one."""
    return tuple(dict.fromkeys(m.group(1) or m.group(2)
                               for m in _GONE_DOING.finditer(fold(text).lower())))


_PLAYED = lazy_regex(
    r"\b(?:play|plays|played|playing|practi[cs]e|practi[cs]es|practi[cs]ed|practi[cs]ing)"
    r"\s+(?:the\s+)?([^\W\d_]{3,})\b|"
    r"\b(?:juega|juegas|jugaba|jugo|jugar|juego|juegan|jugado|practica|practicas|practicaba|"
    r"practico|practicar|practican|practicado)\s+(?:el\s+usuari[oa]\s+|usted\s+)?"
    r"(?:(?:a\s+la|al|a|el|la|los|las)\s+)?([^\W\d_]{3,})\b")
"""A game or an instrument a question asks is played or practised: "Does the user play golf?",
"How often does she practise the cello?", "¿Juega el usuario al pádel?", "¿Practica judo?"."""


def played(text: str) -> tuple[str, ...]:
    """The things ``text`` asks someone plays or practises ("Does the user play rugby?" ->
    "rugby", "¿Juega el usuario al golf?" -> "golf"), folded: a thing of a kind asked as much
    as "which sport" asks one; what is not a thing of a closed kind ("play with", "practica
    mucho") is the caller's to drop."""
    return tuple(dict.fromkeys(m.group(1) or m.group(2)
                               for m in _PLAYED.finditer(fold(text).lower())))


_DOING_ASKED = lazy_regex(
    r"\b(?i:do|does|did|will|would|can|could|should)\s+(?:(?i:the\s+user|i|you|we|he|she|"
    r"they)|[A-Z][\w'’-]+)\s+(?:(?i:still|usually|really)\s+)?([a-z]{2,})\b")
"""The verb of an English question after its auxiliary and subject ("What does the user drink
...", "Does Ana still smoke?")."""


def doings_asked(text: str) -> frozenset[str]:
    """The index terms of what ``text`` asks is done ("What does the user drink instead of
    tea?" -> drink; "¿Qué bebe ahora el usuario?" -> beb): the verb, never the thing."""
    words = [m.group(1) for m in _DOING_ASKED.finditer(text)] + sorted(question_verbs(text))
    return frozenset(stem(term) for word in words for term in text_terms(word))


_NAME_OWNS = lazy_regex(
    r"([A-ZÁÉÍÓÚÑ][\w-]*)['’]s\s+((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)")
_OWNED_BY_NAME = lazy_regex(
    r"\b(?:el|la|los|las)\s+((?:[^\W\d_][\w-]*\s+)?[^\W\d_][\w-]*)\s+(?:de|del)\s+"
    r"([A-ZÁÉÍÓÚÑ][\w-]*)")
"""A thing a name owns: "Rubén's new job", "el gimnasio de Marcos"."""


def owned_by_names(text: str) -> dict[str, tuple[str, ...]]:
    """Each name of ``text`` -> the words of the things it says the name has: the first
    word past the qualifiers ("Rubén's new job" -> "new", "job"), not the verb after it
    ("How long was Inés's cast supposed to stay on?" -> "cast")."""
    out: dict[str, list[str]] = {}
    pairs = [(m.group(1), m.group(2)) for m in _NAME_OWNS.finditer(text)]
    pairs += [(m.group(2), m.group(1)) for m in _OWNED_BY_NAME.finditer(text)]
    for name, run in pairs:
        words = out.setdefault(name, [])
        for word in run.split():
            if not text_terms(word):
                break
            words.append(word)
            if fold(word).lower() not in QUALIFIERS:
                break
    return {name: tuple(words) for name, words in out.items()}
