"""The GUI's guard: a random token on every request, same-origin JSON POSTs for writes.

An ASGI middleware in front of every route, so no handler can forget it. A request is refused
with 403 unless its Host names the loopback listener (DNS rebinding), it carries the token (query
``token`` or header ``X-IHMT-Token``, compared in constant time) and, for anything but GET/HEAD,
it is a POST whose ``Origin`` is this listener, whose ``Sec-Fetch-Site`` (when sent) is
``same-origin`` and whose body is JSON (a cross-site HTML form cannot send that). It must never
set a cookie: a cookie would ride along on another tab's request.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable
from urllib.parse import parse_qs

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = structlog.get_logger("ihmt.gui")

TOKEN_HEADER = b"x-ihmt-token"
SAFE_METHODS = ("GET", "HEAD")
LOOPBACK_NAMES = ("127.0.0.1", "localhost")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
     b"form-action 'self'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),  # the token is in the URL: never send it onwards
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def allowed_origins(port: int) -> frozenset[str]:
    return frozenset(f"http://{name}:{port}" for name in LOOPBACK_NAMES)


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    for key, value in headers:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def refusal(scope: Scope, *, token: str, port: int) -> str | None:
    """Why this request must be refused, or None when it may pass."""
    headers = scope.get("headers", [])
    host = _header(headers, b"host") or ""
    if host not in {f"{name}:{port}" for name in LOOPBACK_NAMES}:
        return "unexpected Host header"
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    given = _header(headers, TOKEN_HEADER) or (query.get("token") or [""])[0]
    if not given or not hmac.compare_digest(given.encode(), token.encode()):
        return "missing or wrong token"
    method = scope.get("method", "GET")
    if method in SAFE_METHODS:
        return None
    if method != "POST":
        return "only GET and POST are served"
    if _header(headers, b"origin") not in allowed_origins(port):
        return "cross-origin or origin-less write"
    fetch_site = _header(headers, b"sec-fetch-site")
    if fetch_site is not None and fetch_site != "same-origin":
        return "cross-site write"
    content_type = (_header(headers, b"content-type") or "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return "writes must send JSON"
    return None


class Guard:
    """Refuse (403, plain text) whatever ``refusal`` names; add the security headers."""

    def __init__(self, app: ASGIApp, *, token: str, port: int) -> None:
        self.app = app
        self.token = token
        self.port = port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        reason = refusal(scope, token=self.token, port=self.port)
        if reason is not None:
            # The path only: the query may hold a (wrong or right) token.
            log.warning("gui.refused", reason=reason, method=scope.get("method"),
                        path=scope.get("path"))
            body = f"Forbidden: {reason}.\n".encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()),
                                    *SECURITY_HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
