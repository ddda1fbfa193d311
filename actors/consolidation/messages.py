"""What the consolidation actor receives and answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from actors.base import Message
from store.progress import ProgressFn


@dataclass(frozen=True, kw_only=True)
class Nudge(Message):
    """New leaves exist; consolidate after the quiet period (a hint, safe to drop)."""

    count: int = 1


@dataclass(frozen=True, kw_only=True)
class Flush(Message):
    """Consolidate now; ``force`` also files the last, partial group of leaves of each domain.

    After a forced flush every leaf has a parent. Partial groups of branches are never
    promoted (see ``tree``): the tree's depth grows with log(leaves), not with flushes.
    """

    force: bool = False
    progress: ProgressFn | None = field(default=None, compare=False, repr=False)
    """Watches the pass: branches written of branches planned so far (the total grows as each
    layer is planned). Called from the actor's worker threads; None for nobody watching."""


@dataclass(frozen=True)
class PassResult:
    ran: bool
    """False when another process held the consolidation lock (it will do the work)."""
    branches_written: int
    leaves_placed: int
    pending: int
    """Parentless items left after the pass."""
    depth: int
    nodes: int
    duration_ms: float
    repaired: int = 0
    """Debris of a killed pass healed first (half-written links, stray branch files)."""
