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
  English;
- "our" and "nuestro" say the user's as "my" and "mi" do (``the_user.our_as_my``): "Who is
  our landlord?" of a store that never tells one served the rent, where "my landlord" is "No
  memory found"; "¿Dónde duerme nuestra gata?" was "No memory found" and "nuestro" was named a
  word no memory holds;
- "Remind me ...", "Recuérdame ...", "¿Puedes recordarme ...?" ask the assistant to recall, as
  "tell me" does (``query.QUESTION_WORDS``): the reply warned that no stored memory mentions
  'Remind'.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import first_block, server_session

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

HOME = (
    "[2025-03-02] user: My cat Pimienta sleeps on the radiator all day.",
    "[2025-03-02] assistant: Radiator beds are a cat's favourite place in winter.",
    "[2025-04-01] user: Mi pareja y yo hemos pintado el salón de verde este fin de semana.",
    "[2025-05-01] user: We pay 900 euros of rent for the flat in Triana.",
    "[2025-05-02] user: My dad watches birds in Doñana every spring, he loves the flamingos.",
    "[2025-05-08] user: Went to the dentist, two fillings.",
)

ADVICE = (
    "[2025-09-10] user: Which hotel should we book in Ronda?",
    "[2025-09-10] assistant: Book the Hotel San Gabriel: a family house in the old town with a "
    "library for guests.",
    "[2025-10-02] user: I switched to green tea in the afternoons.",
    "[2025-10-02] assistant: Try a Japanese sencha; a tea shop will let you smell it first.",
)


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


async def test_our_and_nuestro_say_the_users_own(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in HOME:
            await s.ok("save_memory", {"content": note})
        for question in ("Who is our landlord?", "How old is our parrot?",
                         "¿Cómo se llama nuestro loro?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        for question in ("What's our cat called?", "¿Dónde duerme nuestra gata?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "Pimienta" in first_block(reply), (question, reply)


async def test_remind_me_asks_to_recall_and_is_no_word_of_the_topic(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in ADVICE:
            await s.ok("save_memory", {"content": note})
        for question, told in (("Remind me which hotel you suggested in Ronda.", "San Gabriel"),
                               ("Recuérdame qué hotel me recomendaste en Ronda.", "San Gabriel"),
                               ("¿Puedes recordarme qué té me sugeriste?", "sencha")):
            reply = await s.ok("search_memory", {"query": question})
            assert told in first_block(reply), (question, reply)
            assert "No stored memory mentions" not in reply, (question, reply)
