"""The fact actor's pure logic: pulling facts out of text and resolving the fact timeline.

``patterns`` turns sentences into ``FactCandidate`` values and questions into fact keys;
``timeline`` replays the facts journal (facts, retractions, reviews, leaf supersessions) into a
read-only ``Timeline``; ``notices`` renders the dated "you updated to" lines served with stale
leaves. Nothing in this package performs I/O or keeps state between calls: the async actor shell
owns the journal, the locks and the inbox, and calls these functions with plain values.
"""
