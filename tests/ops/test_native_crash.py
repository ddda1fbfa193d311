"""A command that dies in native code leaves a trace on stderr (``faulthandler``)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CRASH = """
import faulthandler, sys
from ihmt_async import cli
faulthandler.enable = lambda _enable=faulthandler.enable, **kw: (_enable(**kw),
                                                                  faulthandler._sigsegv())
cli.main(["--home", sys.argv[1], "stats"])
"""


def test_a_native_crash_of_a_command_prints_where_it_was(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CRASH, str(tmp_path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGSEGV
    assert "Fatal Python error: Segmentation fault" in done.stderr
    assert "Current thread" in done.stderr or "most recent call first" in done.stderr
