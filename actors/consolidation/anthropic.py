"""The optional LLM summarizer: branch summaries written by Claude over the Messages API.

Selected with ``summarizer_backend = "anthropic"`` and used only when ``ANTHROPIC_API_KEY`` is
set, as in IHMT. The children's titles, dates and excerpts are sent in one request
(``POST {base}/v1/messages``, base from ``ANTHROPIC_BASE_URL``, default the public API) through
``httpx2``, the HTTP client the MCP SDK already brings. Every failure (no key, network, status,
a reply that is not the JSON object asked for) gives the heuristic summary instead: a
consolidation is never lost or stalled because a model was unreachable. Keywords and entities
the model leaves out, the tags and the time range always come from the heuristic summary.

This module never touches the store; it runs in the consolidation's worker thread (the
``Summarizer`` protocol is synchronous) and never logs the key or the children's text.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

import structlog

from actors.consolidation.summarizer import (
    NODE_ENTITIES,
    NODE_KEYWORDS,
    SUMMARY_LIMIT,
    BranchSummary,
    ChildDigest,
    HeuristicSummarizer,
    Summarizer,
    excerpt_for,
)

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
"""The ``anthropic-version`` header the Messages API requires."""
MAX_TOKENS = 1024
TIMEOUT_S = 30.0
"""Per request; a consolidation pass waits at most this long per branch before falling back."""
TITLE_LIMIT = 90
CHILD_EXCERPT_LIMIT = 400

PROMPT = (
    "You are the summarization layer of a hierarchical memory tree.\n"
    "Condense the child nodes below into their parent node.\n"
    "Domain: {domain}. Tree layer: {layer}.\n\n"
    "Children:\n{children}\n\n"
    "Reply with ONLY a JSON object with these keys:\n"
    '{{"title": "<= 90 chars", "summary": "<= 700 chars, factual, no preamble", '
    '"keywords": ["<= 14 lowercase terms"], "entities": ["<= 12 proper nouns or identifiers"]}}'
)

log = structlog.get_logger("ihmt.consolidation")


def prompt_for(domain: str, layer: int, children: Sequence[ChildDigest]) -> str:
    lines = [f"- [{c.timestamp[:10] or '????'}] {c.title}: "
             f"{excerpt_for(c.excerpt, CHILD_EXCERPT_LIMIT)}" for c in children]
    return PROMPT.format(domain=domain, layer=layer, children="\n".join(lines))


def reply_object(reply: Mapping[str, Any]) -> dict[str, Any] | None:
    """The JSON object in a Messages API reply's text blocks (code fences tolerated)."""
    blocks = reply.get("content")
    if not isinstance(blocks, list):
        return None
    text = "".join(str(b.get("text", "")) for b in blocks
                   if isinstance(b, dict) and b.get("type") == "text")
    match = re.search(r"\{.*\}", text, re.DOTALL)
    if match is None:
        return None
    try:
        parsed = json.loads(match.group(0))
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _strings(value: object, limit: int) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    seen: dict[str, str] = {}
    for item in value:
        text = " ".join(str(item).split())
        if text and text.casefold() not in seen:
            seen[text.casefold()] = text
    return tuple(seen.values())[:limit]


class AnthropicSummarizer:
    """Claude writes the title and summary; the heuristic fills in the rest and any failure."""

    name = "anthropic"

    def __init__(self, *, api_key: str, model: str, base_url: str = DEFAULT_BASE_URL,
                 timeout_s: float = TIMEOUT_S) -> None:
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self._api_key = api_key
        self.fallback = HeuristicSummarizer()

    def summarize(self, domain: str, layer: int, children: Sequence[ChildDigest]
                  ) -> BranchSummary:
        base = self.fallback.summarize(domain, layer, children)
        if not children:
            return base
        import httpx2  # here, not at the top: every process that opens a store imports this

        try:
            answer = self._ask(prompt_for(domain, layer, children))
        except (httpx2.HTTPError, ValueError, OSError) as exc:
            log.warning("summarizer.fallback", backend=self.name, domain=domain, layer=layer,
                        error=type(exc).__name__)
            return base
        if answer is None:
            log.warning("summarizer.fallback", backend=self.name, domain=domain, layer=layer,
                        error="reply without a JSON object")
            return base
        title = " ".join(str(answer.get("title") or "").split())
        summary = " ".join(str(answer.get("summary") or "").split())
        return BranchSummary(
            title=excerpt_for(title, TITLE_LIMIT) if title else base.title,
            summary=excerpt_for(summary, SUMMARY_LIMIT) if summary else base.summary,
            keywords=_strings(answer.get("keywords"), NODE_KEYWORDS) or base.keywords,
            tags=base.tags,
            entities=_strings(answer.get("entities"), NODE_ENTITIES) or base.entities,
            time_range=base.time_range,
        )

    def _ask(self, prompt: str) -> dict[str, Any] | None:
        import httpx2

        headers = {"x-api-key": self._api_key, "anthropic-version": API_VERSION,
                   "content-type": "application/json"}
        body = {"model": self.model, "max_tokens": MAX_TOKENS,
                "messages": [{"role": "user", "content": prompt}]}
        with httpx2.Client(timeout=self.timeout_s) as client:
            response = client.post(f"{self.base_url}/v1/messages", headers=headers, json=body)
            response.raise_for_status()
            reply = response.json()
        return reply_object(reply) if isinstance(reply, dict) else None


def summarizer_for(backend: str, model: str, env: Mapping[str, str] | None = None
                   ) -> Summarizer:
    """The summarizer a store's settings ask for; the heuristic when Claude cannot be used."""
    if backend != "anthropic":
        return HeuristicSummarizer()
    environ = os.environ if env is None else env
    key = environ.get("ANTHROPIC_API_KEY", "").strip()
    if not key:
        log.warning("summarizer.fallback", backend="anthropic", error="ANTHROPIC_API_KEY unset")
        return HeuristicSummarizer()
    base_url = environ.get("ANTHROPIC_BASE_URL", "").strip() or DEFAULT_BASE_URL
    return AnthropicSummarizer(api_key=key, model=model, base_url=base_url)
