"""Map a search query to the fact key it asks about ("where do I live?" -> ("user", "location")).

Navigation calls ``attribute_question`` to answer attribute questions from the timeline (current
value first, history on request). Keys follow ``keys.fact_key`` and the attribute conventions of
``patterns`` so a question finds what extraction stored: first person (I, we, our, mi, nuestro)
is "user", a named component keeps its name ("our frontend stack" -> "frontend"), tool choices
live under ("project", "tool:<topic>"), the default branch under ("repo", "default_branch") and
the test runner under ("project", "test_runner"). Best effort: None when unsure.
Pure functions only; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from actors.facts.activities import ACTIVITY_NAMES
from actors.facts.keys import FIRST_PERSON, fact_key, normalise_topic, preference_pair
from actors.facts.project_questions import asked_part, project_question
from actors.facts.question_forms import plainer
from actors.facts.suite_kinds import names_a_suite
from actors.facts.whose import MANY_OF_THEM, ONE_OF_THEM
from actors.lazy_re import Regex, lazy_regex
from actors.text import fold

_S = r"(?P<s>[\w' .-]+?)"
_S2 = r"(?P<s2>[\w .-]+?)"
_S3 = r"(?P<s3>[\w .-]+?)"
"""The subject named again in another branch of one pattern (a group's name is unique)."""
_END = (r"\s*(?:now|currently|these\s+days|at\s+present|at\s+the\s+moment|right\s+now|ahora|"
        r"actualmente|hoy\s+en\s+dia|en\s+este\s+momento)?\s*$")
_EL_USUARIO = r"(?:(?:el\s+usuario|la\s+usuaria)\s+)?"
_EL_USUARIO_END = r"(?:(?:el\s+usuario|la\s+usuaria|todavia|aun|ahora)\s*)?"
"""A Spanish yes/no question about the user names them or no one: "¿Sigue siendo
vegetariana?", "¿El usuario tiene coche?"; not "¿Es vegana esta receta?"."""
_PEOPLE = frozenset(ONE_OF_THEM) | MANY_OF_THEM
"""Words for a person before their name ("my friend Jess", "mi hermana Ana")."""
_PRONOUNS = frozenset("she he they it him her them ella el ellos ellas".split())

_Builder = Callable[[re.Match[str]], tuple[str, str] | None]


def _fixed(subject: str, attribute: str) -> _Builder:
    return lambda _m: fact_key(subject, attribute)


def _named(attribute: str) -> _Builder:
    def build(m: re.Match[str]) -> tuple[str, str] | None:
        subject = m.group("s").strip()
        if not subject or fold(subject) in _PRONOUNS:
            return None
        words = subject.split()
        if len(words) > 1 and fold(words[0]) in ("my", "mi", "our") and len(words) > 2:
            words = words[1:]
        if len(words) == 2 and fold(words[0]) in _PEOPLE:
            subject = words[1]  # "my friend Jess": Jess, as her facts are filed (``whose``)
        return fact_key(subject, attribute)

    return build


def _component(attribute: str) -> _Builder:
    def build(m: re.Match[str]) -> tuple[str, str] | None:
        group = m.groupdict().get("s")
        if not group or fold(group) in {"tech", "technology", "current", "main"}:
            return fact_key("user", attribute)
        return fact_key(group, attribute)

    return build


def _topic(subject: str, prefix: str) -> _Builder:
    def build(m: re.Match[str]) -> tuple[str, str] | None:
        topic = normalise_topic(m.group("t"))
        return fact_key(subject, f"{prefix}:{topic}") if topic else None

    return build


_POSSESSIONS = {"phone": "phone", "mobile": "phone", "movil": "phone", "telefono": "phone",
                "car": "car", "coche": "car", "laptop": "laptop", "computer": "laptop",
                "portatil": "laptop", "ordenador": "laptop"}


def _possession(m: re.Match[str]) -> tuple[str, str]:
    return fact_key("user", _POSSESSIONS[m.group("a")])


_ACTIVITY = r"(?P<a>" + "|".join(sorted(ACTIVITY_NAMES, key=len, reverse=True)) + r")"


def _activity(m: re.Match[str]) -> tuple[str, str]:
    return fact_key("user", f"activity:{ACTIVITY_NAMES[m.group('a')]}")


def _pair(m: re.Match[str]) -> tuple[str, str]:
    return fact_key("user", preference_pair(m.group("x"), m.group("y"), spanish=False))


def _pair_es(m: re.Match[str]) -> tuple[str, str]:
    """"¿Prefiero té o café?" asks 'coffee vs tea', as the facts are keyed (``preference_pair``)."""
    return fact_key("user", preference_pair(m.group("x"), m.group("y"), spanish=True))


def _value(m: re.Match[str]) -> tuple[str, str] | None:
    groups = m.groupdict()
    subject = (groups.get("s") or groups.get("s2") or groups.get("s3") or "").strip()
    words = subject.split()
    known = {"location": "location", "city": "location", "address": "location",
             "employer": "employer", "company": "employer", "job": "employer",
             "workplace": "employer", "stack": "stack"}
    if len(words) == 1 and words[0] in known:
        return fact_key("user", known[words[0]])
    return fact_key(subject, "value") if subject and subject not in FIRST_PERSON else None


def _alone_en(nouns: str) -> str:
    """The attribute named alone in English: "user location", "the user's current city"."""
    return (rf"^(?:(?:the\s+)?users?(?:'s|’s|')?\s+|my\s+)?(?:current\s+|present\s+)?"
            rf"(?:{nouns})(?:\s+now)?$")


def _alone_es(nouns: str) -> str:
    """The attribute named alone in Spanish: "ciudad actual del usuario", "mi empresa"."""
    return (rf"^(?:la\s+|mi\s+)?(?:{nouns})(?:\s+actual)?(?:\s+(?:del\s+usuario|de\s+la\s+"
            rf"usuaria))?(?:\s+actual)?$")


_QUESTIONS: tuple[tuple[Regex, _Builder], ...] = tuple(
    (lazy_regex(pattern), build)
    for pattern, build in (
        # where the user lives
        (r"\bwhere\s+(?:do|did)\s+(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?live\b",
         _fixed("user", "location")),
        (r"\bwhere\s+(?:am\s+i|are\s+we)\s+(?:currently\s+|now\s+)?(?:living|based|located)\b",
         _fixed("user", "location")),
        (r"\b(?:what|which)\s+(?:city|town|country|place)\s+(?:do|am|are)\s+(?:i|we)\s+"
         r"(?:currently\s+|now\s+)?(?:live|living|based)\b", _fixed("user", "location")),
        (r"\bmy\s+(?:current\s+)?(?:location|address|city|hometown)\b", _fixed("user", "location")),
        (r"\bwhere\s+i\s+live\b", _fixed("user", "location")),
        # someone else's before a change: "¿Dónde vivía Tomás antes de Chicago?", "¿Dónde
        # trabajaba Tomás antes de Cactus Labs?" (the first person's rules below would take
        # the imperfect for the user's: "¿Dónde vivía antes de mudarme?")
        (rf"\bdonde\s+(?:vivia|vivio)\s+{_S}\s+antes\s+de\b", _named("location")),
        (rf"\bdonde\s+(?:trabajaba|trabajo)\s+{_S}\s+antes\s+de\b", _named("employer")),
        (r"\bdonde\s+(?:vivo|vivimos|resido|estoy\s+viviendo|vivia|vivi|viviamos|vivimos|"
         r"residia|estaba\s+viviendo)\b", _fixed("user", "location")),
        (r"\bwhere\s+(?:was|were)\s+(?:i|we)\s+(?:living|based)\b", _fixed("user", "location")),
        (r"\b(?:where|(?:what|which)\s+(?:city|town|country|place))\s+did\s+(?:i|we)\s+"
         r"(?:move|relocate)(?:\s+to)?\b", _fixed("user", "location")),
        (r"\b(?:(?:a\s*)?donde|a\s+que\s+(?:ciudad|pais|sitio|lugar))\s+(?:me\s+mude|nos\s+"
         r"mudamos|me\s+fui\s+a\s+vivir|nos\s+fuimos\s+a\s+vivir|se\s+mudo\s+(?:el\s+usuario|"
         r"la\s+usuaria))\b", _fixed("user", "location")),
        (r"\ben\s+que\s+(?:ciudad|pais|sitio|lugar)\s+(?:vivo|vivimos|resido)\b",
         _fixed("user", "location")),
        (r"\bmi\s+(?:ubicacion|direccion|ciudad)\b", _fixed("user", "location")),
        # the attribute named alone ("user location", "current city", "ciudad actual")
        (_alone_en(r"location|city|town|address|hometown|home\s+town|whereabouts"),
         _fixed("user", "location")),
        (_alone_es(r"ciudad|ubicacion|direccion|residencia"), _fixed("user", "location")),
        (r"\b(?:what|which)\s+(?:city|town|country|place)\s+(?:am\s+i|are\s+we)\s+"
         r"(?:currently\s+|now\s+)?(?:in|at)\b", _fixed("user", "location")),
        (r"\bwhere\s+(?:is|'s)\s+(?:home\s+for\s+(?:me|us)|my\s+home)\b",
         _fixed("user", "location")),
        (r"\b(?:donde|en\s+que\s+(?:ciudad|pais|sitio|lugar))\s+(?:vive|reside)\s+"
         r"(?:ahora\s+|actualmente\s+)?(?:el\s+usuario|la\s+usuaria)\b",
         _fixed("user", "location")),
        # where the home is: "What neighbourhood is the user's current flat in?", "¿En qué
        # barrio está su piso?"
        (r"\b(?:what|which)\s+(?:neighbou?rhood|area|district|part\s+of\s+town|city|town)\s+"
         r"(?:is|was)\s+my\s+(?:current\s+|new\s+)?(?:flat|apartment|house|home|place)\s+in\b",
         _fixed("user", "location")),
        (r"\ben\s+que\s+(?:barrio|zona|ciudad)\s+(?:vive|vivo|esta\s+(?:su|mi)\s+(?:piso|casa|"
         r"apartamento))(?:\s+ahora|\s+actualmente)?\s*$", _fixed("user", "location")),
        # where someone else lives
        (rf"\bwhere\s+does\s+{_S}\s+(?:currently\s+|now\s+)?live\b", _named("location")),
        (rf"\bwhere\s+(?:is|was)\s+{_S}\s+(?:living|based)\b", _named("location")),
        (rf"\bwhere\s+did\s+{_S}\s+live\b", _named("location")),
        (rf"\bdonde\s+(?:vivia|vivio|se\s+mudo)\s+{_S}{_END}", _named("location")),
        (rf"\b(?:what|which)\s+city\s+does\s+{_S}\s+live\s+in\b", _named("location")),
        (rf"\b(?:donde|en\s+que\s+ciudad)\s+vive\s+(?:ahora\s+)?{_S}{_END}", _named("location")),
        # "What town is Hamish living in now?", "Where do Kenji and Theo live now?" (the first
        # one named: a home shared is on each timeline)
        (rf"\b(?:what|which)\s+(?:city|town|country|place|village|neighbou?rhood)\s+(?:is|does)\s+"
         rf"{_S}\s+(?:currently\s+|now\s+)?(?:living|live|based|staying)\b", _named("location")),
        (r"\bwhere\s+do\s+(?P<s>[\w'.-]+(?:\s+[\w'.-]+)?)\s+(?:and|y)\s+[\w'.-]+(?:\s+[\w'.-]+)?"
         r"\s+(?:currently\s+|now\s+|still\s+)?live\b", _named("location")),
        (r"\b(?:donde|en\s+que\s+ciudad)\s+viven\s+(?:ahora\s+)?(?P<s>[\w'.-]+)\s+(?:y|e)\s+",
         _named("location")),
        # employer
        (rf"\bwho\s+(?:employs|is\s+employing|hired)\s+{_S}{_END}", _named("employer")),
        (r"\bwhere\s+(?:did\s+i|was\s+i)\s+work(?:ing)?\b", _fixed("user", "employer")),
        (r"\bdonde\s+(?:trabajaba|trabaje|estaba\s+trabajando)\b", _fixed("user", "employer")),
        (r"\bwhere\s+(?:do\s+i|am\s+i)\s+(?:currently\s+|now\s+)?work(?:ing)?\b",
         _fixed("user", "employer")),
        (r"\bwho\s+(?:is|'s)\s+my\s+(?:current\s+)?employer\b", _fixed("user", "employer")),
        (r"\bwho\s+(?:do|did)\s+i\s+(?:currently\s+)?work\s+for\b", _fixed("user", "employer")),
        (r"\b(?:what|which)\s+company\s+(?:do|did)\s+i\s+work\s+(?:at|for)\b",
         _fixed("user", "employer")),
        (r"\bwho\s+was\s+my\s+employer\b", _fixed("user", "employer")),
        (r"\bmy\s+(?:current\s+)?employer\b", _fixed("user", "employer")),
        (r"\bdonde\s+(?:trabajo|estoy\s+trabajando)\b", _fixed("user", "employer")),
        (r"\bpara\s+quien\s+(?:trabajo|trabajaba|trabaje)\b", _fixed("user", "employer")),
        (r"\ben\s+que\s+empresa\s+trabajo\b", _fixed("user", "employer")),
        (r"\bmi\s+(?:empleador|empresa)\b", _fixed("user", "employer")),
        (_alone_en(r"employer|company|workplace|job"), _fixed("user", "employer")),
        (r"\bwhat(?:\s+is|'s)\s+my\s+(?:current\s+|new\s+)?job\s*$", _fixed("user", "employer")),
        (_alone_es(r"empresa|empleador|trabajo"), _fixed("user", "employer")),
        (rf"\bwhere\s+does\s+{_S}\s+(?:currently\s+|now\s+)?work\b", _named("employer")),
        (rf"\bwho\s+does\s+{_S}\s+work\s+for\b", _named("employer")),
        (rf"\bwhere\s+did\s+{_S}\s+work\b", _named("employer")),
        (rf"\bwho\s+did\s+{_S}\s+work\s+for\b", _named("employer")),
        (rf"\bdonde\s+trabajaba\s+{_S}{_END}", _named("employer")),
        (r"\b(?:do\s+i\s+(?:still\s+)?have\s+a\s+job|am\s+i\s+(?:still\s+)?(?:employed|"
         r"working))\W*$", _fixed("user", "employer")),
        (rf"\b(?:donde|para\s+quien)\s+trabaja\s+(?:ahora\s+)?{_S}{_END}", _named("employer")),
        # age: "How old am I?", "What's my age?", "¿Cuántos años tengo?", "¿Qué edad tengo?"
        (r"\bhow\s+old\s+am\s+i\b|\bwhat(?:\s+is|'s)\s+my\s+(?:current\s+)?age\b",
         _fixed("user", "age")),
        (r"\b(?:cuantos\s+anos|que\s+edad)\s+tengo\b|\bcual\s+es\s+mi\s+edad\b",
         _fixed("user", "age")),
        (rf"\bhow\s+old\s+is\s+{_S}{_END}", _named("age")),
        # role
        (r"\b(?:what(?:\s+is|'s)|tell\s+me)\s+my\s+(?:current\s+|new\s+)?(?:job\s+title|title|role|"
         r"position)\b", _fixed("user", "role")),
        (r"\bwhat\s+(?:job\s+title|title|role|position)\s+do\s+i\s+(?:now\s+)?have\b",
         _fixed("user", "role")),
        (r"\b(?:cual\s+es|que)\s+(?:es\s+)?mi\s+(?:cargo|puesto)\b|\bque\s+(?:cargo|puesto)\s+"
         r"(?:tengo|tiene)\b", _fixed("user", "role")),
        (r"\bwhat\s+(?:do|did)\s+i\s+do\s+(?:for\s+(?:work|a\s+living|a\s+job)|"
         r"professionally)\b", _fixed("user", "role")),
        (r"\bwhat(?:\s+is|\s+was|'s)\s+my\s+(?:occupation|profession|line\s+of\s+work)\b",
         _fixed("user", "role")),
        (r"\bwhat\s+(?:kind\s+of\s+)?(?:work|job)\s+(?:do|did)\s+i\s+do\b", _fixed("user", "role")),
        (r"\b(?:en\s+que\s+(?:trabajo|trabajaba)|a\s+que\s+me\s+dedic(?:o|aba))\b",
         _fixed("user", "role")),
        (rf"\b(?:en\s+que\s+trabaja(?:ba)?|a\s+que\s+se\s+dedica(?:ba)?)\s+"
         rf"(?:ahora\s+)?(?:el\s+usuario|la\s+usuaria){_END}", _fixed("user", "role")),
        (rf"\b(?:en\s+que\s+trabaja(?:ba)?|a\s+que\s+se\s+dedica(?:ba)?)\s+(?:ahora\s+)?{_S}{_END}",
         _named("role")),
        # someone else's work: "What does Saoirse do for work now?", "What is Kenji's job
        # title?" ("What is Kenji's job?" asks where, as "what's my job" does)
        (rf"\bwhat\s+(?:does|did)\s+{_S}\s+(?:now\s+|currently\s+)?do\s+(?:for\s+(?:work|"
         r"a\s+living|a\s+job)|professionally)\b", _named("role")),
        # "¿Cuál es la profesión de Carla?", "¿De qué trabaja Carla?" ("¿Cuál es el trabajo de
        # Carla?" asks where first, as "What is Carla's job?" does, below)
        (rf"\bcual\s+(?:es|era)\s+(?:la\s+)?(?:profesion|ocupacion)\s+(?:actual\s+)?de\s+"
         rf"{_S}{_END}", _named("role")),
        (rf"^\W*de\s+que\s+trabaja(?:ba)?\s+(?:ahora\s+)?{_S}{_END}", _named("role")),
        # "What does Koldo do?" with nothing after it asks for his work
        (r"^\W*what\s+does\s+(?!(?:the|a|an|this|that|it|my|our|your|his|her|their)\b)"
         rf"(?P<s>[\w'-]+(?:\s+[\w'-]+)?)\s+(?:now\s+|currently\s+)?do{_END.replace('$', '')}"
         r"\W*$", _named("role")),
        (rf"\bwhat(?:\s+is|'s)\s+{_S}(?:'s|’s)\s+(?:current\s+|new\s+)?(?:job\s+title|title|"
         r"role|position|occupation|profession|rank|grade)\b", _named("role")),
        (rf"\bwhat\s+(?:is|'s)\s+{_S}\s+(?:now\s+|currently\s+)?doing\s+(?:for\s+(?:work|a\s+"
         r"living|a\s+job|money)|professionally)\b", _named("role")),
        (rf"\bwhat\s+(?:rank|job\s+title|title|role|position)\s+(?:does|is)\s+{_S}\s+"
         r"(?:now\s+|currently\s+)?(?:have|hold|holding|in)\b", _named("role")),
        # a partner: "Who is Maren's partner now?", "Who is Hamish dating?", "Is Leilani
        # seeing anyone these days?", "¿Con quién sale Valeria actualmente?"
        (rf"\bwho\s+(?:is|'s)\s+{_S}(?:'s|’s)\s+(?:current\s+|new\s+)?(?:partner|boyfriend|"
         r"girlfriend|husband|wife|fiance|fiancee|spouse|significant\s+other)\b",
         _named("partner")),
        (rf"\bwho\s+(?:is|'s)\s+{_S}\s+(?:currently\s+|now\s+|still\s+)?(?:dating|seeing|"
         r"going\s+out\s+with|with|married\s+to|engaged\s+to|in\s+a\s+relationship\s+with)\b",
         _named("partner")),
        (rf"^\W*(?:is|has)\s+{_S}\s+(?:currently\s+|now\s+|still\s+)?(?:been\s+)?(?:seeing|dating|"
         r"going\s+out\s+with)\s+(?:anyone|someone|anybody|somebody)\b", _named("partner")),
        (rf"^\W*(?:does|is)\s+{_S}\s+(?:currently\s+|now\s+|still\s+)?(?:have\s+a\s+(?:partner|"
         r"boyfriend|girlfriend)|single|in\s+a\s+relationship)\b", _named("partner")),
        (r"\bwho\s+(?:is|'s)\s+my\s+(?:current\s+)?(?:partner|boyfriend|girlfriend|husband|wife)\b|"
         r"\bwho\s+am\s+i\s+(?:dating|seeing)\b", _fixed("user", "partner")),
        # the user asked of in the third person with no name: "¿Quién es su pareja actual?",
        # "¿Con quién sale ahora?"
        (r"\bquien\s+es\s+(?:ahora\s+)?su\s+(?:pareja|novio|novia|marido|mujer|esposo|esposa)"
         r"(?:\s+actual)?(?:\s+ahora)?\s*$|^\W*con\s+quien\s+(?:sale|esta\s+saliendo)"
         r"(?:\s+ahora|\s+actualmente)?\s*$", _fixed("user", "partner")),
        (rf"\bcon\s+quien\s+(?:sale|esta\s+saliendo|esta\s+casad[oa]|se\s+ha\s+casado)\s+"
         rf"(?:ahora\s+)?{_S}{_END}", _named("partner")),
        (rf"\bquien\s+es\s+(?:ahora\s+)?(?:la\s+pareja|el\s+novio|la\s+novia|el\s+marido|la\s+"
         rf"mujer|el\s+esposo|la\s+esposa)\s+(?:actual\s+)?de\s+{_S}{_END}", _named("partner")),
        (rf"^\W*(?:tiene|sale)\s+{_S}\s+(?:novio|novia|pareja|con\s+alguien){_END}",
         _named("partner")),
        (rf"\bwhat(?:\s+is|\s+was|'s)\s+{_S}(?:'s|’s)\s+(?:current\s+|new\s+)?job\b",
         _named("employer")),
        (rf"\bcual\s+(?:es|era)\s+(?:el\s+)?(?:trabajo|empleo|curro)\s+(?:actual\s+)?de\s+(?!fin\b)"
         rf"{_S}{_END}", _named("employer")),
        # what the user has
        (r"\b(?:what|which)\s+(?:kind\s+of\s+|make\s+of\s+|model\s+of\s+)?(?P<a>phone|mobile|car|"
         r"laptop|computer)\s+(?:do|did)\s+i\s+(?:now\s+|currently\s+)?(?:have|use|own|drive|"
         r"carry)\b", _possession),
        (r"\bwhat(?:\s+is|'s)\s+my\s+(?:current\s+|new\s+)?(?P<a>phone|mobile|car|laptop|"
         r"computer)(?:\s+now)?$", _possession),
        (r"\bwhat\s+(?:car|vehicle)\s+(?:do|did)\s+i\s+drive\b", _fixed("user", "car")),
        # the car by the verb alone: "What do I drive?", "What am I driving these days?"
        (r"^\W*what\s+(?:do\s+i|am\s+i|i'm)\s+(?:currently\s+|now\s+)?driv(?:e|ing)\W*$",
         _fixed("user", "car")),
        (r"^\W*que\s+(?:conduzco|estoy\s+conduciendo)\W*$", _fixed("user", "car")),
        # someone else's: "What car does Kenji drive now?", "¿Qué coche tiene Marta?"
        (rf"\b(?:what|which)\s+(?:kind\s+of\s+|make\s+of\s+)?(?:car|vehicle)\s+does\s+{_S}\s+"
         r"(?:now\s+|currently\s+|still\s+)?(?:drive|have|own)\b", _named("car")),
        (rf"\b(?:what|which)\s+(?:kind\s+of\s+)?(?:phone|mobile)\s+does\s+{_S}\s+"
         r"(?:now\s+|currently\s+)?(?:have|use|own)\b", _named("phone")),
        (rf"\b(?:what|which)\s+(?:kind\s+of\s+|make\s+of\s+)?(?:car|vehicle|truck)\s+is\s+{_S}"
         r"\s+(?:now\s+|currently\s+|still\s+)?driving\b", _named("car")),
        (rf"\bwhat\s+(?:does|is)\s+{_S}\s+(?:now\s+|currently\s+)?(?:drive|driving)\b",
         _named("car")),
        (rf"\bque\s+(?:coche|vehiculo)\s+(?:tiene|conduce|lleva)\s+(?:ahora\s+)?{_S}{_END}",
         _named("car")),
        (r"\b(?:do|did)\s+i\s+(?:still\s+)?(?:have|own)\s+an?\s+(?P<a>phone|mobile|car|laptop|"
         r"computer)(?:\s+(?:now|right\s+now|still|any\s*more|these\s+days|at\s+the\s+moment|"
         r"at\s+present|currently))?\W*$", _possession),
        (rf"^\W*{_EL_USUARIO}(?:tengo|tiene|sigo\s+teniendo|sigue\s+teniendo)\s+(?:un\s+|una\s+)?"
         rf"(?P<a>movil|telefono|coche|portatil|ordenador)\s*{_EL_USUARIO_END}\W*$", _possession),
        (r"\bque\s+(?P<a>movil|telefono|coche|portatil|ordenador)\s+(?:tengo|tiene|uso|usa|"
         r"conduzco|conduce|llevo|lleva)\b", _possession),
        # someone else's diet: "What diet does Saoirse follow now?", "What is Saoirse's diet?",
        # "Is Saoirse still vegetarian?", "¿Qué dieta sigue Lucía?"
        (rf"\b(?:what|which)\s+(?:kind\s+of\s+|sort\s+of\s+)?diet\s+(?:does|is)\s+{_S}\s+"
         r"(?:now\s+|currently\s+|still\s+)?(?:follow|following|on|have|keep|eat)\b",
         _named("diet")),
        (rf"\bwhat(?:\s+is|'s)\s+{_S}(?:'s|’s)\s+(?:current\s+)?diet\b", _named("diet")),
        # what someone eats with nothing after it asks the diet: "What does Yusuf eat now?",
        # "¿Qué come Yusuf ahora?" (not "What does Yusuf eat for breakfast?")
        (rf"^\W*what\s+does\s+(?!(?:the|a|an|it|this|that)\b){_S}\s+(?:now\s+|currently\s+|"
         rf"usually\s+)?eat{_END}", _named("diet")),
        (rf"^\W*que\s+come\s+(?:ahora\s+)?(?!(?:el|la|los|las|un|una|esto|eso)\b){_S}{_END}",
         _named("diet")),
        (rf"^\W*is\s+{_S}\s+(?:still\s+|now\s+)?(?:a\s+)?(?:vegetarian|vegan|pescatarian)\b",
         _named("diet")),
        (rf"\bque\s+(?:tipo\s+de\s+)?dieta\s+(?:sigue|lleva|hace|tiene)\s+(?:ahora\s+)?{_S}{_END}",
         _named("diet")),
        # diet
        (r"\b(?:what|which)\s+(?:kind\s+of\s+|sort\s+of\s+)?diet\b", _fixed("user", "diet")),
        (r"\b(?:my|the\s+user'?s?)\s+(?:current\s+)?diet\b", _fixed("user", "diet")),
        (r"\b(?:am\s+i|is\s+the\s+user)\s+(?:still\s+)?(?:a\s+)?(?:vegetarian|vegan|pescatarian)\b",
         _fixed("user", "diet")),
        (r"\bque\s+(?:tipo\s+de\s+)?dieta\b|\bmi\s+dieta\b", _fixed("user", "diet")),
        (r"^\W*what\s+do\s+i\s+(?:now\s+|currently\s+|usually\s+)?eat\W*$|"
         r"^\W*que\s+como\W*$", _fixed("user", "diet")),
        # eating meat or fish asks the diet, which ``endings`` ends with "eats meat again":
        # "Is the user still eating meat?", "Do I eat fish?", "¿La usuaria come carne?"
        (r"^\W*(?:(?:am\s+i|are\s+we)\s+(?:still\s+)?eating|(?:do\s+i|do\s+we)\s+(?:still\s+)?"
         r"eat)\s+(?:meat|fish|chicken|red\s+meat)(?:\s+(?:now|again|any\s*more|these\s+days))?\W*$",
         _fixed("user", "diet")),
        (rf"^\W*{_EL_USUARIO}(?:como|come|sigo\s+comiendo|sigue\s+comiendo)\s+(?:carne|pescado)"
         rf"\s*{_EL_USUARIO_END}\W*$", _fixed("user", "diet")),
        (rf"^\W*{_EL_USUARIO}(?:sigo|sigue|soy|es)\s+{_EL_USUARIO}(?:siendo\s+)?"
         rf"{_EL_USUARIO}(?:vegetarian|vegan|pescetarian)[oa]s?\s*{_EL_USUARIO_END}\W*$",
         _fixed("user", "diet")),
        # an activity kept up: "Does the user still go to yoga?", "Am I still doing pilates?",
        # "¿Sigue haciendo yoga?" (``activities``: the key is the English name)
        (rf"^\W*(?:do|am)\s+i\s+still\s+(?:go\s+to|do|doing|going\s+to|practi[cs]e|"
         rf"practi[cs]ing|take|taking)\s+(?:my\s+|the\s+)?{_ACTIVITY}\b", _activity),
        (rf"^\W*(?:sigo|sigue)\s+(?:haciendo|yendo\s+a|practicando)\s+(?:el\s+|la\s+|al\s+)?"
         rf"{_ACTIVITY}\b", _activity),
        # databases and components
        (rf"\b(?:which|what)\s+(?:database|db|datastore)\s+(?:does|is)\s+{_S}\s+"
         r"(?:use|using|run\s+on|running\s+on)\b", _named("database")),
        (rf"\b(?:which|what)\s+(?:database|db)\s+is\s+used\s+by\s+{_S}{_END}", _named("database")),
        (rf"\bque\s+base\s+de\s+datos\s+(?:usa|utiliza|emplea)\s+{_S}{_END}", _named("database")),
        (rf"\bcual\s+es\s+la\s+base\s+de\s+datos\s+del?\s+{_S}{_END}", _named("database")),
        # stack
        (r"\bwhat(?:\s+is|'s)\s+(?:our|my|the)\s+(?:(?P<s>[\w.-]+)\s+)?(?:tech\s+)?stack\b",
         _component("stack")),
        (r"\bwhat\s+stack\s+(?:do|are)\s+we\s+(?:use|using)\b", _component("stack")),
        (r"\b(?:nuestro|mi|el)\s+stack(?:\s+de\s+(?P<s>[\w.-]+))?\b", _component("stack")),
        (r"\bque\s+stack\s+usamos\b", _component("stack")),
        # repository and project conventions
        (r"\bdefault\s+branch\b", _fixed("repo", "default_branch")),
        (r"\brama\s+(?:por\s+defecto|principal|predeterminada)\b",
         _fixed("repo", "default_branch")),
        (r"\btest\s+runner\b", _fixed("project", "test_runner")),
        (r"\b(?:tests?|pruebas)\b.*\b(?:run|runs|running|executed?|ejecut\w*|corr\w*|lanz\w*)\b",
         _fixed("project", "test_runner")),
        (r"\b(?:run|runs|execute|ejecut\w*|corr\w*|lanz\w*)\b.*\b(?:tests?|pruebas)\b",
         _fixed("project", "test_runner")),
        (r"\bwhat\s+(?:do|should)\s+(?:we|i)\s+use\s+(?:for|to)\s+(?P<t>.+)$",
         _topic("project", "tool")),
        (r"\bwhich\s+(?:tool|library|framework|package|linter|formatter)\s+do\s+(?:we|i)\s+use\s+"
         r"(?:for|to)\s+(?P<t>.+)$", _topic("project", "tool")),
        (r"\bque\s+(?:herramienta\s+|libreria\s+)?(?:usamos|utilizamos|uso)\s+(?:para|como)\s+"
         r"(?P<t>.+)$", _topic("project", "tool")),
        # the user's editor and programming language (``tools``): "Which code editor am I
        # using now?", "What language do I do my analysis in?" (not a spoken language: the
        # question must say coding, programming or analysis)
        (r"\b(?:which|what)\s+(?:code\s+|text\s+)?(?:editor|ide)\s+(?:am\s+i|do\s+i|i'm|"
         r"i\s+am|have\s+i)\b", _fixed("user", "tool:editor")),
        (r"\bmy\s+(?:current\s+|main\s+)?(?:code\s+|text\s+)?editor\b",
         _fixed("user", "tool:editor")),
        (r"\bque\s+(?:editor|ide)\s+(?:uso|utilizo|estoy\s+usando)\b",
         _fixed("user", "tool:editor")),
        (r"\b(?:which|what)\s+(?:programming\s+)?language\s+(?:am\s+i|do\s+i|i'm|i\s+am)\s+"
         r"(?:(?:currently|mostly|mainly|now)\s+)?(?:coding|code|program|programming|"
         r"scripting|script|writing\s+code|write\s+code|do\s+my\s+(?:analysis|analyses|"
         r"coding|data\s+work))\b", _fixed("user", "tool:language")),
        (r"\b(?:which|what)\s+programming\s+language\s+(?:am\s+i|do\s+i)\b",
         _fixed("user", "tool:language")),
        (r"\b(?:en\s+)?que\s+lenguaje\s+(?:de\s+programacion\s+)?(?:programo|uso|hago)\b",
         _fixed("user", "tool:language")),
        # preferences
        (r"\bprefer\s+(?P<x>[\w.+#-]+)\s+or\s+(?P<y>[\w.+#-]+)", _pair),
        (r"\bprefiero\s+(?P<x>[\w.+#-]+)\s+o\s+(?P<y>[\w.+#-]+)", _pair_es),
        (r"\bwhat\s+do\s+i\s+prefer\s+(?:for|as)\s+(?P<t>.+)$", _topic("user", "preference")),
        (r"\bque\s+prefiero\s+(?:para|como)\s+(?P<t>.+)$", _topic("user", "preference")),
        # the preference by its name, as "I prefer 2-space indentation" keys it
        (r"\b(?:what|which)\s+(?P<t>[\w-]+(?:\s+[\w-]+)?)\s+do\s+i\s+(?:usually\s+)?prefer\b",
         _topic("user", "preference")),
        (r"\bwhat(?:\s+is|'s)\s+my\s+preferred\s+(?P<t>[\w-]+(?:\s+[\w-]+)?)$",
         _topic("user", "preference")),
        (r"\b(?:que|cual)\s+(?P<t>[\w-]+(?:\s+[\w-]+)?)\s+prefiero\b",
         _topic("user", "preference")),
        (r"\bwhat\s+do\s+i\s+prefer\b|\bque\s+prefiero\b|\bmy\s+preference\b",
         _fixed("user", "preference")),
        # a component's tools, and plain values
        (rf"\bwhat\s+does\s+{_S}\s+use{_END}", _named("uses")),
        (rf"\bwhat(?:\s+is|'s)\s+(?:the\s+|our\s+|my\s+)?current\s+{_S}{_END}", _value),
        (rf"\bwhat(?:\s+is|'s)\s+(?:the\s+|our\s+|my\s+)?{_S}\s+now\s*$", _value),
        (rf"\bcual\s+es\s+(?:ahora\s+)?(?:el|la|mi|nuestro|nuestra)\s+{_S}\s+actual\s*$", _value),
        # a person the user has by their role: "My new manager is Priya Raman" keys
        # (manager, value); "who is my manager?", "what is my dentist's name?"
        (rf"^(?:and\s+)?who(?:\s+is|'s)\s+(?:my|our)\s+(?:current\s+|new\s+)?{_S}{_END}",
         _value),
        (rf"^what(?:\s+is|'s)\s+(?:the\s+name\s+of\s+(?:my|our)\s+(?:current\s+|new\s+)?{_S}"
         rf"|(?:my|our)\s+(?:current\s+|new\s+)?{_S2}(?:'s|’s)\s+name"
         rf"|(?:my|our)\s+(?:current\s+|new\s+)?{_S3}\s+called){_END}", _value),
        (rf"^(?:y\s+)?quien\s+es\s+(?:ahora\s+)?(?:mi|nuestro|nuestra)\s+(?:nuevo\s+|nueva\s+)?"
         rf"{_S}(?:\s+actual)?{_END}", _value),
        (rf"^como\s+se\s+llama\s+(?:ahora\s+)?(?:mi|nuestro|nuestra)\s+(?:nuevo\s+|nueva\s+)?"
         rf"{_S}(?:\s+actual)?{_END}", _value),
    )
)


_THIRD_PERSON = tuple((lazy_regex(pattern), first) for pattern, first in (
    (r"\bthe\s+users?(?:'s|’s|')(?=\s)", "my"),
    (r"\bis\s+the\s+user\b", "am i"),
    (r"\bwas\s+the\s+user\b", "was i"),
    (r"\b(?:does|do)\s+the\s+user\b", "do i"),
    (r"\bdid\s+the\s+user\b", "did i"),
    (r"\bhas\s+the\s+user\b", "have i"),
    (r"\bthe\s+user\b", "i"),
))
"""Questions about "the user" (an agent asking on the user's behalf) read as the user's own."""


_NAMED_IMPERFECT = lazy_regex(
    r"\b(?:[Dd][oó]nde|[Pp]ara\s+qui[eé]n)\s+(?P<v>viv[ií]a|trabajaba)\s+"
    r"(?P<s>[A-ZÁÉÍÓÚÑ][\w'-]*(?:\s+[A-ZÁÉÍÓÚÑ][\w'-]*)?)")
"""Someone named after a Spanish imperfect ("¿Dónde vivía Rohan en marzo?", "¿Para quién
trabajaba Lucía?"): "vivía" is the user's too ("¿Dónde vivía en 2023?"), so only a
capitalised name after it makes it another's (the folded rules cannot see the capital)."""
_IMPERFECT_ATTRIBUTES = {"vivia": "location", "trabajaba": "employer"}


def attribute_question(query: str) -> tuple[str, str] | None:
    """The (subject, attribute) key a question asks about, or None if it asks about no key."""
    named = _NAMED_IMPERFECT.search(query)
    if named is not None and fold(named.group("s")) not in FIRST_PERSON:
        return fact_key(named.group("s"), _IMPERFECT_ATTRIBUTES[fold(named.group("v"))])
    folded = _first_asked(_folded(query))
    for third, first in _THIRD_PERSON:  # "who is the user's employer?" asks "who is my ..."
        folded = third.sub(first, folded)
    project = project_question(folded)  # a project's tool or version (``project_questions``)
    if project is not None:
        return fact_key(*project)
    # as asked, then in the singular and without closing time words ("What car do we drive
    # these days?" is "what car do i drive"): a rule written for the plural reads it first
    for wording in dict.fromkeys((folded, plainer(folded))):
        for pattern, build in _QUESTIONS:
            m = pattern.search(wording)
            if m is not None:
                key = build(m)
                if key is not None:
                    return key
    return None


def part_asked(query: str) -> str | None:
    """The part of the project a tool or version question names ("the frontend"), which
    ``attribute_question`` asks of the project itself (``project_questions.asked_part``)."""
    return asked_part(_folded(query))


_SUITES = (lazy_regex(r"\b(?:tests?|pruebas|suite)\s+(?:de|del|of)\s+"
                      r"(?:la\s+|el\s+|los\s+|las\s+|the\s+)?(?P<w>[a-z][\w-]*)"),
           lazy_regex(r"\b(?P<w>[a-z][\w-]*)\s+(?:tests?|test\s+suite|suite|specs?)\b"))


def suite_asked(query: str) -> str | None:
    """The thing whose tests a question names ("How do I run the checkout tests?" ->
    "checkout", "¿Cómo lanzo los tests de lindera?" -> "lindera"), not a kind of test ("the
    unit tests", "the integration suite") nor a function word ("What test runner ...?",
    ``names_a_suite``); None when it names none. Every test command is the
    project's one timeline, so one component's command would answer for another's."""
    folded = _folded(query)
    return next((m.group("w") for pattern in _SUITES for m in pattern.finditer(folded)
                 if names_a_suite(m.group("w"), folded[:m.start("w")])), None)


_SECOND_ASKED = lazy_regex(
    r"\s(?:and|y|e)\s+(?:how|when|where|what|why|who|which|como|cuando|donde|que|por\s+que|"
    r"quien|cual|cuanto)\b")
"""A second question joined to the first: "¿Con quién sale la usuaria ahora y cómo se
conocieron?"."""


def _first_asked(folded: str) -> str:
    """The first of two questions joined by "and"/"y": its key is the one asked ("Who is
    the user dating now and how did they meet?" asks the partner). The subject was read up
    to the end ('usuaria ahora y como se conocieron'), a key no fact holds, and the search
    said "No memory found". A question of two words or fewer before the join is kept whole
    ("where and when did I move?")."""
    m = _SECOND_ASKED.search(folded)
    return folded[:m.start()] if m is not None and len(folded[:m.start()].split()) > 2 \
        else folded


def _folded(query: str) -> str:
    folded = re.sub(r"[¿?¡!.,;]+", " ", fold(query))
    return " ".join(folded.split())


_I_HAD = r"(?:(?:have|did)\s+i|i(?:\s+have|ve)?)\s+(?:ever\s+|already\s+|previously\s+)?"
"""The user as the one who had it, over time: "have I", "did I", "I've", "I"."""
_HE = r"(?:he|hemos)\s+"
"""The Spanish perfect of the user: "he vivido", "hemos tenido"."""
_HISTORIES: tuple[tuple[Regex, tuple[str, ...]], ...] = tuple(
    (lazy_regex(pattern), attributes) for pattern, attributes in (
        # cars: "Which cars have I owned?", "List all my cars", "¿Qué coches he tenido?"
        (rf"\b(?:cars|vehicles)\b.*\b{_I_HAD}(?:owned|own|had|have|driven|drive|bought)\b|"
         r"\b(?:all\s+|every\s+)?my\s+(?:previous\s+|past\s+|old\s+)?(?:cars|vehicles)\b|"
         rf"\b(?:coches|autos|carros|vehiculos)\b.*\b{_HE}(?:tenido|conducido|comprado)\b|"
         r"\bmis\s+(?:coches|autos|carros|vehiculos)\b", ("car",)),
        # employers: "Which companies have I worked for?", "Where have I worked?", "¿En qué
        # empresas he trabajado?", "¿Para quién he trabajado?"
        (rf"\b(?:companies|employers|firms|workplaces)\b.*\b{_I_HAD}(?:worked|work)\b"
         r"(?!\s+(?:with|on|alongside))|"
         rf"\bwhere\s+{_I_HAD}(?:worked|been\s+working)\b(?!\s+(?:with|on))|"
         rf"\bwho\s+{_I_HAD}(?:worked|been\s+working)\s+for\b|"
         r"\b(?:all\s+|every\s+)?my\s+(?:previous\s+|past\s+|former\s+)?employers\b|"
         rf"\b(?:empresas|companias|empleadores)\b.*\b{_HE}trabajado\b|"
         rf"\b(?:donde|para\s+quien(?:es)?)\s+{_HE}trabajado\b", ("employer",)),
        # jobs: "What jobs have I had?", "¿Qué trabajos he tenido?"
        (rf"\b(?:jobs|roles|positions|job\s+titles)\b.*\b{_I_HAD}(?:had|have|held|done)\b|"
         rf"\b(?:trabajos|puestos|cargos|empleos)\b.*\b{_HE}(?:tenido|ocupado|hecho)\b",
         ("role", "employer")),
        # homes: "Which cities have I lived in?", "Where have I lived?", "¿En qué ciudades he
        # vivido?", "¿Dónde he vivido?"
        (rf"\b(?:cities|towns|places|countries|neighbou?rhoods|homes)\b.*\b{_I_HAD}"
         r"(?:lived|live|moved|called\s+home)\b|"
         rf"\bwhere\s+{_I_HAD}(?:lived|been\s+living)\b|"
         rf"\b(?:ciudades|pueblos|sitios|lugares|paises|barrios)\b.*\b{_HE}vivido\b|"
         rf"\bdonde\s+{_HE}vivido\b", ("location",)),
        # partners: "How many people have I dated?", "Who have I dated?", "¿Con quién he
        # salido?", "¿Cuántas parejas he tenido?"
        (rf"\b(?:people|persons|partners|boyfriends|girlfriends)\b.*\b{_I_HAD}(?:dated|had|"
         r"been\s+(?:with|seeing|dating)|seen)\b|"
         rf"\bwho\s+{_I_HAD}(?:dated|been\s+(?:seeing|dating|with))\b|"
         rf"\b(?:parejas|novios|novias)\b.*\b{_HE}tenido\b|"
         rf"\bcon\s+quien(?:es)?\s+{_HE}salido\b|\b(?:personas|gente)\b.*\b{_HE}salido\b",
         ("partner",)),
        # diets: "What diets have I followed?", "¿Qué dietas he seguido?"
        (rf"\bdiets\b.*\b{_I_HAD}(?:followed|had|tried|been\s+on)\b|"
         rf"\bdietas\b.*\b{_HE}(?:seguido|tenido|hecho)\b", ("diet",)),
    ))
"""A question asking every value an attribute of the user's has had (the set or the history of
one timeline), by the attribute's kind in the plural, or its question word, with a verb of
having had it over time: not "What car do I drive now?" (one value, ``attribute_question``),
nor "Which cities have I visited?" (a trip is no home)."""


def history_question(query: str) -> tuple[tuple[str, str], ...]:
    """The user's fact keys whose whole timeline a question asks for ("Which cars have I
    owned?" -> car, "¿En qué ciudades he vivido?" -> location, "What jobs has the user had?"
    -> role and employer), or none."""
    folded = " ".join(re.sub(r"[¿?¡!.,;]+", " ", fold(query).lower()).split())
    for third, first in _THIRD_PERSON:  # "Which companies has the user worked for?"
        folded = third.sub(first, folded)
    for wording in dict.fromkeys((folded, plainer(folded))):  # "Where have we lived?"
        for pattern, attributes in _HISTORIES:
            if pattern.search(wording):
                return tuple(fact_key("user", attribute) for attribute in attributes)
    return ()
