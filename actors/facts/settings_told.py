"""A project's setting stated as it stands, and who owns a thing: the first value of a
timeline that ``project_changes`` later changes.

An agent's notes state a setting once ("Ferrocart loader batch size: 5,000 rows per insert",
"Tidewell webhook delivery: ... WEBHOOK_MAX_RETRIES=5", "Marlin per-user rate limit: 100
requests per minute") and tell its change months later ("Increased Ferrocart's loader batch
size from 5,000 to 20,000", "Cut WEBHOOK_MAX_RETRIES from 5 to 3"). Only the change was a
fact: the timeline had no earlier value to supersede, and the note stating it stayed current.
The same for an owner: "Marlin's owner is Sofía Beltrán", later "Ahmed Nasser is now Marlin's
tech lead and owner" (read as a value of the person "ahmed nasser").

Keys, shared with ``project_changes``' changes:

  (<setting as named>, value)   "ferrocart loader batch size" = '5,000' (a possessive "'s"
                                dropped, so "Ferrocart's batch size" is the same setting)
  (<config key>, value)         "webhook_max_retries" = '5' (an upper-case NAME=value)
  (<thing>, owner)              "marlin" = 'Sofía Beltrán'

A stated setting must open its sentence, name a setting noun (``SETTING_NOUNS``) and give a
number (with a unit unless the setting counts things); a config key must be written upper
case with an underscore (``MAX_RETRIES``, not "a=b" in prose); an owner must be a capitalised
name. Pure functions over a folded sentence; no I/O.
"""

from __future__ import annotations

import re

from actors.dates import OPENING_DATE
from actors.facts.needles import Gate
from actors.facts.project_changes import (
    COUNTED,
    NUMBER,
    PER,
    SETTING_NOUNS,
    UNIT,
    setting_name,
)
from actors.facts.values import Folded
from actors.lazy_re import lazy_regex
from actors.text import fold

Found = tuple[int, str, str, str]

_STATED = lazy_regex(
    r"^\W*(?:\d{4}-\d{2}-\d{2}:?\s+)?(?:(?:actually|correction|update|in\s+fact|note|"
    r"nota|so|also|now|en\s+realidad|correccion|actualizacion)\W+)*(?P<thing>[\w'’/.-]+(?:\s+[\w'’/.-]+){0,5}?)"
    r"\s*(?::|\s(?:is|es)(?:\s+(?:now|ahora))?)\s+(?P<new>" + NUMBER + r")(?:[\s-]*(?P<unit>"
    + UNIT + PER + r"))?(?!\w|\.\d|,\d)")
"""A setting stated at the opening of its sentence: "Marlin per-user rate limit: 100 requests
per minute", "the export batch size is 500"."""
_CONFIG = lazy_regex(r"(?<![\w$])(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)="
                     r"(?P<v>[\w.-]*\w)(?![\w:/@=])")
"""An environment variable or config key set in the text, written as in a shell or an env
file: "WEBHOOK_MAX_RETRIES=5" (code's "VALUE_2 = 2" is a listing, not a note of a setting;
a URL or a host after it is a connection string)."""
_SECRET_NAME = lazy_regex(r"(?:^|_)(?:key|token|secret|password|passwd|pass|pwd|auth|"
                          r"credentials?|dsn|url|uri|cert|private)(?:_|$)")
_SECRET_LIKE = lazy_regex(r"(?=.*\d)(?=.*[a-zA-Z])[\w-]{12,}")
"""A credential is no setting to remember, whatever redaction missed: a key named as one, or
a long run of letters and digits."""
_NAME = r"(?P<y>[^\W\d_]+(?:[ -][^\W\d_]+){0,2})"
_THING = r"(?P<x>[\w.'’-]+(?:\s+[\w.'’-]+){0,2}?)"
_START = r"(?:^(?:" + OPENING_DATE + r"\s*[:,\-–—]?\s*)?|"
"""A note's opening, its day first included ("[2026-01-22] Marta owns the auth service": the
bracketed day an agent writes first hid the owner), or one of the openers after it."""
_OWNERS = tuple(lazy_regex(p) for p in (
    # "Marlin's owner is Sofía Beltrán", "the Marlin owner is now ..."
    _START + r"[,;:(]\s*|\b(?:and|y)\s+)(?:the\s+)?" + _THING
    + r"(?:['’]s)?\s+(?:new\s+|current\s+)?"
    r"(?:code\s+)?owner\s+is\s+(?:now\s+)?" + _NAME + r"(?=\s*(?:[,;.()]|$|\s(?:and|since|from|"
    r"after|who|as)\b))",
    # "Ahmed Nasser is now Marlin's tech lead and owner", "Y became the owner of X"
    _START + r"[,;:(]\s*|\b(?:and|y)\s+)" + _NAME
    + r"\s+(?:is\s+(?:now\s+)?|became\s+|has\s+become\s+)"
    r"(?:the\s+)?(?:new\s+)?" + _THING + r"['’]s\s+(?:[\w-]+\s+){0,3}?(?:and\s+)?(?:code\s+)?"
    r"owner\b",
    _START + r"[,;:(]\s*|\b(?:and|y)\s+)" + _NAME
    + r"\s+(?:is\s+(?:now\s+)?|became\s+|has\s+become\s+)"
    r"(?:the\s+)?(?:new\s+)?(?:code\s+)?owner\s+of\s+(?:the\s+)?" + _THING
    + r"(?=\s*(?:[,;.()]|$))",
    _START + r"[,;:(]\s*|\b(?:and|y)\s+)" + _NAME + r"\s+(?:now\s+)?owns\s+(?:the\s+)?" + _THING
    + r"(?=\s*(?:[,;.()]|$))",
    # "el responsable de Marlin es Ahmed", "Ahmed es ahora el responsable de Marlin"
    _START + r"[,;:(]\s*)(?:el|la)\s+(?:nuev[oa]\s+)?(?:responsable|duen[oa])\s+de\s+"
    r"(?:la\s+|el\s+)?"
    + _THING + r"\s+es\s+(?:ahora\s+)?" + _NAME + r"(?=\s*(?:[,;.()]|$|\sy\b))",
    _START + r"[,;:(]\s*|\by\s+)" + _NAME + r"\s+(?:es\s+(?:ahora\s+)?|paso\s+a\s+ser\s+)"
    r"(?:el|la)\s+(?:nuev[oa]\s+)?(?:responsable|duen[oa])\s+de\s+(?:la\s+|el\s+)?" + _THING
    + r"(?=\s*(?:[,;.()]|$))",
))
"""Who owns a thing, said either way round, in English and Spanish."""
_PRONOUNS = frozenset("i he she they we you it el ella ellos ellas nosotros nosotras yo tu "
                      "usted".split())
"""A capitalised pronoun opening a sentence ("He owns the retry logic") names nobody."""
_NOT_THINGS = frozenset("it this that he she they who what which there here everything all "
                        "everyone nobody nothing esto eso ello todo nadie".split())


_OWNERS_GATE = Gate(_OWNERS, lambda pattern: pattern)


def settings_told(span: Folded) -> list[Found]:
    """(start, thing, attribute, value) for a setting stated as it stands, a config key set,
    and a thing's owner (see the module docstring)."""
    out: list[Found] = []
    m = _STATED.search(span.folded)
    if m is not None:
        thing = setting_name(m.group("thing"))
        named = re.sub(r"[_.]+", " ", thing)
        unit = m.group("unit")
        if thing and SETTING_NOUNS.search(named) and (unit or COUNTED.search(named)):
            end = m.end("unit") if unit else m.end("new")
            out.append((m.start("thing"), thing, "value", span.original(m.start("new"), end)))
    for c in _CONFIG.finditer(span.folded):
        name = span.original(c.start("name"), c.end("name"))
        value = span.original(c.start("v"), c.end("v"))
        if name.isupper() and not _SECRET_NAME.search(c.group("name")) \
                and not _SECRET_LIKE.fullmatch(value):
            out.append((c.start(), c.group("name"), "value", value))
    for pattern in _OWNERS_GATE.open_for(span.folded):
        for o in pattern.finditer(span.folded):
            who = span.original(o.start("y"), o.end("y"))
            thing = setting_name(o.group("x")).rstrip(".")
            if all(w[:1].isupper() for w in who.split()) and thing \
                    and thing not in _NOT_THINGS and fold(who) not in _PRONOUNS:
                out.append((o.start(), thing, "owner", who))
    return out
