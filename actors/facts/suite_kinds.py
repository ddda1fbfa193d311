"""Words said before "tests" that name a kind of test or which ones, not whose tests they are.

"The unit tests run with pytest" is the project's test command; "The checkout tests run with
`npm run test:checkout`" is the checkout's (``patterns``' test_runner rules), and "How do I run
the checkout tests?" asks the checkout's (``questions.suite_asked``). Both ask
``names_a_suite`` whether the word before "tests" is whose they are: not a kind of test, a
function word ("so tests run with vitest", "What test runner do we use?") or a time ("these
days tests run with vitest"). Pure: no state, no I/O.
"""

from __future__ import annotations

from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS

TEST_KINDS = frozenset(
    """the our my all any unit integration e2e end-to-end end smoke load api ui flaky slow
    failing broken these those new old whole entire full regression performance acceptance
    functional snapshot contract browser local ci run running their its now security stress
    system component mutation visual accessibility manual automated
    la el los las unitarios unitarias integracion extremo carga humo unidad unitaria unitarios
    rendimiento regresion aceptacion funcionales funcional estres seguridad sistema componentes
    contrato mutacion usabilidad accesibilidad manuales automaticas automatizadas""".split())
"""Kinds of test and determiners: "the unit tests", "our tests", "las pruebas de carga"."""

_TIMES = frozenset(
    """day days today nowadays lately time times week weeks month months year years morning
    evening tonight weekend weekends dia dias hoy semana semanas mes meses ano anos""".split())
"""Words of a time said before "tests" ("these days tests run with ...")."""
_LAST_WORD = lazy_regex(r"([^\W\d_]+)\W*$")


def names_a_suite(word: str, before: str) -> bool:
    """Whether ``word`` (folded), said right before "tests" or after "pruebas de", names whose
    tests they are ("the checkout tests", "los tests de lindera"), given the folded text
    ``before`` it: not a kind of test, a function word, a time, nor a noun that "these" or
    "those" says ("these days tests ...")."""
    if word in TEST_KINDS or word in STOPWORDS or word in _TIMES:
        return False
    last = _LAST_WORD.search(before)
    return last is None or last.group(1) not in ("these", "those", "estos", "estas", "esos")
