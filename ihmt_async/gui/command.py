"""``ihmt-async gui [--port N] [--no-browser]``: the command-line entry of the web GUI.

It prints one line on stdout (the URL with the token) and nothing else there; logs go where
the CLI configured them. It must never run in the same process as the MCP stdio server.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from store.errors import InvalidArgument


def _announce(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def cmd_gui(args: argparse.Namespace) -> int:
    from ihmt_async.gui.serve import run_gui

    if not 0 <= args.port <= 65535:
        raise InvalidArgument(f"--port {args.port} is not a TCP port (0 picks a free one).")
    try:
        await run_gui(args.home, port=args.port, open_browser=not args.no_browser,
                      announce=_announce)
    except OSError as exc:
        raise InvalidArgument(f"Cannot listen on 127.0.0.1:{args.port}: "
                              f"{exc.strerror or exc}.") from None
    return 0


def add_command(sub: Any) -> None:
    p = sub.add_parser("gui", help="open the local web GUI (127.0.0.1 only, token in the URL)")
    p.set_defaults(func=cmd_gui)
    p.add_argument("--port", type=int, default=0, help="TCP port (default: a free one)")
    p.add_argument("--no-browser", action="store_true",
                   help="print the URL but do not open a browser")
