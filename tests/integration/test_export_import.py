"""``export`` and ``import`` through real CLI processes on real stores: ids stable, no
duplicates, retractions and facts come back, scope filtering, markdown, and the MCP reference
memory server's memory.jsonl."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_support import run_cli


def saved_ids(store: Path, text: str, *options: str) -> list[str]:
    done = run_cli("save", text, "--json", *options, store=store)
    assert done.returncode == 0, done.stderr
    ids: list[str] = json.loads(done.stdout)["leaf_ids"]
    return ids


def test_export_then_import_into_another_store(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    saved_ids(first, "2025-03-10: I live in Madrid, in Lavapiés.")
    saved_ids(first, "2026-05-01: I moved to Valencia.")
    billing = saved_ids(first, "The billing service retries webhooks five times.",
                        "--scope", "project:billing")
    wrong = saved_ids(first, "The office printer is on the third floor.")
    assert run_cli("forget", wrong[0], "--reason", "wrong floor", store=first).returncode == 0
    secret = saved_ids(first, "The deploy token is ghp_abcdefghijklmnopqrstuvwxyz0123456789AB")
    out = tmp_path / "export.jsonl"
    done = run_cli("export", "-o", str(out), store=first)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    kinds = {line["kind"] for line in lines}
    assert {"ihmt-async-export", "memory", "fact_event", "audit"} <= kinds
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB" not in out.read_text()
    assert any(line.get("id") == secret[0] for line in lines)

    imported = run_cli("import", str(out), "--json", store=second)
    assert imported.returncode == 0, imported.stderr
    summary = json.loads(imported.stdout)
    assert summary["memories_added"] == 5 and summary["memories_present"] == 0
    again = json.loads(run_cli("import", str(out), "--json", store=second).stdout)
    assert again["memories_added"] == 0 and again["memories_present"] == 5
    assert again["audit_added"] == 0

    where = run_cli("search", "where do I live?", store=second).stdout
    assert "Valencia" in where.split("Also matching")[0]
    printer = run_cli("search", "office printer floor", store=second).stdout
    assert "third floor" not in printer  # the retraction came back with the audit log
    scoped = run_cli("search", "webhooks retries", "--scope", "project:billing", "--detail",
                     "full", store=second).stdout
    assert billing[0] in scoped
    stats = json.loads(run_cli("stats", "--json", store=second).stdout)
    assert stats["leaves"] == 5

    only = run_cli("export", "--scope", "project:billing", store=first).stdout
    memories = [json.loads(x) for x in only.splitlines() if '"kind":"memory"' in x]
    assert [m["id"] for m in memories] == billing
    markdown = run_cli("export", "--format", "markdown", store=first).stdout
    assert markdown.startswith("# ihmt-async export") and f"## {billing[0]}" in markdown
    named = run_cli("export", "--scope", "billing", store=first).stdout
    assert [json.loads(x)["id"] for x in named.splitlines() if '"kind":"memory"' in x] == billing
    for wrong_scope in ("bogus:x", "personal", "../../etc"):
        refused = run_cli("export", "--scope", wrong_scope, store=first)
        assert refused.returncode == 1 and refused.stdout == "", (wrong_scope, refused)
        assert f"'{wrong_scope}'" in refused.stderr and "project:" in refused.stderr


def test_a_review_decision_survives_export_and_import(tmp_path: Path) -> None:
    """The rejection names the fact, not its memory: it must travel with the memory."""
    first, second = tmp_path / "first", tmp_path / "second"
    saved_ids(first, "My dentist is Dr. Alvarez.")
    saved_ids(first, "My dentist is Dr. Brandt.", "--origin", "tool")
    waiting = json.loads(run_cli("review", "--json", store=first).stdout)
    (fact,) = [row["fact_id"] for row in waiting]
    assert run_cli("review", "reject", fact, store=first).returncode == 0
    out = tmp_path / "export.jsonl"
    assert run_cli("export", "-o", str(out), store=first).returncode == 0
    assert run_cli("import", str(out), store=second).returncode == 0

    assert json.loads(run_cli("review", "--json", store=second).stdout) == []
    reply = run_cli("search", "who is my dentist?", store=second).stdout
    assert "Current value: dentist value = 'Dr. Alvarez'" in reply
    assert "'Dr. Brandt' came from a tool result and was rejected on review" in reply
    assert "waiting for review" not in reply and "prefer the newer one" not in reply


def test_import_mcp_memory_server_file(tmp_path: Path) -> None:
    source = tmp_path / "memory.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in (
        {"type": "entity", "name": "Ana Ruiz", "entityType": "person",
         "observations": ["Leads the data platform team", "Prefers async reviews"]},
        {"type": "entity", "name": "Acme", "entityType": "organization",
         "observations": ["Builds payment terminals"]},
        {"type": "relation", "from": "Ana Ruiz", "to": "Acme", "relationType": "works_at"},
    )) + "\n")
    store = tmp_path / "store"
    first = json.loads(run_cli("import", str(source), "--json", store=store).stdout)
    assert first["saved_from_mcp_memory"] == 3
    second = json.loads(run_cli("import", str(source), "--json", store=store).stdout)
    assert second["saved_from_mcp_memory"] == 0 and second["memories_present"] == 3
    found = run_cli("search", "who leads the data platform team", store=store).stdout
    assert "Ana Ruiz" in found.split("Also matching")[0]
    works = run_cli("search", "Ana Ruiz works at", store=store).stdout
    assert "Acme" in works


def test_import_refuses_other_files(tmp_path: Path) -> None:
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"hello": 1}\n')
    done = run_cli("import", str(bad), store=tmp_path / "store")
    assert done.returncode == 1 and "nothing was imported" in done.stderr
