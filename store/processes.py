"""Is a process still running? Used to tell a dead writer's debris from a live writer's work
(temp files, lock stamps, waiting markers, session directories)."""

from __future__ import annotations

import os


def pid_alive(pid: int) -> bool:
    """True for this process and any process we may not signal; False once it has exited."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True
