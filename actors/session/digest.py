"""Condensing a command output (build log, test run) to the lines an agent needs.

A digest is the first lines, every line that mentions an error, a failure, a warning, a
traceback or a test total, and the last lines: deduplicated, in their original order, within a
character budget that always keeps the head and the tail. The whole output is cut into line
windows so that ``recall`` can still find a line the digest dropped. Pure functions: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, fold, shorten

HEAD_LINES = 3
TAIL_LINES = 5
DIGEST_CHAR_LIMIT = 2400
LINE_CHAR_LIMIT = 300
WINDOW_TOKENS = 300

# English and Spanish; matched on folded (lower-case, accent-free) text.
_SIGNAL = lazy_regex(
    r"\berr(?:or|ors|no)?\b|\berror\w*|exception|excepcion|fatal|panic|abort|segfault|"
    r"segmentation fault|\bfail\w*|\bfallo\w*|\bfallid\w*|\bfalla\w*|"
    r"\bwarn\w*|advertencia|aviso|deprecat\w*|"
    r"traceback|caused by|stack ?trace|\bassert\w*|expected\b.*\b(?:got|but|actual)\b|"
    r"\b\d+\s+(?:passed|failed|skipped|errors?|xfailed|xpassed|deselected|tests?|"
    r"pruebas?|fallos?|pending|broken)\b|\btests? (?:run|passed|failed|summary)|"
    r"\bran \d+ tests?|\btest result|\btests?:\s|\bsuites?:\s|build (?:success\w*|fail\w*)|"
    r"^ok\b|^=+ .*(?:pass|fail|error).* =+$|[✗✘❌]"
)


@dataclass(frozen=True)
class Digest:
    """What ``digest`` kept."""

    text: str
    total_lines: int
    kept_lines: int
    omitted_signals: int
    """Matching lines left out to respect the character budget (still recallable)."""


def is_signal(line: str) -> bool:
    """Whether a line reports an error, failure, warning, traceback or test totals."""
    return bool(_SIGNAL.search(fold(line).strip()))


def digest(text: str, *, head: int = HEAD_LINES, tail: int = TAIL_LINES,
           limit: int = DIGEST_CHAR_LIMIT) -> Digest:
    """Head, signal lines and tail of ``text`` (non-blank lines only), capped at ``limit``."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    n = len(lines)
    edge = set(range(min(head, n))) | set(range(max(0, n - tail), n))
    signals = [i for i in range(n) if i not in edge and is_signal(lines[i])]

    seen: set[str] = set()
    chosen: dict[int, str] = {}

    def take(i: int) -> bool:
        line = shorten(lines[i], LINE_CHAR_LIMIT) if len(lines[i]) > LINE_CHAR_LIMIT else lines[i]
        if line in seen:
            return False
        seen.add(line)
        chosen[i] = line
        return True

    for i in sorted(edge):
        take(i)
    budget = limit - sum(len(v) + 1 for v in chosen.values())
    omitted = 0
    for i in signals:
        line = lines[i]
        if line in seen or shorten(line, LINE_CHAR_LIMIT) in seen:
            continue
        cost = min(len(line), LINE_CHAR_LIMIT) + 1
        if cost > budget:
            omitted += 1
            continue
        if take(i):
            budget -= cost
    body = "\n".join(chosen[i] for i in sorted(chosen))
    if omitted:
        body += (f"\n[... {omitted} more matching line(s) left out to stay under {limit} "
                 "characters: recall them with a specific query]")
    return Digest(text=body, total_lines=n, kept_lines=len(chosen), omitted_signals=omitted)


@dataclass(frozen=True)
class Window:
    """A run of consecutive lines of an output, the unit ``recall`` finds and shows."""

    first_line: int
    last_line: int
    text: str


def windows(text: str, *, target_tokens: int = WINDOW_TOKENS) -> list[Window]:
    """Cut ``text`` at line ends into windows of about ``target_tokens`` (1-based lines)."""
    out: list[Window] = []
    current: list[str] = []
    start = 1
    size = 0
    for number, line in enumerate(text.splitlines(), start=1):
        cost = estimate_tokens(line) + 1
        if current and size + cost > target_tokens:
            out.append(Window(start, number - 1, "\n".join(current)))
            current, size, start = [], 0, number
        current.append(line)
        size += cost
    if current and any(ln.strip() for ln in current):
        out.append(Window(start, start + len(current) - 1, "\n".join(current)))
    return [w for w in out if w.text.strip()]
