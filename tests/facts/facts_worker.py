"""A separate OS process for the fact tests: records facts through its own Runtime.

    facts_worker.py save HOME SUBJECT COUNT   -> "ready", waits for "go", saves, "done <n>"

Logs go to stderr (stdout is the line protocol with the test).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import anyio  # noqa: E402

from actors.ingest.messages import Save  # noqa: E402
from actors.provenance import Provenance  # noqa: E402
from ihmt_async.logs import configure_logging  # noqa: E402
from ihmt_async.runtime import Runtime  # noqa: E402

FIRST_DAY = dt.date(2025, 1, 1)


def text_for(subject: str, n: int) -> str:
    """The n-th move of ``subject``: later n, later date (shared with the test)."""
    return f"{FIRST_DAY + dt.timedelta(days=n)}: {subject} lives in Ciudad{n}."


async def save_many(home: Path, subject: str, count: int) -> None:
    prov = Provenance(agent=f"worker-{subject.lower()}", session=f"s-{subject.lower()}")
    async with Runtime(home, provenance=prov, background_consolidation=False) as rt:
        print("ready", flush=True)
        sys.stdin.readline()
        recorded = 0
        for n in range(count):
            result = await rt.ingest.ask(Save(content=text_for(subject, n), origin="user",
                                              provenance=prov))
            recorded += len(result.facts.new_facts)
        print(f"done {recorded}", flush=True)


def main() -> None:
    configure_logging(level="warning", to_stderr=True)
    mode, home = sys.argv[1], Path(sys.argv[2])
    if mode == "save":
        anyio.run(save_many, home, sys.argv[3], int(sys.argv[4]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
