"""Questions the user asks in the first and second person (issue 18, conversation-h), end to
end through the real stdio server and the SDK client, in wordings of their own (never the
set's):

- a gift asked by the giver's relation ("¿Qué me regaló mi novio?") is told by the name the
  store gives that relation ("my boyfriend Tomás ...", "Tomás me ha regalado ..."): the gift
  rule read only the relation's own words and answered "No memory found"
  (``AskedDetail.given_by``); a giver never told of a gift still is "No memory found";
- "te conté", "me comentaste", "te he contado" frame a question the way "told" and "dije" do
  (``query.QUESTION_WORDS``): kept as terms, "¿Qué te conté de mi hermana?" searched for
  "cont" beside "hermana" and served "Le conté a mi jefa ..." before the sister told in
  English.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

GIFTS = (
    "[2025-02-01] user: My boyfriend Tomás and I are planning a week in Porto in May.",
    "[2025-02-01] assistant: Porto in May is lovely, book the Livraria Lello tickets early.",
    "[2025-06-10] user: Por cierto, Tomás me ha regalado unos auriculares inalámbricos por mi "
    "cumpleaños.",
    "[2025-06-10] assistant: ¡Feliz cumpleaños! Buen regalo para el metro.",
    "[2025-03-01] user: My sister Lucía works at a bakery in Cádiz.",
    "[2025-08-15] user: Quiero regalarle algo a Lucía por su santo, ¿alguna idea?",
)

SISTER = (
    "[2025-03-22] user: No running this week, I twisted an ankle playing football with my "
    "sister Lucía.",
    "[2025-03-22] user: Lucía is a firefighter in Toledo, she says it is only a sprain.",
    "[2025-06-11] user: Went to the dentist, two fillings.",
    "[2025-06-18] user: Le conté a mi jefa que en agosto me voy de vacaciones.",
    "[2025-07-01] user: Contamos los días que faltan para la boda de Marta: veinte.",
    "[2025-07-03] user: My landlord is raising the rent in September.",
)
"""The sister told in English; "conté" and "contamos" held by memories about other things."""


def first_block(reply: str) -> str:
    return reply.partition("\n--- 2. ")[0]


async def test_a_gift_asked_by_the_givers_relation_is_told_by_their_name(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in GIFTS:
            await s.ok("save_memory", {"content": note})
        for question in ("¿Qué me regaló mi novio por mi cumpleaños?",
                         "What did my boyfriend give me for my birthday?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "auriculares" in first_block(reply), (question, reply)
        reply = await s.ok("search_memory",
                           {"query": "What did my brother give me for my birthday?"})
        assert reply.startswith("No memory found"), reply


async def test_what_i_told_you_in_spanish_asks_about_the_rest_of_the_question(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in SISTER:
            await s.ok("save_memory", {"content": note})
        for question in ("¿Qué te conté de mi hermana?",
                         "¿Qué te he contado sobre mi hermana?",
                         "¿Qué te comenté de mi hermana?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            block = first_block(reply)
            assert "Lucía" in block and "jefa" not in block, (question, reply)
