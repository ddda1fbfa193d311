"""Consolidation: folding groups of memories into branch summaries.

The actor (debounced nudges, the cross-process consolidation lock, branch files) lives beside
this package's pure parts; ``summarizer`` turns children's digests into a branch's descriptor
without touching the disk.
"""
