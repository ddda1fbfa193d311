"""A leaf's ``LeafMeta`` (``read_model.meta_from``) holds one shared copy of the words every
leaf repeats (domain, source, agent, scope, origin, tags, keywords): ~20 strings a leaf, a few
hundred distinct ones among hundreds of leaves, kept by the ``LEAF_CACHE`` leaves a time
question over a busy year fills."""

from __future__ import annotations

import json

from actors.navigation.read_model import meta_from

STORED = {"domain": "software", "title": "2023-06-27: Decided to use Kafka", "scope": "",
          "timestamp": "2023-06-27T00:00:00Z", "recorded_at": "2026-12-06T19:09:18Z",
          "source": "mcp://bench-scale", "agent": "bench-scale", "origin": "user",
          "path": "layer_0/software/L-software-1.txt", "keywords": ["checkout", "kafka"],
          "tags": ["paragraph", "lang:en", "domain:software"], "excerpt": "Decided to use Kafka"}


def test_two_leaves_share_the_words_they_repeat() -> None:
    # each leaf's metadata decoded from its own bytes, as the stored documents are
    one = meta_from("L-1", json.loads(json.dumps(STORED)))
    two = meta_from("L-2", json.loads(json.dumps({**STORED, "keywords": ["kafka", "jobs"]})))
    assert one.tags == two.tags == ("paragraph", "lang:en", "domain:software")
    assert all(a is b for a, b in zip(one.tags, two.tags, strict=True))
    assert one.keywords[1] is two.keywords[0]  # "kafka"
    assert one.domain is two.domain and one.source is two.source and one.agent is two.agent
    assert (one.scope, one.origin, one.recorded_ts > 0) == ("", "user", True)
