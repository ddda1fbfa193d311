"""The consolidation actor: keeps the summary tree in the background, one process at a time.

It wakes on Nudge messages after a quiet period (or at once when enough leaves are pending),
takes the cross-process ``consolidation`` lock with try-lock semantics (if another process is
consolidating, it tries again after another quiet period rather than trusting that pass to
have seen our leaves) and runs a pass:

0. heal what a killed pass left (``repair``): stray branch files, half-written links;
1. per layer, group the parentless items of each domain (timestamp order) into branches;
2. write every branch file of the layer durably BEFORE anything points at it (in parallel,
   each handed to the writers as soon as it is summarised: each file is still fsynced, but
   concurrent fsyncs share the file system's journal commits; a Flush's ``progress`` receiver
   sees branches written of branches planned);
3. under the ``catalog`` lock, catch up with the catalog's changes since the pass read its
   parentless rows (``TrunkView``: a pass never holds every row), and for each branch whose
   children are all still parentless, commit the children's parent links and the branch entry in one
   transaction (``store.engine``; not logged to the event file: branch files are the truth);
4. rewrite ``root.json`` under the ``root`` lock when what it says changed;
5. maintenance, once per process and off the start-up path: remove temp files of writers that
   died before their rename.

A pass killed anywhere re-does its group on the next run (branch ids are deterministic), so it
never orphans a leaf or leaves a dangling parent. Saves never wait for any of this: they only
post a Nudge, and they share nothing with a pass but short holds of the catalog lock.
It must never rewrite a leaf file, and never write a branch file without the consolidation lock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from actors.allocator import return_free_memory
from actors.base import Actor, call_in_thread
from actors.consolidation import repair, tree
from actors.consolidation.anthropic import summarizer_for
from actors.consolidation.messages import Flush, Nudge, PassResult
from actors.consolidation.root import build_root, unchanged
from actors.consolidation.summarizer import ChildDigest, Summarizer, time_range
from store.atomic import clean_stray_temps
from store.catalog import CatalogReader, Entries
from store.config import Settings
from store.engine import Engine
from store.errors import InvalidDomain, MalformedFile
from store.events import utc_now
from store.leaf_format import read_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.progress import ProgressFn, no_progress
from store.tree_files import iter_branch_files, read_branch, read_root, write_branch, write_root

PASS_FIELDS = ("id", "kind", "layer", "domain", "path", "parent_id", "timestamp", "title",
               "leaf_count", "status")
"""The catalog columns a pass reads (grouping, links, repair, the root): not who wrote a leaf
or where from."""



def _pass_row(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A catalog row as a pass holds it: its ``PASS_FIELDS`` only."""
    return {name: entry.get(name) for name in PASS_FIELDS}


class TrunkView:
    """The catalog's parentless rows as a pass sees them: read at the start of a pass and
    kept current inside the catalog lock before linking. A pass files only parentless rows;
    what it asks of the rest (tallies, dangling links, leaf dates) is asked of SQLite, so a
    pass at 50k memories no longer holds every row (46 MB, a fifth of a second to read)."""

    def __init__(self, layout: StoreLayout) -> None:
        self.reader = CatalogReader(layout)
        self.engine = Engine(layout)
        self.state: Entries = {}
        self.seq = 0
        """The catalog sequence ``state`` is current to."""

    def refresh(self) -> None:
        """The parentless rows, read once at the start of a pass."""
        self.state = {}  # the old rows go before the new are read (one copy at a time)
        self.seq = self.reader.last_seq()
        self.state = self.reader.trunk(PASS_FIELDS)

    def catch_up(self) -> None:
        """The rows changed since they were read (by any process), applied to the rows held:
        a row given a parent leaves the trunk, a new parentless one joins it. A catalog whose
        sequence went back (rebuilt meanwhile) is read again."""
        if self.reader.last_seq() < self.seq:
            self.refresh()
            return
        changes, self.seq = self.reader.changes_since(self.seq)
        for change in changes:
            self._take(change.entry_id, change.entry)

    def _take(self, entry_id: str, entry: Mapping[str, Any] | None) -> None:
        if entry is None or entry.get("parent_id"):
            self.state.pop(entry_id, None)
        else:
            self.state[entry_id] = _pass_row(entry)

    def release(self) -> None:
        """Drop the rows between passes (a server holds no copy of the catalog at rest)."""
        self.state = {}

    def append(self, records: list[dict[str, Any]]) -> None:
        """Commit catalog records in one transaction (catalog lock held) and take them in:
        applied to the rows held, which the caller read inside the same lock. A link undone
        (``parent_id`` cleared) brings its row back into the trunk."""
        if not records:
            return
        self.engine.commit(catalog=records, logged=False)
        orphaned: list[str] = []
        for record in records:
            if record["op"] == "put":
                self._take(str(record["entry"]["id"]), record["entry"])
            elif record["op"] == "patch":
                entry_id = str(record["id"])
                row = self.state.get(entry_id)
                if row is not None:
                    row.update((k, v) for k, v in record["set"].items() if k in PASS_FIELDS)
                    self._take(entry_id, row)
                elif "parent_id" in record["set"] and not record["set"]["parent_id"]:
                    orphaned.append(entry_id)
            else:
                self.state.pop(str(record["id"]), None)
        for entry_id, row in self.reader.rows(orphaned, PASS_FIELDS).items():
            self._take(entry_id, row)

    def close(self) -> None:
        self.reader.close()
        self.engine.close()


class WriteTally:
    """Branches written of branches planned in one pass, told to a Flush's receiver."""

    def __init__(self, progress: ProgressFn) -> None:
        self.progress = progress
        self.done = 0
        self.total = 0
        self._lock = threading.Lock()

    def expect(self, count: int) -> None:
        """``count`` more branches to write (fewer, when negative: unreadable children)."""
        with self._lock:
            self.total += count
            self.progress(self.done, self.total)

    def wrote(self, _write: Future[float]) -> None:
        with self._lock:
            self.done += 1
            self.progress(self.done, self.total)


WRITE_THREADS = 8
"""Branch files written at once: enough for fsyncs to share journal commits."""
RETRY_MIN_S = 0.25
"""Shortest wait before a skipped or failed background pass is tried again."""
ROWS_PER_BATCHED_SAVE = 100
"""While saves keep coming, a pass waits for one new leaf per this many catalog rows, at least
``consolidation_batch``: a pass walks every branch file and reads what it files (0.4-1 s at
50k memories; it read every row too, a second in all, when this was set), so a fixed batch of
64 made a bulk load at 50k spend a second in every 64 saves filing (16 passes in 1,000 saves
through MCP). A pause in saving still files at once (``consolidation_quiet_s``)."""
UNREADABLE = (MalformedFile, InvalidDomain, OSError)
MAX_LAYERS = 64
"""A guard: with branch_factor >= 2 a tree of any real size is far shallower than this."""


class ConsolidationActor(Actor):
    name = "consolidation"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager, *,
                 background: bool = True, summarizer: Summarizer | None = None) -> None:
        super().__init__(inbox_size=max(settings.inbox_size, 64),
                         request_timeout_s=max(settings.request_timeout_s, 600.0))
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self.background = background
        self.summarizer = summarizer or summarizer_for(settings.summarizer_backend,
                                                       settings.summarizer_model)
        self._catalog = TrunkView(layout)
        self._swept = False
        """Whether this process has removed dead writers' temp files yet (once, in a pass)."""
        self._pending = 0
        self._due: float | None = None
        """When (monotonic) the next background pass is due; None when nothing is pending."""
        self._retry_at = 0.0
        self._rows = 0
        """Catalog rows at the last pass, by its tallies (the batch of the next grows with
        them)."""
        self._nodes: dict[str, dict[str, Any]] = {}
        """Branch files of parentless nodes (the next layer's children, root's top items)."""
        self.passes = 0

    async def start(self) -> None:
        """Nothing to load: a pass reads the catalog when it runs. Leaves other processes
        saved and left unfiled (a server that stopped within its quiet time never ran its
        pass; a CLI save runs none) get a pass as if this process had saved them: one count
        over the ``parent_id`` index."""
        self._nodes = {}
        if self.background:
            unfiled = await call_in_thread(self._catalog.reader.count_unfiled_leaves)
            if unfiled:
                self._note_pending(unfiled)

    async def stop(self) -> None:
        self._catalog.close()

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Nudge):
            self._note_pending(message.count)
            return None
        if isinstance(message, Flush):
            self._pending, self._due = 0, None  # this pass covers every leaf nudged so far
            return await self._run_pass(force=message.force, wait=True,
                                        progress=message.progress or no_progress)
        return await super().handle(message)

    # ------------------------------------------------------------------ debouncing

    def _note_pending(self, count: int) -> None:
        now = time.monotonic()
        self._pending += max(0, count)
        # The first leaves of a store get a pass at once: IHMT clients and the GUI read
        # root.json, which must exist as soon as the store holds a memory.
        batch = max(self.settings.consolidation_batch, self._rows // ROWS_PER_BATCHED_SAVE)
        due = now if self._pending >= batch or not self.layout.root_file.exists() \
            else now + self.settings.consolidation_quiet_s
        self._due = max(due, self._retry_at)

    def idle_after(self) -> float | None:
        if not self.background or self._due is None:
            return None
        return max(0.0, self._due - time.monotonic())

    async def on_idle(self) -> None:
        pending, self._pending, self._due = self._pending, 0, None
        try:
            result = await self._run_pass(force=False, wait=False)
        except Exception:
            self._retry_later(pending)
            raise
        if not result.ran:
            # The holder may have read the catalog before our leaves were in it.
            self._retry_later(pending)

    def _retry_later(self, pending: int) -> None:
        self._retry_at = time.monotonic() + max(self.settings.consolidation_quiet_s,
                                                RETRY_MIN_S)
        self._note_pending(pending)

    # ------------------------------------------------------------------ one pass

    async def _run_pass(self, *, force: bool, wait: bool,
                        progress: ProgressFn = no_progress) -> PassResult:
        started = time.perf_counter()
        if wait:
            async with self.locks.hold("consolidation", actor=self.name,
                                       timeout_s=max(self.settings.lock_timeout_s, 120.0)):
                return await self._pass_locked(force, started, WriteTally(progress))
        async with self.locks.try_hold("consolidation", actor=self.name) as got:
            if not got:
                self.log.info("consolidation.skipped", reason="another process holds the lock")
                return PassResult(False, 0, 0, 0, 0, 0, 0.0)
            return await self._pass_locked(force, started, WriteTally(progress))

    async def _pass_locked(self, force: bool, started: float, tally: WriteTally) -> PassResult:
        try:
            return await self._pass_read(force, started, tally)
        finally:
            self._catalog.release()
            return_free_memory()

    async def _pass_read(self, force: bool, started: float, tally: WriteTally) -> PassResult:
        await call_in_thread(self._catalog.refresh)
        repaired = await self._repair()
        pending_before, top = await call_in_thread(self._census)
        written = placed = 0
        write_s = link_s = 0.0
        layer = 0
        while layer <= min(top, MAX_LAYERS):
            t0 = time.perf_counter()
            plan = await call_in_thread(self._plan_layer, layer, force, tally)
            t1 = time.perf_counter()
            if plan:
                async with self.locks.hold("catalog", actor=self.name):
                    linked = await call_in_thread(self._link, plan)
                written += len(linked)
                placed += sum(len(node["child_ids"]) for node in linked)
                if linked:
                    top = max(top, layer + 1)
            write_s += t1 - t0
            link_s += time.perf_counter() - t1
            layer += 1
        async with self.locks.hold("root", actor=self.name):
            depth, nodes, pending = await call_in_thread(self._write_root)
        if not self._swept:
            self._swept = True
            removed = await call_in_thread(clean_stray_temps, self.layout.root)
            if removed:
                self.log.info("store.stray_temps_removed", count=len(removed),
                              paths=[str(p) for p in removed])
        self.passes += 1
        duration = round((time.perf_counter() - started) * 1000, 2)
        self.log.info("consolidation.pass", branches_written=written, leaves_placed=placed,
                      pending_before=pending_before, pending=pending, depth=depth, nodes=nodes,
                      repaired=repaired, forced=force, duration_ms=duration,
                      plan_write_ms=round(write_s * 1000, 2), link_ms=round(link_s * 1000, 2))
        return PassResult(True, written, placed, pending, depth, nodes, duration, repaired)

    def _census(self) -> tuple[int, int]:
        """Leaves waiting for a branch, and the highest layer in the catalog (whose row
        count sets the next batch)."""
        counts = self._catalog.reader.counts()
        self._rows = sum(counts.leaves_by_domain.values()) + counts.nodes
        return self._pending_leaves(self._catalog.state), counts.depth

    @staticmethod
    def _pending_leaves(entries: Mapping[str, Mapping[str, Any]]) -> int:
        return sum(1 for e in entries.values()
                   if e.get("kind") == "leaf" and tree.is_trunk_item(e))

    # ------------------------------------------------------------------ repair (step 0)

    def _damage(self) -> tuple[repair.Damage, dict[str, list[Path]]]:
        on_disk: dict[str, list[Path]] = {}
        for path in iter_branch_files(self.layout):
            on_disk.setdefault(path.stem, []).append(path)
        reader = self._catalog.reader
        damage = repair.find_damage(reader.dangling_links(), on_disk,
                                    reader.known(list(on_disk)))
        return damage, on_disk

    async def _repair(self) -> int:
        """Heal a killed pass's debris; how many links were fixed and files removed."""
        damage, _ = await call_in_thread(self._damage)
        if not damage:
            return 0
        async with self.locks.hold("catalog", actor=self.name):
            return await call_in_thread(self._repair_locked)

    def _repair_locked(self) -> int:
        self._catalog.catch_up()
        damage, on_disk = self._damage()
        records: list[dict[str, Any]] = []
        for parent_id, children in sorted(damage.dangling.items()):
            rows = self._catalog.reader.rows(children, PASS_FIELDS)
            layer = int(rows[children[0]].get("layer", 0)) + 1
            path = self.layout.branch_path(layer, parent_id)
            try:
                node: dict[str, Any] | None = read_branch(path)
            except UNREADABLE:
                node = None
            listed = [str(c) for c in (node or {}).get("child_ids", [])]
            rows.update(self._catalog.reader.rows(listed, PASS_FIELDS))
            records.extend(repair.complete_or_undo(
                parent_id, children, node, self.layout.branch_relpath(layer, parent_id),
                rows))
        if records:
            self._catalog.append(records)
        strays = self._damage()[0].strays if records else damage.strays
        for node_id in strays:
            for path in on_disk.get(node_id, ()):
                path.unlink(missing_ok=True)
            self._nodes.pop(node_id, None)
        self.log.warning("consolidation.repaired", links_completed_or_undone=len(damage.dangling),
                         stray_branches_removed=len(strays))
        return len(damage.dangling) + len(strays)

    # ------------------------------------------------------------------ plan and write

    def _digest(self, entry: Mapping[str, Any]) -> ChildDigest:
        if entry.get("kind") == "node":
            return tree.digest_of_node(self._node(entry), self.settings.excerpt_chars)
        leaf = read_leaf(self.layout.resolve(entry["path"]))
        return tree.digest_of_leaf(leaf.header, leaf.text, self.settings.excerpt_chars)

    def _readable(self, entry: Mapping[str, Any]) -> ChildDigest | None:
        try:
            return self._digest(entry)
        except UNREADABLE as exc:
            self.log.warning("consolidation.child_unreadable", id=entry["id"], error=str(exc))
            return None

    def _node(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        node = self._nodes.get(entry["id"])
        if node is None:
            node = read_branch(self.layout.resolve(entry["path"]))
            self._nodes[entry["id"]] = node
        return node

    def _plan_layer(self, layer: int, force: bool, tally: WriteTally) -> list[dict[str, Any]]:
        """Build and durably write the branch files of one layer (before anyone points at them).

        Unreadable children are left out of the grouping (and logged), so one corrupt file
        does not hold its seven neighbours back. A branch goes to the writers as soon as it is
        summarised; if a later one fails, the files already written are the stray branch files
        a killed pass leaves, which the next pass's repair removes.
        """
        plan: list[dict[str, Any]] = []
        now = utc_now()
        factor = self.settings.branch_factor
        partial = tree.files_partial_group(layer, force)
        domains = [(domain, items) for domain, items
                   in sorted(tree.parentless(self._catalog.state, layer).items())
                   if len(items) >= factor or partial]
        if not domains:
            return plan
        expected = [len(items) // factor + (1 if partial and len(items) % factor else 0)
                    for _, items in domains]
        tally.expect(sum(expected))
        writes: list[Future[float]] = []
        with ThreadPoolExecutor(max_workers=WRITE_THREADS,
                                thread_name_prefix="branch-writer") as pool:
            for (domain, items), planned in zip(domains, expected, strict=True):
                readable = [(e, d) for e in items if (d := self._readable(e)) is not None]
                groups = tree.groups(readable, factor, partial=partial)
                tally.expect(len(groups) - planned)
                for group in groups:
                    node = tree.build_branch(
                        layer=layer + 1, domain=domain, children=[d for _, d in group],
                        paths=[e["path"] for e, _ in group], summarizer=self.summarizer,
                        now=now)
                    plan.append(node)
                    writes.append(pool.submit(self._write_one, node))
                    writes[-1].add_done_callback(tally.wrote)
            timings = [write.result() for write in writes]
        for node, seconds in zip(plan, timings, strict=True):
            self._nodes[node["node_id"]] = node
            self.log.info("consolidation.branch_written", node_id=node["node_id"],
                          layer=node["layer"], domain=node["domain"],
                          children=len(node["child_ids"]), leaf_count=node["leaf_count"],
                          duration_ms=round(seconds * 1000, 2))
        return plan

    def _write_one(self, node: Mapping[str, Any]) -> float:
        started = time.perf_counter()
        write_branch(self.layout, node)
        return time.perf_counter() - started

    def _link(self, plan: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Record the branches and their children's parent links (catalog lock held)."""
        self._catalog.catch_up()
        entries = self._catalog.state  # the parentless rows: a child given a parent is gone
        filed = self._catalog.reader.known([node["node_id"] for node in plan])
        records: list[dict[str, Any]] = []
        linked: list[dict[str, Any]] = []
        for node in plan:
            kids = [entries.get(cid) for cid in node["child_ids"]]
            if node["node_id"] in filed or any(k is None or k.get("parent_id") for k in kids):
                # The catalog changed under us (a rebuild): drop the file, re-plan next pass.
                if node["node_id"] not in filed:
                    self.layout.branch_path(node["layer"], node["node_id"]).unlink(
                        missing_ok=True)
                self._nodes.pop(node["node_id"], None)
                continue
            relpath = self.layout.branch_relpath(node["layer"], node["node_id"])
            records.extend(tree.link_records(node, relpath))
            linked.append(node)
        self._catalog.append(records)
        for node in linked:
            for cid in node["child_ids"]:
                self._nodes.pop(cid, None)  # a child with a parent is nobody's digest again
        return linked

    # ------------------------------------------------------------------ root

    def _write_root(self) -> tuple[int, int, int]:
        self._catalog.catch_up()
        entries = self._catalog.state
        top_items: dict[str, list[ChildDigest]] = {}
        for entry in entries.values():
            if tree.is_trunk_item(entry) and (digest := self._readable(entry)) is not None:
                top_items.setdefault(entry["domain"], []).append(digest)
        try:
            old = read_root(self.layout)
        except MalformedFile:
            old = None
        reader = self._catalog.reader
        root = build_root(reader.counts(), time_range(reader.leaf_timestamps()), top_items,
                          now=utc_now(),
                          created_at=str(old.get("created_at") or "") if old else None)
        if not unchanged(old, root):
            write_root(self.layout, root)
        return int(root["depth"]), int(root["node_count"]), self._pending_leaves(entries)
