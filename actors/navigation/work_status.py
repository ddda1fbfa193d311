"""How a piece of work stands, as a coding agent's notes tell it: done ("KES-212 fixed ...;
closed", "QL-9 closed", "FB-247 done", "ALD-3 resuelto") or still open ("ALD-7 (open)",
"KES-241 (in progress)", "FB-233 is blocked", "FB-252 abierto"). A later note of the same
ticket telling either is where the ticket stands now (``NavigationActor._continuation`` ties
the notes by the ticket's id), and "Which tickets are still open?" is answered by the tickets
whose newest note does not tell them done. Pure text, English and Spanish (folded)."""

from __future__ import annotations

import re

from actors.text import fold

_UNDONE = (r"re-?opened|reabiert[oa]s?|"
           r"not\s+(?:yet\s+)?(?:done|fixed|closed|resolved|merged)|sin\s+resolver")
_DONE = re.compile(
    r"\b(?:done|fixed|closed|resolved|merged|shipped|completed?|finished|"
    r"won'?t\s+fix|wontfix|cerrad[oa]s?|resuelt[oa]s?|arreglad[oa]s?|terminad[oa]s?|"
    r"completad[oa]s?|solucionad[oa]s?|acabad[oa]s?)\b")
_OPEN = re.compile(
    rf"\b(?:{_UNDONE}|open|opened|in\s+progress|in\s+review|blocked|pending|to\s?do|wip|"
    r"abiert[oa]s?|en\s+curso|en\s+progreso|en\s+revision|bloquead[oa]s?|pendientes?)\b")
_UNDONE_SAID = re.compile(rf"\b(?:{_UNDONE})\b")


def tells_work_done(text: str) -> bool:
    """The note tells a piece of work finished ("fixed in src/x.py; closed", "resuelto"),
    and not that it is open again ("reopened: the fix broke exports", "not fixed yet")."""
    folded = fold(text)
    return _DONE.search(folded) is not None and _UNDONE_SAID.search(folded) is None


def tells_work_status(text: str) -> bool:
    """The note tells how a piece of work stands, finished or open."""
    folded = fold(text)
    return _DONE.search(folded) is not None or _OPEN.search(folded) is not None
