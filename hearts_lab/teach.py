"""“Your turn” cells: compare a student's own count or estimate with the library's, and nudge.

A notebook asks the student to write a count first (``my_count = None  # your
formula here``), then a cell calls :func:`reveal` with the library's answer.
The verdict says whether the two agree. A wrong value gets a *nudge* (too
large or too small, and by what kind of factor), never the library's value,
the factor or the formula; value and formula are shown once the student's
value is right. ``None`` means "not answered yet": the stored notebook runs
top to bottom with nothing filled in, and shows no answer.

>>> from fractions import Fraction
>>> print(reveal(None, 6))
… Not answered yet: replace None in the cell above with your own formula, then run both cells.
>>> print(reveal(6, 6))
✓ Right: 6.
>>> print(reveal(24, 6))
✗ Not yet: your value is too large by a whole number factor. Is something being counted once per order when its order does not matter?
>>> reveal(Fraction(1, 4), Fraction(1, 4)).status
'right'

:func:`compare_rates` does the same for a simulation the student wrote:
their count of hits set against a larger reference run, with the interval for
the difference of the two rates (:func:`hearts_lab.stats.rate_difference`).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any, Mapping

from .arguments import ArgumentTypeError, shown
from .stats import rate_difference, wilson_interval

__all__ = ["Verdict", "reveal", "worked_answer", "compare_rates", "as_fraction", "NotANumber", "NOT_ANSWERED", "NOT_TRIED"]

#: What an unanswered "your turn" check says: what to do, never the value.
NOT_ANSWERED = "Not answered yet: replace None in the cell above with your own formula, then run both cells."
#: What a worked answer says until the student has tried: what to do, never the value.
NOT_TRIED = ("The library's worked answer is shown here once you have tried: replace None above with your own "
             "answer, run that cell, then run this one.")
#: MIME type of the machine-readable part of a verdict's output (the tests read the status from it).
MIME_TYPE = "application/vnd.hearts-lab.verdict+json"

_ICONS = {"unanswered": "…", "right": "✓", "close": "≈", "wrong": "✗", "invalid": "?"}
_COLOURS = {
    "unanswered": ("#f4f4f0", "#999"),
    "right": ("#e8f5e9", "#137333"),
    "close": ("#fff8e1", "#b06000"),
    "wrong": ("#fdecea", "#c8102e"),
    "invalid": ("#fdecea", "#c8102e"),
}


@dataclass(frozen=True)
class Verdict:
    """The outcome of a "your turn" check: ``status`` and a ``message`` for the student.

    ``status`` is ``"unanswered"``, ``"right"``, ``"close"`` (the right size but
    not exact, e.g. a float for a count), ``"wrong"`` or ``"invalid"`` (not a
    number). A verdict is true only when it is right.

    >>> bool(Verdict("right", "Right.")), bool(Verdict("wrong", "No."))
    (True, False)
    """

    status: str
    message: str

    def __bool__(self) -> bool:
        return self.status == "right"

    def __str__(self) -> str:
        return f"{_ICONS[self.status]} {self.message}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {"text/plain": str(self), "text/html": self._repr_html_(), MIME_TYPE: {"status": self.status}}

    def _repr_html_(self) -> str:
        background, border = _COLOURS[self.status]
        return (
            f"<div class='hl-verdict hl-verdict-{self.status}' style='background:{background};"
            f"border-left:5px solid {border};padding:6px 10px;border-radius:6px;margin:4px 0;font-size:15px'>"
            f"<strong>{_ICONS[self.status]}</strong> {html.escape(self.message)}</div>"
        )


class NotANumber(ArgumentTypeError):
    """What :func:`as_fraction` raises for a value that is not a number: an
    :class:`~hearts_lab.arguments.ArgumentError` (and a ``TypeError``) naming the argument;
    ``what`` says in a few words what the value was, as :func:`reveal` quotes it to a student."""

    def __init__(self, what: str, name: str = "value") -> None:
        super().__init__(
            f"{name}: expected a number (an int, a Fraction, a float, a sympy number or an Exact), not {what}.", name
        )
        self.what = what


def _article(what: str) -> str:
    """``what`` (from :class:`NotANumber`) after "That is": with "a" or "an" unless it has its own."""
    if what.split(" ", 1)[0] in ("a", "an", "the", "None"):
        return what
    return f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"


def as_fraction(value: Any) -> Fraction | float:
    """A student's number as an exact :class:`~fractions.Fraction`, or a float if it is one.

    Accepts ints, Fractions, floats, sympy numbers and unevaluated sympy
    formulas (``binomial(52, 13, evaluate=False)``), and anything with an
    exact ``.value`` (an :class:`~hearts_lab.combinatorics.Exact`).
    Raises :class:`NotANumber` (a ``TypeError``) saying what it got otherwise.

    >>> as_fraction(3), as_fraction(Fraction(1, 3)), as_fraction(0.5)
    (Fraction(3, 1), Fraction(1, 3), 0.5)
    >>> as_fraction(None)
    Traceback (most recent call last):
    ...
    hearts_lab.teach.NotANumber: value: expected a number (an int, a Fraction, a float, a sympy number or an Exact), not None.
    >>> import sympy
    >>> as_fraction(sympy.binomial(5, 2, evaluate=False) / 20)
    Fraction(1, 2)
    """
    if isinstance(value, bool):
        raise NotANumber(f"the True/False value {value}", "value")
    if hasattr(value, "value") and hasattr(value, "formula"):  # an Exact
        value = value.value
    if isinstance(value, Integral):
        return Fraction(int(value))
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return value
    try:
        import sympy
    except ImportError:  # pragma: no cover - sympy comes with the package
        sympy = None
    if sympy is not None and isinstance(value, sympy.Basic):
        done = value.doit()
        if done.free_symbols:
            names = ", ".join(sorted(map(str, done.free_symbols)))
            raise NotANumber(f"a formula that still contains {names}")
        if isinstance(done, sympy.Rational):
            return Fraction(int(done.p), int(done.q))
        if done.is_real:
            return float(done)
        raise NotANumber(f"the value {done}, which is not a real number")
    if isinstance(value, Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Real):
        return float(value)
    raise NotANumber("None" if value is None else f"{type(value).__name__} {shown(value)}")


def _show(x: Fraction | float) -> str:
    if isinstance(x, float):
        return f"{x:.6g}"
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x} ≈ {float(x):.6g}"


def _factorial_of(k: int) -> int | None:
    """m if k = m! for some m ≥ 2 (and k > 2, so that 2 is not called 2!)."""
    m, f = 2, 2
    while f < k:
        m += 1
        f *= m
    return m if f == k and k > 2 else None


def _factor_nudge(ratio: Fraction) -> str:
    """Which way and what kind of factor off, in words: never the factor itself (the answer would be your
    value divided by it)."""
    big = ratio > 1
    k = ratio if big else 1 / ratio
    if k.denominator == 1:
        kind = "a factorial" if _factorial_of(k.numerator) is not None else "a whole number"
        if big:
            return (f"your value is too large by {kind} factor. Is something being counted once per order when its "
                    "order does not matter?")
        return (f"your value is too small by {kind} factor. Is a whole group of cases missing, or are you treating "
                "things as alike that are different (seats are distinct)?")
    if f"{float(ratio):.4g}" == "1":
        return ("your value is very close to the library's but not equal. An off-by-one somewhere, or a rounded "
                "number typed in? Write the whole formula so that Python computes it exactly.")
    return "your value is too large." if big else "your value is too small."


def reveal(answer: Any, expected: Any, *, hints: Mapping[Any, str] | None = None, what: str | None = None) -> Verdict:
    """Compare a student's ``answer`` with the library's ``expected`` value (an ``Exact``, int or Fraction).

    - ``None``: not answered yet; the verdict says what to do and shows nothing of the library's value.
    - equal (exactly, or as a float within 10⁻⁹ for a probability): right, and the
      library's formula is shown when ``expected`` carries one.
    - a float for a whole-number count: "close" — keep it exact.
    - otherwise a nudge: a ``hints`` entry for that wrong value if there is one
      (keys are compared as exact numbers), else how many times too large or
      small it is and whether by a whole (or factorial) factor - never the factor, which would give the
      answer away by a division.

    ``what`` names the quantity in the messages; by default "count" for a whole
    number and "probability" otherwise (say ``what="mean"`` for an expectation).

    >>> print(reveal(2, Fraction(1, 2), what="probability"))
    ✗ Not yet: a probability lies between 0 and 1, and 2 does not.
    >>> print(reveal(10, 6, hints={10: "C(5, 2) counts pairs of cards, not deals."}))
    ✗ Not yet: C(5, 2) counts pairs of cards, not deals.
    >>> print(reveal(6.0, 6))
    ≈ Close: 6.0 has the right size, but a count is a whole number: a float has only about 16 significant digits. Use math.comb, math.factorial and // (or sympy) to keep it exact.
    >>> print(reveal("52!/(13!)^4", 6))
    ? That is a str '52!/(13!)^4', not a number: write the count with math.comb, math.factorial or sympy so that Python computes it.
    """
    target = as_fraction(expected)
    if isinstance(target, float):
        raise TypeError("expected: the library's value must be exact (an Exact, int or Fraction).")
    formula = getattr(expected, "text", None)
    if what is None:
        what = "count" if target.denominator == 1 else "probability"
    if answer is None:
        return Verdict("unanswered", NOT_ANSWERED)
    try:
        mine = as_fraction(answer)
    except NotANumber as error:
        return Verdict(
            "invalid",
            f"That is {_article(error.what)}, not a number: write the {what} with math.comb, math.factorial or sympy "
            f"so that Python computes it.",
        )
    right = f"Right: {_show(target)}" + (f", the library's formula is {formula}." if formula and formula != str(target) else ".")
    if isinstance(mine, float):
        if not math.isfinite(mine):
            return Verdict("invalid", f"{mine} is not a finite number.")
        close = math.isclose(mine, float(target), rel_tol=1e-9, abs_tol=1e-15)
        if close and target.denominator != 1:
            return Verdict("right", right + " (Fraction or sympy would keep it exact.)")
        if close:
            return Verdict(
                "close",
                f"Close: {mine!r} has the right size, but a count is a whole number: a float has only about 16 "
                f"significant digits. Use math.comb, math.factorial and // (or sympy) to keep it exact.",
            )
        mine_exact = Fraction(mine)
    else:
        mine_exact = mine
        if mine_exact == target:
            return Verdict("right", right)
    for key, hint in (hints or {}).items():
        if as_fraction(key) == mine_exact or (isinstance(mine, float) and math.isclose(mine, float(as_fraction(key)), rel_tol=1e-9)):
            return Verdict("wrong", f"Not yet: {hint}")
    if what == "probability":
        if type(answer) is int and target.denominator != 1 and mine_exact in (0, 1):
            return Verdict(
                "wrong",
                f"Not yet: your probability came out as the whole number {answer}. Did `//` round a fraction "
                f"down? Write it as Fraction(top, bottom) so that it stays exact.",
            )
        if not 0 <= mine_exact <= 1:
            return Verdict("wrong", f"Not yet: a probability lies between 0 and 1, and {_show(mine)} does not.")
    if target == 0:
        return Verdict("wrong", "Not yet: look again at the rules: can this happen at all?")
    if mine_exact <= 0:
        return Verdict("wrong", f"Not yet: your {what} is {'zero' if mine_exact == 0 else 'negative'}, the library's is positive.")
    if target < 0:
        return Verdict("wrong", f"Not yet: the library's {what} is negative and yours is not: check the signs.")
    if isinstance(mine, float):
        if abs(mine / float(target) - 1) < 0.01:
            return Verdict("wrong", "Not yet: your value is within 1% of the library's but not equal. A rounded number "
                                    "typed in? Write the whole formula so that Python computes it exactly.")
        return Verdict("wrong", "Not yet: " + _factor_nudge(Fraction(mine_exact / target).limit_denominator(10**6)))
    return Verdict("wrong", "Not yet: " + _factor_nudge(mine_exact / target))


def worked_answer(value: Any, *, after: Any) -> Any:
    """The library's worked answer ``value``, shown only once the student has tried.

    ``after`` is the student's own answer (``None`` until they write one), or a
    tuple of answers when ``value`` gives several away (a table of them): every
    one must be tried. Until then the cell says what to do and shows nothing of
    ``value``; after any attempt, right or wrong, it returns ``value`` for the
    notebook to display (formula and all). It is the notebooks' counterpart of
    a worksheet's ``hint(question, level=3)``: the student asks for it, after
    trying.

    >>> print(worked_answer(8436, after=None))
    … The library's worked answer is shown here once you have tried: replace None above with your own answer, run that cell, then run this one.
    >>> worked_answer(8436, after=7000)
    8436
    >>> worked_answer("a table", after=(1, None)).status
    'unanswered'
    """
    tried = after if isinstance(after, tuple) else (after,)
    if not tried or any(answer is None for answer in tried):
        return Verdict("unanswered", NOT_TRIED)
    return value


def compare_rates(hits: Any, hands: Any, reference_hits: int, reference_hands: int, *, what: str = "rate") -> Verdict:
    """Set a student's own simulation (``hits`` out of ``hands``) against a reference run.

    The two runs must be independent (different seeds or different random
    streams). The verdict gives both rates with their 95 % Wilson intervals and
    the 95 % interval for the difference; "right" when that interval contains
    0 (the runs agree within chance), "wrong" when it excludes 0.

    >>> print(compare_rates(None, 500, 2350, 10_000))
    … Not answered yet: set my_hits to the number of hands where it happened (my_hands is how many you played).
    >>> compare_rates(120, 500, 2350, 10_000).status
    'right'
    >>> compare_rates(200, 500, 2350, 10_000).status
    'wrong'
    >>> "23.50%" in compare_rates(200, 500, 2350, 10_000).message   # a wrong count is not told the reference
    False
    """
    if hits is None:
        return Verdict(
            "unanswered",
            "Not answered yet: set my_hits to the number of hands where it happened (my_hands is how many you played).",
        )
    for name, value in (("my_hits", hits), ("my_hands", hands)):
        if isinstance(value, bool) or not isinstance(value, Integral):
            return Verdict("invalid", f"{name}: expected a whole number of hands, not {value!r}.")
    hits, hands = int(hits), int(hands)
    if hands < 1 or not 0 <= hits <= hands:
        return Verdict("invalid", f"my_hits must be a whole number from 0 to my_hands ({hands}), not {hits}.")
    low, high = wilson_interval(hits, hands)
    ref_low, ref_high = wilson_interval(reference_hits, reference_hands)
    d = rate_difference(hits, hands, reference_hits, reference_hands)
    text = (
        f"your {what} {hits / hands:.2%} (95%: {low:.2%} to {high:.2%}, {hands:,} hands); "
        f"the fast simulation's {reference_hits / reference_hands:.2%} ({ref_low:.2%} to {ref_high:.2%}, "
        f"{reference_hands:,} hands); difference {d.difference:+.2%}, 95% interval {d.low:+.2%} to {d.high:+.2%}"
    )
    if d.excludes_zero():
        # The reference rate is left out: printed, a typed guess would need one try to pass.
        return Verdict("wrong", f"Not yet: your {what} {hits / hands:.2%} (95%: {low:.2%} to {high:.2%}, {hands:,} hands) "
                                "differs from the fast simulation's by more than chance allows (the 95% interval for "
                                "the difference excludes 0). Check what your loop counts.")
    return Verdict("right", f"Agreed within chance: {text}, which contains 0.")
