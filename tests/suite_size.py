"""How many examples a property test draws: every one in ``make test``, a quarter in ``make check``.

The Makefile's ``check`` target sets ``HEARTS_LAB_SUITE=check`` (tests/test_suite.py checks it); a plain
``pytest`` run, ``make test`` and CI draw the full count. Use it where a test sets its size::

    @settings(max_examples=examples(40), deadline=None)

>>> examples(40) in (10, 40)
True
"""
from __future__ import annotations

import os

#: True under ``make check`` (the edit-test loop).
QUICK = os.environ.get("HEARTS_LAB_SUITE") == "check"


def examples(full: int) -> int:
    """``full`` in a full run; under ``make check`` a quarter of it, at least 5."""
    return max(5, full // 4) if QUICK else full
