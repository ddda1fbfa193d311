"""The leaf file format, byte-compatible with IHMT.

```
<<<IHMT-META
{ ...JSON header... }
IHMT-META>>>
<raw text, exactly as saved>
```

The header ends at the FIRST ``\\nIHMT-META>>>\\n`` after the opening marker; JSON text cannot
contain a raw newline followed by that marker inside a string (newlines are escaped), so a body
that itself contains the markers round-trips exactly. Unknown header fields are kept as they are.
This module parses and renders; it never touches the disk.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from store.errors import MalformedLeaf, UnknownSchemaVersion

OPEN = "<<<IHMT-META\n"
CLOSE = "\nIHMT-META>>>\n"
SCHEMA_VERSIONS = (1,)
REQUIRED = ("leaf_id", "domain")

# IHMT's header fields in IHMT's order, then ours. Rendering keeps this order first.
FIELD_ORDER = (
    "leaf_id", "schema_version", "timestamp", "ingested_at", "data_type", "domain", "title",
    "tags", "keywords", "entities", "parent_id", "source", "span", "order_index",
    "token_estimate", "checksum", "oversized", "status", "superseded_by", "extra",
    "scope", "origin", "agent", "session", "client_version", "recorded_at",
)


@dataclass(frozen=True)
class LeafFile:
    """A parsed leaf: its header (every field, known or not) and its raw text."""

    header: Mapping[str, Any]
    text: str
    path: Path | None = field(default=None, compare=False)

    @property
    def leaf_id(self) -> str:
        return str(self.header["leaf_id"])

    @property
    def domain(self) -> str:
        return str(self.header["domain"])

    def get(self, key: str, default: Any = None) -> Any:
        return self.header.get(key, default)

    def with_header(self, **changes: Any) -> LeafFile:
        return LeafFile({**self.header, **changes}, self.text, self.path)


def render_leaf(header: Mapping[str, Any], text: str) -> str:
    ordered = {key: header[key] for key in FIELD_ORDER if key in header}
    ordered.update({key: value for key, value in header.items() if key not in ordered})
    return OPEN + json.dumps(ordered, ensure_ascii=False, indent=2) + CLOSE + text


def parse_leaf(raw: str, path: Path | str | None = None) -> LeafFile:
    """Parse a leaf file's text; every problem is a typed error naming the file."""
    # a Path given is kept, not built again (doctor parses 50,000 leaves in one go)
    where = path if isinstance(path, Path) else Path(path if path is not None else "<leaf>")
    if not raw.startswith(OPEN):
        raise MalformedLeaf(where, "missing the <<<IHMT-META header")
    end = raw.find(CLOSE, len(OPEN) - 1)
    if end < 0:
        raise MalformedLeaf(where, "the IHMT-META header is not closed")
    try:
        header = json.loads(raw[len(OPEN): end])
    except ValueError as exc:
        raise MalformedLeaf(where, f"the header is not valid JSON ({exc.args[0]})") from None
    if not isinstance(header, dict):
        raise MalformedLeaf(where, "the header is not a JSON object")
    for key in REQUIRED:
        if not isinstance(header.get(key), str) or not header[key]:
            raise MalformedLeaf(where, f"the header has no '{key}'")
    version = header.get("schema_version", 1)
    if isinstance(version, bool) or version not in SCHEMA_VERSIONS:  # True == 1 in Python
        raise UnknownSchemaVersion(where, f"unknown schema_version {version!r}")
    return LeafFile(header, raw[end + len(CLOSE):], where if path is not None else None)


def read_leaf(path: Path) -> LeafFile:
    """Read and parse one leaf file."""
    return leaf_from_bytes(path.read_bytes(), path)


def leaf_from_bytes(raw: bytes, path: Path) -> LeafFile:
    """Parse a leaf file's bytes (read elsewhere: doctor reads them in worker threads)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedLeaf(path, "the file is not valid UTF-8") from None
    return parse_leaf(text, path)
