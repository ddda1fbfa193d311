from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from actors.consolidation.summarizer import (
    BranchSummary,
    ChildDigest,
    HeuristicSummarizer,
    Summarizer,
    domain_digest,
    excerpt_for,
    merge_ranked,
    time_range,
)


def child(
    n: int,
    *,
    title: str | None = None,
    excerpt: str = "",
    keywords: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
    entities: tuple[str, ...] = (),
    timestamp: str = "2024-03-11T09:00:00+00:00",
    kind: str = "leaf",
    leaf_count: int = 1,
) -> ChildDigest:
    return ChildDigest(
        id=f"leaf-{n}",
        kind=kind,  # type: ignore[arg-type]
        title=title if title is not None else f"Note {n}",
        excerpt=excerpt,
        keywords=keywords,
        tags=tags,
        entities=entities,
        timestamp=timestamp,
        leaf_count=leaf_count,
    )


PERSONAL = [
    child(1, title="Luis se muda a Lavapiés",
          excerpt="Luis se muda a Lavapiés en abril. Piso pequeño.",
          keywords=("luis", "lavapies", "piso"), tags=("type:prose", "date:2024-03-11"),
          entities=("Luis", "Lavapiés"), timestamp="2024-03-11T09:00:00+00:00"),
    child(2, title="Luis on the InventoryService team",
          excerpt="Luis joined the InventoryService team. He owns the retry logic.",
          keywords=("luis", "inventoryservice", "retry"), tags=("type:prose",),
          entities=("Luis", "InventoryService"), timestamp="2025-06-01T12:00:00+00:00"),
    child(3, title="InventoryService timeouts",
          excerpt="Timeouts in InventoryService came from the pool size!  Raised to 20.",
          keywords=("inventoryservice", "timeouts", "pool"), tags=("type:code", "lang:python"),
          entities=("InventoryService",), timestamp="2026-02-03T18:30:00+00:00"),
]


def test_protocol_and_name() -> None:
    summarizer = HeuristicSummarizer()
    assert isinstance(summarizer, Summarizer)
    assert summarizer.name == "heuristic"


def test_title_summary_and_merges() -> None:
    s = HeuristicSummarizer().summarize("personal", 1, PERSONAL)
    assert isinstance(s, BranchSummary)
    assert s.title == "L1 personal · Luis, InventoryService, Lavapiés [2024-03-11..2026-02-03]"
    assert s.summary.startswith(
        "[personal · layer 1 · 3 children · 2024-03-11..2026-02-03] Covers: "
        "Luis se muda a Lavapiés; Luis on the InventoryService team; InventoryService timeouts."
    )
    assert "Luis joined the InventoryService team." in s.summary
    assert "Timeouts in InventoryService came from the pool size!" in s.summary
    assert s.keywords[:2] == ("luis", "inventoryservice")
    assert s.tags[0] == "type:prose" and set(s.tags) == {
        "type:prose", "date:2024-03-11", "type:code", "lang:python"}
    assert s.entities == ("Luis", "InventoryService", "Lavapiés")
    assert s.time_range == ("2024-03-11T09:00:00+00:00", "2026-02-03T18:30:00+00:00")


def test_deterministic_and_independent_of_call_history() -> None:
    a = HeuristicSummarizer().summarize("personal", 1, PERSONAL)
    HeuristicSummarizer().summarize("work", 2, PERSONAL[::-1])
    b = HeuristicSummarizer().summarize("personal", 1, list(PERSONAL))
    assert a == b


def test_title_falls_back_to_keywords_and_handles_one_date() -> None:
    kids = [child(i, keywords=("kettle", "descale"), timestamp="2025-01-05") for i in range(2)]
    s = HeuristicSummarizer().summarize("home", 2, kids)
    assert s.title == "L2 home · kettle, descale [2025-01-05]"
    assert s.summary.startswith(
        "[home · layer 2 · 2 children · 2025-01-05] Covers: Note 0; Note 1."
    )


def test_caps() -> None:
    kids = [
        child(i, title=f"Session {i} " + "word " * 40,
              excerpt=f"Child {i} opens with a long sentence " + "about many things " * 12,
              keywords=tuple(f"kw{i}x{j}" for j in range(10)),
              tags=tuple(f"tag:{i}-{j}" for j in range(8)),
              entities=tuple(f"Name{i}x{j}" for j in range(6)),
              timestamp=f"2024-01-{i + 1:02d}")
        for i in range(8)
    ]
    s = HeuristicSummarizer().summarize("work", 1, kids)
    assert len(s.keywords) == 14 and len(s.tags) == 16 and len(s.entities) == 12
    assert len(s.summary) <= 1200 and s.summary.endswith("…")
    assert "layer 1 · 8 children · 2024-01-01..2024-01-08" in s.summary
    # Ties in frequency go to the earliest child, in its own order.
    assert s.keywords[:3] == ("kw0x0", "kw0x1", "kw0x2")


def test_empty_children_do_not_crash() -> None:
    s = HeuristicSummarizer().summarize("misc", 1, [])
    assert s.title == "L1 misc" and s.time_range == ("", "")
    assert s.summary == "[misc · layer 1 · 0 children]"


def test_merge_ranked_counts_children_and_folds_case() -> None:
    merged = merge_ranked([("b", "a"), ("A", "c"), ("c", "a", "a")], 10)
    assert merged == ("a", "c", "b")
    assert merge_ranked([("x", "y", "z")], 2) == ("x", "y")


def test_time_range_compares_instants_not_strings() -> None:
    span = time_range(["2024-03-11T10:00:00+02:00", "2024-03-11T09:30:00+00:00", "", "garbage"])
    assert span == ("2024-03-11T10:00:00+02:00", "2024-03-11T09:30:00+00:00")
    mixed = time_range(["2024-05-01", "2023-01-01T00:00:00Z"])
    assert mixed == ("2023-01-01T00:00:00Z", "2024-05-01")
    assert time_range(["b", "a"]) == ("a", "b")
    assert time_range([]) == ("", "")


def test_excerpt_for_cuts_on_word_boundary() -> None:
    text = "El   piso\n de Lavapiés tiene dos habitaciones y un balcón pequeño"
    whole = "El piso de Lavapiés tiene dos habitaciones y un balcón pequeño"
    assert excerpt_for(text, 200) == whole
    cut = excerpt_for(text, 30)
    assert cut == "El piso de Lavapiés tiene dos…"
    assert excerpt_for("x" * 50, 10) == "x" * 9 + "…"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400), st.integers(1, 350))
def test_excerpt_for_never_exceeds_limit(text: str, limit: int) -> None:
    out = excerpt_for(text, limit)
    flat = " ".join(text.split())
    assert len(out) <= limit
    if len(flat) <= limit:
        assert out == flat
    else:
        assert out.endswith("…")
        assert flat.startswith(out[:-1])


def test_domain_digest_shape() -> None:
    node = child(9, kind="node", title="L1 personal · Luis", excerpt="word " * 200,
                 keywords=tuple(f"k{j}" for j in range(14)), tags=tuple(f"t{j}" for j in range(16)),
                 timestamp="2026-02-03T18:30:00+00:00", leaf_count=8)
    loose = child(10, title="Gato vet visit", excerpt="El gato fue al veterinario.",
                  keywords=("gato", "veterinario"), timestamp="2026-03-01T10:00:00+00:00")
    digest = domain_digest("personal", [node, loose])
    assert set(digest) == {"domain", "summary", "keywords", "leaf_count", "time_range", "top_nodes"}
    assert digest["domain"] == "personal" and digest["leaf_count"] == 9
    assert digest["time_range"] == {"start": "2026-02-03T18:30:00+00:00",
                                    "end": "2026-03-01T10:00:00+00:00"}
    top = digest["top_nodes"]
    assert [t["id"] for t in top] == ["leaf-9", "leaf-10"]
    assert top[0]["kind"] == "node" and len(top[0]["keywords"]) == 10 and len(top[0]["tags"]) == 8
    assert len(top[0]["excerpt"]) <= 320
    assert set(top[0]) == {"id", "kind", "title", "excerpt", "keywords", "tags"}
    assert "Gato vet visit" in digest["summary"]
    json.dumps(digest)  # root.json-ready
