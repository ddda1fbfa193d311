"""Who the speaker is with: the ``partner`` attribute ("estoy saliendo con Inés", "Luca and I
broke up", "his name is Femi" after "I started dating someone").

Friends tell each other who they date the way they tell a move: "Jess and I went on a date",
"I've been seeing Tom since March", "my girlfriend Ana", "me he casado con Pablo"; and the end
of it: "Marco and I broke up", "rompí con Luca". Without a fact "Who is Bea's partner now?"
had no timeline to answer from and met the memories of the old partner first. A start records
the person's name; an end records an ending ("none (broke up with Marco)", "ninguna (rompió
con Luca)", ``endings.is_ending``), so a later start follows it on the same timeline.

The person must be written as a name (capitalised words, not a word of the language): "I'm
dating someone", "we broke up with the band" give no name. "his name is Keoni" names the
partner only when the speaker told a date or dating naming no one in the same turn or in their
own turn just before it ("also I started dating someone??" ... "his name is Keoni, he's a
nurse"): the name of a new dog, colleague or friend is told the same way, so a turn naming one
of those is not read. Pure functions; no I/O.
"""

from __future__ import annotations

import re

from actors.dates import MONTHS, WEEKDAYS
from actors.facts.common_words import is_common_word
from actors.facts.names import NOT_NAMES
from actors.facts.needles import Gate
from actors.facts.values import CLAUSE_START, Folded
from actors.facts.whose import KIN_WORDS
from actors.lazy_re import Regex, lazy_regex
from actors.text import STOPWORDS, fold

Found = tuple[int, str, str, str]

_NAME = r"(?<![\w'’-])(?P<n>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)"
"""One or two words; the original text must capitalise them (``_name``). A name begins a word:
tried at every letter of a long run of them ("aaaa..."), a pattern led by it cost time
quadratic in the run's length (10,000 letters: a minute)."""
_ADV = r"(?:(?:just|finally|officially|actually|also|now|recently)\s+)*"
_PARTNER_NOUN = (r"(?:boyfriend|girlfriend|partner|husband|wife|fiance|fiancee|bf|gf|novio|novia|"
                 r"pareja|marido|mujer|esposo|esposa|prometido|prometida|chico|chica)")

_PLAIN_NAME = r"(?<![\w'’-])(?P<n>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)"
"""A name with no possessive in it: "my girlfriend is Maya's sister" names no partner."""
_NAME_ENDS = r"(?=\s*(?:$|[.,;:!?)(]|-|\s+(?:now|and|since|ahora|y|desde)\b))"
"""After a name told by "is": the clause ends ("my girlfriend is Maya, we ...")."""

_TITLES = "dr|doctor|prof|professor|nurse|the"
"""Words opening a name that is no partner's: "seeing someone, Dr Lee, about my back"."""
_UNTITLED = rf"(?!(?:{_TITLES})\b)"
_TOGETHER = (r"\b(?:we're|we\s+are|we've\s+been|we\s+have\s+been)\s+(?:together|a\s+couple|"
             r"dating)\b(?!\s+(?:of|all|the\s+whole|in|at|on|here|there|today|tonight|right\s+now)\b)")
"""A couple said of the two: "we've been together since June" (not "we're working together",
"we've been together all day", "we're together in the queue", "we're a couple of hours
late")."""
_TOGETHER_ES = (r"\b(?:(?:estamos|llevamos)\s+(?:[\w]+\s+){0,2}?(?:juntos|juntas|saliendo)|"
                r"somos\s+(?:pareja|novios))\b(?!\s+(?:todo|toda|en|aqui|alli|hoy|esta)\b)")
"""The same in Spanish: "llevamos juntos dos meses", "somos pareja" (not "trabajamos
juntos", "estamos juntos todo el día", "estamos juntos en la cola")."""
_SINCE = (r"(?=\s*(?:$|[.,;:!?)])|\s+(?:since|for\s+(?:[\w-]+\s+){0,2}?(?:years?|months?|"
          r"weeks?|a\s+while|ages|long)|now)\b)")
""""Together" said as a couple: closing the clause or with how long ("have been together
since May"), not "together all day at the office"."""

_STARTS: tuple[Regex, ...] = tuple(lazy_regex(p) for p in (
    rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:dating|going\s+out\s+with|engaged\s+to|"
    rf"married\s+to)\s+{_NAME}",
    rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:started|begun|began|been)\s+"
    rf"(?:dating|seeing|going\s+out\s+with)\s+{_NAME}",
    rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:got\s+)?(?:married|engaged)\s+"
    rf"to\s+{_NAME}",
    rf"\bi(?:'ve|\s+have)?\s+{_ADV}married\s+{_NAME}",
    rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}went\s+on\s+(?:a|our\s+first|"
    rf"another|a\s+second|a\s+third)\s+date\s+with\s+{_NAME}",
    rf"{_NAME}\s+and\s+i\s+(?:{_ADV}(?:went\s+on\s+(?:a|our\s+first|another|a\s+second)\s+date|"
    r"got\s+(?:together|engaged|married)|started\s+(?:dating|going\s+out|seeing\s+each\s+other)|"
    r"made\s+it\s+official)|(?:are|'re)\s+(?:now\s+)?(?:dating|together|engaged|a\s+couple|"
    r"official|seeing\s+each\s+other))\b",
    rf"\b(?:i'm|i\s+am)\s+{_ADV}in\s+a\s+(?:new\s+)?relationship\s+with\s+{_NAME}",
    rf"{_NAME}\s+and\s+i\s+(?:have|'ve)\s+been\s+(?:dating|together{_SINCE}|seeing\s+each\s+"
    r"other|going\s+out)\b",
    rf"\bmy\s+(?:new\s+)?{_PARTNER_NOUN}\s*(?:,\s*|\s+)(?!is\b|was\b|and\b){_NAME}",
    rf"{_NAME}\s+is\s+(?:now\s+)?my\s+(?:new\s+)?{_PARTNER_NOUN}\b",
    # Spanish
    rf"\b(?:(?:estoy|estamos)\s+saliendo|salgo|he\s+empezado\s+a\s+salir|empece\s+a\s+salir)"
    rf"\s+con\s+{_NAME}",
    rf"\b(?:me\s+(?:he\s+)?(?:casado|case|comprometido|comprometi)|nos\s+(?:hemos\s+)?"
    rf"(?:casado|casamos))\s+con\s+{_NAME}",
    rf"\b(?:tuve|he\s+tenido)\s+una\s+cita\s+con\s+{_NAME}",
    rf"\b(?:estoy|estamos)\s+(?:ahora\s+)?en\s+una\s+relacion\s+con\s+{_NAME}",
    rf"{_NAME}\s+y\s+yo\s+(?:(?:ya\s+|ahora\s+)?estamos\s+(?:saliendo|juntos|juntas)|salimos|"
    r"llevamos\s+(?:saliendo|juntos|juntas)\b|"
    r"somos\s+(?:pareja|novios)|nos\s+(?:hemos\s+)?(?:casado|comprometido|casamos)|"
    r"(?:tuvimos|hemos\s+tenido)\s+una\s+cita)\b",
    # "tengo novio nuevo: Andrés", "tengo una novia nueva, Lucía" (a name closing the
    # clause; the English "I've got a girlfriend now, Lucía" is read above)
    rf"\btengo\s+(?:(?:un|una)\s+)?(?:nuev[oa]\s+)?{_PARTNER_NOUN}(?:\s+nuev[oa])?\s*[,:]\s*"
    rf"{_PLAIN_NAME}{_NAME_ENDS}",
    # "I'm with Theo now, we've been together since June", "estoy con Andrés, llevamos
    # juntos dos meses" (together said in the sentence: "I'm with Tom at the bar" is company)
    rf"\b(?:i'm|i\s+am)\s+{_ADV}with\s+{_PLAIN_NAME}(?=(?:\s+now)?\s*[,;:-]\s*[^.;!?]*?"
    rf"{_TOGETHER})",
    rf"\b(?:ahora\s+)?estoy\s+(?:ahora\s+)?con\s+{_PLAIN_NAME}(?=(?:\s+ahora)?\s*[,;:-]\s*"
    rf"[^.;!?]*?{_TOGETHER_ES})",
    rf"\bmi\s+(?:nuev[oa]\s+)?{_PARTNER_NOUN}\s*(?:,\s*|\s+)(?!es\b|era\b|y\b){_NAME}",
    rf"{_NAME}\s+es\s+(?:ahora\s+)?mi\s+(?:nuev[oa]\s+)?{_PARTNER_NOUN}\b",
    # the name set after "someone (new)" by commas: "I'm dating someone new, Mateo, a doctor
    # ...", "estoy saliendo con alguien, Mateo." (not "seeing someone, Dr Lee, about my back")
    rf"(?:\b(?:i'm|i\s+am|we're|we\s+are|i've\s+been|i\s+have\s+been|i\s+(?:started|began))\s+|"
    rf"{CLAUSE_START}(?:(?:been|started|began)\s+)?)"
    rf"{_ADV}(?:dating|seeing|going\s+out\s+with)\s+(?:someone|somebody)(?:\s+new)?\s*[,:]\s*"
    rf"{_UNTITLED}{_NAME}(?=\s*(?:$|[.,;:!?)(]|-|\s+(?:and|who|"
    r"from|since)\b))(?!.*\b(?:about|regarding)\s+my\b)",
    rf"\b(?:(?:estoy|estamos)\s+saliendo|salgo|he\s+empezado\s+a\s+salir|empece\s+a\s+salir)"
    rf"\s+con\s+alguien(?:\s+nuev[oa])?\s*[,:]\s*{_NAME}(?=\s*(?:$|[.,;:!?)(]|-|\s+(?:y|que|"
    r"de|desde)\b))",
    # the partner named by "my girlfriend is Maya", "mi novia ahora es Claudia" (a name closing
    # the clause, no nationality: "my wife is Italian" names no one)
    rf"\bmy\s+(?:new\s+)?{_PARTNER_NOUN}\s+(?:is|'s)\s+(?:now\s+)?{_PLAIN_NAME}{_NAME_ENDS}",
    rf"\bmi\s+(?:nuev[oa]\s+)?{_PARTNER_NOUN}\s+(?:ahora\s+)?es\s+(?:ahora\s+)?{_PLAIN_NAME}{_NAME_ENDS}",
    # "I'm seeing a guy called Ravi", "salgo con una chica que se llama Sara"
    rf"\b(?:i'm|i\s+am|we're|i've\s+been|i\s+have\s+been|i\s+(?:started|began))\s+{_ADV}"
    rf"(?:dating|seeing|going\s+out\s+with)\s+(?:a|this)\s+(?:(?:\w+\s+)?(?:guy|girl|man|woman|"
    rf"lad|bloke|chap|boy|lady))\s+(?:called|named)\s+{_NAME}",
    rf"\b(?:(?:estoy|estamos)\s+saliendo|salgo|he\s+empezado\s+a\s+salir|empece\s+a\s+salir)"
    rf"\s+con\s+(?:un|una)\s+(?:chico|chica|hombre|mujer|tio|tia)\s+(?:que\s+se\s+llama|"
    rf"llamad[oa])\s+{_NAME}",
))
"""A partner taken up or held, named."""

_ENDS: tuple[tuple[Regex, str, str], ...] = tuple(
    (lazy_regex(p), named, alone) for p, named, alone in (
        (rf"{_NAME}\s+and\s+i\s+(?:have\s+|'ve\s+)?{_ADV}(?:broke|broken|split)\s+up\b",
         "none (broke up with {})", ""),
        (rf"{_NAME}\s+and\s+i\s+(?:are|'re)\s+(?:over|separated|divorced|getting\s+"
         r"divorced|separating)\b", "none (broke up with {})", ""),
        # said in passing, to a friend: "Dev and I are done", "Hana and I called it quits"
        # (the clause must end: "are done with the kitchen" is a job finished; "I'm no
        # longer with Acme" is as often a firm or a provider, so not read)
        (rf"{_NAME}\s+and\s+i\s+(?:(?:are|'re)\s+(?:done|finished|through|no\s+longer\s+"
         r"together|not\s+together\s+any\s?more)|(?:have\s+|'ve\s+)?(?:called\s+it\s+quits|"
         rf"ended\s+(?:it|things)))(?=\s*(?:$|[.,;:!?)]|\s+(?:now|for\s+good|last|in|on|"
         r"this|after|and|but|so)\b))", "none (broke up with {})", ""),
        (rf"\b(?:it's|it\s+is)\s+(?:all\s+)?over\s+(?:between\s+me\s+and|with)\s+{_NAME}",
         "none (broke up with {})", ""),
        (rf"(?:\bi(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:broke|broken|split)\s+up\s+with\s+"
         rf"{_NAME}", "none (broke up with {})", ""),
        (rf"(?:\b(?:we|i)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:broke|broken|split)\s+up"
         r"(?=\s*(?:$|[.,;:!?)])|\s+(?:last|yesterday|today|this|on|in|a\s+(?:week|month)|after|and|"
         r"but|because|so|over|for\s+good|again)\b)", "", "none (broke up)"),
        (rf"(?:\b(?:i|we)(?:'re|\s+are|'m|\s+am)?\s+|{CLAUSE_START}){_ADV}(?:got|getting)\s+"
         r"divorced\b", "", "none (divorced)"),
        (rf"\b(?:rompi|he\s+roto|rompimos|hemos\s+roto|corte|he\s+cortado)\s+con\s+{_NAME}",
         "ninguna (rompió con {})", ""),
        (rf"{_NAME}\s+y\s+yo\s+(?:lo\s+(?:hemos\s+)?dejado|lo\s+dejamos|hemos\s+roto|rompimos|"
         r"nos\s+(?:hemos\s+)?separado|nos\s+separamos|nos\s+(?:hemos\s+)?divorciado|"
         r"ya\s+no\s+estamos\s+juntos)\b",
         "ninguna (rompió con {})", ""),
        # "lo dejé con Marcos", "ya no salgo con Marcos" (not "ya no estoy con Movistar")
        (rf"\b(?:lo\s+(?:he\s+dejado|deje|hemos\s+dejado|dejamos)|ya\s+no\s+salgo)\s+"
         rf"con\s+{_NAME}", "ninguna (rompió con {})", ""),
        (r"(?:^|[:;,]\s|\by\s)\W*(?:(?:al\s+final|ya|pues)\s+)?(?:hemos\s+roto|rompimos|"
         r"nos\s+(?:hemos\s+)?(?:separado|divorciado)|nos\s+separamos)\b", "",
         "ninguna (ruptura)"),
    ))
"""A partner left: (pattern, value with the name, value without one)."""

_NOT_NAMES = frozenset(
    "someone somebody anyone anybody nobody everyone him her them alguien nadie el ella "
    "my mi the la el a un una".split())

_TOLD_DATING = lazy_regex(
    r"\b(?:(?:i|we)(?:'ve|\s+have)?\s+|^|[:;,.!?]\s)\W*(?:(?:also|just|finally|so|and|um|"
    r"actually)\s+|,\s*)*(?:started\s+(?:dating|seeing)\s+(?:someone|somebody|a\s+(?:guy|girl|"
    r"man|woman))|(?:went|been)\s+on\s+(?:a|another|some)\s+dates?\b|met\s+(?:someone|"
    r"somebody)|(?:have|got)\s+a\s+(?:new\s+)?(?:boyfriend|girlfriend|partner)\b)|"
    r"\b(?:i'm|i\s+am|i've\s+been|i\s+have\s+been)\s+(?:dating|seeing)\s+(?:someone|"
    r"somebody)\b(?!\s+(?:about|regarding|professionally)\b)|"
    r"\b(?:estoy\s+saliendo\s+con\s+alguien|he\s+conocido\s+a\s+alguien|conoci\s+a\s+alguien|"
    r"(?:tuve|he\s+tenido)\s+una\s+cita|tengo\s+(?:novio|novia|pareja))\b|"
    r"\bwe\s+met\s+(?:at|on|through|in)\b")
"""The speaker tells a date or dating naming no one: the next "his name is X" is the partner."""
_NAME_IS = lazy_regex(rf"\b(?:(?:his|her|their)\s+name\s+is|se\s+llama)\s+{_NAME}")
_BARE_NAME = lazy_regex(rf"^\W*{_NAME}\W*$")
"""A sentence that is only a name: "I met someone at the climbing gym. Femi. he's an
engineer"."""
_NAME_THEN_WHO = lazy_regex(
    rf"^\W*(?!(?:{_TITLES}|so|and|well|anyway|y|pues|bueno)\b){_NAME}"
    r"\s*,\s*(?:an?\s|he's\s|she's\s|they're\s|he\s+is\s|she\s+is\s|they\s+are\s|who\s|"
    r"una?\s|es\s|que\s)")
"""A sentence opening with a name said of who they are, in the turn that told the dating:
"I've been seeing someone. Dara, a primary school teacher I met at the swimming group.",
"He conocido a alguien. Andrés, es profesor de historia."."""
_NAME_LAST = lazy_regex(rf",\s*{_UNTITLED}{_NAME}\W*$")
"""A name closing the sentence that tells the dating: "I've been seeing someone new for about
a month, Mei."."""
_OTHERS = lazy_regex(
    r"\b(?:my|our|new|mi|mis|nuestr[oa]s?|nuev[oa])\s+(?:[\w-]+\s+)?(?:friend|colleague|"
    r"coworker|co-worker|boss|manager|neighbou?r|teacher|coach|student|client|patient|"
    r"amig[oa]|compañer[oa]|companer[oa]|jef[ea]|vecin[oa]|profesor[a]?|alumn[oa]|cliente)s?\b|"
    r"\b(?:dog|cat|puppy|pup|kitten|bird|horse|tortoise|turtle|rabbit|hamster|pet|baby|son|"
    r"daughter|nephew|niece|grandson|granddaughter|adopted|adopt|rescue|perr[oa]|gat[oa]|"
    r"cachorro|bebe|hij[oa]|sobrin[oa]|adoptamos|adoptado|adoptada|mascota)s?\b")
"""A turn about one of these names them with "his/her name is" too ("my new boss, her name is
Ana", "we adopted a puppy, her name is Biscuit"): no partner is read."""


_POSSESSIVE = lazy_regex(r"['’]s?$")


def _name(span: Folded, m: re.Match[str]) -> str | None:
    """The name group ``n`` as written, when every word is capitalised and no common word.
    A possessive ends the name and loses its "'s": in "my boyfriend Sam's birthday" the
    partner is Sam (the value was "Sam's")."""
    words = span.original(m.start("n"), m.end("n")).split()
    kept: list[str] = []
    for word in words:
        word = word.strip(".,;:!?\"'()")
        owner = _POSSESSIVE.sub("", word)
        if not owner[:1].isupper() or fold(owner) in STOPWORDS or fold(owner) in _NOT_NAMES \
                or fold(owner) in NOT_NAMES:  # "my wife is Italian"
            break
        kept.append(owner)
        if owner != word:
            break
    return " ".join(kept) or None


_SEEING_NOW = lazy_regex(
    rf"\b(?:i'm|i\s+am|i've\s+been|i\s+have\s+been)\s+{_ADV}seeing\s+"
    rf"{_UNTITLED}{_NAME}"
    r"(?=\s*(?:$|[.,;:!?)]|\s+(?:now|instead|these\s+days)\b))")
""""I'm seeing Lucía now": a partner only after a break-up told in the same sentence ("Ana
and I broke up; I'm seeing Lucía now"); alone it is as often a meeting ("I'm seeing Tom
now, he's at the door")."""

_WITH_NOW = lazy_regex(
    r"^\W*(?:(?:and|but|so|now|anyway|y|pero|ahora|bueno)\s*,?\s+)*(?:(?:i'm|i\s+am|i've\s+been|"
    r"i\s+have\s+been)\s+(?:now\s+)?(?:with|seeing|dating)|(?:estoy|salgo)\s+(?:ahora\s+)?con)\s+"
    rf"(?!(?:{_TITLES}|el|la)\b){_PLAIN_NAME}"
    r"(?=\s*(?:$|[.,;:!?)]|\s+(?:now|instead|these\s+days|ahora|desde|since)\b))")
"""A sentence opening with the one the speaker is with now, after a break-up told earlier in
the same turn: "We broke up in March. Now I'm with Sofía.", "Lo dejamos con Luca. Ahora
estoy con Iván." ("I'm with Tom now" alone is as often company)."""

_STARTS_GATE = Gate(_STARTS, lambda pattern: pattern)
_ENDS_GATE = Gate(_ENDS, lambda end: end[0])
"""Each sentence tries only the patterns whose words it holds (``needles.Gate``): most of them
begin with a name, tried at every word of a sentence that tells no partner at all."""


def partner_facts(span: Folded) -> list[Found]:
    """(match start, "user", "partner", value) for every partner the sentence's speaker says
    they took up or left."""
    out: list[Found] = []
    for pattern in _STARTS_GATE.open_for(span.folded):
        for m in pattern.finditer(span.folded):
            name = _name(span, m)
            if name is not None:
                out.append((m.start(), "user", "partner", name))
    ends: list[Found] = []
    for pattern, named, alone in _ENDS_GATE.open_for(span.folded):
        for m in pattern.finditer(span.folded):
            if "n" in pattern.groupindex:
                name = _name(span, m)
                if name is not None:
                    ends.append((m.start(), "user", "partner", named.format(name)))
            elif not ends:  # "Luca and I broke up" is one ending, with his name
                ends.append((m.start(), "user", "partner", alone))
    if ends:  # "Ana and I broke up; I'm seeing Lucía now": the one after the ending
        for m in _SEEING_NOW.finditer(span.folded, min(f[0] for f in ends)):
            name = _name(span, m)
            if name is not None:
                out.append((m.start(), "user", "partner", name))
    return out + ends


def tells_a_name(text: str) -> bool:
    """Whether ``text`` names someone by "his/her name is", "se llama": only then is the
    speaker's turn before it read (``named_partner``)."""
    return _NAME_IS.search(fold(text)) is not None


def named_partner(span: Folded, told_before: bool, turn: str) -> Found | None:
    """(start, "user", "partner", the name) for "his name is Keoni" in ``span`` when the
    speaker told a date or dating naming no one (``told_before``: in their turn before, or
    earlier in this ``turn``), and the turn names no pet, child, friend or colleague; or for
    a sentence that is only a name, in the turn that told the dating ("I met someone at the
    climbing gym. Femi.", "I've been seeing someone. Dara, a teacher I met ...")."""
    m = _NAME_IS.search(span.folded)
    if m is None and tells_dating(turn) and not tells_dating(span.folded):
        # the name alone, or opening a sentence of who they are after a dating said as
        # dating ("I met someone at the conference. Jenkins, a planner, ..." is no date)
        m = _BARE_NAME.match(span.folded) or (
            _NAME_THEN_WHO.match(span.folded) if _dating_said(turn) else None)
    if m is None and tells_dating(span.folded):
        m = _NAME_LAST.search(span.folded)  # "seeing someone new for a month, Mei."
    with_now = m is None
    if with_now:  # "We broke up in March. Now I'm with Sofía."
        m = _WITH_NOW.match(span.folded)
        m = m if m is not None and _ended_before(span, turn) else None
        told_before = told_before or m is not None
    if m is None or _OTHERS.search(fold(turn)) or not told_before:
        return None
    if with_now and _A_JOB_TOLD.search(fold(turn)):
        return None  # "Switched jobs after we split up. Now I'm with Initech."
    name = _name(span, m)
    if name is None or not _a_name(name):
        return None  # "we went on a date. Friday.", "Honestly, he's lovely."
    return (m.start(), "user", "partner", name)


_A_JOB_TOLD = lazy_regex(
    r"\b(?:as\s+an?|jobs?|work(?:s|ed|ing)?|company|firm|hired|employer|position|contract|"
    r"como\s+(?:un|una)?\s*[a-z]+(?:or|ora|ista|ero|era|ente|ante)\b|trabajo|trabaj\w+|"
    r"empresa|empleo|puesto|curro|contrat\w+)\b")
"""Work told in the turn: "Now I'm with Spotify, as a backend engineer" is a firm, not a
partner."""
_OPENERS = frozenset(
    """anyway anyhow however meanwhile besides honestly luckily sadly thankfully hopefully
    yesterday today tomorrow tonight later then now well still also oh ok okay yes yeah no
    ayer hoy manana anoche luego despues entonces ademas claro bueno pues total vale si
    sinceramente obviamente afortunadamente""".split())
"""Words opening a sentence with a comma that are no one's name ("Ayer, una tormenta")."""


def _a_name(name: str) -> bool:
    """Whether ``name`` may be a person's: no month or weekday ("Friday."), relative ("Mum"),
    sentence adverb ("Honestly,", "Luckily,", "Sinceramente,") or opener ("Ayer,")."""
    first = fold(name.split()[0]).lower()
    if first in MONTHS or first in WEEKDAYS or first in KIN_WORDS or first in _OPENERS:
        return False
    if first.endswith("mente") and len(first) > 7:  # "sinceramente", "finalmente"
        return False
    stem = first.removesuffix("ly")
    # an "-ly" adverb of a common word ("honestly", "luckily", "basically"), not "Emily",
    # "Kelly", "Holly" (no common word under them)
    under = (stem, stem[:-1] + "y", stem.removesuffix("al"), stem + "le")
    return not (stem != first and len(stem) >= 3
                and any(len(w) >= 4 and is_common_word(w) for w in under))


_MET = lazy_regex(r"\bmet\b|\bconoc")


def _dating_said(text: str) -> bool:
    """The text tells dating in words of dating, not only of meeting: "I've been seeing
    someone", "estoy saliendo con alguien" (not "I met someone", "he conocido a alguien")."""
    return any(_MET.search(m.group(0)) is None for m in _TOLD_DATING.finditer(fold(text)))


def _ended_before(span: Folded, turn: str) -> bool:
    """Whether the turn told a break-up before the sentence ``span``."""
    at = turn.find(span.text)
    before = fold(turn[:at]) if at > 0 else ""
    return bool(before) and any(pattern.search(before) for pattern, _, _ in _ENDS)


def tells_dating(text: str) -> bool:
    """The text tells a date or dating naming no one ("I started dating someone??", "And,
    um, I went on a date.", "tuve una cita")."""
    return _TOLD_DATING.search(fold(text)) is not None
