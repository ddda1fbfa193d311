"""Two server processes indexing one project at the same moment build one consistent index."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from actors.project.sync import sync_project
from store.project_store import ProjectStore, index_dir_for
from tests.mcp_client import Session, server_session

pytestmark = pytest.mark.anyio

MODULES = 120


def write_big_project(root: Path) -> None:
    """Enough files that two first indexings overlap in time."""
    for i in range(MODULES):
        java = root / "src" / f"pkg{i % 7}" / f"Service{i}.java"
        java.parent.mkdir(parents=True, exist_ok=True)
        methods = "\n".join(
            f"    /** Step {j} of workflow {i}: reconciles ledger batch {i * 10 + j}. */\n"
            f"    public int step{j}(int value) {{\n        return value * {j} + {i};\n    }}\n"
            for j in range(12))
        java.write_text(f"package pkg{i % 7};\n\npublic class Service{i} {{\n{methods}}}\n",
                        encoding="utf-8")
        py = root / "tools" / f"job_{i}.py"
        py.parent.mkdir(parents=True, exist_ok=True)
        py.write_text("".join(f"def task_{i}_{j}(x):\n    \"\"\"Tarea {j} del lote {i}.\"\"\"\n"
                              f"    return x + {j}\n\n\n" for j in range(10)), encoding="utf-8")


def synced_events(home: Path) -> list[dict[str, Any]]:
    log = home / "ihmt_memory" / "logs" / "ihmt.jsonl"
    events = []
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") == "project.synced":
            events.append(event)
    return events


async def test_two_processes_index_the_same_project_once(tmp_path: Path) -> None:
    root = tmp_path / "ledger"
    write_big_project(root)
    projects = tmp_path / "indexes"
    homes = [tmp_path / "home-a", tmp_path / "home-b"]
    replies: dict[int, str] = {}

    async with server_session(homes[0], IHMT_PROJECTS_DIR=str(projects)) as a, \
            server_session(homes[1], IHMT_PROJECTS_DIR=str(projects)) as b:
        # A store (and so its log file) is created by the first save, not by starting.
        for number, session in enumerate((a, b)):
            await session.ok("save_memory", {"content": f"Session {number} indexes ledger."})
        ready = anyio.Event()

        async def index(number: int, session: Session) -> None:
            await ready.wait()
            replies[number] = await session.ok("project_map",
                                               {"path": str(root), "detail": "symbols"})

        with anyio.fail_after(60):
            async with anyio.create_task_group() as tg:
                tg.start_soon(index, 0, a)
                tg.start_soon(index, 1, b)
                await anyio.wait_all_tasks_blocked()
                ready.set()
            assert replies[0] == replies[1]
            assert replies[0].startswith(f"ledger: {2 * MODULES} files")
            assert "Service7 3-63 [step0 4-7, step1 9-12," in replies[0]
            found = await b.ok("find_code", {"query": "Service42.step5", "path": str(root)})
            assert found.startswith("src/pkg0/Service42.java:")

    # Every file was cut exactly once across both processes: the second one waited for the
    # lock, re-read the manifest inside it and found nothing left to do.
    events = synced_events(homes[0]) + synced_events(homes[1])
    assert sum(int(e["cut"]) for e in events) == 2 * MODULES, events

    index_dir = index_dir_for(projects, root.resolve())
    manifest = json.loads((index_dir / "manifest.json").read_text(encoding="utf-8"))
    assert len(manifest["files"]) == 2 * MODULES
    keys = {info["key"] for info in manifest["files"].values()}
    on_disk = {p.stem for p in (index_dir / "sources").glob("*/*.json")}
    assert on_disk == keys
    assert not [p for p in index_dir.rglob(".ihmt-tmp-*")]

    # The shared index is the one a lone process builds from scratch.
    alone = ProjectStore(tmp_path / "alone")
    fresh = await anyio.to_thread.run_sync(sync_project, alone, root.resolve())
    assert {rel: info["key"] for rel, info in fresh.manifest["files"].items()} == \
        {rel: info["key"] for rel, info in manifest["files"].items()}
