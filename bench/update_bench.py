"""Knowledge updates said the way people say them: how often the newer memory answers first.

Run from the checkout: ``python -m bench.update_bench``.

Each case is an older and a newer dated first-person note about one thing (a home, a job, a
car, a diet, a partner, a CI server, a weight...), in varied wording, English and Spanish,
saved with twelve unrelated notes into a fresh store through the real save path, then a
question in the third person that asks how things stand now. A case counts when the reply is
FOUND and its first memory is the newer note; the others print what came instead (the older
note, NONE, AMBIGUOUS or another memory). Written by the team for this bench (no public
dataset). It was written to find what the fact patterns and the ranking missed and then used
while fixing it (sixth session, 10/32 -> 22/32): it is a tuning set, not a held-out one.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import anyio

from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime

PROV = Provenance(agent="bench", session="update-bench")

PAIRS: tuple[tuple[str, str, str], ...] = (
    ("2025-03-02: We've been renting a flat in Leeds since January.",
     "2026-06-10: The removal van came on Saturday; we're Manchester people now.",
     "Which city does the user live in now?"),
    ("2025-02-01: Day three at Northwind as a data engineer and I already love the team.",
     "2026-05-20: Handed in my notice at Northwind; starting at Contoso as a platform engineer "
     "on Monday.",
     "Where does the user work now?"),
    ("2025-01-10: Our car is a 2012 Ford Focus, still running fine.",
     "2026-04-02: Picked up our new Kia Niro yesterday, the Focus went to the scrapyard.",
     "What car does the user drive now?"),
    ("2025-01-15: I've had my Samsung Galaxy S21 for three years and it still works.",
     "2026-03-03: Finally upgraded my phone to a Pixel 9 Pro.",
     "What phone does the user use now?"),
    ("2025-02-20: I'm vegan, have been for five years.",
     "2026-02-11: I started eating fish again, so I guess I'm pescatarian now.",
     "What is the user's diet now?"),
    ("2025-04-01: My boyfriend Tom and I just celebrated two years together.",
     "2026-05-01: Tom and I broke up in March; I'm seeing someone new, Alex.",
     "Who is the user dating now?"),
    ("2025-05-05: Our cat Luna turned 12 this week.",
     "2026-06-06: Luna passed away in May; we adopted a kitten called Miso.",
     "What pet does the user have now?"),
    ("2025-01-20: I go to PureGym every weekday before work.",
     "2026-01-25: Cancelled my PureGym membership, I swim at the council pool instead now.",
     "Where does the user exercise these days?"),
    ("2025-03-10: I take the 7:40 train to work every morning.",
     "2026-04-12: Since the office moved out of town I drive to work.",
     "How does the user get to work now?"),
    ("2025-06-01: I'm learning German on Duolingo, 200 days streak.",
     "2026-07-01: Gave up on German; I'm taking Japanese lessons now.",
     "Which language is the user learning now?"),
    ("2025-02-02: The orders service stores its data in MySQL.",
     "2026-02-02: We finished moving the orders service to CockroachDB last sprint.",
     "Which database does the orders service use now?"),
    ("2025-03-03: I write all my code in Sublime Text.",
     "2026-03-09: I've switched to Zed as my main editor.",
     "What editor does the user use now?"),
    ("2025-04-04: Vivo en Sevilla con mi hermana.",
     "2026-08-20: Desde agosto vivo en Málaga, cerca de la playa.",
     "¿Dónde vive el usuario ahora?"),
    ("2025-05-05: Trabajo de enfermera en el Hospital La Paz.",
     "2026-09-01: Dejé La Paz y ahora trabajo en el Hospital Gregorio Marañón.",
     "¿Dónde trabaja el usuario ahora?"),
    ("2025-06-06: Tenemos un Seat Ibiza de 2015.",
     "2026-05-15: Vendimos el Ibiza y nos compramos un Toyota C-HR híbrido.",
     "¿Qué coche tiene el usuario ahora?"),
    ("2025-01-01: Soy vegetariano desde 2020.",
     "2026-04-04: He vuelto a comer carne este año.",
     "¿El usuario sigue siendo vegetariano?"),
    ("2025-07-07: Our blog is hosted on Netlify.",
     "2026-07-07: Moved the blog from Netlify to Cloudflare Pages.",
     "Where is the user's blog hosted now?"),
    ("2025-08-08: My salary goes into my Barclays account.",
     "2026-08-08: I switched banks, everything is with Monzo now.",
     "Which bank does the user use now?"),
    ("2025-09-09: My manager is Sarah, she's great.",
     "2026-09-09: Sarah left the company; my new manager is Dev.",
     "Who is the user's manager now?"),
    ("2025-03-15: I play football every Sunday with friends.",
     "2026-03-20: I quit football after my knee injury and took up cycling.",
     "What sport does the user do now?"),
    ("2025-02-14: We have BT broadband at home.",
     "2026-02-28: Changed our internet provider to Virgin Media.",
     "Who is the user's internet provider now?"),
    ("2025-10-10: Mi móvil es un Xiaomi Redmi Note 10.",
     "2026-10-01: Me he pasado al iPhone 15.",
     "¿Qué móvil usa el usuario ahora?"),
    ("2025-01-05: I live in Austin, Texas.",
     "2026-01-30: We relocated to Denver for my wife's job.",
     "Where does the user live now?"),
    ("2025-02-05: I'm a junior analyst at KPMG.",
     "2026-02-25: Got promoted to senior analyst last week!",
     "What is the user's job title now?"),
    ("2025-04-09: My work laptop is a ThinkPad X1 Carbon.",
     "2026-04-19: IT replaced my ThinkPad with a MacBook Pro M3.",
     "What laptop does the user use for work now?"),
    ("2025-05-12: We run CI on Jenkins.",
     "2026-05-22: CI runs on GitHub Actions now; Jenkins is gone.",
     "What does the user's team use for CI now?"),
    ("2025-06-12: I weigh 82 kg.",
     "2026-06-22: Down to 76 kg now, the running is working.",
     "How much does the user weigh now?"),
    ("2025-07-12: I drink three coffees a day.",
     "2026-07-22: I've cut down to one coffee a day.",
     "How many coffees a day does the user drink now?"),
    ("2025-08-12: Mi novia se llama Lucía.",
     "2026-08-22: Lucía y yo lo dejamos; ahora salgo con Marta.",
     "¿Con quién sale el usuario ahora?"),
    ("2025-09-12: I live with two flatmates in Camden.",
     "2026-09-22: Moved in with my partner in Brixton last month.",
     "Which area of London does the user live in now?"),
    ("2025-10-12: We deploy the API on Heroku.",
     "2026-10-22: The API lives on AWS ECS these days.",
     "Where is the user's API deployed now?"),
    ("2025-11-12: Estoy aprendiendo a tocar la guitarra.",
     "2026-11-02: He dejado la guitarra y ahora estoy con el piano.",
     "¿Qué instrumento está aprendiendo el usuario ahora?"),
)
"""(older note, newer note, question about now)."""
DISTRACTORS: tuple[str, ...] = (
    "2025-05-20: The neighbours are repainting their fence green.",
    "2025-08-02: Watched a documentary about octopuses, fascinating.",
    "2025-09-15: Mi madre cumple 60 años en octubre.",
    "2025-11-01: Reminder: renew the passport before March.",
    "2026-01-12: The team offsite will be in Lisbon this year.",
    "2026-02-19: Bought a new desk lamp for the study.",
    "2026-03-27: Mi hermano se ha comprado una bici de montaña.",
    "2026-05-09: The kids' school trip is to the science museum.",
    "2026-06-30: Tried a new ramen place near the station, very good.",
    "2026-09-30: Our landlord says the boiler will be replaced in winter.",
    "2026-10-15: My sister moved to Bristol for her new job.",
    "2026-11-20: Tengo cita con el dentista el jueves.",
)


async def ask(old: str, new: str, question: str) -> tuple[str, SearchResult, dict[str, str]]:
    """One case in its own store: (outcome, reply, leaf id -> text)."""
    with tempfile.TemporaryDirectory(prefix="update-bench-") as tmp:
        async with Runtime(Path(tmp), provenance=PROV, background_consolidation=False) as rt:
            texts: dict[str, str] = {}
            for text in (*DISTRACTORS[:6], old, *DISTRACTORS[6:], new):
                saved = await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
                texts[saved.leaf_ids[0]] = text
            reply = await rt.navigation.ask(Search(query=question, limit=3))
    first = reply.hits[0].leaf_id if reply.hits else None
    if reply.status == "FOUND" and first is not None and texts.get(first) == new:
        return "newer", reply, texts
    if first is not None and texts.get(first) == old:
        return "older", reply, texts
    return (reply.status.lower() if reply.status != "FOUND" else "other"), reply, texts


async def run() -> int:
    answered = 0
    out = sys.stdout
    for old, new, question in PAIRS:
        outcome, reply, texts = await ask(old, new, question)
        answered += outcome == "newer"
        if outcome != "newer":
            first = texts.get(reply.hits[0].leaf_id, "?") if reply.hits else "-"
            out.write(f"{outcome:<9} {question} -> {first[:70]}\n")
    out.write(f"newer memory first: {answered}/{len(PAIRS)}\n")
    return answered


def main() -> None:
    configure_logging(level="warning", to_stderr=True)
    anyio.run(run)


if __name__ == "__main__":
    main()
