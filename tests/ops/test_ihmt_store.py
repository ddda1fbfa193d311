"""An IHMT store opens as-is, and ``ihmt-async rebuild`` re-derives every index from its leaves
keeping each leaf's text, timestamp, domain and tags (IHMT's documented file format)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ops_support import cli_json, run_cli

from store.leaf_format import read_leaf
from store.paths import StoreLayout


def leaf_facts(home: Path) -> dict[str, tuple[Any, ...]]:
    root = StoreLayout.at_home(home).leaves_dir
    out = {}
    for path in sorted(root.rglob("*.txt")):
        leaf = read_leaf(path)
        out[leaf.leaf_id] = (leaf.text, leaf.get("timestamp"), leaf.domain,
                             tuple(leaf.get("tags") or ()), path.read_bytes())
    return out


def tree_ids(tree: dict[str, Any]) -> set[str]:
    ids: set[str] = set()

    def walk(item: dict[str, Any]) -> None:
        ids.add(item["id"])
        for child in item.get("children", []):
            walk(child)

    for items in tree["domains"].values():
        for item in items:
            walk(item)
    return ids


def test_ihmt_fixture_store_rebuilds_and_serves(ihmt_copy: Path) -> None:
    before = leaf_facts(ihmt_copy)
    assert len(before) == 30
    # As-is, before any rebuild: IHMT's catalog.json and facts.json are read directly.
    assert "Valencia" in run_cli(ihmt_copy, "search", "¿dónde vivo?").stdout

    report = cli_json(ihmt_copy, "rebuild")
    assert report["leaves"] == 30 and report["problems"] == []
    assert leaf_facts(ihmt_copy) == before, "rebuild must not change any leaf file"

    answer = run_cli(ihmt_copy, "search", "¿dónde vivo?").stdout
    assert "Valencia" in answer and "Madrid" in answer
    ruzafa = run_cli(ihmt_copy, "search", "patio interior silencioso Ruzafa").stdout
    assert "Me he mudado a Valencia" in ruzafa
    history = run_cli(ihmt_copy, "history", "user", "location").stdout
    assert "'Madrid'" in history and "'Valencia'" in history
    tree = cli_json(ihmt_copy, "tree", "--depth", "5")
    assert set(before) <= tree_ids(tree)
    assert len(tree["domains"]) == 6


IHMT_LEAVES = [
    ("L-personal-0000-aaaaaaaaaa", "personal", "2024-02-01T00:00:00Z",
     ["entry", "date:2024-02-01", "type:personal"],
     "2024-02-01\nI live in Lisbon, in a small flat in Alfama with a view of the river.\n"),
    ("L-personal-0001-bbbbbbbbbb", "personal", "2025-10-12T00:00:00Z",
     ["entry", "date:2025-10-12", "type:personal"],
     "2025-10-12\nI moved to Porto. The new flat is near the Bolhão market.\n"),
    ("L-personal-0002-cccccccccc", "personal", "2025-11-03T00:00:00Z",
     ["entry", "date:2025-11-03", "type:personal"],
     "2025-11-03\nHoy he aprendido a hacer francesinha con mi vecina Inês.\n"),
    ("L-software.python-0000-dddddddddd", "software.python", "2026-01-15T09:30:00Z",
     ["code", "lang:python"],
     "def checksum(data: bytes) -> str:\n    return hashlib.sha256(data).hexdigest()\n"),
]


def write_ihmt_store(home: Path) -> None:
    """A store as IHMT writes it, from its documented format (not from our writer)."""
    root = home / "ihmt_memory"
    branch_id = "N1-personal-1234567890"
    catalog: dict[str, Any] = {}
    for leaf_id, domain, stamp, tags, text in IHMT_LEAVES:
        parent = branch_id if domain == "personal" else None
        header = {"leaf_id": leaf_id, "schema_version": 1, "timestamp": stamp,
                  "ingested_at": "2026-02-01T10:00:00Z", "data_type": "PERSONAL",
                  "domain": domain, "title": text.splitlines()[1][:40], "tags": tags,
                  "keywords": [], "entities": [], "parent_id": parent, "source": "notes.txt",
                  "span": {"start_line": 1, "end_line": 2}, "order_index": 0,
                  "token_estimate": 20, "checksum": "sha256:00", "oversized": False,
                  "status": "ACTIVE", "superseded_by": None, "extra": {"chunker": "temporal"}}
        path = root / "layer_0" / domain / f"{leaf_id}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<<<IHMT-META\n" + json.dumps(header, indent=2, ensure_ascii=False)
                        + "\nIHMT-META>>>\n" + text, encoding="utf-8")
        catalog[leaf_id] = {"id": leaf_id, "kind": "leaf", "layer": 0, "domain": domain,
                            "path": f"layer_0/{domain}/{leaf_id}.txt", "parent_id": parent,
                            "timestamp": stamp, "title": header["title"], "leaf_count": 1,
                            "status": "ACTIVE", "source": "notes.txt"}
    children = [leaf for leaf in IHMT_LEAVES if leaf[1] == "personal"]
    branch = {"node_id": branch_id, "schema_version": 1, "layer": 1, "domain": "personal",
              "title": "L1 personal · Lisbon, Porto", "summary": "Lisbon, Porto, francesinha",
              "keywords": ["lisbon", "porto"], "tags": ["entry"], "entities": [],
              "parent_id": None, "leaf_count": 3,
              "time_range": {"start": "2024-02-01T00:00:00Z", "end": "2025-11-03T00:00:00Z"},
              "created_at": "2026-02-01T10:00:00Z", "updated_at": "2026-02-01T10:00:00Z",
              "backend": "heuristic", "child_ids": [c[0] for c in children],
              "children": [{"id": c[0], "title": c[4].splitlines()[1][:40],
                            "excerpt": c[4][:80], "keywords": [], "tags": c[3]}
                           for c in children]}
    (root / "layers" / "1").mkdir(parents=True)
    (root / "layers" / "1" / f"{branch_id}.json").write_text(json.dumps(branch, indent=2),
                                                               encoding="utf-8")
    catalog[branch_id] = {"id": branch_id, "kind": "node", "layer": 1, "domain": "personal",
                          "path": f"layers/1/{branch_id}.json", "parent_id": None,
                          "timestamp": "2025-11-03T00:00:00Z", "title": branch["title"],
                          "leaf_count": 3, "status": "ACTIVE", "source": ""}
    (root / "state").mkdir()
    (root / "state" / "catalog.json").write_text(json.dumps(
        {"schema_version": 1, "updated_at": "2026-02-01T10:00:00Z", "entries": catalog},
        indent=2), encoding="utf-8")
    facts = [{"fact_id": "F-0000000001", "subject": "user", "attribute": "location",
              "value": "Lisbon", "timestamp": "2024-02-01T00:00:00Z",
              "source_leaf_id": "L-personal-0000-aaaaaaaaaa", "domain": "personal",
              "status": "HISTORICAL", "superseded_by": "F-0000000002",
              "valid_from": "2024-02-01T00:00:00Z", "valid_to": "2025-10-12T00:00:00Z",
              "note": ""},
             {"fact_id": "F-0000000002", "subject": "user", "attribute": "location",
              "value": "Porto", "timestamp": "2025-10-12T00:00:00Z",
              "source_leaf_id": "L-personal-0001-bbbbbbbbbb", "domain": "personal",
              "status": "ACTIVE", "superseded_by": None,
              "valid_from": "2025-10-12T00:00:00Z", "valid_to": None, "note": ""}]
    (root / "state" / "facts.json").write_text(json.dumps(
        {"schema_version": 1, "updated_at": "2026-02-01T10:00:00Z", "facts": facts},
        indent=2), encoding="utf-8")
    (root / "root.json").write_text(json.dumps(
        {"schema_version": 1, "title": "IHMT", "summary": "4 leaves across 2 domains",
         "created_at": "2026-02-01T10:00:00Z", "updated_at": "2026-02-01T10:00:00Z",
         "depth": 1, "leaf_count": 4, "node_count": 1, "topics": ["personal"],
         "domains": {}}, indent=2), encoding="utf-8")
    (root / "ihmt.config.json").write_text(json.dumps({"branch_factor": 8,
                                                       "summarizer_model": "x"}))


def test_hand_written_ihmt_store_opens_and_rebuilds(tmp_path: Path) -> None:
    home = tmp_path / "ihmt-home"
    write_ihmt_store(home)
    before = leaf_facts(home)
    # As-is: the IHMT catalog and facts answer before any rebuild.
    assert "Porto" in run_cli(home, "search", "where do I live?").stdout

    report = cli_json(home, "rebuild")
    assert report["leaves"] == 4 and report["nodes"] == 1 and report["problems"] == []
    after = leaf_facts(home)
    assert {k: v[:4] for k, v in after.items()} == {k: v[:4] for k, v in before.items()}
    assert after == before

    answer = run_cli(home, "search", "where do I live?").stdout
    assert "Porto" in answer and "Lisbon" in answer
    assert "Inês" in run_cli(home, "search", "francesinha vecina").stdout
    history = run_cli(home, "history", "user", "location").stdout
    assert "'Lisbon'" in history and "'Porto'" in history
    tree = cli_json(home, "tree")
    assert set(before) | {"N1-personal-1234567890"} <= tree_ids(tree)
    config = json.loads((home / "ihmt_memory" / "ihmt.config.json").read_text())
    assert config["summarizer_model"] == "x", "IHMT's own settings are kept"
