"""One process's read model of a project index: the entries, a BM25 index, map and lookup.

``ProjectView`` follows the manifest incrementally (only files whose content key changed are
re-indexed), keeps entry metadata in memory (never the code: that stays in the index's source
files), and answers ``project_map`` and ``find_code`` decisions. Lookup order: an exact symbol
name (``Class.method`` or a code-like identifier) resolves directly; otherwise field-weighted
BM25 over symbol name, path and code, with legacy copies (v1/, deprecated/, legacy/, old/) and
non-code files ranked lower, and near-tied symbols in different files reported as AMBIGUOUS.
No I/O; not thread-safe (its owner serialises calls).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from actors.agent_paths import check_length, quoted
from actors.lazy_re import lazy_regex
from actors.navigation.confidence import Candidate, apply_clue, clue_request
from actors.navigation.query import parse_query
from actors.navigation.term_index import TermIndex
from actors.project.scan import is_legacy_path, is_test_path
from actors.project.symbols import Entry
from actors.project.sync import Loaded
from actors.text import terms as text_terms
from store.errors import InvalidArgument, UnknownOption

SCOPES = ("main", "test", "all")
DETAILS = ("files", "symbols")
LEGACY_FACTOR = 0.6
TEXT_FACTOR = 0.5
SEARCH_LIMIT = 24
MAX_CANDIDATES = 5
MAP_LINES = 400
EXACT_MARGIN = 0.1
LISTED_KINDS = frozenset({"function", "class", "member", "header"})
_IDENT = lazy_regex(r"[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*")


@dataclass(frozen=True)
class FileInfo:
    rel: str
    key: str
    language: str | None
    tokens: int
    lines: int
    test: bool
    legacy: bool


@dataclass(frozen=True)
class Hit:
    """One entry of one file."""

    rel: str
    key: str
    index: int
    entry: Entry


@dataclass(frozen=True)
class FindOutcome:
    status: str
    """"found", "ambiguous" or "none"."""
    hit: Hit | None = None
    members: tuple[Entry, ...] = ()
    """For a class: its members (to close its range or outline it)."""
    candidates: tuple[Hit, ...] = ()
    exact: bool = False


def normalize_subpath(subpath: object, root: str) -> str:
    """A "/"-separated prefix inside the project ("" for all); refuses escapes and paths no
    file system could hold (``agent_paths.check_length``)."""
    if subpath is None:
        return ""
    if not isinstance(subpath, str):
        raise InvalidArgument("subpath must be text, e.g. 'src/main'.")
    value = subpath.strip().replace("\\", "/")
    check_length(value, "subpath")
    if value.startswith(root.rstrip("/") + "/"):
        value = value[len(root.rstrip("/")) + 1:]
    elif value == root:
        value = ""
    if value.startswith("/"):
        raise InvalidArgument(f"subpath {quoted(repr(subpath))} is outside the project "
                              f"{quoted(root)}.")
    parts = [p for p in value.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise InvalidArgument(f"subpath {quoted(repr(subpath))} may not contain '..'.")
    return "/".join(parts)


def _in_subpath(rel: str, sub: str) -> bool:
    return not sub or rel == sub or rel.startswith(sub + "/")


class ProjectView:
    """Entries and search index of one project, as of one manifest generation."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.name = PurePosixPath(root).name or root
        self.generation = -1
        self.files: dict[str, FileInfo] = {}
        self.entries: dict[str, tuple[Entry, ...]] = {}
        self._index = TermIndex()

    def indexed(self) -> dict[str, str]:
        """Path -> content key of every file this view has indexed (what sync may skip)."""
        return {rel: info.key for rel, info in self.files.items()}

    # ------------------------------------------------------------------ following

    def apply(self, manifest: Mapping[str, Any], loaded: Mapping[str, Loaded]) -> None:
        """Follow ``manifest``; ``loaded`` holds the sources this view did not have."""
        files: Mapping[str, Mapping[str, Any]] = manifest["files"]
        for rel in [r for r in self.files if r not in files]:
            self._drop(rel)
        for key, source in loaded.items():
            self.entries[key] = source.entries
        for rel, raw in files.items():
            key = str(raw["key"])
            old = self.files.get(rel)
            if old is not None and old.key == key:
                continue
            if old is not None:
                self._drop(rel)
            self.files[rel] = FileInfo(rel=rel, key=key, language=raw.get("language"),
                                       tokens=int(raw.get("tokens", 0)),
                                       lines=int(raw.get("lines", 0)), test=is_test_path(rel),
                                       legacy=is_legacy_path(rel))
            fresh = loaded.get(key)
            text_lines = fresh.text.split("\n") if fresh else []
            for i, entry in enumerate(self.entries.get(key, ())):
                body = "\n".join(text_lines[entry.start - 1:entry.end])
                self._index.add(f"{rel}#{i}", {
                    "title": f"{entry.symbol or ''} {entry.title}",
                    "keywords": rel.rsplit(".", 1)[0],
                    "body": body,
                })
        used = {info.key for info in self.files.values()}
        for key in [k for k in self.entries if k not in used]:
            del self.entries[key]
        self.generation = int(manifest.get("generation", 0))

    def _drop(self, rel: str) -> None:
        info = self.files.pop(rel)
        for i in range(len(self.entries.get(info.key, ()))):
            self._index.remove(f"{rel}#{i}")

    def _hit(self, doc_id: str) -> Hit:
        rel, _, index = doc_id.rpartition("#")
        info = self.files[rel]
        return Hit(rel, info.key, int(index), self.entries[info.key][int(index)])

    def _selected(self, scope: str, sub: str) -> list[FileInfo]:
        if scope not in SCOPES:
            raise UnknownOption("scope", scope, SCOPES)
        return [f for rel, f in sorted(self.files.items()) if _in_subpath(rel, sub)
                and (scope == "all" or f.test == (scope == "test"))]

    # ------------------------------------------------------------------ map

    def map(self, detail: str, sub: str, footer: str = "") -> str:
        if detail not in DETAILS:
            raise UnknownOption("detail", detail, DETAILS)
        chosen = [f for rel, f in sorted(self.files.items()) if _in_subpath(rel, sub)]
        total = sum(f.tokens for f in chosen)
        where = f" under {quoted(sub)}/" if sub else ""
        lines = [f"{self.name}{where}: {len(chosen)} files, ~{total:,} tokens if read whole "
                 "(format: file ~tokens" + (": symbol first-last line)" if detail == "symbols"
                                            else ")")]
        current_dir: str | None = None
        body: list[str] = []
        for info in chosen:
            directory, _, name = info.rel.rpartition("/")
            if directory != current_dir:
                body.append(f"{directory or '.'}/")
                current_dir = directory
            line = f"  {name} ~{info.tokens:,}"
            if detail == "symbols" and info.language:
                listed = _symbol_list(self.entries.get(info.key, ()))
                if listed:
                    line += ": " + listed
            body.append(line)
            if len(body) >= MAP_LINES:
                body.append(f"[... map truncated at {MAP_LINES} lines; pass subpath to zoom in]")
                break
        if footer:
            body.append(footer)
        return "\n".join(lines + body)

    # ------------------------------------------------------------------ find

    def find(self, query: str, *, scope: str, sub: str, clue: str | None) -> FindOutcome:
        selected = {f.rel: f for f in self._selected(scope, sub)}
        parsed = parse_query(query, clue)

        def allowed(doc_id: str) -> bool:
            return doc_id.rpartition("#")[0] in selected

        scored = self._index.search(parsed, limit=SEARCH_LIMIT, allowed=allowed)
        scores = {doc: score for doc, score, _ in scored}
        exact = self._exact(query, clue, selected.values(), scores)
        if exact is not None:
            return exact
        candidates = []
        for doc, score, matched in scored:
            info = selected[doc.rpartition("#")[0]]
            factor = (LEGACY_FACTOR if info.legacy else 1.0) * (1.0 if info.language
                                                                  else TEXT_FACTOR)
            candidates.append(Candidate(id=doc, score=score * factor, matched=matched,
                                        branch=info.rel))
        ranked = apply_clue(parsed, candidates)
        if not ranked:
            return FindOutcome("none")
        request = clue_request(parsed, ranked, threshold=0.0)
        if request is not None and len({c.branch for c in request.candidates}) > 1:
            hits = tuple(self._hit(c.id) for c in request.candidates[:MAX_CANDIDATES])
            return FindOutcome("ambiguous", candidates=hits)
        return self._found(self._hit(ranked[0].id))

    def _found(self, hit: Hit, exact: bool = False) -> FindOutcome:
        members: tuple[Entry, ...] = ()
        if hit.entry.kind == "header" and hit.entry.symbol:
            prefix = hit.entry.symbol + "."
            members = tuple(e for e in self.entries[hit.key]
                            if e.symbol and e.symbol.startswith(prefix))
        return FindOutcome("found", hit=hit, members=members, exact=exact)

    def _exact(self, query: str, clue: str | None, selected: Iterable[FileInfo],
               scores: Mapping[str, float]) -> FindOutcome | None:
        """Resolve a query that names a symbol; None when it names none.

        Among definitions in several files, a full ``Class.method`` match beats a bare name and
        a current path beats a legacy one; a remaining tie is broken by the other words of the
        query and the clue, and without such words it is AMBIGUOUS (never a guess).
        """
        idents = [re.sub(r"::|#", ".", i) for i in _IDENT.findall(query)]
        if not idents:
            return None
        named = set(text_terms(" ".join(idents), keep_stopwords=True))
        other_words = bool(set(text_terms(f"{query} {clue or ''}")) - named)
        dotted = {i for i in idents if "." in i}
        single = len(idents) == 1
        bare = {i for i in idents if "." not in i and (single or _code_like(i))}
        tails = {i.rsplit(".", 1)[-1] for i in dotted}
        found: list[tuple[tuple[bool, bool, float, int], Hit]] = []
        for info in selected:
            for i, entry in enumerate(self.entries.get(info.key, ())):
                symbol = entry.symbol
                if not symbol:
                    continue
                last = symbol.rsplit(".", 1)[-1]
                full = symbol in dotted or any(d.endswith("." + symbol) for d in dotted
                                               if "." in symbol)
                if not (full or symbol in bare or last in bare or
                        (last in tails and "." not in symbol)):
                    continue
                doc = f"{info.rel}#{i}"
                rank = (full, not info.legacy, scores.get(doc, 0.0), entry.end - entry.start)
                found.append((rank, Hit(info.rel, info.key, i, entry)))
        if not found:
            return None
        found.sort(key=lambda item: item[0], reverse=True)
        best_rank, best = found[0]
        rivals = [hit for rank, hit in found[1:]
                  if hit.rel != best.rel and rank[:2] == best_rank[:2]
                  and (not other_words or rank[2] >= best_rank[2] * (1.0 - EXACT_MARGIN))]
        if rivals:
            return FindOutcome("ambiguous", candidates=(best, *rivals[:MAX_CANDIDATES - 1]),
                               exact=True)
        return self._found(best, exact=True)


def _code_like(identifier: str) -> bool:
    """camelCase, PascalCase with an inner capital, snake_case or $name: a name, not a word."""
    core = identifier.strip("_$")
    return ("_" in core or "$" in identifier
            or any(c.isupper() for c in core[1:]) and any(c.islower() for c in core))


def _symbol_list(entries: Iterable[Entry]) -> str:
    """``Class 3-40 [method 5-12, other 14-20], function 42-50`` for one file."""
    out: list[str] = []
    owner: str | None = None
    owner_start = owner_end = 0
    members: list[str] = []

    def close() -> None:
        if owner is not None:
            inner = f" [{', '.join(members)}]" if members else ""
            out.append(f"{owner} {owner_start}-{owner_end}{inner}")

    for entry in entries:
        if not entry.symbol:
            continue
        if owner is not None and entry.symbol.startswith(owner + "."):
            if entry.kind in LISTED_KINDS:
                members.append(f"{entry.symbol[len(owner) + 1:]} {entry.start}-{entry.end}")
            owner_end = max(owner_end, entry.end)
            continue
        if entry.kind not in LISTED_KINDS:
            continue
        close()
        owner = None
        members = []
        if entry.kind == "header":
            owner, owner_start = entry.symbol, entry.start
            owner_end = max(entry.end, entry.block_end)
        else:
            out.append(f"{entry.symbol} {entry.start}-{entry.end}")
    close()
    return ", ".join(out)
