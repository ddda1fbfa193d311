"""A server-like process for the shared full-text index tests, driven line by line.

Usage: ``fulltext_worker.py HOME [block-commit]``. It opens a Runtime on HOME, prints
``ready {json}`` and then answers one command per stdin line:
``save TEXT`` -> ``saved {json}``; ``search TEXT`` -> ``found {json}``; ``commit`` -> commits
the pending leaves under the lock -> ``committed N``; ``quit`` -> exits (the runtime's stop
flushes the index). With ``block-commit`` an index commit, once its documents are added and
before tantivy commits, prints ``committing`` and waits for a line that never comes (the test
SIGKILLs the process there).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from actors.ingest.messages import Save  # noqa: E402
from actors.navigation.messages import Search  # noqa: E402
from ihmt_async.logs import configure_logging  # noqa: E402
from ihmt_async.runtime import Runtime  # noqa: E402
from store import fulltext  # noqa: E402


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def block_commits() -> None:
    original = fulltext._watermark_document

    def blocked(mark: fulltext.Watermark) -> object:
        say("committing")
        sys.stdin.readline()
        return original(mark)

    fulltext._watermark_document = blocked  # type: ignore[assignment]


async def main(home: str, mode: str) -> None:
    configure_logging(level="warning", to_stderr=True)
    if mode == "block-commit":
        block_commits()
    async with Runtime(home, background_consolidation=False) as rt:
        model = rt.navigation.model
        say("ready " + json.dumps({"analysed": model.analysed, "rebuilt": model.index.disk.rebuilt,
                                   "leaves": len(model.leaves)}))
        while True:
            line = (await anyio.to_thread.run_sync(sys.stdin.readline)).rstrip("\n")
            command, _, rest = line.partition(" ")
            if command == "save":
                result = await rt.ingest.ask(Save(content=rest, origin="user"))
                say("saved " + json.dumps(list(result.leaf_ids)))
            elif command == "search":
                found = await rt.navigation.ask(Search(query=rest, limit=10))
                say("found " + json.dumps([h.leaf_id for h in found.hits]))
            elif command == "commit":
                async with rt.store.locks.hold(fulltext.LOCK_NAME):
                    count = await anyio.to_thread.run_sync(model.commit_pending)
                say(f"committed {count}")
            else:
                break


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "")
