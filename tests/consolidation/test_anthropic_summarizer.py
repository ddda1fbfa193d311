"""The optional Claude summarizer, against a real local HTTP server speaking the Messages API.

The server runs on a socket of this machine (``ANTHROPIC_BASE_URL`` points at it): it checks
the documented request shape (``POST /v1/messages``, ``x-api-key``, ``anthropic-version``, a
JSON body with model, max_tokens and one user message) and answers with the documented reply
shape (``content`` blocks of type ``text``), or with a failure. Every failure must give the
heuristic summary.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from consolidation_store import build_leaves

from actors.consolidation.anthropic import AnthropicSummarizer, summarizer_for
from actors.consolidation.messages import Flush
from actors.consolidation.summarizer import ChildDigest, HeuristicSummarizer
from actors.navigation.messages import TreeView
from ihmt_async.runtime import OpenedStore, Runtime

MODEL_REPLY = {
    "title": "Billing service: retries and the Postgres move",
    "summary": "The billing service moved to Postgres 16 and retries payments three times.",
    "keywords": ["billing", "postgres", "retries"],
    "entities": ["Postgres", "Stripe"],
}


@dataclass
class FakeMessagesApi:
    """What the local server answers, and every request it received."""

    mode: str = "ok"
    """ok (the JSON object in a text block), fenced (the same in a code fence), status (HTTP
    529 overloaded), prose (text without any JSON), garbage (a body that is not JSON)."""
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""


def _handler(api: FakeMessagesApi) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
            length = int(self.headers.get("content-length", "0"))
            body = json.loads(self.rfile.read(length))
            api.requests.append({"path": self.path, "headers": dict(self.headers),
                                 "body": body})
            text = json.dumps(MODEL_REPLY)
            if api.mode == "status":
                self._send(529, {"type": "error", "error": {"type": "overloaded_error",
                                                            "message": "Overloaded"}})
                return
            if api.mode == "garbage":
                self._send_raw(200, b"<html>not json</html>")
                return
            if api.mode == "fenced":
                text = "Here it is:\n```json\n" + text + "\n```"
            elif api.mode == "prose":
                text = "I cannot summarise these notes."
            self._send(200, {"id": "msg_01", "type": "message", "role": "assistant",
                             "model": body.get("model"), "stop_reason": "end_turn",
                             "content": [{"type": "text", "text": text}],
                             "usage": {"input_tokens": 10, "output_tokens": 20}})

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            self._send_raw(status, json.dumps(payload).encode())

        def _send_raw(self, status: int, data: bytes) -> None:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # keep the test output clean

    return Handler


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMessagesApi]:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    state = FakeMessagesApi()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def children() -> list[ChildDigest]:
    return [
        ChildDigest(id=f"L-{n}", kind="leaf", title=title, excerpt=excerpt,
                    keywords=("billing",), tags=("lang:python",), entities=("Postgres",),
                    timestamp=f"2026-01-0{n + 1}T10:00:00Z", leaf_count=1)
        for n, (title, excerpt) in enumerate([
            ("Billing moved to Postgres", "We moved the billing service to Postgres 16."),
            ("Payment retries", "Payments are retried three times with backoff."),
            ("Reintentos de pago", "Los pagos se reintentan tres veces."),
        ])
    ]


def claude(api: FakeMessagesApi) -> AnthropicSummarizer:
    made = summarizer_for("anthropic", "claude-test-model",
                          env={"ANTHROPIC_API_KEY": "sk-test-123", "ANTHROPIC_BASE_URL": api.url})
    assert isinstance(made, AnthropicSummarizer)
    return made


@pytest.mark.parametrize("mode", ["ok", "fenced"])
def test_titles_and_excerpts_go_to_the_messages_api(api: FakeMessagesApi, mode: str) -> None:
    api.mode = mode
    summary = claude(api).summarize("software.billing", 1, children())
    assert summary.title == MODEL_REPLY["title"]
    assert summary.summary == MODEL_REPLY["summary"]
    assert summary.keywords == ("billing", "postgres", "retries")
    assert summary.entities == ("Postgres", "Stripe")
    heuristic = HeuristicSummarizer().summarize("software.billing", 1, children())
    assert summary.tags == heuristic.tags and summary.time_range == heuristic.time_range

    [request] = api.requests
    assert request["path"] == "/v1/messages"
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["x-api-key"] == "sk-test-123"
    assert headers["anthropic-version"] == "2023-06-01"
    assert headers["content-type"] == "application/json"
    body = request["body"]
    assert body["model"] == "claude-test-model" and body["max_tokens"] > 0
    [message] = body["messages"]
    assert message["role"] == "user"
    for child in children():
        assert child.title in message["content"] and child.excerpt in message["content"]
    assert "software.billing" in message["content"]


@pytest.mark.parametrize("mode", ["status", "prose", "garbage"])
def test_a_failed_reply_gives_the_heuristic_summary(api: FakeMessagesApi, mode: str) -> None:
    api.mode = mode
    summary = claude(api).summarize("software.billing", 2, children())
    assert len(api.requests) == 1  # it did ask
    assert summary == HeuristicSummarizer().summarize("software.billing", 2, children())


def test_an_unreachable_api_gives_the_heuristic_summary(api: FakeMessagesApi) -> None:
    dead = claude(api)
    dead.base_url = "http://127.0.0.1:9"  # the discard port: nothing listens there
    summary = dead.summarize("personal", 1, children())
    assert summary == HeuristicSummarizer().summarize("personal", 1, children())


def test_heuristic_unless_asked_and_keyed() -> None:
    assert isinstance(summarizer_for("heuristic", "m", env={"ANTHROPIC_API_KEY": "k"}),
                      HeuristicSummarizer)
    assert isinstance(summarizer_for("anthropic", "m", env={}), HeuristicSummarizer)
    assert isinstance(summarizer_for("anthropic", "m", env={"ANTHROPIC_API_KEY": " "}),
                      HeuristicSummarizer)


@pytest.mark.anyio
async def test_the_store_setting_makes_consolidation_ask_claude(
        api: FakeMessagesApi, opened: OpenedStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IHMT_SUMMARIZER_BACKEND", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-456")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
    factor = opened.settings.branch_factor
    build_leaves(opened.layout, opened.locks, factor, domains=("work",))
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=True))
        tree = await rt.navigation.ask(TreeView(max_depth=1))
    assert result.branches_written >= 1
    assert len(api.requests) == result.branches_written
    nodes = [item for items in tree["domains"].values() for item in items
             if item["kind"] == "node"]
    assert nodes and all(node["title"] == MODEL_REPLY["title"] for node in nodes)
