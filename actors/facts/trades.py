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

TRADES = frozenset((
    # English
    "developer engineer programmer designer manager nurse doctor teacher analyst consultant "
    "scientist researcher architect accountant lawyer intern director administrator "
    "technician editor writer officer specialist cook chef planner coordinator supervisor "
    "operator clerk captain pilot paramedic firefighter barista bartender cashier "
    "receptionist librarian archivist curator ranger instructor tutor professor lecturer "
    "electrician plumber carpenter mechanic driver courier therapist counselor counsellor "
    "pharmacist veterinarian vet dentist surgeon paralegal journalist reporter photographer "
    "producer baker waiter waitress foreman sergeant lieutenant steward stewardess attendant "
    "trainee apprentice physio physiotherapist psychologist midwife farmer fisherman builder "
    "gardener postman butcher hairdresser barber tailor translator interpreter sommelier "
    "lifeguard coach trainer guide surveyor actuary economist policeman policewoman soldier "
    "sailor miner welder painter decorator cleaner caretaker porter "
    # Spanish, folded
    "desarrollador desarrolladora ingeniero ingeniera programador programadora disenador "
    "disenadora enfermero enfermera medico medica profesor profesora analista consultor "
    "consultora investigador investigadora arquitecto arquitecta abogado abogada cocinero "
    "cocinera tecnico tecnica fisioterapeuta fisio psicologo psicologa maestro maestra "
    "periodista veterinario veterinaria farmaceutico farmaceutica contable electricista "
    "fontanero fontanera mecanico mecanica peluquero peluquera traductor traductora "
    "fotografo fotografa dentista bombero bombera policia administrativo administrativa "
    "informatico informatica secretario secretaria " + " ".join(NAMED_TRADES_ES)).split())
"""Every trade's noun of either language, folded, singular."""
