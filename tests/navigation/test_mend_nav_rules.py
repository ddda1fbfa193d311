"""Rows for the review's findings on the thirty-eighth pass's navigation rules (mend-nav):
each row failed before its mend."""

from __future__ import annotations

import pytest

from actors.navigation.parted_with import asks_bought


@pytest.mark.parametrize(("question", "things"), [
    ("¿Comprobó el usuario el coche antes del viaje?", ()),
    ("¿Qué compromiso tiene Ana con la bici del club?", ()),
    ("Did Marta paginate the catalogue before the trip?", ()),
    ("¿Cuánto pagó por el coche nuevo?", ("coche",)),
    ("¿Dónde compraste la bici?", ("bici",)),
])
def test_only_a_verb_of_buying_or_paying_asks_a_purchase(
        question: str, things: tuple[str, ...]) -> None:
    # B2: "compr\w*" and "pag\w*" read "comprobó", "compromiso", "paginate" as a purchase
    assert asks_bought(question) == things
