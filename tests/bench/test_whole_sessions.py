"""The whole-session layout of the chat sets (``bench.whole_sessions``): every turn in one
session, in order, under its stamp; the answer counted shown only when its turn's text is."""

from __future__ import annotations

import pytest

from bench import conversation_set, conversation_set_c, conversation_set_d, conversation_set_g
from bench.whole_sessions import sessions, shows


@pytest.mark.parametrize("cset", [conversation_set_c, conversation_set_d, conversation_set_g])
def test_each_turn_is_a_line_of_one_session_in_order(cset: object) -> None:
    turns = cset.TURNS  # type: ignore[attr-defined]
    laid = sessions(turns)
    assert [key for s in laid for key in s.turns] == [turn.key for turn in turns]
    for session in laid:
        stamp, *lines = session.text.split("\n")
        assert stamp.startswith("[") and stamp.endswith("]")
        assert len(lines) == len(session.turns)
        for line, key in zip(lines, session.turns, strict=True):
            turn = next(t for t in turns if t.key == key)
            assert turn.content == f"{stamp} {line}"
    assert len({s.text.split("\n")[0] for s in laid}) == len(laid)


def test_a_set_without_speakers_is_refused() -> None:
    with pytest.raises(ValueError, match="speaker"):
        sessions(conversation_set.TURNS)


def test_shown_means_the_turn_s_whole_text() -> None:
    reply = "[2025-04-05]\nuser: Also please never suggest anything with coriander,\nit tastes"
    assert shows(reply + " like soap to me.", "Also please never suggest anything with "
                 "coriander, it tastes like soap to me.")
    assert not shows(reply, "Also please never suggest anything with coriander, it tastes "
                     "like soap to me.")
