"""The GUI's guard over real HTTP on a real ``ihmt-async gui`` process.

No token, a wrong token or a foreign Host: 403. A write from another origin, without an
Origin, as a cross-site fetch or as a form: 403, and the store is unchanged. Only 127.0.0.1
listens. Path tricks in URLs (``..``, percent-encoded, absolute, links) never read a file
outside the store, nor one inside it that is not a leaf.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from gui_support import (
    RunningGui,
    SeededStore,
    cli_json,
    listening_sockets,
    request,
    running_gui,
    same_origin,
    seed,
    with_token,
)

from ihmt_async.gui.security import refusal

SECRET = "OUTSIDE-THE-STORE-7f3a"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SeededStore, RunningGui]]:
    base = tmp_path_factory.mktemp("gui-security")
    home = base / "home"
    home.mkdir()
    (base / "secret.txt").write_text(SECRET)
    (home / "secret.txt").write_text(SECRET)  # beside the store, outside ihmt_memory/
    seeded = seed(home)
    (home / "ihmt_memory" / "layer_0" / "personal" / "L-link.txt").symlink_to(base / "secret.txt")
    with running_gui(home, base / "gui.stderr") as gui:
        yield seeded, gui


@pytest.mark.parametrize("path", ["/", "/api/overview", "/api/tree", "/static/app.js",
                                  "/api/search?q=Madrid", "/api/review", "/nowhere"])
def test_without_the_token_every_request_is_403(world: tuple[SeededStore, RunningGui],
                                                path: str) -> None:
    _, gui = world
    for unauthorised in (request(gui, "GET", path),
                         request(gui, "GET", f"{path}{'&' if '?' in path else '?'}token="
                                 f"{gui.token[:-1]}{'x' if gui.token[-1] != 'x' else 'y'}"),
                         request(gui, "GET", path, headers={"X-IHMT-Token": "not-the-token"})):
        assert unauthorised[0] == 403, unauthorised
    for authorised in (request(gui, "GET", with_token(gui, path)),
                       request(gui, "GET", path, headers={"X-IHMT-Token": gui.token})):
        assert authorised[0] in (200, 404), authorised


def test_a_foreign_host_header_is_refused(world: tuple[SeededStore, RunningGui]) -> None:
    _, gui = world
    status, _ = request(gui, "GET", with_token(gui, "/api/overview"),
                        headers={"Host": f"attacker.example:{gui.port}"})
    assert status == 403


def pending_ids(seeded: SeededStore) -> list[str]:
    return [f["fact_id"] for f in cli_json(seeded.home, "review")]


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example", "Content-Type": "application/json"},
    {"Origin": "http://127.0.0.1:1", "Content-Type": "application/json"},
    {"Content-Type": "application/json"},  # no Origin at all
    {"ORIGIN": "null", "Content-Type": "application/json"},
    {"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json", "__same__": "1"},
    {"Content-Type": "text/plain", "__same__": "1"},  # what a cross-site form can send
    {"Content-Type": "application/x-www-form-urlencoded", "__same__": "1"},
])
def test_a_write_from_another_origin_is_refused(world: tuple[SeededStore, RunningGui],
                                                headers: dict[str, str]) -> None:
    seeded, gui = world
    sent = dict(headers)
    if sent.pop("__same__", None):
        sent.setdefault("Origin", gui.base)
    before = pending_ids(seeded)
    assert before == [seeded.pending_fact]
    body = json.dumps({"action": "approve", "fact_id": seeded.pending_fact}).encode()
    status, reply = request(gui, "POST", with_token(gui, "/api/review"), headers=sent, body=body)
    assert status == 403, reply
    body = json.dumps({"target": seeded.billing_leaf, "reason": "csrf"}).encode()
    status, reply = request(gui, "POST", with_token(gui, "/api/forget"), headers=sent, body=body)
    assert status == 403, reply
    assert pending_ids(seeded) == before
    leaf = f"/api/leaf/software/{seeded.billing_leaf}"
    status, reply = request(gui, "GET", with_token(gui, leaf))
    assert status == 200 and json.loads(reply)["retracted"] is False


def test_a_same_origin_write_needs_the_token_too(world: tuple[SeededStore, RunningGui]) -> None:
    seeded, gui = world
    body = json.dumps({"action": "reject", "fact_id": seeded.pending_fact}).encode()
    status, _ = request(gui, "POST", "/api/review", headers=same_origin(gui), body=body)
    assert status == 403
    assert pending_ids(seeded) == [seeded.pending_fact]
    # A same-origin write with the token but a bad request gets a clear 400, not a change.
    body = json.dumps({"action": "delete-everything", "fact_id": seeded.pending_fact}).encode()
    status, reply = request(gui, "POST", with_token(gui, "/api/review"),
                            headers=same_origin(gui), body=body)
    assert status == 400 and b"approve" in reply
    assert pending_ids(seeded) == [seeded.pending_fact]


def test_only_the_loopback_address_listens(world: tuple[SeededStore, RunningGui]) -> None:
    _, gui = world
    sockets = listening_sockets(gui.process.pid)
    assert (("127.0.0.1", gui.port)) in sockets
    assert all(address == "127.0.0.1" for address, _ in sockets), sockets


TRICKS = [
    "/api/leaf/personal/..%2F..%2F..%2Fsecret.txt",
    "/api/leaf/personal/../../../secret.txt",
    "/api/leaf/..%2F..%2F../secret",
    "/api/leaf/..%2F..%2F..%2F/secret",
    "/api/leaf/%2E%2E/%2E%2E%2F%2E%2E%2Fsecret",
    "/api/leaf/personal/%2Fetc%2Fpasswd",
    "/api/leaf/personal/L-link",
    "/api/leaf/personal/..",
    "/api/leaf/state/audit",
    "/api/leaf/personal/..%252F..%252F..%252Fsecret",
    "/api/leaf/personal%2F..%2F..%2F..%2F/secret",
    "/static/..%2F..%2F..%2Fstore%2Fpaths.py",
    "/static/../app.py",
    "/static/%2E%2E%2Fapp.py",
    "/static/%2Fetc%2Fpasswd",
    "/../../../etc/passwd",
    "/api/../../secret.txt",
]


@pytest.mark.parametrize("path", TRICKS)
def test_url_paths_never_read_outside_the_store(world: tuple[SeededStore, RunningGui],
                                                path: str) -> None:
    _, gui = world
    status, body = request(gui, "GET", with_token(gui, path))
    assert status in (400, 404), (status, body[:200])
    assert SECRET.encode() not in body
    assert b"root:" not in body and b"def " not in body and b'"action"' not in body


def test_a_real_leaf_is_served(world: tuple[SeededStore, RunningGui]) -> None:
    seeded, gui = world
    status, body = request(gui, "GET", with_token(gui, f"/api/leaf/personal/{seeded.madrid_leaf}"))
    assert status == 200
    leaf: dict[str, Any] = json.loads(body)
    assert leaf["header"]["leaf_id"] == seeded.madrid_leaf
    assert leaf["text"] == "2025-03-10: I live in Madrid, in a flat in Lavapiés."


def test_refusal_rules_directly() -> None:
    def scope(method: str, headers: dict[str, str], query: str = "token=t0k") -> dict[str, Any]:
        return {"type": "http", "method": method, "query_string": query.encode(),
                "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}

    host = {"Host": "127.0.0.1:8123"}
    ok_post = {**host, "Origin": "http://127.0.0.1:8123", "Content-Type": "application/json"}
    assert refusal(scope("GET", host), token="t0k", port=8123) is None
    assert refusal(scope("GET", {"Host": "localhost:8123"}), token="t0k", port=8123) is None
    assert refusal(scope("POST", ok_post), token="t0k", port=8123) is None
    assert refusal(scope("GET", host, ""), token="t0k", port=8123) is not None
    assert refusal(scope("GET", host, "token=t0"), token="t0k", port=8123) is not None
    assert refusal(scope("GET", {"Host": "127.0.0.1:8124"}), token="t0k", port=8123) is not None
    assert refusal(scope("PUT", ok_post), token="t0k", port=8123) is not None
    assert refusal(scope("POST", {**ok_post, "Sec-Fetch-Site": "same-site"}), token="t0k",
                   port=8123) is not None
    assert refusal(scope("POST", {**ok_post, "Origin": "http://127.0.0.1:8124"}), token="t0k",
                   port=8123) is not None
