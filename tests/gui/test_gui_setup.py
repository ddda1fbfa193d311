"""Set up: the ``install --json`` contract as the GUI reads it, and choosing the store folder.

The reply parser is checked against the shared contract (one JSON object: agent, scope, applied,
changes with action, path, summary, detail) and against what a broken command prints. The
subprocess path runs the real ``python -m ihmt_async install ... --dry-run --json``: before the
integration branch lands that command does not exist, and the GUI must hand back its own error
text; once it exists the reply must follow the contract. Switching the store folder on a real
GUI process creates the new store and serves it from then on.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from gui_support import cli_json, request, running_gui, same_origin, seed, with_token

from ihmt_async.gui.setup import install_command, parse_install_reply, run_install
from store.errors import UnknownOption

CONTRACT_SAMPLE = {
    "agent": "codex", "scope": "user", "applied": False,
    "changes": [
        {"action": "edit", "path": "/home/u/.codex/config.toml", "summary": "add the server",
         "detail": "--- a\n+++ b\n@@ -1 +1,2 @@\n x\n+[mcp_servers.ihmt]\n"},
        {"action": "run", "path": "codex", "summary": "register", "detail": "codex mcp add"},
        {"action": "unchanged", "path": "/home/u/.codex/AGENTS.md", "summary": "", "detail": ""},
    ],
}


def test_the_contract_reply_is_read_field_by_field() -> None:
    reply = parse_install_reply(json.dumps(CONTRACT_SAMPLE))
    assert reply == CONTRACT_SAMPLE
    for broken in ("not json", "[]", json.dumps({**CONTRACT_SAMPLE, "applied": "no"}),
                   json.dumps({**CONTRACT_SAMPLE, "changes": [{"action": "delete"}]}),
                   json.dumps({k: v for k, v in CONTRACT_SAMPLE.items() if k != "agent"})):
        with pytest.raises(ValueError):
            parse_install_reply(broken)


def test_the_command_is_the_contract_and_refuses_unknown_agents() -> None:
    assert install_command("gemini", "project", dry_run=True) == [
        sys.executable, "-m", "ihmt_async", "install", "gemini", "--scope", "project",
        "--dry-run", "--json"]
    assert install_command("cursor", "user", dry_run=False)[-1] == "--json"
    assert "--dry-run" not in install_command("cursor", "user", dry_run=False)
    with pytest.raises(UnknownOption):
        install_command("../../bin/sh", "user", dry_run=True)
    with pytest.raises(UnknownOption):
        install_command("codex", "system", dry_run=True)


def _install_exists() -> bool:
    done = subprocess.run([sys.executable, "-m", "ihmt_async", "install", "--help"],
                          capture_output=True, text=True, check=False, timeout=60)
    return done.returncode == 0


def test_the_preview_runs_the_real_command(tmp_path: Path) -> None:
    home = tmp_path / "home"
    reply = anyio.run(lambda: run_install("claude-code", "user", home=home, dry_run=True,
                                          cwd=tmp_path))
    assert reply["command"].endswith("install claude-code --scope user --dry-run --json")
    if _install_exists():
        assert reply["ok"] is True, reply
        assert reply["applied"] is False and reply["agent"] == "claude-code"
    else:
        assert reply["ok"] is False
        assert "invalid choice: 'install'" in reply["error"]


def test_choosing_a_store_folder_creates_and_serves_it(tmp_path: Path) -> None:
    first = tmp_path / "first"
    first.mkdir()
    seed(first)
    second = tmp_path / "second" / "nested"
    with running_gui(first, tmp_path / "gui.stderr") as gui:
        status, body = request(gui, "GET", with_token(gui, "/api/overview"))
        assert status == 200 and json.loads(body)["stats"]["leaves"] == 3
        # Forget one fact (not a memory) through the GUI: the timeline keeps it, retracted.
        madrid = [f for f in cli_json(first, "history", "user", "location")
                  if f["value"] == "Madrid"][0]
        payload = json.dumps({"target": madrid["fact_id"], "reason": "moved away"}).encode()
        status, body = request(gui, "POST", with_token(gui, "/api/forget"),
                               headers=same_origin(gui), body=payload)
        assert status == 200 and json.loads(body)["kind"] == "fact", body
        after = {f["fact_id"]: f for f in cli_json(first, "history", "user", "location")}
        assert after[madrid["fact_id"]]["status"] == "RETRACTED"
        assert after[madrid["fact_id"]]["retraction_reason"] == "moved away"
        audit = cli_json(first, "audit", "--agent", "gui")
        assert [(r["action"], r["ids"]) for r in audit] == [("retract.fact", [madrid["fact_id"]])]
        payload = json.dumps({"folder": str(second)}).encode()
        status, body = request(gui, "POST", with_token(gui, "/api/setup/store"),
                               headers=same_origin(gui), body=payload)
        assert status == 200, body
        assert json.loads(body)["store"] == str(second / "ihmt_memory")
        assert (second / "ihmt_memory" / "layer_0").is_dir()
        status, body = request(gui, "GET", with_token(gui, "/api/overview"))
        overview = json.loads(body)
        assert overview["store"] == str(second / "ihmt_memory")
        assert overview["stats"]["leaves"] == 0
        for bad in ("", "relative/folder"):
            status, body = request(gui, "POST", with_token(gui, "/api/setup/store"),
                                   headers=same_origin(gui),
                                   body=json.dumps({"folder": bad}).encode())
            assert status == 400 and json.loads(body)["error"]
        status, body = request(gui, "GET", with_token(gui, "/api/overview"))
        assert json.loads(body)["store"] == str(second / "ihmt_memory")


def test_audit_filters_by_date_agent_and_action() -> None:
    from ihmt_async.gui.files import audit_rows
    from store.errors import InvalidArgument

    records = [{"ts": f"2026-05-0{day}T10:00:00.5Z", "pid": 1, "client": client,
                "action": action, "ids": ["x"]}
               for day, client, action in ((1, "cli", "save"), (2, "gui", "review.approve"),
                                           (3, "gui", "retract.leaf"))]
    everything = audit_rows(records)
    assert [r["action"] for r in everything["rows"]] == ["retract.leaf", "review.approve", "save"]
    assert everything["agents"] == ["cli", "gui"] and everything["total"] == 3
    assert [r["action"] for r in audit_rows(records, agent="gui", action="re")["rows"]] == [
        "retract.leaf", "review.approve"]
    assert [r["action"] for r in audit_rows(records, action="review")["rows"]] == [
        "review.approve"]
    assert [r["action"] for r in audit_rows(records, since="2026-05-02",
                                            until="2026-05-02")["rows"]] == ["review.approve"]
    assert audit_rows(records, since="2026-05-02T10:00:01Z")["matched"] == 1
    assert audit_rows(records, until="2026-04-30")["matched"] == 0
    assert audit_rows(records, limit=1)["rows"][0]["action"] == "retract.leaf"
    with pytest.raises(InvalidArgument):
        audit_rows(records, since="yesterday")


def test_a_project_registration_runs_in_an_existing_project_folder(tmp_path: Path) -> None:
    from ihmt_async.gui.setup import project_folder
    from store.errors import InvalidArgument

    assert project_folder("user", str(tmp_path)) is None
    assert project_folder("project", "") is None
    assert project_folder("project", str(tmp_path)) == tmp_path
    for bad in (str(tmp_path / "missing"), "relative/project", str(tmp_path / "file.txt")):
        (tmp_path / "file.txt").write_text("x")
        with pytest.raises(InvalidArgument):
            project_folder("project", bad)
