"""A chat between two friends saved one session per memory (issue 18), end to end through the
real stdio server. Each session names both friends on its lines, so a friend's name is held by
every memory of the store: it is everywhere, as it is in a store of the same chat saved turn
by turn (where each friend is in a hundred turns). It was read as a rare name, and a question
about a relative of one ("Tomás's grandfather", told as "your grandad") was "No memory found:
no stored memory mentions 'grandfather' together with 'Tomás'" (``apart.NAME_MOST_SHARE``).
A thing never told is still "No memory found".

A session of eight turns read as one vector holds the turn a question is about as an eighth of
it: "¿Qué enfermedad tiene Pixel?" and the session telling "Her thyroid is overactive" was
0.19 close, under the floor a turn saved alone clears, though far closer than any other
session (``ranking.SESSION_STANDOUT``). A session holding of the question only the name asked
about is judged by the question without it, as a turn said on its own is ("What phone does
Dario have?" and the sessions on Dario's visit and engagement)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

SESSIONS = (
    ("2026-01-11", ("Maya: how was the first week at the harbour office?",
                    "Tomás: Long. Twelve boats to inspect and the printer is broken",
                    "Maya: classic. are you still cycling in?",
                    "Tomás: every day, 14 km along the bay")),
    ("2026-01-25", ("Tomás: did you finish the mural for the library?",
                    "Maya: almost! the kids painted the bottom half, it's chaos",
                    "Tomás: send me a photo when it's done",
                    "Maya: deal. Sunday lunch at mine?")),
    ("2026-02-08", ("Maya: mi hermana ha tenido mellizos!!",
                    "Tomás: ¡enhorabuena! ¿cómo se llaman?",
                    "Maya: Leo y Alba, dos kilos y medio cada uno",
                    "Tomás: qué bonitos nombres")),
    ("2026-02-22", ("Tomás: the harbour master wants me to run the summer regatta",
                    "Maya: that's huge, congrats",
                    "Tomás: more paperwork than sailing honestly",
                    "Maya: still, it's a promotion")),
    ("2026-03-08", ("Maya: how was your grandad's birthday?",
                    "Tomás: Lovely. Ninety and still beats everyone at dominoes. The whole "
                    "family at the sailing club in Chipiona, forty cousins at least",
                    "Maya: forty?? your family is enormous",
                    "Tomás: and all of them asked when I'm getting married")),
    ("2026-03-22", ("Tomás: I adopted a dog! A retired greyhound called Bruma",
                    "Maya: noooo show me",
                    "Tomás: she sleeps upside down on the sofa",
                    "Maya: I'm coming over tomorrow")),
    ("2026-04-05", ("Maya: the gallery wants six paintings for the spring show",
                    "Tomás: six! when is it?",
                    "Maya: the 30th of April, I'm panicking",
                    "Tomás: you always say that and it's always great")),
    ("2026-04-19", ("Tomás: me he apuntado a clases de alemán los jueves",
                    "Maya: ¿alemán? ¿por qué?",
                    "Tomás: porque el próximo verano quiero navegar por el Báltico",
                    "Maya: muy tú")),
    ("2026-05-03", ("Maya: my landlord is selling the flat",
                    "Tomás: oh no, do you have to move?",
                    "Maya: by July. I'm looking near the old port",
                    "Tomás: there's a place on my street, I'll ask")),
    ("2026-05-17", ("Tomás: the regatta is next weekend, 38 boats signed up",
                    "Maya: I'll come and watch with a sandwich",
                    "Tomás: bring two, I won't have time to eat",
                    "Maya: done")),
)

USER_SESSIONS = (
    ("2026-01-06", ("user: Back at work after the holidays, the inbox is a disaster.",
                    "assistant: Start with the messages from the last two days; older ones "
                    "can wait.",
                    "user: Good idea. My manager Irene wants the budget review by Friday.",
                    "assistant: Block two mornings for it and tell her now if Friday is tight.",
                    "user: Also my cat Pixel has been drinking loads of water lately.",
                    "assistant: That is worth a vet visit: thirst can be a sign of several things.",
                    "user: I'll book one. The office coffee machine broke too, of course.",
                    "assistant: A rough first day back, then.")),
    ("2026-01-14", ("user: The vet called with Pixel's blood results.",
                    "assistant: What did they find?",
                    "user: Her thyroid is overactive, so she needs a pill twice a day now.",
                    "assistant: That is common in older cats and usually well controlled.",
                    "user: She hates the pills, I hide them in tuna.",
                    "assistant: Pill pockets work too if the tuna stops working.",
                    "user: Meanwhile my brother Dario is visiting on Saturday.",
                    "assistant: Enjoy the visit!")),
    ("2026-01-29", ("user: I signed up for a pottery course on Wednesday evenings.",
                    "assistant: Wheel or hand-building?",
                    "user: Wheel. The teacher is a retired architect called Bruno.",
                    "assistant: An architect will have opinions about proportions.",
                    "user: He does! My first bowl was lopsided.",
                    "assistant: Everyone's first bowl is.",
                    "user: The course is 70 euros a month including clay.",
                    "assistant: That's a fair price.")),
    ("2026-02-10", ("user: Can you suggest a book for the train? About an hour each way.",
                    "assistant: Try 'The Remains of the Day': short chapters, calm, perfect "
                    "for a commute.",
                    "user: I read it last year. Something funnier?",
                    "assistant: Then 'Three Men in a Boat', it's over a century old and "
                    "still funny.",
                    "user: Perfect, I'll get it at the library.",
                    "assistant: Enjoy it.",
                    "user: My train was cancelled twice this week already.",
                    "assistant: That's frustrating.")),
    ("2026-02-24", ("user: Dario got engaged! To Lena, they met climbing.",
                    "assistant: Congratulations to them! When is the wedding?",
                    "user: Next September, in a vineyard near Logroño.",
                    "assistant: A vineyard wedding in September sounds lovely.",
                    "user: I'm the best man, or best woman I guess.",
                    "assistant: Start collecting embarrassing stories now.",
                    "user: Ha, I have plenty from when we were kids.",
                    "assistant: Then the speech will write itself.")),
    ("2026-03-09", ("user: I ran my first 10K on Sunday!",
                    "assistant: Well done! How did it go?",
                    "user: 58 minutes, I wanted under an hour so I'm happy.",
                    "assistant: That's a great first time.",
                    "user: My knees hurt a bit now.",
                    "assistant: Rest a few days and stretch; see a physio if it lasts.",
                    "user: Will do. Irene ran it too, she was way faster.",
                    "assistant: A colleague to train with helps.")),
    ("2026-03-23", ("user: Estoy pensando en cambiar de piso, el mío es muy ruidoso.",
                    "assistant: ¿Qué zona te interesa?",
                    "user: Cerca del río, para poder correr por las mañanas.",
                    "assistant: Tiene sentido. ¿Cuál es tu presupuesto?",
                    "user: Unos 900 euros al mes como mucho.",
                    "assistant: Con eso hay opciones, sobre todo en pisos de un dormitorio.",
                    "user: Vale, empiezo a mirar este fin de semana.",
                    "assistant: ¡Suerte con la búsqueda!")),
    ("2026-04-06", ("user: Work news: the company is opening an office in Lisbon.",
                    "assistant: Would that affect you?",
                    "user: Irene asked if I'd move there for a year to set up the finance team.",
                    "assistant: A big opportunity. How do you feel about it?",
                    "user: Excited but worried about Pixel and the pills.",
                    "assistant: Cats can travel; your vet can plan the move with you.",
                    "user: I have until May to decide.",
                    "assistant: Plenty of time to think it over.")),
    ("2026-04-20", ("user: Bruno says my bowls are finally round.",
                    "assistant: Progress! What are you making next?",
                    "user: A teapot, which he says is the hardest thing.",
                    "assistant: Spouts are tricky, be patient with it.",
                    "user: The studio is moving to a bigger space in June.",
                    "assistant: More room for the wheels, I hope.",
                    "user: Yes, eight wheels instead of four.",
                    "assistant: Sounds great.")),
    ("2026-05-04", ("user: I said yes to Lisbon. I move in July.",
                    "assistant: Congratulations! That's a brave decision.",
                    "user: Pixel comes with me, the vet gave me a travel plan.",
                    "assistant: Good. Keep her pills and her blanket in the carrier.",
                    "user: I found a flat in Campo de Ourique through a colleague.",
                    "assistant: A nice, quiet neighbourhood with a market.",
                    "user: I'll miss the pottery studio though.",
                    "assistant: Lisbon has many ceramic workshops.")),
)


def _session(day: str, lines: tuple[str, ...]) -> str:
    return "\n".join([f"[{day}]", *lines])


async def test_a_relative_of_a_friend_named_in_every_session_is_found(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for day, lines in SESSIONS:
            await s.ok("save_memory", {"content": _session(day, lines)})
        for question in ("Where was the party for Tomás's grandfather's 90th?",
                         "Where did Tomás's grandfather celebrate turning ninety?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "sailing club in Chipiona" in reply, (question, reply)
        never = await s.ok("search_memory", {"query": "What is the name of Tomás's horse?"})
        assert never.startswith("No memory found"), never


async def test_the_session_of_a_turn_that_stands_out_answers(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for day, lines in USER_SESSIONS:
            await s.ok("save_memory", {"content": _session(day, lines)})
        reply = await s.ok("search_memory", {"query": "¿Qué enfermedad tiene Pixel?"})
        assert not reply.startswith("No memory found"), reply
        assert "Her thyroid is overactive" in reply, reply
        # the name alone brings the sessions naming Dario close: judged without it
        for never in ("What phone does Dario have?",
                      "What is the name of the user's dog?", "¿Cómo se llama el perro del usuario?",
                      "Which instrument does the user play?",
                      "How much does the user pay for the gym?"):
            reply = await s.ok("search_memory", {"query": never})
            assert reply.startswith("No memory found"), (never, reply)
