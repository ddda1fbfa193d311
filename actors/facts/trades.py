"""The nouns a person's work is told by, in English and Spanish, as plain words.

"My cousin Facundo, he's a surf instructor", "Dana: He's a carpenter, he builds boats",
"Iker, que es bombero": a job told of someone is a trade's noun more often than the word
"job". ``patterns`` reads a named person's role by its own pattern pieces (and the Spanish
trades below, ``NAMED_TRADES_ES``); the navigation's ``apart`` asks whether any memory of a
person's days holds one of these words before it calls a question of their work never stored
("¿A qué se dedica Tomasz?" over a day saying "he turns 35 ... He's into board games").

A word here says someone has a trade as often as not ("a nurse", "una enfermera"); words that
say something else as often ("partner", "head", "resident", "fan") are left out. Plain data;
no I/O.
"""

from __future__ import annotations

NAMED_TRADES_ES = (
    "monitor", "monitora", "instructor", "instructora", "entrenador", "entrenadora", "camarero",
    "camarera", "guia", "conductor", "conductora", "carpintero", "carpintera", "albanil",
    "cajero", "cajera", "recepcionista", "bibliotecario", "bibliotecaria", "panadero",
    "panadera", "socorrista", "azafata", "piloto", "agricultor", "agricultora", "pescador",
    "pescadora", "cartero", "cartera", "jardinero", "jardinera", "funcionario", "funcionaria",
    "economista", "cirujano", "cirujana", "pediatra", "matrona", "comadrona", "profe")
"""Spanish trades ``patterns`` reads of a named person beside its own role nouns ("Facundo
trabaja de monitor de surf", "mi prima es socorrista"), folded."""

WORK_NOUNS = (
    "developer", "engineer", "programmer", "designer", "manager", "nurse", "doctor", "teacher",
    "analyst", "consultant", "scientist", "researcher", "architect", "accountant", "lawyer",
    "intern", "director", "administrator", "technician", "editor", "writer", "lead", "owner",
    "officer", "specialist", "cook", "chef", "planner", "coordinator", "supervisor", "operator",
    "representative", "clerk", "associate")
"""Role nouns that make "I'm a <role> at <X>" say where one works (``patterns._ROLE``), in
the order the pattern tries them."""
JOB_WORDS = (
    "captain", "pilot", "officer", "head", "chief", "principal", "chair", "president", "guide",
    "dispatcher", "paramedic", "firefighter", "barista", "bartender", "cashier",
    "receptionist", "librarian", "archivist", "curator", "ranger", "instructor", "tutor",
    "professor", "lecturer", "electrician", "plumber", "carpenter", "mechanic", "driver",
    "courier", "assistant", "therapist", "counsellor", "counselor", "pharmacist",
    "veterinarian", "vet", "dentist", "surgeon", "paralegal", "journalist", "reporter",
    "photographer", "producer", "baker", "waiter", "waitress", "server", "foreman",
    "sergeant", "lieutenant", "superintendent", "dean", "partner", "steward", "stewardess",
    "attendant", "agent", "trainee", "apprentice", "resident", "fellow")
"""The jobs a chat between friends names, in the order ``patterns``' rules try them."""
ROLE_NOUNS_ES = (
    "desarrollador", "desarrolladora", "ingeniero", "ingeniera", "programador", "programadora",
    "disenador", "disenadora", "enfermero", "enfermera", "medico", "medica", "profesor",
    "profesora", "analista", "consultor", "consultora", "investigador", "investigadora",
    "arquitecto", "arquitecta", "abogado", "abogada", "jefe", "jefa", "cocinero", "cocinera",
    "tecnico", "tecnica", "fisioterapeuta", "fisio", "psicologo", "psicologa", "maestro",
    "maestra", "periodista", "veterinario", "veterinaria", "farmaceutico", "farmaceutica",
    "contable", "electricista", "fontanero", "fontanera", "mecanico", "mecanica", "peluquero",
    "peluquera", "traductora", "traductor", "fotografo", "fotografa", "dentista", "bombero",
    "bombera", "policia", "administrativo", "administrativa", "informatico", "informatica",
    "secretario", "secretaria")
"""Spanish role nouns, folded (``patterns._ROLE_ES``), in the order tried (a longer form
before the shorter one it starts with: "traductora", "traductor")."""
NOT_TRADES = frozenset(
    "lead owner representative associate head chief principal chair president dispatcher "
    "assistant server superintendent dean partner agent resident fellow jefe jefa".split())
"""Nouns of the lists above that say something else as often as a trade ("the lead", "a
partner", "the head", "es la jefa"): no proof that someone's work was told."""
MORE_TRADES = frozenset(
    "physio physiotherapist psychologist midwife farmer fisherman builder gardener postman "
    "butcher hairdresser barber tailor translator interpreter sommelier lifeguard coach "
    "trainer surveyor actuary economist policeman policewoman soldier sailor miner welder "
    "painter decorator cleaner caretaker porter".split())
"""Trades no pattern's list names, told of someone as often as the others."""

TRADES = frozenset(word for word in (*WORK_NOUNS, *JOB_WORDS, *ROLE_NOUNS_ES)
                   if word not in NOT_TRADES) | MORE_TRADES | frozenset(NAMED_TRADES_ES)
"""Every trade's noun of either language, folded, singular."""
