"""The consolidation actor: keeps the summary tree in the background, one process at a time.

It wakes on Nudge messages after a quiet period (or at once when enough leaves are pending),
takes the cross-process ``consolidation`` lock with try-lock semantics (if another process is
consolidating, that one will do the work) and runs a pass:

1. per layer, group the parentless items of each domain (timestamp order) into branches;
2. write every branch file durably BEFORE anything points at it;
3. under the ``catalog`` lock, re-read the catalog, and for each branch whose children are all
   still parentless, append the branch entry and the children's parent links in one write;
4. rewrite ``root.json`` under the ``root`` lock; compact journals that grew large.

A pass killed anywhere re-does its group on the next run (branch ids are deterministic), so it
never orphans a leaf or leaves a dangling parent. Saves never wait for any of this.
"""

from __future__ import annotations

import time
from typing import Any

from actors.base import Actor, call_in_thread
from actors.consolidation import tree
from actors.consolidation.messages import Flush, Nudge, PassResult
from actors.consolidation.root import build_root
from actors.consolidation.summarizer import ChildDigest, HeuristicSummarizer, Summarizer
from store import catalog as catalog_table
from store.config import Settings
from store.errors import MalformedFile
from store.factlog import open_facts
from store.journal import utc_now
from store.leaf_format import read_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.tree_files import read_branch, write_branch, write_root


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
        self.summarizer = summarizer or HeuristicSummarizer()
        self._catalog = catalog_table.open_catalog(layout)
        self._pending = 0
        self._last_nudge = 0.0
        self._nodes: dict[str, dict[str, Any]] = {}
        self.passes = 0

    async def start(self) -> None:
        self._catalog = catalog_table.open_catalog(self.layout)
        self._nodes = {}
        await call_in_thread(self._catalog.refresh)

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Nudge):
            self._pending += message.count
            self._last_nudge = time.monotonic()
            return None
        if isinstance(message, Flush):
            return await self._run_pass(force=message.force, wait=True)
        return await super().handle(message)

    def idle_after(self) -> float | None:
        if not self.background or self._pending <= 0:
            return None
        if self._pending >= self.settings.consolidation_batch:
            return 0.0
        quiet = self.settings.consolidation_quiet_s
        return max(0.0, quiet - (time.monotonic() - self._last_nudge))

    async def on_idle(self) -> None:
        self._pending = 0
        await self._run_pass(force=False, wait=False)

    # ------------------------------------------------------------------ one pass

    async def _run_pass(self, *, force: bool, wait: bool) -> PassResult:
        started = time.perf_counter()
        if wait:
            async with self.locks.hold("consolidation", actor=self.name,
                                       timeout_s=max(self.settings.lock_timeout_s, 120.0)):
                result = await self._pass_locked(force, started)
        else:
            async with self.locks.try_hold("consolidation", actor=self.name) as got:
                if not got:
                    self.log.info("consolidation.skipped", reason="another process holds the lock")
                    return PassResult(False, 0, 0, 0, 0, 0, 0.0)
                result = await self._pass_locked(force, started)
        return result

    async def _pass_locked(self, force: bool, started: float) -> PassResult:
        await call_in_thread(self._catalog.refresh)
        written = placed = 0
        layer = 0
        while True:
            plan = await call_in_thread(self._plan_layer, layer, force)
            if plan:
                async with self.locks.hold("catalog", actor=self.name):
                    done = await call_in_thread(self._link, plan)
                written += done
                placed += sum(len(node["child_ids"]) for node in plan[:done])
            top = max((int(e.get("layer", 0)) for e in self._catalog.state.values()), default=0)
            layer += 1
            if layer > top:
                break
        async with self.locks.hold("root", actor=self.name):
            depth, nodes, pending = await call_in_thread(self._write_root)
        await self._compact_if_large()
        self.passes += 1
        duration = round((time.perf_counter() - started) * 1000, 2)
        self.log.info("consolidation.pass", branches_written=written, leaves_placed=placed,
                      pending=pending, depth=depth, nodes=nodes, forced=force,
                      duration_ms=duration)
        return PassResult(True, written, placed, pending, depth, nodes, duration)

    def _digest(self, entry: dict[str, Any]) -> ChildDigest:
        if entry.get("kind") == "node":
            node = self._node(entry)
            return tree.digest_of_node(node, self.settings.excerpt_chars)
        leaf = read_leaf(self.layout.resolve(entry["path"]))
        return tree.digest_of_leaf(leaf.header, leaf.text, self.settings.excerpt_chars)

    def _node(self, entry: dict[str, Any]) -> dict[str, Any]:
        node = self._nodes.get(entry["id"])
        if node is None:
            node = read_branch(self.layout.resolve(entry["path"]))
            self._nodes[entry["id"]] = node
        return node

    def _plan_layer(self, layer: int, force: bool) -> list[dict[str, Any]]:
        """Write the branch files of one layer (durable before anyone points at them)."""
        plan: list[dict[str, Any]] = []
        now = utc_now()
        for domain, items in sorted(tree.parentless(self._catalog.state, layer).items()):
            for group in tree.groups(items, self.settings.branch_factor, force=force):
                children: list[ChildDigest] = []
                paths: list[str] = []
                for entry in group:
                    try:
                        children.append(self._digest(entry))
                    except (MalformedFile, FileNotFoundError) as exc:
                        self.log.warning("consolidation.child_unreadable", id=entry["id"],
                                         error=str(exc))
                        break
                    paths.append(entry["path"])
                else:
                    node = tree.build_branch(layer=layer + 1, domain=domain, children=children,
                                             paths=paths, summarizer=self.summarizer, now=now)
                    write_branch(self.layout, node)
                    self._nodes[node["node_id"]] = node
                    self.log.debug("consolidation.branch_written", node_id=node["node_id"],
                                   children=len(children))
                    plan.append(node)
        return plan

    def _link(self, plan: list[dict[str, Any]]) -> int:
        """Record the branches and their children's parent links (catalog lock held)."""
        self._catalog.refresh()
        entries = self._catalog.state
        records: list[dict[str, Any]] = []
        done = 0
        for node in plan:
            kids = [entries.get(cid) for cid in node["child_ids"]]
            if any(k is None or k.get("parent_id") for k in kids):
                continue  # the catalog changed under us (a rebuild); the next pass re-plans
            relpath = self.layout.branch_relpath(node["layer"], node["node_id"])
            records.append(catalog_table.put(catalog_table.entry_from_branch(node, relpath)))
            records.extend(catalog_table.patch(cid, parent_id=node["node_id"])
                           for cid in node["child_ids"])
            done += 1
        self._catalog.append(records)
        return done

    def _write_root(self) -> tuple[int, int, int]:
        self._catalog.refresh()
        entries = self._catalog.state
        top_items: dict[str, list[ChildDigest]] = {}
        for entry in entries.values():
            if entry.get("parent_id"):
                continue
            try:
                top_items.setdefault(entry["domain"], []).append(self._digest(entry))
            except (MalformedFile, FileNotFoundError):
                continue
        root = build_root(entries, top_items, now=utc_now())
        write_root(self.layout, root)
        pending = sum(1 for e in entries.values()
                      if e.get("kind") == "leaf" and not e.get("parent_id"))
        return int(root["depth"]), int(root["node_count"]), pending

    async def _compact_if_large(self) -> None:
        catalog_bytes = self._catalog.journal_size()
        snapshot_bytes = self._size(self.layout.catalog_snapshot)
        if catalog_bytes > max(self.settings.journal_compact_bytes, snapshot_bytes // 2):
            async with self.locks.hold("catalog", actor=self.name):
                await call_in_thread(self._catalog.compact)
        facts_bytes = self._size(self.layout.facts_journal)
        if facts_bytes > max(self.settings.journal_compact_bytes,
                             self._size(self.layout.facts_snapshot) // 2):
            facts = open_facts(self.layout)
            async with self.locks.hold("facts", actor=self.name):
                await call_in_thread(facts.compact)

    @staticmethod
    def _size(path: Any) -> int:
        try:
            return int(path.stat().st_size)
        except FileNotFoundError:
            return 0
