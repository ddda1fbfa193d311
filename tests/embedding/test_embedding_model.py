"""What the embedding model reads of a text: its content words, so a question's framing ("where
did the user ... when they") does not pull every question towards every other."""

from __future__ import annotations

import numpy as np

from actors.embedding.model import DIM, Embedder, content_words


def test_content_words_drop_stop_words_in_both_languages() -> None:
    assert content_words("Where did the user travel when they loved the aubergine?") \
        == "user travel loved aubergine"
    assert content_words("¿Dónde vive la hermana de Ana?") == "vive hermana Ana"
    assert content_words("who am I") == "who am I"  # nothing else to read: the text itself


def test_framing_words_do_not_change_a_vector() -> None:
    embedder = Embedder()
    phrased, bare = embedder.encode(["Where is the user's sister's wedding when they marry?",
                                     "user sister wedding marry"])
    assert phrased.shape == (DIM,)
    assert np.allclose(phrased, bare)
    assert np.isclose(float(np.linalg.norm(phrased)), 1.0, atol=1e-5)
    other = embedder.encode(["user brother wedding marry"])[0]
    assert not np.allclose(phrased, other)
