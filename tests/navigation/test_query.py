from __future__ import annotations

import pytest

from actors.navigation.query import (
    asks_a_measure,
    asks_a_schedule,
    asks_about_before,
    asks_about_now,
    asks_how_things_stand,
    doings_asked,
    gone_doing,
    kin,
    named,
    paid_for_names,
    parse_query,
    placed,
    played,
    possessed,
    states_a_preference,
)
from actors.navigation.stem import stem
from actors.navigation.stories import tells_a_change, tells_own_change
from actors.regions import is_demonym, is_region


def st(*words: str) -> tuple[str, ...]:
    """Expected terms are stemmed like every indexed and query term."""
    return tuple(stem(w) for w in words)


def test_terms_are_folded_split_and_unique() -> None:
    q = parse_query("InventoryService inventory Lavapiés")
    assert q.terms == st("inventoryservice", "inventory", "service", "lavapies")
    assert q.groups == (q.terms,)
    assert not q.has_clue


def test_stop_words_dropped_in_both_languages() -> None:
    assert parse_query("where do I live").terms == st("live")
    assert parse_query("¿dónde vive el gato?").terms == st("vive", "gato")


def test_only_stop_words_fall_back_to_keeping_them() -> None:
    q = parse_query("who am I")
    assert q.terms == ("who", "am")
    assert parse_query("quién soy yo").terms  # Spanish too: never an empty search


def test_clue_becomes_group_one_and_joins_terms() -> None:
    q = parse_query("luis", clue="works on InventoryService")
    assert q.groups[0] == ("luis",)
    assert q.groups[1] == st("works", "inventoryservice", "inventory", "service")
    assert q.terms == st("luis", "works", "inventoryservice", "inventory", "service")
    assert q.query_terms == ("luis",)
    assert q.has_clue


def test_clue_terms_already_in_query_are_not_duplicated_in_terms() -> None:
    q = parse_query("luis madrid", clue="Madrid")
    assert q.terms == ("luis", "madrid")
    assert q.groups == (("luis", "madrid"), ("madrid",))


def test_blank_clue_adds_no_group_and_blank_query_has_no_terms() -> None:
    assert parse_query("luis", clue="   ").groups == (("luis",),)
    assert parse_query("luis", clue="").groups == (("luis",),)
    empty = parse_query("  ")
    assert empty.terms == () and empty.query_terms == ()


def test_inflections_meet_their_base_form() -> None:
    """Plurals, -ing and -ed forms (English) and plurals (Spanish) become one term."""
    same = [("lives", "live", "living", "lived"), ("moved", "move", "moving"),
            ("uses", "use", "using", "used"), ("databases", "database"),
            ("ciudades", "ciudad"), ("servidores", "servidor"), ("cities", "city")]
    for forms in same:
        assert len({parse_query(f).terms for f in forms}) == 1, forms
    # Irregular past tenses meet their verb (a question says "buy", the memory "bought"); forms
    # that are also other words stay themselves.
    for forms in [("bought", "buy", "buying"), ("went", "go", "going", "gone"),
                  ("took", "taken", "take", "taking"), ("met", "meet", "meeting"),
                  ("wrote", "write"), ("paid", "pay")]:
        assert len({parse_query(f).terms for f in forms}) == 1, forms
    assert parse_query("left").terms != parse_query("leave").terms
    assert parse_query("saw").terms != parse_query("see").terms
    # Different words stay different; numbers and ids are never stemmed.
    assert parse_query("redis").terms != parse_query("red").terms
    assert parse_query("status").terms == ("status",)
    assert {"v2", "2024"} <= set(parse_query("v2 2024").terms)


def test_question_framing_words_are_dropped_when_content_remains() -> None:
    assert parse_query("tell me about Luis").terms == ("luis",)
    assert parse_query("what do you know about Luis?").terms == ("luis",)
    assert parse_query("¿Qué recuerdas de Luis?").terms == ("luis",)
    # A query made only of them still searches them.
    assert parse_query("remember this").terms == st("remember")


@pytest.mark.parametrize(
    ("question", "kept"),
    [("Where does the user keep their notes?", True), ("the worker's memory leak", True),
     ("¿Dónde guarda el usuario sus notas?", True),
     ("What notes do you have on the migration?", False),
     ("notes about the migration", False), ("¿Tienes notas sobre la migración?", False)],
)
def test_a_note_or_a_memory_is_a_topic_unless_it_frames_a_request(question: str,
                                                                  kept: bool) -> None:
    terms = parse_query(question).terms
    assert bool({"not", "nota", "memory"} & set(terms)) is kept
    assert "migration" in terms or "migracion" in terms or kept


@pytest.mark.parametrize(
    ("question", "terms"),
    [("What is the name of the user's cat?", ("cat",)), ("What is the dog's name?", ("dog",)),
     ("¿Cuál es el nombre de su perro?", ("perro",)),
     ("Which domain name did we register?", ("domain", "nam", "register"))],
)
def test_a_name_asked_for_frames_the_question(question: str, terms: tuple[str, ...]) -> None:
    # "Maré is also the name of the bakery" answered every "what is the name of ..." question
    assert parse_query(question).query_terms == terms


@pytest.mark.parametrize(
    ("question", "now"),
    [("Where does the user work now?", True), ("What is the user's current job?", True),
     ("Does she still run?", True), ("¿Qué móvil usa el usuario ahora?", True),
     ("¿El usuario sigue siendo vegetariano?", True), ("What car did the user have before?", False),
     ("Where did the user live in 2024?", False), ("What did the user eat?", False),
     ("¿Qué coche tenía antes?", False),
     # a plan asked in the future is asked as it stands now (``_PLAN``)
     ("Where will the wedding take place?", True), ("¿Dónde vamos a celebrar la boda?", True),
     ("Where is the party going to be?", True), ("What were we going to cook?", False),
     ("¿Diego va a Madrid?", False),
     # the present progressive asks what is going on now
     ("What language am I learning?", True), ("What book is the user reading?", True),
     ("¿Qué idioma estoy aprendiendo?", True), ("What is the meeting about?", False),
     ("What was I learning in March?", False)],
)
def test_a_question_about_how_things_stand_now(question: str, now: bool) -> None:
    assert asks_about_now(question) is now


@pytest.mark.parametrize(
    ("question", "stands"),
    [("Who teaches me cello?", True), ("How much do I earn per month?", True),
     ("What colour are the living-room walls going to be?", True), ("¿Dónde vivo?", True),
     ("What colour is the car Kenji bought?", False), ("What did the user eat?", False),
     ("When is the fitter starting?", False), ("Where did I live before?", False),
     ("How long ago did we get back from Lisbon?", False), ("Who was my first teacher?", False),
     ("¿Cómo se llama el perro que adoptó en Porto?", False), ("Which tool was chosen?", False),
     ("What happened at the party?", False), ("¿Por qué abandonamos GraphQL?", False),
     ("Why is the build slow?", False),
     # a noun ending as a preterite does, or after a determiner, is no past
     ("¿Cómo tomo el café?", True), ("¿Cuántos cafés tomo al día?", True),
     ("¿Dónde aparco mi buró?", True), ("¿Cuándo la adopté?", False),
     ("¿Qué compré en el mercado?", False)],
)
def test_a_question_in_the_present_asks_how_things_stand(question: str, stands: bool) -> None:
    # the newest of equal memories answers it (ranking.newest_leads); a question about the
    # past, about when, or about before is no such question
    assert asks_how_things_stand(question) is stands


@pytest.mark.parametrize(
    ("text", "change"),
    [("Gave up on German; I'm taking Japanese lessons now.", True),
     ("Picked up our new Kia Niro, the Focus went to the scrapyard.", True),
     ("IT replaced my ThinkPad with a MacBook Pro.", True),
     ("Lucía y yo lo dejamos; ahora salgo con Marta.", True),
     ("Me he pasado al iPhone 15.", True),
     ("OUTBOX_POLL_MS lowered from 500 to 200 and batch size to 500.", True),
     ("Dependency bump: confluent-kafka 2.4 -> 2.6, pytest 8.2 → 8.3.", True),
     ("We raised the pool size to 40.", True),
     ("We renamed Tremoço to Tito, it stuck.", True),
     ("Renombramos el repo a ledger-core.", True),
     ("Kiwi chewed my laptop charger.", False), ("Mi madre cumple 60 años en octubre.", False),
     ("The relay polls every 500 ms and publishes batches of 100.", False),
     # a beginning told by its time
     ("Since August I only drink decaf coffee.", True),
     ("since last spring I cycle to work", True),
     ("Desde septiembre solo tomo agua con gas.", True),
     ("Desde que me mudé voy andando al trabajo.", True),
     ("I have known Ana since school.", False), ("Desde aquí se ve el mar.", False)],
)
def test_a_memory_telling_of_a_change(text: str, change: bool) -> None:
    assert tells_a_change(text) is change


@pytest.mark.parametrize(
    ("text", "own"),
    [("Since August I only drink decaf coffee.", True),
     ("Dejé de usar Trello, ahora organizo las tareas en Linear.", True),
     ("My sister and I switched to oat milk.", True),
     ("I don't run anymore because of my knee.", True),
     ("max attempts 5 -> 4 for SFTP", True),
     ("My colleague switched to VS Code and keeps telling me to try it.", False),
     ("Mi hermano ahora desayuna tostadas con aguacate.", False),
     ("She quit smoking last year.", False), ("Sam's team moved to Fridays.", False),
     # the assistant's advice, and a new thing named, are no change of the speaker's
     ("[2026-01-25] assistant: A new manager can be a fresh start.", False),
     ("Deirdre, my ward manager, asked me to train the new starter.", False)],
)
def test_a_change_told_of_the_speaker(text: str, own: bool) -> None:
    # the user's habit changes by the user's own change, not by someone else's the text
    # names before it (``stories.tells_own_change``)
    assert tells_own_change(text) is own


def test_the_thing_a_question_says_is_the_users() -> None:
    assert possessed("What did the physio say about the user's shoulder?") == ("shoulder",)
    assert possessed("What time does my yoga class start?") == ("yoga",)
    assert possessed("¿Qué le regaló el usuario a su sobrina?") == ("sobrina",)
    assert possessed("¿La novia del usuario tiene alergia?") == ("novia",)
    assert possessed("What was the user's most recent cholesterol reading?") == ("cholesterol",)
    # a qualifier is skipped: the thing is what it qualifies
    assert possessed("Where did the user buy the user's new laptop?") == ("laptop",)
    assert possessed("¿Cuánto costó su nuevo coche?") == ("coche",)
    assert possessed("How long is my morning run?") == ("run",)
    assert possessed("How much did the user pay for the red Seat?") == ("seat",)  # a colour
    assert possessed("¿Cuánto pagó por el coche rojo?") == ("coche",)
    assert possessed("Which laptop did the user buy?") == ()
    assert possessed("the user's sister-in-law plays basketball") == ("sister-in-law",)


def test_the_thing_a_question_says_the_user_paid_for_or_bought() -> None:
    assert possessed("How much did the user pay for the massage?") == ("massage",)
    assert possessed("How much did the user spend on the wedding gift?") == ("wedding",)
    assert possessed("¿Cuánto paga el usuario por el gimnasio en Valencia?") == ("gimnasio",)
    assert possessed("Did the user buy a new laptop?") == ("laptop",)
    assert possessed("¿Se compró una bici?") == ("bici",)
    # a bought thing needs its article: "buy in February" names a time, not a thing
    assert possessed("What did I buy in February?") == ()
    assert possessed("¿Cuánto gastó el usuario en total?") == ()


def test_the_whole_name_of_a_thing_paid_for() -> None:
    # an English compound rests on its last word ("the climbing gym" is a gym); the fee turn
    # may name only that one ("el rocódromo ha subido la cuota")
    assert paid_for_names("How much does the user pay for the climbing gym now?") == (
        ("climbing", "gym"),)
    assert paid_for_names("How much did the user spend on the new road bike?") == (
        ("road", "bike"),)
    assert paid_for_names("How much does Teo pay for parking at work?") == (("parking",),)
    # words of time end the name; a make's name keeps its first word (the kind)
    assert paid_for_names("How much do I pay for the gym every month?") == (("gym",),)
    assert paid_for_names("How much do I pay for the gym monthly?") == (("gym",),)
    assert paid_for_names("How much did Lucía pay for her Nissan Leaf?") == (("nissan",),)
    # Spanish names the thing first ("la cuota del rocódromo": the fee)
    assert paid_for_names("¿Cuánto pagó por la cuota del rocódromo?") == (("cuota",),)
    assert paid_for_names("¿Cuánto paga el usuario por el gimnasio nuevo?") == (("gimnasio",),)


def test_names_of_one_relation() -> None:
    assert {"manager", "jefa"} <= kin("Boss")
    assert "son" in kin("kid") and "kid" not in kin("kid")
    assert "wife" in kin("pareja") and "mother" not in kin("pareja")
    assert kin("shoulder") == frozenset()
    # everyday things under several names: "the user's apartment" when "my flat" was said
    assert "flat" in kin("apartment") and "piso" in kin("apartment")
    assert "car" in kin("vehicle") and "cat" in kin("pet")


@pytest.mark.parametrize(
    ("question", "before"),
    [("Where did Pepper use to sleep?", True), ("What car did the user have before?", True),
     ("¿Qué coche tenía antes el usuario?", True), ("What did the user do before leaving?", False),
     ("¿Qué le pidió Priya al usuario antes de irse?", False), ("Where does Pepper sleep?", False),
     # the first time of something is a moment, not the state before a change
     ("What date was my first day at Northwind Health?", False),
     ("¿Cuándo fue mi primer día en el trabajo?", False),
     ("What did I do the first time I went climbing?", False),
     ("What was my first car?", True), ("Where did I work at first?", True)],
)
def test_a_question_about_how_things_were_before_a_change(question: str, before: bool) -> None:
    assert asks_about_before(question) is before


def test_the_places_a_question_names() -> None:
    assert placed("Which marathon did the user run in Boston?") == ("Boston",)
    assert placed("¿A qué hora abre la piscina municipal de Teruel?") == ("Teruel",)
    assert placed("Who did I meet at Google Cloud Next?") == ("Google Cloud Next",)
    assert placed("What did the user do in St. Louis?") == ("St. Louis",)
    # a time is no place, nor a country or continent (asked about in a city's words)
    for question in ("What did I do in May?", "Where was I at Christmas?",
                     "¿Qué hice en Semana Santa?",
                     "¿De qué trabaja el familiar que está en España?",
                     "Did the user travel to Japan?", "What did I do in the United States?",
                     "¿Qué visité en Europa?", "What did the user buy in the UK?"):
        assert placed(question) == (), question
    # the Spanish "a" is also the English article: "a Python script" names no place
    assert placed("How do I run a Python script?") == ()
    assert placed("Which dentist do I go to?") == ()


def test_countries_and_continents_in_both_languages() -> None:
    for name in ("Spain", "España", "the United States", "Estados Unidos", "Japón", "Reino Unido",
                 "Europe", "América del Sur", "UK"):
        assert is_region(name), name
    for name in ("Boston", "Napa", "Teruel", "Lisbon", "Google"):
        assert not is_region(name), name


@pytest.mark.parametrize("name", [
    "Portuguese", "Scottish", "Japanese", "Italian", "European", "Mexicana", "escocés",
    "Francés", "Spanish", "French", "Irish", "Thai"])
def test_a_peoples_name_is_asked_like_its_country(name: str) -> None:
    # "traditional Portuguese music" is answered by "a fado night in Alfama": like a
    # country's, a people's or a language's name is no name never stored
    assert is_demonym(name.capitalize()), name
    question = f"Where did the user hear traditional {name.capitalize()} music?"
    assert named(question) == () and placed(question) == ()


@pytest.mark.parametrize("name", ["Kafka", "Flink", "Berlin", "Lucía", "Snowflake", "Maria",
                                  "Python", "Amazon"])
def test_a_name_is_no_peoples_name(name: str) -> None:
    assert not is_demonym(name)
    assert named(f"What did the user say about {name} in the meeting?") == (name,)


def test_a_word_is_quoted_back_without_its_possessive() -> None:
    # "No stored memory mentions 'brother's'" quoted the question's spelling with its "'s"
    from actors.navigation.unmentioned import as_said

    assert as_said("What's my brother's name? Juan’s?") == {
        "brother": "brother", "nam": "name", "juan": "Juan"}


@pytest.mark.parametrize(("question", "terms"), [
    ("Can you suggest a creamy drink I could make at home?", ("creamy", "drink", "make", "home")),
    ("Recommend me a novel for my next trip.", ("novel", "next", "trip")),
    ("¿Me recomiendas un libro para el viaje?", ("libro", "viaje")),
    # a recollection of the assistant's advice is framed by its verb (the answer is the
    # reply, which never says it: ``said_asked.SUGGESTING_VERBS``); a bare request keeps its
    # only word
    ("What did you suggest for Sam?", ("sam",)),
    ("Any tips?", ("tips",)),
])
def test_the_words_asking_for_advice_frame_the_question(question: str,
                                                        terms: tuple[str, ...]) -> None:
    assert parse_query(question).query_terms == st(*terms)


@pytest.mark.parametrize(("text", "states"), [
    ("I love Latin American fiction, magical realism especially.", True),
    ("I take it with oat milk because I'm lactose intolerant.", True),
    ("Oye, He loves spicy food like me. Any restaurant ideas?", True),
    ("Me encanta el picante, y a Diego también.", True),
    ("Soy vegetariana desde hace seis años.", True),
    ("My all-time favourite is Pedro Páramo.", True),
    ("New year: I've gone vegetarian, Elise has been for years.", True),
    ("Also please never suggest recipes with coriander, it tastes like soap.", True),
    ("I always book an aisle seat on planes.", True),
    ("Me he hecho vegana este año.", True),
    ("Siempre pido la ventanilla en el tren.", True),
    ("We never booked the hotel in the end.", False),
    ("I bought a secondhand Brompton for £650.", False),
    ("¿Alguna idea para cenar en Madrid?", False),
])
def test_a_stated_preference_is_read(text: str, states: bool) -> None:
    assert states_a_preference(text) is states


@pytest.mark.parametrize(
    ("question", "measure"),
    [("How many retry attempts do SFTP uploads get?", True),
     ("How often does the outbox relay poll?", True),
     ("Which confluent-kafka version do we use?", True),
     ("What is the cache TTL?", True), ("¿Cada cuánto se ejecuta el job?", True),
     ("¿Cuántos reintentos tiene la subida?", True), ("¿Qué versión de Python usamos?", True),
     ("What is the Kafka topic for outbound bank payouts?", False),
     ("Where does the user live?", False), ("¿Quién es mi jefa?", False),
     ("What was the Norbank Pay timeout?", True)],
)
def test_a_question_asking_for_a_number_as_it_stands(question: str, measure: bool) -> None:
    # a later memory telling the number's change in its own words answers it
    # (ranking.newest_leads' ``measure``)
    assert asks_a_measure(question) is measure


@pytest.mark.parametrize(
    ("question", "schedule"),
    [("Which days do I go to the gym?", True), ("What time is the standup?", True),
     ("When is my Korean class?", True), ("¿Qué días voy al gimnasio?", True),
     ("¿A qué hora es la clase de coreano?", True), ("What day of the week do we deploy?", True),
     ("What days of the week do we deploy?", True),
     ("At what time did the nightly ingestion run?", True),
     ("Which gym do I go to?", False), ("When did I move to Coimbra?", False),
     ("What did I do last week?", False), ("¿Cuándo me mudé?", False)],
)
def test_a_question_asking_when_something_recurs(question: str, schedule: bool) -> None:
    # a later memory telling a change and a day or a time answers it
    # (ranking.newest_leads' ``schedule``)
    assert asks_a_schedule(question) is schedule


def test_these_days_says_now_not_a_day() -> None:
    assert "day" not in parse_query("Does the user smoke these days?").terms
    assert "dia" not in parse_query("¿Qué bebe el usuario hoy en día?").terms
    # ...a day asked of is kept ("a day" counts the coffees)
    assert "day" in parse_query("How many coffees a day does the user drink these days?").terms


def test_an_outing_asked_names_its_doing() -> None:
    assert gone_doing("How many times did the user go swimming in March?") == ("swimming",)
    assert gone_doing("¿Cuántas veces fue el usuario a esquiar?") == ("esquiar",)
    assert gone_doing("When did the user go to the dentist?") == ()
    assert played("How often does the user play rugby?") == ("rugby",)
    assert played("¿Juega el usuario al pádel?") == ("padel",)
    assert played("¿Practica judo los martes?") == ("judo",)
    assert played("How often does she practise the cello?") == ("cello",)
    assert doings_asked("What does the user drink now instead of tea?") == {"drink"}
    assert doings_asked("Does Ana still eat chocolate?") == {"eat"}
