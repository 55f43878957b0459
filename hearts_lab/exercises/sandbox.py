"""A sandbox for typed answers: numbers read from text or from sympy objects without running them.

A worksheet answer may be text a student typed (``"52!/(13!)^4"``) or a sympy
object, and a teacher's grading reads submissions nobody has vetted. Nothing
here calls ``eval`` or asks sympy to evaluate what it was given. Text is turned
into Python syntax by sympy's tokenizer (which only rewrites tokens), parsed
with :mod:`ast`, and the tree is *interpreted* here: only the node types and
names below are read, every argument included, and everything else is refused.
A sympy object is walked the same way.

Read: whole numbers, decimals, ``+ - * / **`` (and ``^``), ``n!``,
``factorial(n)``, ``binomial(n, k)`` (or ``C(n, k)``, as the package prints it), ``sqrt(x)``, ``Integer(...)``,
``Rational(p, q)`` and ``Sum(term, (k, low, high), ...)`` with ``k`` a
symbol bound by the Sum.

Every value is computed exactly (Python ``int`` and
:class:`~fractions.Fraction`), and the size of each result is bounded from
its operands *before* it is computed: no number on the way has more than
:data:`MAX_BITS` bits (about 4,200 digits, under Python's 4,300-digit limit
on writing an int as text, so every value read can be shown and hashed), a Sum has at most
:data:`MAX_TERMS` terms in all, and one answer costs at most :data:`MAX_NODES`
steps and :data:`MAX_WORK_BITS` units of work (a result's bits; beyond :data:`QUADRATIC_FROM` bits, its bits
squared over that, as a big fraction's gcd costs). So any answer is read or
refused in well under a second, in a kernel or in Pyodide (where nothing can
interrupt a computation), with a sentence saying why. A text read once is
remembered (:func:`read_text` keeps the last :data:`CACHED` outcomes), and a
teacher's grading draws all of one notebook's readings from one
:func:`budget` as well.

>>> read_text("52!/(13!)^4") == Fraction(math.factorial(52), math.factorial(13) ** 4)
True
>>> read_text("Sum(binomial(4, k), (k, 0, 4))")
16
>>> read_text("Symbol.__new__.__globals__")
Traceback (most recent call last):
...
hearts_lab.exercises.sandbox.Unreadable: This check reads numbers built from + - * / **, factorial, binomial, sqrt and Sum; it cannot read the attribute access in that text.
>>> read_text("factorial(10**8)")
Traceback (most recent call last):
...
hearts_lab.exercises.sandbox.Unreadable: That expression is far too large to evaluate (a factorial of 100,000,000): no answer on these worksheets has more than a few hundred digits, so the check does not try. Write the number you mean with smaller parts.
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator

from ..errors import HeartsLabError

__all__ = ["Unreadable", "Spent", "Number", "read_text", "read_sympy", "budget", "Budget", "MAX_BITS", "MAX_TEXT", "MAX_TERMS",
           "MAX_NODES", "MAX_DEPTH", "MAX_WORK_BITS", "QUADRATIC_FROM", "CACHED"]

#: An exact value (``int`` or ``Fraction``), or a ``float`` when approximate values are allowed.
Number = int | Fraction | float
#: A Sum's limit or term: its value once the summation variables are bound.
Bound = Callable[[dict[Any, int]], Number]

#: The most bits any number on the way to an answer may have (about 4,200 decimal digits: below Python's
#: 4,300-digit limit on int-to-text conversion, which a check's message and digest need).
MAX_BITS = 14_000
#: The longest text read (characters).
MAX_TEXT = 500
#: The most terms all the Sums of one answer may add up, nested Sums included.
MAX_TERMS = 10_000
#: The most nodes one answer's reading may visit (Sum terms count once per term).
MAX_NODES = 200_000
#: The most work one answer's reading may do in all: each result's bits, or beyond :data:`QUADRATIC_FROM` bits its
#: bits squared over :data:`QUADRATIC_FROM` (adding two 7,000-bit fractions costs a gcd, about 20 times a 1,000-bit one).
MAX_WORK_BITS = 5_000_000
#: Results larger than this many bits are charged quadratically (:data:`MAX_WORK_BITS`); an answer on these worksheets
#: has a few hundred digits at most.
QUADRATIC_FROM = 256
#: How many texts' outcomes :func:`read_text` remembers (a grading reads each answer's text more than once).
CACHED = 4096
#: The deepest nesting read.
MAX_DEPTH = 100

_TOO_LARGE = (
    "That expression is far too large to evaluate ({what}): no answer on these worksheets has more than a few "
    "hundred digits, so the check does not try. Write the number you mean with smaller parts."
)
_READS = "This check reads numbers built from + - * / **, factorial, binomial, sqrt and Sum"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,30}")
# A decimal the tokenizer hands to Rational('...'): digits, an optional point, an exponent of at most 4 digits.
_DECIMAL = re.compile(r"([0-9_]*)(?:\.([0-9_]*))?(?:[eE]([+-]?[0-9]{1,9}))?")


class Unreadable(HeartsLabError):
    """An answer the sandbox will not read: outside what it reads, or far too large. The message says which."""


class Spent(Unreadable):
    """A reading refused because the :func:`budget` it draws from (a notebook's, in a teacher's grading) is spent."""


@dataclass
class Budget:
    """What the readings inside one :func:`budget` may still spend, and how many were refused for want of it."""

    nodes: int
    work: int
    refused: int = 0

    def spend(self, nodes: int, work: int) -> None:
        self.nodes -= nodes
        self.work -= work
        if self.nodes < 0 or self.work < 0:
            self.refused += 1
            raise Spent("The reading budget of this notebook is spent: its answers asked for more work than any honest "
                        "notebook needs, so this one is not read.")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("hearts_lab_sandbox_budget", default=None)


@contextlib.contextmanager
def budget(nodes: int = 2 * MAX_NODES, work: int = 2 * MAX_WORK_BITS) -> Iterator[Budget]:
    """Every reading inside draws from one shared budget as well as its own (a teacher's grading: one per notebook).

    >>> with budget(nodes=5) as spent:
    ...     read_text("1 + 2 + 3 + 4 + 5 + 6")
    Traceback (most recent call last):
    ...
    hearts_lab.exercises.sandbox.Spent: The reading budget of this notebook is spent: its answers asked for more work than any honest notebook needs, so this one is not read.
    >>> spent.refused, read_text("1 + 2 + 3 + 4 + 5 + 6")  # outside the budget the same text reads
    (1, 21)
    """
    shared = Budget(nodes, work)
    token = _BUDGET.set(shared)
    try:
        yield shared
    finally:
        _BUDGET.reset(token)


def _cost(bits: int) -> int:
    """The work charged for a result of ``bits`` bits (:data:`MAX_WORK_BITS`)."""
    return bits if bits <= QUADRATIC_FROM else bits * bits // QUADRATIC_FROM


def _too_large(what: str) -> Unreadable:
    return Unreadable(_TOO_LARGE.format(what=what))


def _bits(value: Number) -> int:
    """Size of a value in bits (numerator plus denominator for a fraction)."""
    if isinstance(value, int):
        return value.bit_length()
    if isinstance(value, Fraction):
        return value.numerator.bit_length() + value.denominator.bit_length()
    return 64


def _den_bits(value: Number) -> int:
    return value.denominator.bit_length() - 1 if isinstance(value, Fraction) else 0


def _normal(value: Number) -> Number:
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _float(value: Number) -> float:
    try:
        return float(value)
    except OverflowError:
        raise _too_large("a number beyond a float") from None


def _shown(value: int) -> str:
    return f"{value:,}" if value.bit_length() < 200 else f"a number of about {value.bit_length() * 0.30103:,.0f} digits"


class _Reader:
    """One answer's reading: the budgets it has left, and the rules for each operation."""

    def __init__(self, allow_float: bool) -> None:
        self.allow_float = allow_float
        self.nodes = MAX_NODES
        self.terms = MAX_TERMS
        self.work = MAX_WORK_BITS
        self.shared = _BUDGET.get()

    # -- budgets --------------------------------------------------------------

    def step(self, depth: int) -> None:
        if self.shared is not None:
            self.shared.spend(1, 0)
        self.nodes -= 1
        if self.nodes < 0:
            raise _too_large(f"more than {MAX_NODES:,} steps")
        if depth > MAX_DEPTH:
            raise Unreadable(f"That expression is nested more than {MAX_DEPTH} levels deep; write it more simply.")

    def made(self, value: Number) -> Number:
        value = _normal(value)
        # The bounds taken before an operation may under-estimate (a power's by up to half): check the result too.
        self.fits(_bits(value), f"a number of about {_bits(value) * 0.30103:,.0f} digits")
        cost = _cost(_bits(value))
        if self.shared is not None:
            self.shared.spend(0, cost)
        self.work -= cost
        if self.work < 0:
            raise _too_large(f"more than {MAX_WORK_BITS:,} units of work")
        return value

    def fits(self, bits: int, what: str) -> None:
        if bits > MAX_BITS:
            raise _too_large(what)

    # -- values ---------------------------------------------------------------

    def exact(self, value: Number, role: str) -> int | Fraction:
        if isinstance(value, float):
            raise Unreadable(f"{role} must be exact, not the decimal {value!r}.")
        return value

    def whole(self, value: Number, role: str) -> int:
        value = _normal(value)
        if not isinstance(value, int):
            raise Unreadable(f"{role} must be a whole number, not {value}.")
        return value

    def literal(self, value: int | Fraction) -> Number:
        self.fits(_bits(value), f"a number of about {_bits(value) * 0.30103:,.0f} digits")
        return self.made(value)

    def decimal(self, text: str) -> Number:
        """A decimal such as ``"0.25"`` or ``"1e-3"`` (what the tokenizer turns a written decimal into)."""
        match = _DECIMAL.fullmatch(text.strip())
        if match is None or not (match.group(1) or match.group(2)):
            raise Unreadable(f"{text!r} is not a decimal number.")
        whole, part, exponent = match.group(1) or "0", match.group(2) or "", int(match.group(3) or 0)
        if abs(exponent) > 4 * MAX_TEXT:
            raise _too_large(f"a decimal exponent of {exponent:,}")
        value = Fraction(int((whole + part).replace("_", "") or "0")) * Fraction(10) ** (exponent - len(part.replace("_", "")))
        return self.literal(value)

    # -- operations -----------------------------------------------------------

    def add(self, a: Number, b: Number, sign: int = 1) -> Number:
        if isinstance(a, float) or isinstance(b, float):
            return self.made(_float(a) + sign * _float(b))
        na, nb = _bits(a) - _den_bits(a), _bits(b) - _den_bits(b)
        self.fits(max(na + _den_bits(b), nb + _den_bits(a)) + 1 + _den_bits(a) + _den_bits(b), "a sum of huge numbers")
        return self.made(a + b if sign > 0 else a - b)

    def mul(self, a: Number, b: Number) -> Number:
        if isinstance(a, float) or isinstance(b, float):
            return self.made(_float(a) * _float(b))
        self.fits(_bits(a) + _bits(b), "a product of huge numbers")
        return self.made(a * b)

    def div(self, a: Number, b: Number) -> Number:
        if b == 0:
            raise Unreadable("That expression divides by zero.")
        if isinstance(a, float) or isinstance(b, float):
            return self.made(_float(a) / _float(b))
        self.fits(_bits(a) + _bits(b), "a quotient of huge numbers")
        return self.made(Fraction(a) / Fraction(b))

    def power(self, base: Number, exponent: Number) -> Number:
        exponent = _normal(exponent)
        if isinstance(exponent, Fraction) and exponent.denominator == 2:
            root = self.sqrt(base)
            return self.power(root, exponent.numerator)
        if isinstance(base, float) or isinstance(exponent, float):
            if not self.allow_float:
                raise Unreadable("That expression needs a decimal power; give the exact number.")
            try:
                result = _float(base) ** _float(exponent)
            except (OverflowError, ZeroDivisionError):
                raise _too_large("a power beyond a float") from None
            if isinstance(result, complex):
                raise Unreadable("That expression takes a fractional power of a negative number.")
            return self.made(result)
        if not isinstance(exponent, int):
            raise Unreadable(f"A power must be a whole number (or a half, for a square root), not {exponent}.")
        if base == 0 and exponent < 0:
            raise Unreadable("That expression divides by zero (0 to a negative power).")
        if base == 0:
            return 1 if exponent == 0 else 0
        if base == 1:
            return 1
        if base == -1:
            return self.made(-1 if exponent % 2 else 1)
        self.fits(max(_bits(base) - 1, 1) * abs(exponent), f"a power with the exponent {_shown(exponent)}")
        if isinstance(base, int) and exponent >= 0:
            return self.made(base**exponent)
        return self.made(Fraction(base) ** exponent)

    def sqrt(self, value: Number) -> Number:
        if isinstance(value, float):
            if not self.allow_float:
                raise Unreadable("That expression takes the square root of a decimal; give the exact number.")
            if value < 0:
                raise Unreadable("That expression takes the square root of a negative number.")
            return self.made(math.sqrt(value))
        if value < 0:
            raise Unreadable("That expression takes the square root of a negative number.")
        value = Fraction(value)
        top, bottom = math.isqrt(value.numerator), math.isqrt(value.denominator)
        if top * top == value.numerator and bottom * bottom == value.denominator:
            return self.made(Fraction(top, bottom))
        if self.allow_float:
            return self.made(math.sqrt(_float(value)))
        raise Unreadable(f"sqrt({value}) is not a whole number or a fraction; these answers are exact counts or probabilities.")

    def factorial(self, value: Number) -> Number:
        n = self.whole(self.exact(value, "A factorial's argument"), "A factorial's argument")
        if n < 0:
            raise Unreadable(f"A factorial needs a whole number 0 or more, not {n}.")
        if n > 100_000 or math.lgamma(n + 1) / math.log(2) > MAX_BITS:
            raise _too_large(f"a factorial of {_shown(n)}")
        return self.made(math.factorial(n))

    def binomial(self, top: Number, bottom: Number) -> Number:
        n = self.whole(self.exact(top, "binomial(n, k)'s n"), "binomial(n, k)'s n")
        k = self.whole(self.exact(bottom, "binomial(n, k)'s k"), "binomial(n, k)'s k")
        if n < 0:
            raise Unreadable(f"binomial(n, k) needs n to be 0 or more, not {n}.")
        if k < 0 or k > n:
            return 0
        smaller = min(k, n - k)
        # C(n, k) < 2**n and C(n, k) <= n**k: a bound on its size before computing it.
        self.fits(min(n, smaller * n.bit_length()), f"a binomial of {_shown(n)}")
        return self.made(math.comb(n, k))

    def sum(self, term: Bound, limits: list[tuple[Any, Bound, Bound]], env: dict[Any, int]) -> Number:
        """A Sum over ``limits`` (innermost first, as sympy writes them), each term read with its variables bound."""
        if not limits:
            return term(env)
        *inner, (var, low, high) = limits
        lo = self.whole(self.exact(low(env), "A Sum's lower limit"), "A Sum's lower limit")
        hi = self.whole(self.exact(high(env), "A Sum's upper limit"), "A Sum's upper limit")
        if hi < lo - 1:
            raise Unreadable("A Sum's upper limit is below its lower limit; write the limits in increasing order.")
        count = hi - lo + 1
        self.terms -= count
        if self.terms < 0:
            raise _too_large(f"a Sum of more than {MAX_TERMS:,} terms")
        total: Number = 0
        for value in range(lo, hi + 1):
            total = self.add(total, self.sum(term, inner, {**env, var: value}))
        return total


# -- text ----------------------------------------------------------------------------------------


def _never_called(*args: Any) -> None:
    raise AssertionError("the sandbox interprets the syntax tree; nothing is called")


def _parse(text: str) -> ast.Expression:
    from sympy.parsing.sympy_parser import convert_xor, rationalize, standard_transformations, stringify_expr

    # The tokenizer leaves a name as a call only when its dictionary maps it to something callable.
    names: dict[str, Any] = {name: _never_called for name in _TEXT_CALLS}
    try:
        # stringify_expr only rewrites tokens ("52!" -> "factorial(Integer(52))", "x" -> "Symbol('x')"): nothing runs.
        code: str = stringify_expr(text.strip(), {}, {"__builtins__": {}, **names}, standard_transformations + (convert_xor, rationalize))
        return ast.parse(code.strip(), mode="eval")
    except Exception:  # the tokenizer or the parser (SyntaxError, MemoryError on deep nesting, ...)
        raise Unreadable(f"sympy cannot read {text!r} as a number.") from None


# "C" is binomial as the package prints its formulas (Exact.text: "C(39, 13)/C(52, 13)"), so a pasted formula reads.
_TEXT_CALLS = {"Integer", "Rational", "Symbol", "factorial", "binomial", "C", "sqrt", "Sum"}
_NODE_NAMES = {
    ast.Attribute: "the attribute access", ast.Subscript: "the indexing", ast.Lambda: "the lambda",
    ast.List: "the list", ast.Dict: "the dict", ast.Set: "the set", ast.Compare: "the comparison",
    ast.BoolOp: "the and/or", ast.IfExp: "the if/else", ast.Starred: "the *", ast.NamedExpr: "the :=",
}


def _symbol_name(node: ast.AST) -> str | None:
    """The name in ``Symbol('k')`` (what the tokenizer makes of a bare name), or None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Symbol" and not node.keywords
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
            and _NAME.fullmatch(node.args[0].value)):
        return node.args[0].value
    return None


def _text_node(reader: _Reader, node: ast.AST, env: dict[Any, int], depth: int = 0) -> Number:
    reader.step(depth)
    depth += 1

    def read(part: ast.AST, inner: dict[Any, int] | None = None) -> Number:
        return _text_node(reader, part, env if inner is None else inner, depth)

    if isinstance(node, ast.Constant):
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            return reader.literal(node.value)
        raise Unreadable(f"{_READS}; it cannot read {node.value!r} there.")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = read(node.operand)
        return reader.made(-value if isinstance(node.op, ast.USub) else value)
    if isinstance(node, ast.BinOp):
        op = type(node.op)
        if op is ast.Add:
            return reader.add(read(node.left), read(node.right))
        if op is ast.Sub:
            return reader.add(read(node.left), read(node.right), -1)
        if op is ast.Mult:
            return reader.mul(read(node.left), read(node.right))
        if op is ast.Div:
            return reader.div(read(node.left), read(node.right))
        if op is ast.Pow:
            return reader.power(read(node.left), read(node.right))
        raise Unreadable(f"{_READS}; it cannot read the operator {type(node.op).__name__} in that text.")
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _TEXT_CALLS:
            what = f"{node.func.id}(...)" if isinstance(node.func, ast.Name) else "that call"
            raise Unreadable(f"{_READS}; it cannot read {what}.")
        name, args = node.func.id, node.args
        if node.keywords or any(isinstance(a, ast.Starred) for a in args):
            raise Unreadable(f"{_READS}; give {name}(...) its arguments in order, without names or *.")
        if name == "Symbol":
            symbol = _symbol_name(node)
            if symbol is None:
                raise Unreadable(f"{_READS}; a name must be a plain word.")
            if symbol not in env:
                raise Unreadable(f"That text still contains unknowns ({symbol}); give a number.")
            return env[symbol]
        if name == "Integer" and len(args) == 1:
            if isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                if not re.fullmatch(r"[+-]?[0-9]{1,500}", args[0].value.strip()):
                    raise Unreadable(f"Integer({args[0].value!r}) is not a whole number.")
                return reader.literal(int(args[0].value))
            return reader.whole(reader.exact(read(args[0]), "Integer(...)"), "Integer(...)")
        if name == "Rational" and len(args) in (1, 2):
            if len(args) == 1 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                return reader.decimal(args[0].value)
            values = [reader.exact(read(a), "Rational(...)") for a in args]
            return values[0] if len(values) == 1 else reader.div(values[0], values[1])
        if name == "factorial" and len(args) == 1:
            return reader.factorial(read(args[0]))
        if name in ("binomial", "C") and len(args) == 2:
            return reader.binomial(read(args[0]), read(args[1]))
        if name == "sqrt" and len(args) == 1:
            return reader.sqrt(read(args[0]))
        if name == "Sum" and len(args) >= 2:
            limits: list[tuple[Any, Bound, Bound]] = []
            for limit in args[1:]:
                var = _symbol_name(limit.elts[0]) if isinstance(limit, ast.Tuple) and len(limit.elts) == 3 else None
                if var is None or not isinstance(limit, ast.Tuple):
                    raise Unreadable("A Sum needs its limits, e.g. Sum(binomial(39, d), (d, 0, 6)).")
                low, high = limit.elts[1], limit.elts[2]
                limits.append((var, functools.partial(read, low), functools.partial(read, high)))
            return reader.sum(lambda e: read(args[0], e), limits, env)
        raise Unreadable(f"{_READS}; it cannot read {name}(...) with these arguments.")
    what = _NODE_NAMES.get(type(node), "the rest")
    raise Unreadable(f"{_READS}; it cannot read {what} in that text.")


def read_text(text: str, *, allow_float: bool = False) -> Number:
    """The number ``text`` writes (``"binomial(52, 13)/4"``, ``"52!/(13!)^4"``, ``"0.25"``), read in the sandbox.

    An exact value (``int`` or ``Fraction``); with ``allow_float`` a ``float``
    may come out of a root that is not exact. Raises :class:`Unreadable`.

    >>> read_text("binomial(4, 2) / 4"), read_text("0.25"), read_text("2^10")
    (Fraction(3, 2), Fraction(1, 4), 1024)
    """
    if not isinstance(text, str):
        raise Unreadable(f"read_text reads text, not {type(text).__name__}.")
    if len(text) > MAX_TEXT:
        raise Unreadable(f"That text is {len(text):,} characters long; write the number in at most {MAX_TEXT}.")
    read, outcome = _read_once(text, allow_float)
    if not read:
        raise Unreadable(outcome)
    return outcome  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=CACHED)
def _read_once(text: str, allow_float: bool) -> tuple[bool, Any]:
    """``(True, value)`` or ``(False, why)``: a text's reading, remembered (the same text is read once; values are
    immutable). A reading refused for a spent :func:`budget` raises :class:`Spent` and is not remembered."""
    try:
        return True, _text_node(_Reader(allow_float), _parse(text).body, {})
    except Spent:
        raise
    except Unreadable as error:
        return False, str(error)


# -- sympy objects -------------------------------------------------------------------------------


def read_sympy(expr: Any, *, allow_float: bool = False) -> Number:
    """The value of a sympy expression, read in the sandbox (sympy is not asked to evaluate it).

    Integers, rationals, ``Add``, ``Mul``, ``Pow``, ``factorial``, ``binomial``
    and ``Sum`` are read; with ``allow_float`` also sympy decimals and constants
    such as ``pi``. Raises :class:`Unreadable`.

    >>> import sympy
    >>> read_sympy(sympy.binomial(104, 11, evaluate=False) / 9) == Fraction(math.comb(104, 11), 9)
    True
    """
    return _sympy_node(_Reader(allow_float), expr, {})


def _sympy_node(reader: _Reader, node: Any, env: dict[Any, int], depth: int = 0) -> Number:
    import sympy

    reader.step(depth)
    depth += 1

    def read(part: Any, inner: dict[Any, int] | None = None) -> Number:
        return _sympy_node(reader, part, env if inner is None else inner, depth)

    if isinstance(node, sympy.Integer):
        return reader.literal(int(node.p))
    if isinstance(node, sympy.Rational):
        return reader.literal(Fraction(int(node.p), int(node.q)))
    if isinstance(node, (sympy.Float, sympy.NumberSymbol)):
        if not reader.allow_float:
            raise Unreadable("This question wants an exact answer; your expression contains a decimal. Use sympy.Rational or integers.")
        value = float(node)
        if not math.isfinite(value):
            raise Unreadable(f"{value} is not a finite number.")
        return reader.made(value)
    if isinstance(node, sympy.Symbol):
        if node not in env:
            raise Unreadable(f"That expression still contains unknowns ({node.name}); give a number.")
        return env[node]
    if isinstance(node, sympy.Add):
        total: Number = 0
        for part in node.args:
            total = reader.add(total, read(part))
        return total
    if isinstance(node, sympy.Mul):
        product: Number = 1
        for part in node.args:
            product = reader.mul(product, read(part))
        return product
    if isinstance(node, sympy.Pow):
        base, exponent = node.args
        return reader.power(read(base), read(exponent))
    if isinstance(node, sympy.factorial) and len(node.args) == 1:
        return reader.factorial(read(node.args[0]))
    if isinstance(node, sympy.binomial) and len(node.args) == 2:
        return reader.binomial(read(node.args[0]), read(node.args[1]))
    if isinstance(node, sympy.Sum):
        term, *limits = node.args
        parsed: list[tuple[Any, Bound, Bound]] = []
        for limit in limits:
            if len(limit) != 3 or not isinstance(limit[0], sympy.Symbol):
                raise Unreadable("A Sum needs its limits, e.g. Sum(binomial(39, d), (d, 0, 6)).")
            var, low, high = limit
            parsed.append((var, functools.partial(read, low), functools.partial(read, high)))
        return reader.sum(lambda e: read(term, e), parsed, env)
    if isinstance(node, sympy.Number):  # oo, -oo, zoo, nan
        raise Unreadable(f"{node} is not a finite number.")
    raise Unreadable(
        f"{_READS}; it cannot read {type(node).__name__}(...). Give its value instead (for an unevaluated sympy object: .doit())."
    )
