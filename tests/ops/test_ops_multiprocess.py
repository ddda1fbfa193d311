"""Real server processes: the monitor's counts per kind and per process, and a doctor repair
running while a server saves (nothing may be lost)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import anyio
import pytest
from ops_support import REPO, cli_json, dead_pid, run_cli

sys.path.insert(0, str(REPO / "tests"))
from mcp_client import server_session  # noqa: E402

from store.catalog import CatalogReader
from store.leaf_format import render_leaf  # noqa: E402
from store.paths import StoreLayout  # noqa: E402

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

WORK = {  # client name -> (saves, searches)
    "claude-code": (3, 2),
    "codex": (2, 4),
    "opencode": (1, 1),
}
TOPICS = ["the billing service runs on PostgreSQL 16", "Ana prefers tabs over spaces",
          "deploys go out on Thursdays after the stand-up", "el servidor de pruebas está en "
          "Frankfurt", "the staging bucket is called orange-llama",
          "la reunión de equipo es los lunes a las diez"]


async def test_monitor_counts_three_server_processes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    pids: dict[str, int] = {}
    topics = iter(TOPICS)

    async def agent(name: str, saves: int, searches: int) -> None:
        async with server_session(home, client_name=name) as session:
            for _ in range(saves):
                await session.ok("save_memory", {"content": f"{next(topics)} ({name}).",
                                                 "domain": "notes"})
            for _ in range(searches):
                await session.ok("search_memory", {"query": "billing service database"})
            text = await session.ok("search_memory", {"query": "where is the staging bucket",
                                                      "detail": "full"})
            assert text

    with anyio.fail_after(60):
        async with anyio.create_task_group() as tg:
            for name, (saves, searches) in WORK.items():
                tg.start_soon(agent, name, saves, searches)

    snap = cli_json(home, "monitor", "--once")
    kinds = snap["kinds"]
    assert kinds["save"]["total"]["count"] == sum(s for s, _ in WORK.values())
    assert kinds["search"]["total"]["count"] == sum(q + 1 for _, q in WORK.values())
    assert kinds["save"]["last_minute"]["count"] == kinds["save"]["total"]["count"]
    for kind in ("save", "search"):
        total = kinds[kind]["total"]
        assert 0 < total["p50_ms"] <= total["p95_ms"] <= total["max_ms"]
        assert total["errors"] == 0
    by_client = {p["client"]: p for p in snap["processes"] if p["client"]}
    assert set(by_client) == set(WORK)
    for name, (saves, searches) in WORK.items():
        assert by_client[name]["counts"]["save"] == saves
        assert by_client[name]["counts"]["search"] == searches + 1
        pids[name] = by_client[name]["pid"]
    assert len(set(pids.values())) == 3, "one server process per agent"
    assert snap["errors"]["total"] == 0
    # The table view shows the same processes.
    table = run_cli(home, "monitor", "--once").stdout
    for name, pid in pids.items():
        assert re.search(rf"{pid}\s+{re.escape(name)}\s+{WORK[name][0]}\s", table), table
    # --since in the future replays nothing.
    later = cli_json(home, "monitor", "--once", "--since", "2999-01-01")
    assert later["kinds"]["save"]["total"]["count"] == 0


async def test_repair_while_a_server_saves_loses_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    layout = StoreLayout.at_home(home)
    saved: list[str] = []
    repairs: list[dict[str, object]] = []

    def damage(index: int) -> Path:
        """An unindexed leaf and a dead writer's temp file, so each repair has work to do."""
        leaf_id = f"L-notes-9{index:03d}-00000000{index:02d}"
        path = layout.leaf_path("notes", leaf_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_leaf({"leaf_id": leaf_id, "domain": "notes",
                                     "timestamp": "2026-01-01T00:00:00Z", "title": leaf_id},
                                    f"Hand-copied note number {index}.\n"), encoding="utf-8")
        (path.parent / f".ihmt-tmp-{dead_pid()}-x{index}.part").write_text("debris")
        return path

    async def repairer(done: anyio.Event) -> None:
        for index in range(3):
            damage(index)
            result = await anyio.to_thread.run_sync(
                lambda: run_cli(home, "doctor", "--repair", "--json", "--grace", "0",
                                check=False))
            repairs.append(json.loads(result.stdout))
        done.set()

    with anyio.fail_after(90):
        async with server_session(home, client_name="busy-agent") as session:
            # One save first makes the database: a doctor that found none would rebuild it
            # from the files and index the first damaged leaf itself, not as a repair.
            first = await session.ok("save_memory", {
                "content": "The nightly job runs on two runners.", "domain": "ci"})
            saved.extend(re.findall(r"L-[\w.-]+", first.split("Memory id")[1]))
            done = anyio.Event()
            async with anyio.create_task_group() as tg:
                tg.start_soon(repairer, done)
                index = 0
                while not done.is_set() or index < 10:
                    text = await session.ok("save_memory", {
                        "content": f"Build {index}: the nightly job finished in {index + 3} "
                                   f"minutes on runner r{index}.", "domain": "ci"})
                    saved.extend(re.findall(r"L-[\w.-]+", text.split("Memory id")[1]))
                    index += 1
            last = index - 1
            found = await session.ok("search_memory", {
                "query": f"build {last} nightly job runner r{last}", "detail": "full"})
            assert saved[-1] in found, found
    assert len(repairs) == 3
    added = [a for r in repairs for a in r["repaired"] if a["code"] == "entry_added"]
    assert len({a["path"] for a in added}) >= 3
    stats = cli_json(home, "stats")
    assert stats["leaves"] == len(set(saved)) + 3, (stats, len(saved))
    final = cli_json(home, "doctor", "--grace", "0")
    assert final["clean"], final["problems"]
    assert set(saved) <= set(CatalogReader(layout).entries())
    assert not list(layout.root.rglob(".ihmt-tmp-*"))
