"""Operator commands (monitor, doctor) — being written (issue 9)."""

from __future__ import annotations

from typing import Any


def add_commands(sub: Any) -> None:
    return None
