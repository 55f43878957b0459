"""The worksheet readers are a sandbox: hostile answers (text, sympy objects, anything a submission holds)
are read or refused with a sentence, quickly, and nothing in them runs.

A teacher grades submissions on their own machine with these readers, so an answer that could open a file,
import a module or keep the kernel busy is a defect there, not a curiosity.
"""

from __future__ import annotations

import contextlib
import math
import time

import pytest
import sympy
from adversarial import JUNK, SCALES, fuzz
from hypothesis import strategies as st

from hearts_lab import HeartsLabError
from hearts_lab.exercises import sandbox
from hearts_lab.exercises.checks import (
    Wrong,
    exact_value,
    read_cards,
    read_estimate,
    read_exact,
    read_seat,
    read_seats,
    read_text,
    same_exact,
)

READERS = (
    read_exact, exact_value, read_estimate, read_cards, lambda a: read_seat(a, 4), lambda a: read_seat(a, 4, allow_nobody=True),
    lambda a: read_seats(a, 4, 4), lambda a: read_text(a, ["increase", "decrease"]), lambda a: same_exact(a, 6),
)

ESCAPES = [
    "Symbol(Symbol.__new__.__globals__['__builtins__']['open']('pwned', 'w'))",
    "Sum(k, (Symbol.__new__.__globals__['__builtins__']['open']('pwned', 'w'), 1, 2))",
    "Integer.__init_subclass__.__self__.__subclasses__()",
    "__import__('os').system('touch pwned')",
    "open('pwned', 'w')",
    "(lambda: open('pwned', 'w'))()",
    "Symbol('x').__class__",
    "factorial.__call__(3)",
    "Rational(open('pwned', 'w'), 1)",
    "[open('pwned', 'w')][0]",
    "{'a': 1}['a']",
    "Sum(1, (k, 1, 2)).doit()",
    "Symbol(*['x'])",
    "binomial(n=4, k=2)",
    "sqrt(x := 4)",
    "1 if open('pwned','w') else 2",
    "Symbol('__import__')",
    "eval('1')",
]


@pytest.mark.parametrize("text", ESCAPES)
def test_text_that_would_run_code_is_refused_and_runs_nothing(text, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for read in (read_exact, exact_value, read_estimate):
        with pytest.raises(Wrong):
            read(text)
    assert not (tmp_path / "pwned").exists() and list(tmp_path.iterdir()) == []


HUGE_TEXT = [
    "Sum(k**k, (k, 1, 9999))", "binomial(1/2, 10**6)", "Symbol(factorial(10**8))", "factorial(10**8)", "9**9**9**9",
    "binomial(10**9, 5*10**8)", "2^(2^(2^(2^(2^10))))", "Sum(d, (d, 0, 10**9))", "Rational(10**10**10, 3)",
    "factorial(factorial(20))", "Sum(Sum(factorial(k + j), (k, 1, 1000)), (j, 1, 1000))",
    "Sum(factorial(3000), (k, 1, 10000))", "Sum(2**(2**k), (k, 1, 40))", "1e999999999", "-" * 499 + "1",
    "(-" * 120 + "1" + ")" * 120, "Sum(k, (k, 10**9, 1))", "10**10000*10**10000", "(10**5000)**2/(10**5000+1)",
]
K = sympy.Symbol("k")
HUGE_SYMPY = [
    sympy.Sum(2 ** (2**K), (K, 1, 40)), sympy.Sum(K**K, (K, 1, 9999)), sympy.Pow(9, sympy.Pow(9, 9, evaluate=False), evaluate=False),
    sympy.factorial(sympy.Pow(10, 9, evaluate=False)), sympy.binomial(sympy.Rational(1, 2), 10**6, evaluate=False),
    sympy.Sum(sympy.Sum(K, (K, 1, 10**4)), (sympy.Symbol("j"), 1, 10**4)), sympy.Integer(10) ** 20000,
]


@pytest.mark.parametrize("answer", HUGE_TEXT + HUGE_SYMPY, ids=lambda a: a[:40] if isinstance(a, str) else type(a).__name__)
def test_huge_answers_are_refused_with_a_sentence_within_a_second(answer):
    """A hang guard (each of these once ran for minutes or hours): refused quickly by every exact reader."""
    for read in (read_exact, exact_value, read_estimate):
        start = time.process_time()
        with pytest.raises(Wrong) as refused:
            read(answer)
        assert time.process_time() - start < 1.0, (read.__name__, answer)
        message = str(refused.value)
        assert "too large" in message or "cannot read" in message or "must be a whole number" in message or "deep" in message or "not a decimal" in message or "plain word" in message or "below its lower" in message, message


def test_bare_python_errors_from_the_issue_are_wrong_answers_now():
    for call in (lambda: read_cards(10**5000), lambda: read_estimate(10**5000), lambda: read_seat("-" * 499 + "1", 4),
                 lambda: read_exact(10**50000), lambda: read_seat("²", 4), lambda: read_seat("٣", 4), lambda: read_seats(iter(int, 1), 4, 4),
                 lambda: read_cards(iter(int, 1)), lambda: read_cards([[["QS"]]]), lambda: read_text("x" * 10**6, ["a"])):
        with pytest.raises(Wrong) as refused:
            call()
        assert len(str(refused.value)) < 400


def test_reasonable_answers_still_read_exactly():
    assert read_exact("52!/(13!)^4") == sympy.factorial(52) / sympy.factorial(13) ** 4
    assert read_exact("0.25") == sympy.Rational(1, 4) and read_exact("2.5e-1") == sympy.Rational(1, 4)
    assert read_exact("sqrt(9/4)") == sympy.Rational(3, 2) and read_exact("4**(1/2)") == 2
    assert read_exact("binomial(5, 7)") == 0 and read_exact("(-1)**(10**100)") == 1
    assert read_exact("Sum(Sum(1, (k, 1, j)), (j, 1, 4))") == 10  # inner limits may use the outer variable
    assert read_exact(sympy.Sum(K, (K, 1, 10), (sympy.Symbol("j"), 1, 3))) == 165
    assert read_exact(sympy.binomial(sympy.Pow(10, 9, evaluate=False), 7, evaluate=False)) == sympy.binomial(10**9, 7)
    assert read_estimate("sqrt(2)") == pytest.approx(math.sqrt(2)) and read_estimate(sympy.pi) == pytest.approx(math.pi)
    assert read_estimate("3/8") == 0.375
    with pytest.raises(Wrong, match="not a whole number or a fraction"):
        exact_value("sqrt(2)")
    with pytest.raises(Wrong, match="unknowns"):
        read_exact("x + 1")


def test_the_sandbox_refuses_with_the_package_error():
    with pytest.raises(HeartsLabError):
        sandbox.read_text("open('x')")
    assert issubclass(sandbox.Unreadable, ValueError)


# -- properties ------------------------------------------------------------------------------------

# Small exact expressions as text, each with its value computed by sympy independently.
_LEAF = st.integers(0, 30).map(lambda n: (str(n), sympy.Integer(n)))


def _combine(parts):
    (a, va), (b, vb) = parts
    return st.sampled_from([
        (f"({a} + {b})", va + vb), (f"({a} - {b})", va - vb), (f"({a} * {b})", va * vb),
        *([(f"({a}) / ({b})", va / vb)] if vb != 0 else []),
        *([(f"({a})^{int(vb) % 4}", va ** (int(vb) % 4))] if vb.is_Integer else []),
        *([(f"binomial({a}, {b})", sympy.binomial(va, vb))] if va.is_Integer and vb.is_Integer and 0 <= va <= 60 else []),
        *([(f"factorial({a})", sympy.factorial(va))] if va.is_Integer and 0 <= va <= 30 else []),
        *([(f"({a})!", sympy.factorial(va))] if va.is_Integer and 0 <= va <= 30 else []),
    ])


EXPRESSIONS = st.recursive(_LEAF, lambda inner: st.tuples(inner, inner).flatmap(_combine), max_leaves=6)


@pytest.mark.parametrize("examples", SCALES)
def test_text_is_read_to_the_value_sympy_gives(examples):
    @fuzz(examples, EXPRESSIONS)
    def check(pair):
        text, value = pair
        if len(text) <= sandbox.MAX_TEXT and abs(value.p).bit_length() + value.q.bit_length() < sandbox.MAX_BITS // 2:
            assert read_exact(text) == value, text


_TOKENS = st.sampled_from([
    "1", "9", "99", "0", "k", "x", "+", "-", "*", "/", "**", "^", "!", "(", ")", ",", "(k, 1, 9)", ".", "e5",
    "factorial", "binomial", "sqrt", "Sum", "Integer", "Rational", "Symbol", "'k'", "__class__", "lambda", ":", "[", "]",
    "open", "__import__", "=", "10**9", "0.5", " ", "j", "٣", "\x00", "\\", "#",
])


@pytest.mark.parametrize("examples", SCALES)
def test_any_token_soup_is_read_or_refused_with_wrong_quickly(examples):
    @fuzz(examples, st.lists(_TOKENS, max_size=40).map("".join))
    def check(text):
        start = time.process_time()
        for read in (read_exact, read_estimate):
            with contextlib.suppress(Wrong):
                read(text)
        assert time.process_time() - start < 2.0, text


@pytest.mark.parametrize("examples", SCALES)
def test_every_reader_answers_junk_with_a_value_or_wrong(examples):
    @fuzz(examples, JUNK)
    def check(answer):
        for read in READERS:
            try:
                read(answer)
            except Wrong as wrong:
                assert len(str(wrong)) < 600


@pytest.mark.parametrize("text", ["3**33000", "3**9000", "1/(2**20000)", "(1/2**7000)*(1/3**5000)"])
def test_a_value_too_long_to_show_is_refused_with_the_sandboxs_sentence(text):
    # Python will not write an int of more than 4,300 digits as text, and a check's message and digest need
    # to: such a value is refused by the sandbox (a power's bound under-estimated 3**33000 by a third).
    with pytest.raises(sandbox.Unreadable, match="far too large"):
        sandbox.read_text(text)
    from hearts_lab.exercises import ws3

    assert "far too large" in repr(ws3.check_q1(text))


def test_a_formula_as_the_package_prints_it_reads_back():
    # Exact.text writes binomials as C(n, k); a student pasting that text was told the check "cannot read that call".
    from hearts_lab import Rules
    from hearts_lab.combinatorics import p_no_hearts

    exact = p_no_hearts(Rules.preset("standard", players=4), some_seat=True)
    assert "C(" in exact.text
    assert sympy.Rational(sandbox.read_text(exact.text)) == exact.value
    assert sandbox.read_text("C(52, 13)") == sandbox.read_text("binomial(52, 13)")
    with pytest.raises(sandbox.Unreadable, match="far too large"):
        sandbox.read_text("C(10**6, 5*10**5)")


def test_big_fractions_are_charged_as_they_cost_and_a_text_is_read_once(monkeypatch):
    """rev-h3 #1 (b): a Sum of fractions whose denominators grow to thousands of bits spent the whole work budget
    (counted in bits) one gcd at a time, 1-2 s before it was refused. Results beyond QUADRATIC_FROM bits are now
    charged quadratically, so it is refused after a few hundred big results; and a text read once is not read
    again. Counted, not timed: the results computed, and the parses."""
    from hearts_lab.exercises import sandbox

    counted = {"made": 0, "parsed": 0}
    made, parse = sandbox._Reader.made, sandbox._parse

    def counting_made(self, value):
        counted["made"] += 1
        return made(self, value)

    def counting_parse(text):
        counted["parsed"] += 1
        return parse(text)

    monkeypatch.setattr(sandbox._Reader, "made", counting_made)
    monkeypatch.setattr(sandbox, "_parse", counting_parse)
    sandbox._read_once.cache_clear()
    text = "Sum(Sum(1/(k*j+1),(k,0,99)),(j,0,99))"
    for _ in range(3):
        with pytest.raises(Wrong, match="too large"):
            read_exact(text)
    assert counted["parsed"] == 1 and counted["made"] < 20_000, counted  # 42,097 results before
    assert read_exact("52!/(13!)^4") == sympy.factorial(52) / sympy.factorial(13) ** 4  # a worksheet's largest still reads
    assert read_exact("factorial(700) / factorial(699)") == 700  # two 5,500-bit numbers: charged, and read
