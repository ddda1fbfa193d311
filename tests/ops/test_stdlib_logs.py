"""The libraries' stdlib log records (the MCP SDK's, anyio's) reach the JSON log file as
structlog events, and stderr only when the events go there."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
import structlog

from ihmt_async.logs import configure_logging


def test_a_library_record_is_an_event_of_the_log_file(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    log_file = tmp_path / "ihmt.jsonl"
    structlog_before = structlog.get_config()
    root = logging.getLogger()
    handlers_before, level_before = list(root.handlers), root.level
    configure_logging(log_file, to_stderr=False)
    try:
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("mcp.shared.jsonrpc_dispatcher").exception(
                "handler for %r raised", "prompts/get")
        logging.getLogger("anyio").info("below the threshold: dropped")
    finally:  # the process's logging as it was (other tests run in this process)
        structlog.configure(**structlog_before)
        root.handlers[:] = handlers_before
        root.setLevel(level_before)
    events = [json.loads(line) for line in log_file.read_text(encoding="utf-8").splitlines()]
    raised = [e for e in events if e.get("logger") == "mcp.shared.jsonrpc_dispatcher"]
    assert len(raised) == 1 and raised[0]["event"] == "handler for 'prompts/get' raised"
    assert "ValueError: boom" in raised[0]["exception"] and raised[0]["level"] == "error"
    assert not [e for e in events if e.get("logger") == "anyio"]
    assert capsys.readouterr().err == ""
