"""A subject's timeline with its timelines in projects, for the MCP tool and the CLI alike.

A fact of a project's memory is recorded under 'subject @project:x' (``scoped_subject``): the
projects asked are the one a scope names, else the client's (MCP) and the one the subject
itself names ("otterpop" asked from another repository's session said it had no facts).
One function asks the facts actor for them, the projects' facts first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from actors.facts.keys import scoped_subject
from actors.facts.messages import FactView, History

if TYPE_CHECKING:
    from actors.facts.actor import FactsActor


def whose_asked(subject: str | None, scope: str | None) -> str:
    """Whose timeline is shown: the subject named; with none, a project scope's own facts
    ("project"), else the user's."""
    return subject or ("project" if scope and scope.startswith("project:") else "user")


def projects_asked(whose: str, scope: str | None, here: str | None = None) -> list[str]:
    """The projects (``project:x``) whose facts ``whose``'s timeline shows: the one ``scope``
    names; none when the scope is the global one ("user"), or when ``whose`` already names its
    project ('billing @project:x'); else the client's project ``here`` and the project
    ``whose`` is named like."""
    if scope is not None:
        return [scope] if scope.startswith("project:") else []
    if "@" in whose:
        return []
    named = [] if whose == "user" else [f"project:{whose}"]
    return list(dict.fromkeys([*([here] if here else []), *named]))


async def history_in(facts: FactsActor, whose: str, attribute: str, projects: Iterable[str],
                     as_of: dt.datetime | None = None) -> tuple[FactView, ...]:
    """``whose``'s facts (``attribute``'s only, when given), after their facts recorded in
    each of ``projects`` ("project:x")."""
    found: tuple[FactView, ...] = await facts.ask(History(subject=whose, attribute=attribute,
                                                          as_of=as_of))
    for project in projects:
        found = (*await facts.ask(History(subject=scoped_subject(whose, project),
                                          attribute=attribute, as_of=as_of)), *found)
    return found
