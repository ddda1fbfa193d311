"""No secret value reaches any file the product writes: 41 credential formats, each saved
through the real server (content, tags, scope, a forget reason) and through the session and
project tools (note, digest_output, read_file, the project index); then every file under the
store, the project indexes and the session scratch directory is searched for every value."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hardening.secret_samples import SAMPLES
from tests.hardening.store_files import all_files, files_containing, read_or_empty
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def fragments(value: str) -> list[str]:
    """The value, and a middle piece of it (a partial leak counts too)."""
    out = [value]
    if len(value) >= 24:
        middle = len(value) // 2
        out.append(value[middle - 8: middle + 8])
    return out


async def test_no_secret_value_reaches_any_file(tmp_path: Path) -> None:
    assert len(SAMPLES) >= 35
    home, scratch, project = tmp_path / "home", tmp_path / "scratch", tmp_path / "project"
    scratch.mkdir()
    (project / "conf").mkdir(parents=True)
    for number, (_, text, _) in enumerate(SAMPLES):
        (project / "conf" / f"sample_{number:02d}.txt").write_text(
            f"# deployment note {number}\n{text}\n", encoding="utf-8")
    log_lines = [f"[INFO] step {i}" for i in range(40)]
    log_lines += [f"[ERROR] step failed with {text}" for _, text, _ in SAMPLES]

    async with server_session(home, TMPDIR=str(scratch)) as s:
        for number, (name, text, _) in enumerate(SAMPLES):
            reply = await s.ok("save_memory", {
                "content": f"2026-03-01: deployment note {number} for the quokka cluster: {text}",
                "origin": "user"})
            assert "Redacted before saving" in reply, (name, reply)
        # Fields other than the content: tags and scope, a forget reason.
        _, tag_text, tag_value = SAMPLES[4]
        _, scope_text, scope_value = SAMPLES[16]
        tagged = await s.ok("save_memory", {"content": "The quokka cluster rotates keys monthly.",
                                            "tags": ["keys", tag_value], "scope": scope_value})
        assert "Redacted before saving" in tagged
        memory_id = tagged.split("Memory id: ")[1].split()[0]
        _, reason_text, _ = SAMPLES[9]
        await s.ok("forget_memory", {"memory_id": memory_id, "reason": f"leaked {reason_text}",
                                     "scope": "*"})
        # Session tools.
        for _, text, _ in SAMPLES:
            noted = await s.ok("note", {"text": f"found in the deploy script: {text}"})
            assert "Redacted before keeping it" in noted
        digested = await s.ok("digest_output", {"text": "\n".join(log_lines),
                                                "label": "deploy-log"})
        assert "Redacted before keeping it" in digested
        for number in range(len(SAMPLES)):
            path = project / "conf" / f"sample_{number:02d}.txt"
            first = await s.ok("read_file", {"path": str(path)})
            assert "deployment note" in first
            path.write_text(path.read_text(encoding="utf-8") + "# reviewed\n", encoding="utf-8")
            again = await s.ok("read_file", {"path": str(path)})
            assert again.startswith("CHANGED")
        # The project index keeps copies of the files.
        mapped = await s.ok("project_map", {"path": str(project)})
        assert "sample_00.txt" in mapped
        await s.ok("find_code", {"query": "deployment note 3", "path": str(project),
                                 "scope": "all"})

        sessions = [p for p in scratch.iterdir() if p.name.startswith("ihmt-session-")]
        assert sessions, "the session scratch directory exists while the server runs"
        written = all_files(home, scratch)
        # The product wrote leaves, index sources, notes, outputs and read copies (positive
        # control: the redaction placeholders are on disk where the values would have been).
        assert any("ihmt_projects" in str(p) for p in written)
        assert sum(1 for p in written if b"[REDACTED:" in read_or_empty(p)) >= len(SAMPLES)
        leaks = {name: [str(p) for piece in fragments(value)
                        for p in files_containing(piece, home, scratch)]
                 for name, _, value in SAMPLES}
        assert {name: paths for name, paths in leaks.items() if paths} == {}
