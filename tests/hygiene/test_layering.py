"""The house layering, read from the source with ``ast`` (nothing is imported to check it).

``store`` imports nothing of ours; ``actors`` never import the edge (``ihmt_async``); and no two
of our modules import each other, directly or round a longer loop. Every import statement counts,
also one inside a function: hiding an import in a function body keeps the cycle, it only moves
the failure to run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("store", "actors", "ihmt_async")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            found[_module_name(path)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The module of ours that ``name`` names (a module, or an attribute of one)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names] or [base]
        else:
            continue
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                found.add(target)
    return found


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def _top(module: str) -> str:
    return module.split(".")[0]


def test_the_graph_is_read() -> None:
    """The checks below look at a real graph: known edges are in it."""
    assert {"store.errors", "actors.base", "ihmt_async.server", "actors.dates"} <= set(GRAPH)
    assert "store.errors" in GRAPH["actors.base"]
    assert "ihmt_async.runtime" in GRAPH["ihmt_async.server"]
    assert "actors.dates" in GRAPH["actors.facts.patterns"]
    assert sum(len(targets) for targets in GRAPH.values()) > 200


def test_store_imports_nothing_of_ours() -> None:
    wrong = {m: sorted(t for t in targets if _top(t) != "store")
             for m, targets in GRAPH.items() if _top(m) == "store"}
    assert {m: t for m, t in wrong.items() if t} == {}


def test_actors_never_import_the_edge() -> None:
    wrong = {m: sorted(t for t in targets if _top(t) == "ihmt_async")
             for m, targets in GRAPH.items() if _top(m) == "actors"}
    assert {m: t for m, t in wrong.items() if t} == {}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycles() -> None:
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}, "g": set()}
    assert sorted(_cycles(graph)) == [["a", "b", "c"], ["e", "f"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def _component(module: str) -> str:
    """A sub-package of actors (actors.facts, actors.ingest ...) or the module itself."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "actors" and len(parts) > 2 else module


def test_no_cycles_between_the_actor_packages() -> None:
    """actors.facts and actors.ingest may not lean on each other (facts once took its date
    reading from ingest, while ingest sends facts its messages): shared pure code lives beside
    ``actors/text.py``."""
    packages: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        if _top(module) != "actors":
            continue
        edges = packages.setdefault(_component(module), set())
        edges.update(_component(t) for t in targets
                     if _top(t) == "actors" and _component(t) != _component(module))
    assert "actors.facts" in packages["actors.ingest"]  # the one direction that is allowed
    assert _cycles(packages) == []
