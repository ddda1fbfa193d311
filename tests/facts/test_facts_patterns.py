"""Fact extraction and question mapping, English and Spanish."""

from __future__ import annotations

import datetime as dt

import pytest

from actors.facts.patterns import FactCandidate, attribute_question, extract_facts, fact_key


def _triples(text: str, data_type: str = "GENERIC") -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text, data_type=data_type)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # location
        ("I live in Valencia now", ("user", "location", "Valencia")),
        ("I moved to Lisbon last week.", ("user", "location", "Lisbon")),
        ("I've moved to Berlin because of work.", ("user", "location", "Berlin")),
        ("I relocated to Toronto, finally!", ("user", "location", "Toronto")),
        ("Vivo en Zaragoza actualmente.", ("user", "location", "Zaragoza")),
        ("Ahora vivo en Córdoba.", ("user", "location", "Córdoba")),
        ("Me he mudado a Sevilla con mi pareja.", ("user", "location", "Sevilla")),
        ("Me mude a Málaga el año pasado.", ("user", "location", "Málaga")),
        ("Me mudé a A Coruña desde 2024", ("user", "location", "A Coruña")),
        ("Sí, vivo en Bilbao.", ("user", "location", "Bilbao")),
        ("Ana lives in Porto.", ("Ana", "location", "Porto")),
        # the value ends where the source of the claim or another clause starts
        ("The user lives in Madrid according to the CRM export.",
         ("user", "location", "Madrid")),
        ("Vivo en Sevilla según el padrón.", ("user", "location", "Sevilla")),
        ("My cat is called Mia and she is a tabby.", ("cat", "value", "Mia")),
        ("Now I'm working for Initech instead of Globex.", ("user", "employer", "Initech")),
        ("Trabajo en Glovo en vez de Telefónica.", ("user", "employer", "Glovo")),
        # job changes told as people tell them (an outside client: the old employer stayed
        # the current value after both)
        ("I quit Acme Logistics and accepted an offer at Northwind Bank.",
         ("user", "employer", "Northwind Bank")),
        ("I left Northwind Bank and joined a startup called Cloudberry.",
         ("user", "employer", "Cloudberry")),
        ("Ana vive en Oporto.", ("Ana", "location", "Oporto")),
        ("Then Luis Pérez moved to Quito.", ("Luis Pérez", "location", "Quito")),
        # employer
        ("trabajo en Nimbus Labs desde hoy", ("user", "employer", "Nimbus Labs")),
        ("I work at Initech since 2024.", ("user", "employer", "Initech")),
        ("I work for the city council these days", ("user", "employer", "the city council")),
        ("I joined Globex in March 2024.", ("user", "employer", "Globex")),
        ("Trabajo para Cabify, pero busco otra cosa.", ("user", "employer", "Cabify")),
        ("Empecé a trabajar en Telefónica ayer.", ("user", "employer", "Telefónica")),
        ("Luis works at Acme Corp, which is great.", ("Luis", "employer", "Acme Corp")),
        ("Marta trabaja en Glovo.", ("Marta", "employer", "Glovo")),
        ("Big news: I accepted an offer from Tidepool, a climate-data startup.",
         ("user", "employer", "Tidepool")),
        ("He aceptado una oferta de Glovo.", ("user", "employer", "Glovo")),
        # written in the third person by an agent, and other wordings of a change
        ("The user lives in Porto.", ("user", "location", "Porto")),
        ("The user works at Helios Robotics.", ("user", "employer", "Helios Robotics")),
        ("El usuario vive en Sevilla.", ("user", "location", "Sevilla")),
        ("I moved from Lisbon to Valencia.", ("user", "location", "Valencia")),
        ("I moved to Málaga from Bilbao.", ("user", "location", "Málaga")),
        ("Nos mudamos de Sevilla a Granada.", ("user", "location", "Granada")),
        ("I live in Valencia and work remotely for a Dutch company.",
         ("user", "location", "Valencia")),
        ("2026-10-01: I started a new job at Quillbyte.", ("user", "employer", "Quillbyte")),
        ("I left Nordwind and now work at Quillbyte.", ("user", "employer", "Quillbyte")),
        # what the user has
        ("My phone is a Pixel 7.", ("user", "phone", "Pixel 7")),
        ("My phone is now an iPhone 16.", ("user", "phone", "iPhone 16")),
        ("I drive a Subaru Outback.", ("user", "car", "Subaru Outback")),
        ("Mi móvil es un Xiaomi 13.", ("user", "phone", "Xiaomi 13")),
        ("I just bought a new phone, an iPhone 16, to replace my Pixel.",
         ("user", "phone", "iPhone 16")),
        ("We got a new car: a Tesla Model 3.", ("user", "car", "Tesla Model 3")),
        # role
        ("Tidepool promoted me to staff engineer: I now lead the data team.",
         ("user", "role", "staff engineer")),
        ("I was promoted to senior engineer last month.", ("user", "role", "senior engineer")),
        ("Me han ascendido a jefa de equipo.", ("user", "role", "jefa de equipo")),
        # diet
        ("From this month I'm vegetarian, although I'll still have fish.",
         ("user", "diet", "vegetarian")),
        ("Ana and I went fully vegan in August.", ("user", "diet", "vegan")),
        ("Desde enero soy vegetariana.", ("user", "diet", "vegetariana")),
        # stack and services
        ("Our stack is Django + HTMX.", ("user", "stack", "Django + HTMX")),
        ("our frontend stack is React", ("frontend", "stack", "React")),
        ("We migrated to Kubernetes.", ("user", "stack", "Kubernetes")),
        ("Nuestro stack es Rails actualmente.", ("user", "stack", "Rails")),
        ("Migramos a Go porque era más rápido.", ("user", "stack", "Go")),
        ("the billing service uses PostgreSQL 16",
         ("billing service", "database", "PostgreSQL 16")),
        ("The billing service now uses MySQL.", ("billing service", "database", "MySQL")),
        ("billing service moved to MySQL", ("billing service", "database", "MySQL")),
        ("The auth service uses Keycloak.", ("auth service", "uses", "Keycloak")),
        ("El servicio de facturación usa PostgreSQL.",
         ("servicio de facturación", "database", "PostgreSQL")),
        # preferences
        ("I prefer tabs for indentation.", ("user", "preference:indentation", "tabs")),
        ("I prefer spaces over tabs.", ("user", "preference:spaces vs tabs", "spaces")),
        # a preference without a topic is its own key: "I prefer dark mode" and "I prefer
        # Vim" are two preferences, not a change of one
        ("I prefer pytest.", ("user", "preference:pytest", "pytest")),
        ("Prefiero usar Poetry para gestionar dependencias.",
         ("user", "preference:gestionar dependencias", "Poetry")),
        # tool choices, branch, test runner
        ("We use ruff for linting.", ("project", "tool:linting", "ruff")),
        ("Usamos Black para el formateo.", ("project", "tool:formateo", "Black")),
        ("The default branch is main.", ("repo", "default_branch", "main")),
        ("La rama por defecto es `develop` desde ayer.", ("repo", "default_branch", "develop")),
        ("Tests run with pytest -q.", ("project", "test_runner", "pytest -q")),
        ("We run the tests with tox.", ("project", "test_runner", "tox")),
        ("Los tests se ejecutan con nox.", ("project", "test_runner", "nox")),
        # explicit changes
        ("The deploy target changed from Heroku to Fly.io.", ("deploy target", "value", "Fly.io")),
        ("El destino de despliegue cambió de Heroku a Render.",
         ("destino de despliegue", "value", "Render")),
        ("The staging URL is now staging.example.org.",
         ("staging url", "value", "staging.example.org")),
        ("La versión mínima ahora es 3.11.", ("versión mínima", "value", "3.11")),
        ("My employer is now Hooli.", ("user", "employer", "Hooli")),
    ],
)
def test_extracts_one_fact(text: str, expected: tuple[str, str, str]) -> None:
    assert _triples(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "where do I live?",
        "¿Dónde vivo ahora?",
        "where do I work",
        "I'd like to live in Paris someday.",
        "If I moved to Rome, I would learn Italian.",
        "I would live in Kyoto if I could.",
        "I want to work at Google.",
        "Me gustaría vivir en Roma.",
        "Quiero trabajar en Google.",
        "Si vivo en Roma algún día, aprenderé italiano.",
        "I don't live in Madrid anymore.",
        "Ya no vivo en Madrid.",
        "No trabajo en Acme.",
        "She lives in Porto.",
        "Mi trabajo en Acme es aburrido.",
        "I'm a regular at the gym on Fridays.",
        "I'm a member of the board at the school.",
        "I'd accept an offer from Globex if it came.",
        "I'm vegan-curious but not yet.",
        "My car is in the garage.",
        "My laptop is slow.",
        "I bought a new laptop yesterday.",
        "I drive to work every day.",
        "I'm not vegan.",
        "I would go vegan if I could.",
        "It is now 5pm.",
        "The weather was nice.",
        "",
        "My PIN is [REDACTED:pin]",  # a redacted credential is no value to remember
        # a move inside the town leaves the city as it was
        "I moved into a bigger apartment in the Ruzafa neighbourhood, still in Valencia.",
        "My sister joined a startup called Zeta.",  # not the user's employer
        "I joined a gym called FitLab.",
        "Sara said she is not vegan any more.",  # someone else's diet
    ],
)
def test_no_fact(text: str) -> None:
    assert extract_facts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm no longer vegetarian, now I eat fish too.", ("diet", "none (no longer vegetarian)")),
        ("I'm not vegan anymore.", ("diet", "none (no longer vegan)")),
        # the speaker left out, as chat turns do
        ("Ate a burger today, first meat in years. Not vegetarian any more.",
         ("diet", "none (no longer vegetarian)")),
        ("We stopped being vegetarian last year.", ("diet", "none (no longer vegetarian)")),
        ("Ya no soy vegetariana.", ("diet", "ninguna (ya no vegetariana)")),
        ("Dejé de ser vegano en marzo.", ("diet", "ninguna (ya no vegano)")),
        ("I sold my car last week.", ("car", "none (sold or given away)")),
        ("Sold my old phone on eBay.", ("phone", "none (sold or given away)")),
        ("My laptop was stolen at the station.", ("laptop", "none (lost)")),
        ("We don't own a car.", ("car", "none")),
        ("Vendí el coche antes de la mudanza.", ("car", "ninguno (vendido o regalado)")),
        ("Ya no tengo coche.", ("car", "ninguno")),
        ("Sold the old Toyota Yaris before leaving England.", ("car", "none (sold or given away)")),
        ("Sold my old Galaxy S10 on Wallapop.", ("phone", "none (sold or given away)")),
        ("I left my job at Acme last month.", ("employer", "none (left Acme)")),
        ("I quit my job.", ("employer", "none (left the job)")),
        ("I no longer work at Initech.", ("employer", "none (left Initech)")),
        ("I was laid off in May.", ("employer", "none (laid off)")),
        ("I'm between jobs.", ("employer", "none (between jobs)")),
        ("I retired in 2024.", ("employer", "none (retired)")),
        ("Dejé mi trabajo en Acme.", ("employer", "ninguno (dejó Acme)")),
        ("Me despidieron la semana pasada.", ("employer", "ninguno (despedido)")),
        ("Ya no trabajo en Nimbus.", ("employer", "ninguno (dejó Nimbus)")),
        ("Handed in my notice at Northwind.", ("employer", "none (left Northwind)")),
        ("I started eating meat again.", ("diet", "eats meat again")),
        ("I went back to eating meat.", ("diet", "eats meat again")),
        ("He vuelto a comer carne este año.", ("diet", "vuelve a comer carne")),
    ],
)
def test_an_ending_is_the_attributes_next_value(text: str, expected: tuple[str, str]) -> None:
    # without it the value stated before stayed current ("What car does the user drive?"
    # answered with a car sold months ago)
    assert _triples(text) == [("user", *expected)]


@pytest.mark.parametrize(
    "text",
    ["If I sold my car I would save money.", "I quit Twitter.", "We sold the golf clubs.",
     "I got rid of my car seat.", "I sold the car wash business.", "I sold my phone case.",
     "I gave away my computer science books.", "I don't have a phone charger.",
     "I sold my Golf clubs.", "Sold the Mini fridge.", "I don't work for free.",
     "We don't work for them any more.", "Ya no trabajo en casa.",
     "I was fired up about the game.", "I was let go of the rope.",
     "Mis amigos me despidieron en la estación.", "Me despidieron con una fiesta.",
     "We retired the v1 API.", "I joined the call late.", "Ana joined the choir.",
     "I haven't sold my car.", "I'm thinking of selling my phone."],
)
def test_no_ending_without_its_noun_or_when_hypothetical(text: str) -> None:
    assert extract_facts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just got a Pixel 8 last week.", ("phone", "Pixel 8")),
        ("Switched from the Pixel to an iPhone 15, because work pays for it.",
         ("phone", "iPhone 15")),
        ("Traded in my Civic for a Tesla Model 3.", ("car", "Tesla Model 3")),
        ("I bought a used Subaru Outback with 60,000 miles on it.", ("car", "Subaru Outback")),
        ("I got a new MacBook Air M3 from work.", ("laptop", "MacBook Air M3")),
        ("Me compré un iPhone 16 y le regalé el Pixel a mi madre.", ("phone", "iPhone 16")),
        ("I've switched to a Pixel 9.", ("phone", "Pixel 9")),
        ("2026-10-01: Me he pasado al iPhone 15.", ("phone", "iPhone 15")),
        ("Cambié el Xiaomi por un Pixel 8.", ("phone", "Pixel 8")),
        ("Nos hemos pasado a un Tesla Model Y.", ("car", "Tesla Model Y")),  # no "stack"
    ],
)
def test_a_make_says_what_was_bought(text: str, expected: tuple[str, str]) -> None:
    assert _triples(text) == [("user", *expected)]


@pytest.mark.parametrize("text", ["I bought a mini fridge for the office.", "I got the seat fixed.",
                                  "We switched from Jenkins to the seat by the window.",
                                  "I got an iPhone charger.", "I got the Pixel fixed.",
                                  "I got my Surface repaired.", "I got a Polo shirt.",
                                  "We switched from Slack to the Ford account.",
                                  "My sister graduated and joined Google.",
                                  "I bought a Samsung TV for the living room.",
                                  "We bought a Google Home speaker.",
                                  "I'm joining the call late.",
                                  "I've lived in Tokyo, Paris and Rome.",
                                  "He quit his job and joined Acme."])
def test_a_make_is_a_name_not_a_common_word(text: str) -> None:
    assert extract_facts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Finally settled in Lisbon!", ("location", "Lisbon")),
        ("We relocated to Valencia over the summer.", ("location", "Valencia")),
        ("We moved into the new place in Valencia last week.", ("location", "Valencia")),
        ("Ya estamos instalados en Bilbao.", ("location", "Bilbao")),
        ("I moved to the Netherlands.", ("location", "the Netherlands")),
        ("2026-04-01: Started my new job at Initech today.", ("employer", "Initech")),
        ("Started at Initech on Monday.", ("employer", "Initech")),
        ("I changed jobs, now I'm at Initech.", ("employer", "Initech")),
        ("Me he cambiado de trabajo, ahora estoy en Initech.", ("employer", "Initech")),
        ("Day three at Northwind as a data engineer.", ("employer", "Northwind")),
        ("Got promoted to senior analyst last week!", ("role", "senior analyst")),
        ("2025-04-01: Moved to Montreal for the new job.", ("location", "Montreal")),
        ("2025-05-01: Lumen Freight finally hired me!", ("employer", "Lumen Freight")),
        ("Me fichó Glovo, empiezo el lunes.", ("employer", "Glovo")),
        ("Switched to an iPhone 15 after the Pixel screen cracked.", ("phone", "iPhone 15")),
        ("I got the job at Cork University Hospital!", ("employer", "Cork University Hospital")),
        ("Empiezo en Amazon el lunes.", ("employer", "Amazon")),
        ("We moved again, to Porto.", ("location", "Porto")),
        ("We've lived in Porto since September, rent in Lisbon got crazy.", ("location", "Porto")),
        ("I bought a Samsung Galaxy S24.", ("phone", "Samsung Galaxy S24")),
        ("Bought an iPhone 16 today.", ("phone", "iPhone 16")),
        ("My phone is an old iPhone 12 my sister handed down.", ("phone", "iPhone 12")),
        ("I went for a Fairphone 5.", ("phone", "Fairphone 5")),
    ],
)
def test_moves_and_new_jobs_as_people_announce_them(text: str,
                                                     expected: tuple[str, str]) -> None:
    assert _triples(text) == [("user", *expected)]


@pytest.mark.parametrize(
    ("text", "employer", "role"),
    [
        ("I joined a startup called Cloudberry as tech lead.", "Cloudberry", "tech lead"),
        ("I work at Acme as data engineer.", "Acme", "data engineer"),
        ("I'm a backend developer at Lumen Freight; my team owns the API.", "Lumen Freight",
         "backend developer"),
        ("I'm a software engineer for Google now.", "Google", "software engineer"),
        ("Trabajo como desarrollador en Cabify.", "Cabify", "desarrollador"),
        ("Starting at Contoso as a platform engineer on Monday.", "Contoso", "platform engineer"),
        ("Glovo hired me as a data engineer, starting Monday.", "Glovo", "data engineer"),
        ("I work as a QA engineer at Telefónica, mostly testing.", "Telefónica", "QA engineer"),
        ("I'm joining Revolut as a senior backend engineer.", "Revolut",
         "senior backend engineer"),
        ("I joined Globex last week, new job as a backend developer.", "Globex",
         "backend developer"),
        ("Accepted a job as senior analytics engineer at Maré Energia, a startup in Porto.",
         "Maré Energia", "senior analytics engineer"),
        ("I've been working at Monzo as a data analyst for two years.", "Monzo",
         "data analyst"),
    ],
)
def test_a_job_sentence_says_where_and_as_what(text: str, employer: str, role: str) -> None:
    assert sorted(_triples(text)) == [("user", "employer", employer), ("user", "role", role)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Finally replaced the dying Pixel 6 with an iPhone 15 for €799.", ("phone", "iPhone 15")),
    ("Swapped the iPhone 15 for a Fairphone 5 because I wanted something repairable.",
     ("phone", "Fairphone 5")),
    ("I've switched from vegetarian to pescatarian: iron levels were low.",
     ("diet", "pescatarian")),
    ("2026-09-01: First day at Maré Energia.", ("employer", "Maré Energia")),
])
def test_changes_said_by_what_replaced_what(text: str, expected: tuple[str, str]) -> None:
    # an outside client's "Current value" lines named the phone, diet and employer before
    # these (none of the sentences was read)
    assert _triples(text) == [("user", *expected)]


@pytest.mark.parametrize("text", ["My sister's first day at Google was fun.",
                                  "First day at the gym today.",
                                  "I replaced the battery with a new one."])
def test_no_change_without_a_make_or_a_name_of_ones_own(text: str) -> None:
    assert _triples(text) == []


@pytest.mark.parametrize(("text", "place"), [
    ("Mi madre Rosario vive en Sevilla y cumple 64 años este mes.", "Sevilla"),
    ("I moved to Trinidad and Tobago.", "Trinidad and Tobago"),
    ("We live in Bosnia y Herzegovina now.", "Bosnia y Herzegovina"),
])
def test_a_place_ends_where_a_lower_case_clause_begins(text: str, place: str) -> None:
    [fact] = extract_facts(text)
    assert (fact.attribute, fact.value) == ("location", place)


@pytest.mark.parametrize(("text", "role"), [
    ("Trabajo de enfermera en el hospital.", "enfermera"),
    ("Ahora soy profesora de matemáticas.", "profesora de matemáticas"),
    ("I was hired as a data analyst last month.", "data analyst"),
    ("I PASSED. on Wednesday. I'm a captain!!!", "captain"),
    ("I'm a librarian.", "librarian"),
    ("I'm a flight attendant now.", "flight attendant"),
    ("I have been working as a nurse since 2019.", "nurse"),
])
def test_a_role_alone(text: str, role: str) -> None:
    assert _triples(text) == [("user", "role", role)]


@pytest.mark.parametrize("text", ["I'm an owner of two cats.", "I am a big fan of jazz.",
                                  "My sister is a nurse.", "Ana trabaja de enfermera.",
                                  "My new role is great.", "My new position is really demanding.",
                                  "I'm a terrible cook.", "I'm a keen baker.",
                                  "I'm a good writer but a slow one.", "I'm a driver too.",
                                  "I'm a captain of my five-a-side team."])
def test_no_role_without_a_role_noun_said_of_oneself(text: str) -> None:
    # (Ana's own role is hers: ``test_facts_roles_of_others``)
    assert [t for t in _triples(text) if t[1] == "role" and t[0] == "user"] == []


@pytest.mark.parametrize("text", ["He vuelto a fumar.", "I went back to the office.",
                                  "I moved to the frontend team last sprint.",
                                  "Started at the gym today.", "We start at nine as a team.",
                                  "Started at the gym as a beginner.",
                                  "I moved the meeting to Friday.",
                                  "We moved the team to a new office.",
                                  "Moved to the frontend team.", "The recruiter hired me a car.",
                                  "My sister hired me as a babysitter.", "Nobody hired me.",
                                  "If Acme hired me I would move.",
                                  "A bit nervous, Javier hired me. But Marta seems good."])
def test_a_move_is_to_a_place_with_a_name(text: str) -> None:
    assert extract_facts(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We finished moving the orders service to CockroachDB last sprint.",
         ("orders service", "database", "CockroachDB")),
        ("We migrated the billing service to PostgreSQL.",
         ("billing service", "database", "PostgreSQL")),
        ("We moved the tracking API's database from MongoDB to PostgreSQL.",
         ("tracking api", "database", "PostgreSQL")),
        ("We are moving the frontend app to Vercel.", ("frontend app", "uses", "Vercel")),
    ],
)
def test_a_component_moved_to_something_new(text: str, expected: tuple[str, str, str]) -> None:
    # the old value left unsaid ("moving X to Y"), or the component named with its owner
    assert _triples(text) == [expected]


def test_a_component_no_longer_on_one_thing_now_on_another() -> None:
    assert _triples("The API runs on Heroku.") == [("api", "uses", "Heroku")]
    assert _triples("The API is no longer on Heroku; it now runs on Fly.io.") == [
        ("api", "uses", "Fly.io")]


def test_an_ending_told_with_the_new_value_is_no_fact() -> None:
    """The new value ends the old one; the ending beside it (recorded again when the memory
    was saved again) outdated the memory saying both."""
    assert _triples("I left my job at Acme and joined Globex.") == [
        ("user", "employer", "Globex")]
    assert _triples("I sold my car and bought a Tesla Model 3.") == [
        ("user", "car", "Tesla Model 3")]
    assert _triples("[2026-07-01] user: I sold the Skoda, now I drive a Toyota.") == [
        ("user", "car", "Toyota")]
    assert _triples("Ya no soy vegetariana, ahora soy pescetariana.") == [
        ("user", "diet", "pescetariana")]
    assert _triples("I quit my job at Acme last Friday.") == [
        ("user", "employer", "none (left Acme)")]


def test_several_facts_in_one_sentence_and_text() -> None:
    text = "I live in Valencia and I work at Nimbus. Ana vive en Oporto."
    assert _triples(text) == [
        ("user", "location", "Valencia"),
        ("user", "employer", "Nimbus"),
        ("Ana", "location", "Oporto"),
    ]


def test_values_keep_original_spelling_and_are_capped() -> None:
    [fact] = extract_facts("ME HE MUDADO A MÁLAGA")
    assert fact.value == "MÁLAGA"
    long_name = " ".join(["Grande"] * 30)
    [capped] = extract_facts(f"I work at {long_name}")
    assert len(capped.value) <= 80 and capped.value.startswith("Grande")


def test_a_value_ends_where_its_subject_goes_on_with_something_else() -> None:
    # "uses PostgreSQL 16 and runs on Hetzner": the database is PostgreSQL 16
    assert _triples("2025-04-01: Our billing service uses PostgreSQL 16 and runs on "
                    "Hetzner.") == [("billing service", "database", "PostgreSQL 16")]
    assert _triples("El servicio de pagos usa MySQL 8 y corre en AWS.") == [
        ("servicio de pagos", "database", "MySQL 8")]


def test_valid_from_from_the_sentence_line_or_entry() -> None:
    [a] = extract_facts("2026-01-05: I work at Hooli.")
    assert a.valid_from == dt.date(2026, 1, 5)
    [b] = extract_facts("Empecé a trabajar en Telefónica el 3 de marzo de 2025.")
    assert b.valid_from == dt.date(2025, 3, 3)
    [c] = extract_facts("I moved to Oslo on August 30, 2026.")
    assert (c.value, c.valid_from) == ("Oslo", dt.date(2026, 8, 30))
    journal = "2025-03-10\nI live in Madrid.\n\n03/02/2026\nI moved to Valencia."
    assert [(f.value, f.valid_from) for f in extract_facts(journal)] == [
        ("Madrid", dt.date(2025, 3, 10)),
        ("Valencia", dt.date(2026, 2, 3)),
    ]
    [d] = extract_facts("I live in Valencia.", entry_date=dt.date(2026, 6, 1))
    assert d.valid_from == dt.date(2026, 6, 1)
    [e] = extract_facts("I live in Valencia.")
    assert e.valid_from is None
    # a day without its year: the one nearest the note's date, never after it (a plan)...
    [f] = extract_facts("2026-09-10: We've lived in Porto since September 1.")
    assert f.valid_from == dt.date(2026, 9, 1)
    [g] = extract_facts("2026-01-05: We moved to Leeds on December 20th.")
    assert g.valid_from == dt.date(2025, 12, 20)
    [diet] = extract_facts("2026-06-05: I'm vegan from June 15.")
    assert diet.valid_from == dt.date(2026, 6, 5)
    # ... except for a change told ahead: a job from the day it starts, as a move from the
    # day it happens (fix-facts3; ``ahead``)
    h, role = extract_facts("2026-06-05: I'm joining Revolut as an engineer on June 15.")
    assert h.valid_from == role.valid_from == dt.date(2026, 6, 15)
    assert (h.attribute, role.attribute, role.value) == ("employer", "role", "engineer")


def test_clinical_note_with_a_patient_name() -> None:
    note = (
        "Paciente: Marta Ruiz Belmonte, 54 años\n"
        "Fecha: 22 de julio de 2024\n"
        "Diagnóstico: diabetes mellitus tipo 2.\n"
        "Tratamiento: metformina 850 mg cada 12 horas.\n"
        "Se pauta enalapril 10 mg."
    )
    facts = extract_facts(note, data_type="CLINICAL")
    assert [(f.subject, f.attribute, f.value) for f in facts] == [
        ("Marta Ruiz Belmonte", "diagnosis", "diabetes mellitus tipo 2"),
        ("Marta Ruiz Belmonte", "treatment", "metformina 850 mg cada 12 horas"),
        ("Marta Ruiz Belmonte", "medication", "enalapril 10 mg"),
    ]
    assert {f.valid_from for f in facts} == {dt.date(2024, 7, 22)}


def test_clinical_wording_without_a_name_uses_patient() -> None:
    text = "Diagnosis: hypertension. Plan: lifestyle changes; review in 3 months.\n" \
           "Prescribed amlodipine 5 mg daily."
    assert _triples(text) == [
        ("patient", "diagnosis", "hypertension"),
        ("patient", "treatment", "lifestyle changes"),
        ("patient", "medication", "amlodipine 5 mg daily"),
    ]
    assert _triples("I was diagnosed with asthma in 2019.") == [("user", "diagnosis", "asthma")]


def test_clinical_headers_need_a_clinical_context() -> None:
    assert _triples("Diagnosis: the cache was stale.") == []
    assert _triples("Diagnosis: the cache was stale.", data_type="CLINICAL") == [
        ("patient", "diagnosis", "the cache was stale")
    ]


def test_default_subject_replaces_the_user() -> None:
    [fact] = extract_facts("I live in Lima.", default_subject="Carmen")
    assert fact == FactCandidate("Carmen", "location", "Lima", None, "I live in Lima.")


def test_fact_key_folds_articles_accents_and_first_person() -> None:
    assert fact_key("The Billing-Service", "database") == ("billing service", "database")
    assert fact_key("el servicio de facturación", "database") == (
        "servicio de facturacion", "database",
    )
    assert fact_key("we", "stack") == fact_key("nuestro", "stack") == ("user", "stack")
    assert fact_key("Ana", "Location") == ("ana", "location")


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("where do I live?", ("user", "location")),
        ("¿dónde vivo?", ("user", "location")),
        ("where am I living now", ("user", "location")),
        ("what city do I live in", ("user", "location")),
        ("¿En qué ciudad vivo?", ("user", "location")),
        ("where do I work?", ("user", "employer")),
        ("¿dónde trabajo?", ("user", "employer")),
        ("who is my employer", ("user", "employer")),
        ("¿Qué dieta sigue el usuario?", ("user", "diet")),
        ("Who is the user's employer?", ("user", "employer")),
        ("What phone does the user have?", ("user", "phone")),
        ("What is the user's job title?", ("user", "role")),
        ("¿Qué puesto tiene el usuario?", ("user", "role")),
        ("What car does the user drive?", ("user", "car")),
        ("¿Qué móvil tiene el usuario?", ("user", "phone")),
        ("What company does the user work for?", ("user", "employer")),
        ("Which city is the user based in?", ("user", "location")),
        ("¿Dónde vive el usuario?", ("user", "location")),
        ("¿Para quién trabaja la usuaria?", ("user", "employer")),
        ("What diet does the user follow?", ("user", "diet")),
        ("is the user vegetarian", ("user", "diet")),
        ("Is the user still vegetarian?", ("user", "diet")),
        ("¿Sigue siendo vegetariana?", ("user", "diet")),
        ("Does the user still have a car?", ("user", "car")),
        ("¿El usuario tiene coche?", ("user", "car")),
        ("¿Sigue el usuario siendo vegetariano?", ("user", "diet")),
        ("Does the user have a job?", ("user", "employer")),
        ("Is the user still employed?", ("user", "employer")),
        ("¿para quién trabajo ahora?", ("user", "employer")),
        ("which database does the billing service use?", ("billing service", "database")),
        ("¿Qué base de datos usa el servicio de facturación?",
         ("servicio de facturacion", "database")),
        ("where does Ana live?", ("ana", "location")),
        ("¿Dónde vive Ana?", ("ana", "location")),
        ("where does Luis work", ("luis", "employer")),
        # someone else's, asked of a time past ("Where did Bea live in June 2023?")
        ("Where did Bea live in June 2023?", ("bea", "location")),
        ("Where was Bea living in 2023?", ("bea", "location")),
        ("Where did Tom work in 2022?", ("tom", "employer")),
        ("Who did Tom work for?", ("tom", "employer")),
        ("what is our stack?", ("user", "stack")),
        ("what's our frontend stack?", ("frontend", "stack")),
        ("¿cuál es nuestro stack?", ("user", "stack")),
        ("what is the default branch", ("repo", "default_branch")),
        ("¿cuál es la rama por defecto?", ("repo", "default_branch")),
        ("what do we use for linting?", ("project", "tool:linting")),
        ("¿qué usamos para el formateo?", ("project", "tool:formateo")),
        ("how do tests run?", ("project", "test_runner")),
        ("what runs our tests", ("project", "test_runner")),
        ("¿cómo se ejecutan los tests?", ("project", "test_runner")),
        ("what do I prefer for indentation?", ("user", "preference:indentation")),
        ("do I prefer tabs or spaces?", ("user", "preference:spaces vs tabs")),
        ("what is the deploy target now?", ("deploy target", "value")),
        # the attribute named alone, or asked with other words (an outside client's queries)
        ("user location", ("user", "location")),
        ("user's current city", ("user", "location")),
        ("current city", ("user", "location")),
        ("what city am I in?", ("user", "location")),
        ("where is home for me?", ("user", "location")),
        ("¿en qué ciudad reside el usuario?", ("user", "location")),
        ("¿Dónde reside la usuaria?", ("user", "location")),
        ("Which city did the user move to in April 2026?", ("user", "location")),
        ("where did we relocate to?", ("user", "location")),
        ("¿A qué ciudad se mudó la usuaria en abril?", ("user", "location")),
        ("¿adónde nos mudamos?", ("user", "location")),
        ("ciudad actual del usuario", ("user", "location")),
        ("employer", ("user", "employer")),
        ("what's my job?", ("user", "employer")),
        # the past asks the same key (the search answers with the value valid then)
        ("Who did the user work for in 2024?", ("user", "employer")),
        ("Which company did I work at last year?", ("user", "employer")),
        ("who was my employer in March?", ("user", "employer")),
        ("What does the user do for a living?", ("user", "role")),
        ("What kind of work does the user do?", ("user", "role")),
        ("what is my occupation", ("user", "role")),
        ("¿En qué trabaja la usuaria?", ("user", "role")),
        ("¿A qué se dedica el usuario ahora?", ("user", "role")),
        ("¿a qué me dedico?", ("user", "role")),
        ("¿A qué se dedica Ana?", ("ana", "role")),
        ("la empresa actual de la usuaria", ("user", "employer")),
    ],
)
def test_attribute_question(query: str, key: tuple[str, str]) -> None:
    assert attribute_question(query) == key


@pytest.mark.parametrize("query", ["tell me a joke", "what is Python?", "OAuth token refresh", "",
                                   "Am I working on the API?", "¿Es vegana esta receta?",
                                   "¿Tiene coche tu hermano?", "Did I have a car accident?",
                                   "Do I have a phone call at 3?", "IP address of the NAS",
                                   "what is the city of Ana"])
def test_not_an_attribute_question(query: str) -> None:
    assert attribute_question(query) is None


@pytest.mark.parametrize(
    ("statement", "question"),
    [
        ("I moved to Lisbon.", "where do I live?"),
        ("Trabajo en Nimbus Labs.", "¿dónde trabajo?"),
        ("The billing service uses PostgreSQL.", "which database does the billing service use?"),
        ("Our frontend stack is Vue.", "what is our frontend stack?"),
        ("We use mypy for type checking.", "what do we use for type checking?"),
        ("I prefer tabs over spaces.", "do I prefer spaces or tabs?"),
        ("The default branch is trunk.", "what's the default branch?"),
        ("We run tests with pytest.", "how do we run the tests?"),
        ("Ana se ha mudado a Faro.", "where does Ana live?"),
        ("I was hired as a data analyst.", "what does the user do for work?"),
        # a person the user has by their role
        ("My new manager is Priya Raman.", "Who is my manager?"),
        ("My new manager is Priya Raman.", "Who is the user's manager now?"),
        ("My dentist is Dr. Pérez.", "What is my dentist's name?"),
        ("My sister is called Ana.", "What is my sister called?"),
        ("Mi jefa es Lucía.", "¿Quién es mi jefa?"),
    ],
)
def test_questions_find_the_keys_extraction_stores(statement: str, question: str) -> None:
    [fact] = extract_facts(statement)
    assert fact_key(fact.subject, fact.attribute) == attribute_question(question)


@pytest.mark.parametrize(("text", "name"), [
    ("Quick background so you know me: I'm Daniel, I work as a backend developer.", "Daniel"),
    ("My name is Ana Ruiz and I run the data team.", "Ana Ruiz"),
    ("Just call me Dani.", "Dani"),
    ("Me llamo Lucía y vivo en Valencia.", "Lucía"),
    ("Hi! I'm Tomás, by the way, I'll use you a lot.", "Tomás"),
])
def test_the_user_introducing_themselves_names_them(text: str, name: str) -> None:
    assert ("user", "name", name) in _triples(text)


@pytest.mark.parametrize("text", [
    "I'm Spanish, so dinner at ten is normal.",  # a nationality
    "I'm OK, thanks for asking.",  # a word in capitals
    "I am tired.",  # not capitalised
    "Soy enfermera en el Clínico.",
    "Daniel is my manager.",  # someone else's name
    "I'm Dr. Patel.",  # a title
    "Call me Monday.",  # a day
    "Hi, I'm Sarah from support.",  # "I'm" only before a comma: someone else speaking
    "assistant: I'm Claude.",
    "I ordered a Soy Latte.",
])
def test_no_name_is_recorded_without_an_introduction(text: str) -> None:
    assert not [t for t in _triples(text) if t[:2] == ("user", "name")]


@pytest.mark.parametrize("text", [
    "I joined Holmes Place in Saldanha, €62 a month. I want to go in the mornings.",
    "I cancelled the gym. I joined Vertigo Climbing in Alcântara and boulder three times a week.",
    "Estoy trabajando en remoto desde casa de mi madre.",
])
def test_a_membership_or_working_from_home_names_no_employer(text: str) -> None:
    assert not [t for t in _triples(text) if t[1] == "employer"]


def test_a_home_in_a_town_is_no_new_town() -> None:
    assert not [t for t in _triples("I'm settled in the Arroios flat! Portuguese lessons next.")
                if t[1] == "location"]
    assert ("user", "location", "Lisbon") in _triples("Finally settled in Lisbon!")


def test_first_days_at_a_company_name_the_employer() -> None:
    assert ("user", "employer", "Cobalt Freight") in _triples(
        "First days at Cobalt Freight. My manager is Priya.")


@pytest.mark.parametrize("text", [
    "We moved to Postgres last year.",
    "We moved to Kubernetes in March.",
    "We moved to GitHub Actions for CI.",
    "We moved to Python 3.12 in the summer.",
])
def test_moving_a_project_to_software_is_no_move_of_the_user(text: str) -> None:
    assert not [t for t in _triples(text) if t[1] == "location"]


def test_a_move_ahead_is_the_new_town() -> None:
    assert ("user", "location", "Lisbon") in _triples(
        "It's happening: I'm moving to Lisbon on May 20th! I found a flat.")
    assert not [t for t in _triples("I'm moving to a new team next month.")
                if t[1] == "location"]


@pytest.mark.parametrize(("text", "employer"), [
    ("I work at Home Depot.", "Home Depot"),
    ("I got a job at Soho House.", "Soho House"),
    ("Trabajo en Casa del Libro.", "Casa del Libro"),
    ("I joined Accenture, earning 4000 a month.", "Accenture"),
    ("I joined Stripe as a staff engineer, 5 days a week in office.", "Stripe"),
    ("First days at Nubalia have been great.", "Nubalia"),
])
def test_employers_that_look_like_homes_or_fees_are_kept(text: str, employer: str) -> None:
    assert ("user", "employer", employer) in _triples(text)


@pytest.mark.parametrize(("text", "town"), [
    ("Me mudé a Ibiza.", "Ibiza"),  # also a car's name
    ("I moved to Studio City.", "Studio City"),
    ("I moved to Casa Grande.", "Casa Grande"),
])
def test_towns_named_like_things_are_kept(text: str, town: str) -> None:
    assert ("user", "location", town) in _triples(text)


@pytest.mark.parametrize(("text", "fact"), [
    ("2023-01-12: The database of the heron-crm project is MySQL 5.7.",
     ("heron-crm project", "database", "MySQL 5.7")),
    ("2023-01-19: The database of the heron-crm project is now PostgreSQL 16; we migrated off "
     "MySQL.", ("heron-crm project", "database", "PostgreSQL 16")),
    ("La base de datos del proyecto heron es MySQL.", ("proyecto heron", "database", "MySQL")),
    ("The owner of the billing service is Priya.", ("billing service", "owner", "Priya")),
])
def test_a_setting_named_by_what_it_is_of(text: str, fact: tuple[str, str, str]) -> None:
    # an outside scale probe: the first recorded no fact, the second one keyed
    # ("heron crm project", "value"), so the newer database never superseded the older
    assert [(f.subject, f.attribute, f.value) for f in extract_facts(text)] == [fact]


@pytest.mark.parametrize("text", ["The end of the day is near.",
                                  "The rest of the team is happy.",
                                  "The problem of the build is the cache."])
def test_how_a_part_of_something_is_is_no_setting(text: str) -> None:
    assert extract_facts(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    # a note's leading date hid every plain setting (an outside scale probe's updates)
    ("2024-10-27: My bank is ING.", ("bank", "value", "ING")),
    ("2024-01-18: My manager is Gertrude Olsen.", ("manager", "value", "Gertrude Olsen")),
    ("2024-08-19: My new manager is Bartholomew Nkemelu since the reorg.",
     ("manager", "value", "Bartholomew Nkemelu")),
])
def test_a_dated_plain_setting_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert [(f.subject, f.attribute, f.value) for f in extract_facts(text)] == [fact]


@pytest.mark.parametrize(("text", "expected"), [
    # "de" and a bare noun complete the setting's name; they name no owner
    ("La base de datos es MySQL 8, alojada en Hetzner.", ("project", "database", "MySQL 8")),
    ("El panel de administración es el admin de Django.",
     ("panel de administracion", "value", "el admin de Django")),
    # "del" and a common noun that owns no setting: one name, in its order
    ("El servidor SFTP del banco es sftp.banco-ejemplo.es, puerto 2222.",
     ("servidor sftp del banco", "value", "sftp.banco-ejemplo.es")),
    # an owner stays the subject
    ("La base de datos del proyecto Mercadillo es MySQL 8.",
     ("proyecto mercadillo", "database", "MySQL 8")),
    ("El proveedor de CI del proyecto es GitLab.", ("proyecto", "proveedor de ci", "GitLab")),
])
def test_a_spanish_setting_keeps_its_name_in_order(text: str,
                                                   expected: tuple[str, str, str]) -> None:
    assert _triples(text) == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # a change told in passing in a chat turn (one rule each)
    ("2026-10-25: Usuario: ¡Me han ofrecido un puesto en la Clínica Quirón y lo he aceptado!",
     ("user", "employer", "la Clínica Quirón")),
    ("I was offered a job at Bol and accepted it.", ("user", "employer", "Bol")),
    ("Trabajo de enfermera en el Hospital Miguel Servet, con turnos.",
     ("user", "employer", "el Hospital Miguel Servet")),
    ("Vale, desde hoy soy oficialmente vegetariana.", ("user", "diet", "vegetariana")),
    ("I'm officially vegan.", ("user", "diet", "vegan")),
    ("Desde que estoy en Madrid como pescado otra vez.",
     ("user", "diet", "vuelve a comer pescado")),
    ("I eat fish again.", ("user", "diet", "eats fish again")),
    ("He empezado yoga en un estudio de la calle Fuencarral.", ("user", "activity:yoga", "yoga")),
    ("Me he apuntado al gimnasio Altafit, 24,90 al mes.",
     ("user", "activity:gym", "gimnasio Altafit")),
    ("He dejado el yoga, con la tendinitis no me da la vida.",
     ("user", "activity:yoga", "ninguno (dejó yoga)")),
    ("El gimnasio de Zaragoza lo he dado de baja.",
     ("user", "activity:gym", "ninguno (dejó gimnasio)")),
    ("I gave up yoga.", ("user", "activity:yoga", "none (gave up yoga)")),
    ("I've started with a new teacher, Tomasz.", ("teacher", "value", "Tomasz")),
    ("He empezado con una fisio nueva, Lucía.", ("fisio", "value", "Lucía")),
])
def test_a_change_told_in_conversation(text: str, expected: tuple[str, str, str]) -> None:
    assert [t for t in _triples(text) if t[1] != "role"] == [expected]


@pytest.mark.parametrize("text", [
    # passing remarks that name the same words and state nothing
    "¿Y algún sitio en Madrid para comer pescado bueno y barato?",
    "Como pescado los viernes.",
    "Lo del yoga me tienta, hay un estudio al lado de casa.",
    "My sister quit yoga.",
    "Yoga helps my back.",
    "My sister started with a new teacher, Ana.",
    "I need a new cello teacher.",
    "Me han ofrecido un puesto en Quirón, pero no sé si aceptarlo.",
    "If I gave up yoga I would miss it.",
])
def test_no_change_from_a_passing_remark(text: str) -> None:
    assert _triples(text) == []


@pytest.mark.parametrize(("text", "triple"), [
    ("2025-07-02 user: My new manager is Priya Raman.", ("manager", "value", "Priya Raman")),
    ("user: My sister is called Ana.", ("sister", "value", "Ana")),
    ("[2025-02-20] usuario: Mi jefa es Lucía.", ("jefa", "value", "Lucía")),
])
def test_a_setting_said_in_the_user_s_labelled_chat_turn(text: str,
                                                         triple: tuple[str, str, str]) -> None:
    # a whole-sentence "my X is Y" read past the turn's label, as past its date
    assert triple in _triples(text)


@pytest.mark.parametrize("text", ["Declan: My manager is Karen.",
                                  "2025-02-20 assistant: My advice is patience."])
def test_another_speaker_s_my_x_is_y_is_not_the_user_s(text: str) -> None:
    assert _triples(text) == []


def test_a_car_sold_and_another_bought_in_a_sentence_with_no_subject() -> None:
    # chat leaves the subject out: the second clause is the speaker's purchase too, and "from
    # 2019" is the year the car is of, not the day anything happened
    [fact] = extract_facts("2026-09-12 user: Sold the Clio finally and bought a used Mazda 3 "
                           "from 2019. What maintenance should I do first?")
    assert (fact.attribute, fact.value, fact.valid_from) == \
        ("car", "Mazda 3", dt.date(2026, 9, 12))
    # someone else's deal stays theirs; a year told with "in" still dates a move
    assert _triples("2026-09-12 user: My sister sold her Polo and bought a Kia.") == []
    [moved] = extract_facts("2026-09-12 user: I moved to Lisbon in 2019.")
    assert moved.valid_from == dt.date(2019, 1, 1)


def test_a_number_with_a_thousands_comma_is_one_value() -> None:
    assert ("new flat", "rent", "1,050 a month") in _triples(
        "The rent of the new flat is 1,050 a month, we split it in half.")
