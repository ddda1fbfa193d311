"""Who is writing: the MCP client (from the handshake), its version and this process's session.

Every leaf header, fact and audit line carries one of these, so a store shared by Claude Code,
Codex and opencode records which agent and which session wrote what.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass

ORIGINS = ("user", "agent", "tool")


@dataclass(frozen=True)
class Provenance:
    agent: str = "cli"
    """The client's name from ``clientInfo`` (e.g. 'claude-code'), or 'cli'."""
    client_version: str = ""
    session: str = ""
    """A per-process id, so two sessions of one client are told apart."""

    @property
    def source(self) -> str:
        return f"mcp://{self.agent}" if self.agent != "cli" else "cli://ihmt-async"

    def as_dict(self) -> dict[str, str]:
        return {"agent": self.agent, "session": self.session,
                "client_version": self.client_version}


def new_session_id() -> str:
    return f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
