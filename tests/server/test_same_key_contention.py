"""Several server processes correcting the SAME fact of the SAME subject at the same moment.

Every other multi-process test gives each process its own subject, so none of them contends on
one fact. Here real ``ihmt-async serve`` processes all correct one memory ("I live in ...",
passing ``supersedes``) at once, while background consolidation compacts the tables often.
Checked through the public interfaces only (the MCP tools, then a Runtime's requests), so the
test holds whatever the storage underneath:

- every acknowledged save is in the store (the catalog lost no entry, the timeline no event);
- the timeline is one consistent chain with exactly one current value (the values corrected
  the same day are withdrawn, ``actors.facts.timeline``);
- of the original memory and all its corrections exactly one memory is CURRENT, the newest;
- each save's reply names, as the value it updates, the value current just before it in
  record order: a save decided on a stale read of the facts (another process recorded a value
  since) names an older one, and two replies then claim to update the same value.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from actors.facts.messages import FactView, History
from actors.navigation.messages import Search, Stats
from ihmt_async.runtime import Runtime
from tests.mcp_client import server_session

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SERVERS = 4
CORRECTIONS = 8
"""Per server."""
BUSY = {"IHMT_JOURNAL_COMPACT_BYTES": "4096", "IHMT_CONSOLIDATION_QUIET_S": "0"}
"""Compact the tables as often as the settings allow, so appends race compactions."""


def town(server: int, n: int) -> str:
    """A made-up one-word town per save (letters only: a word the search indexes whole)."""
    return f"Qvill{'abcdefgh'[server]}{'kmnprstvw'[n]}ozk"


def memory_id(reply: str) -> str:
    return reply.split("Memory id: ")[1].split()[0].rstrip(".,")


def updated_value(reply: str, new: str) -> str | None:
    """The earlier value a save's reply says it updates (a town name other than ``new``)."""
    if "This updates something remembered earlier" not in reply:
        return None
    notice = reply.split("This updates something remembered earlier", 1)[1]
    named = {word.strip(".,'\"()") for word in notice.split()}
    olds = {w for w in named if w.startswith("Q") and w.endswith("ozk") or w == ORIGINAL} - {new}
    assert len(olds) == 1, reply
    return olds.pop()


ORIGINAL = "Qoriginalz"


async def _corrector(home: Path, server: int, original: str, go: anyio.Event,
                     ready: list[int], acked: dict[str, str],
                     updates: dict[str, str | None]) -> None:
    async with server_session(home, client_name=f"corrector-{server}", **BUSY) as s:
        ready.append(server)
        if len(ready) == SERVERS:  # the last server up starts them all
            go.set()
        await go.wait()
        for n in range(CORRECTIONS):
            reply = await s.ok("save_memory", {"content": f"I live in {town(server, n)}.",
                                               "supersedes": original})
            acked[memory_id(reply)] = town(server, n)
            updates[town(server, n)] = updated_value(reply, town(server, n))


async def test_servers_correcting_one_fact_at_once_keep_one_timeline(tmp_path: Path) -> None:
    async with server_session(tmp_path, client_name="first", **BUSY) as s:
        original = memory_id(await s.ok("save_memory", {"content": f"I live in {ORIGINAL}."}))
    go = anyio.Event()
    ready: list[int] = []
    acked: dict[str, str] = {}
    updates: dict[str, str | None] = {}
    with anyio.fail_after(240):
        async with anyio.create_task_group() as tg:
            for server in range(SERVERS):
                tg.start_soon(_corrector, tmp_path, server, original, go, ready, acked,
                              updates)
    assert len(acked) == SERVERS * CORRECTIONS

    async with Runtime(tmp_path, background_consolidation=False) as rt:
        stats = await rt.navigation.ask(Stats())
        facts: tuple[FactView, ...] = await rt.facts.ask(History(subject="user",
                                                                 attribute="location"))
        currency = {}
        for leaf_id, name in [*acked.items(), (original, ORIGINAL)]:
            result = await rt.navigation.ask(Search(query=name, limit=5))
            hits = {h.leaf_id: h for h in (*result.hits, *result.history)}
            assert leaf_id in hits, f"acknowledged memory {leaf_id} ({name}) is not found"
            currency[leaf_id] = hits[leaf_id].currency

    assert stats["leaves"] == 1 + SERVERS * CORRECTIONS  # no catalog entry lost
    # The timeline: every acknowledged value once, one chain, one current value, the newest.
    values = [f.value for f in facts]
    assert sorted(values) == sorted([*acked.values(), ORIGINAL])
    assert [f.status for f in facts].count("ACTIVE") == 1
    assert facts[-1].status == "ACTIVE" and facts[-1].valid_to is None
    recorded = [f.recorded_at for f in facts]
    assert recorded == sorted(recorded) and len(set(recorded)) == len(recorded)
    # each earlier value was corrected (same day, superseding its memory: withdrawn) or, where
    # a save read the chain before another's correction landed, displaced into history
    assert all(f.status == "RETRACTED" and (f.retraction_reason or "").startswith("corrected by")
               or f.status == "HISTORICAL" and f.superseded_at is not None
               for f in facts[:-1]), [(f.value, f.status, f.retraction_reason) for f in facts]
    # The memories: the original and every correction but the newest are superseded.
    current = [leaf for leaf, state in currency.items() if state == "CURRENT"]
    assert len(current) == 1, f"{len(current)} corrections are current: {current}"
    assert current == [next(f.source_leaf_id for f in facts if f.status == "ACTIVE")]
    # Each reply named the value current just before it: the chain has no fork.
    assert values[0] == ORIGINAL
    for before, after in zip(facts, facts[1:], strict=False):
        assert updates[after.value] == before.value, (after.value, updates[after.value])
