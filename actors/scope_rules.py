"""Whether a saved text is about the user (every project sees it) or about the project it was
said in: the word rules a save without a scope is filed by, in English and Spanish.

A memory saved inside a project without a scope is the project's unless it is about the user.
What is about the user: their preferences, habits, the tools they use everywhere, who they are,
their life ("I use Neovim as my editor", "My terminal is WezTerm", "Prefiero tests de
integración", "The user uses fish"). What is the project's: its code, its stack, its decisions,
what "we" do, anything that names the project, a file path, a ticket. A statement about every
project ("in any project", "en ningún proyecto") is the user's whatever else it says.

Leaking a project's fact into every other project is the worse mistake (an agent in another
repository is told to run someone else's commands), so a text with any mark of the project
stays in the project even when it also speaks in the first person. Pure functions of text;
they never read the store, and they never decide against an explicit scope.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex

_WORD = r"[^\W\d_]"

ALL_PROJECTS = lazy_regex(
    r"\b(?:(?:in|for|across|on|to)\s+)?(?:any|every|each|all(?:\s+of)?(?:\s+(?:my|the))?|no"
    r"|whatever|whichever)\s+(?:other\s+)?(?:projects?|repos?|repositories|codebases?)\b"
    r"(?!\s+(?:in|of|under)\s+(?:this|the|our)\b)"
    r"|\bregardless\s+of\s+(?:the\s+)?(?:project|repo(?:sitory)?)\b"
    r"|\bno\s+matter\s+(?:which|what)\s+(?:project|repo(?:sitory)?)\b"
    r"|\b(?:todos\s+(?:los|mis)|cualquier|ningún|ningun|cada)\s+(?:otros?\s+)?"
    r"(?:proyectos?|repos?|repositorios?)\b"
    r"|\bsea\s+cual\s+sea\s+el\s+(?:proyecto|repo(?:sitorio)?)\b",
    re.IGNORECASE)
"""A statement made about every project: it is the user's rule, wherever it was said."""

_ADVERB = (r"(?:(?:really|usually|always|never|often|mostly|generally|normally|personally|"
           r"also|still|just|only|typically|rarely|strongly|do\s+not|don't|no\s+longer|"
           r"can't|cannot|tend\s+to)\s+)*")
_AGENT = (r"(?:you|(?:the|my|any|every|all|each)\s+(?:coding\s+|ai\s+)?(?:agents?|assistants?|"
          r"ai|claude|codex|copilot|models?|bots?))")
"""Whom the user asks: "you", and "the agent" as agents write the user's words down ("I
always want the agent to run the tests before proposing a commit" stayed in one project)."""
_HABIT_VERBS = (r"use|prefer|like|love|enjoy|hate|dislike|avoid|work\s+(?:at|for|from|as|"
                r"remotely)|live|speak|type|read|write\s+in|take|study|learn|keep|wear|own|"
                r"commute|wake|sleep|eat|drink|play|program\s+in|code\s+in|"
                r"(?:want|need|expect)\s+" + _AGENT + r"\s+to|would\s+(?:like|rather)")
USER_MARKS = lazy_regex(
    r"(?:^|(?<=[.;:!?¿¡(\n]))\s*(?:and\s+|but\s+|so\s+)?I\s+" + _ADVERB + r"(?:" + _HABIT_VERBS
    + r")\b"
    r"|\bI\s+" + _ADVERB + r"(?:" + _HABIT_VERBS + r")\b"
    r"|\bI(?:'m|\s+am)\s+(?:a|an|learning|studying|allergic|colou?r-?blind|left-handed|"
    r"dyslexic|based\s+in|from|not\s+a)\b"
    r"|\bI'd\s+" + _ADVERB + r"(?:rather|prefer|like|love)\b"
    r"|\bI've\s+been\s+(?:using|learning|living|working\s+(?:at|for|from|as|remotely))\b"
    r"|\bmy\s+(?:personal\s+\w+|(?:main\s+|default\s+|usual\s+|preferred\s+|favou?rite\s+)?"
    r"(?:editor|ide|terminal|shell|laptop|computer|machine|desktop|keyboard|keyboard\s+layout|"
    r"os|font|theme|colou?r\s+scheme|browser|dotfiles|setup|workflow|time\s*zone|timezone|"
    r"schedule|working\s+hours|hours|name|pronouns|role|job|title|employer|manager|"
    r"native\s+language|language|mother\s+tongue|preference|preferences|habit|habits|rule|"
    r"rules|style|handle|username|email|github|city|country|home|family|partner|wife|"
    r"husband|kids|children|hobby|hobbies))\b"
    r"|\b(?:review(?:ing)?|reviews\s+of)\s+my\s+(?:prs?|pull\s+requests|code|commits|changes)\b"
    r"|\b(?:ask|remind|call|address|answer)\s+me\b"
    r"|\b(?:the\s+)?user(?:'s)?\s+" + _ADVERB + r"(?:uses|prefers|likes|loves|hates|dislikes|"
    r"avoids|wants|works\s+(?:at|for|from|as|remotely)|lives|speaks|reads|types|is\s+(?:a|an|"
    r"based|from|allergic|learning)|editor|terminal|shell|laptop|time\s*zone|timezone|"
    r"native\s+language|preference|preferences)\b"
    r"|^\s*user\s+preferences?\b"
    # Spanish: first-person verbs that are nothing else, anywhere; the ones that are also
    # nouns or other persons ("uso", "trabajo", "vivo") only opening a sentence or after a
    # subject or an adverb
    r"|\b(?:prefiero|quiero|suelo|odio|detesto|necesito\s+que|me\s+gustan?|me\s+encantan?|"
    r"me\s+molestan?|me\s+resultan?)\b"
    r"|(?:^|(?<=[.;:!?¿¡(\n])|\b(?:yo|no|también|siempre|normalmente|solo|sólo|ya|nunca|"
    r"casi\s+siempre)\s)\s*(?:uso|utilizo|trabajo\s+(?:desde|en|para|como|con)|vivo|leo|"
    r"escribo|hablo|tengo|soy|estoy\s+aprendiendo|aprendo|programo)\b"
    r"|\bmis?\s+(?:portátil|portatil|ordenador|equipo\s+de\s+trabajo|editor|terminal|shell|"
    r"teclado|idioma|lengua|zona\s+horaria|horario|nombre|puesto|cargo|trabajo|empresa|jefe|"
    r"preferencias?|costumbres?|familia|pareja|mujer|marido|hijos|hijas|ciudad|casa|"
    r"prs?|pull\s+requests?|commits?|cambios|código)\b"
    r"|\b(?:pregúntame|preguntame|avísame|avisame|dime|llámame|llamame|respóndeme|"
    r"contéstame|háblame|escríbeme|recuérdame|no\s+me\s+" + _WORD + r"+(?:es|as))\b",
    re.IGNORECASE | re.MULTILINE)
"""A first-person (or third-person "the user ...") statement of a preference, a habit, a tool
used everywhere, an identity: what a user says about themself."""

_MY = (r"(?:(?:work|personal|home|new|old|current|own|company|spare|primary|main|second|"
       r"other|private)\s+)*")
_DEVICES = r"(?:laptop|notebook|computer|desktop|workstation|phone|mobile|monitor|headset|mouse)"
_TIME_OFF = (r"(?:vacation|vacations|holidays?|pto|time\s+off|leave|annual\s+leave|"
             r"sick\s+leave|parental\s+leave|day\s+off|days\s+off|ooo)")
USER_OWN = lazy_regex(
    # their machines and keys: "my work laptop is ...", "got a new work laptop: ...", "my
    # ed25519 SSH key", "I sign my commits with ..."
    r"\bmy\s+" + _MY + r"(?:" + _DEVICES + r"s?|(?:[\w-]+\s+){0,2}(?:ssh|gpg|pgp|signing)"
    r"\s+keys?|yubikey|(?:[\w-]+\s+)?accounts?|password\s+manager|"
    r"(?:summer\s+|christmas\s+|winter\s+)?" + _TIME_OFF + r"|birthday|"
    r"(?:office|working)\s+days)\b"
    r"|\b(?:got|bought|received|ordered|picked\s+up|switched\s+to|upgraded\s+to|"
    r"moved\s+to)\s+(?:a|an|my)\s+" + _MY + _DEVICES + r"\b"
    r"|\bsign(?:s|ed|ing)?\s+(?:all\s+)?my\s+(?:commits|tags)\b"
    # their time off: "Vacation: off from 2026-08-10 ...", "I'm off on Friday", "I'll be on
    # leave", "OOO until Monday"
    r"|^\s*(?:(?:my\s+)?(?:summer|christmas|xmas|winter|easter|spring)\s+)?" + _TIME_OFF
    + r"\s*[:\-\u2013\u2014(]\s*(?:I(?:'m|'ll\s+be|\s+am|\s+will\s+be)\s+)?"
    r"(?:off\b|away\b|out\b|ooo\b|offline\b|from\s+\d|\d)"
    r"|\bI(?:'m|\s+am|'ll\s+be|\s+will\s+be|\s+was|\s+won't\s+be|\s+am\s+not|'m\s+not)"
    r"\s+(?:off(?!\s+to\b)|away|out\s+of\s+(?:the\s+)?office|ooo|on\s+(?:vacation|holiday|leave|"
    r"pto|parental\s+leave|sick\s+leave)|available|online|offline|reachable)\b"
    # the same told of "the user", as agents write it: "The user is on vacation from ...",
    # "the user's parental leave starts ..." (a named colleague's stays the project's)
    r"|\b(?:the\s+)?user(?:'s)?\s+(?:is|will\s+be|was|won't\s+be|is\s+not)\s+(?:off(?!\s+to\b)|"
    r"away|out\s+of\s+(?:the\s+)?office|ooo|on\s+(?:vacation|holiday|leave|pto|parental\s+leave|"
    r"sick\s+leave)|unavailable|offline)\b"
    r"|\bthe\s+user's\s+(?:(?:summer|christmas|winter|easter|next)\s+)?" + _TIME_OFF + r"\b"
    r"|\b(?:el|la)\s+usuari[oa]\s+(?:est[aá]|estar[aá]|estuvo|estaba|va\s+a\s+estar)\s+"
    r"(?:de\s+(?:vacaciones|baja|permiso)|fuera\s+de\s+la\s+oficina)\b"
    r"|\bI(?:'m|\s+am)?\s+(?:taking|took|take|booked)\s+(?:(?:a|the|two|three|\d+)\s+)?"
    r"(?:(?:days?|weeks?|afternoon|morning)\s+off|time\s+off|pto|leave|vacation|holidays?)\b"
    # their working hours: "I start at 8:30", "I log off at 17:00", "I don't work on Fridays"
    r"|\bI\s+" + _ADVERB + r"work\s+(?:on\s+)?(?:mondays|tuesdays|wednesdays|thursdays|"
    r"fridays|saturdays|sundays|weekends|part[- ]time|full[- ]time|(?:four|4)\s+days|"
    r"mornings|afternoons|evenings|nights|\d)\b"
    r"|\bI\s+" + _ADVERB + r"(?:start|finish|stop|log\s+off|sign\s+off|log\s+on|"
    r"clock\s+(?:in|out))(?:\s+(?:work|working|my\s+day))?\s+(?:at|by|around|before)\s+\d"
    # Spanish: "mi clave SSH", "mis vacaciones", "estoy de vacaciones", "me cojo unos días",
    # "empiezo a las 8" ("firmo mis commits" is USER_MARKS' "mis commits")
    r"|\bmis?\s+(?:(?:nuevo|nueva|viejo|vieja|antiguo|antigua)\s+)?(?:port[aá]til|"
    r"ordenador|m[oó]vil|tel[eé]fono|monitor|(?:clave|llave)s?\s+(?:ssh|gpg|pgp|de\s+firma)|"
    r"cuentas?|vacaciones|d[ií]as?\s+libres?|permiso|baja|cumplea[nñ]os|"
    r"jornada)\b"
    r"|\b(?:me\s+)?(?:dieron|han\s+dado|compr[eé]|llegó|lleg[oó])\s+(?:un|el|mi)\s+"
    r"(?:nuevo\s+)?(?:port[aá]til|ordenador)\b"
    r"|^\s*vacaciones(?:\s+de\s+" + _WORD + r"+)?\s*[:\-\u2013\u2014(]\s*(?:libre|fuera|"
    r"del?\s+\d|\d)"
    r"|\b(?:estoy|estar[eé]|estuve|estaba|voy\s+a\s+estar)\s+(?:de\s+(?:vacaciones|baja|"
    r"permiso)|fuera\s+de\s+la\s+oficina|desconectad[oa])\b"
    r"|\bme\s+(?:cojo|tomo|pido|cog[ií]|tom[eé]|ped[ií])\s+(?:unos\s+|dos\s+|tres\s+|"
    r"\d+\s+|el\s+|la\s+|una\s+)?(?:d[ií]as?|vacaciones|semanas?|tarde|ma[nñ]ana|libre)\b"
    r"|\b(?:empiezo|entro|salgo|termino|acabo|desconecto)\s+(?:a\s+trabajar\s+|de\s+"
    r"trabajar\s+)?(?:a\s+las|sobre\s+las|antes\s+de\s+las)\s+\d",
    re.IGNORECASE | re.MULTILINE)
"""What the user has and when they work: their machines, their keys and accounts, their time
off and their working hours ("My work laptop is a ThinkPad", "Got a new work laptop",
"I sign my commits with my ed25519 SSH key", "Vacation: off from 2026-08-10", "estoy de
vacaciones"). Every project's agent needs these; none of them is the project's."""

_SELF = lazy_regex(r"\bI\b")

CODE_MARKS = lazy_regex(
    r"\b(?:this|the|our)\s+(?:repo|repository|codebase|code\s+base|project|service|app|"
    r"monorepo|module|package|crate)\b"
    r"|\b(?:este|el|nuestro|esta|la|nuestra)\s+(?:repo|repositorio|proyecto|servicio|código|"
    r"app|aplicación|módulo|paquete)\b"
    r"|(?<![\w~./])(?:[\w.-]+/)+[\w-]+\.[A-Za-z]{1,5}\b"
    r"|\b[\w-]+\.(?:py|pyi|ts|tsx|js|jsx|go|rs|java|kt|rb|php|cs|cpp|c|h|sql|yml|yaml|toml|"
    r"lock|cfg|ini|json|jsonc|proto|tf)\b"
    r"|\b[A-Z][A-Z0-9]{1,9}-\d{2,}\b"
    r"|\w::\w",
    re.UNICODE)
"""A mark of the project's code: "this repo", a file path, a source file, a ticket id."""

_HERE = lazy_regex(r"\b(?:here|in\s+here|aquí|aqui|acá)\b", re.IGNORECASE)
"""Said of the place the agent works in: "I use `make dev` here" is this project's habit."""

PART_MARKS = lazy_regex(
    r"\b(?:the|this|our|with)\s+(?:[\w-]+\s+)?(?:api|client|clients|server|database|db|schema|"
    r"endpoints?|migrations?|pipeline|backend|frontend|service|services|staging|monorepo|"
    r"module|library|sdk|cluster|workers?|queue|cache|retry\s+logic|dashboard)\b"
    r"|\b(?:el|la|los|las|nuestro|nuestra|este|esta)\s+(?:[\w-]+\s+)?(?:api|cliente|clientes|"
    r"servidor|base\s+de\s+datos|esquema|endpoints?|migraci[oó]n|migraciones|pipeline|"
    r"backend|frontend|servicio|servicios|m[oó]dulo|cl[uú]ster|cola|caché|cache)\b",
    re.IGNORECASE)
"""A part of the system being built ("the processor client", "the staging database", "el
cliente"): "I want you to use the staging database" is about this project's system."""

_SPANISH_WE = frozenset({"primos", "ramos", "extremos", "supremos", "remos", "racimos",
                         "mínimos", "minimos", "máximos", "maximos", "últimos", "ultimos",
                         "próximos", "proximos", "legítimos", "íntimos", "intimos"})
WE_MARKS = lazy_regex(
    r"\b(?:we|we're|we've|we'd|we'll|our|ours|us|let's|the\s+team|nosotros|nosotras|"
    r"nuestros?|nuestras?|nos)\b"
    r"|\b" + _WORD + r"{3,}(?:amos|emos|imos)\b",
    re.IGNORECASE)
"""What "we" do: a team's decision or habit is the project's, said in the first person."""


def about_all_projects(text: str) -> bool:
    """The text states something for every project ("in any project", "en todos los
    proyectos")."""
    return ALL_PROJECTS.search(text) is not None


def names_project(text: str, project: str) -> bool:
    """The text names the project it was saved in (``project:harbor`` and "harbor's CI")."""
    name = project.partition(":")[2].strip() if ":" in project else project.strip()
    if not name:
        return False
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def marks_the_code(text: str, project: str) -> bool:
    """The text is tied to the project's code: it names the project, "this repo", a path, a
    source file or a ticket."""
    return names_project(text, project) or CODE_MARKS.search(text) is not None


def speaks_as_we(text: str) -> bool:
    """The text says what "we" (the team) do or decided, in English or Spanish."""
    for match in WE_MARKS.finditer(text):
        word = match.group(0)
        if word.lower() not in _SPANISH_WE and word != "US":  # "a US keyboard layout"
            return True
    return False


def states_a_user_preference(text: str, project: str) -> bool:
    """A first-person (or "the user ...") statement of a preference, habit, tool or identity,
    with no mark of the project (its name, "we", "this repo", a path, a ticket)."""
    if USER_MARKS.search(text) is None and USER_OWN.search(text) is None:
        return False
    return not (marks_the_code(text, project) or speaks_as_we(text)
                or _HERE.search(text) is not None or names_a_part(text))


def names_a_part(text: str) -> bool:
    """The text speaks of a part of the system being built (``PART_MARKS``)."""
    return PART_MARKS.search(text) is not None
