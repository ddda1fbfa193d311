"""The ingest actor: Save requests become leaf files, catalog entries, facts and a nudge.

Order of work for one Save: validate (nothing written on refusal) → redact secrets → detect →
chunk → read the facts each leaf states (once: a save that asks for no scope inside a project
is filed by them, ``ingest.scope.save_scope``, and the fact actor records them) → note the
leaves as pending → write leaf files (durable) → ask the fact actor to record the facts, which
commits the catalog entries, the fact events and the audit records in ONE transaction
(``store.engine``) → nudge consolidation. The catalog row is never written before its leaf file
is durable; the leaf is searchable once that transaction commits, before the reply. The actor
reads the catalog only through a ``CatalogReader`` (totals, id checks); it never reads another
actor's state.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import time
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

import anyio

from actors.base import Actor, call_in_thread
from actors.checks import check_text
from actors.consolidation.messages import Nudge
from actors.dates import impossible_leading_date, only_a_date, parse_date
from actors.facts.actor import INLINE_CHARS
from actors.facts.context import reads_earlier
from actors.facts.messages import Extract, FactReport, LeafText, RetractedAmong
from actors.ingest import validate
from actors.ingest.chunkers import chunk as chunk_text
from actors.ingest.detect import detect, parse_content_type
from actors.ingest.languages import EXTENSIONS
from actors.ingest.leaves import build_header
from actors.ingest.messages import Redacted, Save, SaveResult, StoreTotals
from actors.ingest.scope import save_scope
from actors.ingest.types import DataType
from actors.navigation.messages import Replaced, Saved
from actors.navigation.replacements import Replacement, replacements
from actors.scopes import refusal
from actors.secrets import Redaction, redact, redact_text
from actors.text import is_blank, without_control_codes
from store.audit import audit_record
from store.catalog import CatalogReader, entry_from_leaf
from store.config import Settings
from store.engine import Engine
from store.errors import (
    ActorCrashed,
    ActorStopped,
    ActorTimeout,
    EmptyContent,
    InvalidArgument,
    OnlyADate,
    SecretRefused,
    StoreError,
    UnknownMemory,
)
from store.leaves import WrittenLeaf, write_leaf
from store.locks import LockManager
from store.paths import StoreLayout

if TYPE_CHECKING:
    from actors.facts.patterns import FactCandidate


def is_code_path(path: str) -> bool:
    """Whether a file name is a programming language's source file (by its extension)."""
    return PurePath(path).suffix.lower() in EXTENSIONS


SAVE_WARM_S = 2.0
"""A server builds the save path's patterns this long after its start (~0.6 s of CPU in a
worker thread, which a session's first save paid, seconds at a load of 20), after the
vectors' and the model's background load has begun."""
WARM_SAMPLE = ("2025-03-02: I moved to Lisbon; my manager is Oskar. We migrated the billing "
               "service from Poetry to uv.\nuser: Me he mudado a Valencia, ya no usamos Jenkins.")
"""A text read once by ``warm_save_path``: English and Spanish facts, a leading date, a change
statement and a speaker's label, so every lazily built pattern list of the save path is built."""


def warm_save_path() -> None:
    """Build what a process's first save builds (the fact patterns, their needle gates, the
    change statements' gates, the scope rule's patterns) by reading ``WARM_SAMPLE``: the
    same calls a save makes, their results dropped; nothing is written."""
    from actors.facts.patterns import extract_facts  # the ~0.6 s CPU a first save paid

    detection = detect(WARM_SAMPLE)
    facts = extract_facts(WARM_SAMPLE, data_type=detection.data_type.value, entry_date=None)
    save_scope("", "warm", WARM_SAMPLE, facts=list(facts), detected=detection.data_type)
    replacements(WARM_SAMPLE)


def _merge(redactions: list[Redaction]) -> list[Redaction]:
    counts: dict[str, int] = {}
    for r in redactions:
        counts[r.kind] = counts.get(r.kind, 0) + r.count
    return [Redaction(kind, n) for kind, n in counts.items()]


class IngestActor(Actor):
    name = "ingest"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager,
                 facts: Actor, consolidation: Actor, navigation: Actor | None = None, *,
                 warm: bool = False) -> None:
        """``warm`` (a server): ``SAVE_WARM_S`` after start, in an idle turn, the save path's
        patterns are built in a worker thread (``warm_save_path``), so the session's first
        save does not pay them. False (the CLI, hooks): the first save builds them, and a
        process that only reads never pays them."""
        super().__init__(inbox_size=settings.inbox_size,
                         request_timeout_s=settings.request_timeout_s)
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self.facts = facts
        self.consolidation = consolidation
        self.navigation = navigation
        """Asked which earlier memory a change statement replaced (None: never asked)."""
        self._catalog = CatalogReader(layout)
        self.engine = Engine(layout)
        self.warm_after_s = SAVE_WARM_S if warm else None
        self._warm_at: float | None = None
        """When (monotonic) the warm-up is due; None once done (or never asked)."""

    async def start(self) -> None:
        """Nothing to load: the catalog is queried when a save needs it."""
        if self.warm_after_s is not None:
            self._warm_at = time.monotonic() + self.warm_after_s

    def idle_after(self) -> float | None:
        """Only a server's warm-up, once; a save that comes first builds the patterns itself
        (and the warm-up then finds them built)."""
        if self._warm_at is None:
            return None
        return max(0.0, self._warm_at - time.monotonic())

    async def on_idle(self) -> None:
        self._warm_at = None
        started = time.perf_counter()
        await call_in_thread(warm_save_path)
        self.log.info("ingest.warmed", duration_ms=round((time.perf_counter() - started) * 1000, 2))

    async def stop(self) -> None:
        self._catalog.close()
        self.engine.close()

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Save):
            return await self._save(message)
        return await super().handle(message)

    # ------------------------------------------------------------------ save

    async def _save(self, msg: Save) -> SaveResult:
        started = time.perf_counter()
        checked = check_text(msg.content, what="content", limit=self.settings.max_content_bytes)
        content = without_control_codes(checked)
        if is_blank(content):
            raise EmptyContent("content")
        if (date := only_a_date(content)) is not None:
            raise OnlyADate(date)
        domain = validate.check_domain(msg.domain)
        requested_type = parse_content_type(msg.content_type if msg.content_type else "auto")
        origin = validate.check_origin(msg.origin)
        scope = validate.check_scope(msg.scope)
        project = validate.check_scope(msg.project)
        tags = validate.check_tags(list(msg.tags))
        supersedes = (msg.supersedes or "").strip() or None
        if supersedes is not None and supersedes.startswith("F-"):
            raise InvalidArgument(
                f"supersedes takes a memory id (L-...), not a fact id ({supersedes}): a new "
                "value supersedes the old fact by itself; use forget_memory to retract a fact.")
        supersedes_pending = False
        if supersedes is not None:
            entry = await call_in_thread(self._catalog.get, supersedes)
            if entry is None or entry.get("kind") != "leaf":
                raise UnknownMemory(supersedes)
            refused = None if msg.seen_from is None else refusal(
                supersedes, str(entry.get("scope") or ""), msg.seen_from, act="corrected",
                again="save_memory", nothing="Nothing was saved.")
            if refused is not None:
                raise InvalidArgument(refused)
            # Tool-origin text correcting the user's memory waits for review.
            supersedes_pending = (origin == "tool"
                                  and str(entry.get("origin") or "user") == "user")

        clean, redactions = redact(content)
        # Every field that reaches disk is redacted, not only the content: tags, scope and a
        # file's source path end up in the leaf header, the catalog and the facts.
        # (Each field is scanned once: its redacted text and its counts come together.)
        scope, extra = redact(scope)
        project, in_project = redact(project)
        extra += in_project
        redacted_tags = [redact(t) for t in tags]
        source_text, source_found = redact(msg.source or "")
        extra = extra + [r for _t, found in redacted_tags for r in found] + source_found
        tags = tuple(dict.fromkeys(t for t, _found in redacted_tags))
        redactions = _merge(redactions + extra)
        if redactions and self.settings.secrets_mode == "refuse":
            raise SecretRefused([r.kind for r in redactions])

        detection = detect(clean, content_type=requested_type.value if requested_type else None,
                           domain=domain)
        filed_domain = domain or detection.domain
        chunks = chunk_text(clean, detection, target_tokens=self.settings.target_tokens,
                            max_tokens=self.settings.max_tokens,
                            min_tokens=self.settings.min_tokens)
        chunks = [c for c in chunks if c.text.strip()]
        source = source_text if msg.source else redact_text(msg.provenance.source or "")
        now = dt.datetime.now(dt.UTC)
        lead = parse_date(clean)  # a memory that opens with a date is of that date
        if lead is None and not msg.source and (wrong := impossible_leading_date(clean)):
            # dated today instead, the memory would say the wrong day forever
            raise InvalidArgument(
                f"The memory opens with the date {wrong!r}, which is no day of the calendar; "
                "correct it (YYYY-MM-DD) or remove it. Nothing was saved.")
        if lead is not None:
            chunks = [c if c.timestamp else dataclasses.replace(c, timestamp=lead)
                      for c in chunks]
        # A code file read from disk states no facts about the user or the projects: its
        # strings and comments ("I live in ...", test fixtures) are not the user speaking.
        from_code_file = bool(msg.source) and (detection.data_type is DataType.CODE
                                               or is_code_path(msg.source or ""))
        # The facts each leaf states, read once: the save is filed by them (a note about the
        # user said inside a project is every project's) and the fact actor records them.
        stated: list[tuple[FactCandidate, ...] | None] = [None] * len(chunks) \
            if from_code_file else await self._stated(chunks, detection.data_type.value)
        if not scope and project:
            known = None if None in stated else [f for found in stated for f in found or ()]
            auto = requested_type is None and domain is None  # ``detect(clean)`` as it is
            decide = functools.partial(save_scope, "", project, clean, facts=known,
                                       detected=detection.data_type if auto else None)
            scope = decide() if len(clean) <= INLINE_CHARS else await call_in_thread(decide)
        changes = replacements(clean) if supersedes is None and not msg.source \
            and len(chunks) == 1 else ()
        if changes:
            # "migrated the Python repos from Poetry to uv": the note it corrects is found by
            # the old value, and marked superseded as an explicit ``supersedes`` would be (a
            # note, not a file read from disk: a file's text is no statement of the user's)
            supersedes = await self._replaced(clean, changes, scope, origin, lead)
            if supersedes is not None:
                entry = await call_in_thread(self._catalog.get, supersedes)
                supersedes_pending = (origin == "tool" and entry is not None
                                      and str(entry.get("origin") or "user") == "user")

        def headers_for(salt: str) -> list[dict[str, Any]]:
            return [
                build_header(chunk=c, order=i, detection=detection, domain=filed_domain,
                             source=source, provenance=msg.provenance, scope=scope,
                             origin=origin, caller_tags=tags, now=now, salt=salt,
                             identity=None if msg.source else "",
                             type_given=requested_type is not None or domain is not None)
                for i, c in enumerate(chunks)
            ]

        headers = headers_for("")
        ids = tuple(h["leaf_id"] for h in headers)
        if supersedes is not None and supersedes in ids:
            raise InvalidArgument(
                f"A memory cannot supersede itself ({supersedes} has exactly this text); "
                "save the corrected text with supersedes set to the old memory's id.")
        forgotten = await self.facts.ask(RetractedAmong(leaf_ids=ids)) if ids else frozenset()
        if forgotten:
            # The same text was forgotten before: saving it again is a new memory (the
            # forgotten one stays retracted in the history), and the reply says so.
            headers = headers_for(now.isoformat())
        # From the first leaf file to the reply of the commit, a save is not cancelled (a
        # shutdown waits for it, a few milliseconds): what was written is whole, never half.
        with anyio.CancelScope(shield=True):
            written = await call_in_thread(self._write_leaves, headers,
                                           [c.text for c in chunks])
            leaf_ids = tuple(w.leaf.leaf_id for w in written)
            repeated = tuple(w.leaf.leaf_id for w in written if w.existed)
            report = FactReport()
            if written:
                report = await self._commit(
                    msg, written, chunks, detection.data_type.value, filed_domain, scope,
                    origin, supersedes, leaf_ids, repeated, redactions, stated,
                    facts_from_text=not from_code_file, supersedes_pending=supersedes_pending)
        if written:
            self.consolidation.tell_nowait(Nudge(request_id=msg.request_id,
                                                 count=len(written)))
            fresh = tuple(i for i in leaf_ids if i not in repeated)
            if fresh and self.navigation is not None:
                # a hint: this process embeds them next, the others read their vectors (a
                # full inbox drops it: they are then embedded as another process's would be)
                self.navigation.tell_nowait(Saved(request_id=msg.request_id, leaf_ids=fresh))
        counts = self._catalog.counts()  # two small indexed queries: cheaper than a hop
        totals = StoreTotals(leaves=counts.leaves, domains=len(counts.leaves_by_domain),
                             nodes=counts.nodes, depth=counts.depth)
        self.log.info("save.done", leaf_ids=list(leaf_ids), domain=filed_domain,
                      data_type=detection.data_type.value, chunks=len(written),
                      repeated=len(repeated), redactions=len(redactions),
                      facts=len(report.new_facts),
                      duration_ms=round((time.perf_counter() - started) * 1000, 2))
        return SaveResult(
            leaf_ids=leaf_ids, repeated=repeated, data_type=detection.data_type.value,
            domain=filed_domain, confidence=detection.confidence,
            type_given=requested_type is not None or domain is not None,
            tokens=sum(int(h["token_estimate"]) for h in headers),
            redactions=tuple(Redacted(r.kind, r.count) for r in redactions),
            facts=report, totals=totals,
            forgotten_before=tuple(i for i in ids if i in forgotten), scope=scope,
            codes_removed=len(checked) - len(content),
        )

    async def _stated(self, chunks: list[Any], data_type: str
                      ) -> list[tuple[FactCandidate, ...] | None]:
        """The facts each chunk states (``extract_facts``, as the fact actor records them),
        or None for a turn that reads the turns saved before it (the fact actor reads those
        with its catalog: ``context.reads_earlier``). A short save's on the actor's turn,
        a long text's in a worker thread (the fact actor's rule, ``INLINE_CHARS``)."""
        from actors.facts.patterns import extract_facts  # ~130 ms on the first save only

        def read() -> list[tuple[FactCandidate, ...] | None]:
            return [None if reads_earlier(c.text) else tuple(extract_facts(
                c.text, data_type=data_type, entry_date=c.timestamp)) for c in chunks]

        if sum(len(c.text) for c in chunks) <= INLINE_CHARS:
            return read()
        return await call_in_thread(read)

    async def _replaced(self, text: str, changes: tuple[Replacement, ...], scope: str,
                        origin: str, day: dt.date | None) -> str | None:
        """The earlier memory ``text`` says it changed, or None; a navigation actor that
        cannot answer (stopping, busy past its timeout, a store it cannot read) leaves the
        save as it is: the correction is context, the save is what was asked."""
        if self.navigation is None:
            return None
        try:
            found: str | None = await self.navigation.ask(
                Replaced(text=text, changes=changes, scope=scope, origin=origin, day=day))
        except (StoreError, ActorStopped, ActorCrashed, ActorTimeout) as exc:
            self.log.warning("save.replaced_unread", error=str(exc))
            return None
        return found

    # ------------------------------------------------------------------ thread work

    def _write_leaves(self, headers: list[dict[str, Any]], texts: list[str]) -> list[WrittenLeaf]:
        """Note the leaves as pending, then write each durably (before any catalog row).

        A refused write (or any failure) takes back what this save wrote and its pending
        rows before the error goes on: a refused save leaves no leaf and nothing for
        ``recover`` or ``doctor`` to find. Only a leaf that cannot be removed keeps its row,
        so a later recovery still removes it."""
        self.engine.note_pending([
            (str(h["leaf_id"]), self.layout.leaf_relpath(str(h["domain"]), str(h["leaf_id"])))
            for h in headers])
        written: list[WrittenLeaf] = []
        try:
            for header, text in zip(headers, texts, strict=True):
                written.append(write_leaf(self.layout, header, text))
        except Exception:
            kept = self._undo(written)
            with contextlib.suppress(StoreError):
                self.engine.drop_pending([str(h["leaf_id"]) for h in headers
                                          if str(h["leaf_id"]) not in kept])
            raise
        return written

    async def _commit(self, msg: Save, written: list[WrittenLeaf], chunks: list[Any],
                      data_type: str, domain: str, scope: str, origin: str,
                      supersedes: str | None, leaf_ids: tuple[str, ...],
                      repeated: tuple[str, ...], redactions: list[Any],
                      stated: list[tuple[FactCandidate, ...] | None], *,
                      facts_from_text: bool, supersedes_pending: bool) -> FactReport:
        """Ask the fact actor to commit the save (catalog, facts, audit in one transaction);
        ``facts_from_text`` False files the leaves without reading facts out of them."""
        try:
            report: FactReport = await self.facts.ask(Extract(
                request_id=msg.request_id,
                leaves=tuple(
                    LeafText(leaf_id=w.leaf.leaf_id, text=c.text, data_type=data_type,
                             domain=domain, entry_date=c.timestamp, scope=scope,
                             origin=origin, candidates=found)
                    for w, c, found in zip(written, chunks, stated, strict=True)
                    if facts_from_text
                ),
                provenance=msg.provenance, supersedes=supersedes,
                supersedes_pending=supersedes_pending,
                catalog=tuple(entry_from_leaf(w.leaf.header, w.relpath, None) for w in written),
                audit=tuple(self._audit(msg, leaf_ids, repeated, redactions)),
            ))
        except (StoreError, ActorStopped, ActorCrashed):
            # A reply came, so the fact actor will not commit this save later: take back the
            # new leaf files it did not commit (disk full, read-only, shutdown ...), then say
            # what happened. (After a timeout no reply came; the next start cleans up.)
            await call_in_thread(self._undo, written)
            raise
        return report

    def _undo(self, written: list[WrittenLeaf]) -> set[str]:
        """Remove the new leaf files nobody committed and their pending rows; returns the
        ids whose file could not be removed (their rows stay, for ``recover``)."""
        fresh = [w.leaf.leaf_id for w in written if not w.existed]
        committed = self._catalog.known(fresh)
        kept: set[str] = set()
        for w in written:
            if not w.existed and w.leaf.leaf_id not in committed:
                try:
                    self.layout.resolve(w.relpath).unlink(missing_ok=True)
                except OSError as exc:
                    kept.add(w.leaf.leaf_id)
                    self.log.warning("save.undo_left_leaf", leaf_id=w.leaf.leaf_id,
                                     error=str(exc))
        with contextlib.suppress(StoreError):
            self.engine.drop_pending([w.leaf.leaf_id for w in written
                                      if w.leaf.leaf_id not in kept])
        return kept

    def _audit(self, msg: Save, leaf_ids: tuple[str, ...], repeated: tuple[str, ...],
               redactions: list[Any]) -> list[dict[str, Any]]:
        prov = msg.provenance
        new = [i for i in leaf_ids if i not in repeated]
        records: list[dict[str, Any]] = []
        if new:
            records.append(audit_record(actor=self.name, action="save", ids=new,
                                        client=prov.agent, session=prov.session,
                                        redactions=[r.kind for r in redactions]))
        if repeated:
            records.append(audit_record(actor=self.name, action="save.repeat",
                                        ids=list(repeated), client=prov.agent,
                                        session=prov.session))
        return records
