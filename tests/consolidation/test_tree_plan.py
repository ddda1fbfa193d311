"""The pure planning parts: grouping, link records, repair decisions, root comparison."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from actors.consolidation import repair, tree
from actors.consolidation.root import unchanged


@given(st.integers(0, 200), st.integers(2, 12), st.booleans())
def test_groups_partition_a_prefix_in_order(count: int, factor: int, partial: bool) -> None:
    items = list(range(count))
    out = tree.groups(items, factor, partial=partial)
    flat = [i for group in out for i in group]
    assert flat == items[: len(flat)], "consecutive, in order, nothing twice"
    assert all(len(g) == factor for g in out[:-1])
    assert all(1 <= len(g) <= factor for g in out)
    left = count - len(flat)
    assert left == 0 if partial else left < factor


def test_only_a_forced_pass_files_a_partial_group_and_only_of_leaves() -> None:
    assert tree.files_partial_group(0, True)
    assert not tree.files_partial_group(0, False)
    assert not tree.files_partial_group(1, True)


def test_branch_ids_hash_the_children_so_a_redo_is_the_same_branch() -> None:
    a = tree.node_id_for(1, "work", ["L-1", "L-2"])
    assert a == tree.node_id_for(1, "work", ["L-1", "L-2"])
    assert a != tree.node_id_for(1, "work", ["L-2", "L-1"])
    assert a != tree.node_id_for(2, "work", ["L-1", "L-2"])


NODE = {"node_id": "N1-work-abc", "layer": 1, "domain": "work", "leaf_count": 3,
        "child_ids": ["L-a", "L-b", "L-c"], "time_range": {"end": "2025-01-02"}}


def leaf(i: str, parent: str | None = None) -> dict[str, object]:
    return {"id": i, "kind": "leaf", "layer": 0, "domain": "work", "parent_id": parent}


def test_link_records_put_the_branch_after_its_children() -> None:
    records = tree.link_records(NODE, "layers/1/N1-work-abc.json")
    assert [r["op"] for r in records] == ["patch", "patch", "patch", "put"]
    assert records[-1]["entry"]["id"] == "N1-work-abc"
    assert {r["id"] for r in records[:-1]} == {"L-a", "L-b", "L-c"}


def test_a_half_written_link_is_found_and_completed() -> None:
    entries = {"L-a": leaf("L-a", "N1-work-abc"), "L-b": leaf("L-b"), "L-c": leaf("L-c")}
    damage = repair.find_damage({"N1-work-abc": ["L-a"]}, ["N1-work-abc"], set(entries))
    assert damage.dangling == {"N1-work-abc": ("L-a",)}
    assert damage.strays == ("N1-work-abc",)
    records = repair.complete_or_undo("N1-work-abc", ["L-a"], NODE, "layers/1/x.json", entries)
    assert [(r["op"], r.get("id")) for r in records[:-1]] == [("patch", "L-b"), ("patch", "L-c")]
    assert records[-1]["op"] == "put"


def test_a_link_the_branch_file_cannot_back_is_undone() -> None:
    entries = {"L-a": leaf("L-a", "N1-work-abc"), "L-b": leaf("L-b", "N1-work-zzz"),
               "L-c": leaf("L-c"), "N1-work-zzz": {"id": "N1-work-zzz", "kind": "node"}}
    for node in (None, NODE, {**NODE, "child_ids": ["L-c"]}):
        # missing file; a child already filed elsewhere; a file that does not list L-a
        records = repair.complete_or_undo("N1-work-abc", ["L-a"], node, "x", entries)
        assert records == [{"op": "patch", "id": "L-a", "set": {"parent_id": None}}]


def test_a_sound_store_shows_no_damage() -> None:
    assert not repair.find_damage({}, ["N1-work-abc"], {"L-a", "N1-work-abc"})


def test_root_is_unchanged_when_only_its_stamps_differ() -> None:
    old = {"depth": 1, "created_at": "a", "updated_at": "a", "domains": {"work": {}}}
    assert unchanged(old, {**old, "updated_at": "b", "created_at": "b"})
    assert not unchanged(old, {**old, "depth": 2})
    assert not unchanged(None, old)
