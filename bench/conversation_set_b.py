"""A second hand-written conversation set, held out from ranking work (``--set conversation-b``).

Rules tuned while looking at ``bench.conversation_set`` can fit its sentences; this set checks
them on text nobody tuned on. Another invented person: a children's nurse from Rosario,
Argentina, working in Dublin and later in Cork, who talks to an assistant over fourteen months
(October 2025 to November 2026), in English and about a quarter of the time in Spanish: a cat,
family far away, night shifts, a side project, a break-up, a move, and facts that later change.
Written for this project by hand (no public dataset was used or consulted). Keep it out of
tuning: read only its figures, never fit rules to these sentences.

Same data classes, categories and labels as the first set (imported from it, not copied). The
``temporal`` questions here also say "last month" (the bench runs in December 2026, so it means
November 2026) and name a season ("summer 2026": June to August).
"""

from __future__ import annotations

from bench.conversation_set import CATEGORIES, Never, Question, Turn

__all__ = ["CATEGORIES", "NEVER", "QUESTIONS", "TURNS"]


def _t(key: str, date: str, lang: str, text: str, distractor: bool = False) -> Turn:
    return Turn(key=key, date=date, lang=lang, text=text, distractor=distractor)


TURNS: tuple[Turn, ...] = (
    # Session 1: settling the basics in Dublin.
    _t("home-phibs", "2025-10-05", "en",
       "ok so some background: I rent a room in a shared house in Phibsborough, Dublin, with two "
       "other nurses. €950 a month plus bills, which is considered cheap here, believe it or "
       "not."),
    _t("job-crumlin", "2025-10-05", "en",
       "I'm a staff nurse on the oncology ward at the children's hospital in Crumlin. Been there "
       "four years now."),
    _t("shifts-nights", "2025-10-05", "en",
       "Right now I'm on twelve-hour nights, three or four a week, so I sleep until about two in "
       "the afternoon and my social life is basically dead."),
    _t("cat-adopt", "2025-10-05", "es",
       "Adopté una gata tricolor de la protectora de Ashtown. Se llama Pepa, tiene dos años y ya "
       "se adueñó de mi cama."),
    _t("boyfriend-conor", "2025-10-05", "en",
       "My boyfriend Conor is a sound engineer, we've been together almost three years. He has "
       "his own place in Drumcondra."),
    _t("commute-bike", "2025-10-05", "en",
       "I get to work on the Dublin Bikes most days, it's about forty minutes across the city "
       "and I arrive soaked half the time."),
    _t("housemate-dog", "2025-10-05", "en",
       "One of my housemates, Aoife, keeps asking the landlord if she can get a dog and he keeps "
       "saying no.", distractor=True),
    # Session 2: food, climbing, family, a side project.
    _t("phone-iphone12", "2025-10-26", "en",
       "My iPhone 12 fell off a locker in the staff room and the screen cracked right across. "
       "The repair quote was €180 so I'm just living with the crack for now."),
    _t("diet-flexi", "2025-10-26", "en",
       "I'm trying to eat less meat. The plan: meat only at weekends, and during the week it's "
       "lentils, eggs and a lot of rice."),
    _t("bouldering", "2025-10-26", "en",
       "Joined Boulder Lab in Dublin 8, €55 a month. I go on my days off, currently stuck on the "
       "orange V3s."),
    _t("grandma", "2025-10-26", "es",
       "Mi abuela Chela cumple 90 años el 12 de enero. Toda la familia se va a juntar en Rosario "
       "y no sé si voy a poder viajar, con los turnos es complicado."),
    _t("brother", "2025-10-26", "es",
       "Mi hermano Matías vive en Barcelona, es cocinero en un restaurante de la Barceloneta."),
    _t("shift-app-sheets", "2025-10-26", "en",
       "Side project: I made a shift-swap tool for the ward. It's a Google Sheet with an Apps "
       "Script that emails everyone when somebody offers a shift. People actually use it!"),
    _t("siobhan-hen", "2025-10-26", "en",
       "Siobhán from my ward is going to Barcelona for a hen party in November and wants "
       "restaurant tips.", distractor=True),
    # Session 3: November.
    _t("irish-class", "2025-11-16", "en",
       "Started Irish classes on Tuesday evenings at the library in Cabra. The teacher is called "
       "Pádraig and so far I can say about ten sentences."),
    _t("flu-jab", "2025-11-16", "en",
       "Got my flu jab and the COVID booster on the same day at work, arm was sore for two days."),
    _t("xmas-plan", "2025-11-16", "en",
       "Christmas plan: I'm working the 24th and 25th (double pay) and then flying to Barcelona "
       "on the 27th to stay with Matías until New Year."),
    _t("crochet", "2025-11-16", "es",
       "Estoy aprendiendo crochet con tutoriales, voy haciendo una bufanda verde para Conor. Me "
       "salió torcida pero bueno."),
    _t("cat-vet", "2025-11-16", "en",
       "Pepa had her vaccines at the vet on Prussia Street, €65. She weighs 3.8 kg, which the vet "
       "says is perfect."),
    _t("neighbour-cat", "2025-11-16", "en",
       "The neighbour's grey cat keeps sitting on our windowsill and Pepa goes mad at the window.",
       distractor=True),
    _t("savings", "2025-11-16", "en",
       "I'm putting away €300 a month for a deposit on a place of my own, I have about €6,200 so "
       "far."),
    # Session 4: a hard month, a car.
    _t("counselling", "2025-12-14", "en",
       "Honestly the last few weeks on the ward have been rough. We lost a patient I'd been "
       "looking after since the summer. I've booked six sessions with the staff counselling "
       "service, first one is Thursday."),
    _t("car-fabia", "2025-12-14", "en",
       "I bought my first car!! A 2016 Skoda Fabia, silver, 98,000 km on the clock, €7,400 from "
       "a dealer in Finglas. It's mostly for getting to night shifts now, so no more cycling in "
       "the rain at 7pm."),
    _t("driving-test", "2025-12-14", "es",
       "Aprobé el examen práctico de manejo a la segunda. La primera vez me suspendieron por no "
       "mirar el punto ciego en una rotonda."),
    _t("xmas-gifts", "2025-12-14", "en",
       "Christmas presents sorted: a Moka pot for Matías, a book of Irish myths for Mum, and "
       "tickets to see Fontaines D.C. in March for Conor."),
    _t("conor-sister-car", "2025-12-14", "en",
       "Conor's sister crashed her car on the M50 last week. She's fine, but the car is a "
       "write-off.", distractor=True),
    _t("mum", "2025-12-14", "es",
       "Mi mamá se llama Graciela, es maestra jubilada y quiere venir a Dublín en primavera. "
       "Nunca salió de Sudamérica."),
    # Session 5: the new year.
    _t("barcelona-trip", "2026-01-18", "en",
       "Back from Barcelona. Matías made a seafood paella on New Year's Eve and on the 1st we "
       "walked all the way up Montjuïc, very hungover."),
    _t("grandma-call", "2026-01-18", "es",
       "Al final no pude ir al cumpleaños de la abuela Chela, pero la llamamos por videollamada "
       "y lloró cuando le cantamos."),
    _t("sea-swim", "2026-01-18", "en",
       "New year thing: sea swimming at the Forty Foot on Sunday mornings with two girls from "
       "work. The water is about 9 degrees and I scream every time."),
    _t("iron", "2026-01-18", "en",
       "My GP checked my bloods because I'm always wrecked. Ferritin is 11, so iron tablets "
       "every second day for three months."),
    _t("ice-swimmer", "2026-01-18", "en",
       "Siobhán's boyfriend does ice swimming competitions in Finland, he sent us a video from "
       "a frozen lake.", distractor=True),
    _t("shift-app-python", "2026-01-18", "en",
       "The shift-swap spreadsheet got painfully slow with forty nurses on it, so over the "
       "holidays I rewrote it as a small Flask app with SQLite. It runs on a Raspberry Pi in my "
       "bedroom, lol."),
    # Session 6: February.
    _t("phone-fairphone", "2026-02-22", "en",
       "Finally replaced the cracked iPhone. I went for a Fairphone 5, mostly because I can "
       "change the battery and screen myself next time I drop it."),
    _t("breakup", "2026-02-22", "en",
       "Conor and I broke up last weekend. It was mutual, more or less: he got a job in Berlin "
       "and I don't want to leave Ireland. Still sad though."),
    _t("gig-tickets", "2026-02-22", "en",
       "I'm selling my Fontaines D.C. ticket for March, going to that gig with Conor now would "
       "be way too weird."),
    _t("cork-ad", "2026-02-22", "es",
       "Vi una oferta de enfermera especialista en diabetes infantil en el hospital "
       "universitario de Cork. La fecha límite es el 15 de marzo y me tienta bastante."),
    _t("v4", "2026-02-22", "en",
       "Sent my first V4 at Boulder Lab on Saturday!! My forearms are destroyed."),
    _t("mum-phone", "2026-02-22", "es",
       "Mi mamá se compró un celular nuevo y ahora me manda audios de diez minutos.",
       distractor=True),
    _t("book-club", "2026-02-22", "en",
       "I'm reading Small Things Like These by Claire Keegan for the hospital book club, we meet "
       "the last Thursday of every month in the canteen."),
    # Session 7: spring.
    _t("interview", "2026-03-29", "en",
       "Had the interview for the Cork diabetes job on Thursday, a panel of three. I think my "
       "answer about insulin pumps went well, the rest is a blur."),
    _t("mum-visit-plan", "2026-03-29", "es",
       "Mi mamá llega a Dublín el 20 de abril y se queda tres semanas. Le reservé un Airbnb a "
       "dos calles de casa porque en la casa compartida no entra nadie más."),
    _t("paddys", "2026-03-29", "en",
       "Worked St Patrick's Day on the ward. We put green bunting over the kids' beds and one of "
       "the consultants played the tin whistle, it was adorable."),
    _t("cat-sick", "2026-03-29", "es",
       "Pepa vomitó tres veces esta semana. La veterinaria cree que son bolas de pelo y le dio "
       "una pasta de malta."),
    _t("aoife-interview", "2026-03-29", "en",
       "Aoife has an interview for a job in Galway next week and she's terrified of the panel.",
       distractor=True),
    _t("howth", "2026-03-29", "en",
       "Did the Howth cliff walk with the swimming girls, about 10 km, then fish and chips by the "
       "harbour. Perfect Sunday."),
    # Session 8: the offer.
    _t("job-cork", "2026-04-26", "en",
       "I GOT THE CORK JOB. Clinical nurse specialist in paediatric diabetes at Cork University "
       "Hospital, Monday to Friday, days only. No more nights! I start on June 8."),
    _t("salary", "2026-04-26", "en",
       "The specialist grade pays around €58,000, I'm on €47,500 now before night premiums."),
    _t("mum-arrived", "2026-04-26", "es",
       "Mi mamá ya está acá. Le encantó el Book of Kells, pero dice que el té irlandés es agua "
       "sucia y se trajo su propia yerba."),
    _t("notice", "2026-04-26", "en",
       "Handed in my notice in Crumlin. Deirdre, my ward manager, was lovely about it and asked "
       "me to train the new starter on the chemo protocols before I go."),
    _t("deirdre-daughter", "2026-04-26", "en",
       "Deirdre's daughter is starting nursing college in Cork in September, so she asked me "
       "about rents down there.", distractor=True),
    # Session 9: leaving Dublin.
    _t("flat-cork", "2026-05-24", "en",
       "Signed the lease on a one-bed flat in Sunday's Well, Cork. €1,250 a month, more than I "
       "pay now, but it's all mine and I don't have to label my yoghurts."),
    _t("moving-van", "2026-05-24", "es",
       "Alquilé una furgoneta para la mudanza el 30 de mayo; Ciarán, un compañero del turno de "
       "noche, me ayuda a cargar las cosas."),
    _t("farewell", "2026-05-24", "en",
       "The ward threw me a leaving do in a pub in Harold's Cross. The kids made me a card with a "
       "drawing of Pepa wearing a nurse's hat."),
    _t("handover", "2026-05-24", "en",
       "Before leaving Crumlin I handed the shift-swap app to Niall, a charge nurse who actually "
       "knows Python properly."),
    _t("latex", "2026-05-24", "en",
       "For the new job's forms: I'm allergic to latex, so I need nitrile gloves everywhere."),
    _t("matias-move", "2026-05-24", "es",
       "Matías también se muda: deja la Barceloneta y se va a un piso en Gràcia con su novia.",
       distractor=True),
    # Session 10: Cork.
    _t("home-cork", "2026-06-21", "es",
       "Ya vivo en Cork. El piso da al río Lee y desde la ventana veo el campanario de Shandon. "
       "Todavía hay cajas por todos lados."),
    _t("commute-walk", "2026-06-21", "en",
       "The hospital is a 20 minute walk from the flat, so the Fabia mostly sits parked outside "
       "and I go on foot every day."),
    _t("first-weeks", "2026-06-21", "en",
       "Two weeks into the new role. I run a clinic for teenagers on insulin pumps on Wednesdays "
       "and do school visits to train teachers on hypos."),
    _t("boss-orla", "2026-06-21", "es",
       "Mi jefa nueva es la doctora Orla Kinsella, endocrinóloga pediátrica. Habla un poco de "
       "español porque vivió dos años en Chile."),
    _t("orla-son", "2026-06-21", "en",
       "Orla's son plays hurling for a club in Blackrock and she reports on every match on "
       "Monday mornings.", distractor=True),
    _t("cat-move", "2026-06-21", "en",
       "Pepa hated the drive down from Dublin, she cried for the whole three hours. Now she "
       "sleeps on the windowsill watching the gulls."),
    _t("swim-group", "2026-06-21", "es",
       "Me uní a un grupo de natación en el mar en Myrtleville; nadan los sábados a las ocho de "
       "la mañana, llueva o no."),
    # Session 11: July.
    _t("dara", "2026-07-19", "en",
       "So... I've been seeing someone. Dara, a primary school teacher I met at the sea swimming "
       "group. Early days but I'm really happy."),
    _t("shift-app-postgres", "2026-07-19", "en",
       "Niall messaged me: he moved the shift-swap app off my old Raspberry Pi and onto a hosted "
       "Postgres database on Supabase, and the ward in Temple Street wants to use it too."),
    _t("heatwave", "2026-07-19", "es",
       "Hizo 27 grados en Cork y la gente actúa como si fuera el fin del mundo. Yo feliz en "
       "sandalias."),
    _t("pump-course", "2026-07-19", "en",
       "I've signed up for an online certificate in insulin pump therapy with a UK university: "
       "six modules, to be done by October. The hospital pays half."),
    _t("dara-brother", "2026-07-19", "en",
       "Dara's brother is a secondary teacher in Limerick and he's looking for a flat in Cork.",
       distractor=True),
    _t("kayak", "2026-07-19", "en",
       "Tried kayaking on the Lee with Dara and capsized once, right in front of a tour boat. "
       "Everyone clapped."),
    # Session 12: August.
    _t("coeliac", "2026-08-23", "en",
       "Got the biopsy results: I'm coeliac. So from now on it's strictly gluten-free, no more "
       "meat-only-at-weekends experiment either, I just eat what I'm allowed. Explains the low "
       "iron and the tiredness though."),
    _t("medialunas", "2026-08-23", "es",
       "Lo peor de ser celíaca es despedirme de las medialunas. Encontré una panadería sin "
       "gluten en el English Market que hace unas bastante dignas."),
    _t("car-zoe", "2026-08-23", "en",
       "Traded the Fabia in for a used Renault Zoe, electric, 2020 model, €13,900 after the "
       "grant. I charge it at the hospital car park for free."),
    _t("dingle", "2026-08-23", "en",
       "Dara and I spent four days on the Dingle peninsula, climbed Mount Brandon in thick fog "
       "and saw basically nothing from the top. Still great."),
    _t("aoife-engaged", "2026-08-23", "es",
       "Aoife, mi ex compañera de casa, se comprometió con su novio en un viaje a Italia.",
       distractor=True),
    _t("grandma-wrist", "2026-08-23", "es",
       "La abuela Chela se cayó en el patio y se rompió la muñeca. Está enyesada pero de muy buen "
       "humor, dice que ahora no le toca lavar los platos."),
    # Session 13: September.
    _t("portuguese", "2026-09-27", "en",
       "I dropped Irish when I moved. Now I'm doing Portuguese on Monday evenings at the ETB in "
       "Cork, because Dara and I want to go to Lisbon."),
    _t("poster", "2026-09-27", "en",
       "Presented a poster on our teen pump clinic at the paediatric diabetes nurses' meeting in "
       "Athlone, and it won second prize!"),
    _t("cat-weight", "2026-09-27", "es",
       "Pepa engordó desde la mudanza: ya pesa 4,6 kilos y la veterinaria de Cork le puso dieta. "
       "Está indignada."),
    _t("dietitian-lisbon", "2026-09-27", "en",
       "A dietitian on our team is going to a conference in Lisbon in October about carb "
       "counting.", distractor=True),
    _t("house-plan", "2026-09-27", "en",
       "Dara and I are talking about buying a house together next year. I've got €14,000 saved "
       "now and I'm asking the bank about approval in principle."),
    # Session 14: October.
    _t("lisbon", "2026-10-25", "en",
       "Four days in Lisbon with Dara in mid-October: pastéis de nata every morning (gluten, I "
       "know, I suffered later), tram 28, and my Portuguese was enough to order dinner."),
    _t("halloween", "2026-10-25", "es",
       "Para Halloween me disfrazo de Frida Kahlo y Dara va de Diego Rivera, obvio."),
    _t("on-call", "2026-10-25", "en",
       "They asked me to cover the phone line for pump emergencies one weekend a month. It pays "
       "€200 per weekend, so I said yes."),
    _t("moving-in", "2026-10-25", "en",
       "Dara is moving into my flat at the start of December. It's tiny for two, so we'll look "
       "for a house in spring."),
    _t("barmbrack", "2026-10-25", "en",
       "Dara's mum bakes barmbrack every Halloween and hides a ring in it.", distractor=True),
    _t("pump-cert", "2026-10-25", "en",
       "Passed all six modules of the pump therapy certificate, final mark 78%. Framing it."),
    # Session 15: November.
    _t("xmas-2026", "2026-11-15", "es",
       "Esta Navidad viajo a Rosario con Dara: salimos el 19 de diciembre vía Madrid y volvemos "
       "el 6 de enero. Va a conocer a toda la familia, pobre."),
    _t("chest-infection", "2026-11-15", "en",
       "Had a chest infection and was off work for a week, first sick leave since I started in "
       "Cork. On amoxicillin now and feeling human again."),
    _t("dryrobe", "2026-11-15", "en",
       "Still doing the Saturday sea swims. The water is 12 degrees but the wind is brutal, so I "
       "finally bought a dryrobe for €140."),
    _t("climbing-cork", "2026-11-15", "es",
       "Encontré un rocódromo en Cork cerca de la estación de Kent; voy los jueves después del "
       "trabajo con una chica de la clínica."),
    _t("suitcase", "2026-11-15", "en",
       "A colleague's husband is from Buenos Aires and offered to lend us a big suitcase for "
       "the trip.", distractor=True),
    _t("niece", "2026-11-15", "es",
       "Matías y su novia esperan un bebé para abril. ¡Voy a ser tía! Ya le estoy tejiendo una "
       "mantita."),
)


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    # shared: a distinctive word of the answer is in the question.
    _q("How much is the user's rent in Phibsborough?", "home-phibs", "shared"),
    _q("On which ward at Crumlin does the user work?", "job-crumlin", "shared"),
    _q("What grade is the user stuck on at Boulder Lab?", "bouldering", "shared"),
    _q("How much did the iPhone 12 screen repair cost?", "phone-iphone12", "shared"),
    _q("What does the shift-swap Apps Script do?", "shift-app-sheets", "shared"),
    _q("Who teaches the user's Irish classes?", "irish-class", "shared"),
    _q("How much did the Skoda Fabia cost?", "car-fabia", "shared"),
    _q("What is the user's ferritin level?", "iron", "shared"),
    _q("Where did Matías make paella for the user?", "barcelona-trip", "shared"),
    _q("Which book is the user reading for the hospital book club?", "book-club", "shared"),
    _q("Who played the tin whistle on St Patrick's Day?", "paddys", "shared"),
    _q("How much does the specialist grade pay?", "salary", "shared"),
    _q("What did Deirdre ask the user to do before leaving?", "notice", "shared"),
    _q("Who took over the shift-swap app from the user?", "handover", "shared"),
    _q("¿Cómo se llama la jefa nueva de la usuaria?", "boss-orla", "shared", "es"),
    _q("¿Qué le pasó a la abuela Chela en el patio?", "grandma-wrist", "shared", "es"),
    _q("¿Cuándo sale la usuaria hacia Rosario en Navidad?", "xmas-2026", "shared", "es"),
    _q("¿Qué le dio la veterinaria a Pepa para las bolas de pelo?", "cat-sick", "shared", "es"),
    _q("What prize did the user's poster win in Athlone?", "poster", "shared"),
    _q("How much did the user pay for the dryrobe?", "dryrobe", "shared"),
    # paraphrase: no content word in common with the answer.
    _q("¿Qué mascota tiene la usuaria?", "cat-adopt", "paraphrase", "es"),
    _q("What does the user's ex do for a living?", "boyfriend-conor", "paraphrase"),
    _q("What happened to the user's mobile?", "phone-iphone12 phone-fairphone", "paraphrase"),
    _q("Does the user do any indoor climbing?", "bouldering v4", "paraphrase"),
    _q("¿De qué trabaja el familiar que está en España?", "brother", "paraphrase", "es"),
    _q("Has the user been vaccinated this season?", "flu-jab", "paraphrase"),
    _q("Is the user setting money aside?", "savings house-plan", "paraphrase"),
    _q("Is the user getting any professional support for grief?", "counselling", "paraphrase"),
    _q("¿Por qué no consiguió la licencia en su intento inicial?", "driving-test", "paraphrase",
       "es"),
    _q("What did the user give her family as holiday gifts?", "xmas-gifts", "paraphrase"),
    _q("¿A qué se dedicaba la madre antes de retirarse?", "mum", "paraphrase", "es"),
    _q("Does the user brave the cold ocean outdoors?", "sea-swim dryrobe", "paraphrase"),
    _q("Why did the relationship end?", "breakup", "paraphrase"),
    _q("What did the user do with the concert seat she no longer wanted?", "gig-tickets",
       "paraphrase"),
    _q("¿Dónde se hospeda la madre durante la visita?", "mum-visit-plan", "paraphrase", "es"),
    _q("Did the user hike along the coast near the capital?", "howth", "paraphrase"),
    _q("¿Quién le echó una mano con el camión?", "moving-van", "paraphrase", "es"),
    _q("What skin-contact material must be avoided at work?", "latex", "paraphrase"),
    _q("How did the pet cope with the journey south?", "cat-move", "paraphrase"),
    _q("¿Qué tal lleva la usuaria el calor del verano?", "heatwave", "paraphrase", "es"),
    _q("Did the user ever tip over while paddling on the river?", "kayak", "paraphrase"),
    _q("¿Qué extraña comer la usuaria desde su diagnóstico?", "medialunas", "paraphrase", "es"),
    _q("What did the user and her partner see from the mountain summit?", "dingle",
       "paraphrase"),
    _q("¿Qué traje usará la usuaria en la noche de brujas?", "halloween", "paraphrase", "es"),
    _q("Does the user take any extra paid duty outside office hours?", "on-call",
       "paraphrase"),
    # cross: the question in the other language.
    _q("What is the name of the user's cat?", "cat-adopt", "cross"),
    _q("Where does the user's brother work?", "brother", "cross"),
    _q("When is the grandmother's 90th birthday?", "grandma", "cross"),
    _q("¿Qué le regaló la usuaria a su mamá en Navidad?", "xmas-gifts", "cross", "es"),
    _q("¿Cuánto pagará el puesto nuevo en Cork?", "salary", "cross", "es"),
    _q("Who is the user's new boss?", "boss-orla", "cross"),
    _q("¿A qué es alérgica la usuaria?", "latex", "cross", "es"),
    _q("What is the user crocheting for Conor?", "crochet", "cross"),
    _q("¿Qué nota sacó la usuaria en el curso de bombas de insulina?", "pump-cert", "cross",
       "es"),
    _q("When is the baby of the user's brother due?", "niece", "cross"),
    _q("¿Con quién sale la usuaria ahora y cómo se conocieron?", "dara", "cross", "es"),
    # update: the newest turn answers; the older ones are outdated.
    _q("Where does the user live these days?", "home-cork flat-cork", "update",
       outdated="home-phibs"),
    _q("What does the user do for work now?", "job-cork first-weeks", "update",
       outdated="job-crumlin"),
    _q("Which car does the user drive at the moment?", "car-zoe", "update",
       outdated="car-fabia"),
    _q("¿Qué teléfono tiene ahora la usuaria?", "phone-fairphone", "update", "es",
       outdated="phone-iphone12"),
    _q("What are the user's eating habits at present?", "coeliac", "update",
       outdated="diet-flexi"),
    _q("Who is the user's partner now?", "dara moving-in", "update",
       outdated="boyfriend-conor breakup"),
    _q("Where is the data of the shift-swap app stored now?", "shift-app-postgres", "update",
       outdated="shift-app-sheets shift-app-python"),
    _q("How does the user get to the hospital nowadays?", "commute-walk", "update",
       outdated="commute-bike car-fabia"),
    _q("¿Qué idioma estudia actualmente la usuaria?", "portuguese", "update", "es",
       outdated="irish-class"),
    _q("How much does Pepa weigh now?", "cat-weight", "update", outdated="cat-vet"),
    _q("Does the user still work nights?", "job-cork", "update", outdated="shifts-nights"),
    # temporal: a month, "last month" (November 2026) or a season of 2026 is asked about.
    _q("What happened in the user's love life in February 2026?", "breakup", "temporal"),
    _q("What news did the user share in April 2026?", "job-cork salary mum-arrived notice",
       "temporal"),
    _q("¿Qué le pasó a la gata en marzo de 2026?", "cat-sick", "temporal", "es"),
    _q("What did the user learn about her health in January 2026?", "iron", "temporal"),
    _q("What did the user buy last month?", "dryrobe", "temporal"),
    _q("Where did the user travel in summer 2026?", "dingle", "temporal"),
    _q("¿Qué hizo la usuaria en octubre de 2026?", "lisbon halloween on-call moving-in pump-cert",
       "temporal", "es"),
    _q("What work achievement did the user mention in September 2026?", "poster", "temporal"),
)


NEVER: tuple[Never, ...] = (
    Never("What is the name of the user's dog?", "en", "housemate-dog"),
    Never("How much did the user pay to fix her laptop screen?", "en", "phone-iphone12"),
    Never("¿Dónde vive la hermana de la usuaria?", "es", "brother"),
    Never("¿Cuándo cumple años el abuelo de la usuaria?", "es", "grandma"),
    Never("Who teaches the user's French classes?", "en", "irish-class"),
    Never("What did the user give her father for Christmas?", "en", "xmas-gifts"),
    Never("How many km were on the clock of the user's motorbike?", "en", "car-fabia"),
    Never("What is the name of the neighbour's dog?", "en", "neighbour-cat"),
    Never("What did the GP say about the user's cholesterol?", "en", "iron"),
    Never("Which book did the hospital book club read in June?", "en", "book-club"),
    Never("¿A dónde se fue de vacaciones la mamá de la usuaria en España?", "es", "mum"),
    Never("How much rent did the user pay in Galway?", "en", "flat-cork"),
    Never("What sport does Dara's son play?", "en", "dara"),
    Never("Which marathon did the user run in Cork?", "en", "chest-infection"),
    Never("¿Cuánto costó el coche de la abuela?", "es", "grandma-wrist"),
    Never("What did the user's manager say about the pub quiz?", "en", "farewell"),
    Never("¿Cómo se llama el conejo de la usuaria?", "es", "cat-adopt"),
    Never("¿Cuánto pagó la usuaria por la bicicleta nueva en Cork?", "es", "climbing-cork"),
    Never("Which hotel did the user and Dara stay in during the Rome trip?", "en", "lisbon"),
    Never("¿Qué vacuna le puso la veterinaria al perro?", "es", "cat-sick"),
)
