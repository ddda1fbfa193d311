"""Session and project tools (note, recall, digest_output, read_file, project_map, find_code).

Being written (issue 8); registers nothing yet.
"""

from __future__ import annotations

from typing import Any


def register_session_tools(server: Any) -> None:
    return None
