"""A fourth hand-written conversation set, for abstention (``--set conversation-d``).

One invented user, Nora, talking to a chat assistant over twenty months (March 2025 to
November 2026), in English and in Spanish: a move to Valencia, a cat with a kidney diet,
pottery classes, a sister's wedding, races, two jobs, a new partner. Saved one turn per memory,
each led by its day and its speaker ("[2025-04-05] user: ...", "[2025-04-05] assistant: ..."),
the way a chat assistant's memory is kept.

What it measures is "No memory found": ``NEVER`` holds the hard kind of never-stored question,
a near neighbour of a stored turn with one detail changed (the user has a cat: "what is the
name of the user's hamster?"; she went to Lisbon: "how was the user's trip to Oslo?"; the
assistant recommended a Thai place: "which Italian restaurant did the assistant recommend?";
the other person's deed: "which book did Teo give the user?"), or a plausible thing of the
user's never mentioned ("what instrument does the user play?"). ``QUESTIONS`` ask for what is
stored in other words: the third person, paraphrases, a kind whose instance the memory names
("which herb does the user dislike?" / "coriander"), Spanish questions about English turns and
the reverse; each must not be answered "No memory found".

Halves: rules are worked on the tuning half (``QUESTIONS[0::2]``, ``NEVER[0::2]``) and checked
on the held-out half (``QUESTIONS[1::2]``, ``NEVER[1::2]``); the bench reports both.

Written for this project by hand (no public dataset was used or consulted; the people and
places' businesses are invented).
"""

from __future__ import annotations

from bench.conversation_set import CATEGORIES, Never, Question
from bench.spoken_turns import Line, SpokenTurn, session
from bench.spoken_turns import assistant as _a
from bench.spoken_turns import user as _u

__all__ = ["CATEGORIES", "HALVED", "NEVER", "QUESTIONS", "TURNS", "SpokenTurn"]

HALVED = True
"""The bench reports this set's figures on each half of its questions too."""


def _session(number: int, date: str, *lines: Line) -> tuple[SpokenTurn, ...]:
    return session("d", number, date, *lines)


TURNS: tuple[SpokenTurn, ...] = (
    *_session(
        1, "2025-03-02",
        _u("Hi! I'm Nora. I just moved to Valencia for a job at a solar-panel startup called "
           "Brillo Energy.", "job"),
        _a("Welcome to Valencia! How are you finding the city so far?"),
        _u("Loving it. My flat is in Ruzafa, a tiny one-bedroom above a bakery.", "flat"),
        _a("Ruzafa is lively. Living above a bakery sounds dangerous for breakfast."),
        _u("Ha, yes. My cat Mochi hates the noise from the street though.", "cat"),
        _a("Cats often need a couple of weeks to settle after a move. A hiding spot helps."),
        _u("She's a grey British shorthair, seven years old, and very grumpy.", "cat-breed"),
        _a("Grumpy shorthairs are the best kind. Give her a box by the radiator."),
        _u("I will. Unpacking tomorrow, the boxes are everywhere."),
        _a("Good luck with the unpacking!"),
    ),
    *_session(
        2, "2025-03-15",
        _u("Hoy he empezado clases de cerámica los martes por la tarde en un taller de "
           "Benimaclet.", "pottery", "es"),
        _a("¡Qué bien! ¿Es torno o modelado a mano?", lang="es"),
        _u("Torno. Me ha salido un cuenco torcidísimo, pero me encanta.", "pottery-bowl", "es"),
        _a("El primer cuenco siempre sale torcido. Sigue practicando.", lang="es"),
        _u("La profesora se llama Amparo y lleva veinte años dando clase.", "pottery-teacher",
           "es"),
        _a("Tener una profesora con tanta experiencia ayuda mucho.", lang="es"),
        _u("El taller cobra 60 euros al mes, con el barro incluido.", "pottery-price", "es"),
        _a("Es un precio razonable si el barro va incluido.", lang="es"),
    ),
    *_session(
        3, "2025-04-05",
        _u("Can you suggest a dinner place for Friday? My friend Teo is visiting from "
           "Bilbao.", "teo-visit"),
        _a("Try Thai Orchid near the Mercado Central: the green curry is excellent and it's "
           "not too loud.", "rec-thai"),
        _u("Perfect, Teo loves spicy food. I'm vegetarian, do they have options?", "veg"),
        _a("Yes, most of their curries come with tofu instead of chicken."),
        _u("Also please never suggest anything with coriander, it tastes like soap to me.",
           "coriander"),
        _a("Noted: no coriander in anything I suggest."),
        _u("Teo and I have been friends since primary school, he works at a steel factory "
           "back home.", "teo-friend"),
        _a("A friendship that old is precious. Enjoy the dinner!"),
    ),
    *_session(
        4, "2025-04-20",
        _u("Back from four days in Lisbon with my sister Inés. We rode tram 28 and ate way too "
           "many pastéis de nata.", "lisbon"),
        _a("Sounds lovely! Did you make it to Sintra?"),
        _u("No, it rained on the day we planned Sintra, so we went to the Gulbenkian museum "
           "instead.", "sintra"),
        _a("The Gulbenkian is a great rainy-day choice."),
        _u("Inés is getting married in September in San Sebastián, and I'm her maid of "
           "honour.", "ines-wedding"),
        _a("Congratulations to her! Do you want help with a speech later?"),
        _u("Later, yes. Her fiancé Pablo is a firefighter, they met at a climbing gym.",
           "pablo"),
        _a("Happy to help when you're ready."),
        _u("We flew back with a two-hour delay, typical."),
        _a("Delays are the worst part of short trips."),
    ),
    *_session(
        5, "2025-05-10",
        _u("At Brillo I'm the only data analyst; I build dashboards in Metabase on top of a "
           "Postgres database.", "analyst"),
        _a("That's a lot of responsibility for one person. What are you working on now?"),
        _u("My manager Rubén wants a forecast of panel installations for the next quarter by "
           "June 1.", "forecast"),
        _a("A seasonal model like Prophet would suit installation counts: they follow the "
           "weather and the holidays.", "rec-prophet"),
        _u("I'll try Prophet then. The data only goes back to 2022 though.", "prophet"),
        _a("Three years is enough for yearly seasonality if you keep the model simple."),
        _u("Rubén also asked me to present the dashboards at the all-hands in July.", "talk"),
        _a("A demo with one real question answered live usually lands well."),
    ),
    *_session(
        6, "2025-05-28",
        _u("El fisio dice que el dolor de la muñeca derecha es por el ratón; me ha "
           "recomendado un ratón vertical.", "wrist", "es"),
        _a("Un ratón vertical y pausas cada hora suelen ayudar.", lang="es"),
        _u("Me he comprado uno de Logitech por 79 euros.", "mouse-price", "es"),
        _a("Dale un par de semanas para acostumbrarte.", lang="es"),
        _u("También tengo que hacer estiramientos de antebrazo tres veces al día.", "stretches",
           "es"),
        _a("Puedes ponerte una alarma para no olvidarlos.", lang="es"),
    ),
    *_session(
        7, "2025-06-14",
        _u("I signed up for my first 10K race, the Volta a Peu in Benimaclet on June 29.",
           "race-10k"),
        _a("Great! How long have you been training?"),
        _u("Six weeks, three runs a week along the Turia gardens.", "turia"),
        _a("The Turia is perfect: flat and shaded."),
        _u("My goal is to finish under 60 minutes.", "goal-60"),
        _a("With six weeks of training that's realistic. Don't start too fast."),
    ),
    *_session(
        8, "2025-06-30",
        _u("Finished the 10K yesterday in 57:42! My legs are destroyed.", "race-result"),
        _a("Congratulations, well under your goal!"),
        _u("Teo sent me a photo from the finish line, I look terrible in it."),
        _a("Finish-line photos never flatter anyone."),
        _u("Next year I might try a half marathon."),
        _a("Plenty of time to build up to it."),
    ),
    *_session(
        9, "2025-07-12",
        _u("Mochi has to go on a kidney diet, the vet found early kidney disease in her blood "
           "test.", "mochi-kidney"),
        _a("Renal diets work well when it's caught early. Did the vet say how often to "
           "re-test?"),
        _u("Every three months. The special food costs 48 euros a bag.", "mochi-food"),
        _a("Ask the clinic if they sell the bigger bag, it's usually cheaper per kilo."),
        _u("She refuses to eat it unless I warm it a little."),
        _a("Warming food releases the smell; many cats need that."),
    ),
    *_session(
        10, "2025-07-25",
        _u("The all-hands presentation went fine, Rubén said the installers finally use the "
           "dashboard.", "talk-done"),
        _a("That's the best outcome: people using it."),
        _u("Next I want to learn dbt for the data models.", "dbt"),
        _a("dbt's own tutorial with DuckDB is a gentle start."),
        _u("Our office moved to a co-working space in El Carmen this week."),
        _a("El Carmen is a nice area to work in."),
    ),
    *_session(
        11, "2025-08-09",
        _u("Me voy diez días a Asturias en agosto, a una casa rural cerca de Cangas de Onís.",
           "asturias", "es"),
        _a("¿Vas a subir a los Lagos de Covadonga?", lang="es"),
        _u("Sí, y quiero hacer la ruta del Cares con Teo.", "cares", "es"),
        _a("Es una ruta preciosa; lleva agua, hay poca sombra.", lang="es"),
        _u("¿Me recomiendas algún sitio para comer en Cangas?", "ask-cangas", "es"),
        _a("Casa Marcelino, en Cangas de Onís: hacen unas fabes con setas vegetarianas muy "
           "buenas y el arroz con leche es famoso.", "rec-cangas", "es"),
    ),
    *_session(
        12, "2025-08-24",
        _u("El Cares fue precioso pero acabé con ampollas en los dos pies.", "cares-blisters",
           "es"),
        _a("Para la próxima, calcetines de doble capa y botas ya usadas.", lang="es"),
        _u("Teo se cayó en un charco y se rió todo el camino.", lang="es"),
        _a("¡Suena a buen recuerdo!", lang="es"),
    ),
    *_session(
        13, "2025-09-20",
        _u("Inés's wedding was yesterday, my speech made Pablo's grandmother cry, in a good "
           "way.", "speech"),
        _a("That's a sign of a great speech!"),
        _u("I gave them a handmade ceramic serving dish as a wedding present, I threw it "
           "myself.", "gift"),
        _a("A handmade gift like that will be used for years."),
        _u("The dinner was at a cider house outside San Sebastián.", "cider-house"),
        _a("Cider houses are perfect for a big Basque wedding."),
        _u("I danced until 4 am, my feet hurt more than after the 10K."),
        _a("Worth it, I hope!"),
    ),
    *_session(
        14, "2025-10-04",
        _u("I want to start saving for a deposit on a flat. I earn 2,300 a month after tax.",
           "salary"),
        _a("A common rule is to save 20%: about 460 a month."),
        _u("I can do 400. I opened a savings account at ING for it.", "savings"),
        _a("Automate the transfer on payday so you don't have to think about it."),
    ),
    *_session(
        15, "2025-10-18",
        _u("Estoy aprendiendo valenciano con una app, llevo 40 días seguidos.", "valenciano",
           "es"),
        _a("¡Enhorabuena por la racha!", lang="es"),
        _u("Mi compañero Vicent me corrige la pronunciación en la oficina.", "vicent", "es"),
        _a("Practicar con alguien nativo acelera mucho.", lang="es"),
    ),
    *_session(
        16, "2025-11-02",
        _u("Someone stole my bike from outside the office. It was a blue Orbea hybrid.",
           "bike-stolen"),
        _a("I'm sorry. Did you report it to the police?"),
        _u("Yes, I filed a report at the station on Calle Cuba but they said it's unlikely to "
           "turn up.", "police"),
        _a("Keep the report; some home insurance covers bikes."),
        _u("I'll use Valenbisi until I decide on a new one.", "valenbisi"),
        _a("The shared bikes are handy in the centre."),
    ),
    *_session(
        17, "2025-11-20",
        _u("Bought a second-hand grey Cannondale road bike for 450 euros.", "new-bike"),
        _a("Nice find! Get a good D-lock this time."),
        _u("Already did, a Kryptonite one."),
        _a("Good choice."),
    ),
    *_session(
        18, "2025-12-10",
        _u("Going to Bilbao for Christmas, to my parents' house. My dad makes bacalao al "
           "pil-pil every Christmas Eve.", "xmas-bilbao"),
        _a("A proper Basque Christmas!"),
        _u("My mum wants me to bring the cat, but Mochi hates car trips, so my neighbour Lola "
           "will feed her.", "lola"),
        _a("That's kinder for Mochi."),
        _u("What should I get my dad? He's into birdwatching.", "dad-gift-ask"),
        _a("A good pair of 8x42 binoculars or a field guide to the birds of Iberia would "
           "please a birdwatcher.", "rec-binoculars"),
        _u("Binoculars it is, he's been using my grandfather's old ones."),
        _a("He'll love the upgrade."),
    ),
    *_session(
        19, "2026-01-08",
        _u("Propósitos para 2026: leer 20 libros, volver al torno cada semana y aprender a "
           "nadar crol.", "goals", "es"),
        _a("Buenos propósitos. ¿Con qué libro empiezas?", lang="es"),
        _u("Ahora mismo estoy leyendo 'La sombra del viento', me lo regaló Inés.", "book", "es"),
        _a("Es un libro que engancha.", lang="es"),
    ),
    *_session(
        20, "2026-01-25",
        _u("Big news: Brillo is being acquired by a German company, Sonnwerk.", "acquisition"),
        _a("That's big. How do you feel about it?"),
        _u("Rubén is leaving; my new manager will be Katrin from Munich.", "katrin"),
        _a("A new manager can be a fresh start."),
        _u("I'm nervous they'll move the data team to Munich.", "worry"),
        _a("It's worth asking Katrin directly about the plans."),
    ),
    *_session(
        21, "2026-02-14",
        _u("Went on a date with a guy called Marcos, we met at pottery class. He teaches maths "
           "at a high school.", "marcos"),
        _a("How exciting! How did it go?"),
        _u("We went for horchata and fartons in Alboraya, very Valencian.", "horchata"),
        _a("A classic first date in Valencia."),
        _u("He's funny and he doesn't mind that Mochi hisses at him."),
        _a("That's a good sign."),
    ),
    *_session(
        22, "2026-03-03",
        _u("Diagnosed with mild asthma, the doctor gave me a Ventolin inhaler to use before "
           "runs.", "asthma"),
        _a("That must be a relief to have an explanation."),
        _u("It explains why I was wheezing during the winter runs.", "wheezing"),
        _a("Cold air is a common trigger. A buff over the mouth helps too."),
    ),
    *_session(
        23, "2026-03-19",
        _u("Las Fallas han sido una locura: no he dormido en cuatro noches por las "
           "mascletàs.", "fallas", "es"),
        _a("¡Es la semana más ruidosa del año!", lang="es"),
        _u("Marcos y yo fuimos a ver la cremà de la falla del ayuntamiento.", "crema", "es"),
        _a("Ver arder la falla del ayuntamiento impresiona.", lang="es"),
        _u("Mochi se pasó toda la semana escondida debajo de la cama.", "mochi-fallas", "es"),
        _a("Normal con tanto petardo, pobre.", lang="es"),
    ),
    *_session(
        24, "2026-04-10",
        _u("I accepted an offer from a health-tech company, Pulso Salud, as a senior analyst. "
           "I start on May 4.", "pulso"),
        _a("Congratulations on the new role!"),
        _u("The salary is 2,900 net a month and I can work from home on Fridays.",
           "pulso-salary"),
        _a("A nice raise and a remote day."),
        _u("Leaving Brillo is sad, but Sonnwerk wanted everyone in Munich by autumn.",
           "leave-brillo"),
        _a("It sounds like the right call."),
    ),
    *_session(
        25, "2026-05-20",
        _u("Pulso uses Snowflake and Looker, so goodbye Metabase.", "pulso-stack"),
        _a("Looker's modelling layer will feel familiar after dbt."),
        _u("My team lead is Samir, he used to be a nurse before switching to data.", "samir"),
        _a("A clinical background must be useful in health data."),
        _u("The office is in a renovated warehouse in Poblenou... I mean Cabanyal, sorry."),
        _a("No worries!"),
    ),
    *_session(
        26, "2026-06-06",
        _u("Marcos and I spent a weekend in Granada; the Alhambra tickets were 19 euros "
           "each.", "granada"),
        _a("The Alhambra is worth every cent. Where did you stay?"),
        _u("In a cave house in Sacromonte, cool even at noon.", "cave"),
        _a("Cave houses are a great way to beat the heat."),
    ),
    *_session(
        27, "2026-06-28",
        _u("Mochi ha cumplido ocho años y los análisis de riñón han salido estables.",
           "mochi-stable", "es"),
        _a("¡Qué buena noticia! La dieta está funcionando.", lang="es"),
    ),
    *_session(
        28, "2026-07-15",
        _u("I can finally swim 400 metres front crawl without stopping!", "swim-400"),
        _a("That's a big milestone, well done!"),
        _u("The pool in Nazaret costs 35 euros a month.", "pool-price"),
        _a("Good value for daily laps."),
    ),
    *_session(
        29, "2026-08-03",
        _u("Marcos and I are moving in together: a flat in Benimaclet with a balcony, from "
           "September 1.", "move-benimaclet"),
        _a("Big step! How do you feel about it?"),
        _u("Excited. The rent is 1,050 a month and we split it in half.", "rent"),
        _a("Splitting rent makes saving for the deposit easier too."),
        _u("Mochi will have a balcony to sit on at last.", "balcony"),
        _a("She'll love watching the birds."),
    ),
    *_session(
        30, "2026-09-12",
        _u("Teo se ha quedado sin trabajo: la fábrica de Bilbao donde trabajaba ha cerrado.",
           "teo-job", "es"),
        _a("Lo siento por él. ¿Cómo está?", lang="es"),
        _u("Le he dicho que venga unos días a Valencia a despejarse.", "teo-invite", "es"),
        _a("Seguro que le viene bien cambiar de aires.", lang="es"),
    ),
    *_session(
        31, "2026-10-05",
        _u("I've signed up for the Valencia half marathon on October 25.", "half"),
        _a("With your asthma, take the inhaler about fifteen minutes before the start and warm "
           "up slowly.", "asthma-advice"),
        _u("My new running shoes are Saucony Endorphin Speed, they cost 160 euros.", "shoes"),
        _a("Run a few long sessions in them before race day."),
    ),
    *_session(
        32, "2026-10-26",
        _u("Half marathon done in 2:08:15, slower than I wanted but no asthma trouble.",
           "half-result"),
        _a("Finishing with no breathing trouble is a win."),
        _u("Marcos waited at the finish with a banner that said 'run Nora run'.",
           "banner"),
        _a("That's adorable."),
    ),
    *_session(
        33, "2026-11-08",
        _u("El cumpleaños de Marcos es el 20 de noviembre; le quiero regalar unas clases de "
           "escalada.", "marcos-bday", "es"),
        _a("Buena idea. En Valencia hay rocódromos con cursos de iniciación.", lang="es"),
        _u("Pablo, el marido de Inés, me ha dicho que le presta los pies de gato.", lang="es"),
        _a("Así no tiene que comprarlos para probar.", lang="es"),
    ),
    *_session(
        34, "2026-11-22",
        _u("My balcony basil died, but the rosemary and mint are thriving.", "herbs"),
        _a("Basil hates the cold nights; rosemary doesn't care."),
        _u("I'm thinking of getting a small lemon tree for the balcony.", "lemon-tree"),
        _a("A dwarf lemon in a big pot does well in Valencia's climate."),
    ),
)


def _q(text: str, keys: str, category: str, lang: str = "en") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang)


QUESTIONS: tuple[Question, ...] = (
    # shared: a distinctive word of the answer is in the question.
    _q("What is the name of the user's cat?", "cat", "shared"),
    _q("Which startup did Nora join when she moved to Valencia?", "job", "shared"),
    _q("What breed is Mochi?", "cat-breed", "shared"),
    _q("¿Cómo se llama la profesora de cerámica de Nora?", "pottery-teacher", "shared", "es"),
    _q("Which restaurant did the assistant recommend for dinner with Teo?", "rec-thai",
       "shared"),
    _q("Where did the user go instead of Sintra?", "sintra", "shared"),
    _q("Where is Inés getting married?", "ines-wedding", "shared"),
    _q("What does Pablo do for a living?", "pablo", "shared"),
    _q("Which tool does the user build dashboards with at Brillo?", "analyst", "shared"),
    _q("What model did the assistant suggest for the installation forecast?", "rec-prophet",
       "shared"),
    _q("¿Cuánto le costó el ratón de Logitech?", "mouse-price", "shared", "es"),
    _q("What was the user's time in the 10K?", "race-result", "shared"),
    _q("How much does Mochi's special food cost?", "mochi-food", "shared"),
    _q("What does the user want to learn for the data models?", "dbt", "shared"),
    _q("¿Con quién quería hacer Nora la ruta del Cares?", "cares", "shared", "es"),
    _q("Where was the dinner of Inés's wedding?", "cider-house", "shared"),
    _q("¿Quién le corrige la pronunciación a Nora?", "vicent", "shared", "es"),
    _q("What bike was stolen from the user?", "bike-stolen", "shared"),
    _q("How much did the Cannondale cost?", "new-bike", "shared"),
    _q("Who feeds Mochi when the user is away at Christmas?", "lola", "shared"),
    _q("¿Qué libro está leyendo Nora en enero de 2026?", "book", "shared", "es"),
    _q("Which company is acquiring Brillo?", "acquisition", "shared"),
    _q("Where is Katrin from?", "katrin", "shared"),
    _q("Where did Nora and Marcos go on their first date?", "horchata", "shared"),
    _q("What inhaler did the doctor give the user?", "asthma", "shared"),
    _q("What is the user's salary at Pulso Salud?", "pulso-salary", "shared"),
    _q("Which tools does Pulso use instead of Metabase?", "pulso-stack", "shared"),
    _q("How much were the Alhambra tickets?", "granada", "shared"),
    _q("How much does the pool in Nazaret cost?", "pool-price", "shared"),
    _q("What was the user's half marathon time?", "half-result", "shared"),
    _q("Which running shoes did the user buy?", "shoes", "shared"),
    _q("¿Qué le quiere regalar Nora a Marcos por su cumpleaños?", "marcos-bday", "shared",
       "es"),
    _q("Which plants are doing well on the user's balcony?", "herbs", "shared"),
    _q("What did the user's dad cook on Christmas Eve?", "xmas-bilbao", "shared"),
    # paraphrase: the kind of thing, or other words.
    _q("What kind of pet does the user have?", "cat cat-breed", "paraphrase"),
    _q("Which neighbourhood did the user first live in?", "flat", "paraphrase"),
    _q("What craft did the user take up in spring 2025?", "pottery", "paraphrase"),
    _q("Which herb does the user dislike?", "coriander", "paraphrase"),
    _q("What diet does the user follow?", "veg", "paraphrase"),
    _q("What is the user's sister's name?", "lisbon ines-wedding", "paraphrase"),
    _q("What did the user eat too much of on the Portugal trip?", "lisbon", "paraphrase"),
    _q("What is the user's role at her first company?", "analyst", "paraphrase"),
    _q("What deadline did the user's boss give for the forecast?", "forecast",
       "paraphrase"),
    _q("What hurt the user because of the computer mouse?", "wrist", "paraphrase"),
    _q("Where did the user train for her first race?", "turia", "paraphrase"),
    _q("What time did the user hope to beat in her first race?", "goal-60", "paraphrase"),
    _q("What health problem does the user's cat have?", "mochi-kidney", "paraphrase"),
    _q("How did the user's presentation to the company go?", "talk-done", "paraphrase"),
    _q("Where did the user spend her summer holiday in 2025?", "asturias", "paraphrase"),
    _q("What happened to the user's feet on the hike?", "cares-blisters", "paraphrase"),
    _q("What present did the user give her sister for the wedding?", "gift", "paraphrase"),
    _q("How did the user's wedding speech go?", "speech", "paraphrase"),
    _q("How much does the user earn at Brillo?", "salary", "paraphrase"),
    _q("Which bank does the user save her deposit money in?", "savings", "paraphrase"),
    _q("What language is the user learning with an app?", "valenciano", "paraphrase"),
    _q("Did the user report the theft to the police?", "police", "paraphrase"),
    _q("How does the user get around after losing her bike?", "valenbisi", "paraphrase"),
    _q("What is the user's father's hobby?", "dad-gift-ask rec-binoculars", "paraphrase"),
    _q("What gift did the assistant suggest for the user's father?", "rec-binoculars",
       "paraphrase"),
    _q("What are the user's goals for 2026?", "goals", "paraphrase"),
    _q("Who is the user's new boss after the acquisition?", "katrin", "paraphrase"),
    _q("What is the user worried about after the acquisition?", "worry", "paraphrase"),
    _q("What does the user's boyfriend teach?", "marcos", "paraphrase"),
    _q("What illness was the user diagnosed with?", "asthma", "paraphrase"),
    _q("Why was the user wheezing when running in winter?", "asthma wheezing",
       "paraphrase"),
    _q("Which new employer did the user join in 2026?", "pulso", "paraphrase"),
    _q("Who leads the user's team at the health company?", "samir", "paraphrase"),
    _q("Where did the user sleep on the weekend in Andalusia?", "cave", "paraphrase"),
    _q("Can the user swim front crawl?", "swim-400", "paraphrase"),
    _q("When did the user start living with her boyfriend?", "move-benimaclet",
       "paraphrase"),
    _q("How much rent does the user pay with her partner?", "rent", "paraphrase"),
    _q("What happened to Teo's job?", "teo-job", "paraphrase"),
    _q("What did the assistant advise about the inhaler before the race?", "asthma-advice",
       "paraphrase"),
    _q("How did Marcos cheer the user at the race?", "banner", "paraphrase"),
    _q("What fruit tree is the user thinking of buying?", "lemon-tree", "paraphrase"),
    _q("Which hobby did the user meet her boyfriend through?", "marcos", "paraphrase"),
    _q("What sport does the user do to stay fit?", "race-10k turia swim-400 half race-result "
       "half-result", "paraphrase"),
    _q("What does Teo do for work?", "teo-friend", "paraphrase"),
    _q("What did the user buy to avoid another stolen bike?", "new-bike d17-03",
       "paraphrase"),
    _q("Where did the user's sister meet her husband?", "pablo", "paraphrase"),
    # cross: a question in the other language than the turn that answers it.
    _q("¿Cómo se llama la gata de Nora?", "cat", "cross", "es"),
    _q("¿En qué barrio vivía Nora al llegar a Valencia?", "flat", "cross", "es"),
    _q("¿Qué restaurante le recomendó el asistente para cenar con Teo?", "rec-thai", "cross",
       "es"),
    _q("¿Qué hierba no soporta Nora?", "coriander", "cross", "es"),
    _q("¿Es vegetariana Nora?", "veg", "cross", "es"),
    _q("¿Con quién viajó Nora a Lisboa?", "lisbon", "cross", "es"),
    _q("¿A qué se dedica el novio de Inés?", "pablo", "cross", "es"),
    _q("¿Cuánto tardó Nora en correr los 10 kilómetros?", "race-result", "cross", "es"),
    _q("¿Qué enfermedad tiene Mochi?", "mochi-kidney", "cross", "es"),
    _q("¿Qué le regaló Nora a su hermana por la boda?", "gift", "cross", "es"),
    _q("¿Cuánto gana Nora al mes en Brillo?", "salary", "cross", "es"),
    _q("¿En qué banco ahorra Nora para la entrada del piso?", "savings", "cross", "es"),
    _q("¿De qué color era la bici que le robaron a Nora?", "bike-stolen", "cross", "es"),
    _q("¿Qué cocina el padre de Nora en Nochebuena?", "xmas-bilbao", "cross", "es"),
    _q("¿Qué le sugirió el asistente regalarle a su padre?", "rec-binoculars", "cross",
       "es"),
    _q("¿Qué empresa compró Brillo?", "acquisition", "cross", "es"),
    _q("¿Dónde conoció Nora a Marcos?", "marcos", "cross", "es"),
    _q("¿Qué le diagnosticaron a Nora en marzo de 2026?", "asthma", "cross", "es"),
    _q("¿En qué empresa trabaja Nora desde mayo de 2026?", "pulso", "cross", "es"),
    _q("¿Dónde durmieron Nora y Marcos en Granada?", "cave", "cross", "es"),
    _q("¿Cuánto cuesta la piscina de Nora?", "pool-price", "cross", "es"),
    _q("¿Cuánto pagan de alquiler Nora y Marcos?", "rent", "cross", "es"),
    _q("¿Qué zapatillas se compró Nora para la media maratón?", "shoes", "cross", "es"),
    _q("¿Qué plantas del balcón se le murieron a Nora?", "herbs", "cross", "es"),
    _q("Where does the user take pottery classes?", "pottery", "cross"),
    _q("How much does the pottery workshop cost a month?", "pottery-price", "cross"),
    _q("What did the physio recommend for the user's wrist?", "wrist", "cross"),
    _q("How often does the user have to do stretches?", "stretches", "cross"),
    _q("Which restaurant in Cangas did the assistant recommend?", "rec-cangas", "cross"),
    _q("How many days in a row has the user practised Valencian?", "valenciano", "cross"),
    _q("What book did the user's sister give her?", "book", "cross"),
    _q("How many books does the user want to read in 2026?", "goals", "cross"),
    _q("Where did the user watch the falla burn?", "crema", "cross"),
    _q("Why didn't the user sleep during Fallas?", "fallas", "cross"),
    _q("How old is Mochi now?", "mochi-stable", "cross"),
    _q("When is Marcos's birthday?", "marcos-bday", "cross"),
    _q("Where did the cat hide during the festival in March?", "mochi-fallas", "cross"),
    _q("Did Nora invite Teo to Valencia after he lost his job?", "teo-invite", "cross"),
    _q("What is the user's first bowl on the wheel like?", "pottery-bowl", "cross"),
)

NEVER: tuple[Never, ...] = (
    Never("What is the name of the user's hamster?", "en", "cat"),
    Never("How was the user's trip to Oslo?", "en", "lisbon"),
    Never("Which Italian restaurant did the assistant recommend?", "en", "rec-thai"),
    Never("What instrument does the user play?", "en", "pottery"),
    Never("When is the user's brother getting married?", "en", "ines-wedding"),
    Never("What does Teo's wife do?", "en", "teo-friend"),
    Never("What was the user's time in the Madrid 10K?", "en", "race-result"),
    Never("What breed is the user's dog?", "en", "cat-breed"),
    Never("¿Cómo se llama el perro de Nora?", "es", "cat"),
    Never("What did the doctor prescribe for the user's diabetes?", "en", "asthma"),
    Never("How much did the user pay for her electric scooter?", "en", "new-bike"),
    Never("What colour was the user's stolen car?", "en", "bike-stolen"),
    Never("¿Qué le regaló Nora a su hermano en su boda?", "es", "gift"),
    Never("Which yoga studio does the user go to?", "en", "pool-price"),
    Never("What did the user's mother cook on New Year's Eve?", "en", "xmas-bilbao"),
    Never("How much does the user pay for parking?", "en", "rent"),
    Never("How many days in a row has the user practised Italian?", "en", "valenciano"),
    Never("Which book did Teo give the user?", "en", "book"),
    Never("What did Marcos study at university?", "en", "marcos"),
    Never("What did the vet say about Mochi's heart?", "en", "mochi-kidney"),
    Never("How much does Lola charge to feed the cat?", "en", "lola"),
    Never("¿Cuánto costó el ratón de Apple de Nora?", "es", "mouse-price"),
    Never("What did the physio say about the user's left knee?", "en", "wrist"),
    Never("¿Qué restaurante de Granada recomendó el asistente?", "es", "granada"),
    Never("Which podcast does the user listen to while running?", "en", "turia"),
    Never("What is the name of the user's nephew?", "en", "ines-wedding"),
    Never("What did the user's dad give her for Christmas?", "en", "rec-binoculars"),
    Never("When is the birthday of Marcos's sister?", "en", "marcos-bday"),
    Never("¿Qué deporte practica Marcos?", "es", "marcos"),
    Never("How many books did the user read in 2025?", "en", "goals"),
    Never("What car does the user drive?", "en", "bike-stolen"),
    Never("Which city is Pulso Salud's headquarters in?", "en", "pulso"),
    Never("What is Rubén's new job?", "en", "katrin"),
    Never("What was the user's time in the 5K?", "en", "race-result"),
    Never("¿Cuánto paga Teo de alquiler?", "es", "rent"),
    Never("What did the assistant recommend for the user's back pain?", "en", "wrist"),
    Never("Which beach did the user visit in Asturias?", "en", "asturias"),
    Never("¿Qué ruta hizo Nora con Inés en Asturias?", "es", "cares"),
    Never("What gift did the user give Marcos for Christmas?", "en", "marcos-bday"),
    Never("How much did the tickets to the Sagrada Familia cost?", "en", "granada"),
    Never("What is the user's dog allergic to?", "en", "cat"),
    Never("Which Valencian dish did the user learn to cook?", "en", "horchata"),
    Never("What did the user study at university?", "en", "analyst"),
    Never("Who taught the user to play the guitar?", "en", "pottery-teacher"),
    Never("¿Dónde vive el hermano de Nora?", "es", "ines-wedding"),
    Never("What bonus does the user get at Pulso Salud?", "en", "pulso-salary"),
    Never("What did the user name her sourdough starter?", "en", "herbs"),
    Never("How many children does the user have?", "en", "marcos"),
    Never("What is the user's favourite football team?", "en", "race-10k"),
    Never("¿Qué instrumento toca Marcos?", "es", "marcos"),
    Never("Which airline did the user fly to Lisbon with?", "en", "lisbon"),
    Never("What medication does Mochi take for her thyroid?", "en", "mochi-kidney"),
    Never("¿Cuándo empieza Teo su nuevo trabajo en Madrid?", "es", "teo-job"),
    Never("What did the user's sister study?", "en", "ines-wedding"),
    Never("How many stitches did the user need after falling off her bike?", "en",
          "bike-stolen"),
    Never("Which Japanese restaurant does the user like in Ruzafa?", "en", "flat"),
    Never("What is the user's blood type?", "en", "asthma"),
    Never("¿Cuánto cuesta el gimnasio de Marcos?", "es", "pool-price"),
    Never("Which museum did the user visit in Porto?", "en", "sintra"),
    Never("What did the user's vet recommend for Mochi's teeth?", "en", "mochi-kidney"),
)
