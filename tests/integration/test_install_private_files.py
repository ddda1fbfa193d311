"""A project-scope install keeps the files holding this machine's paths out of git.

The server entries and hook commands name this installation's interpreter and store: in a
commit they would start a server that is not there on a colleague's machine (probe-agent).
Each one git does not track is listed in the repository's ``.git/info/exclude``, one block per
agent, removed again by uninstall; a tracked one is named in ``next_steps``; Claude Code's
hooks go into its own uncommitted ``.claude/settings.local.json``. Real git, real CLI."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.integration.test_install import install, run_cli


def git(repo: Path, *args: str) -> str:
    return subprocess.run(("git", "-C", str(repo), *args), capture_output=True, text=True,
                          check=True).stdout


def make_repo(root: Path) -> Path:
    repo = root / "billing"
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    return repo


def test_files_with_this_machines_paths_are_excluded_and_uninstall_restores(
        tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path)
    exclude = repo / ".git" / "info" / "exclude"
    original = exclude.read_bytes()
    for agent in ("claude-code", "codex"):
        install(agent, "--scope", "project", home=home, cwd=repo)
    listed = exclude.read_text()
    for name in ("/.mcp.json", "/.claude/settings.local.json", "/.codex/config.toml"):
        assert f"\n{name}\n" in listed
    assert not (repo / ".claude" / "settings.json").exists()
    untracked = {line[3:] for line in git(repo, "status", "--porcelain",
                                          "--untracked-files=all").splitlines()}
    # what git still offers to commit holds no path of this machine
    assert untracked == {"AGENTS.md", "CLAUDE.md"}
    for agent in ("codex", "claude-code"):
        done = run_cli("uninstall", agent, "--scope", "project", home=home, cwd=repo)
        assert done.returncode == 0, done.stderr
        if agent == "codex":  # the other agent's block stays
            assert "/.mcp.json" in exclude.read_text()
            assert "/.codex/config.toml" not in exclude.read_text()
    assert exclude.read_bytes() == original


def test_a_tracked_config_file_is_named_not_excluded(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path)
    (repo / ".mcp.json").write_text('{"mcpServers": {}}\n')
    git(repo, "add", ".mcp.json")
    report = install("claude-code", "--scope", "project", home=home, cwd=repo)
    assert any(step.startswith(".mcp.json is tracked by git") for step in report["next_steps"])
    listed = (repo / ".git" / "info" / "exclude").read_text()
    assert "/.mcp.json" not in listed and "/.claude/settings.local.json" in listed


def test_outside_a_repository_nothing_is_excluded(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "notes"
    project.mkdir()
    report = install("claude-code", "--scope", "project", home=home, cwd=project)
    assert all(".git" not in change["path"] for change in report["changes"])
    assert not any("tracked by git" in step for step in report["next_steps"])


def test_hooks_an_earlier_install_put_in_the_shared_settings_move_out(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path)
    install("claude-code", "--scope", "project", home=home, cwd=repo)
    local = repo / ".claude" / "settings.local.json"
    shared = repo / ".claude" / "settings.json"
    shared.write_text(local.read_text().replace("{", '{"model": "opus",', 1))
    local.unlink()
    install("claude-code", "--scope", "project", home=home, cwd=repo)
    assert "recall-hook" in local.read_text()
    assert "recall-hook" not in shared.read_text() and '"opus"' in shared.read_text()
