"""Chunking: route a detected text to the chunker for its data type.

Every chunker finds logical blocks and packs consecutive whole blocks up to ``target_tokens``; a
block over ``max_tokens`` is stored alone and flagged oversized. For every route,
``"".join(c.text for c in chunk(text, d)) == text`` holds byte for byte. No I/O here.
"""

from __future__ import annotations

from actors.ingest.chunkers.base import Limits
from actors.ingest.chunkers.brace_code import chunk_brace
from actors.ingest.chunkers.generic import chunk_generic
from actors.ingest.chunkers.narrative import chunk_narrative
from actors.ingest.chunkers.process import chunk_process
from actors.ingest.chunkers.python_code import chunk_python
from actors.ingest.chunkers.temporal import chunk_temporal
from actors.ingest.types import Chunk, DataType, Detection
from store.errors import InvalidArgument

__all__ = ["chunk"]


def chunk(
    text: str,
    detection: Detection,
    *,
    target_tokens: int = 2000,
    max_tokens: int = 3000,
    min_tokens: int = 120,
    title_prefix: str = "",
) -> list[Chunk]:
    """Cut ``text`` into chunks for its data type without cutting a logical block.

    ``max_tokens`` below ``target_tokens`` is raised to it; sizes must be positive.
    """
    if target_tokens < 1 or max_tokens < 1 or min_tokens < 0:
        raise InvalidArgument(
            f"chunk sizes must be positive (target {target_tokens}, max {max_tokens}, "
            f"min {min_tokens})."
        )
    if not text:
        return []
    limits = Limits(target_tokens, max(max_tokens, target_tokens), min_tokens)
    kind = detection.data_type
    if kind in (DataType.PERSONAL, DataType.CLINICAL):
        return chunk_temporal(text, limits, title_prefix)
    if kind is DataType.CODE:
        if detection.language == "python":
            return chunk_python(text, limits, title_prefix)
        return chunk_brace(text, limits, detection.language, title_prefix)
    if kind is DataType.NARRATIVE:
        return chunk_narrative(text, limits, title_prefix)
    if kind is DataType.PROCESS:
        return chunk_process(text, limits, title_prefix)
    return chunk_generic(text, limits, title_prefix)
