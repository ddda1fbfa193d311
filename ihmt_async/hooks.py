"""The agents' hooks: ``ihmt-async brief`` (session start) and ``recall-hook`` (prompt submit).

Agents forget to call memory tools; these commands put memory in front of the model without
a model call or an API key. ``brief`` gives the current values of the user's facts and the
project's most recent memories; ``recall-hook`` searches with the prompt and passes on the few
memories above the relevance floor. Both stay within a token budget, wrap what they give in a
``<remembered-data>`` envelope that says it is data, not instructions (``envelope.wrap``, which
also defuses any tag of that name a memory holds), print nothing when
there is nothing to give, and never fail the agent: any error goes to stderr and the exit
status stays 0.

The runtime and the actors' messages are imported inside ``brief`` and ``recall``: the
command line reads ``FORMATS`` and ``SHAPES`` from here to build its parser for every command.

Output shapes: Claude Code adds a SessionStart / UserPromptSubmit hook's plain stdout to the
context; Codex and Gemini CLI read stdout as JSON and take
``hookSpecificOutput.additionalContext``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from actors.text import estimate_tokens
from ihmt_async.client_scope import env_project, scope_for_directory
from ihmt_async.envelope import CLOSE, OPEN, wrap
from ihmt_async.human import out

if TYPE_CHECKING:
    from actors.facts.messages import FactView
    from actors.navigation.messages import CurrentFact, SearchResult

SHAPES = {"claude-code": "plain text", "codex": "hook JSON", "gemini": "hook JSON",
          "text": "plain text"}
"""Each ``--for`` value and the shape it prints (the CLI's help is built from it)."""
FORMATS = tuple(SHAPES)
EVENTS = {"brief": {"claude-code": "SessionStart", "codex": "SessionStart",
                    "gemini": "SessionStart"},
          "recall": {"claude-code": "UserPromptSubmit", "codex": "UserPromptSubmit",
                     "gemini": "BeforeAgent"}}
JSON_FORMATS = tuple(name for name, shape in SHAPES.items() if shape == "hook JSON")


@dataclass(frozen=True)
class HookInput:
    prompt: str
    cwd: str
    raw: dict[str, Any]


def read_input(stream: Any) -> HookInput:
    """The agent's hook JSON from stdin (nothing when run by hand at a terminal)."""
    if stream is None or stream.isatty():
        return HookInput("", "", {})
    text = stream.read()
    try:
        data = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError:
        data = {"prompt": text}  # a plain prompt piped in by hand
    if not isinstance(data, dict):
        data = {}
    prompt = data.get("prompt")
    if not isinstance(prompt, str):
        prompt = ""
    # A prompt pasted from another encoding (a stray byte, a lone surrogate) or holding a NUL
    # is still the user's question: its odd characters go, the hook answers the rest.
    prompt = prompt.encode("utf-8", "replace").decode("utf-8").replace("\x00", " ")
    cwd = data.get("cwd")
    return HookInput(prompt, cwd if isinstance(cwd, str) else "", data)


def project_of(hook: HookInput, project: str | None) -> str:
    if project:
        return scope_for_directory(project) or ""
    return env_project() or scope_for_directory(hook.cwd or str(Path.cwd()))


def _clean(text: str) -> str:
    """One line (``envelope.wrap`` defuses the tags in it)."""
    return " ".join(text.split())


def fit(lines: Sequence[str], budget: int) -> list[str]:
    """The leading lines that fit in ``budget`` tokens together with the envelope."""
    used = estimate_tokens(OPEN) + estimate_tokens(CLOSE)
    kept: list[str] = []
    for line in lines:
        cost = estimate_tokens(line) + 1
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    return kept


def emit(text: str, fmt: str, kind: str) -> str:
    """What to print for the agent; "" when there is nothing to say."""
    if not text:
        return ""
    if fmt in JSON_FORMATS:
        return json.dumps({"hookSpecificOutput": {"hookEventName": EVENTS[kind][fmt],
                                                  "additionalContext": text}},
                          ensure_ascii=False)
    return text


def _dated(date: str, text: str) -> str:
    return f"- {date}: {text}" if date and not text.startswith(date) else f"- {text}"


def _fact_line(fact: FactView) -> str:
    since = f" (since {fact.valid_from})" if fact.valid_from else ""
    return f"- {fact.attribute}: {_clean(fact.value)}{since}"


def brief_lines(user_facts: Sequence[FactView], recent: Sequence[Any], project: str,
                project_facts: Sequence[CurrentFact] = ()) -> list[str]:
    lines: list[str] = []
    current = [f for f in user_facts if f.status == "ACTIVE"]
    current.sort(key=lambda f: f.recorded_at, reverse=True)
    if current:
        lines.append("About the user (current values):")
        lines.extend(_fact_line(f) for f in current)
    if project_facts:
        lines.append(f"This project ({project.removeprefix('project:')}), current values:")
        for fact in project_facts:
            since = f" (since {fact.valid_from})" if fact.valid_from else ""
            lines.append(f"- {_clean(fact.subject)} {fact.attribute}: {_clean(fact.value)}"
                         f"{since}")
    if recent:
        lines.append(f"Most recent in this project ({project.removeprefix('project:')}):")
        for memory in recent:
            date = (memory.timestamp or memory.recorded_at or "")[:10]
            lines.append(_dated(date, _clean(memory.excerpt)))
    return lines


RECENT_WINDOW = 3
"""How many times the brief's count of newest saved memories are read to pick the newest
told: an agent saves notes of past days in any order, and the brief listed them in saving
order under their own dates (12-05, 12-03, 12-05, 11-29: probe-agent2)."""


def newest_told(recent: Sequence[Any], limit: int) -> list[Any]:
    """The ``limit`` memories of ``recent`` (newest saved first) told of the latest days, by
    the day each tells (its saving day when it tells none); saving order among equals."""
    ordered = sorted(recent, key=lambda m: (m.timestamp or m.recorded_at or "")[:10],
                     reverse=True)
    return ordered[:limit]


async def brief(home: str | None, hook: HookInput, *, budget: int, project: str | None,
                recent_limit: int) -> str:
    from actors.facts.messages import History
    from actors.navigation.messages import Recent, ScopeFacts
    from ihmt_async.runtime import Runtime

    scope = project_of(hook, project)
    async with Runtime(home, background_consolidation=False, vectors=False) as rt:
        facts = await rt.facts.ask(History(subject="user", attribute=""))
        recent = newest_told(await rt.navigation.ask(
            Recent(scope=scope, limit=recent_limit * RECENT_WINDOW)), recent_limit) \
            if scope else ()
        project_facts = await rt.navigation.ask(ScopeFacts(scope=scope)) if scope else ()
    lines = fit(brief_lines(facts, recent, scope, project_facts), budget)
    if not any(line.startswith("- ") for line in lines):
        return ""
    return wrap(lines)


def recall_lines(result: SearchResult, max_memories: int, floor: float) -> list[str]:
    if result.status == "NONE" or not result.hits or result.confidence < floor:
        return []
    lines: list[str] = []
    answer = result.answer
    if answer is not None:
        since = f" (since {answer.since})" if answer.since else ""
        lines.append(f"- {answer.subject} {answer.attribute}: {_clean(answer.value)}{since}")
    top = result.hits[0].score
    for hit in result.hits[:max_memories]:
        if hit.currency in ("SUPERSEDED", "RETRACTED") or hit.score < top * 0.5:
            continue
        lines.append(_dated((hit.timestamp or "")[:10], _clean(hit.excerpt or hit.text)))
    return lines


async def recall(home: str | None, hook: HookInput, *, budget: int, max_memories: int,
                 floor: float, project: str | None) -> str:
    prompt = hook.prompt.strip()
    if not prompt:
        return ""
    from actors.navigation.messages import Search
    from ihmt_async.runtime import Runtime

    scope = project_of(hook, project)
    async with Runtime(home, background_consolidation=False) as rt:
        result = await rt.navigation.ask(Search(query=prompt[:2000], scope=scope))
    lines = fit(recall_lines(result, max_memories, floor), budget)
    return wrap(lines) if lines else ""


def run_hook(kind: str, text: str, fmt: str) -> int:
    output = emit(text, fmt, kind)
    if output:
        out(output)
    return 0
