"""Navigation: the read side of the store, as pure functions and in-memory structures.

``query`` turns a search string (and an optional clue) into terms, ``bm25`` scores one level of
the tree, ``term_index`` searches every leaf at once for the no-false-absence fallback, and
``confidence`` decides when to ask the agent for a clue instead of answering. Nothing in this
package performs I/O; the navigation actor feeds it what it reads from the store.
"""
