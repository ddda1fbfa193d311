"""A subject's timeline with its timelines in projects, for the MCP tool and the CLI alike.

A fact of a project's memory is recorded under 'subject @project:x' (``scoped_subject``): the
MCP ``memory_history`` adds the client's project, ``ihmt-async history`` the project named by
``--scope`` or by the subject itself. One function asks the facts actor for both, the
projects' facts first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from actors.facts.keys import scoped_subject
from actors.facts.messages import FactView, History

if TYPE_CHECKING:
    from actors.facts.actor import FactsActor


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
