"""A new job or a new partner told the way a friend tells it, end to end (facts-b): through
the real stdio server and the SDK client, "I GOT THE BRISTOL JOB!! Senior analyst in demand
forecasting at Meridian Freight", "I got a new job! I'm at Kestrel Foods as a buyer", "my new job
at Norland Bank", "¡Me dieron el puesto! Es en Indra, como analista", "I've been seeing
someone. Keane, a physio ...", "Tengo novio nuevo: Andrés", "I'm with Theo now, we've been
together since June", "Marcos y yo estamos juntos", "We broke up in March. Now I'm with
Sofía", "Acabo de empezar en Ferrovial", "I'm in a relationship with Leon now", "Bruno y yo
llevamos saliendo dos meses" reach the timeline, so "where does the user
work now?" and "¿con quién sale ahora?" lead with the new value and show the old one
OUTDATED. Before, none of these recorded a fact: the old job or partner answered with
confidence."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.update_stories import Story, tell_and_ask

pytestmark = pytest.mark.anyio

YEAR = dt.datetime.now(dt.UTC).date().year - 1

WORK = ("Where does the user work now?", "¿Dónde trabaja ahora?")
PARTNER = ("Who is the user's partner now?", "¿Con quién sale ahora?")

PAIRS: tuple[tuple[Story, Story], ...] = (
    ((f"{YEAR}-01-10: I work at Halvorsen Logistics as a dispatcher.",
      f"{YEAR}-06-02: I GOT THE BRISTOL JOB!! Senior analyst in demand forecasting at Meridian "
      "Freight, days only.", WORK, "Meridian Freight", "Halvorsen"),
     (f"{YEAR}-01-12: My girlfriend Ana is a vet in Clifton.",
      f"{YEAR}-07-19: So... I've been seeing someone. Keane, a physio I met at the climbing "
      "wall. Early days.", PARTNER, "Keane", "Ana")),
    ((f"{YEAR}-01-10: I work for Brightwater Analytics, mostly dashboards.",
      f"{YEAR}-05-04: I got a new job! I'm at Kestrel Foods as a buyer.", WORK,
      "Kestrel Foods", "Brightwater"),
     (f"{YEAR}-01-12: Estoy saliendo con Iker, nos conocimos en la universidad.",
      f"{YEAR}-08-03: Tengo novio nuevo: Andrés.", PARTNER, "Andrés", "Iker")),
    ((f"{YEAR}-01-10: Trabajo en Mercadona, en el almacén de Valencia.",
      f"{YEAR}-04-21: ¡Me dieron el puesto! Es en Indra, como analista de datos.", WORK,
      "Indra", "Mercadona"),
     (f"{YEAR}-01-12: My boyfriend Sam works in a bakery on Gloucester Road.",
      f"{YEAR}-09-14: I'm with Theo now, we've been together since June.", PARTNER, "Theo",
      "Sam")),
    ((f"{YEAR}-01-10: I work at Wessex Savings as a teller.",
      f"{YEAR}-03-30: My new job at Norland Bank is so much calmer than the old place.", WORK,
      "Norland Bank", "Wessex"),
     (f"{YEAR}-01-12: Salgo con Rubén desde el verano.",
      f"{YEAR}-10-05: Estoy saliendo con alguien. Lucía, una arquitecta de Valencia.",
      PARTNER, "Lucía", "Rubén")),
    ((f"{YEAR}-01-10: Trabajo en la Biblioteca Municipal de Getafe.",
      f"{YEAR}-06-15: Mi nuevo trabajo en Ediciones Arbolé me encanta.", WORK,
      "Ediciones Arbolé", "Biblioteca"),
     (f"{YEAR}-01-12: Mi novio Pablo es músico.",
      f"{YEAR}-11-02: Marcos y yo estamos juntos, ¡por fin!", PARTNER, "Marcos", "Pablo")),
    ((f"{YEAR}-01-10: I work at Lloyds Bank in the fraud team.",
      f"{YEAR}-05-11: I got the job!! It's at Monzo, as a data analyst.", WORK, "Monzo",
      "Lloyds"),
     (f"{YEAR}-01-12: Mi novio Luca es piloto de Iberia.",
      f"{YEAR}-06-20: Al final rompimos en abril. Ahora estoy con Iván.", PARTNER, "Iván",
      "Luca")),
    ((f"{YEAR}-01-10: Trabajo en Bodegas Murúa, en la bodega de Elciego.",
      f"{YEAR}-02-28: Conseguí el trabajo en Ebro Foods, empiezo en marzo.", WORK, "Ebro Foods",
      "Murúa"),
     (f"{YEAR}-01-12: My boyfriend Tom is a pilot.",
      f"{YEAR}-07-07: Tom and I broke up in March. Now I'm with Sofía.", PARTNER, "Sofía",
      "Tom")),
    ((f"{YEAR}-01-10: Trabajo en Acciona, en la oficina de Alcobendas.",
      f"{YEAR}-04-06: Acabo de empezar en Ferrovial, en obra civil.", WORK, "Ferrovial",
      "Acciona"),
     (f"{YEAR}-01-12: My girlfriend Mia is a nurse in Leeds.",
      f"{YEAR}-09-01: I'm in a relationship with Leon now.", PARTNER, "Leon", "Mia")),
    ((f"{YEAR}-01-10: Trabajo en Bankinter, en riesgos.",
      f"{YEAR}-03-02: Conseguí el trabajo en el Banco de España, empiezo en abril.", WORK,
      "Banco de España", "Bankinter"),
     (f"{YEAR}-01-12: Salgo con Hugo, es bombero.",
      f"{YEAR}-10-12: Bruno y yo llevamos saliendo dos meses.", PARTNER, "Bruno", "Hugo")),
    ((f"{YEAR}-01-10: I work at Globex in accounts payable.",
      f"{YEAR}-05-25: Switched jobs last month, now at Initech.", WORK, "Initech", "Globex"),
     (f"{YEAR}-01-12: My boyfriend Nils is a chef in Malmö.",
      f"{YEAR}-10-30: Ravi and I have been dating since August.", PARTNER, "Ravi", "Nils")),
)


@pytest.mark.parametrize("pair", PAIRS, ids=[job[3] for job, _ in PAIRS])
async def test_the_new_job_and_partner_lead_the_old_ones_outdated(
        tmp_path: Path, pair: tuple[Story, Story]) -> None:
    """A store holds one job change and one partner change: each question, English and
    Spanish, leads with the new value and shows the old one outdated."""
    async with server_session(tmp_path) as s:
        await tell_and_ask(s, pair)


async def test_a_new_partner_after_a_break_up_leads(tmp_path: Path) -> None:
    """The old partner, the break-up, then a new partner told in other words: the new one
    answers "who now", English and Spanish, and Rory is shown outdated or earlier."""
    async with server_session(tmp_path) as s:
        for text in (f"{YEAR}-01-05: My boyfriend Rory is a sound engineer, he has his own "
                     "place in Stoneybatter.",
                     f"{YEAR}-03-01: Rory and I broke up last weekend, he took a job in Oslo.",
                     f"{YEAR}-08-09: I've been seeing someone. Finn, a chemistry teacher I met "
                     "at the rowing club."):
            await s.ok("save_memory", {"content": text})
        for question in PARTNER:
            reply = await s.ok("search_memory", {"query": question})
            first, _, _ = reply.partition("\n--- 2. ")
            assert "Finn" in first and not first.startswith("OUTDATED"), (question, reply)
            assert [line for line in reply.splitlines()
                    if "Rory" in line and ("OUTDATED" in line or "Earlier" in line)], reply


async def test_a_second_question_joined_to_the_first_keeps_its_key(tmp_path: Path) -> None:
    """"¿Con quién sale ahora y cómo se conocieron?" asks the partner: the subject was read
    up to the question's end ('ahora y como se conocieron'), a key no fact holds, and the
    search answered "No memory found"."""
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": f"{YEAR}-01-12: Estoy saliendo con Iker."})
        await s.ok("save_memory", {"content": f"{YEAR}-08-03: Tengo novio nuevo: Andrés."})
        await s.ok("save_memory", {"content": f"{YEAR}-09-10: Andrés cocina fatal, pero lo "
                                              "intenta."})
        for question in ("¿Con quién sale ahora y cómo se conocieron?",
                         "Who is the user dating now and how did they meet?"):
            reply = await s.ok("search_memory", {"query": question})
            first = reply.partition("\n--- 2. ")[0]
            assert "Tengo novio nuevo" in first, (question, reply)


OTHERS = (
    (f"{YEAR}-01-10: Hana works at Channel 4.", f"{YEAR}-06-14: Hana got a job at the BBC!",
     ("Where does Hana work now?", "¿Dónde trabaja Hana ahora?"), "BBC", "Channel 4"),
    (f"{YEAR}-01-10: Marta trabaja en Mapfre, en seguros.",
     f"{YEAR}-05-03: Marta just landed a role with Glovo, she starts Monday.",
     ("¿Dónde trabaja Marta ahora?", "Where does Marta work now?"), "Glovo", "Mapfre"),
)


@pytest.mark.parametrize("story", OTHERS, ids=[story[3] for story in OTHERS])
async def test_a_friend_s_new_job_told_as_news_leads(
        tmp_path: Path, story: Story) -> None:
    """"Hana got a job at the BBC", "Marta just landed a role with Glovo": the named person's
    new employer leads, the old one outdated, asked in English and Spanish."""
    before, after, questions, now, old = story
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": before})
        saved = await s.ok("save_memory", {"content": after})
        assert f"= '{now}'" in saved, saved
        for question in questions:
            reply = await s.ok("search_memory", {"query": question})
            assert now in reply.partition("\n--- 2. ")[0], (question, reply)
            assert [line for line in reply.splitlines()
                    if old in line and ("OUTDATED" in line or "Earlier" in line)], reply
