"""What a pass tells the operator: ``consolidation.pass`` and ``consolidation.branch_written``
events at info level, with durations and pending counts that match what happened on disk."""

from __future__ import annotations

import pytest
import structlog
from consolidation_store import build_leaves, check_tree

from actors.consolidation.messages import Flush
from ihmt_async.runtime import OpenedStore, Runtime

pytestmark = pytest.mark.anyio


async def test_a_pass_logs_its_branches_durations_and_pending_counts(
        opened: OpenedStore) -> None:
    factor = opened.settings.branch_factor
    build_leaves(opened.layout, opened.locks, 3 * factor + 2, domains=("work", "personal"))
    with structlog.testing.capture_logs() as logs:
        async with Runtime(opened.layout.home, background_consolidation=False) as rt:
            unforced = await rt.consolidation.ask(Flush(force=False))
            forced = await rt.consolidation.ask(Flush(force=True))

    passes = [e for e in logs if e["event"] == "consolidation.pass"]
    written = [e for e in logs if e["event"] == "consolidation.branch_written"]
    assert len(passes) == 2
    assert all(e["log_level"] == "info" for e in passes + written)
    first, second = passes
    assert first["pending_before"] == 3 * factor + 2
    assert first["pending"] == unforced.pending > 0
    assert second["pending_before"] == unforced.pending and second["pending"] == 0
    for event, result in ((first, unforced), (second, forced)):
        assert event["branches_written"] == result.branches_written
        assert event["duration_ms"] == result.duration_ms > 0
        assert event["forced"] is (event is second)

    report = check_tree(opened.layout)
    assert {e["node_id"] for e in written} == report.nodes
    for event in written:
        assert event["duration_ms"] > 0 and event["layer"] >= 1
        assert 1 <= event["children"] <= factor
        assert event["domain"] in ("work", "personal")
