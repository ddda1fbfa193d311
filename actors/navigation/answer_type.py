"""What kind of words answer a question: an amount of money, a number, a time, a length.

"How much did the vet charge when Biscuit ate the sock?" is answered by the turn that says
"£180", two turns after the one holding the question's words; "How long should my speech be?"
by "Aim for 5-7 minutes". The question says what its answer looks like, and a memory holding
such words is more likely the answer than one that only repeats the question's topic. English
and Spanish; a question of any other kind expects nothing in particular (None).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from actors import regions
from actors.dates import LEADING_DATE, MONTHS, WEEKDAYS
from actors.facts.common_words import is_common_word
from actors.facts.speakers import past_label
from actors.lazy_re import Regex, lazy_regex
from actors.navigation.bilingual import english_of
from actors.navigation.query import RELATION_WORDS
from actors.navigation.stem import stem
from actors.navigation.values import values
from actors.text import fold

_NUMBER = r"\d+(?:[.,]\d+)?"
_CURRENCY = r"(?:eur|euros?|pounds?|libras?|dollars?|dolares|bucks|quid|grand|pesos?)\b"
_NUMBER_WORD = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|thousand|million|couple|few|un|una|dos|tres|cuatro|cinco|"
    r"seis|siete|ocho|nueve|diez|once|doce|quince|veinte|veinti\w+|treinta|cuarenta|"
    r"cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cientos|quinientos|mil|"
    r"millon|millones)")
_MONEY = lazy_regex(
    rf"[£$€¥]\s?{_NUMBER}|{_NUMBER}\s?(?:[£$€¥]|k\b|{_CURRENCY})|"
    rf"\b{_NUMBER_WORD}(?:[\s-]+(?:and\s+|y\s+|de\s+)?{_NUMBER_WORD})*\s+{_CURRENCY}",
    re.IGNORECASE)
"""A sum: "£180", "1,050 euros", and in words ("Twenty-one thousand dollars", "a hundred
bucks", "veinte mil pesos"): a chat tells a price as it is said."""
_MONEY_WORD = lazy_regex(rf"[£$€¥]|{_CURRENCY}", re.IGNORECASE)


def is_money_word(word: str) -> bool:
    """Whether ``word`` names money ("libras", "€", "dollars"): what a bare number counts."""
    return bool(_MONEY_WORD.fullmatch(fold(word).strip()))


def sums(text: str) -> frozenset[str]:
    """The sums of money ``text`` states, each in one form (``values.values``): "£3,200" and
    "3.200 libras" are one sum, whichever the currency (a unit is not compared)."""
    return frozenset(form for m in _MONEY.finditer(fold(text)) for form in values(m.group()))
_DURATION = lazy_regex(
    rf"\b(?:{_NUMBER}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|half|un|una|dos|"
    r"tres|cuatro|cinco|seis|siete|ocho|nueve|diez|media)(?:\s*(?:-|to|a|or|o)\s*\d+)?[\s-]*"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|segundos?|"
    r"minutos?|horas?|dias?|semanas?|meses|mes|anos?)\b", re.IGNORECASE)
_DISTANCE = lazy_regex(rf"\b{_NUMBER}\s*(?:km|kilometres?|kilometers?|kilometros?|miles?|"
                       r"millas?|m|metres?|meters?|metros?)\b", re.IGNORECASE)
_LENGTH = lazy_regex(
    rf"\b(?:{_NUMBER}|{_NUMBER_WORD})[\s-]*(?:feet|foot|ft|inches|inch|yards?|cm|mm|"
    r"centimet(?:re|er)s?|millimet(?:re|er)s?|km|kilomet(?:re|er)s?|miles?|m|metres?|meters?|"
    r"pies|pie|pulgadas?|centimetros?|milimetros?|kilometros?|millas?|metros?)\b",
    re.IGNORECASE)
"""A length: "16 feet long", "4.2 m", "dos metros", "six-foot" (a length asked "how long is the
canoe?", "how tall is he?", "¿cuánto mide?")."""
_SIZE = lazy_regex(
    rf"{_LENGTH.pattern}|\b(?:{_NUMBER}|{_NUMBER_WORD})[\s-]*(?:(?:square|sq\.?)\s*"
    r"(?:metres?|meters?|feet|foot|ft|yards?|miles?|km|kilomet(?:re|er)s?)|m2|m²|acres?|"
    r"hectares?|hectareas?|metros?\s+cuadrados|kg|kilos?|kilograms?|kilogramos?|tons?|"
    r"tonnes?|toneladas?|litres?|liters?|litros?)(?!\w)", re.IGNORECASE)
"""A size: a length, an area ("125 square metres", "2 acres"), a weight ("23 kilos"), a
volume ("40 litres"): what "how big?" is answered with."""
_DURATION_OR_LENGTH = lazy_regex(f"{_DURATION.pattern}|{_LENGTH.pattern}", re.IGNORECASE)
""""How long" asks a length of time ("How long was the downtime?") or of a thing ("How long
is Henrik's canoe?": "16 feet long"): the question's "long" is its kind of answer, and a turn
holding the word in another sense ("I'm half asleep, long day.") holds neither."""
_CLOCK = lazy_regex(r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b", re.IGNORECASE)
_COUNT = lazy_regex(rf"\b(?:{_NUMBER}|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                    r"twelve|dozen|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|"
                    r"doce)\b", re.IGNORECASE)

_CODE = lazy_regex(rf"\b[a-z]{{0,12}}-?\d+[a-z0-9/-]*\b|{_COUNT.pattern}", re.IGNORECASE)
"""A number as something is called by it: "Plot 14B", "room 412", "BA2490", "seat 23A"."""

_ASKS = (
    (lazy_regex(r"\bhow\s+much\b.*\b(?:cost|costs|pay|paid|charge|charged|spend|spent|price|"
                r"get|got|sell|sold|receive|received|offer|offered|raise|save|saved|"
                r"worth|rent|fee|fees|earn|make|salary|budget)\b|\bwhat\s+(?:did|does|do|was|"
                r"is)\b.*\b(?:cost|price|charge|fee)\b|\bhow\s+much\s+(?:money|did\s+\w+\s+"
                r"(?:cost|pay))\b|\bhow\s+much\s+(?:was|is|were|are)\s+(?:it|that|this|they|those|"
                r"these)\s*\?|\bhow\s+much\s+(?:was|is|were|are)\s+(?:the\s+(?!user\b)|a\s|an\s|"
                r"my\s|his\s|her\s|their\s|[\w-]+['’]s\s)|\bcuanto\s+(?:fue|era|es)\s*\?|\bcuanto\s+(?:dinero\s+)?(?:(?:le|les|me|te|nos|se)\s+)?"
                r"(?:cost|pag|cobr|gast|vale|val|"
                r"cuesta|gan)"), _MONEY),
    (lazy_regex(r"\bhow\s+(?:tall|wide|deep)\b|\bcuanto\s+mide|\bque\s+tan\s+(?:largo|"
                r"larga|alto|alta|ancho|ancha)\b|\bde\s+que\s+(?:largo|tamano|altura)\b"),
     _LENGTH),
    (lazy_regex(r"\bhow\s+(?:big|large|heavy)\b|\bwhat\s+size\b|\b(?:que\s+tan|como\s+de)\s+"
                r"(?:grande|pesad[oa])\b|\bde\s+que\s+tamano\b|\bcuanto\s+pesa"), _SIZE),
    (lazy_regex(r"\bhow\s+long\b|\bcuanto\s+(?:tiempo|duro|dura|tard)|\bcuantos?\s+"
                r"(?:minutos|horas|dias|semanas|meses|anos)\b"), _DURATION_OR_LENGTH),
    (lazy_regex(r"\bhow\s+far\b|\bwhat\s+distance\b|\bcuantos\s+(?:kilometros|km|metros)\b|"
                r"\bque\s+distancia\b|\ba\s+que\s+distancia\b"), _DISTANCE),
    (lazy_regex(r"\bwhat\s+time\b|\bat\s+what\s+time\b|\ba\s+que\s+hora\b|\bque\s+hora\b"),
     _CLOCK),
    (lazy_regex(r"\bhow\s+many\b|\bcuantos\b|\bcuantas\b"), _COUNT),
    (lazy_regex(r"\bnumbers?\b|\bnumeros?\b"), _CODE),
)
"""A question's wording -> the words that answer it, the first wording that matches deciding."""


def expected(question: str) -> Regex | None:
    """The pattern of the words that answer ``question``, or None when it expects nothing in
    particular (who, what, where, why questions)."""
    folded = fold(question)
    for asks, answer in _ASKS:
        if asks.search(folded):
            return answer
    return None


_DAY_NAMES = "|".join(day for day in WEEKDAYS if len(day) > 4)  # not "sat", "sun", "mar"
_SCHEDULE = lazy_regex(
    rf"\b(?:{_DAY_NAMES})s?\b|{_CLOCK.pattern}|\b(?:weekends?|weekdays|fines\s+de\s+semana|"
    r"entre\s+semana|daily|every\s+day|a\s+diario|todos\s+los\s+dias)\b",
    re.IGNORECASE)
"""The words telling when something recurs: a day of the week, a time of day, "weekends"."""


def tells_a_schedule(text: str) -> bool:
    """Whether ``text`` (past its leading date) tells a day of the week or a time of day."""
    return holds(_SCHEDULE, text)


def tells_a_value(text: str) -> bool:
    """Whether ``text`` (past its leading date and a turn's header) tells a number, a day of
    the week or a time: what a setting or a schedule is set to ("0 2 * * *", "12 seconds")."""
    said = _HEADERS.sub(" ", LEADING_DATE.sub("", text))
    return any(c.isdigit() for c in said) or holds(_SCHEDULE, said)


VALUES: dict[Regex, str] = {_MONEY: "a sum of money"}
"""The kinds of answer no memory tells without a number, as a reply names them. A time of
day, a length of time, a distance and a count are often told in words ("early mornings", "a
couple of years", "a short walk", "my sister and my brother"), so they are not among them
(``test_advice_for_a_new_plan...``: "What time of day..." answered by "early mornings")."""


_HEADERS = lazy_regex(r"\[[^\]\n]*\d[^\]\n]*\]|\b\d{4}-\d{2}-\d{2}\b")
"""A turn's day and time ("[2025-12-10]", "[7:12 pm on 14 May, 2025]", "2025-09-14"): no
value a question asks for."""


def value_asked(question: str) -> str | None:
    """The kind of value ``question`` asks for, as ``VALUES`` names it ("How much does Lola
    charge?" -> "a sum of money"), or None."""
    answer = expected(question)
    return VALUES.get(answer) if answer is not None else None


def holds_value(question: str, text: str) -> bool:
    """Whether ``text`` may tell the value ``question`` asks for: words of its kind, or any
    number ("The rent is 1,050 a month", "around eight"): a sum or a time is often written
    without its unit. True when the question asks for no value."""
    answer = expected(question)
    said = _HEADERS.sub(" ", text)  # the turns shown after a memory follow it with theirs
    return answer is None or answer not in VALUES or holds(answer, said) \
        or holds(_COUNT, _MEASURES.sub(" ", fold(said)))


_MEASURES = lazy_regex("|".join((
    _DURATION.pattern, _CLOCK.pattern,
    rf"\b{_NUMBER}\s*(?:(?:square|sq|cubic|metros?\s+cuadrados)\s*)?(?:km|kilometres?|"
    r"kilometers?|kilometros?|miles?|millas?|m2|m|metres?|meters?|metros?|kg|kilos?|"
    r"kilograms?|kilogramos?|grams?|gramos?|g|kwh|kw|mb|gb|degrees?|grados?|%|per\s*cent|"
    r"por\s+ciento|cuadrados)\b")), re.IGNORECASE)
"""A number that measures something else, no sum without its unit: "three years on that
list", "about 125 square metres", "40 kWh", "31 degrees", "6 pm"."""


def holds(answer: Regex, text: str) -> bool:
    """Whether ``text`` (past its leading date) holds words of the expected kind."""
    return bool(answer.search(fold(LEADING_DATE.sub("", text))))


BESIDE_WORDS = 3
"""Words on either side of the kind's words in which a word of the question tells what they
measure ("Train it in 5-minute sessions" for "how long should each session be?")."""


def holds_beside(answer: Regex, text: str, words: Collection[str]) -> bool:
    """Whether ``text`` holds words of the expected kind with a word of the question (stems,
    ``words``) at most ``BESIDE_WORDS`` words away: "5-minute sessions" answers "How long
    should each training session be?", "se adapta en unas tres semanas" does not, though both
    tell a length of time."""
    said = fold(LEADING_DATE.sub("", text))
    for found in answer.finditer(said):
        before = re.findall(r"[^\W_]+", said[:found.start()])[-BESIDE_WORDS:]
        after = re.findall(r"[^\W_]+", said[found.end():])[:BESIDE_WORDS]
        if any(stem(word) in words for word in (*before, *after)):
            return True
    return False


_ASKS_NAME = lazy_regex(
    r"\bnames?\b|\bwhat(?:\s+(?:is|was|are|were)\b|['’]s\b).*\bcalled\b|"
    r"\bwhat\s+(?:did|do|does|should|shall|will)\s+\w+\s+call\b(?!.*\b(?:about|for|to|when|"
    r"because|after|before)\b)|\bcomo\s+(?:se|le|la|lo|les|los|las)\s+llam|"
    r"\bnombres?\b|\bapellidos?\b")
"""A question asking for what someone or something is called: "What is my mother's first
name?", "What did we call the dog?", "¿Cómo se llama mi fisio?" ("Did I call the plumber?"
asks no name)."""
_QUALIFIER = lazy_regex(r"\b(?:first|full|last|given|middle|maiden|christian)\s+(?=names?\b)|"
                        r"\bcall(?:ed)?\b|"
                        r"(?<=\b(?:se|le) )llam(?:a|an|aba|aban|o|ó|aron)\b|"
                        r"(?<=\bles )llam(?:a|an|aba|aban|o|ó|aron)\b|"
                        r"(?<=\bc[oó]mo (?:la|lo) )llam(?:a|an|aba|aban|o|ó|aron)\b|"
                        r"(?<=\bc[oó]mo (?:las|los) )llam(?:a|an|aba|aban|o|ó|aron)\b",
                        re.IGNORECASE)
"""The words of a name question that qualify the name asked (first, full, "called", "se
llama"): "llama" after "la" or "lo" only as "cómo la llaman", for "la llama de Ana" is the
animal."""
NAME_WORDS = frozenset({
    "name", "names", "named", "called", "call", "first", "full", "last", "surname",
    "nickname", "nombre", "nombres", "llama", "llamaba", "llaman", "llamo", "llamado",
    "llamada", "apellido"})
"""The words of a name question that say "name" rather than whose it is."""
_LINKING = frozenset({
    "is", "was", "s", "called", "named", "name", "whose", "the", "my", "our", "his", "her",
    "their", "se", "llama", "llamaba", "llamado", "llamada", "de", "es", "era", "mi", "mis",
    "su", "sus", "nuestro", "nuestra", "el", "la"})
"""Words between a thing and its name that keep them one phrase: "my mum Els", "a teacher
called Ilse", "the recruiter, Femke", "Els, my mum", "mi madre se llama Carmen"."""
_WORD = lazy_regex(r"[^\W\d_][\w'’-]*|[.!?;:,]")
"""A word (with its apostrophes and hyphens) or a punctuation mark that parts phrases."""
_NAME_REACH = 3
"""How many linking words may stand between a thing and its name."""


_ASKS_PLACE = lazy_regex(
    r"\bwhere\b|\b(?:what|which)\s+(?:neighbou?rhoods?|city|cities|towns?|countr(?:y|ies)|"
    r"streets?|areas?|suburbs?|states?)\b|\bdonde\b|\b(?:que|cual|cuales)\s+(?:barrios?|"
    r"ciudad(?:es)?|pueblos?|pais(?:es)?|calles?|zonas?)\b")
"""A question asking where: "Where does Sam live?", "What neighborhood do I live in?",
"¿En qué barrio vivo?"."""


_ASKS_WHAT_IT_IS = lazy_regex(
    r"^\W*what\s+(?:is|was|are|were)\s+(?:the|that|those|these|this)\b|"
    r"^\W*(?:que|cual|cuales)\s+(?:es|era|eran|son|fue|fueron)\s+(?:el|la|los|las|eso|esto)\b")
"""A question asking what a thing shown or said was ("What were the pastries in the
photo?", "¿Qué era el plato que trajo?")."""
_CHAT_ASKS_WHAT_IT_IS = lazy_regex(
    r"(?:^|[.!?¡¿:]\s*)(?:\w+\W+)?what(?:['’]s|\s+(?:is|are|was|were))\s+"
    r"(?:that|those|these|this|it|they)\W*$|"
    r"(?:^|[.!?¡¿:]\s*)(?:y\s+)?que\s+(?:es|son|era|eran)(?:\s+(?:eso|esto))?\W*$")
"""A chat's short question asking what the thing just shown or said is ("what are those?",
"¿qué es eso?")."""


def asks_what_it_is(question: str) -> bool:
    """Whether ``question`` asks what a thing was (``_ASKS_WHAT_IT_IS``), not its name."""
    return bool(_ASKS_WHAT_IT_IS.search(fold(question))) and not asks_name(question)


def asks_place(question: str) -> bool:
    """Whether ``question`` asks where (a place is answered by its name: "Nob Hill",
    "Monterrey")."""
    return bool(_ASKS_PLACE.search(fold(question)))


_PLACE_WORDS = frozenset("in at to from near into around en desde hacia".split())
"""Words a place's name follows: "lives in Monterrey", "moving to Albuquerque", "está en Nob
Hill", "32 km around Caldey Island" (not "a", an English article too: "drives a Toyota")."""


_NAME_JOINS = frozenset("of de del la las los y".split())
"""Small words inside one name: "Bank of England", "Plaza del Pilar", "Casco de la Villa"."""


def tells_a_place(text: str) -> bool:
    """Whether ``text`` (past its leading date and a chat turn's label) names a place: a name
    (``_is_name``: not a month or a weekday) right after "in", "to", "en", "a"... ("the"
    between)."""
    return any(placed for _, placed in _names_placed(text))


def things_by_name(text: str) -> tuple[str, ...]:
    """The names ``text`` (past its leading date and a chat turn's label) holds that are no
    place (``tells_a_place``'s), folded: a thing said by its make or its own name ("Sold the
    old Toyota Yaris for £3,900" -> "toyota", "yaris"; not "£8,900 from a dealer in
    Chesterfield")."""
    return tuple(fold(bare(name)) for name, placed in _names_placed(text) if not placed)


def _names_placed(text: str) -> list[tuple[str, bool]]:
    """Each name of ``text`` (past its leading date and label), and whether it stands right
    after a word a place's name follows ("the" between)."""
    words = _WORD.findall(past_label(LEADING_DATE.sub("", text)))
    found: list[tuple[str, bool]] = []
    for at in range(len(words)):
        if not _is_name(words, at):
            continue
        if found and (words[at - 1] == found[-1][0] or at > 1 and words[
                at - 2] == found[-1][0] and fold(words[at - 1]) in _NAME_JOINS):
            # a name's next word ("Caldey Island", "Plaza del Pilar") stands where its
            # first one does
            found.append((words[at], found[-1][1]))
            continue
        before = fold(words[at - 1]) if at else ""
        if before in ("the", "la", "el") and at > 1:
            before = fold(words[at - 2])
        found.append((words[at], before in _PLACE_WORDS))
    return found


def asks_name(question: str) -> bool:
    """Whether ``question`` asks what someone or something is called."""
    return bool(_ASKS_NAME.search(fold(question)))


def unqualified(question: str) -> str:
    """A name question without the word saying which name ("What is my mother's first
    name?" -> "What is my mother's name?"), nor the verb asking it ("What's my mum called?",
    "¿Cómo se llama mi gata?"): no memory says "first name" of what it names, "first"
    matched every "first lesson", and "called" matched "I need to call my mother" (a memory
    naming with "called" is found by the name beside it: ``names_by``). Left in, the Spanish
    verb was a second word of the question held by no memory that names the thing in
    English ("My cat Pimienta"), so that memory held half the question and was judged by
    its meaning alone."""
    return _QUALIFIER.sub("", question)


_NOT_POSSESSIVE = frozenset({"it's", "that's", "what's", "he's", "she's", "there's", "here's",
                             "let's", "who's", "where's", "how's", "one's"})


def someone_elses(words: Sequence[str], at: int,
                  ours: Callable[[str], bool] = lambda word: False) -> bool:
    """Whether the word at ``at`` is said as someone else's: "the neighbour's cat", "Sam's
    brother", "my friend's old dog" ("my dog", "our dog", "She's a Border Collie" are the
    speaker's; "her dog" may be the user's mother's, so a pronoun decides nothing). A
    possessor ``ours`` accepts (a word of the question: "my mother's chemist" and "Mum's
    pharmacy") is no one else."""
    for back in (1, 2):
        if at - back < 0:
            return False
        word = fold(words[at - back]).replace("’", "'")
        if word.endswith("'s") and word not in _NOT_POSSESSIVE:
            return not ours(words[at - back][:-2])
        if not word.isalpha() or word in ("my", "our", "mi", "mis", "nuestro", "nuestra"):
            return False
    return False


_FIRST_PERSON = frozenset(
    "i i'm i've i'd i'll im ive me we we're we've us yo me nos nosotros nosotras".split())
"""Words that put the speaker in a sentence ("my" is read apart: "my colleague's kid" is
someone else)."""
OTHER_PEOPLE = frozenset(
    """colleague colleagues coworker coworkers friend friends neighbour neighbours neighbor
    neighbors classmate classmates flatmate flatmates roommate roommates housemate housemates
    cousin cousins uncle aunt nephew niece
    sister brother mum mom mother dad father kid kids son daughter boss manager client
    customer teacher student students
    companero companera amigo amiga amigos amigas vecino vecina vecinos primo prima tio tia
    sobrino sobrina hermano hermana madre padre hijo hija jefe jefa cliente""".split())
"""Who a sentence may be about instead of the speaker, named after a determiner ("my
colleague", "a friend", "the neighbours")."""
_DETERMINERS = frozenset("my our his their a an the mi mis su sus un una el la los las".split())
_PRONOUNS = frozenset("he she they his their ella ellos ellas".split())
"""Someone else as the sentence's subject or possessor ("She got a puppy", "his dog")."""
_PRONOUN_OPENS = frozenset("and but if that when because y pero si que cuando porque".split())
"""Words a clause opens with before its subject: "... asking the landlord if she can get a
dog" is hers, as "She got a puppy" is."""


def someone_else_first(text: str) -> bool:
    """Whether ``text`` (the start of a sentence up to its verb, or a question) puts someone
    else as its subject and not the speaker: "my colleague", "mi hermano", "Sam's", "she"
    ("my sister and I" and "me he pasado" are the speaker's)."""
    words = re.findall(r"[\w']+", fold(text).replace("’", "'"))
    if any(word in _FIRST_PERSON for word in words):
        return False
    return any(word.endswith("'s") and word not in _NOT_POSSESSIVE or word in _PRONOUNS
               or word in OTHER_PEOPLE and i > 0 and words[i - 1] in _DETERMINERS
               for i, word in enumerate(words))


def _sentence_start(words: Sequence[str], at: int) -> int:
    """Where the sentence holding the word at ``at`` starts (after the last ".", "!", "?" or
    ";" before it)."""
    start = at
    while start > 0 and words[start - 1] not in ".!?;":
        start -= 1
    return start


def whose(words: Sequence[str], at: int, *, speaker_unsaid: bool = True) -> str | None:
    """Whom the sentence holding the word at ``at`` tells it of: "speaker" ("my hamster",
    "We adopted a dog", "My sister gave me a hamster"), "other" ("My colleague's kid got a
    hamster", "The dog Brutus next door escaped", "her dog"), or, in a sentence naming
    nobody ("Adopted a hamster today!"), the speaker when ``speaker_unsaid`` (the user's own
    turn or note) and nobody otherwise (an assistant's advice: "Introduce a dog slowly"; a
    question: "What does a hamster need?")."""
    start = _sentence_start(words, at)
    end = at
    while end < len(words) and words[end] not in ".!?;":
        end += 1
    sentence = [fold(bare(word)).replace("’", "'") for word in words[start:end]]
    own = at - start
    if _owned_after(words, at, end):
        return "other"  # "The hamster Pip from my colleague's classroom is staying with us"
    asked = end < len(words) and words[end] == "?"
    if asked and any(word in _INDEFINITE for word in sentence[max(0, own - 3):own]) \
            and not any(word in _GOT | _HAVE for word in sentence[max(0, own - 5):own]):
        return None  # "How do I introduce a friend's dog to a small child?": any child
    if _a_kind_liked(sentence, own):
        return None  # "I'm allergic to cats", "Me encantan los perros": no one's cat
    if any(word in _FIRST_PERSON for word in sentence[:own]):
        return "speaker"
    if any(sentence[i] in _MY or not speaker_unsaid and sentence[i] in _YOUR
           for i in (own - 1, own - 2) if 0 <= i < own):
        return "speaker"  # "my hamster", "my old car", "my mum"; the assistant's "your dog"
    for i, word in enumerate(sentence):
        if word == "door" and i > 0 and sentence[i - 1] == "next":
            return "other"  # "the dog Brutus next door"
        if i >= own:
            continue  # who has the thing is said before it ("first niece or nephew" is none)
        said = fold(words[start + i]).replace("’", "'")
        if said.endswith("'s") and said not in _NOT_POSSESSIVE \
                or word in _PRONOUNS and (i == 0 or sentence[i - 1] in _PRONOUN_OPENS) \
                or word in OTHER_PEOPLE and i > 0 and sentence[i - 1] in _DETERMINERS \
                or word in OTHER_PEOPLE and (i == 0 or sentence[i - 1] == ":") \
                and sentence[i + 1:i + 2] in (["de"], ["of"]):
            # someone else named before the thing owns it, whoever the sentence names
            # (a relative opening it without its article too: "Hermana de Ana tiene un gato")
            # after it ("A colleague adopted a cat from the rescue we've been looking at")
            return "other"
    if any(word in _FIRST_PERSON for word in sentence[own:]):
        return "speaker"  # "the cat we adopted", "un perro que tenemos"
    return "speaker" if speaker_unsaid and not asked else None  # "What does a hamster need?"


_LIKING = frozenset(
    """love loves like likes hate hates adore adores allergic allergy afraid scared fond
    terrified encanta encantan gusta gustan odio odia adoro alergico alergica alergia miedo"""
    .split())
"""Words a kind liked, hated or feared in general follows ("allergic to cats", "me encantan
los perros"): the kind, not a thing anyone has."""
_TO_A_KIND = frozenset("to of a los las".split())


def _a_kind_liked(sentence: Sequence[str], own: int) -> bool:
    """Whether the word at ``own`` of ``sentence`` (folded) is a kind in the plural after a
    word of liking, hating, fearing or an allergy ("allergic to cats", "alérgica a los
    gatos", "I love dogs"): said of the kind, of no one's thing."""
    if not sentence[own].endswith("s"):
        return False
    at = own - 1
    while at >= 0 and sentence[at] in _TO_A_KIND:
        at -= 1
    return at >= 0 and sentence[at] in _LIKING


_HAVE = frozenset("have has had i've we've ive tengo tenemos tiene tuve".split())
"""Having a thing, said in a question's sentence ("I have a daughter, how do I...?")."""
_INDEFINITE = frozenset("a an un una some any".split())
"""A thing a question introduces so is any such thing, no one's ("Should I get a dog?")."""
_FROM = frozenset("from of belonging de del".split())
"""Words after a thing that say where or whose it is ("the hamster from my colleague's
classroom", "el perro del vecino")."""
_GOT = frozenset("""got get gets getting bought buy adopted adopt took take rescued received
    inherited borrowed compre compramos adopte adoptamos recibi herede""".split())
"""Verbs by which a thing from someone else becomes the speaker's."""
_AFTER_THING = 3
"""Words read after a thing (its name between: "The hamster Pip from ...") for its owner."""


def _owned_after(words: Sequence[str], at: int, end: int) -> bool:
    """The thing at ``at`` is said, right after it, to be someone else's: "next door" ("the
    dog Brutus next door"), or "from" / "of" / "de" before another's possessive or a person
    named by a determiner ("from my colleague's classroom", "of a friend", "del vecino").
    Read before the sentence's first person: "The hamster Pip from my colleague's classroom
    is staying with us" tells of the colleague's hamster, the speaker only hosting it."""
    before = [fold(word) for word in words[max(0, at - 3):at]]
    if any(word in _GOT for word in before) or any(word in _MY for word in before[-2:]):
        return False  # "We got the hamster from a friend's litter", "my dog from ...": ours
    if name_after(words, at):
        return True  # "El gato de Marta es gris"
    after = [fold(word).replace("’", "'") for word in words[at + 1:min(end, at + 1 + _AFTER_THING
                                                                         + 3)]]
    for i, word in enumerate(after[:_AFTER_THING + 1]):
        if word == "next" and after[i + 1:i + 2] == ["door"]:
            return True
        if word not in _FROM:
            continue
        owner = after[i + 1:i + 3]
        if word == "del":  # "del vecino": the determiner is in the preposition
            owner = [word, *owner]
        for k, said in enumerate(owner):
            if said.endswith("'s") and said not in _NOT_POSSESSIVE:
                return True
            if bare(said) in OTHER_PEOPLE and k > 0 and owner[k - 1] in _DETERMINERS | {"del"} \
                    and word != "from":  # "a gift from a friend" may be the speaker's now
                return True
        return False
    return False


_MY = frozenset("my our mi mis nuestro nuestra nuestros nuestras".split())
_YOUR = frozenset("your tu tus".split())


def names_by(text: str, said_of: Callable[[str], bool]) -> bool:
    """Whether ``text`` names the thing a name question asks about: a word ``said_of`` (a
    form of the question's own words) with a name beside it, only linking words between
    ("My mum Els had a fall", "a cello teacher called Ilse de Wit", "Femke, the recruiter").
    A name is as ``_is_name`` reads one."""
    return bool(names_given(text, said_of, first=True))


def names_given(text: str, said_of: Callable[[str], bool], *,
                first: bool = False) -> frozenset[str]:
    """The names ``text`` gives the thing a name question asks about (folded, as
    ``names_by`` finds them): "My sister Carolina lives in Monterrey" and "Mi hermana
    Carolina adoptó un loro" both give {"carolina"} for "What is my sister's name?", one
    answer told twice. ``first``: stop at the first name found."""
    words = _WORD.findall(LEADING_DATE.sub("", text))
    found: set[str] = set()
    for at, word in enumerate(words):
        if not word[0].isalpha() or not said_of(word) or someone_elses(words, at, said_of) \
                or in_a_name(words, at, ending_one=False):
            continue  # "our neighbour's dog is called Toffee" names no dog of the user's
        for step in (1, -1):
            near = at + step
            while 0 <= near < len(words) and abs(near - at) <= _NAME_REACH + 1:
                if _is_name(words, near):
                    found.add(fold(bare(words[near])))
                    if first:
                        return frozenset(found)
                    break
                if words[near] != "," and fold(bare(words[near])) not in _LINKING:
                    break
                near += step
    return frozenset(found)


def written_names(text: str) -> frozenset[str]:
    """The words ``text`` writes with a capital (folded, as ``names_given`` gives names),
    past its leading date and a chat turn's label, a sentence's first word too: a name
    another memory gave the asked thing ("mi gata Luna") is that name wherever a sentence
    puts it ("Luna se ha quedado con mis padres", "aceptan gatos; Luna vuelve")."""
    words = _WORD.findall(past_label(LEADING_DATE.sub("", text)))
    return frozenset(fold(bare(word)) for word in words if word[0].isupper())


def in_a_name(words: Sequence[str], at: int, *, ending_one: bool = True) -> bool:
    """The word at ``at`` is written as part of a proper name: capitalised inside a sentence,
    with a capitalised word after it and no possessive before it ("I hiked Dog Mountain with
    Biscuit": the mountain, no dog; "my Mum Els" is the mother), or, with ``ending_one``,
    after a capitalised word that is no sentence's first nor a possessive ("a structural
    engineer at Halcrow Partners in Leeds": a firm, no partner; "Yesterday Mum called" is the
    mother, "Tom's Dad" Tom's). Not ``ending_one`` for a thing's name given beside it: "a
    Border Collie called Nube" is a dog named, whatever the breed's capitals."""
    if at == 0 or words[at - 1] in ".!?;:" or not words[at][0].isupper():
        return False
    if at + 1 < len(words) and words[at + 1][:1].isupper() \
            and fold(words[at - 1]) not in _MY:
        return True
    if not ending_one:
        return False
    before = words[at - 1]
    return at > 1 and words[at - 2] not in ".!?;:" and before[:1].isupper() \
        and fold(before) not in _MY and not before.endswith(("'s", "’s"))


def tells_a_name(text: str) -> bool:
    """Whether ``text`` (past its leading date and a chat turn's label: the speaker's name is no
    name the turn gives) holds a name: a capitalised word inside a sentence, or opening one
    before a comma (``_is_name``)."""
    words = _WORD.findall(past_label(LEADING_DATE.sub("", text)))
    return any(_is_name(words, at) for at in range(len(words)))


def asks_alike(question: str, asked: str) -> bool:
    """Whether ``asked`` (a turn of a chat) asks for the kind of answer ``question`` asks for:
    both a name ("What is the name of Maya's dog?" / "¿Cómo se llama?"), or both the same
    kind of words (a sum: "How much did she pay?" / "¿Cuánto te costó?"; a length, a count,
    a distance, a time of day)."""
    asking = (last_asked(asked) or [""])[-1]
    kind = expected(question)
    if kind is not None:
        return expected(asking) is kind
    if asks_place(question):  # "Where did he pitch his tent?" / "where is that??"
        return asks_place(asking) and not asks_name(question)
    if asks_what_it_is(question):  # "What were the pastries in the photo?" / "what are
        return bool(_CHAT_ASKS_WHAT_IT_IS.search(fold(asked)))  # those?"
    return asks_name(question) and asks_name(asking)


_LAST_ASKED = lazy_regex(r"[^.!?¡¿]*\?+")
"""A sentence ending in a question mark: what a turn asks is its last one ("¡Qué bonito
nombre! ¿Qué significa?" asks no name)."""


def last_asked(text: str) -> list[str]:
    """The sentences of ``text`` ending in a question mark, in order: what a turn asks is the
    last one."""
    return list(_LAST_ASKED.findall(text))


def answers_alike(question: str, text: str) -> bool:
    """Whether ``text`` holds the kind of answer ``question`` asks for (``asks_alike``)."""
    kind = expected(question)
    if kind is not None:
        return holds(kind, _HEADERS.sub(" ", text))
    if asks_place(question):  # "Llyn Gwynant, below Snowdon": a place is said by its name,
        return bool(_names_placed(text))  # often with no "in" before it in a reply
    if asks_what_it_is(question):  # the reply to "what are those?" says what they are
        return True
    return asks_name(question) and tells_a_name(text)


def bare(word: str) -> str:
    """``word`` without a possessive ending ("Els's", "mum’s")."""
    return word[:-2] if word.endswith(("'s", "’s")) else word


def said_at(text: str, terms: Collection[str]) -> tuple[list[str], list[int]]:
    """``text``'s words and punctuation (as ``names_by`` reads them), and where a word of
    ``terms`` (stemmed, its possessive off) stands among them."""
    words = _WORD.findall(text)
    return words, [at for at, word in enumerate(words) if stem(fold(bare(word))) in terms]


def _is_name(words: list[str], at: int) -> bool:
    """A capitalised word inside a sentence names someone or something, unless it is a day or
    a month; one opening a sentence only when no common word and a comma follows ("Els, my
    mum, ...": "Mum finally agreed" names nobody)."""
    word = bare(words[at])
    if len(word) < 2 or not word[0].isupper() or word.isupper() \
            or fold(word) in MONTHS or fold(word) in WEEKDAYS:
        return False
    if at == 0 or words[at - 1] in ".!?;:":
        return at + 1 < len(words) and words[at + 1] == "," and not is_common_word(word)
    return True


def owner_named(words: Sequence[str], at: int) -> str:
    """The name of whoever a sentence tells has the word at ``at`` ("Mi hermana Carolina
    acaba de adoptar un loro" -> "Carolina"; "Joaquín and I ... He drives a Toyota" ->
    "Joaquín"; "I've been seeing someone, Renata. She's a ceramicist" -> "Renata"): the last
    name before it in its sentence, else the first name said inside a sentence before it, else
    the first one opening a sentence (not "The", "I've", nor a common word), else "" (nobody
    named). A name right after the thing, in Spanish order, is its owner first ("El gato de
    Marta es gris": ``name_after``)."""
    after = name_after(words, at)
    if after:
        return after
    start = _sentence_start(words, at)
    for near in range(at - 1, start - 1, -1):
        if _is_name(list(words), near) and near != start and not _a_place_named(words, near):
            return bare(words[near])
    named = [bare(words[near]) for near in range(at) if _is_name(list(words), near)
             and not _a_place_named(words, near)]
    opening = [word for word in (bare(words[near]) for near in range(at)
                                 if near == 0 or words[near - 1] in ".!?;:")
               if word[:1].isupper() and not word.isupper() and len(word) > 1
               and not is_common_word(word)
               and fold(word).lower().replace("’", "'").split("'")[0] not in _NOT_OWNERS
               and fold(word).lower() not in _DETERMINERS  # "Un compañero de Tidepool"
               and fold(word).lower() not in OTHER_PEOPLE]  # "Hermana de Ana", "Sister of"
    return (named or opening or [""])[0]


def name_after(words: Sequence[str], at: int) -> str:
    """The name of whom the thing at ``at`` is said of right after it, in Spanish order: "El
    gato de Marta es gris" -> "Marta", "la hermana de Ana" -> "Ana"; else "". Not a place's
    name ("el piso de Madrid"), a feast's ("la cena de Navidad"), a common word ("el pedido
    de Amazon"), nor where a colleague or a friend is from ("un compañero de Tidepool").
    English "the cat of Marta" is rare, and not read."""
    if at == 0 or at + 2 >= len(words) or fold(words[at + 1]).lower() != "de" \
            or fold(words[at - 1]).lower() not in _ARTICLES:
        return ""
    thing = fold(bare(words[at])).lower()
    name = bare(words[at + 2])
    if thing in OTHER_PEOPLE and thing not in RELATION_WORDS or not _is_name(list(words), at + 2) \
            or is_common_word(name) or fold(name).lower() in _NOT_OWNERS_AFTER \
            or fold(name).lower() in regions.place_names() or regions.is_region(name):
        return ""
    return name


_ARTICLES = frozenset("el la los las un una".split())
_NOT_OWNERS_AFTER = frozenset(
    "navidad navidades nochebuena nochevieja pascua reyes semana halloween carnaval christmas "
    "easter ano".split())
"""Feasts a Spanish "de" names after a thing ("la cena de Navidad", "el viaje de Semana
Santa"): when it is, not whose."""
_WHERE = frozenset("at in from en desde".split())
"""Words before a name that make it where someone is or works, not who they are ("A colleague
at Tidepool adopted a cat": the colleague's cat, not Tidepool's; "a friend from Lisbon")."""


def _a_place_named(words: Sequence[str], at: int) -> bool:
    """Whether the name at ``at`` follows a word of where (``_WHERE``), or "of" / "de" after a
    person's word ("un compañero de Tidepool", "a friend of Marta's"): a company's or a
    place's name, or whom the person is told by, which owns no pet nor thing of theirs."""
    before = fold(words[at - 1]).lower() if at > 0 else ""
    return before in _WHERE or before in ("of", "de", "del") and at > 1 \
        and fold(words[at - 2]).lower() in OTHER_PEOPLE


def owner_said(words: Sequence[str], at: int) -> str:
    """Whoever a sentence tells has the word at ``at``, as it says them: their name
    (``owner_named``), else someone else named by a determiner before it ("A colleague at
    Tidepool adopted a cat" -> "a colleague", "My colleague's kid got a hamster" -> "the
    user's colleague's kid"), else "" (nobody said; several people, "my flatmates' cat", are said
    by no one word)."""
    name = owner_named(words, at)
    if name:
        return name
    start = _sentence_start(words, at)
    for near in range(at - 1, start - 1, -1):  # the nearest person before the thing
        person = bare(words[near])  # "the neighbour's cat"
        if fold(person).lower() in OTHER_PEOPLE and _one(person):
            whose_said = _relatives_name(words, near)  # "la hermana de Ana" -> "Ana's sister"
            return f"{whose_said}'s {english_of(person.lower())}" if whose_said and near < at - 2 \
                else _person_said([*words[:near], person], near, start) if near > start else ""
    return ""


def _relatives_name(words: Sequence[str], at: int) -> str:
    """The name of whom the relative at ``at`` is said of right after it ("la hermana de
    Ana", "el jefe de Marta", "the sister of Ana"), else "". A colleague's or a friend's "de" is
    where they work or whom they are told by ("un compañero de Tidepool"): no relative."""
    if at + 2 >= len(words) or fold(words[at + 1]).lower() not in ("de", "of") \
            or fold(bare(words[at])).lower() not in RELATION_WORDS:
        return ""
    return bare(words[at + 2]) if _is_name(list(words), at + 2) else ""


def _person_said(words: Sequence[str], at: int, start: int) -> str:
    """The person word at ``at`` with its determiner, as a reply names an owner: "a
    colleague", "the neighbour", "the user's colleague's kid" ("my colleague's kid"); ""
    when said otherwise."""
    said = english_of(words[at])  # "la hermana": the reply is English ("the sister")
    before = fold(words[at - 1]).lower().replace("’", "'") if at > start else ""
    if before in _DETERMINERS:
        return f"the {said}" if before in ("the", "el", "la") \
            else f"the user's {said}" if before in _MY \
            else f"{'an' if fold(said)[:1] in 'aeiou' else 'a'} {said}"
    if before.endswith("'s") and fold(bare(words[at - 1])).lower() in OTHER_PEOPLE \
            and _one(bare(words[at - 1])):
        whose_said = _person_said([*words[:at - 1], bare(words[at - 1])], at - 1, start)
        return f"{whose_said}'s {said}" if whose_said else ""
    return ""


def _one(person: str) -> bool:
    """``person`` is one person's word, not several ("colleagues", "amigos"; "boss" is one)."""
    return not person.endswith("s") or person.endswith("ss")


_NOT_OWNERS = frozenset("""user usuario usuaria assistant asistente i yo he she they we el ella
    ellos nosotros mi my our it this that there""".split())
"""Capitalised words opening a sentence that name nobody: a turn's label, a pronoun."""
