"""A hand-written conversation set for the retrieval bench, held out from ranking work.

The templated corpus (``bench.retrieval_corpus``) repeats a dozen sentence shapes, so a rule can
fit them without helping real stores. This set is one invented person talking to an assistant
over fourteen months (September 2025 to November 2026), in English and sometimes Spanish, the
way people do: pets, family, work, trips, health, money, plans, and facts that later change. It
was written for this project by hand (no public dataset was used or consulted), and it is kept
out of tuning: read the misses the bench prints, never fit rules to these sentences.

Data only: every turn has a stable key that questions point at. ``Turn.content`` is what is
saved (the turn's date first, as an agent logging a chat would write it). Categories of
questions: ``shared`` (a distinctive word of the answer appears in the question),
``paraphrase`` (no content word in common), ``cross`` (question and answer in different
languages), ``update`` (the newest of several turns is the answer; ``outdated`` names the older
ones), ``temporal`` (a month is asked about). ``NEVER`` are plausible questions whose answer is
not stored; each names the stored turn it resembles most.
"""

from __future__ import annotations

from dataclasses import dataclass

CATEGORIES = ("shared", "paraphrase", "cross", "update", "temporal")


@dataclass(frozen=True)
class Turn:
    """One thing the user said, on one day; ``distractor`` turns answer no question."""

    key: str
    date: str
    lang: str
    text: str
    distractor: bool = False

    @property
    def content(self) -> str:
        """What the bench saves: dated, so time questions can use the memory's day."""
        return f"{self.date}: {self.text}"


@dataclass(frozen=True)
class Question:
    """A question and the turns that answer it; any of ``keys`` shown counts as the answer."""

    text: str
    keys: tuple[str, ...]
    category: str
    lang: str
    outdated: tuple[str, ...] = ()


@dataclass(frozen=True)
class Never:
    """A question nothing stored answers; ``near`` is the stored turn it shares words with."""

    text: str
    lang: str
    near: str


def _t(key: str, date: str, lang: str, text: str, distractor: bool = False) -> Turn:
    return Turn(key=key, date=date, lang=lang, text=text, distractor=distractor)


TURNS: tuple[Turn, ...] = (
    # Session 1: a new dog, the flat in Bristol.
    _t("dog-adopt", "2025-09-14", "en",
       "We finally brought home a golden retriever puppy from a breeder near Bath. She's called "
       "Kiwi and she's eleven weeks old."),
    _t("charger", "2025-09-14", "en",
       "Kiwi chewed through my laptop's charging cable last night, so I ordered a new USB-C "
       "charger for £34."),
    _t("partner-allergy", "2025-09-14", "es",
       "Mi pareja, Ana, es alérgica a los gatos, así que en casa solo tendremos perro."),
    _t("home-bristol", "2025-09-14", "en",
       "I live in Bristol, in a two-bedroom flat near Clifton."),
    _t("commute-bike", "2025-09-14", "en",
       "I cycle to the office every day, it's about 6 km each way and takes me 20 minutes."),
    _t("nb-spaniel", "2025-09-14", "en",
       "The neighbour's spaniel barks at the postman every single morning around eight.",
       distractor=True),
    # Session 2: work at Lumen Freight.
    _t("job-lumen", "2025-10-03", "en",
       "I'm a backend developer at Lumen Freight; my team owns the shipment tracking API, "
       "which is written in Go."),
    _t("migration", "2025-10-03", "en",
       "We're moving the tracking API's database from MongoDB to PostgreSQL. The cutover is "
       "planned for November 18."),
    _t("latency-target", "2025-10-03", "en",
       "My manager, Priya, wants p95 latency under 120 ms on the tracking endpoints before "
       "Christmas."),
    _t("ci-tests", "2025-10-03", "es",
       "Esta semana me he peleado con los tests de integración: tardan 14 minutos en el CI y "
       "quiero bajarlos a menos de cinco."),
    _t("marcus-review", "2025-10-03", "en",
       "Marcus from the billing team asked me to review his Terraform changes, but I haven't "
       "had time this week.", distractor=True),
    _t("editor", "2025-10-03", "en",
       "At work I use Neovim with lazy.nvim, but I keep VS Code around for the debugger."),
    _t("phone-pixel", "2025-10-03", "en",
       "My Pixel 6 battery barely lasts a day now, but I don't want to spend money on a new "
       "phone yet."),
    _t("coffee", "2025-10-03", "en",
       "I take my coffee black with no sugar; oat milk is only for tea."),
    # Session 3: family and Christmas plans.
    _t("sister-wedding", "2025-11-08", "en",
       "My sister Carmen is getting married on June 6th next year in Segovia, and she wants me "
       "to give a speech."),
    _t("parents-anniv", "2025-11-08", "es",
       "Mis padres cumplen 40 años de casados en diciembre y estamos pensando en regalarles un "
       "viaje a las Azores."),
    _t("xmas-flights", "2025-11-08", "en",
       "Booked the Christmas flights to Valencia: out on December 20, back January 4, £212 "
       "return each."),
    _t("ana-brother-lisbon", "2025-11-08", "en",
       "Ana's brother is flying to Lisbon in December for a work conference.", distractor=True),
    _t("nephew", "2025-11-08", "es",
       "Mi sobrino Leo cumple siete años el 15 de noviembre y está obsesionado con los "
       "dinosaurios."),
    _t("dad-hip", "2025-11-08", "en",
       "Dad had his hip replaced in October; he's recovering at home in Valencia and already "
       "walks with one crutch."),
    _t("horror", "2025-11-08", "es",
       "Odio las películas de terror, pero a Ana le encantan, así que los viernes nos turnamos."),
    # Session 4: the cutover, a talk, new tools.
    _t("cutover-done", "2025-12-02", "en",
       "The Mongo to Postgres cutover went fine on the 18th: only three minutes in read-only "
       "mode."),
    _t("meetup-talk", "2025-12-02", "en",
       "I'm giving a talk about our outbox pattern at the Bristol Go meetup on January 22."),
    _t("office-chair", "2025-12-02", "es",
       "En la oficina han cambiado las sillas y la mía cruje cada vez que me muevo.",
       distractor=True),
    _t("notes-obsidian", "2025-12-02", "en",
       "I've started keeping my work notes in Obsidian instead of Notion, mostly because it "
       "works offline."),
    _t("headphones", "2025-12-02", "en",
       "Got Sony WH-1000XM5 headphones on Black Friday for £279; the open-plan office is "
       "finally bearable."),
    # Session 5: health and food in the new year.
    _t("vitamin-d", "2026-01-10", "en",
       "The GP says my vitamin D is low, so I'm taking 2000 IU a day for three months."),
    _t("diet-veg", "2026-01-10", "en",
       "From this month I'm vegetarian, although I'll still have fish now and then."),
    _t("swimming", "2026-01-10", "es",
       "Me he apuntado a natación los martes y jueves a las siete de la mañana en el "
       "polideportivo."),
    _t("knee", "2026-01-10", "en",
       "My left knee hurts whenever I run more than 10 km; the physio thinks it's my IT band."),
    _t("ana-running", "2026-01-10", "en",
       "Ana started a running club at her work; they meet on Wednesdays after six.",
       distractor=True),
    _t("penicillin", "2026-01-10", "en",
       "Reminder for forms: I'm allergic to penicillin, I found out when I was a kid."),
    # Session 6: hobbies and purchases.
    _t("camera", "2026-02-14", "en",
       "Bought a second-hand Fujifilm X-T3 for £620 with a 35 mm lens, mostly for street "
       "photography."),
    _t("book", "2026-02-14", "es",
       "Estoy leyendo 'El infinito en un junco' y me está gustando muchísimo; voy por la mitad."),
    _t("sourdough", "2026-02-14", "en",
       "I'm learning to bake sourdough. The starter is called Gerald and lives in the fridge."),
    _t("valentine", "2026-02-14", "en",
       "For tonight I booked a Basque tapas place on Gloucester Road for Ana and me, table at "
       "8:30."),
    _t("cousin-bag", "2026-02-14", "en",
       "My cousin bought the same camera bag as mine, only in green.", distractor=True),
    _t("dog-weight", "2026-02-14", "es",
       "Kiwi ya pesa 24 kilos y la veterinaria dice que está perfecta."),
    _t("ukulele", "2026-02-14", "es",
       "Estoy aprendiendo ukelele con vídeos de YouTube; de momento me sé cuatro acordes."),
    _t("ana-birthday", "2026-02-14", "en",
       "Ana's birthday is on March 3rd and she's asked for a pottery class as her present."),
    # Session 7: a weekend in Porto.
    _t("porto-trip", "2026-03-21", "en",
       "Just back from a long weekend in Porto with Ana. We did a port tasting and walked "
       "about 18 km a day."),
    _t("porto-food", "2026-03-21", "en",
       "Best meal of the trip was a francesinha at a tiny café near the Bolhão market."),
    _t("dog-sitter", "2026-03-21", "es",
       "Mientras estábamos fuera, Kiwi se quedó con mis suegros en Bath."),
    _t("priya-porto", "2026-03-21", "en",
       "Priya is going to Porto in May for a conference, so I sent her the name of the café.",
       distractor=True),
    _t("speech-draft", "2026-03-21", "en",
       "I finished the first draft of my speech for Carmen's wedding; it runs about four "
       "minutes."),
    # Session 8: a new job.
    _t("job-tidepool", "2026-04-25", "en",
       "Big news: I accepted an offer from Tidepool, a climate-data startup, as a senior "
       "platform engineer. I start on June 1."),
    _t("salary", "2026-04-25", "en",
       "The new salary is £78k, up from £64k, and the role is fully remote."),
    _t("tell-priya", "2026-04-25", "es",
       "Le he dicho a Priya que me voy. Se lo tomó bien y me pidió que deje documentado el "
       "sistema de colas antes de irme."),
    _t("recruiter", "2026-04-25", "en",
       "A recruiter from a London fintech messaged me again about a Rust role. Not interested.",
       distractor=True),
    _t("last-day", "2026-04-25", "en", "My last day at Lumen Freight will be May 29."),
    # Session 9: the wedding, plans to move.
    _t("wedding-done", "2026-06-10", "en",
       "Carmen's wedding in Segovia was beautiful, and my speech made Dad cry."),
    _t("move-plan", "2026-06-10", "es",
       "Ana y yo hemos decidido irnos a vivir a Valencia este verano: el alquiler es más barato "
       "y estaremos cerca de mis padres."),
    _t("tidepool-stack", "2026-06-10", "en",
       "At Tidepool everything runs on Kubernetes with Argo CD, and I'm on call one week in "
       "six."),
    _t("friend-valencia", "2026-06-10", "en",
       "A friend from the Go meetup is moving to Valencia too, but not until next spring.",
       distractor=True),
    _t("lamb", "2026-06-10", "es",
       "En el banquete comí tanto cordero que no quiero volver a verlo en un año.",
       distractor=True),
    _t("boss-hannah", "2026-06-10", "es",
       "Mi jefa en Tidepool se llama Hannah y trabaja desde Edimburgo."),
    # Session 10: settled in Valencia.
    _t("home-valencia", "2026-07-30", "es",
       "Ya estamos instalados: ahora vivo en Valencia, en Ruzafa, en un tercero sin ascensor."),
    _t("dog-beach", "2026-07-30", "en",
       "Kiwi loves the beach here, but dogs are only allowed on one stretch of sand near "
       "Pinedo."),
    _t("rent", "2026-07-30", "en",
       "Our rent here is €1,150 a month; in Bristol we paid £1,600."),
    _t("commute-scooter", "2026-07-30", "es",
       "He cambiado la bici por un patinete eléctrico para moverme por la ciudad."),
    _t("dishwasher", "2026-07-30", "en",
       "The previous tenants left a broken dishwasher; the landlord promised a new one in "
       "August.", distractor=True),
    _t("car-sold", "2026-07-30", "en",
       "Sold the old Toyota Yaris for £3,900 before leaving England; we won't need a car here."),
    _t("internet", "2026-07-30", "en",
       "The new flat has 600 Mb fibre for €20 a month, much faster than what we had before."),
    # Session 11: a new phone, a new diet, a race.
    _t("phone-iphone", "2026-09-05", "en",
       "Switched from the Pixel to an iPhone 15, because Tidepool's device management only "
       "supports iOS."),
    _t("diet-vegan", "2026-09-05", "en",
       "We no longer eat meat or fish at all: Ana and I went fully vegan in August."),
    _t("half-marathon", "2026-09-05", "es",
       "Me estoy preparando para el medio maratón de Valencia en diciembre; quiero bajar de "
       "1 hora 50."),
    _t("ana-sister-marathon", "2026-09-05", "en",
       "Ana's sister ran the Valencia marathon last year in just under four hours.",
       distractor=True),
    _t("renovate", "2026-09-05", "en",
       "I set up Renovate on the Tidepool repos, so dependency bumps now arrive as one grouped "
       "pull request a week."),
    # Session 12: autumn.
    _t("valencian-class", "2026-10-18", "en",
       "I've started Valencian classes on Monday evenings at the official language school."),
    _t("dog-ear", "2026-10-18", "es",
       "Kiwi tuvo otitis la semana pasada; le recetaron unas gotas durante diez días."),
    _t("promotion", "2026-10-18", "en",
       "Tidepool promoted me to staff engineer: I now lead the data-ingestion team, five "
       "people."),
    _t("ana-manager", "2026-10-18", "en",
       "Ana's team at the hospital got a new manager and everyone seems to like her.",
       distractor=True),
    _t("desk", "2026-10-18", "en",
       "Bought a standing desk for €389 plus a monitor arm; my back is much better already."),
    _t("shoes", "2026-10-18", "en",
       "Got Saucony Endorphin Speed shoes for the race, €160 on sale."),
    # Session 13: November.
    _t("second-dog", "2026-11-20", "en",
       "Ana and I are thinking of adopting a second dog, probably a greyhound from a rescue."),
    _t("xmas-2026", "2026-11-20", "es",
       "Esta Navidad nos quedamos en Valencia y mis padres vienen a cenar a casa."),
    _t("hm-training", "2026-11-20", "en",
       "Three weeks to the half: my long runs are up to 18 km and the knee is holding up."),
    _t("colleague-cat", "2026-11-20", "en",
       "A colleague at Tidepool adopted a cat from the rescue we've been looking at.",
       distractor=True),
    _t("notes-git", "2026-11-20", "en",
       "I've moved my notes out of Obsidian into plain Markdown files in a git repo."),
    _t("hannah-visit", "2026-11-20", "es",
       "Hannah viene a Valencia en enero para la reunión del equipo, pero se queda en un hotel.",
       distractor=True),
)


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    # shared: a distinctive word of the answer is in the question.
    _q("What is the name of the user's golden retriever?", "dog-adopt", "shared"),
    _q("How much did my new USB-C charger cost?", "charger", "shared"),
    _q("When is the MongoDB to PostgreSQL cutover planned?", "migration cutover-done", "shared"),
    _q("What p95 latency does Priya want on the tracking endpoints?", "latency-target",
       "shared"),
    _q("Which plugin manager does the user have in Neovim?", "editor", "shared"),
    _q("Where is Carmen's wedding?", "sister-wedding wedding-done", "shared"),
    _q("¿Cuándo es el cumpleaños de Leo?", "nephew", "shared", "es"),
    _q("What is my talk at the Go meetup about?", "meetup-talk", "shared"),
    _q("How much vitamin D is the user taking?", "vitamin-d", "shared"),
    _q("What does the physio think is wrong with the user's knee?", "knee", "shared"),
    _q("How much did the user pay for the Fujifilm X-T3?", "camera", "shared"),
    _q("What is the name of my sourdough starter?", "sourdough", "shared"),
    _q("¿Qué le pidió Priya al usuario antes de irse?", "tell-priya", "shared", "es"),
    _q("What does Tidepool run its services on?", "tidepool-stack", "shared"),
    _q("¿Cómo se llama la jefa del usuario en Tidepool?", "boss-hannah", "shared", "es"),
    _q("How much is the rent in Valencia?", "rent", "shared"),
    _q("¿Cuántos días tiene que ponerse Kiwi las gotas?", "dog-ear", "shared", "es"),
    _q("Which shoes did the user buy for the race?", "shoes", "shared"),
    _q("¿Qué tiempo quiere hacer el usuario en el medio maratón?", "half-marathon", "shared",
       "es"),
    _q("¿Cuántos acordes sabe tocar el usuario con el ukelele?", "ukulele", "shared", "es"),
    # paraphrase: no content word in common with the answer.
    _q("What kind of pet did the user get?", "dog-adopt", "paraphrase"),
    _q("What did the user eat in Porto?", "porto-food", "paraphrase"),
    _q("¿La novia del usuario tiene alergia a algún animal?", "partner-allergy", "paraphrase",
       "es"),
    _q("What programming language is the logistics service built with?", "job-lumen",
       "paraphrase"),
    _q("Which text editor does the user favour?", "editor", "paraphrase"),
    _q("How does the user like their hot drinks?", "coffee", "paraphrase"),
    _q("Has anyone in the user's family had an operation recently?", "dad-hip", "paraphrase"),
    _q("¿Qué tipo de cine no soporta el usuario?", "horror", "paraphrase", "es"),
    _q("How long was the downtime during the database switch?", "cutover-done", "paraphrase"),
    _q("What noise-cancelling gear did the user purchase?", "headphones", "paraphrase"),
    _q("Does the user have any drug allergies?", "penicillin", "paraphrase"),
    _q("¿Qué deporte practica el usuario antes de trabajar?", "swimming", "paraphrase", "es"),
    _q("What camera does the user own?", "camera", "paraphrase"),
    _q("¿Qué libro tiene el usuario entre manos?", "book", "paraphrase", "es"),
    _q("Where did I make a restaurant reservation for Valentine's Day?", "valentine",
       "paraphrase"),
        _q("What gift does the user's partner want?", "ana-birthday", "paraphrase"),
    _q("¿Quién cuidó de la mascota durante el viaje?", "dog-sitter", "paraphrase", "es"),
    _q("How long is the toast the user prepared?", "speech-draft", "paraphrase"),
    _q("How much of a pay rise did the user get by changing employers?", "salary",
       "paraphrase"),
    _q("Did my father get emotional at the ceremony?", "wedding-done", "paraphrase"),
    _q("Where can the pet run off-lead by the sea?", "dog-beach", "paraphrase"),
    _q("What happened to the user's vehicle?", "car-sold", "paraphrase"),
    _q("How fast is the home broadband connection?", "internet", "paraphrase"),
    _q("How do library upgrades get proposed in the user's codebases?", "renovate",
       "paraphrase"),
    _q("Is the user considering getting another pet?", "second-dog", "paraphrase"),
    # cross: the question in the other language.
    _q("¿Qué raza de perro tiene el usuario?", "dog-adopt", "cross", "es"),
    _q("How long do the integration tests take in CI?", "ci-tests", "cross"),
    _q("Where are the user's parents going for their anniversary?", "parents-anniv", "cross"),
    _q("¿Cuánto costaron los vuelos de Navidad?", "xmas-flights", "cross", "es"),
    _q("¿Qué idioma está estudiando el usuario?", "valencian-class", "cross", "es"),
    _q("Where is the user spending Christmas 2026?", "xmas-2026", "cross"),
    _q("How heavy is the user's pet?", "dog-weight", "cross"),
    _q("¿Cuántos kilómetros corre el usuario en sus tiradas largas?", "hm-training", "cross",
       "es"),
    _q("¿Cuánto le costó el escritorio elevable?", "desk", "cross", "es"),
    # update: the newest turn answers; the older one is outdated.
    _q("Where does the user live now?", "home-valencia", "update", outdated="home-bristol"),
    _q("Who is my current employer?", "job-tidepool promotion", "update",
       outdated="job-lumen"),
    _q("What phone does the user have?", "phone-iphone", "update", outdated="phone-pixel"),
    _q("¿Qué dieta sigue el usuario?", "diet-vegan", "update", "es", outdated="diet-veg"),
    _q("How does the user get around town these days?", "commute-scooter", "update",
       outdated="commute-bike"),
    _q("Where does the user keep their notes now?", "notes-git", "update",
       outdated="notes-obsidian"),
    _q("What is the user's job title?", "promotion", "update", outdated="job-tidepool job-lumen"),
    # temporal: a month is named.
    _q("What did the user do in March 2026?", "porto-trip porto-food speech-draft", "temporal"),
    _q("What did I buy in February 2026?", "camera", "temporal"),
    _q("¿Qué pasó en la vida del usuario en junio de 2026?",
       "wedding-done move-plan tidepool-stack boss-hannah", "temporal", "es"),
    _q("What health news did the user share in January 2026?", "vitamin-d knee penicillin",
       "temporal"),
)


NEVER: tuple[Never, ...] = (
    Never("When is the user's brother getting married?", "en", "sister-wedding"),
    Never("What is the name of the user's cat?", "en", "colleague-cat"),
    Never("¿Cuánto pagó el usuario por el coche nuevo?", "es", "car-sold"),
    Never("Which marathon did Ana run?", "en", "ana-sister-marathon"),
    Never("What did the physio say about the user's shoulder?", "en", "knee"),
    Never("¿De qué raza es el gato de Ana?", "es", "partner-allergy"),
    Never("Where did the user spend a skiing weekend?", "en", "porto-trip"),
    Never("What time does the user's yoga class start?", "en", "swimming"),
    Never("¿Cuánto paga el usuario por el gimnasio en Valencia?", "es", "rent"),
    Never("Which laptop did the user buy?", "en", "charger"),
    Never("¿Qué le regaló el usuario a su sobrina cuando cumplió siete años?", "es", "nephew"),
    Never("What is the name of the user's daughter?", "en", "nephew"),
    Never("How much were the flights to Tokyo?", "en", "xmas-flights"),
    Never("¿Qué nota sacó el usuario en el examen de valenciano?", "es", "valencian-class"),
    Never("Which guitar does the user play?", "en", "ukulele"),
)
