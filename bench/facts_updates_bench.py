"""How well knowledge updates said in other words reach the timeline, and how often a
look-alike records a false change (the set in ``bench.facts_updates_set``).

Run from the checkout: ``python -m bench.facts_updates_bench [--part dev|held|all] [--show]``.

Each text is saved as its own memory through the real save path (a Runtime over a fresh
temporary store, ``ingest`` -> the facts actor), and the facts the save reports are scored:

- change recall: the change's key (subject and attribute) got a value holding the new value;
- key recall: the key got any value; a value on the key that is not the new one is a *wrong
  value* (worse than none: it would be shown as current);
- false changes: a non-change that filled its key or gave its subject the bait value;
- precision: right changes / (right changes + wrong values + false changes).

Prints the figures per part, style and language; ``--show`` lists every miss.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import anyio

from actors.facts.keys import normalise_subject
from actors.ingest.messages import Save
from actors.provenance import Provenance
from actors.text import fold
from bench.facts_updates_set import CHANGES, NON_CHANGES, Change, NonChange, part
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime

PROV = Provenance(agent="bench", session="bench-updates")
Told = tuple[str, str, str]
"""(subject, attribute, value) of a fact a save reported."""


def _alternatives(said: str) -> set[str]:
    return {normalise_subject(a) for a in said.split("|")}


def _attributes(said: str) -> set[str]:
    return {fold(a) for a in said.split("|")}


def _mine(told: Told, subject: str) -> bool:
    return normalise_subject(told[0]) in _alternatives(subject)


def judge_change(item: Change, facts: Iterable[Told]) -> str:
    """'right', 'wrong' (the key got another value), or 'missed'."""
    on_key = [f for f in facts if _mine(f, item.subject) and fold(f[1]) in
              _attributes(item.attribute)]
    if any(fold(item.value) in fold(f[2]) for f in on_key):
        return "right"
    return "wrong" if on_key else "missed"


def judge_non_change(item: NonChange, facts: Iterable[Told]) -> bool:
    """True when the look-alike recorded a change of its subject."""
    for f in facts:
        if not _mine(f, item.subject):
            continue
        if fold(f[1]) in _attributes(item.attribute) or fold(item.bait) in fold(f[2]):
            return True
    return False


async def told_through_saves(texts: list[str]) -> list[list[Told]]:
    """The facts each text's save reports, each saved as its own memory in one fresh store."""
    out: list[list[Told]] = []
    with tempfile.TemporaryDirectory(prefix="facts-updates-") as tmp:
        async with Runtime(Path(tmp), provenance=PROV, background_consolidation=False) as rt:
            for text in texts:
                result = await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
                out.append([(f.subject, f.attribute, f.value) for f in result.facts.new_facts])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "held", "all"), default="all")
    parser.add_argument("--show", action="store_true", help="list every miss")
    args = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    changes = [(i, c) for i, c in enumerate(CHANGES) if args.part in ("all", part(i))]
    looks = [(i, n) for i, n in enumerate(NON_CHANGES) if args.part in ("all", part(i))]
    told = anyio.run(told_through_saves, [c.text for _, c in changes] + [n.text for _, n in looks])
    out = sys.stdout
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for (i, item), facts in zip(changes, told, strict=False):
        verdict = judge_change(item, facts)
        for group in ("all", f"{part(i)}", f"{part(i)} {item.style} {item.lang}"):
            rows[group]["changes"] += 1
            rows[group][verdict] += 1
        if args.show and verdict != "right":
            out.write(f"{verdict:6} [{part(i)}] {item.text!r} -> {facts}\n")
    for (i, look), facts in zip(looks, told[len(changes):], strict=True):
        false = judge_non_change(look, facts)
        for group in ("all", f"{part(i)}", f"{part(i)} {look.style} {look.lang}"):
            rows[group]["looks"] += 1
            rows[group]["false"] += false
        if args.show and false:
            out.write(f"FALSE  [{part(i)}] {look.text!r} -> {facts}\n")
    out.write(f"{'group':<18} {'changes':>7} {'recall':>7} {'key':>6} {'wrong':>6} "
              f"{'looks':>6} {'false':>6} {'precision':>9}\n")
    for group in sorted(rows, key=lambda g: (g != "all", g)):
        r = rows[group]
        right, wrong, false = r["right"], r["wrong"], r["false"]
        said = right + wrong + false
        out.write(f"{group:<18} {r['changes']:>7} {right / max(1, r['changes']):>7.2f} "
                  f"{(right + wrong) / max(1, r['changes']):>6.2f} {wrong:>6} {r['looks']:>6} "
                  f"{false:>6} {right / max(1, said):>9.2f}\n")


if __name__ == "__main__":
    main()
