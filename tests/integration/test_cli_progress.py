"""Progress of ``ingest``, ``rebuild`` and ``consolidate`` through real CLI processes: on a
terminal's stderr each phase shows count / total, rate and ETA and ends in a summary line, and
the run ends with one summary naming its elapsed time; with stderr a pipe nothing but the
normal output appears, and ``--json`` stdout always parses.

The store is built through the real save path (``ihmt-async ingest`` of a folder) with a branch
factor so large that no branch is written; the commands under test then run with a branch
factor of 2, so the consolidation pass has many branches over several layers to write."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ihmt_async.progress import MAX_REDRAWS_PER_S, Reporter
from tests.integration.cli_support import REPO, RUN_TIMEOUT_S, environment, on_terminal, run_cli

MEMORIES = 40
NUMBER = r"[\d,]+(?:\.\d)?"
DURATION = r"\d+(?:\.\d)? s|\d+ min \d\d s|\d+ h \d\d min"
WORDS = ("heron", "ledger", "copper", "harbour", "lantern", "orchard", "granite", "meadow",
         "falcon", "cobalt", "juniper", "quartz")


def through_pipes(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ihmt_async", *args], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=environment(home, **extra),
                          cwd=str(REPO), timeout=RUN_TIMEOUT_S, check=False)


def write_notes(folder: Path, count: int, offset: int = 0) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(offset, offset + count):
        words = " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range(9))
        (folder / f"note-{i:03d}.md").write_text(
            f"# Note {i}\n\nShelf {i} in the {WORDS[i % len(WORDS)]} room holds {words}.\n",
            encoding="utf-8")


@pytest.fixture(scope="module")
def unconsolidated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of MEMORIES leaves saved by ``ingest`` with no branch written yet."""
    base = tmp_path_factory.mktemp("progress")
    home = base / "home"
    write_notes(base / "notes", MEMORIES)
    done = run_cli("ingest", str(base / "notes"), "--json", store=home,
                   extra_env={"IHMT_BRANCH_FACTOR": "100000"})
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["new"] == MEMORIES and summary["branches_written"] == 0
    return home


def copy_of(store: Path, tmp_path: Path) -> Path:
    home = tmp_path / "copy"
    shutil.copytree(store, home)
    return home


def leaf_files(home: Path) -> int:
    return sum(1 for _ in (home / "ihmt_memory" / "layer_0").rglob("*.txt"))


def running(lines: list[str], command: str, label: str, unit: str) -> list[tuple[int, int]]:
    """(done, total) of every redrawn line of a phase that shows a rate and an ETA."""
    pattern = re.compile(rf"{command}: {re.escape(label)} (\d+)/(\d+) {unit} "
                         rf"\({NUMBER}/s, ETA (?:{DURATION})\)")
    return [(int(m[1]), int(m[2])) for line in lines if (m := pattern.fullmatch(line))]


def finished(lines: list[str], command: str, label: str, unit: str) -> tuple[int, int, str]:
    """(done, total, note) of the phase's one summary line."""
    pattern = re.compile(rf"{command}: {re.escape(label)} (\d+)/(\d+) {unit} in "
                         rf"(?:{DURATION})(?: \({NUMBER}/s\))?(?:; (.*))?")
    found = [m for line in lines if (m := pattern.fullmatch(line))]
    assert len(found) == 1, lines
    return int(found[0][1]), int(found[0][2]), found[0][3] or ""


def last_summary(lines: list[str], command: str) -> str:
    assert lines, "nothing reached the terminal"
    match = re.fullmatch(rf"{command}: (.+) in (?:{DURATION})\.", lines[-1])
    assert match, lines[-1]
    return match[1]


def test_rebuild_on_a_terminal_shows_every_phase(unconsolidated: Path, tmp_path: Path) -> None:
    home = copy_of(unconsolidated, tmp_path)
    leaves = leaf_files(home)
    assert leaves >= MEMORIES
    run = on_terminal(home, "rebuild", IHMT_BRANCH_FACTOR="2")
    assert run.returncode == 0, run.stderr_lines
    assert run.stdout.startswith("Rebuilt the catalog from the files:"), run.stdout
    assert all(line.startswith("rebuild: ") for line in run.stderr_lines), run.stderr_lines
    for label, unit, total in (("catalog", "files", leaves), ("facts", "leaves", leaves),
                               ("full-text index", "entries", leaves)):
        steps = running(run.stderr_lines, "rebuild", label, unit)
        assert steps and all(0 < done <= all_ == total for done, all_ in steps), (label, steps)
        assert finished(run.stderr_lines, "rebuild", label, unit)[:2] == (total, total)
    wrote = re.search(r"consolidation wrote (\d+) branch", run.stdout)
    assert wrote, run.stdout
    written = int(wrote[1])
    assert written >= leaves // 2  # a binary tree over the leaves, several layers deep
    steps = running(run.stderr_lines, "rebuild", "consolidation", "branches")
    assert steps and all(0 < done <= total <= written for done, total in steps)
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    assert finished(run.stderr_lines, "rebuild", "consolidation", "branches")[:2] == (written,
                                                                                      written)
    summary = last_summary(run.stderr_lines, "rebuild")
    assert f"{leaves} memories indexed" in summary and f"{written} branch(es) written" in summary


def test_consolidate_on_a_terminal_counts_branches_to_a_summary(unconsolidated: Path,
                                                                 tmp_path: Path) -> None:
    home = copy_of(unconsolidated, tmp_path)
    run = on_terminal(home, "consolidate", IHMT_BRANCH_FACTOR="2")
    assert run.returncode == 0, run.stderr_lines
    reply = re.fullmatch(r"Consolidation wrote (\d+) branch\(es\), placed (\d+) item\(s\); "
                         r"depth (\d+), .*\n", run.stdout)
    assert reply, run.stdout
    written, placed, depth = int(reply[1]), int(reply[2]), int(reply[3])
    assert written >= MEMORIES // 2 and depth >= 3
    steps = running(run.stderr_lines, "consolidate", "summary tree", "branches")
    assert steps and all(0 < done <= total <= written for done, total in steps)
    # The count never goes back; the total grows as each layer is planned: the first line
    # with a rate (drawn at once, in layer 1) knows only layer 1's branches.
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    assert steps[0][1] < written
    done, total, note = finished(run.stderr_lines, "consolidate", "summary tree", "branches")
    assert (done, total) == (written, written) and note.startswith(f"depth {depth},")
    assert last_summary(run.stderr_lines, "consolidate") == (
        f"wrote {written} branch(es), placed {placed} item(s)")


def test_ingest_on_a_terminal_counts_files(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert through_pipes(home, "init").returncode == 0
    write_notes(tmp_path / "notes", 6)
    (tmp_path / "notes" / "empty.md").write_text("  \n", encoding="utf-8")
    run = on_terminal(home, "ingest", str(tmp_path / "notes"))
    assert run.returncode == 0, run.stderr_lines
    assert run.stdout.startswith("Ingested 6 new, 0 updated, 0 unchanged; skipped 1 (1 empty)")
    steps = running(run.stderr_lines, "ingest", "saving", "files")
    assert steps and all(0 < done <= total == 7 for done, total in steps)
    assert finished(run.stderr_lines, "ingest", "saving", "files")[:2] == (7, 7)
    assert last_summary(run.stderr_lines, "ingest") == "6 new, 0 updated, 0 unchanged, 0 failed"


def test_pipes_and_json_get_the_normal_output_only(unconsolidated: Path, tmp_path: Path) -> None:
    home = copy_of(unconsolidated, tmp_path)
    rebuilt = through_pipes(home, "rebuild", "--json", IHMT_BRANCH_FACTOR="2")
    assert rebuilt.returncode == 0 and rebuilt.stderr == ""
    report = json.loads(rebuilt.stdout)
    assert report["leaves"] == leaf_files(home) and report["branches_written"] > 0

    write_notes(tmp_path / "more", 4, offset=MEMORIES)
    ingested = through_pipes(home, "ingest", str(tmp_path / "more"),
                             IHMT_BRANCH_FACTOR="100000")
    assert ingested.returncode == 0 and ingested.stderr == ""
    assert ingested.stdout.startswith("Ingested 4 new") and ingested.stdout.count("\n") == 1

    consolidated = through_pipes(home, "consolidate", "--force", IHMT_BRANCH_FACTOR="2")
    assert consolidated.returncode == 0 and consolidated.stderr == ""
    assert re.fullmatch(r"Consolidation wrote [1-9]\d* branch\(es\), placed .*\n",
                        consolidated.stdout), consolidated.stdout
    again = through_pipes(home, "consolidate", "--json", IHMT_BRANCH_FACTOR="2")
    assert again.returncode == 0 and again.stderr == ""
    assert json.loads(again.stdout)["branches_written"] == 0

    # On a terminal with --json, the progress stays on stderr: stdout is still one JSON object.
    fresh = copy_of(unconsolidated, tmp_path / "fresh")
    run = on_terminal(fresh, "consolidate", "--json", IHMT_BRANCH_FACTOR="2")
    assert run.returncode == 0
    assert json.loads(run.stdout)["branches_written"] >= MEMORIES // 2
    assert running(run.stderr_lines, "consolidate", "summary tree", "branches")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_phase_redraws_at_most_ten_times_a_second() -> None:
    terminal, clock = FakeTerminal(), FakeClock()
    reporter = Reporter("rebuild", stream=terminal, clock=clock)
    phase = reporter.phase("catalog", "files")
    total = 100_000
    for done in range(total + 1):
        clock.now += 2.0 / total  # two (simulated) seconds for the whole phase
        phase(done, total)
    phase.finish()
    reporter.summary("done")
    lines = [line for line in re.split(r"[\r\n]", terminal.getvalue()) if line.strip()]
    # 0/N, the first line with a rate, then one line per tenth of a second, and two summaries.
    assert 20 <= len(lines) <= 2 + 2 * MAX_REDRAWS_PER_S + 2 + 2, len(lines)
    assert lines[-2].startswith(f"rebuild: catalog {total}/{total} files in 2.0 s (50,000/s)")
    assert lines[-1] == "rebuild: done in 2.0 s."


def test_nothing_is_written_when_stderr_is_not_a_terminal() -> None:
    stream, clock = io.StringIO(), FakeClock()
    reporter = Reporter("consolidate", stream=stream, clock=clock)
    with reporter:
        phase = reporter.phase("summary tree", "branches")
        for done in range(10):
            clock.now += 1
            phase(done, 10)
        phase.finish("depth 3")
        reporter.summary("wrote 10 branch(es)")
    assert stream.getvalue() == ""
    assert (phase.done, phase.total) == (9, 10)


def test_a_failed_phase_leaves_the_error_a_line_of_its_own() -> None:
    terminal, clock = FakeTerminal(), FakeClock()
    with pytest.raises(RuntimeError), Reporter("rebuild", stream=terminal, clock=clock) as rep:
        phase = rep.phase("facts", "leaves")
        phase(0, 10)  # a step reports its start: the phase's clock starts there
        clock.now += 1
        phase(3, 10)
        raise RuntimeError("disk full")
    assert terminal.getvalue().endswith("rebuild: facts 3/10 leaves (3.0/s, ETA 2.3 s)\n")
