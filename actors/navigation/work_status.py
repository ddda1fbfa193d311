"""How a piece of work stands, as a coding agent's notes tell it: done ("KES-212 fixed ...;
closed", "QL-9 closed", "FB-247 done", "ALD-3 resuelto"; a plan given up ends it too: "Scrapped
the Lucia migration (KY-31)", "KY-40 descartado") or still open ("ALD-7 (open)",
"KES-241 (in progress)", "FB-233 is blocked", "FB-252 abierto"). A later note of the same
ticket telling either is where the ticket stands now (``NavigationActor._continuation`` ties
the notes by the ticket's id), and "Which tickets are still open?" is answered by the tickets
whose newest note does not tell them done. Pure text, English and Spanish (folded)."""

from __future__ import annotations

from actors.lazy_re import lazy_regex
from actors.text import fold

_UNDONE = (r"re-?opened|reabiert[oa]s?|"
           r"not\s+(?:yet\s+)?(?:done|fixed|closed|resolved|merged)|sin\s+resolver")
_DONE = lazy_regex(
    r"\b(?:done|fixed|closed|resolved|merged|shipped|completed?|finished|"
    r"won'?t\s+fix|wontfix|scrapped|shelved|abandoned|descartad[oa]s?|abandonad[oa]s?|"
    r"cerrad[oa]s?|resuelt[oa]s?|arreglad[oa]s?|terminad[oa]s?|"
    r"completad[oa]s?|solucionad[oa]s?|acabad[oa]s?)\b")
_OPEN = lazy_regex(
    rf"\b(?:{_UNDONE}|open|opened|in\s+progress|in\s+review|blocked|pending|to\s?do|wip|"
    r"abiert[oa]s?|en\s+curso|en\s+progreso|en\s+revision|bloquead[oa]s?|pendientes?)\b")
_PLAIN_OPEN = frozenset({"open", "opened", "abierto", "abierta", "abiertos", "abiertas"})
_UNDONE_SAID = lazy_regex(rf"\b(?:{_UNDONE})\b")


def tells_work_done(text: str) -> bool:
    """The note tells a piece of work finished ("fixed in src/x.py; closed", "resuelto"),
    and not that it is open again ("reopened: the fix broke exports", "not fixed yet")."""
    folded = fold(text)
    return _DONE.search(folded) is not None and _UNDONE_SAID.search(folded) is None


def tells_work_open(text: str) -> bool:
    """The note tells a piece of work not finished, by a word that says so of work ("(in
    progress)", "is blocked", "pendiente", "reopened"), or by "open" (which a caller takes
    of work only beside a ticket's id: a shop or a window is open too)."""
    folded = fold(text)
    return _OPEN.search(folded) is not None and not tells_work_done(text)


def open_by_work_word(text: str) -> bool:
    """``tells_work_open`` by a word that says it of work only, not "open" / "abierto"."""
    return any(m.group(0) not in _PLAIN_OPEN for m in _OPEN.finditer(fold(text)))


def tells_work_status(text: str) -> bool:
    """The note tells how a piece of work stands, finished or open."""
    folded = fold(text)
    return _DONE.search(folded) is not None or _OPEN.search(folded) is not None


_WORK = (r"tickets?|issues?|bugs?|tasks?|items?|work|prs?|pull\s+requests?|anything|"
         r"something|incidencias?|tareas?|errores|fallos|algo|cosas|trabajo")
_NOT_FINISHED = (r"pending|unresolved|outstanding|unfinished|in\s+progress|left\s+to\s+do|"
                 r"not\s+(?:yet\s+)?(?:done|fixed|closed|resolved|finished)|"
                 r"pendientes?|sin\s+(?:resolver|terminar|cerrar)|en\s+curso|por\s+hacer")
_UNFINISHED = rf"open|abiert[oa]s?|{_NOT_FINISHED}"
_ASKING = r"^\W*(?:which|what|whats|any|are\s+there|is\s+there|cuales|que|hay|quedan?)\b"
_OPEN_ASKED = lazy_regex(
    rf"{_ASKING}.{{0,20}}?\b(?:{_WORK})\b.{{0,30}}?\b(?:{_UNFINISHED})\b"
    rf"|{_ASKING}.{{0,15}}?\b(?:{_UNFINISHED})\s+(?:{_WORK})\b"
    rf"|{_ASKING}\s+(?:(?:is|are|s)\s+)?(?:still|todavia|aun|sigue|siguen)\s+(?:{_UNFINISHED})\b"
    rf"|{_ASKING}\s+(?:(?:is|are|s|queda|quedan)\s+)?(?:{_NOT_FINISHED})\b")
"""A question asking which pieces of work are still open ("Which tickets are still open?",
"What's unfinished in ferrobus?", "Are there any open bugs?", "¿Qué tickets siguen
abiertos?", "¿Hay algo pendiente?"), not whether one is ("Is ALD-7 still open?")."""
OPEN_WORDS = "open opened reopened progress review blocked pending todo wip " \
    "abierto abierta abiertos abiertas reabierto curso progreso revision bloqueado " \
    "bloqueada pendiente pendientes"
"""The words a note of open work holds ("(open)", "(in progress)", "is blocked",
"abierto", "pendiente"): where such notes are looked up in the index."""


def asks_open_work(text: str) -> bool:
    """The question asks which pieces of work are still open (``_OPEN_ASKED``)."""
    return _OPEN_ASKED.search(fold(text).replace("'", "")) is not None
