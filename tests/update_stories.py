"""A change told in two memories, then asked about: the check the knowledge-update tests share.

A story is (the memory before, the memory telling the change, the questions, the new value,
the old value). Every test that tells changes and asks for the current value judges the
reply the same way, so the judgement lives here once."""

from __future__ import annotations

from collections.abc import Sequence

from tests.mcp_client import Session

Story = tuple[str, str, tuple[str, ...], str, str]


async def tell_and_ask(s: Session, stories: Sequence[Story]) -> None:
    """Saves every story's two memories (the save must report the change's fact), then asks
    each question: the reply's first memory holds the new value and is not outdated, and a
    line of the reply shows the old value as outdated or earlier."""
    for before, after, _, now, _ in stories:
        await s.ok("save_memory", {"content": before})
        saved = await s.ok("save_memory", {"content": after})
        assert f"= '{now}'" in saved, saved  # the save reports the change's fact
    for _, _, questions, now, old in stories:
        for question in questions:
            reply = await s.ok("search_memory", {"query": question})
            first, _, _ = reply.partition("\n--- 2. ")
            assert now in first, (question, reply)
            assert not first.startswith(("OUTDATED", "PARTLY OUTDATED")), (question, reply)
            told_old = [line for line in reply.splitlines()
                        if old in line and ("OUTDATED" in line or "Earlier" in line)]
            assert told_old, (question, reply)
