"""Helpers for fact tests that go through the real runtime (saves → ingest → facts actor)."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from actors.facts.messages import FactView, History, StateAt
from actors.facts.patterns import extract_facts
from actors.facts.timeline import resolve
from actors.ingest.messages import Save, SaveResult
from actors.provenance import Provenance
from ihmt_async.maintenance import rebuild_store
from ihmt_async.runtime import Runtime
from store.audit import read_audit
from store.factlog import FactEventsReader
from store.locks import LockManager
from store.paths import StoreLayout

WORKER = Path(__file__).with_name("facts_worker.py")
ROOT = Path(__file__).resolve().parents[2]
USER = Provenance(agent="claude-code", client_version="1.0", session="s-user")
TOOL = Provenance(agent="codex", client_version="0.9", session="s-tool")


@asynccontextmanager
async def open_runtime(home: Path, prov: Provenance = USER) -> AsyncIterator[Runtime]:
    """A Runtime over ``home`` without background consolidation (facts tests need no tree)."""
    async with Runtime(home, provenance=prov, background_consolidation=False) as rt:
        yield rt


async def save(rt: Runtime, content: str, *, origin: str = "user",
               prov: Provenance = USER, **extra: Any) -> SaveResult:
    return await rt.ingest.ask(Save(content=content, origin=origin, provenance=prov, **extra))


async def history(rt: Runtime, subject: str = "user", attribute: str = "location",
                  as_of: dt.datetime | None = None) -> tuple[FactView, ...]:
    return await rt.facts.ask(History(subject=subject, attribute=attribute, as_of=as_of))


async def current(rt: Runtime, subject: str = "user", attribute: str = "location"
                  ) -> str | None:
    fact = await rt.facts.ask(StateAt(subject=subject, attribute=attribute))
    return fact.value if fact is not None else None


def facts_told(text: str, earlier: list[str] | None = None, *, day: dt.date
               ) -> list[tuple[str, str, str, dt.date | None]]:
    """(subject, attribute, value, valid from) of each fact ``text`` tells, said on ``day``
    (after the ``earlier`` turns of its conversation)."""
    return [(f.subject, f.attribute, f.value, f.valid_from)
            for f in extract_facts(text, entry_date=day, earlier=earlier)]


def timeline_shape(facts: tuple[FactView, ...]) -> list[tuple[str, str, str | None]]:
    """(value, status, valid_to) in timeline order: what must not depend on save order."""
    return [(f.value, f.status, f.valid_to) for f in facts]


def journal_events(home: Path) -> list[dict[str, Any]]:
    """Every event in the facts table, in commit order, read straight from the database."""
    return FactEventsReader(StoreLayout.at_home(home)).all_events()


def assert_rebuilt_alike(home: Path) -> None:
    """``state/`` deleted and rebuilt from the leaf files gives the same timelines (values,
    days, statuses) as the saves did: the rebuild reads the same earlier turns."""
    live = resolve(journal_events(home))
    shutil.rmtree(home / "ihmt_memory" / "state")
    layout = StoreLayout.at_home(home)
    assert rebuild_store(layout, LockManager(layout.locks_dir)).facts.problems == ()
    rebuilt = resolve(journal_events(home))
    assert [(f.value, f.valid_from, f.status) for f in live.all_facts()] == \
        [(f.value, f.valid_from, f.status) for f in rebuilt.all_facts()]


def audit_lines(home: Path) -> list[dict[str, Any]]:
    return [dict(r) for r in read_audit(StoreLayout.at_home(home))]


def assert_ordered(facts: tuple[FactView, ...], subject: str, count: int) -> None:
    """Moves n = 0..count-1 to Ciudad<n>, in date order: the last one alone is ACTIVE."""
    assert [f.value for f in facts] == [f"Ciudad{n}" for n in range(count)], subject
    assert [f.status for f in facts] == ["HISTORICAL"] * (count - 1) + ["ACTIVE"]
    for older, newer in zip(facts, facts[1:], strict=False):
        assert older.valid_to == newer.valid_from
        assert older.superseded_at is not None


class Worker:
    """One ``facts_worker.py`` process; stderr goes to a temporary file for failure reports."""

    def __init__(self, *args: str) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, str(WORKER), *args], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.stderr, text=True, bufsize=1,
        )

    def expect(self, prefix: str) -> str:
        """The next stdout line; it must start with ``prefix`` (EOF fails, it does not hang)."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().rstrip("\n")
        if not line.startswith(prefix):
            raise AssertionError(f"worker {self.proc.pid}: expected {prefix!r}, got {line!r}\n"
                                 + self.errors())
        return line

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()[-4000:]

    def finish(self, timeout_s: float) -> None:
        code = self.proc.wait(timeout_s)
        if code != 0:
            raise AssertionError(f"worker {self.proc.pid} exited {code}:\n{self.errors()}")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout, self.stderr):
            if stream is not None:
                stream.close()
