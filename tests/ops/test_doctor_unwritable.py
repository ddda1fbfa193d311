"""``doctor`` on a store that cannot be written, and on a database path that is a directory.

An outside probe found ``doctor`` saying "No problems found" while every save was refused (an
immutable database), and every command calling a directory in the database's place "permission
denied writing the store". Real CLI processes on real files; the permission cases run doctor as
``nobody`` (root may write whatever a mode says), the immutable one uses ``chattr``, the
read-only one a read-only bind mount (no problem: a note).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from ops_support import cli_json, run_cli

from store.paths import StoreLayout
from tests.hardening.other_user import give_to_nobody, nobody_env, run_as_nobody, shared_dir
from tests.mcp_client import REPO


def _problems(report: dict[str, object]) -> dict[str, dict[str, object]]:
    problems = report["problems"]
    assert isinstance(problems, list)
    return {str(p["code"]): p for p in problems}


def test_a_database_path_that_is_a_directory_says_so_and_rebuild_moves_it_aside(
        tmp_path: Path) -> None:
    """Every command said "permission denied writing the store" and ``rebuild`` could not
    recover: now it is a damaged database that names the directory, and ``rebuild`` moves it
    aside (kept, renamed) and derives the database again."""
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The kumquat orchard is in Murcia.")
    for path in layout.state_dir.glob("ihmt.sqlite3*"):
        path.unlink()
    layout.database.mkdir()
    (layout.database / "what-someone-put-here.txt").write_text("keep me", encoding="utf-8")
    report = cli_json(tmp_path, "doctor", check=False)
    problem = _problems(report)["database_damaged"]
    assert "is a directory" in str(problem["detail"]), problem
    for command in (("search", "kumquat"), ("save", "More kumquats.")):
        done = run_cli(tmp_path, *command, check=False)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert "is a directory" in done.stderr and "rebuild" in done.stderr, done.stderr
        assert "permission denied" not in done.stderr, done.stderr
    rebuilt = run_cli(tmp_path, "rebuild")
    assert "moved the damaged database aside" in rebuilt.stdout
    assert "Murcia" in run_cli(tmp_path, "search", "kumquat orchard").stdout
    assert cli_json(tmp_path, "doctor")["clean"]
    kept = [p for p in layout.state_dir.glob("ihmt.sqlite3.corrupt-*") if p.is_dir()]
    assert len(kept) == 1 and (kept[0] / "what-someone-put-here.txt").exists()


@contextlib.contextmanager
def _immutable(*paths: Path) -> Iterator[None]:
    locked = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True, text=True)
    if locked.returncode != 0:
        pytest.skip(f"chattr +i is refused here: {locked.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True)


def test_an_immutable_database_or_folder_is_a_problem_that_says_how_to_undo_it(
        tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The kumquat orchard is in Murcia.", "--domain", "general")
    assert cli_json(tmp_path, "doctor")["clean"]
    with _immutable(layout.database):
        refused = run_cli(tmp_path, "save", "More kumquats.", check=False)
        assert "permission denied writing the store" in refused.stderr, refused.stderr
        report = cli_json(tmp_path, "doctor", check=False)
        assert not report["clean"]
        problem = _problems(report)["store_not_writable"]
        assert problem["path"] == str(layout.database) and not problem["repairable"]
        assert "immutable" in str(problem["detail"]) and "chattr -i" in str(problem["detail"])
        text = run_cli(tmp_path, "doctor", check=False)
        assert text.returncode == 1 and "store_not_writable" in text.stdout
    with _immutable(layout.leaves_dir / "general", layout.state_dir):
        problem = _problems(cli_json(tmp_path, "doctor", check=False))["store_not_writable"]
        assert "1 other path" in str(problem["detail"]), problem
    assert cli_json(tmp_path, "doctor")["clean"]  # nothing was changed by asking


def test_a_database_or_state_folder_this_user_may_not_write_is_a_problem() -> None:
    """The store is ``nobody``'s but one path of it is root's (readable, not writable): the
    saves of ``nobody``'s servers are refused, and its ``doctor`` says which path and why."""
    with shared_dir() as base:
        home = base / "home"
        home.mkdir(mode=0o755)
        run_cli(home, "save", "The kumquat orchard is in Murcia.")
        layout = StoreLayout.at_home(home)
        give_to_nobody(home)
        env = nobody_env(base)
        assert "No problems found" in run_as_nobody(env, home, "doctor").stdout
        for path, mode in ((layout.database, 0o644), (layout.state_dir, 0o755)):
            os.chown(path, 0, 0)
            path.chmod(mode)
            saved = run_as_nobody(env, home, "save", "More kumquats.")
            assert "permission denied writing the store" in saved.stderr, saved.stderr
            done = run_as_nobody(env, home, "doctor")
            assert done.returncode == 1, done.stdout
            assert "store_not_writable" in done.stdout and str(path) in done.stdout, done.stdout
            assert "this user (nobody) may not write it" in done.stdout, done.stdout
            assert "owner or mode" in done.stdout, done.stdout
            give_to_nobody(home)
        assert "No problems found" in run_as_nobody(env, home, "doctor").stdout


def test_root_without_the_override_capability_is_refused_by_the_modes_not_immutable(
        tmp_path: Path) -> None:
    """Root started without CAP_DAC_OVERRIDE (``setpriv``, a container) on a store made
    read-only by its modes: doctor called the files immutable and said ``chattr -i``
    (probe-fault); the modes refuse them, as for any user."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv")
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The kumquat orchard is in Murcia.")
    dropped = "-dac_override,-dac_read_search,-fowner"
    try:
        for path in (layout.database, layout.state_dir):
            path.chmod(path.stat().st_mode & ~0o222)
        env = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "0"}
        done = subprocess.run(["setpriv", "--bounding-set", dropped, "--inh-caps", dropped,
                               sys.executable, "-m", "ihmt_async", "--home", str(tmp_path),
                               "doctor"], capture_output=True, text=True, env=env,
                              cwd=str(REPO), timeout=60, check=False)
        if "setpriv:" in done.stderr:
            pytest.skip(f"setpriv refused here: {done.stderr.strip()}")
        assert "store_not_writable" in done.stdout, done.stdout + done.stderr
        assert "owner or mode" in done.stdout and "immutable" not in done.stdout, done.stdout
    finally:
        for path in (layout.database, layout.state_dir):
            path.chmod(path.stat().st_mode | 0o200)


def test_a_read_only_mount_is_no_problem_but_said_as_the_saves_say_it(tmp_path: Path) -> None:
    """A store on a read-only mount (a backup browsed) is searched as usual and refuses saves
    as designed: doctor stays clean, and says how the store stands."""
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    run_cli(tmp_path, "save", "The deploy script lives in tools/deploy.sh.")
    root = str(StoreLayout.at_home(tmp_path).root)
    mounted = subprocess.run(["mount", "--bind", root, root], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {mounted.stderr.strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", root], check=True)
        report = cli_json(tmp_path, "doctor")
        assert report["clean"] and report["problems"] == [], report
        assert len(report["notes"]) == 1, report
        assert "read-only file system" in report["notes"][0]
        assert "searches work" in report["notes"][0]
        text = run_cli(tmp_path, "doctor").stdout
        assert "Note: " in text and "No problems found" in text, text
        assert "deploy" in run_cli(tmp_path, "search", "deploy script").stdout
    finally:
        subprocess.run(["umount", "-l", root], check=True)
    assert cli_json(tmp_path, "doctor")["notes"] == []


def test_the_check_leaves_the_live_connections_of_its_process_working(tmp_path: Path) -> None:
    """The GUI runs doctor's checks beside its own connections. The first version of the
    check opened the database files for writing and closed them, which drops every POSIX
    lock SQLite holds on them in the process: the GUI's facts actor then failed with "disk
    I/O error" every few seconds. Asked with access(), nothing is opened."""
    from store import doctor
    from store.catalog import CatalogReader, patch
    from store.engine import Engine

    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "save", "The kumquat orchard is in Murcia.")
    leaf = next(iter(CatalogReader(layout).entries()))
    engine, reader = Engine(layout), CatalogReader(layout)
    try:
        for n in range(3):
            engine.commit(catalog=[patch(leaf, title=f"kumquats {n}")], logged=False)
            assert reader.entries()[leaf]["title"] == f"kumquats {n}"
            assert doctor.check(layout, grace_s=0.0) == []
            # another process opens the store: with this process's locks on the WAL index
            # gone, it took itself for the first one and set the index up again under us
            run_cli(tmp_path, "save", f"Kumquat note {n} from another process.")
        engine.commit(catalog=[patch(leaf, title="kumquats after")], logged=False)
        assert reader.entries()[leaf]["title"] == "kumquats after"
    finally:
        engine.close()
        reader.close()
