"""A seventh hand-written conversation set, for the kinds our other sets are thin on (``--set
conversation-g``).

One invented user, Hugo, talking to a chat assistant over eleven months (January to November
2026), in English and in Spanish (about a third): a promotion and then another, a climbing gym
whose fee goes up twice, a move from Zaragoza to Barcelona, trips to Lisbon and the Pyrenees,
concerts, coffee given up in two steps. Saved one turn per memory, the assistant's turns too,
each led by its day and its speaker ("[2026-01-10] user: ...", as ``conversation_set_d``), the
way the public chat-memory benchmarks keep a chat.

What it asks, in the third person and in other words than the turns':
- ``assistant``: what the assistant said earlier ("which guesthouse did the assistant
  suggest?"); the answer is an assistant turn, and the user's turn before it asks in other
  words.
- ``preference``: a taste the user told once and that is used later ("what kind of
  restaurants does the user like?").
- ``count``: things told in several sessions ("how many times did the user go climbing in
  March?"); a session in March with no climbing and one in April with climbing are the hard
  negatives. Every key is a part of the answer.
- ``order``: two events of different sessions ("did the user buy the bike before or after
  moving?"); both keys are parts of the answer.
- ``update``: a value changed twice (the gym's fee, the user's role, coffees a day): the
  newest turn answers, ``outdated`` names the two before it.
- ``detail``: a plain fact told once, asked in other words.
``NEVER`` shares words with stored turns and is answered by none: the other city's hotel, the
other sport's count, the other person's gift, the thing never bought.

Halves: the bench reports the tuning half (``QUESTIONS[0::2]``, ``NEVER[0::2]``) and the
held-out half (``QUESTIONS[1::2]``, ``NEVER[1::2]``). The whole set was written before the
rules of the pass that added it were looked for.

Written for this project by hand (no public dataset was used or consulted; the people and
the businesses are invented, the places and the artists are real).
"""

from __future__ import annotations

from bench.conversation_set import Never, Question
from bench.spoken_turns import Line, SpokenTurn, session
from bench.spoken_turns import assistant as _a
from bench.spoken_turns import user as _u

__all__ = ["ALL_PARTS", "CATEGORIES", "HALVED", "NEVER", "QUESTIONS", "TURNS"]

HALVED = True
"""The bench reports this set's figures on each half of its questions too."""
ALL_PARTS = True
"""Every key of a question is a part of its answer: the bench reports how often all are shown."""
CATEGORIES = ("assistant", "preference", "count", "order", "update", "detail")

def _session(number: int, date: str, *lines: Line) -> tuple[SpokenTurn, ...]:
    return session("g", number, date, *lines)


TURNS: tuple[SpokenTurn, ...] = (
    *_session(
        1, "2026-01-10",
        _u("Hey, I'm Hugo. I live in Zaragoza and I work as a QA tester at a logistics "
           "company called Ferrolínea.", "job-1"),
        _a("Nice to meet you, Hugo! What can I help you with today?"),
        _u("I want to plan a long weekend in Lisbon in February with my girlfriend Alba. "
           "Where should we stay?", "lisbon-plan"),
        _a("For a first visit I'd book Casa do Pátio, a small guesthouse in Alfama with a roof "
           "terrace looking over the river.", "rec-hotel"),
        _u("Sounds good. We never book big chain hotels anyway, we prefer small places run by "
           "a family.", "pref-hotel"),
        _a("Then Alfama and Mouraria are the right neighbourhoods: they are full of family "
           "guesthouses."),
        _u("Same with food: we always look for tiny family-run taverns with a short menu, "
           "never chains or tourist menus.", "pref-food"),
        _a("Try Tasca do Zé Manel below the castle: eight tables and the owner's mother "
           "cooking.", "rec-tasca"),
        _u("Perfect. Our budget is about 400 euros for the two of us, flights apart."),
        _a("That's doable in February, it's low season there."),
    ),
    *_session(
        2, "2026-01-24",
        _u("Este mes me he apuntado a un rocódromo en el barrio de Delicias, se llama Bloque "
           "Cero.", "gym", "es"),
        _a("¡Genial! ¿Es solo búlder o también tiene vías con cuerda?", lang="es"),
        _u("Solo búlder. La cuota es de 42 euros al mes.", "climb-fee-1", "es"),
        _a("Está bien de precio para Zaragoza.", lang="es"),
        _u("Mi compañero de trabajo Iñaki también escala, a veces vamos juntos al salir de la "
           "oficina.", "inaki", "es"),
        _a("Escalar con alguien motiva mucho más.", lang="es"),
        _u("Me duelen los antebrazos después de cada sesión, ¿algún consejo?", lang="es"),
        _a("Antes de escalar haz círculos de muñeca y estira los flexores con el brazo "
           "extendido y la palma hacia fuera, treinta segundos por lado.", "rec-stretch", "es"),
        _u("Vale, lo probaré el jueves.", lang="es"),
        _a("Y bebe agua, que en el rocódromo se suda mucho.", lang="es"),
    ),
    *_session(
        20, "2026-02-02",
        _u("My laptop at work is so slow, the whole test suite takes forty minutes."),
        _a("Ask whether the tests can run in parallel: four workers often cut that to a "
           "quarter."),
        _u("Good point, I'll bring it up at the retro."),
        _a("Bring numbers too: forty minutes times the runs per day."),
        _u("Alba is a translator, she works from home for a publisher in Madrid.", "alba-job"),
        _a("Which languages does she translate from?"),
        _u("German and Dutch, mostly novels.", "alba-langs"),
        _a("Literary translation is a lovely craft."),
    ),
    *_session(
        3, "2026-02-16",
        _u("We're back from Lisbon! Casa do Pátio was lovely, the terrace was the best part of "
           "the trip.", "lisbon-done"),
        _a("Glad it worked out! Did you make it to the tavern?"),
        _u("Yes, Zé Manel was amazing, Alba still talks about the grilled sardines."),
        _a("Sardines are the classic order there."),
        _u("One bad thing: I lost my sunglasses on the tram."),
        _a("Tram 28 is famous for lost things, sadly."),
        _u("Also, my manager told me I'm being promoted to senior QA engineer from March.",
           "job-2"),
        _a("Congratulations, well deserved!"),
        _u("Can you recommend a book about testing for the new role?"),
        _a("I'd start with 'Lessons Learned in Software Testing': short chapters you can read "
           "on the bus.", "rec-book"),
        _u("Ordered it, thanks."),
    ),
    *_session(
        4, "2026-03-03",
        _u("Ayer fui a escalar a Bloque Cero con Iñaki y por fin encadené mi primer bloque "
           "verde.", "climb-mar-1", "es"),
        _a("¡Enhorabuena! El verde es un salto importante.", lang="es"),
        _u("Los estiramientos que me dijiste funcionan, ya no me duelen los antebrazos.",
           lang="es"),
        _a("Me alegro. Sigue haciéndolos antes de cada sesión.", lang="es"),
        _u("Eso sí, el rocódromo ha subido la cuota a 48 euros.", "climb-fee-2", "es"),
        _a("Seis euros más, no es poco.", lang="es"),
        _u("Ya, pero me compensa.", lang="es"),
    ),
    *_session(
        5, "2026-03-14",
        _u("Went climbing outdoors for the first time today, at Riglos, with Iñaki's club.",
           "climb-mar-2"),
        _a("Riglos is impressive! Were you on the big conglomerate towers?"),
        _u("Only the easy routes at the foot of them, but the view of the Mallos was "
           "incredible."),
        _a("The routes at the base are a great start."),
        _u("I need proper shoes now. Which ones would you suggest for a beginner?"),
        _a("A flat, comfortable pair like the La Sportiva Tarantulace is a good first shoe.",
           "rec-shoes"),
        _u("Ordered them, 89 euros.", "shoes-price"),
        _a("That's a fair price for them."),
    ),
    *_session(
        6, "2026-03-22",
        _u("No climbing this weekend, I sprained a finger playing padel with my brother "
           "Rodrigo.", "finger"),
        _a("Ouch. Tape it to the next finger and rest it for a week or two."),
        _u("Rodrigo is a nurse in Huesca, he says it's not broken.", "rodrigo"),
        _a("Handy to have a nurse in the family."),
        _u("What should I cook tonight? Something quick, I'm exhausted."),
        _a("A French omelette with spinach and cheese takes ten minutes and one pan.",
           "rec-dinner"),
        _u("Good idea, I have both."),
    ),
    *_session(
        7, "2026-03-29",
        _u("Back on the wall today with my finger taped, easy problems only.", "climb-mar-3"),
        _a("Careful with it. If it hurts, stop."),
        _u("Alba says I'm obsessed with the gym."),
        _a("There are worse obsessions."),
    ),
    *_session(
        8, "2026-04-08",
        _u("Big news: Ferrolínea is opening an office in Barcelona and they asked me to move "
           "there in May.", "move-plan"),
        _a("That's a big step! How do you feel about it?"),
        _u("Excited. Alba works remotely, so she's coming with me."),
        _a("That makes it much easier."),
        _u("Went bouldering tonight too, first session of April.", "climb-apr"),
        _a("Keeping the rhythm!"),
        _u("Which part of Barcelona would you suggest for a couple who likes quiet streets?"),
        _a("Look at Sant Antoni or Gràcia: both have quiet side streets, a covered market and "
           "small bars.", "rec-neigh"),
        _u("Gràcia sounds nice."),
    ),
    *_session(
        9, "2026-04-25",
        _u("Me he comprado una bici plegable, una Brompton de segunda mano por 900 euros, para "
           "moverme por Barcelona.", "bike", "es"),
        _a("Buena compra, las Brompton duran años.", lang="es"),
        _u("La he probado por la ribera del Ebro y va genial.", lang="es"),
        _a("Es perfecta para combinar con el metro y el tren.", lang="es"),
        _u("Y he vendido mi coche, un Seat Ibiza de 2012, a un vecino.", "car-sold", "es"),
        _a("En Barcelona el coche es más un problema que una ayuda.", lang="es"),
    ),
    *_session(
        10, "2026-05-16",
        _u("We moved to Barcelona last weekend! Our flat is in Gràcia, on a quiet street near "
           "Plaça del Sol.", "moved"),
        _a("Welcome to Barcelona! How's the flat?"),
        _u("Small but bright. The rent is 1,150 euros a month.", "rent"),
        _a("That's about normal for Gràcia."),
        _u("I miss Bloque Cero already. Anywhere to climb nearby?"),
        _a("In the city, try Climbat La Foixarda on Montjuïc; it's built inside an old "
           "tunnel.", "rec-gym-bcn"),
        _u("I'll check it out this week."),
        _a("Bring your own chalk, the rental one is poor."),
    ),
    *_session(
        21, "2026-05-30",
        _u("First week at the Barcelona office. The team is nice but the open space is loud."),
        _a("Noise-cancelling headphones are the usual rescue in open spaces."),
        _u("I ride the Brompton to work, twelve minutes along Diagonal.", "commute"),
        _a("That's a commute to envy."),
        _u("The lunch places around the office are mostly chains, sadly."),
        _a("Look one street back from the avenue; the small places hide there."),
        _u("Alba found a Dutch book club in Gràcia."),
        _a("A good way to meet people in a new city."),
    ),
    *_session(
        11, "2026-06-02",
        _u("Me he apuntado a La Foixarda. La cuota aquí es de 55 euros al mes.", "climb-fee-3",
           "es"),
        _a("Más caro que en Zaragoza, pero es Barcelona.", lang="es"),
        _u("Lo del túnel es muy curioso, hace fresco incluso en junio.", lang="es"),
        _a("Eso se agradecerá en agosto.", lang="es"),
        _u("Alba ha empezado un curso de cerámica en el barrio, los sábados.", "alba-pottery",
           "es"),
        _a("Qué bien, Gràcia está llena de talleres.", lang="es"),
    ),
    *_session(
        12, "2026-06-20",
        _u("Alba's parents are visiting next week. Can you suggest somewhere for dinner? You "
           "know the kind of places we like."),
        _a("Since you like small family-run places: Bodega Quimet in Gràcia, a vermouth bar "
           "run by the same family for three generations.", "rec-restaurant"),
        _u("Her father doesn't eat meat, is that a problem?"),
        _a("Not at all: escalivada, grilled peppers, tortilla and plenty of cheese."),
        _u("Great. Her parents are from Teruel and they rarely eat out."),
        _a("Then a relaxed bodega will suit them better than anything fancy."),
    ),
    *_session(
        13, "2026-07-05",
        _u("Anoche fuimos al concierto de Rosalía en el Palau Sant Jordi, aunque a mí lo que "
           "más me gusta es el jazz.", "concert-1", "es"),
        _a("¡Qué planazo! ¿Qué jazz escuchas?", lang="es"),
        _u("Sobre todo jazz tranquilo, de piano: Bill Evans, Brad Mehldau.", "pref-music", "es"),
        _a("Entonces te gustará el Jamboree, un club de jazz en la Plaça Reial.", "rec-jazz",
           "es"),
        _u("Apuntado.", lang="es"),
    ),
    *_session(
        14, "2026-07-26",
        _u("I've been made test lead of the Barcelona office, with three people in my team.",
           "job-3"),
        _a("Congratulations again! Leading a team is a different job."),
        _u("Any advice for my first one-on-ones?"),
        _a("Ask each person what they want to learn this year, write it down, and come back "
           "to it every month.", "rec-1on1"),
        _u("We went to the Jamboree on Friday: a trio playing Monk tunes.", "concert-2"),
        _a("Monk in a small basement club must have been great."),
    ),
    *_session(
        15, "2026-08-15",
        _u("En agosto nos vamos una semana a Benasque, en el Pirineo. Odio las playas llenas en "
           "verano, siempre prefiero la montaña.", "pref-holiday", "es"),
        _a("Benasque es perfecto: puedes subir al Aneto si estás en forma.", lang="es"),
        _u("Ese es el plan, subir al Aneto con un guía.", "aneto-plan", "es"),
        _a("Con guía y crampones es la opción segura.", lang="es"),
        _u("Alba prefiere quedarse leyendo en el pueblo.", lang="es"),
        _a("Así cada uno disfruta a su manera.", lang="es"),
        _u("¿Dónde nos alojamos en Benasque?", lang="es"),
        _a("El Hotel Ciria: pequeño, familiar y en el centro del pueblo.", "rec-hotel-2", "es"),
    ),
    *_session(
        16, "2026-09-06",
        _u("We made it to the top of the Aneto! Eleven hours, and the glacier was scary.",
           "aneto-done"),
        _a("Amazing! The Puente de Mahoma is the scary part for most people."),
        _u("Exactly, I crawled across it on my knees."),
        _a("Totally normal, most people do."),
        _u("Back at work now, and I'm drinking four coffees a day to cope.", "coffee-1"),
        _a("That's a lot; at least try to have none after three in the afternoon."),
    ),
    *_session(
        17, "2026-09-27",
        _u("He bajado a dos cafés al día, dormía fatal.", "coffee-2", "es"),
        _a("Buena decisión. ¿Duermes mejor?", lang="es"),
        _u("Un poco. Por cierto, Alba me ha regalado un libro de cocina japonesa por mi "
           "cumpleaños.", "birthday-gift", "es"),
        _a("¡Feliz cumpleaños! ¿Cuántos cumples?", lang="es"),
        _u("Treinta y cuatro.", "age", "es"),
        _a("Buena edad para aprender a hacer ramen.", lang="es"),
    ),
    *_session(
        18, "2026-10-18",
        _u("Third concert of the year last night: Brad Mehldau playing solo at the Palau de la "
           "Música.", "concert-3"),
        _a("A dream evening for someone who loves piano jazz!"),
        _u("It was. Also, I've given up coffee completely, only rooibos now.", "coffee-3"),
        _a("Big change! The headaches usually pass within a week."),
        _u("Which rooibos should I buy?"),
        _a("Get loose-leaf rooibos from a tea shop instead of bags; Chá Tea on Verdi street "
           "sells it by weight.", "rec-tea"),
        _u("Okay, I'll go on Saturday."),
    ),
    *_session(
        22, "2026-10-30",
        _u("Rodrigo came for the weekend and we took him climbing at La Foixarda."),
        _a("Did he like it?"),
        _u("He did, but he says his night shifts leave no time for a new hobby."),
        _a("Maybe on his days off, then."),
    ),
    *_session(
        19, "2026-11-07",
        _u("Quiero regalarle algo a Alba por nuestro aniversario. ¿Alguna idea?", lang="es"),
        _a("Como le gusta la cerámica, un taller de fin de semana en La Bisbal d'Empordà, el "
           "pueblo de los alfareros.", "rec-gift", "es"),
        _u("¡Buena idea! Llevamos cinco años juntos.", "anniversary", "es"),
        _a("Cinco años, ¡enhorabuena a los dos!", lang="es"),
        _u("Iñaki viene a vernos en diciembre.", "inaki-visit", "es"),
        _a("Podéis ir a escalar juntos a Montserrat.", lang="es"),
    ),
)


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    # assistant: what the assistant said earlier.
    _q("What was the name of the guesthouse the assistant recommended in Lisbon?", "rec-hotel",
       "assistant"),
    _q("Which book about software testing did the assistant suggest?", "rec-book", "assistant"),
    _q("What warm-up did the assistant propose for the user's sore forearms?", "rec-stretch",
       "assistant"),
    _q("Which beginner climbing shoe did the assistant advise?", "rec-shoes", "assistant"),
    _q("¿Qué barrios de Barcelona le sugirió el asistente?", "rec-neigh", "assistant", "es"),
    _q("Where did the assistant suggest taking Alba's parents for dinner?", "rec-restaurant",
       "assistant"),
    _q("Which jazz club did the assistant tell the user about?", "rec-jazz", "assistant"),
    _q("¿Qué hotel le recomendó el asistente en Benasque?", "rec-hotel-2", "assistant", "es"),
    _q("What advice did the assistant give for the first one-on-one meetings?", "rec-1on1",
       "assistant"),
    _q("What anniversary present did the assistant come up with?", "rec-gift", "assistant"),
    _q("Which climbing gym did the assistant point the user to after the move?",
       "rec-gym-bcn", "assistant"),
    _q("What quick meal did the assistant propose when the user was tired?", "rec-dinner",
       "assistant"),
    _q("Where did the assistant say to buy rooibos?", "rec-tea", "assistant"),
    # preference: a taste told once, used later.
    _q("What kind of restaurants does the user like?", "pref-food", "preference"),
    _q("What sort of accommodation do the user and his partner prefer?", "pref-hotel",
       "preference"),
    _q("What music does the user enjoy most?", "concert-1 pref-music", "preference"),
    _q("¿Qué tipo de vacaciones prefiere el usuario?", "pref-holiday", "preference", "es"),
    _q("Does the user prefer beach holidays or the mountains?", "pref-holiday", "preference"),
    # count: told in several sessions; every key is a part.
    _q("How many times did the user go climbing in March 2026?",
       "climb-mar-1 climb-mar-2 climb-mar-3", "count"),
    _q("How many concerts has the user been to this year?", "concert-1 concert-2 concert-3",
       "count"),
    _q("¿Cuántas veces fue el usuario a escalar en marzo?",
       "climb-mar-1 climb-mar-2 climb-mar-3", "count", "es"),
    _q("How many times has the user been promoted?", "job-2 job-3", "count"),
    # order: two events of different sessions; both keys are parts.
    _q("Did the user buy the folding bike before or after moving to Barcelona?", "bike moved",
       "order"),
    _q("Was the user promoted to senior QA before or after the trip to Lisbon?",
       "job-2 lisbon-done", "order"),
    _q("¿Qué fue antes, la subida al Aneto o el ascenso a jefe de pruebas?",
       "job-3 aneto-done", "order", "es"),
    _q("Did the user sell his car before the move?", "car-sold moved", "order"),
    _q("Which came first, the first climb outdoors or the sprained finger?",
       "climb-mar-2 finger", "order"),
    # update: a value changed twice; the newest answers.
    _q("How much does the user pay for the climbing gym now?", "climb-fee-3", "update",
       outdated="climb-fee-1 climb-fee-2"),
    _q("What is the user's current role at Ferrolínea?", "job-3", "update",
       outdated="job-1 job-2"),
    _q("¿Cuántos cafés toma ahora el usuario al día?", "coffee-3", "update", "es",
       outdated="coffee-1 coffee-2"),
    _q("What does the user drink these days instead of coffee?", "coffee-3", "update",
       outdated="coffee-1 coffee-2"),
    # detail: a fact told once, in other words.
    _q("Where did the user climb on rock for the first time?", "climb-mar-2", "detail"),
    _q("What does the user's brother do for a living?", "rodrigo", "detail"),
    _q("How much is the rent of the flat in Gràcia?", "rent", "detail"),
    _q("¿Qué le regaló Alba al usuario por su cumpleaños?", "birthday-gift", "detail", "es"),
    _q("How long have Hugo and Alba been a couple?", "anniversary", "detail"),
    _q("How much did the second-hand Brompton cost?", "bike", "detail"),
    _q("What is Alba learning on Saturdays?", "alba-pottery", "detail"),
    _q("What does the user's girlfriend do for work?", "alba-job", "detail"),
    _q("How does the user get to the office in Barcelona?", "commute", "detail"),
)

NEVER: tuple[Never, ...] = (
    Never("Which hotel did the assistant recommend in Porto?", "en", "rec-hotel"),
    Never("Which cookbook did the assistant suggest to the user?", "en", "rec-book"),
    Never("How many times did the user go swimming in March?", "en", "climb-mar-2"),
    Never("Which running shoes did the assistant recommend?", "en", "rec-shoes"),
    Never("What kind of films does the user like?", "en", "g12-01"),
    Never("¿Cuánto paga Iñaki de alquiler?", "es", "inaki"),
    Never("Did the user buy the electric scooter before or after moving?", "en", "moved"),
    Never("What is the name of the user's dog?", "en", "moved"),
    Never("How much did the user's climbing harness cost?", "en", "g10-05"),
    Never("¿Qué hotel le recomendó el asistente en Madrid?", "es", "rec-hotel-2"),
    Never("Which jazz club did the user visit in Lisbon?", "en", "rec-jazz"),
    Never("What is Rodrigo's wife called?", "en", "rodrigo"),
    Never("¿Cuántas veces fue el usuario al dentista este año?", "es", "finger"),
    Never("What did the user give Alba for her birthday?", "en", "birthday-gift"),
    Never("Which restaurant did the assistant suggest for Iñaki's visit?", "en",
          "rec-restaurant"),
    Never("What car did the user buy in Barcelona?", "en", "bike"),
    Never("¿Qué nota sacó Alba en el curso de cerámica?", "es", "alba-pottery"),
    Never("How many marathons has the user run?", "en", "g20-04"),
    Never("Which headphones did the assistant recommend for the office?", "en", "g21-02"),
    Never("What does Alba translate from Italian?", "en", "alba-job"),
)
