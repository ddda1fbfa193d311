"""Consolidation: folding groups of memories into branch summaries.

The actor (debounced nudges, the cross-process consolidation lock, branch files) lives beside
this package's pure parts: ``tree`` plans the groups and the catalog records that file them,
``summarizer`` turns children's digests into a branch's descriptor, ``root`` builds root.json,
and ``repair`` decides how to heal what a killed pass left. None of those touches the disk.
"""
