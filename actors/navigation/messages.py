"""What the navigation actor receives and answers (structured; rendering is the edge's job)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from actors.base import Message
from actors.navigation.replacements import Replacement

DETAILS = ("compact", "full")
MAX_LIMIT = 20
"""Most memories one search reply shows (each with its text): the MCP tool's and the CLI's."""
DEFAULT_LIMIT = 3
"""Memories a search shows when the caller gives no ``limit`` (a list or a count told by
several memories: up to ``several.SEVERAL_SHOWN``)."""


@dataclass(frozen=True, kw_only=True)
class Search(Message):
    query: str
    clue: str | None = None
    scope: str = ""
    as_of: dt.datetime | None = None
    include_history: bool = False
    limit: int = DEFAULT_LIMIT
    limit_given: bool = False
    """The caller chose ``limit``: a question asking for a list or a count keeps to it (with
    none given, such a question is served up to ``several.SEVERAL_SHOWN`` memories)."""


@dataclass(frozen=True)
class Turn:
    """The memory saved right after a served one, in the same conversation."""

    leaf_id: str
    timestamp: str
    text: str
    outdated: bool = False
    """A later memory corrected it (shown all the same: it is what was said then)."""
    then: str | None = None
    """The turn said after it, whose text follows its own in ``text`` (it says next to
    nothing by itself: "did you catch anything?")."""
    note: bool = False
    """A note saved beside the served one (no speaker's label): the same session's work,
    not a conversation's next turn, and the reply says so."""


@dataclass(frozen=True)
class Hit:
    leaf_id: str
    domain: str
    title: str
    timestamp: str
    score: float
    text: str
    excerpt: str
    source: str
    agent: str
    scope: str
    currency: str
    """CURRENT, SUPERSEDED or PENDING (RETRACTED is never served)."""
    notices: tuple[str, ...]
    tree_path: tuple[str, ...]
    superseded_by: str | None = None
    successor: Turn | None = None
    """The memory ``superseded_by`` names (its date and opening): the reply says what stands
    now, not only an id the reader cannot look up."""
    same_on: tuple[str, ...] = ()
    """Dates of other memories that say the same words (folded into this one)."""
    next_turn: Turn | None = None
    """What was said next in the conversation, when it was saved one turn per memory: the
    answer is often there ("my sister asked what I want for my birthday" / "I told her a
    Kindle")."""
    also_said: Turn | None = None
    """The turn of the same conversation closest in meaning to the question, when it is not
    served itself (the first memory only): the answer is often a few turns from the words
    that matched ("Biscuit ate a sock, I'm at the vet's" / "Dr Okafor... £180")."""
    said_by_other: tuple[str, str] | None = None
    """(speaker, name asked) when this chat turn was said by someone the question does not
    name and it never mentions the one it does ("Joel: I saw The Velvet Hours" for "When did
    Marta see The Velvet Hours?"): the reply says whose it is."""
    focus: tuple[str, ...] = ()
    """The index terms (stems) it matched the question with, in any reading (the other
    language's, a close word's): a long memory's reply opens on the passage holding them."""
    stood_then: str = ""
    """The past time the question asks about ("june 2025"), when this memory was corrected
    only after it: it tells how things stood then, and the reply does not send the reader to
    the newer one."""


@dataclass(frozen=True)
class AttributeAnswer:
    subject: str
    attribute: str
    value: str
    since: str | None
    """valid_from of the current value (or its record date when undated)."""
    history: tuple[tuple[str, str | None], ...]
    """Earlier values, oldest first: (value, valid_from)."""
    pending: tuple[str, ...] = ()
    leaf_id: str | None = None
    valid_on: str | None = None
    """Set when the question named a past time ("in 2025"): ``value`` is the value then."""
    current_value: str | None = None
    """With ``valid_on``: the value now."""


@dataclass(frozen=True)
class SearchTrace:
    domains_ranked: tuple[str, ...]
    branches_opened: int
    node_reads: int
    leaves_scored: int
    fallback_used: bool
    fallback_reason: str | None
    leaves_in_store: int
    meaning_compared: bool = True
    """False when no stored vector was compared (still loading, or none computed yet): a
    "No memory found" then cannot say that nothing matches the question's meaning."""


@dataclass(frozen=True)
class SearchResult:
    status: str
    """FOUND, AMBIGUOUS or NONE."""
    query: str
    clue: str | None
    hits: tuple[Hit, ...]
    confidence: float
    reason: str | None
    """Why AMBIGUOUS."""
    answer: AttributeAnswer | None
    trace: SearchTrace
    history: tuple[Hit, ...] = ()
    """Superseded memories, when include_history."""
    as_of: str | None = None
    """The record time the answer was given as of, when the search asked for one."""
    absent: tuple[str, ...] = ()
    """With FOUND only: words of the question that no stored memory holds in any form (not
    as another form, nor translated). "When is the user's brother getting married?" finds the
    sister's wedding: the reply says no memory mentions "brother", and the agent can judge."""
    nearest: tuple[Hit, ...] = ()
    """With NONE only: the memories closest in meaning, which are not a confident match. A
    paraphrase sharing no word with its memory ("what language is the user learning?" /
    "estoy aprendiendo alemán") looks to every score like a question nothing answers; shown
    apart, the asking agent can read them and judge."""
    shared: tuple[str, ...] = ()
    """With NONE only: the question's terms (analysed) that the memories matched by their
    words share with it, when they share only common words; the reason names those of them
    the memories shown (``nearest``) hold (``notice_words``)."""
    more: tuple[Hit, ...] = ()
    """With FOUND only: the memories ranked right after those served (``MORE_SHOWN``), named
    by a line each: an answer told over several memories ("What trips did Leilani take?")
    has its other parts there, and the agent can ask again with a larger ``limit``."""
    elsewhere: tuple[str, ...] = ()
    """With NONE only: the scopes outside the one searched ("project:billing") whose memories
    answer the question: nothing of the caller's project is about it, but another project's
    memory is, and the agent can search there (scope "*")."""
    unreadable: int = 0
    """Stored memories whose file could not be read (deleted or damaged behind the store's
    back), as this process met them: one not yet in the shared index cannot be found, one in
    it is served from what the index holds, and "No memory found ... searched all N" without
    a word about them misleads (an outside probe)."""


@dataclass(frozen=True, kw_only=True)
class Stats(Message):
    """Store totals (leaves, domains, nodes, depth, pending consolidation)."""


@dataclass(frozen=True, kw_only=True)
class TreeView(Message):
    """The tree as root -> domains -> branches (ids, titles, leaf counts)."""

    max_depth: int = 3


@dataclass(frozen=True, kw_only=True)
class Recent(Message):
    """The most recently recorded current memories of one scope (the session-start brief)."""

    scope: str
    limit: int = 5


@dataclass(frozen=True)
class RecentMemory:
    leaf_id: str
    timestamp: str
    recorded_at: str
    excerpt: str


@dataclass(frozen=True, kw_only=True)
class LeavesOf(Message):
    """The memories saved from one source (a file path), not retracted: what a re-ingest of a
    changed file replaces."""

    source: str


@dataclass(frozen=True, kw_only=True)
class Saved(Message):
    """Memories this process has just saved (the ingest actor's hint, told, never answered):
    the navigation actor embeds them in its next turn, so that other processes read their
    vectors instead of computing them (``VectorIndex.saved_here``)."""

    leaf_ids: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Replaced(Message):
    """The earlier memory a memory about to be saved says it replaced ("migrated from Poetry
    to uv" replaces "the Python projects use Poetry"); the reply is its id, or None."""

    text: str
    changes: tuple[Replacement, ...]
    """The changes the text tells (``replacements``), read once by the sender."""
    scope: str = ""
    origin: str = "agent"
    day: dt.date | None = None
    """The new memory's own day: a memory of a later day is no state it replaced."""


@dataclass(frozen=True, kw_only=True)
class ScopeFacts(Message):
    """The current values of one project's facts (the session-start brief)."""

    scope: str


@dataclass(frozen=True)
class CurrentFact:
    subject: str
    attribute: str
    value: str
    valid_from: str | None
    recorded_at: str
