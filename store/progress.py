"""The progress seam: how long store and actor work tells a caller how far along it is.

A long step (a rebuild's scan of every file, a consolidation layer) takes an optional
``ProgressFn`` and calls it with ``(done, total)`` as it goes; the caller decides what, if
anything, to show (the CLI draws a line on a terminal, everything else passes nothing). It lives
at the bottom layer so ``store`` and ``actors`` can both accept it without importing the edge.

The contract for a callee: call it often if you like (the receiver throttles), from any thread,
with ``0 <= done <= total``; ``total`` may grow when more work is discovered (a new layer). It
must never print, log or import anything of the edge itself.
"""

from __future__ import annotations

from collections.abc import Callable

ProgressFn = Callable[[int, int], None]
"""Receives ``(done, total)``; must be cheap and thread-safe."""


def no_progress(done: int, total: int) -> None:
    """The default receiver: the work is done without anyone watching."""
