"""Job changes told in passing, in English and Spanish: going freelance, signing with a firm,
leading a team.

A chat with an assistant tells a career in asides: "I quit Brightline last Friday! I'm going
freelance as a data consultant.", "I signed with Tránsito Labs here in Madrid as a senior data
analyst", "I'm now leading the pricing analytics squad at Tránsito". Without them the employer
and the role stayed the first job's for a year, and "Who's my employer at the moment?" was
answered from it with confidence.

- **Going freelance** ("I'm going freelance", "I went freelance", "I'm self-employed now", "me
  he hecho autónoma", "trabajo por mi cuenta") is the employer 'self-employed (freelance)' /
  'autónomo (por cuenta propia)', and a role told with it ("as a data consultant") the role.
  Not a side job ("freelancing on the side", "as well", "part-time": the job stays).
- **Signing with a firm** ("I signed with Tránsito Labs as a senior data analyst", "signed a
  contract with Acme", "firmé con Indra como analista") names the employer: a name written
  capitalised, and the sentence must say it is a job (a role after "as"/"como", or a
  contract or an offer signed). "I signed with Penguin for my novel" is no job of the speaker's.
- **A job got or started as a role at a firm** ("got a job as an archivist at the Narragansett
  Maritime Archive", "I just started as a structural engineer at Halcrow Partners", "conseguí
  trabajo de camarera en el Hotel Palace", "empecé como enfermera en el Hospital del Mar"): the
  role and the firm, its name written capitalised.
- **A new job said with its firm** ("my new job at Kestrel Foods starts Monday", "mi nuevo
  trabajo en Inditex", "conseguí el trabajo en Indra"): the firm, a name written capitalised.
- **Leading a team** ("I'm now leading the pricing analytics squad at Tránsito", "I now head
  the data team", "ahora lidero el equipo de datos") is the role '<team> lead' ('líder del
  equipo de datos'), and the firm after "at" the employer. The team noun must end the phrase
  ("leading the team meeting" is a meeting).

The role nouns are ``patterns``' (``JobChanges`` is built there with them). Pure functions;
no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from actors import regions
from actors.dates import MONTHS, WEEKDAYS
from actors.facts.values import Folded
from actors.facts.whose import KIN_WORDS
from actors.lazy_re import Regex, lazy_regex
from actors.text import STOPWORDS, fold

Found = tuple[int, str, str, str]

_NAME_RUN = lazy_regex(
    r"(?:[A-ZÁÉÍÓÚÑ0-9][\w&.'’-]*)(?:\s+(?:de\s+|del\s+|of\s+|&\s+)?[A-ZÁÉÍÓÚÑ0-9][\w&.'’-]*)*")
"""A firm's name as written ("Tránsito Labs", "Banco de España")."""
_SPEAKER = (r"\b(?:i'm|i\s+am|i've|i\s+have|i|we're|we\s+are|we've|we)\s+"
            r"(?:(?:now|just|finally|officially|also|actually|basically)\s+)*")
_FREELANCE = lazy_regex(
    rf"{_SPEAKER}(?:going|gone|went|go)\s+(?:freelance|self-employed|independent)\b|"
    r"\b(?:i'm|i\s+am)\s+(?:(?:now|officially)\s+)?(?:freelancing|self-employed|"
    r"a\s+freelancer|freelance)\b")
_FREELANCE_ES = lazy_regex(
    r"\bme\s+(?:he\s+)?(?:hice|hecho|establecido|estableci)\s+(?:como\s+)?"
    r"(?:autonom[oa]|freelance)\b|\b(?:ahora\s+)?soy\s+(?:autonom[oa]|freelance)\b|"
    r"\b(?:ahora\s+)?trabajo\s+(?:por\s+mi\s+cuenta|como\s+(?:autonom[oa]|freelance))\b")
_ON_THE_SIDE = lazy_regex(
    r"[^.;!?]{0,40}?\b(?:on\s+the\s+side|as\s+well|too|part-time|part\s+time|alongside|"
    r"at\s+weekends|on\s+weekends|a\s+ratos|los\s+fines\s+de\s+semana|ademas)\b")
"""A side job ("freelancing on the side", "autónoma los fines de semana"): the job stays."""
_SIGNED = lazy_regex(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|officially)\s+)?signed\s+"
    r"(?P<c>(?:a|an|the|my|our)\s+(?:new\s+)?(?:job\s+)?(?:contract|offer|deal)\s+)?with\s+|"
    r"\b(?:firme|he\s+firmado|firmamos|hemos\s+firmado)\s+"
    r"(?P<e>(?:el|un|mi)\s+(?:nuevo\s+)?contrato\s+)?con\s+")
_TEAM = (r"(?:team|squad|group|department|unit|division|desk|practice|lab|crew|chapter|"
         r"tribe|office|branch)")
_LEADING = lazy_regex(
    rf"{_SPEAKER}(?:leading|heading|heading\s+up|running|managing|lead|head|run|manage)\s+"
    rf"(?P<t>(?:the|a|our|my)\s+(?:[\w-]+\s+){{1,4}}?{_TEAM})"
    r"(?=\s*(?:$|[.,;:!?)])|\s+(?:at|in|for|now|since|from|of|with|and|here|there)\b)")
_LEADING_ES = lazy_regex(
    r"\b(?:ahora\s+)?(?:lidero|dirijo|coordino|llevo|estoy\s+liderando|estoy\s+dirigiendo)\s+"
    r"(?P<t>(?:el|un|mi|nuestro)\s+(?:equipo|departamento|grupo)(?:\s+de\s+[\w-]+){0,3})"
    r"(?=\s*(?:$|[.,;:!?)])|\s+(?:en|de|desde|ahora|y)\b)")
_I_OR_UNSAID = r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|(?:^|[:;]\s)\W*)"
"""What opens a job got or started: "I", "we", "I've", or nothing at a clause's start ("Got
a job as ...", "Anna: started at Glovo")."""
_GOT_A_JOB = (_I_OR_UNSAID
              + r"(?:(?:just|finally|also|actually)\s+)*(?:got|landed|found|accepted|took|started)"
              r"\s+(?:a|the|my)\s+(?:new\s+)?(?:job|position|role|gig)\s+(?:as|como)\s+")
"""A job got, then its role: "got a job as an archivist at the Maritime Archive in Newport",
"I landed a position as a data engineer with Glovo" (no subject at a clause's start)."""
_GOT_A_JOB_ES = (r"\b(?:consegui|he\s+conseguido|encontre|he\s+encontrado)\s+(?:un\s+)?"
                 r"(?:trabajo|empleo|puesto|curro)\s+(?:de|como)\s+")
_STARTED_AS = (_I_OR_UNSAID
               + r"(?:(?:just|finally|also|actually|recently)\s+)*(?:started|began|begun)"
               r"\s+(?:work(?:ing)?\s+)?as\s+")
"""A job started as a role: "I just started as a structural engineer at Halcrow Partners"
(an outside probe: only the name said in the same turn was read)."""
_STARTED_AS_ES = (r"\b(?:empece|he\s+empezado|comence|he\s+comenzado|entre|he\s+entrado|"
                  r"empiezo|empezare|voy\s+a\s+empezar|comienzo)\s+"
                  r"(?:a\s+trabajar\s+(?:de|como)|como)\s+")
"""The same in Spanish, done or starting now: "empecé como enfermera en ...", "empiezo a
trabajar de técnica de laboratorio en Labersa"."""
_JOB_IN = lazy_regex(
    _I_OR_UNSAID + r"(?:(?:just|finally|also|actually)\s+)*"
    r"(?:got|landed|found|accepted|took|started)\s+(?:a|the|my)\s+(?:new\s+)?(?:job|position|role)"
    r"\s+in\s+(?P<role>(?!(?:the|a|an|my|our)\s)(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:at|with|for)\s+"
    r"(?:the\s+)?|"
    r"\b(?:consegui|he\s+conseguido|encontre|he\s+encontrado|me\s+(?:han\s+)?(?:dado|dieron))\s+"
    r"(?:un\s+|el\s+)?(?:nuevo\s+)?(?:trabajo|empleo|puesto)(?:\s+nuevo)?\s+en\s+"
    r"(?P<campo>(?!(?:el|la|los|las|un|una|mi)\s)(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:en|con|para)\s+"
    r"(?:el\s+|la\s+)?")
"""A job got in a field at a firm: "I got a job in quality control at Laboratorio Celeste",
"conseguí trabajo en control de calidad en Laboratorio Celeste": the field (written in lower
case: "a job in Berlin at Zalando" names a town) is the role, the firm the employer."""
_JOB_AT = lazy_regex(
    _I_OR_UNSAID + r"(?:(?:just|finally|also|actually)\s+)*"
    r"(?:(?:got|landed|found|accepted|took)\s+(?:a|the|my)\s+(?:new\s+)?(?:job|position|role|"
    r"offer)|start|started|begin|began)\s+(?:work(?:ing)?\s+)?(?:at|with)\s+(?:the\s+)?|"
    r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:(?:now|just)\s+)?(?:starting|beginning)\s+"
    r"(?:work(?:ing)?\s+)?(?:at|with)\s+(?:the\s+)?|"
    r"\b(?:empiezo|empece|he\s+empezado|comienzo|entro|entre|he\s+entrado|me\s+incorporo|"
    r"me\s+incorpore)\s+(?:a\s+trabajar\s+)?en\s+(?:el\s+|la\s+)?")
"""A job at a firm got or started, its role said after the firm's name: "I start at
Laboratorio Celeste as a quality analyst on Monday", "empiezo en Celeste como analista"."""
_NEW_JOB = lazy_regex(
    r"\bmy\s+new\s+(?:job|position|role|gig)\s+(?:at|with)\s+(?:the\s+)?|"
    r"\bmi\s+(?:nuevo\s+(?:trabajo|puesto|empleo|curro)|(?:trabajo|puesto|empleo|curro)\s+"
    r"nuevo)\s+(?:en|con|para)\s+(?:el\s+|la\s+)?|"
    r"\b(?:consegui|he\s+conseguido)\s+(?:el|un)\s+"
    r"(?:nuevo\s+)?(?:trabajo|puesto|empleo|curro)(?:\s+nuevo)?\s+(?:en|con|para)\s+"
    r"(?:el\s+|la\s+)?")
"""A new job said with its firm, no verb of taking it: "my new job at Kestrel Foods starts
Monday", "mi nuevo trabajo en Inditex", "conseguí el trabajo en Indra". Someone else's ("my
sister's new job at Google") is not the speaker's."""
_AT_FIRM = lazy_regex(r"\s+(?:at|en|with|con)\s+")
_ARTICLE = lazy_regex(r"^(?:the|a|our|my|el|un|mi|nuestro)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class JobChanges:
    """The rules above, built once with the role nouns ``patterns`` reads (``job_noun`` for
    English, ``job_noun_es`` for Spanish, both folded pattern pieces)."""

    job_noun: str
    job_noun_es: str
    _as_role: Regex = field(init=False, repr=False, compare=False)

    _job_as: Regex = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        job_as = re.compile(
            rf"(?:(?:{_GOT_A_JOB}|{_STARTED_AS})(?:an?\s+)?|"
            rf"(?:{_GOT_A_JOB_ES}|{_STARTED_AS_ES})(?:una?\s+)?)"
            rf"(?P<role>(?:[\w-]+\s+){{0,3}}?(?:{self.job_noun}|{self.job_noun_es})"
            r"(?:\s+(?:de|of)\s+[\w-]+)?)"
            r"\s+(?:at|with|for|en|con|para)\s+(?:the\s+|el\s+|la\s+)?")
        object.__setattr__(self, "_job_as", job_as)
        as_role = re.compile(
            rf"\s+(?:[^.;!?]{{0,40}}?\s)?(?:as|como)\s+(?:an?\s+|una?\s+)?"
            rf"(?P<role>(?:[\w-]+\s+){{0,3}}?(?:{self.job_noun}|{self.job_noun_es})"
            rf"(?:\s+{self.job_noun}|\s+de\s+[\w-]+)?)\b")
        # a second noun or a field is the role's own ("as head chef", "como técnica de
        # calidad"), as ``job_as`` reads it
        object.__setattr__(self, "_as_role", as_role)

    def facts(self, span: Folded) -> list[Found]:
        """(start, "user", attribute, value) for each job change the sentence tells."""
        return [*self._freelance(span), *self._signed(span), *self._leading(span),
                *self._job_as_role(span), *self._job_in_field(span), *self._firm_as_role(span),
                *self._new_job(span)]

    def _new_job(self, span: Folded) -> list[Found]:
        """"my new job at Kestrel Foods starts Monday": the firm, its name written
        capitalised and read as far as it is ("starts" is no part of it), and a role said
        after it ("mi nuevo trabajo en Indra como analista")."""
        out: list[Found] = []
        for m in _NEW_JOB.finditer(span.folded):
            name = _firm_at(span, m.end())
            if name is None:
                continue  # "my new job at the hospital": no firm named
            firm = name.group(0).rstrip(".'’")
            out.append((m.end(), "user", "employer", firm))
            role = self.role_after(span, m.end() + folded_length(firm))
            if role:
                out.append((m.end(), "user", "role", role))
        return out

    def _job_in_field(self, span: Folded) -> list[Found]:
        """"I got a job in quality control at Laboratorio Celeste": the field, said in lower
        case, is the role, and the firm, its name written capitalised, the employer."""
        out: list[Found] = []
        for m in _JOB_IN.finditer(span.folded):
            group = "role" if m.group("role") is not None else "campo"
            field_said = span.original(m.start(group), m.end(group)).strip()
            name = _firm_at(span, m.end())
            if name is None or any(word[:1].isupper() for word in field_said.split()):
                continue  # "a job in Berlin at Zalando", "a job in the lab at the uni"
            out.append((m.start(group), "user", "role", field_said))
            out.append((m.end(), "user", "employer", name.group(0).rstrip(".'’")))
        return out

    def _firm_as_role(self, span: Folded) -> list[Found]:
        """"I start at Laboratorio Celeste as a quality analyst on Monday": the role said
        after the firm's name (the employer is the employer rules')."""
        out: list[Found] = []
        for m in _JOB_AT.finditer(span.folded):
            name = _firm_at(span, m.end())
            if name is None:
                continue
            role = self.role_after(span, m.end() + folded_length(name.group(0)))
            if role:  # from the verb: the day the job starts dates the role too
                out.append((m.start(), "user", "role", role))
        return out

    def _job_as_role(self, span: Folded) -> list[Found]:
        """"got a job as an archivist at the Narragansett Maritime Archive": the role, and the
        firm when its name is written capitalised ("at the library" names no firm)."""
        out: list[Found] = []
        for m in self._job_as.finditer(span.folded):
            name = _firm_at(span, m.end())
            if name is None:
                continue
            out.append((m.start("role"), "user", "role",
                        span.original(m.start("role"), m.end("role")).strip()))
            out.append((m.end(), "user", "employer", name.group(0).rstrip(".'’")))
        return out

    def role_after(self, span: Folded, at: int) -> str | None:
        """The role said after ``at`` ("... as a quality analyst"), else None."""
        m = self._as_role.match(span.folded, at)
        return span.original(m.start("role"), m.end("role")).strip() if m else None

    def _freelance(self, span: Folded) -> list[Found]:
        out: list[Found] = []
        for pattern, value in ((_FREELANCE, "self-employed (freelance)"),
                               (_FREELANCE_ES, "autónomo (por cuenta propia)")):
            for m in pattern.finditer(span.folded):
                if _ON_THE_SIDE.match(span.folded, m.end()):
                    continue  # "freelancing on the side": the job stays
                out.append((m.start(), "user", "employer", value))
                role = self.role_after(span, m.end())
                if role:
                    out.append((m.end(), "user", "role", role))
        return out

    def _signed(self, span: Folded) -> list[Found]:
        out: list[Found] = []
        for m in _SIGNED.finditer(span.folded):
            name = _NAME_RUN.match(span.text, len(span.original(0, m.end())))
            if name is None:
                continue  # "signed with a publisher": no firm named
            role = self.role_after(span, m.end() + folded_length(name.group(0)))
            if role is None and not (m.group("c") or m.group("e")):
                continue  # "I signed with Penguin for my novel": no job said
            out.append((m.start(), "user", "employer", name.group(0).rstrip(".'’")))
            if role:
                out.append((m.end(), "user", "role", role))
        return out

    def _leading(self, span: Folded) -> list[Found]:
        out: list[Found] = []
        for pattern, spanish in ((_LEADING, False), (_LEADING_ES, True)):
            for m in pattern.finditer(span.folded):
                team = _ARTICLE.sub("", span.original(m.start("t"), m.end("t")).strip())
                role = f"líder del {team}" if spanish else f"{team} lead"
                out.append((m.start(), "user", "role", role))
                firm = _AT_FIRM.match(span.folded, m.end())
                if firm is not None:
                    name = _firm_at(span, firm.end())
                    if name is not None:
                        out.append((firm.end(), "user", "employer",
                                    name.group(0).rstrip(".'’")))
        return out


def _firm_at(span: Folded, end: int) -> re.Match[str] | None:
    """The firm's name written right after the folded text's ``end``, when it is written
    capitalised ("at the library" names no firm; nor does a number) and may be a firm's
    (``a_firm``)."""
    name = _NAME_RUN.match(span.text, len(span.original(0, end)))
    return name if name is not None and name.group(0)[:1].isupper() \
        and a_firm(name.group(0), span.text[name.end():]) else None


HOLIDAYS = frozenset(
    """christmas xmas easter halloween thanksgiving hanukkah diwali ramadan eid navidad
    navidades nochebuena nochevieja pascua reyes carnaval""".split())
"""Times of the year written capitalised: "my new job at Christmas" names no firm."""


def a_firm(name: str, after: str = "") -> bool:
    """Whether a capitalised ``name`` said where one works may be a firm's: not a town or
    country ("mi nuevo trabajo en Barcelona"), a relative ("I'm with Mum now"), a time
    ("at Christmas", "on Monday") nor someone's, a possessive the text ``after`` it goes on
    with a noun ("with Sarah's team"; "at Sainsbury's starting Monday" is a firm)."""
    name = name.rstrip(".,;:!?")
    words = name.split()
    first = fold(words[0]).lower() if words else ""
    if not first:
        return False
    if words[-1].endswith(("'s", "’s", "'", "’")):
        noun = _NEXT_WORD.match(after)
        if noun is not None and fold(noun.group(1)) not in STOPWORDS \
                and not noun.group(1).endswith(("s", "ed", "ing")):
            return False
    if len(words) == 1 and (first in KIN_WORDS or first in MONTHS or first in WEEKDAYS
                            or first in HOLIDAYS):
        return False  # "Easter Foods" may be a firm
    return fold(name).lower() not in regions.place_names() and not regions.is_region(name)


_NEXT_WORD = lazy_regex(r"^\s+([a-z][\w-]*)")
"""The lower-case word going on after a name: a noun after a possessive ("Sarah's team")."""


def folded_length(text: str) -> int:
    """How long ``text`` is in a folded sentence (``Folded`` folds character by character)."""
    return sum(len(fold(ch)) for ch in text)
