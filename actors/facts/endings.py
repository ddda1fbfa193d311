"""Sentences that end a value ("I'm no longer vegetarian", "sold my car", "I quit my job").

Without them a stated value stays the attribute's current value until a new one is stated, so
"What car does the user drive?" kept answering a car sold months ago. An ending is recorded as
one more value on the attribute's timeline, in the sentence's language, always opening with
"none"/"ninguno"/"ninguna" ("none (no longer vegetarian)", "none (sold or given away)",
"ninguno (despedido)"): the timeline needs no new kind of event, the old value becomes history
the usual way, and the answer says in words what happened. The negation is never the value
itself ("ya no vegetariana" read as a diet), and an ending told with the new value ("Ya no soy
vegetariana, ahora soy pescetariana", "I sold the Skoda, now I drive a Toyota") is no fact:
the new value ends the old one (``patterns.extract_facts`` drops it).

The patterns are deliberately narrow: the thing that ended is named by its noun (car, phone,
laptop, job, a diet word) or by a known make written as a name ("sold the old Toyota Yaris",
``makes``), never guessed from a company, so "I quit Twitter" ends nothing. Matches start at
the speaker ("I", "we", "ya") so the negation inside the ending is not read as a negated
lead-in by ``values.is_hypothetical``, while "if I sold my car" still is. Pure functions; no
I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from actors.facts.makes import MAKE, NOT_MODELS, kind_of
from actors.facts.needles import Gate
from actors.facts.values import CLAUSE_START, Folded
from actors.lazy_re import Regex, lazy_regex

_I = (rf"(?:{CLAUSE_START}|\b(?:i|we)(?:'ve|\s+have)?\s+"
      r"(?:(?:just|recently|finally|already|also|actually)\s+)?)")
"""The speaker, or nothing at a sentence's or clause's start ("2026-05-02: Sold my car")."""
_DIET = r"vegetarian|vegan|pescatarian|pescetarian|flexitarian"
_DIET_ES = r"(?:vegetarian|vegan|pescetarian|flexitarian)[oa]s?"
_AFTER = (r"(?=\s*(?:$|[.,;:!?)])|\s+(?:to|on|at|for|in|last|yesterday|before|after|and|but|"
          r"because|when|since|so|now|any\s*more|this|today|recently|online|back|off|away|"
          r"was|got|is|has|had|died|broke|y|pero|porque|en|a|el|la|ayer|hoy|hace|antes|"
          r"despues|ya)\b)")
"""What may follow the noun of a thing that ended: the clause goes on or stops, so "my car"
is the car, and "my car seat", "my phone case", "a computer science degree" are not."""
_NOW = r"(?:(?:now|finally|actually|also|just)\s+)?"
_THING = r"(?P<a>phone|mobile|car|laptop|computer)" + _AFTER
_THING_ES = r"(?P<a>movil|telefono|coche|portatil|ordenador)" + _AFTER
_ATTRIBUTE = {"phone": "phone", "mobile": "phone", "movil": "phone", "telefono": "phone",
              "car": "car", "coche": "car", "laptop": "laptop", "computer": "laptop",
              "portatil": "laptop", "ordenador": "laptop"}
_WORKPLACE = r"(?:\s+(?:at|with|en)\s+(?P<x>.+))?"
_NAME_RUN = lazy_regex(
    r"(?:[A-ZÁÉÍÓÚÑ][\w&.'-]*)(?:\s+(?:de\s+|del\s+|of\s+|&\s+)?[A-ZÁÉÍÓÚÑ0-9][\w&.'-]*)*")
"""A workplace's name as written: capitalised words ("Lumen Freight", "Banco de España")."""

Found = tuple[int, str, str, str]
_Value = Callable[[Folded, re.Match[str]], str]


def _diet(template: str) -> _Value:
    return lambda span, m: template.format(span.original(m.start("d"), m.end("d")).lower())


def _fixed(value: str) -> _Value:
    return lambda _span, _m: value


def _left(template: str, alone: str | None) -> _Value:
    """The workplace named after the ending, when it is a name ("at Acme last Friday" ->
    "Acme"); otherwise ``alone`` ("at 5pm", "en casa": no workplace), or no fact when None."""
    def value(span: Folded, m: re.Match[str]) -> str:
        if m.group("x") is not None:
            name = _NAME_RUN.match(span.original(m.start("x"), m.end("x")).lstrip())
            if name is not None:
                return template.format(name.group(0).rstrip(".'"))
        return alone or ""

    return value


def _r(text: str) -> Regex:
    return lazy_regex(text)


_ENDINGS: tuple[tuple[str, Regex, _Value], ...] = (
    # diet
    ("diet", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+no\s+longer\s+(?:a\s+)?(?P<d>{_DIET})\b"),
     _diet("none (no longer {})")),
    ("diet", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+not\s+(?:a\s+)?(?P<d>{_DIET})"
                r"\s+any\s*more\b"), _diet("none (no longer {})")),
    ("diet", _r(rf"{_I}(?:stopped|quit|gave\s+up|given\s+up)\s+being\s+(?:a\s+)?(?P<d>{_DIET})\b"),
     _diet("none (no longer {})")),
    # "Ate a burger today. Not vegetarian any more.": the speaker left out
    ("diet", _r(rf"{CLAUSE_START}not\s+(?:a\s+)?(?P<d>{_DIET})\s+any\s*more\b"),
     _diet("none (no longer {})")),
    ("diet", _r(rf"\bya\s+no\s+(?:soy|somos)\s+(?P<d>{_DIET_ES})\b"),
     _diet("ninguna (ya no {})")),
    ("diet", _r(rf"\b(?:deje|dejamos|he\s+dejado|hemos\s+dejado)\s+de\s+ser\s+(?P<d>{_DIET_ES})\b"),
     _diet("ninguna (ya no {})")),
    # eating meat again ends any meat-free diet: "I started eating meat again", "he vuelto a
    # comer carne", "volví a comer carne"
    ("diet", _r(rf"{_I}(?:started|begun|began|went\s+back\s+to|gone\s+back\s+to)\s+eating"
                r"\s+(?:meat|chicken|red\s+meat)(?:\s+again)?\b"), _fixed("eats meat again")),
    ("diet", _r(r"\b(?:i|we)\s+(?:eat|am\s+eating|'m\s+eating)\s+meat\s+again\b"),
     _fixed("eats meat again")),
    ("diet", _r(r"\b(?:he|hemos)\s+vuelto\s+a\s+comer\s+(?:carne|pollo)\b|"
                r"\b(?:volvi|volvimos)\s+a\s+comer\s+(?:carne|pollo)\b"),
     _fixed("vuelve a comer carne")),
    # fish again ends a vegetarian diet: "como pescado otra vez", "I eat fish again"
    ("diet", _r(r"\b(?:i|we)\s+(?:eat|am\s+eating|'m\s+eating|started\s+eating|went\s+back\s+to"
                r"\s+eating)\s+fish\s+again\b"), _fixed("eats fish again")),
    ("diet", _r(r"\b(?:vuelvo|volvemos|volvi|volvimos|(?:he|hemos)\s+vuelto)\s+a\s+comer\s+"
                r"pescado\b|\b(?:como|comemos)\s+pescado\s+(?:otra\s+vez|de\s+nuevo)\b"),
     _fixed("vuelve a comer pescado")),
    # things the user had
    ("", _r(rf"{_I}(?:sold|got\s+rid\s+of|gave\s+away|given\s+away|scrapped)\s+(?:my|our|the)"
            rf"\s+(?:old\s+)?{_THING}\b"), _fixed("none (sold or given away)")),
    ("", _r(rf"{_I}(?:sold|got\s+rid\s+of|gave\s+away|scrapped)\s+(?:my|our|the)"
            rf"\s+(?:old\s+)?(?P<m>{MAKE})"), _fixed("none (sold or given away)")),
    # a sale under way: "No, I'm selling the Ibiza", "we're selling our car", "estoy vendiendo
    # el coche": the thing is going, and the next car told is the one the user has (a plan
    # said as one, "I might sell", "thinking of selling", is not read)
    ("", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_NOW}selling\s+(?:my|our|the)"
            rf"\s+(?:old\s+)?{_THING}\b"), _fixed("none (being sold)")),
    ("", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_NOW}selling\s+(?:my|our|the)"
            rf"\s+(?:old\s+)?(?P<m>{MAKE})"), _fixed("none (being sold)")),
    ("", _r(rf"\b(?:estoy|estamos)\s+vendiendo\s+(?:el|la|mi|nuestro|nuestra)\s+"
            rf"(?:viejo\s+|vieja\s+)?{_THING_ES}\b"), _fixed("ninguno (en venta)")),
    ("", _r(rf"\b(?:estoy|estamos)\s+vendiendo\s+(?:el|la|mi|nuestro|nuestra)\s+"
            rf"(?:viejo\s+|vieja\s+)?(?P<m>{MAKE})"), _fixed("ninguno (en venta)")),
    ("", _r(rf"\bmy\s+(?:old\s+)?{_THING}\s+(?:was|got)\s+"
            r"(?:stolen|written\s+off|totaled|totalled)"),
     _fixed("none (lost)")),
    ("", _r(rf"\b(?:i|we)\s+(?:no\s+longer|don't|do\s+not)\s+(?:have|own)\s+an?\s+{_THING}\b"),
     _fixed("none")),
    ("", _r(rf"\b(?:vendi|vendimos|he\s+vendido|hemos\s+vendido|regale|he\s+regalado)\s+"
            rf"(?:el|la|mi|nuestro|nuestra)\s+(?:viejo\s+|vieja\s+)?{_THING_ES}\b"),
     _fixed("ninguno (vendido o regalado)")),
    ("", _r(rf"\bya\s+no\s+(?:tengo|tenemos)\s+{_THING_ES}\b"), _fixed("ninguno")),
    # "No tengo coche ahora, me muevo en bici": the present state, as "I don't have a car"
    # (not "no tengo coche hoy", "no tengo el coche": a day's or a thing's whereabouts)
    ("", _r(r"(?:^|[:;,.]\s|\b(?:y|pero|ahora|todavia|aun)\s)\W*no\s+(?:tengo|tenemos)\s+"
            r"(?P<a>movil|coche|portatil|ordenador)(?=\s*(?:$|[.,;:!?)])|\s+(?:ahora|ya|desde|"
            r"y|pero|asi\s+que|porque)\b)"), _fixed("ninguno")),
    ("", _r(rf"\b(?:vendi|vendimos|he\s+vendido|hemos\s+vendido)\s+(?:el|la|mi|nuestro|"
            rf"nuestra)\s+(?:viejo\s+|vieja\s+)?(?P<m>{MAKE})"),
     _fixed("ninguno (vendido o regalado)")),
    # work
    ("employer", _r(rf"{_I}(?:left|quit|resigned\s+from)\s+my\s+(?:job|position|role)"
                    rf"{_WORKPLACE}"), _left("none (left {})", "none (left the job)")),
    ("employer", _r(rf"{_I}(?:handed\s+in|gave|given|put\s+in|turned\s+in)\s+(?:my\s+)?"
                    rf"(?:notice|resignation){_WORKPLACE}"),
     _left("none (left {})", "none (left the job)")),
    ("employer", _r(r"\b(?:i|we)\s+(?:no\s+longer|don't|do\s+not)\s+work\s+(?:at|for)\s+(?P<x>.+?)"
                    r"(?:\s+any\s*more)?\W*$"), _left("none (left {})", None)),
    ("employer", _r(r"\bya\s+no\s+trabajo\s+(?:en|para)\s+(?P<x>.+)"),
     _left("ninguno (dejó {})", None)),
    ("employer", _r(r"(?:\bi\s+(?:was|got|have\s+been|'ve\s+been|just\s+got)|(?:^|[:;]\s)\W*"
                    r"(?:(?:just|finally|so|welp|well|ugh)\W+)*(?:got|was|been))\s+(?:laid\s+off|"
                    r"fired(?!\s+up)|let\s+go(?!\s+of)|made\s+redundant)\b"
                    r"(?:\s+(?:from|at|by)\s+(?P<x>.+))?"),
     _left("none (laid off from {})", "none (laid off)")),
    # "they laid me off", "Stratum let me go today", "I lost my job (at X)"
    ("employer", _r(r"\b(?:they|\w+)\s+(?:just\s+|finally\s+)?(?:laid\s+me\s+off|let\s+me\s+go)"
                    r"(?=\s*(?:$|[.,;:!?)])|\s+(?:today|yesterday|this|last|on|after|from)\b)"),
     _fixed("none (laid off)")),
    ("employer", _r(rf"{_I}lost\s+my\s+job{_WORKPLACE}"),
     _left("none (lost the job at {})", "none (lost the job)")),
    ("employer", _r(r"\bme\s+(?:he\s+)?(?:quedado|quede)\s+sin\s+(?:trabajo|empleo|curro)\b"),
     _fixed("ninguno (sin trabajo)")),
    ("employer", _r(r"\b(?:i'm|i\s+am)\s+(?:now\s+)?(?:unemployed|between\s+jobs)\b"),
     _fixed("none (between jobs)")),
    ("employer", _r(r"\bi(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?retired\s*"
                    r"(?:[.!,;]|$|\s+(?:from|in|last|this|early|at|after)\b)"),
     _fixed("none (retired)")),
    ("employer", _r(rf"\b(?:deje|he\s+dejado)\s+(?:mi\s+(?:trabajo|empleo|puesto)|el\s+empleo)"
                    rf"{_WORKPLACE}"),
     _left("ninguno (dejó {})", "ninguno (dejó el trabajo)")),
    # "me despidieron" said of oneself at a clause's start ("Mis amigos me despidieron en la
    # estación" is a farewell), and not "con una fiesta"
    ("employer", _r(r"(?:^|[:;,]\s)\W*(?:(?:ayer|hoy|ya|al\s+final|finalmente)\s+)?me\s+"
                    r"(?:han\s+)?(?:despidieron|despedido)(?=\s*(?:$|[.,;!])|\s+(?:del?|ayer|"
                    r"hoy|la|el|hace)\b)(?:\s+del?\s+(?P<x>.+))?"),
     _left("ninguno (despedido de {})", "ninguno (despedido)")),
    # "me echaron de Zara": a workplace by its name ("me echaron de casa" is no job)
    ("employer", _r(r"(?:^|[:;,]\s)\W*(?:(?:ayer|hoy|ya|al\s+final|finalmente)\s+)?me\s+"
                    r"(?:han\s+)?(?:echaron|echado)\s+del?\s+(?P<x>.+)"),
     _left("ninguno (despedido de {})", None)),
    ("employer", _r(rf"{_I}resigned\s+from\s+(?P<x>(?!my\b|the\s+board\b).+)"),
     _left("none (left {})", None)),
    ("employer", _r(r"\bestoy\s+(?:en\s+(?:el\s+)?paro|sin\s+trabajo|desemplead[oa])\b"),
     _fixed("ninguno (sin trabajo)")),
    ("employer", _r(r"\bme\s+(?:he\s+)?jubil(?:e|ado)\b"), _fixed("ninguno (jubilado)")),
)


_LEFT_NAMED: tuple[tuple[Regex, str], ...] = (
    (_r(r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|officially|actually)\s+)?"
        r"(?:quit|left|walked\s+out\s+of)\s+(?P<x>.+)"), "none (left {})"),
    (_r(r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:finally|officially|actually)\s+)?"
        r"(?:leaving|quitting)\s+(?P<x>.+)"), "none (left {})"),
    (_r(r"\b(?:deje|dejamos|he\s+dejado|hemos\s+dejado|renuncie\s+a|he\s+renunciado\s+a|"
        r"me\s+fui\s+de|me\s+he\s+ido\s+de|me\s+marche\s+de|dejo|me\s+voy\s+de)\s+"
        r"(?P<x>.+)"),
     "ninguno (dejó {})"),
)
"""A workplace left, named by its name only ("I quit the BBC", "Dejé Telefónica", "I'm
leaving Farmacia Pocitos", "dejo Telefónica"): as often
a place, a network or a habit ("I left London", "I quit Twitter"), so it is an ending only
beside a new job the same text starts later (``left_named``'s caller decides)."""
NAMED = r"(?P<s>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)"
"""A person named before the verb ("Marta", "amigo Jorge": the caller keeps the name)."""
_LEFT_BY_NAMED: tuple[tuple[Regex, str], ...] = (
    (_r(rf"\b{NAMED}\s+(?:has\s+)?(?:(?:just|finally|officially|actually)\s+)?"
        r"(?:quit|left|walked\s+out\s+of)\s+(?P<x>.+)"), "none (left {})"),
    (_r(rf"\b{NAMED}\s+(?:dejo|ha\s+dejado|renuncio\s+a|ha\s+renunciado\s+a|se\s+fue\s+de|"
        r"se\s+ha\s+ido\s+de|se\s+marcho\s+de)\s+(?P<x>.+)"), "ninguno (dejó {})"),
)
"""The same, said of a named person ("Marta left Deloitte", "Jorge dejó Indra"): an ending
of that person's job on the same terms (a new job the same text starts later)."""
Named = Callable[[Folded, re.Match[str]], str | None]
_ARTICLE = lazy_regex(r"(?:the|el|la)\s+", re.IGNORECASE)


_LEFT_NAMED_GATE = Gate(_LEFT_NAMED, lambda rule: rule[0])
_LEFT_BY_NAMED_GATE = Gate(_LEFT_BY_NAMED, lambda rule: rule[0])


def left_named(span: Folded, named: Named | None = None) -> list[Found]:
    """(match start, "user", "employer", "none (left <name>)") for each workplace left by its
    name: capitalised words after an optional article ("the BBC", "Globex", "la Caixa"; not
    "my job", "smoking", "the office"). With ``named`` (the person a match's group ``s``
    names, or None), also a named person's ("Marta left Deloitte": subject "Marta")."""
    out: list[Found] = []
    gates = (_LEFT_NAMED_GATE, _LEFT_BY_NAMED_GATE) if named is not None \
        else (_LEFT_NAMED_GATE,)
    for pattern, template in (rule for gate in gates for rule in gate.open_for(span.folded)):
        for m in pattern.finditer(span.folded):
            subject = "user"
            if "s" in pattern.groupindex and named is not None:
                who = named(span, m)
                if who is None:
                    continue  # "My sister left Deloitte", "He quit Globex": no name
                subject = who
            said = span.original(m.start("x"), m.end("x")).lstrip()
            article = _ARTICLE.match(said)
            lead = article.group(0) if article else ""
            name = _NAME_RUN.match(said, len(lead))
            if name is not None:
                at = m.end("s") if "s" in pattern.groupindex else m.start()
                out.append((at, subject, "employer",
                            template.format(lead + name.group(0).rstrip(".'"))))
    return out


_ENDED = lazy_regex(r"^(?:none|ninguno|ninguna)\b")


def is_ending(value: str) -> bool:
    """Whether a value says the attribute ended ("none (sold or given away)", "ninguna (ya
    no vegetariana)"): no value of its own, so a new value told with it wins."""
    return bool(_ENDED.match(value))


_ENDINGS_GATE = Gate(_ENDINGS, lambda ending: ending[1])
"""A sentence tries only the endings whose words it holds (``needles.Gate``)."""


def ending_facts(span: Folded) -> list[Found]:
    """(match start, "user", attribute, value) for every ending stated in a sentence."""
    out: list[Found] = []
    for attribute, pattern, value_of in _ENDINGS_GATE.open_for(span.folded):
        for m in pattern.finditer(span.folded):
            if "m" in pattern.groupindex:  # a make, written as a name ("the old Toyota")
                made = span.original(m.start("m"), m.end("m"))
                after = re.findall(r"\w+", span.folded[m.end("m"):])[:1]
                if not any(c.isupper() for c in made) or set(after) & NOT_MODELS:
                    continue  # "the mini fridge", "my Golf clubs"
                name = kind_of(m.group("m")) or ""
            else:
                name = attribute or _ATTRIBUTE[m.group("a")]
            value = value_of(span, m)
            if value:
                out.append((m.start(), "user", name, value))
    return out


_SPANISH_REASONS: tuple[tuple[Regex, str], ...] = tuple(
    (lazy_regex(pattern, re.IGNORECASE), english) for pattern, english in (
        (r"^rompió con (?P<x>.+)$", "broke up with {x}"),
        (r"^ruptura$", "broke up"),
        (r"^ya no (?P<x>vegetarian|vegan|pescetarian|flexitarian)[oa]s?$", "no longer {x}"),
        (r"^dejó el trabajo$", "left the job"),
        (r"^despedido de (?P<x>.+)$", "laid off from {x}"),
        (r"^despedido$", "laid off"),
        (r"^sin trabajo$", "out of work"),
        (r"^jubilado$", "retired"),
        (r"^vendido o regalado$", "sold or given away"),
        (r"^en venta$", "being sold"),
        (r"^dejó (?:el |la |los |las )?(?P<x>.+)$", "{left} {x}"),
    ))
"""The Spanish endings' reasons (``_ENDINGS``, ``_LEFT_NAMED``, ``partners``,
``activities``) in English: a reply in English told "'ninguna (rompió con Javier)'" as if it
were a partner's name."""
_REASON = lazy_regex(r"^(?:none|ninguno|ninguna)\s*(?:\((?P<r>.*)\))?\s*$")


def ended_reason(value: str, attribute: str = "") -> str | None:
    """Why an ending's attribute ended, in English ("broke up with Javier", "sold or given
    away", "gave up yoga"), "" when the ending gives no reason ("ninguno"), None when
    ``value`` is no ending. The reply then says the fact ended, and never quotes the ending
    as if it were a value (a partner called 'none (broke up with Sam)')."""
    m = _REASON.match(value.strip())
    if m is None or not is_ending(value):
        return None
    reason = (m.group("r") or "").strip()
    for pattern, english in _SPANISH_REASONS:
        said = pattern.match(reason)
        if said is not None:
            left = "gave up" if attribute.startswith("activity:") else "left"
            return english.format(left=left, **said.groupdict())
    return reason
