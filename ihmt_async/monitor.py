"""Read the store's structured log (``logs/ihmt.jsonl``) and aggregate it for operators.

Two halves:
- pure: ``parse_line``, ``parse_since``, ``percentile``, ``classify`` and the ``Aggregator``
  (events in, a JSON-ready snapshot out; time is always passed in, never read);
- I/O: ``LogFollower`` tails the log across rotations (when the inode behind the path changes it
  drains the old file and reopens), and ``replay_files`` lists the rotated backups oldest first.
  File reads go through ``aiofiles`` (its worker threads), so following never blocks the loop.

It only ever opens the log files for reading. It must never touch the store's data files or
its locks: a monitor has to keep working while the store is wedged.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiofiles
import aiofiles.os
from aiofiles.threadpool.binary import AsyncBufferedReader

from actors.lazy_re import lazy_regex
from actors.text import parse_instant

KINDS: dict[str, tuple[str, str]] = {
    "save": ("save.done", "duration_ms"),
    "search": ("search.served", "duration_ms"),
    "consolidation": ("consolidation.pass", "duration_ms"),
    "lock_wait": ("lock.wait", "wait_ms"),
}
"""Kind name -> (the event that is one sample of it, the field that holds its duration)."""
EVENT_KIND = {event: kind for kind, (event, _) in KINDS.items()}
ERROR_EVENTS = ("tool.failed", "actor.crashed")
ACTOR_KIND = {"ingest": "save", "navigation": "search", "consolidation": "consolidation"}
TOOL_KIND = {"save_memory": "save", "search_memory": "search"}
SLOW_LOCK_MS = 100.0
WINDOW_S = 60.0
RESERVOIR = 50_000
"""Durations kept per kind for the since-start percentiles (exact below this, sampled above)."""
KEEP_RECENT = 20
_RELATIVE = lazy_regex(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$", re.IGNORECASE)
_UNIT_S = {"s": 1, "m": 60, "h": 3600, "d": 86400}


# ---------------------------------------------------------------------------- pure helpers


def parse_ts(value: Any) -> dt.datetime | None:
    """An event's ``ts`` (ISO, usually with ``Z``) as an aware UTC datetime; None if unusable."""
    return parse_instant(value)


def parse_since(text: str, now: dt.datetime) -> dt.datetime:
    """``10m`` / ``2h`` / ``30s`` / ``1d`` before ``now``, or an ISO date or date-time (UTC)."""
    match = _RELATIVE.match(text)
    if match:
        seconds = float(match.group(1)) * _UNIT_S[match.group(2).lower()]
        return now - dt.timedelta(seconds=seconds)
    moment = parse_ts(text.strip())
    if moment is None:
        raise ValueError(f"--since {text!r} is neither a duration such as 10m / 2h nor an ISO "
                         "time such as 2026-05-01T12:00:00Z")
    return moment


def parse_line(line: bytes | str) -> dict[str, Any] | None:
    """One log line as an event dict, or None for blank, cut-short or non-JSON lines."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    line = line.strip()
    if not line:
        return None
    try:
        event = json.loads(line)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of unsorted ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def is_error(event: Mapping[str, Any]) -> bool:
    return event.get("level") in ("error", "critical") or event.get("event") in ERROR_EVENTS


def classify(event: Mapping[str, Any]) -> str | None:
    """The kind an event is a sample of (``save`` ...), or for an error the kind it hurt."""
    kind = EVENT_KIND.get(str(event.get("event")))
    if kind is not None:
        return kind
    if not is_error(event):
        return None
    tool = TOOL_KIND.get(str(event.get("tool") or ""))
    if tool is not None:
        return tool
    if event.get("lock") and "lock" in str(event.get("event")):
        return "lock_wait"
    return ACTOR_KIND.get(str(event.get("actor") or ""), "other")


def _duration(event: Mapping[str, Any], kind: str) -> float | None:
    value = event.get(KINDS[kind][1])
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


# ---------------------------------------------------------------------------- aggregation


@dataclass
class _KindTotals:
    count: int = 0
    errors: int = 0
    max_ms: float | None = None
    seen: int = 0
    sample: list[float] = field(default_factory=list)

    def add(self, duration: float | None, rng: random.Random) -> None:
        self.count += 1
        if duration is None:
            return
        self.max_ms = duration if self.max_ms is None else max(self.max_ms, duration)
        self.seen += 1
        if len(self.sample) < RESERVOIR:
            self.sample.append(duration)
        else:  # reservoir sampling keeps the percentiles honest on a long run
            slot = rng.randrange(self.seen)
            if slot < RESERVOIR:
                self.sample[slot] = duration


def _stats(count: int, errors: int, durations: list[float], max_ms: float | None
           ) -> dict[str, Any]:
    return {"count": count, "errors": errors, "p50_ms": percentile(durations, 50),
            "p95_ms": percentile(durations, 95), "max_ms": max_ms}


@dataclass
class _Process:
    pid: int
    client: str = ""
    first_seen: str = ""
    last_seen: str = ""
    events: int = 0
    errors: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})


@dataclass
class _ActorState:
    queue_depth: int | None = None
    max_queue_depth: int | None = None
    restarts: int = 0
    crashes: int = 0


class Aggregator:
    """Folds events into per-kind, per-process and per-actor figures (no I/O, no clock)."""

    def __init__(self, *, since: dt.datetime | None = None) -> None:
        self.since = since
        self.started: dt.datetime | None = None
        self.lines = 0
        self.unparsed = 0
        self.undated = 0
        self._totals = {kind: _KindTotals() for kind in KINDS}
        self._other_errors = 0
        self._window: deque[tuple[dt.datetime, str | None, float | None, bool]] = deque()
        self._processes: dict[int, _Process] = {}
        self._actors: dict[tuple[int, str], _ActorState] = {}
        self._last_pass: dict[str, Any] | None = None
        self._slow_locks: deque[dict[str, Any]] = deque(maxlen=KEEP_RECENT)
        self._slow_lock_count = 0
        self._recent_errors: deque[dict[str, Any]] = deque(maxlen=KEEP_RECENT)
        self._rng = random.Random(0)

    def add_lines(self, lines: Iterable[bytes | str]) -> None:
        for line in lines:
            self.lines += 1
            event = parse_line(line)
            if event is None:
                self.unparsed += 1
            else:
                self.add(event)

    def add(self, event: Mapping[str, Any]) -> None:
        moment = parse_ts(event.get("ts"))
        if moment is None:
            self.undated += 1
            return
        if self.since is not None and moment < self.since:
            return
        if self.started is None or moment < self.started:
            self.started = moment
        kind = classify(event)
        error = is_error(event)
        sample = str(event.get("event")) in EVENT_KIND
        duration = _duration(event, kind) if sample and kind else None
        if sample and kind:
            self._totals[kind].add(duration, self._rng)
        if error:
            if kind in self._totals:
                self._totals[kind].errors += 1
            else:
                self._other_errors += 1
            self._recent_errors.append(_brief(event))
        self._window.append((moment, kind if (sample or error) else None,
                             duration if sample else None, error))
        if sample and kind == "lock_wait":
            self._note_lock(event, duration)
        if sample and kind == "consolidation":
            if self._last_pass is None or str(event.get("ts")) >= str(self._last_pass["ts"]):
                self._last_pass = dict(event)
        self._note_process(event, kind if sample else None, error)
        self._note_actor(event)

    def _note_lock(self, event: Mapping[str, Any], wait: float | None) -> None:
        if wait is not None and wait > SLOW_LOCK_MS:
            self._slow_lock_count += 1
            self._slow_locks.append({k: event.get(k) for k in
                                     ("ts", "pid", "client", "actor", "lock", "wait_ms",
                                      "request_id")})

    def _note_process(self, event: Mapping[str, Any], kind: str | None, error: bool) -> None:
        pid = event.get("pid")
        if not isinstance(pid, int):
            return
        proc = self._processes.get(pid)
        if proc is None:
            proc = self._processes[pid] = _Process(pid=pid, first_seen=str(event["ts"]))
        proc.events += 1
        proc.last_seen = max(proc.last_seen, str(event["ts"]))
        client = event.get("client")
        if isinstance(client, str) and client:
            proc.client = client
        if kind is not None:
            proc.counts[kind] += 1
        if error:
            proc.errors += 1

    def _note_actor(self, event: Mapping[str, Any]) -> None:
        pid = event.get("pid")
        if not isinstance(pid, int):
            return
        stats = event.get("actors")
        if isinstance(stats, list):  # a periodic statistics event, if the runtime logs one
            for item in stats:
                if isinstance(item, dict) and item.get("name"):
                    self._apply_actor(pid, str(item["name"]), item)
        actor = event.get("actor")
        if isinstance(actor, str) and actor and actor != "server":
            self._apply_actor(pid, actor, event)
            if event.get("event") == "actor.crashed":
                self._actors[(pid, actor)].crashes += 1

    def _apply_actor(self, pid: int, actor: str, fields: Mapping[str, Any]) -> None:
        state = self._actors.setdefault((pid, actor), _ActorState())
        depth = fields.get("queue_depth")
        if isinstance(depth, int) and not isinstance(depth, bool):
            state.queue_depth = depth
            state.max_queue_depth = max(depth, state.max_queue_depth or 0)
        restarts = fields.get("restarts")
        if isinstance(restarts, int) and not isinstance(restarts, bool):
            state.restarts = max(state.restarts, restarts)

    # ------------------------------------------------------------------ snapshot

    def snapshot(self, now: dt.datetime) -> dict[str, Any]:
        """Everything the table shows, as plain JSON values."""
        horizon = now - dt.timedelta(seconds=WINDOW_S)
        while self._window and self._window[0][0] < horizon:
            self._window.popleft()
        minute: dict[str, dict[str, Any]] = {k: {"n": 0, "e": 0, "d": []} for k in KINDS}
        minute_errors = 0
        for moment, kind, duration, error in self._window:
            if moment > now or moment < horizon:  # events of several processes arrive unordered
                continue
            if error:
                minute_errors += 1
            if kind not in minute:
                continue
            bucket = minute[kind]
            if error:
                bucket["e"] += 1
            else:
                bucket["n"] += 1
                if duration is not None:
                    bucket["d"].append(duration)
        kinds = {}
        for kind, totals in self._totals.items():
            bucket = minute[kind]
            kinds[kind] = {
                "event": KINDS[kind][0],
                "last_minute": _stats(bucket["n"], bucket["e"], bucket["d"],
                                      max(bucket["d"], default=None)),
                "total": _stats(totals.count, totals.errors, totals.sample, totals.max_ms),
            }
        total_errors = sum(t.errors for t in self._totals.values()) + self._other_errors
        last = self._last_pass
        return {
            "generated_at": _iso(now),
            "since": _iso(self.since) if self.since else None,
            "first_event": _iso(self.started) if self.started else None,
            "lines_read": self.lines, "lines_unparsed": self.unparsed,
            "kinds": kinds,
            "errors": {"total": total_errors, "last_minute": minute_errors,
                       "other": self._other_errors, "recent": list(self._recent_errors)},
            "processes": [
                {"pid": p.pid, "client": p.client, "first_seen": p.first_seen,
                 "last_seen": p.last_seen, "events": p.events, "errors": p.errors,
                 "counts": dict(p.counts)}
                for p in sorted(self._processes.values(), key=lambda p: p.first_seen)
            ],
            "actors": [
                {"pid": pid, "actor": actor, "queue_depth": s.queue_depth,
                 "max_queue_depth": s.max_queue_depth, "restarts": s.restarts,
                 "crashes": s.crashes}
                for (pid, actor), s in sorted(self._actors.items())
            ],
            "consolidation": {
                "pending": last.get("pending") if last else None,
                "last_pass": last.get("ts") if last else None,
                "last_pass_pid": last.get("pid") if last else None,
                "passes": self._totals["consolidation"].count,
            },
            "slow_lock_waits": {"threshold_ms": SLOW_LOCK_MS, "count": self._slow_lock_count,
                                "recent": list(self._slow_locks)},
        }


def _brief(event: Mapping[str, Any]) -> dict[str, Any]:
    keep = ("ts", "pid", "client", "actor", "event", "level", "tool", "error", "request_id")
    return {k: event.get(k) for k in keep if event.get(k) not in (None, "")}


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# ---------------------------------------------------------------------------- rendering


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def render_table(snap: Mapping[str, Any]) -> str:
    """The live view: fixed-width text, one screen."""
    lines = [f"ihmt-async monitor  {snap['generated_at'][:19]}Z  "
             f"(since {(snap['since'] or snap['first_event'] or '-')[:19]})",
             "",
             f"{'kind':<14}{'1m n':>7}{'p50':>8}{'p95':>8}{'max':>8}{'err':>5}   "
             f"{'all n':>7}{'p50':>8}{'p95':>8}{'max':>8}{'err':>5}"]
    for kind, row in snap["kinds"].items():
        m, t = row["last_minute"], row["total"]
        lines.append(f"{kind:<14}{m['count']:>7}{_ms(m['p50_ms']):>8}{_ms(m['p95_ms']):>8}"
                     f"{_ms(m['max_ms']):>8}{m['errors']:>5}   {t['count']:>7}"
                     f"{_ms(t['p50_ms']):>8}{_ms(t['p95_ms']):>8}{_ms(t['max_ms']):>8}"
                     f"{t['errors']:>5}")
    errors = snap["errors"]
    cons = snap["consolidation"]
    pending = "-" if cons["pending"] is None else str(cons["pending"])
    lines += ["", f"errors: {errors['last_minute']} in the last minute, {errors['total']} in "
              f"all; consolidation lag: {pending} memories not in the tree "
              f"(last pass {(cons['last_pass'] or '-')[:19]})", "",
              f"{'pid':>8}  {'client':<20}{'save':>7}{'search':>8}{'cons':>6}{'err':>5}"
              "  last seen"]
    for proc in snap["processes"]:
        c = proc["counts"]
        lines.append(f"{proc['pid']:>8}  {(proc['client'] or '-')[:19]:<20}{c['save']:>7}"
                     f"{c['search']:>8}{c['consolidation']:>6}{proc['errors']:>5}"
                     f"  {proc['last_seen'][11:19]}")
    if snap["actors"]:
        lines += ["", f"{'pid':>8}  {'actor':<15}{'queue':>6}{'max q':>7}{'restarts':>9}"
                  f"{'crashes':>8}"]
        for a in snap["actors"]:
            depth = "-" if a["queue_depth"] is None else str(a["queue_depth"])
            top = "-" if a["max_queue_depth"] is None else str(a["max_queue_depth"])
            lines.append(f"{a['pid']:>8}  {a['actor']:<15}{depth:>6}{top:>7}"
                         f"{a['restarts']:>9}{a['crashes']:>8}")
    slow = snap["slow_lock_waits"]
    lines += ["", f"lock waits over {slow['threshold_ms']:.0f} ms: {slow['count']}"]
    for item in slow["recent"][-5:]:
        lines.append(f"  {str(item.get('ts'))[11:19]} pid {item.get('pid')} "
                     f"{item.get('actor') or '-'} waited {_ms(item.get('wait_ms'))} ms for "
                     f"'{item.get('lock')}'")
    for item in errors["recent"][-5:]:
        lines.append(f"  ! {str(item.get('ts'))[11:19]} pid {item.get('pid')} "
                     f"{item.get('event')}: {str(item.get('error', ''))[:80]}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- reading files


def replay_files(log_file: Path) -> list[Path]:
    """The rotated backups, oldest first (``ihmt.jsonl.3`` ... ``.1``); not the live file."""
    backups = []
    for path in log_file.parent.glob(f"{log_file.name}.*"):
        suffix = path.name[len(log_file.name) + 1:]
        if suffix.isdigit():
            backups.append((int(suffix), path))
    return [path for _, path in sorted(backups, reverse=True)]


async def read_whole(path: Path) -> list[bytes]:
    """Every complete line of a (rotated, no longer written) file."""
    try:
        async with aiofiles.open(path, "rb") as handle:
            data = await handle.read()
    except FileNotFoundError:
        return []
    return data.splitlines()


_fstat = aiofiles.os.wrap(os.fstat)


class LogFollower:
    """Tails one log path across rotations: keeps (inode, offset), reopens on a new inode.

    An async context manager: ``async with LogFollower(path, from_end=...) as follower`` opens
    the file, ``await follower.poll()`` returns the new complete lines.
    """

    def __init__(self, path: Path, *, from_end: bool) -> None:
        self.path = path
        self._from_end = from_end
        self._handle: AsyncBufferedReader | None = None
        self._inode: int | None = None
        self._partial = b""
        self.rotations = 0

    async def _open(self, *, seek_end: bool) -> None:
        try:
            handle = await aiofiles.open(self.path, "rb")
        except FileNotFoundError:
            self._handle, self._inode = None, None
            return
        self._handle = handle
        self._inode = (await _fstat(handle.fileno())).st_ino
        self._partial = b""
        if seek_end:
            await handle.seek(0, os.SEEK_END)

    async def _drain(self) -> list[bytes]:
        if self._handle is None:
            return []
        chunk = await self._handle.read()
        if not chunk:
            return []
        data = self._partial + chunk
        end = data.rfind(b"\n")
        if end < 0:
            self._partial = data
            return []
        self._partial = data[end + 1:]
        return data[:end].splitlines()

    async def poll(self) -> list[bytes]:
        """Complete lines written since the last poll (from the old file first after rotation)."""
        lines = await self._drain()
        try:
            st = await aiofiles.os.stat(self.path)
        except FileNotFoundError:
            return lines
        if self._handle is None or st.st_ino != self._inode:
            if self._handle is not None:
                lines += await self._drain()  # a writer may have appended before it reopened
                await self._handle.close()
                self.rotations += 1
            await self._open(seek_end=False)
            lines += await self._drain()
        elif await self._handle.tell() > st.st_size:  # truncated in place (no backups kept)
            await self._handle.seek(0)
            self._partial = b""
            lines += await self._drain()
        return lines

    async def aclose(self) -> None:
        if self._handle is not None:
            handle, self._handle = self._handle, None
            await handle.close()

    async def __aenter__(self) -> LogFollower:
        await self._open(seek_end=self._from_end)
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()
