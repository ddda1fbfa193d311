"""The pure digest: head, signal lines and tail, deduplicated, in order, within the budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from actors.session.digest import DIGEST_CHAR_LIMIT, digest, is_signal, windows


def test_signal_lines_in_english_and_spanish() -> None:
    for line in ("ERROR: cannot find symbol", "FAILED tests/test_cart.py::test_vat",
                 "npm WARN deprecated left-pad@1.0.0", "Traceback (most recent call last):",
                 "Caused by: java.lang.NullPointerException", "=== 3 failed, 97 passed in 2.1s ===",
                 "Tests run: 12, Failures: 0, Errors: 0, Skipped: 1", "Ran 14 tests in 0.2s",
                 "BUILD SUCCESS", "Error de compilación en línea 4",
                 "Advertencia: la opción -x está obsoleta", "La prueba falló: saldo negativo",
                 "12 pruebas, 2 fallos"):
        assert is_signal(line), line
    for line in ("[INFO] Compiling 42 source files", "Downloading lodash 4.17.21",
                 "Descargando dependencias del proyecto", "  at the terminal, run make"):
        assert not is_signal(line), line


def test_head_signals_tail_in_order_without_duplicates() -> None:
    lines = ["start one", "start two", "start three"]
    lines += [f"step {i} compiled" for i in range(50)]
    lines[20] = "ERROR: the ledger test broke"
    lines[30] = "ERROR: the ledger test broke"  # a repeated error is kept once
    lines[40] = "warning: unused import os"
    lines += ["end a", "end b", "end c", "end d", "end e"]
    result = digest("\n".join(lines))
    assert result.text.splitlines() == ["start one", "start two", "start three",
                                        "ERROR: the ledger test broke",
                                        "warning: unused import os",
                                        "end a", "end b", "end c", "end d", "end e"]
    assert result.total_lines == len(lines) and result.omitted_signals == 0


def test_budget_keeps_head_and_tail_and_says_what_was_left_out() -> None:
    lines = ["head"] * 1 + [f"ERROR {i}: {'x' * 90}" for i in range(200)] + ["the tail"]
    result = digest("\n".join(lines))
    kept = result.text.splitlines()
    assert kept[0] == "head" and "the tail" in kept
    assert result.omitted_signals > 0 and "more matching line(s) left out" in kept[-1]
    assert len(result.text) <= DIGEST_CHAR_LIMIT + 200


line_text = st.text(alphabet=st.sampled_from("abc XYZ:0123-error failwarn"), min_size=0,
                    max_size=60)


@settings(max_examples=200, deadline=None)
@given(st.lists(line_text, max_size=120))
def test_digest_is_an_ordered_duplicate_free_subset(lines: list[str]) -> None:
    text = "\n".join(lines)
    result = digest(text)
    kept = [ln for ln in result.text.splitlines() if not ln.startswith("[... ")]
    source = [ln.rstrip() for ln in lines if ln.strip()]
    assert len(kept) == len(set(kept))
    position = 0
    for line in kept:  # every kept line occurs in the source, in the same order
        position = source.index(line, position) + 1
    if source:
        assert kept[0] == source[0]
        assert source[-1] in kept
    assert len(result.text) <= DIGEST_CHAR_LIMIT + 200


@settings(max_examples=100, deadline=None)
@given(st.lists(line_text, max_size=200))
def test_windows_cover_every_line_once(lines: list[str]) -> None:
    text = "\n".join(lines)
    cut = windows(text, target_tokens=40)
    joined = [ln for w in cut for ln in w.text.split("\n")]
    numbers = [n for w in cut for n in range(w.first_line, w.last_line + 1)]
    assert numbers == sorted(set(numbers))
    originals = text.splitlines()
    assert joined == [originals[n - 1] for n in numbers]
    assert {n for n, ln in enumerate(originals, 1) if ln.strip()} <= set(numbers)
