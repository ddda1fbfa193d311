"""A chat set saved one session per memory (``retrieval_bench --whole-sessions``).

An agent, or an evaluation harness, often saves a whole chat session as one memory: the
session's date on the first line, then a line per turn, speaker first ("[2025-04-05]" /
"user: ..." / "assistant: ..."). This module lays a hand-written chat set out that way (the
turns of one session, in order, under the stamp they share) and judges the replies by what a
reader sees: the answer turn's own text in the reply the server renders (its window of the
session, an "Also close" line), not merely its session ranked first.

It never changes a set, nor reads the store other than through the engine's Search and the
server's renderer.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from actors.navigation.messages import Search, SearchResult
from bench.conversation_set import Turn
from ihmt_async.render import render_search

__all__ = ["Session", "judge", "sessions"]


@dataclass(frozen=True)
class Session:
    """One session of a set saved as one memory."""

    key: str
    """``session-NN``, in the order of the set."""
    text: str
    """The stamp line ("[2025-04-05]"), then one "speaker: text" line per turn."""
    turns: tuple[str, ...]
    """The keys of its turns, in order."""


def _stamp(turn: Turn) -> tuple[str, str]:
    """(stamp, "speaker: text") of a turn saved as "[stamp] speaker: text"."""
    content = turn.content
    if not content.startswith("[") or "] " not in content:
        raise ValueError(f"turn {turn.key} is not saved as '[stamp] speaker: text'")
    stamp, line = content.split("] ", 1)
    return stamp + "]", line


def sessions(turns: Sequence[Turn]) -> list[Session]:
    """The set's turns grouped in sessions: consecutive turns under the same stamp."""
    grouped: list[tuple[str, list[str], list[str]]] = []
    for turn in turns:
        stamp, line = _stamp(turn)
        if not grouped or grouped[-1][0] != stamp:
            grouped.append((stamp, [], []))
        grouped[-1][1].append(line)
        grouped[-1][2].append(turn.key)
    return [Session(key=f"session-{i:02d}", text="\n".join([stamp, *lines]),
                    turns=tuple(keys)) for i, (stamp, lines, keys) in enumerate(grouped, 1)]


def _flat(text: str) -> str:
    return " ".join(text.split())


def shows(reply: str, turn_text: str) -> bool:
    """The turn's text is in the reply, whole (spaces and line breaks aside: "Also close"
    lines join a window's lines)."""
    return _flat(turn_text) in _flat(reply)


@dataclass
class _Tally:
    n: int = 0
    first: int = 0
    listed: int = 0
    shown: int = 0
    ambiguous: int = 0
    none: int = 0


def _search(text: str, limit: int | None) -> Search:
    return Search(query=text) if limit is None else Search(query=text, limit=limit,
                                                           limit_given=True)


async def judge(ask: Any, cset: ModuleType, ids: dict[str, set[str]],
                rows: list[str] | None = None) -> dict[str, Any]:
    """Every question of ``cset`` asked (``ask``: a Search to a SearchResult) of its sessions
    (``ids``: each session key's leaf ids) and judged on the rendered reply."""
    turns: dict[str, Turn] = {turn.key: turn for turn in cset.TURNS}
    session_of = {key: s.key for s in sessions(cset.TURNS) for key in s.turns}
    limit: int | None = getattr(cset, "LIMIT", 5)
    total = _Tally()
    per: dict[str, _Tally] = {}
    lengths: list[int] = []
    misses: list[str] = []
    for question in cset.QUESTIONS:
        answer = set().union(*(ids[session_of[key]] for key in question.keys))
        result: SearchResult = await ask(_search(question.text, limit))
        reply = render_search(result)
        lengths.append(len(reply))
        rank = next((i for i, hit in enumerate(result.hits) if hit.leaf_id in answer), None)
        first = result.status == "FOUND" and rank == 0
        shown = result.status != "NONE" and any(shows(reply, turns[key].text)
                                                for key in question.keys)
        for tally in (total, per.setdefault(question.category, _Tally())):
            tally.n += 1
            tally.first += first
            tally.listed += rank is not None
            tally.shown += shown
            tally.ambiguous += result.status == "AMBIGUOUS"
            tally.none += result.status == "NONE"
        if rows is not None:
            rows.append(f"{result.status:<9} {'-' if rank is None else rank}"
                        f"{'+' if shown else ' '} {question.text}")
        if not shown:
            misses.append(f"{question.category:<10} {result.status:<9} "
                          f"{'-' if rank is None else rank} {question.text} -> "
                          f"{' '.join(turns[question.keys[0]].text.split())[:60]}")
    never = 0
    for item in cset.NEVER:
        result = await ask(_search(item.text, limit))
        lengths.append(len(render_search(result)))
        never += result.status == "NONE"
        if rows is not None:
            rows.append(f"{result.status:<9} never  {item.text}")
        if result.status != "NONE":
            misses.append(f"{'never':<10} {result.status:<9} {item.text}")
    lengths.sort()
    return {**_figures(total), "never_stored_none": f"{never}/{len(cset.NEVER)}",
            "reply_chars_p50": int(statistics.median(lengths)) if lengths else 0,
            "reply_chars_p95": lengths[min(len(lengths) - 1, int(0.95 * len(lengths)))]
            if lengths else 0,
            "per_category": {c: _figures(t) for c, t in per.items()}, "misses": misses}


def _figures(t: _Tally) -> dict[str, Any]:
    def share(part: int) -> float:
        return round(part / t.n, 3) if t.n else 0.0
    return {"questions": t.n, "first": share(t.first), "listed": share(t.listed),
            "shown": share(t.shown), "ambiguous": share(t.ambiguous),
            "false_absence": share(t.none)}
