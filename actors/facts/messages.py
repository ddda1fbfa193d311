"""What the fact actor receives and answers.

Facts come back as ``FactView``: a plain, render-ready copy of a resolved timeline entry, so
callers never hold the actor's own objects.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from actors.base import Message
from actors.provenance import Provenance

if TYPE_CHECKING:  # the patterns compile on import: a process that only reads never needs them
    from actors.facts.patterns import FactCandidate


@dataclass(frozen=True)
class LeafText:
    """One new leaf, as the fact actor needs it."""

    leaf_id: str
    text: str
    data_type: str
    domain: str
    entry_date: dt.date | None
    """The date the chunker found for this entry (the leaf timestamp), if any."""
    scope: str = ""
    origin: str = "agent"
    candidates: tuple[FactCandidate, ...] | None = None
    """The facts ``text`` states (``extract_facts`` with this leaf's data type and date, not
    yet scoped), when the sender read them already (the ingest actor, which files a save by
    them); None: the fact actor reads them (a turn that reads its earlier turns)."""


@dataclass(frozen=True)
class FactView:
    fact_id: str
    subject: str
    attribute: str
    value: str
    valid_from: str | None
    valid_to: str | None
    recorded_at: str
    superseded_at: str | None
    status: str
    """ACTIVE, HISTORICAL, RETRACTED, PENDING or REJECTED."""
    origin: str
    agent: str
    session: str
    source_leaf_id: str | None
    retraction_reason: str | None = None
    decided_with: tuple[FactView, ...] = ()
    """A correction's decision (S-...) decides the values it states that waited with it
    (F-...): they are named here, so the reply says what else changed."""


@dataclass(frozen=True)
class FactReport:
    new_facts: tuple[FactView, ...] = ()
    notices: tuple[str, ...] = ()
    """Changes to something remembered earlier, in IHMT's notice shape, to relay to the user."""
    pending: tuple[FactView, ...] = ()
    """Tool-origin values waiting for review instead of overturning what the user said."""
    blocked: tuple[FactView, ...] = ()
    """Re-saves covered by an earlier retraction."""
    superseded_leaf: str | None = None
    also_superseded: tuple[str, ...] = ()
    """The corrections ``superseded_leaf`` had already had: superseded as well (only the
    newest correction of a memory is current)."""
    pending_supersession: str | None = None
    """The review id (S-...) of a correction that waits for review instead of applying."""
    pending_superseded_leaf: str | None = None
    """The memory that correction would mark outdated."""


@dataclass(frozen=True, kw_only=True)
class Extract(Message):
    leaves: tuple[LeafText, ...]
    provenance: Provenance = field(default_factory=Provenance)
    supersedes: str | None = None
    """An explicit correction: this memory id is superseded by the first new leaf."""
    catalog: tuple[Mapping[str, Any], ...] = ()
    """Catalog entries of the saved leaves: committed with the facts, in one transaction."""
    audit: tuple[Mapping[str, Any], ...] = ()
    """Audit records of the save, committed in the same transaction."""
    supersedes_pending: bool = False
    """The correction waits for review (tool-origin text correcting the user's memory)."""


@dataclass(frozen=True, kw_only=True)
class Retract(Message):
    target: str
    """A fact id (F-...) or a memory id (L-...)."""
    reason: str
    provenance: Provenance = field(default_factory=Provenance)
    scope: str | None = None
    """The caller's scope: only memories and facts it admits (``actors.scopes``) may be
    forgotten. None (the command line, run by the store's owner) may forget any."""


@dataclass(frozen=True)
class RetractResult:
    kind: str
    target: str
    description: str
    facts: tuple[FactView, ...]
    already: bool = False
    """It had been forgotten before; nothing changed."""


@dataclass(frozen=True, kw_only=True)
class History(Message):
    subject: str = "user"
    attribute: str = ""
    """Empty: every attribute of the subject."""
    as_of: dt.datetime | None = None


@dataclass(frozen=True, kw_only=True)
class StateAt(Message):
    subject: str
    attribute: str
    valid_time: dt.date | None = None
    as_of: dt.datetime | None = None


@dataclass(frozen=True, kw_only=True)
class Review(Message):
    action: str
    """'list', 'approve' or 'reject'."""
    fact_id: str = ""
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True, kw_only=True)
class RetractedAmong(Message):
    """Which of these memory ids were forgotten (so a re-save becomes a new memory)."""

    leaf_ids: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Conflicts(Message):
    """Every key whose value changed at least once."""
