"""Words said before "tests" that name a kind of test or which ones, not whose tests they are.

"The unit tests run with pytest" is the project's test command; "The checkout tests run with
`npm run test:checkout`" is the checkout's (``patterns``' test_runner rules), and "How do I run
the checkout tests?" asks the checkout's (``questions.suite_asked``). Data only.
"""

from __future__ import annotations

TEST_KINDS = frozenset(
    """the our my all any unit integration e2e end-to-end end smoke load api ui flaky slow
    failing broken these those new old whole entire full regression performance acceptance
    functional snapshot contract browser local ci run running their its now
    la el los las unitarios unitarias integracion extremo carga humo""".split())
"""Kinds of test and determiners: "the unit tests", "our tests", "las pruebas de carga"."""
