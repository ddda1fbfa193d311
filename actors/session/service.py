"""One server process's session: scratch notes, digested outputs and the read_file memory.

``Session`` is the blocking core of the ``note``, ``recall``, ``digest_output`` and
``read_file`` tools; the tool layer runs each call in a worker thread, one at a time (an
``anyio.Lock``), so this class needs no locking of its own. Everything it keeps lives in a
``SessionStore`` (a temporary directory) plus an in-memory index, and vanishes with
``close()``. It never reads or writes the long-term store, and long-term search never sees it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import structlog

from actors.secrets import Redaction, redact, redact_text
from actors.session import reads
from actors.session.digest import digest, windows
from actors.session.notes import Piece, Recall, SessionNotes, note_title
from actors.text import estimate_tokens, is_blank, shorten
from store.errors import ContentTooLarge, EmptyContent, InvalidArgument
from store.session_store import SessionStore

MAX_NOTE_BYTES = 64 * 1024
MAX_OUTPUT_BYTES = 8 * 1024 * 1024
MAX_LABEL_CHARS = 80
RECALL_BODY_LIMIT = 6000
ALSO_MATCHING = 2
ECHO_CHARS = 200
"""A reply quotes at most this much of an argument."""
MAX_QUERY_CHARS = 2_000
"""As search_memory's default ``max_query_chars``: a recall query is a few words."""

log = structlog.get_logger("ihmt.session")


def _text_arg(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise InvalidArgument(f"The {what} must be text, not {type(value).__name__}.")
    if is_blank(value):
        raise EmptyContent(what)
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ContentTooLarge(size, limit, what)
    if "\x00" in value:
        raise InvalidArgument(f"The {what} contains NUL characters; give plain text.")
    return value


def _redacted_note(redactions: list[Redaction]) -> str:
    """What the reply says about redaction: only what was actually found and removed."""
    if not redactions:
        return ""
    kinds = ", ".join(f"{r.kind} ({r.count})" for r in redactions)
    return f" Redacted before keeping it: {kinds}."


class Session:
    """The per-process session state behind the session tools."""

    def __init__(self, parent: Path | None = None) -> None:
        self.store = SessionStore(parent)
        self.notes = SessionNotes()
        self._read_shas: dict[str, str] = {}

    def close(self) -> None:
        self.store.close()

    # ------------------------------------------------------------------ note / recall

    def note(self, text: object) -> str:
        body, redactions = redact(_text_arg(text, "note", MAX_NOTE_BYTES).strip())
        number, piece_id = self.notes.next_note_id()
        self.store.write_piece(piece_id, body)
        tokens = estimate_tokens(body)
        self.notes.add(Piece(id=piece_id, kind="note", source=f"note {number}",
                             title=note_title(body), created=dt.datetime.now(dt.UTC),
                             tokens=tokens), body)
        log.info("session.noted", piece=piece_id, tokens=tokens)
        return (f"Noted (~{tokens} tokens). {self.notes.note_count} session note(s) so far; "
                f"use recall to find them.{_redacted_note(redactions)}")

    def recall(self, query: object, clue: object = None) -> str:
        if not isinstance(query, str) or not query.strip():
            raise InvalidArgument("Give recall a non-empty query: words from what you noted.")
        if clue is not None and not isinstance(clue, str):
            raise InvalidArgument("The clue must be text.")
        for what, text in (("query", query), ("clue", clue)):
            if text is not None and len(text) > MAX_QUERY_CHARS:
                raise ContentTooLarge(len(text), MAX_QUERY_CHARS, what)
        found = self.notes.recall(query, clue)
        if not found.ranked:
            with_clue = (f' (with clue "{shorten(clue, ECHO_CHARS)}")' if clue and clue.strip()
                         else "")
            return (f'No session note or output found for "{shorten(query, ECHO_CHARS)}"'
                    f'{with_clue}. Nothing like '
                    "that was noted in this session (recall never searches long-term memory; "
                    "use search_memory for that).")
        if found.clue is not None and len({c.branch for c in found.clue.candidates}) > 1:
            return self._render_ambiguous(found)
        return self._render_best(found)

    def _header(self, piece: Piece) -> str:
        when = piece.created.strftime("%H:%M:%S")
        if piece.kind == "output":
            return f"[output {piece.source}] lines {piece.first_line}-{piece.last_line} · {when}"
        return f"[{piece.source}] {when}"

    def _render_best(self, found: Recall) -> str:
        best, _ = found.ranked[0]
        body = self.store.read_piece(best.id).rstrip()
        if len(body) > RECALL_BODY_LIMIT:
            body = body[:RECALL_BODY_LIMIT] + "\n[... truncated; narrow the query for the rest]"
        lines = [f"{self._header(best)} (confidence {found.confidence:.2f})", body]
        others = [p for p, _ in found.ranked[1:1 + ALSO_MATCHING]]
        if others:
            lines += ["", "Also matching: " + " | ".join(
                f"{self._header(p)} · {shorten(p.title, 60)}" for p in others)]
        return "\n".join(lines)

    def _render_ambiguous(self, found: Recall) -> str:
        assert found.clue is not None
        lines = [
            f'AMBIGUOUS: "{shorten(found.query.text, ECHO_CHARS)}" — {found.clue.reason} '
            f"(confidence {found.confidence:.2f}).",
            "Several session notes or outputs fit; call recall again with `clue` set to a "
            "distinguishing detail.",
            "",
            "Competing pieces:",
        ]
        for number, cand in enumerate(found.clue.candidates, start=1):
            piece = self.notes.piece(cand.id)
            lines.append(f"  {number}. {self._header(piece)} · {shorten(piece.title, 80)}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ digest_output

    def digest_output(self, text: object, label: object = "output") -> str:
        raw, redactions = redact(_text_arg(text, "output text", MAX_OUTPUT_BYTES),
                                 keep_lines=True)
        if label is None:
            label = "output"
        if not isinstance(label, str):
            raise InvalidArgument("The label must be text, e.g. 'maven-build'.")
        name = redact_text(" ".join(label.split())[:MAX_LABEL_CHARS]) or "output"
        seq = self.notes.next_output_seq()
        self.store.write_output(seq, name, raw)
        now = dt.datetime.now(dt.UTC)
        for part, window in enumerate(windows(raw), start=1):
            piece_id = f"output-{seq:05d}-{part:04d}"
            self.store.write_piece(piece_id, window.text)
            self.notes.add(Piece(id=piece_id, kind="output", source=name, title=name,
                                 created=now, first_line=window.first_line,
                                 last_line=window.last_line,
                                 tokens=estimate_tokens(window.text)), window.text)
        result = digest(raw)
        log.info("session.digested", label=name, lines=result.total_lines,
                 kept=result.kept_lines)
        return (f"{name}: {result.total_lines} lines (~{estimate_tokens(raw)} tokens) condensed "
                f"to ~{estimate_tokens(result.text)}; the whole output stays recallable with "
                f'recall("{name} ...").{_redacted_note(redactions)}\n{result.text}')

    # ------------------------------------------------------------------ read_file

    def remember_read(self, current: reads.FileText, force: object = False) -> str:
        """The reply to a whole-file read already done (``reads.read_whole``), given what this
        session handed out before; keeps a redacted copy to diff the next read against."""
        key = str(current.path)
        previous_sha = self._read_shas.get(key)
        previous_text = None
        if previous_sha is not None and previous_sha != current.sha256 and not force:
            previous_text = self.store.load_copy(key)
        # The copy on disk is redacted (keeping line numbers), so the diff compares redacted
        # text with redacted text: a secret line that did not change shows no change.
        clean = redact_text(current.text, keep_lines=True)
        reply = reads.reread_reply(current, previous_sha, previous_text, bool(force),
                                   compare_text=clean)
        if previous_sha != current.sha256:
            self.store.save_copy(key, clean)
            self._read_shas[key] = current.sha256
        return reply
