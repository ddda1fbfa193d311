"""A child process for the multi-process store tests (run as a script, not collected by pytest).

Every mode prints ``ready`` and then waits for a line on stdin before it starts, so the parent
lines all children up without sleeping; results go to stdout as one JSON line or to a file.

Modes:
  stress <home> <worker> <count> <compact_every>  catalog appends + fact read-modify-writes
  reader <home> <out.json>                        refresh incrementally until told to stop
  hold <home> <name>...                           hold locks until stdin closes
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
from store.audit import append_audit  # noqa: E402
from store.catalog import open_catalog, put  # noqa: E402
from store.factlog import open_facts  # noqa: E402
from store.locks import LockManager  # noqa: E402
from store.paths import StoreLayout  # noqa: E402


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def wait_go() -> None:
    say("ready")
    sys.stdin.readline()


def stress(home: str, worker: int, count: int, compact_every: int) -> None:
    layout = StoreLayout.at_home(home)
    locks = LockManager(layout.locks_dir, default_timeout_s=60.0)
    reopens = worker % 2 == 0  # half re-open the tables now and then, half refresh one view
    catalog = open_catalog(layout)
    facts = open_facts(layout)
    decisions: list[int] = []
    wait_go()
    for i in range(count):
        entry_id = f"S-w{worker}-{i:04d}"
        with locks.hold_sync("catalog", actor=f"stress-{worker}"):
            if reopens and i % 8 == 0:
                catalog = open_catalog(layout)
            catalog.append([put({"id": entry_id, "kind": "stress", "layer": 0,
                                 "domain": f"stress.w{worker}", "path": "", "i": i})])
        append_audit(layout.audit_log, actor=f"stress-{worker}", action="catalog.put",
                     ids=[entry_id])
        with locks.hold_sync("facts", actor=f"stress-{worker}"):
            if reopens and i % 8 == 4:
                facts = open_facts(layout)
            facts.refresh()
            # The decision depends on everything every process wrote before: the next number.
            seq = sum(1 for event in facts.state if event.get("op") == "fact")
            facts.append([{"op": "fact", "fact_id": f"F-{seq:05d}", "seq": seq,
                           "subject": f"w{worker}", "attribute": "counter", "value": str(i)}])
        decisions.append(seq)
        append_audit(layout.audit_log, actor=f"stress-{worker}", action="fact.record",
                     ids=[f"F-{seq:05d}"])
        if compact_every and (i + 1) % compact_every == 0:
            with locks.hold_sync("catalog", actor="compactor"):
                catalog.compact()
            with locks.hold_sync("facts", actor="compactor"):
                facts.compact()
    say(json.dumps({"worker": worker, "decisions": decisions}))


def reader(home: str, out: str) -> None:
    layout = StoreLayout.at_home(home)
    catalog = open_catalog(layout)
    facts = open_facts(layout)
    refreshes = reloads = 0
    violations: list[str] = []
    seen_entries = 0
    wait_go()

    def look() -> None:
        nonlocal refreshes, reloads, seen_entries
        got = catalog.refresh()
        got_facts = facts.refresh()
        refreshes += 1
        reloads += int(got.reloaded) + int(got_facts.reloaded)
        if len(catalog.state) < seen_entries:
            violations.append(f"catalog shrank {seen_entries} -> {len(catalog.state)}")
        seen_entries = len(catalog.state)
        seqs = [event.get("seq") for event in facts.state]
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
        "catalog": catalog.state, "facts": facts.state, "refreshes": refreshes,
        "reloads": reloads, "violations": violations[:20],
        "skipped": catalog.skipped_lines + facts.skipped_lines,
    }), encoding="utf-8")
    say("done")


def hold(home: str, names: list[str]) -> None:
    layout = StoreLayout.at_home(home)
    locks = LockManager(layout.locks_dir)
    with locks.hold_sync(*names, actor="holder-child"):
        say(f"held {os.getpid()}")
        sys.stdin.readline()
    say("released")


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
        stress(args[0], int(args[1]), int(args[2]), int(args[3]))
    elif mode == "reader":
        reader(args[0], args[1])
    elif mode == "hold":
        hold(args[0], args[1:])
    elif mode == "half-write":
        half_write(args[0])
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
