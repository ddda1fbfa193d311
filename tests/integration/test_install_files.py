"""``ihmt-async install`` / ``uninstall`` on config files as users really keep them: linked
from a dotfiles repository, with CRLF line endings, empty, with a key written twice, and a
Codex config.toml with ``mcp_servers`` inline or the server registered by hand.

Each test runs the real CLI in a subprocess against a temporary HOME and checks the bytes.
"""

from __future__ import annotations

import json
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from tests.integration.cli_support import run_cli

PATH = {"PATH": os.path.dirname(sys.executable) + ":/usr/bin:/bin"}


def cli(verb: str, *args: str, home: Path, cwd: Path) -> dict[str, Any]:
    done = run_cli(verb, *args, "--json", home=home, cwd=cwd, extra_env=PATH)
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.is_symlink() and not p.name.endswith(".bak")}


def test_symlinked_config_files_are_edited_through_the_link(tmp_path: Path) -> None:
    home, dotfiles = tmp_path / "home", tmp_path / "dotfiles"
    (home / ".claude").mkdir(parents=True)
    (home / ".codex").mkdir()
    dotfiles.mkdir()
    (dotfiles / "settings.json").write_text('{"model": "opus"}\n')
    (dotfiles / "config.toml").write_text('model = "o3"\n')
    (home / ".claude/settings.json").symlink_to(dotfiles / "settings.json")
    (home / ".codex/config.toml").symlink_to(dotfiles / "config.toml")
    before = files(dotfiles)
    for agent in ("claude-code", "codex"):
        cli("install", agent, home=home, cwd=tmp_path)
    assert (home / ".claude/settings.json").is_symlink()
    assert (home / ".codex/config.toml").is_symlink()
    assert "UserPromptSubmit" in (dotfiles / "settings.json").read_text()
    assert "ihmt-async" in tomllib.loads((dotfiles / "config.toml").read_text())["mcp_servers"]
    assert files(dotfiles).keys() == before.keys()  # no temporary or backup in the repository
    for agent in ("claude-code", "codex"):
        cli("uninstall", agent, home=home, cwd=tmp_path)
    assert (home / ".claude/settings.json").is_symlink()
    assert (home / ".codex/config.toml").is_symlink()
    assert files(dotfiles) == before


def test_crlf_files_keep_their_line_endings_and_round_trip(tmp_path: Path) -> None:
    home = tmp_path / "home"
    originals = {".claude/settings.json": b'{\r\n  "model": "opus"\r\n}\r\n',
                 ".claude/CLAUDE.md": b"# my rules\r\nbe terse\r\n",
                 ".codex/config.toml": b'model = "o3"\r\n',
                 ".codex/AGENTS.md": b"# agents\r\nno emojis\r\n"}
    for rel, data in originals.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_bytes(data)
    for agent in ("claude-code", "codex"):
        cli("install", agent, home=home, cwd=tmp_path)
    for rel, data in originals.items():
        new = (home / rel).read_bytes()
        assert new.startswith(data.rstrip(b"}\r\n")), rel
        assert new.count(b"\n") == new.count(b"\r\n") > data.count(b"\n"), rel
    tomllib.loads((home / ".codex/config.toml").read_text())
    for agent in ("claude-code", "codex"):
        cli("uninstall", agent, home=home, cwd=tmp_path)
    assert {rel: (home / rel).read_bytes() for rel in originals} == originals


def test_uninstall_gives_back_empty_files_and_removes_what_it_created(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude/CLAUDE.md").write_bytes(b"")
    (home / ".claude/settings.json").write_bytes(b"\n")
    cli("install", "claude-code", home=home, cwd=tmp_path)
    cli("uninstall", "claude-code", home=home, cwd=tmp_path)
    assert (home / ".claude/CLAUDE.md").read_bytes() == b""
    assert (home / ".claude/settings.json").read_bytes() == b"\n"

    project.mkdir()
    (project / ".git").mkdir()
    cli("install", "cursor", "--scope", "project", home=home, cwd=project)
    removed = cli("uninstall", "cursor", "--scope", "project", home=home, cwd=project)
    assert [c["action"] for c in removed["changes"]] == ["delete", "delete"]
    assert sorted(p.name for p in project.iterdir()) == [".git"]


def test_uninstall_keeps_a_created_folder_that_holds_the_users_files(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    cli("install", "cursor", "--scope", "project", home=home, cwd=project)
    (project / ".cursor/rules/mine.mdc").write_text("my rule\n")
    cli("uninstall", "cursor", "--scope", "project", home=home, cwd=project)
    assert sorted(p.name for p in (project / ".cursor").rglob("*")) == ["mine.mdc", "rules"]


def test_a_settings_file_with_hooks_twice_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    text = '{\n  "hooks": {},\n  "model": "opus",\n  "hooks": {"Stop": []}\n}\n'
    (home / ".claude/settings.json").write_text(text)
    done = run_cli("install", "claude-code", home=home, cwd=tmp_path, extra_env=PATH)
    assert done.returncode == 1
    assert "'hooks' 2 times (lines 2, 4)" in done.stderr
    assert "nothing was changed" in done.stderr
    assert (home / ".claude/settings.json").read_text() == text
    assert not (home / ".claude/CLAUDE.md").exists()


def test_codex_inline_mcp_servers_is_refused_naming_the_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".codex").mkdir(parents=True)
    text = 'model = "o3"\nmcp_servers = { docs = { command = "npx" } }\n'
    (home / ".codex/config.toml").write_text(text)
    done = run_cli("install", "codex", home=home, cwd=tmp_path, extra_env=PATH)
    assert done.returncode == 1
    assert "(line 2) defines mcp_servers with an inline table" in done.stderr
    assert "Cannot declare" not in done.stderr
    assert 'ihmt-async = { command = ' in done.stderr
    assert (home / ".codex/config.toml").read_text() == text
    assert sorted(p.name for p in (home / ".codex").iterdir()) == ["config.toml"]


def test_codex_server_registered_by_hand_is_left_as_it_is(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".codex").mkdir(parents=True)
    for text in ('model = "o3"\n\n[mcp_servers.ihmt-async]\ncommand = "ihmt-async"\n'
                 'args = ["serve"]\n',
                 'mcp_servers = { ihmt-async = { command = "ihmt-async", args = ["serve"] } }\n'):
        (home / ".codex/config.toml").write_text(text)
        report = cli("install", "codex", home=home, cwd=tmp_path)
        config = report["changes"][0]
        assert config["action"] == "unchanged"
        assert config["summary"].startswith("keep your own ihmt-async server entry (line ")
        entry = tomllib.loads((home / ".codex/config.toml").read_text())
        assert entry["mcp_servers"]["ihmt-async"]["command"] == "ihmt-async"
        cli("uninstall", "codex", home=home, cwd=tmp_path)
        assert (home / ".codex/config.toml").read_text() == text
