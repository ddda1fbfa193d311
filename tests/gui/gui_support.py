"""Helpers for the GUI tests: seed a store through the real CLI, run the real GUI process."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

URL_LINE = re.compile(r"^ihmt-async GUI: (http://127\.0\.0\.1:(\d+))/\?token=([A-Za-z0-9_-]+)$")
START_TIMEOUT_S = 60.0
GUI_AGENT = "gui"


def cli(home: Path, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run([sys.executable, "-m", "ihmt_async", "--home", str(home), *args],
                          input=stdin, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "IHMT_LOG_STDERR": "0"}, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli_json(home: Path, *args: str) -> Any:
    return json.loads(cli(home, *args, "--json"))


@dataclass(frozen=True)
class SeededStore:
    home: Path
    madrid_leaf: str
    lisbon_leaf: str
    billing_leaf: str
    pending_fact: str


def seed(home: Path) -> SeededStore:
    """A user value, a tool-origin value against it (pending), and an unrelated memory."""
    madrid = cli_json(home, "save", "2025-03-10: I live in Madrid, in a flat in Lavapiés.",
                      "--origin", "user")
    lisbon = cli_json(home, "save", "2026-01-02: I moved to Lisbon, near the river Tagus.",
                      "--origin", "tool")
    billing = cli_json(home, "save",
                       "Our billing service uses PostgreSQL 16; migrations run with Alembic.",
                       "--origin", "user")
    cli(home, "consolidate", "--force")  # branches and root.json, so Explore shows the tree
    pending = cli_json(home, "review")
    assert [f["value"] for f in pending] == ["Lisbon"], pending
    return SeededStore(home, leaf_id(madrid), leaf_id(lisbon), leaf_id(billing),
                       pending[0]["fact_id"])


def leaf_id(save_reply: Any) -> str:
    ids = save_reply["leaf_ids"]
    assert len(ids) == 1, save_reply
    return str(ids[0])


@dataclass(frozen=True)
class RunningGui:
    process: subprocess.Popen[str]
    base: str
    port: int
    token: str

    @property
    def url(self) -> str:
        return f"{self.base}/?token={self.token}"


@contextmanager
def running_gui(home: Path, stderr_path: Path) -> Iterator[RunningGui]:
    """``ihmt-async gui --no-browser --port 0`` as a real process; stopped with SIGTERM."""
    with open(stderr_path, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "ihmt_async", "--home", str(home), "gui", "--no-browser",
             "--port", "0"], stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL,
            text=True, env={**os.environ, "IHMT_LOG_STDERR": "1",
                            # Set up's registration preview reads the agents' files under HOME.
                            "HOME": str(_scratch_home(stderr_path))})
        lines: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout
                                                  or ()], daemon=True)
        reader.start()
        try:
            try:
                first = lines.get(timeout=START_TIMEOUT_S).strip()
            except queue.Empty:
                raise AssertionError("the GUI printed no URL; stderr: "
                                     + stderr_path.read_text()[-2000:]) from None
            match = URL_LINE.match(first)
            assert match, f"unexpected first stdout line {first!r}"
            yield RunningGui(process, match.group(1), int(match.group(2)), match.group(3))
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            reader.join(timeout=10)
            if process.stdout is not None:
                process.stdout.close()
    assert process.returncode in (0, -signal.SIGTERM), stderr_path.read_text()[-2000:]


def _scratch_home(beside: Path) -> Path:
    home = beside.parent / "user-home"
    home.mkdir(exist_ok=True)
    return home


def listening_sockets(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket the process listens on, from /proc."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table, width in (("tcp", 8), ("tcp6", 32)):
        path = Path(f"/proc/{pid}/net/{table}")
        if not path.exists():
            continue
        for row in path.read_text().splitlines()[1:]:
            cols = row.split()
            local, state, inode = cols[1], cols[3], cols[9]
            if state != "0A" or inode not in inodes:  # 0A = LISTEN
                continue
            address_hex, port_hex = local.split(":")
            found.append((_address(address_hex, width), int(port_hex, 16)))
    return found


def _address(hex_text: str, width: int) -> str:
    raw = bytes.fromhex(hex_text)
    if width == 8:
        return ".".join(str(b) for b in reversed(raw))
    words = [raw[i:i + 4][::-1] for i in range(0, 16, 4)]
    import ipaddress

    return str(ipaddress.IPv6Address(b"".join(words)))


def request(gui: RunningGui, method: str, path: str, *, headers: dict[str, str] | None = None,
            body: bytes | None = None) -> tuple[int, bytes]:
    """One raw HTTP request: the path is sent exactly as given (no client-side clean-up)."""
    conn = http.client.HTTPConnection("127.0.0.1", gui.port, timeout=60)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": f"127.0.0.1:{gui.port}", **(headers or {})}
        if body is not None:
            sent["Content-Length"] = str(len(body))
        for key, value in sent.items():
            conn.putheader(key, value)
        conn.endheaders(body)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def with_token(gui: RunningGui, path: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}token={gui.token}"


def same_origin(gui: RunningGui) -> dict[str, str]:
    return {"Origin": gui.base, "Sec-Fetch-Site": "same-origin",
            "Content-Type": "application/json"}
