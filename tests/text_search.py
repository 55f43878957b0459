"""Searching a long text (every notebook's stored outputs, a few MB) for a short number or answer.

A pattern that opens with a lookbehind, such as ``(?<![\\d.])0\\.048(?!0*[1-9])``, gets no literal-prefix
search from Python's ``re``: ``pattern.search(text)`` tries the whole pattern at every position of the text,
about 0.03 s per search on the notebooks' text, and the leak tests make hundreds of searches.
:func:`found` finds the literal with ``str.find`` first and tries the pattern only where it occurs.
"""
from __future__ import annotations

import re


def found(pattern: re.Pattern[str], literal: str, text: str) -> bool:
    """``pattern.search(text) is not None``, for a pattern whose every match starts with ``literal``
    (lookbehinds may come before it: ``pattern.match(text, at)`` still sees the text before ``at``).

    >>> number = re.compile(r"(?<![\\d.])0\\.048(?!0*[1-9])")
    >>> [found(number, "0.048", t) for t in ("p = 0.04800", "0.04856", "10.048", "x0.048e-3", "0.048")]
    [True, False, False, True, True]
    >>> found(re.compile(r"(?<!1)1\\.1"), "1.1", "11.11.1")
    False
    """
    at = text.find(literal)
    while at != -1:
        if pattern.match(text, at):
            return True
        at = text.find(literal, at + 1)
    return False
