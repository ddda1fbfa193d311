"""``ihmt-async install`` / ``uninstall`` through real CLI processes against temporary HOMEs
holding real config files in each agent's documented format, with the user's own content.

Checked: the ``--json`` contract the GUI reads, a dry run changes nothing, the edit keeps the
user's content byte-for-byte, the result parses (JSON with comments, TOML via tomllib), a
second install changes nothing, uninstall gives back the original bytes, and the registered
command really starts a server an MCP client can talk to.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ihmt_async.install import jsonedit
from tests.integration.cli_support import REPO, run_cli

GEMINI_SETTINGS = """{
  // my Gemini settings, hand-written
  "theme": "GitHub",
  "mcpServers": {
    "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]}
  },
  "hooks": {
    "BeforeTool": [
      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./audit.sh"}]}
    ]
  }
}
"""
CLAUDE_JSON = """{
    "numStartups": 42,
    "mcpServers": {},
    "projects": {"/home/me/app": {"allowedTools": []}}
}"""
CLAUDE_SETTINGS = """{
  "permissions": {"allow": ["Bash(git diff:*)"]},
  "hooks": {
    "UserPromptSubmit": [
      {"hooks": [{"type": "command", "command": "echo branch: $(git branch --show-current)"}]}
    ]
  }
}
"""
CODEX_TOML = """# my codex config
model = "o3"
approval_policy = "on-request"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]

[profiles.fast]
model = "o4-mini"
"""
OPENCODE_JSONC = """{
  "$schema": "https://opencode.ai/config.json",
  // keep this theme
  "theme": "tokyonight",
  "mcp": {
    "jira": {"type": "remote", "url": "https://jira.example/mcp", "enabled": true}
  }
}
"""
CURSOR_JSON = '{"mcpServers": {"linear": {"url": "https://mcp.linear.app/sse"}}}'
CLAUDE_DESKTOP_JSON = """{
  "mcpServers": {
    "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}
  },
  "globalShortcut": "Alt+Space"
}
"""
VSCODE_JSON = """{
	// servers I added by hand
	"servers": {
		"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"}
	},
	"inputs": []
}
"""
MARKDOWN = "# My rules\n\nAlways write tests first.\n"

PRE_EXISTING: dict[str, dict[str, str]] = {
    "claude-code": {".claude.json": CLAUDE_JSON, ".claude/settings.json": CLAUDE_SETTINGS,
                    ".claude/CLAUDE.md": MARKDOWN},
    "codex": {".codex/config.toml": CODEX_TOML, ".codex/AGENTS.md": MARKDOWN},
    "opencode": {".config/opencode/opencode.jsonc": OPENCODE_JSONC,
                 ".config/opencode/AGENTS.md": MARKDOWN.rstrip("\n")},
    "gemini": {".gemini/settings.json": GEMINI_SETTINGS, ".gemini/GEMINI.md": MARKDOWN},
    "cursor": {".cursor/mcp.json": CURSOR_JSON},
    "claude-desktop": {".config/Claude/claude_desktop_config.json": CLAUDE_DESKTOP_JSON},
    "vscode": {".config/Code/User/mcp.json": VSCODE_JSON},
}
SERVER_FILE = {"claude-code": ".claude.json", "codex": ".codex/config.toml",
               "opencode": ".config/opencode/opencode.jsonc", "gemini": ".gemini/settings.json",
               "cursor": ".cursor/mcp.json",
               "claude-desktop": ".config/Claude/claude_desktop_config.json",
               "vscode": ".config/Code/User/mcp.json"}


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def server_of(agent: str, path: Path) -> dict[str, Any]:
    text = path.read_text()
    if agent == "codex":
        entry: dict[str, Any] = tomllib.loads(text)["mcp_servers"]["ihmt-async"]
        return entry
    data = jsonedit.load(text, str(path))
    if agent == "opencode":
        entry = data["mcp"]["ihmt-async"]
        return {"command": entry["command"][0], "args": entry["command"][1:],
                "env": entry.get("environment", {})}
    if agent == "vscode":
        return dict(data["servers"]["ihmt-async"])
    return dict(data["mcpServers"]["ihmt-async"])


def install(*args: str, home: Path, cwd: Path) -> dict[str, Any]:
    done = run_cli("install", *args, "--json", home=home, cwd=cwd,
                   extra_env={"PATH": os.path.dirname(sys.executable) + ":/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


@pytest.mark.parametrize("agent", sorted(PRE_EXISTING))
def test_user_scope_round_trip_keeps_user_content(tmp_path: Path, agent: str) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    for rel, text in PRE_EXISTING[agent].items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_text(text)
    before = snapshot(home)

    dry = install(agent, "--scope", "user", "--dry-run", home=home, cwd=work)
    assert set(dry) == {"agent", "scope", "applied", "changes", "next_steps"}
    assert dry["agent"] == agent and dry["scope"] == "user" and dry["applied"] is False
    for change in dry["changes"]:
        assert set(change) == {"action", "path", "summary", "detail"}
        assert change["action"] in ("create", "edit", "run", "unchanged")
        if change["action"] in ("create", "edit"):
            assert change["detail"].startswith("--- ")
    assert snapshot(home) == before  # a dry run changes nothing

    applied = install(agent, "--scope", "user", home=home, cwd=work)
    assert applied["applied"] is True
    assert [c["detail"] for c in applied["changes"]] == [c["detail"] for c in dry["changes"]]
    entry = server_of(agent, home / SERVER_FILE[agent])
    assert entry["command"] == sys.executable
    assert entry["args"] == ["-m", "ihmt_async", "serve"]
    after = snapshot(home)
    for rel, old in before.items():
        new = after[rel]
        if rel.endswith(".md"):
            assert new.startswith(old)  # appended after the user's text
            assert b"search_memory" in new
        if rel in after and new != old and not rel.endswith(".toml"):
            jsonedit.parse(new.decode()) if rel.endswith((".json", ".jsonc")) else None
        assert (home / (rel + ".bak")).read_bytes() == old if new != old else True
    if agent == "codex":
        tomllib.loads((home / ".codex/config.toml").read_text())
        assert tomllib.loads((home / ".codex/config.toml").read_text())["model"] == "o3"
    assert GEMINI_SETTINGS.splitlines()[1] in (home / ".gemini/settings.json").read_text() \
        if agent == "gemini" else True  # the comment survives

    again = install(agent, "--scope", "user", home=home, cwd=work)
    assert again["applied"] is False
    assert {c["action"] for c in again["changes"]} == {"unchanged"}

    removed = run_cli("uninstall", agent, "--scope", "user", "--json", home=home, cwd=work)
    assert removed.returncode == 0, removed.stderr
    restored = {k: v for k, v in snapshot(home).items() if not k.endswith(".bak")}
    assert restored == before


def test_opencode_keeps_a_comment_after_a_trailing_comma_on_its_line(tmp_path: Path) -> None:
    """The outside tester's opencode.jsonc (bbtest32, F13): ``// keep me`` after a trailing
    comma moved below the inserted block on install; every line of the user's stays as
    written, and uninstall gives the bytes back."""
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    path = home / ".config/opencode/opencode.jsonc"
    path.parent.mkdir(parents=True)
    mine = ('{\n  // my opencode settings\n  "$schema": "https://opencode.ai/config.json",\n'
            '  "theme": "tokyonight", // keep me\n}\n')
    path.write_text(mine)
    install("opencode", "--scope", "user", home=home, cwd=work)
    lines = path.read_text().splitlines()
    assert lines[:4] == mine.splitlines()[:4]
    assert lines[-1] == "}" and "keep me" not in "\n".join(lines[4:])
    assert server_of("opencode", path)["args"] == ["-m", "ihmt_async", "serve"]
    removed = run_cli("uninstall", "opencode", "--scope", "user", "--json", home=home, cwd=work)
    assert removed.returncode == 0, removed.stderr
    assert path.read_text() == mine


def test_project_scope_writes_into_the_project_only(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "billing"
    home.mkdir()
    project.mkdir()
    for agent in ("claude-code", "gemini", "cursor", "codex", "opencode"):
        report = install(agent, "--scope", "project", home=home, cwd=project)
        assert all(c["path"].startswith(str(project)) for c in report["changes"]), report
    # Only the installer's record of what it created lives outside the project.
    assert set(snapshot(home)) == {".local/state/ihmt-async/installed.json"}
    mcp = json.loads((project / ".mcp.json").read_text())
    assert mcp["mcpServers"]["ihmt-async"]["command"] == sys.executable
    settings = json.loads((project / ".claude/settings.local.json").read_text())
    commands = [h["command"] for group in settings["hooks"]["SessionStart"]
                for h in group["hooks"]]
    assert any(" -m ihmt_async brief --for claude-code --home " in c for c in commands)
    rule = (project / ".cursor/rules/ihmt-memory.mdc").read_text()
    assert rule.startswith("---\n") and "alwaysApply: true" in rule
    assert (project / "AGENTS.md").read_text().count("ihmt-async:begin") == 1
    for agent in ("claude-code", "gemini", "cursor", "codex", "opencode"):
        done = run_cli("uninstall", agent, "--scope", "project", home=home, cwd=project)
        assert done.returncode == 0, done.stderr
    assert {k for k in snapshot(project) if not k.endswith(".bak")} == set()
    assert snapshot(home) == {}


def test_files_in_a_repository_are_backed_up_outside_it(tmp_path: Path) -> None:
    """A ``.bak`` inside a project shows in ``git status`` and gets committed by accident."""
    home, project = tmp_path / "home", tmp_path / "billing"
    (project / ".git").mkdir(parents=True)
    (project / "AGENTS.md").write_text(MARKDOWN)
    install("codex", "--scope", "project", home=home, cwd=project)
    assert not [p for p in project.rglob("*.bak")]
    copy = home / ".local/state/ihmt-async/backups" / str(project / "AGENTS.md.bak").lstrip("/")
    assert copy.read_text() == MARKDOWN


def test_store_home_is_passed_to_server_and_hooks(tmp_path: Path) -> None:
    home, work, store = tmp_path / "home", tmp_path / "work", tmp_path / "store"
    work.mkdir()
    install("claude-code", "--home", str(store), home=home, cwd=work)
    entry = json.loads((home / ".claude.json").read_text())["mcpServers"]["ihmt-async"]
    assert entry["env"] == {"IHMT_HOME": str(store)}
    settings = json.loads((home / ".claude/settings.json").read_text())
    command = settings["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert command.endswith(f"recall-hook --for claude-code --home {store}")


def test_broken_config_is_refused_and_left_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".codex").mkdir(parents=True)
    (home / ".codex/config.toml").write_text("mcp_servers = { docs = { command = 'x' } }\n")
    (home / ".gemini").mkdir()
    (home / ".gemini/settings.json").write_text('{"theme": "x",, }')
    before = snapshot(home)
    for agent in ("codex", "gemini"):
        done = run_cli("install", agent, home=home, cwd=tmp_path)
        assert done.returncode == 1
        assert "nothing was changed" in done.stderr
    assert snapshot(home) == before


def test_claude_cli_is_used_when_on_path(tmp_path: Path) -> None:
    """With a ``claude`` executable on PATH the server is registered through it (here a
    stand-in that records its arguments and writes ~/.claude.json as the real one does)."""
    home, bin_dir = tmp_path / "home", tmp_path / "bin"
    bin_dir.mkdir()
    home.mkdir()
    log = tmp_path / "claude-calls.jsonl"
    fake = bin_dir / "claude"
    fake.write_text(f"""#!{sys.executable}
import json, pathlib, sys
args = sys.argv[1:]
with open({str(log)!r}, "a") as f:
    f.write(json.dumps(args) + "\\n")
path = pathlib.Path({str(home)!r}) / ".claude.json"
data = json.loads(path.read_text()) if path.exists() else {{}}
if args[:2] == ["mcp", "add-json"]:
    data.setdefault("mcpServers", {{}})[args[4]] = json.loads(args[5])
elif args[:2] == ["mcp", "remove"]:
    data.get("mcpServers", {{}}).pop(args[4], None)
path.write_text(json.dumps(data))
""")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin"}
    dry = run_cli("install", "claude-code", "--dry-run", "--json", home=home, cwd=tmp_path,
                  extra_env=env)
    runs = [c for c in json.loads(dry.stdout)["changes"] if c["action"] == "run"]
    assert len(runs) == 1 and " mcp add-json --scope user ihmt-async " in runs[0]["detail"]
    assert not log.exists()
    assert run_cli("install", "claude-code", home=home, cwd=tmp_path,
                   extra_env=env).returncode == 0
    again = json.loads(run_cli("install", "claude-code", "--json", home=home, cwd=tmp_path,
                               extra_env=env).stdout)
    assert {c["action"] for c in again["changes"]} == {"unchanged"}
    assert run_cli("uninstall", "claude-code", home=home, cwd=tmp_path,
                   extra_env=env).returncode == 0
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert [c[:2] for c in calls] == [["mcp", "add-json"], ["mcp", "remove"]]
    assert json.loads(calls[0][5])["command"] == sys.executable


@pytest.mark.anyio
async def test_the_registered_command_serves(tmp_path: Path) -> None:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    home, store = tmp_path / "home", tmp_path / "store"
    install("gemini", "--home", str(store), home=home, cwd=tmp_path)
    entry = jsonedit.load((home / ".gemini/settings.json").read_text(), "settings")
    server = entry["mcpServers"]["ihmt-async"]
    env = {**os.environ, **server["env"], "IHMT_LOG_STDERR": "0",
           "PYTHONPATH": str(REPO)}
    params = StdioServerParameters(command=server["command"], args=server["args"], env=env,
                                   cwd=str(tmp_path))
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            names = {t.name for t in (await session.list_tools()).tools}
            assert not (store / "ihmt_memory").exists()  # created by the first save
            saved = await session.call_tool("save_memory", {"content": "Gemini is set up."})
            assert not saved.is_error
    assert "search_memory" in names
    assert (store / "ihmt_memory").is_dir()


def test_project_scope_from_a_subdirectory_uses_the_repository_root(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src" / "pkg").mkdir(parents=True)
    report = install("cursor", "--scope", "project", home=home, cwd=repo / "src" / "pkg")
    assert {c["path"] for c in report["changes"]} == {
        str(repo / ".cursor" / "mcp.json"), str(repo / ".cursor" / "rules" / "ihmt-memory.mdc")}


def test_the_resolved_store_is_written_even_when_only_xdg_names_it(tmp_path: Path) -> None:
    """Codex starts the server with a whitelisted environment (no XDG_DATA_HOME): the entry
    and the hooks must name the store the installer resolved, or they serve another one."""
    home, xdg = tmp_path / "home", tmp_path / "xdgdata"
    done = run_cli("install", "codex", home=home, cwd=tmp_path,
                   extra_env={"XDG_DATA_HOME": str(xdg)})
    assert done.returncode == 0, done.stderr
    entry = tomllib.loads((home / ".codex/config.toml").read_text())["mcp_servers"]["ihmt-async"]
    assert entry["env"] == {"IHMT_HOME": str(xdg / "ihmt")}
    hooks = json.loads((home / ".codex/hooks.json").read_text())["hooks"]
    command = hooks["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert command.endswith(f"--home {xdg / 'ihmt'}")


def test_codex_gets_a_startup_timeout_above_its_ten_second_default(tmp_path: Path) -> None:
    home = tmp_path / "home"
    install("codex", home=home, cwd=tmp_path)
    entry = tomllib.loads((home / ".codex/config.toml").read_text())["mcp_servers"]["ihmt-async"]
    assert entry["startup_timeout_sec"] == 60


def test_opencode_gets_a_timeout_above_its_five_second_default(tmp_path: Path) -> None:
    """opencode drops a local server whose tools it could not list within ``timeout`` ms
    (5,000 by default): a loaded machine's start takes longer."""
    home = tmp_path / "home"
    install("opencode", home=home, cwd=tmp_path)
    path = home / ".config/opencode/opencode.json"
    entry = jsonedit.load(path.read_text(), str(path))["mcp"]["ihmt-async"]
    assert entry["timeout"] == 60_000 and entry["type"] == "local"


def test_install_says_what_the_agent_still_needs_approved(tmp_path: Path) -> None:
    """Codex skips hooks nobody approved in /hooks, reads a project's config only when the
    project is trusted; Claude Code holds a project's .mcp.json as "Pending approval"."""
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    codex = run_cli("install", "codex", home=home, cwd=project)
    assert codex.returncode == 0, codex.stderr
    assert any(line.startswith("Next: ") and "/hooks" in line
               for line in codex.stdout.splitlines())
    assert "trust" not in codex.stdout  # user scope: no project to trust
    codex_project = install("codex", "--scope", "project", home=home, cwd=project)
    assert any("trust" in step for step in codex_project["next_steps"])
    claude = install("claude-code", "--scope", "project", home=home, cwd=project)
    assert any("Pending approval" in step for step in claude["next_steps"])
    assert install("claude-code", home=home, cwd=project)["next_steps"] == []


def test_claude_project_registration_runs_in_the_repository_root(tmp_path: Path) -> None:
    """``claude mcp add-json --scope project`` writes ./.mcp.json: run from a subfolder it
    would land there while CLAUDE.md and the hooks go to the root."""
    home, bin_dir, repo = tmp_path / "home", tmp_path / "bin", tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    bin_dir.mkdir()
    fake = bin_dir / "claude"
    fake.write_text(f"""#!{sys.executable}
import json, pathlib, sys
args = sys.argv[1:]
path = pathlib.Path.cwd() / ".mcp.json"
data = json.loads(path.read_text()) if path.exists() else {{}}
if args[:2] == ["mcp", "add-json"]:
    data.setdefault("mcpServers", {{}})[args[4]] = json.loads(args[5])
    path.write_text(json.dumps(data))
elif args[:2] == ["mcp", "remove"]:
    data.get("mcpServers", {{}}).pop(args[4], None)
    path.unlink() if not data["mcpServers"] else path.write_text(json.dumps(data))
""")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin"}
    done = run_cli("install", "claude-code", "--scope", "project", home=home, cwd=repo / "src",
                   extra_env=env)
    assert done.returncode == 0, done.stderr
    assert (repo / ".mcp.json").is_file() and not (repo / "src" / ".mcp.json").exists()
    assert (repo / "CLAUDE.md").is_file()
    done = run_cli("uninstall", "claude-code", "--scope", "project", home=home,
                   cwd=repo / "src", extra_env=env)
    assert done.returncode == 0, done.stderr
    assert not (repo / ".mcp.json").exists()


def test_gui_apps_get_an_absolute_command_and_their_own_format(tmp_path: Path) -> None:
    """GUI apps start servers without the shell's PATH or variables; VS Code wants a
    top-level "servers" with "type": "stdio"; Claude Desktop has no project file."""
    home, project = tmp_path / "home", tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    install("vscode", "--scope", "project", home=home, cwd=project)
    entry = json.loads((project / ".vscode/mcp.json").read_text())["servers"]["ihmt-async"]
    assert entry["type"] == "stdio" and os.path.isabs(entry["command"])
    assert entry["env"]["IHMT_HOME"] == str(home / ".local/share/ihmt")
    install("claude-desktop", home=home, cwd=project)
    desktop = json.loads((home / ".config/Claude/claude_desktop_config.json").read_text())
    assert os.path.isabs(desktop["mcpServers"]["ihmt-async"]["command"])
    refused = run_cli("install", "claude-desktop", "--scope", "project", home=home, cwd=project)
    assert refused.returncode == 1 and "--scope user" in refused.stderr


def test_desktop_apps_keep_their_settings_in_application_support_on_macos(
        tmp_path: Path) -> None:
    from ihmt_async.install import make_target
    from ihmt_async.install.desktop_apps import app_config_dir

    target = make_target("vscode", "user", home=tmp_path, project=tmp_path, env={})
    assert app_config_dir(target, "Code", "darwin") == \
        tmp_path / "Library" / "Application Support" / "Code"
    assert app_config_dir(target, "Code", "linux") == tmp_path / ".config" / "Code"


def test_an_interpreter_in_uvs_cache_is_refused_and_uninstall_still_works(
        tmp_path: Path) -> None:
    """``uvx --from DIR ihmt-async install`` runs a python that ``uv cache clean`` deletes."""
    home = tmp_path / "home"
    cache = Path(sys.prefix).parent
    refused = run_cli("install", "codex", home=home, cwd=tmp_path,
                      extra_env={"UV_CACHE_DIR": str(cache)})
    assert refused.returncode == 1
    assert "uv cache clean" in refused.stderr and "uv tool install " in refused.stderr
    assert "{where}" not in refused.stderr
    assert not (home / ".codex").exists()
    install("codex", home=home, cwd=tmp_path)
    removed = run_cli("uninstall", "codex", home=home, cwd=tmp_path,
                      extra_env={"UV_CACHE_DIR": str(cache)})
    assert removed.returncode == 0, removed.stderr


def test_a_cache_is_found_by_its_tag_above_the_environment(tmp_path: Path) -> None:
    """uvx environments sit below a folder holding CACHEDIR.TAG; uv tool and pipx venvs hold
    the tag themselves and are lasting."""
    from ihmt_async.install.interpreter import cache_holding

    cache = tmp_path / "somecache"
    (cache / "archive-v0" / "abc").mkdir(parents=True)
    (cache / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55")
    assert cache_holding(cache / "archive-v0" / "abc", {}, tmp_path / "h") == cache
    tool = tmp_path / "tools" / "ihmt-async"
    tool.mkdir(parents=True)
    (tool / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55")
    assert cache_holding(tool, {}, tmp_path / "h") is None
