"""``ihmt-async doctor``: each kind of damage is found, ``--repair`` fixes it, a rerun is clean.

The base store is a copy of the IHMT-written fixture (real branches, catalog and facts); the
damage is what a crash or a careless hand edit leaves behind.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path

import pytest
from ops_helpers_doc import codes_of, leaf_files
from ops_support import cli_json, dead_pid, leave_pending_leaf, run_cli

from store import fulltext
from store.catalog import patch
from store.db import connect
from store.doctor import check, examine
from store.engine import Engine
from store.fulltext import FulltextIndex
from store.leaf_format import render_leaf
from store.paths import StoreLayout


def test_finds_and_repairs_each_damage(ihmt_copy: Path) -> None:
    layout = StoreLayout.at_home(ihmt_copy)
    root = layout.root
    run_cli(ihmt_copy, "stats")  # the first start migrates IHMT's state into the database
    leaves = leaf_files(root)
    # 1. a deleted leaf file (it is the source of a fact: the journal's "Madrid" one)
    gone = root / "layer_0/personal/L-personal-0000-5ab5176113.txt"
    gone.unlink()
    # 2. an extra leaf file the catalog does not know
    extra_id = "L-personal-0099-0123456789"
    extra = root / "layer_0/personal" / f"{extra_id}.txt"
    extra.write_text(render_leaf({"leaf_id": extra_id, "schema_version": 1,
                                  "timestamp": "2026-07-01T00:00:00Z", "domain": "personal",
                                  "title": "Sábado en el Turia", "tags": ["entry"],
                                  "keywords": ["turia"], "parent_id": None},
                                 "Sábado: paseo en bici por el jardín del Turia.\n"),
                     encoding="utf-8")
    # 3. dangling parents: one names a branch that does not exist, one a branch that does
    #    not list it
    Engine(layout).commit(catalog=[patch("L-process.cooking-0003-b64af13608",
                                         parent_id="N1-nowhere-00")], logged=False)
    branch_path = root / "layers/1/N1-literature.narrative-7ecf60ab50.json"
    branch = json.loads(branch_path.read_text(encoding="utf-8"))
    unlisted = branch["child_ids"].pop()
    branch_path.write_text(json.dumps(branch), encoding="utf-8")
    # 4. a truncated JSON file
    root_text = layout.root_file.read_text(encoding="utf-8")
    layout.root_file.write_text(root_text[: len(root_text) // 2], encoding="utf-8")
    # 5. a stray temp file of a writer that died (a leftover, not a problem: it was never
    #    renamed into place) and a lock stamp it left behind (not a problem either: the
    #    kernel released the lock when the writer died)
    pid = dead_pid()
    stray = root / "layer_0/personal" / f".ihmt-tmp-{pid}-abc123.part"
    stray.write_text("half a leaf", encoding="utf-8")
    layout.locks_dir.mkdir(parents=True, exist_ok=True)
    layout.lock_file("catalog").write_text(json.dumps({"pid": pid, "actor": "ingest",
                                                       "since": "2026-01-01T00:00:00Z"}))

    found = run_cli(ihmt_copy, "doctor", "--json", "--grace", "0", check=False)
    assert found.returncode == 1
    report = json.loads(found.stdout)
    problems = {(p["code"], p["ref"] or p["path"]) for p in report["problems"]}
    # the deleted memory is kept for a person (no whole copy of an IHMT-written text can be
    # proven), and so are its facts: not retracted behind the person's back (probe-fault F1)
    assert ("leaf_lost", "L-personal-0000-5ab5176113") in problems
    assert ("leaf_not_in_catalog", extra_id) in problems
    assert ("dangling_parent", "L-process.cooking-0003-b64af13608") in problems
    assert ("dangling_parent", unlisted) in problems
    assert ("unreadable_root", str(layout.root_file)) in problems
    assert [(p["code"], p["path"]) for p in report["leftovers"]] == [("stray_temp", str(stray))]
    assert not any("lock" in code for code, _ in problems)
    assert not any(p["code"] == "fact_source_missing" for p in report["problems"])
    assert len(report["problems"]) == len(problems), "each problem reported once"

    # The text report names every problem with its path, then what was done.
    done = run_cli(ihmt_copy, "doctor", "--repair", "--grace", "0", check=False)
    text = done.stdout
    for path in (gone, extra, stray, layout.root_file):
        assert str(path) in text
    for code in ("entry_added", "parent_cleared", "root_quarantined", "stray_temp_removed"):
        assert f"  {code}: " in text, code
    assert "fact_retracted" not in text and "entry_deleted" not in text
    assert done.returncode == 1 and "Still 1 problem(s):\n  leaf_lost: " in text, text
    assert "forget L-personal-0000-5ab5176113" in text
    assert not stray.exists() and extra.exists()
    # No leaf file was touched by the repair.
    assert leaf_files(root) == {k: v for k, v in leaves.items() if k != gone} | {
        extra: extra.read_bytes()}
    assert "RETRACTED" not in run_cli(ihmt_copy, "history", "user", "location").stdout

    # The person lets the memory go: its entry is dropped and its fact retracted with it.
    run_cli(ihmt_copy, "forget", "L-personal-0000-5ab5176113", "--reason", "file deleted")
    text = run_cli(ihmt_copy, "doctor", "--repair", "--grace", "0").stdout
    assert "  entry_deleted: " in text and text.rstrip().endswith("The store is clean now.")
    again = cli_json(ihmt_copy, "doctor", "--grace", "0")
    assert again["clean"], again["problems"]
    # The fact that came from the deleted leaf is retracted, not silently current.
    history = run_cli(ihmt_copy, "history", "user", "location").stdout
    assert "RETRACTED] user location = 'Madrid'" in history
    assert "ACTIVE] user location = 'Valencia'" in history
    # A consolidation pass re-files what lost its parent and writes a new root.json.
    run_cli(ihmt_copy, "consolidate", "--force")
    assert json.loads(layout.root_file.read_text(encoding="utf-8"))["leaf_count"] == 30
    assert cli_json(ihmt_copy, "doctor", "--grace", "0")["clean"]


def test_a_damaged_database_is_set_aside_and_rebuilt_from_the_files(ihmt_copy: Path) -> None:
    layout = StoreLayout.at_home(ihmt_copy)
    run_cli(ihmt_copy, "save", "2026-09-01: I adopted a grey cat called Humo.",
            "--domain", "personal")
    for suffix in ("-wal", "-shm"):
        layout.database.with_name(layout.database.name + suffix).unlink(missing_ok=True)
    layout.database.write_bytes(b"this is not a database\n" * 200)
    report = cli_json(ihmt_copy, "doctor", check=False)
    assert codes_of(report["problems"]) == {"database_damaged"}
    fixed = cli_json(ihmt_copy, "doctor", "--repair")
    assert fixed["clean"], fixed["remaining"]
    assert {"database_set_aside", "database_rebuilt"} <= codes_of(fixed["repaired"])
    stats = cli_json(ihmt_copy, "stats")
    assert stats["leaves"] == 31
    assert "Humo" in run_cli(ihmt_copy, "search", "grey cat Humo").stdout
    assert "Valencia" in run_cli(ihmt_copy, "search", "¿dónde vivo?").stdout
    moved = sorted(p.name for p in layout.state_dir.glob("*.corrupt-*"))
    assert moved and all(name.startswith("ihmt.sqlite3") for name in moved)


def test_a_young_unindexed_leaf_is_a_save_in_flight_not_damage(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    Engine(layout).connection()  # a store with its database, as after a first save
    path = layout.leaf_path("general", "L-general-0000-00000000aa")
    path.parent.mkdir(parents=True)
    path.write_text(render_leaf({"leaf_id": "L-general-0000-00000000aa", "domain": "general"},
                                "text\n"), encoding="utf-8")
    assert check(layout, grace_s=30.0) == []
    old = time.time() - 60
    os.utime(path, (old, old))
    assert [p.code for p in check(layout, grace_s=30.0)] == ["leaf_not_in_catalog"]


def test_a_database_damaged_past_its_first_page_is_a_clear_line_then_set_aside(
        ihmt_copy: Path) -> None:
    """The file opens (its header is whole) but a page inside is garbage: every command met it
    in a different query and died with a traceback, and ``rebuild`` kept saying to run
    ``rebuild`` because opening the file, its test for damage, worked."""
    layout = StoreLayout.at_home(ihmt_copy)
    run_cli(ihmt_copy, "save", "2026-09-01: I adopted a grey cat called Humo.",
            "--domain", "personal")
    with layout.database.open("r+b") as handle:
        handle.seek(4096)
        handle.write(os.urandom(4096))
    for command in (("stats",), ("search", "grey cat"), ("doctor",)):
        done = run_cli(ihmt_copy, *command, check=False)
        assert "Traceback" not in done.stderr, command
        assert "damaged" in done.stdout + done.stderr, command
    fixed = cli_json(ihmt_copy, "doctor", "--repair")
    assert fixed["clean"], fixed["remaining"]
    assert "Humo" in run_cli(ihmt_copy, "search", "grey cat Humo").stdout
    assert any(layout.state_dir.glob("ihmt.sqlite3.corrupt-*"))


def test_a_rebuild_refuses_to_undo_what_only_the_database_still_records(tmp_path: Path) -> None:
    """The event file lost its last line (a retraction): replaying it would bring the
    forgotten memory back, so a rebuild refuses unless the loss is accepted."""
    layout = StoreLayout.at_home(tmp_path)
    ids = []
    for n in range(3):
        saved = run_cli(tmp_path, "save", f"Note {n} about the quokka{n} service.").stdout
        ids.append(next(w for w in saved.replace(",", " ").split() if w.startswith("L-")))
    run_cli(tmp_path, "forget", ids[1], "--reason", "wrong")
    lines = layout.events_file.read_bytes().splitlines(keepends=True)
    layout.events_file.write_bytes(b"".join(lines[:-1]))
    report = cli_json(tmp_path, "doctor", check=False)
    assert "event_file_shorter" in codes_of(report["problems"])
    refused = run_cli(tmp_path, "rebuild", check=False)
    assert refused.returncode != 0
    assert "--accept-loss" in refused.stderr and "nothing was changed" in refused.stderr
    assert "quokka1" not in run_cli(tmp_path, "search", "quokka1 service").stdout
    run_cli(tmp_path, "rebuild", "--accept-loss")
    assert "quokka1" in run_cli(tmp_path, "search", "quokka1 service").stdout


def test_a_garbage_page_no_query_meets_is_found_by_the_integrity_check(tmp_path: Path) -> None:
    """A page deep in the database that doctor's own reads never met: "No problems found"
    while SQLite's quick check said the file was malformed (an outside probe)."""
    import anyio

    from actors.ingest.messages import Save
    from ihmt_async.runtime import Runtime

    async def fill() -> None:
        async with Runtime(tmp_path, background_consolidation=False) as rt:
            for n in range(150):
                await rt.ingest.ask(Save(content=f"Note {n}: the quokka{n} service restarts "
                                                 f"at {n % 24}:00 every day."))

    anyio.run(fill)
    layout = StoreLayout.at_home(tmp_path)
    assert cli_json(tmp_path, "doctor")["clean"]
    # every page in the file and in use: a page still newest in the WAL, or a free page,
    # is one no check reads (the test failed now and then before)
    conn = sqlite3.connect(layout.database)
    try:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    size = layout.database.stat().st_size
    with layout.database.open("r+b") as handle:
        handle.seek((size * 6 // 10) // 4096 * 4096)
        handle.write(os.urandom(4096))
    report = cli_json(tmp_path, "doctor", check=False)
    assert "database_damaged" in codes_of(report["problems"])
    fixed = cli_json(tmp_path, "doctor", "--repair")
    assert fixed["clean"], fixed["remaining"]
    assert "quokka42" in run_cli(tmp_path, "search", "quokka42 service").stdout


def test_a_lock_directory_that_is_a_file_is_reported(tmp_path: Path) -> None:
    """Every save failed ("Not a directory") while doctor said "No problems found"."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "A note about the quokka service.")
    shutil.rmtree(layout.locks_dir)
    layout.locks_dir.write_text("not a directory")
    report = cli_json(tmp_path, "doctor", check=False)
    assert "locks_not_a_directory" in codes_of(report["problems"])


def test_a_lock_file_that_is_a_directory_is_reported(tmp_path: Path) -> None:
    """Every save failed ("Is a directory") while doctor said "No problems found" (probe-fault)."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "A note about the quokka service.")
    lock = layout.locks_dir / "facts.lock"
    lock.unlink(missing_ok=True)
    lock.mkdir()
    report = cli_json(tmp_path, "doctor", check=False)
    assert "lock_not_a_file" in codes_of(report["problems"])


def test_a_loss_of_the_event_file_is_remembered_after_later_saves(tmp_path: Path) -> None:
    """A start after the loss, then a save, appended after what was left of the file: doctor
    turned clean and the next rebuild brought the forgotten memory back (an outside probe).
    The loss is kept until a rebuild accepts it; then doctor is clean."""
    layout = StoreLayout.at_home(tmp_path)
    saved = run_cli(tmp_path, "save", "The wqsecret rotation happens on Fridays.").stdout
    forgotten = next(w for w in saved.replace(",", " ").split() if w.startswith("L-"))
    run_cli(tmp_path, "forget", forgotten, "--reason", "asked to")
    layout.events_file.unlink()
    run_cli(tmp_path, "save", "An ordinary later note about lunch.")  # a start, a save
    report = cli_json(tmp_path, "doctor", check=False)
    assert "event_file_shorter" in codes_of(report["problems"])
    refused = run_cli(tmp_path, "rebuild", check=False)
    assert refused.returncode != 0 and "--accept-loss" in refused.stderr
    assert "Fridays" not in run_cli(tmp_path, "search", "wqsecret rotation").stdout
    run_cli(tmp_path, "rebuild", "--accept-loss")
    assert cli_json(tmp_path, "doctor")["clean"]


def test_a_damaged_line_a_rebuild_accepted_is_no_longer_reported(tmp_path: Path) -> None:
    """A complete line that is not JSON, followed by later saves: a rebuild refuses, and once
    it is accepted (``--accept-loss``) doctor is clean; it failed for good."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "First note about the quokka service.")
    with layout.events_file.open("ab") as handle:
        handle.write(b"this is no json at all\n")
    run_cli(tmp_path, "save", "Second note about the quokka service.")
    report = cli_json(tmp_path, "doctor", check=False)
    assert "event_line_damaged" in codes_of(report["problems"])
    assert run_cli(tmp_path, "rebuild", check=False).returncode != 0
    run_cli(tmp_path, "rebuild", "--accept-loss")
    assert cli_json(tmp_path, "doctor")["clean"]
    run_cli(tmp_path, "save", "Third note about the quokka service.")
    assert cli_json(tmp_path, "doctor")["clean"]


def test_a_full_text_index_the_next_start_must_redo_is_reported_and_reindexed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost, unreadable or foreign full-text index is no damage to any memory, but the next
    start re-indexes the store before it serves (25 s at 50k): doctor said nothing of it."""
    home = tmp_path / "home"
    notes = ("The quokka Bartholomew sleeps under the jacaranda",
             "Mi perro Pimienta come sardinas en Cádiz",
             "The Zanzibar cluster rotates its deploy key every ninety days")
    for note in notes:
        run_cli(home, "save", note)  # each process commits the index as it stops
    layout = StoreLayout.at_home(home)
    index = layout.state_dir / "fulltext"
    assert check(layout, grace_s=0) == []
    # Missing: a few changes are the tail's work (no problem); a backlog is a slow start.
    shutil.rmtree(index)
    assert check(layout, grace_s=0) == []
    monkeypatch.setattr(fulltext, "BACKLOG", 2)
    behind = check(layout, grace_s=0)
    assert [p.code for p in behind] == ["fulltext_behind"]
    assert "3 catalog change(s)" in behind[0].detail and "missing" in behind[0].detail
    monkeypatch.undo()
    run_cli(home, "stats")  # a start and a stop: the index is committed again
    assert check(layout, grace_s=0) == []
    # Unreadable: a torn meta.json.
    (index / "meta.json").write_text('{"segments": [', encoding="utf-8")
    assert [p.code for p in check(layout, grace_s=0)] == ["fulltext_unusable"]
    assert (index / "meta.json").read_text(encoding="utf-8") == '{"segments": [', \
        "a check changes nothing"
    repaired = run_cli(home, "doctor", "--repair", "--grace", "0")
    assert "fulltext_rebuilt" in repaired.stdout and "The store is clean now." in repaired.stdout
    assert FulltextIndex(layout).num_docs == len(notes)
    found = run_cli(home, "search", "Zanzibar deploy key")
    assert "ninety days" in found.stdout


def test_a_leftover_save_is_said_as_interrupted_whether_killed_or_refused(
        tmp_path: Path) -> None:
    """A save the full disk refused, whose file could not be taken back, left a pending leaf
    that doctor called a leftover of "saves killed before their commit" (an outside probe:
    nothing had been killed). The words cover both."""
    run_cli(tmp_path, "save", "A note about the quokka service.", "--domain", "general")
    leave_pending_leaf(tmp_path, "L-general-0099-00000000ab")
    done = run_cli(tmp_path, "doctor")
    assert "No problems found" in done.stdout
    assert "interrupted before their commit" in done.stdout, done.stdout
    assert "refused the save" in done.stdout and "killed" in done.stdout, done.stdout



def _old(paths: Iterable[Path]) -> None:
    """Past any grace: doctor no longer takes them for saves in flight."""
    old = time.time() - 600
    for path in paths:
        os.utime(path, (old, old))


def test_a_database_made_anew_beside_the_files_is_a_leftover_the_next_start_finishes(
        tmp_path: Path) -> None:
    """`state/` deleted under a running server: the saves since went to the unlinked database
    and a new, empty one appeared. Doctor named every leaf ``leaf_not_in_catalog`` (exit 1,
    not a word of what fixes it; an outside probe). It is one leftover the next start
    finishes, and it does."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The harbour crane inspection is on the 14th.")
    run_cli(tmp_path, "save", "The quay lights were replaced with LEDs.")
    shutil.rmtree(layout.state_dir)
    # the new, empty database a live process of an earlier version made (this version's
    # processes refuse to: ``DatabaseGone``, tests/engine/test_state_deleted_under_server.py)
    blank = connect(layout, create=True)
    assert blank is not None
    blank.close()
    _old(leaf_files(layout.root))
    findings = examine(layout, grace_s=30.0)
    assert findings.problems == []
    assert [p.code for p in findings.leftovers] == ["database_blank"]
    assert "LEDs" in run_cli(tmp_path, "search", "quay lights").stdout
    assert cli_json(tmp_path, "doctor")["clean"]


def test_a_leaf_whose_line_waits_to_be_applied_is_a_leftover_not_an_unindexed_leaf(
        tmp_path: Path) -> None:
    """A save killed between its event line and its transaction, its leaf older than the
    grace: one leftover (the line is durable, the next apply indexes it), not also a
    ``leaf_not_in_catalog`` problem for the same save."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The harbour crane inspection is on the 14th.")
    applied = layout.events_file.stat().st_size
    conn = sqlite3.connect(layout.database)
    (mark,) = conn.execute("SELECT value FROM meta WHERE key = 'events_mark'").fetchone()
    conn.close()
    saved = run_cli(tmp_path, "save", "The quay lights were replaced with LEDs.").stdout
    second = next(w for w in saved.split() if w.startswith("L-"))
    conn = sqlite3.connect(layout.database)
    with conn:
        conn.execute("DELETE FROM catalog WHERE id = ?", (second,))
        conn.execute("UPDATE meta SET value = ? WHERE key = 'events_offset'", (str(applied),))
        # the mark of the last line applied goes back with it (one transaction sets both)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'events_mark'", (mark,))
    conn.close()
    _old(leaf_files(layout.root))
    findings = examine(layout, grace_s=30.0)
    assert findings.problems == []
    assert [p.code for p in findings.leftovers] == ["events_not_applied"]
