"""Event-file lines carry a checksum: a line changed on disk after it was written is damage,
named by ``doctor``, refused by ``rebuild``, skipped loudly by the start-up replay; a line cut
short and fenced off by the next append is not; lines of earlier versions (no checksum) are
read as before. One test per rule, on real stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from actors.facts.messages import Retract
from actors.ingest.messages import Save
from actors.navigation.messages import Search
from ihmt_async.maintenance import rebuild_store
from ihmt_async.runtime import Runtime
from store import doctor
from store.db import connect, get_meta
from store.errors import EventLineDamaged
from store.events import append_line, read_lines
from store.locks import LockManager
from store.paths import StoreLayout

pytestmark = pytest.mark.anyio
GARBLE = b"\x00\x00GARBLED!!"


async def _forgotten_then_more(home: Path) -> tuple[str, int]:
    """A store where a memory was forgotten and one more saved after it: the forgotten
    memory's id and the 1-based number of the event line holding the retraction."""
    async with Runtime(home, background_consolidation=False) as rt:
        (gone,) = (await rt.ingest.ask(Save(content="The backup host is kestrel01."))).leaf_ids
        await rt.facts.ask(Retract(target=gone, reason="test"))
        await rt.ingest.ask(Save(content="A later memory so the retraction is not the tail."))
    lines = StoreLayout.at_home(home).events_file.read_bytes().split(b"\n")
    number = max(i for i, line in enumerate(lines, 1) if b'"retract"' in line and
                 gone.encode() in line)
    return gone, number


def _garble(path: Path, number: int, at: int = 20) -> None:
    """Overwrite bytes inside line ``number`` (1-based), keeping the length."""
    data = path.read_bytes()
    start = sum(len(line) + 1 for line in data.split(b"\n")[:number - 1])
    with open(path, "r+b") as handle:
        handle.seek(start + at)
        handle.write(GARBLE)


async def _served(home: Path, memory: str) -> bool:
    async with Runtime(home, background_consolidation=False) as rt:
        result = await rt.navigation.ask(Search(query="backup host kestrel01"))
    return any(memory in hit.leaf_id for hit in result.hits)


async def test_doctor_names_a_damaged_line_by_its_number(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    _gone, number = await _forgotten_then_more(tmp_path)
    assert doctor.check(layout, grace_s=0.0) == []
    _garble(layout.events_file, number)
    (problem,) = doctor.check(layout, grace_s=0.0)
    # the database applied the line: doctor --repair writes the file again from it (F5)
    assert problem.code == "event_line_damaged" and problem.repairable
    assert f"line {number} " in problem.detail and "--repair writes the file" in problem.detail


async def test_rebuild_refuses_a_damaged_line_and_the_forgotten_memory_stays_forgotten(
        tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    gone, number = await _forgotten_then_more(tmp_path)
    _garble(layout.events_file, number)
    with pytest.raises(EventLineDamaged) as refused:
        rebuild_store(layout, LockManager(layout.locks_dir))
    assert refused.value.line == number and f"line {number} " in str(refused.value)
    assert not await _served(tmp_path, gone)
    # Accepting the loss rebuilds without the line, and says which line it lost.
    report = rebuild_store(layout, LockManager(layout.locks_dir), accept_loss=True)
    assert any(f"line {number} " in why and "damaged" in why for _, why in report.facts.problems)
    assert await _served(tmp_path, gone)  # the loss accepted: the retraction was on that line


async def test_the_start_up_replay_skips_a_damaged_line_loudly_and_applies_the_rest(
        tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="I live in Valencia."))
    conn = connect(layout, create=False)
    assert conn is not None
    applied = int(get_meta(conn, "events_offset") or 0)
    conn.close()
    # two lines the database never applied (a power cut took the WAL's tail); the first is
    # then damaged on disk
    first = {"ts": "2026-01-01T00:00:00.000000Z", "catalog": [], "facts": [], "audit": [],
             "meta": {"probe_one": "1"}}
    append_line(layout.events_file, first)
    append_line(layout.events_file, {**first, "meta": {"probe_two": "2"}})
    _garble(layout.events_file, 2, at=5)
    with capture_logs() as logs:
        async with Runtime(tmp_path, background_consolidation=False):
            pass
    (damaged,) = [e for e in logs if e["event"] == "events.line_damaged"]
    assert damaged["log_level"] == "error" and damaged["line"] == 2
    conn = connect(layout, create=False)
    assert conn is not None
    assert get_meta(conn, "probe_two") == "2" and get_meta(conn, "probe_one") is None
    assert int(get_meta(conn, "events_offset") or 0) > applied
    conn.close()
    # the database never applied the damaged line: no copy of it is left, and doctor says
    # --repair cannot stand in for it (it wrote the file again from the database before)
    (problem,) = doctor.check(layout, grace_s=0.0)
    assert problem.code == "event_line_damaged" and not problem.repairable
    assert "--repair cannot write it again" in problem.detail
    assert not any(a.code == "event_file_rewritten"
                   for a in doctor.repair(layout, LockManager(layout.locks_dir)))


def test_a_line_cut_short_and_fenced_off_is_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    append_line(path, {"ts": "a", "n": 1})
    with open(path, "ab") as handle:  # a writer killed mid-line
        handle.write(b'{"ts":"b","catalog":[{"op":"pu')
    append_line(path, {"ts": "c", "n": 3})
    read = read_lines(path)
    assert [line.record for line in read.lines] == [{"ts": "a", "n": 1}, {"ts": "c", "n": 3}]
    assert len(read.bad) == 1 and read.damaged == []


def test_an_unreadable_line_no_fence_vouches_for_is_damage(tmp_path: Path) -> None:
    """Damage that hits a line's checksum itself leaves a line with none: not a torn line,
    as the line after it does not name it as fenced off."""
    path = tmp_path / "events.jsonl"
    for n in range(3):
        append_line(path, {"ts": "a", "n": n})
    data = path.read_bytes()
    cut = data.index(b"\n") + 1
    second_end = data.index(b"\n", cut)
    path.write_bytes(data[:second_end - 12] + b"GARBLED!!!!!" + data[second_end:])
    read = read_lines(path)
    assert [d.line for d in read.damaged] == [2] and read.bad == []


def test_lines_of_earlier_versions_without_a_checksum_are_read_as_before(
        tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    old = [json.dumps({"ts": "a", "n": 1}), '{"ts": "b", "catal', json.dumps({"ts": "c"})]
    path.write_text("\n".join(old) + "\n")
    append_line(path, {"ts": "d"})
    read = read_lines(path)
    assert [line.record["ts"] for line in read.lines] == ["a", "c", "d"]
    assert len(read.bad) == 1 and read.damaged == []


def test_a_complete_unreadable_last_line_is_damage_before_any_append(tmp_path: Path) -> None:
    """A whole line of garbage (newline and all) at the end: read as a torn tail, doctor
    clean, until the next start appended after it, and from then on damage (an outside
    probe). A killed writer's line has no newline; such a line is damage from the start."""
    path = tmp_path / "events.jsonl"
    for n in range(2):
        append_line(path, {"ts": "a", "n": n})
    with open(path, "ab") as handle:
        handle.write(b'{"not": "a valid event"\n')
    before = read_lines(path)
    assert [d.line for d in before.damaged] == [3] and before.bad == [], before
    append_line(path, {"ts": "b", "n": 2})
    after = read_lines(path)
    assert [d.line for d in after.damaged] == [3] and len(after.lines) == 3
