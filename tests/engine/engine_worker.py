"""A child process for the engine tests (run as a script, not collected by pytest).

    engine_worker.py save-and-stop HOME POINT   saves three memories (prints "acked <id>" for
        each), then starts a fourth that stops at POINT: prints "at POINT" and waits on stdin
        (the test SIGKILLs it there). POINT is one of: before_leaf, after_leaf,
        after_event_line, inside_transaction, after_commit.
    engine_worker.py recover-and-stop HOME      runs the start-up recovery and stops inside
        its transaction ("at recovery").
    engine_worker.py migrate-and-stop HOME      starts on an earlier store and stops right
        after the migration's event line, before its transaction ("at migration").
    engine_worker.py correct HOME WORKER COUNT  prints "ready", waits for "go", then saves
        COUNT corrections of the user's city; prints "done <n>".

Each stop is a function wrapped around the real one, so the store code runs unchanged up to
that point. Logs go to stderr; stdout is the line protocol with the test.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import anyio  # noqa: E402

from actors.ingest import actor as ingest_actor  # noqa: E402
from actors.ingest.messages import Save  # noqa: E402
from actors.provenance import Provenance  # noqa: E402
from ihmt_async.logs import configure_logging  # noqa: E402
from ihmt_async.runtime import Runtime, open_store  # noqa: E402
from store import db, engine  # noqa: E402
from store.engine import Engine  # noqa: E402

PROV = Provenance(agent="kill-test", client_version="1", session="s-kill")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def stop_here(point: str) -> None:
    say(f"at {point}")
    sys.stdin.readline()  # the parent kills us here
    raise SystemExit(3)


def before(point: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        stop_here(point)
        return func(*args, **kwargs)
    return wrapped


def after(point: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        result = func(*args, **kwargs)
        stop_here(point)
        return result
    return wrapped


def memory(n: int) -> str:
    cities = ("Madrid", "Valencia", "Sevilla", "Lisbon")
    return f"Note Zebra{n}: I live in {cities[n % len(cities)]} since 20{10 + n}."


def install(point: str) -> None:
    if point == "before_leaf":
        ingest_actor.write_leaf = before(point, ingest_actor.write_leaf)  # type: ignore[assignment]
    elif point == "after_leaf":
        engine.append_line = before(point, engine.append_line)  # type: ignore[assignment]
    elif point == "after_event_line":
        engine.append_line = after(point, engine.append_line)  # type: ignore[assignment]
    elif point == "inside_transaction":
        db.Tx.audit = after(point, db.Tx.audit)  # type: ignore[method-assign]
    elif point == "after_commit":
        Engine.commit = after(point, Engine.commit)  # type: ignore[method-assign]
    else:
        raise SystemExit(f"unknown point {point}")


async def save_and_stop(home: Path, point: str) -> None:
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        for n in range(3):
            result = await rt.ingest.ask(Save(content=memory(n), provenance=PROV))
            say(f"acked {result.leaf_ids[0]}")
        install(point)
        await rt.ingest.ask(Save(content=memory(3), provenance=PROV))
        say("not stopped")


def recover_and_stop(home: Path) -> None:
    engine.apply_line = after("recovery", engine.apply_line)  # type: ignore[assignment]
    store = open_store(home, create=False)
    with store.locks.hold_sync("catalog", "facts", actor="recover"):
        Engine(store.layout).recover()
    say("not stopped")


async def migrate_and_stop(home: Path) -> None:
    engine.append_line = after("migration", engine.append_line)  # type: ignore[assignment]
    async with Runtime(home, provenance=PROV, background_consolidation=False):
        say("not stopped")


async def correct(home: Path, worker: int, count: int) -> None:
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        say("ready")
        await anyio.to_thread.run_sync(sys.stdin.readline)
        done = 0
        for i in range(count):
            result = await rt.ingest.ask(Save(
                content=f"I live in Town{worker}x{i}.", provenance=PROV))
            done += len(result.facts.new_facts)
        say(f"done {done}")


def main() -> None:
    configure_logging(level="warning", to_stderr=True)
    mode, home = sys.argv[1], Path(sys.argv[2])
    if mode == "save-and-stop":
        anyio.run(save_and_stop, home, sys.argv[3])
    elif mode == "recover-and-stop":
        recover_and_stop(home)
    elif mode == "migrate-and-stop":
        anyio.run(migrate_and_stop, home)
    elif mode == "correct":
        anyio.run(correct, home, int(sys.argv[3]), int(sys.argv[4]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
