"""The command line as a person meets it: --version, --home after the subcommand, --json on
the store-changing commands, human wording, audit --since, stdin prompts, info events."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from tests.integration.cli_support import REPO, run_cli


def test_version_and_home_after_the_subcommand(tmp_path: Path) -> None:
    version = run_cli("--version")
    assert version.returncode == 0 and version.stdout.startswith("ihmt-async ")
    store = tmp_path / "store"
    init = run_cli("init", "--home", str(store), "--json")
    assert init.returncode == 0, init.stderr
    assert json.loads(init.stdout)["root"] == str(store / "ihmt_memory")
    saved = run_cli("save", "The staging cluster runs on Hetzner in Falkenstein.",
                    "--home", str(store), "--json")
    assert saved.returncode == 0 and json.loads(saved.stdout)["leaf_ids"]
    found = run_cli("search", "staging cluster", "--home", str(store))
    assert "Hetzner" in found.stdout


def test_unquoted_words_are_one_text_or_one_question(tmp_path: Path) -> None:
    # an outside probe typed `search --limit 2 where does Kenji live now` and got "unrecognized
    # arguments": a shell splits an unquoted question into words, each its own argument
    store = tmp_path / "store"
    saved = run_cli("save", "Kenji", "lives", "in", "Toronto", "now.", "--json", store=store)
    assert saved.returncode == 0, saved.stderr
    found = run_cli("search", "--limit", "2", "where", "does", "Kenji", "live", store=store)
    assert found.returncode == 0, found.stderr
    assert "Kenji lives in Toronto now." in found.stdout


def test_human_wording_on_the_terminal(tmp_path: Path) -> None:
    store = tmp_path / "store"
    for text in ("Luis Ferrer is my neighbour in Madrid; he helped me carry the table.",
                 "Luis Ortega leads the payments team at Acme and reviews migrations.",
                 "Luis Navarro is my cousin who lives in Sevilla and teaches maths."):
        assert run_cli("save", text, store=store).returncode == 0
    for query in ("Luis", "quantum chromodynamics lecture"):
        out = run_cli("search", query, store=store).stdout
        assert out
        for agent_words in ("save_memory", "search_memory", "ask the user", "tell the user"):
            assert agent_words not in out, (query, out)
    first = run_cli("save", "2025-03-10: I live in Madrid.", store=store).stdout
    moved = run_cli("save", "2026-05-01: I moved to Valencia.", store=store).stdout
    assert "tell the user" not in first + moved
    assert "This updates something remembered earlier:" in moved


def test_audit_since_accepts_durations_and_refuses_garbage(tmp_path: Path) -> None:
    store = tmp_path / "store"
    assert run_cli("save", "The build uses Gradle 8.", store=store).returncode == 0
    recent = run_cli("audit", "--since", "1h", "--json", store=store)
    assert recent.returncode == 0 and len(json.loads(recent.stdout)) >= 1
    future = run_cli("audit", "--since", "2999-01-01", "--json", store=store)
    assert json.loads(future.stdout) == []
    garbage = run_cli("audit", "--since", "yesterday-ish", store=store)
    assert garbage.returncode == 1 and "--since 'yesterday-ish'" in garbage.stderr


def test_store_changes_log_info_events_and_review_wording(tmp_path: Path) -> None:
    store = tmp_path / "store"
    done = run_cli("save", "The deploy pipeline runs on GitHub Actions.", store=store)
    assert done.returncode == 0 and done.stderr == ""
    log_file = store / "ihmt_memory" / "logs" / "ihmt.jsonl"
    events = [json.loads(line) for line in log_file.read_text().splitlines() if line.strip()]
    assert any(e.get("level") == "info" for e in events)


def test_save_without_text_on_a_terminal_says_it_reads_stdin(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    env = {**os.environ, "IHMT_HOME": str(tmp_path / "store"), "PYTHONPATH": str(REPO),
           "IHMT_LOG_STDERR": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "ihmt_async", "save"], stdin=follower,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    os.close(follower)
    os.write(leader, b"The office wifi is called Nautilus.\n\x04")
    out, err = proc.communicate(timeout=120)
    os.close(leader)
    assert "Reading the memory to save from stdin" in err
    assert proc.returncode == 0 and out.startswith("Saved")


def test_every_option_has_help() -> None:
    import argparse

    from ihmt_async.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [(name, action.dest) for name, command in sub.choices.items()
               for action in command._actions
               if action.help in (None, "") and not isinstance(action, argparse._HelpAction)]
    assert missing == []


def test_a_help_that_lists_the_agents_lists_all_of_them() -> None:
    """`brief --for`'s help named claude-code, gemini and text, but not codex."""
    import argparse
    import re

    from ihmt_async.cli import build_parser
    from ihmt_async.hooks import FORMATS
    from ihmt_async.install.core import AGENTS

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    checked, partial = 0, []
    for name, command in sub.choices.items():
        for action in command._actions:
            choices = [str(c) for c in action.choices or ()]
            if not set(choices) & {*AGENTS, *FORMATS}:
                continue
            named = [c for c in choices
                     if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", action.help or "")]
            if named:
                checked += 1
                if len(named) < len(choices):
                    partial.append((name, action.dest, sorted(set(choices) - set(named))))
    assert partial == []
    assert checked >= 2  # brief --for and recall-hook --for at least


def test_instructions_come_from_the_package() -> None:
    done = run_cli("instructions")
    assert done.returncode == 0
    assert done.stdout.startswith("## Long-term memory (ihmt-async)")
    assert "search_memory" in done.stdout
    as_json = json.loads(run_cli("instructions", "--json").stdout)
    assert as_json["instructions"].strip() == done.stdout.strip()


def test_terminal_escapes_in_a_memory_never_reach_the_terminal(tmp_path: Path) -> None:
    # a saved text holding a title-setting and a screen-clearing sequence must not act on
    # the terminal that prints a search result: the sequences are dropped when it is saved
    store = tmp_path / "store"
    saved = run_cli("save", "Deploy notes \x1b]0;pwned\x07 and \x1b[2J for the zanzibar cluster.",
                    store=store)
    assert "Removed 14 characters of terminal escape codes" in saved.stdout, saved.stdout
    found = run_cli("search", "zanzibar cluster deploy notes", store=store)
    assert found.returncode == 0 and "Deploy notes  and  for the zanzibar cluster." \
        in found.stdout
    assert "\x1b" not in found.stdout and "\x07" not in found.stdout
    assert "pwned" not in found.stdout


def test_search_takes_the_tool_s_limit(tmp_path: Path) -> None:
    store = tmp_path / "store"
    for n in range(6):
        assert run_cli("save", f"Quokka note {n}: the nightly quokka job retried {n} times.",
                       store=store).returncode == 0
    five = run_cli("search", "nightly quokka job", "--limit", "5", store=store).stdout
    assert "--- 5. " in five and "--- 6. " not in five
    one = run_cli("search", "nightly quokka job", "--limit", "1", store=store).stdout
    assert "--- 2. " not in one
    refused = run_cli("search", "quokka", "--limit", "21", store=store)
    assert refused.returncode != 0 and "1 to 20" in refused.stderr
