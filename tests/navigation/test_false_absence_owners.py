"""A question whose thing the store tells in other words is no "No memory found" when it is
read as the right person's: Marta's ex told by her break-up ("Javier y yo lo hemos dejado"),
the bike Kenji paid for (not the user's, only ever said of Kenji), the price of Marta's room
told by "Pago 650 euros" (probe42, section 4). Each case asks a never-stored twin too: the
gates those questions passed still say "No memory found" for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

CHAT = (
    "[2026-01-06] Marta: Vivo en Sevilla, en el barrio de Triana, con mi gata Luna.",
    "[2026-01-09] Kenji: I'm a barista at a roastery in Toronto's Kensington Market.",
    "[2026-04-12] Marta: Javier y yo lo hemos dejado. Después de cuatro años, se acabó.",
    "[2026-04-28] Kenji: Bought a used cargo bike for 1,900 dollars to do deliveries.",
    "[2026-07-01] Marta: Ya estoy en Madrid, compartiendo piso en Lavapiés con dos chicas. "
    "Pago 650 euros.",
    "[2026-09-28] Marta: Estoy saliendo con alguien nuevo, se llama Andrés, es fisioterapeuta.",
)


async def test_a_former_partner_is_told_by_the_break_up(tmp_path: Path) -> None:
    # ``Unmentioned.ex_told``: Marta's partner timeline holds an ending, Kenji has none
    found, found_es, never = await replies(tmp_path, CHAT, (
        "Who was Marta's ex?", "¿Quién era el ex de Marta?", "Who was Kenji's ex?"))
    for reply in (found, found_es):
        assert reply.status == "FOUND" and "Javier" in reply.hits[0].text
    assert never.status == "NONE" and "Kenji's 'ex'" in (never.reason or "")


async def test_what_a_named_person_paid_for_is_theirs(tmp_path: Path) -> None:
    # ``sum_asked.payer_named`` in ``Unmentioned.topic``: "la bici" Kenji paid for is no
    # thing of the user's only ever said of Kenji
    found, never = await replies(tmp_path, CHAT, (
        "¿Cuánto pagó Kenji por la bici de carga?", "¿Cuánto pagó Kenji por el piano?"))
    assert found.status == "FOUND" and "1,900" in found.hits[0].text
    assert never.status == "NONE" and "Kenji's 'piano'" in (never.reason or "")


async def test_how_much_a_thing_was_asks_a_sum(tmp_path: Path) -> None:
    # ``answer_type.expected``: "How much was Marta's room" asks a sum, told by its number
    # whatever the thing is called; a thing never said, of a speaker, is still never stored
    found, never = await replies(tmp_path, CHAT, (
        "How much was Marta's room in the shared flat in Madrid?",
        "How much was Kenji's piano?"))
    assert found.status == "FOUND" and "650" in found.hits[0].text
    assert never.status == "NONE"
