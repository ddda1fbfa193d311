"""The GUI's routes: JSON over the runtime's actors, plus the static pages.

Handlers only build actor messages (navigation: search, tree, stats; facts: history, review,
retract) or call the store's public readers (``files``), and turn the answers into JSON. Every
``IhmtError`` becomes a 400 with its sentence, once, here; anything else a logged 500 that names
the error type. Writes act as the agent ``gui`` (the runtime's provenance), so the audit log
says who did it. This module must never open a store file by a path built from a URL.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import structlog
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from actors.base import new_request_id
from actors.facts.messages import Conflicts, History, Retract, RetractedAmong, Review
from actors.ingest.validate import check_scope
from actors.navigation.messages import Search, Stats, TreeView
from ihmt_async.gui import files, setup
from ihmt_async.gui.live import LiveLog
from ihmt_async.gui.owner import RuntimeOwner
from ihmt_async.jsonable import to_jsonable
from ihmt_async.render import render_search
from ihmt_async.runtime import Runtime
from ihmt_async.timeparse import parse_as_of
from store import doctor
from store.errors import IhmtError, InvalidArgument

log = structlog.get_logger("ihmt.gui")
Handler = Callable[[Request], Awaitable[Response]]
TREE_DEPTH = 64
CANDIDATES = 10
MAX_BODY_BYTES = 64 * 1024


def json_reply(value: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(to_jsonable(value), status_code=status)


def answers(func: Callable[[Request], Awaitable[Any]]) -> Handler:
    """Map our errors to a 400 with their sentence; log and name anything else."""

    @functools.wraps(func)
    async def handler(request: Request) -> Response:
        try:
            # Like the MCP tools: the edge's log lines and the actors' share one request id.
            with structlog.contextvars.bound_contextvars(request_id=new_request_id()):
                result = await func(request)
        except IhmtError as exc:
            return json_reply({"error": str(exc), "type": type(exc).__name__}, 400)
        except Exception as exc:
            log.error("gui.failed", path=request.url.path, error=repr(exc), exc_info=True)
            return json_reply({"error": f"Internal error ({type(exc).__name__}); nothing was "
                               "changed by the failed step.", "type": type(exc).__name__}, 500)
        return result if isinstance(result, Response) else json_reply(result)

    return handler


async def body_of(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise InvalidArgument("The request body is too large.")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise InvalidArgument("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise InvalidArgument("The request body must be a JSON object.")
    return data


def text_field(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise InvalidArgument(f"'{key}' must be text.")
    return value


class Gui:
    """The routes, over one ``RuntimeOwner``; one ``LiveLog`` per store served."""

    def __init__(self, owner: RuntimeOwner, token: str) -> None:
        self.owner = owner
        self.token = token
        self._live: dict[Path, LiveLog] = {}

    @property
    def rt(self) -> Runtime:
        return self.owner.runtime

    def live(self) -> LiveLog:
        layout = self.rt.layout
        if layout.root not in self._live:
            self._live[layout.root] = LiveLog(layout)
        return self._live[layout.root]

    async def aclose(self) -> None:
        lives, self._live = list(self._live.values()), {}
        for live in lives:
            await live.aclose()

    # ------------------------------------------------------------------ pages

    async def index(self, request: Request) -> Response:
        page = await files.read_static("index.html")
        assert page is not None, "the package ships index.html"
        body = page[0].decode("utf-8").replace("__TOKEN__", html.escape(self.token, quote=True))
        return Response(body, media_type="text/html; charset=utf-8")

    async def static(self, request: Request) -> Response:
        found = await files.read_static(str(request.path_params["name"]))
        if found is None:
            return Response("Not found.\n", status_code=404, media_type="text/plain")
        return Response(found[0], media_type=found[1])

    # ------------------------------------------------------------------ reads

    async def overview(self, request: Request) -> dict[str, Any]:
        rt = self.rt
        stats = await rt.navigation.ask(Stats())
        pending = await rt.facts.ask(Review(action="list", provenance=rt.provenance))
        live = await self.live().snapshot()
        return {"store": str(rt.layout.root), "home": str(rt.layout.home), "stats": stats,
                "pending_review": len(pending),
                "processes": live["processes"], "consolidation": live["consolidation"],
                "actors": rt.statistics()}

    async def doctor(self, request: Request) -> dict[str, Any]:
        """The doctor's read-only check; asked for separately, as it reads every file."""
        problems = await anyio.to_thread.run_sync(functools.partial(doctor.check,
                                                                    self.rt.layout))
        return {"ok": not problems, "problems": problems}

    async def tree(self, request: Request) -> dict[str, Any]:
        tree = await self.rt.navigation.ask(TreeView(max_depth=TREE_DEPTH))
        root = await files.root_digest(self.rt.layout)
        digests = (root or {}).get("domains") or {}
        return {"domains": tree["domains"], "digests": digests,
                "summary": (root or {}).get("summary")}

    async def leaf(self, request: Request) -> dict[str, Any]:
        domain, leaf_id = str(request.path_params["domain"]), str(request.path_params["leaf_id"])
        leaf = await files.read_leaf_file(self.rt.layout, domain, leaf_id)
        retracted = await self.rt.facts.ask(RetractedAmong(leaf_ids=(leaf.leaf_id,)))
        return {"header": dict(leaf.header), "text": leaf.text,
                "retracted": leaf.leaf_id in retracted}

    async def search(self, request: Request) -> dict[str, Any]:
        q = request.query_params
        message = Search(query=q.get("q", ""), clue=q.get("clue") or None,
                         scope=check_scope(q.get("scope", ""), wildcard=True),
                         as_of=parse_as_of(q.get("as_of")),
                         include_history=q.get("history") == "1")
        started = time.perf_counter()
        result = await self.rt.navigation.ask(message)
        agent_ms = (time.perf_counter() - started) * 1000
        # The same search asked for more hits: the candidates that lost, with their scores.
        started = time.perf_counter()
        wide = await self.rt.navigation.ask(dataclasses.replace(message, limit=CANDIDATES))
        wide_ms = (time.perf_counter() - started) * 1000
        return {"result": result, "candidates": [*wide.hits, *wide.history],
                "agent_reply": render_search(result, detail="compact"),
                "full_reply": render_search(result, detail="full"),
                "timings": {"search_ms": round(agent_ms, 2),
                            f"search_top_{CANDIDATES}_ms": round(wide_ms, 2)}}

    async def timeline(self, request: Request) -> dict[str, Any]:
        q = request.query_params
        subject = q.get("subject", "").strip() or "user"
        attribute = q.get("attribute", "").strip()
        facts = await self.rt.facts.ask(History(subject=subject, attribute=attribute,
                                                as_of=parse_as_of(q.get("as_of"))))
        changed = await self.rt.facts.ask(Conflicts())
        keys = sorted({(f.subject, f.attribute) for group in changed for f in group})
        return {"subject": subject, "attribute": attribute, "facts": facts,
                "notices": notices_of(facts), "changed_keys": [list(k) for k in keys]}

    async def pending(self, request: Request) -> Any:
        return await self.rt.facts.ask(Review(action="list", provenance=self.rt.provenance))

    async def audit(self, request: Request) -> dict[str, Any]:
        q = request.query_params
        layout = self.rt.layout

        def read() -> dict[str, Any]:
            return files.audit_rows(files.store_audit(layout), since=q.get("since", ""),
                                    until=q.get("until", ""), agent=q.get("agent", ""),
                                    action=q.get("action", ""))

        return await anyio.to_thread.run_sync(read)

    async def live_figures(self, request: Request) -> dict[str, Any]:
        return await self.live().snapshot()

    async def setup_state(self, request: Request) -> dict[str, Any]:
        return {"home": str(self.rt.layout.home), "store": str(self.rt.layout.root),
                "agents": setup.AGENTS, "scopes": setup.SCOPES, "cwd": os.getcwd()}

    async def install_preview(self, request: Request) -> dict[str, Any]:
        q = request.query_params
        scope = q.get("scope", "user")
        cwd = await anyio.to_thread.run_sync(setup.project_folder, scope, q.get("project", ""))
        return await setup.run_install(q.get("agent", ""), scope, home=self.rt.layout.home,
                                       dry_run=True, cwd=cwd)

    # ------------------------------------------------------------------ writes

    async def review(self, request: Request) -> Any:
        data = await body_of(request)
        action = text_field(data, "action")
        if action not in ("approve", "reject"):
            raise InvalidArgument("The review action must be 'approve' or 'reject'.")
        return await self.rt.facts.ask(Review(action=action, fact_id=text_field(data, "fact_id"),
                                              provenance=self.rt.provenance))

    async def forget(self, request: Request) -> Any:
        data = await body_of(request)
        return await self.rt.facts.ask(Retract(target=text_field(data, "target").strip(),
                                               reason=text_field(data, "reason"),
                                               provenance=self.rt.provenance))

    async def install(self, request: Request) -> dict[str, Any]:
        data = await body_of(request)
        scope = text_field(data, "scope")
        cwd = await anyio.to_thread.run_sync(setup.project_folder, scope,
                                             text_field(data, "project"))
        return await setup.run_install(text_field(data, "agent"), scope,
                                       home=self.rt.layout.home, dry_run=False, cwd=cwd)

    async def choose_store(self, request: Request) -> dict[str, Any]:
        data = await body_of(request)
        home = await self.owner.switch(text_field(data, "folder"))
        return {"home": str(home), "store": str(self.rt.layout.root)}

    def routes(self) -> list[Route]:
        get, post = ["GET"], ["POST"]
        return [
            Route("/", self.index, methods=get),
            Route("/static/{name}", self.static, methods=get),
            Route("/api/overview", answers(self.overview), methods=get),
            Route("/api/doctor", answers(self.doctor), methods=get),
            Route("/api/tree", answers(self.tree), methods=get),
            Route("/api/leaf/{domain}/{leaf_id}", answers(self.leaf), methods=get),
            Route("/api/search", answers(self.search), methods=get),
            Route("/api/timeline", answers(self.timeline), methods=get),
            Route("/api/review", answers(self.pending), methods=get),
            Route("/api/review", answers(self.review), methods=post),
            Route("/api/forget", answers(self.forget), methods=post),
            Route("/api/audit", answers(self.audit), methods=get),
            Route("/api/live", answers(self.live_figures), methods=get),
            Route("/api/setup", answers(self.setup_state), methods=get),
            Route("/api/setup/preview", answers(self.install_preview), methods=get),
            Route("/api/setup/install", answers(self.install), methods=post),
            Route("/api/setup/store", answers(self.choose_store), methods=post),
        ]


def notices_of(facts: Any) -> list[dict[str, Any]]:
    """What a person should notice in a timeline (the page words them in its language)."""
    out: list[dict[str, Any]] = []
    by_key: dict[tuple[str, str], list[Any]] = {}
    for fact in facts:
        by_key.setdefault((fact.subject, fact.attribute), []).append(fact)
    for (subject, attribute), group in by_key.items():
        key = {"subject": subject, "attribute": attribute}
        served = [f for f in group if f.status in ("ACTIVE", "HISTORICAL")]
        current = [f for f in served if f.status == "ACTIVE"]
        if len({f.value for f in served}) > 1 and current:
            now = current[-1]
            out.append({**key, "kind": "changed", "value": now.value,
                        "since": now.valid_from or now.recorded_at[:10],
                        "earlier": [f.value for f in served if f.status == "HISTORICAL"]})
        for fact in group:
            if fact.status == "PENDING":
                out.append({**key, "kind": "pending", "value": fact.value,
                            "agent": fact.agent or "?", "origin": fact.origin,
                            "fact_id": fact.fact_id})
            if fact.status == "RETRACTED":
                out.append({**key, "kind": "retracted", "value": fact.value,
                            "reason": fact.retraction_reason or ""})
    return out


def build_app(owner: RuntimeOwner, token: str, port: int) -> tuple[Starlette, Gui]:
    from ihmt_async.gui.security import Guard

    gui = Gui(owner, token)
    app = Starlette(routes=gui.routes())
    app.add_middleware(Guard, token=token, port=port)
    return app, gui
