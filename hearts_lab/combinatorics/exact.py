"""Exact answers that carry their own formula.

An :class:`Exact` holds a sympy number (an ``Integer`` count or a
``Rational`` probability), the formula it came from as an *unevaluated*
sympy expression, and one sentence saying what it counts. It prints the
formula the way a textbook writes it, and ``formula.doit()`` gives the value
back (the tests check that for every answer).

>>> e = Exact(sympy.Integer(6), frac(fact(4), power(fact(2), 2)), "ways to split 4 cards into two hands of 2")
>>> print(e)
ways to split 4 cards into two hands of 2: 4!/(2!)^2 = 6
>>> e.formula.doit() == e.value, float(e)
(True, 6.0)
"""

from __future__ import annotations

import builtins
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy
from sympy.printing.latex import LatexPrinter
from sympy.printing.str import StrPrinter

from ..arguments import check_type

__all__ = ["Exact", "fact", "binom", "frac", "power", "times", "plus", "as_text", "as_latex"]


# -- building unevaluated formulas -------------------------------------------


def _int(n: int | sympy.Expr) -> sympy.Expr:
    return sympy.Integer(n) if isinstance(n, int) else n


def fact(n: int | sympy.Expr) -> sympy.Expr:
    """``n!`` left unevaluated.

    >>> as_text(fact(52))
    '52!'
    """
    return sympy.factorial(_int(n), evaluate=False)


def binom(n: int | sympy.Expr, k: int | sympy.Expr) -> sympy.Expr:
    """The binomial coefficient ``C(n, k)`` left unevaluated.

    >>> as_text(binom(52, 13)), binom(52, 13).doit()
    ('C(52, 13)', 635013559600)
    """
    return sympy.binomial(_int(n), _int(k), evaluate=False)


def power(base: Any, exponent: int) -> sympy.Expr:
    """``base ** exponent`` left unevaluated (``x^1`` is just ``x``)."""
    base = _int(base)
    return base if exponent == 1 else sympy.Pow(base, sympy.Integer(exponent), evaluate=False)


def times(*factors: Any) -> sympy.Expr:
    """A product left unevaluated; factors equal to 1 are dropped."""
    kept = [_int(f) for f in factors if not (isinstance(f, int) and f == 1)]
    if not kept:
        return sympy.Integer(1)
    return kept[0] if len(kept) == 1 else sympy.Mul(*kept, evaluate=False)


def plus(*terms: Any) -> sympy.Expr:
    """A sum left unevaluated, in the order given."""
    kept = [_int(t) for t in terms]
    if not kept:
        return sympy.Integer(0)
    return kept[0] if len(kept) == 1 else sympy.Add(*kept, evaluate=False)


def frac(numerator: Any, denominator: Any) -> sympy.Expr:
    """``numerator / denominator`` left unevaluated.

    >>> as_text(frac(binom(39, 13), binom(52, 13)))
    'C(39, 13)/C(52, 13)'
    """
    return sympy.Mul(_int(numerator), sympy.Pow(_int(denominator), -1, evaluate=False), evaluate=False)


# -- printing ----------------------------------------------------------------


class _TextPrinter(StrPrinter):
    """Plain-text formulas as a student writes them: ``52!/(13!)^4``, ``C(52, 13)``."""

    def _print_factorial(self, expr: Any) -> str:
        arg = expr.args[0]
        inner = self._print(arg)
        return f"{inner}!" if arg.is_Atom else f"({inner})!"

    def _print_binomial(self, expr: Any) -> str:
        return f"C({self._print(expr.args[0])}, {self._print(expr.args[1])})"

    def _print_Pow(self, expr: Any, rational: bool = False) -> str:
        base, exp = expr.args
        if exp == -1:
            return f"1/{self.parenthesize(base, 1000)}"
        simple = base.is_Symbol or (base.is_Integer and base >= 0)
        base_text = self._print(base) if simple else f"({self._print(base)})"
        exp_text = self._print(exp) if exp.is_Atom else f"({self._print(exp)})"
        return f"{base_text}^{exp_text}"

    def _print_Mul(self, expr: Any) -> str:
        numer, denom = [], []
        for factor in expr.args:
            if factor.is_Pow and factor.args[1] == -1:
                denom.append(factor.args[0])
            else:
                numer.append(factor)
        sign = ""
        if numer and numer[0].is_Number and numer[0] < 0:
            sign, numer[0] = "-", -numer[0]
            if numer[0] == 1 and len(numer) > 1:
                numer.pop(0)
        def wrapped(f: Any) -> bool:
            return bool(f.is_Add or (isinstance(f, sympy.Sum) and (denom or len(numer) > 1)))

        top = "*".join(f"({self._print(f)})" if wrapped(f) else self._print(f) for f in numer) or "1"
        if not denom:
            return sign + top
        if len(numer) > 1:
            top = f"({top})"
        bottom = "*".join(f"({self._print(f)})" if f.is_Add else self._print(f) for f in denom)
        if len(denom) > 1 or denom[0].is_Mul:
            bottom = f"({bottom})"
        return f"{sign}{top}/{bottom}"

    def _print_Sum(self, expr: Any) -> str:
        limits = ", ".join(f"{self._print(i)}={self._print(a)}..{self._print(b)}" for i, a, b in expr.limits)
        return f"Σ[{limits}] {self.parenthesize(expr.function, 40) if expr.function.is_Add else self._print(expr.function)}"


class _LatexPrinter(LatexPrinter):
    """LaTeX with ``(13!)^{4}`` rather than sympy's ``13!^{4}``."""

    def _print_Pow(self, expr: Any, *args: Any, **kwargs: Any) -> str:
        base, exp = expr.args
        if isinstance(base, sympy.factorial):
            return rf"\left({self._print(base)}\right)^{{{self._print(exp)}}}"
        text: str = super()._print_Pow(expr, *args, **kwargs)
        return text


def as_text(expr: Any) -> str:
    """A formula in plain text: ``52!/(13!)^4``.

    >>> as_text(frac(fact(52), power(fact(13), 4)))
    '52!/(13!)^4'
    """
    check_type(expr, sympy.Basic, "expr", "a sympy formula (e.g. an Exact's .formula)")
    text: str = _TextPrinter({"order": "none"}).doprint(expr)
    return text


def as_latex(expr: Any) -> str:
    r"""A formula in LaTeX (no dollar signs).

    >>> print(as_latex(frac(fact(52), power(fact(13), 4))))
    \frac{52!}{\left(13!\right)^{4}}
    """
    check_type(expr, sympy.Basic, "expr", "a sympy formula (e.g. an Exact's .formula)")
    text: str = _LatexPrinter({"order": "none"}).doprint(expr)
    return text


def _short_number(value: sympy.Rational) -> str:
    """Scientific notation for big or tiny numbers, plain otherwise."""
    x = float(value)
    if x == 0:
        return "0"
    if 1e-4 <= abs(x) < 1e6:
        return f"{x:.6g}"
    return f"{x:.4e}"


def _latex_number(value: sympy.Rational) -> str:
    text = _short_number(value)
    if "e" in text:
        mantissa, exp = text.split("e")
        return rf"{mantissa} \times 10^{{{int(exp)}}}"
    return text


# -- the answer type ---------------------------------------------------------


def _unwrap(other: Any) -> Any:
    return other.value if isinstance(other, Exact) else other


@dataclass(frozen=True, eq=False)
class Exact:
    """An exact answer: ``value`` (sympy Integer or Rational), its ``formula``, and a ``description``.

    It behaves as the number it holds, as that sympy value would: ``int()``,
    ``float()``, ``fractions.Fraction()``, comparisons, arithmetic (the result is
    a plain sympy value) and sympy functions all see ``value``; ``answer.float``,
    ``answer.fraction`` and ``answer.text`` (the formula as text) are there too.
    In a notebook it displays as LaTeX.

    >>> half = Exact(sympy.Rational(1, 2), frac(binom(2, 1), binom(4, 2)) * 3 / 2, "a toy")
    >>> half.fraction, half.float, Fraction(half), half == sympy.Rational(1, 2), half < 1
    (Fraction(1, 2), 0.5, Fraction(1, 2), True, True)
    >>> six = Exact(sympy.Integer(6), frac(fact(4), power(fact(2), 2)), "ways")
    >>> int(six), six + 1, 2 * six, six / 4, sympy.factorint(six), f"{six:,}", f"{half:.3f}"
    (6, 7, 12, 3/2, {2: 1, 3: 1}, '6', '0.500')

    As with sympy, an exact half is not equal to the float 0.5 (compare ``float(half)``).
    """

    value: sympy.Rational
    formula: sympy.Expr
    description: str

    def __post_init__(self) -> None:
        value = sympy.sympify(self.value)
        if not isinstance(value, sympy.Rational):
            raise TypeError(f"value: expected an exact integer or fraction, not {self.value!r}.")
        object.__setattr__(self, "value", value)

    @property
    def float(self) -> float:  # noqa: A003 - the brief asks for a plain float view
        """The value as a Python float."""
        return float(self.value)

    @property
    def fraction(self) -> Fraction:
        """The value as a :class:`fractions.Fraction` (an integer count has denominator 1)."""
        return Fraction(int(self.value.p), int(self.value.q))

    # -- the number it holds --------------------------------------------------

    @property
    def numerator(self) -> int:
        """The numerator in lowest terms (as for any rational number)."""
        return int(self.value.p)

    @property
    def denominator(self) -> int:
        """The denominator in lowest terms (1 for a count)."""
        return int(self.value.q)

    def _sympy_(self) -> sympy.Rational:
        return self.value

    def __float__(self) -> builtins.float:
        return float(self.value)

    def __int__(self) -> int:
        return int(self.value)

    def __index__(self) -> int:
        if not self.value.is_Integer:
            raise TypeError(f"{self.value} is not a whole number, so it cannot be used as an index.")
        return int(self.value)

    def __bool__(self) -> bool:
        return bool(self.value != 0)

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        return bool(self.value == _unwrap(other))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: Any) -> Any:
        return self.value < _unwrap(other)

    def __le__(self, other: Any) -> Any:
        return self.value <= _unwrap(other)

    def __gt__(self, other: Any) -> Any:
        return self.value > _unwrap(other)

    def __ge__(self, other: Any) -> Any:
        return self.value >= _unwrap(other)

    def __add__(self, other: Any) -> Any:
        return self.value + _unwrap(other)

    def __radd__(self, other: Any) -> Any:
        return _unwrap(other) + self.value

    def __sub__(self, other: Any) -> Any:
        return self.value - _unwrap(other)

    def __rsub__(self, other: Any) -> Any:
        return _unwrap(other) - self.value

    def __mul__(self, other: Any) -> Any:
        return self.value * _unwrap(other)

    def __rmul__(self, other: Any) -> Any:
        return _unwrap(other) * self.value

    def __truediv__(self, other: Any) -> Any:
        return self.value / _unwrap(other)

    def __rtruediv__(self, other: Any) -> Any:
        return _unwrap(other) / self.value

    def __floordiv__(self, other: Any) -> Any:
        return self.value // _unwrap(other)

    def __rfloordiv__(self, other: Any) -> Any:
        return _unwrap(other) // self.value

    def __mod__(self, other: Any) -> Any:
        return self.value % _unwrap(other)

    def __rmod__(self, other: Any) -> Any:
        return _unwrap(other) % self.value

    def __pow__(self, other: Any) -> Any:
        return self.value ** _unwrap(other)

    def __rpow__(self, other: Any) -> Any:
        return _unwrap(other) ** self.value

    def __neg__(self) -> Any:
        return -self.value

    def __pos__(self) -> Any:
        return self.value

    def __abs__(self) -> Any:
        return abs(self.value)

    def __round__(self, ndigits: int | None = None) -> Any:
        return round(self.fraction) if ndigits is None else round(self.fraction, ndigits)

    def __trunc__(self) -> int:
        return math.trunc(self.fraction)

    def __floor__(self) -> int:
        return math.floor(self.fraction)

    def __ceil__(self) -> int:
        return math.ceil(self.fraction)

    def __format__(self, spec: str) -> str:
        """``f"{answer}"`` is the sentence; with a format spec, the number: ``f"{answer:,}"``, ``f"{answer:.4f}"``."""
        if not spec:
            return str(self)
        return format(int(self.value), spec) if self.value.is_Integer else format(float(self.value), spec)

    @property
    def text(self) -> str:
        """The formula in plain text."""
        return as_text(self.formula)

    @property
    def latex(self) -> str:
        """The formula in LaTeX."""
        return as_latex(self.formula)

    @property
    def approx(self) -> str:
        """The value rounded for reading: ``0.0128`` or ``5.3645e+28``."""
        return _short_number(self.value)

    def __str__(self) -> str:
        formula = self.text
        value = str(self.value)
        if formula == value:
            return f"{self.description}: {value}"
        line = f"{self.description}: {formula} = {value}"
        if not self.value.is_Integer:
            line += f" ≈ {self.approx}"
        return line

    def __repr__(self) -> str:
        return f"Exact({self.value}, {self.text!r})"

    def _repr_latex_(self) -> str:
        formula = self.latex
        value = sympy.latex(self.value)
        if formula == value:
            return rf"$\text{{{_latex_escape(self.description)}}}: {value}$"
        digits = len(str(abs(self.value.p))) + (len(str(self.value.q)) if self.value.q != 1 else 0)
        approx = _latex_number(self.value)
        if digits > 40:
            rhs = rf"\approx {approx}"
        elif self.value.is_Integer and digits <= 6:
            rhs = f"= {value}"
        else:
            rhs = rf"= {value} \approx {approx}"
        return rf"$\text{{{_latex_escape(self.description)}}}: \quad {formula} {rhs}$"


def _latex_escape(text: str) -> str:
    for char in "\\&%$#_{}":
        text = text.replace(char, "\\" + char)
    return text


numbers.Rational.register(Exact)  # fractions.Fraction(answer), and isinstance checks for rational numbers
