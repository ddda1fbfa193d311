"""The command line at its edges: a wrong IHMT_HOME is named in one line and nothing is
created, ``init`` creates, ``stats`` and ``doctor`` name the store, a closed pipe and Ctrl-C end
quietly, an unusable log path costs one warning, and warnings on a terminal are sentences."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hardening.cli_run import run_cli
from tests.integration.cli_support import on_terminal
from tests.mcp_client import REPO, server_session

pytestmark = pytest.mark.anyio


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def test_read_commands_never_create_a_store(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    for command in (["search", "anything"], ["stats"], ["history"], ["audit"], ["review"],
                    ["doctor"], ["doctor", "--json"], ["doctor", "--repair"]):
        done = run_cli(missing, *command)
        assert done.returncode == 1
        line = one_line(done.stderr)
        assert str(missing / "ihmt_memory") in line and "ihmt-async init" in line
        assert done.stdout == ""
        assert not missing.exists()
    empty = tmp_path / "empty-home"
    empty.mkdir()
    assert run_cli(empty, "stats").returncode == 1
    assert list(empty.iterdir()) == []


def test_a_file_or_a_store_folder_as_home_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "home.txt"
    a_file.write_text("not a directory\n", encoding="utf-8")
    for command in (["stats"], ["save", "a memory"], ["init"]):
        done = run_cli(a_file, *command)
        assert done.returncode == 1
        assert f"IHMT_HOME {a_file} is a file" in one_line(done.stderr)
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    store = home / "ihmt_memory"
    before = sorted(p.relative_to(store) for p in store.rglob("*"))
    for command in (["search", "x"], ["save", "a memory"], ["init"]):
        done = run_cli(store, *command)
        assert done.returncode == 1
        assert f"set IHMT_HOME (or --home) to its parent, {home}" in one_line(done.stderr)
    assert sorted(p.relative_to(store) for p in store.rglob("*")) == before


def test_a_home_whose_ihmt_memory_is_a_file_is_refused_by_every_command(tmp_path: Path
                                                                        ) -> None:
    # probe-fault: save, serve and gui ended in a traceback, search said "Run init"
    home = tmp_path / "home"
    home.mkdir()
    (home / "ihmt_memory").write_text("hi\n", encoding="utf-8")
    for command in (["save", "a memory"], ["search", "x"], ["serve"], ["gui", "--no-browser"],
                    ["init"], ["doctor"]):
        done = run_cli(home, *command)
        assert done.returncode == 1, command
        line = one_line(done.stderr) if command != ["serve"] else done.stderr.splitlines()[-1]
        assert f"{home / 'ihmt_memory'} is a file, not the store's folder" in line, command
        assert "Traceback" not in done.stderr
    assert (home / "ihmt_memory").read_text(encoding="utf-8") == "hi\n"


def test_an_empty_or_uncreatable_home_is_refused_in_one_line(tmp_path: Path) -> None:
    done = run_cli(tmp_path / "unused", "--home", "", "stats")
    assert done.returncode == 1 and "--home is empty" in one_line(done.stderr)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder would go\n", encoding="utf-8")
    done = run_cli(blocker / "sub" / "home", "save", "a memory")
    assert done.returncode == 1 and "Internal error" not in done.stderr
    assert "cannot be created" in one_line(done.stderr)
    assert not (blocker.parent / "sub").exists()


def test_init_creates_and_stats_and_doctor_name_the_store(tmp_path: Path) -> None:
    home = tmp_path / "home"
    created = run_cli(home, "init")
    assert created.returncode == 0 and (home / "ihmt_memory").is_dir()
    assert str(home / "ihmt_memory") in created.stdout
    stats = run_cli(home, "stats")
    assert stats.returncode == 0 and f"Store: {home / 'ihmt_memory'}" in stats.stdout
    doctor = run_cli(home, "doctor")
    assert str(home / "ihmt_memory") in doctor.stdout


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "save", "The pelican runbook: restart the queue first.").returncode == 0
    assert "pelican" in run_cli(home, "audit", "--json").stdout + run_cli(
        home, "search", "pelican runbook").stdout
    environment = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_HOME": str(home)}
    for command in (["audit"], ["search", "pelican runbook", "--json"], ["stats"]):
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader is gone before the first write, as `| head -0` would
        producer = subprocess.Popen([sys.executable, "-m", "ihmt_async", *command],
                                    stdout=write_end, stderr=subprocess.PIPE, env=environment)
        os.close(write_end)
        assert producer.stderr is not None
        err = producer.stderr.read().decode()
        producer.stderr.close()
        assert producer.wait(timeout=120) == 141, (command, err)
        assert err == "", command


def test_ctrl_c_ends_quietly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    environment = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_HOME": str(home)}
    process = subprocess.Popen([sys.executable, "-m", "ihmt_async", "monitor"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(20)  # it is up and drawing
    process.send_signal(signal.SIGINT)
    err = process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    assert process.wait(timeout=120) in (0, 130)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_an_unusable_log_path_costs_one_warning(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    logs = home / "ihmt_memory" / "logs"
    for child in logs.iterdir():
        child.unlink()
    logs.rmdir()
    logs.write_text("a file where the logs directory should be\n", encoding="utf-8")
    done = run_cli(home, "save", "The heron cache is warmed at six.",
                   env={"IHMT_LOG_LEVEL": "info", "IHMT_LOG_STDERR": "0"})
    assert done.returncode == 0, done.stderr
    warning = one_line(done.stderr)
    assert warning.startswith("ihmt-async: warning: cannot write the log file")
    assert str(logs) in warning


async def test_the_server_serves_with_an_unusable_log_path(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    log_file = home / "ihmt_memory" / "logs" / "ihmt.jsonl"
    log_file.unlink(missing_ok=True)
    log_file.mkdir()  # the log file's path is a directory: unwritable
    async with server_session(home, TMPDIR=str(tmp_path)) as s:
        await s.ok("save_memory", {"content": "The heron cache is warmed at six."})
        found = await s.ok("search_memory", {"query": "heron cache warmed"})
        assert "six" in found


def test_warnings_on_a_terminal_are_sentences(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    run = on_terminal(home, "save", "The ibis deploy needs two approvals.",
                      IHMT_LOG_LEVEL="info")
    assert run.returncode == 0
    lines = run.stderr_lines
    assert lines, "info events reached the terminal"
    assert all(line.startswith("ihmt-async ") and not line.startswith("{") for line in lines)


async def test_serve_logs_the_store_path(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run_cli(home, "init").returncode == 0
    async with server_session(home, TMPDIR=str(tmp_path)) as s:
        await s.ok("note", {"text": "the server is up"})
    log_lines = (home / "ihmt_memory" / "logs" / "ihmt.jsonl").read_text(encoding="utf-8")
    events = [json.loads(line) for line in log_lines.splitlines() if line.strip()]
    starts = [e for e in events if e.get("event") == "server.store"]
    assert starts and starts[0]["store"] == str(home / "ihmt_memory")


async def test_serve_creates_the_store_on_the_first_save_only(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = home / "ihmt_memory"
    async with server_session(home, TMPDIR=str(tmp_path)) as s:
        found = await s.ok("search_memory", {"query": "where do I live"})
        assert found.startswith("No memory found") and "The memory is empty." in found
        await s.ok("memory_history", {"subject": "user"})
        assert not store.exists(), "reading created the store"
        await s.ok("save_memory", {"content": "I keep my bike in the garage."})
        assert (store / "state").is_dir()
        found = await s.ok("search_memory", {"query": "bike garage"})
        assert "garage" in found
    # From the first save on, the events go to the store's log file as well.
    log_lines = (store / "logs" / "ihmt.jsonl").read_text(encoding="utf-8").splitlines()
    assert any(json.loads(line).get("event") == "save.done" for line in log_lines)


def test_a_review_decision_without_an_id_names_both_kinds_of_id(tmp_path: Path) -> None:
    """A waiting correction has an S-... id, a waiting value an F-... one: the message named
    only the second, so a user holding an S-... id was told to find an F-... one."""
    assert run_cli(tmp_path, "init").returncode == 0
    done = run_cli(tmp_path, "review", "approve")
    assert done.returncode != 0
    line = one_line(done.stderr)
    assert "F-..." in line and "S-..." in line and "ihmt-async review" in line


def test_export_and_import_file_errors_are_one_line(tmp_path: Path) -> None:
    """A file that cannot be written or read, a directory, random bytes: each was a
    traceback (FileNotFoundError, IsADirectoryError, UnicodeDecodeError)."""
    assert run_cli(tmp_path, "save", "The deploy window is Thursday.").returncode == 0
    binary = tmp_path / "random.jsonl"
    binary.write_bytes(bytes(range(128, 256)) * 3)
    for args, said in (
            (("export", "-o", str(tmp_path / "no" / "such" / "dir.jsonl")), "cannot be written"),
            (("import", str(tmp_path / "missing.jsonl")), "cannot be read"),
            (("import", str(tmp_path)), "cannot be read"),
            (("import", str(binary)), "not UTF-8 text")):
        done = run_cli(tmp_path, *args)
        assert done.returncode == 1, args
        line = one_line(done.stderr)
        assert said in line and "nothing was" in line, (args, line)


def test_ingest_of_a_device_and_audit_by_command_name(tmp_path: Path) -> None:
    """`ingest /dev/null` said "No such file or directory"; `audit --action forget` listed
    nothing (forgetting is recorded as retract.leaf / retract.fact)."""
    device = run_cli(tmp_path, "ingest", "/dev/null")
    assert device.returncode == 1
    assert "not a regular file or a directory" in one_line(device.stderr)
    saved = run_cli(tmp_path, "save", "The staging bucket is emptied every Friday.")
    leaf = saved.stdout.split("Memory id: ")[1].split()[0]
    assert run_cli(tmp_path, "forget", leaf, "--reason", "wrong bucket").returncode == 0
    listed = run_cli(tmp_path, "audit", "--action", "forget")
    assert listed.returncode == 0 and "retract.leaf" in listed.stdout and leaf in listed.stdout
    assert "save" not in listed.stdout.split()


@pytest.mark.parametrize("args", [("search", "gauge", "--limit", "0"),
                                  ("search", "gauge", "--limit", "abc"), ("serch", "x"),
                                  ("search",)])
def test_a_command_used_wrongly_is_one_line_and_status_2(tmp_path: Path,
                                                         args: tuple[str, ...]) -> None:
    # argparse printed its usage block above the error (an outside probe read it as README's
    # "errors exit 1 with one line" broken); 2 stays: a command used wrongly, not a failure
    done = run_cli(tmp_path, *args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "usage:" not in lines[0] and "--help" in lines[0], done.stderr
