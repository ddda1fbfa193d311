"""Questions that ask for a project's tool or version (``project_changes``' keys).

"which message queue does harbor use?", "what Go version is the pipeline on?", "¿a qué almacén
de datos cargamos ahora?": without a key, a current-value question after a correction was
answered by ranking alone, and the older memory often led. Each pattern names the kind (a
package manager, a message queue or broker, a data warehouse, CI, a runtime's version) and a
verb of using it after who asks ("do we use", "does harbor publish to", "usamos", "cargamos"),
so "which queue should I join at the airport?" asks nothing here. "we", "I", "the pipeline",
"the frontend" ask of the project itself; a name (harbor) of that project. Pure functions;
no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from actors.facts.keys import normalise_subject
from actors.facts.project_changes import GENERIC_OWNERS, RUNTIME_NAME, usual_name
from actors.lazy_re import lazy_regex

_KINDS = (
    (r"package\s+manager|dependency\s+manager|gestor\s+de\s+(?:paquetes|dependencias)",
     "tool:package manager"),
    (r"message\s+(?:queue|broker|bus)|queue|broker|event\s+bus|messaging\s+system|"
     r"cola\s+de\s+mensajes|cola|bus\s+de\s+eventos", "tool:message queue"),
    (r"(?:data\s+)?warehouse|almacen\s+de\s+datos|almacen", "tool:warehouse"),
    (r"ci(?:/cd)?(?:\s+(?:provider|system|service|tool))?|integracion\s+continua", "tool:ci"),
)
_KIND = "|".join(k for k, _ in _KINDS)
_USING = (r"(?:use|using|run|running|publish|publishing|send|sending|push|pushing|load|loading|"
          r"write|writing|rely|need|depend|be\s+on|on|in|into|to|for|with)\b")
"""What one does with the kind asked about ("do we use", "do we publish ... to")."""
_OWNER_EN = (r"(?:do|does|did|should|is|are|was|were|will|can)\s+(?P<s>(?:the\s+)?[\w.-]+)"
             r"\s+(?:[\w.-]+\s+){0,4}?" + _USING)
_OWNER_ES = (r"(?:(?:usa|utiliza|emplea|usaba|tiene)\s+(?P<s_es>(?:el\s+|la\s+)?[\w.-]+)|"
             r"(?:usamos|utilizamos|cargamos|publicamos|enviamos|usabamos|tenemos))\b")
_TOOL = tuple(lazy_regex(p) for p in (
    rf"\b(?:which|what)\s+(?P<k>{_KIND})\s+{_OWNER_EN}",
    rf"\b(?:que|cual)\s+(?:es\s+(?:el|la)\s+)?(?P<k>{_KIND})\s+(?:(?:de|del)\s+"
    rf"(?P<s_of>[\w.-]+)\b|{_OWNER_ES})",
))
_THING = rf"(?P<rt>{RUNTIME_NAME}|(?!(?:the|a|an|this|that|your|my|our|el|la|su)\b)[a-z][\w+#-]*)"
"""A runtime, or any thing that has versions ("React", "Kubernetes", "golangci-lint":
``version_changes``)."""
_VERSION = tuple(lazy_regex(p) for p in (
    rf"\b(?:which|what)\s+{_THING}\s+versions?\s+{_OWNER_EN}",
    rf"\b(?:which|what)\s+versions?\s+of\s+{_THING}\s+{_OWNER_EN}",
    rf"\b(?:que|cual)\s+(?:es\s+la\s+)?version\s+de\s+{_THING}\s+"
    rf"(?:(?:de|del)\s+(?P<s_of>[\w.-]+)\b|{_OWNER_ES})",
    # "what's the current quartzite version?", "what is the latest gravelpit release?": a
    # project's own version (a release, ``version_changes``)
    rf"\b(?:which|what)(?:'s|\s+is|\s+was)?\s+(?:the\s+)?(?:current|latest|newest|last|"
    rf"most\s+recent)\s+{_THING}\s+(?:version|release)\b",
    rf"\b(?:que|cual)\s+es\s+la\s+(?:ultima|actual)\s+version\s+de\s+{_THING}\b",
))
_ASKERS = frozenset("we i you us nosotros yo".split()) | GENERIC_OWNERS | frozenset(
    "pipeline frontend backend service servicio codebase".split())
"""Who asks, or the project itself ("what Go version is the pipeline on?" in orca's scope)."""
_PARTS = frozenset("pipeline frontend backend service servicio".split())
"""Of ``_ASKERS``, those naming a part of the project, not the project or who asks."""


def project_question(folded: str) -> tuple[str, str] | None:
    """(owner, attribute) a question asks of a project's tool or version ("which message
    queue does harbor use?" -> ("harbor", "tool:message queue"), "what Go version is the
    pipeline on?" -> ("project", "version:go"), "¿a qué almacén de datos cargamos ahora?" ->
    ("project", "tool:warehouse")), or None. ``folded``: the question folded, lower case,
    without its punctuation (``questions.attribute_question``)."""
    m = _matched(folded)
    if m is None:
        return None
    if "k" in m.groupdict():
        return _asker(m), next(a for k, a in _KINDS if re.fullmatch(k, m.group("k")))
    thing = m.group("rt")
    return _asker(m), f"version:{(usual_name(thing) or thing).lower()}"


def asked_part(folded: str) -> str | None:
    """The part of the project a tool or version question names ("which package manager
    does the frontend use?" -> "frontend"), which ``project_question`` asks of the project
    itself; None when it names none. A value the whole project changed to (uv for its
    Python) is no answer about a part a memory tells of on its own ("The frontend ... use
    pnpm"): the memory naming the part answers."""
    m = _matched(folded)
    said = _said(m) if m is not None else []
    return said[0] if said and said[0] in _PARTS else None


def _matched(folded: str) -> re.Match[str] | None:
    return next((m for pattern in (*_TOOL, *_VERSION) if (m := pattern.search(folded))), None)


def _said(m: re.Match[str]) -> list[str]:
    groups = m.groupdict()
    said = groups.get("s") or groups.get("s_es") or groups.get("s_of") or ""
    return [w for w in said.split() if w not in ("the", "el", "la")]


def _asker(m: re.Match[str]) -> str:
    words = _said(m)
    return "project" if not words or words[0] in _ASKERS else words[0]


def part_keys(asker: str, attribute: str, scope: str,
              keys: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """More (subject, attribute) keys to ask a project's tool or version of, when ``asker``
    names a part of the project in other words than its facts do: "Which Kubernetes version
    is the prod cluster on?" of "driftwood-prod" (a subject of ``scope`` holding the word as a
    part of its name), then "Which React version is the dashboard on?" of the project itself.
    None when the asker is the project, is recorded as a subject itself, or names another
    project (a scope of ``keys``): "Which Go version does gravelpit use?" asked from
    driftwood-infra is gravelpit's, never driftwood-infra's own. ``keys`` as stored (folded,
    ``keys.fact_key``)."""
    if not attribute.startswith(("version:", "tool:")) or asker == "project" \
            or not scope.startswith("project:"):
        return []
    asked = normalise_subject(asker)
    own = normalise_subject(f"project @{scope}").removeprefix("project")
    stored = [(normalise_subject(subject), held) for subject, held in keys]
    named = {subject.partition(" project:")[0] for subject, _ in stored}
    projects = {subject.partition(" project:")[2] for subject, _ in stored}
    if asked in named or asked in projects:
        return []
    parts = sorted({subject for subject, held in stored if held == attribute
                    and subject.endswith(own) and asked in subject.removesuffix(own).split()})
    return [(subject, attribute) for subject in parts] + [(f"project{own}", attribute)]
