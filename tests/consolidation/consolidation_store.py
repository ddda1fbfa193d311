"""Test support for consolidation: build big stores fast, and check a store's tree is whole.

``build_leaves`` writes leaf files and their catalog entries directly through the store's
functions (no ingest actor), in catalog-lock-held batches, so a test or the benchmark can have
thousands of parentless leaves in a second or two. Leaf texts mix English and Spanish and carry
two made-up words unique to each note (``unique_words``), so a search can find every one.

``check_tree`` reads what is on disk (catalog, branch files, root.json) with fresh readers and
raises AssertionError naming the first broken invariant. It must never write anything.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from actors.text import entities, keywords, shorten
from store import catalog as catalog_table
from store.catalog import CatalogReader
from store.engine import Engine
from store.fulltext import index_dir
from store.leaf_format import render_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.tree_files import iter_branch_files, read_branch, read_root

_CONSONANTS = "bdfgklmnprstvz"
_VOWELS = "aeiou"
_SYLLABLES = [c + v for c in _CONSONANTS for v in _VOWELS]

TEMPLATES = (
    "Meeting notes: the {topic} team agreed to migrate the {w1} service before the {w2} "
    "release. Luis will write the runbook and Marta reviews the rollback plan.",
    "Nota del equipo de {topic}: decidimos mover el servicio {w1} a Valencia antes de la "
    "versión {w2}. Carmen prepara las pruebas de carga.",
    "Debugging session about {topic}: the {w1} worker leaked file handles until the {w2} "
    "patch closed them in the retry loop. Postgres stayed healthy.",
    "Receta de la abuela para {topic}: mezclar {w1} con harina y dejar reposar la masa {w2} "
    "toda la noche en la nevera.",
)
TOPICS = ("billing", "inventario", "search", "facturación", "payments", "logística")


def unique_words(n: int) -> tuple[str, str]:
    """Two letters-only words that no other ``n`` gets (and that no language has)."""
    def word(k: int, salt: str) -> str:
        digest = hashlib.sha256(f"{salt}{k}".encode()).digest()
        head = "".join(_SYLLABLES[b % len(_SYLLABLES)] for b in digest[:2])
        tail = []
        rest = k
        for _ in range(3):
            rest, digit = divmod(rest, len(_SYLLABLES))
            tail.append(_SYLLABLES[digit])
        return "q" + head + "".join(tail)
    return word(n, "a"), word(n, "b")


def note_text(n: int) -> str:
    w1, w2 = unique_words(n)
    template = TEMPLATES[n % len(TEMPLATES)]
    return template.format(topic=TOPICS[n % len(TOPICS)], w1=w1, w2=w2)


@functools.lru_cache(maxsize=64)
def _shared_terms(template: int, topic: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keywords and entities of a template's fixed words (computed once: builds stay fast)."""
    text = TEMPLATES[template].format(topic=TOPICS[topic], w1="", w2="")
    return tuple(keywords(text, 12)), tuple(entities(text, 12))


def _stamp(n: int) -> str:
    day, second = divmod(n, 86_400)
    hour, rest = divmod(second, 3600)
    minute, sec = divmod(rest, 60)
    return f"2025-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T{hour:02d}:{minute:02d}:{sec:02d}Z"


def leaf_header(n: int, domain: str, text: str, tag: str) -> dict[str, Any]:
    stamp = _stamp(n * 37)
    shared_keywords, shared_entities = _shared_terms(n % len(TEMPLATES), n % len(TOPICS))
    return {
        "leaf_id": f"L-{domain}-{tag}-{n:06d}",
        "schema_version": 1,
        "timestamp": stamp,
        "ingested_at": stamp,
        "data_type": "PROSE",
        "domain": domain,
        "title": shorten(text, 80),
        "tags": ["type:prose", f"domain:{domain}", "lang:en" if n % 2 == 0 else "lang:es"],
        "keywords": [*unique_words(n), *shared_keywords],
        "entities": list(shared_entities),
        "parent_id": None,
        "source": "test://consolidation",
        "status": "ACTIVE",
        "scope": "",
        "origin": "user",
        "agent": "test",
        "recorded_at": stamp,
    }


def build_leaves(layout: StoreLayout, locks: LockManager, count: int, *,
                 domains: Sequence[str] = ("work", "personal"), start: int = 0,
                 tag: str = "b", batch: int = 500) -> list[str]:
    """Write ``count`` parentless leaves (and their catalog entries); returns their ids.

    Leaf files are written plainly (no fsync: these stores only need to survive a killed
    process, not a power cut); catalog entries go in under the catalog lock, ``batch`` a line.
    """
    layout.ensure()
    engine = Engine(layout)
    ids: list[str] = []
    numbers = range(start, start + count)
    for chunk_start in range(0, count, batch):
        records = []
        for n in itertools.islice(numbers, chunk_start, chunk_start + batch):
            domain = domains[n % len(domains)]
            text = note_text(n)
            header = leaf_header(n, domain, text, tag)
            path = layout.leaf_path(domain, header["leaf_id"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_leaf(header, text), encoding="utf-8")
            relpath = layout.leaf_relpath(domain, header["leaf_id"])
            records.append(catalog_table.put(catalog_table.entry_from_leaf(header, relpath,
                                                                           None)))
            ids.append(header["leaf_id"])
        with locks.hold_sync("catalog", actor="test-builder"):
            engine.commit(catalog=records, logged=False)
    engine.close()
    return ids


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class TreeReport:
    leaves: frozenset[str]
    nodes: frozenset[str]
    parentless: frozenset[str]
    depth: int
    parents: dict[str, str]
    """child id -> the branch whose file lists it."""


def read_entries(layout: StoreLayout) -> dict[str, dict[str, Any]]:
    return CatalogReader(layout).entries()


def check_tree(layout: StoreLayout) -> TreeReport:
    """Every invariant a finished pass promises; AssertionError on the first broken one."""
    entries = read_entries(layout)
    leaves = {i for i, e in entries.items() if e.get("kind") == "leaf"}
    nodes = {i for i, e in entries.items() if e.get("kind") == "node"}

    files: dict[str, dict[str, Any]] = {}
    for path in iter_branch_files(layout):
        node = read_branch(path)
        assert node["node_id"] not in files, f"two branch files for {node['node_id']}"
        assert path.stem == node["node_id"], f"{path} holds {node['node_id']}"
        files[node["node_id"]] = node
    missing = nodes - files.keys()
    assert not missing, f"catalog nodes without a branch file: {sorted(missing)[:5]}"
    strays = files.keys() - nodes
    assert not strays, f"branch files the catalog does not know: {sorted(strays)[:5]}"

    listed = Counter(c for node in files.values() for c in node["child_ids"])
    twice = [c for c, k in listed.items() if k > 1]
    assert not twice, f"children listed by two branches: {twice[:5]}"
    parents = {c: node_id for node_id, node in files.items() for c in node["child_ids"]}
    for child, node_id in parents.items():
        assert child in entries, f"{node_id} lists {child}, which the catalog does not hold"
        got = entries[child].get("parent_id")
        assert got == node_id, f"{child}: catalog parent {got!r}, but {node_id} lists it"
        assert int(entries[child]["layer"]) == int(files[node_id]["layer"]) - 1, \
            f"{child} sits two layers below {node_id}"
        assert entries[child]["domain"] == files[node_id]["domain"], f"{child} crosses domains"
    for entry_id, entry in entries.items():
        parent = entry.get("parent_id")
        if parent:
            assert parent in files, f"{entry_id} has a dangling parent {parent}"
            assert parents.get(entry_id) == parent, \
                f"{entry_id} names parent {parent}, which does not list it"
    for node_id, node in files.items():
        assert entries[node_id]["leaf_count"] == node["leaf_count"], f"{node_id} leaf_count"
        under = sum(int(entries[c].get("leaf_count", 1)) for c in node["child_ids"])
        assert node["leaf_count"] == under, f"{node_id} counts {node['leaf_count']} != {under}"

    parentless = {i for i, e in entries.items() if not e.get("parent_id")}
    root = read_root(layout)
    assert root is not None, "no root.json"
    top = {item["id"]: domain for domain, digest in root["domains"].items()
           for item in digest["top_nodes"]}
    assert set(top) == parentless, (
        f"root.json top_nodes differ from the parentless items: "
        f"extra {sorted(set(top) - parentless)[:3]}, missing {sorted(parentless - set(top))[:3]}")
    reached: set[str] = set()
    stack = list(top)
    while stack:
        item = stack.pop()
        assert item not in reached, f"{item} reached twice"
        reached.add(item)
        if item in files:
            stack.extend(files[item]["child_ids"])
    unreached = leaves - reached
    assert not unreached, f"leaves not reachable from root.json: {sorted(unreached)[:5]}"
    assert root["leaf_count"] == len(leaves) and root["node_count"] == len(nodes)
    depth = max((int(entries[n]["layer"]) for n in nodes), default=0)
    assert root["depth"] == depth
    return TreeReport(frozenset(leaves), frozenset(nodes), frozenset(parentless), depth, parents)


def tree_snapshot(layout: StoreLayout) -> dict[str, bytes]:
    """Every tree file's bytes and the catalog's rows, by relative path (idempotence checks).

    The full-text index is left out (derived, it commits on its own schedule), and so are the
    database's bytes: the background embedder writes memory vectors into it whenever the
    navigation actor is idle, which is not a change of the tree. The catalog rows it holds are
    compared instead."""
    out: dict[str, bytes] = {}
    fulltext = Path(index_dir(layout))
    for base in (layout.layers_dir, layout.state_dir):
        for path in sorted(base.rglob("*")):
            if path.name.startswith(layout.database.name):
                continue
            if path.is_file() and path.parent != layout.locks_dir \
                    and not path.is_relative_to(fulltext):
                out[path.relative_to(layout.root).as_posix()] = path.read_bytes()
    out["root.json"] = layout.root_file.read_bytes()
    out["catalog rows"] = json.dumps(read_entries(layout), sort_keys=True).encode()
    return out
