"""Cut fact values out of sentences and tell statements from questions and hypotheticals.

Matching runs on folded text while values keep their original spelling, so ``Folded`` carries a
map from folded offsets back to the original; ``clean_value`` trims the run after a trigger of
trailing time words, trailing clauses and punctuation and caps it. Pure functions; no I/O.
"""

from __future__ import annotations

import datetime
import re
import string

from actors.dates import MONTHS
from actors.lazy_re import lazy_regex
from actors.text import fold

MAX_VALUE = 80
_ASCII_LOWER = {ord(ch): ch.lower() for ch in string.ascii_uppercase}


class Folded:
    """A sentence folded character by character, with a map back to the original offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._origin: range | list[int]
        if text.isascii():
            # ASCII folds to its lower case one character for one: offsets map to themselves
            self.folded = text.lower()
            self._origin = range(len(text))
            return
        # Each distinct character folded once (``str.translate``); around a character folding
        # to none or to several ("…", "ß", a lone accent) the offsets are counted by runs. A
        # Python loop over every character was a third of a rare-word search's CPU (a reply's
        # memories are read for their relative days, ``time_ranges.told_days``) and most of
        # a save's fact reading of a non-ASCII text.
        table = {ord(ch): fold(ch) for ch in set(text) if not ch.isascii()}
        whole = {**_ASCII_LOWER, **table}
        odd = "".join(chr(code) for code, out in table.items() if len(out) != 1)
        if not odd:
            self.folded = text.translate(whole)
            self._origin = range(len(text))
            return
        parts: list[str] = []
        origin: list[int] = []
        last = 0
        for m in re.finditer(f"[{re.escape(odd)}]", text):
            at = m.start()
            parts.append(text[last:at].translate(whole))
            origin.extend(range(last, at))
            out = table[ord(text[at])]
            parts.append(out)
            origin.extend([at] * len(out))
            last = at + 1
        parts.append(text[last:].translate(whole))
        origin.extend(range(last, len(text)))
        self.folded = "".join(parts)
        self._origin = origin

    def original(self, start: int, end: int) -> str:
        if start >= end or start >= len(self._origin):
            return ""
        return self.text[self._origin[start] : self._origin[end - 1] + 1]


# ------------------------------------------------------------------ value cleaning

MONTHS_PATTERN = "|".join(sorted(MONTHS, key=len, reverse=True))


def nearest_day(day: re.Match[str], around: datetime.date) -> datetime.date | None:
    """The date a day named without its year (``day``: groups ``m1``/``d1`` or ``d2``/``m2``,
    "June 15" / "15 de junio") falls on nearest ``around``, before or after it; None when no
    year has it (February 30)."""
    month = MONTHS[day.group("m1") or day.group("m2")]
    number = int(day.group("d1") or day.group("d2"))
    candidates = []
    for year in (around.year - 1, around.year, around.year + 1):
        try:
            candidates.append(datetime.date(year, month, number))
        except ValueError:
            continue
    return min(candidates, key=lambda d: abs((d - around).days), default=None)
_WEEKDAYS = (
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    "lunes|martes|miercoles|jueves|viernes|sabado|domingo"
)
_TIME_TAIL = lazy_regex(
    r"(?:^|\s+)(?:"
    r"now|right now|currently|nowadays|these days|for now|at the moment|at present|today|"
    r"yesterday|tomorrow|tonight|pasado manana|manana|recently|lately|already|again|too|"
    r"as well|anymore|for good|permanently|always|siempre|"
    # where the speaker is: "Brightline Logistics here in Austin", "Indra aquí en Madrid"
    r"(?:here|there|over\s+here|aqui|alli|ahi|aca)(?:\s+(?:in|at|en|on|de)\s.*)?|"
    r"by the way|btw|anyway|anyways|finally|at last|by now|por cierto|al final|por fin|"
    r"de todas formas|de todos modos|al fin|lol|lmao|haha\w*|jaja\w*|xd|omg|tbh|"
    r"ahora|ahora mismo|actualmente|hoy|ayer|ya|por ahora|de momento|por el momento|"
    r"en este momento|hoy en dia|ultimamente|recientemente|tambien|otra vez|de nuevo|"
    r"(?:last|this|next|past)\s+(?:week|month|year|summer|winter|spring|autumn|fall|weekend|"
    r"sprint|quarter|release)|"
    r"(?:over|during|in)\s+the\s+(?:summer|winter|spring|autumn|fall|weekend|holidays?|break|"
    r"christmas holidays|christmas)|"
    r"(?:la|esta)\s+semana(?:\s+(?:pasada|que\s+viene|proxima))?|(?:el|este)\s+(?:mes|ano|"
    r"verano|invierno|otono)(?:\s+(?:pasado|que\s+viene|proximo))?|"
    r"(?:la|el)\s+proxim[oa]\s+(?:semana|mes|ano)|"
    r"(?:a\s+)?(?:few|couple of|\w+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"(?:in|within|en|dentro\s+de)\s+(?:a|an|one|two|three|four|five|six|\d+|un|una|dos|tres|"
    r"cuatro|cinco|seis)\s+(?:days?|weeks?|months?|years?|dias?|semanas?|mes|meses|anos?)|"
    r"in\s+a\s+fortnight|"
    r"(?:hace|since|desde|as of|a partir de|starting)\b.*|from\s+\d.*|"
    r"for\s+(?:the\s+)?(?:past\s+|last\s+)?(?:a|an|one|two|three|four|five|six|\d+|a few|"
    r"several|many)?\s*(?:days?|weeks?|months?|years?)|"
    rf"(?:in|en|on|el|this|este)\s+(?:the\s+)?(?:(?:early|late|mid)\s+)?"
    rf"(?:{MONTHS_PATTERN}|{_WEEKDAYS}|\d).*|"
    rf"(?:{MONTHS_PATTERN})\s+[0-3]?\d(?:st|nd|rd|th)?"
    r")$"
)
_MONTH_NAMES = "|".join(m for m in sorted(MONTHS, key=len, reverse=True)
                        if len(m) > 3 or m == "may")
"""Months written whole: "el mar" is the sea, "en ago" no month."""
_TIME_ON = lazy_regex(
    r"\s+(?:"
    r"(?:last|this|next|past)\s+(?:week|month|year|summer|winter|spring|autumn|fall|weekend)|"
    r"(?:at|by|towards?|until|till|before|around)\s+the\s+(?:very\s+)?(?:end|start|beginning|"
    r"middle)\s+of|"
    r"(?:a|hacia|antes\s+de)\s+(?:finales|principios|mediados|fin|final)\s+de|"
    r"(?:la|esta)\s+semana\s+(?:pasada|que\s+viene|proxima)|"
    r"(?:el|este)\s+(?:mes|ano|verano|invierno|otono)\s+(?:pasado|que\s+viene|proximo)|"
    r"(?:la|el)\s+proxim[oa]\s+(?:semana|mes|ano)|"
    r"(?:a\s+)?(?:few|couple\s+of|\w+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"(?:in|en|el|on)\s+(?:the\s+)?(?:(?:early|late|mid)\s+)?"
    rf"(?:{_MONTH_NAMES}|{_WEEKDAYS})"
    r")\b"
)
"""A day named inside a value: the value ends before it, whatever follows ("Leeds at the end
of July, fresh start", "Leeds last week I've been working from ...", "Sevilla la semana pasada
y estoy feliz"). ``_TIME_TAIL`` only trims words that end the run; chat runs on past them
without a comma. Only phrases that cannot belong to a name are here: "now" or "today" may
(Now TV)."""
CLAUSE_START = r"(?:^|[:;]\s)\W*(?:\d{4}-\d{2}-\d{2}\W+)?"
"""A sentence's or clause's start, where a subject may be left out ("2026-04-01: Started at
Initech", "Sold my car last week"), also after the date a saved line opens with ("[2025-09-14]
Got a job at Northgate Bank": the date is no subject)."""
EDGE = " \t.,;:!?…\"'`«»“”()[]"
_CLAUSE = lazy_regex(
    r"\s*(?:,(?!\d{3}\b)|[;(\[])|:\s|\s+[-–—]\s+|\s+(?:but|where|because|since|although|though|while|which|who|"
    r"when|after|before|until|so that|pero|donde|porque|aunque|ya que|desde|mientras|cuando|"
    r"hasta|que|if|unless|whenever|wherever|as\s+long\s+as|si|salvo|as\s+(?:a|an|the|my|our|lead|head|senior|junior|tech|team|staff|principal|chief|"
    r"intern|contractor|consultant|freelancer?|planned|usual|[a-z]+\s+(?:engineer|developer|"
    r"manager|lead|designer|analyst|scientist))|como|for|from|para|"
    r"to\s+(?:be|work|"
    r"study|join|live)|after|por|according\s+to|as\s+per|segun|instead\s+of|rather\s+than|"
    r"en\s+lugar\s+de|en\s+vez\s+de|despues\s+de|tras)\b"
)
_WITH = lazy_regex(r"\s+(?:with|together with|along with|con|junto con|junto a)\b")
_AND = lazy_regex(
    r"\s+(?:and|y|e)\s+(?=(?:i|we|my|our|she|he|they|it|then|now|also|yo|mi|mis|nuestro|lo|le|"
    # a Spanish verb led by its pronoun: "... en Madrid y nos mudamos en enero"
    r"nos|me|se|les|"
    r"accepted|took|start|starting|started|quit|left|joined|move|moving|moved|"
    r"nuestra|ahora|luego|tambien|ella|el|ellos|work|works|working|live|lives|have|has|am|"
    r"study|studies|teach|trabajo|vivo|tengo|estudio|"
    # the same subject goes on with something else: "uses PostgreSQL 16 and runs on Hetzner"
    r"runs|run|is|are|was|were|uses|serves|hosts|stores|handles|needs|requires|depends|"
    r"deploys|talks|will|can|should|must|es|esta|usa|corre|funciona|necesita|depende)\b)"
)
_BAD_VALUES = frozenset("it there here that this alli aqui ahi eso esto".split())


def clean_value(
    span: Folded, start: int, end: int, *, cut_with: bool, cut_commas: bool = True,
    first_token: bool = False,
) -> str:
    """Trim a value (folded offsets [start, end)) and return it in its original spelling."""
    folded = span.folded[start:end]
    cut = len(folded)
    patterns = [_AND] + ([_CLAUSE] if cut_commas else [re.compile(r"\s*;")])
    if cut_with:
        patterns.append(_WITH)
    for pattern in (*patterns, _TIME_ON):
        m = pattern.search(folded, 1)
        if m is not None:
            cut = min(cut, m.start())
    folded = folded[:cut]
    while True:
        trimmed = folded.rstrip(EDGE)
        m = _TIME_TAIL.search(trimmed)
        if m is not None and m.start() > 0:
            trimmed = trimmed[: m.start()]
        if trimmed == folded:
            break
        folded = trimmed
    lead = len(folded) - len(folded.lstrip(EDGE))
    if first_token and folded[lead:].split():
        folded = folded[: lead + len(folded[lead:].split()[0])].rstrip(EDGE)
    value = span.original(start + lead, start + len(folded)).strip()
    if len(value) > MAX_VALUE:
        value = value[:MAX_VALUE].rsplit(" ", 1)[0].rstrip(EDGE)
    if not value or fold(value) in _BAD_VALUES or "redacted:" in value.lower():
        return ""  # a redacted credential is no value to remember
    return value


# ------------------------------------------------------------------ sentence filters

_QUESTION_START = lazy_regex(
    r"^\W*(?:(?:where|what|which|who|how|when|why)\s+(?:do|does|did|is|are|am|was|were|can|"
    r"should|would|will|'s)\b|(?:do|does|did|am|are|is)\s+(?:i|we|you)\b|"
    r"(?:donde|que|cual|quien|como|cuando|cuanto)\s)"
)
_HYPOTHETICAL_LEAD = lazy_regex(
    r"\b(?:if|would|'d|could|might|may|should|maybe|perhaps|someday|wish|hope|hoping|want|"
    r"wants|wanted|plan|plans|planning|considering|thinking|going to|gonna|will|'ll|not|n't|"
    r"never|no longer|unless|whether|suppose|imagine|dream|si|quiero|quiere|queremos|quisiera|"
    r"queria|gustaria|encantaria|ojala|tal vez|quizas|quiza|pienso|planeo|voy a|vamos a|no|"
    r"nunca|podria|deberia|espero|sueno|suenos|a lo mejor)\b"
)
_HYPOTHETICAL_ANYWHERE = lazy_regex(
    r"\b(?:someday|some day|one day|would like|'d like|in the future|eventually|algun dia|"
    r"me gustaria|en el futuro|en un futuro)\b"
)


def is_question(folded: str) -> bool:
    """A question asks; it states nothing ("where do I live?", "¿dónde vivo?")."""
    stripped = folded.strip()
    return stripped.endswith("?") or stripped.startswith("¿") or bool(
        _QUESTION_START.match(stripped)
    )


def is_hypothetical(folded: str, trigger_start: int) -> bool:
    """A hypothetical or negated lead-in in the trigger's own clause, or 'someday' anywhere."""
    clause = re.split(r"[,;:]", folded[:trigger_start])[-1]
    return bool(_HYPOTHETICAL_LEAD.search(clause) or _HYPOTHETICAL_ANYWHERE.search(folded))


