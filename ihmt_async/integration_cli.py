"""Commands that connect ihmt-async to coding agents: ``install``, ``uninstall``,
``instructions``, and the hook commands ``brief`` and ``recall-hook``.

``install``/``uninstall`` print what they change (a diff per file, the command line per agent
CLI call) or, with ``--json``, one JSON object (the contract the GUI reads). The hook commands
are run by the agent on every session start / prompt: they print only what the agent should
add to the model's context, and they never fail the agent (errors go to stderr, exit 0).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from ihmt_async import hooks
from ihmt_async.human import out
from ihmt_async.install.core import AGENTS, SCOPES
from store.errors import IhmtError, InvalidArgument


def _log() -> Any:
    import structlog

    return structlog.get_logger("ihmt.cli")




def _render(report: dict[str, Any], remove: bool, dry_run: bool) -> str:
    verb = "uninstall" if remove else "install"
    changes = report["changes"]
    lines = []
    pending = [c for c in changes if c["action"] != "unchanged"]
    if not pending:
        lines.append(f"Nothing to {verb} for {report['agent']} ({report['scope']} scope): "
                     "everything is already as it should be.")
    elif dry_run:
        lines.append(f"Would {verb} for {report['agent']} ({report['scope']} scope) "
                     "(dry run, nothing changed):")
    else:
        lines.append(f"{verb.capitalize()}ed for {report['agent']} ({report['scope']} scope):")
    for change in changes:
        lines.append(f"  {change['action']:<9} {change['path']}: {change['summary']}")
        if change["action"] != "unchanged" and change["detail"]:
            body = change["detail"].rstrip("\n")
            lines.extend("      " + line for line in body.splitlines())
    if pending and not dry_run and not remove:
        lines.append("Restart the agent so it starts the server and reads the instructions.")
    if not dry_run:
        lines.extend(f"Next: {step}" for step in report.get("next_steps", []))
    return "\n".join(lines)


async def cmd_install(args: argparse.Namespace) -> int:
    from ihmt_async.install import make_target, run

    remove = args.command == "uninstall"
    target = make_target(args.agent, args.scope, project=None, store_home=args.home,
                         lasting=not remove)
    report = run(target, remove=remove, dry_run=args.dry_run)
    if args.json:
        out(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        out(_render(report, remove, args.dry_run))
    if report["applied"]:
        _log().info("install.applied", agent=args.agent, scope=args.scope, remove=remove,
                 changes=[c["path"] for c in report["changes"] if c["action"] != "unchanged"])
    return 0


async def cmd_instructions(args: argparse.Namespace) -> int:
    from ihmt_async.install.common import instructions_text

    text = instructions_text()
    out(json.dumps({"instructions": text}) if args.json else text)
    return 0


def _hook_failure(exc: BaseException) -> BaseException | None:
    """The store's or the input's reason a hook's work failed (told on stderr; the agent
    goes on: exit 0), also from inside the runtime's task group; None for anything else."""
    if isinstance(exc, (IhmtError, OSError)):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        match, rest = exc.split((IhmtError, OSError))
        if match is not None and rest is None:
            first: BaseException = match
            while isinstance(first, BaseExceptionGroup):
                first = first.exceptions[0]
            return first
    return None


async def _run_hook(command: str, kind: str, fmt: str,
                    work: Callable[[hooks.HookInput], Awaitable[str]]) -> int:
    """One hook command: the agent's input read, ``work`` done on it and its text printed as
    a ``kind`` hook's; the store's or the input's failure (``_hook_failure``) told on stderr
    as ``command``'s, exit 0 (the agent goes on); anything else raised."""
    try:
        text = await work(hooks.read_input(sys.stdin))
    except BaseException as exc:
        failure = _hook_failure(exc)
        if failure is None:
            raise
        sys.stderr.write(f"ihmt-async {command}: {failure}\n")
        return 0
    return hooks.run_hook(kind, text, fmt)


async def cmd_brief(args: argparse.Namespace) -> int:
    return await _run_hook("brief", "brief", args.format, lambda hook: hooks.brief(
        args.home, hook, budget=args.budget, project=args.project, recent_limit=args.recent))


async def cmd_recall_hook(args: argparse.Namespace) -> int:
    return await _run_hook("recall-hook", "recall", args.format, lambda hook: hooks.recall(
        args.home, hook, budget=args.budget, max_memories=args.max_memories,
        floor=args.min_confidence, project=args.project))


async def cmd_export(args: argparse.Namespace) -> int:
    import anyio

    return await anyio.to_thread.run_sync(_export, args)


def _export(args: argparse.Namespace) -> int:
    from actors.ingest.validate import check_scope
    from ihmt_async import export
    from store.paths import StoreLayout

    # the save's and the search's rule: "bogus:x" exported a header and no memory, exit 0
    scope = check_scope(args.scope, wildcard=True)
    layout = StoreLayout.at_home(args.home)
    writer = export.write_markdown if args.format == "markdown" else export.write_jsonl
    records = export.export_records(layout, scope)
    if args.output and args.output != "-":
        try:
            handle = open(args.output, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            raise InvalidArgument(f"{args.output} cannot be written ({exc.strerror or exc}); "
                                  "nothing was exported.") from None
        with handle:
            count = writer(records, handle)
        sys.stderr.write(f"Exported {count} memories to {args.output}.\n")
    else:
        writer(records, sys.stdout)
        sys.stdout.flush()
    return 0


async def cmd_import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ihmt_async import export

    summary = await export.import_file(args.home, Path(args.file))
    out(json.dumps(summary.as_json()) if args.json else summary.line())
    _log().info("import.done", file=args.file, **summary.as_json())
    return 0


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def _share(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number") from None
    if not 0.0 <= number <= 1.0:
        raise argparse.ArgumentTypeError("must be between 0 and 1")
    return number


def add_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register the commands on the main parser's subparsers (``common`` adds --home)."""
    for name, help_ in (("install", "register ihmt-async with a coding agent (server, "
                                    "instructions, hooks)"),
                        ("uninstall", "remove exactly what install added for an agent")):
        p = sub.add_parser(name, help=help_, parents=[common])
        p.set_defaults(func=cmd_install)
        p.add_argument("agent", choices=AGENTS, help="the agent to configure")
        p.add_argument("--scope", choices=SCOPES, default="user",
                       help="user: every project of this user (default); project: only the "
                       "project of the current directory (its repository root)")
        p.add_argument("--dry-run", action="store_true",
                       help="print what would change (diffs, commands) without changing it")
        p.add_argument("--json", action="store_true", help="machine-readable output")
    p = sub.add_parser("export", parents=[common],
                       help="write every memory with its header, facts and audit lines")
    p.set_defaults(func=cmd_export)
    p.add_argument("--format", choices=("jsonl", "markdown"), default="jsonl",
                   help="jsonl (importable, default) or markdown (to read)")
    p.add_argument("--scope", default="*",
                   help="only memories of this scope ('' for global ones; default '*': all)")
    p.add_argument("--output", "-o", default=None, help="file to write (default: stdout)")
    p = sub.add_parser("import", parents=[common],
                       help="read an ihmt-async export, or the MCP memory server's "
                       "memory.jsonl, into this store (no duplicates)")
    p.set_defaults(func=cmd_import)
    p.add_argument("file", help="the .jsonl file to import")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p = sub.add_parser("instructions", parents=[common],
                       help="print the memory instructions for an agent's instruction file")
    p.set_defaults(func=cmd_instructions)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    for name, func, help_, budget in (
            ("brief", cmd_brief, "session-start hook: the user's facts and this project's "
             "recent memories", 400),
            ("recall-hook", cmd_recall_hook, "prompt hook: memories relevant to the prompt "
             "(reads the hook's JSON on stdin)", 300)):
        p = sub.add_parser(name, help=help_, parents=[common])
        p.set_defaults(func=func)
        p.add_argument("--for", dest="format", choices=hooks.FORMATS, default="claude-code",
                       help="output shape: " + ", ".join(
                           f"{name} ({shape})" for name, shape in hooks.SHAPES.items()))
        p.add_argument("--budget", type=_positive, default=budget,
                       help=f"token budget of the output (default {budget})")
        p.add_argument("--project", default=None,
                       help="project directory (default: the hook input's cwd, else the "
                       "current directory)")
        if name == "brief":
            p.add_argument("--recent", type=_positive, default=5,
                           help="how many recent project memories (default 5)")
        else:
            p.add_argument("--max-memories", dest="max_memories", type=_positive, default=3,
                           help="at most this many memories (default 3)")
            p.add_argument("--min-confidence", dest="min_confidence", type=_share,
                           default=0.3, help="relevance floor, 0..1 (default 0.3)")
