"""Every file the product writes is 0600 and every directory 0700, whatever the umask (000 lets
everything through, 077 is the strict one): the store, the project index and the session
scratch directory, written through a real server."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from mcp import StdioServerParameters

from tests.hardening.store_files import all_files
from tests.mcp_client import REPO, SERVER_CWD, server_session

pytestmark = pytest.mark.anyio


def wrong_modes(*roots: Path) -> dict[str, str]:
    """Paths under ``roots`` (the roots included) whose mode is not 0700 / 0600."""
    out: dict[str, str] = {}
    for root in roots:
        for path in [root, *root.rglob("*")]:
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode != (0o700 if path.is_dir() else 0o600):
                out[str(path)] = oct(mode)
    return out


@pytest.mark.parametrize("umask", ["000", "077", "022"])
async def test_files_are_0600_and_directories_0700(tmp_path: Path, umask: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    home, scratch, project = tmp_path / "home", tmp_path / "scratch", tmp_path / "project"
    scratch.mkdir()
    project.mkdir()
    (project / "app.py").write_text("def pay(order):\n    return order.total\n",
                                    encoding="utf-8")
    (project / "app.py").chmod(0o644)

    def params(home_: Path, **env: str) -> StdioServerParameters:
        environment = {**os.environ, "IHMT_HOME": str(home_), "IHMT_LOG_STDERR": "0",
                       "PYTHONPATH": str(REPO), **env}
        return StdioServerParameters(
            command=sys.executable,
            args=[str(REPO / "tests" / "hardening" / "umask_server.py"), umask, "serve"],
            env=environment, cwd=SERVER_CWD)

    monkeypatch.setattr("tests.mcp_client.server_params", params)
    async with server_session(home, TMPDIR=str(scratch)) as s:
        await s.ok("save_memory", {"content": "2026-01-05: I moved to Lisbon.", "origin": "user"})
        await s.ok("save_memory", {"content": "Lisbon office opens at nine.", "origin": "tool",
                                   "scope": "project:office"})
        await s.ok("note", {"text": "pay() is in app.py:1"})
        await s.ok("digest_output", {"text": "line one\nERROR two\nline three"})
        await s.ok("read_file", {"path": str(project / "app.py")})
        await s.ok("project_map", {"path": str(project), "detail": "symbols"})
        sessions = [p for p in scratch.iterdir() if p.name.startswith("ihmt-session-")]
        wrong = wrong_modes(home, *sessions)
        files = all_files(home, scratch)
        assert any("ihmt_projects" in str(p) for p in files)
        assert any("ihmt-session-" in str(p) for p in files)
        assert any(p.name == "ihmt.jsonl" for p in files)
    assert len(sessions) == 1
    assert wrong == {}
    # After shutdown too: what the server wrote in the background (the full-text index, the
    # consolidation tree) is private as well.
    assert (home / "ihmt_memory" / "state" / "fulltext").is_dir()
    assert wrong_modes(home) == {}
    assert stat.S_IMODE((project / "app.py").stat().st_mode) == 0o644  # the user's file: untouched


def test_a_store_another_user_owns_is_one_line_for_every_command_and_serve() -> None:
    """A store created by root (its folder 0700) used as ``nobody``: every command and the
    server died with a PermissionError traceback from reading ``ihmt.config.json``. Now: one
    line on stderr, exit 1, and ``serve`` logs ``serve.start_failed`` first."""
    from tests.hardening.other_user import nobody_env, run_as_nobody, shared_dir
    from tests.ops.ops_support import run_cli

    with shared_dir() as base:
        home = base / "home"
        home.mkdir(mode=0o755)
        run_cli(home, "save", "The kumquat orchard is in Murcia")
        run_cli(home, "init")  # the settings file too: it is what every command reads first
        env = nobody_env(base)
        for args in (("stats",), ("search", "kumquat"), ("save", "more kumquats"),
                     ("doctor",), ("serve",)):
            done = run_as_nobody({**env, "IHMT_LOG_STDERR": "1"} if args == ("serve",)
                                 else env, home, *args)
            lines = done.stderr.splitlines()
            assert done.returncode == 1, (args, done.stderr)
            assert "Traceback" not in done.stderr, (args, done.stderr)
            assert lines[-1].startswith("ihmt-async: permission denied reading the store; "
                                        "nothing was read or changed"), (args, done.stderr)
            if args == ("serve",):
                assert '"serve.start_failed"' in lines[0] and len(lines) == 2, done.stderr
            else:
                assert len(lines) == 1, (args, done.stderr)
        # a home this user may not even look into: the same one line
        home.chmod(0o700)
        done = run_as_nobody(env, home, "stats")
        assert done.returncode == 1 and done.stderr.startswith(
            "ihmt-async: permission denied reading the store") and \
            len(done.stderr.splitlines()) == 1, done.stderr


async def test_a_domain_folder_the_server_may_not_enter_refuses_the_save_cleanly() -> None:
    """The server runs as ``nobody`` on its store, but one domain folder is root's (0700):
    a save filed there was an "Internal error in the ingest actor (PermissionError ...)",
    the actor restarted, and the refused save's pending row made ``doctor`` fail
    (``unfinished_save``). Now: the typed refusal, no restart, nothing left behind."""
    from store import doctor
    from store.catalog import CatalogReader
    from store.db import pending_rows
    from store.paths import StoreLayout
    from tests.hardening.other_user import as_nobody, give_to_nobody, nobody_env, shared_dir
    from tests.ops.ops_support import run_cli

    with shared_dir() as base:
        home = base / "home"
        home.mkdir(mode=0o755)
        run_cli(home, "save", "The kumquat orchard is in Murcia", "--domain", "general")
        layout = StoreLayout.at_home(home)
        give_to_nobody(home)
        general = layout.leaves_dir / "general"
        os.chown(general, 0, 0)
        general.chmod(0o700)
        env = nobody_env(base)

        def params(home_: Path, **extra: str) -> StdioServerParameters:
            return StdioServerParameters(
                command=as_nobody(sys.executable)[0],
                args=[*as_nobody(sys.executable)[1:], "-m", "ihmt_async", "serve"],
                env={**env, "IHMT_HOME": str(home_), **extra}, cwd="/")

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("tests.mcp_client.server_params", params)
            async with server_session(home, client_name="other-user") as s:
                for _ in range(2):  # twice: the first refusal left the actor as it was
                    text, is_error = await s.call("save_memory", {
                        "content": "Kumquat orchard expansion approved for 2027",
                        "domain": "general"})
                    assert is_error, text
                    assert "permission denied" in text and "nothing was saved" in text, text
                    assert "Internal error" not in text and "restarted" not in text, text
                saved = await s.ok("save_memory", {"content": "Lemon trees need sun",
                                                   "domain": "gardening"})
                assert "Memory id" in saved
        found = doctor.examine(layout, grace_s=0.0)
        assert found.problems == [] and found.leftovers == [], found
        conn = CatalogReader(layout).connection()
        assert conn is not None and pending_rows(conn) == []
