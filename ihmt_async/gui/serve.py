"""Run the GUI: the runtime owner and a uvicorn server on 127.0.0.1, in one task group.

The socket is bound here, on the loopback address only, before the app is built (so ``--port 0``
gets a free port and the guard knows which origin is its own); then the URL with the token is
announced (stdout, through the caller) and, unless told not to, opened in the browser. SIGINT
and SIGTERM stop the server, then the runtime, cleanly. It must never bind another address.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
import structlog
import uvicorn
from anyio.abc import TaskStatus

from actors.provenance import Provenance, new_session_id
from ihmt_async.gui.app import build_app
from ihmt_async.gui.owner import RuntimeOwner
from ihmt_async.gui.security import new_token
from ihmt_async.logs import set_client

log = structlog.get_logger("ihmt.gui")
HOST = "127.0.0.1"
AGENT = "gui"


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling: the GUI's task group owns the signals."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def bind_loopback(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


async def run_gui(home: Path | str | None, *, port: int, open_browser: bool,
                  announce: Callable[[str], None]) -> None:
    session = new_session_id()
    set_client(AGENT, session)
    owner = RuntimeOwner(home, Provenance(agent=AGENT, client_version="", session=session))
    token = new_token()
    sock = bind_loopback(port)
    bound = sock.getsockname()[1]
    try:
        app, gui = build_app(owner, token, bound)
    except BaseException:
        sock.close()
        raise
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="off", ws="none",
                            timeout_graceful_shutdown=5)
    server = _Server(config)
    url = f"http://{HOST}:{bound}/?token={token}"

    async def watch_signals(*, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED
                            ) -> None:
        with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            task_status.started()
            async for _ in signals:
                server.should_exit = True
                return

    try:
        async with anyio.create_task_group() as tg:
            await tg.start(owner.run)
            async with anyio.create_task_group() as serving:
                await serving.start(watch_signals)
                log.info("gui.ready", url=f"http://{HOST}:{bound}/", home=str(owner.home))
                announce(f"ihmt-async GUI: {url}")
                if open_browser:
                    await anyio.to_thread.run_sync(webbrowser.open, url)
                await server.serve(sockets=[sock])
                serving.cancel_scope.cancel()
            owner.close()  # the runtime stops cleanly, then its task returns
    finally:
        with anyio.CancelScope(shield=True):  # closing the log follower, even when cancelled
            await gui.aclose()
        sock.close()
        log.info("gui.stopped")
