"""A memory whose file is damaged or deleted: doctor and rebuild keep what the store holds.

An outside probe (probe-fault F1, F2, F4) damaged stores with no server running: ``doctor
--repair`` said a truncated memory file "needs a person", called it "gone", and in the same run
retracted its fact for good (restoring the file by hand never brought the fact back); with the
file deleted, repair and rebuild dropped the memory whose whole text the search index still
held, and doctor then said nothing. A lock file replaced by an empty directory stopped repair
and rebuild alike. Real CLI processes, real files, damaged as the probe did.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from ops_helpers_doc import codes_of
from ops_support import cli_json, run_cli

from store.paths import StoreLayout

SLOW = 300.0
"""A CLI process's timeout: the machine these run on is shared and often loaded."""


def _save(home: Path, text: str) -> str:
    reply = run_cli(home, "save", text, timeout=SLOW).stdout
    return reply.split("Memory id: ")[1].split()[0]


def _leaf(home: Path, leaf_id: str) -> Path:
    return next(StoreLayout.at_home(home).leaves_dir.rglob(f"{leaf_id}.txt"))


def _retractions(home: Path) -> list[str]:
    lines = StoreLayout.at_home(home).events_file.read_text(encoding="utf-8").splitlines()
    return [str(f["event"].get("target")) for line in lines
            for f in json.loads(line).get("facts") or () if f["event"].get("op") == "retract"]


def test_a_damaged_file_whose_whole_text_the_index_holds_is_written_again(
        tmp_path: Path) -> None:
    leaf_id = _save(tmp_path, "I work at Quillbank now, since March.")
    path = _leaf(tmp_path, leaf_id)
    original = path.read_text(encoding="utf-8").split("IHMT-META>>>\n", 1)[1]
    os.truncate(path, 0)
    found = cli_json(tmp_path, "doctor", "--grace", "0", check=False)
    assert codes_of(found["problems"]) == {"leaf_restorable"}, found["problems"]
    detail = found["problems"][0]["detail"]
    assert "is damaged (" in detail and "is gone" not in detail, detail
    fixed = cli_json(tmp_path, "doctor", "--repair", "--grace", "0")
    assert fixed["clean"], fixed["remaining"]
    assert codes_of(fixed["repaired"]) == {"leaf_restored"}
    assert path.read_text(encoding="utf-8").split("IHMT-META>>>\n", 1)[1] == original
    assert [p.name for p in path.parent.glob("*.corrupt-*")], "the damaged file is kept"
    assert "ACTIVE] user employer = 'Quillbank'" in run_cli(
        tmp_path, "history", "user", "employer").stdout
    assert _retractions(tmp_path) == []


def test_a_damaged_file_with_no_whole_copy_is_kept_with_its_facts_for_a_person(
        tmp_path: Path) -> None:
    """The probe's F1: repair retracted the fact of a file it told a person to fix."""
    leaf_id = _save(tmp_path, "Moving notes for this spring:\nI live in Porto now.\n"
                              "The lease on the flat starts in May.")
    dropped = _save(tmp_path, "Scratch list for the garage:\nsell the old bike,\n"
                              "keep the ladder.")
    path, other = _leaf(tmp_path, leaf_id), _leaf(tmp_path, dropped)
    whole = path.read_bytes()
    for damaged in (path, other):
        data = damaged.read_bytes()
        damaged.write_bytes(os.urandom(64) + data[64:])  # its start overwritten
    run_cli(tmp_path, "forget", dropped, "--reason", "not needed", timeout=SLOW)
    found = cli_json(tmp_path, "doctor", "--grace", "0", check=False)
    problems = {p["code"]: p for p in found["problems"]}
    assert set(problems) == {"leaf_lost", "unreadable_leaf"}, found["problems"]
    lost = problems["leaf_lost"]
    assert lost["ref"] == leaf_id and not lost["repairable"]
    assert "is damaged (" in lost["detail"] and "is gone" not in lost["detail"]
    assert problems["unreadable_leaf"]["repairable"], "a forgotten memory's file is set aside"

    repaired = cli_json(tmp_path, "doctor", "--repair", "--grace", "0", check=False)
    assert codes_of(repaired["repaired"]) == {"leaf_quarantined"}
    assert codes_of(repaired["remaining"]) == {"leaf_lost"}
    assert not other.exists() and list(other.parent.glob(f"{other.name}.corrupt-*"))
    assert leaf_id not in " ".join(_retractions(tmp_path))
    # the person fixes the file, as doctor says: the memory and its fact are as they were
    path.write_bytes(whole)
    assert cli_json(tmp_path, "doctor", "--grace", "0")["clean"]
    assert "ACTIVE] user location = 'Porto'" in run_cli(
        tmp_path, "history", "user", "location").stdout


def test_rebuild_writes_a_deleted_file_again_and_refuses_to_drop_one_it_cannot(
        tmp_path: Path) -> None:
    """The probe's F2: rebuild said "skipped" and the memory was gone (39 of 40)."""
    kept = _save(tmp_path, "The staging database listens on port 6543.")
    lost = _save(tmp_path, "Release checklist:\n- tag the build\n- post the changelog")
    kept_path, lost_path = _leaf(tmp_path, kept), _leaf(tmp_path, lost)
    kept_path.unlink()
    lost_path.unlink()
    found = cli_json(tmp_path, "doctor", "--grace", "0", check=False)
    assert {(p["code"], p["ref"]) for p in found["problems"]} == {
        ("leaf_restorable", kept), ("leaf_lost", lost)}

    refused = run_cli(tmp_path, "rebuild", check=False, timeout=SLOW)
    assert refused.returncode != 0 and lost in refused.stderr, refused.stderr
    assert "nothing was changed" in refused.stderr and "--accept-loss" in refused.stderr
    assert not kept_path.exists(), "a refused rebuild changes nothing"

    done = run_cli(tmp_path, "rebuild", "--accept-loss", timeout=SLOW)
    assert f"wrote the file of memory {kept} again" in done.stdout, done.stdout
    assert kept_path.exists()
    assert "port 6543" in run_cli(tmp_path, "search", "staging database port").stdout
    assert cli_json(tmp_path, "stats")["leaves"] == 1


def test_a_lock_file_that_is_an_empty_directory_is_removed_by_repair_and_rebuild(
        tmp_path: Path) -> None:
    """The probe's F4: doctor called it safe to remove, but --repair did not, and rebuild
    failed with a save's words ("nothing was saved")."""
    layout = StoreLayout.at_home(tmp_path)
    _save(tmp_path, "The quokka service restarts at noon.")
    lock = layout.locks_dir / "facts.lock"
    lock.unlink(missing_ok=True)
    lock.mkdir()
    found = cli_json(tmp_path, "doctor", check=False)
    assert [p["repairable"] for p in found["problems"]] == [True]
    fixed = cli_json(tmp_path, "doctor", "--repair")
    assert fixed["clean"] and "lock_directory_removed" in codes_of(fixed["repaired"])
    _save(tmp_path, "The wombat service restarts at one.")

    lock.unlink(missing_ok=True)
    lock.mkdir()
    assert run_cli(tmp_path, "rebuild", timeout=SLOW).returncode == 0
    assert lock.is_file()
    lock.unlink()
    (lock / "kept").mkdir(parents=True)  # not empty: for a person, said as a rebuild's
    refused = run_cli(tmp_path, "rebuild", check=False, timeout=SLOW)
    assert refused.returncode != 0 and "the rebuild did not start" in refused.stderr
    assert "nothing was saved" not in refused.stderr
    assert not cli_json(tmp_path, "doctor", check=False)["problems"][0]["repairable"]
    shutil.rmtree(lock)
