"""Commits of the shared full-text index, run off the navigation actor's turn.

A commit takes the leaves beyond the index's watermark (saved by any process) into the shared
tantivy index in one tantivy commit, then waits for the merges that commit started (tantivy
releases its own writer lock only then): at 50k memories 0.1-1.2 s, most of it tantivy's.
Run in the actor's idle turn, a search, a stats call or a save's ``Replaced`` question asked
meanwhile waited for all of it. Here it is a task of the actor's task group (``start``), with
handles of its own (a read model used only for committing: its own tantivy index, catalog
reader and analysis), so the actor keeps serving while it runs; the actor's read model picks
the commit up the way it picks up another process's (``FulltextIndex.reload``, a stat of
``meta.json``). The protocol on disk is unchanged: the ``fulltext`` lock is held from the
first document to the end of the merges, and the watermark is inside the tantivy commit.

One commit at a time per process (``running``); the actor hands over the documents its tail
has analysed already, so a leaf a search here analysed is not analysed again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import anyio
import structlog
from anyio.abc import TaskGroup

from actors.allocator import return_free_memory
from actors.base import call_in_thread
from actors.navigation.read_model import ReadModel
from store.errors import StoreIOError
from store.fulltext import LOCK_NAME, IndexDoc
from store.locks import LockManager
from store.paths import StoreLayout

log = structlog.get_logger("ihmt.navigation")

Ended = Callable[[bool, StoreIOError | None], None]
"""Told when a commit ended: whether this process committed, and the disk's refusal if any."""


class IndexCommits:
    """This process's background commits of the shared full-text index (one at a time)."""

    def __init__(self, layout: StoreLayout, locks: LockManager, actor: str) -> None:
        self.layout = layout
        self.locks = locks
        self.actor = actor
        self._model: ReadModel | None = None
        """The committer's own handles, opened by the first commit, used by it alone."""
        self._done: anyio.Event | None = None
        """Set when the running commit ended (None: none has run)."""
        self.refused = False
        """The last commit was refused by the disk (full, read-only): the actor keeps its
        background writes paused until a commit goes through."""

    @property
    def running(self) -> bool:
        return self._done is not None and not self._done.is_set()

    def start(self, group: TaskGroup, analysed: Mapping[str, IndexDoc], ended: Ended) -> bool:
        """Commit in ``group`` (the actor's); False when a commit is still running."""
        if self.running:
            return False
        self._done = anyio.Event()
        group.start_soon(self._run, dict(analysed), ended, self._done)
        return True

    async def wait(self) -> None:
        """Until the running commit (if any) has ended."""
        if self._done is not None:
            await self._done.wait()

    async def _run(self, analysed: dict[str, IndexDoc], ended: Ended, done: anyio.Event) -> None:
        committed = False
        refused: StoreIOError | None = None
        try:
            async with self.locks.try_hold(LOCK_NAME, actor=self.actor) as got:
                if got:  # else another process is committing: its commit covers these too
                    await call_in_thread(self._commit, analysed)
                    committed = True
            await call_in_thread(return_free_memory)  # the batch's analyses, a merge's buffers
        except StoreIOError as exc:
            refused = exc
        except Exception as exc:  # a fault of one commit must not stop the actor: the next
            # idle turn tries again, and the leaves are searched from the tail meanwhile
            log.error("fulltext.commit_failed", actor=self.actor,
                      error=f"{type(exc).__name__}: {exc}", exc_info=True)
        finally:
            self.refused = refused is not None
            done.set()
        ended(committed, refused)

    def _commit(self, analysed: Mapping[str, IndexDoc]) -> int:
        """The commit itself (worker thread, ``fulltext`` lock held)."""
        if self._model is None:
            self._model = ReadModel(self.layout)
        return self._model.commit_pending(analysed=analysed)
