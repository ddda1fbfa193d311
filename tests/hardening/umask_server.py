"""Run ``ihmt-async`` under a given umask: the umask is set in the child before exec."""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":
    os.umask(int(sys.argv[1], 8))
    os.execv(sys.executable, [sys.executable, "-m", "ihmt_async", *sys.argv[2:]])
