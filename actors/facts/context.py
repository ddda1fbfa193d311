"""Which saved turns need the turns said before them to be read.

A turn of a conversation saved alone sometimes finishes what its speaker began earlier: "we
moved in last saturday!" goes to the house in Golden named six weeks before (``moves``), "his
name is Keoni" names the someone "I started dating" of the turn before (``partners``),
"Vivimos en Logan Square" is in the Chicago its speaker arrived in two turns before
(``towns``). The facts actor reads the earlier turns (``FactsActor._earlier_turns``) and the
rebuild passes the same ones (``rebuild.earlier_texts``) only for such a turn. Pure; no I/O.
"""

from __future__ import annotations

from actors.facts.moves import tells_move_in
from actors.facts.partners import tells_a_name
from actors.facts.towns import tells_a_home


def reads_earlier(text: str) -> bool:
    """Whether ``text`` moves in naming no place, names someone by "his/her name is" or tells
    a home in a place (read inside the town its speaker just came to, ``towns``)."""
    return tells_move_in(text) or tells_a_name(text) or tells_a_home(text)
