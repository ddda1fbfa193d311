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
from tests.mcp_client import REPO, server_session

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
            env=environment, cwd=str(REPO))

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
