"""What the ingest actor receives and answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from actors.base import Message
from actors.facts.messages import FactReport
from actors.provenance import Provenance


@dataclass(frozen=True, kw_only=True)
class Save(Message):
    """Turn text into leaves (and facts). Validation happens in the actor, before any write."""

    content: str
    domain: str | None = None
    """None (or 'general'/'auto') lets detection choose."""
    content_type: str = "auto"
    tags: tuple[str, ...] = ()
    scope: str = ""
    """The scope asked for; "" files it under ``project``'s rule."""
    project: str = ""
    """The project the saving client has open: a save that asks for no scope is filed there
    unless its text is about the user or every project (``ingest.scope.save_scope``, decided by
    the actor from the facts it records, so the text is read once); "" files it globally."""
    origin: str = "agent"
    supersedes: str | None = None
    """The id of a memory this one corrects."""
    seen_from: str | None = None
    """The scope the saving session works in (its project, "" for none): a memory that scope
    may not see (another project's) is not corrected from it. None: not checked (the CLI)."""
    provenance: Provenance = field(default_factory=Provenance)
    source: str | None = None
    """A file path for CLI ingest; None means the client (``provenance.source``)."""


@dataclass(frozen=True)
class Redacted:
    kind: str
    count: int


@dataclass(frozen=True)
class StoreTotals:
    leaves: int
    domains: int
    nodes: int
    depth: int


@dataclass(frozen=True)
class SaveResult:
    leaf_ids: tuple[str, ...]
    repeated: tuple[str, ...]
    """Leaves that already existed with this exact text (a repeat save)."""
    data_type: str
    domain: str
    confidence: float
    type_given: bool
    tokens: int
    redactions: tuple[Redacted, ...]
    facts: FactReport
    totals: StoreTotals
    forgotten_before: tuple[str, ...] = ()
    """Forgotten memories whose exact text this save brought back as new memories."""
    scope: str = ""
    """The scope the memories were filed under ("" for every project)."""
    codes_removed: int = 0
    """Characters of terminal escape codes and control characters taken out of the content
    before it was saved (said in the reply: they were removed in silence, probe-fault F6)."""
