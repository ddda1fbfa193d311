"""Questions asked by the user themself, in the first and second person (``--set
conversation-h``).

The turns are ``bench.conversation_set_g``'s (Hugo and a chat assistant, one turn per memory,
each led by "[date] user: ..." or "[date] assistant: ..."); the questions are new and asked the
way a user asks their own agent and the public chat-memory benchmarks ask: "I", "me", "my" and
"we" are the user, "you" and "your" the assistant ("Which guesthouse did you suggest for my
Lisbon weekend?", "¿Dónde vivo ahora?"). About a third are in Spanish. Every other team set
asks in the third person ("the user's cat"), so a rule that only reads "the user" or "the
assistant" shows here.

The categories are ``conversation_set_g``'s. ``NEVER`` holds near misses asked the same way:
the sibling never told, the other sport's count, the other city's hotel, the pet never had.
Written in the thirty-eighth pass from the turns alone, before any ranking was looked at, and
never tuned to pass.

Written for this project by hand (no public dataset was used or consulted).
"""

from __future__ import annotations

from bench.conversation_set import Never, Question
from bench.conversation_set_g import ALL_PARTS, CATEGORIES, TURNS

__all__ = ["ALL_PARTS", "CATEGORIES", "HALVED", "NEVER", "QUESTIONS", "TURNS"]

HALVED = True
"""The bench reports this set's figures on each half of its questions too."""


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    # assistant: what "you" said earlier.
    _q("Which guesthouse did you suggest for my Lisbon weekend?", "rec-hotel", "assistant"),
    _q("What was that testing book you told me to read?", "rec-book", "assistant"),
    _q("What stretches did you tell me to do for my forearms?", "rec-stretch", "assistant"),
    _q("Which climbing shoes did you say I should get as a beginner?", "rec-shoes",
       "assistant"),
    _q("¿Qué bar me recomendaste para cenar con los padres de Alba?", "rec-restaurant",
       "assistant", "es"),
    _q("¿Qué club de jazz me dijiste que probara?", "rec-jazz", "assistant", "es"),
    _q("Where did you tell me to stay in Benasque?", "rec-hotel-2", "assistant"),
    _q("What tip did you give me for my one-on-ones?", "rec-1on1", "assistant"),
    _q("¿Qué me sugeriste regalarle a Alba por el aniversario?", "rec-gift", "assistant", "es"),
    _q("Where did you say I could climb in Barcelona?", "rec-gym-bcn", "assistant"),
    _q("What did you tell me to cook that night I was exhausted?", "rec-dinner", "assistant"),
    _q("Which tea shop did you point me to?", "rec-tea", "assistant"),
    _q("Which Lisbon tavern did you recommend to me?", "rec-tasca", "assistant"),
    _q("¿Qué zonas de Barcelona me aconsejaste para vivir?", "rec-neigh", "assistant", "es"),
    # preference: a taste "I" told once.
    _q("What kind of places do I like to eat at?", "pref-food", "preference"),
    _q("Do we prefer chain hotels or small family places?", "pref-hotel", "preference"),
    _q("¿Qué música es la que más me gusta?", "concert-1 pref-music", "preference", "es"),
    _q("Where do I prefer to go on holiday in summer, the beach or the mountains?",
       "pref-holiday", "preference"),
    # count: told in several sessions; every key is a part.
    _q("How many times did I go climbing in March?", "climb-mar-1 climb-mar-2 climb-mar-3",
       "count"),
    _q("¿A cuántos conciertos he ido este año?", "concert-1 concert-2 concert-3", "count", "es"),
    _q("How many promotions have I had?", "job-2 job-3", "count"),
    # order: two events of different sessions; both keys are parts.
    _q("Did I sell my car before or after we moved to Barcelona?", "car-sold moved", "order"),
    _q("Which came first: my Aneto climb or becoming test lead?", "job-3 aneto-done", "order"),
    _q("¿Me compré la Brompton antes o después de mudarme?", "bike moved", "order", "es"),
    # update: a value changed twice; the newest answers.
    _q("How much is my climbing gym fee now?", "climb-fee-3", "update",
       outdated="climb-fee-1 climb-fee-2"),
    _q("What's my job title at the moment?", "job-3", "update", outdated="job-1 job-2"),
    _q("¿Cuántos cafés tomo al día ahora?", "coffee-3", "update", "es",
       outdated="coffee-1 coffee-2"),
    _q("Where do I live now?", "moved", "update", outdated="job-1"),
    _q("¿En qué ciudad vivo ahora?", "moved", "update", "es", outdated="job-1"),
    # detail: a fact told once, in other words.
    _q("What's my brother's job?", "rodrigo", "detail"),
    _q("How much rent do I pay?", "rent", "detail"),
    _q("¿Qué me regaló mi novia por mi cumpleaños?", "birthday-gift", "detail", "es"),
    _q("How long have I been with Alba?", "anniversary", "detail"),
    _q("What did I pay for my folding bike?", "bike", "detail"),
    _q("What languages does my girlfriend translate from?", "alba-langs", "detail"),
    _q("How do I get to work in Barcelona?", "commute", "detail"),
    _q("Where did I first climb outdoors?", "climb-mar-2", "detail"),
    _q("How old am I?", "age", "detail"),
    _q("¿Cómo se llama el rocódromo al que me apunté en Zaragoza?", "gym", "detail", "es"),
    _q("Who do I go climbing with from work?", "inaki", "detail"),
    _q("What did I lose in Lisbon?", "g03-05", "detail"),
    _q("¿Cuánto me costaron las zapatillas de escalar?", "shoes-price", "detail", "es"),
    _q("How did I hurt my finger?", "finger", "detail"),
    _q("Who is coming to visit us in December?", "inaki-visit", "detail"),
)

NEVER: tuple[Never, ...] = (
    Never("Which hotel did you suggest for my trip to Madrid?", "en", "rec-hotel-2"),
    Never("What cookbook did you recommend to me?", "en", "rec-book"),
    Never("How many times did I go running in March?", "en", "climb-mar-1"),
    Never("What's my sister's job?", "en", "rodrigo"),
    Never("How much did I pay for my climbing harness?", "en", "shoes-price"),
    Never("What did my brother give me for my birthday?", "en", "birthday-gift"),
    Never("Which jazz club did you recommend to me in Madrid?", "en", "rec-jazz"),
    Never("What's my dog called?", "en", "moved"),
    Never("¿Qué gimnasio me recomendaste en Valencia?", "es", "rec-gym-bcn"),
    Never("¿Cuánto pagaba de alquiler en Zaragoza?", "es", "rent"),
    Never("¿Qué coche me compré en Barcelona?", "es", "car-sold"),
    Never("What did you suggest I cook for Alba's birthday?", "en", "rec-dinner"),
    Never("¿Cómo se llama mi hermana?", "es", "rodrigo"),
    Never("When did I run my first marathon?", "en", "aneto-done"),
    Never("Which laptop did you tell me to buy?", "en", "g20-01"),
    Never("What instrument do I play?", "en", "pref-music"),
    Never("¿Qué deporte practica mi novia?", "es", "alba-pottery"),
)
