"""The engine's promises, one test each: write order, a torn event line, migration on start,
opening without creating, a damaged database, and start-up failures that fail fast."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from structlog.testing import capture_logs

from actors.base import Actor
from actors.facts.messages import History
from actors.ingest.messages import Save
from actors.navigation.messages import Search
from ihmt_async.maintenance import rebuild_store
from ihmt_async.runtime import ActorSystem, Runtime
from store import db as store_db
from store import doctor
from store.audit import read_audit
from store.catalog import CatalogReader
from store.events import read_lines
from store.factlog import FactEventsReader, event_from_ihmt_fact
from store.locks import LockManager
from store.paths import StoreLayout
from tests.fixture_paths import IHMT_STORE_FIXTURE

pytestmark = pytest.mark.anyio
REPO = Path(__file__).resolve().parents[2]


async def test_the_catalog_row_is_written_only_after_the_leaf_file_is_durable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records every fsync and every catalog write of one save, in order."""
    layout = StoreLayout.at_home(tmp_path)
    trail: list[tuple[str, str]] = []
    real_fsync, real_fdatasync, real_put = os.fsync, os.fdatasync, store_db.Tx.put

    def named(fd: int) -> str:
        try:
            return os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return "?"

    def fsync(fd: int) -> None:
        trail.append(("fsync", named(fd)))
        real_fsync(fd)

    def fdatasync(fd: int) -> None:
        trail.append(("fsync", named(fd)))
        real_fdatasync(fd)

    def put(self: store_db.Tx, entry: Any) -> None:
        trail.append(("catalog", str(entry["path"])))
        real_put(self, entry)

    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="First note, to create the store."))
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "fdatasync", fdatasync)
        monkeypatch.setattr(store_db.Tx, "put", put)
        saved = await rt.ingest.ask(Save(content="The staging database is on port 5433."))
    (leaf_id,) = saved.leaf_ids
    relpath = CatalogReader(layout).get(leaf_id)["path"]  # type: ignore[index]
    leaf = str(layout.resolve(relpath))
    order = [kind if kind == "catalog" else
             "leaf" if path.endswith(f"{leaf_id}.txt") or path.endswith(".part") else
             "dir" if path == str(Path(leaf).parent) else
             "event" if path == str(layout.events_file) else path
             for kind, path in trail]
    assert order == ["leaf", "dir", "event", "catalog"], trail
    # Three fsyncs per save (leaf, its directory, the event line); the commit adds none.
    assert sum(1 for kind, _ in trail if kind == "fsync") == 3


async def test_a_torn_last_event_line_is_tolerated_and_reported(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="I live in Valencia."))
    with open(layout.events_file, "ab") as handle:  # a writer killed mid-line
        handle.write(b'{"ts": "2026-01-01T00:00:00Z", "catalog": [{"op": "put"')
    with capture_logs() as logs:
        async with Runtime(tmp_path, background_consolidation=False) as rt:
            saved = await rt.ingest.ask(Save(content="I moved to Lisbon."))
            history = await rt.facts.ask(History(subject="user", attribute="location"))
    assert [f.value for f in history] == ["Valencia", "Lisbon"]
    assert any(e["event"] == "events.torn_tail" for e in logs)
    read = read_lines(layout.events_file)
    assert len(read.lines) == 2 and len(read.bad) == 1 and not read.torn_tail
    assert doctor.check(layout, grace_s=0.0) == []
    reader = FactEventsReader(layout)
    before, seq = reader.events_since(0)
    assert reader.epoch() == 0
    report = rebuild_store(layout, LockManager(layout.locks_dir))
    assert any("not JSON" in why for _, why in report.facts.problems)
    # A follower learns of the rebuild from the epoch and reads the new table from seq 0.
    assert reader.epoch() == 1 and reader.events_since(seq)[0]
    assert [e for _, e in reader.events_since(0)[0]] == [e for _, e in before]
    assert saved.leaf_ids[0] in CatalogReader(layout).entries()


async def test_opening_a_missing_store_creates_nothing(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        result = await rt.navigation.ask(Search(query="anything at all"))
        assert not result.hits
        assert await rt.facts.ask(History(subject="user")) == ()
    assert not await anyio.Path(tmp_path / "ihmt_memory").exists()
    assert list(read_audit(StoreLayout.at_home(tmp_path))) == []


def _legacy_store(home: Path) -> None:
    """A store as the journal version wrote it: snapshot + journal for catalog and facts,
    and audit.jsonl (made from the IHMT fixture's leaves)."""
    import shutil

    shutil.copytree(IHMT_STORE_FIXTURE, home)
    state = home / "ihmt_memory" / "state"
    catalog = json.loads((state / "catalog.json").read_text(encoding="utf-8"))
    entries = catalog["entries"]
    moved = entries.pop("L-personal-0000-5ab5176113")
    (state / "catalog.json").write_text(json.dumps({"schema_version": 1, "generation": 3,
                                                    "entries": entries}), encoding="utf-8")
    journal = [{"journal": "catalog", "generation": 3}, {"op": "put", "entry": moved},
               {"op": "patch", "id": moved["id"], "set": {"title": "Moved title"}}]
    (state / "catalog.journal.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in journal) + '{"op": "pu', encoding="utf-8")
    fact = {"op": "fact", "fact_id": "F-legacy-0001", "subject": "user", "attribute": "pet",
            "value": "a cat called Humo", "valid_from": None,
            "recorded_at": "2026-01-02T03:04:05.000000Z", "recorded_by": {"agent": "x"},
            "origin": "user", "source_leaf_id": None, "domain": "personal", "scope": "",
            "pending": False}
    ihmt = json.loads((state / "facts.json").read_text(encoding="utf-8"))
    earlier = [event_from_ihmt_fact(f, ihmt["updated_at"]) for f in ihmt["facts"]]
    (state / "facts.json").write_text(json.dumps({"schema_version": 1, "generation": 1,
                                                  "events": earlier}), encoding="utf-8")
    (state / "facts.journal.jsonl").write_text(
        json.dumps({"journal": "facts", "generation": 1}) + "\n" + json.dumps(fact) + "\n",
        encoding="utf-8")
    (state / "audit.jsonl").write_text(json.dumps(
        {"ts": "2026-01-02T03:04:05Z", "pid": 1, "actor": "facts", "action": "fact.record",
         "ids": ["F-legacy-0001"], "events": [fact]}) + "\n", encoding="utf-8")


@pytest.mark.parametrize("kind", ["journal", "ihmt"])
async def test_an_earlier_store_is_migrated_on_first_start(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "home"
    if kind == "journal":
        _legacy_store(home)
    else:
        import shutil

        shutil.copytree(IHMT_STORE_FIXTURE, home)
    layout = StoreLayout.at_home(home)
    with capture_logs() as logs:
        async with Runtime(home, background_consolidation=False) as rt:
            found = await rt.navigation.ask(Search(query="¿dónde vivo?"))
            location = await rt.facts.ask(History(subject="user", attribute="location"))
            pet = await rt.facts.ask(History(subject="user", attribute="pet"))
    migrated = [e for e in logs if e["event"] == "store.migrated"]
    assert len(migrated) == 1 and migrated[0]["from_format"] == kind
    assert any("Valencia" in h.text for h in found.hits)
    assert {"Madrid", "Valencia"} <= {f.value for f in location}
    entries = CatalogReader(layout).entries()
    assert sum(e["kind"] == "leaf" for e in entries.values()) == 30
    if kind == "journal":
        assert entries["L-personal-0000-5ab5176113"]["title"] == "Moved title"
        assert [f.value for f in pet] == ["a cat called Humo"]
        assert any(r["action"] == "fact.record" for r in read_audit(layout))
    assert not layout.legacy_catalog.exists()
    assert layout.legacy_catalog.with_name("catalog.json.migrated").exists()
    # A second start does not migrate again; deleting state/ and rebuilding keeps the answers.
    with capture_logs() as logs:
        async with Runtime(home, background_consolidation=False):
            pass
    assert not any(e["event"] == "store.migrated" for e in logs)
    import shutil

    shutil.rmtree(layout.state_dir)
    async with Runtime(home, background_consolidation=False) as rt:  # rebuilds on start
        again = await rt.facts.ask(History(subject="user", attribute="pet"))
    assert [f.value for f in again] == [f.value for f in pet]


def _cli(home: Path, *args: str, stdin: int | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "1"}
    env.pop("IHMT_HOME", None)
    return subprocess.Popen([sys.executable, "-m", "ihmt_async", "--home", str(home), *args],
                            stdin=stdin if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=str(REPO))


def _damage(layout: StoreLayout) -> None:
    """Garbage where the database was (and no WAL to recover from)."""
    for suffix in ("-wal", "-shm"):
        Path(str(layout.database) + suffix).unlink(missing_ok=True)
    layout.database.write_bytes(os.urandom(8192))


async def test_a_damaged_database_stops_serve_and_the_cli_with_one_clear_line(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="The billing service uses PostgreSQL 16."))
    layout = StoreLayout.at_home(tmp_path)
    _damage(layout)

    # serve: stdin stays open (an MCP client waiting); the process must still exit, non-zero.
    server = _cli(tmp_path, "serve", stdin=subprocess.PIPE)
    try:
        _out, err = server.communicate(timeout=60)
    finally:
        server.kill()
    assert server.returncode not in (0, None)
    assert "damaged" in err and "ihmt-async rebuild" in err

    search = _cli(tmp_path, "search", "billing")
    out, err = search.communicate(timeout=60)
    assert search.returncode == 1 and out == ""
    (line,) = [ln for ln in err.splitlines() if ln.startswith("ihmt-async:")]
    assert "database is damaged" in line and "rebuild" in line

    rebuilt = _cli(tmp_path, "rebuild")
    out, err = rebuilt.communicate(timeout=120)
    assert rebuilt.returncode == 0, err
    assert "moved the damaged database aside" in out
    found = _cli(tmp_path, "search", "billing PostgreSQL")
    out, _ = found.communicate(timeout=60)
    assert "PostgreSQL 16" in out


class _Recorder(Actor):
    def __init__(self, name: str, fail: bool = False) -> None:
        self.name = name
        super().__init__()
        self.fail = fail

    async def start(self) -> None:
        if self.fail:
            raise RuntimeError(f"{self.name} cannot start")


async def test_a_failure_starting_the_third_actor_stops_the_first_two() -> None:
    first, second, third = _Recorder("a"), _Recorder("b"), _Recorder("c", fail=True)
    with anyio.fail_after(10), pytest.raises(RuntimeError, match="c cannot start"):
        async with ActorSystem([first, second, third]):
            raise AssertionError("the system must not start")
    for actor in (first, second, third):
        assert actor.statistics().state == "stopped"


async def test_files_and_directories_the_engine_creates_are_private_whatever_the_umask(
        tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        async with Runtime(tmp_path, background_consolidation=False) as rt:
            await rt.ingest.ask(Save(content="The VPN config lives in the team vault."))
            modes = _modes(StoreLayout.at_home(tmp_path))
    finally:
        os.umask(old)
    assert modes["database"] == modes["events"] == 0o600
    assert modes["wal"] == modes["shm"] == 0o600
    assert {modes[d] for d in ("root", "state", "locks", "layer_0", "domain")} == {0o700}


def _modes(layout: StoreLayout) -> dict[str, int]:
    def mode(path: Path) -> int:
        return path.stat().st_mode & 0o777

    domain = next(p for p in layout.leaves_dir.iterdir() if p.is_dir())
    return {"database": mode(layout.database), "events": mode(layout.events_file),
            "wal": mode(Path(str(layout.database) + "-wal")),
            "shm": mode(Path(str(layout.database) + "-shm")),
            "root": mode(layout.root), "state": mode(layout.state_dir),
            "locks": mode(layout.locks_dir), "layer_0": mode(layout.leaves_dir),
            "domain": mode(domain)}
