"""The blocking core of ``project_map`` and ``find_code``: resync, then answer from the view.

``Projects`` holds one ``ProjectView`` per project root this process has looked at. Every call
resyncs first (``sync_project``, under the project lock), so an answer never serves code older
than the files on disk. The tool layer runs each call in a worker thread, one call per project
at a time, so this module takes no in-process locks. Replies are built here as plain text in
IHMT's shapes. It never touches the long-term store.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

from actors import agent_paths
from actors.agent_paths import quoted
from actors.project.symbols import Entry
from actors.project.sync import SyncReport, sync_project
from actors.project.view import DETAILS, SCOPES, FindOutcome, Hit, ProjectView, normalize_subpath
from actors.readable import Readable
from actors.text import estimate_tokens, shorten
from store.errors import ContentTooLarge, InvalidArgument, UnknownOption
from store.project_store import ProjectStore, index_dir_for

MIN_BUDGET_CHARS = 200
MAX_TOKENS_LIMIT = 100_000
MAX_QUERY_CHARS = 2_000
"""As search_memory's default ``max_query_chars``: a query is identifiers and a few words; a
pasted file is refused, not parsed and ranked."""


@dataclass
class _Project:
    store: ProjectStore
    view: ProjectView


def resolve_root(path: object, readable: Readable) -> Path:
    """The project root the agent means, inside the folders this session may read, checked
    to be a directory with one ``stat``; every way the path can be wrong is an
    ``InvalidArgument`` (see ``agent_paths`` and ``readable``)."""
    root = readable.confine(path, "project root directory")
    try:
        mode = root.stat().st_mode
    except OSError as exc:
        raise agent_paths.refusal(root, exc, missing="No such directory", doing="open") from None
    if stat.S_ISREG(mode):
        raise InvalidArgument(f"{quoted(root)} is a file, not a project directory; use "
                              "read_file for one file.")
    if not stat.S_ISDIR(mode):
        raise InvalidArgument(f"{quoted(root)} is not a directory (a device, socket or pipe); "
                              "give the project's root directory.")
    where = agent_paths.no_project(root)
    if where is not None:
        # indexing the first 5,000 files of a whole disk or home folder took minutes and
        # answered nothing an agent asks about its project
        raise InvalidArgument(f"{quoted(root)} is {where}, not a project: give the project's "
                              "root directory (the folder holding its .git, pyproject.toml, "
                              "package.json ...).")
    return root


class Projects:
    """The project indexes this process uses, all under one ``projects_dir``."""

    def __init__(self, projects_dir: Path) -> None:
        self.projects_dir = projects_dir
        self._open: dict[Path, _Project] = {}

    def _sync(self, root: Path) -> tuple[_Project, SyncReport]:
        project = self._open.get(root)
        if project is None:
            store = ProjectStore(index_dir_for(self.projects_dir, root))
            project = self._open[root] = _Project(store, ProjectView(str(root)))
        result = sync_project(project.store, root, project.view.indexed())
        project.view.apply(result.manifest, result.loaded)
        return project, result.report

    def project_map(self, readable: Readable, path: object, detail: object = "files",
                    subpath: object = "") -> str:
        if detail not in DETAILS:
            raise UnknownOption("detail", detail, DETAILS)
        root = resolve_root(path, readable)
        sub = normalize_subpath(subpath, str(root))
        project, report = self._sync(root)
        notes = []
        if report.too_large:
            notes.append(f"{report.too_large} file(s) over 256 KiB not indexed")
        if report.unreadable:
            notes.append(f"{report.unreadable} file(s) not UTF-8 not indexed")
        if report.truncated:
            notes.append("stopped at 5,000 files: pass subpath to zoom in")
        footer = f"({'; '.join(notes)})" if notes else ""
        return project.view.map(str(detail), sub, footer)

    def find_code(self, readable: Readable, query: object, path: object, scope: object = "main",
                  subpath: object = "", clue: object = None, max_tokens: object = 1500) -> str:
        if scope not in SCOPES:
            raise UnknownOption("scope", scope, SCOPES)
        if not isinstance(query, str) or not query.strip():
            raise InvalidArgument("Give find_code a non-empty query: identifiers plus a few "
                                  "words.")
        if clue is not None and not isinstance(clue, str):
            raise InvalidArgument("The clue must be text.")
        for what, text in (("query", query), ("clue", clue)):
            if text is not None and len(text) > MAX_QUERY_CHARS:
                raise ContentTooLarge(len(text), MAX_QUERY_CHARS, what)
        if (isinstance(max_tokens, bool) or not isinstance(max_tokens, int)
                or not 1 <= max_tokens <= MAX_TOKENS_LIMIT):
            raise InvalidArgument(f"max_tokens must be a whole number from 1 to "
                                  f"{MAX_TOKENS_LIMIT:,}; got {max_tokens!r}.")
        root = resolve_root(path, readable)
        sub = normalize_subpath(subpath, str(root))
        for attempt in range(2):
            project, _ = self._sync(root)
            outcome = project.view.find(query, scope=str(scope), sub=sub, clue=clue)
            if outcome.status == "none":
                where = f", subpath={quoted(sub)}" if sub else ""
                return (f'No code matches "{shorten(query, 200)}" (scope={scope}{where}). '
                        'Try other identifiers or scope="all".')
            if outcome.status == "ambiguous":
                return _render_ambiguous(query, outcome)
            assert outcome.hit is not None
            try:
                text, _ = project.store.read_source(outcome.hit.key)
            except FileNotFoundError:
                if attempt:  # changed again between two syncs: give up cleanly
                    raise InvalidArgument(f"{outcome.hit.rel} keeps changing while it is "
                                          "read; try again in a moment.") from None
                continue
            return render_hit(root, outcome, text, max_tokens)
        raise AssertionError("unreachable")


def _label(hit: Hit) -> str:
    return f"{hit.rel}:{hit.entry.start}-{hit.entry.end} · {hit.entry.symbol or hit.entry.title}"


def _render_ambiguous(query: str, outcome: FindOutcome) -> str:
    lines = [f'AMBIGUOUS: "{shorten(query, 200)}" matches symbols in several files. Refine the '
             "query or pass `clue`:"]
    lines += [f"  - {_label(hit)}" for hit in outcome.candidates]
    return "\n".join(lines)


def _cut(code: str, budget: int) -> tuple[str, int]:
    """At most ``budget`` characters of ``code``, cut at a line end; (text, lines kept)."""
    if len(code) <= budget:
        return code, code.count("\n") + 1
    head = code[:budget]
    if "\n" in head:
        head = head[:head.rindex("\n")]
    return head, head.count("\n") + 1


def render_hit(root: Path, outcome: FindOutcome, text: str, max_tokens: int) -> str:
    """``file:first-last  Symbol`` and only that symbol's code, within ``max_tokens``."""
    assert outcome.hit is not None
    hit = outcome.hit
    entry = hit.entry
    lines = text.split("\n")
    budget = max(MIN_BUDGET_CHARS, max_tokens * 4)
    start, end = entry.start, entry.end
    members: tuple[Entry, ...] = outcome.members
    if members:
        end = max(end, entry.block_end, max(m.end for m in members))
    name = entry.symbol or entry.title or entry.kind
    code = "\n".join(lines[start - 1:end])
    if members and len(code) > budget:
        # A whole class does not fit: its declaration and an outline of its members.
        header = "\n".join(lines[entry.start - 1:entry.end])
        outline = ", ".join(f"{m.symbol.rsplit('.', 1)[-1]} {m.start}-{m.end}"
                            for m in members if m.symbol)
        head, _ = _cut(header, budget)
        example = next((m for m in members if m.kind != "field"), members[0])
        return (f"{hit.rel}:{start}-{end}  {name} (~{estimate_tokens(code):,} tokens: over "
                f"max_tokens, so its declaration and members)\n{head.rstrip()}\n"
                f"  members: {outline}\n"
                f"[ask find_code for one member, e.g. \"{example.symbol}\"]")
    shown, kept = _cut(code, budget)
    reply = f"{hit.rel}:{start}-{end}  {name}\n{shown.rstrip()}"
    if len(shown) < len(code):
        resume = start + kept
        reply += (f"\n[... truncated at ~{max_tokens} tokens; read_file(\"{root / hit.rel}\", "
                  f"start_line={resume}, end_line={end}) for the rest]")
    return reply
