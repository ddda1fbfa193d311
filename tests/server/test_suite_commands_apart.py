"""Each component's test command is its own, end to end through the real stdio server (issue
18, the engineering set): every "tests run with ..." was the project's one timeline, so after
"Los tests de lindera se lanzan con `go test ./...`", "How do I run the checkout tests?" was
answered 'go test ./' with the checkout's own command as its "earlier" value. A kind of test
("the unit tests") is still the project's, and a later project command still supersedes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_a_components_tests_are_answered_by_its_own_command(tmp_path: Path) -> None:
    async with server_session(tmp_path / "suites") as s:
        checkout = await s.ok("save_memory", {
            "content": "[2026-03-05] The checkout tests run with `npm run test:checkout`."})
        assert "checkout test_runner = 'npm run test:checkout'" in checkout, checkout
        await s.ok("save_memory", {
            "content": "[2026-03-06] Checkout snapshots live in __snapshots__ next to each "
                       "component."})
        lindera = await s.ok("save_memory", {
            "content": "[2026-03-08] Los tests de lindera se lanzan con `go test ./...` desde "
                       "la raíz."})
        assert "lindera test_runner = 'go test ./'" in lindera, lindera
        for question in ("How do I run the checkout tests?",
                         "¿Cómo lanzo los tests del checkout?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(
                "Current value: checkout test_runner = 'npm run test:checkout'"), (question, reply)
            assert "OUTDATED" not in reply and "Earlier" not in reply, (question, reply)
        reply = await s.ok("search_memory", {"query": "¿Cómo se lanzan los tests de lindera?"})
        assert "go test" in reply.split("\n\n")[0], reply
        # kinds of test are the project's, and its command changes as before
        await s.ok("save_memory", {"content": "[2026-04-01] Unit tests run with pytest -q."})
        changed = await s.ok("save_memory", {
            "content": "[2026-05-01] Unit tests now run with nox."})
        assert "project test_runner = 'nox'" in changed, changed
        reply = await s.ok("search_memory", {"query": "How do we run the unit tests?"})
        assert reply.startswith("Current value: project test_runner = 'nox'"), reply
        assert "pytest -q" in reply, reply  # the earlier value, shown as such
