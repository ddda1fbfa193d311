"""A job told in passing with a role the role lists do not hold, in English and Spanish.

A user asking about money or a move tells their work on the way: "I earn about £2,150 a month
after tax as a junior quantity surveyor at Hendry & Moss", "Me dieron el trabajo en Forthbank
Rail: planificador de proyectos", "cobro 1.900 euros como delineante en Acciona". The rules of
``patterns`` and ``jobs`` read a role only by its noun in a closed list (engineer, nurse,
enfermera ...), so a surveyor or a planificador told nothing, not even the firm beside it,
and "What do I do for a living?" had no timeline to answer from.

Here the sentence itself says it is a job, so the role's noun may be any:
- **Pay or work, then "as a <role> at <Firm>"** ("I earn ... as a junior quantity surveyor at
  Hendry & Moss", "I work as a site surveyor for Balfour Beatty", "gano ... como delineante
  en Acciona", "trabajo como delineante en Acciona"): the speaker's verb of earning or working
  (not "she works": ``patterns`` reads whose) and a firm written capitalised after it.
- **A job given, then its role** ("Me dieron el trabajo en Forthbank Rail: planificador de
  proyectos", "got the job at Forthbank Rail: project planner"): the role after a colon, a
  comma or "as"/"como", when its head word is a doer's by its ending (-dor, -ista, -ero,
  -or, -er, -ist, -ian ...): "Me dieron el trabajo en Indra, 30.000 al año" has none.

Never a role of words that say how or what one is besides a job ("as a team", "as a
favour", "as a volunteer at the weekend" has no firm). ``WorkInPassing`` is built in
``patterns`` with its role nouns. Pure functions; no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from actors.facts.jobs import folded_length
from actors.facts.values import Folded
from actors.lazy_re import Regex, lazy_regex
from actors.text import fold

Found = tuple[int, str, str, str]

_FIRM_NAME = lazy_regex(
    r"(?:the\s+)?(?P<f>[A-ZÁÉÍÓÚÑ0-9][\w.'’-]*(?:\s+(?:de\s+|del\s+|of\s+|&\s+|and\s+|y\s+)?"
    r"[A-ZÁÉÍÓÚÑ0-9&][\w.'’-]*){0,4})")
"""A firm's name as written ("Hendry & Moss", "Forthbank Rail", "Banco de España")."""
_WORD = r"[a-záéíóúñ][\w-]*"
_NOT_ROLES = frozenset(
    """team group family unit pair couple whole result favour favor treat kid child teenager
    gift thank thanks joke test trial backup bonus side hobby way matter rule one person
    equipo grupo familia favor regalo prueba broma resultado""".split())
"""Words after "as a" that are no job ("as a team", "as a favour", "como favor")."""
_AGENT = lazy_regex(
    r"(?:dor|dora|ista|ero|era|logo|loga|tor|tora|sor|sora|ante|ente|ico|ica|nte|"
    r"er|or|ist|ian|ant|ent|eer|ee|man|woman|person|wright|smith|ard)$")
"""The endings of a word that names a doer, English and Spanish ("planificador",
"delineante", "surveyor", "planner", "electrician"): a role's first word after a job given."""

_EARNS = lazy_regex(
    r"\b(?:i|we)(?:'m|\s+am)?\s+(?:(?:now|currently|still|also|only|just)\s+)?"
    r"(?:earn|earned|make|made|get\s+paid|got\s+paid|paid|work|worked|working|employed|"
    r"take\s+home)\b"
    r"|\b(?:(?:yo\s+)?(?:gano|ganaba|cobro|cobraba|trabajo|trabajaba|estoy\s+trabajando|"
    r"sigo\s+trabajando))\b")
"""The speaker earning or working: what makes "as a X at Y" a job."""
_AS_ROLE_AT = lazy_regex(
    rf"(?:[^.;!?]|\.(?=\d)){{0,70}}?\b(?:as|como)\s+(?:an?\s+|una?\s+)?"
    rf"(?P<role>(?:{_WORD}\s+){{0,3}}?{_WORD})\s+(?:at|for|with|en|para|con)\s+(?=(?:the\s+)?"
    r"[A-ZÁÉÍÓÚÑ0-9])")
"""After the verb: "as a junior quantity surveyor at Hendry & Moss" (capitals checked on the
original text: the pattern runs on the original)."""

_JOB_GIVEN = lazy_regex(
    r"\b(?:me\s+(?:dieron|han\s+dado|ha\s+dado|dio|ofrecieron|han\s+ofrecido)|"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally)\s+)?(?:got|landed|accepted|took))\s+"
    r"(?:el|la|un|una|the|a|an)\s+(?:new\s+|nuevo\s+)?(?:trabajo|puesto|empleo|plaza|job|"
    r"position|role)\s+(?:en|con|at|with)\s+", re.IGNORECASE)
_ROLE_AFTER = lazy_regex(
    rf"\s*(?::|,|\s+(?:as|como))\s+(?:an?\s+|una?\s+|de\s+)?"
    rf"(?P<role>{_WORD}(?:\s+(?:de|del|of)\s+{_WORD}|\s+{_WORD}){{0,2}}?)"
    r"(?=\s*(?:$|[.,;:!?)(]|\d)|\s+(?:at|in|for|with|en|con|para|y|and|desde|since|from)\b)",
    re.IGNORECASE)


@dataclass(frozen=True)
class WorkInPassing:
    """The rules above, with ``patterns``' role nouns (``job_noun`` English, ``job_noun_es``
    Spanish, folded pattern pieces): a role after a job given is one of them or a doer's
    word."""

    job_noun: str
    job_noun_es: str
    _known: Regex = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_known", re.compile(
            rf"(?:{self.job_noun}|{self.job_noun_es})s?$"))

    def facts(self, span: Folded) -> list[Found]:
        """(start, "user", "role" | "employer", value) for a job the sentence tells in passing
        with a role of any noun; ``patterns`` decides whose "user" is."""
        return [*self._paid_as(span), *self._job_given(span)]

    def _paid_as(self, span: Folded) -> list[Found]:
        out: list[Found] = []
        for verb in _EARNS.finditer(span.folded):
            m = _AS_ROLE_AT.match(span.text, len(span.original(0, verb.end())))
            if m is None:
                continue
            role = m.group("role").strip()
            firm = _FIRM_NAME.match(span.text, m.end())
            if firm is None or not self._a_role(role, doer=False):
                continue
            out.append((verb.start(), "user", "role", role))
            out.append((verb.start(), "user", "employer", firm.group("f").rstrip(".,'’")))
        return out

    def _job_given(self, span: Folded) -> list[Found]:
        out: list[Found] = []
        for given in _JOB_GIVEN.finditer(span.text):
            firm = _FIRM_NAME.match(span.text, given.end())
            if firm is None:
                continue
            m = _ROLE_AFTER.match(span.text, firm.end())
            if m is None or not self._a_role(m.group("role"), doer=True):
                continue
            start = folded_length(span.text[:given.start()])
            out.append((start, "user", "role", m.group("role").strip()))
            out.append((start, "user", "employer", firm.group("f").rstrip(".,'’")))
        return out

    def _a_role(self, role: str, *, doer: bool) -> bool:
        """Words that may be a job: none of them a thing that is no job, no capital (a name
        is no role), and, when nothing but the job given says it is one, a role noun or a
        doer's word at its head (first in Spanish, "planificador de proyectos", "jefe de
        obra"; last in English, "project planner")."""
        words = role.split()
        if not words or any(w.lower() in _NOT_ROLES for w in words) \
                or any(w[:1].isupper() for w in words):
            return False
        return not doer or any(_AGENT.search(head) or self._known.match(head)
                               for head in (fold(words[0]), fold(words[-1])))
