"""A seeded generator of realistic coding-agent memories, and a fast bulk writer for them.

Used by the navigation tests and by ``bench/search_bench.py`` (not collected by pytest: the file
name does not start with ``test_``). The bulk writer builds leaves the way ingest does (the same
header fields, ``store.leaves.write_leaf``, catalog ``put`` records appended under the
``catalog`` lock), only without chunking, detection and fact extraction, so a 50,000-leaf store
takes seconds instead of minutes. The files hold exactly the bytes ``write_leaf`` would write
(``render_leaf``), but are written without the per-file fsync of ``write_atomic``: durability is
not under test here, and fsync-per-leaf makes a 50,000-leaf store take many minutes. Searches
still go through the navigation actor.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from actors.text import entities, estimate_tokens, terms, tokens
from store import catalog as catalog_table
from store.engine import Engine
from store.leaf_format import render_leaf
from store.locks import LockManager
from store.paths import StoreLayout

SERVICES = ["billing", "checkout", "inventory", "search", "notifications", "auth", "gateway",
            "reporting", "ledger", "scheduler", "ingest", "exporter", "payments", "catalog",
            "profile", "analytics", "webhooks", "mailer", "uploader", "pricing"]
LANGS = ["Python", "Go", "TypeScript", "Rust", "Java", "Kotlin"]
TOOLS = ["pytest", "ruff", "mypy", "black", "eslint", "prettier", "cargo", "gradle", "poetry",
         "uv", "docker", "terraform", "helm", "kubectl", "make", "tox", "nox", "jest", "vitest"]
DATASTORES = ["PostgreSQL", "MySQL", "Redis", "SQLite", "MongoDB", "DynamoDB", "Cassandra",
              "Elasticsearch", "ClickHouse"]
PEOPLE = ["Ana", "Marta", "Jorge", "Priya", "Tom", "Wei", "Sofia", "Daniel", "Lucia", "Omar",
          "Elena", "Hugo", "Nadia", "Pablo", "Grace", "Ivan"]
FILES = ["settings.py", "main.go", "index.ts", "Cargo.toml", "pyproject.toml", "Makefile",
         "docker-compose.yml", "values.yaml", "conftest.py", "router.ts", "handlers.go"]
VERBS = ["refactored", "profiled", "migrated", "reviewed", "documented", "benchmarked",
         "debugged", "split", "rewrote", "cleaned up"]
ISSUES = ["a race condition in the retry loop", "a memory leak in the worker pool",
          "slow cold starts", "flaky integration tests", "a timezone bug in the nightly job",
          "connection pool exhaustion under load", "an N+1 query in the listing endpoint",
          "stale cache entries after deploys", "a deadlock between two migrations",
          "unbounded queue growth", "a off-by-one error in pagination"]
DECISIONS = ["keep the public API stable until the next major release",
             "pin every dependency and update them weekly",
             "run the linters in pre-commit instead of CI only",
             "use feature flags for every risky change",
             "log JSON to stderr and never to stdout",
             "prefer small pull requests with one reviewer",
             "retry idempotent calls three times with jitter",
             "store timestamps in UTC and render them locally"]
SPANISH = ["Hemos decidido revisar los tiempos de respuesta del servicio cada lunes.",
           "El despliegue de los viernes queda prohibido salvo urgencias.",
           "La base de datos de pruebas se reinicia cada noche a las dos.",
           "Conviene documentar cada cambio de esquema en el registro de migraciones.",
           "Los tests de integración tardan demasiado y hay que paralelizarlos."]


def _sentence(rng: random.Random) -> str:
    svc, svc2 = rng.sample(SERVICES, 2)
    person = rng.choice(PEOPLE)
    kind = rng.randrange(10)
    if kind == 0:
        return (f"The {svc} service is written in {rng.choice(LANGS)} and talks to the {svc2} "
                f"service over gRPC with a {rng.randint(2, 30)} second timeout.")
    if kind == 1:
        return (f"{person} {rng.choice(VERBS)} the {svc} module last week to fix "
                f"{rng.choice(ISSUES)}.")
    if kind == 2:
        return (f"We decided to {rng.choice(DECISIONS)} for the {svc} repository; "
                f"{person} agreed in the planning meeting.")
    if kind == 3:
        return (f"Run {rng.choice(TOOLS)} before pushing changes to {rng.choice(FILES)}, "
                f"otherwise the {svc} pipeline fails.")
    if kind == 4:
        return (f"The {svc} service stores its state in {rng.choice(DATASTORES)} and caches "
                f"hot keys for {rng.randint(1, 90)} minutes.")
    if kind == 5:
        return (f"Deploys of {svc} go through staging first; the rollout takes about "
                f"{rng.randint(3, 40)} minutes per region.")
    if kind == 6:
        return (f"When {svc} tests fail locally, check the fixtures in {rng.choice(FILES)} and "
                f"the environment variables of the {svc2} mock.")
    if kind == 7:
        return rng.choice(SPANISH)
    if kind == 8:
        return (f"{person} prefers {rng.choice(TOOLS)} over {rng.choice(TOOLS)} for the {svc} "
                f"project because it is faster and easier to configure.")
    return (f"Issue #{rng.randint(100, 9999)} in {svc}: {rng.choice(ISSUES)}, reproduced with "
            f"{rng.randint(2, 64)} concurrent clients.")


def memory_text(rng: random.Random, sentences: tuple[int, int] = (2, 6)) -> str:
    """One ordinary memory: a few related sentences about services, tools and people."""
    return " ".join(_sentence(rng) for _ in range(rng.randint(*sentences)))


# Invented, pronounceable words that no ordinary memory contains.
_SYL = ["ka", "zu", "vor", "nix", "qua", "lem", "thra", "bex", "yol", "drim", "ost", "pel",
        "gri", "mox", "wen", "fla", "jup", "sor", "tev", "ulk"]


def invented_word(rng: random.Random, used: set[str]) -> str:
    while True:
        word = "".join(rng.sample(_SYL, 3))
        if word not in used:
            used.add(word)
            return word


@dataclass(frozen=True)
class Needle:
    text: str
    query: str
    marker: str
    """The invented word only this memory contains (deep in its body)."""


def needle(rng: random.Random, used: set[str]) -> Needle:
    """A memory whose distinguishing words sit deep in its body (not in the first 320
    characters, and appearing once, so never among its top keywords)."""
    marker = invented_word(rng, used)
    svc = rng.choice(SERVICES)
    opener = f"Notes from the {svc} on-call rotation. " + " ".join(
        _sentence(rng) for _ in range(4))
    # Repeat the opener's vocabulary so its words, not the needle's, are the top keywords.
    opener += f" The {svc} service owners reviewed the {svc} runbook again."
    details = [
        (f"The {marker} flag must be switched off before the quarterly audit export.",
         f"{marker} flag audit export"),
        (f"Our contractor stored the {marker} certificate bundle in the cold vault.",
         f"where is the {marker} certificate bundle"),
        (f"A customer called {marker.capitalize()} Ltd reported duplicate invoices twice.",
         f"{marker} duplicate invoices"),
        (f"El script {marker} borra las copias antiguas cada domingo.",
         f"script {marker} copias antiguas"),
    ]
    detail, query = rng.choice(details)
    text = opener + " " + _sentence(rng) + " " + detail + " " + _sentence(rng)
    return Needle(text=text, query=query, marker=marker)


@lru_cache(maxsize=1 << 16)
def _token_terms(raw: str) -> tuple[str, ...]:
    return tuple(terms(raw))


def fast_keywords(text: str, limit: int = 14) -> list[str]:
    """``actors.text.keywords`` with per-token memoised terms (same result, far faster on a
    generated corpus whose vocabulary is small): frequency, ties by first appearance."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    index = 0
    for raw in tokens(text):
        for term in _token_terms(raw):
            if not term.isdigit() and len(term) >= 3:
                counts[term] += 1
                first.setdefault(term, index)
            index += 1
    return sorted(counts, key=lambda t: (-counts[t], first[t]))[:limit]


def header_for(text: str, *, domain: str, order: int, source: str, now: dt.datetime,
               scope: str = "", title: str | None = None) -> dict[str, object]:
    """The header ingest would write for a one-chunk prose memory."""
    stamp = now.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    digest = hashlib.sha256(f"{source}\x00{order}\x00{text}".encode()).hexdigest()[:10]
    tags = ["type:prose", f"domain:{domain}", "lang:en", "source:bench"]
    if scope:
        tags.append(f"scope:{scope}")
    return {
        "leaf_id": f"L-{domain}-{order:04d}-{digest}", "schema_version": 1,
        "timestamp": stamp, "ingested_at": stamp, "data_type": "PROSE", "domain": domain,
        "title": title or (text[:80].rsplit(" ", 1)[0] if len(text) > 80 else text),
        "tags": tags, "keywords": fast_keywords(text, 14), "entities": entities(text, 12),
        "parent_id": None, "source": source, "span": {"start_line": 1, "end_line": 1},
        "order_index": 0, "token_estimate": estimate_tokens(text),
        "checksum": "sha256:" + hashlib.sha256(text.encode()).hexdigest(), "oversized": False,
        "status": "ACTIVE", "superseded_by": None, "extra": {}, "scope": scope,
        "origin": "agent", "agent": "bench", "session": "bench", "client_version": "",
        "recorded_at": stamp,
    }


async def write_memories(layout: StoreLayout, locks: LockManager, texts: Sequence[str], *,
                         domains: Sequence[str] = ("general",), seed: int = 0,
                         batch: int = 5000) -> list[str]:
    """Write leaves + catalog entries like ingest does; returns the leaf ids in text order."""
    now = dt.datetime.now(dt.UTC)
    ids: list[str] = []
    engine = Engine(layout)
    for start in range(0, len(texts), batch):
        records = []
        for i, text in enumerate(texts[start:start + batch], start=start):
            domain = domains[i % len(domains)]
            header = header_for(text, domain=domain, order=i, source=f"bench://{seed}", now=now)
            leaf_id = str(header["leaf_id"])
            path = layout.leaf_path(domain, leaf_id)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_leaf(header, text), encoding="utf-8")
            ids.append(leaf_id)
            records.append(catalog_table.put(catalog_table.entry_from_leaf(
                header, layout.leaf_relpath(domain, leaf_id), None)))
        async with locks.hold("catalog", actor="bench"):
            engine.commit(catalog=records, logged=False)
    engine.close()
    return ids
