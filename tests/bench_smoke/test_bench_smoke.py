"""The benchmark tools: a deterministic generator, and a tiny end-to-end run that completes.

No timing assertions: the machine may be busy. The smoke run checks that every section is
measured and that concurrent writers lost nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.generator import Generator, absent_queries

REPO = Path(__file__).resolve().parents[2]


def test_same_seed_gives_the_same_memories_needles_and_updates() -> None:
    a, b = Generator(7), Generator(7)
    assert list(a.memories(60)) == list(b.memories(60))
    assert a.needles(5) == b.needles(5)
    assert a.updates(6) == b.updates(6)
    assert absent_queries(4, 7) == absent_queries(4, 7)


def test_another_seed_gives_other_memories_and_a_slice_is_a_slice() -> None:
    whole = list(Generator(7).memories(40))
    assert [m.text for m in Generator(8).memories(40)] != [m.text for m in whole]
    assert list(Generator(7).memories(10, start=30)) == whole[30:]


def test_generated_set_is_varied_and_bilingual() -> None:
    memories = list(Generator(3).memories(400))
    assert {m.kind for m in memories} == {"decision", "setup", "bug", "preference",
                                          "personal", "code"}
    assert {m.lang for m in memories} == {"en", "es"}
    code = " ".join(m.text for m in memories if m.kind == "code")
    assert "def " in code and "public class" in code and "export function" in code
    assert all(m.probe.strip() for m in memories)


def test_needles_hide_a_unique_word_in_the_middle_and_updates_change_the_value() -> None:
    gen = Generator(11)
    needles = gen.needles(4)
    for needle in needles:
        word = needle.query.rstrip("?").split()[-1]
        assert needle.text.count(word) == 1
        position = needle.text.index(word) / len(needle.text)
        assert 0.2 < position < 0.8
        assert sum(word in n.text for n in needles) == 1
    for update in gen.updates(6):
        assert update.earlier != update.current
        assert update.current in update.second and update.earlier in update.first
        assert update.first[:10] < update.second[:10]  # ISO dates: the second is later


def test_a_tiny_run_measures_every_section_and_loses_nothing(tmp_path: Path) -> None:
    out = tmp_path / "results"
    env = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_HOME": str(tmp_path / "unused")}
    proc = subprocess.run([sys.executable, "-m", "bench.run", "--sizes", "100", "--out",
                           str(out)], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads((out / "latest-quick.json").read_text(encoding="utf-8"))
    row = data["sizes"]["100"]
    assert row["save"]["n"] > 0 and row["search"]["n"] > 0
    assert row["mcp"]["errors"] == 0 and row["mcp"]["search"]["n"] > 0
    assert row["quality"]["stored_queries"] > 0
    assert data["bulk_ingest"]["memories"] > 0
    assert [w["lost_memories"] for w in data["writers"]] == [0]
    assert data["machine"]["packages"]["mcp"]
    assert "| memories |" in (out / "latest-quick.md").read_text(encoding="utf-8")
    assert not (tmp_path / "unused").exists()  # the bench never touched IHMT_HOME
