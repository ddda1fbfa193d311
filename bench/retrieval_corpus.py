"""The retrieval benchmark's own corpus: dated first-person notes and chat turns (English and
Spanish), questions about them asked in the third person with other words, hard negatives that
share the common words of a question but not its answer, and questions about things never
stored. Written for this project from templates and seeded choices (no public dataset); a pure
function of the seed. It must never touch the store, the clock or the network.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

NAMES = ("Marta", "Luis", "Irene", "Tomás", "Nadia", "Pablo", "Greta", "Omar", "Lucía", "Iker",
         "Sofía", "Bruno", "Elena", "Hugo", "Alba", "Dario", "Noa", "Rafa", "Vera", "Joel")
CITIES = ("Porto", "Bilbao", "Lyon", "Kraków", "Bologna", "Ghent", "Tallinn", "Cádiz", "Graz",
          "Aarhus", "Girona", "Ljubljana", "Salzburg", "Valletta", "Cork", "Brno")
PETS = (("cat", "gato", "kitten"), ("dog", "perro", "puppy"), ("rabbit", "conejo", "bunny"),
        ("parrot", "loro", "bird"))
PET_NAMES = ("Pimienta", "Tofu", "Canela", "Miso", "Bartolo", "Luna", "Chispa", "Nube",
             "Pistacho", "Gofre", "Trufa", "Ramen")
INSTRUMENTS = (("guitar", "guitarra"), ("piano", "piano"), ("violin", "violín"),
               ("drums", "batería"), ("cello", "violonchelo"), ("saxophone", "saxofón"))
DISHES = (("paella", "rice"), ("ramen", "noodles"), ("tacos", "tortillas"),
          ("moussaka", "aubergine"), ("pierogi", "dumplings"), ("goulash", "stew"))
MEDS = ("ibuprofen", "omeprazole", "loratadine", "amoxicillin", "cetirizine", "paracetamol")
CONDITIONS = (("back pain", "dolor de espalda"), ("heartburn", "acidez"),
              ("hay fever", "alergia al polen"), ("ear infection", "otitis"),
              ("migraine", "migraña"))
SERVICES = ("billing", "checkout", "inventory", "ledger", "shipping", "pricing", "booking",
            "telemetry", "onboarding", "notifications")
CACHE_THINGS = ("exchange rates", "product images", "session tokens", "tax tables",
                "search suggestions", "user avatars")
TOOLS = (("Playwright", "end-to-end tests"), ("Grafana", "dashboards"), ("Sentry", "error reports"),
         ("Renovate", "dependency updates"), ("Terraform", "infrastructure"),
         ("Alembic", "schema migrations"), ("k6", "load tests"), ("Vault", "secrets"))
BOOKS = ("The Overstory", "Piranesi", "Klara and the Sun", "The Dispossessed", "Stoner",
         "La sombra del viento", "Patria", "Cien años de soledad", "Circe", "Educated")
HOBBIES = (("climbing", "escalada"), ("pottery", "cerámica"), ("sailing", "vela"),
           ("chess", "ajedrez"), ("running", "correr"), ("photography", "fotografía"))

NEVER = (
    "what is the user's blood type",
    "which marathon did the user run in Boston",
    "how many solar panels are on the user's roof",
    "what did the user's landlord say about the boiler",
    "¿qué vacuna le pusieron al hámster?",
    "which wine did the user order at the wedding in Napa",
    "¿cuánto costó el seguro del barco?",
    "what is the wifi password at the cabin",
    "which tattoo artist did the user book",
    "¿a qué hora abre la piscina municipal de Teruel?",
)


@dataclass(frozen=True)
class Item:
    """One stored memory; ``question`` is empty for hard negatives and fillers."""

    key: str
    text: str
    question: str = ""
    language: str = "en"
    kind: str = "note"


def _date(rng: random.Random, today: dt.date) -> str:
    return (today - dt.timedelta(days=rng.randint(20, 700))).isoformat()


def _items(rng: random.Random, today: dt.date, n: int) -> list[tuple[str, str, str, str]]:
    """(memory, question, language, kind) from one template chosen at random."""
    name, other = rng.sample(NAMES, 2)
    city = rng.choice(CITIES)
    pet, pet_es, pet_syn = rng.choice(PETS)
    pet_name = rng.choice(PET_NAMES)
    inst, inst_es = rng.choice(INSTRUMENTS)
    dish, dish_syn = rng.choice(DISHES)
    med = rng.choice(MEDS)
    cond, cond_es = rng.choice(CONDITIONS)
    svc = rng.choice(SERVICES)
    thing = rng.choice(CACHE_THINGS)
    tool, purpose = rng.choice(TOOLS)
    book = rng.choice(BOOKS)
    hobby, hobby_es = rng.choice(HOBBIES)
    minutes = rng.choice((5, 10, 15, 30, 45, 60, 90))
    day = _date(rng, today)
    templates = [
        (f"{day}: We adopted a {pet} from the shelter in {city} and named her {pet_name}.",
         f"What name did the user give the {pet_syn} adopted in {city}?", "en", "note"),
        (f"{day}: Adoptamos un {pet_es} en la protectora de {city} y le pusimos {pet_name}.",
         f"¿Cómo se llama el {pet_es} que el usuario adoptó en {city}?", "es", "note"),
        (f"User: I've been learning {inst} on Saturdays with my neighbour {name}, it's hard "
         "but fun.",
         f"Who does the user practise the {inst} with at weekends?", "en", "chat"),
        (f"Usuario: Estoy aprendiendo a tocar el {inst_es} los sábados con mi vecino {name}.",
         f"Who is teaching the user to play the {inst}?", "es", "chat"),
        (f"{day}: Back from {city}. Best thing of the trip was the {dish} at a tiny place "
         f"run by {name}'s cousin.",
         f"Where did the user travel when they loved the {dish_syn}?", "en", "note"),
        (f"{day}: The doctor told me to take {med} twice a day for two weeks for my {cond}.",
         f"Which medicine was prescribed to the user for the {cond}?", "en", "note"),
        (f"{day}: La médica me recetó {med} dos veces al día por la {cond_es}.",
         f"What did the doctor prescribe the user for {cond_es}?", "es", "note"),
        (f"{day}: The {svc} service now caches {thing} for {minutes} minutes to cut latency.",
         f"How long are {thing} kept in the {svc} cache?", "en", "note"),
        (f"{day}: We picked {tool} for {purpose} in the {svc} project after a week of trials.",
         f"Which tool did the team choose for {purpose} on {svc}?", "en", "note"),
        (f"{day}: Mi cuñado {name} me recomendó leer '{book}' este verano.",
         f"Which book did {name} recommend to the user?", "es", "note"),
        (f"User: My friend {name} got me into {hobby}; we go every Thursday evening.",
         f"¿Con quién hace {hobby_es} el usuario?", "en", "chat"),
        (f"{day}: {name} and I signed up for a {hobby} course in {city} starting next month.",
         f"In which city will the user take the {hobby} course?", "en", "note"),
        (f"{day}: Mi hermana {name} se ha comprado un piso en {city}.",
         "Where did the user's sister buy a flat?", "es", "note"),
        (f"{day}: My brother {name} started working as a nurse at the hospital in {city}.",
         "¿En qué ciudad trabaja de enfermero el hermano del usuario?", "en", "note"),
    ]
    picked = templates[n % len(templates)]
    return [picked, (f"{_date(rng, today)}: {other} mentioned the {pet} again; "
                     f"the {svc} team also talked about {purpose} and {thing}.", "", "en", "neg")]


def corpus(seed: int = 7, size: int = 280, today: dt.date | None = None) -> list[Item]:
    """``size`` question-bearing memories, each with one hard negative after it."""
    rng = random.Random(seed)
    today = today or dt.date(2026, 12, 1)
    out: list[Item] = []
    seen: set[str] = set()
    n = 0
    while len([i for i in out if i.question]) < size:
        batch = _items(rng, today, n)
        n += 1
        if batch[0][1] in seen:
            continue  # one memory per question: a question never has two right answers
        seen.add(batch[0][1])
        for text, question, language, kind in batch:
            out.append(Item(key=f"r{len(out)}", text=text, question=question,
                            language=language, kind=kind))
    return out
