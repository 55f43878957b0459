"""One check per kind of argument: a seat, a count, a budget, an option, scores, text.

Every public call that takes one of these checks it here, so the same value is
accepted or refused the same way everywhere, with an :class:`ArgumentError`
(a ``ValueError`` of the package) naming the argument. Integers of any type
with ``__index__`` (a numpy ``int64``, say) are whole numbers; ``bool`` and
``float`` never are, even ``True`` or ``1.0``.

>>> check_seat(2, 4), check_count(3, "deals", high=10), check_budget(0.5, "time_limit")
(2, 3, 0.5)
>>> check_seat(True, 4)
Traceback (most recent call last):
...
hearts_lab.arguments.ArgumentError: seat: expected a seat from 0 to 3, not True.
>>> check_budget(float("nan"), "max_nodes", whole=True)
Traceback (most recent call last):
...
hearts_lab.arguments.ArgumentError: max_nodes: expected a whole number of at least 1, not nan.
"""

from __future__ import annotations

import math
import numbers
import operator
from itertools import islice
from typing import Any, Iterable, Sequence, TypeVar

from .errors import RulesError

__all__ = [
    "ArgumentError", "ArgumentTypeError", "check_type", "shown", "whole_number", "seat_index", "check_seat", "check_count", "check_budget",
    "check_option", "check_scores", "check_text",
]

_T = TypeVar("_T")
_Name = TypeVar("_Name", bound=str)

#: The largest score a seat may carry into a hand or a search (far beyond any real game).
MAX_SCORE = 10**15


class ArgumentError(RulesError):
    """A bad argument to a public call; ``field`` names the argument. A :class:`~hearts_lab.errors.RulesError`."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong kind (a number where a hand is needed): an :class:`ArgumentError` and a ``TypeError``."""


def check_type(value: object, kind: type[_T], name: str, what: str) -> _T:
    """``value`` if it is a ``kind``; :class:`ArgumentTypeError` naming ``name`` otherwise.

    >>> check_type(5, str, "hand", "a Hand")
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentTypeError: hand: expected a Hand, not int.
    """
    if not isinstance(value, kind):
        raise ArgumentTypeError(f"{name}: expected {what}, not {type(value).__name__}.", name)
    return value


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message: short, and safe for huge numbers and broken objects.

    >>> shown(10**5000), shown("x" * 100)[-6:]
    ('an int of about 5,000 digits', 'xxx...')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an int of about {value.bit_length() * 0.30103:,.0f} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails: name the type instead
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number (an int, or any integer type with ``__index__``), else None.

    >>> whole_number(3), whole_number(True), whole_number(3.0), whole_number("3")
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, float, str, bytes)) or not (isinstance(value, numbers.Integral) or hasattr(type(value), "__index__")):
        return None
    if getattr(value, "dtype", None) is not None and getattr(value, "shape", ()) != ():
        return None  # a numpy array has __index__ only when it holds one number; refuse arrays alike
    try:
        index = operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None
    return index if type(index) is int else None


def seat_index(value: object, players: int) -> int | None:
    """``value`` as a seat number ``0 .. players-1``, or None if it is not one."""
    seat = whole_number(value)
    return seat if seat is not None and 0 <= seat < players else None


def check_seat(value: object, players: int, name: str = "seat", *, allow_none: bool = False) -> int | None:
    """A seat number ``0 .. players-1`` (None too if ``allow_none``); :class:`ArgumentError` naming ``name`` otherwise."""
    if value is None and allow_none:
        return None
    seat = seat_index(value, players)
    if seat is None:
        extra = " (or None)" if allow_none else ""
        raise ArgumentError(f"{name}: expected a seat from 0 to {players - 1}{extra}, not {shown(value)}.", name)
    return seat


def check_count(value: object, name: str, *, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (inclusive).

    >>> check_count(10**6, "deals", low=1, high=1000)
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: deals: expected a whole number from 1 to 1,000, not 1000000.
    >>> check_count("1_000", "hands", low=1)
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: hands: expected a whole number of at least 1, not the text '1_000'; write the number without quotes.
    """
    number = whole_number(value)
    if number is None or number < low or (high is not None and number > high):
        span = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
        if isinstance(value, str) and _written_whole(value):
            # "1_000" or " 50 " in quotes: a number written as text, which no count takes.
            raise ArgumentError(f"{name}: expected a whole number {span}, not the text {shown(value)}; write the number without quotes.", name)
        raise ArgumentError(f"{name}: expected a whole number {span}, not {shown(value)}.", name)
    return number


def _written_whole(text: str) -> bool:
    """Whether ``text`` is a whole number as Python writes one (``1000``, ``1_000``, ``-5``)."""
    if len(text) > 100:
        return False
    try:
        int(text.strip())
    except ValueError:
        return False
    return True


def check_budget(value: object, name: str, *, whole: bool = False, zero: bool = False, high: float | None = None) -> Any:
    """A finite, positive budget: a node count (``whole``) or a time in seconds (0 too if ``zero``: give up at once).

    >>> check_budget("x", "time_limit")
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: time_limit: expected a positive, finite number of seconds, not 'x'.
    """
    if whole:
        return check_count(value, name, low=0 if zero else 1, high=None if high is None else int(high))
    try:
        number = float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else math.nan
    except (OverflowError, ValueError, TypeError):  # an int beyond a float, or a Real that will not convert
        number = math.nan
    if not math.isfinite(number) or number < 0 or (number == 0 and not zero) or (high is not None and number > high):
        least = "non-negative" if zero else "positive"
        most = f" of at most {high:,}" if high is not None else ""
        raise ArgumentError(f"{name}: expected a {least}, finite number of seconds{most}, not {shown(value)}.", name)
    return number


def check_option(value: object, choices: Sequence[_T], name: str) -> _T:
    """One of ``choices`` (compared by equality, only for values of the choices' own type).

    >>> check_option("sideways", ("old", "new"), "moon_choice")
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: moon_choice: expected one of 'old', 'new', not 'sideways'.
    """
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    raise ArgumentError(f"{name}: expected one of {', '.join(map(repr, choices))}, not {shown(value)}.", name)


def check_scores(value: object, players: int, name: str = "scores") -> tuple[int, ...]:
    """``players`` whole numbers (each seat's score), each of at most 15 digits."""
    wanted = f"{name}: expected {players} whole numbers, one per seat"
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{wanted}, not {shown(value)}.", name)
    try:
        values = list(islice(value, players + 1))
    except Exception:
        raise ArgumentError(f"{wanted}; could not read {shown(value)}.", name) from None
    numbers_ = [whole_number(v) for v in values]
    if len(values) != players or any(n is None or abs(n) > MAX_SCORE for n in numbers_):
        raise ArgumentError(f"{wanted}, not {shown(value)}.", name)
    return tuple(n for n in numbers_ if n is not None)


def check_text(value: object, name: str, *, max_length: int) -> str:
    """Text of at most ``max_length`` characters that is valid Unicode (no lone surrogates)."""
    if not isinstance(value, str):
        raise ArgumentError(f"{name}: expected text, not {shown(value)}.", name)
    if len(value) > max_length:
        raise ArgumentError(f"{name}: text of at most {max_length:,} characters, not {len(value):,}.", name)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ArgumentError(f"{name}: text that is not valid Unicode (a lone surrogate).", name) from None
    return value


def check_flag(value: object, name: str) -> bool:
    """``True`` or ``False`` (a numpy bool too), nothing else.

    >>> check_flag(1, "some_seat")
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: some_seat: expected True or False, not 1.
    """
    if value is True or value is False:
        return value
    if type(value).__name__ == "bool_" and getattr(value, "shape", None) == ():
        return bool(value)
    raise ArgumentError(f"{name}: expected True or False, not {shown(value)}.", name)


def check_names(value: object, choices: Sequence[_Name], name: str, *, most: int = 100) -> tuple[_Name, ...]:
    """A list (or one) of the names in ``choices``, e.g. preset names; at most ``most`` of them."""
    items = (value,) if isinstance(value, str) else value
    if isinstance(items, (bytes, dict)) or not isinstance(items, Iterable):
        raise ArgumentError(f"{name}: expected names from {', '.join(map(repr, choices))}, not {shown(value)}.", name)
    try:
        listed = list(islice(items, most + 1))
    except Exception:
        raise ArgumentError(f"{name}: could not read the names in {shown(value)}.", name) from None
    if len(listed) > most:
        raise ArgumentError(f"{name}: at most {most} names.", name)
    return tuple(check_option(item, choices, name) for item in listed)
