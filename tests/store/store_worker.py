"""A child process for the multi-process store tests (run as a script, not collected by pytest).

Every mode prints ``ready`` and then waits for a line on stdin before it starts, so the parent
lines all children up without sleeping; results go to stdout as one JSON line or to a file.

Modes:
  stress <home> <worker> <count>    catalog commits + fact read-modify-writes
  reader <home> <out.json>          follow changes_since / events_since until told to stop
  hold <home> <name>...                           hold locks until stdin closes
  count <home> <file> <n>                         n increments of a counter file, each a
                                                  read-modify-write under call_locked
  half-write <target>                             write_atomic that never reaches os.replace
"""

from __future__ import annotations

import json
import os
import select
import sys
from pathlib import Path
from typing import Any

import structlog

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
# stdout is the talk channel with the parent: library logs go to stderr, warnings and up only.
structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                    wrapper_class=structlog.make_filtering_bound_logger(30))

from store import atomic  # noqa: E402
from store.audit import audit_record  # noqa: E402
from store.catalog import CatalogReader, put  # noqa: E402
from store.db import FactRow  # noqa: E402
from store.engine import Engine  # noqa: E402
from store.factlog import FactEventsReader  # noqa: E402
from store.locks import LockManager  # noqa: E402
from store.paths import StoreLayout  # noqa: E402


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def wait_go() -> None:
    say("ready")
    sys.stdin.readline()


def stress(home: str, worker: int, count: int) -> None:
    layout = StoreLayout.at_home(home)
    locks = LockManager(layout.locks_dir, default_timeout_s=60.0)
    engine = Engine(layout)
    facts = FactEventsReader(layout)
    decisions: list[int] = []
    wait_go()
    for i in range(count):
        entry_id = f"S-w{worker}-{i:04d}"
        with locks.hold_sync("catalog", actor=f"stress-{worker}"):
            engine.commit(catalog=[put({"id": entry_id, "kind": "stress", "layer": 0,
                                        "domain": f"stress.w{worker}", "path": ""})],
                          audit=[audit_record(actor=f"stress-{worker}", action="catalog.put",
                                              ids=[entry_id])], logged=False)
        with locks.hold_sync("facts", actor=f"stress-{worker}"):
            # The decision depends on everything every process wrote before: the next number.
            seq = sum(1 for event in facts.all_events() if event.get("op") == "fact")
            event = {"op": "fact", "fact_id": f"F-{seq:05d}", "seq": seq,
                     "subject": f"w{worker}", "attribute": "counter", "value": str(i)}
            engine.commit(facts=[FactRow(event, fkey=f"w{worker}\x1fcounter")],
                          audit=[audit_record(actor=f"stress-{worker}", action="fact.record",
                                              ids=[f"F-{seq:05d}"])])
        decisions.append(seq)
    say(json.dumps({"worker": worker, "decisions": decisions}))


def reader(home: str, out: str) -> None:
    layout = StoreLayout.at_home(home)
    catalog, facts = CatalogReader(layout), FactEventsReader(layout)
    entries: dict[str, Any] = {}
    events: list[dict[str, Any]] = []
    catalog_seq = facts_seq = refreshes = 0
    violations: list[str] = []
    wait_go()

    def look() -> None:
        nonlocal refreshes, catalog_seq, facts_seq
        changes, new_seq = catalog.changes_since(catalog_seq)
        if new_seq < catalog_seq or any(c.seq <= catalog_seq for c in changes):
            violations.append(f"catalog seq went back at {catalog_seq}")
        catalog_seq = new_seq
        for change in changes:
            if change.entry is None:
                entries.pop(change.entry_id, None)
            else:
                entries[change.entry_id] = change.entry
        got, facts_seq = facts.events_since(facts_seq)
        events.extend(e for _s, e in got)
        refreshes += 1
        seqs = [event.get("seq") for event in events]
        if seqs != list(range(len(seqs))):
            violations.append(f"facts out of order or duplicated at {len(seqs)} events")

    while True:
        look()
        ready, _, _ = select.select([sys.stdin], [], [], 0.002)  # pacing; stop is a message
        if ready:
            sys.stdin.readline()
            break
    look()
    Path(out).write_text(json.dumps({
        "catalog": entries, "facts": events, "refreshes": refreshes,
        "violations": violations[:20]}), encoding="utf-8")
    say("done")


def hold(home: str, names: list[str]) -> None:
    layout = StoreLayout.at_home(home)
    locks = LockManager(layout.locks_dir)
    with locks.hold_sync(*names, actor="holder-child"):
        say(f"held {os.getpid()}")
        sys.stdin.readline()
    say("released")


def count(home: str, target: str, times: int) -> None:
    import anyio

    layout = StoreLayout.at_home(home)
    locks = LockManager(layout.locks_dir, default_timeout_s=60)
    path = Path(target)

    def bump() -> None:
        value = int(path.read_text(encoding="utf-8"))
        path.write_text(str(value + 1), encoding="utf-8")

    async def run() -> None:
        for _ in range(times):
            await locks.call_locked(("catalog", "facts"), bump, actor="counter")

    anyio.run(run)
    say("counted")


def half_write(target: str) -> None:
    def blocked_replace(src: Any, dst: Any) -> None:
        say(f"temp {src}")
        sys.stdin.readline()  # the parent kills us here, before the rename
        raise SystemExit(3)

    atomic.os.replace = blocked_replace  # type: ignore[assignment]
    atomic.write_atomic(Path(target), "NEW CONTENT " * 10_000)


def main(argv: list[str]) -> None:
    mode, *args = argv
    if mode == "stress":
        stress(args[0], int(args[1]), int(args[2]))
    elif mode == "reader":
        reader(args[0], args[1])
    elif mode == "hold":
        hold(args[0], args[1:])
    elif mode == "count":
        count(args[0], args[1], int(args[2]))
    elif mode == "half-write":
        half_write(args[0])
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
