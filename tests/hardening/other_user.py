"""Run the real CLI or server as another user (``nobody``), for tests of a store that user
may not read or write. Needs root and ``setpriv``; a test without them is skipped with the
reason. pytest's own temporary folders are private to root, so a store another user must
reach lives in a folder of its own under /tmp (``shared_dir``), removed afterwards."""

from __future__ import annotations

import contextlib
import functools
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mcp_client import REPO


def nobody() -> pwd.struct_passwd:
    """The ``nobody`` account, or a skip saying why this machine cannot switch to it."""
    if os.geteuid() != 0:
        pytest.skip("switching to another user needs root")
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is not installed")
    try:
        user = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("there is no 'nobody' user here")
    if not _runs_our_code(user):
        pytest.skip(f"user 'nobody' cannot run this checkout's Python ({sys.executable}) or "
                    f"import it from {REPO}: a clone in a private folder (mktemp -d is 0700)")
    return user


@functools.cache
def _runs_our_code(user: pwd.struct_passwd) -> bool:
    """Whether ``user`` can start this interpreter and import the package from the checkout
    (a fresh clone under a 0700 temporary folder is closed to every other user)."""
    done = subprocess.run(
        [str(shutil.which("setpriv")), f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}",
         "--clear-groups", sys.executable, "-c", "import ihmt_async"],
        capture_output=True, env={**os.environ, "PYTHONPATH": str(REPO)}, cwd="/", timeout=60,
        stdin=subprocess.DEVNULL, check=False)
    return done.returncode == 0


def as_nobody(*command: str) -> list[str]:
    """``command`` run as ``nobody`` (its own group, no supplementary groups)."""
    user = nobody()
    return [str(shutil.which("setpriv")), f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}",
            "--clear-groups", *command]


@contextlib.contextmanager
def shared_dir() -> Iterator[Path]:
    """A folder any user can enter (0755, owned by root), removed at the end."""
    path = Path(tempfile.mkdtemp(prefix="ihmt-other-user-", dir="/tmp"))
    try:
        path.chmod(0o755)
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def nobody_env(base: Path) -> dict[str, str]:
    """An environment for ``nobody``: its own HOME and cache folder under ``base``."""
    user = nobody()
    home, cache = base / "nobody-home", base / "nobody-cache"
    for path in (home, cache):
        path.mkdir(exist_ok=True)
        os.chown(path, user.pw_uid, user.pw_gid)
    return {**os.environ, "PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "0",
            "HOME": str(home), "IHMT_ASYNC_CACHE": str(cache)}


def run_as_nobody(env: dict[str, str], home: Path, *args: str
                  ) -> subprocess.CompletedProcess[str]:
    """``ihmt-async --home HOME ARGS`` as ``nobody``."""
    return subprocess.run(as_nobody(sys.executable, "-m", "ihmt_async", "--home", str(home),
                                    *args),
                          capture_output=True, text=True, env=env, cwd="/", timeout=60,
                          stdin=subprocess.DEVNULL)


def give_to_nobody(root: Path) -> None:
    """``chown -R nobody`` of ``root``."""
    user = nobody()
    for path in [root, *root.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid, follow_symlinks=False)
