"""The index terms of the known places are built once per process, not per search
(``unmentioned.place_stems``: ~220 us a search that weighs a thing's name), and are what
building them anew gives."""

from __future__ import annotations

from actors import regions
from actors.navigation import unmentioned
from actors.navigation.stem import stem


def test_the_known_places_terms_are_built_once() -> None:
    assert unmentioned.place_stems() is unmentioned.place_stems()
    assert unmentioned.place_stems() == {stem(name) for name in regions.place_names()}
    assert {stem("madrid"), stem("lisboa"), stem("japan")} <= unmentioned.place_stems()
