"""Lift facts out of English and Spanish sentences: the fact actor's extractor.

Matching runs on the accent-folded text (``actors.text.fold``) so "me mudé a" and "me mude a"
are one trigger, while values are cut from the ORIGINAL text and keep their spelling and case.
A value is the run after its trigger, trimmed of trailing time words ("now", "desde hoy", "last
week"), of trailing clauses (", ...", " but ...", " porque ...", " with ..." where sensible) and
of punctuation, and capped at 80 characters.

Attribute conventions (``keys`` documents subject folding):
  location, employer, stack                 user or a named person/component
  diet                                      "I'm vegetarian", "we went vegan", "soy vegana"
  phone, car, laptop                        "my phone is (now) a Pixel 7", "I drive a Subaru"
  role                                      "promoted me to staff engineer", "my title is X"
  database | uses                           "<X> service uses <Y>": database when Y is a database
  preference:<name>                         "I prefer X": X without where it holds ("dark
                                            mode in every editor" -> dark mode), a measure's
                                            noun ("2-space indentation" -> indentation);
                                            "X and Y", two phrases, are two preferences
  preference:<topic>                        "I prefer X for <topic>"
  preference:<a> vs <b>                     "I prefer X over Y" (the pair sorted, value X)
  tool:<topic>                              "we use X for <topic>", subject "project"
  default_branch                            subject "repo"
  test_runner                               subject "project"
  value                                     "X changed from A to B", "X is now Y"
  diagnosis, treatment, medication          the patient's name, else "patient"
  age                                       "I turn 31 today", "tengo 34 años" (``ages``)
  activity:<name>                           "he empezado yoga", "I gave up yoga" (``activities``)
  value of <role>                           "started with a new teacher, Tomasz" (``people``)
  partner                                   "estoy saliendo con Inés", "Luca and I broke up",
                                            "his name is Keoni" after a date (``partners``)

A move told ahead ("I move to Stockport tomorrow", "It's a one-bed in Blackrock ... I move in
on the 1st of August") is dated the day it happens (``moves``), and so is a job started ahead
("Starting at Channel 4 next month": ``ahead`` resolves the day words); other facts keep the
day said. A workplace left by its name ("I quit the BBC") ends the employer only beside a new
job the same text starts later (``endings.left_named``).

Endings ("I'm no longer vegetarian", "sold my car", "I quit my job") are one more value of the
attribute, read by ``endings``.

Not facts: questions, and sentences whose trigger follows a hypothetical or negated lead-in
("if", "would", "want to", "quiero", "me gustaría", "no", "ya no" ...) or that say "someday".
Helpers live beside it: ``values`` (offset-preserving folding, value trimming, question and
hypothetical filters), ``clinical`` (clinical notes), ``questions`` (``attribute_question``,
re-exported here), ``keys`` (``fact_key``). Pure functions only; no I/O.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from actors.dates import MONTHS, OPENING_DATE, find_dates, parse_date
from actors.facts.activities import activity_facts
from actors.facts.ages import age_facts
from actors.facts.ahead import SOON, day_ahead
from actors.facts.clinical import CLINICAL_WORDING, PATIENT, clinical_facts, patient_name
from actors.facts.common_words import is_common_word
from actors.facts.diets_named import named_diets
from actors.facts.endings import ending_facts, is_ending, left_named
from actors.facts.jobs import JobChanges, a_firm, folded_length
from actors.facts.keys import (
    ARTICLES,
    FIRST_PERSON,
    POSSESSIVES,
    fact_key,
    normalise_subject,
    normalise_topic,
    preference_pair,
)
from actors.facts.makes import MAKE, NOT_MODELS, kind_of
from actors.facts.moves import day_before, home_named, move_day, move_in
from actors.facts.names import greeted_name, name_facts
from actors.facts.needles import Gate
from actors.facts.partners import named_partner, partner_facts, tells_dating
from actors.facts.people import ROLE_NOUNS, new_person_facts
from actors.facts.project_changes import is_tool_name, own_clause, project_facts
from actors.facts.pronoun_told import said_of_one
from actors.facts.questions import attribute_question
from actors.facts.quoted import quoted_by_another
from actors.facts.role_changes import RoleChanges
from actors.facts.settings_told import settings_told
from actors.facts.speakers import USER, Speaker, speaker_of, turns
from actors.facts.suite_kinds import names_a_suite
from actors.facts.tools import switch_kind
from actors.facts.towns import inside_town, town_gone_to, towns_of_speakers
from actors.facts.trades import JOB_WORDS, NAMED_TRADES_ES, ROLE_NOUNS_ES, WORK_NOUNS
from actors.facts.values import (
    CLAUSE_START,
    MONTHS_PATTERN,
    Folded,
    clean_value,
    is_hypothetical,
    is_question,
    nearest_day,
)
from actors.facts.whose import ONE_OF_THEM, clause_start, said_as_own, whose
from actors.facts.work_in_passing import WorkInPassing
from actors.facts.year_dates import opening_month
from actors.lazy_re import Regex, lazy_regex
from actors.text import PROSE_SENTENCE_CHARS, STOPWORDS, fold, sentences

__all__ = ["FactCandidate", "attribute_question", "extract_facts", "fact_key"]



@dataclass(frozen=True)
class FactCandidate:
    """One fact found in text, before the timeline decides what it means."""

    subject: str
    attribute: str
    value: str
    valid_from: datetime.date | None
    sentence: str
    """The sentence it came from (original text), for provenance and debugging."""


# ------------------------------------------------------------------ rules


@dataclass(frozen=True)
class _Rule:
    attribute: str
    pattern: Regex
    subject: str = "user"
    """Fixed subject; a named group ``s`` in the pattern overrides it."""
    cut_with: bool = True
    first_token: bool = False
    named: bool = False
    """The ``s`` group must be a capitalised name in the original text (Ana, Luis Pérez)."""
    model: bool = False
    """The value must be a make or model: its first word holds a capital or a digit ("Pixel 7",
    "iPhone 16"; not "slow")."""
    place: bool = False
    """The value must be a place's name: its first word (after an article) is capitalised
    ("moved to Berlin", "he vuelto a Madrid"; not "moved to the frontend team", "he vuelto a
    fumar", "went back to eating meat")."""
    named_value: bool = False
    """The value names its holder: a capitalised word after its article ("el Hospital Miguel
    Servet"; not "el hospital")."""
    soon: bool = False
    """A move told in the present ("I move to X", "me mudo a X") counts only with a day word in
    the sentence ("tomorrow", "mañana", "on the 1st": ``moves.SOON``)."""
    first_person: bool = False
    """Said by the user: a match led by "and"/"then" counts only when the clause it continues
    began with I or we ("I left Acme and joined Globex"; not "my sister ... and joined")."""
    alone: bool = False
    """A place told in passing ("my new flat in Headingley", "I'm in Braga now, the new flat
    ..."): it counts only when no other rule of the sentence names its attribute ("Since I
    moved to Leeds ... my new flat in Headingley" is a move to Leeds)."""
    before: Regex | None = None
    """What the sentence must tell before the match ("joining" is a new job only after a job
    left: "I left Globex, joining Initech"; not "I'm off to the pub, joining Tom at 8")."""


def _r(text: str) -> Regex:
    return lazy_regex(text)


_OPENING = r"^\W*(?:" + OPENING_DATE + r"\W*)?(?:(?:user|usuario|usuaria)\s*:\s*)?"
"""A sentence's start, past the date a note opens with ("2024-10-27: My bank is ING.") and the
user's own label of a chat turn ("2025-02-20 user: My manager is Ruud."); another speaker's
"my manager" is not the user's."""
_LEADS = lazy_regex(_OPENING + r"(?:(?:so|well|ok|okay|anyway|also|ugh|oh|and|but|pues|bueno|"
                    r"y|vale)\W+)*(?:i|we)\b")
"""A clause the speaker leads, after a chat's filler ("so I handed in my notice ...")."""
_OPENING_AT = lazy_regex(_OPENING)
_LEADS_UNSAID = lazy_regex(
    _OPENING + r"(?:(?:so|well|ok|okay|anyway|also|finally|pues|bueno|vale)\W+)*"
    r"(?:sold|got|bought|left|quit|moved|traded|swapped|gave|finished|started|returned|"
    r"handed|signed|scrapped|\w+ed)\b")
"""A clause said with no subject, as people write chat ("Sold the Clio finally and bought a
used Mazda 3"): its verb in the past at the start, the speaker's own deed."""


def _said_from(folded: str) -> int:
    """Where a sentence's words begin, past the date its line opens with."""
    opening = _OPENING_AT.match(folded)
    return opening.end() if opening is not None else 0


_WITHIN_A_PLACE = frozenset(
    "neighbourhood neighborhood district area quarter suburb barrio barriada zona distrito "
    "street calle avenue avenida block building edificio floor planta".split())
"""Parts of a town: a move into one ("a flat in the Ruzafa neighbourhood, still in
Valencia") leaves the user's city as it was."""
_HOMES = frozenset(
    "flat apartment house room studio home piso casa apartamento habitacion estudio".split())
"""A home in a town, as a value's last word ("settled in the Arroios flat"): no new town (but
"Studio City", "Casa Grande", "Flat Rock" are towns)."""
_AT_HOME = frozenset(
    "remoto remote remotely casa home".split())
"""A value that says where one works, not for whom ("trabajando en remoto", "from home")."""
_CLUBS = frozenset(
    "gym gimnasio fitness climbing bouldering yoga pilates crossfit club choir coro league "
    "class clase course curso rocodromo".split())
"""Words of a value "joined" names that make it a membership ("joined Vertigo Climbing",
"joined the book club")."""
_MEMBERSHIP = lazy_regex(
    r"^[^.;]{0,60}?(?:(?:[€$£]\s?\d+|\d+\s*(?:€|eur|euros|dollars|pounds|libras))[^.;]{0,12}?"
    r"\b(?:a|per|al)\s+(?:month|mes)\b|\bmembership\b|\bgym\b|\bgimnasio\b|\bclub\b)")
"""A fee or a gym right after a name "joined" names: "I joined Holmes Place in Saldanha, €62 a
month" joined a gym; "I joined Accenture, earning 4000 a month" did not (no fee sign before
the amount is read as a salary's)."""
_SALARY = lazy_regex(r"\b(?:earn|earning|salary|paid|paying|pay|sueldo|salario|cobro|cobrando)\b")
_TECH_NAMES = frozenset(
    "kubernetes k8s aws gcp azure python go golang rust java kotlin swift typescript javascript "
    "react vue angular svelte django flask fastapi rails node nodejs deno bun kafka rabbitmq "
    "docker podman terraform ansible github gitlab bitbucket jenkins circleci vercel netlify "
    "heroku cloudflare linux macos windows ubuntu debian fedora arch neovim vim emacs vscode "
    "intellij pycharm slack teams zoom notion obsidian jira linear confluence pnpm yarn npm "
    "poetry uv pytest graphql grpc tailwind nextjs next.js nuxt spring laravel symfony "
    "elixir erlang scala haskell clojure dart flutter unity godot".split())
"""Names a coding store moves to that are no town ("we moved to Postgres / Kubernetes")."""
_TECH_PHRASES = frozenset({"github actions", "gitlab ci", "google cloud", "visual studio",
                           "vs code", "aws lambda", "azure devops", "spring boot"})


def _names_a_place(value: str) -> bool:
    """The value starts with a name once an article is set aside ("the Netherlands", "Berlin",
    "la Coruña"), not with a common word ("the frontend team", "fumar"), is no part of a
    town or home in one ("the Ruzafa neighbourhood", "the Arroios flat") and no software,
    database or version ("Postgres", "Kubernetes", "GitHub Actions", "Python 3.12"; "Spring,
    Texas" is a town)."""
    words = [w.strip(".,;:!") for w in value.split() if fold(w) not in ARTICLES]
    words = [w for w in words if w]
    if not words or not words[0][:1].isupper():
        return False
    folded = [fold(w) for w in words]
    if set(folded) & _WITHIN_A_PLACE or folded[-1] in _HOMES:
        return False
    if _DB.match(" ".join(folded)) or " ".join(folded[:2]) in _TECH_PHRASES:
        return False
    if folded[0] in _TECH_NAMES and (len(words) == 1 or not words[1][:1].isupper()):
        return False
    return not re.search(r"\d+\.\d", value)


def _a_membership(after: str, value: str) -> bool:
    """What "joined" names is a gym, a club or a class, not an employer."""
    if set(fold(value).split()) & _CLUBS:
        return True
    sentence = re.split(r"[.;!?]", after, maxsplit=1)[0]
    return bool(_MEMBERSHIP.search(sentence)) and not _SALARY.search(sentence)


def _said_by_me(folded: str, at: int) -> bool:
    """The match at ``at`` is the user's: it starts with I/we, or continues ("and", "then") a
    clause that began with I/we."""
    if re.match(r"(?:i|we)\b", folded[at:]):
        return True
    clause = re.split(r"[,;:]\s", folded[:at])[-1]
    return bool(_LEADS.match(clause) or _LEADS_UNSAID.match(clause))


_MODEL_TAIL = lazy_regex(r"\s+(?:to|into|around|for|on|at|in|every|each|when|because|since|and|"
                         r"but|which|with|that|my|our|his|her|their|i|we|he|she|they|y|e|pero|"
                         r"que|con|para|por|en|a|mi|su|is|are|was|were|has|have|had|es|fue|"
                         r"son|ha|han)\s", re.IGNORECASE)


_ADV_WORDS = "now|currently|still|also|actually|just|recently|finally|already"
"""The adverbs ``_ADV`` lets between a subject and its verb, and ``_NAME_NOT_ADV`` keeps out of
a name."""
_ADV = rf"(?:(?:{_ADV_WORDS})\s+)*"
_OFFER = r"(?:accepted|took)\s+(?:an?\s+|the\s+)?(?:job\s+)?offer\s+(?:from|at)"
"""Taking a job offer: "accepted an offer at", "took the job offer from"."""
_STILL_UNSAID = rf"{CLAUSE_START}(?:(?:so|well|yeah|yes|no|anyway)\W+)*(?:still|now)\s+"
"""A home told with its subject left out, as chat does ("Haha thanks. Still in the Canton flat
in Cardiff though", "Now living in Leeds"): "still" or "now" opening the clause is the
speaker's own state; a bare "In the flat in Cardiff" says nothing of whose it is."""
_ADV_ES = r"(?:(?:ahora|actualmente|ya|todavia|tambien)\s+)*"
_NAME_NOT_ADV = (rf"(?P<s>[^\W\d_][\w'-]*(?:\s+(?!(?:{_ADV_WORDS}|has)\b)"
                 r"[^\W\d_][\w'-]*)?)")
"""``_NAME`` not taking an adverb for the name's second word ("Marta just landed a role")."""
_ROLE = r"(?:" + "|".join(WORK_NOUNS) + ")s?"
"""Role nouns that make "I'm a <role> at <X>" say where one works."""
_JOB_NOUN = r"(?:" + "|".join(JOB_WORDS) + "|" + _ROLE[3:]
"""Every role noun the new-job rules read ("interpretive guide", "they made me captain"):
``_ROLE`` and ``JOB_WORDS``."""
_SAY_NOTHING_ELSE = frozenset(JOB_WORDS) - frozenset(
    "officer head chief principal chair president guide dispatcher driver assistant vet "
    "photographer producer server foreman superintendent dean partner steward stewardess "
    "attendant agent trainee apprentice resident fellow".split())
"""The ``JOB_WORDS`` that name a job and nothing else ("a vet", "a driver", "the head" say
more)."""
_HELD_JOB = (r"(?:" + "|".join(w for w in JOB_WORDS if w in _SAY_NOTHING_ELSE)
             + r"|flight\s+attendant)s?")
"""Job nouns that say one's work after "I'm a" as the ``_ROLE`` nouns do ("I'm a captain!!!",
"I'm a librarian"); not those that also say something else ("I'm a driver", "a partner", "a
resident", "the head")."""
_HOME = (r"(?:flat|apartment|house|home|casita|cottage|condo|townhouse|townhome|bungalow|loft|"
         r"cabin|duplex|place|one-bed|two-bed|three-bed|one-bedroom|two-bedroom)")
"""A home, in English: where "signed the lease on", "got the keys to" say one lives."""
_HOME_ES = r"(?:piso|casa|casita|apartamento|atico|chalet|estudio|adosado)"
_WORKPLACES = (r"(?:archive|archives|library|museum|gallery|hospital|clinic|bakery|cafe|"
               r"restaurant|hotel|lab|laboratory|bank|warehouse|factory|agency|firm|newspaper|"
               r"brewery|winery|pharmacy|zoo|aquarium|shelter|observatory|practice|council|"
               r"embassy|ministry|station|airline|airport|garage|bookshop|bookstore|nursery)")
"""Common nouns of a workplace one starts at on a day ("starting at the archive on Monday");
not a gym, a pool, a class or a school (a child's as often as one's own)."""
_WORKPLACES_ES = (r"(?:archivo|biblioteca|museo|galeria|hospital|clinica|panaderia|cafeteria|"
                  r"restaurante|hotel|laboratorio|banco|almacen|fabrica|agencia|bodega|farmacia|"
                  r"ayuntamiento|embajada|ministerio|aerolinea|aeropuerto|taller|libreria|"
                  r"guarderia|protectora|periodico)")
_HOUSEHOLD = lazy_regex(r"\s+(?:household|family)$", re.IGNORECASE)
"""What follows a make when it says what kind of home ("a Tesla household")."""
_FIRM_NOUNS = r"(?:startup|start-up|company|consultancy|scale-up|scaleup|fintech|studio|business)"
"""What a firm is, before its name ("a startup called Tandem")."""
_STARTING_AT = (r"(?:starting|start|beginning|begin)\s+(?:work\s+|working\s+|"
                r"(?:a|my)\s+new\s+(?:job|role|position)\s+)?(?:at|with|for)\s+")
"""A job started: "starting at", "start work at", "starting a new job with"."""
_ROLE_ES = r"(?:" + "|".join(ROLE_NOUNS_ES) + ")"
_FULLY = r"(?:fully\s+|strictly\s+|completely\s+|officially\s+|totally\s+)?"
_FULLY_ES = r"(?:oficialmente\s+|totalmente\s+|completamente\s+|estrictamente\s+)?"
_DIET = r"(?:vegetarian|vegan|pescatarian|pescetarian|flexitarian)"
_DIET_ES = r"vegetarian[oa]s?|vegan[oa]s?|pescetarian[oa]s?|flexitarian[oa]s?"
_DIET_TAKEN = (rf"(?=(?:{_DIET})(?:\s+diet)?(?:\s*(?:$|[.,;:!?)])|\s+(?:for|now|again|since|from|"
               r"starting|this|these|today|and|but|because|too|properly|full-time)\b))")
"""A diet word that names the diet taken up, not a dish ("trying vegan for a month", "on a
vegan diet now"; not "doing vegan recipes")."""
_DIET_TAKEN_ES = (rf"(?=(?:{_DIET_ES})(?:\s*(?:$|[.,;:!?)])|\s+(?:por|desde|ahora|y|pero|este|"
                  r"esta|un|una|durante|otra|de\s+nuevo)\b))")
_LOOKS = (r"(?:(?:new|used|second-hand|secondhand|refurbished|old|little|shiny|electric|hybrid|"
          r"blue|red|black|white|grey|gray|silver|green|yellow|orange|brown|purple|dark|light|"
          r"nuevo|nueva|usado|usada|viejo|vieja|electrico|electrica|azul|rojo|roja|negro|negra|"
          r"blanco|blanca|gris|verde|amarillo|amarilla|plateado|plateada|(?:19|20)\d\d)\s+)*")
"""How a thing bought looks, before its make: "a blue 2019 Nissan Leaf", "un Seat Ibiza rojo"
keeps the make and model only."""
_LOOKS_AFTER = lazy_regex(
    r"(?:\s+(?:usado|usada|nuevo|nueva|rojo|roja|azul|negro|negra|blanco|blanca|gris|verde|"
    r"plateado|plateada|electrico|electrica|eléctrico|eléctrica|de\s+segunda\s+mano|"
    r"del?\s+(?:19|20)\d\d))+$",
    re.IGNORECASE)
"""How a thing looks, written after its model in Spanish ("un Seat Ibiza rojo", "un Toyota
Yaris híbrido de 2019": the year is no part of the model)."""
_NAMED_AFTER = r"(?:[^.;!?]{0,30}?(?:[,:(]|\s[-–—])|[^.;!?:]{0,80}?(?::|\s[-–—]))"
"""What may stand between a thing bought and its make: a few words and a comma ("the car, by
the way - a Nissan Leaf"), or a whole aside closed by a colon or a dash ("a car again, Mateo and
I want to go to the mountains: a Toyota Yaris"); a make after a longer run with only commas is
as often someone else's."""
_OWN_BUSINESS = (r"(?:cafe|coffee\s+shop|bakery|business|company|shop|store|restaurant|bar|"
                 r"studio|firm|practice|agency|clinic|salon|bookshop|bookstore|brewery|"
                 r"startup|consultancy|food\s+truck)")
_OWN_BUSINESS_ES = (r"(?:cafeteria|cafe|panaderia|negocio|empresa|tienda|restaurante|bar|"
                    r"estudio|agencia|clinica|libreria|consulta|startup|peluqueria)")
"""A business one opens as one's own: what one then works at."""
_NAMED_NEXT = r"(?:\s*,\s*|\s+(?:called|named|que\s+se\s+llama|llamad[oa])\s+)(?=[^\W\d_])"
"""Its name follows: after a comma or "called" ("my own café, Slow Drip, today")."""
_A_JOB_LEFT = _r(r"\b(?:left|quit|resigned|handed\s+in|walked\s+out|laid\s+off|fired|"
                 r"let\s+go|made\s+redundant)\b")
"""A job left, told before a new one ("I left Globex last Friday, joining Initech ...")."""
_NAME = r"(?P<s>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)"
_ONE_NAME = r"(?P<s>[^\W\d_][\w'-]*)"
_NOT_AFTER_DETERMINER = "".join(
    rf"(?<!\b{word} )" for word in "mi el su tu un al del de ese este buen nuevo otro primer "
    "gran mismo cada consiguio consigui consegui encontro encontre busca busco tiene tengo perdio "
    "perdi sin".split())
"""Not after a determiner, an adjective or a verb that has the job as its object: the Spanish
noun, not the verb ("un trabajo en", "Lucía consiguió trabajo en Chicago": a town as often as
a firm, and someone else's)."""

_KIN = r"(?P<s>" + "|".join(sorted(ONE_OF_THEM, key=len, reverse=True)) + r")(?![\w'’-])"
"""A relative the user has one of, as a rule (``whose.ONE_OF_THEM``): the subject."""
_KIN_WORDS = (r"(?:(?:older|younger|big|little|baby|twin|oldest|youngest|mayor|menor|"
              r"pequen[oa])\s+)*")

_REPLY_WORD = r"(?:no|nope|yes|yeah|yep|yup|aye|ok|okay|well|so|actually|si|vale|pues)"
"""A word a reply opens with before its own sentence ("no, picked up a used Toyota")."""
_LIVING_HOME = (r"(?:flat|apartment|condo|house|townhouse|duplex|studio|"
                r"(?:one|two|three|1|2|3)[\s-]?bed(?:room)?)")
"""The homes one is "in" when one lives there ("I'm in a condo in Canmore"); a cabin, a
cottage or a place is as often a holiday's."""
_HOME_IN = lazy_regex(rf"^(?:a|an|the|our|my|un|una|el|la|mi|nuestro|nuestra)\s+"
                      rf"(?:[\w'-]+\s+){{0,3}}?(?:{_HOME}|{_LIVING_HOME}|{_HOME_ES})\s+(?:in|en)\s+(?=\S)",
                      re.IGNORECASE)
"""A home before its place in a location's value ("a two-bedroom in Leith"): the place."""
_NOT_STAYING = _r(r"\b(?:weekend|holiday|holidays|vacation|trip|airbnb|hotel|hostel|week|"
                  r"night|nights|tonight|visiting|conference|summer|vacaciones|finde|viaje|"
                  r"semana|noche|noches|verano|puente)\b")
"""Words of a stay, not a home ("I'm in a flat in Porto for the weekend")."""
_LIVING_HOME_IN = (rf"(?:[\w'-]+\s+){{0,3}}?{_LIVING_HOME}\s+in\s+"
                   rf"(?![^.;!?]*{_NOT_STAYING.pattern})")
"""A home one lives in before its place, not a stay's ("... two bedroom in Leith", not "...
flat in Porto for the weekend"): the end of a rule a subject and a verb open."""
_VISITING = (r"\b(?:visit|visiting|visita|visitando|de\s+paso|conference|congreso|business|"
             r"negocios|work\s+trip|a\s+few\s+days|unos\s+dias|for\s+now|por\s+ahora|"
             r"until|hasta)\b")
"""Words of a stay that ``_NOT_STAYING`` leaves to the rules it serves ("de visita", "for a
conference", "until Friday"): a town one is in only says where one lives without them."""
_NO_STAY_AFTER = rf"(?![^.;!?]*(?:{_NOT_STAYING.pattern}|{_VISITING}))"
"""No word of a stay or a visit in the rest of the sentence: how the rules of a town one is
in now, or settling in to, end."""
_NOW_HOME = (r"(?=[^.;!?]*\b(?:(?:new|nuev[oa])\s+(?:[\w-]+\s+)?(?:flat|apartment|house|home|"
             r"place|flatmates?|housemates?|roommates?|neighbou?rs?|piso|casa|apartamento|"
             r"barrio|vecin[oa]s|companer[oa]s\s+de\s+piso)|(?:vivo|vivimos)\s+con|"
             r"(?:compartiendo|comparto|compartimos)"
             r"\s+piso|(?:piso|casa|apartamento)\s+(?:nuev[oa]|compartido)|(?:he|hemos)\s+"
             r"alquilado\s+(?:un|una|el|la)\s+(?:piso|casa|apartamento|estudio)|(?:rented|"
             r"signed\s+the\s+lease\s+on)\s+(?:a|an|the)\s+(?:flat|apartment|house|studio)|"
             r"the\s+move|la\s+"
             r"mudanza|unpack\w*|boxes|cajas|desempaquet\w*)\b)")
"""A home in the rest of the sentence ("the new flat is lovely", "compartiendo piso en
Lavapiés", "he alquilado un piso", "vivo con mi prima", "the move is done"): only then does
"I'm in Braga now" / "ya estoy en Madrid" say where one lives, not where one is today."""
_A_PAST_STAY = (r"\b(?:for\s+(?:a|an|one|two|three|four|a\s+few|some)\s+(?:days?|months?)|"
                r"back\s+(?:in|when)|years?\s+ago|when\s+i\s+was|por\s+(?:un|una|unos|unas|dos|"
                r"tres)\s+(?:dias?|mes|meses)|hace\s+(?:\w+\s+)?anos|cuando\s+(?:era|estaba))\b")
"""A rental told as done that was a stay or a home of the past ("for a month", "back in
college", "years ago", "por un mes", "hace años", "cuando era estudiante")."""

_BACK_ES = (r"(?:ha\s+vuelto|volvio|se\s+ha\s+vuelto|se\s+volvio|ha\s+regresado|regreso)\s+a\s+"
            r"(?:vivir\s+(?:a|en)\s+)?")
"""Someone gone back where they lived, past ("ha vuelto a", "volvió a", "regresó a"); the
place rule keeps habits out ("ha vuelto a fumar")."""

_RULES: tuple[_Rule, ...] = (
    # location, first person
    _Rule("location", _r(rf"\b(?:i|we)\s+{_ADV}live\s+in\s+")),
    _Rule("location", _r(rf"(?:\b(?:i'm|i am|we're|we are)\s+{_ADV}|{_STILL_UNSAID})"
                         r"(?:living|based|located)\s+in\s+")),
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:moved|relocated)"
                         r"(?:\s+back)?\s+to\s+"), place=True),
    # no subject at a clause's start: "2025-04-01: Moved to Montreal for the new job"
    _Rule("location", _r(rf"{CLAUSE_START}{_ADV}(?:moved|relocated)(?:\s+back)?\s+to\s+"),
          place=True),
    # "I left London and moved to Leeds": the second clause of the speaker's sentence
    _Rule("location", _r(rf"\b(?:and|then)\s+{_ADV}(?:moved|relocated)(?:\s+back)?\s+to\s+"),
          place=True, first_person=True),
    # a move ahead: "I'm moving to Lisbon on May 20th" (from the day it names, if any)
    _Rule("location", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:moving|relocating)"
                         r"(?:\s+back)?(?:\s+from\s+[^,;.]{1,40}?)?\s+to\s+"), place=True),
    # a move with its day: "I move to Stockport tomorrow", "me mudo a Sevilla mañana" (no
    # day word: a habit or a wish, "when I move to a new city"; ``moves``)
    _Rule("location", _r(rf"\b(?:i|we)\s+{_ADV}move\s+(?:back\s+)?to\s+"), place=True,
          soon=True),
    _Rule("location", _r(r"\b(?:me\s+(?:mudo|traslado)|nos\s+(?:mudamos|trasladamos))\s+"
                         r"(?:de\s+nuevo\s+)?a\s+"), place=True, soon=True),
    # "we moved again, to Porto", "I relocated abroad: to Berlin"
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:moved|relocated)\s+"
                         r"(?:again|abroad|house|once\s+more)\s*[,:]?\s*to\s+"), place=True),
    # "we've lived in Porto since September", "I've been living in Leeds for a year", told to
    # a friend without the subject: "Living in Leeds now, loving it" (a time word must follow
    # the place: not "living in Leeds is expensive")
    _Rule("location", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have)\s+{_ADV}(?:lived|been\s+living)|"
                         rf"{CLAUSE_START}{_ADV}(?:been\s+)?living)\s+in\s+"
                         r"(?=[^,;.]{1,40}?\s+(?:since|for|now|these\s+days|nowadays)\b)"),
          place=True),
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:moved|relocated)\s+from\s+"
                         r"[^,;.]{1,40}?\s+to\s+"), place=True),
    _Rule("location", _r(r"\b(?:me\s+(?:he\s+mudado|mude)|nos\s+(?:hemos\s+mudado|mudamos))\s+"
                         r"de\s+[^,;.]{1,40}?\s+a\s+"), place=True),
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:came|come|gone|went|returned)"
                         r"\s+back\s+to\s+(?:live\s+in\s+)?"), place=True),
    _Rule("location", _r(r"\b(?:he\s+vuelto|volvi|hemos\s+vuelto|volvimos|he\s+regresado|"
                         r"regrese|hemos\s+regresado|regresamos)\s+a\s+"
                         r"(?:vivir\s+(?:a|en)\s+)?"), place=True),
    # settling in: "Finally settled in Lisbon!", "moved into the new place in Valencia",
    # "estamos instalados en Bilbao"
    _Rule("location", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have|'re|\s+are|'m|\s+am)?\s+|{CLAUSE_START})"
                         rf"{_ADV}(?:settled|(?:now\s+)?settled\s+down)\s+in\s+(?:to\s+)?"),
          place=True),
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}moved\s+into\s+[^,;.]{{1,40}}?"
                         r"\s+in\s+"), place=True),
    # moving in with someone, where: "I'm moving in with Jess in Golden", "me voy a vivir con
    # Jess a Golden" (without a place it is someone's home, not a town: ``moves.move_in``)
    _Rule("location", _r(rf"\b(?:(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}moving|(?:i|we)(?:'ve|"
                         rf"\s+have)?\s+{_ADV}moved|{CLAUSE_START}{_ADV}moved)\s+in\s+with\s+"
                         r"[^,;.]{1,30}?\s+in\s+"),
          place=True),
    _Rule("location", _r(r"\b(?:me\s+(?:voy\s+a\s+vivir|mudo|he\s+mudado|mude|fui\s+a\s+vivir)|"
                         r"nos\s+(?:vamos\s+a\s+vivir|mudamos|hemos\s+mudado|fuimos\s+a\s+vivir))"
                         r"\s+con\s+[^,;.]{1,30}?\s+(?:a|en)\s+"), place=True),
    _Rule("location", _r(r"\b(?:(?:ya\s+)?(?:estoy|estamos)\s+instalad[oa]s?|me\s+he\s+instalado|"
                         r"nos\s+hemos\s+instalado|me\s+instale|nos\s+instalamos)\s+en\s+"),
          place=True),
    # settling in, told as it goes on: "Settling in to York now that the move is done", "me
    # estoy instalando en Bilbao" (not a stay: "settling in to Porto for the week")
    _Rule("location", _r(rf"(?:\b(?:i'm|i\s+am|we're|we\s+are)\s+|{CLAUSE_START}){_ADV}settling"
                         r"\s+in(?:to|\s+to)?\s+(?!(?:the|a|an|my|our)\b)"
                         + _NO_STAY_AFTER), place=True),
    _Rule("location", _r(r"\b(?:me\s+estoy|nos\s+estamos)\s+instalando\s+en\s+"
                         + _NO_STAY_AFTER), place=True),
    # a town one is in now, with the home that says it is one's own: "I'm in Braga now, the
    # new flat is lovely", "ya estoy en Madrid, compartiendo piso en Lavapiés" (not "I'm in
    # Braga for the weekend", "ya estoy en Madrid de visita": ``_NOT_STAYING``, ``_VISITING``)
    _Rule("location", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+|finally\s+)*in\s+"
                         rf"(?=[^,;.!?]{{1,40}}?\s+now\b|(?<=now\sin\s)){_NOW_HOME}"
                         + _NO_STAY_AFTER), place=True,
          alone=True),
    _Rule("location", _r(r"\b(?:ya|ahora|por\s+fin)\s+(?:estoy|estamos)\s+en\s+"
                         rf"{_NOW_HOME}{_NO_STAY_AFTER}"),
          place=True, alone=True),
    # one's new home in a place: "Acabo de llegar a mi nuevo piso en Bilbao", "our new house
    # in Leeds has a garden" (not someone else's, "my sister's new flat in Leeds", nor one
    # still to come, "my new flat in Bilbao will be ready in June")
    _Rule("location", _r(r"\b(?:(?:my|our)\s+new\s+(?:" + _HOME + "|" + _LIVING_HOME + r")\s+in|"
                         r"(?:mi|nuestr[oa])\s+(?:nuev[oa]\s+" + _HOME_ES + "|" + _HOME_ES
                         + r"\s+nuev[oa])\s+en)\s+(?![^.;!?]*\b(?:will|won't|isn't|is\s+not|"
                         r"going\s+to|estara|va\s+a|no\s+esta)\b)"), place=True, alone=True),
    # the second clause of one sentence: "I work at Siemens and live in Salford"
    _Rule("location", _r(rf"\b(?:and|but|then)\s+{_ADV}live\s+in\s+"), first_person=True),
    _Rule("location", _r(rf"\b{_ADV_ES}(?:vivo|vivimos|resido|residimos)\s+en\s+")),
    _Rule("location", _r(r"\bestoy\s+viviendo\s+en\s+")),
    # "me he mudado a Gijón", "me vine a vivir a Gijón", "nos fuimos a vivir a Oviedo"
    _Rule("location", _r(
        r"\b(?:me\s+(?:he\s+mudado|mude|he\s+trasladado|traslade)|"
        r"nos\s+(?:hemos\s+mudado|mudamos|hemos\s+trasladado|trasladamos)|"
        r"(?:me|nos)\s+(?:vine|vinimos|fui|fuimos|he\s+venido|hemos\s+venido|he\s+ido|"
        r"hemos\s+ido)\s+a\s+vivir)\s+a\s+"),
        place=True),
    # location, a named person
    _Rule("location", _r(
        rf"\b{_NAME}\s+{_ADV}(?:lives\s+in|is\s+living\s+in|(?:has\s+)?(?:moved|relocated)\s+to)\s+"
    ), named=True),
    _Rule("location", _r(
        rf"\b{_NAME}\s+{_ADV_ES}(?:vive\s+en|reside\s+en|se\s+(?:ha\s+)?(?:mudado|mudo)\s+a|"
        r"se\s+(?:ha\s+ido|fue)\s+a\s+vivir\s+a)\s+"
    ), named=True),
    # back where they lived: "Clara volvió a Sevilla", "Luis ha regresado a Lima" (a place:
    # "ha vuelto a fumar" is a habit)
    _Rule("location", _r(rf"\b{_NAME}\s+{_ADV_ES}{_BACK_ES}"), named=True, place=True),
    # a relative's home and work, under the relative ("my sister moved to Lyon", "mi hermano
    # trabaja en Iberdrola": ``whose``; a friend unnamed is many people, a named one a name)
    _Rule("location", _r(
        rf"\b(?:my|our)\s+{_KIN_WORDS}{_KIN}\s+{_ADV}(?:lives\s+in|is\s+living\s+in|"
        r"(?:has\s+)?(?:moved|relocated)(?:\s+back)?\s+to)\s+"), place=True),
    _Rule("location", _r(
        rf"\b(?:mi|nuestr[oa])\s+{_KIN}\s+{_KIN_WORDS}{_ADV_ES}(?:vive\s+en|reside\s+en|"
        r"se\s+(?:ha\s+)?(?:mudado|mudo|trasladado|traslado)\s+a|se\s+(?:ha\s+ido|fue)\s+a\s+"
        r"vivir\s+a)\s+"), place=True),
    _Rule("location", _r(rf"\b(?:mi|nuestr[oa])\s+{_KIN}\s+{_KIN_WORDS}{_ADV_ES}{_BACK_ES}"),
          place=True),
    _Rule("employer", _r(
        rf"\b(?:my|our)\s+{_KIN_WORDS}{_KIN}\s+{_ADV}(?:works\s+(?:at|for)|is\s+{_ADV}working\s+"
        r"(?:at|for)|got\s+(?:a|the)\s+"
        r"(?:new\s+)?job\s+(?:at|with))\s+"), model=True, named_value=True),
    _Rule("employer", _r(
        rf"\b(?:mi|nuestr[oa])\s+{_KIN}\s+{_KIN_WORDS}{_ADV_ES}(?:trabaja\s+(?:en|para)|"
        r"(?:empezo|ha\s+empezado)\s+a\s+trabajar\s+(?:en|para))\s+"), model=True,
        named_value=True),
    # whose new job it is, said before it: "Sam's new job is at Stripe", "my brother's new
    # job is with Glovo", "my new job is at Stripe" (``whose`` reads the owner; "my new job at
    # Kestrel Foods", with no "is", is ``jobs.JobChanges``')
    _Rule("employer", _r(r"(?:(?<='s\s)|(?<=’s\s)|(?<=\bmy\s))(?:new\s+|current\s+)?"
                         r"(?:job|position|role|gig)\s+is\s+(?:now\s+)?(?:at|with)\s+"),
          model=True, named_value=True),
    # employer
    _Rule("employer", _r(rf"\b(?:i|we)\s+{_ADV}work\s+(?:at|for)\s+")),
    _Rule("employer", _r(rf"\b(?:i'm|i am)\s+{_ADV}(?:working|employed)\s+(?:at|for|by)\s+")),
    # "joined" names an employer only when a name follows ("I joined Globex"; not "I joined
    # the call late" or "a gym")
    _Rule("employer", _r(rf"\b(?:i(?:'ve|\s+have)?\s+{_ADV}|(?:and|then)\s+(?:just\s+)?)joined\s+"),
          model=True, first_person=True),
    _Rule("employer", _r(rf"\bi(?:'ve|\s+have)?\s+{_ADV}started\s+(?:working\s+)?(?:at|for)\s+")),
    # "I handed in my notice at Barclays and started at Monzo" (a name: not "and started at 9")
    _Rule("employer", _r(rf"\b(?:and|then)\s+{_ADV}started\s+(?:working\s+)?(?:at|for)\s+"),
          model=True, named_value=True, first_person=True),
    # "I've been working at Zara since May", "he empezado en Inditex", "empecé en Zara"
    _Rule("employer", _r(rf"\b(?:i|we)(?:'ve|\s+have)\s+{_ADV}been\s+working\s+(?:at|for)\s+")),
    _Rule("employer", _r(r"\b(?:empece|he\s+empezado|comence|he\s+comenzado|acabo\s+de\s+"
                         r"(?:empezar|entrar))\s+(?:a\s+trabajar\s+)?en\s+"),
          model=True, named_value=True),
    _Rule("employer", _r(rf"{CLAUSE_START}{_ADV}started\s+(?:working\s+)?(?:at|for)\s+"),
          model=True),  # "2026-04-01: Started at Initech" (not "started at the gym")
    _Rule("employer", _r(rf"(?:\bi(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:started|got|began|"
                         r"took)\s+(?:a|my)\s+new\s+(?:job|role|position)\s+(?:at|with)\s+")),
    # the second clause of one sentence: "I live in Salford and work at Siemens"
    _Rule("employer", _r(rf"\b(?:and|but|then)\s+{_ADV}work\s+(?:at|for)\s+"),
          first_person=True),
    # a job started ahead, on a day (``ahead``): "Starting at Channel 4 next month", "I quit
    # Globex, starting at Initech on Monday", "I start at Siemens next week" (a name follows:
    # not "starting at 9", not "the gym")
    _Rule("employer", _r(rf"(?:\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ll\s+be|\s+will\s+be)?\s+|"
                         rf"{CLAUSE_START}){_ADV}{_STARTING_AT}"), model=True, named_value=True,
          soon=True),
    _Rule("employer", _r(rf"(?:,\s+|\b(?:and|then)\s+){_ADV}{_STARTING_AT}"), model=True,
          named_value=True, soon=True, first_person=True),
    # a return to work at a named place: "Going back to work in October, but at Wythenshawe
    # Hospital", "I'm heading back to work at Salford Royal" (a name follows: not "at the
    # weekend", "at 9")
    _Rule("employer", _r(rf"(?:\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ll|\s+will)?\s+|"
                         rf"{CLAUSE_START}){_ADV}(?:(?:going|go|went|heading|head|getting|get|"
                         r"coming|come|be)\s+)?back\s+to\s+work\b[^.;!?]{0,40}?\bat\s+"),
          model=True, named_value=True),
    # the same with "joining": "Tom: I left Globex last Friday, joining Initech in two weeks"
    _Rule("employer", _r(rf"(?:,\s+|\b(?:and|then)\s+){_ADV}joining\s+(?!the\b)"), model=True,
          named_value=True, soon=True, first_person=True, before=_A_JOB_LEFT),
    # a named person's job change, the person the sentence's subject: "Marta left Deloitte
    # and joined Accenture", "Tom quit Globex and started at Initech", "Mi amigo Jorge dejó
    # Indra y se fue a Amazon" (the ending is ``endings.left_named``'s; "My sister ... and
    # joined", "He quit his job and joined Acme" name no one)
    _Rule("employer", _r(
        rf"\b{_NAME}\s+(?:has\s+)?{_ADV}(?:quit|left|walked\s+out\s+of)\s+(?P<o>[^,;.]{{1,40}}?)"
        rf"\s+(?:and|then)\s+{_ADV}(?:joined|started\s+(?:working\s+)?(?:at|for)|"
        r"went\s+to\s+work\s+(?:at|for)|moved\s+to\s+work\s+(?:at|for))\s+"),
        named=True, model=True, named_value=True),
    _Rule("employer", _r(
        rf"\b{_NAME}\s+{_ADV_ES}(?:dejo|ha\s+dejado|renuncio\s+a|se\s+fue\s+de|se\s+ha\s+ido"
        r"\s+de)\s+(?P<o>[^,;.]{1,40}?)\s+(?:y|e)\s+(?:(?:se\s+)?(?:fue|ha\s+ido|marcho)\s+a"
        r"\s+trabajar\s+(?:a|en|para)|(?:entro|empezo|comenzo)\s+(?:a\s+trabajar\s+)?en|"
        r"ficho\s+por|"
        r"se\s+incorporo\s+a)\s+"),
        named=True, model=True, named_value=True),
    # a named person's new job told as news: "Hana got a job at the BBC", "Marta just landed
    # a role with Glovo" (a name must follow; "Tom got a job at the weekend" names no firm;
    # not "Lucía consiguió trabajo en Chicago": Spanish "en" names a town as often)
    _Rule("employer", _r(
        rf"\b{_NAME_NOT_ADV}\s+(?:has\s+)?{_ADV}(?:got|landed|accepted|started)\s+(?:a|the)\s+"
        r"(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(?:the\s+)?"),
        named=True, model=True, named_value=True),
    # one's own business opened, named: "I opened my own café, Slow Drip, today", "we
    # launched our own studio called Nido", "he abierto mi propia cafetería, La Tostadora"
    # (a business named nowhere gives no employer)
    _Rule("employer", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:opened|"
                         r"started|launched|founded|set\s+up)\s+(?:my|our)\s+(?:very\s+)?own\s+"
                         rf"(?:[\w-]+\s+){{0,2}}?{_OWN_BUSINESS}{_NAMED_NEXT}"), model=True),
    _Rule("employer", _r(r"\b(?:(?:he|hemos)\s+(?:abierto|montado|fundado|creado)|abri|abrimos|"
                         r"monte|montamos|funde|fundamos)\s+(?:mi|nuestr[oa])\s+propi[oa]\s+"
                         rf"(?:[\w-]+\s+){{0,2}}?{_OWN_BUSINESS_ES}{_NAMED_NEXT}"), model=True),
    # hired: "I've been hired by Siemens", "I got hired at Initech"; "me han contratado en
    # Indra", "me contrataron en Indra como enfermera"
    _Rule("employer", _r(r"\bi(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:was|got|been|"
                         r"am|'m)\s+(?:just\s+|finally\s+)?hired\s+(?:by|at|to\s+work\s+at)\s+"),
          model=True),
    _Rule("employer", _r(r"\bme\s+(?:han|ha)\s+(?:contratado|fichado|cogido)\s+"
                         r"(?:(?:como|de)\s+(?:[\w-]+\s+){1,3}?)?(?:en|para)\s+"), model=True),
    _Rule("employer", _r(r"\bme\s+(?:contrataron|ficharon|cogieron)\s+"
                         r"(?:(?:como|de)\s+(?:[\w-]+\s+){1,3}?)?(?:en|para)\s+"), model=True),
    # "I changed jobs, now I'm at Initech", "me he cambiado de trabajo, ahora estoy en X"
    # ("Switched jobs, now at Initech": the verb left out; "ahora en Madrid" is as often a town)
    _Rule("employer", _r(r"\b(?:changed|switched)\s+(?:jobs|companies|employers)\b[^.;]{0,40}?"
                         r"(?:(?:i'm|i\s+am)\s+(?:now\s+)?(?:at|with)|joined|to|now\s+(?:at|with))"
                         r"\s+"), model=True),
    _Rule("employer", _r(r"\b(?:me\s+he\s+cambiado|me\s+cambie|cambie)\s+de\s+(?:trabajo|empresa|"
                         r"curro)\b[^.;]{0,40}?(?:estoy|trabajo|entre)\s+(?:en|para)\s+"),
          model=True),
    # "me fichó Glovo", "me contrató Mercadona" ("Glovo hired me": ``_hired_facts``)
    _Rule("employer", _r(r"\bme\s+(?:ha\s+)?(?:fichado|fich[oó]|contrat[oó]|ha\s+contratado)\s+"),
          model=True),
    # "Day three at Northwind as a data engineer", "starting at Contoso as a platform engineer
    # on Monday": a workplace named as a name, then the role taken there
    _Rule("employer", _r(r"\b(?:starting|started|start|joining|joined|first\s+(?:day|week)|"
                         r"(?:day|week)\s+(?:one|two|three|four|five|\d+))\s+at\s+"
                         r"(?=[\w&.'-]+(?:\s+[\w&.'-]+){0,3}?\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?"
                         rf"{_ROLE}\b)"), model=True),
    # "I'm a backend developer at Lumen Freight": a role noun, then where
    # "I'm now the shelter manager at Paws & Claws": a role held ("the" one of its kind there)
    _Rule("employer", _r(rf"\b(?:i'm|i am)\s+{_ADV}(?:now\s+)?(?:a|an|the)\s+"
                         rf"(?:[\w-]+\s+){{0,3}}?{_ROLE}\s+(?:at|for)\s+")),
    # the job nouns that say nothing else ("I'm now a receptionist at Elm Street Clinic"):
    # the workplace must be a name ("a receptionist at the clinic" says no firm)
    _Rule("employer", _r(rf"\b(?:i'm|i am)\s+{_ADV}(?:now\s+)?(?:a|an|the)\s+"
                         rf"(?:[\w-]+\s+){{0,3}}?{_HELD_JOB}\s+(?:at|for)\s+"), named_value=True),
    # the job held still, its subject left out after a reply word: "Yep, still an ER nurse at
    # Providence St. Vincent", "yeah, still a data engineer at Brightwave" (a name follows;
    # not "My sister? Still a nurse at Kaiser": no reply word, maybe someone else's job)
    _Rule("employer", _r(rf"{CLAUSE_START}{_REPLY_WORD}[,!.]*\s+still\s+(?:a|an)\s+"
                         rf"(?:[\w-]+\s+){{0,3}}?(?:{_ROLE}|{_HELD_JOB})\s+(?:at|for)\s+"),
          named_value=True),
    # "Yo sigo en Brightwave Solar como ingeniero de datos", "sigo trabajando en Indra" (not
    # "sigo en Madrid": a role after "como" or the verb of working says it is a job)
    _Rule("employer", _r(rf"\b(?:yo\s+)?sigo\s+en\s+(?=[^.;!?,]{{1,50}}?\s+como\s+"
                         rf"(?:[\w-]+\s+){{0,2}}?{_ROLE_ES}\b)"), named_value=True),
    _Rule("employer", _r(r"\b(?:yo\s+)?sigo\s+trabajando\s+(?:en|para)\s+"), named_value=True),
    # a job left to join another: "I left Acme to join Initech", "quit Globex and joined
    # Initech as ..."; "I quit Brightwater, now at Elm Street Clinic" (a workplace left by its
    # name, then where one is now: "now at" alone is as often a place)
    _Rule("employer", _r(r"\b(?:left|quit)\s+(?P<o>[\w&.'-]+(?:\s+[\w&.'-]+){0,3}?)\s+to\s+"
                         r"(?:go\s+and\s+)?join\s+"), model=True, first_person=True),
    _Rule("employer", _r(r"\bquit\s+(?P<o>[\w&.'-]+(?:\s+[\w&.'-]+){0,3}?)(?:,|\s+and|;)\s+"
                         r"(?:(?:i'm|i\s+am)\s+)?"
                         r"(?:now|currently)\s+(?:working\s+)?(?:at|with|for)\s+"),
          model=True, first_person=True),
    _Rule("employer", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+)?{_OFFER}\s+")),
    # "Accepted a job as senior analytics engineer at Maré Energia", "took a role as ... with"
    _Rule("employer", _r(r"\b(?:accepted|got|landed|took|started|starting|start)\s+"
                         r"(?:a|an|the|my)\s+(?:new\s+)?(?:job|role|position)\s+as\s+(?:an?\s+)?"
                         r"(?:[\w-]+\s+){0,3}?"
                         rf"{_ROLE}\s+(?:at|with|for)\s+"), model=True),
    # "First day at Maré Energia." at a clause's start (no one else's first day): a name
    # follows, not "the gym"
    _Rule("employer", _r(rf"{CLAUSE_START}(?:my\s+)?first\s+(?:days?|weeks?|months?)\s+"
                         r"(?:of\s+work\s+)?at\s+(?!the\b)"), model=True),
    # "I work as a QA engineer at Telefónica"
    _Rule("employer", _r(rf"\b(?:i|we)\s+{_ADV}work\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){{0,3}}?"
                         rf"{_ROLE}\s+(?:at|for)\s+"), model=True),
    # "I'm joining Revolut as a senior engineer on June 15" (a name follows, not "the call")
    _Rule("employer", _r(rf"\b(?:i'm|i\s+am|i'll\s+be|i\s+will\s+be)\s+{_ADV}joining\s+"),
          model=True),
    # "I got the job at Cork University Hospital", "landed a role with Stripe", "I passed the
    # interview for a lab technician job at Labersa" (the interview passed is the job got)
    _Rule("employer", _r(rf"(?:\bi(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:got|landed|"
                         r"accepted|took|(?:passed|aced)\s+(?:the|my)\s+interviews?\s+for)\s+"
                         r"(?:a|an|the)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?"
                         r"(?:job|role|position)\s+(?:at|with)\s+"), model=True),
    # "me han dado el puesto de técnica en Labersa", "me dieron el trabajo en Indra", "la
    # plaza de ... en": the job given to the speaker
    _Rule("employer", _r(r"\bme\s+(?:han\s+dado|dieron|ha\s+dado|dio)\s+(?:el|la|un|una)\s+"
                         r"(?:puesto|trabajo|empleo|plaza)\s+(?:de\s+(?:[\w-]+\s+){1,3}?)?en\s+"),
          named_value=True),
    # "empiezo en Amazon el lunes", "me incorporo a Glovo en mayo"
    _Rule("employer", _r(r"\b(?:empiezo|empezare|voy\s+a\s+empezar|me\s+incorporo|"
                         r"me\s+incorporare|me\s+voy\s+a\s+incorporar)\s+(?:a\s+trabajar\s+)?"
                         r"(?:en|a)\s+"), model=True),
    # "entro en Indra el lunes", "entro a trabajar en Mapfre la semana que viene"
    _Rule("employer", _r(r"\b(?:entro|entramos)\s+(?:a\s+trabajar\s+)?en\s+"), model=True,
          named_value=True, soon=True),
    # "I quit Acme and accepted an offer at Northwind Bank"
    _Rule("employer", _r(rf"\b(?:and|then)\s+(?:just\s+)?{_OFFER}\s+"), model=True,
          first_person=True),
    # "I left Northwind and joined a startup called Cloudberry": the name after "called"
    _Rule("employer", _r(
        rf"(?:\bi(?:'ve|\s+have)?\s+{_ADV}|\b(?:and|then)\s+(?:just\s+)?|{CLAUSE_START}{_ADV})"
        rf"(?:joined|started\s+(?:working\s+)?(?:at|for)|work\s+(?:at|for)|{_OFFER})\s+"
        r"(?:an?\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:startup|start-up|company|firm|agency|bank|consultancy|studio|scale-?up|business|"
        r"shop|school|hospital|charity|ngo|lab)\s+(?:called|named)\s+"), model=True,
        first_person=True),
    _Rule("employer", _r(rf"\b{_ADV_ES}(?:soy|trabajo\s+como)\s+(?:[\w-]+\s+){{0,3}}?{_ROLE_ES}"
                         r"\s+en\s+")),
    # "trabajo de enfermera en el Hospital Miguel Servet" (not "... en el hospital": no name),
    # "trabajo de técnico de sonido en el Teatro Talía" (the role's field after it), "sigo
    # de enfermera en La Fe" (the job held on)
    _Rule("employer", _r(rf"\b{_ADV_ES}(?:trabajo|sigo(?:\s+trabajando)?)\s+de\s+"
                         rf"(?:[\w-]+\s+){{0,2}}?{_ROLE_ES}"
                         r"(?:\s+de\s+[\w-]+)?\s+en\s+"),
          named_value=True),
    _Rule("employer", _r(r"\b(?:he\s+)?acept(?:e|ado)\s+(?:una\s+|la\s+)?oferta\s+de\s+")),
    # "me han ofrecido un puesto en Quirón y lo he aceptado": an offer taken, said of oneself
    _Rule("employer", _r(r"\bme\s+(?:han\s+ofrecido|ofrecieron|ofrecio|ha\s+ofrecido)\s+"
                         r"(?:un|el|una|la)\s+(?:puesto|trabajo|empleo|plaza|contrato)\s+"
                         r"(?:de\s+[\w-]+\s+)?(?:en|con)\s+(?=[^.;!?]{1,60}?\s+y\s+(?:lo|la)\s+"
                         r"(?:he\s+aceptado|acepte)\b)")),
    _Rule("employer", _r(r"\b(?:(?:i|we)\s+|" + CLAUSE_START + r")(?:was|got|have\s+been|"
                         r"'ve\s+been)\s+offered\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?"
                         r"(?:job|role|position)\s+(?:at|with)\s+(?=[^.;!?]{1,60}?\s+and\s+"
                         r"(?:i\s+)?(?:accepted|took)\s+it\b)")),
    # "trabajo en X" is the verb, "un/mi/el trabajo en X" the noun: someone's job, maybe not
    # the speaker's ("a Diego le ofrecieron un trabajo en un estudio en Madrid")
    _Rule("employer", _r(rf"{_NOT_AFTER_DETERMINER}\b{_ADV_ES}trabajo\s+(?:en|para)\s+")),
    _Rule("employer", _r(r"\bestoy\s+trabajando\s+(?:en|para)\s+")),
    _Rule("employer", _r(
        r"\b(?:empece|he\s+empezado|comence|entre)\s+a\s+trabajar\s+(?:en|para)\s+")),
    _Rule("employer", _r(
        rf"\b{_NAME}\s+{_ADV}(?:works\s+(?:at|for)|is\s+working\s+(?:at|for))\s+"
    ), named=True),
    _Rule("employer", _r(rf"\b{_NAME}\s+{_ADV}(?:has\s+)?joined\s+"), named=True, model=True),
    # "Leo started at Google last week" (a name, capitalised: not "started at the bottom")
    _Rule("employer", _r(rf"\b{_NAME}\s+{_ADV}(?:has\s+)?started\s+(?:working\s+|a\s+(?:new\s+)?"
                         r"job\s+)?(?:at|with)\s+"), named=True, model=True),
    # the firm named after what it is: "I'm at a startup called Tandem now" (not "I'm at a bar
    # called The Swan": no workplace noun; Spanish "una startup que se llama X": _named_beside)
    _Rule("employer", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:at|with|working\s+"
                         rf"(?:at|for))\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{_FIRM_NOUNS}|{_WORKPLACES})\s+"
                         r"(?:called|named)\s+"), model=True),
    _Rule("employer", _r(
        rf"\b{_NAME}\s+{_ADV_ES}(?:trabaja\s+(?:en|para)|empezo\s+a\s+trabajar\s+(?:en|para))\s+"
    ), named=True),
    # what the user has: "my phone is (now) a Pixel 7", "I drive a Subaru", "mi movil es ..."
    *(_Rule(attribute, _r(rf"\bmy\s+(?:new\s+|current\s+)?{noun}\s+is\s+(?:now\s+)?"
                          r"(?:an?\s+|the\s+)?(?:old\s+|new\s+|used\s+|second-hand\s+)?"
                          r"(?=[\w])"), model=True)
      for noun, attribute in (("phone", "phone"), ("mobile", "phone"), ("car", "car"),
                              ("laptop", "laptop"), ("computer", "laptop"))),
    _Rule("car", _r(rf"\b(?:i|we)\s+{_ADV}drive\s+(?:an?\s+|the\s+)?{_LOOKS}"), model=True),
    # a make held now, its kind the make's: "ahora tenemos un Dacia Duster", "I'm on a MacBook
    # Air now", "we're a Tesla household now" (not "tengo una cita", "I'm on a Zoom call")
    _Rule("", _r(rf"\b(?:(?:ahora\s+)?(?:tengo|tenemos|conduzco|conducimos)\s+(?:ahora\s+)?"
                 rf"(?:un|una)|"
                 rf"(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}on\s+(?:an?|the)(?:\s+new)?)\s+"
                 rf"(?={MAKE})"), model=True),
    _Rule("car", _r(rf"\b(?:we're|we\s+are)\s+{_ADV}an?\s+(?={MAKE}\s+(?:household|family)\b)"),
          model=True),
    *(_Rule(attribute, _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:bought|got|ordered|picked\s+up)"
                          rf"\s+(?:myself\s+|ourselves\s+)?a\s+new\s+{noun}\s*(?:[,:(-]\s*)?"
                          r"(?:an?\s+|the\s+)?(?=[\w])"), model=True)
      for noun, attribute in (("phone", "phone"), ("car", "car"), ("laptop", "laptop"))),
    # the noun, then what it is: "I bought the car, by the way - a blue 2019 Nissan Leaf",
    # "we finally got our new phone: a Pixel 8", "we got an electric car, a used Chevy Bolt"
    # (a known make must follow)
    *(_Rule(attribute, _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:bought|got|ordered|leased|"
                          rf"picked\s+up)\s+(?:the|an?|my|our)\s+{_LOOKS}{noun}\b{_NAMED_AFTER}"
                          rf"\s*(?:an?\s+|the\s+|una?\s+)?{_LOOKS}(?={MAKE})"),
            model=True)
      for noun, attribute in (("phone", "phone"), ("car", "car"), ("laptop", "laptop"))),
    *(_Rule(attribute, _r(r"\b(?:me\s+(?:he\s+)?compr(?:e|ado)|he\s+comprado|nos\s+(?:hemos\s+)?"
                          r"compr(?:amos|ado)|compre|compramos)\s+(?:un|una|el|la|mi)\s+"
                          rf"(?:nuevo\s+|nueva\s+)?{noun}\b{_NAMED_AFTER}\s*(?:un\s+|una\s+|el\s+|"
                          rf"la\s+)?{_LOOKS}(?={MAKE})"), model=True)
      for noun, attribute in (("movil", "phone"), ("coche", "car"), ("portatil", "laptop"))),
    # no noun, a make: "I just got a Pixel 8", "switched from the Pixel to an iPhone 15",
    # "traded in my Civic for a Tesla Model 3" (attribute "": the make's kind, ``makes``)
    _Rule("", _r(rf"\b(?:(?:i|we)(?:'ve|\s+have)?|(?:and|then))\s+{_ADV}(?:(?:bought|ordered|"
                 r"leased|upgraded\s+to)\s+(?:myself\s+|ourselves\s+)?(?:an?\s+|the\s+|my\s+)?|"
                 r"(?:got|picked\s+up)\s+(?:myself\s+|ourselves\s+)?(?:an?\s+)?)"
                 rf"{_LOOKS}(?={MAKE})"), model=True, first_person=True),
    # no speaker at a clause's start: "2026-03-02: Bought an iPhone 16 today"
    _Rule("", _r(rf"{CLAUSE_START}{_ADV}(?:bought|ordered|got)\s+(?:myself\s+)?"
                 rf"(?:an?\s+|the\s+)?{_LOOKS}(?={MAKE})"), model=True),
    # a reply opening with the purchase: "no, picked up a used Toyota 4Runner on Monday",
    # "yeah, bought a Kia last week" (a yes/no before it; not "they picked up a Toyota")
    _Rule("", _r(rf"{CLAUSE_START}(?:{_REPLY_WORD}\W+)+{_ADV}(?:bought|ordered|got|picked\s+up)"
                 rf"\s+(?:myself\s+)?(?:an?\s+|the\s+)?{_LOOKS}(?={MAKE})"), model=True),
    _Rule("", _r(rf"{CLAUSE_START}{_ADV}picked\s+up\s+(?:myself\s+)?(?:an?\s+)?"
                 rf"(?:used|new|second-hand|secondhand)\s+{_LOOKS}(?={MAKE})"), model=True),
    # "I went for a Fairphone 5", "we opted for a Kia"
    _Rule("", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:went|gone|opted|settled)\s+for\s+"
                 rf"(?:an?\s+|the\s+)?{_LOOKS}(?={MAKE})"), model=True),
    _Rule("", _r(r"\b(?:me\s+(?:he\s+)?compr(?:e|ado)|compre|he\s+comprado|nos\s+(?:hemos\s+)?"
                 r"compr(?:amos|ado))\s+(?:un|una|el|la)\s+" + _LOOKS + "(?=" + MAKE + ")"),
          model=True),
    _Rule("", _r(r"\b(?:switched|changed|upgraded)\s+from\s+[^,;.]{1,40}?\s+to\s+"
                 rf"(?:an?\s+|the\s+)?(?:new\s+)?(?={MAKE})"), model=True),
    # "I've moved over to an iPhone", "me he pasado al iPhone 15", "cambié el Xiaomi por un Pixel"
    _Rule("", _r(r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|" + CLAUSE_START + r")(?:just\s+|finally\s+)?"
                 r"(?:switched|moved|changed|gone)\s+(?:over\s+)?to\s+(?:an?\s+|the\s+)?"
                 r"(?:new\s+)?(?=" + MAKE + ")"), model=True),
    _Rule("", _r(r"\b(?:me\s+(?:he\s+)?pas(?:ado|e)|nos\s+(?:hemos\s+)?pas(?:ado|amos)|"
                 r"me\s+(?:he\s+)?cambi(?:ado|e)|nos\s+(?:hemos\s+)?cambi(?:ado|amos))\s+"
                 r"(?:al\s+|a\s+(?:un|una|el|la)\s+|a\s+)(?:nuevo\s+|nueva\s+)?(?=" + MAKE + ")"),
          model=True),
    _Rule("", _r(r"\b(?:cambie|cambiamos|he\s+cambiado|hemos\s+cambiado)\s+(?:el|la|mi|nuestro|"
                 r"nuestra)\s+[^,;.]{1,40}?\s+por\s+(?:un|una|el|la)\s+(?:nuevo\s+|nueva\s+)?"
                 r"(?=" + MAKE + ")"), model=True),
    # "traded in my Civic for a Tesla", "swapped the iPhone 15 for a Fairphone 5", "replaced
    # the dying Pixel 6 with an iPhone 15"
    _Rule("", _r(r"\b(?:traded|swapped|exchanged)\s+(?:in\s+)?(?:my|our|the)\s+[^,;.]{1,40}?\s+"
                 rf"for\s+(?:an?\s+|the\s+)?(?:new\s+|used\s+)?(?={MAKE})"), model=True),
    _Rule("", _r(r"\breplaced\s+(?:my|our|the)\s+[^,;.]{1,40}?\s+with\s+(?:an?\s+|the\s+)?"
                 rf"(?:new\s+|used\s+)?(?={MAKE})"), model=True),
    *(_Rule(attribute, _r(rf"\bmi\s+(?:nuevo\s+|nueva\s+)?{noun}\s+(?:es|ahora\s+es)\s+"
                          r"(?:ahora\s+)?(?:un\s+|una\s+|el\s+|la\s+)?(?=[\w])"), model=True)
      for noun, attribute in (("movil", "phone"), ("telefono", "phone"), ("coche", "car"),
                              ("portatil", "laptop"), ("ordenador", "laptop"))),
    # role (job title): "promoted me to staff engineer", "my title is now ..."
    # a promotion under way or ahead, dated the day it takes effect (``_day_it_happens``):
    # "I'm being promoted to senior analyst from June", "me van a ascender a jefa de sala"
    _Rule("role", _r(r"\b(?:i'm|i\s+am)\s+(?:being|getting)\s+promoted\s+to\s+(?:an?\s+|the\s+)?|"
                     r"\bi(?:'ll|\s+will)\s+be\s+promoted\s+to\s+(?:an?\s+|the\s+)?|"
                     r"\bme\s+(?:van\s+a\s+ascender|ascienden|ascenderan)\s+a\s+")),
    _Rule("role", _r(r"\b(?:i(?:\s+(?:was|got|have\s+been|just\s+got)|'ve\s+been)\s+promoted|"
                     r"(?:they|\w+)\s+promoted\s+me)\s+to\s+(?:an?\s+|the\s+)?")),
    _Rule("role", _r(CLAUSE_START + r"(?:just\s+|finally\s+)?(?:got|been)\s+promoted\s+to\s+"
                     r"(?:an?\s+|the\s+)?")),
    _Rule("role", _r(r"\bmy\s+(?:new\s+|current\s+)?(?:job\s+title|title|role|position)\s+is\s+"
                     r"(?:now\s+)?(?:an?\s+|the\s+)?")),
    _Rule("role", _r(r"\bme\s+(?:han\s+)?ascend(?:ido|ieron)\s+a\s+")),
    # diet: the value is the diet word itself
    _Rule("diet", _r(rf"\b(?:i'm|i am|we're|we are)\s+{_ADV}(?:now\s+)?(?:a\s+)?"
                     rf"{_FULLY}(?={_DIET}(?![\w-]))"), first_token=True),
    _Rule("diet", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:went|gone|turned|became|become)\s+"
                     rf"{_FULLY}(?={_DIET}(?![\w-]))"), first_token=True),
    # "I've switched from vegetarian to pescatarian"
    _Rule("diet", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:switched|changed|moved|"
                     rf"gone\s+back)\s+(?:from\s+(?:being\s+)?(?:a\s+)?[\w-]+\s+)?to\s+(?:being\s+)?(?:a\s+)?"
                     rf"{_FULLY}(?={_DIET}(?![\w-]))"), first_token=True),
    # a diet taken up: "I'm trying vegan for a month", "we're going vegetarian", "I'm on a
    # vegan diet"; "estoy probando la dieta vegana", "me estoy haciendo vegetariano"
    _Rule("diet", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:trying(?:\s+out)?|going|"
                     rf"eating|doing|on)\s+(?:an?\s+|the\s+)?{_FULLY}{_DIET_TAKEN}"),
          first_token=True),
    _Rule("diet", _r(rf"\b(?:estoy|estamos)\s+{_ADV_ES}(?:probando|siguiendo|haciendo)\s+"
                     rf"(?:(?:a\s+)?ser\s+|(?:una|la)\s+dieta\s+|lo\s+)?"
                     rf"{_DIET_TAKEN_ES}|\b(?:me\s+estoy|nos\s+estamos)\s+haciendo\s+{_DIET_TAKEN_ES}"),
          first_token=True),
    _Rule("diet", _r(rf"\b{_ADV_ES}(?:soy|somos|me\s+he\s+hecho|me\s+hice|nos\s+hemos\s+hecho|"
                     rf"nos\s+hicimos)\s+{_FULLY_ES}(?=(?:{_DIET_ES})(?![\w-]))"),
          first_token=True),
    # a named person's diet: "Yusuf is vegan now", "Chloe went vegan in May" (told with a
    # pronoun, or in Spanish: ``diets_named``)
    _Rule("diet", _r(rf"\b{_ONE_NAME}\s+{_ADV}(?:is|'s|went|became|turned|has\s+(?:gone|become|"
                     rf"turned))\s+{_ADV}(?:a\s+)?{_FULLY}(?={_DIET}(?![\w-]))"),
          named=True, first_token=True),
    # stack
    _Rule("stack", _r(
        r"\b(?:our|my|the)\s+(?:(?P<s>[\w.-]+)\s+)?(?:tech\s+)?stack\s+is\s+(?:now\s+)?")),
    _Rule("stack", _r(
        rf"\bwe(?:'ve|\s+have)?\s+{_ADV}(?:migrated|switched)\s+"
        r"(?:(?:the|our)\s+(?P<s>[\w.-]+)\s+)?to\s+")),
    _Rule("stack", _r(
        r"\b(?:nuestro|mi|el)\s+stack\s+(?:tecnologico\s+)?(?:de\s+(?P<s>[\w.-]+)\s+)?"
        r"es\s+(?:ahora\s+)?")),
    _Rule("stack", _r(
        r"\b(?:migramos|hemos\s+migrado|nos\s+(?:hemos\s+)?pasado)\s+"
        r"(?:(?:el|la|nuestro|nuestra)\s+(?P<s>[\w.-]+)\s+)?a\s+"
        # "nos hemos pasado a un Tesla": a car or a phone, not a stack
        r"(?!(?:(?:un|una|el|la)\s+)?(?:nuevo\s+|nueva\s+)?" + MAKE + ")")),
    # coding-agent facts
    _Rule("default_branch", _r(
        r"\bdefault\s+branch\s+(?:is|has\s+become|now\s+is)\s+(?:now\s+)?"), "repo",
        first_token=True),
    _Rule("default_branch", _r(
        r"\brama\s+(?:por\s+defecto|principal|predeterminada)\s+(?:es|ahora\s+es|pasa\s+a\s+ser)"
        r"\s+(?:ahora\s+)?"), "repo", first_token=True),
    # "The checkout tests run with ...": the checkout's command, not the project's (a kind
    # of test, "the unit tests", or "so tests run with ..." is the project's: ``names_a_suite``)
    _Rule("test_runner", _r(
        r"\b(?:(?P<s>[a-z][\w-]*)\s+)?tests?\s+(?:are\s+)?(?:now\s+)?(?:run|runs|executed)\s+"
        r"(?:with|using|via|through)\s+"),
        "project", cut_with=False),
    _Rule("test_runner", _r(
        rf"\bwe\s+{_ADV}(?:run\s+(?:the\s+|our\s+)?tests|test)\s+(?:with|using|via|through)\s+"),
        "project", cut_with=False),
    _Rule("test_runner", _r(r"\btest\s+runner\s+is\s+(?:now\s+)?"), "project", cut_with=False),
    _Rule("test_runner", _r(
        r"\b(?:tests|test|pruebas)\s+(?:de\s+(?:la\s+|el\s+|los\s+|las\s+)?(?P<s>[a-z][\w-]*)\s+)?"
        r"(?:se\s+)?(?:ejecutan|corren|lanzan)\s+con\s+"),
        "project", cut_with=False),
    _Rule("test_runner", _r(
        r"\b(?:ejecutamos|corremos|lanzamos)\s+(?:los\s+|las\s+)?(?:tests|pruebas)\s+con\s+"),
        "project", cut_with=False),
)
"""Trigger patterns whose value is the rest of the sentence."""

_JOB_NOUN_ES = (r"(?:guia|capitan|capitana|piloto|azafata|camarero|camarera|directora?|"
                r"encargad[oa]|gerente|cajer[oa]|recepcionista|bibliotecari[oa]|conductora?|"
                r"dependient[ea]|becari[oa]|auxiliar|soci[oa]|coordinadora?|supervisora?|"
                r"responsable|") + _ROLE_ES[3:]
_CHAT_RULES: tuple[_Rule, ...] = (
    # a home secured in a place: "we signed the lease on a casita in Santa Fe!!", "got the
    # keys to our flat in Leith", "we closed on a house in Pawtucket", "firmamos el contrato
    # de un piso en Triana", "nos hemos comprado una casa en Olot"
    _Rule("location", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:signed\s+"
                         r"(?:the|a|our|my)\s+(?:[\w-]+\s+)?lease|got\s+the\s+keys|closed|"
                         r"bought(?:\s+ourselves|\s+myself)?|(?:moved|relocated)(?:\s+from\s+"
                         r"[^,;.]{1,40}?)?)\s+(?:on|for|to|)\s*"
                         r"(?:a|an|the|our|"
                         rf"my)\s+(?:[\w'-]+\s+){{0,3}}?{_HOME}\s+in\s+"), place=True),
    _Rule("location", _r(r"\b(?:firmamos|firme|hemos\s+firmado|he\s+firmado)\s+(?:el|un)\s+"
                         r"(?:contrato|alquiler)\s+(?:de\s+alquiler\s+)?(?:de|del|para)\s+"
                         rf"(?:un|una|el|la|nuestro|nuestra|mi)?\s*(?:[\w-]+\s+){{0,2}}?{_HOME_ES}"
                         r"\s+en\s+"), place=True),
    # "nos mudamos de Chamberí a un piso más grande en Lavapiés": the home's place
    # "me mudé con Ignacio hace dos semanas, a un apartamento en Ciudad Vieja"
    _Rule("location", _r(r"\b(?:me\s+(?:he\s+mudado|mude|traslade)|nos\s+(?:hemos\s+mudado|"
                         r"mudamos|trasladamos))\s+(?:de\s+[^,;.]{1,40}?\s+|con\s+[^;.]{1,40}?"
                         r",?\s+)?a\s+(?:un|una|el|"
                         rf"la|nuestro|nuestra|mi)\s+(?:[\w-]+\s+){{0,3}}?{_HOME_ES}\s+"
                         r"(?:[\w-]+\s+){0,2}?en\s+"), place=True),
    _Rule("location", _r(r"\b(?:(?:me|nos)\s+(?:hemos\s+|he\s+)?compr(?:ado|e|amos)|"
                         r"(?:he|hemos)\s+comprado|compramos)\s+(?:un|una)\s+(?:[\w-]+\s+){0,2}?"
                         rf"{_HOME_ES}\s+en\s+"), place=True),
    # the move in told without its subject: "moved into the yellow house in Pawtucket last
    # weekend"; a move ahead on a day: "Moving to Tromsø next month"
    _Rule("location", _r(rf"{CLAUSE_START}{_ADV}moved\s+into\s+[^,;.]{{1,40}}?\s+in\s+"),
          place=True),
    _Rule("location", _r(rf"{CLAUSE_START}{_ADV}moving\s+(?:back\s+)?to\s+"), place=True,
          soon=True),
    # where the speaker's home is: "my apartment is in East Nashville", "nuestro piso está en
    # Gràcia" (not "my house is in a mess": a place's name follows)
    _Rule("location", _r(rf"\b(?:(?:my|our)\s+(?:new\s+)?|the\s+new\s+){_HOME}\s+is\s+"
                         r"(?:now\s+)?in\s+"),
          place=True),
    # a home got: "I got a one bedroom in Northeast", "we got a two-bed in Leith" (not a
    # stay: "got a flat in Porto for the weekend"; a home found is read with its move-in,
    # ``moves.move_in``: it may be someone else's)
    _Rule("location", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}got"
                         rf"\s+(?:a|an|our|my)\s+{_LIVING_HOME_IN}"), place=True),
    # "I'm in a condo in Canmore with a roommate", "we've been in the new house in Otley for
    # a month" (not a stay: "in a flat in Porto for the weekend", ``_NOT_STAYING``)
    _Rule("location", _r(rf"(?:\b(?:i'm|i\s+am|we're|we\s+are|(?:i|we)(?:'ve|\s+have)\s+"
                         rf"{_ADV}been)\s+{_ADV}|{_STILL_UNSAID})in\s+"
                         rf"(?:a|an|the|our|my)\s+{_LIVING_HOME_IN}"), place=True),
    # a home rented: "We're renting a flat in Chamberí for €1,450 a month", "we rent a
    # two-bed in Leith", "estamos alquilando un piso en Lavapiés" (not a stay: "renting a
    # flat in Porto for the weekend", "alquilamos una casa en Cádiz para el verano")
    _Rule("location", _r(rf"\b(?:(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:renting|subletting)|"
                         rf"(?:i|we)\s+{_ADV}rent)\s+(?:a|an|our|my)\s+{_LIVING_HOME_IN}"),
          place=True),
    # a home rented, told as done: "I rented a one-bedroom in Capitol Hill, close to the
    # park", "alquilamos un piso en Gràcia" (not a stay, not a past life: "we rented a flat
    # in Porto for a month", "I rented a studio in Brooklyn back in college")
    _Rule("location", _r(rf"\b(?:i|we)(?:'ve|\s+have)?\s+{_ADV}(?:rented|leased)\s+"
                         rf"(?:a|an|our|my)\s+{_LIVING_HOME_IN}(?![^.;!?]*{_A_PAST_STAY})"),
          place=True),
    _Rule("location", _r(r"\b(?:alquile|alquilamos|(?:he|hemos)\s+alquilado)\s+"
                         rf"(?:un|una)\s+(?:[\w-]+\s+){{0,2}}?{_HOME_ES}\s+(?:[\w-]+\s+){{0,2}}?en\s+"
                         rf"(?![^.;!?]*(?:{_NOT_STAYING.pattern}|{_A_PAST_STAY}))"), place=True),
    # the home left unsaid: "I finally left Leeds, I'm renting in York now"
    _Rule("location", _r(rf"\b(?:i'm|i\s+am|we're|we\s+are)\s+{_ADV}(?:renting|subletting)\s+in\s+"
                         rf"(?![^.;!?]*{_NOT_STAYING.pattern})"), place=True),
    _Rule("location", _r(r"\b(?:(?:estoy|estamos)\s+(?:ahora\s+)?alquilando|alquilo)\s+"
                         rf"(?:un|una)\s+(?:[\w-]+\s+){{0,2}}?{_HOME_ES}\s+(?:[\w-]+\s+){{0,2}}?en\s+"
                         rf"(?![^.;!?]*{_NOT_STAYING.pattern})"), place=True),
    _Rule("location", _r(rf"\b(?:mi|nuestro|nuestra)\s+(?:nuev[oa]\s+)?{_HOME_ES}\s+"
                         r"(?:nuev[oa]\s+)?(?:esta|queda)\s+(?:ahora\s+)?en\s+"), place=True),
    # "me voy a vivir a Cádiz", "nos vamos a vivir a Santa Fe en mayo"
    _Rule("location", _r(r"\b(?:me\s+voy|nos\s+vamos|me\s+fui|nos\s+fuimos|me\s+he\s+ido|"
                         r"nos\s+hemos\s+ido)\s+a\s+vivir\s+(?:a|en)\s+"), place=True),
    # a workplace started at on a day, named by its common noun: "starting at the archive on
    # Monday", "I start at the library next week", "empiezo en la biblioteca el lunes"
    *(_Rule("employer", _r(rf"{lead}{_ADV}{_STARTING_AT}(?=the\s+(?:[\w-]+\s+)?{_WORKPLACES}\b)"),
            soon=True, first_person=continued)
      for lead, continued in ((rf"(?:\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ll\s+be|\s+will\s+be)?"
                               rf"\s+|{CLAUSE_START})", False),
                              (r"(?:,\s+|\b(?:and|then)\s+)", True))),
    # a job got at a workplace named by its common noun: "I got a job at the library",
    # "landed a job at the bakery", "encontré trabajo en una panadería"
    _Rule("employer", _r(rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:got|landed|"
                         r"found|accepted|took)\s+(?:a|the|my)\s+(?:new\s+)?(?:[\w-]+\s+)?"
                         rf"(?:job|position|role|gig)\s+(?:at|with)\s+(?=the\s+(?:[\w-]+\s+)?"
                         rf"{_WORKPLACES}\b)")),
    _Rule("employer", _r(r"\b(?:he\s+encontrado|encontre|consegui|he\s+conseguido)\s+(?:un\s+)?"
                         r"(?:curro|empleo|puesto)\s+(?:de\s+[\w-]+\s+)?en\s+"), model=True,
          named_value=True),
    _Rule("employer", _r(r"\b(?:empiezo|empezare|voy\s+a\s+empezar|entro|me\s+incorporo)\s+"
                         r"(?:a\s+trabajar\s+)?(?:en|a)\s+"
                         rf"(?=(?:el|la|al)\s+(?:[\w-]+\s+)?{_WORKPLACES_ES}\b)"), soon=True),
    # a rank given: "they made me captain", "I was made head of science at Roosevelt", "me
    # han hecho capitana", "me nombraron jefa de sala" (the role noun must end it: "they made
    # me dinner", "made me cry" are no role)
    _Rule("role", _r(r"(?:\b(?:they|\w+)\s+(?:just\s+|finally\s+|officially\s+)?(?:made|named|"
                     r"appointed)\s+me|\bi(?:'ve|\s+have)?\s+(?:was|got|been|just\s+got)\s+"
                     rf"(?:made|named|appointed)|{CLAUSE_START}(?:just\s+|finally\s+)?got\s+"
                     r"(?:made|named|appointed))\s+(?:the\s+(?:new\s+)?|an?\s+(?:new\s+)?|our\s+)?"
                     rf"(?=(?:[\w-]+\s+){{0,3}}?{_JOB_NOUN}\b(?!\s+(?:dinner|lunch|a|an|the|"
                     r"some|coffee|breakfast)\b))")),
    _Rule("role", _r(r"\bme\s+(?:han\s+|ha\s+)?(?:hecho|hicieron|hizo|nombrado|nombraron|"
                     rf"nombro)\s+(?=(?:[\w-]+\s+){{0,2}}?{_JOB_NOUN_ES}\b)")),
    # a contract for a post: "me han hecho un contrato de investigadora", "he firmado un
    # contrato como técnico", "I signed a contract as a lab technician" (the role noun must
    # end it: "un contrato de alquiler", "a contract for the flat" are no role)
    _Rule("role", _r(r"\b(?:me\s+(?:han|ha)\s+(?:hecho|dado|ofrecido)|me\s+(?:hicieron|dieron)|"
                     r"(?:he|hemos)\s+firmado|firme)\s+(?:un|el|mi)\s+(?:nuevo\s+)?contrato\s+"
                     rf"(?:de|como)\s+(?=(?:[\w-]+\s+){{0,2}}?{_JOB_NOUN_ES}\b)")),
    _Rule("role", _r(r"\b(?:i(?:'ve|\s+have)?\s+|" + CLAUSE_START + r")(?:just\s+)?(?:signed|got)"
                     r"\s+(?:a|my|the)\s+(?:new\s+)?contract\s+as\s+(?:an?\s+)?"
                     rf"(?=(?:[\w-]+\s+){{0,3}}?{_JOB_NOUN}\b)")),
    # a role told ahead: "I'm gonna be science department head at Roosevelt starting this
    # fall!" (where, or when it starts, must be said: "I'm going to be a nurse" is a wish)
    _Rule("role", _r(r"\b(?:i'm|i\s+am)\s+(?:gonna|going\s+to)\s+be\s+(?:the\s+(?:new\s+)?|"
                     r"an?\s+(?:new\s+)?|our\s+)?"
                     rf"(?=(?:[\w-]+\s+){{0,3}}?{_JOB_NOUN}\s+(?:at\s+[A-Z]|at\s+\w|starting|"
                     r"from|as\s+of|in\s+(?:the\s+)?(?:fall|autumn|spring|summer|winter|"
                     r"january|february|march|april|may|june|july|august|september|october|"
                     r"november|december)|next|this\s+(?:fall|autumn|spring|summer|winter|"
                     r"year|month)))")),
)
_RULES = _RULES + _CHAT_RULES
_RULE_GATE = Gate(_RULES, lambda rule: rule.pattern)
"""The rules a sentence may match: those whose strings it holds (``needles``); a bench note's
sentence holds those of very few rules (~98 % of the tries skipped, ~2 ms of CPU a save)."""
_JOB_CHANGES = JobChanges(_JOB_NOUN, _JOB_NOUN_ES)
"""Going freelance, signing with a firm, leading a team (``jobs``)."""
_ROLE_CHANGES = RoleChanges(_JOB_NOUN, _JOB_NOUN_ES)
"""A role moved into ("I moved to a staff engineer role", ``role_changes``)."""
_WORK_IN_PASSING = WorkInPassing(_JOB_NOUN, _JOB_NOUN_ES)
"""A job told in passing with a role of any noun (``work_in_passing``)."""

_DATABASES = (
    "postgresql", "postgres", "mysql", "mariadb", "sqlite", "mongodb", "mongo", "redis",
    "dynamodb", "cassandra", "oracle", "sql server", "mssql", "cockroachdb", "elasticsearch",
    "opensearch", "couchdb", "neo4j", "clickhouse", "snowflake", "bigquery", "firestore",
    "supabase", "duckdb", "timescaledb", "influxdb", "valkey", "spanner", "aurora", "scylladb",
)  # fmt: skip
_DB = lazy_regex(r"^(?:" + "|".join(re.escape(d) for d in _DATABASES) + r")\b")

_COMPONENT = (
    r"service|api|app|application|backend|frontend|worker|server|microservice|pipeline|"
    r"cluster|module|system|platform|job|gateway"
)
_USES_EN = _r(
    rf"\b(?P<head>{_COMPONENT})\s+{_ADV}(?:uses|is\s+using|runs\s+on|is\s+running\s+on|"
    r"(?:has\s+)?(?:moved|migrated|switched)\s+to|is\s+backed\s+by|"
    r"(?:stores|keeps|saves|persists)\s+(?:its\s+|all\s+|the\s+)?(?P<stored>[\w-]+(?:\s+[\w-]+)?)"
    r"\s+in)"
    r"\s+"
)
_USES_ES = _r(
    r"\b(?P<s>(?:servicio|api|aplicacion|app|backend|frontend|modulo|sistema|microservicio|"
    r"plataforma)(?:\s+(?:de|del)\s+[\w-]+)?)\s+" + _ADV_ES
    + r"(?:usa|utiliza|emplea|corre\s+sobre|funciona\s+con|(?:se\s+)?(?:ha\s+)?migr(?:o|ado)\s+a|"
    r"(?:ha\s+)?pas(?:o|ado)\s+a)\s+"
)
_PREFER = _r(r"\b(?:(?:i|the\s+user)\s+(?:(?:really|strongly|generally|usually|always|still|"
             r"now)\s+)?prefers?|(?:my|the\s+user'?s)\s+preference\s+is|(?:yo\s+)?prefiero|"
             r"(?:el|la)\s+usuari[oa]\s+prefiere|mi\s+preferencia\s+es)\s+")
_PREFER_LEAD = lazy_regex(
    r"^(?:to\s+)?(?:use|using|have|work\s+with|usar|utilizar|trabajar\s+con)\s+"
)
_PREFER_TOPIC = lazy_regex(r"\s+(?:for|para)\s+")
_PREFER_ALT = lazy_regex(r"\s+(?:over|to|rather\s+than|instead\s+of|than)\s+")
_PREFER_ALT_ES = lazy_regex(
    r"\s+(?:antes\s+que|en\s+vez\s+de|en\s+lugar\s+de|sobre(?!\s+todo\b)|mas\s+que|"
    r"(?P<a>al|a))\s+")
"""What a preference is preferred to, in the language of its verb: the Spanish "a" ("prefiero
el té a la manzanilla", and "al", "a" and "el": "prefiero el té al café") is the English
article ("I prefer squash merges and a linear history" was keyed 'linear history vs squash
merges and'). "Sobre todo" is "above all", no alternative ("prefiero el té al café, sobre
todo por la tarde" was keyed 'te al cafe vs todo')."""
_ABOVE_ALL = lazy_regex(r"\s*,?\s+(?:sobre\s+todo|above\s+all|especially)\b")
"""Where a preference is said to hold most ("sobre todo por la tarde", "especially in
winter"): no part of what is preferred."""
_INFINITIVE = lazy_regex(r"^[a-z]*(?:ar|er|ir)(?:me|te|se|nos|lo|la|los|las|le|les)?\b")
"""A Spanish verb opening a preference: its "a" is where it goes ("prefiero ir a la playa",
"ir al gimnasio"), unless another verb follows ("prefiero correr a nadar")."""
_TOOL = _r(
    rf"\b(?:we|i)\s+{_ADV}(?:use|rely\s+on)\s+|\b(?:we're|we\s+are)\s+using\s+|"
    r"\b(?:usamos|utilizamos|empleamos|uso|utilizo)\s+"
)
_TOOL_TOPIC = lazy_regex(r"\s+(?:for|to|para|como)\s+")
_CHANGED = _r(
    r"\s+(?:has\s+|have\s+|was\s+|got\s+)?changed\s+from\s+.+?\s+to\s+|"
    r"\s+(?:ha\s+)?(?:cambiado|cambio|pasado|paso)\s+de\s+.+?\s+a\s+"
)
# "Our primary region is eu-west-1." / "The API rate limit is 100 requests per minute.": a
# whole short sentence that names a setting and its value. Strict on purpose (the subject is a
# determiner and up to four words, the value up to six words, nothing else in the sentence):
# descriptions ("The problem is that ...", "The cluster is a 3-node ...") are not facts.
_PLAIN_SETTING = _r(
    _OPENING + r"(?:(?:correction|update|actually|in\s+fact|correccion|actualizacion|"
    r"en\s+realidad)\s*[:,]?\s+)?"
    r"(?P<det>the|our|my|el|la|los|las|nuestro|nuestra|mi)\s+"
    r"(?P<x>[\w./+#-]+(?:\s+[\w./+#-]+){0,3})"
    r"\s+(?P<cop>is|are|es|son)\s+(?:called\s+|set\s+to\s+)?(?P<v>[^\s,;]+(?:\s+[^\s,;]+){0,5}?)"
    r"(?:\s+(?:now|ahora))?(?:\s*,\s*(?:not|no)\s+[^\s,;]+(?:\s+[^\s,;]+){0,5})?"
    r"\s*[.!]?\s*$"
)
"""'my manager is Ana', 'the staging database is pg-stage-2'; said as a correction too
('Correction: the rate limit is 250, not 100', 'Actually the pool size is 40'): the old
value it names after 'not' is the one the timeline's new value supersedes."""
_NOT_SETTINGS = frozenset(
    "problem issue reason idea goal plan point question answer thing result fix bug cause "
    "solution truth trick catch key difference downside upside risk concern worry hope "
    "problema razon idea objetivo plan punto pregunta respuesta cosa resultado causa "
    "solucion".split()
)
_NOT_VALUES = lazy_regex(r"^(?:that|to|a|an|the|not|very|so|too|quite|in|at|on|being|un|una|"
                         r"que|muy|no|en|usually|typically|generally|normally|often|sometimes|"
                         r"always|probably|someone|somebody|something|normalmente|"
                         r"generalmente|siempre|alguien|algo)\b")
"""A value opening with these is a rule of thumb or a description ("the connect timeout is
usually a few seconds", "the school office is someone I like"), not what a setting is set
to."""
_SIDE_ROLES = frozenset(
    "caching cache queue queuing queueing search session pub messaging message log logging "
    "metric analytic rate lock locking job background stream streaming cola colas busqueda "
    "sesion mensajeria".split()
)
_SIDE_STORES = frozenset(
    "state states session sessions cache caches cached queue queues job jobs log logs metric "
    "metrics lock locks secret secrets token tokens temp tmp backup backups copy copies "
    "file files asset assets image images".split()
)
_OF_SETTING = _r(
    _OPENING + r"(?:the|el|la)\s+(?P<a>[\w-]+(?:\s+(?:de\s+)?[\w-]+)?)\s+"
    r"(?P<c>of|de|del)\s+"
    r"(?P<art>the\s+|el\s+|la\s+|our\s+)?(?P<s>[\w./+#-]+(?:\s+[\w./+#-]+){0,3}?)\s+"
    r"(?:is|es)\s+(?:now\s+|ahora\s+)?(?=\S)"
)
"""A setting named by what it is of: "The database of the heron-crm project is MySQL 5.7",
"el proveedor de CI del proyecto es GitLab" -> (heron-crm project, database)."""
_OWNERS = frozenset(
    "proyecto project repo repositorio servicio service app aplicacion equipo team sistema "
    "system api backend frontend cliente client".split())
"""Common nouns that own settings ("el proveedor de CI del proyecto"); after "del" any other
is part of the setting's name ("el servidor SFTP del banco")."""
_BARE_NOUN = lazy_regex(r"[^\W\d_A-ZÁÉÍÓÚÑ]+")
"""One lower-case word without an article: after "de" it completes a Spanish compound noun
("base de datos", "panel de administración"), it names no owner ("del banco", "de la app",
"de Mercadillo", "de heron-crm" do)."""
_IS_NOW = _r(r"\s+(?:is\s+now|now\s+is|ahora\s+es|es\s+ahora)\s+")
_AND_IS_NOW = _r(r"\s*(?:,|;|\s+and|\s+y)\s+(?P<s>[\w.'’/-]+)" + _IS_NOW.pattern)
"""A list of renames: "ocean_raw is now tides_raw and ocean_mart is now tides_mart" is two
values, not one of 'tides_raw and ocean_mart is now tides_mart'. The match ends after its
"is now", where its value starts."""
_IS_THEN_NOW = _r(r"\s+(?:is|es)\s+(?=[^,;]+?\s+(?:now|ahora)\s*[.!]?$)")
_SWITCHED = _r(
    r"\b(?:we|i|nosotros)?\s*(?:have\s+|'ve\s+)?(?:switched|migrated|moved|changed)\s+from\s+"
    r"(?P<old>.+?)\s+to\s+|\b(?:cambiamos|migramos|pasamos)\s+de\s+(?P<old_es>.+?)\s+a\s+"
)
_SWITCHED_MINE = _r(
    r"\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|now\s+)?(?:switched|changed|moved)|"
    r"(?:he|hemos)\s+cambiado|cambie|cambiamos)\s+(?:my|our|mi|nuestr[oa])\s+"
    r"(?P<x>[^\W\d_]+(?:\s+[^\W\d_]+){0,2}?)\s+(?:(?:from|de)\s+[^,;]+?\s+)?"
    r"(?:over\s+)?(?:to|a|al|por)\s+(?:(?:an?|the|un|una|el|la)\s+)?")
"""A setting of the speaker's changed by naming it: "I switched my editor to Helix", "we
changed our CI provider from Travis to GitHub Actions", "cambié mi editor a Helix"."""
# "The billing service migrated its invoice storage from MySQL to PostgreSQL", "we moved the
# auth service from Heroku to Fly.io", "el servicio de pagos migró de MySQL a PostgreSQL": a
# change of what a component uses, told as a move. The subject is the component named as the
# object ("the auth service") or, for "its ..."/"su ...", the phrase before the verb.
_FROM_TO = _r(
    r"\b(?:(?:has|have|had|ha|han|hemos|he)\s+)?(?:migrated|moved|switched|changed|upgraded|"
    r"ported|migrado|migro|migramos|migraron|cambiado|cambio|cambiamos|pasado|paso|pasamos|"
    r"movido|movio|movimos)\s+(?:(?P<obj>(?:the|our|its|their|el|la|los|las|nuestro|nuestra|"
    r"su|sus)\s+[\w.'-]+(?:\s+[\w.'-]+){0,3})\s+)?(?:from|de)\s+(?P<old>[^,;]+?)\s+"
    r"(?:to|onto|over\s+to|a)\s+"
)
# "We finished moving the orders service to CockroachDB", "migrated the billing service to
# PostgreSQL", "hemos migrado el servicio de pagos a PostgreSQL": the same move, the old value
# left unsaid (the component must be named: "moved to Berlin" is no component's)
_MOVED_TO = _r(
    r"\b(?:migrated|migrating|moved|moving|switched|switching|ported|porting|migrado|migro|"
    r"migramos|migraron|movido|movimos|pasado|pasamos)\s+(?P<obj>(?:the|our|el|la|nuestro|"
    r"nuestra)\s+[\w.'-]+(?:\s+[\w.'-]+){0,3}?)\s+(?:over\s+)?(?:to|onto|a|al)\s+"
    r"(?!(?:an?\s+|the\s+|un\s+|una\s+|el\s+|la\s+)?(?:new|nuev[oa]|other|otr[oa])\b)"
)
_POSSESSIVE = frozenset("its their su sus".split())
_COMPONENT_WORD = lazy_regex(
    rf"\b(?:{_COMPONENT}|servicio|aplicacion|modulo|sistema|plataforma|microservicio)\b")
# "The billing service no longer uses MySQL, now it uses PostgreSQL" / "... ya no usa MySQL,
# ahora usa PostgreSQL": the value after "now" is the component's new one.
_NO_LONGER = _r(
    rf"\b(?P<s>(?:{_COMPONENT}|servicio|aplicacion|modulo|sistema|plataforma)(?:\s+(?:de|del)"
    r"\s+[\w-]+)?)\s+(?:is\s+|esta\s+)?(?:no\s+longer|ya\s+no)\s+(?:uses|runs\s+on|is\s+on|on|"
    r"usa|utiliza|en|esta\s+en)\s+[^,;]+?[,;]?\s+(?:and\s+|but\s+|y\s+)?(?:it\s+|they\s+)?"
    r"(?P<now>now|ahora)\s+(?:it\s+|they\s+)?(?:uses|runs\s+on|is\s+on|is\s+hosted\s+on|usa|"
    r"utiliza|corre\s+en|esta\s+en)?\s*"
)


def _component_value(subject: str, value: str) -> list[tuple[str, str, str]]:
    """(subject, attribute, value): a database, else what the component uses ("the tracking
    API's database" is the tracking API's)."""
    owner = re.match(r"^(?P<o>.+?)(?:'s|’s|s')?\s+(?:database|db|datastore)$", subject)
    if owner is not None:
        return [(owner.group("o"), "database", value)]
    if _DB.match(fold(value)):
        return [(subject, "database", value)]
    if value[:1].isupper() or re.search(r"[\d._/-]", value):
        return [(subject, "uses", value)]
    return []


def _moved_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    folded = span.folded
    out: list[tuple[int, str, str, str]] = []
    moved: list[tuple[int, int]] = []
    for m in _FROM_TO.finditer(folded):
        moved.append((m.start(), m.end()))
        subject = None
        obj = m.group("obj")
        if obj and obj.split()[0] not in _POSSESSIVE:
            words = span.original(m.start("obj"), m.end("obj")).split()[1:]
            subject = " ".join(words).lower() if words else None
        if subject is None:
            subject = _phrase_subject(span.original(0, m.start()), limit=4)
            subject = subject.lower() if subject else None
        value = clean_value(span, m.end(), len(folded), cut_with=True)
        if subject and value and _COMPONENT_WORD.search(fold(subject)):
            out.extend((m.start(), *fact) for fact in _component_value(subject, value))
    for m in _MOVED_TO.finditer(folded):
        if any(start <= m.start() < end for start, end in moved):
            continue  # "moved X from A to B" was read above
        words = span.original(m.start("obj"), m.end("obj")).split()[1:]
        subject = " ".join(words).lower()
        value = clean_value(span, m.end(), len(folded), cut_with=True)
        if subject and value and _COMPONENT_WORD.search(fold(subject)):
            out.extend((m.start(), *fact) for fact in _component_value(subject, value))
    for m in _NO_LONGER.finditer(folded):
        subject = _phrase_subject(span.original(0, m.end("s")), limit=4)
        value = clean_value(span, m.end(), len(folded), cut_with=True)
        if subject and value:
            out.extend((m.start("now"), *fact)
                       for fact in _component_value(subject.lower(), value))
    return out


# "X changed from A to B" where X ends in a known attribute: the fact joins that attribute's
# timeline ("the billing service database changed ..." is the billing service's database).
_TRAILING_ATTRIBUTES: dict[str, tuple[str | None, str]] = {
    "database": (None, "database"), "db": (None, "database"), "datastore": (None, "database"),
    "base de datos": (None, "database"), "stack": (None, "stack"),
    "default branch": ("repo", "default_branch"), "main branch": ("repo", "default_branch"),
    "rama por defecto": ("repo", "default_branch"), "rama principal": ("repo", "default_branch"),
    "test runner": ("project", "test_runner"), "ci provider": ("project", "tool:ci"),
    "ci": ("project", "tool:ci"), "package manager": ("project", "tool:package manager"),
    "editor": ("user", "tool:editor"), "ide": ("user", "tool:editor"),
}
"""The user's editor is ``tool:editor`` as a switch between two editors' names files it
(``tools``) and as "which editor do I use?" asks it (``questions``): filed as
'preference:editor', "My editor is Neovim" then "I switched my editor to Helix" answered that
question with no current value (an outside probe's concurrent-corrections round)."""
_KNOWN_ATTRIBUTES = {
    "location": "location", "city": "location", "address": "location", "home": "location",
    "employer": "employer", "company": "employer", "job": "employer", "stack": "stack",
    "ubicacion": "location", "ciudad": "location", "direccion": "location",
    "empresa": "employer", "empleador": "employer", "trabajo": "employer",
}  # fmt: skip
_CONNECTORS = frozenset({"de", "del", "of"})
_GENERIC_COMPONENTS = frozenset("tech technology current main new whole software".split())


_TIME_WORDS = frozenset(("yesterday today tonight tomorrow ayer hoy manana finally recently "
                         "eventually luego despues entonces").split())
"""Words that may open a sentence before the name of its subject ("Yesterday Marta ...")."""


def _named_subject(span: Folded, m: re.Match[str]) -> str | None:
    """The capitalised name in group ``s`` (last word alone if the first is not a name)."""
    words = span.original(m.start("s"), m.end("s")).split()
    if len(words) > 1 and fold(words[0]) in _TIME_WORDS:
        words = words[1:]  # "Yesterday Marta left ..."
    if len(words) == 1 and fold(words[0]) in _TIME_WORDS:
        return "user"  # "Yesterday moved to Lyon": no one named, the speaker
    if [fold(w) for w in words if fold(w) not in ARTICLES] in (["user"], ["usuario"], ["usuaria"]):
        return "user"  # "The user lives in Porto": an agent's note about its user
    while words:
        if all(w[:1].isupper() and fold(re.split(r"['’]", w)[0]) not in STOPWORDS for w in words):
            return " ".join(words)
        words = words[1:]
    return None


def _phrase_subject(prefix: str, head: str = "", limit: int = 5) -> str | None:
    """A short noun phrase ending the clause before a trigger ('the deploy target')."""
    clause = re.split(r"[,;:]|\s[-–—]\s", prefix)[-1]
    words = re.findall(r"[\w.'/+#]+", clause)
    picked: list[str] = []
    for index in range(len(words) - 1, -1, -1):
        word = words[index]
        if len(picked) >= limit:
            break
        if fold(word) in _CONNECTORS and picked and index > 0:
            if fold(words[index - 1]) not in STOPWORDS:
                picked.insert(0, word)  # "destino de despliegue", "city of residence"
                continue
        if fold(word) in STOPWORDS:
            break
        picked.insert(0, word)
    if head:
        picked = picked[-2:] + [head]
    if not picked:
        return None
    subject = " ".join(picked)
    return None if normalise_subject(subject) in FIRST_PERSON else subject


_NOT_TITLES = frozenset(
    """great good fine fun exciting hard tough demanding challenging stressful busy amazing
    awesome interesting boring ok okay going so really very quite much more less different
    better worse harder easier intense brilliant lovely nice terrible awful not""".split())
"""Words that say how a role is, not what it is ("my new role is great")."""
_PLACE_ENDS = lazy_regex(r"\s+(?:(?:and|y|e)\s+(?=[^\W\d_A-ZÁÉÍÓÚÑ])|(?:now|ahora)\b)")
"""A conjunction followed by a lower-case word ends a place's name ("Sevilla y cumple 64
años"); a capitalised one continues it ("Trinidad and Tobago", "Bosnia y Herzegovina"). So
does "now" ("York now that the move is done")."""


_PLACE_WORDS = lazy_regex(
    r"^(?:(?:the|el|la|los|las)\s+)?[^\W\d_a-záéíóúñ][\w'’.-]*"
    r"(?:\s+(?:(?:de|del|de\s+la|de\s+los|de\s+las|upon|on|of|the|el|la|di|da|do|dos|das|du|"
    r"le|sur|am|an|and|y|i)\s+)*[^\W\d_a-záéíóúñ][\w'’.-]*)*")
"""A place's name: capitalised words and the small words between them ("Newcastle upon
Tyne", "Santiago de Compostela"); a lower-case word after it is the sentence going on ("Cardiff
has a tiny balcony", "Cádiz poco a poco")."""


_NEAR = lazy_regex(r"\s+(?:near|next\s+to|close\s+to|beside|by\s+the|cerca\s+de|junto\s+al?)\s",
                   re.IGNORECASE)
"""What a place is near is no part of its name ("Valladolid near the river")."""


_IN_PLACE = lazy_regex(r"\s+(?:in|en)\s+(?=[A-ZÁÉÍÓÚÑ])")


def _without_site(value: str) -> str:
    """An employer named by its name, without the town or site it is in ("the BBC in
    MediaCity", "Indra en Madrid" -> "the BBC", "Indra"), so the same firm told from another
    office is the same value; a common noun keeps its place ("the hospital in Leeds")."""
    name = _IN_PLACE.split(value, maxsplit=1)[0]
    return name if any(w[:1].isupper() for w in name.split()) else value


_AT_FIRM = lazy_regex(r"\s+(?:at|with|for|en|con|para)\s+(?=[A-ZÁÉÍÓÚÑ])")
"""Where a role is held, after it: "senior engineer at Greenhouse", "jefa de sala en Lidl"."""


_DESCRIBED = lazy_regex(r"(?:a|an|un|una)\s", re.IGNORECASE)


def _named_beside(span: Folded, start: int, value: str) -> str:
    """A workplace described, then named after a comma ("I work at a small startup,
    Nubalia", "trabajo como arquitecta en un estudio pequeño en Valencia, Estudio Albufera"):
    the name. A description with no name beside it stays as it was ("a startup in Leeds")."""
    if not _DESCRIBED.match(value):
        return value
    called = _CALLED_IN.search(value)
    if called is not None:  # "a small startup called Nubalia": the value ran over the name
        return called.group("n")
    rest = span.text[len(span.original(0, start)):]
    at = rest.find(value)
    if at < 0:
        return value
    name = _NAME_BESIDE.match(rest, at + len(value))
    if name is None or fold(name.group("n").split()[0]) in STOPWORDS:
        return value
    return name.group("n").rstrip(".'")


_NAME_BESIDE = lazy_regex(r"(?:,\s+|\s+(?:called|named|que\s+se\s+llama|llamad[oa])\s+)"
                          r"(?P<n>[A-ZÁÉÍÓÚÑ][\w&.'-]*(?:\s+(?:de\s+|del\s+|of\s+|&\s+)?"
                          r"[A-ZÁÉÍÓÚÑ0-9][\w&.'-]*)*)(?=\s*(?:$|[.,;:!?)]))")
"""A name set off by a comma, or given by "called", "que se llama", that ends its clause (",
Estudio Albufera.", "una startup que se llama Fintonic")."""
_CALLED_IN = lazy_regex(r"\s(?:called|named|que\s+se\s+llama|llamad[oa])\s+"
                        r"(?P<n>[A-ZÁÉÍÓÚÑ][\w&.'-]*(?:\s+[A-ZÁÉÍÓÚÑ0-9][\w&.'-]*)*)$")
"""A description's own name at its end ("a small startup called Nubalia")."""


def _role_at(value: str) -> tuple[str, str]:
    """(the role, the firm it is held at or "") of a role's value: "promoted to senior
    engineer at Greenhouse" holds the title "senior engineer" at the employer "Greenhouse"
    (the role alone is what "My title is senior engineer" later names, and the firm is the
    speaker's employer, as "I'm now the shelter manager at Paws & Claws" gives both)."""
    at = _AT_FIRM.search(value)
    if at is None or at.start() == 0:
        return value, ""
    return value[: at.start()].strip(), _without_site(value[at.end():].strip())


def _name_words(value: str) -> str:
    """A name's words without what the sentence goes on to say after it ("Nubeo done",
    "Google went well" -> "Nubeo", "Google"); lower-case words inside it stay ("Bank of
    America", "Universidad de Sevilla")."""
    words = value.split()
    named = [i for i, word in enumerate(words) if any(c.isupper() or c.isdigit() for c in word)]
    return " ".join(words[:named[-1] + 1]) if named else value


_JOB_LEFT = lazy_regex(r"(?:his|her|their|su)\s+(?:job|position|role|trabajo|empleo|puesto)\b",
                      re.IGNORECASE)


def _a_workplace_left(said: str) -> bool:
    """What a named person left is a job: a name after an optional article ("Deloitte", "the
    BBC", "la Caixa") or their job ("her job at Acme"); not "smoking", "the room"."""
    words = [w for w in said.split() if fold(w) not in ARTICLES]
    return bool(_JOB_LEFT.match(said)) or (bool(words) and words[0][:1].isupper())


def _rule_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """(trigger start, subject, attribute, value) for every rule match in a sentence."""
    folded = span.folded
    out: list[tuple[int, str, str, str]] = []
    in_passing: list[tuple[int, str, str, str]] = []  # the ``alone`` rules' facts
    for rule in _RULE_GATE.open_for(folded):  # the others match nowhere in this sentence
        for m in rule.pattern.finditer(folded):
            subject = rule.subject
            if "s" in rule.pattern.groupindex and m.group("s"):
                if rule.named:
                    named = _named_subject(span, m)
                    if named is None:
                        continue
                    subject = named
                elif fold(m.group("s")) not in _GENERIC_COMPONENTS and (
                        rule.attribute != "test_runner"
                        or names_a_suite(fold(m.group("s")), folded[:m.start("s")])):
                    subject = span.original(m.start("s"), m.end("s")).lower()
            value = clean_value(span, m.end(), len(folded), cut_with=rule.cut_with,
                                first_token=rule.first_token)
            if rule.attribute == "employer":  # "a small studio in Valencia, Estudio Albufera"
                value = _named_beside(span, m.end(), value)
            head = value.split()[0] if value.split() else ""
            if rule.model and not any(c.isupper() or c.isdigit() for c in head):
                continue  # "Pixel 7", "iPhone 16", "3008"; not "slow", "in the garage"
            if rule.model:  # "a Toyota Corolla to the office": the make and model
                value = _MODEL_TAIL.split(value, maxsplit=1)[0]
                value = _LOOKS_AFTER.sub("", value)  # "un Seat Ibiza rojo"
                if set(fold(value).split()[1:]) & NOT_MODELS:
                    continue  # "an iPhone charger", "the Pixel fixed", "a Polo shirt"
            if rule.soon and not SOON.search(folded, _said_from(folded)):
                # "when I move to a new city": a habit, not a move (the turn's own date, "[6:30
                # pm on 22 August, 2024]", names no day of the move)
                continue
            if rule.first_person and not _said_by_me(folded, m.start()):
                continue
            if rule.before is not None and not rule.before.search(folded, 0, m.start()):
                continue
            if "o" in rule.pattern.groupindex and not _a_workplace_left(
                    span.original(m.start("o"), m.end("o"))):
                continue  # "Tom quit smoking and joined Strava": no job left
            if rule.place and not _names_a_place(value):
                continue
            moved_from = _MOVED_FROM.search(m.group(0)) if rule.place else None
            if moved_from is not None and switch_kind(moved_from.group("old"), value):
                continue  # "I've moved from Sublime Text to Helix": a tool, no town (``tools``)
            if rule.named_value and not any(w[:1].isupper() for w in value.split()
                                            if fold(w) not in ARTICLES):
                continue
            attribute = rule.attribute or kind_of(fold(value)) or ""
            if attribute == "car":  # "we're a Tesla household now": the make
                value = _HOUSEHOLD.sub("", value)
            if attribute == "employer" and rule.model:  # "First week at Nubeo done"
                value = _name_words(value)
            if attribute == "employer" and not rule.attribute:  # told by its kind of value
                value = _named_beside(span, m.end(), value)
            if attribute == "employer":  # "the BBC in MediaCity": the firm, not its site
                value = _without_site(value)
            if attribute == "location":  # "living in a two-bedroom in Leith": the place
                value = _HOME_IN.sub("", value)
            if attribute == "location":  # "Sevilla y cumple 64 años": the place is "Sevilla"
                value = _PLACE_ENDS.split(value, maxsplit=1)[0]
                value = _NEAR.split(value, maxsplit=1)[0]  # "Valladolid near the river"
                town = _PLACE_WORDS.match(value)
                if town is not None:  # "Cardiff has a tiny balcony": the town
                    value = town.group(0).rstrip(".,;:!?")
            if attribute == "role" and set(fold(value).split()[:1]) & _NOT_TITLES:
                continue  # "my new role is great": how it is, not what it is
            if attribute == "role":  # "promoted to senior engineer at Greenhouse"
                value, firm = _role_at(value)
                if firm:
                    out.append((m.start(), subject, "employer", firm))
            if attribute == "employer" and (fold(value) in _AT_HOME or (
                    "joined" in m.group(0) and _a_membership(folded[m.end():], value))):
                continue  # "trabajando en remoto", "joined Holmes Place, €62 a month"
            # a named subject's trigger is read from after the name, so a lead-in before it
            # ("If Marta left ...", "Si Jorge ...") is the trigger's clause (``is_hypothetical``)
            at = m.end("s") if rule.named else m.start()
            if value and attribute:
                (in_passing if rule.alone else out).append((at, subject, attribute, value))
    out.extend(f for f in in_passing if not any(g[2] == f[2] for g in out))
    for m in _USES_EN.finditer(folded):
        if m.group("stored") and set(m.group("stored").split()) & _SIDE_STORES:
            continue  # "stores its sessions in Redis": a side store, not the database
        phrase = _phrase_subject(span.original(0, m.start("head")), head=m.group("head"),
                                 limit=2)
        out.extend(_uses_fact(span, m, (phrase or m.group("head")).lower()))
    for m in _USES_ES.finditer(folded):
        out.extend(_uses_fact(span, m, span.original(m.start("s"), m.end("s")).lower()))
    for m in _PREFER.finditer(folded):
        out.extend(_preference(span, m))
    for m in _TOOL.finditer(folded):
        out.extend(_tool(span, m))
    out.extend(_moved_facts(span))
    out.extend(named_diets(span))
    out.extend(_hired_facts(span))
    out.extend(_tool_switch(span))
    out.extend(name_facts(span))
    out.extend(_role_facts(span))
    out.extend(f for f in _ROLE_CHANGES.facts(span) if not any(g[2] == f[2] for g in out))
    # "promoted me to staff engineer: I now lead the data team": the title said is the role
    out.extend(f for f in _JOB_CHANGES.facts(span)
               if f[2] != "role" or not any(g[2] == "role" for g in out))
    # "I earn ... as a junior quantity surveyor at Hendry & Moss": a role of any noun
    out.extend(f for f in _WORK_IN_PASSING.facts(span) if not any(g[2] == f[2] for g in out))
    out.extend(ending_facts(span))
    out.extend(activity_facts(span))
    out.extend(age_facts(span))
    out.extend(new_person_facts(span))
    out.extend(partner_facts(span))
    return out


_HOW_ONE_IS = _NOT_TITLES | frozenset(
    """bad decent lousy poor excellent horrible mediocre natural keen avid amateur aspiring
    wannabe huge big best worst pretty competent slow messy picky careful fantastic nervous
    hopeless passable failed frustrated reluctant proud muy buen buena mal mala gran mejor
    peor pesimo pesima excelente tremendo tremenda""".split())
"""Words before a role noun that say how one does it, not what one's job is ("I'm a terrible
cook", "I'm a keen baker", "Carla es muy buena cocinera")."""


_NOT_UNITS = (r"(?:(?:the|my|our|this|that|la|mi|nuestra|esta|el)\s+)?(?:house|household|"
              r"family|queue|line|table|pack|class|casa|familia|fila|mesa|clase)\b")
"""What one heads that is no job ("the head of the family", "el jefe de la casa")."""
_UNIT_END = (r"(?=\s*(?:$|[.,;:!?)])|\s+(?:at|in|for|now|since|from|here|there|and|with|en|"
             r"desde|ahora|y|con)\b)")
"""Where a unit's name ends: "head of quality control at Celeste", "... now"."""
_ROLE_HELD = (
    _r(rf"\b(?:i'm|i\s+am|i\s+work|i'm\s+working|i(?:'ve|\s+have)\s+been\s+working|"
       rf"i\s+started|(?:a|an|the|my|new)\s+(?:new\s+)?(?:job|role|position)|hired\s+me|"
       rf"i\s+(?:was|got|'ve\s+been)\s+hired|(?:i\s+joined|i'm\s+joining|i\s+am\s+joining|"
       rf"i'll\s+be\s+joining|starting\s+at|started\s+at|i\s+work\s+(?:at|for)|"
       rf"i(?:'ve|\s+have)\s+been\s+working\s+(?:at|for))"
       rf"\s+[\w&.' -]{{1,40}}?)\s+{_ADV}as\s+(?:an?\s+)?"
       rf"(?P<role>(?:[\w-]+\s+){{0,3}}?{_ROLE})\b"),
    _r(rf"\b(?:i'm|i\s+am)\s+{_ADV}(?:now\s+)?(?:an?|the)\s+"
       rf"(?P<role>(?:[\w-]+\s+){{0,3}}?(?:{_ROLE}|{_HELD_JOB})(?:\s+{_ROLE})?)\b"
       r"(?!\s+of\b|['’])"),
    # a title with no article after "now": "I'm now project lead on the market renovation"
    _r(rf"\b(?:i'm|i\s+am)\s+now\s+(?!(?:a|an|the|my|our)\s)(?P<role>(?:[a-z][\w-]*\s+){{0,2}}?(?:{_ROLE}|{_HELD_JOB}))\b"
       r"(?!\s+of\b|['’])"),
    _r(rf"\b(?:trabajo|trabajaba|estoy\s+trabajando|sigo(?:\s+trabajando)?|"
       rf"me\s+(?:han|ha)\s+(?:contratado|fichado|"
       rf"cogido)|me\s+(?:contrataron|ficharon|cogieron))\s+(?:de|como)\s+"
       rf"(?P<role>(?:[\w-]+\s+){{0,2}}?{_ROLE_ES}s?)\b"),
    _r(rf"\b(?:ahora\s+)?soy\s+(?P<role>{_ROLE_ES}s?(?:\s+de\s+[\w-]+)?)\b"),
    # the head of a unit: "I'm now head of quality control", "I'm the new head of sales at
    # Celeste", "ahora soy la jefa de control de calidad" (not "the head of the family")
    _r(rf"\b(?:i'm|i\s+am)\s+{_ADV}(?:now\s+)?(?:the\s+)?(?:new\s+)?"
       rf"(?P<role>head\s+of\s+(?!{_NOT_UNITS})(?:[\w-]+\s+){{0,3}}?[\w-]+){_UNIT_END}"),
    _r(rf"\b(?:ahora\s+)?soy\s+(?:el|la)\s+(?:nuev[oa]\s+)?(?P<role>(?:jef[ea]|director|"
       rf"directora|responsable|coordinador|coordinadora)\s+de\s+(?!{_NOT_UNITS})"
       rf"(?:(?:[\w-]+|de)\s+){{0,3}}?[\w-]+){_UNIT_END}"),
    # working as a role, said on: "I've been working as a line cook since May", "Now working
    # at Tesco as a shift manager" (no subject at a clause's start)
    _r(rf"(?:\bi(?:'ve|\s+have)\s+been\s+|\b(?:i'm|i\s+am)\s+(?:now\s+|currently\s+)?|"
       rf"{CLAUSE_START}(?:now\s+|currently\s+)?)working\s+(?:(?:at|for)\s+[\w&.' -]{{1,40}}?\s+)?"
       rf"as\s+(?:an?\s+)?(?P<role>(?:[\w-]+\s+){{0,3}}?{_ROLE})\b"),
)
"""What one does for work, named by its role noun: "I work as a QA engineer at ...", "I'm a
backend developer at ...", "new job as a data analyst", "trabajo de enfermera"."""


_ROLE_END = (r"(?=\s*(?:$|[.,;:!?)])|\s[-–—]\s|\s+(?:at|in|for|with|and|now|since|on|here|"
             r"there|en|de|del|para|con|y|desde|ahora|aqui|alli)\b)")
"""Where a role said of someone ends: "a nurse at ...", "cocinero en ...", "a surf instructor
here"; not "a teacher training day"."""
_TRADES_ES = r"(?:" + "|".join(NAMED_TRADES_ES) + ")"
"""Trades a friend's chat names of someone beside ``_ROLE_ES`` (``trades``): read only of a
named person."""
_ROLE_WORDS = (rf"(?P<role>(?:[\w-]+\s+){{0,3}}?(?:{_ROLE}|{_HELD_JOB})(?:\s+{_ROLE})?)"
               + _ROLE_END)
_ROLE_WORDS_ES = (rf"(?P<role>(?:[\w-]+\s+){{0,2}}?(?:{_ROLE_ES}|{_TRADES_ES})s?"
                  r"(?:\s+de\s+[\w-]+)?)" + _ROLE_END)
_HE_IS = r"(?:who's|who\s+is|he's|she's|he\s+is|she\s+is)\s+"
_NAMED_ROLE_HELD = (
    _r(rf"\b{_NAME}\s+(?:is|'s)\s+{_ADV}(?:now\s+)?(?:an?|the)\s+{_ROLE_WORDS}"
       r"(?!\s+of\b|['’])"),
    _r(rf"\b{_NAME}\s+{_ADV}works\s+as\s+(?:an?\s+)?{_ROLE_WORDS}"),
    _r(rf"\b{_NAME}\s+{_ADV_ES}trabaja\s+(?:de|como)\s+{_ROLE_WORDS_ES}"),
    _r(rf"\b{_NAME}\s+(?:ahora\s+)?es\s+{_ROLE_WORDS_ES}"),
    # a person introduced, then their work: "se llama Koldo, es cocinero en ...", "his name
    # is Tom, he's a nurse"
    _r(rf"\bse\s+llama\s+{_NAME}\s*,\s*(?:y\s+)?es\s+{_ROLE_WORDS_ES}"),
    _r(rf"\b(?:his|her)\s+name\s+is\s+{_NAME}\s*,\s*(?:and\s+)?(?:he's|she's|he\s+is|"
       rf"she\s+is)\s+(?:an?\s+)?{_ROLE_WORDS}"),
)
"""Someone named and their work: "Tom is a nurse at the Royal Infirmary", "Marta works as a
data analyst", "Koldo es cocinero", "se llama Koldo, es cocinero en un restaurante", "my
cousin Facundo, he's a surf instructor here". The role noun must be a trade's
(``_ROLE_WORDS``): "Tomasz, he's a big fan of Catan", "Marta, she's a big help", "es un crack"
say no job."""
_NAMED_ROLE_ASIDE = (
    # a name, then what they do in an aside: "my cousin Facundo, he's a surf instructor here,
    # picked us up", "Marta - she's a nurse -", "mi hermana Carla, que es enfermera, ..."
    _r(rf"\b{_NAME}\s*(?:,|\s[-–—])\s*{_HE_IS}{_ADV}(?:an?|the)\s+{_ROLE_WORDS}"
       r"(?!\s+of\b|['’])"),
    _r(rf"\b{_NAME}\s*(?:,|\s[-–—])\s*que\s+(?:ahora\s+)?es\s+{_ROLE_WORDS_ES}"),
)
"""Someone's work in an aside after their name. The name must open its clause, alone or
after "my cousin", "mi hermana" (``_ASIDE_LEAD``): "He lives in Lobitos, he's a surf
instructor", "Mi hermano vive en Barcelona, es cocinero" are no town's job; Spanish needs
"que" (the subject is left out as often after a place)."""
_ASIDE_LEAD = lazy_regex(
    r"(?:^|[.;:!?(]\s*)\W*(?:(?:and|but|so|oh|also|anyway|y|pero|pues|bueno)\W+)*"
    r"(?:(?:my|our|mi|mis|nuestr[oa]|nuestr[oa]s)\s+(?:[\w-]+\s+){1,2})?$")
"""What may come before a name opening an aside about it, in its clause."""


def _role_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """(start, subject, "role", the role's words) for each role the sentence says the speaker
    ("user") or someone named holds."""
    out: list[tuple[int, str, str, str]] = []
    for patterns, named in ((_ROLE_HELD, False), (_NAMED_ROLE_HELD, True),
                            (_NAMED_ROLE_ASIDE, True)):
        for pattern in patterns:
            for m in pattern.finditer(span.folded):
                if patterns is _NAMED_ROLE_ASIDE and not _opens_clause(span, m):
                    continue
                role = span.original(m.start("role"), m.end("role")).strip()
                who = _named_subject(span, m) if named else "user"
                if role and who and not set(fold(role).split()[:1]) & _HOW_ONE_IS \
                        and not (named and _describes(role)):
                    out.append((m.start(), _not_a_verb(who) if named else who, "role", role))
    return out


_HOW_ONE_IS_EN = frozenset("real proper total true born".split())
"""Words before a role noun said of someone that praise more than name a job ("Sam, he's a
real chef in the kitchen"); "real estate" is a trade's."""


def _describes(role: str) -> bool:
    """Whether a role said of someone named describes them rather than names their job: "a
    bit of a chef", "a fan of surf instructors", "es la jefa", "una gran profesora" (a
    Spanish trade is told without its article: "es enfermera")."""
    words = fold(role).split()
    return "of" in words or words[0] in ARTICLES \
        or words[0] in _HOW_ONE_IS_EN and words[1:2] != ["estate"]


def _opens_clause(span: Folded, m: re.Match[str]) -> bool:
    """Whether the name of an aside opens its clause ("my cousin Facundo, he's ..."), not a
    place or a thing after a verb ("He lives in Lobitos, he's ...")."""
    words = span.original(m.start("s"), m.end("s")).split()
    # the name's own words: the capitalised ones ending group ``s`` ("cousin Facundo")
    while len(words) > 1 and not words[0][:1].isupper():
        words = words[1:]
    head = span.folded[:m.end("s")].rstrip()
    head = head[:len(head) - len(" ".join(words))]
    return _ASIDE_LEAD.search(head) is not None


def _not_a_verb(who: str) -> str:
    """A name without the common word a sentence opened with before it: "Ask Marta, she's
    the manager" is Marta's."""
    first, _, rest = who.partition(" ")
    return rest if rest and is_common_word(first) else who


_HIRED = _r(r"\b(?:just\s+|finally\s+)?(?:hired|has\s+hired|have\s+hired|took\s+on)\s+me\b")
_NOT_HIRERS = frozenset("nobody somebody someone everyone everybody anyone".split())
_AS_ROLE = lazy_regex(r"\s+(?:as|como)\s")
"""A role after "hired me": one capitalised word before it is then the firm ("Glovo hired me
as a data engineer"); without one it is as often the person who hired ("Javier hired me")."""


def _hired_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """"Glovo hired me as a data engineer": the employer is the name written before the verb
    (capitalised words; "the recruiter hired me", "my sister hired me" name no employer, and
    one plain name without a role after is a person as often as a firm: "Javier hired me")."""
    out: list[tuple[int, str, str, str]] = []
    for m in _HIRED.finditer(span.folded):
        name: list[str] = []
        for word in reversed(span.original(0, m.start()).split()):
            word = word.strip(",;:()\"'")
            if not word[:1].isupper() or fold(word) in STOPWORDS or fold(word) in _NOT_HIRERS:
                break
            name.insert(0, word)
            if len(name) == 4:
                break
        if len(name) == 1 and not _AS_ROLE.match(span.folded, m.end()) \
                and not any(c.isupper() or c.isdigit() for c in name[0][1:]):
            continue  # "Javier hired me": a person, as likely as a firm ("IBM", "N26" are firms)
        if name:
            out.append((m.start(), "user", "employer", " ".join(name)))
    return out


def _uses_fact(span: Folded, m: re.Match[str], subject: str) -> list[tuple[int, str, str, str]]:
    value = clean_value(span, m.end(), len(span.folded), cut_with=False)
    if not value:
        return []
    folded_value = fold(value)
    purpose = re.search(r"\s(?:for|para)\s+(?P<t>[\w -]+)$",
                        span.folded[m.end():].rstrip(" .!;"))
    if purpose is not None:
        tool = clean_value(span, m.end(), m.end() + purpose.start(), cut_with=False)
        topic = normalise_topic(purpose.group("t"))
        # "uses Redis for caching" names a tool for a side role; "uses PostgreSQL for
        # invoices" still names the service's database.
        side_role = not _DB.match(fold(tool)) or topic.split()[:1] and \
            topic.split()[0].rstrip("s") in _SIDE_ROLES
        if tool and topic and len(topic.split()) <= 3 and side_role:
            return [(m.start(), subject, f"tool:{topic}", tool)]
    if _DB.match(folded_value):
        return [(m.start(), subject, "database", value)]
    if value[:1].isupper() or re.search(r"[\d._/-]", value):
        return [(m.start(), subject, "uses", value)]
    return []


def _preference(span: Folded, m: re.Match[str]) -> list[tuple[int, str, str, str]]:
    start = m.end()
    rest = span.folded[start:]
    lead = _PREFER_LEAD.match(rest)
    if lead:
        start += lead.end()
        rest = span.folded[start:]
    attribute = "preference"
    above_all = _ABOVE_ALL.search(rest)
    if above_all is not None:  # "Vim sobre todo en remoto": where it holds most, no part of it
        rest = rest[:above_all.start()]
    end = start + len(rest)
    topic = _PREFER_TOPIC.search(rest)
    spanish = "prefier" in m.group(0) or m.group(0).startswith("mi ")
    a_verb = spanish and _INFINITIVE.match(rest) is not None  # "prefiero ir a la playa"
    alternative = next((alt for alt in (_PREFER_ALT_ES if spanish else _PREFER_ALT).finditer(rest)
                        if not (a_verb and alt.group("a")
                                and not _INFINITIVE.match(rest[alt.end():]))), None)
    if topic is not None and (alternative is None or topic.start() < alternative.start()):
        name = normalise_topic(clean_value(span, start + topic.end(), end, cut_with=True))
        if name and len(name.split()) <= 4:
            attribute = f"preference:{name}"
        end = start + topic.start()
    elif alternative is not None:
        other = normalise_topic(clean_value(span, start + alternative.end(), end, cut_with=True))
        end = start + alternative.start()
        mine = normalise_topic(clean_value(span, start, end, cut_with=True))
        if other and mine and len(other.split()) <= 4:
            attribute = preference_pair(mine, other,
                                        spanish=spanish and not a_verb)
    value = _FOCUS_TAIL.sub("", clean_value(span, start, end, cut_with=True))
    if _A_CLAUSE.match(fold(value)):
        # "prefiero que escribas los tests antes ...": how to work, named by what it is about
        name = _clause_name(fold(value))
        return [(m.start(), "user", f"preference:{name}", value)] if name else []
    if attribute == "preference" and value:
        # "I prefer dark mode" and "prefiero Vim" are two preferences, not a change of one:
        # each is keyed by what it prefers, and "... and ..." may hold two
        return [(m.start(), "user", f"preference:{_preference_name(item)}", item)
                for item in _preference_items(value)]
    return [(m.start(), "user", attribute, value)] if value else []


_FOCUS_TAIL = lazy_regex(r"\s+(?:even|only|just|also|too|incluso|aun|solo|tambien|también|"
                         r"aún|sólo)$", re.IGNORECASE)
"""A word whose clause was cut off ("answers in English even [when I write in Spanish]")."""
_A_CLAUSE = lazy_regex(r"^(?:que|that|you|it\s+when|when)\s")
"""A preference told as a clause ("prefiero que escribas los tests antes", "I prefer that
you ask first"): a wish about how to work, named by what it is about (``_clause_name``), not by
the whole clause."""
_CLITIC = r"(?:me|te|le|nos|les|lo|la|los|las|se)"
_CLAUSE_END = (r"(?=\s+(?:antes|despues|en|con|cuando|para|por|sin|si|porque|aunque|siempre|"
               r"before|after|in|with|when|for|by|first|instead|always|even)\b|\s*$)")
_CLAUSE_OBJECT = lazy_regex(
    rf"^que\s+(?:el|la|los|las|mi|mis|tu|tus)\s+\w+\s+(?:no\s+)?(?:{_CLITIC}\s+)?\w+\s+"
    rf"(?P<said>(?:el|la|los|las|un|una|mi|mis|tu|tus)\s+[^,;]+?){_CLAUSE_END}|"
    rf"^que\s+(?P<np>(?:el|la|los|las|mi|mis|tu|tus)(?:\s+(?!no\b)[^,;\s]+)+?)\s+{_CLITIC}\s+\w+|"
    rf"^que\s+(?:{_CLITIC}\s+)?\w+\s+(?P<obj>(?:el|la|los|las|un|una|mi|mis|tu|tus)\s+"
    rf"[^,;]+?){_CLAUSE_END}|"
    r"^(?:that\s+)?you\s+(?:to\s+)?\w+\s+(?P<en>(?:the|my|your|a|an|all)\s+[^,;]+?)"
    + _CLAUSE_END)
"""What a clause preferred is about: the object of its subject's verb ("que el agente no toque
los archivos de CI" -> archivos de ci, not 'agente no toque'), the noun phrase it is about
("que los mensajes de commit los escribas en inglés" -> mensajes de commit) or the object of
its verb ("que escribas los tests antes de la implementación" -> tests, "that you write the
tests first" -> tests)."""


def _clause_name(folded: str) -> str:
    """The name of a preference told as a clause, or "" when it names no thing."""
    m = _CLAUSE_OBJECT.match(folded)
    if m is None:
        return ""
    name = normalise_topic(m.group("np") or m.group("said") or m.group("obj") or m.group("en"))
    return name if 0 < len(name.split()) <= 4 else ""


_PREFERENCE_AND = lazy_regex(r"\s+(?:and|y|e)\s+")
_PREFERENCE_SCOPE = lazy_regex(
    r"\s+(?:(?:in|on|across|for)\s+(?:every|all|each|any)\b.*|everywhere|always|"
    r"(?:en|para)\s+(?:todos|todas|cada|cualquier)\b.*|en\s+todas\s+partes|siempre)$")
"""Where a preference holds, said after it ("dark mode in every editor", "en todos los
editores"): no part of what is preferred."""
_MEASURED = lazy_regex(r"^\d+[\s-]?[^\W\d_]+\s+(?P<t>[^\W\d_]+(?:\s+[^\W\d_]+)?)$|"
                       r"^(?:(?:el|la|los|las)\s+)?(?P<t_es>[^\W\d_]+)\s+de\s+\d+\s+"
                       r"[^\W\d_]+$")
"""A setting by its measure: "2-space indentation", "la indentación de 2 espacios", "80
column lines": its name is the noun measured."""


def _preference_items(value: str) -> list[str]:
    """The preferences a value joins with "and" ("dark mode in every editor and 2-space
    indentation" is two), when each side is a phrase of its own (two words or more): "fish
    and chips", "black and white photos", "Vim and tmux" stay one."""
    items = _PREFERENCE_AND.split(value)
    if len(items) > 1 and all(len(normalise_topic(item).split()) >= 2 for item in items):
        return items
    return [value]


def _preference_name(item: str) -> str:
    """The short name a preference is keyed by: what is preferred without where it holds
    ("dark mode in every editor" -> "dark mode", as "I prefer dark mode" is keyed), or the
    noun a measure sets ("2-space indentation" -> "indentation", as "I prefer tabs for
    indentation" is keyed)."""
    name = normalise_topic(_PREFERENCE_SCOPE.sub("", fold(item))) or normalise_topic(item)
    measured = _MEASURED.match(name)
    if measured is not None:
        return measured.group("t") or measured.group("t_es")
    return name


def _tool(span: Folded, m: re.Match[str]) -> list[tuple[int, str, str, str]]:
    rest = span.folded[m.end():]
    topic = _TOOL_TOPIC.search(rest)
    if topic is None:
        return []
    name = normalise_topic(
        clean_value(span, m.end() + topic.end(), len(span.folded), cut_with=True)
    )
    value = clean_value(span, m.end(), m.end() + topic.start(), cut_with=False)
    if not name or not value or len(name.split()) > 4:
        return []
    return [(m.start(), "project", f"tool:{name}", value)]


_PERSON_ROLES = ROLE_NOUNS | frozenset(
    "manager boss supervisor mentor landlord landlady accountant lawyer vet jefe jefa casero "
    "casera abogado abogada veterinario veterinaria tutora".split())
"""People the user has by their role (``people``'s, and those that rarely change hands): "my
manager is X" names them, so X is a name ("my manager is happy with the plan", "is out sick
today" tell how they are)."""

def _a_setting(noun: str, value: str) -> bool:
    """A setting's name and a value for it: not "the problem is ...", not "it", not a stop
    word."""
    return bool(noun and value) and noun.split()[-1] not in _NOT_SETTINGS \
        and not _NOT_VALUES.match(fold(value)) and fold(value) not in STOPWORDS


_STATE_WORDS = frozenset(
    "back ahead again underway done finished over cancelled canceled postponed delayed "
    "suspended paused hold pending confirmed happening going still cancelado cancelada "
    "aplazado aplazada suspendido suspendida pendiente confirmado confirmada".split())
"""Words that say how a thing stands, not what it is set to ("The October race is back on",
"the trip is off", "la boda está aplazada")."""


def _a_state(value: str) -> bool:
    """Lower-case words that only say how a thing stands ("back on", "off", "on hold")."""
    return all(fold(w) in STOPWORDS or fold(w) in _STATE_WORDS for w in value.split())


_PREDICATE_OPENERS = frozenset(
    "for with from by about into onto near next behind under beside through without like "
    "gonna gotta wanna going getting will would can could should might must may "
    "para por con sin sobre desde hacia junto cerca como va van vamos voy puede pueden "
    "tiene tienen".split())
"""Words a setting's value never opens with: a preposition ("the shop is for paid work") or
a verb to come ("the swimming is gonna humble me", "la piscina va a poder conmigo")."""
_ING_NOUNS = frozenset(
    "string thing spring morning evening building ceiling king ring wing sibling pudding "
    "wedding setting heading ping swing clothing housing ceiling spelling painting "
    "ending opening meeting landing".split())
"""Words in -ing that are nouns ("spring cleaning", "string theory"): a value may open with
one."""


_QUALITIES = frozenset(
    "similar related aware capable ready free prone subject close equal open ideal good bad "
    "great fine safe slow fast easy hard fit suited used enough common available popular "
    "friendly native specific relevant based dependent independent different compliant "
    "parecido parecida igual compatible "
    "capaz listo lista libre propenso propensa util bueno buena malo mala facil dificil "
    "disponible comun".split())
"""Words that say how a thing is, not what it is, when a preposition follows them ("is
similar to", "is ready for", "es útil para")."""
_ADJECTIVE_ENDS = lazy_regex(r"[^\W\d_]{3,}(?:ible|able|ful|ous)$")
_AFTER_QUALITY = frozenset("with to for of from on in about at by con a para de en por".split())


def _a_quality(words: list[str]) -> bool:
    """A lower-case adjective followed by a preposition ("compatible with net/http handlers",
    "responsible for billing", "compatible con ..."): how a thing relates to another, which
    a generic explanation says of a library, never a setting's value."""
    if len(words) < 2 or fold(words[1]) not in _AFTER_QUALITY:
        return False
    first = fold(words[0])
    return first in _QUALITIES or _ADJECTIVE_ENDS.fullmatch(first) is not None


def _a_class_said(copula: str, value: str) -> bool:
    """A plural subject described in lower-case words ("Los feature flags viejos son deuda
    técnica y hay que borrarlos", "retries are a safety net"): a claim about a kind of thing,
    which an explanation makes, not a setting (one thing set to a name, a number or an
    identifier: "my kids are Ana and Leo" is capitalised)."""
    words = [w.strip(".,;:!") for w in value.split()]
    return fold(copula) in {"are", "son"} \
        and all(re.fullmatch(r"[^\W\d_]+", w) and not w[:1].isupper() for w in words)


def _a_predicate(value: str) -> bool:
    """Lower-case words that tell what a thing does or is for, not what it is set to: a
    value opening with a preposition or a verb to come ("for paid work", "gonna humble me")
    or an English verb in -ing ("snoring next to the woodstove", "the X is running late").
    Chat says such things of everything; a setting's value is a name or a noun phrase ("dark
    mode", "eu-west-1", "Gertrude Olsen")."""
    words = value.split()
    if not words or value[:1].isupper():
        return False
    first = fold(words[0]).strip(".,;:!")
    if first in _PREDICATE_OPENERS or _a_quality(words):
        return True
    return len(words) > 1 and first.endswith("ing") and len(first) > 4 \
        and first not in _ING_NOUNS


_DEGREE = frozenset(
    "really super so very pretty quite too totally kinda sorta fairly rather extremely "
    "incredibly absolutely seriously insanely crazy way bit little still always already also "
    "just getting kind sort a muy bastante tan demasiado algo poco un re super siempre "
    "todavia ya tambien cada vez mas".split())
"""Words that only say how much or how long ("super tight", "really cute", "still stiff",
"muy cansada"): what is left after them is the word that says how a thing is."""


_BOTH = lazy_regex(r"\s+(?:and|or|but|y|e|o|pero)\s+")


def _an_opinion(value: str) -> bool:
    """One lower-case word, after words of degree, says how a thing is or feels ("brutal",
    "super tight", "really cute", "walking", "muy aburrido"), not what it is set to: chat
    says it of a body part ("my hips are super tight"), a town ("Austin is brutal right
    now"), a person ("the ceramics teacher is really cute"). A setting's value is a name, a
    number, an identifier or a noun phrase ("dark mode", "eu-west-1")."""
    if value[:1].isupper():
        return False
    for part in _BOTH.split(fold(value)):  # "squeaky and black", "fun and very learnable"
        words = [w.strip(".,;:!?") for w in part.split()]
        if not all(re.fullmatch(r"[^\W\d_]+", w) for w in words):
            return False
        while len(words) > 1 and words[0] in _DEGREE:
            words.pop(0)
        if len(words) != 1:
            return False
    return True


_FAVOURITE = lazy_regex(r"(?:favou?rite|preferred|go-to)\s+(?P<a>[a-z][\w -]*)|"
                        r"(?P<b>[a-z][\w -]*?)\s+(?:favorit[oa]|preferid[oa])")
"""A setting named as the user's favourite: "favourite editor", "editor favorito"."""


def _no_opinion(value: str) -> bool:
    """A bare lower-case word ("... es aburrido", "... is nice", "super tight",
    ``_an_opinion``) is an opinion, lower-case words that only say how a thing stands ("back
    on", "on hold", "still going") are a state, and words that say what it does or is for
    ("for paid work", ``_a_predicate``) are no setting's value; names, numbers and
    identifiers are."""
    words = value.split()
    if value[:1].isupper() or not all(re.fullmatch(r"[^\W\d_]+", w) for w in words):
        return True
    return len(words) > 1 and not _a_state(value) and not _a_predicate(value) \
        and not _an_opinion(value)


def _each_now(span: Folded, start: int, subject: str, value: str, more: re.Match[str] | None
              ) -> list[tuple[int, str, str, str]]:
    """"A is now B" (``value``, read by the caller) and each "and C is now D" after it, from
    ``more``, the first of them (``_AND_IS_NOW``): one value each."""
    out = [(start, subject, "value", value)]
    while more is not None:
        start, subject = more.start("s"), span.original(more.start("s"), more.end("s"))
        at = more.end()
        more = _AND_IS_NOW.search(span.folded, at)
        value = clean_value(span, at, more.start() if more is not None else len(span.folded),
                            cut_with=True)
        if value:
            out.append((start, subject, "value", value))
    return out


def _generic_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """'X changed from A to B' and 'X is now Y', used when no specific rule matched."""
    of = _OF_SETTING.search(span.folded)
    if of is not None:
        what = normalise_topic(of.group("a"))
        said = clean_value(span, of.end(), len(span.folded), cut_with=True)
        holder = span.original(of.start("s"), of.end("s")).lower()
        compound = of.group("c") == "de" and of.group("art") is None \
            and _BARE_NOUN.fullmatch(span.original(of.start("s"), of.end("s"))) is not None
        if compound:  # "La base de datos es MySQL 8": the setting's name, in its order
            what = normalise_topic(f"{of.group('a')} de {of.group('s')}")
            owner, attribute = _TRAILING_ATTRIBUTES.get(what, (None, "value"))
            holder = owner or ("project" if attribute != "value" else what)
        elif of.group("c") != "of" and what not in _TRAILING_ATTRIBUTES \
                and _BARE_NOUN.fullmatch(span.original(of.start("s"), of.end("s"))) \
                and fold(holder) not in _OWNERS:
            # "El servidor SFTP del banco es ...": one setting named in its own order
            holder = normalise_topic(span.original(of.start("a"), of.end("s")))
            attribute = "value"
        else:
            attribute = _TRAILING_ATTRIBUTES.get(what, (None, what))[1]
        # "the rest of the team is happy": how it is, not a value ("el mayor problema de
        # rendimiento es ...": the head noun says so)
        head = normalise_topic(of.group("a"))
        if _a_setting(head, said) and _a_setting(what, said) and _no_opinion(said):
            return [(of.start(), holder, attribute, said)]
    for pattern in (_CHANGED, _IS_NOW, _IS_THEN_NOW):
        m = pattern.search(span.folded)
        if m is None:
            continue
        subject = _phrase_subject(span.original(0, m.start()))
        more = _AND_IS_NOW.search(span.folded, m.end()) if pattern is _IS_NOW else None
        value = clean_value(span, m.end(), more.start() if more else len(span.folded),
                            cut_with=True)
        if subject is None or not value or _a_state(value) or _a_predicate(value):
            continue  # "the trip is off now": how it stands; "... is snoring ... right now"
        words = normalise_subject(subject).split()
        prefix = span.folded[: m.start()]
        owned = re.search(r"\b(?:my|our|mi|mis|nuestr[oa]s?)\s+" + re.escape(fold(subject))
                          + r"\s*$", prefix)
        if owned and len(words) == 1 and words[0] in _KNOWN_ATTRIBUTES:
            return [(m.start(), "user", _KNOWN_ATTRIBUTES[words[-1]], value)]
        display = " ".join(w for w in subject.split() if fold(w) not in POSSESSIVES)
        display = display.lower() if display else subject
        folded_display = normalise_subject(display)
        for noun, (owner, attribute) in _TRAILING_ATTRIBUTES.items():
            if folded_display == noun or folded_display.endswith(" " + noun):
                head = folded_display[: -len(noun)].strip()
                return [(m.start(), head or owner or "project", attribute, value)]
        if _an_opinion(value):
            continue  # "Austin is brutal right now", "Astrid is walking now": how it is
        if pattern is _IS_NOW:
            return _each_now(span, m.start(), display, value, more)
        return [(m.start(), display, "value", value)]
    m = _PLAIN_SETTING.search(span.folded)
    if m is not None:
        # "my new manager is ..." names the same setting as "my manager is ..."
        noun = re.sub(r"^(?:new|current|nuev[oa]|actual)\s+", "",
                      normalise_topic(m.group("x")))
        # "... is called Mia and she is a tabby": the value ends where another clause starts
        value = clean_value(span, m.start("v"), m.end("v"), cut_with=False)
        liked = _FAVOURITE.fullmatch(noun)
        if liked is not None:
            # "My favourite editor is Neovim", "mi editor favorito es Neovim": the user's
            # preference, whatever the thing (it was filed under a subject 'favourite');
            # "... is great" is how it is, no value
            thing = liked.group("a") or liked.group("b")
            return [(m.start(), "user", f"preference:{thing}", value)] \
                if value and _no_opinion(value) else []
        if _a_class_said(m.group("cop"), value) or _a_predicate(value):
            return []  # "Los feature flags viejos son deuda técnica", "X is compatible with Y"
        if noun.split()[-1] in _PERSON_ROLES and not value[:1].isupper():
            return []  # "my manager is out sick today": how the person is, not who
        if _a_setting(noun, value):
            for name, (owner, attribute) in _TRAILING_ATTRIBUTES.items():
                if noun == name or noun.endswith(" " + name):
                    rest = noun[: -len(name)].strip()
                    return [(m.start(), rest or owner or "project", attribute, value)]
            if _no_opinion(value):
                return [(m.start(), noun, "value", value)]
    mine = _SWITCHED_MINE.search(span.folded)
    if mine is not None:
        # "I switched my editor to Helix", "cambié mi editor a Helix": the setting the noun
        # names, as "my editor is Helix" would (no fact was read: "which editor do I use?"
        # asked a clue between Neovim and Helix)
        noun = normalise_topic(mine.group("x"))
        value = clean_value(span, mine.end(), len(span.folded), cut_with=True)
        for name, (owner, attribute) in _TRAILING_ATTRIBUTES.items():
            if value and (noun == name or noun.endswith(" " + name)) \
                    and _NAMED_VALUE.search(value):  # "... to dark mode" names no editor
                rest = noun[: -len(name)].strip()
                return [(mine.start(), rest or owner or "user", attribute, value)]
    m = _SWITCHED.search(span.folded)
    if m is not None:
        value = clean_value(span, m.end(), len(span.folded), cut_with=True)
        # what the new one is for is said in its own clause: in "moved from R to Python, using
        # polars for everything now" and "to a bigger flat in Lavapiés, ..., with a terrace for
        # Canela" the "for" belongs to another clause (keys 'everything now', 'canela')
        tail = re.split(r"[,;:(]|\s[-–—]\s", span.folded[m.end():])[0].rstrip(" .!;")
        purpose = re.search(r"\s(?:for|para)\s+(?:the\s+|el\s+|la\s+|our\s+)?(?P<t>[\w .-]+)$",
                            tail)
        topic = normalise_topic(purpose.group("t")) if purpose else ""
        if value and topic and len(topic.split()) <= 3:
            return [(m.start(), "project", f"tool:{topic}", value)]
    return []


_CLAUSE_CUT = lazy_regex(
    r";\s+|,\s+(?:(?:and|but|so|y|pero|asi\s+que)\s+)?(?=(?:my|our|mi|nuestr[oa])\s)",
    re.IGNORECASE)
"""Where a sentence holds a clause of its own: after a semicolon, or a comma before "my"/"our"
("Priya left the company, my new manager is Oskar.")."""
_SUBORDINATE = lazy_regex(r"^\W*(?:if|when|whenever|unless|although|though|because|since|until|"
                          r"si|cuando|aunque|porque|hasta\s+que)\b", re.IGNORECASE)
"""A sentence opening a condition or a reason: the clause after its comma holds only under it
("If the cache is cold, our latency is 300 ms")."""
_NAMED_VALUE = lazy_regex(r"^[A-ZÁÉÍÓÚÑ0-9]|[./_:@#\d-]")
"""A value a clause names: a name, a number, a path or an identifier. In a clause of a longer
sentence "the open-plan office is finally bearable", "my back is much better" say how a thing
is, however they are worded."""


def _clause_settings(sentence: str) -> list[tuple[int, str, str, str]]:
    """A setting told in one clause of a longer sentence: "My manager is Priya; she took over
    the team from Daniel", "Priya left the company, my new manager is Oskar". The setting rules
    read a whole short sentence on purpose (a description is no setting), so a chat turn that
    went on past its "my manager is X" told nothing; each clause is read as a sentence of its
    own, the first that tells a setting wins, offsets kept in the sentence's terms."""
    cuts = list(_CLAUSE_CUT.finditer(sentence))
    if not cuts or _SUBORDINATE.match(_OPENING_AT.sub("", fold(sentence), count=1)):
        return []
    starts = [0, *(cut.end() for cut in cuts)]
    ends = [*(cut.start() for cut in cuts), len(sentence)]
    for start, end in zip(starts, ends, strict=True):
        clause = sentence[start:end].strip()
        if not clause:
            continue
        found = [(start + at, subject, attribute, value)
                 for at, subject, attribute, value in _generic_facts(Folded(clause))
                 if _NAMED_VALUE.search(value)]
        if found:
            return found
    return []


def _tool_switch(span: Folded) -> list[tuple[int, str, str, str]]:
    """"I've moved from VS Code to Neovim, I prefer keyboard-driven tools": a switch between
    two names of one kind with no topic is the speaker's tool of that kind (``tools``), read
    beside whatever else the sentence tells."""
    for m in _SWITCHED.finditer(span.folded):
        value = clean_value(span, m.end(), len(span.folded), cut_with=True)
        kind = switch_kind(m.group("old") or m.group("old_es") or "", value) if value else None
        tail = re.split(r"[,;:(]|\s[-–—]\s", span.folded[m.end():])[0]
        if kind and not re.search(r"\s(?:for|para)\s", tail) \
                and _MINE_BEFORE.search(span.folded[:m.start()].rstrip() + " "):
            return [(m.start(), "user", f"tool:{kind}", value)]
    return []


_MOVED_FROM = lazy_regex(r"\bfrom\s+(?P<old>.+?)\s+to\s+$")
"""The place a move was from, in a location rule's match ("moved from Leeds to ")."""
_MINE_BEFORE = lazy_regex(
    r"(?:\b(?:i|we)(?:'ve|'m|\s+have)?\s+(?:(?:just|basically|finally|also|actually|"
    r"recently|now|fully|completely|officially|kind\s+of|pretty\s+much)\s+)*|"
    r"(?:^|[:;]\s)\W*(?:(?:just|finally|so|basically)\s+)*)$")
"""The switch is the speaker's: I/we right before its verb, or no subject at all."""


# ------------------------------------------------------------------ driver


_DATE_LABEL = lazy_regex(r"^\W*(?:date|fecha|visit|visita|consulta)\b[^:]{0,30}:")


_LEADING_DATE = lazy_regex(r"^\W*" + OPENING_DATE + r"\W*")
_DAY_OF_MONTH = lazy_regex(
    r"\b(?:since|desde|on|from|as\s+of|a\s+partir\s+del?|el|starting)\s+(?:"
    rf"(?P<m1>{MONTHS_PATTERN})\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?"
    rf"|(?:the\s+)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?(?P<m2>{MONTHS_PATTERN})"
    r")\b(?!,?\s*(?:de\s+|del\s+)?\d{4})")
"""A day named without its year: "since September 1", "on June 15th", "desde el 3 de marzo"."""
_SINCE_MONTH = lazy_regex(rf"\b(?:since|desde)\s+(?:(?:early|late|mid)\s+|(?:principios|finales|"
                          rf"mediados)\s+de\s+)?(?P<m>{MONTHS_PATTERN})\b(?![\s,]*(?:de\s+|del\s+|"
                          r"of\s+)?\d)")
"""A month without its year after "since" / "desde": always one gone by (a plan is never told
with "since"), so the last such month not after the day said ("since January", "desde
septiembre"; "in March" may be a plan ahead and stays the day said)."""


_YEAR_SAID = lazy_regex(
    r"\b(?P<k>since|desde|in|en|from|as of|a partir de)\s+"
    rf"(?:(?P<m>{MONTHS_PATTERN})\s+(?:of\s+|de\s+)?)?"
    r"(?P<y>(?:19|20)\d\d)\b")
_A_THING_BEFORE = lazy_regex(r"\b(?:an?|used|second-hand|secondhand|un|una)\s+(?:[\w.-]+\s+){0,3}$")
""""a used Mazda 3 from 2019": the year a thing is of, not when anything happened."""


def _sentence_date(sentence: str, around: datetime.date | None = None) -> datetime.date | None:
    """The first date the sentence writes; a day without its year ("since September 1") is
    the one nearest ``around`` (the note's date: said on 2026-09-10, "since September 1" is
    2026-09-01; said on 2026-01-05, "since December 20" is 2025-12-20), when not after it."""
    sentence = _LEADING_DATE.sub("", sentence)  # the line's own date is the note's date
    found = find_dates(sentence)
    if found:
        return found[0]
    folded = fold(sentence)
    m = next((m for m in _YEAR_SAID.finditer(folded)
              if not (m.group("k") == "from" and _A_THING_BEFORE.search(folded[:m.start()]))),
             None)
    if m is not None:
        return datetime.date(int(m.group("y")), MONTHS[m.group("m")] if m.group("m") else 1, 1)
    since = _SINCE_MONTH.search(folded)
    if since is not None and around is not None and _DAY_OF_MONTH.search(folded) is None:
        # "vivo en Oviedo desde septiembre", said in May: the September gone by
        month = MONTHS[since.group("m")]
        year = around.year if month <= around.month else around.year - 1
        return datetime.date(year, month, 1)
    day = _DAY_OF_MONTH.search(folded)
    if day is None or around is None:
        return None
    nearest = nearest_day(day, around)
    # a day still to come ("I'm joining Revolut on June 15", said on June 5) is a plan: the
    # fact is dated when it was said, so the reply never calls a future value current
    return nearest if nearest is not None and nearest <= around else None


_STARTS = lazy_regex(
    r"\b(?:start|starts|starting|begin|begins|beginning|joining|empiezo|empezamos|empezare|"
    r"comienzo|comenzare|(?:me|nos)\s+incorpor(?:o|amos|are)|incorporarme|entro|entramos|"
    r"(?:being|getting|be)\s+promoted|van\s+a\s+ascender|ascienden|ascenderan)\b")
"""A job taken up in the present or ahead ("starting at", "I'm joining", "empiezo en", "I'm
being promoted to"): only such a trigger's day names when the employer and the role become
true ("I got promoted in June" is a June gone by, so "promoted" alone is not here)."""


def _day_it_happens(folded: str, start: int, attribute: str, value: str,
                    around: datetime.date | None) -> datetime.date | None:
    """The day a change told in the present or ahead becomes true: a move's town from the
    day it moves (``moves.move_day``), a new job's employer and role from the day it starts
    ("Starting at Channel 4 next month", said on 2026-10-14: 2026-11-01). None for every
    other fact, an ending, and a sentence that names no such day: those are dated when
    said (or by the date they write)."""
    if attribute == "location":
        return move_day(folded, around)
    if attribute not in ("employer", "role") or is_ending(value):
        return None
    verb = _STARTS.search(folded, start, start + 40)
    at = folded.find(fold(value), start)
    if verb is None or not verb.start() < at:  # "I work at Siemens and start at the gym..."
        return None
    return day_ahead(folded, around)


_STARTED_ON = lazy_regex(
    r"^\W*(?:(?:and\s+|so\s+)?(?:(?:i|we)(?:'ve|\s+have)?\s+)?"
    r"(?:(?:just|only|already|actually)\s+)?(?:started|began|begun)|(?:y\s+)?(?:empece|comence|me\s+incorpore|he\s+empezado|"
    r"empezamos))\s+(?:(?:work(?:ing)?|there|a\s+trabajar|alli)\s+)?"
    r"(?:on|last|this|el|yesterday|today|ayer|hoy)\b[^,;:]{0,30}$")
"""A sentence telling only the day one started ("I started on Monday the 15th", "Started on
the 3rd", "Empecé el lunes 15 de abril"): the day a job told beside it in the same turn
began."""


_WEEKDAY_BEFORE = lazy_regex(
    r"\b(?P<w>on|el)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|"
    r"miercoles|jueves|viernes|sabado|domingo),?\s+")


def _start_said(said: list[str], around: datetime.date | None) -> datetime.date | None:
    """The day a sentence of the turn says the speaker started, when gone by (``_STARTED_ON``):
    a job told in the turn with no day of its own began then, not when it was told."""
    for sentence in said:
        folded = fold(_LEADING_DATE.sub("", sentence))
        if _STARTED_ON.match(folded):
            # "el lunes 15 de abril", "on Monday, 15 April": the weekday said before the day
            day = _sentence_date(_WEEKDAY_BEFORE.sub(r"\g<w> ", folded), around) \
                or (day_before(folded, around) if around is not None else None)
            if day is not None and (around is None or day <= around):
                return day
    return None


def homes_of_speakers(texts: list[str]) -> dict[str | None, str]:
    """The last home in a place each speaker named in ``texts`` (earlier turns of one
    conversation, oldest first): "Bea: Jess asked me to move in with her. she has a little
    house in Golden" -> {"Bea": "Golden"}. Unlabelled lines are the user's (key None)."""
    homes: dict[str | None, str] = {}
    for text in texts:
        labels = turns(text)
        speaker: Speaker | None = None
        for line in text.splitlines():
            speaker = speaker_of(line, turns=labels) or speaker
            who = speaker.subject if speaker is not None else None
            home = home_named(sentences(line), _names_a_place, homes.get(who))
            if home is not None:
                homes[who] = home
    return homes


def last_turns_of_speakers(texts: list[str]) -> dict[str | None, str]:
    """The last turn each speaker said in ``texts`` (earlier turns of one conversation, oldest
    first), by speaker (None: unlabelled lines, the user's)."""
    last: dict[str | None, str] = {}
    for text in texts:
        labels = turns(text)
        speaker: Speaker | None = None
        for line in text.splitlines():
            speaker = speaker_of(line, turns=labels) or speaker
            last[speaker.subject if speaker is not None else None] = text
    return last


_GOT_JOB = lazy_regex(
    r"\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+)?(?:got|landed|"
    r"accepted|took)\s+(?:the|a|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:job|position|"
    r"role(?!\s+(?:in|of|as|for)\b)|offer|gig)|(?:i|we)\s+"
    r"(?:just\s+|finally\s+)?got\s+it|i'm\s+hired|i\s+got\s+hired|(?:^|[:;]\s)\W*(?:just\s+|"
    r"finally\s+)?got\s+the\s+(?:job|offer)|"
    r"(?:me\s+(?:han\s+)?(?:dado|dieron)|consegui|he\s+conseguido)\s+(?:el|un)\s+(?:trabajo|"
    r"puesto|empleo|curro)|me\s+(?:han\s+)?(?:cogido|cogieron|contratado|contrataron))\b")
"""The speaker got a job, without saying which here ("I got the job!!", "I GOT IT.",
"¡me dieron el puesto!"); a word or two may say which without naming it ("I GOT THE CORK
JOB", "got the nursing job"): the sentence after it may name it (``_named_after``). A role
in something ("the lead role in the school play") is a part played, no job."""
_ROLE_AT_FIRM = lazy_regex(
    rf"^\W*(?:(?:as|como)\s+)?(?:an?\s+|the\s+|una?\s+|el\s+|la\s+)?"
    rf"(?P<role>(?:[a-z][\w-]*\s+){{0,3}}?(?:{_JOB_NOUN}|{_JOB_NOUN_ES})"
    r"(?P<f>\s+(?:in|of|de|en)\s+(?:[\w-]+\s+){0,2}?[\w-]+)?)"
    r"\s+(?:at|with|for|en|con|para|de)\s+(?:the\s+|el\s+|la\s+)?")
"""A role, with the field it is in ("clinical nurse specialist in paediatric diabetes at Cork
University Hospital"), then where, opening the sentence after a job got: the field is written
in lower case ("nurse in Cork at ..." names a town, not a field)."""
_AT_FIRM_NOW = lazy_regex(
    r"^\W*(?:(?:so|and|y|pues)\s+)?(?:(?:i'm|i\s+am|i'll\s+be|i\s+will\s+be|it's|it\s+is|"
    r"it'll\s+be)\s+(?:(?:now|officially|going\s+to\s+be)\s+)?(?:at|with)|"
    r"(?:ahora\s+)?(?:estoy|estare|voy\s+a\s+estar|es|sera)\s+(?:(?:ahora|ya)\s+)?(?:en|con))"
    r"\s+(?:the\s+|el\s+|la\s+)?")
"""Where, told in the sentence after a job got: "I got a new job! I'm at Spotify as a backend
engineer", "¡Me dieron el puesto! Es en Indra, como analista" (a name must follow)."""
_ROLE_IN_PLACE = lazy_regex(
    rf"^\W*(?:(?:as|como)\s+)?(?:an?\s+|the\s+|una?\s+|el\s+|la\s+)?"
    rf"(?P<role>(?:[a-z][\w-]*\s+){{0,3}}?(?:{_JOB_NOUN}|{_JOB_NOUN_ES}))\s+(?:in|en)\s+")
"""A role and the place it is in, opening the sentence after "I got it" ("interpretive guide
in Banff"): the place must be a name."""
_CAR_NOUNS = r"(?:car|truck|van|pickup|suv|jeep|coche|furgoneta|camioneta)"
_GOT_CAR = lazy_regex(
    rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|{CLAUSE_START}){_ADV}(?:bought|got|picked\s+up|"
    rf"leased)\s+(?:a|an|the|my|our|myself\s+a|ourselves\s+a)\s+{_LOOKS}{_CAR_NOUNS}\W*$|"
    rf"\b(?:me\s+(?:he\s+)?compr(?:e|ado)|(?:he|hemos)\s+comprado|nos\s+(?:hemos\s+)?"
    rf"compr(?:amos|ado)|compre)\s+(?:un|una|el|la)\s+(?:nuev[oa]\s+)?{_CAR_NOUNS}\W*$")
"""A vehicle bought, the sentence ending at its noun ("I bought a car!", "me compré un
coche!"): the next sentence may name it ("a 2019 Toyota Tacoma, silver")."""
_CAR_NAMED = lazy_regex(rf"^\W*(?:an?\s+|the\s+|un\s+|una\s+|el\s+)?{_LOOKS}(?={MAKE})")


def _named_after(said: list[str], index: int) -> list[tuple[int, str, str, str]]:
    """What the sentence at ``index`` names of a job or a car the sentence before it told
    got without naming it: "I got the job!! interpretive guide with Parks Canada" (role and
    employer), "I GOT IT. dispatcher at Denver 911", "I bought a car! a 2019 Toyota Tacoma,
    silver" (car). The sentence must open with it: a role noun then where, or a make."""
    if index == 0:
        return []
    before = fold(said[index - 1])
    span = Folded(said[index])
    out: list[tuple[int, str, str, str]] = []
    if _GOT_JOB.search(before):
        m = _ROLE_AT_FIRM.match(span.folded)
        if m is not None:
            firm = _NAME_RUN_AT.match(span.text[len(span.original(0, m.end())):])
            field_said = span.original(m.start("f"), m.end("f")) if m.group("f") else ""
            if firm is not None and not any(w[:1].isupper() for w in field_said.split()):
                role = span.original(m.start("role"), m.end("role")).strip()
                out.append((m.start("role"), "user", "role", role))
                out.append((m.end(), "user", "employer", firm.group(0).rstrip(".'")))
        out = out or _at_firm_now(span)
        m = None if out else _ROLE_IN_PLACE.match(span.folded)
        if m is not None and span.original(m.end(), m.end() + 1)[:1].isupper():
            # "I GOT IT. interpretive guide in Banff": the role, where is no employer
            out.append((m.start("role"), "user", "role",
                        span.original(m.start("role"), m.end("role")).strip()))
    if _GOT_CAR.search(before):
        m = _CAR_NAMED.match(span.folded)
        if m is not None:
            value = clean_value(span, m.end(), len(span.folded), cut_with=True)
            value = _LOOKS_AFTER.sub("", _MODEL_TAIL.split(value, maxsplit=1)[0])
            if value and kind_of(fold(value)) == "car" \
                    and not set(fold(value).split()[1:]) & NOT_MODELS:
                out.append((m.end(), "user", "car", value))
    return out


def _at_firm_now(span: Folded) -> list[tuple[int, str, str, str]]:
    """The employer, and a role said after it, of a sentence opening with where the speaker
    now is, after a job got ("I got a new job! I'm at Spotify as a backend engineer", "¡Me
    dieron el puesto! Es en Indra, como analista")."""
    m = _AT_FIRM_NOW.match(span.folded)
    firm = None if m is None else _NAME_RUN_AT.match(span.text[len(span.original(0, m.end())):])
    rest = span.text[len(span.original(0, m.end())):] if m is not None else ""
    if m is None or firm is None or not a_firm(firm.group(0), rest[firm.end():]):
        return []  # "I got the job! I'm with Mum now", "¡Me dieron el puesto! Es en Barcelona."
    name = firm.group(0).rstrip(".'")
    after = m.end() + folded_length(name)
    role = _JOB_CHANGES.role_after(span, after + (span.folded[after:after + 1] == ","))
    return [(m.end(), "user", "employer", name),
            *([(m.end(), "user", "role", role)] if role else [])]


def _pronoun_role(said: list[str], index: int) -> list[tuple[int, str, str, str]]:
    """The job the sentence at ``index`` tells by a pronoun of the one person the sentence
    before names ("I met my neighbour Iker. He's a firefighter.", ``pronoun_told``), read by
    the rules of a job said of a name."""
    told = said_of_one(said, index)
    if told is None:
        return []
    name, sentence = told
    return [(0, subject, attribute, value)
            for _start, subject, attribute, value in _role_facts(Folded(sentence))
            if fold(subject) == fold(name)]


_NAME_RUN_AT = lazy_regex(
    r"(?:[A-ZÁÉÍÓÚÑ0-9][\w&.'-]*)(?:\s+(?:de\s+|del\s+|of\s+|&\s+)?[A-ZÁÉÍÓÚÑ0-9][\w&.'-]*)*")
"""A workplace's name as written ("Parks Canada", "Denver 911", "Banco de España")."""


_DEMONSTRATIVE = lazy_regex(r"(?:that|this|those|these|ese|esa|esos|esas|este|esta|estos|estas|"
                            r"aquel|aquella|aquellos|aquellas)\b")
"""A value that points at a thing ("that bird", "esa empresa") names nothing the timeline can
hold: what it is was said elsewhere."""


def extract_facts(
    text: str,
    *,
    data_type: str = "GENERIC",
    entry_date: datetime.date | None = None,
    default_subject: str = "user",
    earlier: list[str] | None = None,
) -> list[FactCandidate]:
    """Every fact stated in ``text``, in order, one per (key, value).

    ``earlier``: the texts of the turns saved before this one in the same conversation
    (oldest first), read only for the homes their speakers named: "we moved in last
    saturday!" goes to the house in Golden the same speaker told of a few turns before.

    ``valid_from`` is the first date written in the sentence, else the date opening its line or
    the latest dated line above it, else ``entry_date``. ``default_subject`` replaces "user" for
    first-person facts (a leaf written on someone else's behalf), unless the line's speaker is
    someone else (``actors.facts.speakers``): a named speaker's "I" is that person, and an
    assistant's line states no fact at all.
    """
    folded_text = fold(text)
    clinical = data_type.upper() == "CLINICAL" or bool(CLINICAL_WORDING.search(folded_text))
    patient = (patient_name(text) or "patient") if clinical else "patient"
    current_date = entry_date
    seen: set[tuple[tuple[str, str], str]] = set()
    out: list[FactCandidate] = []
    tentative: set[int] = set()
    speaker: Speaker | None = None
    labels = turns(text)
    homes = homes_of_speakers(earlier) if earlier else {}
    last_turns = last_turns_of_speakers(earlier) if earlier else {}
    towns = towns_of_speakers(earlier, _names_a_place, parse_date(text) or entry_date) \
        if earlier else {}
    for line in text.splitlines():
        # a turn may run over several lines: its speaker holds until the next label
        speaker = speaker_of(line, turns=labels) or speaker
        line_date = parse_date(line) or opening_month(line)
        if line_date is None and _DATE_LABEL.match(fold(line)):
            line_date = next(iter(find_dates(line)), None)
        if line_date is not None:
            current_date = line_date
        if clinical and PATIENT.match(fold(line)):
            continue
        if speaker is not None and speaker.subject is None:
            # the assistant's turn advises ("Then Odido is the better deal. Your database
            # is MySQL 8"): what it says or recommends is no statement of anyone's life
            continue
        # a fact is told in a sentence: a "sentence" longer than this is a log, a dump or
        # code with no full stop, and reading it through every rule cost seconds per MB
        said = [part for part in sentences(line) if len(part) <= PROSE_SENTENCE_CHARS]
        if not said:
            continue
        who = speaker.subject if speaker is not None else None
        moving_in = move_in(said, _names_a_place, homes.get(who))
        home = home_named(said, _names_a_place, homes.get(who))
        if home is not None:  # a home named in one turn, moved into in a later one
            homes[who] = home
        dating = tells_dating(line) or tells_dating(last_turns.get(who, ""))
        last_turns[who] = line  # a session saved whole: the speaker's line before this one
        for index, sentence in enumerate(said):
            span = Folded(sentence)
            if is_question(span.folded):
                continue
            town = town_gone_to(sentence, _names_a_place)
            if town is not None:  # a home told after it is inside it (``towns``)
                towns[who] = town
            found = clinical_facts(span, patient, headers=clinical)
            project = [] if found else [*project_facts(span), *settings_told(span)]
            if not found:
                found = _rule_facts(span) or _named_after(said, index) \
                    or _pronoun_role(said, index) \
                    or greeted_name(said, index) or _generic_facts(span) \
                    or _clause_settings(sentence)
            if project:  # a project's tool, version or setting (``project_changes``): the
                # user's stack it was read as goes (or its bare version: "the EKS cluster ...
                # from Kubernetes 1.28 to 1.29" uses '1.29'), and a rule of its own attribute
                # here wins
                named = {fold(f[3]) for f in project}
                owned = {fold(f[3]) for f in project if f[2] == "owner"}
                # "Ahmed Nasser is now Marlin's tech lead and owner": the owner, not a value
                # of the person ('ahmed nasser' = "Marlin's tech lead and owner"); "el
                # responsable de X es Y": the owner, not an attribute 'responsable' of X
                found = [f for f in found
                         if not (f[2] in ("stack", "uses", "value")
                                 and any(fold(f[3]).endswith(n) or n.endswith(f" {fold(f[3])}")
                                         for n in named)
                                 or f[2] == "location" and is_tool_name(f[3])
                                 or f[2] == "value" and fold(f[1]) in owned
                                 or f[2] != "owner" and fold(f[3]) in owned)]
                found = [*found, *(f for f in project if f[2] not in {g[2] for g in found})]
            partner = named_partner(span, dating, line)
            if partner is not None and not any(f[2] == "partner" for f in found):
                # "his name is Keoni" after "I started dating someone??"
                found = [*found, partner]
            if moving_in is not None and moving_in[0] == index \
                    and not any(f[2] == "location" for f in found):
                # "It's a one-bed in Blackrock ... I move in on the 1st of August"
                found = [*found, (moving_in[1], "user", "location", moving_in[2])]
            left = left_named(span, _named_subject)
            found = [f for f in [*found, *left] if not is_hypothetical(span.folded, f[0])
                     and not quoted_by_another(span.folded, f[0])]
            if not found:
                continue  # nothing to date: the sentence's date is looked up only for facts
            valid_from = _sentence_date(sentence, current_date) or current_date
            owners: dict[int, str | None] = {}
            for _start, subject, attribute, value in sorted(found, key=lambda f: f[0]):
                if _DEMONSTRATIVE.match(fold(value)):
                    continue  # "my alarm is now that bird": told elsewhere, named nowhere
                named_leaving = (_start, subject, attribute, value) in left
                said_by = speaker.subject if speaker is not None else None
                speaking = said_by if said_by not in (USER, None) else default_subject
                if subject == "user":
                    opens = clause_start(span.folded, _start)
                    if opens not in owners:  # the clause's first fact reads its subject
                        owners[opens] = whose(span, _start)
                    owner = owners[opens]
                    if owner is None:
                        continue  # "she got a job as ...": whose, the sentence does not say
                    # "I ...": the speaker; "my friend Jess ...", "Sam got ...": the name
                    subject = speaking if owner == USER else owner
                if subject != speaking and speaking != "user" and fold(subject) in ONE_OF_THEM:
                    subject = f"{speaking}'s {fold(subject)}"  # "Bea: my sister ...": Bea's
                elif speaking != "user" and fact_key(subject, attribute)[0] not in (
                        "user", fact_key(speaking, attribute)[0]) \
                        and said_as_own(span.folded, subject):
                    subject = f"{speaking}'s {subject}"  # "Bea: my rent is now £950": Bea's
                if attribute == "location" and subject == speaking:
                    value = inside_town(value, towns.get(who), sentence)
                key = fact_key(subject, attribute)
                marker = (key, fold(value))
                if marker in seen:
                    continue
                seen.add(marker)
                day = _day_it_happens(span.folded, _start, attribute, value,
                                      current_date) or valid_from
                if attribute in ("employer", "role") and day == current_date \
                        and not is_ending(value):
                    # "Me dieron el trabajo en Forthbank Rail ... Empecé el lunes 15 de abril."
                    day = _start_said(said, current_date) or day
                if (_start, subject, attribute, value) in project:
                    day = _sentence_date(own_clause(span, _start), current_date) or current_date
                if attribute == "employer" and is_ending(value) and current_date is not None:
                    # "I left Globex last Friday, joining ...": the job ended on the day its
                    # own clause names as just gone (``moves.day_before``), else when said
                    clause = re.split(r"[,;]", span.folded[_start:], maxsplit=1)[0]
                    day = day_before(clause, current_date) or day
                if named_leaving:
                    tentative.add(len(out))
                out.append(FactCandidate(subject, attribute, value, day, sentence))
    return _without_told_endings(out, tentative)


def _without_told_endings(found: list[FactCandidate],
                          tentative: set[int]) -> list[FactCandidate]:
    """An ending followed in the same text by a new value of its attribute ("I sold the
    Skoda, now I drive a Toyota") is no fact: the new value ends the old one, and an ending
    beside it made the memory saying both look outdated by itself. It stays when every new
    value starts later ("I quit the BBC! Starting at Channel 4 next month": no employer in
    between). The endings at ``tentative`` (a workplace left by its name, ``left_named``)
    stay only then: alone, "I left London" or "I quit Twitter" end no job."""
    keys = [fact_key(f.subject, f.attribute) for f in found]

    def kept(index: int, fact: FactCandidate) -> bool:
        if not is_ending(fact.value):
            return True
        after = [g for key, g in zip(keys[index + 1:], found[index + 1:], strict=True)
                 if key == keys[index] and not is_ending(g.value)]
        later = bool(after) and all(_later(g, fact) for g in after)
        return later or (not after and index not in tentative)

    return [f for i, f in enumerate(found) if kept(i, f)]


def _later(new: FactCandidate, ending: FactCandidate) -> bool:
    """The new value starts after the ending (both dated)."""
    return new.valid_from is not None and ending.valid_from is not None \
        and new.valid_from > ending.valid_from
