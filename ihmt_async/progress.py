"""Progress lines for the long CLI commands (ingest, rebuild, consolidate), on a terminal only.

A ``Reporter`` belongs to one command run; each step of it is a ``Phase``, a ``ProgressFn``
(``store.progress``) that the step's code calls with ``(done, total)``. Phases run one after
another: the first call of a phase ends the line of the one before. While a phase runs, one
line on stderr is redrawn in place: count / total, rate per second and the ETA; when it ends the
line becomes the phase's summary (count, elapsed time, rate), and ``Reporter.summary`` ends the
run with one line naming the whole elapsed time.

It writes only when stderr is a terminal: piped or redirected stderr, ``--json`` consumers (whose
stdout this never touches) and the MCP server (which never creates a Reporter) see nothing. It
must never write to stdout, and never redraw more than ``MAX_REDRAWS_PER_S`` times a second
beyond a phase's first line with a rate (a phase of a million tiny steps costs a million cheap
calls and a few hundred writes).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

MAX_REDRAWS_PER_S = 10


def on_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def seconds(value: float) -> str:
    """A duration a person reads at a glance: 0.4 s, 12 s, 3 min 05 s, 1 h 02 min."""
    if value < 10:
        return f"{max(value, 0.0):.1f} s"
    whole = round(value)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


def per_second(count: int, elapsed: float) -> str:
    rate = count / max(elapsed, 1e-6)
    return f"{rate:.1f}/s" if rate < 10 else f"{rate:,.0f}/s"


class Phase:
    """One step's line; call it with ``(done, total)`` from any thread."""

    def __init__(self, reporter: Reporter, label: str, unit: str) -> None:
        self.reporter = reporter
        self.label = label
        self.unit = unit
        self.done = 0
        self.total = 0
        self.started: float | None = None
        """When the first call came (None: the step has not reported yet)."""
        self.ended = False
        self._drawn_at: float | None = None
        self._rate_drawn = False

    def __call__(self, done: int, total: int) -> None:
        reporter = self.reporter
        with reporter.lock:
            if self.ended:
                return
            now = reporter.clock()
            if self.started is None:
                reporter.end_current_locked()
                reporter.current = self
                self.started = now
            self.done, self.total = done, max(total, done)
            if not reporter.enabled:
                return
            # The first line with a rate is drawn at once (a short phase still shows one);
            # after it, at most MAX_REDRAWS_PER_S lines a second.
            first_rate = done > 0 and not self._rate_drawn
            if not first_rate and self._drawn_at is not None \
                    and now - self._drawn_at < 1 / MAX_REDRAWS_PER_S:
                return
            self._drawn_at = now
            self._rate_drawn = self._rate_drawn or done > 0
            reporter.draw_locked(self._running_text(now - self.started))

    def finish(self, note: str = "") -> None:
        """End the line as the phase's summary, with ``note`` after it (once; a phase that
        never reported prints nothing)."""
        with self.reporter.lock:
            self.finish_locked(note)

    def finish_locked(self, note: str = "") -> None:
        if self.ended or self.started is None:
            self.ended = True
            return
        self.ended = True
        reporter = self.reporter
        if reporter.current is self:
            reporter.current = None
        if not reporter.enabled:
            return
        elapsed = reporter.clock() - self.started
        text = f"{self._count()} in {seconds(elapsed)}"
        if self.done:
            text += f" ({per_second(self.done, elapsed)})"
        reporter.draw_locked(text + (f"; {note}" if note else ""), end=True)

    def _count(self) -> str:
        return f"{self.reporter.command}: {self.label} {self.done}/{self.total} {self.unit}"

    def _running_text(self, elapsed: float) -> str:
        if self.done <= 0:
            return self._count()
        rate = self.done / max(elapsed, 1e-6)
        return (f"{self._count()} ({per_second(self.done, elapsed)}, "
                f"ETA {seconds((self.total - self.done) / rate)})")


class Reporter:
    """The progress of one command run, shown only when ``stream`` (stderr) is a terminal.

    As a context manager it cuts a half-drawn line short when the run fails, so the error
    message starts on a line of its own.
    """

    def __init__(self, command: str, *, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.command = command
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = on_terminal(self.stream)
        self.clock = clock
        self.started = clock()
        self.lock = threading.Lock()
        self.current: Phase | None = None
        self._width = 0

    def phase(self, label: str, unit: str) -> Phase:
        return Phase(self, label, unit)

    def summary(self, text: str) -> None:
        """The run's last line: what it did and the whole elapsed time."""
        with self.lock:
            self.end_current_locked()
            if self.enabled:
                self.draw_locked(f"{self.command}: {text} in "
                                 f"{seconds(self.clock() - self.started)}.", end=True)

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self.lock:
            if kind is not None and self._width:
                self.write_locked("\n")
                self._width = 0
            self.current = None

    # ------------------------------------------------------------------ drawing (lock held)

    def end_current_locked(self) -> None:
        if self.current is not None:
            self.current.finish_locked()

    def draw_locked(self, text: str, *, end: bool = False) -> None:
        padding = " " * max(0, self._width - len(text))
        self.write_locked(f"\r{text}{padding}" + ("\n" if end else ""))
        self._width = 0 if end else len(text)

    def write_locked(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away; the work goes on
            self.enabled = False
