"""A new role told as a move into it: "I moved to a staff engineer role at Nordlicht Payments",
"I've stepped into the tech lead position", "I took on a team lead role", "I became the
engineering manager", "he pasado a ser jefa de equipo".

The role rules of ``patterns`` read a title given ("promoted me to staff engineer", "my title
is now ...", "me han ascendido a ..."); a role the speaker says they moved into was not read,
and "What is the user's current role?" went on answering the first job's title ("backend
engineer") for years, in the session-start brief as well. Each rule here needs the speaker
("I", or no subject at a clause's start), a role noun ending the title (``patterns``' job
nouns: engineer, lead, manager ...; "I moved to a new role", "I became a father", "moved to
a bigger flat" are nothing) and, for a move, the word role/position/job after it. A firm
written capitalised right after ("at Nordlicht Payments") is the employer. Pure functions; no
I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from actors.facts.values import Folded
from actors.lazy_re import Regex, lazy_regex

Found = tuple[int, str, str, str]

_SPEAKER = (r"(?:\bi(?:'ve|\s+have)?\s+|(?:^|[:;]\s)\W*(?:(?:\d{4}-\d{2}-\d{2})\W+)?)"
            r"(?:(?:just|recently|finally|now|officially|also)\s+)*")
_TITLE = (r"(?:engineer|developer|programmer|manager|lead|director|architect|analyst|designer|"
          r"scientist|researcher|consultant|administrator|cto|ceo|cfo|coo|vp|principal|"
          r"head\s+of\s+[\w-]+)")
"""A title one becomes ("became the engineering manager"); "became" alone is too wide for
every job noun ("became the designated driver", "became a guide for the day")."""
_FIRM = lazy_regex(r"\s+(?:at|with|in|en|con)\s+(?P<f>(?:[A-ZÁÉÍÓÚÑ0-9][\w&.'’-]*)"
                   r"(?:\s+(?:de\s+|of\s+|&\s+)?[A-ZÁÉÍÓÚÑ0-9][\w&.'’-]*){0,4})")


@dataclass(frozen=True)
class RoleChanges:
    """The rules, built with ``patterns``' role nouns (English and Spanish)."""

    job_noun: str
    job_noun_es: str
    _rules: tuple[Regex, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        role = rf"(?P<role>(?:[\w-]+\s+){{0,3}}?{self.job_noun})"
        role_es = (rf"(?P<role>(?:[\w-]+\s+){{0,2}}?{self.job_noun_es}"
                   r"(?:\s+(?:de|del)\s+[\w-]+){0,2})")
        rules = (
            # "I moved to a staff engineer role", "I've stepped into the tech lead position"
            rf"{_SPEAKER}(?:moved|stepped|switched|transitioned|changed|gone|went)\s+"
            rf"(?:over\s+|up\s+)?(?:in)?to\s+(?:an?\s+|the\s+|my\s+)(?:new\s+)?{role}\s+"
            r"(?:role|position|job|post)\b",
            # "I took on a team lead role", "I've taken over the engineering manager position"
            rf"{_SPEAKER}(?:took|taken|take)\s+(?:on|over)\s+(?:an?\s+|the\s+)(?:new\s+)?"
            rf"{role}\s+(?:role|position|job|post)\b",
            # "I became the engineering manager (at X)" (a title: not "the designated driver")
            rf"{_SPEAKER}(?:became|become)\s+(?:an?\s+|the\s+)(?:new\s+)?"
            rf"(?P<role>(?:[\w-]+\s+){{0,3}}?{_TITLE})"
            r"(?=\s*(?:$|[.,;:!?)])|\s+(?:at|in|for|with|and|here|now|since|from)\b)",
            # "I now work as a staff engineer", "I'm working as the office manager" (not
            # "I used to work as", "I worked as")
            rf"\bi(?:'m|\s+am)?\s+(?:(?:now|currently)\s+)?work(?:ing)?\s+as\s+(?:an?\s+|the\s+)"
            rf"(?:new\s+)?{role}"
            r"(?=\s*(?:$|[.,;:!?)])|\s+(?:at|in|for|with|and|here|now|since|from)\b)",
            # "he pasado a ser jefa de equipo", "pasé a ser la responsable de datos"
            r"\b(?:he\s+pasado|pase|paso|ha\s+pasado)\s+a\s+ser\s+(?:el\s+|la\s+|un\s+|una\s+)?"
            rf"(?:nuev[oa]\s+)?{role_es}(?=\s*(?:$|[.,;:!?)])|\s+(?:en|de|con|y|desde)\b)",
            # "me he cambiado a un puesto de jefa de equipo"
            r"\b(?:me\s+(?:he\s+)?(?:cambiado|cambie|pasado|pase)|he\s+pasado|pase)\s+a\s+"
            rf"(?:un|el)\s+(?:nuevo\s+)?puesto\s+de\s+{role_es}",
        )
        object.__setattr__(self, "_rules", tuple(re.compile(r) for r in rules))

    def facts(self, span: Folded) -> list[Found]:
        """(start, "user", "role" | "employer", value) for a role the speaker moved into."""
        out: list[Found] = []
        for rule in self._rules:
            for m in rule.finditer(span.folded):
                role = span.original(m.start("role"), m.end("role")).strip()
                if not role:
                    continue
                out.append((m.start(), "user", "role", role))
                firm = _FIRM.match(span.text, _original_end(span, m.end()))
                if firm is not None:
                    out.append((m.start(), "user", "employer", firm.group("f").rstrip(".,")))
        return out


def _original_end(span: Folded, end: int) -> int:
    """The original offset just after the folded offset ``end``."""
    return len(span.original(0, end)) if end > 0 else 0
