"""Counts in words: one helper for "1 card" / "2 cards", used by every text the package writes.

Generated sentences put numbers in front of nouns ("a kitty of 1 card", "exactly 2 point
cards"); writing the plural by hand at each place is how "exactly 1 point cards" happened.

>>> counted(1, "card"), counted(3, "point card"), counted(0, "trick"), counted(1_000, "hand")
('1 card', '3 point cards', '0 tricks', '1,000 hands')
>>> counted(2, "copy", "copies"), noun(1, "seat"), noun(2, "seat")
('2 copies', 'seat', 'seats')
"""

from __future__ import annotations

__all__ = ["noun", "counted"]


def noun(count: int, singular: str, plural: str | None = None) -> str:
    """``singular`` for a count of exactly 1, else ``plural`` (default: ``singular + "s"``).

    >>> noun(1, "point"), noun(13, "point"), noun(-1, "point")
    ('point', 'points', 'points')
    """
    return singular if count == 1 else (plural if plural is not None else singular + "s")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` (with thousands separators) and its noun in the right number.

    >>> counted(1, "point card"), counted(2, "point card")
    ('1 point card', '2 point cards')
    """
    return f"{count:,} {noun(count, singular, plural)}"
