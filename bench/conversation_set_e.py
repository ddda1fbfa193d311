"""A fifth hand-written conversation set, for answers told by several memories (``--set
conversation-e``).

One invented user, Iris, talking to a chat assistant over two years (January 2025 to October
2026), in English and in Spanish: cars bought and sold, sports taken up, languages, pets,
instruments, crafts, drinks, family news, trips abroad, races. Saved one turn per memory, each
led by its day and its speaker ("[2025-04-05] user: ...", as ``conversation_set_d``).

What it measures is the question whose answer is in several memories of different sessions:
a list ("Which sports has the user done?"), a count ("How many trips abroad did the user take
in 2025?"), a comparison or an order ("Which came first, the pottery course or the salsa
classes?"). Each such question names a KIND ("sports", "cars", "idiomas", "mascotas") while the
memories name its INSTANCES ("bouldering", "the Toyota Yaris", "alemán", "una tortuga"), and
every one of its ``keys`` is a part of the answer: the bench reports ``all_parts`` (every key
among the memories served or the turns shown beside them) and ``all_parts_in_reply`` (also
counting the "Also close" lines), beside the usual figures (any key). Hard negatives share the
kind's word and hold no instance of the user's ("the sports news with my dad", "my
colleague's car", "a language exchange bar"); ``NEVER`` lists kinds nothing stored is an
instance of, some of them next to stored kinds ("motorbikes" beside the cars, "birds" beside
the pets).

Asked as an MCP client asks by default (``LIMIT`` None: no ``limit`` argument).

Halves: rules are worked on the tuning half (``QUESTIONS[0::2]``, ``NEVER[0::2]``) and checked
on the held-out half (``QUESTIONS[1::2]``, ``NEVER[1::2]``); the bench reports both. The whole
set was written before any rule of the pass that added it.

Written for this project by hand (no public dataset was used or consulted; the people and
places' businesses are invented).
"""

from __future__ import annotations

from bench.conversation_set import Never, Question
from bench.spoken_turns import Line, SpokenTurn, session
from bench.spoken_turns import assistant as _a
from bench.spoken_turns import user as _u

__all__ = ["ALL_PARTS", "CATEGORIES", "HALVED", "LIMIT", "NEVER", "QUESTIONS", "TURNS"]

HALVED = True
"""The bench reports this set's figures on each half of its questions too."""
ALL_PARTS = True
"""Every key of a question is a part of its answer: the bench reports how often all are shown."""
LIMIT: int | None = None
"""Asked with no ``limit``, as an MCP client's default call."""
CATEGORIES = ("list", "count", "compare")

def _session(number: int, date: str, *lines: Line) -> tuple[SpokenTurn, ...]:
    return session("e", number, date, *lines)


TURNS: tuple[SpokenTurn, ...] = (
    *_session(
        1, "2025-01-12",
        _u("Hi, I'm Iris. I finally picked up the Toyota Yaris from the dealer today, my first "
           "car of my own.", "car-yaris"),
        _a("Congratulations! A Yaris is a reliable first car."),
        _u("It's silver and it still smells brand new."),
        _a("Enjoy that smell while it lasts."),
    ),
    *_session(
        2, "2025-02-08",
        _u("Went bouldering for the first time at a gym called Roca Norte, my forearms are "
           "dead.", "sport-boulder"),
        _a("Bouldering is brutal on the forearms at first. Rest a day between sessions."),
        _u("The route setter said I have good footwork though."),
        _a("Footwork is the hardest part to learn, so that's a great sign."),
    ),
    *_session(
        3, "2025-03-01",
        _u("Hemos adoptado una tortuga mediterránea, se llama Gus y come diente de león.",
           "pet-tortoise", "es"),
        _a("¡Qué bien! Las tortugas necesitan sol y calcio.", lang="es"),
        _u("De momento vive en el patio de mis padres.", lang="es"),
        _a("Un patio con sol es perfecto para ella.", lang="es"),
    ),
    *_session(
        4, "2025-03-22",
        _u("Started Portuguese lessons on Tuesdays, my teacher is from Coimbra.", "lang-pt"),
        _a("Nice! European Portuguese pronunciation takes some getting used to."),
        _u("The nasal vowels are killing me."),
        _a("Try shadowing short podcasts, it helps with the vowels."),
    ),
    *_session(
        5, "2025-04-18",
        _u("Back from four days in Lisbon with Marta, we ate pastéis every single morning.",
           "trip-lisbon"),
        _a("Lisbon in spring is lovely. Did you get to Belém?"),
        _u("Yes, and we took the old tram up to the castle."),
        _a("That tram ride is a classic."),
    ),
    *_session(
        6, "2025-04-27",
        _u("Best training run so far: 10 km in 51:45 along the river, felt amazing.",
           "train-best"),
        _a("That's a big improvement. Taper a bit before race day."),
    ),
    *_session(
        7, "2025-05-11",
        _u("Ran the Bilbao 10K this morning in 54:20, a bit slower than I hoped.", "race-10k"),
        _a("Still a solid time, and that course has the bridge climb."),
        _u("My legs cramped at kilometre eight."),
        _a("Try a gel around the halfway point next time."),
    ),
    *_session(
        8, "2025-06-14",
        _u("Mi hermana Vera ha tenido un bebé, se llama Leo, ¡ya soy tía!", "fam-nephew", "es"),
        _a("¡Enhorabuena, tía Iris! ¿Qué tal está Vera?", lang="es"),
        _u("Cansada pero feliz, el niño pesó 3,4 kilos.", lang="es"),
        _a("Un peso estupendo.", lang="es"),
    ),
    *_session(
        9, "2025-06-28",
        _u("Watched the sports news with my dad, he only cares about the football scores."),
        _a("A classic Sunday evening."),
    ),
    *_session(
        10, "2025-07-05",
        _u("Bought a cheap ukulele and I'm learning the chords from videos.", "instr-ukulele"),
        _a("The ukulele is a friendly first instrument. Start with C, Am, F and G."),
        _u("My fingertips hurt already."),
        _a("That passes after a couple of weeks."),
    ),
    *_session(
        11, "2025-08-09",
        _u("Tried sea kayaking along the coast near Mundaka, saw a seal!", "sport-kayak"),
        _a("Sea kayaking with a seal, what a day."),
        _u("The guide said the tide was perfect."),
        _a("Good guides make all the difference."),
    ),
    *_session(
        12, "2025-09-13",
        _u("Signed up for a pottery course on Saturday mornings, the first class was all about "
           "centring clay.", "hobby-pottery"),
        _a("Centring is the hardest part at first. It clicks after a few weeks."),
    ),
    *_session(
        13, "2025-09-27",
        _u("My colleague's car broke down again, so I gave him a lift to work."),
        _a("That's kind of you."),
    ),
    *_session(
        14, "2025-10-04",
        _u("Salsa classes started tonight, my partner in class kept stepping on my feet.",
           "hobby-salsa"),
        _a("Salsa gets fun once the basic step is automatic."),
    ),
    *_session(
        15, "2025-10-25",
        _u("Spent a long weekend in Ghent, the canals were beautiful and the waffles even "
           "better.", "trip-ghent"),
        _a("Ghent is underrated, glad you liked it."),
    ),
    *_session(
        16, "2025-11-08",
        _u("Read an article about hobbies that reduce stress, mostly gardening and puzzles."),
        _a("Anything that keeps your hands busy seems to help."),
    ),
    *_session(
        17, "2025-11-20",
        _u("He vendido el Yaris y me he comprado un Skoda Octavia de segunda mano, más espacio "
           "para las bicis.", "car-skoda", "es"),
        _a("Un Octavia familiar es muy práctico.", lang="es"),
    ),
    *_session(
        18, "2025-12-06",
        _u("Switched from coffee to matcha in the mornings, my sleep is so much better.",
           "drink-matcha"),
        _a("Matcha has less caffeine, that makes sense."),
    ),
    *_session(
        19, "2026-01-17",
        _u("Empiezo clases de alemán en la escuela de idiomas, nivel A1.", "lang-de", "es"),
        _a("¡Viel Glück! El alemán tiene mucha gramática, pero es muy regular.", lang="es"),
    ),
    *_session(
        20, "2026-01-31",
        _u("I've taken up knitting, I'm making a scarf for Leo's first winter.", "hobby-knit"),
        _a("A scarf is a perfect first project."),
    ),
    *_session(
        21, "2026-02-07",
        _u("My brother Andrés got engaged to his girlfriend Noa last night!", "fam-brother"),
        _a("Great news, congratulations to them."),
    ),
    *_session(
        22, "2026-02-21",
        _u("Me he apuntado a pádel con unas compañeras del trabajo, jugamos los jueves.",
           "sport-padel", "es"),
        _a("El pádel engancha mucho.", lang="es"),
    ),
    *_session(
        23, "2026-03-14",
        _u("Adoptamos una gata de la protectora, se llama Luna y es negra.", "pet-cat", "es"),
        _a("¡Qué bonito! ¿Cómo se lleva con Gus?", lang="es"),
        _u("La tortuga ni se entera.", lang="es"),
    ),
    *_session(
        24, "2026-03-28",
        _u("There's a new language exchange bar near the office, might check it out."),
        _a("Could be a fun way to meet people."),
    ),
    *_session(
        25, "2026-04-11",
        _u("Started cello lessons, the teacher lends me an instrument for the first month.",
           "instr-cello"),
        _a("The cello is a beautiful choice."),
    ),
    *_session(
        26, "2026-05-02",
        _u("Just got back from Kraków, the old town and the salt mine were amazing.",
           "trip-krakow"),
        _a("The salt mine is incredible."),
    ),
    *_session(
        27, "2026-05-23",
        _u("Downloaded a Japanese app, I'm doing ten minutes of kana a day.", "lang-ja"),
        _a("Kana first is the right order."),
    ),
    *_session(
        28, "2026-06-06",
        _u("Marta wants a pet but her landlord says no."),
        _a("Maybe she could foster for a shelter now and then."),
    ),
    *_session(
        29, "2026-06-20",
        _u("Swimming laps at the municipal pool twice a week now, my shoulder loves it.",
           "sport-swim"),
        _a("Swimming is great for the shoulder."),
    ),
    *_session(
        30, "2026-07-11",
        _u("Este mes hago un taller de encuadernación japonesa, ya he cosido mi primer "
           "cuaderno.", "hobby-bind", "es"),
        _a("¡Qué taller tan bonito!", lang="es"),
    ),
    *_session(
        31, "2026-08-08",
        _u("Estoy haciendo kombucha casera, la primera tanda salió muy ácida.",
           "drink-kombucha", "es"),
        _a("Déjala fermentar menos días.", lang="es"),
    ),
    *_session(
        32, "2026-08-22",
        _u("The travel insurance renewal came through, it covers trips abroad up to 60 days."),
        _a("Good to have that sorted."),
    ),
    *_session(
        33, "2026-09-19",
        _u("Five days in Reykjavik, we did the Golden Circle and saw the northern lights.",
           "trip-reykjavik"),
        _a("Northern lights in September, lucky!"),
    ),
    *_session(
        34, "2026-10-03",
        _u("Mi abuela Carmen ha cumplido 90 años, hicimos una comida con toda la familia.",
           "fam-grandma", "es"),
        _a("¡Felicidades a tu abuela!", lang="es"),
    ),
    *_session(
        35, "2026-10-24",
        _u("Ran the San Sebastián half marathon in 1:58:40, my first half!", "race-half"),
        _a("Under two hours on your first half is great."),
    ),
)


def _q(text: str, keys: str, category: str, lang: str = "en") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang)


QUESTIONS: tuple[Question, ...] = (
    _q("List all the cars I have owned.", "car-yaris car-skoda", "list"),
    _q("Which sports did the user take up in 2026?", "sport-padel sport-swim", "list"),
    _q("Which sports did Iris try in 2025?", "sport-boulder sport-kayak race-10k", "list"),
    _q("What languages is the user learning?", "lang-pt lang-de lang-ja", "list"),
    _q("¿Qué idiomas está aprendiendo el usuario?", "lang-pt lang-de lang-ja", "list", "es"),
    _q("What pets does the user have?", "pet-tortoise pet-cat", "list"),
    _q("¿Qué mascotas tiene Iris?", "pet-tortoise pet-cat", "list", "es"),
    _q("How many trips abroad did the user take in 2025?", "trip-lisbon trip-ghent", "count"),
    _q("¿Cuántos viajes al extranjero hizo el usuario en 2026?",
       "trip-krakow trip-reykjavik", "count", "es"),
    _q("Which musical instruments has the user learned?", "instr-ukulele instr-cello", "list"),
    _q("What hobbies has Iris had?", "hobby-pottery hobby-salsa hobby-knit hobby-bind",
       "list"),
    _q("¿Qué manualidades ha hecho el usuario?", "hobby-pottery hobby-knit hobby-bind", "list",
       "es"),
    _q("Which drinks has the user talked about?", "drink-matcha drink-kombucha", "list"),
    _q("Which family members has the user talked about?",
       "fam-nephew fam-grandma fam-brother", "list"),
    _q("¿De qué familiares ha hablado el usuario?", "fam-nephew fam-grandma fam-brother",
       "list", "es"),
    _q("How many cars has the user owned?", "car-yaris car-skoda", "count"),
    _q("¿Cuántos coches ha tenido Iris?", "car-yaris car-skoda", "count", "es"),
    _q("How many races has the user run?", "race-10k race-half", "count"),
    _q("Which cities did the user visit abroad?",
       "trip-lisbon trip-ghent trip-krakow trip-reykjavik", "list"),
    _q("Which countries has the user travelled to?",
       "trip-lisbon trip-ghent trip-krakow trip-reykjavik", "list"),
    _q("Compare the user's 10K race time with her best training run.", "race-10k train-best",
       "compare"),
    _q("Which came first, the pottery course or the salsa classes?",
       "hobby-pottery hobby-salsa", "compare"),
    _q("¿Qué fue antes, el viaje a Lisboa o el de Gante?", "trip-lisbon trip-ghent", "compare",
       "es"),
    _q("Which did the user start first, Portuguese lessons or German classes?",
       "lang-pt lang-de", "compare"),
    _q("Did the user adopt the tortoise before the cat?", "pet-tortoise pet-cat", "compare"),
    _q("How much faster was the user's best training run than her 10K race?",
       "race-10k train-best", "compare"),
    _q("¿Cuánto tiempo pasó entre la compra del Yaris y la del Skoda?", "car-yaris car-skoda",
       "compare", "es"),
    _q("What was the user's first car, and what replaced it?", "car-yaris car-skoda",
       "compare"),
    _q("Which did Iris pick up first, the ukulele or the cello?",
       "instr-ukulele instr-cello", "compare"),
    _q("How many instruments has the user played?", "instr-ukulele instr-cello", "count"),
    _q("¿Qué deportes ha practicado el usuario?",
       "sport-boulder sport-kayak sport-padel sport-swim", "list", "es"),
    _q("How many languages has the user studied?", "lang-pt lang-de lang-ja", "count"),
    _q("Which animals does Iris look after?", "pet-tortoise pet-cat", "list"),
    _q("¿Qué instrumentos toca Iris?", "instr-ukulele instr-cello", "list", "es"),
)

NEVER: tuple[Never, ...] = (
    Never("List all the motorbikes the user has owned.", "en", "car-yaris"),
    Never("Which martial arts has the user practised?", "en", "sport-boulder"),
    Never("What birds does the user keep?", "en", "pet-tortoise"),
    Never("¿Cuántas motos ha tenido el usuario?", "es", "car-skoda"),
    Never("Which board games does the user play?", "en", "hobby-knit"),
    Never("Which video games has the user played?", "en", "hobby-salsa"),
    Never("¿Qué tatuajes tiene el usuario?", "es", "hobby-bind"),
    Never("List the dogs the user has had.", "en", "pet-cat"),
    Never("How many boats has the user owned?", "en", "car-skoda"),
    Never("Which wines has the user tasted?", "en", "drink-matcha"),
    Never("¿Qué idiomas habla el novio de Iris?", "es", "lang-de"),
    Never("Which ski resorts has the user been to?", "en", "trip-reykjavik"),
)
