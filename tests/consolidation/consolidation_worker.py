"""A child process for the multi-process consolidation tests (a script, not collected by pytest).

Each mode opens a ``Runtime`` over the store at <home>, prints ``ready`` and waits for a line on
stdin, so the parent lines every child up without sleeping; results go to stdout as one JSON
line. Library logs go to stderr (warnings and up).

Modes:
  flush <home>          one forced Flush through a whole Runtime; prints the PassResult
  pass <home>           the same with the consolidation actor alone (quicker to start: the
                        SIGKILL tests kill it mid-pass)
  nudge <home> <count>  background consolidation on: one Nudge(count), then waits until no
                        domain has a full group of parentless items left and nobody holds the
                        consolidation lock; prints how many passes this process ran
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import anyio
import structlog

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                    wrapper_class=structlog.make_filtering_bound_logger(30))

from actors.consolidation import tree  # noqa: E402
from actors.consolidation.actor import ConsolidationActor  # noqa: E402
from actors.consolidation.messages import Flush, Nudge  # noqa: E402
from ihmt_async.runtime import ActorSystem, Runtime, open_store  # noqa: E402
from store.catalog import CatalogReader  # noqa: E402
from store.locks import is_held  # noqa: E402

POLL_S = 0.02


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def wait_go() -> None:
    say("ready")
    await anyio.to_thread.run_sync(sys.stdin.readline)


async def flush(home: str) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        await wait_go()
        result = await rt.consolidation.ask(Flush(force=True))
    say(json.dumps(dataclasses.asdict(result)))


async def bare_pass(home: str) -> None:
    store = open_store(home)
    actor = ConsolidationActor(store.layout, store.settings, store.locks, background=False)
    async with ActorSystem([actor]):
        await wait_go()
        result = await actor.ask(Flush(force=True))
    say(json.dumps(dataclasses.asdict(result)))


def settled(rt: Runtime) -> bool:
    """No full group left anywhere, and no pass running in any process."""
    entries = CatalogReader(rt.layout).entries()
    top = max((int(e.get("layer", 0)) for e in entries.values()), default=0)
    for layer in range(top + 1):
        for items in tree.parentless(entries, layer).values():
            if len(items) >= rt.settings.branch_factor:
                return False
    return not is_held(rt.layout.lock_file("consolidation"))


async def nudge(home: str, count: int) -> None:
    async with Runtime(home, background_consolidation=True) as rt:
        await wait_go()
        await rt.consolidation.tell(Nudge(count=count))
        with anyio.fail_after(90):
            while not settled(rt):
                await anyio.sleep(POLL_S)
        passes = rt.consolidation.passes
    say(json.dumps({"passes": passes}))


def main(argv: list[str]) -> None:
    mode, home, *rest = argv
    if mode == "flush":
        anyio.run(flush, home)
    elif mode == "pass":
        anyio.run(bare_pass, home)
    elif mode == "nudge":
        anyio.run(nudge, home, int(rest[0]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
