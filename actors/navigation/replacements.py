"""What a memory says it replaced: "migrated all Python repos from Poetry to uv", "replace
Celery with Dramatiq", "uninstalled Docker Desktop", "ya no usamos Jenkins".

An agent saving project notes tells a change in the words of the change, rarely in the words of
the note it corrects ("billing-api background jobs run on Celery 5.3"), and no fact pattern
reads an attribute out of either. What both hold is the old value: "Celery". This module reads
the old value (and the new one, when it is named) out of a change statement; the navigation
actor then finds the earlier note that states the old value in the same context
(``NavigationActor._replaced``), and the save marks it superseded, as an explicit
``supersedes`` would. Pure text, English and Spanish; no I/O.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from actors.dates import WEEKDAYS
from actors.facts.needles import Gate
from actors.facts.speakers import past_label, speaker_of
from actors.lazy_re import Regex, lazy_regex
from actors.navigation.values import COUNT, VALUE, values
from actors.text import PROSE_SENTENCE_CHARS, fold

_NOT_A_VALUE = (r"(?!(?:but|and|or|in|on|at|to|for|from|with|by|of|until|since|as|it|them|"
                r"this|that|support|en|de|por|y|pero|hasta|desde)\b)")
"""A value never starts with a function word ("deprecated but supported until ...")."""
_WORD = r"(?:[^\W_]|[+&])(?:[\w.:+#/'’-]|,(?=\d{3}\b))*"
"""A value's word; a thousands comma stays in its number ("from 5,000 to 20,000")."""
_CODE = r"`[^`\n]{1,40}`"
"""A value written as code, whatever its characters: a cron expression ("`0 3 * * *`")."""
_VALUE = _NOT_A_VALUE + r"(?P<old>" + _CODE + "|" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?)"
_NEW = r"(?P<new>" + _CODE + r"|[`'\"“]?" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?[`'\"”]?)"
_END = (r"(?=\s*(?:[,.;:()!?—–]|-\s|\s(?:in|on|at|for|after|before|because|since|so|and|but|"
        r"as|with|last|this|next|yesterday|today|across|en|para|porque|y|pero|tras|desde|la|el)\b|$))")
_IDENT = (r"`[^`\n]{1,40}`|(?=[\w.:/-]*[a-z])(?=[\w.:/-]*(?:[_./:-][a-z0-9]|\d))"
          r"[a-z][\w.:/-]*[a-z0-9]")
"""A name written as code is (a dataset, a bucket, a topic, a module: "ocean_raw",
"gs://raw-tides", "tides.events"): a rename's two values; a common word ("the build is now
green") is none."""
_THING = r"(?P<thing>(?:\s+[\w.'’-]+){0,5}?)"
_DET = r"(?:the\s+|our\s+|my\s+|el\s+|la\s+|los\s+|las\s+)?"

_NAMED = tuple(lazy_regex(p, re.IGNORECASE) for p in (
    # "migrated/moved/switched/upgraded <thing> from A to B"
    r"\b(?P<verb>migrat(?:e|ed|es|ing)|mov(?:e|ed|es|ing)|switch(?:ed|es|ing)?|"
    r"chang(?:e|ed|es|ing)|upgrad(?:e|ed|es|ing)|downgrad(?:e|ed|es|ing)|bump(?:ed|s|ing)?|"
    r"port(?:ed|s|ing)?|transition(?:ed|s|ing)?|convert(?:ed|s|ing)?|went|go(?:es|ing)?|"
    r"shift(?:ed|s|ing)?|rais(?:e|ed|es|ing)|lower(?:ed|s|ing)?|increas(?:e|ed|es|ing)|"
    r"decreas(?:e|ed|es|ing)|reduc(?:e|ed|es|ing)|cut(?:s|ting)?|extend(?:ed|s|ing)?|"
    r"shorten(?:ed|s|ing)?|tighten(?:ed|s|ing)?|relax(?:ed|es|ing)?)\b" + _THING
    + r"\s+from\s+" + _VALUE + r"\s+(?:to|onto|into)\s+" + _NEW + _END,
    # "replaced A with B", "swapped A for B", "A was replaced by B"
    r"\b(?P<verb>replac(?:e|ed|es|ing)|substitut(?:e|ed|es|ing))\s+" + _DET + _VALUE
    + r"\s+(?:with|by)\s+" + _NEW + _END,
    r"\b(?P<verb>swap(?:ped|s|ping)?|exchang(?:e|ed|es|ing))\s+" + _DET + _VALUE
    + r"\s+(?:for|with)\s+" + _NEW + _END,
    r"\b" + _VALUE + r"\s+(?:was|were|is|are|has\s+been|have\s+been|got)\s+replaced\s+"
    r"(?:by|with)\s+" + _NEW + _END,
    # Spanish: "migramos/pasamos/cambiamos <algo> de A a B", "sustituimos A por B"
    r"\b(?P<verb>(?:migr|pas|cambi|mov|actualiz|mud)\w*|(?:sub|baj|aument|reduj|reduc|ampli|"
    r"acort)(?:imos|amos|ieron|aron|ido|ado|í|é|ió|ó|o|e))\b" + _THING + r"\s+de(?:l)?\s+" + _VALUE
    + r"\s+(?:a|al)\s+" + _NEW + _END,
    r"\b(?:sustitu|reemplaz|cambi)\w*\s+" + _DET + _VALUE + r"\s+por\s+" + _DET + _NEW + _END,
    # a rename: "ocean_raw is now tides_raw", "renamed ocean_mart to tides_mart", "el bucket
    # raw-tides pasa a llamarse tides-landing", each pair of a list ("A is now B and C is now D")
    r"(?<![\w.:/`-])(?P<old>" + _IDENT + r")\s+(?:(?:is|are)\s+now(?:\s+(?:called|named))?|"
    r"(?:was|were|got|has\s+been|have\s+been)\s+renamed\s+(?:to|as)|pasa\s+a\s+llamarse|"
    r"paso\s+a\s+llamarse|ahora\s+(?:es|se\s+llama)|(?:fue|ha\s+sido)\s+renombrad[oa]\s+a)\s+"
    r"(?P<new>" + _IDENT + r")" + _END,
    r"\b(?:renamed|renombr(?:amos|e|é|o|ó|aron))\s+(?:(?:the|el|la)\s+[\w-]+\s+)?(?P<old>"
    + _IDENT + r")\s+(?:to|as|a)\s+(?P<new>" + _IDENT + r")" + _END,
))
"""Changes that name the new value as well: the old one may be any word ("black + isort")."""
_ARROWS = (lazy_regex(
    r"(?<![\w.'’-])(?P<thing>(?:[\w.'’-]+\s+){0,3}?)(?:from\s+|de\s+)?(?P<old>" + _CODE + "|"
    + _WORD + r")\s*(?:->|→|=>)\s*" + _NEW + _END, re.IGNORECASE),)
"""A change told with an arrow ("WEBHOOK_MAX_RETRIES 5 -> 3", "Postgres 15 → 16"): the old
value is the one word (or code) before it, and must be a name or a number, since an arrow
between common words is a flow ("request -> handler"), not a change."""
_CAP = r"[A-ZÁÉÍÓÚÑ][\w'’-]*"
_NAME = _CAP + r"(?:\s+" + _CAP + r"){0,2}"
_SLIP = r"(?:" + VALUE + "|" + _NAME + r"|(?i:lunes|martes|mi[ée]rcoles|jueves|viernes|"\
        r"s[áa]bado|domingo))"
"""An old or new value a slip names: a number in any writing, a name, a Spanish weekday."""
_AT = r"(?i:(?:the|on|in|at|a\s+las?|a|el|la|en)\s+)?"
_IS = r"(?i:it'?s|it\s+is|it\s+was|that'?s|I\s+meant|(?:it\s+)?should\s+be)"
_ES = r"(?i:es|era|fue|son|eran)"
_SAID_OF = r"(?:\s+(?i:for|about|of|para|de|del|sobre)\s+(?P<thing>[\w'’-]+(?:\s+[\w'’-]+){0,3}?))?"
"""What the value was said of, after it: "I said Tuesday for pottery, it's Thursdays",
"dije martes para cerámica, pero es el jueves" (at most four words: the thing the slip is of)."""
_REALLY = r"(?i:(?:actually|really|in\s+fact|en\s+realidad|realmente)\s+)?"
"""The word that says the new value is the true one: "it's actually Thursdays"."""
_UNIT = (r"(?:\s*(?:[€$£%]|(?:km|kms|kilomet(?:re|er)s?|kil[oó]metros?|miles?|millas?|metres?|"
         r"meters?|metros?|kg|kilos?|pounds|libras|euros?|dollars?|d[oó]lares|minutes|minutos|"
         r"mins|hours|horas|people|personas|guests|invitados)\b))?")
"""The unit said again after the old value ("12 km, no 10 km", "150 libras, no 180 libras")."""
_COUNTED = r"(?:" + COUNT + "|" + VALUE + r")"
"""A number in any writing or in words: the values of a count corrected ("five, not four")."""
_CORRECTIONS = (
    lazy_regex(r"(?<![\w.:,])(?P<new>" + VALUE + r")(?P<thing>\s*[€$£]|(?:\s+[^\W\d_]+){1,2})?"
               r"\s*,\s*(?:not|no)\s+" + _AT + r"(?P<old>" + VALUE + r")" + _UNIT + _END,
               re.IGNORECASE),
    # a count in words: "Ñandú is five, not four", "son cuatro gatos, no tres" (two numbers
    # in digits are the pattern above's)
    lazy_regex(r"(?<![\w.:,])(?P<new>" + _COUNTED + r")(?P<thing>(?:\s+[^\W\d_]+){1,2})?\s*,\s*"
               r"(?:not|no)\s+(?P<old>" + _COUNTED + r")" + _UNIT + _END, re.IGNORECASE),
    lazy_regex(r"(?<![\w'’-])(?P<new>" + _NAME + r")\s*,\s*(?:not|no)\s+(?P<old>" + _NAME + r")"
               + _END),
    # "I said Tuesday, it's Thursday", "dije martes pero es el miércoles"
    lazy_regex(r"\b(?i:I\s+said)\s+" + _AT + r"(?P<old>" + _SLIP + r")" + _SAID_OF
               + r"\s*(?:[,;]\s*|\s+)(?i:but\s+)?" + _IS + r"\s+" + _REALLY + _AT + r"(?P<new>"
               + _SLIP + r")" + _END),
    lazy_regex(r"\b(?i:dije)\s+" + _AT + r"(?P<old>" + _SLIP + r")" + _SAID_OF
               + r"\s*(?:,\s*|\s+)(?i:pero\s+|y\s+)?" + _REALLY + _ES + r"\s+" + _REALLY + _AT
               + r"(?P<new>" + _SLIP + r")" + _END),
    # "the offsite isn't in Porto, it's in Braga", "no era en Vigo, era en Lugo"
    lazy_regex(r"\b(?i:isn'?t|is\s+not|wasn'?t|was\s+not|not)\s+" + _AT + r"(?P<old>" + _SLIP
               + r")\s*(?:[,;]\s*(?i:but\s+)?" + _IS + r"|,?\s*(?i:but))\s+" + _AT + r"(?P<new>"
               + _SLIP + r")" + _END),
    lazy_regex(r"\b(?i:no)\s+" + _ES + r"\s+" + _AT + r"(?P<old>" + _SLIP + r")\s*(?:,\s*"
               r"(?i:sino\s+)?" + _ES + r"|,?\s*(?i:sino))\s+" + _AT + r"(?P<new>" + _SLIP + r")"
               + _END),
)
"""A slip corrected: "221 cups, not 212", "fueron 1 hora 58 minutos, no 2:04", "Tuesday, not
Monday", "I said Tuesday, it's Thursday", "no era en Vigo, era en Lugo". Read only after a
word that says so (``_CORRECTING``), and only of a value (``values.VALUE``, any writing), a
name or a weekday, so "strictly gluten-free, no more cheese" or "I'm not leaving Barclays, no
way" is none. A number keeps the words after its new value as the thing it counts ("cups"),
or its currency ("3.500 €, no 3200")."""
_CORRECTING = lazy_regex(
    r"\b(?:corrections?|correcting|corrected|actually|sorry|i\s+meant|my\s+mistake|my\s+bad|typo|"
    r"i\s+was\s+wrong|got\s+(?:it|that|this|them|the\s+\w+)\s+wrong|misspoke|oops|whoops|"
    r"perd[oó]n|perdona|perdone|disculpa|disculpe|me\s+equivoqu[eé]|me\s+he\s+equivocado|"
    r"error\s+m[ií]o|me\s+confund[ií]|correcciones|corrijo|correcci[oó]n|en\s+realidad|"
    r"quise\s+decir|fe\s+de\s+erratas|misremember(?:ed)?|misread|misheard|"
    r"mixed\s+(?:it|them|that|those)\s+up)\b", re.IGNORECASE)
"""A word that says a slip is corrected; it holds for the rest of its turn ("Two corrections
from last time. ... my time was 1:26:58, not 1:27:45. And the wedding: it's on the 14th, not the
12th")."""
_STATED_OVER = lazy_regex(
    r"\b(?i:was|were|is|are|it'?s|fue|fueron|era|eran|es|son)\s+" + _REALLY + _AT
    + _COUNTED + r"(?:\s*[€$£]|(?:\s+[^\W\d_]+){1,2})?\s*,\s*(?i:not|no)\s+" + _AT + _COUNTED)
"""A value said over another after a verb of being ("it was 1:26:58, not 1:27:45", "fueron 12
km, no 10", "he's five, not four"): a slip corrected without a word saying so, read for values
alone (a name there, "it's Barclays, not Monzo", may be a preference told, not a
correction)."""
_MEASURE_VERB = lazy_regex(r"^(?:rais|lower|increas|decreas|reduc|cut|extend|shorten|tighten|"
                           r"relax|sub|baj|aument|reduj|ampli|acort)", re.IGNORECASE)
"""Verbs that change an amount: what they changed from must be a number or a name ("raised
the rate limit from 100 to 300"); "cut the cable from the wall to the desk" replaced nothing."""
_CHANGE_VERB = lazy_regex(
    r"^(?:(?:bump|rais|lower|increas|decreas|reduc|cut|chang|mov|switch|set|updat|upgrad|"
    r"downgrad|extend|shorten|tighten|relax)\w*|sub\w*|baj\w*|cambi\w*|aument\w*)\s+",
    re.IGNORECASE)
"""A change's verb opening the words before an arrow ("Cut retries 5 -> 3"): no part of the
thing that changed."""
_ENDED = tuple(lazy_regex(p, re.IGNORECASE) for p in (
    # "uninstalled/dropped/removed A", "stopped using A", "gave up on A", "moved off A"
    r"\b(?P<verb>uninstall(?:ed|ing|s)?|dropp(?:ed|ing)|drop|drops|remov(?:e|ed|es|ing)|"
    r"ditch(?:ed|es|ing)?|abandon(?:ed|ing|s)?|deprecat(?:e|ed|es|ing)|retir(?:e|ed|es|ing)|"
    r"decommission(?:ed|ing|s)?|cancel(?:l?ed|l?ing|s)?|quit(?:s|ting)?)\s+" + _DET + _VALUE
    + _END,
    r"\b(?P<verb>dropp(?:ed|ing)|drop|remov(?:e|ed|ing)|end(?:ed|ing)?)\s+support\s+for\s+"
    + _VALUE + _END,
    r"\b(?:stopped|stop|quit|no\s+longer)\s+(?:using|use|uses|running|on|in)\s+" + _DET
    + _VALUE + _END,
    r"\b(?P<verb>gave|give|giving)\s+up\s+(?:on\s+)?" + _DET + _VALUE + _END,
    r"\b(?P<verb>mov\w*)\s+(?:off|away\s+from)\s+" + _DET + _VALUE + _END,
    r"\b" + _VALUE + r"\s+(?:is|are|was|were|has\s+been|have\s+been|got)\s+"
    r"(?:completely\s+|now\s+|finally\s+)?(?:gone|dead|retired|deprecated|decommissioned|"
    r"removed|dropped|sunset|phased\s+out|shut\s+down|switched\s+off|turned\s+off)\b",
    # a change undone: "Reverted the SQLModel decision", "rolled back the move to Dramatiq",
    # "revertimos la decisión de usar SQLModel", "deshicimos la migración a Bun"
    r"\b(?P<verb>revert(?:ed|s|ing)?|roll(?:ed|s|ing)?\s+back|back(?:ed|s|ing)?\s+out|undid|"
    r"undo(?:ne|es|ing)?)\s+" + _DET + r"(?:(?:switch|move|migration|upgrade|change|bump|"
    r"transition)\s+(?:to|onto)\s+)?" + _VALUE + r"(?:\s+(?:decision|change|migration|upgrade|"
    r"switch|move|bump|experiment|adoption|rollout|pin))?" + _END,
    r"\b(?P<verb>revert(?:imos|[ií]|i[oó]|ido)|revirti\w*|deshic\w*|deshizo|deshecho)\s+(?:(?:la|el)\s+(?:"
    r"decisi[oó]n|migraci[oó]n|actualizaci[oó]n|cambio|paso)\s+(?:de\s+(?:usar|pasar\s+a|"
    r"migrar\s+a|adoptar)\s+|a\s+)?)?" + _VALUE + _END,
    r"\bya\s+no\s+(?:usamos|uso|usa|usan|utilizamos|tenemos|corre|corremos)\s+" + _DET
    + _VALUE + _END,
    r"\b(?:desinstal|elimin|quit)(?:e|o|amos|ado|aron)\s+" + _DET + _VALUE + _END,
))
"""Changes that only say the old value ended: it must be a name or a version ("dropping
Zustand", "Celery is gone"), not a common noun ("removed the filter", "drop the email
field"), which a note about anything may hold."""
_HYPOTHETICAL = lazy_regex(
    r"\b(?:if|would|could|might|may|should|maybe|perhaps|want|wants|plan|plans|planning|"
    r"consider|considering|thinking|going\s+to|will|'ll|options?|alternatives?|suggest\w*|"
    r"recommend\w*|either|how\s+to|whether|si|podr\w+|deber\w+|quiz\w+|tal\s+vez|opci\w+|"
    r"voy\s+a|vamos\s+a|planeo|pensando)\b", re.IGNORECASE)
"""A change asked about, planned or offered as an option ("three options: replace the battery
for 90 euros, buy a Pixel 9", "we could move off Jenkins") is none that happened."""
_UNDER_WAY = lazy_regex(r"(?:\b(?:am|is|are|'re|'m|'s|been|was|were|estamos|estoy)\s+|^\W*)$",
                        re.IGNORECASE)
"""Before an -ing verb: the change is under way ("atlas-web is moving off Auth0", a note
opening "Moving tax calculation from TaxJar..."), not a topic ("tips on switching from
Android to iPhone")."""
_POINTER = lazy_regex(
    r"\b(?:(?:is|was|are|were)\s+(?:the\s+|an?\s+)?(?:one|ones|adr|note|doc|document|page|"
    r"ticket|issue|pr|entry|record|decision\s+record)\s+(?:about|on|for|that|which|where|"
    r"describing|explaining|covering)|refers?\s+to|referring\s+to|points?\s+to|see|cf|"
    r"(?:is|are|was|were)\s+about|describes?|describing|explains?|explaining|documents|"
    r"documenting|covers|covering|talks?\s+about|links?\s+to|"
    r"es\s+(?:el|la|los|las)\s+(?:que|de)|se\s+refiere\s+a|hace\s+referencia\s+a|"
    r"habla\s+de|trata\s+(?:de|sobre)|describe|explica|documenta|ver|vease)\b",
    re.IGNORECASE)
"""A sentence that points at a record ("ADR-007 is the one about dropping GraphQL", "see
ADR-007 on removing Celery", "PAY-12 se refiere a quitar Jenkins") describes it: the change
was told where it happened, and the pointer changes nothing."""
_IMPERATIVE = lazy_regex(
    r"^\W*(?:(?:then|so|just|please|maybe|also|and|pues|entonces|mejor)\W+)*$", re.IGNORECASE)
"""Only these words before a bare verb: an instruction or advice ("Then cancel Ziggo",
"Cancel Ziggo with your moving date"), not a change that happened."""
_BARE = lazy_regex(r"^(?:uninstall|drop|remove|ditch|abandon|deprecate|retire|decommission|"
                   r"cancel|quit|give|replace|substitute|swap|exchange|migrate|move|switch|"
                   r"change|upgrade|downgrade|bump|port|convert|shift|stop)$", re.IGNORECASE)
_TRIM = " '’`\".,:;"
_LEADING = lazy_regex(r"^(?:the|a|an|our|my|all|el|la|los|las|un|una|nuestro|nuestra|mi)\s+",
                      re.IGNORECASE)
_DATE = lazy_regex(r"^\d{4}-\d{2}(?:-\d{2})?$")


def named(value: str) -> list[str]:
    """The words of ``value`` that name something: capitalised or holding a digit (a date
    excepted): "Postgres 15" -> both, "the default Node" -> "Node", "black + isort" -> none."""
    return [w for w in value.split()
            if (w[:1].isupper() or any(c.isdigit() for c in w)) and not _DATE.match(w)]


@dataclass(frozen=True)
class Replacement:
    """One change a text tells: the old value as written, the new one when named, and the
    thing that changed when the text names it before "from" ("the default Node" from 20)."""

    old: str
    new: str | None = None
    thing: str = ""
    slip: bool = False
    """Told as a slip corrected ("Dan Price, not Dave Miller"): the memory said the old value
    in its own words, perhaps shorter ("Dave")."""


@functools.cache
def gates() -> tuple[Gate[Regex], Gate[Regex]]:
    """The gates of ``_NAMED`` and ``_ENDED``: a sentence tries only the patterns whose words
    it holds (``needles.Gate``): every save is read for a change, and nearly none tells one.
    (An arrow has no word to look for.) Built on the first save, not at the server's start
    (parsing the patterns costs ~10-20 ms)."""
    return Gate(_NAMED, lambda pattern: pattern), Gate(_ENDED, lambda pattern: pattern)


def replacements(text: str) -> tuple[Replacement, ...]:
    """The changes ``text`` tells, each old value once. A question ("should we move off
    Jenkins?") tells no change. A slip is read after a word saying a slip is corrected, in
    that sentence or earlier in its turn (``_CORRECTING``), or when a value is said over
    another after a verb of being (``_STATED_OVER``)."""
    found: dict[str, Replacement] = {}
    named_gate, ended_gate = gates()
    for line in told_lines(text):
        slips = sum(change.slip for change in found.values())
        correcting = False
        for sentence in line:
            correcting = correcting or _CORRECTING.search(sentence) is not None
            if sentence.rstrip().endswith("?") or not sentence.strip() \
                    or len(sentence) > PROSE_SENTENCE_CHARS:  # a log or a dump, no prose
                continue
            lowered = sentence.lower()
            corrected = _CORRECTIONS if correcting \
                else _CORRECTIONS[:2] if _STATED_OVER.search(sentence) else ()
            for patterns, needs_name, slip in ((named_gate.open_for(lowered), False, False),
                                               (ended_gate.open_for(lowered), True, False),
                                               (_ARROWS, True, False), (corrected, True, True)):
                for pattern in patterns:
                    for m in pattern.finditer(sentence):
                        change = _read_change(sentence, m, needs_name, slip)
                        if change is not None and fold(change.old).lower() not in found:
                            found[fold(change.old).lower()] = change
        if slips == sum(change.slip for change in found.values()):
            found.update((f"={fold(change.new or '').lower()}", change)
                         for change in restated(line))
    return tuple(found.values())


_WRONG = lazy_regex(
    r"\b(?:corrections?|correcting|corrected|i\s+was\s+wrong|i\s+got\s+(?:it|that|this|the\s+\w+)"
    r"\s+wrong|my\s+mistake|my\s+bad|misspoke|i\s+meant|me\s+equivoqu[eé]|me\s+he\s+equivocado|"
    r"error\s+m[ií]o|me\s+confund[ií]|correcci[oó]n|correcciones|corrijo|quise\s+decir|"
    r"estaba\s+equivocad[oa])\b", re.IGNORECASE)
"""A word that says the speaker's own earlier word was wrong, strong enough to tell a
correction that names only the true value ("I was wrong about Toffee, she's four"); "actually"
or "sorry" alone ("actually it's 5 pm, let's go") is not."""
_RESTATED = lazy_regex(
    r"\b(?i:it'?s|it\s+is|it\s+was|that'?s|(?:he|she)'?s|(?:he|she|it|they)\s+(?:is|was|are|were)|"
    r"they'?re|is|was|are|were|es|era|fue|fueron|son|eran|mide|med[ií]a|cuesta|cost[oó]|pesa|"
    r"tiene|ten[ií]a|cumpli[oó])\s+" + _REALLY + _AT + r"(?P<new>" + _COUNTED
    + r")(?P<thing>\s*[€$£]|(?:\s+[^\W\d_]+){1,2}?)?" + _END + r"(?!\s*,\s*(?i:not|no)\b)")
"""The true value said after a verb of being: "she's four", "son 910 euros", "it was 1:49:30"."""


def uncorrected(text: str) -> str:
    """``text`` without the words saying a slip is corrected ("I was wrong about Toffee" ->
    "about Toffee"): what is left is what the correction is about."""
    return _CORRECTING.sub(" ", _WRONG.sub(" ", text))


def restated(line: list[str]) -> list[Replacement]:
    """A correction that says only the true value, in a turn (``line``, its sentences) whose
    speaker says they were wrong (``_WRONG``): "I was wrong about Toffee, she's four", "Me
    equivoqué con el alquiler: son 910 euros". The old value is not said (``old`` is empty):
    the memory it corrects is the speaker's own one stating another value of the same thing
    (``replaced.replaced_memory``). One value only: a turn saying several is no correction
    of one of them."""
    wrong = False
    found: list[Replacement] = []
    for sentence in line:
        wrong = wrong or _WRONG.search(sentence) is not None
        if wrong and not sentence.rstrip().endswith("?") \
                and not _HYPOTHETICAL.search(sentence):
            # the thing is the unit's word ("15 feet long": feet)
            found += [Replacement(old="", new=m.group("new"), slip=True,
                                  thing=" ".join((m.group("thing") or "").split()[:1]).strip(_TRIM))
                      for m in _RESTATED.finditer(sentence)]
    return found if len(found) == 1 else []


def _read_change(sentence: str, m: re.Match[str], needs_name: bool, slip: bool
                 ) -> Replacement | None:
    """The change one pattern's match ``m`` tells, or None when it tells none: a plan or an
    option, a pointer at a record, a topic, an instruction, an old value that names nothing,
    a slip whose two values are one."""
    groups = m.groupdict()
    verb = groups.get("verb") or ""
    before = sentence[:m.start("verb")] if verb else ""
    if _HYPOTHETICAL.search(sentence[:m.end()]) \
            or _POINTER.search(sentence[:m.start()]) or (
            verb.lower().endswith("ing") and not _UNDER_WAY.search(before)) \
            or (_BARE.match(verb) and _IMPERATIVE.match(before)):
        return None
    old = _LEADING.sub("", m.group("old")).strip(_TRIM)
    new = _LEADING.sub("", groups["new"]).strip(_TRIM) if groups.get("new") else None
    key = fold(old).lower()
    if not old or (new and fold(new).lower() == key) \
            or ((needs_name or _MEASURE_VERB.match(verb)) and not named(old)
                and not (slip and (values(old) or key in WEEKDAYS))) \
            or (slip and new and values(old) and values(old) == values(new)) \
            or _DATE.match(old):
        return None
    thing = _CHANGE_VERB.sub("", (groups.get("thing") or "").strip())
    thing = _LEADING.sub("", thing).strip(_TRIM)
    return Replacement(old=old, new=new, thing=thing, slip=slip)


def told_sentences(text: str) -> list[str]:
    """The sentences of ``text`` that tell something of the memory's own people: a line the
    assistant speaks ("[2026-05-27] assistant: Then Odido is the better deal. Cancel Ziggo
    ...", "Asistente: ...") and the lines its turn runs on over are advice, never a change of
    the user's life (a turn of the assistant marked the user's Ziggo memory superseded)."""
    return [sentence for line in told_lines(text) for sentence in line]


def told_lines(text: str) -> list[list[str]]:
    """``told_sentences`` line by line: a word saying a slip is corrected holds for the rest
    of its line (one chat turn), not for the next speaker's."""
    told: list[list[str]] = []
    speaker = None
    for line in text.split("\n"):
        speaker = speaker_of(line) or speaker
        if speaker is not None and speaker.subject is None:
            continue
        # past the label: "Kenji: My legs are completely dead" ends no "Kenji: My legs"
        told.append(re.split(r"(?<=[.!;])\s+", past_label(line)))
    return told


def corrects_unasked_slip(text: str, question: str) -> bool:
    """Whether ``text`` corrects a slip ("it was 1,540 pounds, not 1,450") whose wrong value
    ``question`` does not name. The memory it corrects never held a true value, so it answers
    no question but one naming that wrong value: "How much did the folding bike cost?" is
    answered by the correction though only the corrected memory holds "folding bike"; "the
    1,450 bike" still meets the memory that said it first."""
    slips = [change for change in replacements(text) if change.slip]
    if not slips:
        return False
    asked_values = values(question)
    asked_words = set(re.findall(r"\w+", fold(question).lower()))
    return not any(values(change.old) & asked_values
                   or set(re.findall(r"\w+", fold(change.old).lower())) <= asked_words
                   for change in slips)
